-- Rate limits of notifications (and so of pushes) that one user's actions cause another:
-- the counters, and the limits an operator may tune. The trigger that applies them is
-- private.spend_notification_budget (sql/code/15_notifications.sql).

create table private.notification_limits (
  id boolean primary key default true check (id),
  per_recipient_per_hour integer not null check (per_recipient_per_hour > 0),
  per_sender_per_hour integer not null check (per_sender_per_hour > 0)
);
comment on table private.notification_limits is
  'The one row of notification rate limits: at most per_recipient_per_hour notifications one user (source_user_id) causes one recipient, and per_sender_per_hour to all recipients together, per hour; the rest are not created (nor pushed). An operator may update the row; only the database owner can.';
insert into private.notification_limits (per_recipient_per_hour, per_sender_per_hour) values (20, 300);
revoke all on private.notification_limits from public, anon, authenticated, service_role;

create table private.notification_budgets (
  sender uuid not null,
  recipient uuid not null,
  window_start timestamptz not null,
  sent integer not null,
  constraint notification_budgets_pkey primary key (sender, recipient)
);
comment on table private.notification_budgets is
  'Notifications each sender caused each recipient (recipient = the nil uuid: all recipients together) since window_start; a window older than an hour starts again at the next notification. Written only by private.spend_notification_budget().';
revoke all on private.notification_budgets from public, anon, authenticated, service_role;
