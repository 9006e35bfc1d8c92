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
-- Spent once per batch, by the one insert of notifications (NotificationWriter), in two steps
-- so that the counters are locked only at the end of the inserting transaction: the writer
-- first asks how each notification of the batch would be pushed now, without locking
-- anything (private.plan_notification_budgets), stores the rows with those push modes (the
-- insert's change event, the push handler's input, carries them), and then, as its last
-- statement, spends the budgets (private.spend_notification_budgets), which numbers the
-- batch again under the counters' row locks and refuses the batch (BUDGET_CHANGED, 40001)
-- when a batch of the same sender committed in between and moved a notification across
-- the budget: the writer's transaction is then retried, and plans again from the new
-- counts. Planning and spending count exactly the same way (private.notification_budget_modes),
-- so what was stored is what was spent. Spending first, at the start of the insert, held a
-- pair's counter locked for the whole insert (its rows, badge counters, outbox capture):
-- two batches of one sender and recipient, as in a claim loop's, inserted one after the
-- other. A trigger per row upserted the same two counter rows for every notification of a
-- batch before that, and the worker's batches ran at half their speed. Counter rows are
-- locked in (sender, recipient) order, the sender's total (the nil uuid) before its pairs,
-- after the badge counters of the insert's statement, so two batches never wait on each
-- other in a circle.
create or replace function private.notification_budget_modes(p_recipients uuid[], p_senders uuid[], p_spend boolean)
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
  v_counts integer[];
  v_sent integer[];
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

  -- The batch's notifications per pair and per sender (recipient: the nil uuid), in lock order.
  select pg_catalog.array_agg(c.sender order by c.sender, c.recipient),
         pg_catalog.array_agg(c.recipient order by c.sender, c.recipient),
         pg_catalog.array_agg(c.n order by c.sender, c.recipient)
    into v_senders, v_recipients, v_counts
    from (select r.sender, coalesce(r.recipient, c_everyone) as recipient, pg_catalog.count(*)::integer as n
            from unnest(p_recipients, p_senders) r (recipient, sender)
           where r.sender is not null and r.sender <> r.recipient
           group by grouping sets ((r.sender, r.recipient), (r.sender))) c;

  -- Each counter as it was before the batch (a window older than an hour counts from 0).
  if p_spend then
    with spent as (
      insert into private.notification_budgets as b (sender, recipient, window_start, sent)
      select c.sender, c.recipient, pg_catalog.now(), c.n
        from unnest(v_senders, v_recipients, v_counts) c (sender, recipient, n)
       order by c.sender, c.recipient
      on conflict (sender, recipient) do update
         set window_start = case when b.window_start <= pg_catalog.now() - interval '1 hour' then pg_catalog.now() else b.window_start end,
             sent = case when b.window_start <= pg_catalog.now() - interval '1 hour' then excluded.sent else b.sent + excluded.sent end,
             over_budget = case when b.window_start <= pg_catalog.now() - interval '1 hour' then 0 else b.over_budget end
      returning b.sender, b.recipient, b.sent, b.over_budget)
    select pg_catalog.array_agg(s.sent - c.n order by c.position), pg_catalog.array_agg(s.over_budget order by c.position)
      into v_sent, v_over
      from unnest(v_senders, v_recipients, v_counts) with ordinality c (sender, recipient, n, position)
      join spent s on s.sender = c.sender and s.recipient = c.recipient;
  else
    select pg_catalog.array_agg(case when b.window_start > pg_catalog.now() - interval '1 hour' then b.sent else 0 end order by c.position),
           pg_catalog.array_agg(case when b.window_start > pg_catalog.now() - interval '1 hour' then b.over_budget else 0 end order by c.position)
      into v_sent, v_over
      from unnest(v_senders, v_recipients) with ordinality c (sender, recipient, position)
      left join private.notification_budgets b on b.sender = c.sender and b.recipient = c.recipient;
  end if;

  -- A batch that takes no counter past its budget (nearly every batch) is pushed one by one
  -- and has nothing over a budget to record: the last of a pair's (or a sender's)
  -- notifications would be numbered the counter before it plus the batch's count, within
  -- the limit. The numbering below says the same and costs most of a batch's budgets (its
  -- window functions over the batch, run by the plan and again by the spending).
  if not exists (select from unnest(v_recipients, v_counts, v_sent) c (recipient, n, sent)
                  where c.sent + c.n > case when c.recipient = c_everyone then v_limits.per_sender_per_hour
                                            else v_limits.per_recipient_per_hour end) then
    return pg_catalog.array_fill('single'::text, array[pg_catalog.cardinality(p_recipients)]);
  end if;

  with batch as (
    select r.position::integer, r.recipient, r.sender
      from unnest(p_recipients, p_senders) with ordinality r (recipient, sender, position)
     where r.sender is not null and r.sender <> r.recipient),
  before as (
    select * from unnest(v_senders, v_recipients, v_sent, v_over) c (sender, recipient, sent, over_budget)),
  numbered as (
    -- each notification's place in its pair's and its sender's window
    select b.position, b.sender, b.recipient,
           p.sent + pg_catalog.row_number() over (partition by b.sender, b.recipient order by b.position) as in_pair,
           t.sent + pg_catalog.row_number() over (partition by b.sender order by b.position) as in_total,
           p.over_budget
      from batch b
      join before p on p.sender = b.sender and p.recipient = b.recipient
      join before t on t.sender = b.sender and t.recipient = c_everyone),
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
  if p_spend and v_senders is not null then
    update private.notification_budgets b set over_budget = w.over_budget
      from unnest(v_senders, v_recipients, v_over) w (sender, recipient, over_budget)
     where b.sender = w.sender and b.recipient = w.recipient;
  end if;
  return v_modes;
