-- The durable change outbox, the queue side: dispatch-worker's handlers consume the events
-- of outbox.events (0016), each event once per handler, at least once.
--
-- A log-based queue, in the manner of PgQ: each handler reads the append-only log from a
-- cursor of its own (outbox.cursors), page by page, and a page it has leased is one row of
-- outbox.batches, not one row per event, and the rows are reused: a handled page costs the
-- queue one in-place (HOT) update of a row that already exists; only the exceptions, events
-- that failed, were given back or went dead, get a row each (outbox.retries). So the cost per event depends neither on the
-- backlog nor on the history, the queue tables stay small, and old events leave the log a
-- day at a time (outbox.prune, 0019), never row by row.
--
--   outbox.register_handler(...)         declare a consumer (which tables / operations)
--   outbox.deliveries                    every outstanding (handler, event), for psql
--   outbox.queue                         the queue per handler, for psql and `status`
--   outbox.queue_depth, oldest_pending,  the same as gauges, for monitoring
--   dead_deliveries, events_per_minute
-- and, in 0018, the worker's calls:
--   outbox.claim(...)                    lease a batch: retries due, batches whose lease
--                                        expired, then the next page of each handler's log
--   outbox.fail(...)                     retry later (outbox.retry_delay) or dead-letter
--   outbox.release(...)                  give back untried (shutdown)
--   outbox.complete(...)                 close the batches, drop the retries that succeeded
--   outbox.requeue_dead(...)             give dead deliveries a fresh set of attempts
--   outbox.prune(...)                    truncate the days no handler or retention needs
--
-- Life of a delivery: (event committed) -> read by the handler's cursor into a batch
--   -> running (the batch is leased) -> done (the batch is closed: no row per event left)
--                                    -> a retry row: failed (waits run_at) -> running ...
--                                                    dead (max_attempts, or not retryable)
-- A batch or retry whose lease ran out (the worker died) is claimed again; the events of
-- a batch are found again from its two cursors (outbox.batch_events).

-- ---------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------

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

-- A cursor is the same never-miss position as a realtime feed's (0019): "every event
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

-- ---------------------------------------------------------------------------------------
-- Handlers
-- ---------------------------------------------------------------------------------------

create function outbox.register_handler(
  p_name text,
  p_tables text[] default null,
  p_ops text[] default '{insert,update,delete}',
  p_max_attempts integer default 5,
  p_description text default ''
) returns outbox.handlers
  language plpgsql
  set search_path = ''
as $$
declare
  v_unknown text[];
  v_handler outbox.handlers;
