-- Watchlists: birds, hotspots, users' watchlists with their entries, rules and photos, and
-- who a watchlist is shared with (write rules: 0009; who reads what: 0010).
--
-- Ids default to gen_random_uuid() (a device may bring its own); owners are public.users;
-- hotspot.location and watchlist_entries.location are generated geography(Point, 4326)
-- columns built with immutable functions (st_makepoint + st_setsrid: a location built by
-- concatenating text could not be a generated column, nor use an index) with GiST
-- indexes; coordinate ranges are checked; updated_at and row_version come from the server
-- (private.enable_row_stamping); deleted_at tombstones are stamped with the server clock;
-- foreign keys are indexed.

-- PostGIS's types and functions are found in the schema it is installed in (0001), for
-- this migration's transaction only; every other name below is schema-qualified.
select pg_catalog.set_config('search_path', private.postgis_search_path(), true);

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
select private.enable_row_stamping('public.bird');

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
select private.enable_row_stamping('public.hotspot');

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
select private.enable_row_stamping('public.watchlists');
select private.limit_lengths('public.watchlists',
  '{"type": 50, "title": 200, "location": 200, "location_display_name": 200, "cover_image_path": 2048,
    "species_rule_shape_id": 100, "location_rule_display_name": 200, "sync_status": 50}');

