-- Who a write concerns: the holders of the keys of every row a statement wrote, worked out
-- once per statement from its transition tables (private.row_audience says the same for
-- one row). Two readers: the outbox's events (their audience, outbox/capture.sql) and
-- sync's change marks (whom sync_poll tells, sync/marks.sql); one statement serves both.
--
-- The CTEs, for a p_op (insert | update | delete) statement on p_table:
--   written      the rows (an UPDATE's old and new row paired by id, private.paired_rows_sql;
--                no-op updates left out), in the statement's order: rid, it (the row), row
--                (jsonb) and, for an update, old_it. For a statement known to have written
--                at most one row (p_one_row), that row without the window functions and
--                sort that place and pair many: the same columns, rid 1
--   row_keys     each row's keys (private.row_keys_sql: expressions over the row, the parent
--                of a derived key joined), old false; for an UPDATE that changed a column
--                deciding them, the old row's keys too (the people it moved away from), old true
--   key_holders  the holders of all those keys, in one call (private.keys_holders; a user key
--                is held by that user, and a statement whose rows have only user keys makes
--                no call)
--   row_holders  row_keys with each key's holders (none for everyone: every user holds it)
create or replace function private.change_audience_sql(p_table text, p_op text, p_one_row boolean) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_moved text := private.visibility_moved_sql(p_table, '(r.old_it)', '(r.it)');
  v_rows text;
  v_table regclass := pg_catalog.format('public.%I', p_table)::regclass;
  -- A row's place in the statement: always 1 when it wrote one row (no window to set up).
  v_place text := case when p_one_row then '1::bigint' else 'pg_catalog.row_number() over ()' end;
begin
  if p_op not in ('insert', 'update', 'delete') then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: operation %L', p_op);
  end if;
  -- Rows as the table's row type: a transition table's rows are anonymous records, whose
  -- columns a plan's printer cannot name (auto_explain with log_nested_statements failed
  -- the write with "record type has not been registered").
  v_rows := case p_op
    when 'insert' then pg_catalog.format('select %2$s as rid, n::%1$s as it, pg_catalog.to_jsonb(n) as row from new_rows n', v_table, v_place)
    when 'delete' then pg_catalog.format('select %2$s as rid, o::%1$s as it, pg_catalog.to_jsonb(o) as row from old_rows o', v_table, v_place)
    else 'select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (' || private.paired_rows_sql(v_table, p_one_row) || ') p'
         ' where p.rid is not null and p.old_it is distinct from p.it' end;
  return pg_catalog.format($sql$written as materialized (%1$s),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (%2$s) x%3$s),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)$sql$,
    v_rows, private.row_keys_sql(p_table, '(r.it)'),
    case when p_op = 'update' and v_moved is not null then pg_catalog.format(
      E'\n              union all\n              select r.rid, x.kind, x.key, true from written r cross join lateral (%s) x where %s',
      private.row_keys_sql(p_table, '(r.old_it)'), v_moved) else '' end);
end
$$;
comment on function private.change_audience_sql(text, text, boolean) is
  'SQL text of the CTEs written (the rows a p_op statement on p_table wrote, from its transition tables new_rows / old_rows; p_one_row: a statement that wrote at most one row, its row without window functions or sort), row_keys (their keys; an update''s old keys too where it changed a column deciding them: old true), key_holders (the holders of those keys, one private.keys_holders call) and row_holders (each key with its holders), without the leading WITH: the audience of a statement''s changes, for outbox.capture_sql and private.sync_marks_sql. Generated from private.visibility_rules; INVALID_ARGUMENT (22023) for another operation.';

-- "A column deciding the keys of the row changed", over two row expressions: NULL for a
-- table without rules.
create or replace function private.visibility_moved_sql(p_table text, p_old text, p_new text) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return (select pg_catalog.string_agg(pg_catalog.format('%2$s.%1$I is distinct from %3$s.%1$I', c, p_old, p_new), ' or ')
            from pg_catalog.unnest(private.visibility_columns(p_table)) c);
end
$$;
comment on function private.visibility_moved_sql(text, text, text) is
  'SQL text of "a column deciding the scope keys of p_table''s row changed" between the row expressions p_old and p_new (private.visibility_columns); NULL for a table without rules.';

revoke all on function private.change_audience_sql(text, text, boolean), private.visibility_moved_sql(text, text, text)
  from public, anon, authenticated, service_role;
