-- Live updates without Supabase: which of the caller's synced tables changed since a cursor,
-- cheap enough for an app to ask every second or two through any API layer (PostgREST:
-- POST /rpc/sync_poll), then sync_pull the tables it names. "Changed" is exactly what the
-- caller's next sync_pull of the table would deliver: a row they see written, deleted or
-- tombstoned; a row that became visible or stopped being visible. Nothing another user does
-- that the caller cannot see counts.
--
-- The cursor is a sync_pull cursor of no table in particular (t = '*'): the snapshot the poll
-- read with. A transaction that commits after a poll is seen by the next one, whenever it
-- started. A table is named when in doubt, never left out: after a purge of the sync logs
-- or a change of the caller's admin rights every table is named (its own sync_pull then says
-- whether its cursor expired).
--
-- Two ways to the answer:
--   marks  the caller's change marks (sync/marks.sql) and those of the everyone key since the
--          cursor: one index range per key and one probe per transaction the cursor had in
--          flight, whatever the caller's keys, tables, or what other users hold or write.
--          Every write of a row the caller sees or saw marks them in its own transaction,
--          with the holders of its keys as that transaction saw them.
--   exact  the question itself, as sync_pull asks it: the caller's keys once
--          (private.sync_key_state), then per table the index probes of those keys, each
--          read up to its first item (private.sync_has_items). Asked when the marks cannot
--          be trusted alone: the caller is an admin (they see every row); the cursor is
--          older than the marks kept (purge_sync_marks); the caller's holdings changed since
--          the cursor (a '*' mark: a row of the access log, a task or activity moved into or
--          out of their keys but not to or from every user's); a write marked uncertain ('?'); or while a change of holdings
--          is watched (below).
--
-- The watch. A writer works out who holds its rows' keys with its statement's snapshot. A
-- change of holdings G (the caller gains a watchlist) that commits after that snapshot is
-- not seen, so a write W racing with G marks the old holders, not the caller, though the
-- caller's next pull delivers W's row. Under READ COMMITTED the snapshot is taken after W's
-- transaction id was handed out (the marks are worked out after the write), so W's id was
-- handed out before G committed, before any poll that sees G. The poll that first sees G
-- records a bound above every id handed out by then (w, in its cursor: private.next_xid; not
-- its snapshot's xmax, which is one past the newest transaction that had ended: W may have
-- taken the next id after G's and still run, at xmax and out of the snapshot's list) and
-- asks the exact question until a poll finds every transaction below w ended: that poll
-- still asks it, and so covers the racing writes that committed in the meantime. A poll
-- without a cursor watches from its own bound: a change of holdings just before it was seen
-- by no poll. (A repeatable read writer may take its snapshot before its id: its marks carry
-- the uncertain key, and every poll that sees them asks the exact question.)
-- On a hot standby the bound cannot be learnt when G is seen: a racing write's id may not
-- have reached the standby when G's commit has. There the poll keeps g (the newest id it
-- knew when it saw G) until it reads a mark written after every transaction below g had
-- ended on the primary (seen_xmin >= g). That mark came after W's first WAL record (W wrote
-- before its marks' snapshot, which G's commit had not ended; the mark's snapshot had
-- seen G end), so once the standby has replayed the mark, the next id replay knows
-- (private.next_xid) is past W's: that is the bound, and the watch ends once the standby
-- has no transaction below it running and has read a mark written after all of them ended.
-- Without writes on the primary, a standby's watch lasts (the exact question is asked)
-- until the next one.
--
-- An empty poll hands back the cursor it was given, unchanged, while that cursor is young
-- (private.sync_poll_unchanged). A cursor says "everything before this state was seen"; an
-- older state is as exact as a newer one (every transaction in flight now that is older than
-- the cursor was in flight when it was sealed, so the cursor names it), and the next poll
-- from it reads the same marks, the caller's own being none. Sealing a new cursor (AES and
-- HMAC, the incarnation) is a third of an empty poll's work; an app polling every two seconds
-- now seals once a minute. A cursor is sealed afresh when the poll found anything, watches a
-- change of holdings, saw the logs' horizon move, or the cursor is older than the window
-- (its transactions in flight then would be probed at every poll, and the marks it reads
-- from are purged after an hour).
--
-- Most polls are that case. On a primary the cursor is opened in the statement that reads the
-- marks (private.sync_poll_cursor), and the poll ends right after it: PostgreSQL compiles a
-- PL/pgSQL function's expressions afresh in every transaction, and the dozens sync_poll's
-- general path evaluates on its way to the same answer were a tenth of an empty poll's work.

