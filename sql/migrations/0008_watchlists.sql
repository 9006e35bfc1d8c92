-- migrate:replaces 0008_watchlists ee4451bfef5134940bbb9b0213f01a4b4f4a238001b1001ef14c9a425941d507
-- PostGIS's types and functions are found in the schema it is installed in, for this
-- migration's transaction only; every other name below is schema-qualified.
select pg_catalog.set_config('search_path', 'pg_catalog, ' || pg_catalog.quote_ident(n.nspname), true)
  from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
 where e.extname = 'postgis';

-- ---------------------------------------------------------------------------------------
-- Watchlists and their children
-- ---------------------------------------------------------------------------------------

create table public.watchlists (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  type text,
  title text,
  location text,
  location_display_name text,
  start_date date,
  end_date date,
  observed_count integer not null default 0 check (observed_count >= 0),
  species_count integer not null default 0 check (species_count >= 0),
  cover_image_path text,
  species_rule_enabled boolean not null default false,
  species_rule_shape_id text,
  location_rule_enabled boolean not null default false,
  location_rule_lat double precision check (location_rule_lat between -90 and 90),
  location_rule_lon double precision check (location_rule_lon between -180 and 180),
  -- At most 500 km, as the spatial RPCs: a planet-wide rule would match every sighting
  -- anywhere (and make each one probe every rule).
  location_rule_radius_km double precision
    constraint watchlists_location_rule_radius_km_check
    check (location_rule_radius_km > 0 and location_rule_radius_km <= 500),
  location_rule_location geography(Point, 4326)
    generated always as (st_setsrid(st_makepoint(location_rule_lon, location_rule_lat), 4326)::geography) stored,
  location_rule_display_name text,
  date_rule_enabled boolean not null default false,
  date_rule_start_date date,
  date_rule_end_date date,
  sync_status text default 'pendingCreate',
  last_synced_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint watchlists_dates_ordered check (start_date <= end_date),
  constraint watchlists_date_rule_ordered check (date_rule_start_date <= date_rule_end_date)
);
comment on table public.watchlists is
  'A user''s bird watchlist. The owner manages it; users it is shared with (watchlist_shares) read it. Deleting from the app sets deleted_at (tombstone); public.purge_watchlist_tombstones() hard-deletes old tombstones.';
comment on column public.watchlists.owner_id is 'Owner (public.users); defaults to the caller. Not updatable through the API.';
comment on column public.watchlists.location_rule_radius_km is
  'Radius of the location rule in km: greater than 0 and at most 500 (the spatial RPCs'' limit; NaN is refused too). A write outside that fails the watchlists_location_rule_radius_km_check CHECK (23514; INVALID_RECORD through sync_push).';
comment on column public.watchlists.location_rule_location is
  'Generated from location_rule_lon/lat; GiST-indexed so that sightings can be matched against location rules.';
comment on column public.watchlists.sync_status is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.watchlists.last_synced_at is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.watchlists.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the watchlist; NULL while live.';
comment on column public.watchlists.row_version is 'Incremented by the server on every real UPDATE; sync_push() compares it for optimistic locking.';

create index watchlists_updated_at_idx on public.watchlists (updated_at);
create index watchlists_deleted_at_idx on public.watchlists (deleted_at) where deleted_at is not null;
create index watchlists_location_rule_gist on public.watchlists using gist (location_rule_location)
  where location_rule_enabled and deleted_at is null;

create table public.watchlist_entries (
  id uuid primary key default gen_random_uuid(),
  watchlist_id uuid not null references public.watchlists (id) on delete cascade,
  bird_id uuid references public.bird (id),
  nickname text,
  status text,
  notes text,
  added_date timestamptz default now(),
  observation_date timestamptz,
  to_observe_start_date timestamptz,
  to_observe_end_date timestamptz,
  observed_by text,
  lat double precision check (lat between -90 and 90),
  lon double precision check (lon between -180 and 180),
  location geography(Point, 4326)
    generated always as (st_setsrid(st_makepoint(lon, lat), 4326)::geography) stored,
  location_display_name text,
  priority integer not null default 0,
  notify_upcoming boolean not null default false,
  target_date_range text,
  sync_status text default 'pendingCreate',
  last_synced_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint watchlist_entries_lat_lon_together check ((lat is null) = (lon is null))
);
comment on table public.watchlist_entries is
  'A bird on a watchlist (to observe, or observed at lat/lon). Access is inherited from the watchlist. Queried spatially by public.birds_near().';
comment on column public.watchlist_entries.location is
  'Generated from lon/lat when both are set (NULL otherwise); GiST-indexed for birds_near().';
comment on column public.watchlist_entries.sync_status is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.watchlist_entries.last_synced_at is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.watchlist_entries.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the entry; NULL while live.';

create index watchlist_entries_bird_id_idx on public.watchlist_entries (bird_id);
create index watchlist_entries_updated_at_idx on public.watchlist_entries (updated_at);
create index watchlist_entries_deleted_at_idx on public.watchlist_entries (deleted_at) where deleted_at is not null;
create index watchlist_entries_location_gist on public.watchlist_entries using gist (location);

create table public.watchlist_rules (
  id uuid primary key default gen_random_uuid(),
  watchlist_id uuid not null references public.watchlists (id) on delete cascade,
  rule_type text not null,
  parameters_json text,
  is_active boolean not null default true,
  priority integer not null default 0,
  sync_status text default 'pendingCreate',
  last_synced_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.watchlist_rules is
  'A matching rule of a watchlist (rule_type with JSON parameters, as the app encodes them). Access is inherited from the watchlist.';
comment on column public.watchlist_rules.parameters_json is 'Rule parameters as the app''s JSON text, stored as the app encodes them (the server only passes them through).';
comment on column public.watchlist_rules.sync_status is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.watchlist_rules.last_synced_at is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.watchlist_rules.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the rule; NULL while live.';

create index watchlist_rules_updated_at_idx on public.watchlist_rules (updated_at);
create index watchlist_rules_deleted_at_idx on public.watchlist_rules (deleted_at) where deleted_at is not null;
