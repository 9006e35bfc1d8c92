-- The bell list is a synced table (the table manifest makes notifications synced): an app
-- without Supabase's Realtime pulls it incrementally with sync_pull('notifications', ...) and
-- hears of new or changed rows from sync_poll, as it does for tasks. What the final step of
-- migrate would add for a synced table is added here, in the same form (private.enable_sync),
-- so that the final step finds it in place: the transaction-id column the sync cursor reads,
-- every change in order (sync_xid, id), and the recipient's changes in order (user_id,
-- sync_xid, id): a pull's or poll's cost is the recipient's own rows, never others'.
-- The column's default is the inserting transaction's id: existing rows take this one's.
alter table public.notifications add column if not exists sync_xid xid8 not null default pg_current_xact_id();
comment on column public.notifications.sync_xid is
  'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';
create index if not exists notifications_sync_xid_idx on public.notifications (sync_xid, id);
create index if not exists notifications_user_id_sync_idx on public.notifications (user_id, sync_xid, id);
