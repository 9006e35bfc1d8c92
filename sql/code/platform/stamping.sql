-- Row stamping, shared by every domain table the manifest marks stamped (updated_at,
-- row_version), and the helpers the generators share to compare a row's old and new values.

-- Shared row stamping for every domain table: the server's clock stamps each write and
-- each real UPDATE bumps row_version (optimistic locking for sync_push). A no-op UPDATE
-- (nothing changed) is left alone, so it also writes no audit row.
create or replace function private.stamp_row() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  new.updated_at := clock_timestamp();
  if tg_op = 'UPDATE' then
    new.row_version := old.row_version + 1;
  end if;
  return new;
end
$$;
comment on function private.stamp_row() is
  'BEFORE INSERT/UPDATE trigger function: sets updated_at from the server clock and increments row_version on UPDATE. The device clock never decides either.';

-- The WHEN condition of an UPDATE trigger that must skip no-op updates: "the stored row
-- changed". PostgreSQL refuses `old.* is distinct from new.*` in the WHEN clause of a
-- table with generated columns (they are not computed yet in a BEFORE trigger's NEW), so
-- such a table compares its stored columns one by one; a generated column only changes
-- with them. Shared by row stamping, the audit trail and the change outbox, so that all
-- three agree on what a real change is. The text reflects the columns as they are when it
-- is called: a trigger built from it is rebuilt after adding columns to such a table.
create or replace function private.row_changed_condition(p_table regclass) returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select case when bool_or(a.attgenerated <> '')
              then pg_catalog.format('row(%s) is distinct from row(%s)',
                     pg_catalog.string_agg(pg_catalog.format('old.%I', a.attname), ', ' order by a.attnum)
                       filter (where a.attgenerated = ''),
                     pg_catalog.string_agg(pg_catalog.format('new.%I', a.attname), ', ' order by a.attnum)
                       filter (where a.attgenerated = ''))
              else 'old.* is distinct from new.*' end
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
$$;
comment on function private.row_changed_condition(regclass) is
  'The WHEN clause text "the stored row changed" for an UPDATE trigger on p_table (old.* is distinct from new.*, or the stored columns one by one on a table with generated columns). Used by enable_row_stamping, audit.enable_tracking and outbox.enable_changes.';

-- SQL text of a jsonb expression: {column: <p_value of its old value>} for each column of
-- p_table (but p_skip) whose value differs between the rows p_old and p_new, differs as the
-- columns' JSON (to_jsonb) values differ: what the outbox records of an update and the
-- field changes sync_push merges by. A statement trigger evaluates it for thousands of rows,
-- so the JSON of a whole row is never built to compare it: columns of a type whose equality
-- is JSON equality (numbers, booleans, uuids, times, jsonb, text with a deterministic
-- collation, and arrays of these) compare as they are, any other through to_jsonb; only a
-- changed column's old value is converted. p_value is a format() pattern applied to the old
-- column's expression, never NULL for a changed column (to_jsonb of NULL is NULL: write
-- coalesce(pg_catalog.to_jsonb(%s), 'null')).
-- One expression per row, no subquery: every column's key with its old value where it
-- changed (NULL where not), less the keys of the columns that did not change. An aggregate
-- over a VALUES list of the columns (a subplan run once per row) took twice as long, on
-- every row of every bulk update. Not jsonb_strip_nulls: a changed column's old value may be
-- JSON null. jsonb_build_object takes 100 arguments: 40 columns an object, joined by ||.
create or replace function private.changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text,
                                                       p_skip text[] default '{}') returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format('((%s) - array[%s]::text[])',
           pg_catalog.string_agg(o.object, ' || ' order by o.chunk), pg_catalog.string_agg(o.unchanged, ', ' order by o.chunk))
    from (select c.chunk,
                 pg_catalog.format('pg_catalog.jsonb_build_object(%s)',
                   pg_catalog.string_agg(pg_catalog.format('%L, case when %s then %s end', c.attname, c.changed,
                                                           pg_catalog.format(p_value, pg_catalog.format('%s.%I', p_old, c.attname))),
                                         ', ' order by c.attnum)) as object,
                 pg_catalog.string_agg(pg_catalog.format('case when %s then null else %L end', c.changed, c.attname),
                                       ', ' order by c.attnum) as unchanged
            from (select a.attnum, a.attname, (pg_catalog.row_number() over (order by a.attnum) - 1) / 40 as chunk,
                         case when case when t.typcategory = 'A' then t.typelem else t.oid end = any (array[
                                     'bool', 'int2', 'int4', 'int8', 'numeric', 'float4', 'float8', 'uuid', 'date', 'timestamp',
                                     'timestamptz', 'jsonb', 'text', 'varchar']::regtype[])
                                   and coalesce(l.collisdeterministic, true)
                              then pg_catalog.format('%1$s.%3$I is distinct from %2$s.%3$I', p_old, p_new, a.attname)
                              else pg_catalog.format('pg_catalog.to_jsonb(%1$s.%3$I) is distinct from pg_catalog.to_jsonb(%2$s.%3$I)',
                                                     p_old, p_new, a.attname) end as changed
                    from pg_catalog.pg_attribute a
                    join pg_catalog.pg_type t on t.oid = a.atttypid
                    left join pg_catalog.pg_collation l on l.oid = a.attcollation
                   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped and a.attname <> all (p_skip)) c
           group by c.chunk) o
