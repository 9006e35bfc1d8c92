-- migrate:replaces 0017_outbox_queue 2215d23ebf3bba33aabf2a5887198d6857c6d785c603225db3d9c0361a11da1c
-- migrate:replaces 0018_outbox_claims 11659fc138bd210d05afe59529c5f6bd1b0fb77134d9dfe866d9176c75497333
-- migrate:replaces 0019_outbox_feed 18da5e554221d0a94c3513e52cac6378d4e739e62c71a3093c888fb62fc472ad
-- The durable change outbox, the queue side: dispatch-worker's handlers consume the events
-- of outbox.events, each event once per handler, at least once.
--
-- A log-based queue, in the manner of PgQ: each handler reads the append-only log from a
-- cursor of its own (outbox.cursors), page by page, and a page it has leased is one row of
-- outbox.batches, not one row per event, and the rows are reused: a handled page costs the
-- queue one in-place (HOT) update of a row that already exists; only the exceptions, events
-- that failed, were given back or went dead, get a row each (outbox.retries). So the cost
-- per event depends neither on the backlog nor on the history, and old events leave the log
-- a day at a time (outbox.prune), never row by row. Functions: sql/code/17_outbox_queue.sql.
--
-- Life of a delivery: (event committed) -> read by the handler's cursor into a batch
--   -> running (the batch is leased) -> done (the batch is closed: no row per event left)
--                                    -> a retry row: failed (waits run_at) -> running ...
--                                                    dead (max_attempts, or not retryable)
-- A batch or retry whose lease ran out (the worker died) is claimed again; the events of
-- a batch are found again from its two cursors (outbox.batch_events).

create table outbox.handlers (
  name text primary key,
  tables text[],
  ops text[] not null default '{insert,update,delete}',
  max_attempts integer not null default 5,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  constraint handlers_name_check check (name ~ '^[a-z][a-z0-9_.:-]{0,62}$'),
  constraint handlers_ops_check check (ops <@ '{insert,update,delete}' and cardinality(ops) > 0),
  constraint handlers_max_attempts_check check (max_attempts between 1 and 100)
);
comment on table outbox.handlers is
  'The consumers of outbox events (dispatch-worker''s handlers). Each reads the log from its own cursor (outbox.cursors), so the events it has not read yet simply wait in the log: no change is lost while no worker runs. Managed with outbox.register_handler / outbox.unregister_handler.';
comment on column outbox.handlers.name is 'Handler name as the worker knows it, e.g. notifications.';
comment on column outbox.handlers.tables is 'Tables whose changes it receives; NULL = every recorded table.';
comment on column outbox.handlers.ops is 'Operations it receives (subset of insert, update, delete).';
comment on column outbox.handlers.max_attempts is 'Attempts before a delivery goes dead (the first try counts).';
comment on column outbox.handlers.description is 'What the handler does, for people reading psql.';

-- A cursor is the same never-miss position as a realtime feed's (19_outbox_feed.sql): "every event
-- visible in snapshot with an id up to last_event_id has been read, and no other". The
-- next page is, in id order, the ids above last_event_id plus the smaller ids of the
-- transactions the snapshot could not see (txid in its xip list, or >= its xmax).
create table outbox.cursors (
  handler text primary key references outbox.handlers (name) on delete cascade,
  snapshot pg_catalog.pg_snapshot not null,
  last_event_id bigint not null,
  updated_at timestamptz not null default now()
) with (
  -- Updated by every claim: a page of free room keeps each update HOT (in place, pruned by
  -- the next reader), and a vacuum soon after a few dead versions keeps the table one page.
  fillfactor = 10,
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 50,
  autovacuum_vacuum_cost_delay = 0
);
comment on table outbox.cursors is
  'How far each handler has read the log: every event visible in snapshot with an id up to last_event_id has been put in one of its batches, and no other. outbox.claim moves it (the row is locked while a claim reads a page, so two claimers never read the same page); outbox.prune truncates no day a cursor has not passed.';
comment on column outbox.cursors.snapshot is 'The snapshot of the statement that read the handler''s last page.';
comment on column outbox.cursors.last_event_id is 'The largest event id read so far.';
comment on column outbox.cursors.updated_at is 'When the cursor last moved.';

create sequence outbox.lease_ids;
comment on sequence outbox.lease_ids is 'Lease ids of outbox.batches: a new one each time a batch is leased.';

