-- Watchlists (seed 001 phase 2): birds, hotspots, users' watchlists with their entries,
-- rules and photos, and the watchlist_shares table the seed's policies use but never create.
--
-- Fixes to the seed's DDL: ids default to gen_random_uuid(); owners are public.users;
-- hotspot.location and watchlist_entries.location are generated geography(Point, 4326)
-- columns built with immutable functions (st_makepoint + st_setsrid, not string
-- concatenation) with GiST indexes; coordinate ranges are checked; updated_at and
-- row_version come from the server (public.enable_row_stamping); deleted_at tombstones are
-- stamped with the server clock; foreign keys are indexed.

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
select public.enable_row_stamping('public.bird');

create table public.hotspot (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  locality text,
  lat double precision not null check (lat between -90 and 90),
  lon double precision not null check (lon between -180 and 180),
  location geography(Point, 4326) not null
    generated always as (public.st_setsrid(public.st_makepoint(lon, lat), 4326)::public.geography) stored,
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
select public.enable_row_stamping('public.hotspot');

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
  location_rule_radius_km double precision check (location_rule_radius_km > 0),
  location_rule_location geography(Point, 4326)
    generated always as (public.st_setsrid(public.st_makepoint(location_rule_lon, location_rule_lat), 4326)::public.geography) stored,
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
  'A user''s bird watchlist (seed 001). The owner manages it; users it is shared with (watchlist_shares) read it. Deleting from the app sets deleted_at (tombstone); public.purge_watchlist_tombstones() hard-deletes old tombstones.';
comment on column public.watchlists.owner_id is 'Owner (public.users); defaults to the caller. Not updatable through the API.';
comment on column public.watchlists.location_rule_location is
  'Generated from location_rule_lon/lat; GiST-indexed so that sightings can be matched against location rules.';
comment on column public.watchlists.sync_status is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.watchlists.last_synced_at is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.watchlists.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the watchlist; NULL while live.';
comment on column public.watchlists.row_version is 'Incremented by the server on every real UPDATE; sync_push() compares it for optimistic locking.';

create index watchlists_owner_id_idx on public.watchlists (owner_id);
create index watchlists_updated_at_idx on public.watchlists (updated_at);
create index watchlists_deleted_at_idx on public.watchlists (deleted_at) where deleted_at is not null;
create index watchlists_location_rule_gist on public.watchlists using gist (location_rule_location)
  where location_rule_enabled and deleted_at is null;
select public.enable_row_stamping('public.watchlists');

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
  'Who a watchlist is shared with (missing from seed 001, whose policies use it). role ''read'' (default) may read the watchlist and its entries, rules and photos; ''write'' may also manage its entries, rules and photos. The watchlist row itself and its shares are managed by the owner only.';
comment on column public.watchlist_shares.role is '''read'' (default) or ''write''.';

-- (watchlist_id, user_id) is covered by the unique constraint's index.
create index watchlist_shares_user_id_idx on public.watchlist_shares (user_id);
create index watchlist_shares_updated_at_idx on public.watchlist_shares (updated_at);
select public.enable_row_stamping('public.watchlist_shares');

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
    generated always as (public.st_setsrid(public.st_makepoint(lon, lat), 4326)::public.geography) stored,
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
comment on column public.watchlist_entries.sync_status is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.watchlist_entries.last_synced_at is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.watchlist_entries.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the entry; NULL while live.';

create index watchlist_entries_watchlist_id_idx on public.watchlist_entries (watchlist_id);
create index watchlist_entries_bird_id_idx on public.watchlist_entries (bird_id);
create index watchlist_entries_updated_at_idx on public.watchlist_entries (updated_at);
create index watchlist_entries_deleted_at_idx on public.watchlist_entries (deleted_at) where deleted_at is not null;
create index watchlist_entries_location_gist on public.watchlist_entries using gist (location);
select public.enable_row_stamping('public.watchlist_entries');

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
comment on column public.watchlist_rules.parameters_json is 'Rule parameters as the app''s JSON text (seed 001 keeps it as text).';
comment on column public.watchlist_rules.sync_status is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.watchlist_rules.last_synced_at is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.watchlist_rules.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the rule; NULL while live.';

create index watchlist_rules_watchlist_id_idx on public.watchlist_rules (watchlist_id);
create index watchlist_rules_updated_at_idx on public.watchlist_rules (updated_at);
create index watchlist_rules_deleted_at_idx on public.watchlist_rules (deleted_at) where deleted_at is not null;
select public.enable_row_stamping('public.watchlist_rules');

create table public.observed_bird_photos (
  id uuid primary key default gen_random_uuid(),
  watchlist_entry_id uuid not null references public.watchlist_entries (id) on delete cascade,
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
comment on column public.observed_bird_photos.sync_status is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.observed_bird_photos.last_synced_at is 'Client-side sync bookkeeping echoed by the app (seed 001); the server never reads it.';
comment on column public.observed_bird_photos.deleted_at is 'Tombstone: set (to the server clock) when the app deletes the photo; NULL while live.';

create index observed_bird_photos_watchlist_entry_id_idx on public.observed_bird_photos (watchlist_entry_id);
create index observed_bird_photos_updated_at_idx on public.observed_bird_photos (updated_at);
create index observed_bird_photos_deleted_at_idx on public.observed_bird_photos (deleted_at) where deleted_at is not null;
select public.enable_row_stamping('public.observed_bird_photos');

-- ---------------------------------------------------------------------------------------
-- Tombstones carry the server's clock, never the device's.
-- ---------------------------------------------------------------------------------------

create function public.stamp_deleted_at() returns trigger
  language plpgsql
as $$
begin
  if new.deleted_at is not null then
    new.deleted_at := case when tg_op = 'UPDATE' then coalesce(old.deleted_at, clock_timestamp())
                           else clock_timestamp() end;
  end if;
  return new;
end
$$;
comment on function public.stamp_deleted_at() is
  'BEFORE INSERT/UPDATE trigger function: a row that becomes a tombstone gets deleted_at from the server clock (whatever the device sent); an existing tombstone keeps its first deleted_at; setting NULL revives the row.';

create trigger _stamp_deleted_at before insert or update of deleted_at on public.watchlists
  for each row execute function public.stamp_deleted_at();
create trigger _stamp_deleted_at before insert or update of deleted_at on public.watchlist_entries
  for each row execute function public.stamp_deleted_at();
create trigger _stamp_deleted_at before insert or update of deleted_at on public.watchlist_rules
  for each row execute function public.stamp_deleted_at();
create trigger _stamp_deleted_at before insert or update of deleted_at on public.observed_bird_photos
  for each row execute function public.stamp_deleted_at();

-- ---------------------------------------------------------------------------------------
-- Access helpers (SECURITY DEFINER so that policies do not recurse into each other's RLS)
--
-- The policies ask "is this watchlist among the caller's?" through the set-returning
-- readable/writable_watchlist_ids(), written as `watchlist_id in (select …)`: PostgreSQL
-- runs the function once per statement and probes a hash per row. A per-row call of a
-- SECURITY DEFINER function (a new SET search_path and a nested query for every row)
-- costs some 50 µs a row, which made a sync_pull of 1000 entries take 50 ms.
-- ---------------------------------------------------------------------------------------

create function public.readable_watchlist_ids() returns setof uuid
  language sql stable security definer
  rows 20
  set search_path = ''
as $$
  select w.id from public.watchlists w where w.owner_id = auth.uid()
  union all
  select s.watchlist_id from public.watchlist_shares s where s.user_id = auth.uid()
$$;
comment on function public.readable_watchlist_ids() is
  'Ids of the watchlists the caller may read: those they own and those shared with them (any role). Admins are handled separately (public.is_admin()). Used by row-level security policies as `watchlist_id in (select public.readable_watchlist_ids())` (evaluated once per statement).';

create function public.writable_watchlist_ids() returns setof uuid
  language sql stable security definer
  rows 20
  set search_path = ''
as $$
  select w.id from public.watchlists w where w.owner_id = auth.uid()
  union all
  select s.watchlist_id from public.watchlist_shares s where s.user_id = auth.uid() and s.role = 'write'
$$;
comment on function public.writable_watchlist_ids() is
  'Ids of the watchlists whose entries, rules and photos the caller may manage: those they own and those shared with them as ''write''. Admins are handled separately (public.is_admin()). Used by row-level security policies.';

create function public.is_watchlist_owner(p_watchlist_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.is_admin()
      or exists (select from public.watchlists w where w.id = p_watchlist_id and w.owner_id = auth.uid())
$$;
comment on function public.is_watchlist_owner(uuid) is
  'True when the caller owns the watchlist (or is an admin): who may manage its shares. Used by row-level security policies.';

create function public.can_read_watchlist(p_watchlist_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.is_admin() or p_watchlist_id in (select public.readable_watchlist_ids())
$$;
comment on function public.can_read_watchlist(uuid) is
  'True when the caller may read the watchlist: its owner, a user it is shared with (any role), or an admin. For one-off checks; policies use readable_watchlist_ids().';

create function public.can_write_watchlist(p_watchlist_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.is_admin() or p_watchlist_id in (select public.writable_watchlist_ids())
$$;
comment on function public.can_write_watchlist(uuid) is
  'True when the caller may manage the watchlist''s entries, rules and photos: its owner, a user it is shared with as ''write'', or an admin. For one-off checks; policies use writable_watchlist_ids().';

revoke execute on function public.readable_watchlist_ids(), public.writable_watchlist_ids(),
  public.is_watchlist_owner(uuid), public.can_read_watchlist(uuid), public.can_write_watchlist(uuid) from public;
grant execute on function public.readable_watchlist_ids(), public.writable_watchlist_ids(),
  public.is_watchlist_owner(uuid), public.can_read_watchlist(uuid), public.can_write_watchlist(uuid)
  to authenticated, service_role;
revoke execute on function public.stamp_deleted_at() from public;

-- ---------------------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------------------

alter table public.bird enable row level security;
alter table public.hotspot enable row level security;
alter table public.watchlists enable row level security;
alter table public.watchlist_shares enable row level security;
alter table public.watchlist_entries enable row level security;
alter table public.watchlist_rules enable row level security;
alter table public.observed_bird_photos enable row level security;

create policy bird_select on public.bird for select to authenticated using (true);
create policy hotspot_select on public.hotspot for select to authenticated using (true);

-- Owners manage their watchlists; shared users read them; admins do everything.
create policy watchlists_select on public.watchlists for select to authenticated
  using (owner_id = (select auth.uid()) or id in (select public.readable_watchlist_ids())
         or (select public.is_admin()));
create policy watchlists_insert on public.watchlists for insert to authenticated
  with check (owner_id = (select auth.uid()) or (select public.is_admin()));
create policy watchlists_update on public.watchlists for update to authenticated
  using (owner_id = (select auth.uid()) or (select public.is_admin()))
  with check (owner_id = (select auth.uid()) or (select public.is_admin()));
create policy watchlists_delete on public.watchlists for delete to authenticated
  using (owner_id = (select auth.uid()) or (select public.is_admin()));

-- A share is seen by the watchlist's owner and by the user it names; managed by the owner
-- (the named user may also remove it: leave the watchlist).
create policy watchlist_shares_select on public.watchlist_shares for select to authenticated
  using (user_id = (select auth.uid()) or public.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_insert on public.watchlist_shares for insert to authenticated
  with check (public.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_update on public.watchlist_shares for update to authenticated
  using (public.is_watchlist_owner(watchlist_id))
  with check (public.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_delete on public.watchlist_shares for delete to authenticated
  using (user_id = (select auth.uid()) or public.is_watchlist_owner(watchlist_id));

-- Entries and rules inherit from their watchlist.
create policy watchlist_entries_select on public.watchlist_entries for select to authenticated
  using (watchlist_id in (select public.readable_watchlist_ids()) or (select public.is_admin()));
create policy watchlist_entries_insert on public.watchlist_entries for insert to authenticated
  with check (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()));
create policy watchlist_entries_update on public.watchlist_entries for update to authenticated
  using (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()))
  with check (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()));
create policy watchlist_entries_delete on public.watchlist_entries for delete to authenticated
  using (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()));

create policy watchlist_rules_select on public.watchlist_rules for select to authenticated
  using (watchlist_id in (select public.readable_watchlist_ids()) or (select public.is_admin()));
create policy watchlist_rules_insert on public.watchlist_rules for insert to authenticated
  with check (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()));
create policy watchlist_rules_update on public.watchlist_rules for update to authenticated
  using (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()))
  with check (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()));
create policy watchlist_rules_delete on public.watchlist_rules for delete to authenticated
  using (watchlist_id in (select public.writable_watchlist_ids()) or (select public.is_admin()));

-- Photos inherit from their entry's watchlist (one index probe of the entry per photo).
create policy observed_bird_photos_select on public.observed_bird_photos for select to authenticated
  using (exists (select from public.watchlist_entries e
                  where e.id = watchlist_entry_id and e.watchlist_id in (select public.readable_watchlist_ids()))
         or (select public.is_admin()));
create policy observed_bird_photos_insert on public.observed_bird_photos for insert to authenticated
  with check (exists (select from public.watchlist_entries e
                       where e.id = watchlist_entry_id and e.watchlist_id in (select public.writable_watchlist_ids()))
              or (select public.is_admin()));
create policy observed_bird_photos_update on public.observed_bird_photos for update to authenticated
  using (exists (select from public.watchlist_entries e
                  where e.id = watchlist_entry_id and e.watchlist_id in (select public.writable_watchlist_ids()))
         or (select public.is_admin()))
  with check (exists (select from public.watchlist_entries e
                       where e.id = watchlist_entry_id and e.watchlist_id in (select public.writable_watchlist_ids()))
              or (select public.is_admin()));
create policy observed_bird_photos_delete on public.observed_bird_photos for delete to authenticated
  using (exists (select from public.watchlist_entries e
                  where e.id = watchlist_entry_id and e.watchlist_id in (select public.writable_watchlist_ids()))
         or (select public.is_admin()));

-- ---------------------------------------------------------------------------------------
-- Grants. Clients never set server-managed columns (created_at, updated_at, row_version,
-- generated locations, owner changes); ids may be sent on insert (offline-created rows).
-- ---------------------------------------------------------------------------------------

grant select on public.bird, public.hotspot to authenticated;
grant all on public.bird, public.hotspot to service_role;

grant select, delete on public.watchlists, public.watchlist_shares, public.watchlist_entries,
  public.watchlist_rules, public.observed_bird_photos to authenticated;
grant all on public.watchlists, public.watchlist_shares, public.watchlist_entries,
  public.watchlist_rules, public.observed_bird_photos to service_role;

grant insert (id, owner_id, type, title, location, location_display_name, start_date, end_date,
              observed_count, species_count, cover_image_path, species_rule_enabled, species_rule_shape_id,
              location_rule_enabled, location_rule_lat, location_rule_lon, location_rule_radius_km,
              location_rule_display_name, date_rule_enabled, date_rule_start_date, date_rule_end_date,
              sync_status, last_synced_at, deleted_at)
  on public.watchlists to authenticated;
grant update (type, title, location, location_display_name, start_date, end_date,
              observed_count, species_count, cover_image_path, species_rule_enabled, species_rule_shape_id,
              location_rule_enabled, location_rule_lat, location_rule_lon, location_rule_radius_km,
              location_rule_display_name, date_rule_enabled, date_rule_start_date, date_rule_end_date,
              sync_status, last_synced_at, deleted_at)
  on public.watchlists to authenticated;

grant insert (id, watchlist_id, user_id, role) on public.watchlist_shares to authenticated;
grant update (role) on public.watchlist_shares to authenticated;

grant insert (id, watchlist_id, bird_id, nickname, status, notes, added_date, observation_date,
              to_observe_start_date, to_observe_end_date, observed_by, lat, lon, location_display_name,
              priority, notify_upcoming, target_date_range, sync_status, last_synced_at, deleted_at)
  on public.watchlist_entries to authenticated;
grant update (bird_id, nickname, status, notes, added_date, observation_date,
              to_observe_start_date, to_observe_end_date, observed_by, lat, lon, location_display_name,
              priority, notify_upcoming, target_date_range, sync_status, last_synced_at, deleted_at)
  on public.watchlist_entries to authenticated;

grant insert (id, watchlist_id, rule_type, parameters_json, is_active, priority, sync_status, last_synced_at, deleted_at)
  on public.watchlist_rules to authenticated;
grant update (rule_type, parameters_json, is_active, priority, sync_status, last_synced_at, deleted_at)
  on public.watchlist_rules to authenticated;

grant insert (id, watchlist_entry_id, image_path, storage_url, is_uploaded, captured_at, uploaded_at,
              sync_status, last_synced_at, deleted_at)
  on public.observed_bird_photos to authenticated;
grant update (image_path, storage_url, is_uploaded, captured_at, uploaded_at, sync_status, last_synced_at, deleted_at)
  on public.observed_bird_photos to authenticated;

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

revoke execute on function public.purge_watchlist_tombstones(interval) from public;
grant execute on function public.purge_watchlist_tombstones(interval) to service_role;