begin
  if p_name is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_name must not be NULL';
  end if;
  if p_name !~ '^[a-z][a-z0-9_.:-]{0,62}$' then
    raise exception using errcode = '22023',
      message = format('INVALID_HANDLER: %L is not a valid handler name', p_name),
      hint = 'Lower-case letters, digits and _ . : -, starting with a letter, at most 63 characters.';
  end if;
  select array_agg(t) into v_unknown
    from unnest(p_tables) t
   where t is null or t not in (select ot.table_name from outbox.tables ot);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_TABLE: the outbox does not record ' || array_to_string(v_unknown, ', ', 'NULL'),
      hint = 'Recorded tables: select table_name from outbox.tables; add one with outbox.enable_changes().';
  end if;
  if p_ops is null or cardinality(p_ops) = 0 or not p_ops <@ '{insert,update,delete}' then
    raise exception using errcode = '22023',
      message = 'INVALID_OPS: p_ops must be a non-empty subset of {insert,update,delete}';
  end if;
  if p_max_attempts is null or p_max_attempts not between 1 and 100 then
    raise exception using errcode = '22023', message = 'INVALID_MAX_ATTEMPTS: p_max_attempts must be between 1 and 100';
  end if;

  insert into outbox.handlers as h (name, tables, ops, max_attempts, description)
  values (p_name, p_tables, p_ops, p_max_attempts, coalesce(p_description, ''))
  on conflict (name) do update
    set tables = excluded.tables, ops = excluded.ops, max_attempts = excluded.max_attempts,
        description = excluded.description, updated_at = now()
  returning h.* into v_handler;
  -- A new handler starts at "now": the events committed from here on, and those of the
  -- transactions still running (the snapshot's xip list). Re-registering keeps the cursor.
  insert into outbox.cursors (handler, snapshot, last_event_id)
  select p_name, pg_catalog.pg_current_snapshot(), coalesce(max(e.id), 0) from outbox.events e
  on conflict (handler) do nothing;
  return v_handler;
end
$$;
comment on function outbox.register_handler(text, text[], text[], integer, text) is
  'Creates or updates a handler. It receives the changes to p_tables (NULL = all recorded tables) with an operation in p_ops committed after it was first registered (and those of transactions still running then); updating a handler keeps its place in the log. Errors: NULL_ARGUMENT (22004), INVALID_HANDLER, INVALID_TABLE, INVALID_OPS, INVALID_MAX_ATTEMPTS (22023).';

create function outbox.unregister_handler(p_name text) returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  v_dropped bigint;
  v_batched bigint;
begin
  if not exists (select from outbox.handlers h where h.name = p_name) then
    raise exception using errcode = 'P0002', message = format('NOT_FOUND: no handler %L', p_name);
  end if;
  -- Its cursor goes with it (on delete cascade), and so does its hold on the log.
  delete from outbox.handlers h where h.name = p_name;
  delete from outbox.retries r where r.handler = p_name;
  get diagnostics v_dropped = row_count;
  with gone as (delete from outbox.batches b where b.handler = p_name
                returning case when b.state = 'free' then 0 else b.events end as events)
  select coalesce(sum(g.events), 0) into v_batched from gone g;
  return v_dropped + v_batched;
end
$$;
comment on function outbox.unregister_handler(text) is
  'Removes a handler, its cursor and its outstanding deliveries (returned: how many were leased or waiting for a retry). NOT_FOUND (P0002) when there is none.';

-- The events of a batch: those its handler wants that the page's end cursor had read and
-- its start cursor had not (the same set the claim read: ids above from_event_id seen at
-- to_snapshot, and the smaller ids of transactions from_snapshot could not see).
create function outbox.batch_events(p_batch outbox.batches) returns setof outbox.events
  language sql
  stable
  set search_path = ''
  set enable_seqscan = off
  set jit = off
as $$
  select e.*
    from outbox.handlers h
   cross join lateral (
     select e.* from outbox.events e
      where e.id > p_batch.from_event_id and e.id <= p_batch.to_event_id
     union all
     -- (e.id + 0: the txid index finds these few; the id index would read the history)
     select e.* from outbox.events e
      where (e.id + 0) <= p_batch.from_event_id
        and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(p_batch.from_snapshot)))
             or e.txid >= pg_catalog.pg_snapshot_xmax(p_batch.from_snapshot))
   ) e
   where h.name = p_batch.handler
     and pg_catalog.pg_visible_in_snapshot(e.txid, p_batch.to_snapshot)
     and (h.tables is null or e.table_name = any (h.tables))
     and e.op = any (h.ops)
   order by e.id
$$;
comment on function outbox.batch_events(outbox.batches) is
  'The events of a batch, in id order: what its handler wants between the batch''s two cursors (index scans only). Used to claim a batch again (its lease expired, or it was given back) and by outbox.deliveries.';

-- ---------------------------------------------------------------------------------------
-- Views: for psql, `dispatch-worker status`, and monitoring (stable names and columns;
-- their costs grow with the backlog, never with the history).
-- ---------------------------------------------------------------------------------------

create view outbox.deliveries as
  select r.handler, r.event_id, r.state, r.attempts, r.run_at, r.locked_by, r.locked_at, r.last_error,
         r.created_at, null::bigint as batch_id
    from outbox.retries r
  union all
  select b.handler, e.id, b.state, b.attempts, b.run_at, b.locked_by, b.locked_at, b.last_error,
         b.created_at, b.lease_id
    from outbox.batches b
   cross join lateral outbox.batch_events(b) e
   where b.state <> 'free';
comment on view outbox.deliveries is
  'Every outstanding (handler, event) that a worker holds or will retry: the events of the leased or given-back batches (state running or pending, batch_id set) and the retries (pending, running, failed, dead). Events no cursor has read yet are not listed (outbox.queue counts them as unclaimed). For psql: it finds each batch''s events again.';

