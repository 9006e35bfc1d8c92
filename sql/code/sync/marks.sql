-- Change marks (private.sync_marks): for each transaction that wrote synced rows, the users
-- it wrote something for, per table, so that sync_poll answers an empty poll from the
-- caller's own marks (a few index probes) rather than from their keys across every synced
-- table. What a mark says and how the poll trusts it (sync/poll.sql):
--   (user, table)      the transaction wrote, tombstoned, deleted or moved a row of table
--                      that user sees or saw: the holders of the row's keys (an update that
--                      moved the row: of the old keys too), worked out by the statement that
--                      wrote it, from the same holders as the outbox's audience
--                      (private.change_audience_sql)
--   (everyone, table)  a row every user sees (an open task, a note on one): one mark, never
--                      one per user; and the children of a parent that opened to every user
--                      or closed (a claim, release, completion or deletion of a task with
--                      notes), written by the parent's trigger (access/child_parents.sql)
--   (user, '*')        a task or activity moved into or out of one of the user's keys: the
--                      notes and subtasks they see changed without being written; the poll
--                      asks the exact question (none when every user sees the item on the
--                      other side of the move: a claim or release of an open item)
--   (uncertain, '?')   a write whose snapshot may be older than a change of who holds its
--                      keys (repeatable read, serializable): every poll asks the exact question
-- Appended, never updated: the writers of rows every user sees never wait for each other on
-- a mark. Old marks are deleted by purge_sync_marks.

-- The key of the marks of writes whose holders may be stale (repeatable read and
-- serializable writers): the poll of every user reads it.
create or replace function private.sync_uncertain_key() returns uuid
  language sql immutable parallel safe
  set search_path = pg_catalog, pg_temp
as $$
  select 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
$$;
comment on function private.sync_uncertain_key() is
  'The user_id of private.sync_marks rows that say "a write whose snapshot may have missed a holder of its keys": read by every sync_poll.';

