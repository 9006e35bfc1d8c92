-- What the platform this database runs on calls for, and what of it is missing: read by
-- `migrate status` on every run. A feature that depends on a platform schema is set up by
-- the final step of every migrate where the platform has it (private.apply_manifest); a
-- platform installed later (Supabase Storage added to a self-hosted database, a
-- publication created for a self-hosted Realtime server) is then missing until the next
-- migrate, and status says so instead of "applied".
create or replace function private.platform_features()
  returns table (feature text, expected text, missing text[])
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return query
  -- Supabase Storage: the bucket and its four policies.
  select 'storage'::text, 'bucket watchlist-photos and its policies on storage.objects'::text,
         array(
           select p.name from pg_catalog.unnest(array['watchlist_photos_select', 'watchlist_photos_insert',
                                                      'watchlist_photos_update', 'watchlist_photos_delete']) p (name)
            where not exists (select from pg_catalog.pg_policy y
                               where y.polrelid = pg_catalog.to_regclass('storage.objects') and y.polname = p.name)
            order by p.name)
         || case when private.storage_bucket_exists() then '{}'::text[] else array['bucket watchlist-photos'] end
   where pg_catalog.to_regclass('storage.objects') is not null and pg_catalog.to_regclass('storage.buckets') is not null
  union all
  -- Realtime: the publication (where it exists, or where this server could serve one) holds
  -- the manifest's realtime tables with their replica identities.
  select 'realtime'::text, 'publication supabase_realtime with the realtime tables of the table manifest'::text,
         case when not exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
              then array['publication supabase_realtime']
              else array(
                     select pg_catalog.format('%s (replica identity %s)', t.table_name, t.replica_identity)
                       from private.realtime_tables() t
                       join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.table_name))
                      where c.relreplident <> (case t.replica_identity when 'full' then 'f' else 'd' end)::"char"
                         or not exists (select from pg_catalog.pg_publication_tables p
                                         where p.pubname = 'supabase_realtime' and p.schemaname = 'public'
                                           and p.tablename = t.table_name)
                      order by t.table_name) end
   where exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
      or (pg_catalog.current_setting('wal_level') = 'logical'
          and pg_catalog.has_database_privilege(pg_catalog.current_database(), 'CREATE'));
end
$$;
comment on function private.platform_features() is
  'The features this database''s platform calls for, one row each: storage (where Supabase Storage is installed: the bucket watchlist-photos and its four policies) and realtime (where publication supabase_realtime exists or this server has wal_level = logical and the caller may create it: the publication with the manifest''s realtime tables and replica identities), with what of each is missing (empty: all there). The final step of migrate sets them up; migrate status prints what is missing.';

-- Whether Storage has the bucket: read through dynamic SQL, so that this file does not
-- depend on schema storage existing.
create or replace function private.storage_bucket_exists() returns boolean
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_exists boolean;
begin
  if pg_catalog.to_regclass('storage.buckets') is null then
    return false;
  end if;
  execute 'select exists (select from storage.buckets b where b.id = $1)' into v_exists using 'watchlist-photos';
  return v_exists;
end
$$;
comment on function private.storage_bucket_exists() is
  'True when Supabase Storage is installed and has the bucket watchlist-photos. For private.platform_features.';

revoke all on function private.platform_features(), private.storage_bucket_exists() from public, anon, authenticated, service_role;
