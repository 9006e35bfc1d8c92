-- The durable change outbox, the worker's calls: claim a batch, report results, re-queue
-- dead deliveries (the queue's tables and their life cycle: 17_outbox_queue.sql; pruning the log: 19_outbox_feed.sql).
--
-- A claim and the report of the batch before it go in one round trip and one transaction
-- (the worker pipelines them), so a page is either handled and closed, or still leased.

-- ---------------------------------------------------------------------------------------
-- Claim
-- ---------------------------------------------------------------------------------------

create or replace function outbox.claim(
  p_worker text,
  p_handlers text[] default null,
  p_batch integer default 500,
  p_lease interval default '30 seconds'
) returns table (
  event_id bigint,
  handler text,
  attempt integer,
  batch_id bigint,
  table_name text,
  op text,
  record_id uuid,
  record jsonb,
  old_record jsonb,
  audience uuid[],
  created_at timestamptz,
  actor uuid,
  restored boolean
)
  language plpgsql
  set search_path = ''
  -- Index scans from the cursor whatever the batch size and table statistics
  set plan_cache_mode = force_generic_plan
  -- Generic plans carry pessimistic row estimates, which would make PostgreSQL compile the
  -- page query to machine code (JIT) on every call: 20+ ms for a statement that runs in 1.
  set jit = off
  -- Index scans from the cursor even while the statistics still describe an empty log (a
  -- generic plan made then would stay for the connection's life).
  set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  v_room integer := p_batch;
  v_n integer;
  v_retry tid[];
  v_dead tid[];
  v_batch outbox.batches;
  v_max integer;
  v_handlers text[];
  v_handler text;
  v_tables text[];
  v_ops text[];
  v_left integer;
  v_share integer;
  v_limit integer;
  v_full text[];
  v_rounds integer;
  v_snap pg_catalog.pg_snapshot;
  v_xip pg_catalog.xid8[];
  v_last bigint;
  v_moved bigint;
  v_more boolean := false;
begin
  if p_worker is null or p_worker = '' then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the claiming worker';
  end if;
  if p_batch is null or p_batch not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'INVALID_BATCH: p_batch must be between 1 and 10000';
  end if;
  if p_lease is null or p_lease <= interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_LEASE: p_lease must be a positive interval';
  end if;

  -- 1. Retries due (failed, given back, re-queued, or leased to a worker whose lease ran
  --    out), oldest first, skipping rows other claimers hold. An expired lease on the last
  --    attempt goes dead instead of running again.
  select array_agg(r.ctid) filter (where not r.exhausted), array_agg(r.ctid) filter (where r.exhausted)
    into v_retry, v_dead
    from (select r.ctid,
                 r.state = 'running'
                   and r.attempts >= coalesce((select h.max_attempts from outbox.handlers h
                                                where h.name = r.handler), 5) as exhausted
            from outbox.retries r
           where r.state <> 'dead'
             and r.run_at <= now()
             and (p_handlers is null or r.handler = any (p_handlers))
           order by r.run_at, r.event_id
           limit p_batch
             for update of r skip locked) r;
  if v_dead is not null then
    update outbox.retries r
       set state = 'dead', run_at = now(), locked_by = null, locked_at = null,
           last_error = format('lease of worker %s expired on the last attempt', r.locked_by)
     where r.ctid = any (v_dead);
  end if;
  if v_retry is not null then
    return query
    with claimed as (
      update outbox.retries r
         set state = 'running', attempts = r.attempts + 1, run_at = now() + p_lease,
             locked_by = p_worker, locked_at = now(),
             last_error = case when r.state = 'running' then format('lease of worker %s expired', r.locked_by)
                               else r.last_error end
       where r.ctid = any (v_retry)
      returning r.handler, r.event_id, r.attempts, r.event
    )
    select c.event_id, c.handler, c.attempts, 0::bigint, e.table_name, e.op, e.record_id, e.record,
           e.old_record, e.audience, e.created_at, e.actor, e.restored
      from claimed c
     cross join lateral pg_catalog.jsonb_populate_record(null::outbox.events, c.event) e;
    get diagnostics v_n = row_count;
    v_room := v_room - v_n;
  end if;

  -- 2. Batches due: given back whole, or leased to a worker whose lease ran out. Their
  --    events are found again from the batch's cursors; the last attempt's expiry sends
  --    them to the dead letters instead.
  for v_batch in
    select b.* from outbox.batches b
     where b.state <> 'free'
       and b.run_at <= now()
       and (p_handlers is null or b.handler = any (p_handlers))
     order by b.run_at
       for update of b skip locked
  loop
    exit when v_room <= 0;
    select coalesce(max(h.max_attempts), 5) into v_max from outbox.handlers h where h.name = v_batch.handler;
    if v_batch.state = 'running' and v_batch.attempts >= v_max then
      insert into outbox.retries as r (handler, event_id, state, attempts, run_at, last_error, event)
      select v_batch.handler, e.id, 'dead', v_batch.attempts, now(),
             format('lease of worker %s expired on the last attempt', v_batch.locked_by), pg_catalog.to_jsonb(e)
        from outbox.batch_events(v_batch) e
      on conflict (handler, event_id) do update
        set state = 'dead', attempts = excluded.attempts, run_at = excluded.run_at, locked_by = null,
            locked_at = null, last_error = excluded.last_error;
      update outbox.batches b
         set state = 'free', locked_by = null, locked_at = null, events = 0
       where b.id = v_batch.id;
      continue;
    end if;
    update outbox.batches b
       set lease_id = nextval('outbox.lease_ids'), state = 'running', attempts = b.attempts + 1, run_at = now() + p_lease,
           locked_by = p_worker, locked_at = now(),
           last_error = case when b.state = 'running' then format('lease of worker %s expired', b.locked_by)
                             else b.last_error end
     where b.id = v_batch.id
    returning b.* into v_batch;
    return query
    select e.id, v_batch.handler, v_batch.attempts, v_batch.lease_id, e.table_name, e.op, e.record_id, e.record,
           e.old_record, e.audience, e.created_at, e.actor, e.restored
      from outbox.batch_events(v_batch) e;
    get diagnostics v_n = row_count;
    if v_n = 0 then
      update outbox.batches b
         set state = 'free', locked_by = null, locked_at = null, events = 0
       where b.id = v_batch.id;
    end if;
    v_room := v_room - v_n;
  end loop;

  -- 3. The next page of each handler's log, the room left shared between the handlers.
  --    The cursors are locked until this transaction ends (in name order: no deadlock), so
  --    a second claimer waits a moment and then reads on from the moved cursor. A page is
  --    the events after the cursor in id order, up to the handler's share, plus every event
  --    of the transactions the cursor's snapshot could not see (few: those in flight at the
  --    last read); the statement's own snapshot becomes the cursor, so transactions still
  --    running now are read by a later page. The page is one batch row, leased to us.
  if v_room > 0 then
    select array_agg(c.handler order by c.handler) into v_handlers
      from (select c.handler from outbox.cursors c
             where p_handlers is null or c.handler = any (p_handlers)
             order by c.handler
               for update of c) c;
    -- Two passes: the room a handler with little to read left over goes to the others.
    for v_pass in 1..2 loop
      exit when v_room <= 0 or coalesce(cardinality(v_handlers), 0) = 0;
      v_left := cardinality(v_handlers);
      v_full := '{}';
      foreach v_handler in array v_handlers loop
        v_share := ceil(v_room::numeric / v_left)::integer;
        v_left := v_left - 1;
        continue when v_share <= 0;
        v_rounds := 0;
        select h.tables, h.ops into v_tables, v_ops from outbox.handlers h where h.name = v_handler;
        select c.snapshot, c.last_event_id into v_snap, v_last from outbox.cursors c where c.handler = v_handler;
        loop
          v_rounds := v_rounds + 1;
          v_limit := v_share;
          v_xip := array(select pg_catalog.pg_snapshot_xip(v_snap));
          return query
          with examined as materialized (
            select e.* from outbox.events e
             where e.id > v_last
             order by e.id
             limit v_limit
          ), page as materialized (
            select x.*
              from (select * from examined
                    union all
                    -- (e.id + 0: the txid index finds these few; the id index would read the history)
                    select e.* from outbox.events e
                     where (e.id + 0) <= v_last
                       and (e.txid = any (v_xip) or e.txid >= pg_catalog.pg_snapshot_xmax(v_snap))) x
             where (v_tables is null or x.table_name = any (v_tables)) and x.op = any (v_ops)
          ), moved as (
            update outbox.cursors c
               set snapshot = pg_catalog.pg_current_snapshot(),
                   last_event_id = greatest(c.last_event_id, coalesce((select max(x.id) from examined x), 0)),
                   updated_at = now()
             where c.handler = v_handler
            returning c.snapshot, c.last_event_id
          ), stats as (
            select count(*)::integer as n, min(p.created_at) as oldest from page p
          ), slot as (
            -- a free row, reused in place; a new one only when every row is in flight
            select b.id from outbox.batches b
             where b.state = 'free' and exists (select from page)
             limit 1
               for update of b skip locked
          ), reused as (
            update outbox.batches b
               set lease_id = nextval('outbox.lease_ids'), handler = v_handler,
                   from_snapshot = v_snap, from_event_id = v_last, to_snapshot = m.snapshot,
                   to_event_id = m.last_event_id, events = st.n, oldest_created_at = st.oldest,
                   state = 'running', attempts = 1, run_at = now() + p_lease, locked_by = p_worker,
                   locked_at = now(), last_error = null, created_at = now()
              from slot, moved m, stats st
             where b.id = slot.id and st.n > 0
            returning b.lease_id
          ), fresh as (
            insert into outbox.batches (lease_id, handler, from_snapshot, from_event_id, to_snapshot, to_event_id,
                                        events, oldest_created_at, state, attempts, run_at, locked_by, locked_at)
            select nextval('outbox.lease_ids'), v_handler, v_snap, v_last, m.snapshot, m.last_event_id, st.n, st.oldest,
                   'running', 1, now() + p_lease, p_worker, now()
              from moved m, stats st
             where st.n > 0 and not exists (select from reused)
            returning lease_id
          )
          select p.id, v_handler, 1, (select l.lease_id from (select lease_id from reused union all select lease_id from fresh) l),
                 p.table_name, p.op, p.record_id, p.record, p.old_record, p.audience, p.created_at, p.actor, p.restored
            from page p
           order by p.id;
          get diagnostics v_n = row_count;
          v_share := v_share - v_n;
          v_room := v_room - v_n;
          select c.snapshot, c.last_event_id into v_snap, v_moved from outbox.cursors c where c.handler = v_handler;
          -- Caught up (fewer ids after the cursor than the page could take: it was not
          -- full), or the share is full; a handler that wants few of the events reads on,
          -- a few pages at most per claim.
          exit when v_moved - v_last < v_limit or v_share <= 0;
          if v_rounds >= 8 then
            v_more := true;
            exit;
          end if;
          v_last := v_moved;
        end loop;
        if v_share <= 0 then
          v_full := v_full || v_handler;
        end if;
      end loop;
      v_handlers := v_full;
    end loop;
  end if;

  -- Stopped reading with room left: one row without an event says "claim again at once".
  if v_more then
    return query select null::bigint, null::text, null::integer, null::bigint, null::text, null::text, null::uuid,
                        null::jsonb, null::jsonb, null::uuid[], null::timestamptz, null::uuid, null::boolean;
  end if;
end
$$;
comment on function outbox.claim(text, text[], integer, interval) is
  'Leases up to p_batch deliveries of p_handlers (NULL = all) to worker p_worker for p_lease and returns them, one row per (event, handler) with the attempt number and the batch (0 = a retry row): first the retries due, then the batches given back or whose lease expired (an expiry on the last attempt sends their events to the dead letters), then the next page of each handler''s log (outbox.cursors; exactly once each, whatever the commit order). Concurrent claimers never get the same delivery (SKIP LOCKED; a cursor is read by one claimer at a time). A row with a NULL event_id means the claim stopped reading a long stretch of events no handler of p_handlers wants: call again. Call it in the transaction that reports the previous batch, or alone. Errors: NULL_ARGUMENT (22004), INVALID_BATCH, INVALID_LEASE (22023).';

-- ---------------------------------------------------------------------------------------
-- Reporting results: fail and release first, then complete (which closes the batches)
-- ---------------------------------------------------------------------------------------

-- The retry schedule, defined once in SQL (the Swift RetryPolicy is tested against it):
-- attempt n failed, wait min(2^(n-1), 60) seconds: 1 s, 2 s, 4 s ... 60 s.
create or replace function outbox.retry_delay(p_attempts integer) returns interval
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select pg_catalog.make_interval(secs => least(2 ^ (least(greatest(p_attempts, 1), 8) - 1), 60))
$$;
comment on function outbox.retry_delay(integer) is
  'How long to wait after the p_attempts-th failed attempt before the next: min(2^(n-1), 60) seconds (1, 2, 4 ... 60).';

-- Retry horizons: how long a handler's failed deliveries keep being retried, kept as the
-- attempts whose waits on the schedule above add up to it.
create or replace function outbox.retry_attempts(p_horizon interval) returns integer
  language plpgsql
  immutable
  parallel safe
  set search_path = ''
as $$
declare
  v_attempts integer := 1;
  v_waited interval := interval '0';
begin
  if p_horizon is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_horizon must be an interval';
  end if;
  if p_horizon < interval '0' or p_horizon > interval '7 days' then
    raise exception using errcode = '22023', message = 'INVALID_INTERVAL: p_horizon must be between 0 and 7 days';
  end if;
  while v_waited < p_horizon loop
    v_waited := v_waited + outbox.retry_delay(v_attempts);
    v_attempts := v_attempts + 1;
  end loop;
  return v_attempts;
end
$$;
comment on function outbox.retry_attempts(interval) is
  'The attempts (the first included) whose waits on the retry schedule, outbox.retry_delay(1), (2) ..., add up to at least p_horizon: a delivery failing all along is retried for p_horizon, then goes dead. 0 to 7 days; NULL_ARGUMENT (22004), INVALID_INTERVAL (22023).';

create or replace function outbox.set_retry_horizon(p_handler text, p_horizon interval) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_attempts integer := outbox.retry_attempts(p_horizon);
begin
  if p_handler is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_handler must name a handler';
  end if;
  update outbox.handlers h
     set max_attempts = v_attempts, updated_at = now()
   where h.name = p_handler and h.max_attempts <> v_attempts;
  if not found and not exists (select from outbox.handlers h where h.name = p_handler) then
    raise exception using errcode = 'P0002', message = format('NOT_FOUND: no handler %s in outbox.handlers', p_handler);
  end if;
  return v_attempts;
end
$$;
comment on function outbox.set_retry_horizon(text, interval) is
  'Retries the failed deliveries of handler p_handler for p_horizon before they go dead: stores outbox.retry_attempts(p_horizon) as its max_attempts, returned. dispatch-worker --push-retry-for calls it. NULL_ARGUMENT (22004), INVALID_INTERVAL (22023), NOT_FOUND (P0002).';

revoke all on function outbox.retry_attempts(interval), outbox.set_retry_horizon(text, interval)
  from public, anon, authenticated, service_role;
grant execute on function outbox.retry_attempts(interval), outbox.set_retry_horizon(text, interval) to service_role;


create or replace function outbox.fail(
  p_worker text,
  p_handlers text[],
  p_event_ids bigint[],
  p_errors text[],
  p_retryable boolean[] default null,
  p_batches bigint[] default null
) returns table (handler text, event_id bigint, state text, attempts integer, run_at timestamptz)
  language plpgsql
  set search_path = ''
  -- the same index nested loops whatever the batch size, never compiled to machine code
  set plan_cache_mode = force_generic_plan
  set jit = off
  set enable_seqscan = off
as $$
#variable_conflict use_column
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the failing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids)
     or cardinality(p_errors) is distinct from cardinality(p_event_ids)
     or (p_retryable is not null and cardinality(p_retryable) <> cardinality(p_event_ids))
     or (p_batches is not null and cardinality(p_batches) <> cardinality(p_event_ids)) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers, p_event_ids, p_errors (and p_retryable, p_batches when given) must have the same length';
  end if;

  -- A delivery of a batch leased to p_worker becomes a retry row (with a copy of its event).
  return query
  insert into outbox.retries as r (handler, event_id, state, attempts, run_at, last_error, event)
  select u.handler, u.event_id,
         case when u.retryable is false or b.attempts >= coalesce(h.max_attempts, 5) then 'dead' else 'failed' end,
         b.attempts,
         case when u.retryable is false or b.attempts >= coalesce(h.max_attempts, 5) then now()
              else now() + outbox.retry_delay(b.attempts) end,
         left(coalesce(u.error, 'unknown error'), 8000),
         pg_catalog.to_jsonb(e)
    from unnest(p_handlers, p_event_ids, p_errors, p_retryable, p_batches)
           as u (handler, event_id, error, retryable, batch_id)
    join outbox.batches b on b.lease_id = u.batch_id and b.handler = u.handler and b.state = 'running' and b.locked_by = p_worker
    join outbox.events e on e.id = u.event_id
    left join outbox.handlers h on h.name = u.handler
  on conflict (handler, event_id) do update
    set state = excluded.state, attempts = excluded.attempts, run_at = excluded.run_at,
        locked_by = null, locked_at = null, last_error = excluded.last_error
  returning r.handler, r.event_id, r.state, r.attempts, r.run_at;

  -- A retry leased to p_worker waits for its next attempt, or goes dead.
  return query
  update outbox.retries r
     set state = case when u.retryable is false or r.attempts >= coalesce(h.max_attempts, 5)
                      then 'dead' else 'failed' end,
         run_at = case when u.retryable is false or r.attempts >= coalesce(h.max_attempts, 5)
                       then now()
                       else now() + outbox.retry_delay(r.attempts) end,
         locked_by = null,
         locked_at = null,
         last_error = left(coalesce(u.error, 'unknown error'), 8000)
    from unnest(p_handlers, p_event_ids, p_errors, p_retryable, p_batches)
           as u (handler, event_id, error, retryable, batch_id)
    left join outbox.handlers h on h.name = u.handler
   where coalesce(u.batch_id, 0) = 0
     and r.handler = u.handler
     and r.event_id = u.event_id
     and r.state = 'running'
     and r.locked_by = p_worker
  returning r.handler, r.event_id, r.state, r.attempts, r.run_at;
