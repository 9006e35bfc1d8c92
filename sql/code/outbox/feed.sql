-- The durable change outbox, the feed side: realtime change feeds read outbox.events (outbox/capture.sql)
-- from a never-miss cursor, all changes or only those concerning one user; and how long the
-- log keeps events for them (outbox.prune: a whole day leaves at a time).
--
-- A cursor holds a snapshot and an event id, meaning: "every event visible in that snapshot
-- with an id up to that one has been delivered", sealed with the incarnation of the database
-- like a sync cursor (sync/cursor.sql: {s: snapshot, l: event id}; a cursor of another
-- incarnation, after a restore, a point-in-time recovery or a failover, gets CURSOR_EXPIRED). The next page is every event outside
-- that set, in id order: new ids, plus events with smaller ids whose transactions were
-- still running at the snapshot (their txid is in its xip list, or at or above its xmax: a
-- transaction may take its id after the event id). Nothing is missed;
-- after a full page a few events may come twice (clients deduplicate by id). A cursor that
-- had not read events that outbox.prune has since removed gets CURSOR_EXPIRED, never a gap.

create or replace function outbox.current_cursor() returns text
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
begin
  -- (never below what outbox.prune removed: an emptied log must not make "now" look expired)
  return (select outbox.feed_cursor(pg_catalog.pg_current_snapshot(),
                                    greatest(coalesce(max(e.id), 0), (select h.last_event_id from outbox.log_horizon h)))
            from outbox.events e);
end
$$;
-- A feed cursor: the snapshot and the last event id read, sealed with the incarnation; and
-- opened again. SECURITY DEFINER: the seal's key is the owner's alone (the feed's callers,
-- service_role, never read it).
-- (PL/pgSQL: the cursor functions are defined later, in sync/cursor.sql.)
create or replace function outbox.feed_cursor(p_snapshot pg_catalog.pg_snapshot, p_last bigint) returns text
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  return private.seal_cursor(pg_catalog.jsonb_build_object('i', private.cursor_incarnation(), 's', p_snapshot::text, 'l', p_last));
end
$$;
comment on function outbox.feed_cursor(pg_catalog.pg_snapshot, bigint) is
  'The changes_since cursor of snapshot p_snapshot and last event p_last, of this incarnation of the database, sealed (private.seal_cursor). SECURITY DEFINER: the key is the owner''s.';

create or replace function outbox.open_feed_cursor(p_cursor text) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  return private.open_cursor(p_cursor, 'changes_since', '^\d+:\d+:[\d,]*/\d+$');
end
$$;
comment on function outbox.open_feed_cursor(text) is
  'The state {s: snapshot, l: last event id} of a changes_since cursor, or {legacy: cursor} for one of before sealing while those stand (private.open_cursor). INVALID_CURSOR, CURSOR_EXPIRED (22023: another incarnation of the database). SECURITY DEFINER: the key is the owner''s.';

comment on function outbox.current_cursor() is
  'The cursor of "now": changes_since(current_cursor()) returns only changes committed after this call (and those still uncommitted during it).';

-- A user-scoped feed reports changes of who may see what as the user's sync_pull does
-- (private.sync_items, mode visibility: the same query), since the cursor's snapshot: rows
-- that became visible to the user come as inserts (reason "granted") with the row as it is
-- now, rows that stopped being visible as deletes (reason "revoked"). They are not events
-- of the log (their id is 0), and a grant brings every row of its key in one page.
create or replace function outbox.visibility_events(p_user uuid, p_tables text[], p_snapshot pg_catalog.pg_snapshot) returns jsonb
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_table text;
  v_events jsonb := '[]';
  v_page jsonb;
begin
  for v_table in
    -- The feed serves the recorded tables (not the journals, synced but never recorded).
    select t from unnest(private.sync_tables()) t
     where t in (select ot.table_name from outbox.tables ot) and (p_tables is null or t = any (p_tables))
     order by t
  loop
    execute pg_catalog.format($q$
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', 0,
               'table', %1$L,
               'eventType', case i.kind when 1 then 'insert' else 'delete' end,
               'recordId', i.id,
               'record', case i.kind when 1 then pg_catalog.to_jsonb(t) else '{}' end,
               'oldRecord', case i.kind when 0 then jsonb_build_object('id', i.id) end,
               'changedColumns', null,
               'createdAt', coalesce(i.at, now()),
               'reason', case i.kind when 1 then 'granted' else 'revoked' end)
             order by i.c0, i.c1, i.id, i.kind), '[]')
        from private.sync_items(%1$L, $1, 'visibility', pg_catalog.pg_snapshot_xmax($2),
                                array(select pg_catalog.pg_snapshot_xip($2)), '0', '0',
                                '00000000-0000-0000-0000-000000000000', -1, 1000000000) i
        left join public.%1$I t on i.kind = 1 and t.id = i.id
       where i.kind = 0 or t.id is not null
      $q$, v_table)
      into v_page using p_user, p_snapshot;
    v_events := v_events || v_page;
  end loop;
  return v_events;
