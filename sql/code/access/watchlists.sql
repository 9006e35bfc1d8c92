-- Watchlist access: who may manage watchlists and everything in them (row-level
-- security), and which columns the apps may write (grants). Who may read them is the
-- visibility definition (access/visibility.sql), which generates the SELECT policies.

-- ---------------------------------------------------------------------------------------
-- Access helpers (SECURITY DEFINER so that policies do not recurse into each other's RLS)
--
-- The write policies ask "may the caller manage this watchlist?" through the set-returning
-- writable_watchlist_ids(), written as `watchlist_id in (select …)`: PostgreSQL runs the
-- function once per statement and probes a hash per row. A per-row call of a SECURITY
-- DEFINER function (a new SET search_path and a nested query for every row) costs some
-- 50 µs a row.
-- ---------------------------------------------------------------------------------------

create or replace function private.writable_watchlist_ids() returns setof uuid
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

create or replace function private.is_watchlist_owner(p_watchlist_id uuid) returns boolean
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

-- Owners manage their watchlists; admins do everything.
drop policy if exists watchlists_insert on public.watchlists;
create policy watchlists_insert on public.watchlists for insert to authenticated
  with check (owner_id = (select auth.uid()) or (select private.is_admin()));
drop policy if exists watchlists_update on public.watchlists;
create policy watchlists_update on public.watchlists for update to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()))
  with check (owner_id = (select auth.uid()) or (select private.is_admin()));
drop policy if exists watchlists_delete on public.watchlists;
create policy watchlists_delete on public.watchlists for delete to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()));

-- A share is managed by the watchlist's owner (the named user may also remove it: leave
-- the watchlist).
drop policy if exists watchlist_shares_insert on public.watchlist_shares;
create policy watchlist_shares_insert on public.watchlist_shares for insert to authenticated
  with check (private.is_watchlist_owner(watchlist_id));
drop policy if exists watchlist_shares_update on public.watchlist_shares;
create policy watchlist_shares_update on public.watchlist_shares for update to authenticated
  using (private.is_watchlist_owner(watchlist_id))
  with check (private.is_watchlist_owner(watchlist_id));
drop policy if exists watchlist_shares_delete on public.watchlist_shares;
create policy watchlist_shares_delete on public.watchlist_shares for delete to authenticated
  using (user_id = (select auth.uid()) or private.is_watchlist_owner(watchlist_id));

-- Entries, rules and photos are managed by whoever may write their watchlist (a photo
-- carries its entry's: rows/watchlists.sql). The same three policies for each, written once.
do $$
declare
  t text;
begin
  foreach t in array array['watchlist_entries', 'watchlist_rules', 'observed_bird_photos'] loop
    perform private.define(pg_catalog.format($p$
      create policy %2$I on public.%1$I for insert to authenticated
        with check (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()))
      $p$, t, t || '_insert'));
    perform private.define(pg_catalog.format($p$
      create policy %2$I on public.%1$I for update to authenticated
        using (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()))
        with check (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()))
      $p$, t, t || '_update'));
    perform private.define(pg_catalog.format($p$
      create policy %2$I on public.%1$I for delete to authenticated
        using (watchlist_id in (select private.writable_watchlist_ids()) or (select private.is_admin()))
      $p$, t, t || '_delete'));
  end loop;
end
$$;
