-- migrate:replaces 0015_notifications 5b38fc07dbf8ea7b23c7673e49a2aed5cf02b76aede90bff941dbaa4db51b3c0
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

alter table public.notifications enable row level security;

revoke all on public.notification_types, public.notifications from public, anon, authenticated, service_role;
grant select on public.notification_types to authenticated, service_role;
grant select on public.notifications to authenticated;
grant update (read) on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;
