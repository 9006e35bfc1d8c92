-- Notifications: one typed registry, the per-user feed, badge counts, mark read.
--
-- The set of notification types lives in three places that must never drift:
--   1. public.notification_types   the registry: per type its badge group, whether a user
--                                  may turn it off, the preference key and the push category;
--   2. valid_notification_type     the CHECK constraint on notifications.type, holding the
--                                  list verbatim (the apps know this constraint by name), so a
--                                  bad type is refused with SQLSTATE 23514 and that name;
--   3. the Swift NotificationType  enum (Sources/DispatchServer/Notifications), one case per type.
-- public.notification_registry_drift() compares 1 and 2; this migration fails when they
-- differ, and a Swift test compares 3 with 2 (from pg_constraint) and with 1.

-- ---------------------------------------------------------------------------------------
-- The registry
-- ---------------------------------------------------------------------------------------

create table public.notification_types (
  type text primary key,
  badge_group text not null,
  user_can_disable boolean not null,
  preference_key text,
  push_category text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint notification_types_badge_group_check
    check (badge_group in ('requests', 'messages', 'community', 'bell_only')),
  -- A type the user may turn off needs a preference to turn it off with; a mandatory one
  -- (account, announcements) has none, so no client can offer a switch that does nothing.
  constraint notification_types_preference_key_check
    check (user_can_disable = (preference_key is not null)),
  constraint notification_types_push_category_check
    check (push_category ~ '^[A-Z][A-Z_]*$')
);

comment on table public.notification_types is
  'Registry of notification types: the one place that says, per type, which badge it counts towards, whether the user may disable it, its preference key and its APNs category. Mirrored verbatim by the valid_notification_type CHECK on public.notifications and by the Swift NotificationType enum; see public.notification_registry_drift().';
comment on column public.notification_types.type is
  'The value stored in notifications.type and sent as "type" in push payloads.';
comment on column public.notification_types.badge_group is
  'Which badge an unread notification of this type counts towards in get_badge_counts: requests, messages, community, or bell_only (the bell and nothing else). The four are disjoint, so the app-icon total is their sum.';
comment on column public.notification_types.user_can_disable is
  'False for mandatory types (account state, announcements) that are always delivered.';
comment on column public.notification_types.preference_key is
  'Name of the user preference that turns this type off; NULL exactly when user_can_disable is false.';
comment on column public.notification_types.push_category is
  'APNs category identifier (aps.category) the apps register actions for.';

select private.enable_row_stamping('public.notification_types');

create index notification_types_updated_at_idx on public.notification_types (updated_at);

