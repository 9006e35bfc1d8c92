-- The keys live in the registry, which several types share a key of: a trigger rather than
-- a foreign key, so that the registry stays the one list and both the RPC and a direct
-- write get the same coded refusal.
create or replace function private.check_notification_preference() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select from public.notification_types t
                  where t.preference_key = new.preference_key and t.user_can_disable) then
    raise exception using errcode = '22023',
      message = 'INVALID_PREFERENCE: not a notification preference a user may turn off',
      detail = pg_catalog.jsonb_build_object(
                 'preference_key', pg_catalog.left(new.preference_key, 100),
                 'preference_keys', (select pg_catalog.jsonb_agg(distinct t.preference_key order by t.preference_key)
                                       from public.notification_types t where t.user_can_disable))::text,
      hint = 'get_notification_preferences() lists the keys. Mandatory types (account state, announcements) have none.';
  end if;
  return new;
end
$$;
comment on function private.check_notification_preference() is
  'BEFORE INSERT/UPDATE trigger function of public.notification_preferences: the key must be the preference_key of a type users may disable, else INVALID_PREFERENCE (22023) with DETAIL {preference_key, preference_keys}.';
revoke all on function private.check_notification_preference() from public, anon, authenticated, service_role;

-- On UPDATE only when the key changes (UPDATE OF alone also fires for an upsert that names
-- it unchanged).
drop trigger if exists _check_preference_key on public.notification_preferences;
create or replace trigger _check_preference_key_insert before insert on public.notification_preferences
  for each row execute function private.check_notification_preference();
create or replace trigger _check_preference_key_update before update on public.notification_preferences
  for each row when (old.preference_key is distinct from new.preference_key)
  execute function private.check_notification_preference();

create or replace view private.notification_mutes as
  select p.user_id, t.type
    from public.notification_preferences p
    join public.notification_types t on t.preference_key = p.preference_key
   where not p.enabled and t.user_can_disable;
comment on view private.notification_mutes is
  'The notification types each user turned off: (user_id, type) for every type whose preference the user set to false. Mandatory types never appear. NotificationWriter.insert skips these recipients, and the push handler does not push to them (a preference turned off between the insert and the push). The worker''s (service_role).';
drop policy if exists notification_preferences_insert on public.notification_preferences;
create policy notification_preferences_insert on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));
drop policy if exists notification_preferences_update on public.notification_preferences;
create policy notification_preferences_update on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
drop policy if exists notification_preferences_delete on public.notification_preferences;
create policy notification_preferences_delete on public.notification_preferences for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on private.notification_mutes from public, anon, authenticated, service_role;
grant select on private.notification_mutes to service_role;

-- Security invoker: row-level security keeps each user to their own switches.
create or replace function public.get_notification_preferences()
  returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: get_notification_preferences needs a signed-in caller';
  end if;
  return (
    select coalesce(pg_catalog.jsonb_object_agg(k.preference_key, coalesce(p.enabled, true)), '{}'::jsonb)
      from (select distinct t.preference_key from public.notification_types t where t.user_can_disable) k
      left join public.notification_preferences p on p.user_id = v_uid and p.preference_key = k.preference_key);
end
$$;
comment on function public.get_notification_preferences() is
  'The caller''s switches: {"<preference_key>": true|false, ...} with every key a user may turn off (the preference_key values of public.notification_types), true unless the caller turned it off.';

create or replace function public.set_notification_preference(p_key text, p_enabled boolean)
  returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: set_notification_preference needs a signed-in caller';
  end if;
  perform private.assert_profile(auth.uid());
  if p_key is null or p_enabled is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_key and p_enabled are required';
  end if;
  -- An unknown key is refused by the table's trigger (INVALID_PREFERENCE).
  insert into public.notification_preferences as p (preference_key, enabled)
  values (p_key, p_enabled)
  on conflict (user_id, preference_key) do update
     set enabled = excluded.enabled
   where p.enabled is distinct from excluded.enabled;
  return public.get_notification_preferences();
