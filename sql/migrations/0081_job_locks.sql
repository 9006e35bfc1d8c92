-- One row per job that one worker at a time runs: a job takes its row's lock (FOR UPDATE)
-- for its transaction. An advisory lock, which any session may take, let an app user hold
-- the worker's key and stop its maintenance (the purges, the claim expiry) and outbox prune;
-- no API role reads this table, so none can lock its rows.
create table private.job_locks (
  job text primary key
);
comment on table private.job_locks is
  'The jobs one worker at a time runs (maintenance, outbox.prune): a job locks its row for its transaction (private.try_job_lock; outbox.prune waits for it). Nobody but the owner reads or writes it.';
comment on column private.job_locks.job is 'The job''s name.';
revoke all on table private.job_locks from public, anon, authenticated, service_role;
insert into private.job_locks (job) values ('maintenance'), ('outbox.prune');