end
$$;
comment on function outbox.visibility_events(uuid, text[], pg_catalog.pg_snapshot) is
  'The visibility changes of user p_user since snapshot p_snapshot in the synced tables among p_tables (NULL = all), as change-feed events with id 0 and a reason: inserts (granted: the row now visible, as it is) and deletes (revoked). The same query as sync_pull''s (private.sync_items, mode visibility). For outbox.changes_since.';

create or replace function outbox.changes_since(
  p_cursor text,
  p_tables text[] default null,
  p_limit integer default 1000,
  p_user uuid default null
) returns jsonb
  language plpgsql
  -- Volatile, not stable: the check for pruned events after the page needs a snapshot of
  -- its own (below). It writes nothing, so it runs on a standby too.
  volatile
  set search_path = pg_catalog, pg_temp
  -- A page is milliseconds of work: never worth compiling to machine code (JIT).
  set jit = off
  -- Index scans from the cursor, even while the statistics are young.
  set enable_seqscan = off
as $$
declare
  v_snap pg_catalog.pg_snapshot;
  v_last bigint := 0;
  v_state jsonb;
  v_unknown text[];
  v_result jsonb;
  v_expired boolean;
  -- Per table, the columns that decide who sees a row: an update that changed one of them
  -- may have taken the row from the user (private.visibility_columns).
  v_keys jsonb := (select jsonb_object_agg(t.table_name, private.visibility_columns(t.table_name))
                     from private.visibility_tables t);
begin
  if p_limit is null or p_limit not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'INVALID_LIMIT: p_limit must be between 1 and 10000';
  end if;
  if p_cursor is not null then
    -- Sealed, of this incarnation (CURSOR_EXPIRED otherwise); or one of before sealing
    -- ('<snapshot>/<event id>') while those stand.
    v_state := outbox.open_feed_cursor(p_cursor);
    begin
      if v_state ? 'legacy' then
        v_snap := split_part(p_cursor, '/', 1)::pg_catalog.pg_snapshot;
        v_last := split_part(p_cursor, '/', 2)::bigint;
      else
        v_snap := (v_state ->> 's')::pg_catalog.pg_snapshot;
        v_last := (v_state ->> 'l')::bigint;
      end if;
      if v_snap is null or v_last is null then
        raise exception 'incomplete';
      end if;
    exception when others then
      raise exception using errcode = '22023', message = 'INVALID_CURSOR: not a cursor from changes_since or current_cursor',
        detail = format('cursor: %s', left(p_cursor, 200));
    end;
  end if;
  select array_agg(t) into v_unknown
    from unnest(p_tables) t
   where t is null or t not in (select ot.table_name from outbox.tables ot);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_TABLE: the outbox does not record ' || array_to_string(v_unknown, ', ', 'NULL');
  end if;

  -- One statement: the events read and pg_current_snapshot() are the same snapshot.
  with candidates as (
    (select e.*
       from outbox.events e
      where e.id > v_last
        and (p_tables is null or e.table_name = any (p_tables))
        and (p_user is null or e.visible_to_all or e.audience @> array[p_user])
        -- (for a user: an update that moved the row, only if they still see it; if they no
        -- longer do, it comes as a revocation below)
        and (p_user is null or e.op <> 'update'
             or not (e.old_record ?| array(select jsonb_array_elements_text(v_keys -> e.table_name)))
             or private.user_sees(p_user, e.table_name, e.record))
      order by e.id
      limit p_limit)
    union all
    (select e.*
       from outbox.events e
      where v_snap is not null
        and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(v_snap)))
             or e.txid >= pg_catalog.pg_snapshot_xmax(v_snap))
        -- (e.id + 0: the txid index finds these few; the id index would read the history)
        and (e.id + 0) <= v_last
        and not pg_catalog.pg_visible_in_snapshot(e.txid, v_snap)
        and (p_tables is null or e.table_name = any (p_tables))
        and (p_user is null or e.visible_to_all or e.audience @> array[p_user])
        -- (for a user: an update that moved the row, only if they still see it; if they no
        -- longer do, it comes as a revocation below)
        and (p_user is null or e.op <> 'update'
             or not (e.old_record ?| array(select jsonb_array_elements_text(v_keys -> e.table_name)))
             or private.user_sees(p_user, e.table_name, e.record))
      order by e.id
      limit p_limit)
  ), page as (
    select * from candidates order by id limit p_limit
  ), summary as (
    select count(*) as n, max(id) as last_id from page
  )
  select jsonb_build_object(
           'events', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', p.id,
                      'table', p.table_name,
                      'eventType', p.op,
                      'recordId', p.record_id,
                      'record', coalesce(p.record, '{}'),
                      'oldRecord', case p.op when 'update' then p.record || p.old_record
                                             when 'delete' then p.old_record end,
                      'changedColumns', case when p.op = 'update'
                                             then (select jsonb_agg(k) from jsonb_object_keys(p.old_record) k) end,
                      'createdAt', p.created_at)
                    order by p.id)
               from page p), '[]')
             || case when p_user is not null and v_snap is not null
                     then outbox.visibility_events(p_user, p_tables, v_snap) else '[]' end,
           'cursor', outbox.feed_cursor(pg_catalog.pg_current_snapshot(),
                     case when s.n = p_limit then s.last_id
                          -- all there is was read: past what outbox.prune removed, too
                          else greatest(v_last, coalesce(s.last_id, 0), (select h.last_event_id from outbox.log_horizon h)) end),
           'has_more', s.n = p_limit)
    into v_result
    from summary s;

  -- Did outbox.prune remove an event this cursor had not read? Asked after the page, in a
  -- statement of its own: a TRUNCATE that committed after the page's snapshot was taken
  -- (so the page found the partition empty) is seen here. (One that commits later has to
  -- wait for this transaction, which holds the partitions it read.)
  if v_snap is not null then
    select h.last_event_id > v_last
           or h.max_txid >= pg_catalog.pg_snapshot_xmax(v_snap)
           or exists (select from pg_catalog.pg_snapshot_xip(v_snap) x where x between h.min_txid and h.max_txid)
      into v_expired
      from outbox.log_horizon h;
    if v_expired then
      raise exception using errcode = '22023',
        message = 'CURSOR_EXPIRED: events this cursor has not read were pruned from the log',
        detail = format('cursor: %s', left(p_cursor, 200)),
        hint = 'Start again from current_cursor() (or a NULL cursor: every retained event) and reload what you keep.';
    end if;
  end if;
  return v_result;