$$;
comment on function private.changed_columns_sql(regclass, text, text, text, text[]) is
  'SQL text of a jsonb expression {column: p_value applied to the old value} over the columns of p_table (but p_skip) whose to_jsonb values differ between rows p_old and p_new, comparing typed values where the type''s equality is JSON equality, so that only changed columns are converted. For the set-based statement triggers: outbox.capture_sql (an update''s old_record), private.generate_sync_fields (the digests of private.sync_field_changes).';

-- Trigger names start with "_" so that they fire before every other BEFORE trigger
-- (triggers fire in name order): audit snapshots then see the stamped row. Re-running it
-- replaces the triggers (after adding columns to a table with generated columns).
create or replace function private.enable_row_stamping(p_table regclass) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.define(pg_catalog.format(
    'create or replace trigger _stamp_insert before insert on %s for each row execute function private.stamp_row()',
    p_table));
  perform private.define(pg_catalog.format(
    'create or replace trigger _stamp_update before update on %s for each row '
    'when (%s) execute function private.stamp_row()',
    p_table, private.row_changed_condition(p_table)));
end
$$;
comment on function private.enable_row_stamping(regclass) is
  'Attaches the _stamp_insert and _stamp_update triggers (private.stamp_row) to a table that has updated_at and row_version columns; a no-op UPDATE (no stored column changes) is not stamped. Tables with generated columns compare their other columns as they are when this runs: private.apply_manifest, the final step of every migrate that changed anything, runs it again.';

-- An UPDATE statement trigger's old and new rows, paired by id without a join. PL/pgSQL
-- plans a statement over the transition tables at its first run in a session and keeps the
-- plan, made for that run's row count: after a one-row update, a join of new_rows and
-- old_rows is a nested loop, and a later update of n rows on that connection compared n x n
-- pairs (1,000 rows: 1.5 s of triggers instead of 0.1). A sort by id costs n log n whatever
-- the plan: each id is in old_rows once and in new_rows once (a statement updates a row at
-- most once), so the row before a new row in its id's partition is its old row. Columns:
-- rid (the new row's place in the statement), it (the new row), old_it (the old row), as
-- the table's row type (a transition table's rows are anonymous records, which lose their
-- columns through lag()). audit.log_rows spells the same query out (its statement is static
-- and serves every audited table; StatementTriggerPlanTests checks that the two agree). A trigger that needs only what changed, not each row's
-- old and new values side by side, nets instead: old rows -1, new rows +1, grouped by the
-- values it reads (private.count_badges, the journal's).
create or replace function private.paired_rows_sql(p_table regclass, p_one_row boolean) returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select case when p_one_row
    -- One row written: its two rows side by side, without the window functions and sorts
    -- that place and pair many (a one-row update sets up their plan nodes for nothing).
    then pg_catalog.format('select 1::bigint as rid, n::%1$s as it, o::%1$s as old_it from new_rows n cross join old_rows o', p_table)
    else pg_catalog.format(
    'select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::%1$s as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::%1$s from new_rows n) c', p_table) end
$$;
comment on function private.paired_rows_sql(regclass, boolean) is
  'SQL text of a query over the transition tables (new_rows, old_rows) of an UPDATE statement trigger on p_table pairing each new row with its old row by id through a sort, never a join (a plan kept from a one-row run would make a join quadratic): columns rid (bigint, the new row''s place in the statement), it (new row), old_it (old row); filter on rid is not null for the pairs. p_one_row: for a statement known to have updated at most one row, the row''s two versions side by side (rid 1). For outbox.capture_sql and private.generate_sync_fields.';

-- Helpers of migrations only: executable by their owner (the migrating role), nobody else.
revoke all on function private.stamp_row(), private.row_changed_condition(regclass),
  private.changed_columns_sql(regclass, text, text, text, text[]), private.paired_rows_sql(regclass, boolean),
  private.enable_row_stamping(regclass) from public, anon, authenticated, service_role;