end
$$;
comment on function public.set_notification_preference(text, boolean) is
  'Turns the caller''s preference p_key on or off (idempotent) and returns all of the caller''s switches, as get_notification_preferences(). A key that is not one a user may turn off (unknown, or of a mandatory type) is INVALID_PREFERENCE (22023, DETAIL {preference_key, preference_keys}); NULL is NULL_ARGUMENT; a caller without a profile NOT_FOUND (P0002). Off: the worker creates no notification and sends no push of those types to the caller.';

revoke all on function public.get_notification_preferences(), public.set_notification_preference(text, boolean)
  from public, anon, authenticated, service_role;
grant execute on function public.get_notification_preferences(), public.set_notification_preference(text, boolean)
  to authenticated, service_role;
drop policy if exists push_devices_delete on public.push_devices;
create policy push_devices_delete on public.push_devices for delete to authenticated
  using (user_id = (select auth.uid()));

create or replace function public.register_push_device(p_platform text, p_token text, p_environment text default 'production')
  returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_device public.push_devices;
begin
  if v_uid is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: register_push_device needs a signed-in caller';
  end if;
  if p_platform is null or p_token is null or p_environment is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_platform, p_token and p_environment are required';
  end if;
  if p_platform not in ('ios', 'android') then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_platform must be ios or android',
      detail = pg_catalog.jsonb_build_object('argument', 'p_platform', 'allowed', pg_catalog.jsonb_build_array('ios', 'android'))::text;
  end if;
  if p_environment not in ('sandbox', 'production') then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_environment must be sandbox or production',
      detail = pg_catalog.jsonb_build_object('argument', 'p_environment', 'allowed', pg_catalog.jsonb_build_array('sandbox', 'production'))::text;
  end if;
  if not (p_token ~ '^[!-~]+$' and pg_catalog.char_length(p_token) <= 4096) then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_token must be 1 to 4096 printable ASCII characters without spaces',
      detail = pg_catalog.jsonb_build_object('argument', 'p_token', 'length', pg_catalog.char_length(p_token))::text;
  end if;
  perform private.assert_profile(v_uid);

  -- A live token of another user is not taken over: registering a token proves nothing
  -- (anyone who once saw it could silence its owner and have his own pushes shown on that
  -- phone). The proof is its owner's unregister_push_device (the app calls it at sign-out,
  -- before the next account registers) or the gateway's word that the token is dead (the
  -- worker disables it): then it moves to the caller. Locked, so that two registrations of
  -- one token are decided one after the other.
  if exists (select from public.push_devices d
              where d.token = p_token and d.user_id <> v_uid and d.disabled_at is null
              for update) then
    raise exception using errcode = '23505',
      message = 'DEVICE_TAKEN: this push token is registered to another account',
      hint = 'The other account unregisters it first (unregister_push_device at sign-out).';
  end if;

  -- Idempotent: the same registration again writes nothing. A disabled token, or one its
  -- previous user unregistered, comes back to the caller.
  insert into public.push_devices as d (user_id, token, platform, environment)
  values (v_uid, p_token, p_platform, p_environment)
  on conflict (token) do update
     set user_id = excluded.user_id, platform = excluded.platform, environment = excluded.environment,
         registered_at = pg_catalog.now(), disabled_at = null, disabled_reason = null
   where (d.user_id, d.platform, d.environment) is distinct from (excluded.user_id, excluded.platform, excluded.environment)
      or d.disabled_at is not null;

  -- At most 10 devices a user: a push fans out to each, so a client cannot turn one
  -- notification into thousands of gateway requests. The oldest registrations go.
  delete from public.push_devices d
   where d.id in (select o.id from public.push_devices o
                   where o.user_id = v_uid
                   order by o.registered_at desc, o.id desc
                  offset 10);

  select * into v_device from public.push_devices d where d.token = p_token;
  return pg_catalog.jsonb_build_object(
    'id', v_device.id, 'platform', v_device.platform, 'environment', v_device.environment,
    'token', v_device.token, 'registered_at', v_device.registered_at);
