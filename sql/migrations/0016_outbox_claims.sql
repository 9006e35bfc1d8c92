-- The durable change outbox, the worker's calls: claim a batch, report results, re-queue
-- dead deliveries, prune handled events (the queue's tables and their life cycle: 0015).

-- ---------------------------------------------------------------------------------------
-- The worker's queue API
-- ---------------------------------------------------------------------------------------

create function outbox.claim(
  p_worker text,
  p_handlers text[] default null,
  p_batch integer default 500,
  p_lease interval default '30 seconds'
) returns table (
  event_id bigint,
  handlers text[],
  attempts integer[],
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
  -- TID scan and index nested loops whatever the batch size and table statistics
  set plan_cache_mode = force_generic_plan
  -- Generic plans carry pessimistic row estimates, which would make PostgreSQL compile the
  -- fan-out to machine code (JIT) on every call: 20+ ms for a statement that runs in 5.
  set jit = off
as $$
#variable_conflict use_column
declare
  v_claim tid[];
  v_dead tid[];
  v_handler text[] := '{}';
  v_event bigint[] := '{}';
  v_attempt integer[] := '{}';
  v_snap pg_catalog.pg_snapshot;
  v_last bigint;
  v_fresh integer;
  v_fresh_last bigint;
  v_room integer;
  v_rounds integer := 0;
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

  -- 1. Deliveries already due: retries, re-queued ones, pending ones of handlers another
  --    claimer fanned out, leases that expired. Oldest first; rows another claimer holds are
  --    skipped, not waited for. A running row is due once its lease expired (its worker is
  --    presumed dead); if that was its last attempt it goes dead instead of running again.
  --    The row locks last until the caller's transaction ends, so the physical row ids
  --    (ctid) stay valid for the updates below, which are then plain TID scans.
  select array_agg(p.ctid) filter (where not p.exhausted),
         array_agg(p.ctid) filter (where p.exhausted)
    into v_claim, v_dead
    from (select d.ctid,
                 d.state = 'running'
                   and d.attempts >= coalesce((select h.max_attempts from outbox.handlers h
                                                where h.name = d.handler), 5) as exhausted
            from outbox.deliveries d
           where d.state <> 'dead'
             and d.run_at <= now()
             and (p_handlers is null or d.handler = any (p_handlers))
           order by d.run_at, d.event_id
           limit p_batch
             for update of d skip locked) p;

  if v_dead is not null then
    update outbox.deliveries d
       set state = 'dead', run_at = now(), locked_by = null, locked_at = null,
           last_error = format('lease of worker %s expired on the last attempt', d.locked_by)
     where d.ctid = any (v_dead);
  end if;

  if v_claim is not null then
    with claimed as (
      update outbox.deliveries d
         set state = 'running',
             attempts = d.attempts + 1,
             run_at = now() + p_lease,
             locked_by = p_worker,
             locked_at = now(),
             last_error = case when d.state = 'running'
                               then format('lease of worker %s expired', d.locked_by)
                               else d.last_error end
       where d.ctid = any (v_claim)
      returning d.handler, d.event_id, d.attempts
    )
    select coalesce(array_agg(c.handler), '{}'), coalesce(array_agg(c.event_id), '{}'),
           coalesce(array_agg(c.attempts), '{}')
      into v_handler, v_event, v_attempt
      from claimed c;
  end if;

  -- 2. Fan out the events committed since the last fan-out, leasing their deliveries to
  --    this claimer when it runs the handler (pending for the others). One claimer at a
  --    time: the cursor row is locked until this transaction ends (a fan-out takes
  --    milliseconds, and the next claimer then continues from the moved cursor).
  --    A page is the fresh events (ids above the cursor) in id order, up to the room left,
  --    plus every event of the transactions the cursor's snapshot could not see (few: those
  --    in flight at the last fan-out). The statement's own snapshot becomes the cursor, so
  --    events of transactions still running now are taken by a later fan-out.
  if cardinality(v_event) < p_batch then
    select f.snapshot, f.last_event_id into v_snap, v_last from outbox.fanout f for update;
    loop
      v_rounds := v_rounds + 1;
      v_room := p_batch - cardinality(v_event);
      with page as (
        (select e.id, e.table_name, e.op, true as fresh
           from outbox.events e
          where e.id > v_last
          order by e.id
          limit v_room)
        union all
        select e.id, e.table_name, e.op, false
          from outbox.events e
         where e.txid = any (array(select pg_catalog.pg_snapshot_xip(v_snap)))
           and e.id <= v_last
        union all
        select e.id, e.table_name, e.op, false
          from outbox.events e
         where e.txid >= pg_catalog.pg_snapshot_xmax(v_snap)
           and e.id <= v_last
      ), fanned as (
        insert into outbox.deliveries as d (handler, event_id, state, attempts, run_at, locked_by, locked_at)
        select h.name, p.id,
               case when m.mine then 'running' else 'pending' end,
               case when m.mine then 1 else 0 end,
               case when m.mine then now() + p_lease else now() end,
               case when m.mine then p_worker end,
               case when m.mine then now() end
          from page p
          join outbox.handlers h
            on (h.tables is null or p.table_name = any (h.tables)) and p.op = any (h.ops)
         cross join lateral (select p_handlers is null or h.name = any (p_handlers) as mine) m
        on conflict do nothing
        returning d.handler, d.event_id, d.attempts, d.state
      )
      select pg_catalog.pg_current_snapshot(),
             (select count(*) from page where page.fresh),
             (select max(page.id) from page where page.fresh),
             v_handler || coalesce((select array_agg(f.handler) from fanned f where f.state = 'running'), '{}'),
             v_event || coalesce((select array_agg(f.event_id) from fanned f where f.state = 'running'), '{}'),
             v_attempt || coalesce((select array_agg(f.attempts) from fanned f where f.state = 'running'), '{}')
        into v_snap, v_fresh, v_fresh_last, v_handler, v_event, v_attempt;
      v_last := greatest(v_last, v_fresh_last);
      -- A full page of events no handler of ours wanted: read on, a few pages at most.
      exit when cardinality(v_event) >= p_batch or v_fresh < v_room or v_rounds >= 8;
    end loop;
    update outbox.fanout f set snapshot = v_snap, last_event_id = v_last, updated_at = now();
  end if;

  -- 3. The events of the leased deliveries, one row per event.
  return query
  select e.id, array_agg(c.handler order by c.handler), array_agg(c.attempts order by c.handler),
         e.table_name, e.op, e.record_id, e.record, e.old_record, e.audience, e.created_at, e.actor, e.restored
    from unnest(v_handler, v_event, v_attempt) as c (handler, event_id, attempts)
    join outbox.events e on e.id = c.event_id
   group by e.id
   order by e.id;
end
$$;
comment on function outbox.claim(text, text[], integer, interval) is
  'Leases up to p_batch deliveries of p_handlers (NULL = all) to worker p_worker for p_lease and returns their events, one row per event with the handlers to run and each one''s attempt number. First the due deliveries, oldest first, skipping rows other claimers hold (FOR UPDATE SKIP LOCKED): concurrent claimers never get the same delivery; an expired lease is taken over, one that expired on the last attempt goes dead instead. Then, with the room left, it fans out the events committed since the last fan-out (outbox.fanout, exactly once each): their deliveries are created leased to p_worker for its handlers and pending for the others. Call it in a transaction of its own (autocommit). Errors: NULL_ARGUMENT (22004), INVALID_BATCH, INVALID_LEASE (22023).';

create function outbox.complete(p_handlers text[], p_event_ids bigint[]) returns integer
  language plpgsql
  set search_path = ''
  -- the same index nested loop whatever the batch size, never compiled to machine code
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
declare
  v_done integer;
begin
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers and p_event_ids must have the same length';
  end if;
  delete from outbox.deliveries d
   using unnest(p_handlers, p_event_ids) as u(handler, event_id)
   where d.handler = u.handler
     and d.event_id = u.event_id
     and d.state = 'running';
  get diagnostics v_done = row_count;
  return v_done;
end
$$;
comment on function outbox.complete(text[], bigint[]) is
  'Marks deliveries (p_handlers[i], p_event_ids[i]) done by deleting them; returns how many. A success is accepted even from a worker whose lease was taken over (the handler did its work). Deliveries not running (already done, re-queued, dead) are ignored. ARRAY_LENGTH_MISMATCH (22023).';

-- The retry schedule, defined once in SQL (the Swift RetryPolicy is tested against it):
-- attempt n failed, wait min(2^(n-1), 60) seconds: 1 s, 2 s, 4 s ... 60 s.
create function outbox.retry_delay(p_attempts integer) returns interval
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select pg_catalog.make_interval(secs => least(2 ^ (least(greatest(p_attempts, 1), 8) - 1), 60))
$$;
comment on function outbox.retry_delay(integer) is
  'How long to wait after the p_attempts-th failed attempt before the next: min(2^(n-1), 60) seconds (1, 2, 4 ... 60).';

create function outbox.fail(
  p_worker text,
  p_handlers text[],
  p_event_ids bigint[],
  p_errors text[],
  p_retryable boolean[] default null
) returns table (handler text, event_id bigint, state text, attempts integer, run_at timestamptz)
  language plpgsql
  set search_path = ''
  -- the same index nested loop whatever the batch size, never compiled to machine code
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
#variable_conflict use_column
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the failing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids)
     or cardinality(p_errors) is distinct from cardinality(p_event_ids)
     or (p_retryable is not null and cardinality(p_retryable) <> cardinality(p_event_ids)) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers, p_event_ids, p_errors (and p_retryable when given) must have the same length';
  end if;

  return query
  update outbox.deliveries d
     set state = case when u.retryable is false or d.attempts >= coalesce(h.max_attempts, 5)
                      then 'dead' else 'failed' end,
         run_at = case when u.retryable is false or d.attempts >= coalesce(h.max_attempts, 5)
                       then now()
                       else now() + outbox.retry_delay(d.attempts) end,
         locked_by = null,
         locked_at = null,
         last_error = left(coalesce(u.error, 'unknown error'), 8000)
    from unnest(p_handlers, p_event_ids, p_errors, p_retryable) as u(handler, event_id, error, retryable)
    left join outbox.handlers h on h.name = u.handler
   where d.handler = u.handler
     and d.event_id = u.event_id
     and d.state = 'running'
     and d.locked_by = p_worker
  returning d.handler, d.event_id, d.state, d.attempts, d.run_at;
