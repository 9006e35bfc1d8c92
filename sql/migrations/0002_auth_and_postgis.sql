-- migrate:replaces 0001_roles_and_auth 629a34914a59c430b4d42dab210d8503a2606996b02e0cd7201320f7f8098084
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

  -- Functions that need PostGIS at run time search its schema (08_watchlists.sql, 11_spatial.sql): that is only
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
