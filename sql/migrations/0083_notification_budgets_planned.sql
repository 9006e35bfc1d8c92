-- The notification budgets are planned without a lock and spent as the insert's last
-- statement, which checks the planned push modes (private.plan_notification_budgets,
-- private.spend_notification_budgets): the comments name what reads and writes them now.
comment on table private.notification_budgets is
  'Notifications each sender caused each recipient (recipient = the nil uuid: all recipients together) since window_start; a window older than an hour starts again at the next notification. Written only by private.spend_notification_budgets(uuid[], uuid[], text[]), once per batch of notifications, as the last statement of its insert; read without a lock by private.plan_notification_budgets(uuid[], uuid[]) before it.';
comment on column public.notifications.push_mode is
  'How the notification was pushed: single (on its own), summary (as the summary push of its sender''s notifications over their hourly budget to this recipient), collapsed (not pushed: past the budget, after the window''s summary; stored and counted in the badge all the same). Set by the server when it stores the row (private.plan_notification_budgets, checked as the budgets are spent by private.spend_notification_budgets).';
