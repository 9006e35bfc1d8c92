-- Not a secret: which entity types exist (the RPCs' error hints list them).
select private.define('create policy tracked_tables_select on audit.tracked_tables for select to authenticated using (true)');

-- ---------------------------------------------------------------------------------------
-- Restores: how the trigger functions recognise the row public.restore_entity re-creates
-- ---------------------------------------------------------------------------------------
-- The mark is a row of private.restoring in the restoring transaction, inserted before the
-- INSERT of a restore and deleted after it (never committed: no other session sees it).
-- Only the owner writes that table, so an app user cannot mark his own INSERT as a restore
-- (a setting could be set by any session: it let a user take a deleted row's id). These two
-- functions are the only places that name it.

create or replace function audit.set_restoring(p_table text, p_id uuid) returns void
  language sql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
  delete from private.restoring r where r.xact = pg_catalog.pg_current_xact_id();
  insert into private.restoring (table_name, id) select p_table, p_id where p_table is not null and p_id is not null;
$$;
comment on function audit.set_restoring(text, uuid) is
  'Marks the row of p_table with id p_id as being restored, in this transaction (a row of private.restoring; NULLs clear the mark). Called by public.restore_entity around its INSERT, as the owner: no API role may write the mark.';

-- PL/pgSQL, not SQL: a SQL function with a SET clause is never inlined, and PostgreSQL
-- planned its body again at every call (its plan lived no longer than the calling
-- expression, a transaction at most): 0.3 ms of every insert statement's triggers, which ask
-- it twice. PL/pgSQL keeps the plan for the session.
create or replace function audit.restoring_id(p_table text) returns uuid
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return (select r.id from private.restoring r
           where r.xact = pg_catalog.pg_current_xact_id_if_assigned() and r.table_name = p_table
           limit 1);
end
$$;
comment on function audit.restoring_id(text) is
  'The id of the row of p_table that public.restore_entity is re-creating in this transaction (private.restoring), or NULL: the statement triggers ask it once per statement. PL/pgSQL so that its plan is kept for the session (a SQL function with a SET clause is planned again at every call).';

create or replace function audit.is_restoring(p_table text, p_id text) returns boolean
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select coalesce(audit.restoring_id(p_table)::text = p_id, false)
$$;
comment on function audit.is_restoring(text, text) is
  'True while public.restore_entity re-creates the row of p_table whose id (as text) is p_id: the audit trigger logs that INSERT as RESTORE and the change outbox flags its event as restored.';

-- ---------------------------------------------------------------------------------------
-- The triggers
-- ---------------------------------------------------------------------------------------
-- Inserts and updates are logged once per statement, from its transition tables: one
-- INSERT into audit.log (tuple routing picks the partition) for every row the statement
-- wrote, the actor read once. Deletions are logged row by row, BEFORE the row goes: what
-- a deletion takes with it (subtasks, notes, the links of a listing's items) is read while
-- it is still there, and a foreign key's ON DELETE SET NULL has already run by the time a
-- statement trigger fires. changed_at is the log's default.

-- What a deletion takes with it that the deleted row does not hold: read while it is still
-- there (the audit trigger fires BEFORE DELETE; subtasks and notes go in an AFTER trigger,
-- listing_id is set to NULL by the foreign key's action, both later).
create or replace function audit.deleted_dependents(p_table text, p_id uuid) returns jsonb
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select case
    when p_table in ('tasks', 'activities') then pg_catalog.jsonb_build_object(
      'subtasks', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(s) - 'sync_xid' order by s.created_at, s.id)
                              from public.subtasks s
                             where s.parent_type = case p_table when 'tasks' then 'task' else 'activity' end
                               and s.parent_id = p_id), '[]'),
      'notes', (select count(*) from public.notes n
                 where n.parent_type = case p_table when 'tasks' then 'task' else 'activity' end and n.parent_id = p_id))
    when p_table = 'listings' then pg_catalog.jsonb_build_object(
      'tasks', coalesce((select pg_catalog.jsonb_agg(t.id order by t.id) from public.tasks t where t.listing_id = p_id), '[]'),
      'activities', coalesce((select pg_catalog.jsonb_agg(a.id order by a.id) from public.activities a where a.listing_id = p_id), '[]'),
      'notes', (select count(*) from public.notes n where n.parent_type = 'listing' and n.parent_id = p_id))
  end
$$;
comment on function audit.deleted_dependents(text, uuid) is
  'For the DELETE entry of a task or activity: {subtasks: [rows], notes: count}; of a listing: {tasks: [ids], activities: [ids], notes: count}; NULL for other tables. Called by audit.log_changes (as the owner) before the row goes; read back by restore_entity.';

create or replace function audit.log_rows() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
  -- A statement over a transition table is planned with a guessed row count: with JIT on,
  -- PostgreSQL compiled it to machine code on every bulk write, costing more than the work.
  set jit = off
  -- The plans kept from the first call. With the table's name a parameter, a custom plan
  -- prunes audit.log to the table's partition when planned, the generic one only when it
  -- starts (the same work), but is costed over every partition: PostgreSQL never took it,
  -- and planned the ID_TAKEN probe again for every insert statement, 0.2-0.3 ms of each.
  set plan_cache_mode = force_generic_plan
as $$
declare
  v_actor uuid := auth.uid();
  v_restored uuid;
  v_taken uuid;
begin
  if tg_op = 'UPDATE' then
    -- An update of one row (nearly every one) pairs its two rows directly: the pairing
    -- below sets up ten plan nodes at every statement, which cost a one-row update more
    -- than asking first.
    if not exists (select from new_rows offset 1) then
      insert into audit.log (table_name, record_pk, action, old_row, new_row, changed_by)
      select tg_table_name, (p.it).id, 'UPDATE', pg_catalog.to_jsonb(p.old_it), pg_catalog.to_jsonb(p.it), v_actor
        from (select 1::bigint as rid, n as it, o as old_it from new_rows n cross join old_rows o) p
       where p.old_it is distinct from p.it;
      return null;
    end if;
    -- Old and new row paired by id, private.paired_rows_sql's query (which says why not by
    -- a join), its rows left as records: this function serves every audited table, and
    -- reads nothing of them but the id and their json. An update that changed nothing is
    -- not logged.
    insert into audit.log (table_name, record_pk, action, old_row, new_row, changed_by)
    select tg_table_name, (p.it).id, 'UPDATE', pg_catalog.to_jsonb(p.old_it), pg_catalog.to_jsonb(p.it), v_actor
      from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
              from (select null::bigint as rid, o as it from old_rows o
                    union all
                    select pg_catalog.row_number() over (), n from new_rows n) c) p
     where p.rid is not null and p.old_it is distinct from p.it
     order by p.rid;
    return null;
  end if;
  v_restored := audit.restoring_id(tg_table_name);
  -- The id of a deleted row stays the deleted row's: re-created by anyone (ids are the
  -- clients' for offline creation), it would hide the deletion from its owner's trash and
  -- make its restore a conflict. Only restore_entity re-creates it (or a write without a
  -- calling user: the worker, migrations). One probe of the log's record_pk index per row,
  -- in the table's own partition: tg_table_name is a name, whose collation ("C") is not the
  -- partition key's, so compared as it is it would prune no partition and probe them all.
  if v_actor is not null then
    select n.id into v_taken
      from new_rows n
     where n.id is distinct from v_restored
       and exists (select from audit.log l
                    where l.table_name = tg_table_name::text collate "default" and l.record_pk = n.id and l.action = 'DELETE')
     limit 1;
    if v_taken is not null then
      raise exception using errcode = '23505',
        message = pg_catalog.format('ID_TAKEN: %s is the id of a deleted row of %s: restore it, or use a new id', v_taken, tg_table_name),
        detail = pg_catalog.json_build_object('table', tg_table_name, 'id', v_taken)::text;
    end if;
  end if;
  insert into audit.log (table_name, record_pk, action, new_row, changed_by)
  select tg_table_name, (n.it).id, case when (n.it).id = v_restored then 'RESTORE' else 'INSERT' end, pg_catalog.to_jsonb(n.it), v_actor
    from (select pg_catalog.row_number() over () as rid, n as it from new_rows n) n
   order by n.rid;
  return null;
