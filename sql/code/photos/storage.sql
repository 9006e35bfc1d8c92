-- Photos in Supabase Storage: the bucket `watchlist-photos` and its policies on
-- storage.objects, where Supabase Storage is installed (schema storage with its tables).
-- Anywhere else this file does nothing: a self-hosted server keeps the same objects in a
-- PhotoStore (Swift) under the same rule (photos/objects.sql).
--
-- The bucket is private: a photo of a watchlist is for the watchlist's readers, and a
-- public bucket's URL would show it to anyone holding the link. Apps read an image with a
-- signed URL (createSignedUrl) or an authenticated download, which these policies allow.
-- The Storage API runs every upload, download and delete as the app user, so the policies
-- are the whole rule; the worker's photos handler removes an object when its photo row is
-- deleted (through the Storage API: a row deleted from storage.objects would leave the
-- file behind).
do $$
begin
  if pg_catalog.to_regclass('storage.objects') is null or pg_catalog.to_regclass('storage.buckets') is null then
    return;
  end if;
  insert into storage.buckets (id, name, public) values ('watchlist-photos', 'watchlist-photos', false)
  on conflict (id) do nothing;

  -- One permissive policy per command, each for this bucket only (other buckets' policies
  -- are their owners'). Managing policies on storage.objects takes its owner's rights; a
  -- project that does not give them to the migrating role keeps the bucket closed (no
  -- policy: only the service key reaches it) and is told how to finish.
  begin
    drop policy if exists watchlist_photos_select on storage.objects;
    create policy watchlist_photos_select on storage.objects for select to authenticated
      using (bucket_id = 'watchlist-photos' and private.may_read_watchlist_photo(name));
    drop policy if exists watchlist_photos_insert on storage.objects;
    create policy watchlist_photos_insert on storage.objects for insert to authenticated
      with check (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name));
    drop policy if exists watchlist_photos_update on storage.objects;
    create policy watchlist_photos_update on storage.objects for update to authenticated
      using (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))
      with check (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name));
    drop policy if exists watchlist_photos_delete on storage.objects;
    create policy watchlist_photos_delete on storage.objects for delete to authenticated
      using (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name));
  exception when insufficient_privilege then
    raise warning using
      message = 'the policies of bucket watchlist-photos were not created: ' || sqlerrm,
      hint = 'Run the policy statements of sql/code/photos/storage.sql as the owner of storage.objects (the SQL editor), or allow the migrating role to manage its policies; until then only the service key reaches the bucket.';
  end;
end
$$;
