-- The retry schedule of failed deliveries and each handler's horizon (how long it retries):
-- outbox.fail (outbox/report.sql) reads them.

-- The retry schedule, defined once in SQL (the Swift RetryPolicy is tested against it):
-- attempt n failed, wait min(2^(n-1), 60) seconds: 1 s, 2 s, 4 s ... 60 s.
create or replace function outbox.retry_delay(p_attempts integer) returns interval
  language sql
  immutable
  parallel safe
  set search_path = pg_catalog, pg_temp
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
  set search_path = pg_catalog, pg_temp
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
  set search_path = pg_catalog, pg_temp
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

revoke all on function outbox.retry_delay(integer) from public, anon, authenticated, service_role;
grant execute on function outbox.retry_delay(integer) to service_role;
revoke all on function outbox.retry_attempts(interval), outbox.set_retry_horizon(text, interval)
  from public, anon, authenticated, service_role;
grant execute on function outbox.retry_attempts(interval), outbox.set_retry_horizon(text, interval) to service_role;
