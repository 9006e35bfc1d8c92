drop policy if exists notifications_update on public.notifications;
create policy notifications_update on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------
-- Registry drift check
-- ---------------------------------------------------------------------------------------

create or replace function public.notification_registry_drift()
  returns table (type text, missing_from text)
  language sql stable
  set search_path = ''
as $$
  with constraint_types as (
    select m[1] as type
    from pg_catalog.pg_constraint c,
         pg_catalog.regexp_matches(pg_catalog.pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
    where c.conrelid = 'public.notifications'::pg_catalog.regclass
      and c.conname = 'valid_notification_type'
  )
  select coalesce(r.type, k.type),
         case when r.type is null then 'notification_types' else 'valid_notification_type' end
  from public.notification_types r
  full join constraint_types k on k.type = r.type
  where r.type is null or k.type is null
  order by 1
$$;
comment on function public.notification_registry_drift() is
  'Types present in only one of public.notification_types and the valid_notification_type CHECK, with the side they are missing from. Empty when the two agree; the migration that adds a type asserts that.';
revoke all on function public.notification_registry_drift() from public, anon, authenticated, service_role;
grant execute on function public.notification_registry_drift() to service_role;

-- ---------------------------------------------------------------------------------------
-- Badge counts
-- ---------------------------------------------------------------------------------------

-- The worker computes a recipient's badge for push payloads with this; apps call
-- get_badge_counts(), which passes auth.uid().
create or replace function public.notification_badge_counts(p_user_id uuid, p_include_details boolean default false)
  returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if p_user_id is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_user_id is required',
      hint = 'Pass the recipient''s user id.';
  end if;

  -- Totals only (the push badge, the tab badges): count per type, then per group. No
  -- per-entity grouping and no JSON building, which are most of the cost of details.
  if not coalesce(p_include_details, false) then
    select jsonb_build_object(
      'requests_total',  coalesce(sum(p.unread_count) filter (where t.badge_group = 'requests'), 0),
      'messages_total',  coalesce(sum(p.unread_count) filter (where t.badge_group = 'messages'), 0),
      'community_total', coalesce(sum(p.unread_count) filter (where t.badge_group = 'community'), 0),
      'bell_total',      coalesce(sum(p.unread_count) filter (where t.badge_group = 'bell_only'), 0),
      'request_details', '[]'::jsonb,
      'conversation_details', '[]'::jsonb)
    into v_result
    from (
      select n.type, count(*) as unread_count
      from public.notifications n
      where n.user_id = p_user_id and not n.read
      group by n.type
    ) p
    join public.notification_types t on t.type = p.type;
    return v_result;
  end if;

  -- One pass over the user's unread rows: an index-only scan of
  -- notifications_user_unread_groups_idx, which yields them in (type, entity) order, so
  -- the first grouping streams (the GROUP BY lists the columns in index order on purpose).
  -- Only those groups meet the registry. Details are built from ordered rows with one
  -- to_jsonb(array_agg(row)) per list, about twice as cheap as an ordered
  -- jsonb_agg(jsonb_build_object(...)); entity_id goes in as text, which jsonb takes as is
  -- (a uuid goes through its output function per row). Every key is present even when
  -- nothing is unread: aggregates over no rows still return one row, and coalesce fills
  -- in 0 and [].
  with per_type as (
    select n.type, n.entity_id, n.entity_type,
           count(*) as unread_count, max(n.created_at) as latest_at
    from public.notifications n
    where n.user_id = p_user_id and not n.read
    group by n.type, n.entity_id, n.entity_type
  ), per_entity as (
    select t.badge_group, p.entity_type, p.entity_id,
           sum(p.unread_count)::bigint as unread_count, max(p.latest_at) as latest_at
    from per_type p
    join public.notification_types t on t.type = p.type
    group by t.badge_group, p.entity_type, p.entity_id
  )
  select jsonb_build_object(
    'requests_total',  coalesce(sum(e.unread_count) filter (where e.badge_group = 'requests'), 0),
    'messages_total',  coalesce(sum(e.unread_count) filter (where e.badge_group = 'messages'), 0),
    'community_total', coalesce(sum(e.unread_count) filter (where e.badge_group = 'community'), 0),
    'bell_total',      coalesce(sum(e.unread_count) filter (where e.badge_group = 'bell_only'), 0),
    'request_details', coalesce((
      select to_jsonb(array_agg(d))
      from (select r.entity_type, r.entity_id::text as entity_id, r.unread_count, r.latest_at
            from per_entity r
            where r.badge_group = 'requests' and r.entity_id is not null
            order by r.latest_at desc, r.entity_id) d), '[]'::jsonb),
    'conversation_details', coalesce((
      select to_jsonb(array_agg(d))
      from (select r.entity_type, r.entity_id::text as entity_id, r.unread_count, r.latest_at
            from per_entity r
            where r.badge_group = 'messages' and r.entity_id is not null
            order by r.latest_at desc, r.entity_id) d), '[]'::jsonb)
  )
  into v_result
  from per_entity e;

  return v_result;
end
$$;
comment on function public.notification_badge_counts(uuid, boolean) is
  'Badge counts of one user (for the worker''s push badge); same shape as get_badge_counts. Internal: service_role only.';
revoke all on function public.notification_badge_counts(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.notification_badge_counts(uuid, boolean) to service_role;

create or replace function public.get_badge_counts(p_include_details boolean default false)
  returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: get_badge_counts needs a signed-in caller',
      hint = 'Set request.jwt.claims with the user''s "sub".';
  end if;
  return public.notification_badge_counts(v_uid, coalesce(p_include_details, false));
end
$$;
comment on function public.get_badge_counts(boolean) is
  'The caller''s unread counts, always with every key: requests_total, messages_total, community_total, bell_total (0 when none; each counts unread notifications of that badge group, the four are disjoint) and request_details, conversation_details ([] when none or when p_include_details is false): one {entity_type, entity_id, unread_count, latest_at} per entity, newest first. Groups come from public.notification_types. SECURITY DEFINER: it counts through notification_badge_counts, which reads the unread-groups index without a row-level security filter and is not callable by app users (it takes any user id); this passes only the caller''s.';
revoke all on function public.get_badge_counts(boolean) from public, anon, authenticated, service_role;
grant execute on function public.get_badge_counts(boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Mark read
-- ---------------------------------------------------------------------------------------

-- Security invoker: row-level security and the column grant on "read" do the guarding.
create or replace function public.mark_notifications_read(p_ids uuid[])
  returns integer
  language plpgsql volatile
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_count integer;
begin
  if v_uid is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: mark_notifications_read needs a signed-in caller';
  end if;
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
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_count integer;
begin
  if v_uid is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: mark_all_notifications_read needs a signed-in caller';
  end if;

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

-- ---------------------------------------------------------------------------------------
-- Rate limits: what one user's actions may cause another
-- ---------------------------------------------------------------------------------------
-- Every notification is created through one insert (NotificationWriter, the worker's), and
-- each becomes the pushes to its recipient's devices. A hostile user can cause notifications
-- in bulk: shares of many watchlists, notes on an open task, claim/release loops. So a
-- notification caused by a user (source_user_id) is created only while that user has caused
-- the recipient fewer than per_recipient_per_hour notifications this hour, and everyone
-- fewer than per_sender_per_hour (private.notification_limits). The rest are dropped
-- silently (the write that caused them is the sender's right; what the recipient is told
-- of it is capped): the row is skipped, so nothing is pushed for it. Notifications without
-- a sender (the system's) and to oneself are not limited. The counters are taken in the
-- inserting transaction: a rolled-back batch gives its budget back.
create or replace function private.spend_notification_budget() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_pair integer;
  v_total integer;
  v_limits private.notification_limits;
begin
  if new.source_user_id is null or new.source_user_id = new.user_id then
    return new;
  end if;
  select l.* into v_limits from private.notification_limits l;
  with spent as (
    insert into private.notification_budgets as b (sender, recipient, window_start, sent)
    -- the sender's total first: concurrent writers of one sender's notifications then
    -- queue on that row rather than lock pairs in different orders
    values (new.source_user_id, '00000000-0000-0000-0000-000000000000', pg_catalog.now(), 1),
           (new.source_user_id, new.user_id, pg_catalog.now(), 1)
    on conflict (sender, recipient) do update
       set window_start = case when b.window_start <= pg_catalog.now() - interval '1 hour' then pg_catalog.now() else b.window_start end,
           sent = case when b.window_start <= pg_catalog.now() - interval '1 hour' then 1 else b.sent + 1 end
    returning b.recipient, b.sent
  )
  select max(s.sent) filter (where s.recipient = new.user_id), max(s.sent) filter (where s.recipient <> new.user_id)
    into v_pair, v_total
    from spent s;
  if v_pair > v_limits.per_recipient_per_hour or v_total > v_limits.per_sender_per_hour then
    return null;
  end if;
  return new;
end
$$;
comment on function private.spend_notification_budget() is
  'BEFORE INSERT trigger function of public.notifications: counts the notification against its sender''s hourly budgets (private.notification_budgets) and skips it (returns NULL: not created, not pushed) when the sender has caused the recipient more than per_recipient_per_hour, or everyone more than per_sender_per_hour, notifications this hour (private.notification_limits). Notifications without a sender or to the sender pass. SECURITY DEFINER: the counters are nobody''s to read or write.';
revoke all on function private.spend_notification_budget() from public, anon, authenticated, service_role;

create or replace trigger _spend_notification_budget before insert on public.notifications
  for each row execute function private.spend_notification_budget();
