-- The row of hotspots_near is the hotspot's row plus its distance: an app decodes what it
-- finds nearby as it decodes a hotspot it synced (every column of public.hotspot, in its
-- order, then distance_m). Altered in place (attributes dropped and added in one
-- statement) rather than dropped and re-created, since hotspots_near (sql/code/11_spatial.sql)
-- returns it.

-- PostGIS's types are found in the schema it is installed in, for this migration's
-- transaction only; every other name below is schema-qualified.
select pg_catalog.set_config('search_path', 'pg_catalog, ' || pg_catalog.quote_ident(n.nspname), true)
  from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
 where e.extname = 'postgis';

alter type public.hotspot_near
  drop attribute image_name,
  drop attribute distance_m,
  add attribute location geography(Point, 4326),
  add attribute image_name text,
  add attribute created_at timestamptz,
  add attribute updated_at timestamptz,
  add attribute row_version integer,
  add attribute distance_m double precision;
comment on type public.hotspot_near is
  'A row of public.hotspots_near(): every column of public.hotspot, in its order, then distance_m, the distance in metres from the search point.';
