-- migrate:replaces 0015_notifications 5b38fc07dbf8ea7b23c7673e49a2aed5cf02b76aede90bff941dbaa4db51b3c0
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
