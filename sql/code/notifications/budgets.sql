-- Rate limits: what one user's actions may cause another.

-- Every notification is created through one insert (NotificationWriter, the worker's), and
-- each becomes the pushes to its recipient's devices. A hostile user can cause notifications
-- in bulk: shares of many watchlists, notes on an open task, claim/release loops. So a
-- notification caused by a user (source_user_id) is created only while that user has caused
-- the recipient fewer than per_recipient_per_hour notifications this hour, and everyone
-- fewer than per_sender_per_hour (private.notification_limits). The rest are dropped
-- silently (the write that caused them is the sender's right; what the recipient is told
-- of it is capped): the row is skipped, so nothing is pushed for it. Notifications without
-- a sender (the system's) and to oneself are not limited. The counters are taken in the
-- inserting transaction: a rolled-back batch gives its budget back.
create or replace function private.spend_notification_budget() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_pair integer;
  v_total integer;
  v_limits private.notification_limits;
begin
  if new.source_user_id is null or new.source_user_id = new.user_id then
    return new;
  end if;
  select l.* into v_limits from private.notification_limits l;
  with spent as (
    insert into private.notification_budgets as b (sender, recipient, window_start, sent)
    -- the sender's total first: concurrent writers of one sender's notifications then
    -- queue on that row rather than lock pairs in different orders
    values (new.source_user_id, '00000000-0000-0000-0000-000000000000', pg_catalog.now(), 1),
           (new.source_user_id, new.user_id, pg_catalog.now(), 1)
    on conflict (sender, recipient) do update
       set window_start = case when b.window_start <= pg_catalog.now() - interval '1 hour' then pg_catalog.now() else b.window_start end,
           sent = case when b.window_start <= pg_catalog.now() - interval '1 hour' then 1 else b.sent + 1 end
    returning b.recipient, b.sent
  )
  select max(s.sent) filter (where s.recipient = new.user_id), max(s.sent) filter (where s.recipient <> new.user_id)
    into v_pair, v_total
    from spent s;
  if v_pair > v_limits.per_recipient_per_hour or v_total > v_limits.per_sender_per_hour then
    return null;
  end if;
  return new;
end
$$;
comment on function private.spend_notification_budget() is
  'BEFORE INSERT trigger function of public.notifications: counts the notification against its sender''s hourly budgets (private.notification_budgets) and skips it (returns NULL: not created, not pushed) when the sender has caused the recipient more than per_recipient_per_hour, or everyone more than per_sender_per_hour, notifications this hour (private.notification_limits). Notifications without a sender or to the sender pass. SECURITY DEFINER: the counters are nobody''s to read or write.';
revoke all on function private.spend_notification_budget() from public, anon, authenticated, service_role;

create or replace trigger _spend_notification_budget before insert on public.notifications
  for each row execute function private.spend_notification_budget();