end
$$;
comment on function private.notification_budget_modes(uuid[], uuid[], boolean) is
  'The push_mode of each notification of a batch (p_recipients[i] notified because of p_senders[i], null for the system''s), in the batch''s order, from its senders'' hourly budgets (private.notification_budgets, private.notification_limits): single within the budgets (and without a sender, or to the sender), summary for the first past a budget in the window of its sender and recipient, collapsed for the rest of that window. p_spend: count the batch against the budgets (locking their counters until the transaction ends); otherwise only read them. The one definition behind private.plan_notification_budgets and private.spend_notification_budgets. SECURITY DEFINER: the counters are nobody''s to read or write.';
revoke all on function private.notification_budget_modes(uuid[], uuid[], boolean) from public, anon, authenticated, service_role;

create or replace function private.plan_notification_budgets(p_recipients uuid[], p_senders uuid[])
  returns text[]
  language sql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
  select private.notification_budget_modes(p_recipients, p_senders, false)
$$;
comment on function private.plan_notification_budgets(uuid[], uuid[]) is
  'How each notification of a batch would be pushed if its senders'' budgets were spent now (private.notification_budget_modes), read without locking or writing anything: NotificationWriter stores the rows with these modes, then spends the budgets with private.spend_notification_budgets, which checks them. SECURITY DEFINER: the counters are nobody''s to read.';
revoke all on function private.plan_notification_budgets(uuid[], uuid[]) from public, anon, authenticated, service_role;
grant execute on function private.plan_notification_budgets(uuid[], uuid[]) to service_role;

create or replace function private.spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[])
  returns text[]
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_modes text[];
begin
  -- Modes that could never be what spending gives are the caller's mistake, not a race:
  -- refused as bad input, so the writer does not retry what can never succeed.
  if p_planned is not null
     and (pg_catalog.cardinality(p_planned) is distinct from pg_catalog.cardinality(p_recipients)
          or exists (select from unnest(p_planned) m (mode)
                      where m.mode is null or m.mode not in ('single', 'summary', 'collapsed'))) then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_planned must hold one push mode (single, summary or collapsed) per recipient',
      hint = 'Pass the modes private.plan_notification_budgets returned for the same batch.';
  end if;
  v_modes := private.notification_budget_modes(p_recipients, p_senders, true);
  if p_planned is not null and v_modes is distinct from p_planned then
    raise exception using errcode = '40001',
      message = 'BUDGET_CHANGED: a concurrent batch of the same sender changed how these notifications are pushed',
      detail = pg_catalog.json_build_object('planned', p_planned, 'spent', v_modes)::text,
      hint = 'Retry the transaction: it plans the push modes again from the counters as they are now.';
  end if;
  return v_modes;
end
$$;
comment on function private.spend_notification_budgets(uuid[], uuid[], text[]) is
  'Counts a batch of notifications (p_recipients[i] notified because of p_senders[i], null for the system''s) against their senders'' hourly budgets (private.notification_budget_modes, locking the counters until the transaction ends) and returns each one''s push_mode in the batch''s order. With p_planned (the modes private.plan_notification_budgets gave and the rows were stored with), refuses with BUDGET_CHANGED (40001) when the modes are no longer those: a concurrent batch of the same sender committed in between; retrying the transaction plans again; modes that could never be spent (not one per recipient, or not single, summary or collapsed) are INVALID_ARGUMENT (22023). Called last by the one insert of notifications (NotificationWriter). Every notification is stored: the limits limit pushes. SECURITY DEFINER: the counters are nobody''s to read or write.';
revoke all on function private.spend_notification_budgets(uuid[], uuid[], text[]) from public, anon, authenticated, service_role;
grant execute on function private.spend_notification_budgets(uuid[], uuid[], text[]) to service_role;

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