end
$$;
comment on function outbox.fail(text, text[], bigint[], text[], boolean[]) is
  'Records failed attempts of worker p_worker (p_handlers[i], p_event_ids[i], p_errors[i], p_retryable[i] — NULL array or element = retryable). A retryable failure of attempt n is retried after outbox.retry_delay(n) (1, 2, 4 ... 60 s); after the handler''s max_attempts, or when not retryable, the delivery goes dead. Deliveries no longer leased to p_worker are left alone. Returns the new state of each. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

create function outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[]) returns integer
  language plpgsql
  set search_path = ''
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
declare
  v_count integer;
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the releasing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers and p_event_ids must have the same length';
  end if;
  -- The attempt never ran to an end: it does not count.
  if p_handlers is null and p_event_ids is null then
    update outbox.deliveries d
       set state = case when d.attempts <= 1 then 'pending' else 'failed' end,
           attempts = greatest(d.attempts - 1, 0),
           run_at = now(),
           locked_by = null,
           locked_at = null
     where d.state = 'running'
       and d.locked_by = p_worker;
  else
    update outbox.deliveries d
       set state = case when d.attempts <= 1 then 'pending' else 'failed' end,
           attempts = greatest(d.attempts - 1, 0),
           run_at = now(),
           locked_by = null,
           locked_at = null
      from unnest(p_handlers, p_event_ids) as u(handler, event_id)
     where d.handler = u.handler
       and d.event_id = u.event_id
       and d.state = 'running'
       and d.locked_by = p_worker;
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.release(text, text[], bigint[]) is
  'Gives back deliveries (p_handlers[i], p_event_ids[i]) leased to p_worker without a result, e.g. when the worker stops in the middle of a batch: they are due again at once and the unfinished attempt is not counted. Both arrays NULL = every delivery leased to p_worker (a worker that lost the answer to its claim with its connection). Returns how many. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

