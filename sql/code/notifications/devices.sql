-- Push devices: registering and removing a device's token.

create or replace function public.register_push_device(p_platform text, p_token text, p_environment text default 'production')
  returns jsonb
  language plpgsql volatile security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('register_push_device');
  v_device public.push_devices;
begin
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
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_count integer;
begin
  perform private.caller('unregister_push_device');
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
