-- Change marks: which users a committed transaction wrote something for, so that sync_poll
-- answers "nothing new" from a few index probes of the caller's own marks instead of
-- probing the caller's keys across every synced table. Append-only: a mark is never
-- updated, so writers of rows every user sees (open tasks: one everyone key) never queue
-- on a mark row; old marks are deleted by their transaction id (private.sync_mark_purges).
create table private.sync_marks (
  user_id uuid not null,
  sync_xid xid8 not null default pg_current_xact_id(),
  table_name text not null,
  seen_xmin xid8 not null,
  seen_xmax xid8 not null,
  constraint sync_marks_pkey primary key (user_id, sync_xid, table_name)
);
comment on table private.sync_marks is
  'One row per (user, transaction, synced table) that transaction wrote something in for that user: a row they see or saw written, tombstoned or deleted. user_id may also be the everyone key (a row every user sees) or the uncertain key (table_name ''?'': a write whose snapshot may miss a holder, under repeatable read); table_name ''*'' says the user''s holdings changed (the access log, or a task or activity moved into or out of one of their keys): ask the exact question. Written by the statement triggers of the synced tables in the writing transaction, read by sync_poll, purged by purge_sync_marks.';
comment on column private.sync_marks.seen_xmin is
  'pg_snapshot_xmin of the snapshot the writer worked out the users with: every transaction below it had ended. A hot standby''s poll reads the newest mark to learn how far the primary had gone.';
comment on column private.sync_marks.seen_xmax is
  'pg_snapshot_xmax of that snapshot: no transaction id at or above it had been handed out when the writer looked.';
-- The purge deletes by transaction id, and a standby's poll reads the newest mark.
create index sync_marks_xid_idx on private.sync_marks (sync_xid);

-- When marks were deleted: a poll whose cursor has not seen every transaction below
-- purged_below cannot trust the marks alone.
create table private.sync_mark_horizon (
  only_row boolean primary key default true check (only_row),
  purged_below xid8 not null
);
insert into private.sync_mark_horizon (purged_below) values ('0');
comment on table private.sync_mark_horizon is
  'One row: every mark of a transaction below purged_below may have been deleted (purge_sync_marks). sync_poll answers from the marks only for a cursor that has seen all of those transactions.';

-- The oldest transaction still running at each purge, and when: the next purge deletes the
-- marks below the newest of these taken before its cutoff (transaction ids say no time).
create table private.sync_mark_purges (
  taken_at timestamptz primary key,
  below xid8 not null
);
comment on table private.sync_mark_purges is
  'At each purge_sync_marks, when it ran and the oldest transaction id then still running (pg_snapshot_xmin): a later purge deletes the marks below the newest of these older than the retention.';

revoke all on private.sync_marks, private.sync_mark_horizon, private.sync_mark_purges
  from public, anon, authenticated, service_role;
