-- migrate:replaces 0020_push_devices_and_preferences 57973c6dd9a79acef24f1ed7b7b8b66f4425c144603d06f72e0874453d4c6649
-- migrate:replaces 0021_observability 80ddeac771633adc6768a501bf2824a246af7e331107b45e152ef383fa5a9dec
-- migrate:replaces 0022_supabase_realtime 651f0e05b100bb6fa8de0e9590d4175138a70e77beed353bb234b99d448765ab
-- Push devices and notification preferences: which phones a user's pushes go to, which
-- kinds of notification the user turned off, and how often a watchlist share may notify.
--
--   public.notification_preferences   a user's switches, one row per preference key set
--   private.notification_mutes         the (user, type) pairs turned off: the one definition
--                                      both the worker's insert path (NotificationWriter)
--                                      and its push handler read
--   get_notification_preferences(), set_notification_preference(key, enabled)
--   public.push_devices                each user's APNs / FCM device tokens
--   register_push_device(platform, token, environment), unregister_push_device(token)
--   private.take_watchlist_share_notices  at most one watchlist_shared notification per
--                                      (watchlist, reader) per hour

-- ---------------------------------------------------------------------------------------
-- Preferences
-- ---------------------------------------------------------------------------------------

create table public.notification_preferences (
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  preference_key text not null,
  enabled boolean not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint notification_preferences_pkey primary key (user_id, preference_key)
);
comment on table public.notification_preferences is
  'Each user''s notification switches: a row per preference key the user has set (a key without a row is on). Keys are the preference_key values of public.notification_types, which only types a user may disable have; mandatory types (account state, announcements) have none, so nothing here can silence them. Users read and write their own rows (row-level security); the worker reads them through private.notification_mutes.';
comment on column public.notification_preferences.user_id is 'Whose switch; defaults to the caller.';
comment on column public.notification_preferences.preference_key is
  'A preference_key of public.notification_types (e.g. notify_messages); any other value is refused with INVALID_PREFERENCE (22023).';
comment on column public.notification_preferences.enabled is
  'False: the worker creates no notification, and sends no push, of the types with this key to this user.';
revoke all on public.notification_preferences from public, anon, authenticated, service_role;
grant select, delete on public.notification_preferences to authenticated;
grant insert (preference_key, enabled) on public.notification_preferences to authenticated;
grant update (enabled) on public.notification_preferences to authenticated;
grant select, insert, update, delete on public.notification_preferences to service_role;

-- ---------------------------------------------------------------------------------------
-- Devices
-- ---------------------------------------------------------------------------------------

create table public.push_devices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  token text not null,
  platform text not null,
  environment text not null default 'production',
  registered_at timestamptz not null default now(),
  disabled_at timestamptz,
  disabled_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint push_devices_token_key unique (token),
  -- Printable ASCII without spaces (APNs tokens are hex, FCM tokens [A-Za-z0-9_:-]).
  constraint push_devices_token_check check (token ~ '^[!-~]+$' and pg_catalog.char_length(token) <= 4096),
  constraint push_devices_platform_check check (platform in ('ios', 'android')),
  constraint push_devices_environment_check check (environment in ('sandbox', 'production')),
  constraint push_devices_disabled_check check ((disabled_at is null) = (disabled_reason is null))
);
comment on table public.push_devices is
  'The devices each user receives pushes on: an APNs or FCM token with its platform and APNs environment. Written by register_push_device (a token belongs to one user at a time: registering it moves it to the caller) and by the worker, which disables a device when the push gateway answers that its token is dead. Users read and delete their own rows.';
comment on column public.push_devices.token is 'The APNs device token or FCM registration token; unique across users.';
comment on column public.push_devices.platform is '''ios'' (APNs) or ''android'' (FCM).';
comment on column public.push_devices.environment is
  'APNs environment the token belongs to: ''sandbox'' (development builds) or ''production''; sent along so a gateway picks the right APNs host.';
comment on column public.push_devices.registered_at is 'When this user last registered the token (or it last changed platform or environment).';
comment on column public.push_devices.disabled_at is
  'Set by the worker when the gateway answered that the token is dead (HTTP 410, "unregistered"): no more pushes go to it until it is registered again.';
comment on column public.push_devices.disabled_reason is 'The gateway''s answer that disabled the device.';

create index push_devices_user_id_idx on public.push_devices (user_id);

revoke all on public.push_devices from public, anon, authenticated, service_role;
grant select, delete on public.push_devices to authenticated;
grant select, insert, update, delete on public.push_devices to service_role;

-- ---------------------------------------------------------------------------------------
-- Watchlist shares notify at most once an hour per (watchlist, reader)
-- ---------------------------------------------------------------------------------------

create table private.watchlist_share_notices (
  watchlist_id uuid not null references public.watchlists (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  notified_at timestamptz not null,
  constraint watchlist_share_notices_pkey primary key (watchlist_id, user_id)
);
comment on table private.watchlist_share_notices is
  'When each reader was last told that a watchlist was shared with them: sharing, unsharing and re-sharing notifies at most once an hour per (watchlist, reader), so a watchlist titled with any text cannot be used to push a user again and again. Written by private.take_watchlist_share_notices(); the worker''s (service_role).';
create index watchlist_share_notices_user_id_idx on private.watchlist_share_notices (user_id);

revoke all on private.watchlist_share_notices from public, anon, authenticated, service_role;
grant select, insert, update, delete on private.watchlist_share_notices to service_role;
