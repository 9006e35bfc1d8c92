-- The keys live in the registry, which several types share a key of: a trigger rather than
-- a foreign key, so that the registry stays the one list and both the RPC and a direct
-- write get the same coded refusal.
create or replace function private.check_notification_preference() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
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

revoke all on private.notification_mutes from public, anon, authenticated, service_role;
grant select on private.notification_mutes to service_role;

-- Security invoker: row-level security keeps each user to their own switches.
create or replace function public.get_notification_preferences()
  returns jsonb
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('get_notification_preferences');
begin
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
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.assert_profile(private.caller('set_notification_preference'));
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
