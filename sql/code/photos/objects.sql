-- The stored images of observed_bird_photos: where each one lives and who may write and
-- read it. One rule for every photo store: the policies of Supabase Storage
-- (photos/storage.sql) and a self-hosted server's PhotoStore (Swift: PhotoService) ask
-- these functions.
--
-- An image is the object `{entryId}/{photoId}.jpg` of the bucket `watchlist-photos`. The
-- ids are spelled in lower case (PostgreSQL's text form of a uuid) or in upper case (Swift's
-- UUID.uuidString, which the apps use): both name the same photo, nothing else does.

create or replace function private.watchlist_photo_entry(p_name text) returns uuid
  language sql
  immutable
  parallel safe
  set search_path = pg_catalog, pg_temp
as $$
  select case when p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$'
                or p_name ~ '^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\.jpg$'
              then pg_catalog.left(p_name, 36)::uuid end
$$;
comment on function private.watchlist_photo_entry(text) is
  'The watchlist entry a photo object name `{entryId}/{photoId}.jpg` (ids all lower or all upper case) belongs to; NULL for any other name.';

-- Written by whoever may write the entry's photo rows (its watchlist's owner, a user it is
-- shared with for writing: the key watchlist_writer; an admin: the photos' write rules in the
-- table manifest), and only once the entry is
-- on the server, live, in a live watchlist: the apps upload a photo after its entry synced.
create or replace function private.may_write_watchlist_photo(p_name text) returns boolean
  language sql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
as $$
  select exists (select from public.watchlist_entries e
                   join public.watchlists w on w.id = e.watchlist_id
                  where e.id = private.watchlist_photo_entry(p_name)
                    and e.deleted_at is null and w.deleted_at is null
                    and (w.id = any (private.caller_keys('watchlist_writer')) or private.is_admin()))
$$;
comment on function private.may_write_watchlist_photo(text) is
  'True when the caller may upload, replace or delete the photo object p_name: a well-formed `{entryId}/{photoId}.jpg` whose entry exists, is live and in a live watchlist, and whose photos the caller may write. SECURITY DEFINER: it reads the entry and watchlist whatever policy is in force on the store''s table.';

-- Read by the entry's readers: the visibility definition (access/visibility.sql).
create or replace function private.may_read_watchlist_photo(p_name text) returns boolean
  language sql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
as $$
  select coalesce(private.caller_sees('watchlist_entries', private.watchlist_photo_entry(p_name)), false)
$$;
comment on function private.may_read_watchlist_photo(text) is
  'True when the caller may read the photo object p_name: a well-formed `{entryId}/{photoId}.jpg` whose entry the caller sees (the visibility definition).';

revoke all on function private.watchlist_photo_entry(text), private.may_write_watchlist_photo(text),
  private.may_read_watchlist_photo(text) from public, anon, authenticated, service_role;
-- Storage policies and PhotoService ask them as the app user.
grant execute on function private.watchlist_photo_entry(text), private.may_write_watchlist_photo(text),
  private.may_read_watchlist_photo(text) to authenticated;
