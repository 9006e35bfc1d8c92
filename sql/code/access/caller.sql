-- Who the caller is: an admin, a session acting as authenticated, a user with a profile.
-- The policies and RPCs of every area ask these.

-- is_admin() is SECURITY DEFINER so that policies can ask it without recursing into
-- the users policies. PL/pgSQL: a SQL function with a SET clause is parsed and planned
-- again at every call (once per statement of every policy, once per pull), where
-- PL/pgSQL keeps its plan for the session.
create or replace function private.is_admin() returns boolean
  language plpgsql stable security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  return coalesce((select u.is_admin from public.users u where u.id = auth.uid()), false);
end
$$;
comment on function private.is_admin() is
  'True when the caller (auth.uid()) is an admin. Used by row-level security policies (as `(select private.is_admin())`, once per statement).';
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.is_admin() to authenticated;

-- Who the caller acts as, past any SECURITY DEFINER switch: inside a definer function
-- current_user is the function's owner, but the setting `role` still holds the role the
-- session took with SET ROLE (an API layer's `set local role authenticated`), and a definer
-- function can change neither it nor session_user. request.jwt.claims can be set by any
-- session, so a user id from it proves nothing unless the session also acts as
-- authenticated: service_role, a login in it (the worker, an exporter) or anon may set a
-- user's claims, but not take that role without being granted it.
-- PL/pgSQL: a SQL function with a SET clause is planned again at every call, and every
-- poll asks this.
create or replace function private.caller_acts_as_authenticated() returns boolean
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return case pg_catalog.current_setting('role')
           when 'none' then session_user in ('authenticated', 'dispatch_admin')
           else pg_catalog.current_setting('role') in ('authenticated', 'dispatch_admin') end;
end
$$;
comment on function private.caller_acts_as_authenticated() is
  'True when the session acts as role authenticated or dispatch_admin (an admin''s requests, a member of authenticated: SET ROLE, or signed in as it), whatever SECURITY DEFINER function asks: the guard of the definer paths to what is private to its owner (journals), which must not trust request.jwt.claims set by service_role or any other role.';
revoke all on function private.caller_acts_as_authenticated() from public, anon, authenticated, service_role;

-- The signed-in caller of an RPC, or NOT_AUTHENTICATED: every RPC that serves a user (claims,
-- sync, badges, preferences, push devices, journals) asks this one question, so the code,
-- its SQLSTATE and the hint are the same whichever RPC a client called.
-- The error is raised by a function of its own, called only when there is no caller: the
-- question itself is a SQL function with a standard body, which the planner writes into the
-- RPC's statement (a PL/pgSQL function, whose SET clause is undone at its end by a walk over
-- every setting of the server, cost every call, every poll among them).
create or replace function private.not_authenticated(p_rpc text) returns uuid
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  raise exception using errcode = '42501',
    message = pg_catalog.format('NOT_AUTHENTICATED: %s needs a signed-in caller', p_rpc),
    hint = 'Set request.jwt.claims with the user''s "sub".';
end
$$;
comment on function private.not_authenticated(text) is
  'Raises NOT_AUTHENTICATED (42501) for the RPC named p_rpc: private.caller''s error.';
revoke all on function private.not_authenticated(text) from public, anon, authenticated, service_role;
grant execute on function private.not_authenticated(text) to authenticated, service_role;

create or replace function private.caller(p_rpc text) returns uuid
  language sql stable
return coalesce(auth.uid(), private.not_authenticated(p_rpc));
comment on function private.caller(text) is
  'The caller (auth.uid()) of the RPC named p_rpc (for the message); NOT_AUTHENTICATED (42501, private.not_authenticated) when there is none. The one check of a calling user, for every RPC that serves users. Written into the calling statement.';
revoke all on function private.caller(text) from public, anon, authenticated, service_role;
grant execute on function private.caller(text) to authenticated, service_role;

-- A signed-in user (a sub in the claims) need not have a profile yet: the app creates it
-- after sign-up. What such a caller writes would reference public.users and fail with a raw
-- foreign-key error; the RPCs ask this first. As the caller (row-level security: every user
-- reads his own profile and no other), so that it answers only about him: as a definer
-- function it told anyone whether any user had a profile.
create or replace function private.assert_profile(p_user uuid) returns void
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if not exists (select from public.users u where u.id = p_user) then
    raise exception using errcode = 'P0002',
      message = 'NOT_FOUND: the caller has no profile in public.users',
      hint = 'Create the profile (insert into users) first.';
  end if;
end
$$;
comment on function private.assert_profile(uuid) is
  'Raises NOT_FOUND (P0002) when p_user, the caller, has no row in public.users (as an app user: another user''s profile is never found): for the RPCs a signed-in user may call before creating a profile (claims, journals, preferences, push devices), which would otherwise fail on a foreign key without a code.';
revoke all on function private.assert_profile(uuid) from public, anon, authenticated, service_role;
-- The invoker RPCs (journals, preferences) ask it as the caller.
grant execute on function private.assert_profile(uuid) to authenticated;
