-- Roles and auth: the API roles, the `auth` schema, `auth.uid()`.
--
-- Everything a hosted Supabase-style database already has is created only when missing,
-- so these migrations run unchanged there and on plain PostgreSQL 15+ with PostGIS 3.

create extension if not exists postgis;

-- Roles are global to the cluster while migrations run per database, so two databases
-- migrated at the same moment can race to create them: the loser of the race carries on.
do $$
declare
  r record;
begin
  for r in select * from (values ('anon', 'nologin noinherit'),
                                 ('authenticated', 'nologin noinherit'),
                                 ('service_role', 'nologin noinherit bypassrls')) as v (name, options)
  loop
    if not exists (select from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.options);
      exception when duplicate_object or unique_violation then
        null;  -- created by a concurrent migration of another database
      end;
    end if;
  end loop;
end
$$;

-- The session user (whoever runs migrations and the worker) may act as each API role.
do $$
begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when unique_violation then
  null;  -- granted by a concurrent migration of another database
end
$$;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  created_at timestamptz not null default now()
);

-- auth.uid(): the caller's user id from the request's JWT claims, NULL when unset.
do $$
begin
  if not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'uid' and p.pronargs = 0
  ) then
    -- No SET search_path, so the planner can inline the body into the calling query (a
    -- function with SET clauses is called through the function manager instead, which
    -- parses and plans its SQL on every execution: a row-level security check or a column
    -- default that calls auth.uid() paid that once per statement). Every name is
    -- schema-qualified instead, so the inlined text means the same under any search_path.
    create function auth.uid() returns uuid
      language sql stable
    as $fn$
      select coalesce(
        nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::pg_catalog.jsonb
          operator(pg_catalog.->>) 'sub',
        nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), '')
      )::pg_catalog.uuid
    $fn$;
    comment on function auth.uid() is
      'The calling user''s id: the "sub" of request.jwt.claims (or request.jwt.claim.sub); NULL when neither is set.';
  end if;
end
$$;
grant execute on function auth.uid() to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
