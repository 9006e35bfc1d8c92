-- Claims: claim_work_item and release_work_item. Two people may go for the same open item
-- at once (offline, or on a slow network): exactly one wins, and the other learns who.
--
-- Why SECURITY DEFINER: any authenticated user may claim an open (unclaimed, not
-- completed) task or activity they did not declare, but the tasks_update / activities_update
-- policies deliberately do not let them change such a row (else they could edit any field of
-- every open item). So the functions run as the table owner and authorise explicitly:
-- claiming needs an open row (which every authenticated user sees), releasing needs the
-- claimer or an admin, and every other answer is given only about rows the caller sees.
--
-- Why it is race-free: each call makes one conditional UPDATE (`... where claimed_by is
-- null and not completed returning`). Concurrent claimers queue on the row lock; under READ
-- COMMITTED the waiters re-check the WHERE clause against the winner's committed row and
-- update nothing, so exactly one wins. The losers then read the committed row to say who
-- holds it. (Under REPEATABLE READ / SERIALIZABLE a loser gets 40001 instead; retrying
-- gives ALREADY_CLAIMED.) claimed_at is stamped by the _derive_work_item_state trigger and
-- the UPDATE is audited (tasks_log / activities_log) with the caller as changed_by.

-- Shared by claim and release: validates the arguments and the caller, and maps the item
-- type to its table (the only source of the identifier in their dynamic SQL).
create or replace function private.claimable_table(p_item_type text, p_item_id uuid) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_table text := (select m.table_name from private.table_manifest m where m.claimed_as = p_item_type);
begin
  if p_item_type is null or p_item_id is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_item_type and p_item_id are required';
  end if;
  if v_table is null then
    raise exception using errcode = '22023',
      message = format('INVALID_ITEM_TYPE: %L is not a claimable item type', p_item_type),
      hint = (select 'Use ' || string_agg(quote_literal(m.claimed_as), ' or ' order by m.ordinal) || '.'
                from private.table_manifest m where m.claimed_as is not null);
  end if;
  perform private.assert_profile(private.caller('a claim'));
  return v_table;
end
$$;
comment on function private.claimable_table(text, uuid) is
  'The table of a claimable item type (the table manifest''s claimed_as: task -> tasks, activity -> activities) after checking the arguments and that there is a calling user. Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501).';
revoke all on function private.claimable_table(text, uuid) from public, anon, authenticated, service_role;

-- Who holds an item, in the words the apps show ("Task claimed by [Name]"): the one rule
-- both ways of claiming (claim_work_item, and a claim pushed offline through sync_push)
-- answer with, and an RPC an app may call itself. Who holds an item is said to whoever sees
-- it now, and to whoever could see it open right before the current claim took it: per the
-- audit trail, the version the holder's claim changed was open (an open item is visible to
-- every user) and the caller had a profile then. That is the loser of the race, however
-- late his push arrives. An item that came to its holder any other way (created or restored
-- claimed, never open in between) is not named to someone who saw it open long before, nor
-- to a user who signed up after the claim: to them the item does not exist (NOT_FOUND, no
-- name), as for an id nobody uses. A completed item is "completed" to whoever could ever see
-- it open (it names nobody).
-- SECURITY DEFINER: the winner's claim took the item out of the loser's sight, and the
-- audit trail is readable only per snapshot. It answers only what the caller may be told.
create or replace function public.get_claim_holder(p_item_type text, p_item_id uuid) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_table text := private.claimable_table(p_item_type, p_item_id);
  v_row jsonb;
  v_claimer uuid;
begin
  execute pg_catalog.format('select pg_catalog.to_jsonb(t.*) from public.%I t where t.id = $1', v_table)
    into v_row using p_item_id;
  v_claimer := (v_row ->> 'claimed_by')::uuid;
  if v_row is null or not ((v_claimer is not null and v_claimer = auth.uid()) or (v_claimer is null and v_row ->> 'completed' = 'false')
                           or private.caller_sees(v_table, p_item_id)
                           or case when v_claimer is null
                                   -- completed: open at some version
                                   then exists (select from audit.log l
                                                 where l.table_name = v_table and l.record_pk = p_item_id
                                                   and l.new_row ->> 'claimed_by' is null
                                                   and l.new_row ->> 'completed' = 'false')
                                   -- held: the entry that made the holder its claimer changed an
                                   -- open version, when the caller had a profile
                                   else coalesce((select l.action = 'UPDATE'
                                                         and l.old_row ->> 'claimed_by' is null
                                                         and l.old_row ->> 'completed' = 'false'
                                                         and exists (select from public.users u
                                                                      where u.id = auth.uid() and u.created_at <= l.changed_at)
                                                    from audit.log l
                                                   where l.table_name = v_table and l.record_pk = p_item_id
                                                     and (l.new_row ->> 'claimed_by')::uuid = v_claimer
                                                     and (l.old_row ->> 'claimed_by')::uuid is distinct from v_claimer
                                                   order by l.changed_at desc, l.id desc
                                                   limit 1), false) end) then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no %s %s visible to the caller', p_item_type, p_item_id);
  end if;
  return pg_catalog.jsonb_build_object(
    'status', case when v_claimer is not null then 'claimed' when v_row ->> 'completed' = 'true' then 'completed' else 'open' end,
    'claimed_by', v_claimer,
    'claimed_by_name', (select u.name from public.users u where u.id = v_claimer),
    'claimed_at', v_row -> 'claimed_at');