end
$$;
comment on function audit.log_rows() is
  'AFTER INSERT / AFTER UPDATE statement trigger function of the audited tables (transition tables new_rows, old_rows): writes one audit.log row per inserted row (RESTORE for the row public.restore_entity re-creates) and per really changed row, old and new row as jsonb, auth.uid() as changed_by, in one INSERT. An INSERT with a calling user of an id whose DELETE is in the log is ID_TAKEN (23505), so that a deleted row stays in its owner''s trash and restorable. Its statements keep their generic plans from the first call (plan_cache_mode): a custom plan of the ID_TAKEN probe, pruned to the table''s partition when planned, was otherwise chosen over the generic one, pruned when it starts, and made again for every statement.';

create or replace function audit.log_changes() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_dependents jsonb := audit.deleted_dependents(tg_table_name, old.id);
begin
  insert into audit.log (table_name, record_pk, action, old_row, dependents)
  values (tg_table_name, old.id, 'DELETE', pg_catalog.to_jsonb(old), v_dependents);
  -- Its subtasks' ids stay theirs until the restore brings them back (audit.refuse_deleted_subtask_ids).
  insert into private.deleted_subtasks (id, parent_table, parent_id)
  select (s.value ->> 'id')::uuid, tg_table_name, old.id
    from pg_catalog.jsonb_array_elements(coalesce(v_dependents -> 'subtasks', '[]')) s
      on conflict (id) do update set parent_table = excluded.parent_table, parent_id = excluded.parent_id;
  return old;
