-- Claim history: when an item was claimed, released (by its claimer, an admin, or the claim
-- expiry) and completed, for the people entitled to it. The claimer of a moment learns when
-- their own claim began and ended (the app's releasedAt) even after the item moved on; the
-- declarer, the owner of the item's listing and admins see every claim. Nobody else learns
-- who held an item or since when: to them the item has no history (NOT_FOUND, the answer an
-- absent item gets). Read from the audit log of tasks and activities (every change of
-- claimed_by and completed is an entry), one index range of the item's own entries.
create or replace function public.get_claim_history(p_item_type text, p_item_id uuid)
  returns table (action text, claimed_by uuid, claimed_by_name text, by_user uuid, at timestamptz)
  language plpgsql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('get_claim_history');
  v_table text;
  v_row jsonb;
  v_everything boolean;
begin
  if p_item_type is null or p_item_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_item_type and p_item_id are required';
  end if;
  v_table := (select m.table_name from private.table_manifest m where m.claimed_as = p_item_type);
  if v_table is null then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ITEM_TYPE: %s is not task or activity', p_item_type);
  end if;
  execute pg_catalog.format('select pg_catalog.to_jsonb(t) from public.%I t where t.id = $1', v_table) into v_row using p_item_id;
  v_everything := v_row is not null
    and ((v_row ->> 'declared_by')::uuid = v_uid or private.is_admin()
         or (v_row ->> 'listing_id')::uuid = any (private.caller_keys('listing')));

  return query
    with changes as (
      select g.changed_at, g.changed_by, g.action as op,
             (g.old_row ->> 'claimed_by')::uuid as old_claimer, (g.new_row ->> 'claimed_by')::uuid as new_claimer,
             coalesce((g.old_row ->> 'completed')::boolean, false) as was_completed,
             coalesce((g.new_row ->> 'completed')::boolean, false) as is_completed,
             (g.old_row ->> 'claim_expires_at')::timestamptz as old_expiry
        from audit.log g
       where g.table_name = v_table and g.record_pk = p_item_id and g.action in ('INSERT', 'UPDATE', 'RESTORE')
    ), events as (
      -- A claim ends before the next begins (a hand-over is a release and a claim).
      select c.changed_at, 1 as step, case when c.new_claimer is null and c.changed_by is null
                                            and c.old_expiry <= c.changed_at then 'expired' else 'released' end as action,
             c.old_claimer as claimer, c.changed_by
        from changes c where c.old_claimer is not null and c.old_claimer is distinct from c.new_claimer
      union all
      select c.changed_at, 2, 'claimed', c.new_claimer, c.changed_by
        from changes c where c.new_claimer is not null and c.old_claimer is distinct from c.new_claimer
      union all
      select c.changed_at, 3, case when c.is_completed then 'completed' else 'reopened' end, c.new_claimer, c.changed_by
        from changes c where c.is_completed is distinct from c.was_completed and (c.op <> 'INSERT' or c.is_completed)
    )
    select e.action, e.claimer, u.name, e.changed_by, e.changed_at
      from events e
      left join public.users u on u.id = e.claimer
     where v_everything or e.claimer = v_uid
     order by e.changed_at, e.step;
  if not found and not v_everything
     and not exists (select from audit.log g
                      where g.table_name = v_table and g.record_pk = p_item_id
                        and (g.old_row ->> 'claimed_by' = v_uid::text or g.new_row ->> 'claimed_by' = v_uid::text)) then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no %s %s with a claim history for the caller', p_item_type, p_item_id);
  end if;
end
$$;
comment on function public.get_claim_history(text, uuid) is
  'When the task or activity (p_item_type ''task'' | ''activity'') was claimed, released, expired (released by the claim expiry), completed and reopened, oldest first: (action, claimed_by: the claimer concerned, claimed_by_name, by_user: who did it, NULL for the system, at). The declarer, the owner of its listing and admins read every entry; a user who held a claim on it reads the entries of their own claims (when it began, when it ended), even once the item has moved on. Anyone else: NOT_FOUND, as for an absent item. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_FOUND (P0002). SECURITY DEFINER: it reads the audit log, which only declarers and admins read.';
revoke all on function public.get_claim_history(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_claim_history(text, uuid) to authenticated;

-- The claim expiry (private.claim_settings): the interval a claim holds, NULL for none.
create or replace function private.claim_expiry() returns interval
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select s.expire_after from private.claim_settings s
$$;
comment on function private.claim_expiry() is
  'private.claim_settings.expire_after: how long a claim holds before the worker releases it; NULL when claims do not expire. The settings are the operator''s: the claim''s trigger function (private.derive_work_item_state, SECURITY DEFINER) asks it as their owner; no API role runs it.';
revoke all on function private.claim_expiry() from public, anon, authenticated, service_role;

-- The worker's maintenance: releases the claims whose time is up, at most p_limit of each
-- table a run, oldest first (the partial index of held claims with an expiry). A release
-- without a calling user whose claim_expires_at had passed is what the notification handler
-- tells the claimer and the declarer as an expiry. Rows another transaction holds are left
-- for the next run.
create or replace function private.release_expired_claims(p_limit integer default 1000) returns integer
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_tasks integer;
  v_activities integer;
begin
  update public.tasks t set claimed_by = null
   where t.id in (select x.id from public.tasks x
                   where x.claim_expires_at <= pg_catalog.now() and x.claimed_by is not null and not x.completed
                   order by x.claim_expires_at limit p_limit for update skip locked);
  get diagnostics v_tasks = row_count;
  update public.activities a set claimed_by = null
   where a.id in (select x.id from public.activities x
                   where x.claim_expires_at <= pg_catalog.now() and x.claimed_by is not null and not x.completed
                   order by x.claim_expires_at limit p_limit for update skip locked);
  get diagnostics v_activities = row_count;
  return v_tasks + v_activities;
end
$$;
comment on function private.release_expired_claims(integer) is
  'Releases the claims of tasks and activities whose claim_expires_at has passed (at most p_limit of each table, oldest first, skipping rows locked by others) and returns how many. Run by the worker''s maintenance; the notification handler tells the claimer and the declarer (a release without a calling user past claim_expires_at). SECURITY DEFINER: no user releases another''s claim.';
revoke all on function private.release_expired_claims(integer) from public, anon, authenticated, service_role;
grant execute on function private.release_expired_claims(integer) to service_role;
