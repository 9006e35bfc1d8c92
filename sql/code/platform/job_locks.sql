-- One worker at a time runs a job: it locks the job's row of private.job_locks for its
-- transaction, or learns that another holds it. A row no API role reads: an advisory lock,
-- which any session may take, let an app user hold the key and stop the job for good.
create or replace function private.try_job_lock(p_job text) returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  if p_job is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_job is required';
  end if;
  if not exists (select from private.job_locks j where j.job = p_job) then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: %L is not a job of private.job_locks', p_job),
      detail = pg_catalog.json_build_object('argument', 'p_job', 'allowed', (select pg_catalog.array_agg(j.job order by j.job) from private.job_locks j))::text;
  end if;
  perform from private.job_locks j where j.job = p_job for update skip locked;
  return found;
end
$$;
comment on function private.try_job_lock(text) is
  'True when the caller''s transaction now holds the job p_job (its row of private.job_locks, locked until the transaction ends); false when another transaction holds it. The worker''s maintenance runs each job only while holding ''maintenance''. Errors: NULL_ARGUMENT (22004), INVALID_ARGUMENT (22023, detail {argument, allowed}). SECURITY DEFINER: no API role reads private.job_locks (so that no app user can take a job''s lock); the worker (service_role) may run it.';
revoke all on function private.try_job_lock(text) from public, anon, authenticated, service_role;
grant execute on function private.try_job_lock(text) to service_role;
