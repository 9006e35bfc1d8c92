-- Badge counts: counters kept as notifications are written, read by get_badge_counts and
-- the worker's push payloads; marking notifications read.

-- ---------------------------------------------------------------------------------------
-- Badge counts
-- ---------------------------------------------------------------------------------------

-- Counted as the notifications are written, not when a badge is read: every statement that
-- inserts, updates or deletes notifications adds what it changed among the unread rows to
-- private.notification_badge_totals (per user and badge group) and, for the groups whose
-- details the badge lists, to private.notification_badge_entities (per entity, with the
-- newest unread one's time), in the same transaction. Exact under concurrent writers: each
-- counter row changes under its row lock, taken in one order (the entities by (user, group,
-- entity), then the totals by (user, group)), so two statements never wait on each other in a circle; no counter row is shared by two users.
-- An update that changes none of the columns the counts read costs one query of the
-- transition tables and nothing else.
create or replace function private.count_badges() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_users uuid[];
  v_groups text[];
  v_entity_types text[];
  v_entity_ids uuid[];
  v_created timestamptz[];
  v_deltas integer[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.user_id), array_agg(t.badge_group), array_agg(n.entity_type), array_agg(n.entity_id),
           array_agg(n.created_at), array_agg(1)
      into v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas
      from new_rows n join public.notification_types t on t.type = n.type
     where not n.read;
  elsif tg_op = 'DELETE' then
    select array_agg(o.user_id), array_agg(t.badge_group), array_agg(o.entity_type), array_agg(o.entity_id),
           array_agg(o.created_at), array_agg(-1)
      into v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas
      from old_rows o join public.notification_types t on t.type = o.type
     where not o.read;
  else
    -- Each old unread row counts -1 and each new one +1, netted per the values the counts
    -- read: a row whose counted values did not change cancels out. No join pairs old and
    -- new rows (private.paired_rows_sql says why: marking 5,000 read after marking one read
    -- would have compared 25 million pairs).
    select array_agg(c.user_id), array_agg(t.badge_group), array_agg(c.entity_type), array_agg(c.entity_id),
           array_agg(c.created_at), array_agg(c.delta)
      into v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas
      from (select c.user_id, c.type, c.entity_type, c.entity_id, c.created_at, sum(c.delta)::integer as delta
              from (select o.user_id, o.type, o.entity_type, o.entity_id, o.created_at, -1 as delta
                      from old_rows o where not o.read
                    union all
                    select n.user_id, n.type, n.entity_type, n.entity_id, n.created_at, 1
                      from new_rows n where not n.read) c
             group by c.user_id, c.type, c.entity_type, c.entity_id, c.created_at
            having sum(c.delta) <> 0) c
      join public.notification_types t on t.type = c.type;
  end if;
  if v_users is null then
    return null;
  end if;

  -- Per entity: the details of get_badge_counts(true).
  with c as (select * from unnest(v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas)
                                  c (user_id, badge_group, entity_type, entity_id, created_at, delta)
              where c.entity_id is not null and c.badge_group in ('requests', 'messages'))
  insert into private.notification_badge_entities as e (user_id, badge_group, entity_type, entity_id, unread, latest_at)
  select c.user_id, c.badge_group, c.entity_type, c.entity_id, sum(c.delta),
         coalesce(max(c.created_at) filter (where c.delta > 0), '-infinity')
    from c
   group by c.user_id, c.badge_group, c.entity_type, c.entity_id
   order by c.user_id, c.badge_group, c.entity_type, c.entity_id
  on conflict on constraint notification_badge_entities_pkey do update
     set unread = e.unread + excluded.unread, latest_at = greatest(e.latest_at, excluded.latest_at);

  -- The totals last: a user's total of a group is the row every statement writing that
  -- user's notifications of the group locks until its transaction ends.
  with c as (select * from unnest(v_users, v_groups, v_deltas) c (user_id, badge_group, delta))
  insert into private.notification_badge_totals as b (user_id, badge_group, unread)
  select c.user_id, c.badge_group, sum(c.delta) from c
   group by c.user_id, c.badge_group having sum(c.delta) <> 0
   order by c.user_id, c.badge_group
  on conflict on constraint notification_badge_totals_pkey do update set unread = b.unread + excluded.unread;
  if tg_op = 'INSERT' then
    return null;
  end if;
  -- Where unread rows went: a counter at zero goes; an entity that lost its newest unread
  -- row looks its newest remaining one up (an index range of that entity's unread rows).
  delete from private.notification_badge_totals b
   using unnest(v_users, v_groups, v_deltas) c (user_id, badge_group, delta)
   where c.delta < 0 and b.user_id = c.user_id and b.badge_group = c.badge_group and b.unread <= 0;
  delete from private.notification_badge_entities e
   using unnest(v_users, v_groups, v_entity_types, v_entity_ids, v_deltas) c (user_id, badge_group, entity_type, entity_id, delta)
   where c.delta < 0 and e.unread <= 0
     and (e.user_id, e.badge_group, e.entity_type, e.entity_id) = (c.user_id, c.badge_group, c.entity_type, c.entity_id);
  update private.notification_badge_entities e
     set latest_at = (select max(n.created_at)
                        from public.notification_types t
                        join public.notifications n on n.type = t.type
                       where t.badge_group = e.badge_group and n.user_id = e.user_id
                         and n.entity_id = e.entity_id and n.entity_type = e.entity_type and not n.read)
    from (select c.user_id, c.badge_group, c.entity_type, c.entity_id, max(c.created_at) as removed_at
            from unnest(v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas)
                 c (user_id, badge_group, entity_type, entity_id, created_at, delta)
           where c.delta < 0 and c.entity_id is not null
           group by c.user_id, c.badge_group, c.entity_type, c.entity_id) g
   where (e.user_id, e.badge_group, e.entity_type, e.entity_id) = (g.user_id, g.badge_group, g.entity_type, g.entity_id)
     and g.removed_at >= e.latest_at;
  return null;
end
$$;
comment on function private.count_badges() is
  'AFTER INSERT / UPDATE / DELETE statement trigger function of public.notifications (transition tables new_rows, old_rows): adds what the statement changed among unread notifications to private.notification_badge_totals and private.notification_badge_entities, removing counters that reach zero: the entities in (user, group, entity) order, then the totals in (user, group) order. SECURITY DEFINER: the counters are nobody''s to write.';
revoke all on function private.count_badges() from public, anon, authenticated, service_role;

-- Named to fire after the outbox's statement triggers (a table's triggers fire in name
-- order): the totals locked here are held from this point to the commit, so the capture of
-- a batch's change events is not part of that time.
create or replace trigger tally_badges_insert after insert on public.notifications referencing new table as new_rows
  for each statement execute function private.count_badges();
create or replace trigger tally_badges_update after update on public.notifications referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_badges();
create or replace trigger tally_badges_delete after delete on public.notifications referencing old table as old_rows
  for each statement execute function private.count_badges();

-- The worker computes a recipient's badge for push payloads with this; apps call
-- get_badge_counts(), which passes auth.uid(). It reads the counters: at most four rows of
-- totals, and the newest entities of each detailed group (bounded: a screen's worth).
create or replace function public.notification_badge_counts(p_user_id uuid, p_include_details boolean default false)
  returns jsonb
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  c_max_details constant integer := 100;
  v_result jsonb;
begin
  if p_user_id is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_user_id is required',
      hint = 'Pass the recipient''s user id.';
  end if;

  select jsonb_build_object(
    'requests_total',  coalesce(sum(b.unread) filter (where b.badge_group = 'requests'), 0),
    'messages_total',  coalesce(sum(b.unread) filter (where b.badge_group = 'messages'), 0),
    'community_total', coalesce(sum(b.unread) filter (where b.badge_group = 'community'), 0),
    'bell_total',      coalesce(sum(b.unread) filter (where b.badge_group = 'bell_only'), 0),
    'request_details', '[]'::jsonb,
    'conversation_details', '[]'::jsonb)
    into v_result
    from private.notification_badge_totals b
   where b.user_id = p_user_id;
  if not coalesce(p_include_details, false) then
    return v_result;
  end if;

  -- Details from ordered rows with one to_jsonb(array_agg(row)) per list; entity_id goes in
  -- as text, which jsonb takes as is.
  return v_result || jsonb_build_object(
    'request_details', coalesce((
      select to_jsonb(array_agg(d))
        from (select e.entity_type, e.entity_id::text as entity_id, e.unread as unread_count, e.latest_at
                from private.notification_badge_entities e
               where e.user_id = p_user_id and e.badge_group = 'requests'
               order by e.latest_at desc, e.entity_id
               limit c_max_details) d), '[]'::jsonb),
    'conversation_details', coalesce((
      select to_jsonb(array_agg(d))
        from (select e.entity_type, e.entity_id::text as entity_id, e.unread as unread_count, e.latest_at
                from private.notification_badge_entities e
               where e.user_id = p_user_id and e.badge_group = 'messages'
               order by e.latest_at desc, e.entity_id
               limit c_max_details) d), '[]'::jsonb));
end
$$;
comment on function public.notification_badge_counts(uuid, boolean) is
  'Badge counts of one user (for the worker''s push badge); same shape as get_badge_counts, read from the counters the triggers of public.notifications keep (private.notification_badge_totals, private.notification_badge_entities). Internal: service_role only.';
revoke all on function public.notification_badge_counts(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.notification_badge_counts(uuid, boolean) to service_role;

create or replace function public.get_badge_counts(p_include_details boolean default false)
  returns jsonb
  language plpgsql stable security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('get_badge_counts');
begin
  return public.notification_badge_counts(v_uid, coalesce(p_include_details, false));
end
$$;
comment on function public.get_badge_counts(boolean) is
  'The caller''s unread counts, always with every key: requests_total, messages_total, community_total, bell_total (0 when none; each counts unread notifications of that badge group, the four are disjoint) and request_details, conversation_details ([] when none or when p_include_details is false): one {entity_type, entity_id, unread_count, latest_at} per entity, newest first, the newest 100 entities of each. Groups come from public.notification_types. SECURITY DEFINER: it reads the counters (private) through notification_badge_counts, which is not callable by app users (it takes any user id); this passes only the caller''s.';
revoke all on function public.get_badge_counts(boolean) from public, anon, authenticated, service_role;
grant execute on function public.get_badge_counts(boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Mark read
-- ---------------------------------------------------------------------------------------

-- Security invoker: row-level security and the column grant on "read" do the guarding.
create or replace function public.mark_notifications_read(p_ids uuid[])
  returns integer
  language plpgsql volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('mark_notifications_read');
  v_count integer;
begin
  if p_ids is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_ids is required',
      hint = 'Pass an array of notification ids; an empty array marks nothing.';
  end if;

  update public.notifications n
     set read = true
   where n.id = any (p_ids)
     and n.user_id = v_uid
     and not n.read;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_notifications_read(uuid[]) is
  'Marks the caller''s notifications with these ids read; returns how many changed from unread to read. Ids of other users'' or already read notifications are skipped (counted 0); an empty array returns 0; NULL raises 22004.';
revoke all on function public.mark_notifications_read(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated, service_role;

create or replace function public.mark_all_notifications_read()
  returns integer
  language plpgsql volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('mark_all_notifications_read');
  v_count integer;
begin

  update public.notifications n
     set read = true
   where n.user_id = v_uid
     and not n.read;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_all_notifications_read() is
  'Marks every unread notification of the caller read; returns how many changed.';
revoke all on function public.mark_all_notifications_read() from public, anon, authenticated, service_role;
grant execute on function public.mark_all_notifications_read() to authenticated, service_role;
