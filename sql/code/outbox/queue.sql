-- The outbox queue's functions and views (the tables: migration 0015_outbox_queue):
--
--   outbox.register_handler(...)         declare a consumer (which tables / operations)
--   outbox.deliveries                    every outstanding (handler, event), for psql
--   outbox.queue                         the queue per handler, for psql and `status`
--   outbox.queue_depth, oldest_pending,  the same as gauges, for monitoring
--   dead_deliveries, events_per_minute
-- and the worker's calls (outbox/claim.sql, outbox/feed.sql):
--   outbox.claim(...)                    lease a batch: retries due, batches whose lease
--                                        expired, then the next page of each handler's log
--   outbox.fail(...)                     retry later (outbox.retry_delay) or dead-letter
--   outbox.release(...)                  give back untried (shutdown)
--   outbox.complete(...)                 close the batches, drop the retries that succeeded
--   outbox.requeue_dead(...)             give dead deliveries a fresh set of attempts
--   outbox.prune(...)                    truncate the days no handler or retention needs
--

-- ---------------------------------------------------------------------------------------
-- Handlers
-- ---------------------------------------------------------------------------------------

create or replace function outbox.register_handler(
  p_name text,
  p_tables text[] default null,
  p_ops text[] default '{insert,update,delete}',
  p_max_attempts integer default 5,
  p_description text default ''
) returns outbox.handlers
  language plpgsql
  set search_path = pg_catalog, pg_temp
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

create or replace function outbox.unregister_handler(p_name text) returns bigint
  language plpgsql
  set search_path = pg_catalog, pg_temp
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
create or replace function outbox.batch_events(p_batch outbox.batches) returns setof outbox.events
  language sql
  stable
  set search_path = pg_catalog, pg_temp
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

create or replace view outbox.deliveries as
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
create or replace function outbox.backlog() returns table (handler text, events bigint, oldest_created_at timestamptz)
  language sql
  stable
  set search_path = pg_catalog, pg_temp
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

create or replace view outbox.unclaimed as
  select b.handler, b.events, b.oldest_created_at from outbox.backlog() b;
comment on view outbox.unclaimed is
  'Per handler, the committed events it wants that its cursor has not read yet (its backlog in the log) and the created_at of the oldest (outbox.backlog()).';

create or replace view outbox.queue_depth as
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

create or replace view outbox.oldest_pending as
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

create or replace view outbox.dead_deliveries as
  select h.name as handler, count(r.event_id) as dead, min(r.run_at) as oldest_dead_at, max(r.run_at) as newest_dead_at
    from outbox.handlers h
    left join outbox.retries r on r.handler = h.name and r.state = 'dead'
   group by h.name
   order by 1;
comment on view outbox.dead_deliveries is
  'Gauge: per handler, the dead deliveries (out of attempts, or failed for good) waiting for a person: how many, and when the first and the last died. The deliveries themselves: select * from outbox.retries where state = ''dead''; outbox.requeue_dead revives them.';

create or replace view outbox.events_per_minute as
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

create or replace view outbox.queue as
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
-- Privileges: the worker runs as service_role; app roles get nothing.
-- ---------------------------------------------------------------------------------------

revoke all on all functions in schema outbox from public, anon, authenticated;
revoke all on function outbox.batch_events(outbox.batches), outbox.backlog() from public, anon, authenticated, service_role;

revoke all on outbox.deliveries,
  outbox.unclaimed, outbox.queue_depth, outbox.oldest_pending, outbox.dead_deliveries,
  outbox.events_per_minute, outbox.queue
  from public, anon, authenticated, service_role;

grant select on outbox.deliveries,
  outbox.unclaimed, outbox.queue_depth, outbox.oldest_pending, outbox.dead_deliveries,
  outbox.events_per_minute, outbox.queue
  to service_role;
grant execute on function
  outbox.register_handler(text, text[], text[], integer, text),
  outbox.unregister_handler(text),
  outbox.batch_events(outbox.batches),
  outbox.backlog()
  to service_role;
