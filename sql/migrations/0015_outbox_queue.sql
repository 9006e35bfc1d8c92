-- The durable change outbox, the queue side: dispatch-worker's handlers consume the events
-- of outbox.events (0014), each event once per handler, at least once.
--
-- The per-handler work items (outbox.deliveries) are created lazily, in sets, by the
-- worker's claim ("fan-out"), which reads the events committed since a never-miss cursor
-- (outbox.fanout) and inserts their deliveries already leased to itself. So no change is
-- lost while no worker runs (the events wait), and a burst of writes costs the writers no
-- queue maintenance.
--
--   outbox.register_handler(...)         declare a consumer (which tables / operations)
--   outbox.queue                         the queue per handler, for psql
-- and, in 0016, the worker's calls:
--   outbox.claim(...)                    take a batch of due deliveries with a lease,
--                                        fanning out newly committed events first
--   outbox.complete(...)                 done: the delivery rows are deleted
--   outbox.fail(...)                     retry later (outbox.retry_delay) or dead-letter
--   outbox.release(...)                  give back leased deliveries untried (shutdown)
--   outbox.requeue_dead(...)             give dead deliveries a fresh set of attempts
--   outbox.prune(...)                    delete old events that no handler still needs
--
-- Life of a delivery: (event committed) -> fanned out by a claim -> running (leased)
--                                        -> deleted (done)
--                                        -> failed (waits run_at) -> running ...
--                                        -> dead (after max_attempts, or not retryable)
-- A running delivery whose lease ran out (the worker died) is claimed again.

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
  'The consumers of outbox events (dispatch-worker''s handlers). Each change a handler wants gets one outbox.deliveries row for it, created when a claim fans the committed event out (see outbox.fanout); until then the event itself waits, so no change is lost while no worker runs. Managed with outbox.register_handler / outbox.unregister_handler.';
comment on column outbox.handlers.name is 'Handler name as the worker knows it, e.g. notifications.';
comment on column outbox.handlers.tables is 'Tables whose changes it receives; NULL = every recorded table.';
comment on column outbox.handlers.ops is 'Operations it receives (subset of insert, update, delete).';
comment on column outbox.handlers.max_attempts is 'Attempts before a delivery goes dead (the first try counts).';
comment on column outbox.handlers.description is 'What the handler does, for people reading psql.';

create table outbox.deliveries (
  handler text not null,
  event_id bigint not null,
  state text not null default 'pending',
  attempts integer not null default 0,
  run_at timestamptz not null default now(),
  locked_by text,
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  primary key (handler, event_id),
  constraint deliveries_state_check check (state in ('pending', 'running', 'failed', 'dead')),
  constraint deliveries_lock_check check ((state = 'running') = (locked_by is not null))
) with (
  -- A queue table: every row is inserted, updated once or twice and deleted. Vacuum it
  -- often, by row count rather than by a fraction of a table that is usually tiny.
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000,
  autovacuum_vacuum_cost_delay = 0
);
comment on table outbox.deliveries is
  'Outstanding work: one row per (handler, event) fanned out and not yet handled. Created by outbox.claim''s fan-out (already leased when the claimer runs that handler, else pending); deleted when its handler completes it, so "handled once per handler" is the absence of the row after fan-out. No foreign keys on purpose (a queue written in sets on the hot path); the event outlives its deliveries because outbox.prune deletes only fanned-out, unreferenced events.';
comment on column outbox.deliveries.state is
  'pending (never tried), running (leased to locked_by until run_at), failed (an attempt failed; retried at run_at), dead (no more attempts; see last_error; outbox.requeue_dead revives it).';
comment on column outbox.deliveries.attempts is 'Attempts started so far (incremented by each claim).';
comment on column outbox.deliveries.run_at is
  'When the delivery may next be claimed: for pending and failed the due time, for running the lease expiry (a worker that died loses it then).';
comment on column outbox.deliveries.locked_by is 'The worker holding the lease (running only).';
comment on column outbox.deliveries.locked_at is 'When the current lease was taken.';
comment on column outbox.deliveries.last_error is 'The last failure''s message (also "lease ... expired" when a worker vanished).';

-- The claim: due, not dead, oldest first. Partial, so dead letters cost the hot path nothing.
-- Not led by handler: one worker normally runs every handler, and a claim for several
-- handlers then reads this index in order instead of merging one range per handler.
create index deliveries_claim_idx on outbox.deliveries (run_at, event_id) where state <> 'dead';

-- The fan-out cursor: one row, locked by the claim that fans out (claims queue on it for the
-- few milliseconds of a fan-out; each one then reads on from where the last one stopped).
create table outbox.fanout (
  singleton boolean primary key default true,
  snapshot pg_catalog.pg_snapshot not null,
  last_event_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  constraint fanout_singleton_check check (singleton)
);
comment on table outbox.fanout is
  'How far outbox.claim has fanned events out to their handlers'' deliveries: every event visible in snapshot with an id up to last_event_id has been fanned out, and no other. The next fan-out takes, in id order, the events committed since: ids above last_event_id, plus smaller ids of transactions the snapshot could not see (txid in its xip list, or >= its xmax). Exactly once: no event is skipped or fanned out twice, whatever the commit order.';
