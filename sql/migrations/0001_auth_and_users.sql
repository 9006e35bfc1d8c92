-- Auth and users: the roles, the `auth` schema and `public.users`.
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

-- Shared row stamping for every domain table: the server's clock stamps each write and
-- each real UPDATE bumps row_version (optimistic locking for sync_push). A no-op UPDATE
-- (nothing changed) is left alone, so it also writes no audit row.
create or replace function public.stamp_row() returns trigger
  language plpgsql
as $$
begin
  new.updated_at := clock_timestamp();
  if tg_op = 'UPDATE' then
    new.row_version := old.row_version + 1;
  end if;
  return new;
end
$$;
comment on function public.stamp_row() is
  'BEFORE INSERT/UPDATE trigger function: sets updated_at from the server clock and increments row_version on UPDATE. The device clock never decides either.';

-- Trigger names start with "_" so that they fire before every other BEFORE trigger
-- (triggers fire in name order): audit snapshots then see the stamped row.
-- PostgreSQL refuses `old.* is distinct from new.*` in the WHEN clause of a table with
-- generated columns (they are not computed yet in a BEFORE trigger's NEW), so such a table
-- compares its stored columns one by one; a generated column only changes with them.
-- Re-running it replaces the triggers (after adding columns to such a table, for instance).
create or replace function public.enable_row_stamping(p_table regclass) returns void
  language plpgsql
as $$
declare
  v_changed text;
begin
  select case when bool_or(a.attgenerated <> '')
              then format('row(%s) is distinct from row(%s)',
                          string_agg(format('old.%I', a.attname), ', ' order by a.attnum) filter (where a.attgenerated = ''),
                          string_agg(format('new.%I', a.attname), ', ' order by a.attnum) filter (where a.attgenerated = ''))
              else 'old.* is distinct from new.*' end
    into v_changed
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped;
  execute format(
    'create or replace trigger _stamp_insert before insert on %s for each row execute function public.stamp_row()',
    p_table);
  execute format(
    'create or replace trigger _stamp_update before update on %s for each row '
    'when (%s) execute function public.stamp_row()',
    p_table, v_changed);
end
$$;
comment on function public.enable_row_stamping(regclass) is
  'Attaches the _stamp_insert and _stamp_update triggers (public.stamp_row) to a table that has updated_at and row_version columns; a no-op UPDATE (no stored column changes) is not stamped. Tables with generated columns compare their other columns as they are when this runs: run it again after adding columns.';

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '',
  email text,
  avatar_url text,
  gender text,
  profile_photo text,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.users is
  'App profile of each auth user (realtors and bird watchers alike). Every authenticated user reads profiles (names for "claimed by"); each updates only their own row; is_admin sees and changes everything.';
comment on column public.users.is_admin is 'Admins see and change every row of every table.';

create index users_updated_at_idx on public.users (updated_at);

select public.enable_row_stamping('public.users');

-- is_admin() is SECURITY DEFINER so that policies can ask it without recursing into
-- the users policies.
create function public.is_admin() returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select u.is_admin from public.users u where u.id = auth.uid()), false)
$$;
comment on function public.is_admin() is
  'True when the caller (auth.uid()) is an admin. Used by row-level security policies.';

alter table public.users enable row level security;

create policy users_select on public.users for select to authenticated using (true);
create policy users_insert on public.users for insert to authenticated
  with check (id = auth.uid() and not is_admin);
create policy users_update on public.users for update to authenticated
  using (id = auth.uid() or public.is_admin())
  with check (id = auth.uid() or public.is_admin());
create policy users_delete on public.users for delete to authenticated
  using (public.is_admin());

-- is_admin is not in the column list: nobody promotes themselves through the API.
grant select, insert, delete on public.users to authenticated;
grant update (name, email, avatar_url, gender, profile_photo) on public.users to authenticated;
grant all on public.users to service_role;
grant execute on function public.is_admin() to authenticated, service_role;
