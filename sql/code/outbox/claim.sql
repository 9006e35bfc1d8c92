-- The durable change outbox, the worker's calls: claim a batch, report results, re-queue
-- dead deliveries (the queue's tables and their life cycle: outbox/queue.sql; pruning the log: outbox/feed.sql).
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
  set search_path = pg_catalog, pg_temp
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
  v_spread numeric;
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
  --    A handler that wants some of the events reads ahead of its share: the next read
  --    looks at as many events as the share left needs at the rate the reads before found
  --    them (and a quarter more), and takes the first of them that fill the share; the
  --    cursor then stops after the last event taken, so the events read past it are read
  --    again by the next page. Without it a handler that wants every other event found
  --    half its share a read, and a claim took eight reads (and eight batches) to fill it.
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
        v_spread := 1;
        select h.tables, h.ops into v_tables, v_ops from outbox.handlers h where h.name = v_handler;
        select c.snapshot, c.last_event_id into v_snap, v_last from outbox.cursors c where c.handler = v_handler;
        loop
          v_rounds := v_rounds + 1;
          -- events read per event wanted so far (ids apart per row returned), a quarter more
          v_limit := greatest(v_share, least(ceil(v_share * v_spread), 4 * p_batch, 10000))::integer;
          v_xip := array(select pg_catalog.pg_snapshot_xip(v_snap));
          return query
          with examined as materialized (
            select e.* from outbox.events e
             where e.id > v_last
             order by e.id
             limit v_limit
          ), taken as materialized (
            select x.* from examined x
             where (v_tables is null or x.table_name = any (v_tables)) and x.op = any (v_ops)
             order by x.id
             limit v_share
          ), page as materialized (
            select x.*
              from (select * from taken
                    union all
                    -- (e.id + 0: the txid index finds these few; the id index would read the history)
                    select e.* from outbox.events e
                     where (e.id + 0) <= v_last
                       and (e.txid = any (v_xip) or e.txid >= pg_catalog.pg_snapshot_xmax(v_snap))) x
             where (v_tables is null or x.table_name = any (v_tables)) and x.op = any (v_ops)
          ), moved as (
            update outbox.cursors c
               set snapshot = pg_catalog.pg_current_snapshot(),
                   -- after the last event read; after the last one taken when they filled the share
                   last_event_id = greatest(c.last_event_id, coalesce(
                     case when (select count(*) from taken) >= v_share then (select max(t.id) from taken t)
                          else (select max(x.id) from examined x) end, 0)),
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
          -- Caught up (fewer ids after the cursor than the page could read: it was not
          -- full), or the share is full; a handler that wants few of the events reads on,
          -- a few pages at most per claim.
          exit when v_moved - v_last < v_limit or v_share <= 0;
          v_spread := 1.25 * (v_moved - v_last) / greatest(v_n, 1);
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

revoke all on function outbox.claim(text, text[], integer, interval) from public, anon, authenticated, service_role;
grant execute on function outbox.claim(text, text[], integer, interval) to service_role;