-- Every table a caller may pull: those private to their owner only for a session acting as
-- an app user (as sync_pull has it), in the manifest's order.
create or replace function private.sync_poll_tables() returns text[]
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if private.caller_acts_as_authenticated() then
    return private.sync_tables();
  end if;
  return array(select t.t from unnest(private.sync_tables()) with ordinality t (t, n)
                 join private.visibility_tables v on v.table_name = t.t
                where v.admin_sees order by t.n);
end
$$;
comment on function private.sync_poll_tables() is
  'The synced tables the caller may pull, in the table manifest''s order: every one for a session acting as role authenticated (private.caller_acts_as_authenticated), else those admins see (not the journals, private to their owner). For sync_poll.';
revoke all on function private.sync_poll_tables() from public, anon, authenticated, service_role;

-- The marks of keys p_keys written by transactions p_ip (those a poll's cursor had in flight):
-- per key and transaction, a probe of the primary key (user_id, sync_xid, ...), each a
-- subquery of its own ("offset 0" keeping it one: written as a join, or as "= any" of both
-- columns, it may be planned as a read of every mark of the keys, filtered). The transaction
-- is bounded as a pair with the key, as in sync_poll_marks: only the primary key can serve
-- that, never the index of sync_xid alone (every mark the transaction wrote, for anyone). A
-- function of its own, stable, so that it reads with the snapshot of the poll's statement that
-- calls it, and only when there are such transactions: written into that statement, its five
-- plan nodes were set up at every poll, most of which have none.
create or replace function private.sync_marks_in_flight(p_keys uuid[], p_ip xid8[]) returns text[]
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return array(select m.table_name
                 from unnest(p_keys) k (k)
                cross join unnest(p_ip) i (i)
                cross join lateral (select m.table_name from private.sync_marks m
                                     where (m.user_id, m.sync_xid) >= (k.k, i.i) and (m.user_id, m.sync_xid) <= (k.k, i.i)
                                    offset 0) m);
end
$$;
comment on function private.sync_marks_in_flight(uuid[], xid8[]) is
  'The tables of the change marks of keys p_keys written by transactions p_ip, one probe of the marks'' primary key per key and transaction. Stable: it reads with the snapshot of the statement that calls it (sync_poll''s, which reads the rest of the marks).';
revoke all on function private.sync_marks_in_flight(uuid[], xid8[]) from public, anon, authenticated, service_role;

-- What a poll reads, in one statement with one snapshot (that of the statement calling it;
-- on a hot standby p_snapshot, taken before: a standby's snapshot lists no transaction in
-- progress, private.snapshot_in_progress reads them from the commit log after it, and the
-- marks must then be read after that): the horizon of the sync logs with it (as sync_pull: a
-- purge committing after it shows as a moved horizon next time), the snapshot the next
-- cursor records, the caller p_uid's admin flag, the tables named by their marks and those
-- of the everyone and uncertain keys since the cursor (written from p_x on: one range of the
-- primary key (user_id, sync_xid, ...) per key; by the transactions p_ip it had in flight, only
-- when it had any), and whether the marks are kept from p_lo (the oldest transaction the cursor
-- names) on: a purge is seen with the marks it deleted.
-- Each key's range starts at the pair (key, p_x), a row comparison only the primary key can
-- serve, and ends with the key ("user_id <= key": beside "user_id = key" the scan would start
-- from the equality, at the key's first mark, and read every mark of the key; see
-- sql/code/sync/stream_bound.sql). Written as "user_id = any (keys) and sync_xid >= p_x", it
-- was planned, with the statistics of a young database (a few users, the everyone key among
-- the most common), as a read of the index of sync_xid: every mark anyone wrote since the
-- cursor, filtered by key. Marks of 50,000 other users since a cursor made its holder's empty
-- poll 40 times dearer until the next analyze. (Three subqueries rather than a join of the
-- three keys: fewer plan nodes to set up at every poll.) Without a cursor (p_x NULL: a first
-- poll, or a cursor the calling statement could not open) nothing is read: a row comparison
-- with a NULL member bounds the scan by the key alone, every mark of the everyone key.
create or replace function private.sync_poll_marks(p_uid uuid, p_x xid8, p_ip xid8[], p_lo xid8, p_snapshot pg_snapshot)
  returns table (horizon xid8, snapshot pg_snapshot, admin boolean, marked text[], marks_kept boolean, seen_through xid8)
  language sql
  stable
begin atomic
  select coalesce((select max(sh.purged_through) from public.sync_horizon sh), '0'),
         coalesce(p_snapshot, pg_current_snapshot()),
         (select u.is_admin from public.users u where u.id = p_uid),
         case when p_x is not null then
              array(select m.table_name from private.sync_marks m where m.user_id <= p_uid and (m.user_id, m.sync_xid) >= (p_uid, p_x))
              || array(select m.table_name from private.sync_marks m
                        where m.user_id <= private.everyone_key() and (m.user_id, m.sync_xid) >= (private.everyone_key(), p_x))
              || array(select m.table_name from private.sync_marks m
                        where m.user_id <= private.sync_uncertain_key() and (m.user_id, m.sync_xid) >= (private.sync_uncertain_key(), p_x))
            else '{}' end
         || case when cardinality(p_ip) > 0 then
              private.sync_marks_in_flight(array[p_uid, private.everyone_key(), private.sync_uncertain_key()], p_ip)
            else '{}' end,
         (select h.purged_below from private.sync_mark_horizon h) <= p_lo,
         pg_snapshot_xmax(pg_current_snapshot());
end;
comment on function private.sync_poll_marks(uuid, xid8, xid8[], xid8, pg_snapshot) is
  'What sync_poll reads, with one snapshot: horizon (of the sync logs), snapshot (p_snapshot, else the statement''s), admin (of the caller p_uid), marked (the tables named by the marks of the caller, the everyone and the uncertain keys written from p_x on or by the transactions p_ip), marks_kept (purged below p_lo at most), seen_through (the snapshot''s xmax). Written into the calling statement.';
revoke all on function private.sync_poll_marks(uuid, xid8, xid8[], xid8, pg_snapshot) from public, anon, authenticated, service_role;

-- A poll's cursor opened on a primary and what the poll reads with it
-- (private.sync_poll_marks), in one statement. state is the cursor p_cursor as
-- private.opened_cursor opens it (sealed here, of the incarnation this session checked; NULL
-- otherwise: sync_poll then looks at it step by step, and reads again). The state and its
-- list of transactions in flight are read once ("offset 0": pulled up, the decryption would
-- be written out at each use).
create or replace function private.sync_poll_cursor(p_cursor text, p_uid uuid)
  returns table (state jsonb, horizon xid8, snapshot pg_snapshot, admin boolean, marked text[], marks_kept boolean,
                 seen_through xid8)
  language sql
  stable
begin atomic
  select c.s, r.horizon, r.snapshot, r.admin, r.marked, r.marks_kept, r.seen_through
    from (select s, private.cursor_xids(s -> 'ip') from private.opened_cursor(p_cursor, false) s offset 0) c (s, ip)
   cross join lateral private.sync_poll_marks(p_uid, (c.s ->> 'x')::xid8, c.ip, private.cursor_lo((c.s ->> 'x')::xid8, c.ip), null) r;
end;
comment on function private.sync_poll_cursor(text, uuid) is
  'For sync_poll on a primary, in one statement written into its own: state, the poll cursor p_cursor opened (private.opened_cursor; NULL when it must be looked at step by step), and what the poll reads with it (private.sync_poll_marks, for the caller p_uid).';
revoke all on function private.sync_poll_cursor(text, uuid) from public, anon, authenticated, service_role;

-- Whether an empty poll hands back the cursor it was given (see above), from its state
-- p_state and what the poll read (private.sync_poll_marks): a cursor sync_poll sealed (no
-- legacy cursor, none of a pull) watching no change of holdings (no w or g), sealed at most a
-- minute before p_now (far below the hour the marks are kept, long enough that an app
-- polling every second or two seals one cursor a minute), the logs' horizon where it was,
-- its marks kept, the caller no admin, and no mark since it. An expression, written into the
-- caller's.
create or replace function private.sync_poll_unchanged(p_state jsonb, p_horizon xid8, p_marks_kept boolean, p_admin boolean,
                                                       p_marked text[], p_now bigint) returns boolean
  language sql
  immutable
return p_state is not null and not p_state ?| array['legacy', 'a', 'w', 'g'] and p_state ->> 't' = '*'
       and (p_state ->> 's')::bigint between p_now - 60 and p_now
       and p_horizon = (p_state ->> 'h')::xid8 and p_marks_kept and not coalesce(p_admin, false) and cardinality(p_marked) = 0;
comment on function private.sync_poll_unchanged(jsonb, xid8, boolean, boolean, text[], bigint) is
  'True when sync_poll hands back the cursor it was given, of state p_state, unchanged: a poll cursor watching no change of holdings, sealed at most 60 seconds before p_now, the sync logs'' horizon p_horizon where it was, the marks kept (p_marks_kept), the caller no admin (p_admin) and no mark since it (p_marked empty). Written into the calling expression.';
revoke all on function private.sync_poll_unchanged(jsonb, xid8, boolean, boolean, text[], bigint) from public, anon, authenticated, service_role;

create or replace function public.sync_poll(p_cursor text default null, p_tables text[] default null)
  returns json
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
  -- Index probes planned once per session: a custom plan of the marks' probes, made again at
  -- every call, cost more than running them; and a plan kept for the session may have been
  -- made while the marks were few, when reading them all looked cheaper than probing.
  -- Never compiled (JIT): the horizons have no index, and a scan switched off costs so much
  -- on paper that every poll was compiled to machine code (80 ms).
  set plan_cache_mode = force_generic_plan
  set enable_seqscan = off
  set jit = off
as $$
declare
  v_uid uuid;
  v_recovery boolean := pg_catalog.pg_is_in_recovery();
  v_tables text[];
  v_table text;
  v_state jsonb;
  v_x xid8;
  v_ip xid8[];
  v_lo xid8;
  v_watch xid8;
  v_pending xid8;
  v_snapshot pg_snapshot;
  v_next_ip xid8[];
  v_poll record;
  v_newest record;
  v_keys record;
  v_changed text[] := '{}';
  v_found boolean;
  v_read boolean := false;
  -- When this poll runs, in the seconds a cursor records it was sealed at.
  v_now bigint := extract(epoch from pg_catalog.now())::bigint;
begin
  v_uid := private.caller('sync_poll');
  -- The tables asked about (NULL: every one the caller may pull, worked out only when needed).
  if p_tables is not null then
    -- Bounded before anything is read from it.
    if cardinality(p_tables) > private.quota_value('poll_tables') then
      perform private.quota_exceeded('poll_tables', pg_catalog.format('sync_poll names %s tables', cardinality(p_tables)),
                                     pg_catalog.jsonb_build_object('asked', cardinality(p_tables)));
    end if;
    if array_position(p_tables, null) is not null then
      raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_tables must not contain NULL';
    end if;
    foreach v_table in array p_tables loop
      perform private.assert_sync_table(v_table);
      if not private.caller_acts_as_authenticated() and not (select v.admin_sees from private.visibility_tables v where v.table_name = v_table) then
        raise exception using errcode = '42501',
          message = pg_catalog.format('OWNER_ONLY: %s is private to its owner, polled only by a session acting as role authenticated', v_table);
      end if;
    end loop;
    v_tables := array(select distinct t from unnest(p_tables) t order by t);
  end if;
  if p_cursor is not null then
    -- A sealed poll cursor is opened directly (its seal proves this database wrote it): the
    -- usual one by private.opened_cursor, on a primary with the question whether anything is
    -- new (private.sync_poll_cursor: the usual empty poll, see above, ends here), any other
    -- by private.open_cursor, which checks the incarnation afresh or says what is wrong. One
    -- of before sealing, or of a pull, goes through the key-by-key checks and the table's.
    if v_recovery then
      v_state := (select s from private.opened_cursor(p_cursor, v_recovery) s);
    else
      select * into v_poll from private.sync_poll_cursor(p_cursor, v_uid) o;
      if private.sync_poll_unchanged(v_poll.state, v_poll.horizon, v_poll.marks_kept, v_poll.admin, v_poll.marked, v_now) then
        return pg_catalog.json_build_object('tables', '[]'::json, 'cursor', p_cursor, 'server_timestamp', pg_catalog.now());
      end if;
      v_state := v_poll.state;
      v_read := v_state is not null;
    end if;
    if v_state is null then
      v_state := private.open_cursor(p_cursor, 'sync_poll', '^v1\.[A-Za-z0-9_-]+$');
    end if;
    if v_state ? 'legacy' or v_state ->> 't' is distinct from '*' then
      v_state := private.decode_sync_cursor('*', p_cursor);
    end if;
    if v_state ? 'a' then
      raise exception using errcode = '22023', message = 'INVALID_CURSOR: the cursor is not one sync_poll returned',
        hint = 'Pass the cursor of the previous sync_poll unchanged, or NULL to start.';
    end if;
    v_x := (v_state ->> 'x')::xid8;
    v_ip := private.cursor_xids(v_state -> 'ip');
    v_lo := private.cursor_lo(v_x, v_ip);
    v_watch := (v_state ->> 'w')::xid8;
    v_pending := (v_state ->> 'g')::xid8;
  end if;

  -- A standby's snapshot lists no transaction in progress: private.snapshot_in_progress reads
  -- them from the commit log after it, and the marks must then be read after that.
  if v_recovery then
    select pg_catalog.pg_current_snapshot(), private.snapshot_in_progress(pg_catalog.pg_current_snapshot())
      into v_snapshot, v_next_ip;
  end if;
  -- What the poll reads (private.sync_poll_marks), unless read with the cursor: one
  -- statement, one snapshot, taken after the cursor's (nothing committed before the cursor's
  -- is missed, and a purge is seen with the marks it deleted).
  if not v_read then
    select * into v_poll from private.sync_poll_marks(v_uid, v_x, v_ip, v_lo, v_snapshot) r;
  end if;

  if p_cursor is null then
    v_changed := coalesce(v_tables, private.sync_poll_tables());   -- nothing delivered yet: every table has something
    -- A change of holdings just before may have writes racing with it still running, and no
    -- poll saw it: watch from here.
    if v_recovery then
      v_pending := v_poll.seen_through;
    else
      v_watch := private.next_xid();
    end if;
  elsif not coalesce(v_poll.admin, false) and v_poll.marks_kept and v_watch is null and v_pending is null
        and not ('*' = any (v_poll.marked) or '?' = any (v_poll.marked))
        and not (v_poll.horizon > (v_state ->> 'h')::xid8 and v_poll.horizon >= v_lo) then
    -- The marks alone.
    if pg_catalog.cardinality(v_poll.marked) > 0 then
      v_changed := array(select t.t from unnest(coalesce(v_tables, private.sync_poll_tables())) with ordinality t (t, n)
                          where t.t = any (v_poll.marked) order by t.n);
    end if;
  elsif (v_poll.horizon > (v_state ->> 'h')::xid8 and v_poll.horizon >= v_lo)
        or exists (select from public.sync_access_log a
                    where a.user_id = v_uid and a.kind = 'admin' and a.sync_xid >= v_x)
        or exists (select from unnest(v_ip) i (xid)
                    cross join lateral (select from public.sync_access_log a
                                         where a.user_id = v_uid and a.sync_xid = i.xid and a.kind = 'admin' offset 0) a) then
    -- Logs purged past the cursor, or the caller's admin rights changed: their pulls say
    -- what expired.
    v_changed := coalesce(v_tables, private.sync_poll_tables());
  else
    -- The exact question.
    v_tables := coalesce(v_tables, private.sync_poll_tables());
    select * into v_keys from private.sync_key_state(v_uid, 'changes', v_x, v_ip, private.pull_key_kinds(v_tables));
    foreach v_table in array v_tables loop
      v_found := private.sync_has_items(
        v_table, case when coalesce(v_poll.admin, false)
                           and (select v.admin_sees from private.visibility_tables v where v.table_name = v_table)
                      then 'admin' else 'changes' end,
        v_keys.lo, v_x, v_ip, v_keys.kinds, v_keys.keys, v_keys.g_kinds, v_keys.g_keys, v_keys.g_causes, v_keys.g_ats,
        v_keys.l_kinds, v_keys.l_keys, v_keys.l_causes, v_keys.l_ats);
      if v_found then
        v_changed := v_changed || v_table;
      end if;
    end loop;
  end if;

  -- The watch (see above): a change of the caller's holdings starts or extends it; it moves
  -- on when its bound is learnt, and ends when every transaction below the bound has ended.
  if '*' = any (v_poll.marked) then
    if v_recovery then
      v_pending := greatest(v_pending, v_poll.seen_through);
    else
      v_watch := greatest(v_watch, private.next_xid());
    end if;
  end if;
  if v_watch is not null or v_pending is not null then
    if v_recovery then
      select m.seen_xmin into v_newest from private.sync_marks m order by m.sync_xid desc limit 1;
      if v_pending is not null and v_newest.seen_xmin >= v_pending then
        v_watch := greatest(v_watch, private.next_xid());
        v_pending := null;
      end if;
      if v_watch is not null and pg_catalog.pg_snapshot_xmin(v_poll.snapshot) >= v_watch and v_newest.seen_xmin >= v_watch then
        v_watch := null;
      end if;
    else
      if v_pending is not null and pg_catalog.pg_snapshot_xmin(v_poll.snapshot) >= v_pending then
        v_watch := greatest(v_watch, private.next_xid());
        v_pending := null;
      end if;
      if v_watch is not null and pg_catalog.pg_snapshot_xmin(v_poll.snapshot) >= v_watch then
        v_watch := null;
      end if;
    end if;
  end if;

  -- Nothing found, nothing watched, nothing moved: the cursor given is still exact (above;
  -- on a primary, for a cursor opened with the poll's read, the answer came there).
  if private.sync_poll_unchanged(v_state, v_poll.horizon, v_poll.marks_kept, v_poll.admin, v_poll.marked, v_now) then
    return pg_catalog.json_build_object('tables', pg_catalog.to_json(v_changed), 'cursor', p_cursor,
                                        'server_timestamp', pg_catalog.now());
  end if;

  -- On a primary, the transactions the poll's snapshot had in flight (a standby's were read
  -- before the marks), and the poll's own transaction if it wrote: its marks, written after
  -- the snapshot, are named by the next poll.
  v_next_ip := coalesce(v_next_ip, private.snapshot_in_progress(v_poll.snapshot));
  if pg_catalog.pg_current_xact_id_if_assigned() is not null then
    v_next_ip := array(select distinct i from unnest(v_next_ip || pg_catalog.pg_current_xact_id_if_assigned()) i order by i);
  end if;
  return pg_catalog.json_build_object(
    'tables', pg_catalog.to_json(v_changed),
    'cursor', private.encode_sync_cursor(pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
                't', '*', 'x', pg_catalog.pg_snapshot_xmax(v_poll.snapshot)::text, 'ip', pg_catalog.to_jsonb(v_next_ip::text[]),
                'h', v_poll.horizon::text, 'w', v_watch::text, 'g', v_pending::text,
                's', v_now::text))),
    'server_timestamp', pg_catalog.now());
