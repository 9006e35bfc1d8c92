-- Rate limits: what one user's actions may cause another.

-- Every notification is created through one insert (NotificationWriter, the worker's), and
-- each becomes the pushes to its recipient's devices. A hostile user can cause notifications
-- in bulk: shares of many watchlists, notes on an open task, claim/release loops; an
-- ordinary one too, on a busy day (an agent claiming forty of a realtor's tasks in an hour).
-- Rate limits limit pushes, never notifications: every notification is stored and counted in
-- the badge, and one caused by a user (source_user_id) is pushed on its own only while that
-- user has caused the recipient fewer than per_recipient_per_hour notifications this hour,
-- and everyone fewer than per_sender_per_hour (private.notification_limits). The first past
-- the budget in a window is pushed as one summary of the sender's updates (push_mode
-- 'summary'), the rest of the window not at all ('collapsed'): a flood is quiet, a busy day
-- complete. The worker's push handler counts both (push.summaries, push.collapsed) and the
-- exporter shows them (private.notification_push_gauges). Notifications without a sender
-- (the system's) and to oneself are not limited. The counters are taken in the inserting
-- transaction: a rolled-back batch gives its budget back.
create or replace function private.spend_notification_budget() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_pair integer;
  v_total integer;
  v_over integer;
  v_limits private.notification_limits;
begin
  new.push_mode := 'single';
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
           sent = case when b.window_start <= pg_catalog.now() - interval '1 hour' then 1 else b.sent + 1 end,
           over_budget = case when b.window_start <= pg_catalog.now() - interval '1 hour' then 0 else b.over_budget end
    returning b.recipient, b.sent
  )
  select max(s.sent) filter (where s.recipient = new.user_id), max(s.sent) filter (where s.recipient <> new.user_id)
    into v_pair, v_total
    from spent s;
  if v_pair > v_limits.per_recipient_per_hour or v_total > v_limits.per_sender_per_hour then
    -- Past the budget: the pair's window counts it; its first is the summary.
    update private.notification_budgets b set over_budget = b.over_budget + 1
     where b.sender = new.source_user_id and b.recipient = new.user_id
    returning b.over_budget into v_over;
    new.push_mode := case when v_over = 1 then 'summary' else 'collapsed' end;
  end if;
  return new;
end
$$;
comment on function private.spend_notification_budget() is
  'BEFORE INSERT trigger function of public.notifications: counts the notification against its sender''s hourly budgets (private.notification_budgets) and sets its push_mode: single within the budget (and without a sender, or to the sender), else summary for the first past the budget in the window of its sender and recipient (per_recipient_per_hour to this recipient, or per_sender_per_hour to everyone: private.notification_limits) and collapsed for the rest of that window. Every notification is stored: the limits limit pushes. SECURITY DEFINER: the counters are nobody''s to read or write.';
revoke all on function private.spend_notification_budget() from public, anon, authenticated, service_role;

create or replace trigger _spend_notification_budget before insert on public.notifications
  for each row execute function private.spend_notification_budget();

-- For the exporter (deploy/prometheus/queries.yaml): the notifications past their senders'
-- budgets in the windows of the last hour, as summary pushes sent in their place and pushes
-- collapsed. Reads the partial index of windows
-- with notifications past the budget, nothing else.
create or replace view private.notification_push_gauges with (security_barrier) as
  select count(*) filter (where b.recipient <> '00000000-0000-0000-0000-000000000000')::bigint as summaries,
         coalesce(sum(b.over_budget - 1) filter (where b.recipient <> '00000000-0000-0000-0000-000000000000'), 0)::bigint as collapsed
    from private.notification_budgets b
   where b.over_budget > 0 and b.window_start > pg_catalog.now() - interval '1 hour';
comment on view private.notification_push_gauges is
  'Pushes held back by the notification budgets in the windows that began in the last hour: summaries (summary pushes sent, one per pair of sender and recipient past their budget), collapsed (notifications stored and counted but not pushed). For the exporter''s gauges; the worker counts the same as push.summaries and push.collapsed.';
revoke all on private.notification_push_gauges from public, anon, authenticated, service_role;
grant select on private.notification_push_gauges to service_role;
