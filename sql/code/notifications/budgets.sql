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
--
-- Spent once per batch, in the insert's own statement (the writer passes the batch's
-- recipients and senders and stores the push modes this returns): one upsert of each
-- sender's total and each pair's counter with the batch's counts, then the modes numbered
-- set-based, in the order written. A trigger per row upserted the same two counter rows for
-- every notification of a batch; each upsert met a longer chain of the row's versions of
-- the same transaction, and the worker's batches of 500 claims ran at half their speed.
-- The push mode is stored with the row, not set afterwards: the insert's change event (the
-- push handler's input) carries it. Counter rows are locked in (sender, recipient) order,
-- the sender's total (the nil uuid) before its pairs, so two batches never wait on each
-- other in a circle.
create or replace function private.spend_notification_budgets(p_recipients uuid[], p_senders uuid[])
  returns text[]
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  c_everyone constant uuid := '00000000-0000-0000-0000-000000000000';
  v_limits private.notification_limits;
  v_modes text[];
  v_senders uuid[];
  v_recipients uuid[];
  v_over integer[];
begin
  if pg_catalog.cardinality(p_recipients) is distinct from pg_catalog.cardinality(p_senders) then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_recipients and p_senders must have the same length',
      hint = 'Pass one sender (or null) per recipient, in the order of the batch.';
  end if;
  if not exists (select from unnest(p_recipients, p_senders) r (recipient, sender)
                  where r.sender is not null and r.sender is distinct from r.recipient) then
    return pg_catalog.array_fill('single'::text, array[coalesce(pg_catalog.cardinality(p_recipients), 0)]);
  end if;
  select l.* into v_limits from private.notification_limits l;

  with batch as (
    select r.position::integer, r.recipient, r.sender
      from unnest(p_recipients, p_senders) with ordinality r (recipient, sender, position)
     where r.sender is not null and r.sender <> r.recipient),
  counts as (
    select b.sender, b.recipient, pg_catalog.count(*)::integer as n from batch b group by b.sender, b.recipient
    union all
    select b.sender, c_everyone, pg_catalog.count(*)::integer from batch b group by b.sender),
  spent as (
    insert into private.notification_budgets as b (sender, recipient, window_start, sent)
    select c.sender, c.recipient, pg_catalog.now(), c.n from counts c order by c.sender, c.recipient
    on conflict (sender, recipient) do update
       set window_start = case when b.window_start <= pg_catalog.now() - interval '1 hour' then pg_catalog.now() else b.window_start end,
           sent = case when b.window_start <= pg_catalog.now() - interval '1 hour' then excluded.sent else b.sent + excluded.sent end,
           over_budget = case when b.window_start <= pg_catalog.now() - interval '1 hour' then 0 else b.over_budget end
    returning b.sender, b.recipient, b.sent, b.over_budget),
  numbered as (
    -- each notification's place in its pair's and its sender's window
    select b.position, b.sender, b.recipient,
           p.sent - pc.n + pg_catalog.row_number() over (partition by b.sender, b.recipient order by b.position) as in_pair,
           t.sent - tc.n + pg_catalog.row_number() over (partition by b.sender order by b.position) as in_total,
           p.over_budget
      from batch b
      join counts pc on pc.sender = b.sender and pc.recipient = b.recipient
      join counts tc on tc.sender = b.sender and tc.recipient = c_everyone
      join spent p on p.sender = b.sender and p.recipient = b.recipient
      join spent t on t.sender = b.sender and t.recipient = c_everyone),
  over as (
    -- past a budget: the pair's window counts it; its first is the summary
    select o.position, o.sender, o.recipient,
           o.over_budget + pg_catalog.row_number() over (partition by o.sender, o.recipient order by o.position) as nth
      from numbered o
     where o.in_pair > v_limits.per_recipient_per_hour or o.in_total > v_limits.per_sender_per_hour)
  select (select pg_catalog.array_agg(case when o.nth is null then 'single' when o.nth = 1 then 'summary' else 'collapsed' end
                                      order by r.position)
            from unnest(p_recipients) with ordinality r (recipient, position)
            left join over o on o.position = r.position),
         pg_catalog.array_agg(w.sender order by w.sender, w.recipient),
         pg_catalog.array_agg(w.recipient order by w.sender, w.recipient),
         pg_catalog.array_agg(w.over_budget order by w.sender, w.recipient)
    into v_modes, v_senders, v_recipients, v_over
    from (select o.sender, o.recipient, pg_catalog.max(o.nth)::integer as over_budget
            from over o group by o.sender, o.recipient) w;
  if v_senders is not null then
    update private.notification_budgets b set over_budget = w.over_budget
      from unnest(v_senders, v_recipients, v_over) w (sender, recipient, over_budget)
     where b.sender = w.sender and b.recipient = w.recipient;
  end if;
  return v_modes;
end
$$;
comment on function private.spend_notification_budgets(uuid[], uuid[]) is
  'Counts a batch of notifications about to be inserted (p_recipients[i] notified because of p_senders[i], null for the system''s) against their senders'' hourly budgets (private.notification_budgets, private.notification_limits) in one pass, and returns each one''s push_mode in the batch''s order: single within the budgets (and without a sender, or to the sender), summary for the first past a budget in the window of its sender and recipient, collapsed for the rest of that window. Called by the one insert of notifications (NotificationWriter), which stores the modes with the rows. Every notification is stored: the limits limit pushes. SECURITY DEFINER: the counters are nobody''s to read or write.';
revoke all on function private.spend_notification_budgets(uuid[], uuid[]) from public, anon, authenticated, service_role;
grant execute on function private.spend_notification_budgets(uuid[], uuid[]) to service_role;

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