end
$$;
comment on function outbox.changes_since(text, text[], integer, uuid) is
  'A realtime feed page: {events: [{id, table, eventType, recordId, record, oldRecord, changedColumns, createdAt}], cursor, has_more} — the seed''s RealtimeRecord plus the event id — of the changes after p_cursor (NULL = all retained events; see current_cursor()) to p_tables (NULL = all), optionally only those concerning p_user (named in audience, or visible_to_all; an update that took the row from the user is left out), in id order (commit order per row). For p_user and a cursor, the page ends with the user''s visibility changes since the cursor (outbox.visibility_events: id 0, reason granted | revoked), as their sync_pull reports them. Never misses a change, even one whose transaction commits after a later one; may repeat an event (deduplicate by id). Call it outside a transaction (autocommit). INVALID_CURSOR, INVALID_TABLE, INVALID_LIMIT, CURSOR_EXPIRED (22023: the cursor is older than the log''s retention; start again from current_cursor()).';

-- ---------------------------------------------------------------------------------------
-- Prune: a day of the log leaves whole
-- ---------------------------------------------------------------------------------------

-- Whether every event of a partition has been read by every cursor that still matters:
-- the handlers' and the start cursors of the leased batches (whose events a takeover reads
-- again). An event is read by a cursor when its id is up to the cursor's and its
-- transaction was visible in the cursor's snapshot.
create or replace function outbox.log_partition_consumed(p_partition integer) returns boolean
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
  set enable_seqscan = off
  set jit = off
as $$
declare
  v_consumed boolean;
begin
  execute format($q$
    select not exists (
      select from (select c.snapshot, c.last_event_id from outbox.cursors c
                   union all
                   select b.from_snapshot, b.from_event_id from outbox.batches b where b.state <> 'free') c
       where exists (select from outbox.%1$I e where e.id > c.last_event_id)
          or exists (select from outbox.%1$I e
                      where e.txid = any (array(select pg_catalog.pg_snapshot_xip(c.snapshot)))
                         or e.txid >= pg_catalog.pg_snapshot_xmax(c.snapshot)))
    $q$, 'events_p' || lpad(p_partition::text, 2, '0'))
    into v_consumed;
  return v_consumed;
