-- migrate:replaces 0009_watchlist_access b896c170b12f62715c196c8798857a7acbcc894f602e527fb717648ffff01512
-- migrate:replaces 0008_watchlists ee4451bfef5134940bbb9b0213f01a4b4f4a238001b1001ef14c9a425941d507
-- Who a watchlist is shared with, and who may do what with watchlists and their children.

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

-- ---------------------------------------------------------------------------------------
-- Grants. Clients never set server-managed columns (created_at, updated_at, row_version,
-- generated locations, owner changes); ids may be sent on insert (offline-created rows).
-- service_role reads and writes rows but never truncates a table or adds triggers to one.
-- ---------------------------------------------------------------------------------------

revoke all on public.bird, public.hotspot, public.watchlists, public.watchlist_shares, public.watchlist_entries,
  public.watchlist_rules, public.observed_bird_photos from public, anon, authenticated, service_role;

grant select on public.bird, public.hotspot to authenticated;
grant select, insert, update, delete on public.bird, public.hotspot to service_role;

grant select, delete on public.watchlists, public.watchlist_shares, public.watchlist_entries,
  public.watchlist_rules, public.observed_bird_photos to authenticated;
grant select, insert, update, delete on public.watchlists, public.watchlist_shares, public.watchlist_entries,
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
