-- Quotas: how much one user may put before every other user, in one table beside
-- private.notification_limits. Each is checked where the write or call happens
-- (sql/code/platform/quotas.sql); over a quota the statement fails with QUOTA_EXCEEDED
-- (54000, DETAIL {quota, limit, period, ...}) and changes nothing. An operator may update a
-- value; only the database owner can.
--
-- What they bound, measured before they existed: one 3-second call of 1,000 open tasks with
-- descriptions of 10,000 U+0001 (6 bytes each as JSON) made every user's next tasks pull
-- 60 MB; 16,000 notes of one account on another's task; a sync_poll of 100,000 table names
-- holding a backend 8 s.
create table private.quotas (
  name text primary key,
  value integer not null check (value > 0),
  period interval check (period > interval '0'),
  description text not null
);
comment on table private.quotas is
  'The limits on what one user may put before others, one row each: value per period (NULL: at any one time, or per row or call). Checked by sql/code/platform/quotas.sql; over one, QUOTA_EXCEEDED (54000) and nothing changes. An operator may update value; only the database owner can.';
insert into private.quotas (name, value, period, description) values
  ('open_items_per_user', 100, interval '1 hour',
   'Tasks and activities one user makes open to every user (created unclaimed and not completed, released, reopened) per period: each is in every user''s next pull.'),
  ('notes_per_author_per_item', 200, null,
   'Notes one author has on one task, activity or listing at any one time.'),
  ('row_bytes', 49152, null,
   'Bytes of a row of a table other users may see, as a pull delivers it (its JSON text): 10,000 characters of any script fit, 10,000 control characters (6 bytes each as JSON) do not.'),
  ('poll_tables', 64, null,
   'Table names one sync_poll call may name.');
revoke all on private.quotas from public, anon, authenticated, service_role;

create table private.quota_usage (
  name text not null references private.quotas (name) on delete cascade,
  user_id uuid not null,
  window_start timestamptz not null,
  used integer not null,
  constraint quota_usage_pkey primary key (name, user_id)
);
comment on table private.quota_usage is
  'What each user used of each quota with a period since window_start; a window older than the period starts again at the next use. Written only by private.spend_quota.';
revoke all on private.quota_usage from public, anon, authenticated, service_role;
