-- The worker's reports of a batch's results: fail and release first, then complete (which
-- closes the batches); and re-queuing dead deliveries (claiming: outbox/claim.sql).

create or replace function outbox.fail(
  p_worker text,
  p_handlers text[],
  p_event_ids bigint[],
  p_errors text[],
  p_retryable boolean[] default null,
  p_batches bigint[] default null
) returns table (handler text, event_id bigint, state text, attempts integer, run_at timestamptz)
  language plpgsql
  set search_path = pg_catalog, pg_temp
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
  set search_path = pg_catalog, pg_temp
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
  set search_path = pg_catalog, pg_temp
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
  set search_path = pg_catalog, pg_temp
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
revoke all on function outbox.complete(text, bigint[], text[], bigint[]),
  outbox.fail(text, text[], bigint[], text[], boolean[], bigint[]),
  outbox.release(text, text[], bigint[], bigint[]),
  outbox.requeue_dead(text, bigint[])
  from public, anon, authenticated, service_role;
grant execute on function
  outbox.complete(text, bigint[], text[], bigint[]),
  outbox.fail(text, text[], bigint[], text[], boolean[], bigint[]),
  outbox.release(text, text[], bigint[], bigint[]),
  outbox.requeue_dead(text, bigint[])
  to service_role;