create table outbox.batches (
  id integer generated always as identity primary key,
  lease_id bigint not null,
  handler text not null,
  from_snapshot pg_catalog.pg_snapshot not null,
  from_event_id bigint not null,
  to_snapshot pg_catalog.pg_snapshot not null,
  to_event_id bigint not null,
  events integer not null,
  oldest_created_at timestamptz not null,
  state text not null default 'running',
  attempts integer not null default 1,
  run_at timestamptz not null,
  locked_by text,
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  constraint batches_state_check check (state in ('running', 'pending', 'free')),
  constraint batches_lock_check check ((state = 'running') = (locked_by is not null))
) with (
  -- Rows are updated in place, never deleted: no index but the primary key, and room on
  -- each page, so nearly every update is HOT and the page prunes itself; the table stays as
  -- many rows as there were ever batches in flight at once, whatever the throughput. The
  -- few dead versions pruning cannot reach are vacuumed soon (by count, not by fraction).
  fillfactor = 50,
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 50,
  autovacuum_vacuum_cost_delay = 0
);
comment on table outbox.batches is
  'Pages of the log leased to a worker, one row per (handler, page) in flight: the handler''s events read between cursor (from_snapshot, from_event_id) and cursor (to_snapshot, to_event_id), which outbox.batch_events finds again. outbox.complete frees the row and the next page reuses it (no insert, no delete); a lease that expires (the worker died) is claimed again as a whole. A handful of rows, read whole (no index on purpose: see the storage parameters).';
comment on column outbox.batches.id is 'The row, reused from page to page.';
comment on column outbox.batches.lease_id is
  'This lease of the row (outbox.lease_ids): what outbox.claim returns as batch_id and the worker reports with, so a late report never touches the row''s next page.';
comment on column outbox.batches.events is 'How many events the page had when it was read.';
comment on column outbox.batches.oldest_created_at is 'created_at of its oldest event (outbox.oldest_pending).';
comment on column outbox.batches.state is
  'running (leased to locked_by until run_at), pending (given back whole by outbox.release: due at run_at) or free (handled; the row waits for the next page).';
comment on column outbox.batches.attempts is 'Attempts started on the page (its events'' attempt number).';
comment on column outbox.batches.run_at is 'running: the lease expiry; pending: when it may be claimed.';
comment on column outbox.batches.last_error is 'Why the page is on a later attempt (a lease that expired).';

create table outbox.retries (
  handler text not null,
  event_id bigint not null,
  state text not null default 'pending',
  attempts integer not null default 0,
  run_at timestamptz not null default now(),
  locked_by text,
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  event jsonb not null,
  primary key (handler, event_id),
  constraint retries_state_check check (state in ('pending', 'running', 'failed', 'dead')),
  constraint retries_lock_check check ((state = 'running') = (locked_by is not null))
) with (
  -- Inserted and deleted only for failures: vacuum by count, so a burst of them leaves no
  -- lasting bloat.
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 100,
  autovacuum_vacuum_cost_delay = 0
);
comment on table outbox.retries is
  'The deliveries taken out of the log''s order, one row per (handler, event): failed (an attempt failed; retried at run_at), running (a retry leased to locked_by until run_at), pending (given back untried, or re-queued), dead (no more attempts; see last_error; outbox.requeue_dead revives it). Each row keeps a copy of its event, so a retry or a dead letter never holds a day of the log back from outbox.prune. Deleted when the handler completes it.';
comment on column outbox.retries.attempts is 'Attempts started so far.';
comment on column outbox.retries.run_at is
  'When the delivery may next be claimed: for pending and failed the due time, for running the lease expiry, for dead when it died.';
comment on column outbox.retries.locked_by is 'The worker holding the lease (running only).';
comment on column outbox.retries.last_error is 'The last failure''s message (also "lease ... expired" when a worker vanished).';
comment on column outbox.retries.created_at is 'When the delivery left its batch (its first failure or release).';
comment on column outbox.retries.event is 'The outbox.events row, as to_jsonb (jsonb_populate_record(null::outbox.events, event) restores it).';

-- Due retries, oldest first. Partial, so dead letters cost the claim nothing.
create index retries_claim_idx on outbox.retries (run_at, event_id) where state <> 'dead';
revoke all on outbox.handlers, outbox.cursors, outbox.batches, outbox.retries
  from public, anon, authenticated, service_role;
revoke all on sequence outbox.batches_id_seq, outbox.lease_ids from public, anon, authenticated, service_role;
grant select on outbox.handlers, outbox.cursors, outbox.batches, outbox.retries
  to service_role;
grant insert, update, delete on outbox.handlers, outbox.cursors, outbox.batches, outbox.retries to service_role;
grant usage on sequence outbox.lease_ids to service_role;