end
$$;
comment on function outbox.log_partition_consumed(integer) is
  'True when every event of partition outbox.events_pNN has been read by every handler''s cursor and by the start cursor of every outstanding batch: no handler needs it any more. Index probes only.';

create or replace function outbox.prune(p_older_than interval default '7 days') returns bigint
  language plpgsql
  -- TRUNCATE, which service_role does not hold: the worker's maintenance calls this.
  security definer
  set search_path = pg_catalog, pg_temp
  -- A partition a long query is reading is skipped, and tried again next time, rather than
  -- making every writer and claimer queue behind the lock; and shorter than the deadlock
  -- timeout (1 s), so that in any wait cycle with claims it is prune that gives way.
  set lock_timeout = '500ms'
as $$
declare
  v_days integer;
  v_live integer[];
  v_part text;
  v_stats record;
  v_total bigint := 0;
  v_count bigint;
  v_any boolean;
begin
  if p_older_than is null or p_older_than < interval '0' or p_older_than > interval '14 days' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must be between 0 and 14 days',
      hint = 'The log keeps 16 daily partitions: today, the retention, and one being emptied.';
  end if;
  -- One prune at a time (two would wait for each other's partition locks): the row lock of
  -- its job, which no API role may take (an advisory lock any session could hold for good).
  perform from private.job_locks j where j.job = 'outbox.prune' for update;
  -- The partitions that may hold an event created after the cutoff: the UTC days from the
  -- cutoff's to today's. Every other one holds only older events.
  v_days := (now() at time zone 'UTC')::date - ((now() - p_older_than) at time zone 'UTC')::date;
  select array_agg(outbox.log_partition(now() - make_interval(days => n))) into v_live
    from generate_series(0, v_days) n;

  for k in 0..15 loop
    continue when k = any (v_live);
    v_part := 'events_p' || lpad(k::text, 2, '0');
    execute format('select exists (select from outbox.%I)', v_part) into v_any;
    continue when not v_any or not outbox.log_partition_consumed(k);
    -- Counted before the lock: a day of a busy log is long to count, and nobody should
    -- wait for that.
    execute format('select count(*) from outbox.%I', v_part) into v_count;
    begin
      -- Nothing is written to or read from the partition while we hold it; what we read
      -- from here on is every committed event it has (index probes only).
      execute format('lock table outbox.%I in access exclusive mode', v_part);
    exception when lock_not_available then
      continue;
    end;
    continue when not outbox.log_partition_consumed(k);
    execute format('select max(id) as last_id, min(txid) as min_txid, max(txid) as max_txid from outbox.%I', v_part)
      into v_stats;
    update outbox.log_horizon h
       set last_event_id = greatest(h.last_event_id, v_stats.last_id),
           min_txid = least(h.min_txid, v_stats.min_txid),
           max_txid = greatest(h.max_txid, v_stats.max_txid),
           pruned_events = h.pruned_events + v_count,
           updated_at = now();
    execute format('truncate outbox.%I', v_part);
    v_total := v_total + v_count;
  end loop;
  return v_total;
end
$$;
comment on function outbox.prune(interval) is
  'Empties (TRUNCATE) each daily partition of the log whose events are all older than p_older_than (default 7 days, at most 14) and have been read by every handler (outbox.log_partition_consumed): a handler''s backlog, a leased batch, a retry or a dead letter (which keep a copy of their event) never lose an event. Records what went in outbox.log_horizon, so feed cursors older than that get CURSOR_EXPIRED. Returns the number of events removed (counted just before each day''s lock). A partition busy for over 0.5 s is left for the next run. SECURITY DEFINER: TRUNCATE is not granted to service_role. INVALID_INTERVAL (22023).';

revoke all on all functions in schema outbox from public, anon, authenticated;
revoke all on function outbox.current_cursor(), outbox.changes_since(text, text[], integer, uuid),
  outbox.visibility_events(uuid, text[], pg_catalog.pg_snapshot),
  outbox.prune(interval), outbox.log_partition_consumed(integer),
  outbox.feed_cursor(pg_catalog.pg_snapshot, bigint), outbox.open_feed_cursor(text)
  from public, anon, authenticated, service_role;
grant execute on function outbox.current_cursor(), outbox.changes_since(text, text[], integer, uuid),
  outbox.visibility_events(uuid, text[], pg_catalog.pg_snapshot), outbox.prune(interval),
  outbox.feed_cursor(pg_catalog.pg_snapshot, bigint), outbox.open_feed_cursor(text)
  to service_role;
