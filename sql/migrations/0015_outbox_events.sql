-- migrate:replaces 0016_outbox_capture bdaebc6d1c1856eb5aedf6a76b7170d0446bbe2b7fa0548a93e1087be61c5c5a
-- The durable change outbox, the capture side: every change to a recorded table becomes,
-- in the writing transaction, one row of outbox.events, the log that realtime feeds read
-- (19_outbox_feed.sql) and the worker's handlers consume (17_outbox_queue.sql, 18_outbox_claims.sql). NOTIFY is only a doorbell: one
-- constant, empty payload on channel outbox.doorbell_channel() per transaction, whatever the
-- number or size of the rows changed, so a bulk change rings once and no payload nears
-- NOTIFY's 8000-byte limit.
--
--   outbox.enable_changes(regclass)    attach the triggers to a table
--   outbox.disable_changes(regclass)   detach them
--   outbox.tables                      the recorded tables
--
-- The writer pays for one event row and nothing else: who handles it, and when, is the
-- queue's business (17_outbox_queue.sql). The log is append-only and never updated or deleted row by row:
-- it is a ring of daily partitions, and a day leaves as a whole (TRUNCATE, outbox.prune in
-- 19_outbox_feed.sql) once it is older than the retention and every handler has read past it. So a
-- reader's cost per event does not depend on how much history or backlog the log holds,
-- and the log leaves no dead rows for vacuum to chase.

create schema outbox;
comment on schema outbox is
  'The durable change outbox: outbox.events (the log of every recorded change, read by realtime feeds and consumed by dispatch-worker''s handlers through per-handler cursors), outbox.handlers, the small tables of in-flight batches and retries, and the functions that claim, complete, fail, re-queue and prune. Private: only service_role (the worker and the Swift library) uses it.';

revoke all on schema outbox from public, anon, authenticated, service_role;
grant usage on schema outbox to service_role;

-- ---------------------------------------------------------------------------------------
-- The log
-- ---------------------------------------------------------------------------------------

-- Partitioned by the UTC day of created_at, modulo 16: partition outbox.events_pNN holds the
-- days d with (d - 1970-01-01) % 16 = NN, so a day is always one partition and 16 days make
-- the ring. No primary key: PostgreSQL allows none over an expression partition key, and the
-- identity already makes ids unique.
create table outbox.events (
  id bigint generated always as identity,
  table_name text not null,
  op text not null,
  record_id uuid,
  record jsonb,
  old_record jsonb,
  audience uuid[] not null default '{}',
  visible_to_all boolean not null default false,
  txid xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  actor uuid,
  restored boolean not null default false,
  constraint events_op_check check (op in ('insert', 'update', 'delete')),
  constraint events_record_check check ((record is null) = (op = 'delete')),
  constraint events_old_record_check check ((old_record is null) = (op = 'insert'))
) partition by list ((((created_at at time zone 'UTC')::date - date '1970-01-01') % 16));
comment on table outbox.events is
  'Append-only log of changes to the tables with outbox.enable_changes, written by their triggers in the same transaction. The canonical RealtimeRecord {table, eventType, record, oldRecord} is table_name, op, record and (update) record || old_record or (delete) old_record. A ring of 16 daily partitions (events_p00 .. events_p15, by the UTC day of created_at): rows are never updated or deleted; a whole day leaves by outbox.prune (TRUNCATE) once it is older than the retention and every handler has read past it.';
comment on column outbox.events.id is
  'Event id, from a sequence at the time of the change. For one row, a later change always has a larger id (the row lock orders them), so id order is commit order per row; clients deduplicate by it.';
comment on column outbox.events.table_name is 'Unqualified table name (TG_TABLE_NAME), e.g. tasks; all recorded tables are in schema public.';
comment on column outbox.events.op is 'insert, update or delete (RealtimeRecord.eventType).';
comment on column outbox.events.record_id is 'The row''s uuid id; NULL for a table without a uuid "id" column (e.g. a composite key).';
comment on column outbox.events.record is 'The new row as JSON (insert, update); NULL on delete.';
comment on column outbox.events.old_record is
  'On update only the columns that changed, with their old values (the full old row is record || old_record); on delete the whole old row; NULL on insert.';
