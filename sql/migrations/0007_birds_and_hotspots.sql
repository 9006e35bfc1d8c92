-- migrate:replaces 0008_watchlists ee4451bfef5134940bbb9b0213f01a4b4f4a238001b1001ef14c9a425941d507
-- migrate:replaces 0011_spatial 8699837731d90397f9dce4f5df41dee8232d4ec66a69e2e33da34de219bc97aa
-- Watchlists: birds, hotspots, users' watchlists with their entries, rules and photos, and
-- who a watchlist is shared with (write rules: 09_watchlist_access.sql; who reads what: 10_visibility.sql).
--
-- Ids default to gen_random_uuid() (a device may bring its own); owners are public.users;
-- hotspot.location and watchlist_entries.location are generated geography(Point, 4326)
-- columns built with immutable functions (st_makepoint + st_setsrid: a location built by
-- concatenating text could not be a generated column, nor use an index) with GiST
-- indexes; coordinate ranges are checked; updated_at and row_version come from the server
-- (private.enable_row_stamping); deleted_at tombstones are stamped with the server clock;
-- foreign keys are indexed.

-- PostGIS's types and functions are found in the schema it is installed in, for this
-- migration's transaction only; every other name below is schema-qualified.
select pg_catalog.set_config('search_path', 'pg_catalog, ' || pg_catalog.quote_ident(n.nspname), true)
  from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
 where e.extname = 'postgis';

-- ---------------------------------------------------------------------------------------
-- Reference data: bird and hotspot (read by every authenticated user, written by service_role)
-- ---------------------------------------------------------------------------------------

create table public.bird (
  id uuid primary key default gen_random_uuid(),
  common_name text not null,
  scientific_name text,
  static_image_name text,
  family text,
  order_name text,
  description_text text,
  conservation_status text,
  rarity_level text,
  migration_strategy text,
  hemisphere text,
  valid_locations text[],
  valid_months integer[] check (valid_months <@ array[1,2,3,4,5,6,7,8,9,10,11,12]),
  shape_id text,
  size_category integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.bird is
  'Bird species catalogue (reference data). Every authenticated user reads it; only service_role writes it.';
comment on column public.bird.valid_months is 'Months (1-12) in which the species can be observed.';
comment on column public.bird.shape_id is 'Silhouette shape, matched by watchlists.species_rule_shape_id.';

create index bird_updated_at_idx on public.bird (updated_at);

create table public.hotspot (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  locality text,
  lat double precision not null check (lat between -90 and 90),
  lon double precision not null check (lon between -180 and 180),
  location geography(Point, 4326) not null
    generated always as (st_setsrid(st_makepoint(lon, lat), 4326)::geography) stored,
  image_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.hotspot is
  'Birding hotspots (reference data). Every authenticated user reads them; only service_role writes them. Queried with public.hotspots_near().';
comment on column public.hotspot.location is
  'Generated from lon/lat (WGS 84); GiST-indexed for hotspots_near().';

create index hotspot_location_gist on public.hotspot using gist (location);
create index hotspot_updated_at_idx on public.hotspot (updated_at);

-- The row type of hotspots_near (sql/code/11_spatial.sql): a named type rather than RETURNS
-- TABLE, whose lat/lon columns would clash with the parameters of the same names.
create type public.hotspot_near as (
  id uuid,
  name text,
  locality text,
  lat double precision,
  lon double precision,
  image_name text,
  distance_m double precision
);
comment on type public.hotspot_near is 'A row of public.hotspots_near(): the hotspot and its distance in metres from the search point.';