end
$$;
comment on function public.register_push_device(text, text, text) is
  'Registers a device of the caller for pushes (p_platform ios or android, p_environment sandbox or production) and returns it as {id, platform, environment, token, registered_at}. Idempotent; a token another user holds is refused (DEVICE_TAKEN) unless the gateway disabled it (then it moves to the caller); a disabled device is enabled again; a user keeps at most 10 devices (the oldest registrations are removed). Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_ARGUMENT (22023, DETAIL {argument, ...}), NOT_FOUND (P0002: the caller has no profile), DEVICE_TAKEN (23505: another user holds the live token; nothing changed). SECURITY DEFINER: a dead token held by another user moves to the caller, and that row is invisible to the caller under row-level security.';

-- Security invoker: row-level security lets a user remove only their own devices.
create or replace function public.unregister_push_device(p_token text)
  returns boolean
  language plpgsql volatile
  set search_path = ''
as $$
declare
  v_count integer;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: unregister_push_device needs a signed-in caller';
  end if;
  if p_token is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_token is required';
  end if;
  delete from public.push_devices d where d.token = p_token and d.user_id = auth.uid();
  get diagnostics v_count = row_count;
  return v_count > 0;
end
$$;
comment on function public.unregister_push_device(text) is
  'Removes the caller''s device with this token (on sign-out); returns whether one was removed. Idempotent: a token the caller does not hold (unknown, already removed, or another user''s) returns false and changes nothing.';

revoke all on function public.register_push_device(text, text, text), public.unregister_push_device(text)
  from public, anon, authenticated, service_role;
grant execute on function public.register_push_device(text, text, text), public.unregister_push_device(text)
  to authenticated, service_role;

create or replace function private.take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[])
  returns table (event_id bigint, watchlist_id uuid, reader uuid, sharer uuid, title text)
  language sql volatile
  set search_path = ''
as $$
  with live as (
    -- Shares that still exist on a live watchlist (one revoked since is no news, and its
    -- title is no longer the reader's to read), not made by the reader, one per
    -- (watchlist, reader): the earliest event.
    select distinct on (s.watchlist_id, s.user_id)
           r.event_id, s.watchlist_id, s.user_id as reader, coalesce(r.actor, w.owner_id) as sharer,
           coalesce(nullif(w.title, ''), nullif(w.location_display_name, ''), 'a watchlist') as title
      from unnest(p_event_ids, p_share_ids, p_actors) as r (event_id, share_id, actor)
      join public.watchlist_shares s on s.id = r.share_id
      join public.watchlists w on w.id = s.watchlist_id and w.deleted_at is null
     where s.user_id <> coalesce(r.actor, w.owner_id)
       -- The title goes only to a reader who may see the watchlist (the visibility
       -- definition, 10_visibility.sql: a share makes it so today).
       and private.user_sees(s.user_id, 'watchlists', pg_catalog.to_jsonb(w))
     order by s.watchlist_id, s.user_id, r.event_id
  ), taken as (
    -- The hour's slot: a row that is new or older than an hour is (re)stamped and
    -- returned; otherwise nothing. A concurrent worker waits on the row and then finds it
    -- taken; a retried transaction rolled its stamp back with its notification.
    insert into private.watchlist_share_notices as n (watchlist_id, user_id, notified_at)
    select l.watchlist_id, l.reader, pg_catalog.now() from live l
    on conflict (watchlist_id, user_id) do update
       set notified_at = excluded.notified_at
     where n.notified_at <= excluded.notified_at - interval '1 hour'
    returning n.watchlist_id, n.user_id
  )
  select l.event_id, l.watchlist_id, l.reader, l.sharer, l.title
    from live l
    join taken t on t.watchlist_id = l.watchlist_id and t.user_id = l.reader
   order by l.event_id
$$;
comment on function private.take_watchlist_share_notices(bigint[], uuid[], uuid[]) is
  'The watchlist_shared notifications to create for share events (outbox event p_event_ids[i] inserted share p_share_ids[i], written by p_actors[i], NULL for a service write): for each share that still exists on a live watchlist and was not made by its reader, the watchlist, reader, sharer (the actor, else the owner) and title to show; at most one per (watchlist, reader) per hour (private.watchlist_share_notices, taken in the caller''s transaction). The worker''s (service_role).';
revoke all on function private.take_watchlist_share_notices(bigint[], uuid[], uuid[]) from public, anon, authenticated, service_role;
grant execute on function private.take_watchlist_share_notices(bigint[], uuid[], uuid[]) to service_role;