end
$$;
comment on function outbox.fail(text, text[], bigint[], text[], boolean[], bigint[]) is
  'Records failed attempts of worker p_worker: (p_handlers[i], p_event_ids[i]) failed with p_errors[i]; p_retryable[i] NULL or true = retryable (NULL array: all); p_batches[i] = the batch it was claimed in (0 or NULL array: a retry row). A retryable failure of attempt n is retried after outbox.retry_delay(n) (1, 2, 4 ... 60 s); after the handler''s max_attempts, or when not retryable, the delivery goes dead. Deliveries no longer leased to p_worker are left alone. Returns the new state of each. Call before outbox.complete closes the batch. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

create or replace function outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[] default null)
  returns integer
  language plpgsql
  set search_path = ''
  set plan_cache_mode = force_generic_plan
  set jit = off
  set enable_seqscan = off
as $$
declare
  v_count integer;
  v_more integer;
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the releasing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids)
     or (p_batches is not null and cardinality(p_batches) <> cardinality(p_event_ids)) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers, p_event_ids (and p_batches when given) must have the same length';
  end if;
  -- The attempt never ran to an end: it does not count.
  if p_handlers is null and p_event_ids is null then
    with given as (
      update outbox.batches b
         set state = 'pending', attempts = greatest(b.attempts - 1, 0), run_at = now(),
             locked_by = null, locked_at = null
       where b.state = 'running' and b.locked_by = p_worker
      returning b.events
    )
    select coalesce(sum(g.events), 0) into v_count from given g;
    update outbox.retries r
       set state = case when r.attempts <= 1 then 'pending' else 'failed' end,
           attempts = greatest(r.attempts - 1, 0), run_at = now(), locked_by = null, locked_at = null
     where r.state = 'running' and r.locked_by = p_worker;
    get diagnostics v_more = row_count;
    return v_count + v_more;
  end if;

  insert into outbox.retries as r (handler, event_id, state, attempts, run_at, event)
  select u.handler, u.event_id, case when b.attempts <= 1 then 'pending' else 'failed' end,
         greatest(b.attempts - 1, 0), now(), pg_catalog.to_jsonb(e)
    from unnest(p_handlers, p_event_ids, p_batches) as u (handler, event_id, batch_id)
    join outbox.batches b on b.lease_id = u.batch_id and b.handler = u.handler and b.state = 'running' and b.locked_by = p_worker
    join outbox.events e on e.id = u.event_id
  on conflict (handler, event_id) do update
    set state = excluded.state, attempts = excluded.attempts, run_at = excluded.run_at, locked_by = null, locked_at = null;
  get diagnostics v_count = row_count;
  update outbox.retries r
     set state = case when r.attempts <= 1 then 'pending' else 'failed' end,
         attempts = greatest(r.attempts - 1, 0), run_at = now(), locked_by = null, locked_at = null
    from unnest(p_handlers, p_event_ids, p_batches) as u (handler, event_id, batch_id)
   where coalesce(u.batch_id, 0) = 0
     and r.handler = u.handler
     and r.event_id = u.event_id
     and r.state = 'running'
     and r.locked_by = p_worker;
  get diagnostics v_more = row_count;
  return v_count + v_more;
