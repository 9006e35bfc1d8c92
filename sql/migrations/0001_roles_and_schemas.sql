-- migrate:replaces 0001_roles_and_auth 629a34914a59c430b4d42dab210d8503a2606996b02e0cd7201320f7f8098084
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