-- Per handler: the events its cursor has not read yet that it wants, and the oldest one.
create function outbox.backlog() returns table (handler text, events bigint, oldest_created_at timestamptz)
  language sql
  stable
  set search_path = ''
  -- Index scans from each cursor, even when the statistics are young (a fresh database);
  -- and never JIT (disabling seq scans makes every cost look large).
  set enable_seqscan = off
  set jit = off
as $$
  select c.handler, count(e.id), min(e.created_at)
    from outbox.cursors c
    join outbox.handlers h on h.name = c.handler
    left join lateral (
      select e.id, e.created_at, e.table_name, e.op from outbox.events e
       where e.id > c.last_event_id
      union all
      -- (e.id + 0: the txid index finds these few; the id index would read the history)
      select e.id, e.created_at, e.table_name, e.op from outbox.events e
       where (e.id + 0) <= c.last_event_id
         and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(c.snapshot)))
              or e.txid >= pg_catalog.pg_snapshot_xmax(c.snapshot))
    ) e on (h.tables is null or e.table_name = any (h.tables)) and e.op = any (h.ops)
   group by c.handler
$$;
comment on function outbox.backlog() is
  'Per handler, the committed events it wants that its cursor has not read yet (its backlog in the log) and the created_at of the oldest. Reads that backlog (index scans from the cursor), never the history.';

create view outbox.unclaimed as
  select b.handler, b.events, b.oldest_created_at from outbox.backlog() b;
comment on view outbox.unclaimed is
  'Per handler, the committed events it wants that its cursor has not read yet (its backlog in the log) and the created_at of the oldest (outbox.backlog()).';

create view outbox.queue_depth as
  with counts as (
    select b.handler,
           case when b.state = 'pending' and b.run_at <= now() then 'pending'
                when b.state = 'pending' then 'scheduled'
                when b.run_at > now() then 'in_flight'
                else 'lease_expired' end as state,
           b.events as n
      from outbox.batches b
     where b.state <> 'free'
    union all
    select r.handler,
           case when r.state = 'pending' and r.run_at <= now() then 'pending'
                when r.state = 'pending' then 'scheduled'
                when r.state = 'running' and r.run_at > now() then 'in_flight'
                when r.state = 'running' then 'lease_expired'
                when r.state = 'failed' then 'retrying'
                else 'dead' end,
           1
      from outbox.retries r
    union all
    select u.handler, 'unclaimed', u.events from outbox.unclaimed u
  )
  select h.name as handler, s.state, coalesce(sum(c.n), 0)::bigint as deliveries
    from outbox.handlers h
   cross join unnest('{unclaimed,pending,scheduled,in_flight,lease_expired,retrying,dead}'::text[]) as s (state)
    left join counts c on c.handler = h.name and c.state = s.state
   group by h.name, s.state
   order by h.name, s.state;
comment on view outbox.queue_depth is
  'Gauge: deliveries per handler and state, every state always present: unclaimed (in the log, not read by the handler''s cursor yet), pending (given back or re-queued, due), scheduled (given back, due later), in_flight (leased), lease_expired (its worker is gone; claimed again next), retrying (failed, waiting for outbox.retry_delay), dead.';

create view outbox.oldest_pending as
  with oldest as (
    select u.handler, u.oldest_created_at as at from outbox.unclaimed u
    union all
    select b.handler, b.oldest_created_at from outbox.batches b where b.state <> 'free'
    union all
    select r.handler, (r.event ->> 'created_at')::timestamptz from outbox.retries r where r.state <> 'dead'
  )
  select h.name as handler, min(o.at) as oldest_created_at,
         coalesce(extract(epoch from now() - min(o.at)), 0)::double precision as age_seconds
    from outbox.handlers h
    left join oldest o on o.handler = h.name
   group by h.name
   order by 1;
comment on view outbox.oldest_pending is
  'Gauge: per handler, the created_at of the oldest event it has not handled yet (unclaimed, leased, given back or waiting for a retry; dead ones excluded) and its age in seconds (0 when there is none).';

create view outbox.dead_deliveries as
  select h.name as handler, count(r.event_id) as dead, min(r.run_at) as oldest_dead_at, max(r.run_at) as newest_dead_at
    from outbox.handlers h
    left join outbox.retries r on r.handler = h.name and r.state = 'dead'
   group by h.name
   order by 1;