end
$$;
comment on function audit.log_changes() is
  'BEFORE DELETE row trigger function of the audited tables: writes the DELETE row of audit.log with the deleted row as jsonb, what goes with it (audit.deleted_dependents, read while it is still there) and auth.uid() as changed_by, and the ids of a task''s or activity''s subtasks to private.deleted_subtasks. Fires after the other BEFORE triggers (name order). Inserts and updates: audit.log_rows.';

-- ---------------------------------------------------------------------------------------
-- enable_tracking
-- ---------------------------------------------------------------------------------------

create or replace function audit.enable_tracking(p_table regclass, p_entity_type text, p_owner_column text) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_table text;
  v_log text;
  v_owner_check text;
begin
  if p_table is null or p_entity_type is null or p_owner_column is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_table, p_entity_type and p_owner_column are required';
  end if;
  select c.relname into v_table
    from pg_catalog.pg_class c
   where c.oid = p_table and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace;
  if v_table is null
     or not exists (select from pg_catalog.pg_attribute a
                     where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype)
     or not exists (select from pg_catalog.pg_attribute a
                     where a.attrelid = p_table and a.attname = p_owner_column and not a.attisdropped) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: %s is not a table of schema public with a uuid id and a column %I',
                                  p_table, p_owner_column);
  end if;
  v_log := v_table || '_log';

  insert into audit.tracked_tables as t (entity_type, table_name, owner_column)
  values (p_entity_type, v_table, p_owner_column)
  on conflict (table_name) do update set entity_type = excluded.entity_type, owner_column = excluded.owner_column
  where (t.entity_type, t.owner_column) is distinct from (excluded.entity_type, excluded.owner_column);

  -- The owner named in either snapshot, compared as text so that a malformed snapshot can
  -- never make a policy throw; auth.uid() once per query (an InitPlan).
  v_owner_check := pg_catalog.format(
    'old_row ->> %1$L = (select auth.uid())::text or new_row ->> %1$L = (select auth.uid())::text',
    p_owner_column);

  -- The log itself once (a table of the audit history: never dropped here). Its indexes are
  -- the ones the audit trail's contract lists; the one on record_pk alone is a prefix of
  -- (record_pk, changed_at desc, id desc), which would serve its reads, and is kept for that
  -- contract (the lint redundant_index names it as its one exception).
  if pg_catalog.to_regclass(pg_catalog.format('audit.%I', v_log)) is null then
  execute pg_catalog.format($ddl$
    create table audit.%1$I partition of audit.log for values in (%2$L);
    alter table audit.%1$I add primary key (id);
    alter table audit.%1$I alter column table_name set default %2$L;
    create index %3$I on audit.%1$I (record_pk);
    create index %4$I on audit.%1$I (changed_at desc);
    create index %5$I on audit.%1$I (changed_by);
    create index %6$I on audit.%1$I (action);
    create index %7$I on audit.%1$I (changed_at desc) where action = 'DELETE';
    create index %8$I on audit.%1$I (record_pk, changed_at desc, id desc);
    create index %15$I on audit.%1$I ((old_row ->> %16$L), changed_at desc, id desc) where action = 'DELETE';
    alter table audit.%1$I enable row level security;
    revoke all on table audit.%1$I from public, anon, authenticated, service_role;
    grant select on audit.%1$I to authenticated, service_role;
    comment on table audit.%1$I is %11$L;
    $ddl$,
    v_log, v_table,
    v_log || '_record_pk_idx', v_log || '_changed_at_idx', v_log || '_changed_by_idx',
    v_log || '_action_idx', v_log || '_deleted_at_idx', v_log || '_record_pk_changed_at_idx',
    v_log || '_select', v_owner_check,
    pg_catalog.format('Audit trail of public.%s: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by %s in old_row or new_row, and to admins.',
                      v_table, p_owner_column),
    'audit_' || v_table || '_insert_delete', 'audit_' || v_table || '_update',
    private.row_changed_condition(p_table),
    v_log || '_deleted_owner_idx', p_owner_column);
  end if;

  -- Its policy and the triggers, every time (the owner column may have changed).
  perform private.define(pg_catalog.format(
    'create policy %I on audit.%I for select to authenticated using (%s or (select private.is_admin()))',
    v_log || '_select', v_log, v_owner_check));
  perform private.define(pg_catalog.format('drop trigger if exists %I on public.%I', 'audit_' || v_table || '_insert_delete', v_table));
  perform private.define(pg_catalog.format(
    'create or replace trigger %I after update on public.%I referencing old table as old_rows new table as new_rows '
    'for each statement execute function audit.log_rows()', 'audit_' || v_table || '_update', v_table));
  perform private.define(pg_catalog.format(
    'create or replace trigger %I after insert on public.%I referencing new table as new_rows '
    'for each statement execute function audit.log_rows()', 'audit_' || v_table || '_insert', v_table));
  perform private.define(pg_catalog.format(
    'create or replace trigger %I before delete on public.%I for each row execute function audit.log_changes()',
    'audit_' || v_table || '_delete', v_table));

  -- The policy of the parent (what the RPCs read through): the same rule, the owner column
  -- chosen per partition. Rebuilt from the registry each time a table joins.
  perform private.define(pg_catalog.format(
    'create policy log_select on audit.log for select to authenticated using ((case table_name %s end) or (select private.is_admin()))',
    (select pg_catalog.string_agg(pg_catalog.format(
              'when %L then coalesce(old_row ->> %L = (select auth.uid())::text, false) or coalesce(new_row ->> %L = (select auth.uid())::text, false)',
              t.table_name, t.owner_column, t.owner_column), ' ' order by t.table_name)
       from audit.tracked_tables t)));
