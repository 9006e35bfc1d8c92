-- Watchlist access: who may read and manage watchlists and everything in them
-- (row-level security), and which columns the apps may write (grants).

-- ---------------------------------------------------------------------------------------
-- Access helpers (SECURITY DEFINER so that policies do not recurse into each other's RLS)
--
-- The policies ask "is this watchlist among the caller's?" through the set-returning
-- readable/writable_watchlist_ids(), written as `watchlist_id in (select …)`: PostgreSQL
-- runs the function once per statement and probes a hash per row. A per-row call of a
-- SECURITY DEFINER function (a new SET search_path and a nested query for every row)
-- costs some 50 µs a row, which made a sync_pull of 1000 entries take 50 ms.
-- ---------------------------------------------------------------------------------------

create function private.readable_watchlist_ids() returns setof uuid
  language sql stable security definer
  rows 20
  set search_path = ''
as $$
  select w.id from public.watchlists w where w.owner_id = auth.uid()
  union all
  select s.watchlist_id from public.watchlist_shares s where s.user_id = auth.uid()
$$;
comment on function private.readable_watchlist_ids() is
  'Ids of the watchlists the caller may read: those they own and those shared with them (any role). Admins are handled separately (private.is_admin()). Used by row-level security policies as `watchlist_id in (select private.readable_watchlist_ids())` (evaluated once per statement).';

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

-- The same question asked for someone other than the caller: the worker asks it before it
-- tells a user about an entry (a sighting), so that no notification carries an entry, its
-- place or its bird to a user who could not read it in the app.
create function private.can_read_watchlist_entry(p_user_id uuid, p_entry_id uuid) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (
    select
      from public.watchlist_entries e
      join public.watchlists w on w.id = e.watchlist_id
     where e.id = p_entry_id
       and (w.owner_id = p_user_id
            or exists (select from public.watchlist_shares s where s.watchlist_id = w.id and s.user_id = p_user_id)
            or exists (select from public.users u where u.id = p_user_id and u.is_admin)))
$$;
comment on function private.can_read_watchlist_entry(uuid, uuid) is
  'True when user p_user_id may read watchlist entry p_entry_id: the rule of the watchlist_entries_select policy (the owner of the entry''s watchlist, a user it is shared with in any role, or an admin), asked for a given user instead of auth.uid(). The worker''s sighting notifications go only to users for whom it holds (private.sighting_watchlists). Keep it equal to the policy.';
revoke all on function private.can_read_watchlist_entry(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function private.can_read_watchlist_entry(uuid, uuid) to service_role;

-- Called by the policies below, as the querying app user.
revoke all on function private.readable_watchlist_ids(), private.writable_watchlist_ids(),
  private.is_watchlist_owner(uuid) from public, anon, authenticated, service_role;
grant execute on function private.readable_watchlist_ids(), private.writable_watchlist_ids(),
  private.is_watchlist_owner(uuid) to authenticated;

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
  using (owner_id = (select auth.uid()) or id in (select private.readable_watchlist_ids())
         or (select private.is_admin()));
create policy watchlists_insert on public.watchlists for insert to authenticated
  with check (owner_id = (select auth.uid()) or (select private.is_admin()));
create policy watchlists_update on public.watchlists for update to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()))
  with check (owner_id = (select auth.uid()) or (select private.is_admin()));
create policy watchlists_delete on public.watchlists for delete to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()));

-- A share is seen by the watchlist's owner and by the user it names; managed by the owner
-- (the named user may also remove it: leave the watchlist).
create policy watchlist_shares_select on public.watchlist_shares for select to authenticated
  using (user_id = (select auth.uid()) or private.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_insert on public.watchlist_shares for insert to authenticated
  with check (private.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_update on public.watchlist_shares for update to authenticated
  using (private.is_watchlist_owner(watchlist_id))
  with check (private.is_watchlist_owner(watchlist_id));
create policy watchlist_shares_delete on public.watchlist_shares for delete to authenticated
  using (user_id = (select auth.uid()) or private.is_watchlist_owner(watchlist_id));

-- Entries, rules and photos inherit from their watchlist: read by whoever reads it,
-- managed by whoever may write it. The same four policies for each, written once; a photo
-- reaches its watchlist through its entry (one index probe per photo).
do $$
declare
  r record;
begin
  for r in select * from (values
             ('watchlist_entries', 'watchlist_id'),
             ('watchlist_rules', 'watchlist_id'),
             ('observed_bird_photos',
              '(select e.watchlist_id from public.watchlist_entries e where e.id = watchlist_entry_id)')
           ) as v (table_name, watchlist)
  loop
    execute pg_catalog.format($p$
      create policy %1$I on public.%2$I for select to authenticated
        using (%3$s in (select private.readable_watchlist_ids()) or (select private.is_admin()));
      create policy %4$I on public.%2$I for insert to authenticated
        with check (%3$s in (select private.writable_watchlist_ids()) or (select private.is_admin()));
      create policy %5$I on public.%2$I for update to authenticated
        using (%3$s in (select private.writable_watchlist_ids()) or (select private.is_admin()))
        with check (%3$s in (select private.writable_watchlist_ids()) or (select private.is_admin()));
      create policy %6$I on public.%2$I for delete to authenticated
        using (%3$s in (select private.writable_watchlist_ids()) or (select private.is_admin()));
      $p$, r.table_name || '_select', r.table_name, r.watchlist,
           r.table_name || '_insert', r.table_name || '_update', r.table_name || '_delete');
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