create table public.watchlist_shares (
  id uuid primary key default gen_random_uuid(),
  watchlist_id uuid not null references public.watchlists (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  role text not null default 'read' check (role in ('read', 'write')),
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint watchlist_shares_watchlist_user_key unique (watchlist_id, user_id)
);
comment on table public.watchlist_shares is
  'Who a watchlist is shared with. role ''read'' (default) may read the watchlist and its entries, rules and photos; ''write'' may also manage its entries, rules and photos. The watchlist row itself and its shares are managed by the owner only.';
comment on column public.watchlist_shares.role is '''read'' (default) or ''write''.';

-- (watchlist_id, user_id) is covered by the unique constraint's index.
create index watchlist_shares_user_id_idx on public.watchlist_shares (user_id);
create index watchlist_shares_updated_at_idx on public.watchlist_shares (updated_at);
select private.enable_row_stamping('public.watchlist_shares');

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
select private.enable_row_stamping('public.watchlist_entries');
select private.limit_lengths('public.watchlist_entries',
  '{"nickname": 200, "status": 50, "notes": 10000, "observed_by": 200, "location_display_name": 200,
    "target_date_range": 100, "sync_status": 50}');

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
select private.enable_row_stamping('public.watchlist_rules');
select private.limit_lengths('public.watchlist_rules', '{"rule_type": 100, "parameters_json": 10000, "sync_status": 50}');

create table public.observed_bird_photos (
  id uuid primary key default gen_random_uuid(),
  watchlist_entry_id uuid not null references public.watchlist_entries (id) on delete cascade,
  watchlist_id uuid,
  image_path text not null,
  storage_url text,
  is_uploaded boolean not null default false,
  captured_at timestamptz,
  uploaded_at timestamptz,
  sync_status text default 'pendingCreate',
  last_synced_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.observed_bird_photos is
  'A photo of an observed entry (local image_path; storage_url once uploaded). Access is inherited from the entry''s watchlist.';
comment on column public.observed_bird_photos.watchlist_id is
  'The watchlist of the photo''s entry, kept by the server (_derive_watchlist_id, and when an entry moves): who sees a photo is who sees that watchlist, and this column lets a user''s sync find their photos by it. Never written by the apps.';
comment on column public.observed_bird_photos.sync_status is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.observed_bird_photos.last_synced_at is 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';
comment on column public.observed_bird_photos.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the photo; NULL while live.';

create index observed_bird_photos_watchlist_entry_id_idx on public.observed_bird_photos (watchlist_entry_id);
create index observed_bird_photos_updated_at_idx on public.observed_bird_photos (updated_at);
create index observed_bird_photos_deleted_at_idx on public.observed_bird_photos (deleted_at) where deleted_at is not null;
select private.enable_row_stamping('public.observed_bird_photos');
select private.limit_lengths('public.observed_bird_photos', '{"image_path": 2048, "storage_url": 2048, "sync_status": 50}');

-- ---------------------------------------------------------------------------------------
-- A photo's watchlist: the one of its entry
-- ---------------------------------------------------------------------------------------
-- The watchlist decides who sees a photo (0010); kept on the photo so that a user's sync
-- reads their photos by watchlist like their entries. The apps never move an entry to
-- another watchlist (watchlist_id is not theirs to update), the service may: its photos follow.

create function private.derive_photo_watchlist() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_table_name = 'observed_bird_photos' then
    new.watchlist_id := (select e.watchlist_id from public.watchlist_entries e where e.id = new.watchlist_entry_id);
    return new;
  end if;
  update public.observed_bird_photos p set watchlist_id = new.watchlist_id
   where p.watchlist_entry_id = new.id and p.watchlist_id is distinct from new.watchlist_id;
  return null;
end
$$;
comment on function private.derive_photo_watchlist() is
  'Keeps observed_bird_photos.watchlist_id equal to its entry''s watchlist_id: BEFORE INSERT/UPDATE OF watchlist_entry_id on photos sets it, AFTER UPDATE OF watchlist_id on entries moves the entry''s photos along.';
revoke all on function private.derive_photo_watchlist() from public, anon, authenticated, service_role;

create trigger _derive_watchlist_id before insert or update of watchlist_entry_id, watchlist_id on public.observed_bird_photos
  for each row execute function private.derive_photo_watchlist();
create trigger photos_follow after update of watchlist_id on public.watchlist_entries
  for each row when (old.watchlist_id is distinct from new.watchlist_id)
  execute function private.derive_photo_watchlist();

-- ---------------------------------------------------------------------------------------
-- Tombstones carry the server's clock, never the device's.
-- ---------------------------------------------------------------------------------------

create function private.stamp_deleted_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.deleted_at is not null then
    new.deleted_at := case when tg_op = 'UPDATE' then coalesce(old.deleted_at, clock_timestamp())
                           else clock_timestamp() end;
  end if;
  return new;
end
$$;
comment on function private.stamp_deleted_at() is
  'BEFORE INSERT/UPDATE trigger function: a row that becomes a tombstone gets deleted_at from the server clock (whatever the device sent); an existing tombstone keeps its first deleted_at; setting NULL revives the row.';

create trigger _stamp_deleted_at before insert or update of deleted_at on public.watchlists
  for each row execute function private.stamp_deleted_at();
create trigger _stamp_deleted_at before insert or update of deleted_at on public.watchlist_entries
  for each row execute function private.stamp_deleted_at();
create trigger _stamp_deleted_at before insert or update of deleted_at on public.watchlist_rules
  for each row execute function private.stamp_deleted_at();
create trigger _stamp_deleted_at before insert or update of deleted_at on public.observed_bird_photos
  for each row execute function private.stamp_deleted_at();

revoke all on function private.stamp_deleted_at() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Tombstone purge (run by the worker on a schedule)
-- ---------------------------------------------------------------------------------------

create function public.purge_watchlist_tombstones(p_older_than interval default '30 days')
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_photos integer;
  v_rules integer;
  v_entries integer;
  v_watchlists integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = format('p_older_than = %s', p_older_than);
  end if;
  v_cutoff := now() - p_older_than;

  -- Children first, so each count is the tombstones purged from that table (rows that
  -- merely cascade from a purged parent are not counted twice).
  delete from public.observed_bird_photos where deleted_at < v_cutoff;
  get diagnostics v_photos = row_count;
  delete from public.watchlist_rules where deleted_at < v_cutoff;
  get diagnostics v_rules = row_count;
  delete from public.watchlist_entries where deleted_at < v_cutoff;
  get diagnostics v_entries = row_count;
  delete from public.watchlists where deleted_at < v_cutoff;
  get diagnostics v_watchlists = row_count;

  return v_photos + v_rules + v_entries + v_watchlists;
end
$$;
comment on function public.purge_watchlist_tombstones(interval) is
  'Hard-deletes watchlist, entry, rule and photo tombstones whose deleted_at is older than p_older_than (default 30 days; children of a purged watchlist go with it by cascade). Returns the number of tombstones purged. Run by the worker on a schedule; service_role only.';

revoke all on function public.purge_watchlist_tombstones(interval) from public, anon, authenticated, service_role;
grant execute on function public.purge_watchlist_tombstones(interval) to service_role;