end
$$;
comment on function audit.enable_tracking(regclass, text, text) is
  'Audits a table of schema public that has a uuid id: registers it in audit.tracked_tables as p_entity_type with its ownership column, creates its log audit.<table>_log (a partition of audit.log) with the history indexes (an owner''s deletions among them: get_recently_deleted) and the owner-or-admin read policy (also on audit.log), and attaches the audit_<table>_insert and audit_<table>_update statement triggers (audit.log_rows; only real changes) and the audit_<table>_delete row trigger (audit.log_changes). NULL_ARGUMENT (22004), INVALID_TABLE (22023).';

-- ---------------------------------------------------------------------------------------
-- Entity types
-- ---------------------------------------------------------------------------------------

create or replace function audit.get_table_names()
  returns table (entity_type text, table_name text, log_table text, owner_column text)
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select t.entity_type, t.table_name, t.table_name || '_log', t.owner_column
    from audit.tracked_tables t
   order by t.entity_type
$$;
comment on function audit.get_table_names() is
  'The audited entity types: entity_type (listing, property, task, user, activity) -> public table, audit log table, and the ownership column that authorises reading and restoring.';

create or replace function audit.entity_table(p_entity_type text)
  returns table (table_name text, log_table text, owner_column text)
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return query
    select m.table_name, m.log_table, m.owner_column
      from audit.get_table_names() m
     where m.entity_type = p_entity_type;
  if not found then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ENTITY_TYPE: %s is not an audited entity type',
                                  coalesce(pg_catalog.quote_literal(p_entity_type), 'NULL')),
      -- (a caller who may read none of them, such as a login in service_role, which does
      -- not inherit its BYPASSRLS, still gets the coded error: a NULL hint would not raise it)
      hint = coalesce('Use one of: ' || (select pg_catalog.string_agg(t.entity_type, ', ' order by t.entity_type)
                                           from audit.tracked_tables t) || '.', 'Use an audited entity type.');
  end if;
