-- Roles, schemas and auth: the API roles and their statement timeout, schema `private`,
-- `auth.users` and `auth.uid()`, PostGIS.
--
-- The same file runs on plain PostgreSQL 15+ (migrated by a superuser) and on a hosted
-- Supabase database (migrated by its non-superuser `postgres`, which owns neither `auth`
-- nor the `extensions` schema). Whatever the database already has (the roles, `auth`,
-- PostGIS, schema `extensions`) is used as it is: this creates only what is missing, and
-- states privileges only on what it creates. A grant on an object one does not own
-- changes nothing but a warning, and `create ... if not exists` checks the CREATE
-- privilege before it looks for the object, so every "if missing" below is a catalog check.
--
-- Privileges everywhere in these migrations are stated, never inherited: a Supabase
-- database grants ALL on every new table, function and sequence in `public` to anon,
-- authenticated and service_role (default privileges), so each object revokes everything
-- from public, anon, authenticated and service_role, then grants exactly what is meant.

-- ---------------------------------------------------------------------------------------
-- The API roles
-- ---------------------------------------------------------------------------------------

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
    if not exists (select from pg_catalog.pg_roles where rolname = r.name) then
      begin
        execute pg_catalog.format('create role %I %s', r.name, r.options);
      exception when duplicate_object or unique_violation then
        null;  -- created by a concurrent migration of another database
      end;
    end if;
  end loop;
end
$$;

-- The session user (whoever runs migrations and the worker) may act as each API role
-- (`set role`), unless it already may (a superuser; Supabase's postgres).
do $$
declare
  v_role text;
begin
  foreach v_role in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_catalog.pg_has_role(current_user, v_role, 'member') then
      begin
        execute pg_catalog.format('grant %I to %I', v_role, current_user);
      exception when unique_violation then
        null;  -- granted by a concurrent migration of another database
      end;
    end if;
  end loop;
end
$$;

-- App users' statements end after 8 seconds (Supabase's own value), so that no request
-- holds a connection and its locks for longer. A role setting reaches every API layer that
-- applies the impersonated role's settings (PostgREST does) and `transaction(as:)` in
-- Swift, which sets it locally with the claims. A value the operator chose (Supabase sets
-- one) is kept.
do $$
begin
  if not exists (select from pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) c
                  where s.setrole = 'authenticated'::regrole and s.setdatabase = 0
                    and c like 'statement\_timeout=%') then
    begin
      alter role authenticated set statement_timeout = '8s';
    exception when unique_violation then
      null;  -- set by a concurrent migration of another database
    end;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Schema private: internal helpers
-- ---------------------------------------------------------------------------------------

create schema private;
comment on schema private is
  'Internal helpers of the Dispatch schema: row-level security helpers, trigger functions, validators, stamping. Not an API: no API layer exposes it, anon cannot use it, and each function is executable only by what calls it (authenticated for the helpers its policies and RPCs call, service_role for the worker''s).';
revoke all on schema private from public, anon, authenticated, service_role;
-- Row-level security policies and SECURITY INVOKER RPCs run as the querying role.
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- auth: users and auth.uid(), when the database has none (a Supabase database has both)
-- ---------------------------------------------------------------------------------------

do $$
begin
  if not exists (select from pg_catalog.pg_namespace where nspname = 'auth') then
    create schema auth;
    comment on schema auth is 'Sign-in identities (auth.users) and auth.uid(), as a Supabase database has them.';
    revoke all on schema auth from public, anon, authenticated, service_role;
    grant usage on schema auth to authenticated, service_role;
  end if;

  if pg_catalog.to_regclass('auth.users') is null then
    create table auth.users (
      id uuid primary key default gen_random_uuid(),
      email text unique,
      created_at timestamptz not null default now()
    );
    comment on table auth.users is
      'Sign-in identities: one row per user who can sign in (public.users holds their profile). Written by whatever signs users up, as the owner; no API role reads it.';
    alter table auth.users enable row level security;
    revoke all on table auth.users from public, anon, authenticated, service_role;
  end if;

  if pg_catalog.to_regprocedure('auth.uid()') is null then
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
    revoke all on function auth.uid() from public, anon, authenticated, service_role;
    grant execute on function auth.uid() to authenticated, service_role;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- PostGIS
-- ---------------------------------------------------------------------------------------
-- Used from whichever schema it is installed in: `extensions` on Supabase (its default),
-- `public` on older installs. When it is missing, it goes into schema `extensions`, which
-- anon cannot use: PostGIS's 700-odd functions are not part of anyone's API.

do $$
declare
  v_schema text;
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'postgis') then
    if not exists (select from pg_catalog.pg_namespace where nspname = 'extensions') then
      create schema extensions;
      comment on schema extensions is
        'Extensions (PostGIS), apart from the API schema public. authenticated and service_role use it (spatial RPCs, generated locations); anon does not.';
      revoke all on schema extensions from public, anon, authenticated, service_role;
      grant usage on schema extensions to authenticated, service_role;
    end if;
    create extension postgis schema extensions;
  end if;

  -- Functions that need PostGIS at run time search its schema (0008, 0011): that is only
  -- safe while no API role can create an object there to stand in for one of PostGIS's.
  select n.nspname into v_schema
    from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'postgis';
  if exists (select from pg_catalog.unnest(array['anon', 'authenticated', 'service_role']) r
              where pg_catalog.has_schema_privilege(r, v_schema, 'CREATE')) then
    raise exception using errcode = '42501',
      message = pg_catalog.format('UNSAFE_SCHEMA: API roles may create objects in schema %I, where PostGIS is installed', v_schema),
      hint = pg_catalog.format('revoke create on schema %I from public, anon, authenticated, service_role;', v_schema);
  end if;
end
$$;

-- The search_path of everything that uses PostGIS: pg_catalog first, then PostGIS's schema.
create function private.postgis_search_path() returns text
  language sql
  stable
  set search_path = ''
as $$
  select 'pg_catalog, ' || pg_catalog.quote_ident(n.nspname)
    from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'postgis'
$$;
comment on function private.postgis_search_path() is
  'pg_catalog and the schema PostGIS is installed in, as a search_path. A migration that uses PostGIS sets it for its transaction; the functions it creates that call PostGIS at run time keep it (SET search_path FROM CURRENT).';
revoke all on function private.postgis_search_path() from public, anon, authenticated, service_role;

-- The schema public itself: API roles need to use it. Granted only when they cannot yet
-- (a plain database lets everyone use it, Supabase grants it), so that this never touches
-- a schema the migrating role does not own.
do $$
declare
  v_role text;
begin
  foreach v_role in array array['authenticated', 'service_role'] loop
    if not pg_catalog.has_schema_privilege(v_role, 'public', 'USAGE') then
      execute pg_catalog.format('grant usage on schema public to %I', v_role);
    end if;
  end loop;
end
$$;
