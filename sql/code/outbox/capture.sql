-- The ring's arithmetic, for outbox.prune: the partition a time falls in. The partition key
-- above spells the same expression out (a function call there would cost every insert).
create or replace function outbox.log_partition(p_at timestamptz) returns integer
  language sql
  immutable
  parallel safe
  set search_path = pg_catalog, pg_temp
as $$
  select ((pg_catalog.timezone('UTC', p_at)::date - date '1970-01-01') % 16)::integer
$$;
comment on function outbox.log_partition(timestamptz) is
  'The partition of outbox.events (NN of events_pNN) that holds the events created at p_at: (UTC day - 1970-01-01) % 16, the partition key''s expression.';

-- ---------------------------------------------------------------------------------------
-- Recording changes
-- ---------------------------------------------------------------------------------------

-- The audience of a change comes from the visibility definition (access/visibility.sql): the
-- holders of the row's keys, as private.row_audience says it for one row. Every change is
-- recorded once per statement, from its transition tables, in one INSERT for all the rows
-- the statement wrote (a bulk import, a cascade delete, the worker's 500 notifications):
-- the CTEs of private.change_audience_sql (written, row_keys, key_holders, row_holders), then
--   audiences    per row the distinct holders, sorted
--   seen_by_all  the rows with an everyone key
-- (for a statement of one row, both read as scalar subqueries instead)
-- and, for a synced table, sync_poll's change marks (private.sync_marks_sql) from the same
-- holders, in the same statement.
-- One branch per recorded table. A static statement's plan is kept for the session, and the
-- planner's guess of the rows of its transition table stays the one of the statement it was
-- first planned for: a plan made for one row joins k with h and a with r in nested loops,
-- and after a one-row write an update of 1,000 rows on that connection spent 0.7 s here
-- instead of 0.03, growing with the square of the rows. So a statement that wrote one row
-- (nearly every write) runs the static statement planned for one row; one that wrote more
-- than 16 a second static copy, first planned for more than 16 rows (hash and merge joins,
-- for tasks from 2 rows up: linear at any size); one of 2 to 16 rows the same text planned
-- for its row count (EXECUTE). Planned at every bulk statement, it was most of what the
-- triggers cost a statement beside their per-row work: an insert of 100 tasks ran 46
-- million instructions, 10 without the triggers; with the static copy, planned once per
-- session, 43. The static statements read the actor and the restored id themselves
-- (InitPlans) rather than from variables: a statement without variables has no custom
-- plans to try and keeps its plan from the first call.
-- Without JIT (capture_changes says set jit = off): planned over transition tables with a
-- guessed row count, a bulk write's statement was compiled to machine code every time,
-- which took longer (seconds for 10,000 rows) than running it.
create or replace function outbox.capture_sql(p_table text, p_op text, p_actor text, p_restored text, p_one_row boolean) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_table regclass := pg_catalog.format('public.%I', p_table)::regclass;
begin
  return pg_catalog.format($sql$with %2$s%11$s%7$s
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select %1$L, %3$L, (r.it).id, %4$s, %5$s, %9$s, %8$s, %6$s
              from written r%10$s$sql$,
    p_table, private.change_audience_sql(p_table, p_op, p_one_row),
    p_op,
    case when p_op = 'delete' then 'null' else 'r.row' end,
    case p_op when 'insert' then 'null'
              when 'delete' then 'r.row'
              -- the changed columns with their old values
              else private.changed_columns_sql(v_table, '(r.old_it)', '(r.it)',
                                               'coalesce(pg_catalog.to_jsonb(%s), ''null'')') end,
    case when p_op = 'insert' then pg_catalog.format('coalesce((r.it).id = %s, false)', p_restored) else 'false' end,
    case when p_table = any (private.sync_tables())
         then E',\n            marks as (\n              '
              || pg_catalog.replace(private.sync_marks_sql(p_table, p_op), E'\n', E'\n        ') || ')' else '' end,
    p_actor,
    -- One row: its audience and whether everyone sees it are all of row_holders and
    -- row_keys, read as two scalar subqueries instead of the CTEs audiences and seen_by_all
    -- and their joins, with no grouping or sorts to set up.
    case when p_one_row
         then E'coalesce((select pg_catalog.array_agg(distinct x.holder order by x.holder) from row_holders x), \'{}\'),\n'
              || E'                   exists (select from row_keys k where k.kind = \'everyone\')'
         else E'coalesce(a.audience, \'{}\'), e.rid is not null' end,
    case when p_one_row then ''
         else E' left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid\n             order by r.rid' end,
    case when p_one_row then '' else $sql$,
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from row_holders x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')$sql$ end);
end
$$;
comment on function outbox.capture_sql(text, text, text, text, boolean) is
  'SQL text of the statement outbox.capture_changes runs for a p_op (insert | update | delete) statement on p_table: every row of its transition tables into outbox.events, with its audience worked out for all rows at once (private.change_audience_sql), and for a synced table its change marks (private.sync_marks_sql) in the same statement; p_actor and p_restored are the expressions of the acting user and of the id restore_entity re-creates (variables, or $1 and $2); p_one_row for the statement of a write of at most one row (its audience read without joins). Generated from private.visibility_rules.';

-- The block that records a p_op statement on p_table: the static statement for a statement
-- of one row, a second copy of it for more than 16, the same planned for its row count in
-- between (see above), its text read from outbox.capture_statements.
create or replace function outbox.capture_block(p_table text, p_op text) returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format(
    E'if not exists (select from %1$s offset 1) then\n            %2$s;\n'
    || E'          elsif exists (select from %1$s offset 16) then\n            %6$s;\n'
    || E'          else\n            execute (select s.statement from outbox.capture_statements s where s.table_name = %3$L and s.op = %4$L)\n'
    || E'              using auth.uid(), %5$s;\n          end if;',
    case p_op when 'delete' then 'old_rows' else 'new_rows' end,
    outbox.capture_sql(p_table, p_op, '(select auth.uid())',
                       case when p_op = 'insert' then pg_catalog.format('(select audit.restoring_id(%L))', p_table) end, true),
    p_table, p_op,
    case when p_op = 'insert' then pg_catalog.format('audit.restoring_id(%L)', p_table) else 'null::uuid' end,
    outbox.capture_sql(p_table, p_op, '(select auth.uid())',
                       case when p_op = 'insert' then pg_catalog.format('(select audit.restoring_id(%L))', p_table) end, false))
$$;
comment on function outbox.capture_block(text, text) is
  'PL/pgSQL text of outbox.capture_changes''s block for a p_op statement on p_table: outbox.capture_sql as a static statement (its plan kept for the session) when the statement wrote one row or none, a second static copy of it when it wrote more than 16 (first planned for that many: hash and merge joins, linear at any size), else the same text from outbox.capture_statements run with EXECUTE, planned for its row count. The static statements read the actor and the restored id in InitPlans, without variables, so that their plan is kept from the first call.';

-- outbox.capture_changes() is generated: a branch per recorded table, a block per operation
-- (outbox.capture_block).
create or replace function outbox.generate_capture() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_branches text[];
begin
  -- The bulk statements first: the function reads them.
  delete from outbox.capture_statements;
  insert into outbox.capture_statements (table_name, op, statement)
  select m.table_name, o.op, outbox.capture_sql(m.table_name, o.op, '$1', '$2', false)
    from private.table_manifest m cross join (values ('insert'), ('update'), ('delete')) o (op)
   where m.outbox;

  select pg_catalog.array_agg(array[m.table_name, pg_catalog.format(
           E'if tg_op = ''INSERT'' then\n          %s\n'
           || E'          elsif tg_op = ''UPDATE'' then\n          %s\n'
           || E'          else\n          %s\n'
           || E'          end if;',
           outbox.capture_block(m.table_name, 'insert'), outbox.capture_block(m.table_name, 'update'),
           outbox.capture_block(m.table_name, 'delete'))]
         order by m.table_name)
    into v_branches
    from private.table_manifest m
   where m.outbox;

  perform private.create_table_dispatch(
    'outbox.capture_changes', '', 'trigger', 'security definer set jit = off', 'tg_table_name', v_branches,
    '%s is not recorded in the outbox (outbox in the table manifest)',
    'AFTER INSERT / UPDATE / DELETE statement trigger function with transition tables (new_rows, old_rows), attached by outbox.enable_changes: records every row the statement changed in outbox.events in one INSERT: the row (old_record: an update''s changed columns with their old values; a delete''s whole row), its audience (the holders of its keys; of the old row''s too when an update changed who sees it) and visible_to_all, the actor (auth.uid()) and, for an insert made by public.restore_entity, restored. No-op updates are not recorded. Generated from the table manifest by outbox.generate_capture. SECURITY DEFINER: nobody but the owner writes the outbox.');
end
$$;
comment on function outbox.generate_capture() is
  '(Re)creates outbox.capture_changes and its bulk statements (outbox.capture_statements) from the table manifest (its outbox tables) and their visibility rules. Run by private.apply_manifest before it attaches the triggers.';
comment on table outbox.capture_statements is
  'Per outbox table and operation, the statement outbox.capture_changes runs with EXECUTE for a statement that wrote 2 to 16 rows, planned for its row count (its static statements serve the others): the text of its static statement with the actor and the restored id as $1 and $2. Written by outbox.generate_capture with the function, read only by it (SECURITY DEFINER).';

-- The doorbell's channel, named once: the trigger below rings it, and every listener (the
-- worker, realtime feeds in Swift) is tested against it.
create or replace function outbox.doorbell_channel() returns text
  language sql
  immutable
  parallel safe
  set search_path = pg_catalog, pg_temp
as $$
  select 'dispatch_outbox'::text
$$;
comment on function outbox.doorbell_channel() is
  'The NOTIFY channel of the outbox doorbell (''dispatch_outbox''): LISTEN on it to learn that new events are committed.';

-- The doorbell: once per statement, and NOTIFY folds identical notifications of one
-- transaction into one, so a transaction rings once however many rows it changed. The
-- payload is constant and empty: listeners read the outbox, never the notification.
-- SECURITY DEFINER: it runs as the writer (an app user), who has no access to schema outbox.
create or replace function outbox.ring_doorbell() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform pg_catalog.pg_notify(outbox.doorbell_channel(), '');
  return null;
end
$$;
comment on function outbox.ring_doorbell() is
  'AFTER STATEMENT trigger function: pg_notify(outbox.doorbell_channel(), '''') — the doorbell for workers and realtime listeners. Delivered at commit, at most once per transaction.';

create or replace function outbox.enable_changes(p_table regclass) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_name text;
begin
  if p_table is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_table must not be NULL';
  end if;
  select c.relname into v_name
    from pg_catalog.pg_class c
   where c.oid = p_table and c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace;
  if v_name is null then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: %s is not a table in schema public', p_table),
      hint = 'Events name tables without schema, so only tables of schema public are recorded.';
  end if;
  -- Every change needs its audience and its key: refuse a table the capture does not know,
  -- rather than failing its writes later.
  if not exists (select from private.table_manifest m where m.table_name = v_name and m.outbox)
     or not exists (select from pg_catalog.pg_attribute a
                     where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped) then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: %s is not an outbox table of the table manifest with a uuid id', p_table),
      hint = 'Say who may see the table''s rows and set outbox in its manifest entry.';
  end if;

  -- A transition table serves one event per trigger: one trigger per event.
  perform private.define(format(
    'create or replace trigger outbox_insert after insert on %s referencing new table as new_rows '
    'for each statement execute function outbox.capture_changes()', p_table));
  perform private.define(format(
    'create or replace trigger outbox_update after update on %s referencing old table as old_rows new table as new_rows '
    'for each statement execute function outbox.capture_changes()', p_table));
  perform private.define(format(
    'create or replace trigger outbox_delete after delete on %s referencing old table as old_rows '
    'for each statement execute function outbox.capture_changes()', p_table));
  perform private.define(format(
    'create or replace trigger outbox_doorbell after insert or update or delete on %s '
    'for each statement execute function outbox.ring_doorbell()',
    p_table));
end
$$;
comment on function outbox.enable_changes(regclass) is
  'Records every change of the table (schema public, an outbox table of the table manifest, with a uuid id) in the outbox: attaches outbox_insert, outbox_update and outbox_delete (statement triggers with transition tables running outbox.capture_changes: one set-based insert per statement) and outbox_doorbell. Idempotent. TRUNCATE is not recorded. NULL_ARGUMENT (22004), INVALID_TABLE (22023).';

create or replace function outbox.disable_changes(p_table regclass) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
begin
  perform private.define(format('drop trigger if exists outbox_insert on %s', p_table));
  perform private.define(format('drop trigger if exists outbox_delete on %s', p_table));
  perform private.define(format('drop trigger if exists outbox_update on %s', p_table));
  perform private.define(format('drop trigger if exists outbox_doorbell on %s', p_table));
end
$$;
comment on function outbox.disable_changes(regclass) is
  'Stops recording the table''s changes (drops the outbox triggers). Recorded events stay.';

create or replace view outbox.tables as
  select c.relname::text as table_name, c.oid::regclass as relation
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_proc p on p.oid = t.tgfoid
   where t.tgname = 'outbox_update'
     and p.proname = 'capture_changes' and p.pronamespace = 'outbox'::regnamespace;
comment on view outbox.tables is 'The tables whose changes are recorded (they have the outbox triggers).';


-- ---------------------------------------------------------------------------------------
-- Privileges: the worker and the Swift library run as service_role; app roles get nothing.
-- ---------------------------------------------------------------------------------------

-- Events are written only by the definer triggers (as the owner), so nobody else draws ids;
-- and they leave only by outbox.prune (definer: TRUNCATE), so nobody deletes them.
revoke all on outbox.tables from public, anon, authenticated, service_role;

grant select on outbox.tables to service_role;
revoke all on function outbox.capture_sql(text, text, text, text, boolean), outbox.capture_block(text, text), outbox.generate_capture(),
  outbox.doorbell_channel(), outbox.ring_doorbell(), outbox.enable_changes(regclass), outbox.disable_changes(regclass),
  outbox.log_partition(timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function outbox.doorbell_channel() to service_role;