end
$$;
comment on function audit.entity_table(text) is
  'Looks p_entity_type up in audit.get_table_names(); raises INVALID_ENTITY_TYPE (22023) for anything else, NULL included, before any identifier reaches dynamic SQL.';

-- A subtask is not audited: it goes with its task or activity, in the DELETE entry's
-- dependents, and comes back with its restore. Its id stays its own meanwhile, as a deleted
-- row's does (audit.log_rows): re-created by anyone, it would make the restore silently leave
-- that subtask out. Only the restore (audit.restore_dependents removes the ids it brings
-- back first) or a write without a calling user (the worker, migrations) reuses it.
create or replace function audit.refuse_deleted_subtask_ids() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_taken record;
begin
  if auth.uid() is null then
    return null;
  end if;
  select n.id, d.parent_table into v_taken
    from new_rows n
    join private.deleted_subtasks d on d.id = n.id
   limit 1;
  if v_taken.id is not null then
    raise exception using errcode = '23505',
      message = pg_catalog.format('ID_TAKEN: %s is the id of a subtask of a deleted row of %s: restore it, or use a new id',
                                 v_taken.id, v_taken.parent_table),
      detail = pg_catalog.json_build_object('table', 'subtasks', 'id', v_taken.id)::text;
  end if;
  return null;
end
$$;
comment on function audit.refuse_deleted_subtask_ids() is
  'AFTER INSERT statement trigger function of subtasks (transition table new_rows): an INSERT with a calling user of the id of a subtask a deleted task or activity took with it (private.deleted_subtasks, one probe of its key per row) is ID_TAKEN (23505, detail {table, id}), so that the parent''s restore brings it back. SECURITY DEFINER: nobody but the owner reads private.deleted_subtasks.';
create or replace trigger refuse_deleted_ids after insert on public.subtasks
  referencing new table as new_rows
  for each statement execute function audit.refuse_deleted_subtask_ids();

-- ---------------------------------------------------------------------------------------
-- Privileges of the functions
-- ---------------------------------------------------------------------------------------
-- get_entity_history and get_recently_deleted (SECURITY INVOKER) look entity types up as
-- the caller; everything else runs as the owner (the definer trigger, restore_entity,
-- migrations).

revoke all on function audit.log_changes(), audit.log_rows(), audit.entity_table(text), audit.get_table_names(),
  audit.enable_tracking(regclass, text, text), audit.set_restoring(text, uuid), audit.is_restoring(text, text),
  audit.restoring_id(text),
  audit.deleted_dependents(text, uuid), audit.refuse_deleted_subtask_ids()
  from public, anon, authenticated, service_role;
grant execute on function audit.entity_table(text), audit.get_table_names() to authenticated, service_role;