-- The INSERT of the marks p_marks names (a query of user_id, table_name), each with what
-- the writer's statement saw: its snapshot's xmin, how a standby's poll learns that every
-- transaction below it had ended on the primary (sync/poll.sql); and its xmax, which the
-- table requires but no poll reads any more (a snapshot's xmax is no bound on the ids handed
-- out: the watch's bound is private.next_xid). Every writer of marks says it so.
create or replace function private.sync_marks_insert_sql(p_marks text) returns text
  language sql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format($sql$insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
      select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
             pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
        from (%s) x
      on conflict do nothing$sql$, p_marks)
$$;
comment on function private.sync_marks_insert_sql(text) is
  'SQL text of the INSERT into private.sync_marks of the marks the query p_marks names (columns user_id, table_name), each with the xmin and xmax of the writing statement''s snapshot, a mark already there left as it is. For private.sync_marks_sql and the parents'' triggers of private.generate_child_parents.';
revoke all on function private.sync_marks_insert_sql(text) from public, anon, authenticated, service_role;

-- The statement that marks a p_op statement's changes on the synced table p_table, over
-- the CTEs of private.change_audience_sql (a data-modifying CTE of outbox.capture_sql, or
-- a statement of its own for a synced table outside the outbox). Holders are worked out
-- with the statement's snapshot, which in READ COMMITTED is taken after the transaction's
-- id: a change of who holds a key that it does not see committed after that id was handed
-- out, and the poll that sees such a change keeps asking the exact question until every
-- transaction older than it has ended (sync/poll.sql). Under repeatable read the snapshot
-- may be older than the transaction's id: such a write marks the uncertain key too.
create or replace function private.sync_marks_sql(p_table text, p_op text) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  -- A table whose rows are keyed by what other rows say (a listing's owner, a watchlist's
  -- shares, a parent's visibility), not only by user ids written in the row.
  v_indirect boolean := exists (select from private.visibility_rules r
                                 where r.table_name = p_table and r.kind not in ('user', 'everyone'));
  -- A table other tables' visibility derives from (tasks, activities: notes and subtasks).
  v_parent boolean := exists (select from private.visibility_kinds k where k.derived_from = p_table);
  v_moved text := private.visibility_moved_sql(p_table, '(r.old_it)', '(r.it)');
begin
  perform private.assert_sync_table(p_table);
  return private.sync_marks_insert_sql(pg_catalog.format($sql$select h.holder as user_id, %1$L::text as table_name from row_holders h where h.holder is not null
              union
              select private.everyone_key(), %1$L from row_keys k where k.kind = 'everyone'%2$s%3$s$sql$,
    p_table,
    -- the holders of the keys a moved parent entered or left (not of those it kept), unless
    -- every user sees it on the other side of the move: a claim of an open item (the claimer
    -- saw it and its children before, as everyone did) or its release (the claimer still
    -- sees them). Their view of its children is unchanged, the children's marks at the move
    -- go to everyone (the parents' trigger), and a write of a child racing with the move
    -- marks everyone (the item open in its snapshot) or the claimer (claimed in it): their
    -- polls need not ask the exact question nor watch.
    case when v_parent and p_op = 'update' and v_moved is not null then pg_catalog.format($g$
              union
              select h.holder, '*' from row_holders h join written r on r.rid = h.rid
               where h.holder is not null and (%s)
                 and not exists (select from row_keys o where o.rid = h.rid and o.old <> h.old
                                    and ((o.kind = h.kind and o.key = h.key) or o.kind = 'everyone'))$g$,
           v_moved) else '' end,
    case when v_indirect then $u$
              union
              select private.sync_uncertain_key(), '?' from written
               where pg_catalog.current_setting('transaction_isolation') <> 'read committed'$u$ else '' end));
end
$$;
comment on function private.sync_marks_sql(text, text) is
  'SQL text of the INSERT into private.sync_marks for a p_op statement on the synced table p_table, over the CTEs of private.change_audience_sql (written, row_keys, row_holders): a mark per holder of the rows'' keys (old keys too where an update moved a row), the everyone mark for rows every user sees, ''*'' marks for the holders of keys a task or activity entered or left (unless every user sees it on the other side of the move: its everyone key), and the uncertain mark for a write outside READ COMMITTED on a table keyed through other rows.';

-- The synced tables outside the outbox (the journals) mark their changes with triggers of
-- their own: the statement of private.sync_marks_sql after the audience's CTEs, static for a
-- statement of one row and planned for its row count for more (as outbox.capture_block).
create or replace function private.generate_sync_marks() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.create_table_dispatch(
    'private.record_sync_marks', '', 'trigger', 'security definer set jit = off', 'tg_table_name',
    (select pg_catalog.array_agg(array[m.table_name, pg_catalog.format(
              E'if tg_op = ''INSERT'' then\n          %s\n          elsif tg_op = ''UPDATE'' then\n          %s\n'
              || E'          else\n          %s\n          end if;',
              variadic array(select pg_catalog.format(
                                      E'if not exists (select from %s offset 1) then\n            %s;\n'
                                      || E'          else\n            execute %L;\n          end if;',
                                      case when o = 'delete' then 'old_rows' else 'new_rows' end, x.statement, x.statement)
                               from unnest(array['insert', 'update', 'delete']) with ordinality o (o, n)
                              cross join lateral (select 'with ' || private.change_audience_sql(m.table_name, o, false) || E'\n            '
                                                         || pg_catalog.replace(private.sync_marks_sql(m.table_name, o), E'\n', E'\n      ')
                                                         as statement) x
                              order by o.n))]
            order by m.ordinal)
       from private.table_manifest m
      where m.synced and not m.outbox),
    '%s is not a synced table outside the outbox (the marks of those in it are written by outbox.capture_changes)',
    'AFTER INSERT / UPDATE / DELETE statement trigger function with transition tables (new_rows, old_rows) of the synced tables the outbox does not record (the journals): writes the statement''s change marks (private.sync_marks_sql) in one INSERT. Generated from the table manifest by private.generate_sync_marks. SECURITY DEFINER: nobody but the owner writes the marks.');
end
$$;
comment on function private.generate_sync_marks() is
  '(Re)creates private.record_sync_marks with a branch per synced table outside the outbox. Run by private.apply_manifest before it attaches the triggers (private.enable_sync_marks).';

-- The triggers of private.record_sync_marks on a synced table outside the outbox, or none
-- (p_on false: the table is in the outbox, whose capture writes its marks, or not synced).
create or replace function private.enable_sync_marks(p_table regclass, p_on boolean) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_op text;
begin
  foreach v_op in array array['insert', 'update', 'delete'] loop
    if not p_on then
      perform private.define(pg_catalog.format('drop trigger if exists %I on %s', 'sync_marks_' || v_op, p_table));
    else
      perform private.define(pg_catalog.format(
        'create or replace trigger %I after %s on %s referencing %s for each statement execute function private.record_sync_marks()',
        'sync_marks_' || v_op, v_op, p_table,
        case v_op when 'insert' then 'new table as new_rows' when 'delete' then 'old table as old_rows'
                  else 'old table as old_rows new table as new_rows' end));
    end if;
  end loop;
end
$$;
comment on function private.enable_sync_marks(regclass, boolean) is
  'Attaches (p_on) or drops the statement triggers sync_marks_insert, _update and _delete (private.record_sync_marks) of a table: on for a synced table outside the outbox, off otherwise. Through private.define: a deploy that changes nothing takes no lock on the table. Run by private.apply_manifest.';

-- ---------------------------------------------------------------------------------------
-- Purging
-- ---------------------------------------------------------------------------------------

-- Marks are a shortcut, not a log: a poll whose cursor is older than what was purged asks
-- the exact question instead (sync/poll.sql), so they are kept an hour, not 30 days.
create or replace function public.purge_sync_marks(p_older_than interval default '1 hour') returns integer
  language plpgsql
  -- the marks are the owner's alone
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_below xid8;
  v_taken timestamptz;
  v_count integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = pg_catalog.format('p_older_than = %s', p_older_than);
  end if;
  insert into private.sync_mark_purges (taken_at, below)
  values (pg_catalog.now(), pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()))
  on conflict (taken_at) do nothing;
  select p.taken_at, p.below into v_taken, v_below
    from private.sync_mark_purges p
   where p.taken_at <= pg_catalog.now() - p_older_than
   order by p.taken_at desc limit 1;
  if v_below is null then
    return 0;
  end if;
  update private.sync_mark_horizon set purged_below = greatest(purged_below, v_below);
  delete from private.sync_marks where sync_xid < v_below;
  get diagnostics v_count = row_count;
  delete from private.sync_mark_purges where taken_at < v_taken;
  return v_count;
end
$$;
comment on function public.purge_sync_marks(interval) is
  'Deletes the change marks (private.sync_marks) of the transactions that had ended by a purge run at least p_older_than ago (default 1 hour; each run records the oldest transaction then running), and moves the marks'' horizon on: a sync_poll whose cursor predates it asks the exact question instead. Returns the number of marks deleted. Run by the worker''s maintenance; service_role only. NULL_ARGUMENT (22004), INVALID_INTERVAL (22023).';

revoke all on function private.sync_uncertain_key(), private.sync_marks_sql(text, text), private.generate_sync_marks(),
  private.enable_sync_marks(regclass, boolean), public.purge_sync_marks(interval)
  from public, anon, authenticated, service_role;
grant execute on function public.purge_sync_marks(interval) to service_role;

-- ---------------------------------------------------------------------------------------
-- Changes of holdings
-- ---------------------------------------------------------------------------------------

-- A user who gained or lost a key (a row of public.sync_access_log, however written: a
-- share, an owner changed, a claim on a listing, the admin flag) gets a '*' mark in the same
-- transaction: their poll asks the exact question, and watches the writes that may have
-- raced with the change.
create or replace function private.mark_access_changes() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
  select distinct n.user_id, '*', pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
         pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
    from new_rows n
  on conflict do nothing;
  return null;
end
$$;
comment on function private.mark_access_changes() is
  'AFTER INSERT statement trigger function of public.sync_access_log (transition table new_rows): a ''*'' change mark (private.sync_marks) for every user whose holdings the statement logged, so that their sync_poll asks the exact question.';

create or replace trigger sync_access_marks after insert on public.sync_access_log
  referencing new table as new_rows for each statement execute function private.mark_access_changes();

revoke all on function private.mark_access_changes() from public, anon, authenticated, service_role;
