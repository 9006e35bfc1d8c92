-- The notification budgets are spent once per batch by the one insert of notifications
-- (private.spend_notification_budgets, called in the insert's statement), no longer by a
-- trigger per row: the comments name what writes them now.
comment on table private.notification_budgets is
  'Notifications each sender caused each recipient (recipient = the nil uuid: all recipients together) since window_start; a window older than an hour starts again at the next notification. Written only by private.spend_notification_budgets(uuid[], uuid[]), once per batch of notifications.';
comment on column public.notifications.push_mode is
  'How the notification was pushed: single (on its own), summary (as the summary push of its sender''s notifications over their hourly budget to this recipient), collapsed (not pushed: past the budget, after the window''s summary; stored and counted in the badge all the same). Set by the server when it stores the row (private.spend_notification_budgets).';
