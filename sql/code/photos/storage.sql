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
-- Created by the final step of every migrate (private.apply_manifest), not only when this
-- file changes: Storage installed after the project was migrated gets its bucket and
-- policies at the next migrate, and migrate status names what is missing meanwhile
-- (private.platform_features).
create or replace function private.ensure_photo_storage() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
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
    perform private.define(
      $p$create policy watchlist_photos_select on storage.objects for select to authenticated
           using (bucket_id = 'watchlist-photos' and private.may_read_watchlist_photo(name))$p$);
    perform private.define(
      $p$create policy watchlist_photos_insert on storage.objects for insert to authenticated
           with check (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))$p$);
    perform private.define(
      $p$create policy watchlist_photos_update on storage.objects for update to authenticated
           using (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))
           with check (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))$p$);
    perform private.define(
      $p$create policy watchlist_photos_delete on storage.objects for delete to authenticated
           using (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))$p$);
  exception when insufficient_privilege then
    raise warning using
      message = 'the policies of bucket watchlist-photos were not created: ' || sqlerrm,
      hint = 'Run the policy statements of sql/code/photos/storage.sql as the owner of storage.objects (the SQL editor), or allow the migrating role to manage its policies; until then only the service key reaches the bucket.';
  end;
end
$$;
comment on function private.ensure_photo_storage() is
  'Where Supabase Storage is installed (storage.objects and storage.buckets exist): the private bucket watchlist-photos and its four policies on storage.objects (read by the entry''s readers, written by its writers), each created or replaced only where it is missing or differs (private.define). A WARNING, and the bucket closed, when the migrating role may not manage the policies. Called by private.apply_manifest, the final step of every migrate.';
revoke all on function private.ensure_photo_storage() from public, anon, authenticated, service_role;
