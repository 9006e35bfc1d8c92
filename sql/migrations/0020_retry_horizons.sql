-- Pushes ride out a gateway outage: a handler's retries can span a horizon (an APNs relay
-- or Gorush being redeployed, a network cut), kept as the attempts whose waits on the retry
-- schedule add up to it (outbox.retry_attempts, sql/code/18_outbox_claims.sql), so the
-- queue's functions, which decide on outbox.handlers.max_attempts, need no second rule.

-- Up to a week of retries at the 60 s cap.
alter table outbox.handlers drop constraint handlers_max_attempts_check;
alter table outbox.handlers add constraint handlers_max_attempts_check check (max_attempts between 1 and 10100);
comment on column outbox.handlers.max_attempts is
  'Attempts before a delivery goes dead (the first try counts). Set from a horizon with outbox.set_retry_horizon: the attempts whose waits (outbox.retry_delay) span it.';

-- The push handler's default becomes an hour of retries: 66 attempts (1 + 2 + 4 + ... s,
-- then every 60 s: outbox.retry_attempts('1 hour')). Five, as first registered, gave up
-- after about 15 s. A value an operator chose is kept.
update outbox.handlers set max_attempts = 66, updated_at = now() where name = 'push' and max_attempts = 5;
