-- The search_path of everything that uses PostGIS: pg_catalog first, then PostGIS's schema.
create or replace function private.postgis_search_path() returns text
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