end
$$;
comment on function public.sync_poll(text, text[]) is
  'Live updates by polling: {tables: [the synced tables among p_tables (NULL = every one the caller may pull) in which something changed for the caller since p_cursor], cursor, server_timestamp}. "Changed" is what the caller''s next sync_pull of the table would deliver (the same query): rows they see written, deleted or tombstoned, rows that became or stopped being visible to them; other users'' changes they cannot see never count. An empty poll reads the caller''s change marks (a few index probes, whatever their keys and tables and whatever other users hold or write); after a change of who holds what it asks the exact question, table by table, until every write that may have raced with it has ended. NULL cursor: every table (start here, then pull them). Pass the returned cursor to the next poll; sync_pull each table named, from its own cursor. Never misses a change (a transaction committing after a poll is named by the next one); may name a table whose changes a pull already delivered, and names every table after a purge of the sync logs or a change of the caller''s admin rights. Errors: INVALID_TABLE, INVALID_CURSOR (22023), NULL_ARGUMENT (22004), NOT_AUTHENTICATED, OWNER_ONLY (42501: a journal table asked for by a session not acting as role authenticated), QUOTA_EXCEEDED (54000: more names in p_tables than the quota poll_tables). SECURITY DEFINER: it reads the sync logs and the marks, as sync_pull does.';

revoke all on function public.sync_poll(text, text[]) from public, anon, authenticated, service_role;
grant execute on function public.sync_poll(text, text[]) to authenticated, service_role;
