-- migrate:replaces 0008_watchlists ee4451bfef5134940bbb9b0213f01a4b4f4a238001b1001ef14c9a425941d507
-- The photos of observed watchlist entries (uploaded by the apps; access from the entry's
-- watchlist, kept on the photo by the server).

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
