-- Watchlist access: who may manage watchlists and everything in them (row-level
-- security), and which columns the apps may write (grants). Who may read them is the
-- visibility definition (0010), which generates the SELECT policies.

-- ---------------------------------------------------------------------------------------
-- Access helpers (SECURITY DEFINER so that policies do not recurse into each other's RLS)
--
-- The write policies ask "may the caller manage this watchlist?" through the set-returning
-- writable_watchlist_ids(), written as `watchlist_id in (select …)`: PostgreSQL runs the
-- function once per statement and probes a hash per row. A per-row call of a SECURITY
-- DEFINER function (a new SET search_path and a nested query for every row) costs some
-- 50 µs a row.
-- ---------------------------------------------------------------------------------------

create function private.writable_watchlist_ids() returns setof uuid
  language sql stable security definer
  rows 20
  set search_path = ''
as $$
  select w.id from public.watchlists w where w.owner_id = auth.uid()
  union all
  select s.watchlist_id from public.watchlist_shares s where s.user_id = auth.uid() and s.role = 'write'
$$;
comment on function private.writable_watchlist_ids() is
  'Ids of the watchlists whose entries, rules and photos the caller may manage: those they own and those shared with them as ''write''. Admins are handled separately (private.is_admin()). Used by row-level security policies.';

create function private.is_watchlist_owner(p_watchlist_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select private.is_admin()
      or exists (select from public.watchlists w where w.id = p_watchlist_id and w.owner_id = auth.uid())
$$;
comment on function private.is_watchlist_owner(uuid) is
  'True when the caller owns the watchlist (or is an admin): who may manage its shares. Used by row-level security policies.';

-- Called by the policies below, as the querying app user.
revoke all on function private.writable_watchlist_ids(), private.is_watchlist_owner(uuid)
  from public, anon, authenticated, service_role;
grant execute on function private.writable_watchlist_ids(), private.is_watchlist_owner(uuid) to authenticated;

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

-- Owners manage their watchlists; admins do everything.
create policy watchlists_insert on public.watchlists for insert to authenticated
  with check (owner_id = (select auth.uid()) or (select private.is_admin()));
create policy watchlists_update on public.watchlists for update to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()))
  with check (owner_id = (select auth.uid()) or (select private.is_admin()));
create policy watchlists_delete on public.watchlists for delete to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()));

-- A share is managed by the watchlist's owner (the named user may also remove it: leave
-- the watchlist).
create policy watchlist_shares_insert on public.watchlist_shares for insert to authenticated
  with check (private.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_update on public.watchlist_shares for update to authenticated
  using (private.is_watchlist_owner(watchlist_id))
  with check (private.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_delete on public.watchlist_shares for delete to authenticated
  using (user_id = (select auth.uid()) or private.is_watchlist_owner(watchlist_id));

-- Entries, rules and photos are managed by whoever may write their watchlist (a photo
-- carries its entry's: 0008). The same three policies for each, written once.
do $$
declare
  t text;
begin
  foreach t in array array['watchlist_entries', 'watchlist_rules', 'observed_bird_photos'] loop
    execute pg_catalog.format($p$
      create policy %2$I on public.%1$I for insert to authenticated
        with check (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()));
      create policy %3$I on public.%1$I for update to authenticated
        using (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()))
        with check (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()));
      create policy %4$I on public.%1$I for delete to authenticated
        using (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()));
      $p$, t, t || '_insert', t || '_update', t || '_delete');
  end loop;
end
$$;

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
