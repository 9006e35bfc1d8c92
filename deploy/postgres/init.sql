-- The compose file's database as production has it, run once by the postgres image on a
-- fresh volume (docker-entrypoint-initdb.d, as the superuser, in the database POSTGRES_DB):
--   - the apps' API roles anon, authenticated, service_role (no login), as on Supabase;
--   - dispatch_owner: the non-superuser that runs the migrations and owns what they create
--     (Supabase's `postgres` plays that part there);
--   - dispatch_worker: the worker's login, a member of service_role;
--   - PostGIS in schema extensions, which anon cannot use (never in public, where its
--     table spatial_ref_sys and its functions would be part of the API).
-- Change the two passwords (here, in deploy/pgbouncer/userlist.txt and in
-- docker-compose.yml) before the stack leaves your machine.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'dispatch_owner') then
    create role dispatch_owner login createrole bypassrls password 'dispatch-owner';
  end if;
  if not exists (select from pg_roles where rolname = 'dispatch_worker') then
    create role dispatch_worker login password 'dispatch-worker' in role service_role;
  end if;
  execute format('grant create, connect, temporary on database %I to dispatch_owner', current_database());
end
$$;
grant anon, authenticated, service_role to dispatch_owner;
grant usage, create on schema public to dispatch_owner;

create schema if not exists extensions;
comment on schema extensions is 'Extensions (PostGIS), out of the API schema: anon may not use it.';
revoke all on schema extensions from public;
grant usage on schema extensions to dispatch_owner, authenticated, service_role;
create extension if not exists postgis schema extensions;
-- PostGIS's definer function returns the extent of any geometry column after ANALYZE,
-- whatever row-level security hides: nobody but its owner runs it.
revoke execute on function extensions.st_estimatedextent(text, text) from public;
revoke execute on function extensions.st_estimatedextent(text, text, text) from public;
revoke execute on function extensions.st_estimatedextent(text, text, text, boolean) from public;