insert into public.notification_types (type, badge_group, user_can_disable, preference_key, push_category)
values
  -- The community apps' types (the apps already use these names): messaging
  ('message',               'messages',  true,  'notify_messages',            'MESSAGE'),
  ('added_to_conversation', 'messages',  true,  'notify_messages',            'CONVERSATION'),
  -- requests (rides and favors)
  ('new_ride',              'requests',  true,  'notify_new_requests',        'NEW_REQUEST'),
  ('ride_update',           'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('ride_claimed',          'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('ride_unclaimed',        'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('ride_completed',        'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('new_favor',             'requests',  true,  'notify_new_requests',        'NEW_REQUEST'),
  ('favor_update',          'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('favor_claimed',         'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('favor_unclaimed',       'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('favor_completed',       'requests',  true,  'notify_request_updates',     'REQUEST_UPDATE'),
  ('completion_reminder',   'requests',  true,  'notify_completion_reminders','COMPLETION_REMINDER'),
  ('qa_activity',           'requests',  true,  'notify_qa_activity',         'QA'),
  ('qa_question',           'requests',  true,  'notify_qa_activity',         'QA'),
  ('qa_answer',             'requests',  true,  'notify_qa_activity',         'QA'),
  -- reviews
  ('review',                'bell_only', true,  'notify_reviews',             'REVIEW'),
  ('review_received',       'bell_only', true,  'notify_reviews',             'REVIEW'),
  ('review_reminder',       'bell_only', true,  'notify_reviews',             'REVIEW'),
  ('review_request',        'bell_only', true,  'notify_reviews',             'REVIEW'),
  -- community
  ('town_hall_post',        'community', true,  'notify_town_hall',           'TOWN_HALL'),
  ('town_hall_comment',     'community', true,  'notify_town_hall',           'TOWN_HALL'),
  ('town_hall_reaction',    'community', true,  'notify_town_hall',           'TOWN_HALL'),
  -- announcements and account state (mandatory)
  ('announcement',          'bell_only', false, null,                         'ANNOUNCEMENT'),
  ('admin_announcement',    'bell_only', false, null,                         'ANNOUNCEMENT'),
  ('broadcast',             'bell_only', false, null,                         'ANNOUNCEMENT'),
  ('pending_approval',      'bell_only', false, null,                         'ACCOUNT'),
  ('user_approved',         'bell_only', false, null,                         'ACCOUNT'),
  ('user_rejected',         'bell_only', false, null,                         'ACCOUNT'),
  ('other',                 'bell_only', false, null,                         'GENERAL'),
  -- Dispatch: work items (the "requests" of a realtor team)
  ('task_claimed',          'requests',  true,  'notify_work_item_updates',   'WORK_ITEM'),
  ('task_unclaimed',        'requests',  true,  'notify_work_item_updates',   'WORK_ITEM'),
  ('task_completed',        'requests',  true,  'notify_work_item_updates',   'WORK_ITEM'),
  ('activity_claimed',      'requests',  true,  'notify_work_item_updates',   'WORK_ITEM'),
  ('activity_unclaimed',    'requests',  true,  'notify_work_item_updates',   'WORK_ITEM'),
  ('activity_completed',    'requests',  true,  'notify_work_item_updates',   'WORK_ITEM'),
  ('note_added',            'requests',  true,  'notify_notes',               'NOTE'),
  ('entity_restored',       'bell_only', true,  'notify_restores',            'RESTORE'),
  -- Dispatch: watchlists
  ('watchlist_shared',      'bell_only', true,  'notify_watchlist_shares',    'WATCHLIST_SHARE'),
  ('watchlist_sighting',    'community', true,  'notify_watchlist_sightings', 'SIGHTING');

-- ---------------------------------------------------------------------------------------
-- The feed
-- ---------------------------------------------------------------------------------------

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  type text not null,
  title text not null,
  body text not null default '',
  read boolean not null default false,
  pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  source_user_id uuid references public.users (id) on delete set null,
  entity_type text,
  entity_id uuid,
  data jsonb not null default '{}',
  dedupe_key text,
  constraint notifications_dedupe_key_key unique (dedupe_key),
  constraint notifications_entity_check check ((entity_type is null) = (entity_id is null)),
  constraint notifications_data_check check (jsonb_typeof(data) = 'object'),
  -- The community apps' 30 types verbatim (the names their clients already use), then the
  -- ten of the Dispatch and watchlist apps.
  constraint valid_notification_type check (type in (
    'message', 'added_to_conversation',
    'new_ride', 'ride_update', 'ride_claimed', 'ride_unclaimed', 'ride_completed',
    'new_favor', 'favor_update', 'favor_claimed', 'favor_unclaimed', 'favor_completed',
    'completion_reminder',
    'qa_activity', 'qa_question', 'qa_answer',
    'review', 'review_received', 'review_reminder', 'review_request',
    'town_hall_post', 'town_hall_comment', 'town_hall_reaction',
    'announcement', 'admin_announcement', 'broadcast',
    'pending_approval', 'user_approved', 'user_rejected',
    'other',
    'task_claimed', 'task_unclaimed', 'task_completed',
    'activity_claimed', 'activity_unclaimed', 'activity_completed',
    'note_added', 'entity_restored',
    'watchlist_shared', 'watchlist_sighting'
  ))
);

comment on table public.notifications is
  'Each user''s notification feed (the bell). Written only by the worker (service_role); a user reads their own rows and may change only "read". Unread rows drive get_badge_counts and the push badge.';
comment on column public.notifications.user_id is 'The recipient.';
comment on column public.notifications.type is
  'One of public.notification_types; enforced by the valid_notification_type CHECK (SQLSTATE 23514 otherwise).';
comment on column public.notifications.read is
  'The only column a user may update (mark_notifications_read, mark_all_notifications_read, or a direct UPDATE).';
comment on column public.notifications.pinned is 'Kept at the top of the feed (announcements).';
comment on column public.notifications.source_user_id is
  'Who caused it (the claimer, the note''s author); NULL for system notifications or once that user is deleted.';
comment on column public.notifications.entity_type is
  'What the notification is about, for routing and for grouping badge details: task, activity, listing, property, note, watchlist, conversation, ride, favor, ...; set together with entity_id.';
comment on column public.notifications.entity_id is 'Id of the entity named by entity_type.';
comment on column public.notifications.data is
  'Extra ids and values the push payload and the app need (a JSON object), e.g. {"message_id": ...}.';
comment on column public.notifications.dedupe_key is
  'Idempotency key chosen by the producer (e.g. outbox event id || handler || recipient). The worker inserts with ON CONFLICT (dedupe_key) DO NOTHING, so a retried handler never notifies twice. NULL = no deduplication.';

-- The feed, paged newest first with a (created_at, id) keyset; also the user_id FK index.
create index notifications_user_created_idx on public.notifications (user_id, created_at desc, id desc);
-- "My unread, newest first": the same keyset over unread rows only.
create index notifications_user_unread_idx on public.notifications (user_id, created_at desc, id desc)
  where not read;
-- Badge counts: an index-only scan that already delivers the user's unread rows in
-- (type, entity) order, so get_badge_counts aggregates them as they stream by instead of
-- hashing every row. Partial on "not read", so it holds only what the badge counts.
create index notifications_user_unread_groups_idx on public.notifications
  (user_id, type, entity_id, entity_type) include (created_at) where not read;
create index notifications_source_user_id_idx on public.notifications (source_user_id)
  where source_user_id is not null;
create index notifications_updated_at_idx on public.notifications (updated_at);

select private.enable_row_stamping('public.notifications');

alter table public.notifications enable row level security;

-- A notification is its recipient's alone: admins do not read other people's (0010).
select private.declare_visibility('public.notifications', false, '[{"kind": "user", "column": "user_id"}]');
create policy notifications_update on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
-- No insert or delete policy for authenticated: only the worker (service_role, BYPASSRLS)
-- creates notifications, and users never forge one for somebody else.

-- The registry is reference data every user reads; only migrations change it.
select private.declare_visibility('public.notification_types', true, '[{"kind": "everyone", "condition": "true"}]');

revoke all on public.notification_types, public.notifications from public, anon, authenticated, service_role;
grant select on public.notification_types to authenticated, service_role;
grant select on public.notifications to authenticated;
grant update (read) on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;

-- ---------------------------------------------------------------------------------------
-- Registry drift check
-- ---------------------------------------------------------------------------------------

create function public.notification_registry_drift()
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

do $$
declare
  v_drift text;
begin
  select string_agg(format('%s (missing from %s)', d.type, d.missing_from), ', ')
    into v_drift
    from public.notification_registry_drift() d;
  if v_drift is not null then
    raise exception using errcode = '23514',
      message = 'REGISTRY_DRIFT: notification_types and valid_notification_type differ',
      detail = v_drift,
      hint = 'Add the type to both the registry insert and the CHECK constraint in the same migration.';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Badge counts
-- ---------------------------------------------------------------------------------------

-- The worker computes a recipient's badge for push payloads with this; apps call
-- get_badge_counts(), which passes auth.uid().
create function public.notification_badge_counts(p_user_id uuid, p_include_details boolean default false)
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

create function public.get_badge_counts(p_include_details boolean default false)
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
create function public.mark_notifications_read(p_ids uuid[])
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

create function public.mark_all_notifications_read()
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