create function outbox.requeue_dead(p_handler text default null, p_event_ids bigint[] default null)
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count integer;
begin
  update outbox.deliveries d
     set state = 'pending', attempts = 0, run_at = now()
   where d.state = 'dead'
     and (p_handler is null or d.handler = p_handler)
     and (p_event_ids is null or d.event_id = any (p_event_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.requeue_dead(text, bigint[]) is
  'Gives dead deliveries a fresh set of attempts, due now (last_error is kept until the next failure). Filters: one handler, some events; both NULL = every dead delivery. Returns how many.';

create function outbox.prune(p_older_than interval default '7 days') returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  v_count bigint;
begin
  if p_older_than is null or p_older_than < interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_INTERVAL: p_older_than must be a non-negative interval';
  end if;
  -- Only events already fanned out (visible in the fan-out cursor's snapshot, id up to its
  -- last one): an event waiting for fan-out still has handlers to run.
  delete from outbox.events e
   using outbox.fanout f
   where e.created_at < now() - p_older_than
     and e.id <= f.last_event_id
     and pg_catalog.pg_visible_in_snapshot(e.txid, f.snapshot)
     and not exists (select from outbox.deliveries d where d.event_id = e.id);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.prune(interval) is
  'Deletes events older than p_older_than (default 7 days) that have been fanned out and that no delivery refers to any more (handled by every handler; dead ones are kept). Realtime cursors older than that lose those events. INVALID_INTERVAL (22023).';

revoke all on all functions in schema outbox from public, anon, authenticated;
grant execute on function
  outbox.claim(text, text[], integer, interval),
  outbox.complete(text[], bigint[]),
  outbox.fail(text, text[], bigint[], text[], boolean[]),
  outbox.release(text, text[], bigint[]),
  outbox.requeue_dead(text, bigint[]),
  outbox.prune(interval),
  outbox.retry_delay(integer)
  to service_role;
