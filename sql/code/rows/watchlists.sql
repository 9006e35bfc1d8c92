-- Watchlists: the triggers of their photos and tombstones, and the tombstone purge.

-- ---------------------------------------------------------------------------------------
-- A photo's watchlist: the one of its entry
-- ---------------------------------------------------------------------------------------
-- The watchlist decides who sees a photo (access/visibility.sql); kept on the photo so that a user's sync
-- reads their photos by watchlist like their entries. The apps never move an entry to
-- another watchlist (watchlist_id is not theirs to update), the service may: its photos follow.

create or replace function private.derive_photo_watchlist() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
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
  'Keeps observed_bird_photos.watchlist_id equal to its entry''s watchlist_id: BEFORE INSERT, and BEFORE UPDATE when watchlist_entry_id or watchlist_id changes, on photos sets it, AFTER UPDATE OF watchlist_id on entries moves the entry''s photos along.';
revoke all on function private.derive_photo_watchlist() from public, anon, authenticated, service_role;

-- On UPDATE only when one of the two columns changes (UPDATE OF alone also fires for a
-- statement that names them unchanged, and each call reads the entry).
create or replace trigger _derive_watchlist_id_insert before insert on public.observed_bird_photos
  for each row execute function private.derive_photo_watchlist();
create or replace trigger _derive_watchlist_id_update before update on public.observed_bird_photos
  for each row when (old.watchlist_entry_id is distinct from new.watchlist_entry_id or old.watchlist_id is distinct from new.watchlist_id)
  execute function private.derive_photo_watchlist();
create or replace trigger photos_follow after update of watchlist_id on public.watchlist_entries
  for each row when (old.watchlist_id is distinct from new.watchlist_id)
  execute function private.derive_photo_watchlist();

-- ---------------------------------------------------------------------------------------
-- Tombstones carry the server's clock, never the device's.
-- ---------------------------------------------------------------------------------------

create or replace function private.stamp_deleted_at() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
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

revoke all on function private.stamp_deleted_at() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Tombstone purge (run by the worker on a schedule)
-- ---------------------------------------------------------------------------------------

create or replace function public.purge_watchlist_tombstones(p_older_than interval default '30 days')
  returns integer
  language plpgsql
  set search_path = pg_catalog, pg_temp
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
