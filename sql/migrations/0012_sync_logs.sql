-- migrate:replaces 0012_sync_changes 46f5c1d2fc32849d418819689afcda5ca3996ffdb63969b1faed7b68b32f74ad
-- migrate:replaces 0013_sync_items f8b10aeb43d36cf9ac4bf2892d97469bb51606a0aead70b714957197234da392
-- migrate:replaces 0014_sync_rpcs d8eeb25f72e805f4c909de8fe67b91980e43901806d0778335b7051d22e2a7a7
-- ---------------------------------------------------------------------------------------
-- The logs
-- ---------------------------------------------------------------------------------------

create table public.sync_deletions (
  table_name text not null,
  record_id uuid not null,
  kind text not null,
  key uuid not null,
  sync_xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz not null default clock_timestamp(),
  constraint sync_deletions_pkey primary key (table_name, kind, key, sync_xid, record_id)
);
comment on table public.sync_deletions is
  'Hard deletes of synced rows, for sync_pull''s "deleted": one row per scope key (kind, key) the deleted row had (private.row_scope), so that a user''s pull finds the deletions of their keys by index. Written by the _sync_deletions statement trigger; purged after 30 days by public.purge_sync_deletions().';
comment on column public.sync_deletions.sync_xid is 'Id of the deleting transaction (compared with sync_pull cursors).';
-- Admins read every deletion of a table in change order; a child deleted in the same
-- transaction as its parent finds the parent's keys by record (private.row_keys).
create index sync_deletions_xid_idx on public.sync_deletions (table_name, sync_xid, record_id);
create index sync_deletions_record_idx on public.sync_deletions (table_name, record_id);
create index sync_deletions_deleted_at_idx on public.sync_deletions (deleted_at);

create table public.sync_moves (
  table_name text not null,
  kind text not null,
  key uuid not null,
  sync_xid xid8 not null default pg_current_xact_id(),
  row_id uuid not null,
  entered boolean not null,
  moved_at timestamptz not null default clock_timestamp(),
  constraint sync_moves_pkey primary key (table_name, kind, key, sync_xid, row_id, entered)
);
comment on table public.sync_moves is
  'Rows of synced tables whose scope keys changed: in transaction sync_xid, row_id of table_name left (entered false) or entered the key (kind, key). A pull revokes a row that left a key of the caller''s and is no longer visible to them, and delivers the children of a parent that entered (notes of a task just claimed by the caller). Written by the _sync_moves trigger, only when a column deciding the keys changes; purged with the deletions.';
create index sync_moves_moved_at_idx on public.sync_moves (moved_at);

create table public.sync_horizon (
  table_name text primary key,
  purged_through xid8 not null
);
comment on table public.sync_horizon is
  'The newest sync_xid purged from the logs: per synced table for its deletions and moves, and under ''sync_access_log'' for the access log. A cursor that had not yet seen it gets CURSOR_EXPIRED.';

alter table public.sync_deletions enable row level security;
alter table public.sync_moves enable row level security;
alter table public.sync_horizon enable row level security;
-- Read by sync_pull (as its owner) and by the worker's purge; nobody reads them directly.
revoke all on public.sync_deletions, public.sync_moves, public.sync_horizon from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.sync_deletions, public.sync_moves, public.sync_horizon to service_role;

-- Holdings that change: the access log. -- A share granted or revoked, a listing or watchlist given to someone else or deleted, the
-- admin flag: each changes which keys a user holds, and so which rows they may see,
-- without writing those rows. One row per (user, key) per transaction says so; sync_pull
-- reads the caller's rows from it (delivering or revoking the rows with that key), and
-- nothing else is written: sharing a watchlist of 10,000 entries writes one share and one
-- log row. A new listing or watchlist is not logged: nothing can carry its key before it exists.

create table public.sync_access_log (
  user_id uuid not null,
  kind text not null,
  key uuid not null,
  granted boolean not null,
  sync_xid xid8 not null default pg_current_xact_id(),
  logged_at timestamptz not null default clock_timestamp(),
  constraint sync_access_log_pkey primary key (user_id, sync_xid, kind, key)
);
comment on table public.sync_access_log is
  'Changes of the scope keys users hold (private.user_keys): user_id gained (granted) or lost the key (kind, key) in transaction sync_xid; kind admin = the admin flag changed. Written by the private.log_access_change triggers, read by sync_pull for the caller (ordered by sync_xid like every change), purged with the sync deletions (public.purge_sync_deletions).';
create index sync_access_log_logged_at_idx on public.sync_access_log (logged_at);
alter table public.sync_access_log enable row level security;
revoke all on public.sync_access_log from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.sync_access_log to service_role;