comment on view outbox.dead_deliveries is
  'Gauge: per handler, the dead deliveries (out of attempts, or failed for good) waiting for a person: how many, and when the first and the last died. The deliveries themselves: select * from outbox.retries where state = ''dead''; outbox.requeue_dead revives them.';

create view outbox.events_per_minute as
  select t.table_name, count(e.id) as events, date_trunc('minute', now()) - interval '1 minute' as minute
    from outbox.tables t
    left join outbox.events e
      on e.table_name = t.table_name
     and e.created_at >= date_trunc('minute', now()) - interval '1 minute'
     and e.created_at < date_trunc('minute', now())
   group by t.table_name
   order by 1;
comment on view outbox.events_per_minute is
  'Gauge: per recorded table, the events created in the last complete minute (minute = its start). Reads that minute of the log only (BRIN on created_at).';

create view outbox.queue as
  select d.handler,
         sum(d.deliveries) filter (where d.state in ('unclaimed', 'pending'))::bigint as pending,
         sum(d.deliveries) filter (where d.state = 'unclaimed')::bigint as unclaimed,
         sum(d.deliveries) filter (where d.state = 'scheduled')::bigint as scheduled,
         sum(d.deliveries) filter (where d.state = 'in_flight')::bigint as in_flight,
         sum(d.deliveries) filter (where d.state = 'lease_expired')::bigint as lease_expired,
         sum(d.deliveries) filter (where d.state = 'retrying')::bigint as failed,
         sum(d.deliveries) filter (where d.state = 'dead')::bigint as dead,
         (select now() - o.oldest_created_at from outbox.oldest_pending o where o.handler = d.handler) as oldest_unhandled_age,
         (select min(r.run_at) from outbox.retries r where r.handler = d.handler and r.state = 'failed') as next_retry_at
    from outbox.queue_depth d
   group by d.handler
   order by 1;
comment on view outbox.queue is
  'The queue per handler, for psql and dispatch-worker status: pending (due: unclaimed events in the log plus deliveries given back or re-queued), unclaimed (not read by the handler''s cursor yet), scheduled, in_flight (leased), lease_expired (worker gone; claimed again next), failed (waiting for a retry), dead, the age of the oldest unhandled event and the next retry time.';

-- ---------------------------------------------------------------------------------------
-- The worker's handlers exist from the start, so changes committed before its first run
-- are waiting for it.
-- ---------------------------------------------------------------------------------------

select outbox.register_handler('notifications',
         '{tasks,activities,listings,properties,notes,watchlist_entries,watchlist_shares}',
         '{insert,update}', 5,
         'Turns claims, releases, completions, notes, restores, shares and sightings into public.notifications rows.');
select outbox.register_handler('push', '{notifications}', '{insert}', 5,
         'Sends a push payload for each new notification to the configured sink.');

-- ---------------------------------------------------------------------------------------
-- Privileges: the worker runs as service_role; app roles get nothing.
-- ---------------------------------------------------------------------------------------

revoke all on all functions in schema outbox from public, anon, authenticated;
revoke all on function outbox.batch_events(outbox.batches), outbox.backlog() from public, anon, authenticated, service_role;
revoke all on outbox.handlers, outbox.cursors, outbox.batches, outbox.retries, outbox.deliveries,
  outbox.unclaimed, outbox.queue_depth, outbox.oldest_pending, outbox.dead_deliveries,
  outbox.events_per_minute, outbox.queue
  from public, anon, authenticated, service_role;
revoke all on sequence outbox.batches_id_seq, outbox.lease_ids from public, anon, authenticated, service_role;
grant select on outbox.handlers, outbox.cursors, outbox.batches, outbox.retries, outbox.deliveries,
  outbox.unclaimed, outbox.queue_depth, outbox.oldest_pending, outbox.dead_deliveries,
  outbox.events_per_minute, outbox.queue
  to service_role;
grant insert, update, delete on outbox.handlers, outbox.cursors, outbox.batches, outbox.retries to service_role;
grant usage on sequence outbox.lease_ids to service_role;
grant execute on function
  outbox.register_handler(text, text[], text[], integer, text),
  outbox.unregister_handler(text),
  outbox.batch_events(outbox.batches),
  outbox.backlog()
  to service_role;