comment on column outbox.events.audience is
  'The users the change concerns by name: private.row_audience() (the visibility definition: the holders of the row''s scope keys) of the old and of the new row, deduplicated (who could see the row before or after the change; admins not included). The old row''s is computed only when a column deciding the keys changed (private.visibility_columns); otherwise it equals the new row''s. For notifications: the recipient.';
comment on column outbox.events.visible_to_all is
  'True when every authenticated user could see the old or the new row (an everyone key: an open task or activity, a note on one, a profile), so the change concerns everybody, not only audience.';
comment on column outbox.events.txid is
  'The writing transaction''s id (pg_current_xact_id). Cursors (handlers'' in 0017, feeds'' in 0019) hold a snapshot; an event whose transaction was still running at that snapshot is found again through this column, so a late commit is never missed.';
comment on column outbox.events.created_at is 'Start time of the writing transaction (now()); its UTC day chooses the partition.';
comment on column outbox.events.actor is
  'auth.uid() of the writer when the change was made (who claimed, completed, wrote the note, restored ...); NULL for service and system writes. Handlers use it not to notify people of their own actions.';
comment on column outbox.events.restored is
  'True for the insert of a row re-created by public.restore_entity (audit.is_restoring): a restore shows up as an insert event with this flag.';

do $$
begin
  for k in 0..15 loop
    execute format('create table outbox.%I partition of outbox.events for values in (%s)',
                   'events_p' || lpad(k::text, 2, '0'), k);
    execute format('comment on table outbox.%I is %L', 'events_p' || lpad(k::text, 2, '0'),
                   format('The days d with (d - 1970-01-01) %% 16 = %s of outbox.events (one day at a time; emptied by outbox.prune).', k));
  end loop;
end
$$;

-- Readers go by id from a cursor (outbox.claim, changes_since): each partition's index is
-- read from the cursor on, so the cost does not grow with the log.
create index events_id_idx on outbox.events (id);
-- The never-miss cursors re-read the events of transactions their snapshot could not see:
-- txid in pg_snapshot_xip(snapshot) or >= pg_snapshot_xmax.
create index events_txid_idx on outbox.events (txid);
-- Events per minute (outbox.events_per_minute): a BRIN index costs next to nothing per
-- insert on an append-only table.
create index events_created_at_brin on outbox.events using brin (created_at);

-- What the log has lost: outbox.prune records here the newest event and the range of
-- writing transactions it truncated, so a feed cursor that had not yet read them gets
-- CURSOR_EXPIRED instead of a silent gap (outbox.changes_since, 19_outbox_feed.sql).
create table outbox.log_horizon (
  singleton boolean primary key default true,
  last_event_id bigint not null default 0,
  min_txid xid8,
  max_txid xid8,
  pruned_events bigint not null default 0,
  updated_at timestamptz not null default now(),
  constraint log_horizon_singleton_check check (singleton)
);
comment on table outbox.log_horizon is
  'What outbox.prune has removed from the log so far: every truncated event has an id up to last_event_id and a txid between min_txid and max_txid. A feed cursor (snapshot, last id) is expired when last_event_id is above its last id, or when one of those transactions was not visible in its snapshot. One row.';
comment on column outbox.log_horizon.last_event_id is 'The largest event id truncated (0 = none yet).';
comment on column outbox.log_horizon.min_txid is 'The smallest writing transaction among the truncated events (NULL = none yet).';
comment on column outbox.log_horizon.max_txid is 'The largest writing transaction among the truncated events (NULL = none yet).';
comment on column outbox.log_horizon.pruned_events is 'Events truncated since the log began.';
insert into outbox.log_horizon default values;

-- ---------------------------------------------------------------------------------------
-- Privileges: the worker and the Swift library run as service_role; app roles get nothing.
-- ---------------------------------------------------------------------------------------

-- Events are written only by the definer triggers (as the owner), so nobody else draws ids;
-- and they leave only by outbox.prune (definer: TRUNCATE), so nobody deletes them.
revoke all on outbox.events, outbox.log_horizon from public, anon, authenticated, service_role;
do $$
begin
  for k in 0..15 loop
    execute format('revoke all on table outbox.%I from public, anon, authenticated, service_role',
                   'events_p' || lpad(k::text, 2, '0'));
  end loop;
end
$$;
revoke all on sequence outbox.events_id_seq from public, anon, authenticated, service_role;
grant select on outbox.events, outbox.log_horizon to service_role;