comment on column outbox.fanout.singleton is 'Always true: the table has exactly one row.';
comment on column outbox.fanout.snapshot is 'The snapshot of the statement that read the last fan-out page.';
comment on column outbox.fanout.last_event_id is 'The largest event id fanned out so far (0 = none).';
comment on column outbox.fanout.updated_at is 'When the cursor last moved.';
insert into outbox.fanout (snapshot) values (pg_catalog.pg_current_snapshot());

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
  return v_handler;
end
$$;
comment on function outbox.register_handler(text, text[], text[], integer, text) is
  'Creates or updates a handler. It receives the changes to p_tables (NULL = all recorded tables) with an operation in p_ops that are fanned out from then on: those committed later, and those committed earlier that no claim has fanned out yet; events fanned out before are not. Errors: NULL_ARGUMENT (22004), INVALID_HANDLER, INVALID_TABLE, INVALID_OPS, INVALID_MAX_ATTEMPTS (22023).';

create function outbox.unregister_handler(p_name text) returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  v_dropped bigint;
begin
  if not exists (select from outbox.handlers h where h.name = p_name) then
    raise exception using errcode = 'P0002', message = format('NOT_FOUND: no handler %L', p_name);
  end if;
  -- A change committing at this very moment may still add a delivery for the handler;
  -- outbox.queue shows such leftovers, and calling this again removes them.
  delete from outbox.handlers h where h.name = p_name;
  delete from outbox.deliveries d where d.handler = p_name;
  get diagnostics v_dropped = row_count;
  return v_dropped;
end
$$;
comment on function outbox.unregister_handler(text) is
  'Removes a handler and all its outstanding deliveries (returned: how many). NOT_FOUND (P0002) when there is none.';

create view outbox.queue as
  with awaiting as (
    -- Committed events no claim has fanned out yet (see outbox.fanout).
    select e.table_name, e.op, e.created_at
      from outbox.events e, outbox.fanout f
     where e.id > f.last_event_id
    union all
    select e.table_name, e.op, e.created_at
      from outbox.events e, outbox.fanout f
     where e.id <= f.last_event_id
       and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(f.snapshot)))
            or e.txid >= pg_catalog.pg_snapshot_xmax(f.snapshot))
  ), awaiting_per_handler as (
    select h.name as handler, count(*) as n, min(a.created_at) as oldest
      from awaiting a
      join outbox.handlers h on (h.tables is null or a.table_name = any (h.tables)) and a.op = any (h.ops)
     group by h.name
  ), per_handler as (
    select coalesce(h.name, d.handler) as handler,
           count(d.event_id) filter (where d.state = 'pending' and d.run_at <= now()) as pending,
           count(d.event_id) filter (where d.state = 'pending' and d.run_at > now()) as scheduled,
           count(d.event_id) filter (where d.state = 'running' and d.run_at > now()) as in_flight,
           count(d.event_id) filter (where d.state = 'running' and d.run_at <= now()) as lease_expired,
           count(d.event_id) filter (where d.state = 'failed') as failed,
           count(d.event_id) filter (where d.state = 'dead') as dead,
           min(d.created_at) filter (where d.state <> 'dead') as oldest,
           min(d.run_at) filter (where d.state = 'failed') as next_retry_at
      from outbox.handlers h
      full join outbox.deliveries d on d.handler = h.name
     group by 1
  )
  select p.handler,
         p.pending + coalesce(w.n, 0) as pending,
         coalesce(w.n, 0) as awaiting_fanout,
         p.scheduled, p.in_flight, p.lease_expired, p.failed, p.dead,
         now() - least(p.oldest, w.oldest) as oldest_unhandled_age,
         p.next_retry_at
    from per_handler p
    left join awaiting_per_handler w on w.handler = p.handler
   order by 1;
comment on view outbox.queue is
  'The queue per handler (including deliveries left by an unregistered one), for psql: pending (due: pending deliveries plus committed events not yet fanned out, also counted in awaiting_fanout), scheduled (requeued for later), in_flight (leased), lease_expired (worker gone; claimed again next), failed (waiting for a retry), dead, the age of the oldest unhandled delivery and the next retry time.';

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
revoke all on outbox.handlers, outbox.deliveries, outbox.fanout, outbox.queue from public, anon, authenticated, service_role;
grant select on outbox.handlers, outbox.queue to service_role;
grant select, update on outbox.fanout to service_role;
grant select, insert, update, delete on outbox.deliveries to service_role;
grant select, insert, update, delete on outbox.handlers to service_role;
grant execute on function
  outbox.register_handler(text, text[], text[], integer, text),
  outbox.unregister_handler(text)
  to service_role;