end
$$;
comment on function public.get_claim_holder(text, uuid) is
  'Who holds a task or activity (p_item_type ''task'' | ''activity''), as far as the caller may be told: {status: open | claimed | completed, claimed_by, claimed_by_name, claimed_at} (the holder NULL unless claimed) to a caller who sees the item, holds it, or could see it open right before the current claim took it (per the audit trail, the claim changed an open version, and the caller had a profile then); a completed item to a caller who could see it open at some version; an open item to every user. Anyone else: NOT_FOUND (P0002, no name), as for an id nobody uses. Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501), NOT_FOUND (P0002). The rule claim_work_item and sync_push answer a lost claim with (private.refuse_claim). SECURITY DEFINER: the claim it reports took the item out of the caller''s sight.';
revoke all on function public.get_claim_holder(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_claim_holder(text, uuid) to authenticated, service_role;

-- Why a caller cannot claim an item, as an error: public.get_claim_holder's answer in the
-- words of claim_work_item. SECURITY INVOKER: sync_push asks it as the caller, and all it
-- learns comes through the RPC, which answers only what the caller may be told.
create or replace function private.refuse_claim(p_item_type text, p_item_id uuid) returns void
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_holder jsonb := public.get_claim_holder(p_item_type, p_item_id);
  v_name text := v_holder ->> 'claimed_by_name';
begin
  if v_holder ->> 'status' = 'open' or v_holder ->> 'claimed_by' = auth.uid()::text then
    return;  -- held by the caller, or open: nothing stops the claim
  end if;
  if v_holder ->> 'status' = 'completed' then
    raise exception using errcode = '55000',
      message = pg_catalog.format('ALREADY_COMPLETED: this %s is completed and can no longer be claimed', p_item_type);
  end if;
  raise exception using errcode = '55000',
    message = pg_catalog.format('ALREADY_CLAIMED: this %s is already claimed by %s', p_item_type,
                                coalesce(nullif(v_name, ''), v_holder ->> 'claimed_by')),
    detail = (v_holder - 'status')::text,
    hint = 'Reload the item; only its claimer or an admin can release it.';
end
$$;
comment on function private.refuse_claim(text, uuid) is
  'Raises why the caller cannot claim the task or activity, from public.get_claim_holder: ALREADY_CLAIMED (55000; detail JSON {claimed_by, claimed_by_name, claimed_at}), ALREADY_COMPLETED (55000), or its NOT_FOUND (P0002, no name); returns when the item is open or held by the caller. The one refusal of claim_work_item and sync_push (through private.claim_conflict). SECURITY INVOKER: what it may tell the caller is the RPC''s to decide.';

-- The same refusal as sync_push answers a lost claim: a conflict naming the holder.
create or replace function private.claim_conflict(p_item_type text, p_item_id uuid) returns jsonb
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_detail text;
begin
  perform private.refuse_claim(p_item_type, p_item_id);
  return null;
exception when object_not_in_prerequisite_state then
  if sqlerrm !~ '^ALREADY_CLAIMED: ' then
    return null;
  end if;
  get stacked diagnostics v_detail = pg_exception_detail;
  return pg_catalog.jsonb_build_object('code', 'ALREADY_CLAIMED', 'message', sqlerrm, 'detail', private.error_detail(v_detail));
end
$$;
comment on function private.claim_conflict(text, uuid) is
  'For sync_push: {code: "ALREADY_CLAIMED", message, detail (the object {claimed_by, claimed_by_name, claimed_at})} when private.refuse_claim says someone else holds the task or activity and the caller may be told; NULL otherwise (open, the caller''s, completed or not to be named).';

revoke all on function private.refuse_claim(text, uuid), private.claim_conflict(text, uuid)
  from public, anon, authenticated, service_role;
-- sync_push (SECURITY INVOKER) asks them as the pushing user; both run as the caller.
grant execute on function private.refuse_claim(text, uuid), private.claim_conflict(text, uuid)
  to authenticated, service_role;

create or replace function public.claim_work_item(p_item_type text, p_item_id uuid) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := auth.uid();
  v_table text;
  v_row jsonb;
begin
  v_table := private.claimable_table(p_item_type, p_item_id);

  -- The claim itself: one statement, decided by the row lock.
  execute format(
    'update public.%1$I t set claimed_by = $1
      where t.id = $2 and t.claimed_by is null and not t.completed
      returning pg_catalog.to_jsonb(t.*)', v_table)
    into v_row using v_uid, p_item_id;
  if v_row is not null then
    return v_row;
  end if;

  -- Nothing updated: say why, from the committed row (a new snapshot).
  perform private.refuse_claim(p_item_type, p_item_id);
  execute format('select pg_catalog.to_jsonb(t.*) from public.%I t where t.id = $1', v_table)
    into v_row using p_item_id;
  if (v_row ->> 'claimed_by')::uuid = v_uid then
    return v_row;  -- already ours: idempotent success
  end if;
  return public.claim_work_item(p_item_type, p_item_id);  -- released meanwhile: open again
end
$$;
comment on function public.claim_work_item(text, uuid) is
  'Claims a task or activity (p_item_type ''task'' | ''activity'') for the caller and returns the updated row as jsonb. Atomic: of any number of concurrent callers exactly one wins. Claiming an item one already holds returns it unchanged. Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501, no calling user), ALREADY_CLAIMED (55000; detail is JSON {claimed_by, claimed_by_name, claimed_at} of the current claimer), ALREADY_COMPLETED (55000), NOT_FOUND (P0002: absent, or the caller neither sees it nor ever could as an open item, or has no profile; no name). Who is told what: public.get_claim_holder, the rule sync_push answers with too. SECURITY DEFINER: claiming changes a row the caller may see but not update (an open item declared by someone else).';

create or replace function public.release_work_item(p_item_type text, p_item_id uuid) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := auth.uid();
  v_table text;
  v_row jsonb;
  v_claimer uuid;
  v_claimer_name text;
begin
  v_table := private.claimable_table(p_item_type, p_item_id);

  execute format(
    'update public.%I t set claimed_by = null
      where t.id = $1 and t.claimed_by is not null and (t.claimed_by = $2 or private.is_admin())
      returning pg_catalog.to_jsonb(t.*)', v_table)
    into v_row using p_item_id, v_uid;
  if v_row is not null then
    return v_row;
  end if;

  if not private.caller_sees(v_table, p_item_id) then
    raise exception using errcode = 'P0002',
      message = format('NOT_FOUND: no %s %s visible to the caller', p_item_type, p_item_id);
  end if;
  execute format('select pg_catalog.to_jsonb(t.*) from public.%I t where t.id = $1', v_table)
    into v_row using p_item_id;
  v_claimer := (v_row ->> 'claimed_by')::uuid;
  if v_claimer is null then
    return v_row;  -- not claimed (any more): idempotent success
  end if;
  select u.name into v_claimer_name from public.users u where u.id = v_claimer;
  raise exception using errcode = '42501',
    message = format('NOT_CLAIMER: this %s is claimed by %s; only the claimer or an admin can release it',
                     p_item_type, coalesce(nullif(v_claimer_name, ''), v_claimer::text)),
    detail = pg_catalog.jsonb_build_object(
               'claimed_by', v_claimer,
               'claimed_by_name', v_claimer_name,
               'claimed_at', v_row -> 'claimed_at')::text;
end
$$;
comment on function public.release_work_item(text, uuid) is
  'Releases the claim on a task or activity (p_item_type ''task'' | ''activity'') and returns the updated row as jsonb. Only the claimer or an admin may release. Releasing an item that is not claimed returns it unchanged (idempotent, so a retried release succeeds). Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501, no calling user), NOT_CLAIMER (42501; detail is JSON {claimed_by, claimed_by_name, claimed_at}), NOT_FOUND (P0002, absent or not visible). SECURITY DEFINER: claimed_by is not writable by app users, so that a claim changes only through these two functions.';

revoke all on function public.claim_work_item(text, uuid), public.release_work_item(text, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.claim_work_item(text, uuid), public.release_work_item(text, uuid)
  to authenticated, service_role;
