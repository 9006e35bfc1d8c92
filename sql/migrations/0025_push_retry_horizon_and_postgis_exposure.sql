-- Two things an operator meets in production.
--
-- 1. Pushes ride out a gateway outage. A handler's retries can be given as a horizon: how
--    long, on the retry schedule (outbox.retry_delay, the one definition of the backoff),
--    its failed deliveries keep being retried before they go dead. The horizon is kept as
--    the attempts whose waits add up to it, so the queue's functions, which decide on
--    outbox.handlers.max_attempts, need no second rule. The push handler's default becomes
--    one hour (an APNs relay or Gorush being redeployed, a network cut); five attempts
--    gave up after about 15 s.
-- 2. PostGIS's st_estimatedextent is SECURITY DEFINER and executable by PUBLIC: after an
--    ANALYZE it returns the bounding box of any geometry column, whatever row-level
--    security hides (the extent of private locations). Revoked from PUBLIC where the
--    migrating role owns PostGIS; elsewhere (Supabase: its admin owns the extension) a
--    notice says who must do it (docs/supabase.md says it too).

-- ---------------------------------------------------------------------------------------
-- 1. Retry horizons
-- ---------------------------------------------------------------------------------------

-- Up to a week of retries at the 60 s cap.
alter table outbox.handlers drop constraint handlers_max_attempts_check;
alter table outbox.handlers add constraint handlers_max_attempts_check check (max_attempts between 1 and 10100);
comment on column outbox.handlers.max_attempts is
  'Attempts before a delivery goes dead (the first try counts). Set from a horizon with outbox.set_retry_horizon: the attempts whose waits (outbox.retry_delay) span it.';

create function outbox.retry_attempts(p_horizon interval) returns integer
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

create function outbox.set_retry_horizon(p_handler text, p_horizon interval) returns integer
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

-- The push handler's default: one hour (five attempts, as registered, gave up after 15 s).
update outbox.handlers
   set max_attempts = outbox.retry_attempts(interval '1 hour'), updated_at = now()
 where name = 'push' and max_attempts = 5;

revoke all on function outbox.retry_attempts(interval), outbox.set_retry_horizon(text, interval)
  from public, anon, authenticated, service_role;
grant execute on function outbox.retry_attempts(interval), outbox.set_retry_horizon(text, interval) to service_role;

-- ---------------------------------------------------------------------------------------
-- 2. st_estimatedextent
-- ---------------------------------------------------------------------------------------

do $$
declare
  v_function regprocedure;
  v_owner text;
begin
  select r.rolname into v_owner
    from pg_catalog.pg_extension e join pg_catalog.pg_roles r on r.oid = e.extowner
   where e.extname = 'postgis';
  if v_owner is null then
    return;
  end if;
  if not pg_catalog.pg_has_role(current_user, v_owner, 'usage') then
    raise notice 'st_estimatedextent is executable by PUBLIC and, after ANALYZE, returns the extent of geometry columns whatever row-level security hides; PostGIS belongs to %, so % must run: revoke execute on function st_estimatedextent from public (each overload)', v_owner, v_owner;
    return;
  end if;
  for v_function in
    select p.oid::regprocedure
      from pg_catalog.pg_proc p
      join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
      join pg_catalog.pg_extension e on e.oid = d.refobjid and e.extname = 'postgis'
     where p.proname = 'st_estimatedextent'
  loop
    execute format('revoke execute on function %s from public, anon, authenticated, service_role', v_function);
  end loop;
end
$$;
