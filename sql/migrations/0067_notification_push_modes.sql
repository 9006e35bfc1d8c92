-- Rate limits limit pushes, never notifications. Over a sender's hourly budget a
-- notification is still stored (in the bell, counted in the badge); what the budget decides
-- is how it is pushed (push_mode, set by private.spend_notification_budget):
--   single     pushed on its own (within the budget; and every notification without a
--              sender or to oneself);
--   summary    the first over the budget of its sender and recipient in the window: pushed
--              as one summary push ("<sender> and more updates") in its place;
--   collapsed  the rest of that window: not pushed (the summary said it), stored and counted.
-- A flood is one push an hour past the budget; a busy day is complete in the app.
alter table public.notifications
  add column push_mode text not null default 'single'
    constraint notifications_push_mode_check check (push_mode in ('single', 'summary', 'collapsed'));
comment on column public.notifications.push_mode is
  'How the notification was pushed: single (on its own), summary (as the summary push of its sender''s notifications over their hourly budget to this recipient), collapsed (not pushed: past the budget, after the window''s summary; stored and counted in the badge all the same). Set by the server (private.spend_notification_budget).';

-- The notifications past the budget in the current window of each pair (the first of them
-- went as the summary push).
alter table private.notification_budgets add column over_budget integer not null default 0;
comment on column private.notification_budgets.over_budget is
  'Notifications of the window past the budget (stored, pushed as one summary and then collapsed); 0 again when a new window starts.';
comment on table private.notification_limits is
  'The one row of notification rate limits: at most per_recipient_per_hour notifications one user (source_user_id) causes one recipient, and per_sender_per_hour to all recipients together, are pushed on their own per hour; the rest are stored and counted all the same, pushed as one summary per window and then not pushed (public.notifications.push_mode). An operator may update the row; only the database owner can.';
-- The exporter's gauge of the pushes held back (private.notification_push_gauges): the
-- windows of the last hour with notifications past the budget, nothing else read.
create index notification_budgets_over_budget_idx on private.notification_budgets (window_start) where over_budget > 0;