end
$$;
comment on function outbox.release(text, text[], bigint[], bigint[]) is
  'Gives back deliveries (p_handlers[i], p_event_ids[i], claimed in batch p_batches[i]; 0 or NULL array = a retry row) leased to p_worker without a result, e.g. when the worker stops in the middle of a batch: they are due again at once and the unfinished attempt is not counted. Both arrays NULL = everything leased to p_worker, whole batches included (a worker that lost the answer to its claim with its connection). Returns how many deliveries. Call before outbox.complete closes the batch. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

create or replace function outbox.complete(
  p_worker text,
  p_batches bigint[],
  p_handlers text[] default null,
  p_event_ids bigint[] default null
) returns integer
  language plpgsql
  set search_path = ''
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
declare
  v_batches integer;
  v_retries integer;
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the completing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers and p_event_ids must have the same length';
  end if;
  -- A batch taken over by another worker (this one's lease expired) is that worker's now:
  -- it runs the page again and closes it.
  update outbox.batches b
     set state = 'free', locked_by = null, locked_at = null, events = 0, last_error = null
   where b.lease_id = any (p_batches) and b.state = 'running' and b.locked_by = p_worker;
  get diagnostics v_batches = row_count;
  delete from outbox.retries r
   using unnest(p_handlers, p_event_ids) as u (handler, event_id)
   where r.handler = u.handler and r.event_id = u.event_id and r.state = 'running';
  get diagnostics v_retries = row_count;
  return v_batches + v_retries;
end
$$;
comment on function outbox.complete(text, bigint[], text[], bigint[]) is
  'Closes the batches p_batches leased to p_worker: their events are handled, but for those outbox.fail or outbox.release made retry rows of just before. Deletes the retry rows (p_handlers[i], p_event_ids[i]) that succeeded (accepted even from a worker whose lease was taken over: the handler did its work). Returns the batches plus retry rows removed. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

create or replace function outbox.requeue_dead(p_handler text default null, p_event_ids bigint[] default null)
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count integer;
begin
  update outbox.retries r
     set state = 'pending', attempts = 0, run_at = now()
   where r.state = 'dead'
     and (p_handler is null or r.handler = p_handler)
     and (p_event_ids is null or r.event_id = any (p_event_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.requeue_dead(text, bigint[]) is
  'Gives dead deliveries a fresh set of attempts, due now (last_error is kept until the next failure). Filters: one handler, some events; both NULL = every dead delivery. Returns how many.';

revoke all on all functions in schema outbox from public, anon, authenticated;
revoke all on function outbox.claim(text, text[], integer, interval),
  outbox.complete(text, bigint[], text[], bigint[]),
  outbox.fail(text, text[], bigint[], text[], boolean[], bigint[]),
  outbox.release(text, text[], bigint[], bigint[]),
  outbox.requeue_dead(text, bigint[]),
  outbox.retry_delay(integer)
  from public, anon, authenticated, service_role;
grant execute on function
  outbox.claim(text, text[], integer, interval),
  outbox.complete(text, bigint[], text[], bigint[]),
  outbox.fail(text, text[], bigint[], text[], boolean[], bigint[]),
  outbox.release(text, text[], bigint[], bigint[]),
  outbox.requeue_dead(text, bigint[]),
  outbox.retry_delay(integer)
  to service_role;
