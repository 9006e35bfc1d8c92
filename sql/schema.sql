--
-- PostgreSQL database dump
--

--
-- Name: audit; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA audit;

--
-- Name: SCHEMA audit; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA audit IS 'Audit trail of the Dispatch core tables: audit.log, one partition <table>_log per audited table, written only by audit.log_changes(). Read through public.get_entity_history / get_recently_deleted; not exposed as an API schema.';

--
-- Name: auth; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA auth;

--
-- Name: SCHEMA auth; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA auth IS 'Sign-in identities (auth.users) and auth.uid(), as a Supabase database has them.';

--
-- Name: extensions; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA extensions;

--
-- Name: SCHEMA extensions; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA extensions IS 'Extensions (PostGIS), apart from the API schema public. authenticated and service_role use it (spatial RPCs, generated locations); anon does not.';

--
-- Name: migrations; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA migrations;

--
-- Name: SCHEMA migrations; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA migrations IS 'The ledger of `migrate` (sql/migrations and sql/code). Only its owner uses it: a row here decides whether a migration runs.';

--
-- Name: outbox; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA outbox;

--
-- Name: SCHEMA outbox; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA outbox IS 'The durable change outbox: outbox.events (the log of every recorded change, read by realtime feeds and consumed by dispatch-worker''s handlers through per-handler cursors), outbox.handlers, the small tables of in-flight batches and retries, and the functions that claim, complete, fail, re-queue and prune. Private: only service_role (the worker and the Swift library) uses it.';

--
-- Name: private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA private;

--
-- Name: SCHEMA private; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA private IS 'Internal helpers of the Dispatch schema: row-level security helpers, trigger functions, validators, stamping. Not an API: no API layer exposes it, anon cannot use it, and each function is executable only by what calls it (authenticated for the helpers its policies and RPCs call, service_role for the worker''s).';

--
-- Name: pgcrypto; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;

--
-- Name: EXTENSION pgcrypto; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pgcrypto IS 'cryptographic functions';

--
-- Name: postgis; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA extensions;

--
-- Name: EXTENSION postgis; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION postgis IS 'PostGIS geometry and geography spatial types and functions';

--
-- Name: hotspot_near; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.hotspot_near AS (
	id uuid,
	name text,
	locality text,
	lat double precision,
	lon double precision,
	location extensions.geography(Point,4326),
	image_name text,
	created_at timestamp with time zone,
	updated_at timestamp with time zone,
	row_version integer,
	distance_m double precision
);

--
-- Name: TYPE hotspot_near; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TYPE public.hotspot_near IS 'A row of public.hotspots_near(): every column of public.hotspot, in its order, then distance_m, the distance in metres from the search point.';

--
-- Name: deleted_dependents(text, uuid); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.deleted_dependents(p_table text, p_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION deleted_dependents(p_table text, p_id uuid); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.deleted_dependents(p_table text, p_id uuid) IS 'For the DELETE entry of a task or activity: {subtasks: [rows], notes: count}; of a listing: {tasks: [ids], activities: [ids], notes: count}; NULL for other tables. Called by audit.log_changes (as the owner) before the row goes; read back by restore_entity.';

--
-- Name: enable_tracking(regclass, text, text); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.enable_tracking(p_table regclass, p_entity_type text, p_owner_column text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
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
$_$;

--
-- Name: FUNCTION enable_tracking(p_table regclass, p_entity_type text, p_owner_column text); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.enable_tracking(p_table regclass, p_entity_type text, p_owner_column text) IS 'Audits a table of schema public that has a uuid id: registers it in audit.tracked_tables as p_entity_type with its ownership column, creates its log audit.<table>_log (a partition of audit.log) with the history indexes (an owner''s deletions among them: get_recently_deleted) and the owner-or-admin read policy (also on audit.log), and attaches the audit_<table>_insert and audit_<table>_update statement triggers (audit.log_rows; only real changes) and the audit_<table>_delete row trigger (audit.log_changes). NULL_ARGUMENT (22004), INVALID_TABLE (22023).';

--
-- Name: entity_table(text); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.entity_table(p_entity_type text) RETURNS TABLE(table_name text, log_table text, owner_column text)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION entity_table(p_entity_type text); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.entity_table(p_entity_type text) IS 'Looks p_entity_type up in audit.get_table_names(); raises INVALID_ENTITY_TYPE (22023) for anything else, NULL included, before any identifier reaches dynamic SQL.';

--
-- Name: get_table_names(); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.get_table_names() RETURNS TABLE(entity_type text, table_name text, log_table text, owner_column text)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select t.entity_type, t.table_name, t.table_name || '_log', t.owner_column
    from audit.tracked_tables t
   order by t.entity_type
$$;

--
-- Name: FUNCTION get_table_names(); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.get_table_names() IS 'The audited entity types: entity_type (listing, property, task, user, activity) -> public table, audit log table, and the ownership column that authorises reading and restoring.';

--
-- Name: is_restoring(text, text); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.is_restoring(p_table text, p_id text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select coalesce(audit.restoring_id(p_table)::text = p_id, false)
$$;

--
-- Name: FUNCTION is_restoring(p_table text, p_id text); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.is_restoring(p_table text, p_id text) IS 'True while public.restore_entity re-creates the row of p_table whose id (as text) is p_id: the audit trigger logs that INSERT as RESTORE and the change outbox flags its event as restored.';

--
-- Name: log_changes(); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.log_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION log_changes(); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.log_changes() IS 'BEFORE DELETE row trigger function of the audited tables: writes the DELETE row of audit.log with the deleted row as jsonb, what goes with it (audit.deleted_dependents, read while it is still there) and auth.uid() as changed_by, and the ids of a task''s or activity''s subtasks to private.deleted_subtasks. Fires after the other BEFORE triggers (name order). Inserts and updates: audit.log_rows.';

--
-- Name: log_rows(); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.log_rows() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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

--
-- Name: FUNCTION log_rows(); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.log_rows() IS 'AFTER INSERT / AFTER UPDATE statement trigger function of the audited tables (transition tables new_rows, old_rows): writes one audit.log row per inserted row (RESTORE for the row public.restore_entity re-creates) and per really changed row, old and new row as jsonb, auth.uid() as changed_by, in one INSERT. An INSERT with a calling user of an id whose DELETE is in the log is ID_TAKEN (23505), so that a deleted row stays in its owner''s trash and restorable. Its statements keep their generic plans from the first call (plan_cache_mode): a custom plan of the ID_TAKEN probe, pruned to the table''s partition when planned, was otherwise chosen over the generic one, pruned when it starts, and made again for every statement.';

--
-- Name: refuse_deleted_subtask_ids(); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.refuse_deleted_subtask_ids() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION refuse_deleted_subtask_ids(); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.refuse_deleted_subtask_ids() IS 'AFTER INSERT statement trigger function of subtasks (transition table new_rows): an INSERT with a calling user of the id of a subtask a deleted task or activity took with it (private.deleted_subtasks, one probe of its key per row) is ID_TAKEN (23505, detail {table, id}), so that the parent''s restore brings it back. SECURITY DEFINER: nobody but the owner reads private.deleted_subtasks.';

--
-- Name: restore_dependents(text, uuid, jsonb); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.restore_dependents(p_table text, p_id uuid, p_dependents jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_columns text;
  v_subtasks integer := 0;
  v_tasks integer := 0;
  v_activities integer := 0;
begin
  if p_table in ('tasks', 'activities') then
    -- The columns the snapshots hold (one taken before a column existed gives it its DEFAULT).
    select pg_catalog.string_agg(pg_catalog.format('%I', a.attname), ', ' order by a.attnum)
      into v_columns
      from pg_catalog.pg_attribute a
     where a.attrelid = 'public.subtasks'::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' and p_dependents -> 'subtasks' -> 0 ? a.attname;
    if v_columns is not null then
      -- Theirs again: their ids were kept for this (audit.refuse_deleted_subtask_ids).
      delete from private.deleted_subtasks d
       where d.id in (select (s.value ->> 'id')::uuid from pg_catalog.jsonb_array_elements(p_dependents -> 'subtasks') s);
      execute pg_catalog.format(
        'insert into public.subtasks (%1$s)
         select %1$s from pg_catalog.jsonb_populate_recordset(null::public.subtasks, $1)
         on conflict (id) do nothing', v_columns)
        using p_dependents -> 'subtasks';
      get diagnostics v_subtasks = row_count;
    end if;
    return pg_catalog.jsonb_build_object('subtasks', v_subtasks,
                                         'notes_not_restored', coalesce((p_dependents ->> 'notes')::integer, 0));
  end if;
  update public.tasks t set listing_id = p_id
   where t.id in (select (pg_catalog.jsonb_array_elements_text(p_dependents -> 'tasks'))::uuid) and t.listing_id is null;
  get diagnostics v_tasks = row_count;
  update public.activities a set listing_id = p_id
   where a.id in (select (pg_catalog.jsonb_array_elements_text(p_dependents -> 'activities'))::uuid) and a.listing_id is null;
  get diagnostics v_activities = row_count;
  return pg_catalog.jsonb_build_object('tasks', v_tasks, 'activities', v_activities,
                                       'notes_not_restored', coalesce((p_dependents ->> 'notes')::integer, 0));
end
$_$;

--
-- Name: FUNCTION restore_dependents(p_table text, p_id uuid, p_dependents jsonb); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.restore_dependents(p_table text, p_id uuid, p_dependents jsonb) IS 'Part of restore_entity: from the DELETE entry''s dependents, re-creates the subtasks of a restored task or activity, or relinks to a restored listing its tasks and activities that are on no listing now. Returns what it did, {subtasks, notes_not_restored} or {tasks, activities, notes_not_restored} (counts): notes are not restored.';

--
-- Name: restoring_id(text); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.restoring_id(p_table text) RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return (select r.id from private.restoring r
           where r.xact = pg_catalog.pg_current_xact_id_if_assigned() and r.table_name = p_table
           limit 1);
end
$$;

--
-- Name: FUNCTION restoring_id(p_table text); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.restoring_id(p_table text) IS 'The id of the row of p_table that public.restore_entity is re-creating in this transaction (private.restoring), or NULL: the statement triggers ask it once per statement. PL/pgSQL so that its plan is kept for the session (a SQL function with a SET clause is planned again at every call).';

--
-- Name: set_restoring(text, uuid); Type: FUNCTION; Schema: audit; Owner: -
--

CREATE FUNCTION audit.set_restoring(p_table text, p_id uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  delete from private.restoring r where r.xact = pg_catalog.pg_current_xact_id();
  insert into private.restoring (table_name, id) select p_table, p_id where p_table is not null and p_id is not null;
$$;

--
-- Name: FUNCTION set_restoring(p_table text, p_id uuid); Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON FUNCTION audit.set_restoring(p_table text, p_id uuid) IS 'Marks the row of p_table with id p_id as being restored, in this transaction (a row of private.restoring; NULLs clear the mark). Called by public.restore_entity around its INSERT, as the owner: no API role may write the mark.';

--
-- Name: uid(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.uid() RETURNS uuid
    LANGUAGE sql STABLE
    AS $$
      select coalesce(
        nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::pg_catalog.jsonb
          operator(pg_catalog.->>) 'sub',
        nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), '')
      )::pg_catalog.uuid
    $$;

--
-- Name: FUNCTION uid(); Type: COMMENT; Schema: auth; Owner: -
--

COMMENT ON FUNCTION auth.uid() IS 'The calling user''s id: the "sub" of request.jwt.claims (or request.jwt.claim.sub); NULL when neither is set.';

--
-- Name: backlog(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.backlog() RETURNS TABLE(handler text, events bigint, oldest_created_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $$
  select c.handler, count(e.id), min(e.created_at)
    from outbox.cursors c
    join outbox.handlers h on h.name = c.handler
    left join lateral (
      select e.id, e.created_at, e.table_name, e.op from outbox.events e
       where e.id > c.last_event_id
      union all
      -- (e.id + 0: the txid index finds these few; the id index would read the history)
      select e.id, e.created_at, e.table_name, e.op from outbox.events e
       where (e.id + 0) <= c.last_event_id
         and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(c.snapshot)))
              or e.txid >= pg_catalog.pg_snapshot_xmax(c.snapshot))
    ) e on (h.tables is null or e.table_name = any (h.tables)) and e.op = any (h.ops)
   group by c.handler
$$;

--
-- Name: FUNCTION backlog(); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.backlog() IS 'Per handler, the committed events it wants that its cursor has not read yet (its backlog in the log) and the created_at of the oldest. Reads that backlog (index scans from the cursor), never the history.';

--
-- Name: batches; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.batches (
    id integer NOT NULL,
    lease_id bigint NOT NULL,
    handler text NOT NULL,
    from_snapshot pg_snapshot NOT NULL,
    from_event_id bigint NOT NULL,
    to_snapshot pg_snapshot NOT NULL,
    to_event_id bigint NOT NULL,
    events integer NOT NULL,
    oldest_created_at timestamp with time zone NOT NULL,
    state text DEFAULT 'running'::text NOT NULL,
    attempts integer DEFAULT 1 NOT NULL,
    run_at timestamp with time zone NOT NULL,
    locked_by text,
    locked_at timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT batches_lock_check CHECK (((state = 'running'::text) = (locked_by IS NOT NULL))),
    CONSTRAINT batches_state_check CHECK ((state = ANY (ARRAY['running'::text, 'pending'::text, 'free'::text])))
)
WITH (fillfactor='50', autovacuum_vacuum_scale_factor='0', autovacuum_vacuum_threshold='50', autovacuum_vacuum_cost_delay='0');

--
-- Name: TABLE batches; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.batches IS 'Pages of the log leased to a worker, one row per (handler, page) in flight: the handler''s events read between cursor (from_snapshot, from_event_id) and cursor (to_snapshot, to_event_id), which outbox.batch_events finds again. outbox.complete frees the row and the next page reuses it (no insert, no delete); a lease that expires (the worker died) is claimed again as a whole. A handful of rows, read whole (no index on purpose: see the storage parameters).';

--
-- Name: COLUMN batches.id; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.id IS 'The row, reused from page to page.';

--
-- Name: COLUMN batches.lease_id; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.lease_id IS 'This lease of the row (outbox.lease_ids): what outbox.claim returns as batch_id and the worker reports with, so a late report never touches the row''s next page.';

--
-- Name: COLUMN batches.events; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.events IS 'How many events the page had when it was read.';

--
-- Name: COLUMN batches.oldest_created_at; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.oldest_created_at IS 'created_at of its oldest event (outbox.oldest_pending).';

--
-- Name: COLUMN batches.state; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.state IS 'running (leased to locked_by until run_at), pending (given back whole by outbox.release: due at run_at) or free (handled; the row waits for the next page).';

--
-- Name: COLUMN batches.attempts; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.attempts IS 'Attempts started on the page (its events'' attempt number).';

--
-- Name: COLUMN batches.run_at; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.run_at IS 'running: the lease expiry; pending: when it may be claimed.';

--
-- Name: COLUMN batches.last_error; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.batches.last_error IS 'Why the page is on a later attempt (a lease that expired).';

--
-- Name: events; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
)
PARTITION BY LIST ((((((created_at AT TIME ZONE 'UTC'::text))::date - '1970-01-01'::date) % 16)));

--
-- Name: TABLE events; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events IS 'Append-only log of changes to the tables with outbox.enable_changes, written by their triggers in the same transaction. The canonical RealtimeRecord {table, eventType, record, oldRecord} is table_name, op, record and (update) record || old_record or (delete) old_record. A ring of 16 daily partitions (events_p00 .. events_p15, by the UTC day of created_at): rows are never updated or deleted; a whole day leaves by outbox.prune (TRUNCATE) once it is older than the retention and every handler has read past it.';

--
-- Name: COLUMN events.id; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.id IS 'Event id, from a sequence at the time of the change. For one row, a later change always has a larger id (the row lock orders them), so id order is commit order per row; clients deduplicate by it.';

--
-- Name: COLUMN events.table_name; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.table_name IS 'Unqualified table name (TG_TABLE_NAME), e.g. tasks; all recorded tables are in schema public.';

--
-- Name: COLUMN events.op; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.op IS 'insert, update or delete (RealtimeRecord.eventType).';

--
-- Name: COLUMN events.record_id; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.record_id IS 'The row''s uuid id; NULL for a table without a uuid "id" column (e.g. a composite key).';

--
-- Name: COLUMN events.record; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.record IS 'The new row as JSON (insert, update); NULL on delete.';

--
-- Name: COLUMN events.old_record; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.old_record IS 'On update only the columns that changed, with their old values (the full old row is record || old_record); on delete the whole old row; NULL on insert.';

--
-- Name: COLUMN events.audience; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.audience IS 'The users the change concerns by name: private.row_audience() (the visibility definition: the holders of the row''s scope keys) of the old and of the new row, deduplicated (who could see the row before or after the change; admins not included). The old row''s is computed only when a column deciding the keys changed (private.visibility_columns); otherwise it equals the new row''s. For notifications: the recipient.';

--
-- Name: COLUMN events.visible_to_all; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.visible_to_all IS 'True when every authenticated user could see the old or the new row (an everyone key: an open task or activity, a note on one, a profile), so the change concerns everybody, not only audience.';

--
-- Name: COLUMN events.txid; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.txid IS 'The writing transaction''s id (pg_current_xact_id). Cursors (handlers'' in 0017, feeds'' in 0019) hold a snapshot; an event whose transaction was still running at that snapshot is found again through this column, so a late commit is never missed.';

--
-- Name: COLUMN events.created_at; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.created_at IS 'Start time of the writing transaction (now()); its UTC day chooses the partition.';

--
-- Name: COLUMN events.actor; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.actor IS 'auth.uid() of the writer when the change was made (who claimed, completed, wrote the note, restored ...); NULL for service and system writes. Handlers use it not to notify people of their own actions.';

--
-- Name: COLUMN events.restored; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.events.restored IS 'True for the insert of a row re-created by public.restore_entity (audit.is_restoring): a restore shows up as an insert event with this flag.';

--
-- Name: batch_events(outbox.batches); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.batch_events(p_batch outbox.batches) RETURNS SETOF outbox.events
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $$
  select e.*
    from outbox.handlers h
   cross join lateral (
     select e.* from outbox.events e
      where e.id > p_batch.from_event_id and e.id <= p_batch.to_event_id
     union all
     -- (e.id + 0: the txid index finds these few; the id index would read the history)
     select e.* from outbox.events e
      where (e.id + 0) <= p_batch.from_event_id
        and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(p_batch.from_snapshot)))
             or e.txid >= pg_catalog.pg_snapshot_xmax(p_batch.from_snapshot))
   ) e
   where h.name = p_batch.handler
     and pg_catalog.pg_visible_in_snapshot(e.txid, p_batch.to_snapshot)
     and (h.tables is null or e.table_name = any (h.tables))
     and e.op = any (h.ops)
   order by e.id
$$;

--
-- Name: FUNCTION batch_events(p_batch outbox.batches); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.batch_events(p_batch outbox.batches) IS 'The events of a batch, in id order: what its handler wants between the batch''s two cursors (index scans only). Used to claim a batch again (its lease expired, or it was given back) and by outbox.deliveries.';

--
-- Name: capture_block(text, text); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.capture_block(p_table text, p_op text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION capture_block(p_table text, p_op text); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.capture_block(p_table text, p_op text) IS 'PL/pgSQL text of outbox.capture_changes''s block for a p_op statement on p_table: outbox.capture_sql as a static statement (its plan kept for the session) when the statement wrote one row or none, a second static copy of it when it wrote more than 16 (first planned for that many: hash and merge joins, linear at any size), else the same text from outbox.capture_statements run with EXECUTE, planned for its row count. The static statements read the actor and the restored id in InitPlans, without variables, so that their plan is kept from the first call.';

--
-- Name: capture_sql(text, text, text, text, boolean); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.capture_sql(p_table text, p_op text, p_actor text, p_restored text, p_one_row boolean) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION capture_sql(p_table text, p_op text, p_actor text, p_restored text, p_one_row boolean); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.capture_sql(p_table text, p_op text, p_actor text, p_restored text, p_one_row boolean) IS 'SQL text of the statement outbox.capture_changes runs for a p_op (insert | update | delete) statement on p_table: every row of its transition tables into outbox.events, with its audience worked out for all rows at once (private.change_audience_sql), and for a synced table its change marks (private.sync_marks_sql) in the same statement; p_actor and p_restored are the expressions of the acting user and of the id restore_entity re-creates (variables, or $1 and $2); p_one_row for the statement of a write of at most one row (its audience read without joins). Generated from private.visibility_rules.';

--
-- Name: changes_since(text, text[], integer, uuid); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.changes_since(p_cursor text, p_tables text[] DEFAULT NULL::text[], p_limit integer DEFAULT 1000, p_user uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
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

--
-- Name: FUNCTION changes_since(p_cursor text, p_tables text[], p_limit integer, p_user uuid); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.changes_since(p_cursor text, p_tables text[], p_limit integer, p_user uuid) IS 'A realtime feed page: {events: [{id, table, eventType, recordId, record, oldRecord, changedColumns, createdAt}], cursor, has_more} — the seed''s RealtimeRecord plus the event id — of the changes after p_cursor (NULL = all retained events; see current_cursor()) to p_tables (NULL = all), optionally only those concerning p_user (named in audience, or visible_to_all; an update that took the row from the user is left out), in id order (commit order per row). For p_user and a cursor, the page ends with the user''s visibility changes since the cursor (outbox.visibility_events: id 0, reason granted | revoked), as their sync_pull reports them. Never misses a change, even one whose transaction commits after a later one; may repeat an event (deduplicate by id). Call it outside a transaction (autocommit). INVALID_CURSOR, INVALID_TABLE, INVALID_LIMIT, CURSOR_EXPIRED (22023: the cursor is older than the log''s retention; start again from current_cursor()).';

--
-- Name: claim(text, text[], integer, interval); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.claim(p_worker text, p_handlers text[] DEFAULT NULL::text[], p_batch integer DEFAULT 500, p_lease interval DEFAULT '00:00:30'::interval) RETURNS TABLE(event_id bigint, handler text, attempt integer, batch_id bigint, table_name text, op text, record_id uuid, record jsonb, old_record jsonb, audience uuid[], created_at timestamp with time zone, actor uuid, restored boolean)
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
#variable_conflict use_column
declare
  v_room integer := p_batch;
  v_n integer;
  v_retry tid[];
  v_dead tid[];
  v_batch outbox.batches;
  v_max integer;
  v_handlers text[];
  v_handler text;
  v_tables text[];
  v_ops text[];
  v_left integer;
  v_share integer;
  v_limit integer;
  v_full text[];
  v_rounds integer;
  v_snap pg_catalog.pg_snapshot;
  v_xip pg_catalog.xid8[];
  v_last bigint;
  v_moved bigint;
  v_spread numeric;
  v_more boolean := false;
begin
  if p_worker is null or p_worker = '' then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the claiming worker';
  end if;
  if p_batch is null or p_batch not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'INVALID_BATCH: p_batch must be between 1 and 10000';
  end if;
  if p_lease is null or p_lease <= interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_LEASE: p_lease must be a positive interval';
  end if;

  -- 1. Retries due (failed, given back, re-queued, or leased to a worker whose lease ran
  --    out), oldest first, skipping rows other claimers hold. An expired lease on the last
  --    attempt goes dead instead of running again.
  select array_agg(r.ctid) filter (where not r.exhausted), array_agg(r.ctid) filter (where r.exhausted)
    into v_retry, v_dead
    from (select r.ctid,
                 r.state = 'running'
                   and r.attempts >= coalesce((select h.max_attempts from outbox.handlers h
                                                where h.name = r.handler), 5) as exhausted
            from outbox.retries r
           where r.state <> 'dead'
             and r.run_at <= now()
             and (p_handlers is null or r.handler = any (p_handlers))
           order by r.run_at, r.event_id
           limit p_batch
             for update of r skip locked) r;
  if v_dead is not null then
    update outbox.retries r
       set state = 'dead', run_at = now(), locked_by = null, locked_at = null,
           last_error = format('lease of worker %s expired on the last attempt', r.locked_by)
     where r.ctid = any (v_dead);
  end if;
  if v_retry is not null then
    return query
    with claimed as (
      update outbox.retries r
         set state = 'running', attempts = r.attempts + 1, run_at = now() + p_lease,
             locked_by = p_worker, locked_at = now(),
             last_error = case when r.state = 'running' then format('lease of worker %s expired', r.locked_by)
                               else r.last_error end
       where r.ctid = any (v_retry)
      returning r.handler, r.event_id, r.attempts, r.event
    )
    select c.event_id, c.handler, c.attempts, 0::bigint, e.table_name, e.op, e.record_id, e.record,
           e.old_record, e.audience, e.created_at, e.actor, e.restored
      from claimed c
     cross join lateral pg_catalog.jsonb_populate_record(null::outbox.events, c.event) e;
    get diagnostics v_n = row_count;
    v_room := v_room - v_n;
  end if;

  -- 2. Batches due: given back whole, or leased to a worker whose lease ran out. Their
  --    events are found again from the batch's cursors; the last attempt's expiry sends
  --    them to the dead letters instead.
  for v_batch in
    select b.* from outbox.batches b
     where b.state <> 'free'
       and b.run_at <= now()
       and (p_handlers is null or b.handler = any (p_handlers))
     order by b.run_at
       for update of b skip locked
  loop
    exit when v_room <= 0;
    select coalesce(max(h.max_attempts), 5) into v_max from outbox.handlers h where h.name = v_batch.handler;
    if v_batch.state = 'running' and v_batch.attempts >= v_max then
      insert into outbox.retries as r (handler, event_id, state, attempts, run_at, last_error, event)
      select v_batch.handler, e.id, 'dead', v_batch.attempts, now(),
             format('lease of worker %s expired on the last attempt', v_batch.locked_by), pg_catalog.to_jsonb(e)
        from outbox.batch_events(v_batch) e
      on conflict (handler, event_id) do update
        set state = 'dead', attempts = excluded.attempts, run_at = excluded.run_at, locked_by = null,
            locked_at = null, last_error = excluded.last_error;
      update outbox.batches b
         set state = 'free', locked_by = null, locked_at = null, events = 0
       where b.id = v_batch.id;
      continue;
    end if;
    update outbox.batches b
       set lease_id = nextval('outbox.lease_ids'), state = 'running', attempts = b.attempts + 1, run_at = now() + p_lease,
           locked_by = p_worker, locked_at = now(),
           last_error = case when b.state = 'running' then format('lease of worker %s expired', b.locked_by)
                             else b.last_error end
     where b.id = v_batch.id
    returning b.* into v_batch;
    return query
    select e.id, v_batch.handler, v_batch.attempts, v_batch.lease_id, e.table_name, e.op, e.record_id, e.record,
           e.old_record, e.audience, e.created_at, e.actor, e.restored
      from outbox.batch_events(v_batch) e;
    get diagnostics v_n = row_count;
    if v_n = 0 then
      update outbox.batches b
         set state = 'free', locked_by = null, locked_at = null, events = 0
       where b.id = v_batch.id;
    end if;
    v_room := v_room - v_n;
  end loop;

  -- 3. The next page of each handler's log, the room left shared between the handlers.
  --    The cursors are locked until this transaction ends (in name order: no deadlock), so
  --    a second claimer waits a moment and then reads on from the moved cursor. A page is
  --    the events after the cursor in id order, up to the handler's share, plus every event
  --    of the transactions the cursor's snapshot could not see (few: those in flight at the
  --    last read); the statement's own snapshot becomes the cursor, so transactions still
  --    running now are read by a later page. The page is one batch row, leased to us.
  --    A handler that wants some of the events reads ahead of its share: the next read
  --    looks at as many events as the share left needs at the rate the reads before found
  --    them (and a quarter more), and takes the first of them that fill the share; the
  --    cursor then stops after the last event taken, so the events read past it are read
  --    again by the next page. Without it a handler that wants every other event found
  --    half its share a read, and a claim took eight reads (and eight batches) to fill it.
  if v_room > 0 then
    select array_agg(c.handler order by c.handler) into v_handlers
      from (select c.handler from outbox.cursors c
             where p_handlers is null or c.handler = any (p_handlers)
             order by c.handler
               for update of c) c;
    -- Two passes: the room a handler with little to read left over goes to the others.
    for v_pass in 1..2 loop
      exit when v_room <= 0 or coalesce(cardinality(v_handlers), 0) = 0;
      v_left := cardinality(v_handlers);
      v_full := '{}';
      foreach v_handler in array v_handlers loop
        v_share := ceil(v_room::numeric / v_left)::integer;
        v_left := v_left - 1;
        continue when v_share <= 0;
        v_rounds := 0;
        v_spread := 1;
        select h.tables, h.ops into v_tables, v_ops from outbox.handlers h where h.name = v_handler;
        select c.snapshot, c.last_event_id into v_snap, v_last from outbox.cursors c where c.handler = v_handler;
        loop
          v_rounds := v_rounds + 1;
          -- events read per event wanted so far (ids apart per row returned), a quarter more
          v_limit := greatest(v_share, least(ceil(v_share * v_spread), 4 * p_batch, 10000))::integer;
          v_xip := array(select pg_catalog.pg_snapshot_xip(v_snap));
          return query
          with examined as materialized (
            select e.* from outbox.events e
             where e.id > v_last
             order by e.id
             limit v_limit
          ), taken as materialized (
            select x.* from examined x
             where (v_tables is null or x.table_name = any (v_tables)) and x.op = any (v_ops)
             order by x.id
             limit v_share
          ), page as materialized (
            select x.*
              from (select * from taken
                    union all
                    -- (e.id + 0: the txid index finds these few; the id index would read the history)
                    select e.* from outbox.events e
                     where (e.id + 0) <= v_last
                       and (e.txid = any (v_xip) or e.txid >= pg_catalog.pg_snapshot_xmax(v_snap))) x
             where (v_tables is null or x.table_name = any (v_tables)) and x.op = any (v_ops)
          ), moved as (
            update outbox.cursors c
               set snapshot = pg_catalog.pg_current_snapshot(),
                   -- after the last event read; after the last one taken when they filled the share
                   last_event_id = greatest(c.last_event_id, coalesce(
                     case when (select count(*) from taken) >= v_share then (select max(t.id) from taken t)
                          else (select max(x.id) from examined x) end, 0)),
                   updated_at = now()
             where c.handler = v_handler
            returning c.snapshot, c.last_event_id
          ), stats as (
            select count(*)::integer as n, min(p.created_at) as oldest from page p
          ), slot as (
            -- a free row, reused in place; a new one only when every row is in flight
            select b.id from outbox.batches b
             where b.state = 'free' and exists (select from page)
             limit 1
               for update of b skip locked
          ), reused as (
            update outbox.batches b
               set lease_id = nextval('outbox.lease_ids'), handler = v_handler,
                   from_snapshot = v_snap, from_event_id = v_last, to_snapshot = m.snapshot,
                   to_event_id = m.last_event_id, events = st.n, oldest_created_at = st.oldest,
                   state = 'running', attempts = 1, run_at = now() + p_lease, locked_by = p_worker,
                   locked_at = now(), last_error = null, created_at = now()
              from slot, moved m, stats st
             where b.id = slot.id and st.n > 0
            returning b.lease_id
          ), fresh as (
            insert into outbox.batches (lease_id, handler, from_snapshot, from_event_id, to_snapshot, to_event_id,
                                        events, oldest_created_at, state, attempts, run_at, locked_by, locked_at)
            select nextval('outbox.lease_ids'), v_handler, v_snap, v_last, m.snapshot, m.last_event_id, st.n, st.oldest,
                   'running', 1, now() + p_lease, p_worker, now()
              from moved m, stats st
             where st.n > 0 and not exists (select from reused)
            returning lease_id
          )
          select p.id, v_handler, 1, (select l.lease_id from (select lease_id from reused union all select lease_id from fresh) l),
                 p.table_name, p.op, p.record_id, p.record, p.old_record, p.audience, p.created_at, p.actor, p.restored
            from page p
           order by p.id;
          get diagnostics v_n = row_count;
          v_share := v_share - v_n;
          v_room := v_room - v_n;
          select c.snapshot, c.last_event_id into v_snap, v_moved from outbox.cursors c where c.handler = v_handler;
          -- Caught up (fewer ids after the cursor than the page could read: it was not
          -- full), or the share is full; a handler that wants few of the events reads on,
          -- a few pages at most per claim.
          exit when v_moved - v_last < v_limit or v_share <= 0;
          v_spread := 1.25 * (v_moved - v_last) / greatest(v_n, 1);
          if v_rounds >= 8 then
            v_more := true;
            exit;
          end if;
          v_last := v_moved;
        end loop;
        if v_share <= 0 then
          v_full := v_full || v_handler;
        end if;
      end loop;
      v_handlers := v_full;
    end loop;
  end if;

  -- Stopped reading with room left: one row without an event says "claim again at once".
  if v_more then
    return query select null::bigint, null::text, null::integer, null::bigint, null::text, null::text, null::uuid,
                        null::jsonb, null::jsonb, null::uuid[], null::timestamptz, null::uuid, null::boolean;
  end if;
end
$$;

--
-- Name: FUNCTION claim(p_worker text, p_handlers text[], p_batch integer, p_lease interval); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.claim(p_worker text, p_handlers text[], p_batch integer, p_lease interval) IS 'Leases up to p_batch deliveries of p_handlers (NULL = all) to worker p_worker for p_lease and returns them, one row per (event, handler) with the attempt number and the batch (0 = a retry row): first the retries due, then the batches given back or whose lease expired (an expiry on the last attempt sends their events to the dead letters), then the next page of each handler''s log (outbox.cursors; exactly once each, whatever the commit order). Concurrent claimers never get the same delivery (SKIP LOCKED; a cursor is read by one claimer at a time). A row with a NULL event_id means the claim stopped reading a long stretch of events no handler of p_handlers wants: call again. Call it in the transaction that reports the previous batch, or alone. Errors: NULL_ARGUMENT (22004), INVALID_BATCH, INVALID_LEASE (22023).';

--
-- Name: complete(text, bigint[], text[], bigint[]); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.complete(p_worker text, p_batches bigint[], p_handlers text[] DEFAULT NULL::text[], p_event_ids bigint[] DEFAULT NULL::bigint[]) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
declare
  v_batches integer;
  v_retries integer;
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the completing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers and p_event_ids must have the same length';
  end if;
  -- A batch taken over by another worker (this one's lease expired) is that worker's now:
  -- it runs the page again and closes it.
  update outbox.batches b
     set state = 'free', locked_by = null, locked_at = null, events = 0, last_error = null
   where b.lease_id = any (p_batches) and b.state = 'running' and b.locked_by = p_worker;
  get diagnostics v_batches = row_count;
  delete from outbox.retries r
   using unnest(p_handlers, p_event_ids) as u (handler, event_id)
   where r.handler = u.handler and r.event_id = u.event_id and r.state = 'running';
  get diagnostics v_retries = row_count;
  return v_batches + v_retries;
end
$$;

--
-- Name: FUNCTION complete(p_worker text, p_batches bigint[], p_handlers text[], p_event_ids bigint[]); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.complete(p_worker text, p_batches bigint[], p_handlers text[], p_event_ids bigint[]) IS 'Closes the batches p_batches leased to p_worker: their events are handled, but for those outbox.fail or outbox.release made retry rows of just before. Deletes the retry rows (p_handlers[i], p_event_ids[i]) that succeeded (accepted even from a worker whose lease was taken over: the handler did its work). Returns the batches plus retry rows removed. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

--
-- Name: current_cursor(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.current_cursor() RETURNS text
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  -- (never below what outbox.prune removed: an emptied log must not make "now" look expired)
  return (select outbox.feed_cursor(pg_catalog.pg_current_snapshot(),
                                    greatest(coalesce(max(e.id), 0), (select h.last_event_id from outbox.log_horizon h)))
            from outbox.events e);
end
$$;

--
-- Name: FUNCTION current_cursor(); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.current_cursor() IS 'The cursor of "now": changes_since(current_cursor()) returns only changes committed after this call (and those still uncommitted during it).';

--
-- Name: disable_changes(regclass); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.disable_changes(p_table regclass) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
begin
  perform private.define(format('drop trigger if exists outbox_insert on %s', p_table));
  perform private.define(format('drop trigger if exists outbox_delete on %s', p_table));
  perform private.define(format('drop trigger if exists outbox_update on %s', p_table));
  perform private.define(format('drop trigger if exists outbox_doorbell on %s', p_table));
end
$$;

--
-- Name: FUNCTION disable_changes(p_table regclass); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.disable_changes(p_table regclass) IS 'Stops recording the table''s changes (drops the outbox triggers). Recorded events stay.';

--
-- Name: doorbell_channel(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.doorbell_channel() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select 'dispatch_outbox'::text
$$;

--
-- Name: FUNCTION doorbell_channel(); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.doorbell_channel() IS 'The NOTIFY channel of the outbox doorbell (''dispatch_outbox''): LISTEN on it to learn that new events are committed.';

--
-- Name: enable_changes(regclass); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.enable_changes(p_table regclass) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
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

--
-- Name: FUNCTION enable_changes(p_table regclass); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.enable_changes(p_table regclass) IS 'Records every change of the table (schema public, an outbox table of the table manifest, with a uuid id) in the outbox: attaches outbox_insert, outbox_update and outbox_delete (statement triggers with transition tables running outbox.capture_changes: one set-based insert per statement) and outbox_doorbell. Idempotent. TRUNCATE is not recorded. NULL_ARGUMENT (22004), INVALID_TABLE (22023).';

--
-- Name: fail(text, text[], bigint[], text[], boolean[], bigint[]); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.fail(p_worker text, p_handlers text[], p_event_ids bigint[], p_errors text[], p_retryable boolean[] DEFAULT NULL::boolean[], p_batches bigint[] DEFAULT NULL::bigint[]) RETURNS TABLE(handler text, event_id bigint, state text, attempts integer, run_at timestamp with time zone)
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
#variable_conflict use_column
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the failing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids)
     or cardinality(p_errors) is distinct from cardinality(p_event_ids)
     or (p_retryable is not null and cardinality(p_retryable) <> cardinality(p_event_ids))
     or (p_batches is not null and cardinality(p_batches) <> cardinality(p_event_ids)) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers, p_event_ids, p_errors (and p_retryable, p_batches when given) must have the same length';
  end if;

  -- A delivery of a batch leased to p_worker becomes a retry row (with a copy of its event).
  return query
  insert into outbox.retries as r (handler, event_id, state, attempts, run_at, last_error, event)
  select u.handler, u.event_id,
         case when u.retryable is false or b.attempts >= coalesce(h.max_attempts, 5) then 'dead' else 'failed' end,
         b.attempts,
         case when u.retryable is false or b.attempts >= coalesce(h.max_attempts, 5) then now()
              else now() + outbox.retry_delay(b.attempts) end,
         left(coalesce(u.error, 'unknown error'), 8000),
         pg_catalog.to_jsonb(e)
    from unnest(p_handlers, p_event_ids, p_errors, p_retryable, p_batches)
           as u (handler, event_id, error, retryable, batch_id)
    join outbox.batches b on b.lease_id = u.batch_id and b.handler = u.handler and b.state = 'running' and b.locked_by = p_worker
    join outbox.events e on e.id = u.event_id
    left join outbox.handlers h on h.name = u.handler
  on conflict (handler, event_id) do update
    set state = excluded.state, attempts = excluded.attempts, run_at = excluded.run_at,
        locked_by = null, locked_at = null, last_error = excluded.last_error
  returning r.handler, r.event_id, r.state, r.attempts, r.run_at;

  -- A retry leased to p_worker waits for its next attempt, or goes dead.
  return query
  update outbox.retries r
     set state = case when u.retryable is false or r.attempts >= coalesce(h.max_attempts, 5)
                      then 'dead' else 'failed' end,
         run_at = case when u.retryable is false or r.attempts >= coalesce(h.max_attempts, 5)
                       then now()
                       else now() + outbox.retry_delay(r.attempts) end,
         locked_by = null,
         locked_at = null,
         last_error = left(coalesce(u.error, 'unknown error'), 8000)
    from unnest(p_handlers, p_event_ids, p_errors, p_retryable, p_batches)
           as u (handler, event_id, error, retryable, batch_id)
    left join outbox.handlers h on h.name = u.handler
   where coalesce(u.batch_id, 0) = 0
     and r.handler = u.handler
     and r.event_id = u.event_id
     and r.state = 'running'
     and r.locked_by = p_worker
  returning r.handler, r.event_id, r.state, r.attempts, r.run_at;
end
$$;

--
-- Name: FUNCTION fail(p_worker text, p_handlers text[], p_event_ids bigint[], p_errors text[], p_retryable boolean[], p_batches bigint[]); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.fail(p_worker text, p_handlers text[], p_event_ids bigint[], p_errors text[], p_retryable boolean[], p_batches bigint[]) IS 'Records failed attempts of worker p_worker: (p_handlers[i], p_event_ids[i]) failed with p_errors[i]; p_retryable[i] NULL or true = retryable (NULL array: all); p_batches[i] = the batch it was claimed in (0 or NULL array: a retry row). A retryable failure of attempt n is retried after outbox.retry_delay(n) (1, 2, 4 ... 60 s); after the handler''s max_attempts, or when not retryable, the delivery goes dead. Deliveries no longer leased to p_worker are left alone. Returns the new state of each. Call before outbox.complete closes the batch. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

--
-- Name: feed_cursor(pg_snapshot, bigint); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.feed_cursor(p_snapshot pg_snapshot, p_last bigint) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return private.seal_cursor(pg_catalog.jsonb_build_object('i', private.cursor_incarnation(), 's', p_snapshot::text, 'l', p_last));
end
$$;

--
-- Name: FUNCTION feed_cursor(p_snapshot pg_snapshot, p_last bigint); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.feed_cursor(p_snapshot pg_snapshot, p_last bigint) IS 'The changes_since cursor of snapshot p_snapshot and last event p_last, of this incarnation of the database, sealed (private.seal_cursor). SECURITY DEFINER: the key is the owner''s.';

--
-- Name: generate_capture(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.generate_capture() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION generate_capture(); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.generate_capture() IS '(Re)creates outbox.capture_changes and its bulk statements (outbox.capture_statements) from the table manifest (its outbox tables) and their visibility rules. Run by private.apply_manifest before it attaches the triggers.';

--
-- Name: log_partition(timestamp with time zone); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.log_partition(p_at timestamp with time zone) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select ((pg_catalog.timezone('UTC', p_at)::date - date '1970-01-01') % 16)::integer
$$;

--
-- Name: FUNCTION log_partition(p_at timestamp with time zone); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.log_partition(p_at timestamp with time zone) IS 'The partition of outbox.events (NN of events_pNN) that holds the events created at p_at: (UTC day - 1970-01-01) % 16, the partition key''s expression.';

--
-- Name: log_partition_consumed(integer); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.log_partition_consumed(p_partition integer) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $_$
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
$_$;

--
-- Name: FUNCTION log_partition_consumed(p_partition integer); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.log_partition_consumed(p_partition integer) IS 'True when every event of partition outbox.events_pNN has been read by every handler''s cursor and by the start cursor of every outstanding batch: no handler needs it any more. Index probes only.';

--
-- Name: open_feed_cursor(text); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.open_feed_cursor(p_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
begin
  return private.open_cursor(p_cursor, 'changes_since', '^\d+:\d+:[\d,]*/\d+$');
end
$_$;

--
-- Name: FUNCTION open_feed_cursor(p_cursor text); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.open_feed_cursor(p_cursor text) IS 'The state {s: snapshot, l: last event id} of a changes_since cursor, or {legacy: cursor} for one of before sealing while those stand (private.open_cursor). INVALID_CURSOR, CURSOR_EXPIRED (22023: another incarnation of the database). SECURITY DEFINER: the key is the owner''s.';

--
-- Name: prune(interval); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.prune(p_older_than interval DEFAULT '7 days'::interval) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET lock_timeout TO '500ms'
    AS $$
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

--
-- Name: FUNCTION prune(p_older_than interval); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.prune(p_older_than interval) IS 'Empties (TRUNCATE) each daily partition of the log whose events are all older than p_older_than (default 7 days, at most 14) and have been read by every handler (outbox.log_partition_consumed): a handler''s backlog, a leased batch, a retry or a dead letter (which keep a copy of their event) never lose an event. Records what went in outbox.log_horizon, so feed cursors older than that get CURSOR_EXPIRED. Returns the number of events removed (counted just before each day''s lock). A partition busy for over 0.5 s is left for the next run. SECURITY DEFINER: TRUNCATE is not granted to service_role. INVALID_INTERVAL (22023).';

--
-- Name: handlers; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.handlers (
    name text NOT NULL,
    tables text[],
    ops text[] DEFAULT '{insert,update,delete}'::text[] NOT NULL,
    max_attempts integer DEFAULT 5 NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    CONSTRAINT handlers_max_attempts_check CHECK (((max_attempts >= 1) AND (max_attempts <= 10100))),
    CONSTRAINT handlers_name_check CHECK ((name ~ '^[a-z][a-z0-9_.:-]{0,62}$'::text)),
    CONSTRAINT handlers_ops_check CHECK (((ops <@ '{insert,update,delete}'::text[]) AND (cardinality(ops) > 0)))
);

--
-- Name: TABLE handlers; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.handlers IS 'The consumers of outbox events (dispatch-worker''s handlers). Each reads the log from its own cursor (outbox.cursors), so the events it has not read yet simply wait in the log: no change is lost while no worker runs. Managed with outbox.register_handler / outbox.unregister_handler.';

--
-- Name: COLUMN handlers.name; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.handlers.name IS 'Handler name as the worker knows it, e.g. notifications.';

--
-- Name: COLUMN handlers.tables; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.handlers.tables IS 'Tables whose changes it receives; NULL = every recorded table.';

--
-- Name: COLUMN handlers.ops; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.handlers.ops IS 'Operations it receives (subset of insert, update, delete).';

--
-- Name: COLUMN handlers.max_attempts; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.handlers.max_attempts IS 'Attempts before a delivery goes dead (the first try counts). Set from a horizon with outbox.set_retry_horizon: the attempts whose waits (outbox.retry_delay) span it.';

--
-- Name: COLUMN handlers.description; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.handlers.description IS 'What the handler does, for people reading psql.';

--
-- Name: register_handler(text, text[], text[], integer, text); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.register_handler(p_name text, p_tables text[] DEFAULT NULL::text[], p_ops text[] DEFAULT '{insert,update,delete}'::text[], p_max_attempts integer DEFAULT 5, p_description text DEFAULT ''::text) RETURNS outbox.handlers
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_unknown text[];
  v_handler outbox.handlers;
begin
  if p_name is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_name must not be NULL';
  end if;
  if p_name !~ '^[a-z][a-z0-9_.:-]{0,62}$' then
    raise exception using errcode = '22023',
      message = format('INVALID_HANDLER: %L is not a valid handler name', p_name),
      hint = 'Lower-case letters, digits and _ . : -, starting with a letter, at most 63 characters.';
  end if;
  select array_agg(t) into v_unknown
    from unnest(p_tables) t
   where t is null or t not in (select ot.table_name from outbox.tables ot);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_TABLE: the outbox does not record ' || array_to_string(v_unknown, ', ', 'NULL'),
      hint = 'Recorded tables: select table_name from outbox.tables; add one with outbox.enable_changes().';
  end if;
  if p_ops is null or cardinality(p_ops) = 0 or not p_ops <@ '{insert,update,delete}' then
    raise exception using errcode = '22023',
      message = 'INVALID_OPS: p_ops must be a non-empty subset of {insert,update,delete}';
  end if;
  if p_max_attempts is null or p_max_attempts not between 1 and 100 then
    raise exception using errcode = '22023', message = 'INVALID_MAX_ATTEMPTS: p_max_attempts must be between 1 and 100';
  end if;

  insert into outbox.handlers as h (name, tables, ops, max_attempts, description)
  values (p_name, p_tables, p_ops, p_max_attempts, coalesce(p_description, ''))
  on conflict (name) do update
    set tables = excluded.tables, ops = excluded.ops, max_attempts = excluded.max_attempts,
        description = excluded.description, updated_at = now()
  returning h.* into v_handler;
  -- A new handler starts at "now": the events committed from here on, and those of the
  -- transactions still running (the snapshot's xip list). Re-registering keeps the cursor.
  insert into outbox.cursors (handler, snapshot, last_event_id)
  select p_name, pg_catalog.pg_current_snapshot(), coalesce(max(e.id), 0) from outbox.events e
  on conflict (handler) do nothing;
  return v_handler;
end
$_$;

--
-- Name: FUNCTION register_handler(p_name text, p_tables text[], p_ops text[], p_max_attempts integer, p_description text); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.register_handler(p_name text, p_tables text[], p_ops text[], p_max_attempts integer, p_description text) IS 'Creates or updates a handler. It receives the changes to p_tables (NULL = all recorded tables) with an operation in p_ops committed after it was first registered (and those of transactions still running then); updating a handler keeps its place in the log. Errors: NULL_ARGUMENT (22004), INVALID_HANDLER, INVALID_TABLE, INVALID_OPS, INVALID_MAX_ATTEMPTS (22023).';

--
-- Name: release(text, text[], bigint[], bigint[]); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[] DEFAULT NULL::bigint[]) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
declare
  v_count integer;
  v_more integer;
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_worker must name the releasing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids)
     or (p_batches is not null and cardinality(p_batches) <> cardinality(p_event_ids)) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers, p_event_ids (and p_batches when given) must have the same length';
  end if;
  -- The attempt never ran to an end: it does not count.
  if p_handlers is null and p_event_ids is null then
    with given as (
      update outbox.batches b
         set state = 'pending', attempts = greatest(b.attempts - 1, 0), run_at = now(),
             locked_by = null, locked_at = null
       where b.state = 'running' and b.locked_by = p_worker
      returning b.events
    )
    select coalesce(sum(g.events), 0) into v_count from given g;
    update outbox.retries r
       set state = case when r.attempts <= 1 then 'pending' else 'failed' end,
           attempts = greatest(r.attempts - 1, 0), run_at = now(), locked_by = null, locked_at = null
     where r.state = 'running' and r.locked_by = p_worker;
    get diagnostics v_more = row_count;
    return v_count + v_more;
  end if;

  insert into outbox.retries as r (handler, event_id, state, attempts, run_at, event)
  select u.handler, u.event_id, case when b.attempts <= 1 then 'pending' else 'failed' end,
         greatest(b.attempts - 1, 0), now(), pg_catalog.to_jsonb(e)
    from unnest(p_handlers, p_event_ids, p_batches) as u (handler, event_id, batch_id)
    join outbox.batches b on b.lease_id = u.batch_id and b.handler = u.handler and b.state = 'running' and b.locked_by = p_worker
    join outbox.events e on e.id = u.event_id
  on conflict (handler, event_id) do update
    set state = excluded.state, attempts = excluded.attempts, run_at = excluded.run_at, locked_by = null, locked_at = null;
  get diagnostics v_count = row_count;
  update outbox.retries r
     set state = case when r.attempts <= 1 then 'pending' else 'failed' end,
         attempts = greatest(r.attempts - 1, 0), run_at = now(), locked_by = null, locked_at = null
    from unnest(p_handlers, p_event_ids, p_batches) as u (handler, event_id, batch_id)
   where coalesce(u.batch_id, 0) = 0
     and r.handler = u.handler
     and r.event_id = u.event_id
     and r.state = 'running'
     and r.locked_by = p_worker;
  get diagnostics v_more = row_count;
  return v_count + v_more;
end
$$;

--
-- Name: FUNCTION release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[]); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[]) IS 'Gives back deliveries (p_handlers[i], p_event_ids[i], claimed in batch p_batches[i]; 0 or NULL array = a retry row) leased to p_worker without a result, e.g. when the worker stops in the middle of a batch: they are due again at once and the unfinished attempt is not counted. Both arrays NULL = everything leased to p_worker, whole batches included (a worker that lost the answer to its claim with its connection). Returns how many deliveries. Call before outbox.complete closes the batch. NULL_ARGUMENT (22004), ARRAY_LENGTH_MISMATCH (22023).';

--
-- Name: requeue_dead(text, bigint[]); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.requeue_dead(p_handler text DEFAULT NULL::text, p_event_ids bigint[] DEFAULT NULL::bigint[]) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_count integer;
begin
  update outbox.retries r
     set state = 'pending', attempts = 0, run_at = now()
   where r.state = 'dead'
     and (p_handler is null or r.handler = p_handler)
     and (p_event_ids is null or r.event_id = any (p_event_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

--
-- Name: FUNCTION requeue_dead(p_handler text, p_event_ids bigint[]); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.requeue_dead(p_handler text, p_event_ids bigint[]) IS 'Gives dead deliveries a fresh set of attempts, due now (last_error is kept until the next failure). Filters: one handler, some events; both NULL = every dead delivery. Returns how many.';

--
-- Name: retry_attempts(interval); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.retry_attempts(p_horizon interval) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_attempts integer := 1;
  v_waited interval := interval '0';
begin
  if p_horizon is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_horizon must be an interval';
  end if;
  if p_horizon < interval '0' or p_horizon > interval '7 days' then
    raise exception using errcode = '22023', message = 'INVALID_INTERVAL: p_horizon must be between 0 and 7 days';
  end if;
  while v_waited < p_horizon loop
    v_waited := v_waited + outbox.retry_delay(v_attempts);
    v_attempts := v_attempts + 1;
  end loop;
  return v_attempts;
end
$$;

--
-- Name: FUNCTION retry_attempts(p_horizon interval); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.retry_attempts(p_horizon interval) IS 'The attempts (the first included) whose waits on the retry schedule, outbox.retry_delay(1), (2) ..., add up to at least p_horizon: a delivery failing all along is retried for p_horizon, then goes dead. 0 to 7 days; NULL_ARGUMENT (22004), INVALID_INTERVAL (22023).';

--
-- Name: retry_delay(integer); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.retry_delay(p_attempts integer) RETURNS interval
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select pg_catalog.make_interval(secs => least(2 ^ (least(greatest(p_attempts, 1), 8) - 1), 60))
$$;

--
-- Name: FUNCTION retry_delay(p_attempts integer); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.retry_delay(p_attempts integer) IS 'How long to wait after the p_attempts-th failed attempt before the next: min(2^(n-1), 60) seconds (1, 2, 4 ... 60).';

--
-- Name: ring_doorbell(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.ring_doorbell() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  perform pg_catalog.pg_notify(outbox.doorbell_channel(), '');
  return null;
end
$$;

--
-- Name: FUNCTION ring_doorbell(); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.ring_doorbell() IS 'AFTER STATEMENT trigger function: pg_notify(outbox.doorbell_channel(), '''') — the doorbell for workers and realtime listeners. Delivered at commit, at most once per transaction.';

--
-- Name: set_retry_horizon(text, interval); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.set_retry_horizon(p_handler text, p_horizon interval) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_attempts integer := outbox.retry_attempts(p_horizon);
begin
  if p_handler is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_handler must name a handler';
  end if;
  update outbox.handlers h
     set max_attempts = v_attempts, updated_at = now()
   where h.name = p_handler and h.max_attempts <> v_attempts;
  if not found and not exists (select from outbox.handlers h where h.name = p_handler) then
    raise exception using errcode = 'P0002', message = format('NOT_FOUND: no handler %s in outbox.handlers', p_handler);
  end if;
  return v_attempts;
end
$$;

--
-- Name: FUNCTION set_retry_horizon(p_handler text, p_horizon interval); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.set_retry_horizon(p_handler text, p_horizon interval) IS 'Retries the failed deliveries of handler p_handler for p_horizon before they go dead: stores outbox.retry_attempts(p_horizon) as its max_attempts, returned. dispatch-worker --push-retry-for calls it. NULL_ARGUMENT (22004), INVALID_INTERVAL (22023), NOT_FOUND (P0002).';

--
-- Name: unregister_handler(text); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.unregister_handler(p_name text) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_dropped bigint;
  v_batched bigint;
begin
  if not exists (select from outbox.handlers h where h.name = p_name) then
    raise exception using errcode = 'P0002', message = format('NOT_FOUND: no handler %L', p_name);
  end if;
  -- Its cursor goes with it (on delete cascade), and so does its hold on the log.
  delete from outbox.handlers h where h.name = p_name;
  delete from outbox.retries r where r.handler = p_name;
  get diagnostics v_dropped = row_count;
  with gone as (delete from outbox.batches b where b.handler = p_name
                returning case when b.state = 'free' then 0 else b.events end as events)
  select coalesce(sum(g.events), 0) into v_batched from gone g;
  return v_dropped + v_batched;
end
$$;

--
-- Name: FUNCTION unregister_handler(p_name text); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.unregister_handler(p_name text) IS 'Removes a handler, its cursor and its outstanding deliveries (returned: how many were leased or waiting for a retry). NOT_FOUND (P0002) when there is none.';

--
-- Name: visibility_events(uuid, text[], pg_snapshot); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.visibility_events(p_user uuid, p_tables text[], p_snapshot pg_snapshot) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION visibility_events(p_user uuid, p_tables text[], p_snapshot pg_snapshot); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.visibility_events(p_user uuid, p_tables text[], p_snapshot pg_snapshot) IS 'The visibility changes of user p_user since snapshot p_snapshot in the synced tables among p_tables (NULL = all), as change-feed events with id 0 and a reason: inserts (granted: the row now visible, as it is) and deletes (revoked). The same query as sync_pull''s (private.sync_items, mode visibility). For outbox.changes_since.';

--
-- Name: api(text, text, text[], text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.api(p_signature text, p_class text, p_roles text[], p_why text, p_calls jsonb DEFAULT '[]'::jsonb) RETURNS void
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  insert into private.api_functions (signature, class, roles, why, calls) values ($1, $2, $3, $4, $5)
$_$;

--
-- Name: FUNCTION api(p_signature text, p_class text, p_roles text[], p_why text, p_calls jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.api(p_signature text, p_class text, p_roles text[], p_why text, p_calls jsonb) IS 'One entry of the list of functions the API roles may run (sql/code/manifest/api.sql): private.api_functions.';

--
-- Name: apply_manifest(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.apply_manifest() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
declare
  v_entry private.table_manifest;
  v_table regclass;
  v_problem text;
  v_drift text;
  v_key record;
  v_settled text;
begin
  -- Every entry names a table of schema public, each rule a kind and (but everyone) a uuid column.
  select pg_catalog.string_agg(pg_catalog.format('%s: %s', p.table_name, p.problem), '; ' order by p.table_name, p.problem)
    into v_problem
    from (select m.table_name, 'no such table in schema public' as problem
            from private.table_manifest m where pg_catalog.to_regclass(pg_catalog.format('public.%I', m.table_name)) is null
          union all
          select m.table_name, pg_catalog.format('%s is not a rule (kind, a uuid column, condition)', r)
            from private.table_manifest m cross join pg_catalog.jsonb_array_elements(m.visible_to) r
           where pg_catalog.to_regclass(pg_catalog.format('public.%I', m.table_name)) is not null
             and (exists (select from pg_catalog.jsonb_object_keys(r) k where k not in ('kind', 'column', 'condition'))
                  or not exists (select from private.visibility_kinds k where k.kind = r ->> 'kind')
                  or (r ? 'column' and not exists (
                        select from pg_catalog.pg_attribute a
                         where a.attrelid = pg_catalog.format('public.%I', m.table_name)::regclass
                           and a.attname = r ->> 'column' and a.atttypid = 'uuid'::regtype and not a.attisdropped)))
          union all
          -- A derived kind's parent is one level up: its open rows are kept per parent
          -- (private.child_parents), not resolved again through another derived kind.
          select m.table_name, pg_catalog.format('its parent %s is itself seen through a parent', k.derived_from)
            from private.table_manifest m cross join pg_catalog.jsonb_array_elements(m.visible_to) r
            join private.visibility_kinds k on k.kind = r ->> 'kind' and k.derived_from is not null
           where exists (select from private.table_manifest pm cross join pg_catalog.jsonb_array_elements(pm.visible_to) pr
                          join private.visibility_kinds pk on pk.kind = pr ->> 'kind' and pk.derived_from is not null
                          where pm.table_name = k.derived_from)
          union all
          select w.table_name, w.problem from private.write_rule_problems() w) p;
  if v_problem is not null then
    raise exception using errcode = '22023', message = 'INVALID_MANIFEST: ' || v_problem;
  end if;

  -- A restored database (or one on a new timeline) settles first: cursors of before expire,
  -- restored rows are re-stamped for sync, and the operator is told.
  v_settled := private.settle_incarnation();
  if v_settled is not null then
    raise warning '%', v_settled;
  end if;

  delete from private.visibility_tables;
  insert into private.visibility_tables (table_name, admin_sees)
  select m.table_name, m.admin_sees from private.table_manifest m;
  insert into private.visibility_rules (table_name, kind, key_column, condition)
  select m.table_name, r ->> 'kind', r ->> 'column', r ->> 'condition'
    from private.table_manifest m cross join pg_catalog.jsonb_array_elements(m.visible_to) r;

  -- Scope keys are planned for one user's keys, not for the average key of the table. A
  -- policy compares a key column with the caller's keys (col = (select auth.uid()), col =
  -- any (keys)), values the planner cannot see; it then estimates 1/n_distinct of the table
  -- per key. Where one user holds most rows (a million open tasks of one account, a
  -- million entries in one watchlist) n_distinct is tiny, every key looks like half the
  -- table, and every other user's read became a scan of that user's rows. The planner is
  -- told instead that a key holds about a hundred rows (n_distinct = -0.01: distinct keys
  -- one hundredth of the rows), so a read probes the caller's keys by index at any skew.
  -- Read by ANALYZE: a table analysed since holds it. Unique columns (a row's own id as
  -- its key) are left alone. The tables private to their owner (journals, notifications,
  -- devices) too, whose policy is the one test owner = caller: another owner's 100,000
  -- journal entries made every other owner's plain read a scan of all of them (1,725
  -- buffers for ten entries). Their reads scoped by a finer key (a thread) go by an index
  -- that holds the owner after it (journal_entries_thread_owner_idx,
  -- journal_entry_value_lists_thread_owner_idx), which the planner prefers to the owner's
  -- alone, whatever it believes an owner holds.
  for v_key in
    select distinct r.table_name, r.key_column
      from private.visibility_rules r
      join pg_catalog.pg_attribute a
        on a.attrelid = pg_catalog.format('public.%I', r.table_name)::regclass and a.attname = r.key_column
     where r.key_column is not null
       and 'n_distinct=-0.01' <> all (coalesce(a.attoptions, '{}'))
       and not exists (select from pg_catalog.pg_index i
                        where i.indrelid = a.attrelid and i.indisunique and i.indnkeyatts = 1 and i.indkey[0] = a.attnum)
  loop
    execute pg_catalog.format('alter table public.%I alter column %I set (n_distinct = -0.01)', v_key.table_name, v_key.key_column);
  end loop;

  -- Before the policies, which call what it generates (private.is_open_parent).
  perform private.generate_child_parents();
  -- Sync first: its column is one of those the stamping and audit triggers compare.
  perform private.generate_sync_fields();
  for v_entry in select * from private.table_manifest where synced order by ordinal loop
    perform private.enable_sync(pg_catalog.format('public.%I', v_entry.table_name)::regclass);
  end loop;

  for v_entry in select * from private.table_manifest order by ordinal loop
    v_table := pg_catalog.format('public.%I', v_entry.table_name)::regclass;
    perform private.apply_select_policy(v_entry.table_name);
    if v_entry.stamped then
      perform private.enable_row_stamping(v_table);
    else
      perform private.define(pg_catalog.format('drop trigger if exists _stamp_insert on %s', v_table));
      perform private.define(pg_catalog.format('drop trigger if exists _stamp_update on %s', v_table));
    end if;
    perform private.limit_lengths(v_table, v_entry.lengths);
    -- Called only when there is a deleted_at to stamp: inserted as a tombstone, or changed
    -- (UPDATE OF alone also fires for a statement that names it unchanged: every sync_push).
    if v_entry.tombstoned then
      perform private.define(pg_catalog.format('create or replace trigger _stamp_deleted_at_insert before insert on %s '
                                               'for each row when (new.deleted_at is not null) execute function private.stamp_deleted_at()', v_table));
      perform private.define(pg_catalog.format('create or replace trigger _stamp_deleted_at_update before update on %s '
                                               'for each row when (old.deleted_at is distinct from new.deleted_at) '
                                               'execute function private.stamp_deleted_at()', v_table));
    else
      perform private.define(pg_catalog.format('drop trigger if exists _stamp_deleted_at_insert on %s', v_table));
      perform private.define(pg_catalog.format('drop trigger if exists _stamp_deleted_at_update on %s', v_table));
    end if;
    if v_entry.audit_entity is not null then
      perform audit.enable_tracking(v_table, v_entry.audit_entity, v_entry.audit_owner);
    end if;
  end loop;

  -- Write policies after private.caller_writes, which those of child tables call.
  perform private.generate_caller_writes();
  for v_entry in select * from private.table_manifest order by ordinal loop
    perform private.apply_write_policies(v_entry.table_name);
  end loop;

  perform private.generate_row_scope();
  perform private.generate_quota_checks();
  perform private.generate_sync_statements();
  perform outbox.generate_capture();

  perform private.generate_sync_marks();

  for v_entry in select * from private.table_manifest order by ordinal loop
    v_table := pg_catalog.format('public.%I', v_entry.table_name)::regclass;
    if v_entry.outbox then
      perform outbox.enable_changes(v_table);
    else
      perform outbox.disable_changes(v_table);
    end if;
    -- The change marks of sync_poll: the outbox capture writes those of its tables.
    perform private.enable_sync_marks(v_table, v_entry.synced and not v_entry.outbox);
  end loop;

  -- Supabase Realtime, where the publication exists (created first on plain PostgreSQL with
  -- logical decoding, where the migrating role may: private.ensure_realtime_publication).
  -- One FOR ALL TABLES already publishes everything, the journals included: say so and go
  -- on (refusing would leave the database half-installed for a setting the project owner chose).
  if not private.ensure_realtime_publication() then
    null;   -- no publication, and none may be made here
  elsif exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime' and p.puballtables) then
    raise warning using
      message = 'PUBLICATION_FOR_ALL_TABLES: publication supabase_realtime publishes every table, the journals included',
      hint = 'Recreate it without FOR ALL TABLES (drop publication supabase_realtime, then create publication supabase_realtime), then call private.enable_supabase_realtime().';
  else
    perform private.enable_supabase_realtime();
  end if;
  -- Supabase Storage's bucket and policies, where Storage is installed.
  perform private.ensure_photo_storage();

  -- The notification registry (public.notification_types) and the CHECK constraint on
  -- notifications.type are written together by the migration that adds a type.
  select pg_catalog.string_agg(pg_catalog.format('%s (missing from %s)', d.type, d.missing_from), ', ')
    into v_drift
    from public.notification_registry_drift() d;
  if v_drift is not null then
    raise exception using errcode = '23514',
      message = 'REGISTRY_DRIFT: notification_types and valid_notification_type differ',
      detail = v_drift,
      hint = 'Add the type to both the registry insert and the CHECK constraint in the same migration.';
  end if;
end
$$;

--
-- Name: FUNCTION apply_manifest(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.apply_manifest() IS 'Generates from the table manifest (private.table_manifest) what each table''s features need: visibility rules and SELECT policies, write policies and private.caller_writes, the planner''s n_distinct of each non-unique scope-key column (-0.01: a key holds about a hundred rows, whatever one user holds), the openness of children''s parents (private.child_parents), row scope, stamping, length limits, quota checks, tombstones, audit, sync (column, indexes, triggers, statements), outbox triggers, the Supabase Realtime publication; then checks the notification registry. Idempotent; the final step of migrate (sql/code/manifest/generate.sql). INVALID_MANIFEST (22023), REGISTRY_DRIFT (23514).';

--
-- Name: apply_select_policy(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.apply_select_policy(p_table text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
begin
  perform private.define(pg_catalog.format('alter table public.%I enable row level security', p_table));
  perform private.define(pg_catalog.format('create policy %I on public.%I for select to authenticated using (%s)',
                                           p_table || '_select', p_table, private.visibility_predicate(p_table, '', 'policy')));
  if (select t.admin_sees from private.visibility_tables t where t.table_name = p_table) then
    perform private.define(pg_catalog.format('create policy %I on public.%I for select to dispatch_admin using ((select private.is_admin()))',
                                             p_table || '_select_admin', p_table));
  else
    perform private.define(pg_catalog.format('drop policy if exists %I on public.%I', p_table || '_select_admin', p_table));
  end if;
end
$$;

--
-- Name: FUNCTION apply_select_policy(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.apply_select_policy(p_table text) IS '(Re)creates the SELECT policies of a table of schema public from its rules in private.visibility_rules: <table>_select for authenticated (private.visibility_predicate, policy form: no admin term, so its key columns stay index conditions) and, where admins see the table, <table>_select_admin for dispatch_admin (every row, for an admin). Run by private.apply_manifest.';

--
-- Name: apply_write_policies(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.apply_write_policies(p_table text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
declare
  v_command text;
  v_predicate text;
begin
  -- Through private.define: a policy that is already what the rules say is left alone (its
  -- table is not locked).
  foreach v_command in array array['insert', 'update', 'delete'] loop
    v_predicate := private.write_predicate(p_table, v_command, '');
    if v_predicate is null then
      perform private.define(pg_catalog.format('drop policy if exists %I on public.%I', p_table || '_' || v_command, p_table));
    else
      perform private.define(pg_catalog.format('create policy %I on public.%I for %s to authenticated %s (%s)',
                                               p_table || '_' || v_command, p_table, v_command,
                                               case v_command when 'insert' then 'with check' else 'using' end, v_predicate));
    end if;
  end loop;
end
$$;

--
-- Name: FUNCTION apply_write_policies(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.apply_write_policies(p_table text) IS '(Re)creates the INSERT, UPDATE and DELETE policies of authenticated on a table of schema public from its write rules in the table manifest (private.write_predicate); a command without rules has none. Run by private.apply_manifest.';

--
-- Name: assert_profile(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.assert_profile(p_user uuid) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if not exists (select from public.users u where u.id = p_user) then
    raise exception using errcode = 'P0002',
      message = 'NOT_FOUND: the caller has no profile in public.users',
      hint = 'Create the profile (insert into users) first.';
  end if;
end
$$;

--
-- Name: FUNCTION assert_profile(p_user uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.assert_profile(p_user uuid) IS 'Raises NOT_FOUND (P0002) when p_user, the caller, has no row in public.users (as an app user: another user''s profile is never found): for the RPCs a signed-in user may call before creating a profile (claims, journals, preferences, push devices), which would otherwise fail on a foreign key without a code.';

--
-- Name: assert_spatial_args(double precision, double precision, double precision); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if p_lat is null or p_lon is null or p_radius_km is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: lat, lon and radius_km are required',
      detail = format('lat = %s, lon = %s, radius_km = %s',
                      coalesce(p_lat::text, 'NULL'), coalesce(p_lon::text, 'NULL'), coalesce(p_radius_km::text, 'NULL'));
  end if;
  if not (p_lat between -90 and 90) then -- also rejects NaN
    raise exception using errcode = '22023',
      message = 'INVALID_LATITUDE: latitude must be between -90 and 90',
      detail = format('lat = %s', p_lat);
  end if;
  if not (p_lon between -180 and 180) then
    raise exception using errcode = '22023',
      message = 'INVALID_LONGITUDE: longitude must be between -180 and 180',
      detail = format('lon = %s', p_lon);
  end if;
  if not (p_radius_km > 0 and p_radius_km <= 500) then
    raise exception using errcode = '22023',
      message = 'INVALID_RADIUS: radius_km must be greater than 0 and at most 500',
      detail = format('radius_km = %s', p_radius_km),
      hint = 'Search a smaller area; 500 km is the maximum radius.';
  end if;
end
$$;

--
-- Name: FUNCTION assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision) IS 'Validates the arguments of the spatial RPCs: NULL_ARGUMENT (22004) for a NULL, INVALID_LATITUDE (outside -90..90), INVALID_LONGITUDE (outside -180..180), INVALID_RADIUS (not in (0, 500] km) (22023).';

--
-- Name: assert_sync_table(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.assert_sync_table(p_table text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if p_table is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_table is required';
  end if;
  if not (p_table = any (private.sync_tables())) then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: %L is not a synced table', p_table),
      hint = 'One of: ' || array_to_string(private.sync_tables(), ', ');
  end if;
end
$$;

--
-- Name: FUNCTION assert_sync_table(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.assert_sync_table(p_table text) IS 'Raises NULL_ARGUMENT (22004) or INVALID_TABLE (22023) unless p_table is one of private.sync_tables().';

--
-- Name: before_update_writes(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.before_update_writes() RETURNS TABLE(function_name text, columns text[])
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  values ('private.stamp_row()', array['updated_at', 'row_version']),
         ('private.stamp_sync_xid()', array['sync_xid']),
         ('private.stamp_deleted_at()', array['deleted_at']),
         ('private.derive_work_item_state()', array['completed_at', 'claimed_at', 'claim_expires_at']),
         ('private.derive_note_edited_at()', array['edited_at']),
         ('private.guard_listing_move()', '{}'::text[]),
         ('private.guard_listing_property()', '{}'::text[]),
         ('private.check_work_parent()', '{}'::text[])
$$;

--
-- Name: FUNCTION before_update_writes(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.before_update_writes() IS 'Per BEFORE UPDATE row trigger function of the public tables (its regprocedure text), the columns it writes into NEW. Read by private.update_of_sql; a function not listed is taken to write any column.';

--
-- Name: not_authenticated(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.not_authenticated(p_rpc text) RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  raise exception using errcode = '42501',
    message = pg_catalog.format('NOT_AUTHENTICATED: %s needs a signed-in caller', p_rpc),
    hint = 'Set request.jwt.claims with the user''s "sub".';
end
$$;

--
-- Name: FUNCTION not_authenticated(p_rpc text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.not_authenticated(p_rpc text) IS 'Raises NOT_AUTHENTICATED (42501) for the RPC named p_rpc: private.caller''s error.';

--
-- Name: caller(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.caller(p_rpc text) RETURNS uuid
    LANGUAGE sql STABLE
    RETURN COALESCE(auth.uid(), private.not_authenticated(p_rpc));

--
-- Name: FUNCTION caller(p_rpc text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.caller(p_rpc text) IS 'The caller (auth.uid()) of the RPC named p_rpc (for the message); NOT_AUTHENTICATED (42501, private.not_authenticated) when there is none. The one check of a calling user, for every RPC that serves users. Written into the calling statement.';

--
-- Name: caller_acts_as_authenticated(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.caller_acts_as_authenticated() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return case pg_catalog.current_setting('role')
           when 'none' then session_user in ('authenticated', 'dispatch_admin')
           else pg_catalog.current_setting('role') in ('authenticated', 'dispatch_admin') end;
end
$$;

--
-- Name: FUNCTION caller_acts_as_authenticated(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.caller_acts_as_authenticated() IS 'True when the session acts as role authenticated or dispatch_admin (an admin''s requests, a member of authenticated: SET ROLE, or signed in as it), whatever SECURITY DEFINER function asks: the guard of the definer paths to what is private to its owner (journals), which must not trust request.jwt.claims set by service_role or any other role.';

--
-- Name: caller_key_texts(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.caller_key_texts() RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select coalesce(array_agg(k.kind || ':' || k.key), '{}') from private.user_keys(auth.uid(), null) k
$$;

--
-- Name: FUNCTION caller_key_texts(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.caller_key_texts() IS 'The scope keys the caller holds (private.user_keys of auth.uid()) as kind:key texts, the form of private.sync_field_changes.base_keys. Runs as the caller.';

--
-- Name: caller_keys(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.caller_keys(p_kind text) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select coalesce(array_agg(k.key), '{}') from private.user_keys(auth.uid(), array[p_kind]) k
$$;

--
-- Name: FUNCTION caller_keys(p_kind text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.caller_keys(p_kind text) IS 'The keys of kind p_kind the caller (auth.uid()) holds, as an array: policies compare a key column with it (col = any ((select private.caller_keys(''listing'')))), evaluated once per statement. SECURITY DEFINER so that the policies of the tables it reads can call it without recursing.';

--
-- Name: caller_sees(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.caller_sees(p_table text, p_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_seen boolean;
begin
  execute pg_catalog.format('select exists (select from public.%I it where it.id = $1 and (%s))',
                            p_table, private.visibility_predicate(p_table, 'it', 'caller'))
    into v_seen using p_id;
  return v_seen;
end
$_$;

--
-- Name: FUNCTION caller_sees(p_table text, p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.caller_sees(p_table text, p_id uuid) IS 'True when the caller may see row p_id of p_table: the table''s SELECT policy for one row (false for an absent row). SECURITY DEFINER so that policies and definer RPCs can ask it.';

--
-- Name: caller_visible_ids(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.caller_visible_ids(p_table text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_sql text;
begin
  select pg_catalog.string_agg(
           case when k.derived_from is not null
                  then pg_catalog.format('select it.id from public.%I it where it.%I = any (array(select private.caller_visible_ids(%L)))%s',
                                         p_table, r.key_column, k.derived_from, ' and ' || r.condition)
                else pg_catalog.format('select it.id from private.user_keys($1, array[%L]) k join public.%I it on k.kind = %L and it.%I = k.key%s',
                                       r.kind, p_table, r.kind, r.key_column, ' and ' || r.condition) end,
           ' union ')
    into v_sql
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind
   where r.table_name = p_table and r.kind <> 'everyone';
  if v_sql is null then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
  end if;
  return query execute v_sql using auth.uid();
end
$_$;

--
-- Name: FUNCTION caller_visible_ids(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.caller_visible_ids(p_table text) IS 'Ids of the rows of p_table the caller sees through his own keys, from private.visibility_rules (one index scan per rule; an admin reads through role dispatch_admin''s own policies); not the rows every user sees (everyone rules): their children are found through private.open_parent_ids. For the policies of children (notes, subtasks): evaluated once per statement. SECURITY DEFINER so that those policies can call it without recursing.';

--
-- Name: change_audience_sql(text, text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.change_audience_sql(p_table text, p_op text, p_one_row boolean) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION change_audience_sql(p_table text, p_op text, p_one_row boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.change_audience_sql(p_table text, p_op text, p_one_row boolean) IS 'SQL text of the CTEs written (the rows a p_op statement on p_table wrote, from its transition tables new_rows / old_rows; p_one_row: a statement that wrote at most one row, its row without window functions or sort), row_keys (their keys; an update''s old keys too where it changed a column deciding them: old true), key_holders (the holders of those keys, one private.keys_holders call) and row_holders (each key with its holders), without the leading WITH: the audience of a statement''s changes, for outbox.capture_sql and private.sync_marks_sql. Generated from private.visibility_rules; INVALID_ARGUMENT (22023) for another operation.';

--
-- Name: changed_columns_sql(regclass, text, text, text, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text, p_skip text[] DEFAULT '{}'::text[]) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text, p_skip text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text, p_skip text[]) IS 'SQL text of a jsonb expression {column: p_value applied to the old value} over the columns of p_table (but p_skip) whose to_jsonb values differ between rows p_old and p_new, comparing typed values where the type''s equality is JSON equality, so that only changed columns are converted. For the set-based statement triggers: outbox.capture_sql (an update''s old_record), private.generate_sync_fields (the digests of private.sync_field_changes).';

--
-- Name: check_notes_quota(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_notes_quota() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_limit integer := private.quota_value('notes_per_author_per_item');
  v_over record;
begin
  select g.parent_type, g.parent_id, g.created_by, c.n into v_over
    from (select distinct n.parent_type, n.parent_id, n.created_by from new_rows n) g
   cross join lateral (select count(*) as n
                         from (select from public.notes x
                                where x.parent_type = g.parent_type and x.parent_id = g.parent_id and x.created_by = g.created_by
                                limit v_limit + 1) x) c
   where c.n > v_limit
   limit 1;
  if found then
    perform private.quota_exceeded('notes_per_author_per_item',
      pg_catalog.format('user %s would have more than %s notes on %s %s', v_over.created_by, v_limit, v_over.parent_type, v_over.parent_id),
      pg_catalog.jsonb_build_object('parent_type', v_over.parent_type, 'parent_id', v_over.parent_id, 'created_by', v_over.created_by));
  end if;
  return null;
end
$$;

--
-- Name: FUNCTION check_notes_quota(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.check_notes_quota() IS 'AFTER INSERT statement trigger function of notes (transition table new_rows): QUOTA_EXCEEDED when an author now has more than notes_per_author_per_item notes on one task, activity or listing.';

--
-- Name: check_notification_preference(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_notification_preference() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if not exists (select from public.notification_types t
                  where t.preference_key = new.preference_key and t.user_can_disable) then
    raise exception using errcode = '22023',
      message = 'INVALID_PREFERENCE: not a notification preference a user may turn off',
      detail = pg_catalog.jsonb_build_object(
                 'preference_key', pg_catalog.left(new.preference_key, 100),
                 'preference_keys', (select pg_catalog.jsonb_agg(distinct t.preference_key order by t.preference_key)
                                       from public.notification_types t where t.user_can_disable))::text,
      hint = 'get_notification_preferences() lists the keys. Mandatory types (account state, announcements) have none.';
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION check_notification_preference(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.check_notification_preference() IS 'BEFORE INSERT/UPDATE trigger function of public.notification_preferences: the key must be the preference_key of a type users may disable, else INVALID_PREFERENCE (22023) with DETAIL {preference_key, preference_keys}.';

--
-- Name: check_work_parent(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_work_parent() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_found boolean;
begin
  if new.parent_type = 'task' then
    perform from public.tasks t where t.id = new.parent_id for share;
  elsif new.parent_type = 'activity' then
    perform from public.activities a where a.id = new.parent_id for share;
  elsif new.parent_type = 'listing' then
    perform from public.listings l where l.id = new.parent_id for key share;
  end if;
  -- An app user (role authenticated: row-level security would refuse a child of a parent
  -- they do not see anyway) is told of the parents they see only.
  v_found := found and new.parent_type in ('task', 'activity', 'listing');
  if not v_found
     or (pg_catalog.current_setting('role', true) = 'authenticated' and auth.uid() is not null
         and not private.parent_allows(tg_table_name, 'visible', new.parent_type, new.parent_id)) then
    raise exception using
      errcode = '23503',
      message = format('FK_MISSING: %s %s does not exist', new.parent_type, new.parent_id),
      detail = pg_catalog.jsonb_build_object(
                 'table', (select m.parent -> 'tables' ->> new.parent_type from private.table_manifest m where m.table_name = tg_table_name),
                 'column', 'parent_id', 'id', new.parent_id)::text,
      hint = 'Push the parent first, then retry this record unchanged.';
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION check_work_parent(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.check_work_parent() IS 'BEFORE INSERT, and BEFORE UPDATE when parent_type or parent_id changes, trigger function of notes and subtasks: the parent row must exist, and be one an app user sees (FK_MISSING, 23503, detail {table, column, id} of the parent, otherwise: absent and unseen are one answer); it is locked against a concurrent change of its openness until the child is committed.';

--
-- Name: child_parent_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.child_parent_rules() RETURNS TABLE(child_table text, kind text, key_column text, condition text, parent_table text, parent_open text)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select r.table_name, r.kind, r.key_column, r.condition, k.derived_from,
         (select pg_catalog.string_agg('(' || e.condition || ')', ' or ' order by e.condition)
            from private.visibility_rules e where e.table_name = k.derived_from and e.kind = 'everyone')
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind and k.derived_from is not null
   where exists (select from private.visibility_rules e where e.table_name = k.derived_from and e.kind = 'everyone')
   order by r.table_name, r.kind
$$;

--
-- Name: FUNCTION child_parent_rules(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.child_parent_rules() IS 'The visibility rules of derived kinds whose parent table has an everyone rule (a note''s task, which is open to every user while unclaimed): the child table, kind, key column and condition, the parent table and its everyone condition over a row named "it". The (child table, kind) pairs private.child_parents keeps.';

--
-- Name: claim_conflict(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.claim_conflict(p_item_type text, p_item_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_detail text;
begin
  perform private.refuse_claim(p_item_type, p_item_id);
  return null;
exception when object_not_in_prerequisite_state then
  if sqlerrm !~ '^ALREADY_CLAIMED: ' then
    return null;
  end if;
  get stacked diagnostics v_detail = pg_exception_detail;
  return pg_catalog.jsonb_build_object('code', 'ALREADY_CLAIMED', 'message', sqlerrm, 'detail', private.error_detail(v_detail));
end
$$;

--
-- Name: FUNCTION claim_conflict(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.claim_conflict(p_item_type text, p_item_id uuid) IS 'For sync_push: {code: "ALREADY_CLAIMED", message, detail (the object {claimed_by, claimed_by_name, claimed_at})} when private.refuse_claim says someone else holds the task or activity and the caller may be told; NULL otherwise (open, the caller''s, completed or not to be named).';

--
-- Name: claim_expiry(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.claim_expiry() RETURNS interval
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select s.expire_after from private.claim_settings s
$$;

--
-- Name: FUNCTION claim_expiry(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.claim_expiry() IS 'private.claim_settings.expire_after: how long a claim holds before the worker releases it; NULL when claims do not expire. The settings are the operator''s: the claim''s trigger function (private.derive_work_item_state, SECURITY DEFINER) asks it as their owner; no API role runs it.';

--
-- Name: claimable_table(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.claimable_table(p_item_type text, p_item_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_table text := (select m.table_name from private.table_manifest m where m.claimed_as = p_item_type);
begin
  if p_item_type is null or p_item_id is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_item_type and p_item_id are required';
  end if;
  if v_table is null then
    raise exception using errcode = '22023',
      message = format('INVALID_ITEM_TYPE: %L is not a claimable item type', p_item_type),
      hint = (select 'Use ' || string_agg(quote_literal(m.claimed_as), ' or ' order by m.ordinal) || '.'
                from private.table_manifest m where m.claimed_as is not null);
  end if;
  perform private.assert_profile(private.caller('a claim'));
  return v_table;
end
$$;

--
-- Name: FUNCTION claimable_table(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.claimable_table(p_item_type text, p_item_id uuid) IS 'The table of a claimable item type (the table manifest''s claimed_as: task -> tasks, activity -> activities) after checking the arguments and that there is a calling user. Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501).';

--
-- Name: condition_columns(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.condition_columns(p_condition text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select array(select distinct m[1] from pg_catalog.regexp_matches(coalesce(p_condition, ''), '\mit\.(\w+)', 'g') m order by 1)
$$;

--
-- Name: FUNCTION condition_columns(p_condition text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.condition_columns(p_condition text) IS 'The columns a visibility rule''s condition reads (it.<column>), sorted, without duplicates.';

--
-- Name: count_badges(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_badges() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_users uuid[];
  v_groups text[];
  v_entity_types text[];
  v_entity_ids uuid[];
  v_created timestamptz[];
  v_deltas integer[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.user_id), array_agg(t.badge_group), array_agg(n.entity_type), array_agg(n.entity_id),
           array_agg(n.created_at), array_agg(1)
      into v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas
      from new_rows n join public.notification_types t on t.type = n.type
     where not n.read;
  elsif tg_op = 'DELETE' then
    select array_agg(o.user_id), array_agg(t.badge_group), array_agg(o.entity_type), array_agg(o.entity_id),
           array_agg(o.created_at), array_agg(-1)
      into v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas
      from old_rows o join public.notification_types t on t.type = o.type
     where not o.read;
  else
    -- Each old unread row counts -1 and each new one +1, netted per the values the counts
    -- read: a row whose counted values did not change cancels out. No join pairs old and
    -- new rows (private.paired_rows_sql says why: marking 5,000 read after marking one read
    -- would have compared 25 million pairs).
    select array_agg(c.user_id), array_agg(t.badge_group), array_agg(c.entity_type), array_agg(c.entity_id),
           array_agg(c.created_at), array_agg(c.delta)
      into v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas
      from (select c.user_id, c.type, c.entity_type, c.entity_id, c.created_at, sum(c.delta)::integer as delta
              from (select o.user_id, o.type, o.entity_type, o.entity_id, o.created_at, -1 as delta
                      from old_rows o where not o.read
                    union all
                    select n.user_id, n.type, n.entity_type, n.entity_id, n.created_at, 1
                      from new_rows n where not n.read) c
             group by c.user_id, c.type, c.entity_type, c.entity_id, c.created_at
            having sum(c.delta) <> 0) c
      join public.notification_types t on t.type = c.type;
  end if;
  if v_users is null then
    return null;
  end if;

  -- Per entity: the details of get_badge_counts(true).
  with c as (select * from unnest(v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas)
                                  c (user_id, badge_group, entity_type, entity_id, created_at, delta)
              where c.entity_id is not null and c.badge_group in ('requests', 'messages'))
  insert into private.notification_badge_entities as e (user_id, badge_group, entity_type, entity_id, unread, latest_at)
  select c.user_id, c.badge_group, c.entity_type, c.entity_id, sum(c.delta),
         coalesce(max(c.created_at) filter (where c.delta > 0), '-infinity')
    from c
   group by c.user_id, c.badge_group, c.entity_type, c.entity_id
   order by c.user_id, c.badge_group, c.entity_type, c.entity_id
  on conflict on constraint notification_badge_entities_pkey do update
     set unread = e.unread + excluded.unread, latest_at = greatest(e.latest_at, excluded.latest_at);

  -- The totals last: a user's total of a group is the row every statement writing that
  -- user's notifications of the group locks until its transaction ends.
  with c as (select * from unnest(v_users, v_groups, v_deltas) c (user_id, badge_group, delta))
  insert into private.notification_badge_totals as b (user_id, badge_group, unread)
  select c.user_id, c.badge_group, sum(c.delta) from c
   group by c.user_id, c.badge_group having sum(c.delta) <> 0
   order by c.user_id, c.badge_group
  on conflict on constraint notification_badge_totals_pkey do update set unread = b.unread + excluded.unread;
  if tg_op = 'INSERT' then
    return null;
  end if;
  -- Where unread rows went: a counter at zero goes; an entity that lost its newest unread
  -- row looks its newest remaining one up (an index range of that entity's unread rows).
  delete from private.notification_badge_totals b
   using unnest(v_users, v_groups, v_deltas) c (user_id, badge_group, delta)
   where c.delta < 0 and b.user_id = c.user_id and b.badge_group = c.badge_group and b.unread <= 0;
  delete from private.notification_badge_entities e
   using unnest(v_users, v_groups, v_entity_types, v_entity_ids, v_deltas) c (user_id, badge_group, entity_type, entity_id, delta)
   where c.delta < 0 and e.unread <= 0
     and (e.user_id, e.badge_group, e.entity_type, e.entity_id) = (c.user_id, c.badge_group, c.entity_type, c.entity_id);
  update private.notification_badge_entities e
     set latest_at = (select max(n.created_at)
                        from public.notification_types t
                        join public.notifications n on n.type = t.type
                       where t.badge_group = e.badge_group and n.user_id = e.user_id
                         and n.entity_id = e.entity_id and n.entity_type = e.entity_type and not n.read)
    from (select c.user_id, c.badge_group, c.entity_type, c.entity_id, max(c.created_at) as removed_at
            from unnest(v_users, v_groups, v_entity_types, v_entity_ids, v_created, v_deltas)
                 c (user_id, badge_group, entity_type, entity_id, created_at, delta)
           where c.delta < 0 and c.entity_id is not null
           group by c.user_id, c.badge_group, c.entity_type, c.entity_id) g
   where (e.user_id, e.badge_group, e.entity_type, e.entity_id) = (g.user_id, g.badge_group, g.entity_type, g.entity_id)
     and g.removed_at >= e.latest_at;
  return null;
end
$$;

--
-- Name: FUNCTION count_badges(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.count_badges() IS 'AFTER INSERT / UPDATE / DELETE statement trigger function of public.notifications (transition tables new_rows, old_rows): adds what the statement changed among unread notifications to private.notification_badge_totals and private.notification_badge_entities, removing counters that reach zero: the entities in (user, group, entity) order, then the totals in (user, group) order. SECURITY DEFINER: the counters are nobody''s to write.';

--
-- Name: create_plan_keeping_function(text, text, text, text, text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.create_plan_keeping_function(p_name text, p_arguments text, p_returns text, p_volatility text, p_body text, p_comment text, p_grantees text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
begin
  if p_volatility not in ('stable', 'volatile') then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: volatility %L', p_volatility);
  end if;
  perform private.define(pg_catalog.format($f$
    create or replace function private.%1$I(%2$s)
      returns %3$s
      language plpgsql
      %4$s
      set search_path = pg_catalog, pg_temp
      set plan_cache_mode = force_generic_plan
      set jit = off
    as $body$
    #variable_conflict use_column
    begin
      %5$s
    end
    $body$
    $f$, p_name, p_arguments, p_returns, p_volatility, p_body),
    pg_catalog.format('comment on function private.%I is %L', p_name, p_comment),
    pg_catalog.format('revoke all on function private.%I from public, anon, authenticated, service_role', p_name),
    -- (always one more statement: without grantees, the comment again)
    case when p_grantees is not null then pg_catalog.format('grant execute on function private.%I to %s', p_name, p_grantees)
         else pg_catalog.format('comment on function private.%I is %L', p_name, p_comment) end);
end
$_$;

--
-- Name: FUNCTION create_plan_keeping_function(p_name text, p_arguments text, p_returns text, p_volatility text, p_body text, p_comment text, p_grantees text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.create_plan_keeping_function(p_name text, p_arguments text, p_returns text, p_volatility text, p_body text, p_comment text, p_grantees text) IS 'Creates (or replaces, where it differs: private.define) private.<p_name>(p_arguments) returns p_returns, a PL/pgSQL function whose body p_body is static SQL over its arguments, with a generic plan kept for the session; comments it, revokes every privilege and grants execute to p_grantees (a list of roles; NULL: nobody). For the generated queries of sync (private.generate_sync_items, private.generate_sync_pages).';

--
-- Name: create_table_dispatch(text, text, text, text, text, text[], text, text, text, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.create_table_dispatch(p_function text, p_arguments text, p_returns text, p_attributes text, p_selector text, p_branches text[], p_unknown text, p_comment text, p_declare text DEFAULT NULL::text, p_grantees text[] DEFAULT '{}'::text[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  v_name text[] := pg_catalog.parse_ident(p_function);
  v_branches text[] := coalesce(p_branches, '{}');
  v_function text;
  v_refuse text;
  v_dispatch text;
begin
  if pg_catalog.cardinality(v_name) <> 2
     or (pg_catalog.cardinality(v_branches) > 0
         and (pg_catalog.array_ndims(v_branches) <> 2 or pg_catalog.array_length(v_branches, 2) <> 2)) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ARGUMENT: %s needs a schema-qualified name and branches [[case, statements], ...]', p_function);
  end if;
  v_function := pg_catalog.format('%I.%I(%s)', v_name[1], v_name[2], p_arguments);
  v_refuse := pg_catalog.format(E'raise exception using errcode = ''22023'',\n          message = pg_catalog.format(%L, %s);',
                                'INVALID_TABLE: ' || p_unknown, p_selector);
  -- PL/pgSQL's CASE needs a WHEN: without tables, every call is refused.
  v_dispatch := case when pg_catalog.cardinality(v_branches) = 0 then v_refuse
                     else pg_catalog.format(E'case %s\n        %s\n        else %s\n      end case;', p_selector,
                            (select pg_catalog.string_agg(pg_catalog.format(E'when %L then\n          %s', v_branches[i][1], v_branches[i][2]),
                                                          E'\n        ' order by i)
                               from pg_catalog.generate_subscripts(v_branches, 1) i),
                            v_refuse) end;
  perform private.define(pg_catalog.format($f$
    create or replace function %1$s
      returns %2$s
      language plpgsql
      set search_path = pg_catalog, pg_temp
      %3$s
    as $body$
    %4$sbegin
      %5$s%6$s
    end
    $body$
    $f$, v_function, p_returns, p_attributes,
    coalesce(E'declare\n      ' || p_declare || E'\n    ', ''),
    v_dispatch,
    -- An AFTER or statement trigger's result is ignored; a BEFORE row trigger's branches return their row.
    case when p_returns = 'trigger' then E'\n      return null;' else '' end),
    pg_catalog.format('comment on function %s is %L', v_function, p_comment),
    pg_catalog.format('revoke all on function %s from public, anon, authenticated, service_role', v_function),
    -- (always one more statement: a grant to nobody is a comment again)
    case when pg_catalog.cardinality(p_grantees) > 0
         then pg_catalog.format('grant execute on function %s to %s', v_function,
                                (select pg_catalog.string_agg(pg_catalog.quote_ident(g), ', ') from pg_catalog.unnest(p_grantees) g))
         else pg_catalog.format('comment on function %s is %L', v_function, p_comment) end);
end
$_$;

--
-- Name: FUNCTION create_table_dispatch(p_function text, p_arguments text, p_returns text, p_attributes text, p_selector text, p_branches text[], p_unknown text, p_comment text, p_declare text, p_grantees text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.create_table_dispatch(p_function text, p_arguments text, p_returns text, p_attributes text, p_selector text, p_branches text[], p_unknown text, p_comment text, p_declare text, p_grantees text[]) IS 'Creates (or replaces) the PL/pgSQL function p_function (schema-qualified) (p_arguments) returns p_returns, with set search_path = pg_catalog, pg_temp (the session''s temporary schema last, never first) and p_attributes (volatility, security, settings), p_declare as its declarations, whose body is "case p_selector" with a branch per element [case, statements] of p_branches, in order (NULL or empty: none), and else INVALID_TABLE (22023) with the message ''INVALID_TABLE: '' || p_unknown formatted with the selector''s value; a trigger function returns null after it. Comments it with p_comment, revokes every privilege from public and the API roles and grants execute to p_grantees. INVALID_ARGUMENT (22023) for a name without schema or branches that are not pairs. For the generators of private.row_scope, private.record_sync_fields, outbox.capture_changes and private.sync_has_items.';

--
-- Name: current_timeline(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.current_timeline() RETURNS integer
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if pg_catalog.pg_is_in_recovery() then
    return coalesce(private.received_timeline(), (pg_catalog.pg_control_checkpoint()).timeline_id);
  end if;
  return ('x' || pg_catalog.substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_insert_lsn()), 1, 8))::bit(32)::integer;
end
$$;

--
-- Name: FUNCTION current_timeline(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.current_timeline() IS 'The timeline of this server: of the WAL a primary writes; on a hot standby, of the WAL it receives (else of its last restartpoint). A point-in-time recovery and a promotion start a new one.';

--
-- Name: cursor_max_bytes(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cursor_max_bytes() RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN 16384;

--
-- Name: FUNCTION cursor_max_bytes(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.cursor_max_bytes() IS 'The most bytes a cursor may have (16384): checked before anything in it is decoded.';

--
-- Name: cursor_contents(text, bytea); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cursor_contents(p_cursor text, p_cursor_key bytea) RETURNS SETOF jsonb
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT
         CASE
             WHEN ((octet_length(b.body) >= 48) AND (((octet_length(b.body) - 32) % 16) = 0) AND (substr(extensions.hmac(substr(b.body, 1, (octet_length(b.body) - 16)), substr(cursor_contents.p_cursor_key, 17), 'sha256'::text), 1, 16) = substr(b.body, (octet_length(b.body) - 15)))) THEN (convert_from(extensions.decrypt_iv(substr(b.body, 17, (octet_length(b.body) - 32)), substr(cursor_contents.p_cursor_key, 1, 16), substr(b.body, 1, 16), 'aes-cbc/pad:pkcs'::text), 'UTF8'::name))::jsonb
             ELSE NULL::jsonb
         END AS "case"
    FROM ( SELECT decode(
                 CASE
                     WHEN ((octet_length(cursor_contents.p_cursor) <= private.cursor_max_bytes()) AND (cursor_contents.p_cursor ~ '^v2\.[A-Za-z0-9_-]+$'::text) AND (((octet_length(cursor_contents.p_cursor) - 3) % 4) <> 1)) THEN (replace(replace(substr(cursor_contents.p_cursor, 4), '-'::text, '+'::text), '_'::text, '/'::text) || repeat('='::text, ((4 - ((octet_length(cursor_contents.p_cursor) - 3) % 4)) % 4)))
                     ELSE NULL::text
                 END, 'base64'::text) AS body
          OFFSET 0) b;
END;

--
-- Name: FUNCTION cursor_contents(p_cursor text, p_cursor_key bytea); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.cursor_contents(p_cursor text, p_cursor_key bytea) IS 'The state a "v2." cursor sealed by private.seal_cursor holds (one row), NULL when this database did not seal it (its HMAC does not match), it is longer than private.cursor_max_bytes() or it is not a cursor at all. Never an error. p_cursor_key: that of the one row of private.incarnation. Written into the calling statement.';

--
-- Name: cursor_incarnation(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cursor_incarnation() RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'extensions', 'pg_temp'
    AS $$
declare
  v_recovery boolean := pg_is_in_recovery();
  v_server text;
  v_incarnation text := (select private.kept_incarnation(v_recovery, i.epoch, i.cursor_key) from private.incarnation i);
begin
  if v_incarnation is not null then
    return v_incarnation;
  end if;
  v_server := concat_ws('/', (pg_control_system()).system_identifier,
                (select d.oid from pg_database d where d.datname = current_database()),
                'private.incarnation'::regclass::oid, case when not v_recovery then private.current_timeline() end);
  perform set_config('dispatch.cursor_server',
                     v_server || '|' || private.cursor_server_tag(v_server, (select substr(i.cursor_key, 17) from private.incarnation i), v_recovery),
                     false);
  return (select private.incarnation_digest(i.epoch, v_server, case when v_recovery then private.current_timeline() end)
            from private.incarnation i);
end
$$;

--
-- Name: FUNCTION cursor_incarnation(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.cursor_incarnation() IS 'The incarnation of the database that a cursor names: a digest of private.incarnation''s epoch, the cluster''s system identifier, this database''s and the incarnation table''s oids and the timeline (private.current_timeline). All but the epoch are remembered for the session in the setting dispatch.cursor_server (on a hot standby all but the timeline, read at every use: private.received_timeline), and taken from it only under an HMAC of the cursor key bound to this backend, the server''s start, the incarnation table and whether the server is in recovery: what anyone else set there is ignored. It changes with a restore (new identifiers, and the epoch settle_incarnation moves), a point-in-time recovery and a promotion (a new timeline).';

--
-- Name: cursor_lo(xid8, xid8[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cursor_lo(p_x xid8, p_ip xid8[]) RETURNS xid8
    LANGUAGE sql IMMUTABLE
    RETURN LEAST(p_x, (p_ip)[1]);

--
-- Name: FUNCTION cursor_lo(p_x xid8, p_ip xid8[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.cursor_lo(p_x xid8, p_ip xid8[]) IS 'The oldest transaction a cursor''s state (x p_x, ip p_ip, in order) has not delivered: the least of p_x and p_ip''s first. A purge of the sync logs or marks reaching it may have removed what the cursor still needs. Written into the calling expression.';

--
-- Name: incarnation; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.incarnation (
    singleton boolean DEFAULT true NOT NULL,
    epoch bigint NOT NULL,
    system_identifier bigint NOT NULL,
    database_oid oid NOT NULL,
    relation_oid oid NOT NULL,
    timeline integer NOT NULL,
    cursor_key bytea NOT NULL,
    legacy_cursors boolean DEFAULT true NOT NULL,
    settled_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT incarnation_cursor_key_check CHECK ((octet_length(cursor_key) = 48)),
    CONSTRAINT incarnation_singleton_check CHECK (singleton)
);

--
-- Name: TABLE incarnation; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.incarnation IS 'One row: the incarnation of this database that sync and feed cursors name (a random epoch, moved when the server finds itself restored; the system identifier, database and table oids and timeline it was recorded on), and the key that seals cursors (16 bytes of AES key, 32 of HMAC key). Read by the cursor functions (sql/code/sync/cursor.sql), written by private.settle_incarnation. Private: no API role reads it.';

--
-- Name: cursor_server_tag(text, bytea, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cursor_server_tag(p_server text, p_mac_key bytea, p_recovery boolean) RETURNS text
    LANGUAGE sql STABLE
    RETURN encode(extensions.hmac(convert_to(concat_ws('|'::text, p_server, pg_backend_pid(), EXTRACT(epoch FROM pg_postmaster_start_time()), ('private.incarnation'::regclass)::oid, CASE WHEN p_recovery THEN 'recovery'::text ELSE NULL::text END), 'UTF8'::name), p_mac_key, 'sha256'::text), 'hex'::text);

--
-- Name: FUNCTION cursor_server_tag(p_server text, p_mac_key bytea, p_recovery boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.cursor_server_tag(p_server text, p_mac_key bytea, p_recovery boolean) IS 'The tag under which the setting dispatch.cursor_server holds what this server is (private.cursor_incarnation): an HMAC, with the cursor key, of p_server bound to this backend, the server''s start, the incarnation table and whether the server is in recovery (p_recovery: a hot standby''s value leaves the timeline out).';

--
-- Name: cursor_xids(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cursor_xids(p_ids jsonb) RETURNS xid8[]
    LANGUAGE sql STABLE
    RETURN (translate((p_ids)::text, '[]"'::text, '{}'::text))::xid8[];

--
-- Name: FUNCTION cursor_xids(p_ids jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.cursor_xids(p_ids jsonb) IS 'The transaction ids of a cursor''s list p_ids (ip or nip, a JSON array of decimal strings, sealed or checked by private.decode_sync_cursor) as xid8[], in their order. Written into the calling expression.';

--
-- Name: decode_sync_cursor(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.decode_sync_cursor(p_table text, p_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_body text;
  v_state jsonb;
  v_page boolean;
  v_newest numeric;
  v_problem text;
  v_ids jsonb;
  v_legacy boolean;
begin
  v_state := private.open_cursor(p_cursor, case when p_table = '*' then 'sync_poll' else 'sync_pull' end, '^v1\.[A-Za-z0-9_-]+$');
  v_legacy := v_state ? 'legacy';
  if v_legacy then
    begin
      v_body := translate(substr(p_cursor, 4), '-_', '+/');
      v_state := convert_from(decode(v_body || repeat('=', (4 - length(v_body) % 4) % 4), 'base64'), 'UTF8')::jsonb;
    exception when others then
      v_problem := 'it is not base64url-encoded JSON';
    end;
  end if;

  -- A sealed cursor is exactly what this database wrote (its HMAC says so), checked when it
  -- was written: only its table is left to check (the checks below cost an empty poll as
  -- much as the rest of it). One of before sealing is checked key by key.
  if v_problem is null and v_legacy then
    -- No transaction id handed out so far is newer than this. A hot standby knows only the
    -- ids it has replayed, while a cursor from its primary (or a replica further ahead) holds
    -- newer ones: there the bound is the 2^31 ids a cluster can be ahead before wraparound.
    v_newest := greatest(pg_snapshot_xmax(pg_current_snapshot()), coalesce(pg_current_xact_id_if_assigned(), '0'))::text::numeric
                + case when pg_is_in_recovery() then 2147483648 else 0 end;
    v_page := v_state ? 'a';
    if jsonb_typeof(v_state) <> 'object' then
      v_problem := 'it is not a JSON object';
    elsif (v_state - case when p_table = '*' then array['t', 'x', 'ip', 'h', 'w', 'g']
                          else array['t', 'x', 'ip', 'h', 'nx', 'nip', 'nh', 'a'] end) <> '{}' then
      v_problem := 'it has keys sync_pull never writes';
    elsif jsonb_typeof(v_state -> 't') is distinct from 'string' or not v_state ?& array['x', 'ip', 'h'] then
      v_problem := 't, x, ip and h are required';
    elsif v_page <> (v_state ?| array['nx', 'nip', 'nh']) or (v_page and not v_state ?& array['nx', 'nip', 'nh']) then
      v_problem := 'a, nx, nip and nh come together';
    elsif jsonb_typeof(v_state -> 'ip') <> 'array' or (v_page and jsonb_typeof(v_state -> 'nip') <> 'array') then
      v_problem := 'ip and nip must be arrays';
    elsif v_page and (jsonb_typeof(v_state -> 'a') <> 'array' or jsonb_array_length(v_state -> 'a') <> 4
                      or jsonb_typeof(v_state #> '{a,2}') <> 'string'
                      or v_state #>> '{a,2}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      or v_state #>> '{a,3}' not in ('0', '1')) then
      v_problem := 'a must be [transaction id, transaction id, uuid, 0 or 1]';
    else
      -- Every transaction id: a JSON string of decimal digits, not newer than any this
      -- server has handed out (checked with expressions, no query: every poll runs this).
      v_ids := jsonb_build_array(v_state -> 'x', v_state -> 'h') || (v_state -> 'ip')
               || case when v_page then jsonb_build_array(v_state -> 'nx', v_state -> 'nh', v_state #> '{a,0}', v_state #> '{a,1}')
                                        || (v_state -> 'nip') else '[]' end
               || case when v_state ? 'w' then jsonb_build_array(v_state -> 'w') else '[]' end
               || case when v_state ? 'g' then jsonb_build_array(v_state -> 'g') else '[]' end;
      if v_ids::text !~ '^\[("[0-9]{1,20}"(, "[0-9]{1,20}")*)?\]$'
         or v_newest < any (translate(v_ids::text, '[]"', '{}')::numeric[]) then
        v_problem := format('%s is not a transaction id of this server',
                            jsonb_path_query_first(v_ids, '$[*] ? (@.type() != "string" || !(@ like_regex "^[0-9]{1,20}$") || @.double() > $newest)',
                                                   jsonb_build_object('newest', v_newest)));
      end if;
    end if;
  end if;

  if v_problem is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_CURSOR: the cursor is not one sync_pull returned',
      detail = left(v_problem, 200),
      hint = 'Pass the cursor of the previous sync_pull unchanged, or NULL for a full sync.';
  end if;
  if v_state ->> 't' is distinct from p_table then
    raise exception using errcode = '22023',
      message = format('INVALID_CURSOR: the cursor belongs to table %L, not %L', left(v_state ->> 't', 63), p_table),
      hint = 'Keep one cursor per table.';
  end if;
  return v_state;
end
$_$;

--
-- Name: FUNCTION decode_sync_cursor(p_table text, p_cursor text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.decode_sync_cursor(p_table text, p_cursor text) IS 'Opens (private.open_cursor: sealed by this database, of this incarnation; or a cursor of before sealing while those stand) a sync_pull cursor for p_table (''*'': sync_poll''s, which may also carry w and g), and validates one of before sealing: a JSON object with only the keys sync_pull (or sync_poll) writes, transaction ids as decimal strings no newer than this server''s newest, a page position [xid, xid, uuid, 0|1]. INVALID_CURSOR (22023) otherwise, or when it belongs to another table (detail says what is wrong); CURSOR_EXPIRED (22023) for a cursor of another incarnation.';

--
-- Name: define(text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.define(VARIADIC p_statements text[]) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  c_function constant text := '^\s*(create\s+(or\s+replace\s+)?function|comment\s+on\s+function|(grant|revoke)\s.*\son\s+function)\s+([^\s(]+)\s*[(\s]';
  v_statement text;
  v_functions text[];
  v_match text[];
  v_table regclass;
  v_kind text;
  v_name text;
  v_scratch text;
  v_probe text;
  v_old regprocedure;
  v_changed boolean := false;
  v_done text[] := '{}';
begin
  select pg_catalog.array_agg(distinct (pg_catalog.regexp_match(s, c_function, 'i'))[4])
    into v_functions
    from pg_catalog.unnest(p_statements) s;
  if pg_catalog.array_position(v_functions, null) is null and pg_catalog.cardinality(v_functions) = 1
     and pg_catalog.cardinality(pg_catalog.parse_ident(v_functions[1])) = 2
     and exists (select from pg_catalog.unnest(p_statements) s where s ~* '^\s*create\s') then
    -- About one function: its statements are applied to a copy in pg_temp first, and to the
    -- function itself only when the copy differs from it.
    v_name := (pg_catalog.parse_ident(v_functions[1]))[2];
    perform private.drop_temporary_functions(v_name);
    foreach v_statement in array p_statements loop
      execute pg_catalog.regexp_replace(v_statement, '(\mfunction\s+)' || pg_catalog.regexp_replace(v_functions[1], '([.$^*+?()|\\[\]{}])', '\\\1', 'g'),
                                        '\1pg_temp.' || pg_catalog.quote_ident(v_name), 'i');
    end loop;
    if private.function_fingerprint(pg_catalog.pg_my_temp_schema(), v_name)
       is distinct from private.function_fingerprint(pg_catalog.to_regnamespace((pg_catalog.parse_ident(v_functions[1]))[1]), v_name) then
      -- A generated function is the one of its name: an overload of other arguments (an
      -- earlier signature) goes, or it would stay beside it and make its name ambiguous.
      for v_old in
        select p.oid::regprocedure from pg_catalog.pg_proc p
         where p.pronamespace = pg_catalog.to_regnamespace((pg_catalog.parse_ident(v_functions[1]))[1]) and p.proname = v_name
           and pg_catalog.pg_get_function_identity_arguments(p.oid) not in (
                 select pg_catalog.pg_get_function_identity_arguments(t.oid) from pg_catalog.pg_proc t
                  where t.pronamespace = pg_catalog.pg_my_temp_schema() and t.proname = v_name)
      loop
        execute pg_catalog.format('drop function %s', v_old);
      end loop;
      foreach v_statement in array p_statements loop
        execute v_statement;
      end loop;
      v_done := v_done || ('function ' || v_functions[1]);
    end if;
    perform private.drop_temporary_functions(v_name);
  else
    foreach v_statement in array p_statements loop
      v_kind := null;
      v_match := pg_catalog.regexp_match(v_statement, '^\s*create\s+(or\s+replace\s+)?(trigger|policy)\s+(\S+)\s', 'i');
      if v_match is not null then
        v_kind := pg_catalog.lower(v_match[2]);
        v_name := (pg_catalog.parse_ident(v_match[3]))[1];
        -- The table: the first word after " on ".
        v_table := pg_catalog.to_regclass((pg_catalog.regexp_match(v_statement, '\s[oO][nN]\s+(\S+)'))[1]);
        v_scratch := case when v_table is not null then private.definition_scratch(v_table) end;
        if v_scratch is not null then
          v_probe := pg_catalog.regexp_replace(v_statement, '\s[oO][nN]\s+\S+', ' on ' || v_scratch);
          if v_kind = 'trigger' then
            v_probe := pg_catalog.regexp_replace(v_probe, '^\s*create\s+(or\s+replace\s+)?trigger', 'create or replace trigger', 'i');
          end if;
          if v_kind = 'policy' then
            execute pg_catalog.format('drop policy if exists %I on %s', v_name, v_scratch);
          end if;
          execute v_probe;
          if private.definition_of(v_kind, v_scratch::regclass, v_name)
             is not distinct from private.definition_of(v_kind, v_table, v_name) then
            continue;   -- the table has it already
          end if;
          if v_kind = 'policy' then
            execute pg_catalog.format('drop policy if exists %I on %s', v_name, v_table);
          else
            v_statement := pg_catalog.regexp_replace(v_statement, '^\s*create\s+(or\s+replace\s+)?trigger', 'create or replace trigger', 'i');
          end if;
          execute v_statement;
          v_done := v_done || pg_catalog.format('%s %s on %s', v_kind, v_name, v_table);
          continue;
        end if;
      end if;

      v_match := pg_catalog.regexp_match(v_statement, '^\s*drop\s+(trigger|policy)\s+if\s+exists\s+(\S+)\s+on\s+(\S+)\s*;?\s*$', 'i');
      if v_match is not null then
        v_table := pg_catalog.to_regclass(v_match[3]);
        if v_table is null or private.definition_of(pg_catalog.lower(v_match[1]), v_table, (pg_catalog.parse_ident(v_match[2]))[1]) is null then
          continue;
        end if;
        execute v_statement;
        v_done := v_done || pg_catalog.format('dropped %s %s on %s', pg_catalog.lower(v_match[1]), v_match[2], v_table);
        continue;
      end if;

      v_match := pg_catalog.regexp_match(v_statement, '^\s*alter\s+table\s+(\S+)\s+enable\s+row\s+level\s+security\s*;?\s*$', 'i');
      if v_match is not null
         and (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = pg_catalog.to_regclass(v_match[1])) then
        continue;
      end if;

      v_match := pg_catalog.regexp_match(v_statement, '^\s*create\s+(unique\s+)?index\s+if\s+not\s+exists\s+(\S+)\s+on\s+(\S+)', 'i');
      if v_match is not null
         and exists (select from pg_catalog.pg_class c
                      where c.relname = (pg_catalog.parse_ident(v_match[2]))[1]
                        and c.relnamespace = (select t.relnamespace from pg_catalog.pg_class t
                                               where t.oid = pg_catalog.to_regclass(pg_catalog.regexp_replace(v_match[3], '\(.*$', '')))) then
        continue;
      end if;

      execute v_statement;
      v_done := v_done || pg_catalog.left(pg_catalog.regexp_replace(pg_catalog.btrim(v_statement), '\s+', ' ', 'g'), 80);
    end loop;
  end if;

  if pg_catalog.cardinality(v_done) > 0 then
    v_changed := true;
    perform pg_catalog.set_config('dispatch.definitions_replaced',
      pg_catalog.concat_ws(E'\n', nullif(pg_catalog.current_setting('dispatch.definitions_replaced', true), ''),
                           pg_catalog.array_to_string(v_done, E'\n')), true);
  end if;
  return v_changed;
end
$_$;

--
-- Name: FUNCTION define(VARIADIC p_statements text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.define(VARIADIC p_statements text[]) IS 'Applies DDL statements only where they change what the database runs, and says whether any did: statements about one function (create or replace function, comment on, grant, revoke) together, kept only when its definition, privileges or comment differ after them (a subtransaction, rolled back otherwise); create [or replace] trigger and create policy compared on a scratch copy of their table (private.definition_scratch; a differing policy is dropped and created again); drop trigger/policy if exists only where it exists; enable row level security only where it is off; create index if not exists only where the name is free; anything else as written. So an unchanged definition takes no lock on its table. Appends what it replaced to the setting dispatch.definitions_replaced (one per line, for the transaction).';

--
-- Name: definition_of(text, regclass, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.definition_of(p_kind text, p_table regclass, p_name text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return case p_kind
    when 'trigger' then
      (select pg_catalog.regexp_replace(pg_catalog.pg_get_triggerdef(t.oid), ' ON \S+ ', ' ON - ') || ' ' || t.tgenabled::text
         from pg_catalog.pg_trigger t where t.tgrelid = p_table and t.tgname = p_name and not t.tgisinternal)
    when 'policy' then
      (select pg_catalog.concat_ws(' | ', p.polcmd, p.polpermissive,
                (select pg_catalog.string_agg(r::text, ',' order by r) from pg_catalog.unnest(p.polroles) r),
                pg_catalog.pg_get_expr(p.polqual, p.polrelid), pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid))
         from pg_catalog.pg_policy p where p.polrelid = p_table and p.polname = p_name)
    end;
end
$$;

--
-- Name: FUNCTION definition_of(p_kind text, p_table regclass, p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.definition_of(p_kind text, p_table regclass, p_name text) IS 'The definition of trigger or policy p_name of p_table as the server reads it back (pg_get_triggerdef, without the name of its table, and whether it is enabled; the policy''s command, kind, roles and expressions), so that the same definition on a scratch copy reads the same. NULL when it has none. For private.define.';

--
-- Name: definition_scratch(regclass); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.definition_scratch(p_table regclass) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
declare
  v_name text := 'definition_scratch_' || p_table::oid || '_'
                  || pg_catalog.left(pg_catalog.md5((select pg_catalog.string_agg(a.attname || ' ' || a.atttypid, ',' order by a.attnum)
                                                       from pg_catalog.pg_attribute a
                                                      where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped)), 12);
begin
  -- (LIKE needs to read the table: where the migrating role may not, no copy)
  if not pg_catalog.has_table_privilege(p_table, 'SELECT') then
    return null;
  end if;
  if pg_catalog.to_regclass('pg_temp.' || v_name) is null then
    execute pg_catalog.format('create temporary table %I (like %s) on commit drop', v_name, p_table);
  end if;
  return 'pg_temp.' || v_name;
end
$$;

--
-- Name: FUNCTION definition_scratch(p_table regclass); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.definition_scratch(p_table regclass) IS 'The name of a temporary table LIKE p_table (its columns), created once per transaction and set of columns and dropped at its end: where private.define creates a trigger or policy to compare it with the one p_table has, without locking p_table. NULL where the caller may not read p_table.';

--
-- Name: delete_work_children(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.delete_work_children() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  delete from public.notes n
   using deleted_rows d
   where n.parent_type = tg_argv[0] and n.parent_id = d.id;
  if tg_argv[0] <> 'listing' then
    delete from public.subtasks s
     using deleted_rows d
     where s.parent_type = tg_argv[0] and s.parent_id = d.id;
  end if;
  return null;
end
$$;

--
-- Name: FUNCTION delete_work_children(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.delete_work_children() IS 'AFTER DELETE statement trigger function of tasks, activities and listings (argument: the parent_type): deletes the notes and subtasks of the deleted rows.';

--
-- Name: derive_note_edited_at(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.derive_note_edited_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if tg_op = 'INSERT' then
    new.edited_at := null;
  elsif new.content is distinct from old.content then
    new.edited_at := clock_timestamp();
  else
    new.edited_at := old.edited_at;
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION derive_note_edited_at(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.derive_note_edited_at() IS 'BEFORE INSERT/UPDATE trigger function of notes: edited_at is NULL for a new note and becomes the server time whenever content changes; a client''s own edited_at is never kept.';

--
-- Name: derive_photo_watchlist(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.derive_photo_watchlist() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if tg_table_name = 'observed_bird_photos' then
    new.watchlist_id := (select e.watchlist_id from public.watchlist_entries e where e.id = new.watchlist_entry_id);
    return new;
  end if;
  update public.observed_bird_photos p set watchlist_id = new.watchlist_id
   where p.watchlist_entry_id = new.id and p.watchlist_id is distinct from new.watchlist_id;
  return null;
end
$$;

--
-- Name: FUNCTION derive_photo_watchlist(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.derive_photo_watchlist() IS 'Keeps observed_bird_photos.watchlist_id equal to its entry''s watchlist_id: BEFORE INSERT, and BEFORE UPDATE when watchlist_entry_id or watchlist_id changes, on photos sets it, AFTER UPDATE OF watchlist_id on entries moves the entry''s photos along.';

--
-- Name: derive_work_item_state(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.derive_work_item_state() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if tg_op = 'INSERT' then
    -- An inserted row may carry its times (offline creation, restore); fill in the gaps.
    new.completed_at := case when new.completed then coalesce(new.completed_at, now()) end;
    new.claimed_at := case when new.claimed_by is not null then coalesce(new.claimed_at, now()) end;
    new.claim_expires_at := case when new.claimed_by is not null and not new.completed then new.claimed_at + private.claim_expiry() end;
  else
    new.completed_at := case
      when new.completed is not distinct from old.completed then old.completed_at
      when new.completed then now()
    end;
    new.claimed_at := case
      when new.claimed_by is not distinct from old.claimed_by then old.claimed_at
      when new.claimed_by is not null then now()
    end;
    -- A claim expires (when the operator set an expiry) unless the item is done first.
    new.claim_expires_at := case
      when new.claimed_by is null or new.completed then null
      when new.claimed_by is not distinct from old.claimed_by then old.claim_expires_at
      else new.claimed_at + private.claim_expiry()
    end;
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION derive_work_item_state(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.derive_work_item_state() IS 'BEFORE INSERT/UPDATE trigger function of tasks and activities: completed_at follows completed and claimed_at follows claimed_by, both from the server clock, and claim_expires_at is claimed_at + the operator''s claim expiry (private.claim_expiry(); NULL when none, unclaimed or completed); on UPDATE a client cannot set them directly. SECURITY DEFINER: it reads the operator''s claim expiry, which no API role may run (it touches nothing but NEW).';

--
-- Name: drop_temporary_functions(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.drop_temporary_functions(p_name text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_function regprocedure;
begin
  for v_function in
    select p.oid::regprocedure from pg_catalog.pg_proc p where p.pronamespace = pg_catalog.pg_my_temp_schema() and p.proname = p_name
  loop
    execute pg_catalog.format('drop function %s', v_function);
  end loop;
end
$$;

--
-- Name: FUNCTION drop_temporary_functions(p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.drop_temporary_functions(p_name text) IS 'Drops this session''s temporary functions (schema pg_temp) named p_name: the copies private.define compares.';

--
-- Name: enable_row_stamping(regclass); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.enable_row_stamping(p_table regclass) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION enable_row_stamping(p_table regclass); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.enable_row_stamping(p_table regclass) IS 'Attaches the _stamp_insert and _stamp_update triggers (private.stamp_row) to a table that has updated_at and row_version columns; a no-op UPDATE (no stored column changes) is not stamped. Tables with generated columns compare their other columns as they are when this runs: private.apply_manifest, the final step of every migrate that changed anything, runs it again.';

--
-- Name: enable_supabase_realtime(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.enable_supabase_realtime() RETURNS TABLE(table_name text, replica_identity text, added boolean)
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
declare
  v_publication pg_catalog.pg_publication;
  v_table record;
  v_identity "char";
begin
  select p.* into v_publication from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime';
  if not found then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: this database has no publication supabase_realtime',
      hint = 'Supabase creates it with every project. Elsewhere, as the owner of the tables: create publication supabase_realtime';
  end if;
  if v_publication.puballtables then
    raise exception using errcode = '55000',
      message = 'PUBLICATION_FOR_ALL_TABLES: publication supabase_realtime publishes every table, the journals included',
      hint = 'Recreate it without FOR ALL TABLES (drop publication supabase_realtime, then create publication supabase_realtime), then call this again.';
  end if;
  -- Adding a table to a publication takes owning both; setting a replica identity, the table.
  if not pg_catalog.pg_has_role(current_user, v_publication.pubowner, 'USAGE') then
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: publication supabase_realtime belongs to %s, not to %s', v_publication.pubowner::regrole, current_user),
      hint = format('As its owner or a superuser: alter publication supabase_realtime owner to %s', current_user);
  end if;
  for v_table in
    select t.table_name, c.relowner from private.realtime_tables() t
      join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.table_name))
     where not pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE')
  loop
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: table public.%I belongs to %s, not to %s', v_table.table_name, v_table.relowner::regrole, current_user);
  end loop;

  -- A table the manifest no longer publishes leaves the publication (users: a change event
  -- would carry its email to every subscriber).
  for v_table in
    select p.tablename from pg_catalog.pg_publication_tables p
      join private.table_manifest m on m.table_name = p.tablename and m.realtime is null
     where p.pubname = 'supabase_realtime' and p.schemaname = 'public'
  loop
    execute format('alter publication supabase_realtime drop table public.%I', v_table.tablename);
  end loop;

  for v_table in select t.table_name, t.replica_identity from private.realtime_tables() t order by 1 loop
    select c.relreplident into v_identity from pg_catalog.pg_class c
     where c.oid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(v_table.table_name));
    if v_identity is distinct from (case v_table.replica_identity when 'full' then 'f' else 'd' end)::"char" then
      execute format('alter table public.%I replica identity %s', v_table.table_name, v_table.replica_identity);
    end if;
    added := not exists (select from pg_catalog.pg_publication_tables p
                          where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = v_table.table_name);
    if added then
      execute format('alter publication supabase_realtime add table public.%I', v_table.table_name);
    end if;
    table_name := v_table.table_name;
    replica_identity := v_table.replica_identity;
    return next;
  end loop;
end
$$;

--
-- Name: FUNCTION enable_supabase_realtime(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.enable_supabase_realtime() IS 'Adds the tables of private.realtime_tables() to the publication supabase_realtime (those not in it yet: added), removes those the table manifest no longer publishes, and sets their replica identities, so that Supabase Realtime serves the apps'' postgres_changes subscriptions. Re-runnable; private.apply_manifest (the final step of migrate) calls it when the publication exists; call it as the owner of the tables after creating the publication later. Errors: NOT_FOUND (P0002, no such publication), PUBLICATION_FOR_ALL_TABLES (55000: it would publish the journals), NOT_AUTHORIZED (42501: the caller must own the publication and the tables).';

--
-- Name: enable_sync(regclass); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.enable_sync(p_table regclass) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  v_name text := (select c.relname from pg_catalog.pg_class c where c.oid = p_table and c.relnamespace = 'public'::regnamespace);
  v_index record;
  v_moved text;
  c_comment constant text :=
    'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';
begin
  if v_name is null or not (v_name = any (private.sync_tables()))
     or not exists (select from private.visibility_rules r where r.table_name = v_name) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: %s is not a table of private.sync_tables() with visibility rules', p_table);
  end if;

  -- Each step only where it is missing (adding the column, even "if not exists", or its
  -- comment would lock the table on every migrate).
  if not exists (select from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'sync_xid' and not a.attisdropped) then
    execute format('alter table public.%I add column sync_xid xid8 not null default pg_current_xact_id()', v_name);
  end if;
  if pg_catalog.col_description(p_table, (select a.attnum from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'sync_xid'))
     is distinct from c_comment then
    execute format('comment on column public.%I.sync_xid is %L', v_name, c_comment);
  end if;
  -- Every change in order: admins' pulls.
  perform private.define(format('create index if not exists %I on public.%I (sync_xid, id)', v_name || '_sync_xid_idx', v_name));
  -- A user's pull: per key column, the rows of one key in change order (the columns its
  -- rules'' conditions read ride along, so a condition needs no heap visit); per everyone
  -- rule, the rows it holds for all. A key column "id" needs none: it is the primary key.
  for v_index in
    select r.key_column,
           pg_catalog.string_agg(distinct pg_catalog.quote_ident(m[1]), ', ')
             filter (where m[1] is not null and m[1] <> r.key_column) as extra,
           min(r.condition) as condition
      from private.visibility_rules r
      left join lateral pg_catalog.regexp_matches(coalesce(r.condition, ''), '\mit\.(\w+)', 'g') m on true
     where r.table_name = v_name and coalesce(r.key_column, '') <> 'id'
     group by r.key_column
  loop
    if v_index.key_column is null then
      perform private.define(format('create index if not exists %I on public.%I (sync_xid, id) where %s',
                                    v_name || '_everyone_sync_idx', v_name, private.visibility_condition(v_index.condition, '')));
    else
      perform private.define(format('create index if not exists %I on public.%I (%I, sync_xid, id)%s',
                                    v_name || '_' || v_index.key_column || '_sync_idx', v_name, v_index.key_column,
                                    coalesce(' include (' || v_index.extra || ')', '')));
    end if;
  end loop;

  -- The column's default already is the inserting transaction: the insert trigger only
  -- corrects a value the writer supplied (a restored snapshot), and is not called otherwise.
  perform private.define(format('create or replace trigger _sync_xid_insert before insert on public.%I for each row '
                                'when (new.sync_xid is distinct from pg_catalog.pg_current_xact_id()) '
                                'execute function private.stamp_sync_xid()', v_name));
  perform private.define(format('create or replace trigger _sync_xid_update before update on public.%I for each row '
                                'when (old.row_version is distinct from new.row_version) '
                                'execute function private.stamp_sync_xid()', v_name));
  select pg_catalog.string_agg(format('old.%1$I is distinct from new.%1$I', c), ' or ')
    into v_moved from unnest(private.visibility_columns(v_name)) c;
  perform private.define(format('create or replace trigger _sync_moves after %s on public.%I for each row when (%s) '
                                'execute function private.record_sync_moves()',
                                private.update_of_sql(v_name, private.visibility_columns(v_name)), v_name, v_moved));
  perform private.define(format('create or replace trigger _sync_deletions after delete on public.%I referencing old table as old_rows '
                                'for each statement execute function private.record_sync_deletions()', v_name));
  perform private.define(format('create or replace trigger _sync_fields after update on public.%I referencing old table as old_rows new table as new_rows '
                                'for each statement execute function private.record_sync_fields()', v_name));
end
$_$;

--
-- Name: FUNCTION enable_sync(p_table regclass); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.enable_sync(p_table regclass) IS 'Sets up a table of private.sync_tables() that has visibility rules for sync: its sync_xid column and trigger, the indexes a pull reads ((sync_xid, id); (key column, sync_xid, id) per key column; (sync_xid, id) where an everyone rule holds), and the triggers that log its moves, hard deletes and the fields each version changed. Idempotent (what exists is kept, the triggers replaced): run by private.apply_manifest. INVALID_TABLE (22023).';

--
-- Name: enable_sync_marks(regclass, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.enable_sync_marks(p_table regclass, p_on boolean) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
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

--
-- Name: FUNCTION enable_sync_marks(p_table regclass, p_on boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.enable_sync_marks(p_table regclass, p_on boolean) IS 'Attaches (p_on) or drops the statement triggers sync_marks_insert, _update and _delete (private.record_sync_marks) of a table: on for a synced table outside the outbox, off otherwise. Through private.define: a deploy that changes nothing takes no lock on the table. Run by private.apply_manifest.';

--
-- Name: encode_sync_cursor(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.encode_sync_cursor(p_state jsonb) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return private.seal_cursor(p_state || pg_catalog.jsonb_build_object('i', private.cursor_incarnation()));
end
$$;

--
-- Name: FUNCTION encode_sync_cursor(p_state jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.encode_sync_cursor(p_state jsonb) IS 'A sync_pull or sync_poll cursor of state p_state, of this incarnation, sealed (private.seal_cursor).';

--
-- Name: ensure_photo_storage(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.ensure_photo_storage() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
begin
  if pg_catalog.to_regclass('storage.objects') is null or pg_catalog.to_regclass('storage.buckets') is null then
    return;
  end if;
  insert into storage.buckets (id, name, public) values ('watchlist-photos', 'watchlist-photos', false)
  on conflict (id) do nothing;

  -- One permissive policy per command, each for this bucket only (other buckets' policies
  -- are their owners'). Managing policies on storage.objects takes its owner's rights; a
  -- project that does not give them to the migrating role keeps the bucket closed (no
  -- policy: only the service key reaches it) and is told how to finish.
  begin
    perform private.define(
      $p$create policy watchlist_photos_select on storage.objects for select to authenticated
           using (bucket_id = 'watchlist-photos' and private.may_read_watchlist_photo(name))$p$);
    perform private.define(
      $p$create policy watchlist_photos_insert on storage.objects for insert to authenticated
           with check (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))$p$);
    perform private.define(
      $p$create policy watchlist_photos_update on storage.objects for update to authenticated
           using (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))
           with check (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))$p$);
    perform private.define(
      $p$create policy watchlist_photos_delete on storage.objects for delete to authenticated
           using (bucket_id = 'watchlist-photos' and private.may_write_watchlist_photo(name))$p$);
  exception when insufficient_privilege then
    raise warning using
      message = 'the policies of bucket watchlist-photos were not created: ' || sqlerrm,
      hint = 'Run the policy statements of sql/code/photos/storage.sql as the owner of storage.objects (the SQL editor), or allow the migrating role to manage its policies; until then only the service key reaches the bucket.';
  end;
end
$_$;

--
-- Name: FUNCTION ensure_photo_storage(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.ensure_photo_storage() IS 'Where Supabase Storage is installed (storage.objects and storage.buckets exist): the private bucket watchlist-photos and its four policies on storage.objects (read by the entry''s readers, written by its writers), each created or replaced only where it is missing or differs (private.define). A WARNING, and the bucket closed, when the migrating role may not manage the policies. Called by private.apply_manifest, the final step of every migrate.';

--
-- Name: ensure_realtime_publication(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.ensure_realtime_publication() RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $$
begin
  if not exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
     and pg_catalog.current_setting('wal_level') = 'logical'
     and pg_catalog.has_database_privilege(pg_catalog.current_database(), 'CREATE') then
    create publication supabase_realtime;
  end if;
  return exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime');
end
$$;

--
-- Name: FUNCTION ensure_realtime_publication(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.ensure_realtime_publication() IS 'True when the publication supabase_realtime exists, after creating it (empty) where it is missing, the server runs with wal_level = logical and the caller may create publications (CREATE on the database): what a self-hosted Realtime server reads. Creates nothing otherwise. Called by private.apply_manifest before it fills the publication.';

--
-- Name: error_detail(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.error_detail(p_detail text) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if p_detail is null or p_detail = '' then
    return null;
  end if;
  if pg_catalog.left(pg_catalog.ltrim(p_detail), 1) = '{' then
    begin
      return p_detail::jsonb;
    exception when invalid_text_representation then
      null;
    end;
  end if;
  return pg_catalog.to_jsonb(p_detail);
end
$$;

--
-- Name: FUNCTION error_detail(p_detail text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.error_detail(p_detail text) IS 'An error''s DETAIL as an answer carries it: the JSON object it holds, or the text as a JSON string (NULL for none). For sync_push''s conflicts and sync_push_batch''s rejected records.';

--
-- Name: everyone_key(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.everyone_key() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select '00000000-0000-0000-0000-000000000000'::uuid
$$;

--
-- Name: FUNCTION everyone_key(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.everyone_key() IS 'The uuid of the one key of kind everyone.';

--
-- Name: function_fingerprint(oid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.function_fingerprint(p_schema oid, p_name text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return (select coalesce(pg_catalog.string_agg(
                   pg_catalog.regexp_replace(pg_catalog.pg_get_functiondef(p.oid), '^CREATE OR REPLACE FUNCTION [^(]+\(', '(')
                   || ' ' || coalesce(p.proacl::text, '') || ' ' || coalesce(d.description, ''),
                   ' / ' order by p.oid), '')
            from pg_catalog.pg_proc p
            left join pg_catalog.pg_description d on d.objoid = p.oid and d.classoid = 'pg_catalog.pg_proc'::regclass and d.objsubid = 0
           where p.pronamespace = p_schema and p.proname = p_name);
end
$$;

--
-- Name: FUNCTION function_fingerprint(p_schema oid, p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.function_fingerprint(p_schema oid, p_name text) IS 'The functions named p_name in schema p_schema (every overload) as the server reads them back: pg_get_functiondef without the qualified name, privileges, comment. For private.define, which compares a function with its copy in pg_temp.';

--
-- Name: generate_caller_writes(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_caller_writes() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  perform private.create_table_dispatch(
    'private.caller_writes', 'p_table text, p_id uuid', 'boolean', 'stable security definer', 'p_table',
    (select pg_catalog.array_agg(array[m.table_name, pg_catalog.format(
              'return exists (select from public.%I it where it.id = p_id and (%s));',
              m.table_name, private.write_predicate(m.table_name, 'update', 'it'))] order by m.table_name)
       from private.table_manifest m
      where pg_catalog.jsonb_array_length(m.update_by) > 0),
    'no update rules for %L',
    'True when the caller may update row p_id of p_table (its update_by rules in the table manifest); false for an absent row. Generated by private.generate_caller_writes. SECURITY DEFINER so that policies (a child written by whoever may write its parent) and guards can ask it; it answers only about the caller. INVALID_TABLE (22023) for a table without update rules.',
    p_grantees => array['authenticated']);
end
$$;

--
-- Name: FUNCTION generate_caller_writes(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_caller_writes() IS '(Re)creates private.caller_writes from the update rules of the table manifest: a branch per table with one static query. Run by private.apply_manifest.';

--
-- Name: generate_child_parents(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_child_parents() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  v_branches text[] := '{}';
  v_table record;
  v_op record;
  -- The everyone key's mark of each child table with children among the parents whose
  -- openness the statement changed (the CTE opened).
  v_marks constant text := private.sync_marks_insert_sql(
    'select distinct private.everyone_key() as user_id, o.child_table as table_name from opened o where o.children > 0');
begin
  -- The children: per parent, the rows inserted (+1) and deleted (-1), an update's new rows
  -- (+1) and old ones (-1), netted; every parent touched gets children_xid. A parent new to
  -- the table takes its openness from its row; opened_xid 0 (nothing opened or closed: the
  -- children themselves are new, found through children_xid).
  for v_table in select c.child_table from private.child_parent_rules() c group by c.child_table order by c.child_table loop
    for v_op in select * from (values ('INSERT', array['new_rows'], array[1]), ('UPDATE', array['new_rows', 'old_rows'], array[1, -1]),
                                      ('DELETE', array['old_rows'], array[-1])) o (op, sets, signs) loop
      v_branches := v_branches || array[[v_table.child_table || ' ' || v_op.op, pg_catalog.format(
        $s$with d as materialized (
            select v.kind, v.key, sum(v.n)::integer as n%4$s
              from (%1$s) v (kind, key, n)
             where v.key is not null
             group by v.kind, v.key
          ), u as (
            update private.child_parents c set children = c.children + d.n, children_xid = pg_catalog.pg_current_xact_id()%5$s
              from d where c.parent_id = d.key and c.kind = d.kind and c.child_table = %2$L
            returning c.parent_id, c.kind
          )
          insert into private.child_parents as c (parent_id, kind, child_table, open, children, opened_xid)
          select d.key, d.kind, %2$L, %3$s, d.n, '0'
            from d
           where d.n > 0 and not exists (select from u where u.parent_id = d.key and u.kind = d.kind)
           order by d.key, d.kind
          on conflict on constraint child_parents_pkey
          do update set children = c.children + excluded.children, children_xid = excluded.children_xid;$s$,
        (select pg_catalog.string_agg(pg_catalog.format('select %L::text, case when %s then it.%I end, %s from %s it',
                                                        r.kind, coalesce(r.condition, 'true'), r.key_column, s.sign, s.source),
                                      ' union all ' order by r.kind, s.n)
           from private.child_parent_rules() r
          cross join unnest(v_op.sets, v_op.signs) with ordinality s (source, sign, n)
          where r.child_table = v_table.child_table),
        v_table.child_table,
        (select 'case d.kind ' || pg_catalog.string_agg(pg_catalog.format(
                  'when %L then coalesce((select %s from public.%I it where it.id = d.key), false)', r.kind, r.parent_open, r.parent_table),
                  ' ' order by r.kind) || ' end'
           from private.child_parent_rules() r where r.child_table = v_table.child_table),
        -- An insert locked its parents FOR SHARE (private.check_work_parent): their openness
        -- is read again, race-free, for a row left behind by a parent deleted and then
        -- re-created with its id (a restore).
        case when v_op.op = 'INSERT' then ', ' || (
          select 'case v.kind ' || pg_catalog.string_agg(pg_catalog.format(
                   'when %L then coalesce((select %s from public.%I it where it.id = v.key), false)', r.kind, r.parent_open, r.parent_table),
                   ' ' order by r.kind) || ' end as open'
            from private.child_parent_rules() r where r.child_table = v_table.child_table) else '' end,
        case when v_op.op = 'INSERT'
             then ', open = d.open, opened_xid = case when c.open is distinct from d.open then pg_catalog.pg_current_xact_id() else c.opened_xid end,'
                  ' opened_at = case when c.open is distinct from d.open then pg_catalog.clock_timestamp() else c.opened_at end'
             else '' end)]];
    end loop;
  end loop;

  -- The parents: a change of their openness (a row trigger whose WHEN clause compares the
  -- everyone rule on the old and the new row: called only for a claim, release, completion
  -- or reopening), or a delete (per statement), which closes them.
  for v_table in select c.parent_table, c.parent_open, array_agg(distinct c.kind) as kinds
                   from private.child_parent_rules() c group by c.parent_table, c.parent_open order by c.parent_table loop
    -- Either way every user's children of the parent appeared or went without being
    -- written: the everyone key's change mark of each child table that has some tells every
    -- poll (sync/marks.sql), as a write of a row every user sees does.
    v_branches := v_branches || array[[v_table.parent_table || ' UPDATE', pg_catalog.format(
      $s$with opened as (
            update private.child_parents c
               set open = x.open, opened_xid = pg_catalog.pg_current_xact_id(), opened_at = pg_catalog.clock_timestamp()
              from (select coalesce(%1$s, false) as open) x
             where c.parent_id = new.id and c.kind = any (%2$L::text[]) and c.open is distinct from x.open
            returning c.child_table, c.children)
          %3$s;$s$,
      private.visibility_condition(v_table.parent_open, 'new'), v_table.kinds, v_marks)]];
    -- A deleted parent closes (its rows stay: a device that saw its children while it was
    -- open learns of their deletion through it, even when it was claimed and then deleted
    -- between two pulls; public.purge_sync_deletions removes them later).
    v_branches := v_branches || array[[v_table.parent_table || ' DELETE', pg_catalog.format(
      $s$with opened as (
            update private.child_parents c
               set open = false, opened_xid = pg_catalog.pg_current_xact_id(), opened_at = pg_catalog.clock_timestamp()
              from old_rows o
             where c.parent_id = o.id and c.kind = any (%1$L::text[]) and c.open
            returning c.child_table, c.children)
          %2$s;$s$, v_table.kinds, v_marks)]];
  end loop;

  -- Whether a parent is open now, read from its own row: for the policy term that lets the
  -- author of a row just written see it (private.visibility_predicate).
  perform private.create_table_dispatch(
    'private.is_open_parent', 'p_kind text, p_id uuid', 'boolean', 'stable security definer', 'p_kind',
    (select pg_catalog.array_agg(array[x.kind, pg_catalog.format('return exists (select from public.%I it where it.id = p_id and (%s));',
                                                                 x.parent_table, x.parent_open)] order by x.kind)
       from (select distinct c.kind, c.parent_table, c.parent_open from private.child_parent_rules() c) x),
    '%s is not a kind whose parents open to every user',
    'True when the parent p_id of kind p_kind (task, activity) is open to every user now, read from the parent row. For the SELECT policies of child tables (the author of a row just written on an open parent sees it before private.child_parents counts it). Generated by private.generate_child_parents; SECURITY DEFINER so that policies can call it.',
    p_grantees => array['authenticated']);

  perform private.create_table_dispatch(
    'private.record_child_parents', '', 'trigger', 'security definer', 'tg_table_name || '' '' || tg_op',
    case when pg_catalog.cardinality(v_branches) > 0 then v_branches end,
    '%s has no children or parents in private.child_parents',
    'AFTER trigger function of the child tables of private.child_parent_rules() (per statement, insert, update, delete: each parent''s count of children, netted, and children_xid) and of their parent tables (per row, an update that changes what their everyone rule says: open, opened_xid; per statement, a delete: the parents'' rows go). Generated by private.generate_child_parents; SECURITY DEFINER: private.child_parents is nobody''s to write.');

  -- The author's term of the policy is an index condition on created_by: planned, like a
  -- scope key, for one author's rows, not for the average author's share of the table (two
  -- authors, one of them with 300,000 notes, made every other author's plain read a scan).
  for v_table in
    select distinct c.child_table from private.child_parent_rules() c
      join pg_catalog.pg_attribute a on a.attrelid = pg_catalog.format('public.%I', c.child_table)::regclass
                                    and a.attname = 'created_by' and not a.attisdropped
     where 'n_distinct=-0.01' <> all (coalesce(a.attoptions, '{}'))
  loop
    execute pg_catalog.format('alter table public.%I alter column created_by set (n_distinct = -0.01)', v_table.child_table);
  end loop;

  -- Their triggers: dropped where a table no longer takes part, (re)created where it does.
  for v_table in
    select t.tgname, t.tgrelid::regclass as rel
      from pg_catalog.pg_trigger t
     where t.tgname like '\_child\_parents\_%' and not t.tgisinternal
       and t.tgrelid::regclass::text not in (select 'public.' || c.child_table from private.child_parent_rules() c
                                              union select 'public.' || c.parent_table from private.child_parent_rules() c)
  loop
    perform private.define(pg_catalog.format('drop trigger if exists %I on %s', v_table.tgname, v_table.rel));
  end loop;
  for v_table in select distinct c.child_table from private.child_parent_rules() c loop
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_insert after insert on public.%I '
                              'referencing new table as new_rows for each statement execute function private.record_child_parents()', v_table.child_table));
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_update after update on public.%I '
                              'referencing old table as old_rows new table as new_rows for each statement execute function private.record_child_parents()', v_table.child_table));
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_delete after delete on public.%I '
                              'referencing old table as old_rows for each statement execute function private.record_child_parents()', v_table.child_table));
  end loop;
  for v_table in select c.parent_table, c.parent_open from private.child_parent_rules() c group by c.parent_table, c.parent_open loop
    -- (A statement trigger cannot be limited to the columns the rule reads when it takes
    -- transition tables, and would then run for every update of the parents.)
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_open after %s on public.%I for each row '
                              'when (coalesce(%s, false) is distinct from coalesce(%s, false)) execute function private.record_child_parents()',
                              private.update_of_sql(v_table.parent_table, private.condition_columns(v_table.parent_open)),
                              v_table.parent_table, private.visibility_condition(v_table.parent_open, 'old'),
                              private.visibility_condition(v_table.parent_open, 'new')));
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_delete after delete on public.%I '
                              'referencing old table as old_rows for each statement execute function private.record_child_parents()', v_table.parent_table));
  end loop;
end
$_$;

--
-- Name: FUNCTION generate_child_parents(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_child_parents() IS '(Re)creates private.record_child_parents, with a branch per child table and operation and per parent table (private.child_parent_rules()), and attaches its statement triggers _child_parents_* to those tables (dropping them from tables that no longer take part). Run by private.apply_manifest.';

--
-- Name: generate_quota_checks(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_quota_checks() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  v_branches text[] := '{}';
  v_table record;
  v_trigger record;
begin
  -- Open items: rows inserted open (per statement); a row an update made open (a row
  -- trigger whose WHEN clause compares the everyone rule on the old and the new row).
  for v_table in
    select r.table_name, r.condition from private.visibility_rules r
     where r.kind = 'everyone' and r.condition <> 'true' order by r.table_name
  loop
    v_branches := v_branches || array[
      [v_table.table_name || ' open insert', pg_catalog.format(
        'perform private.spend_quota(''open_items_per_user'', auth.uid(), (select count(*)::integer from new_rows it where %s));',
        v_table.condition)],
      [v_table.table_name || ' open update', 'perform private.spend_quota(''open_items_per_user'', auth.uid(), 1);']];
  end loop;

  -- Row bytes: a row's JSON is at most 6 bytes per byte of its text (a control character
  -- written \u0001) plus its other columns; only rows whose text could pass the quota so
  -- are written out as JSON and measured, the common row costs a few additions. A CASE,
  -- not AND: the planner orders the conditions of an AND by their estimated cost, which
  -- rates to_json(row) below the additions, and wrote every row of a bulk write out as JSON.
  for v_table in
    select m.table_name,
           pg_catalog.string_agg(pg_catalog.format('coalesce(pg_catalog.octet_length(it.%I::text), 0)', a.attname), ' + '
                                 order by a.attnum) filter (where t.typcategory = 'S' or t.typname in ('json', 'jsonb')) as text_bytes,
           count(*) as columns
      from private.table_manifest m
      join private.visibility_tables v on v.table_name = m.table_name and v.admin_sees
      join pg_catalog.pg_attribute a on a.attrelid = pg_catalog.format('public.%I', m.table_name)::regclass
                                     and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
     where m.synced
     group by m.table_name, m.ordinal
     order by m.ordinal
  loop
    v_branches := v_branches || array[[v_table.table_name || ' bytes', pg_catalog.format(
      $s$select it.id, pg_catalog.octet_length(pg_catalog.to_json(it)::text) as bytes into v_row
           from new_rows it
          where case when 6 * (%1$s) + %2$s > v_limit then pg_catalog.octet_length(pg_catalog.to_json(it)::text) > v_limit end
          limit 1;
        if found then
          perform private.quota_exceeded('row_bytes', pg_catalog.format('a row of %3$s is %%s bytes as JSON', v_row.bytes),
                                         pg_catalog.jsonb_build_object('table', %3$L, 'id', v_row.id, 'bytes', v_row.bytes));
        end if;$s$,
      coalesce(v_table.text_bytes, '0'), 96 * v_table.columns, v_table.table_name)]];
  end loop;

  perform private.create_table_dispatch(
    'private.check_quotas', '', 'trigger', 'security definer',
    'tg_table_name || '' '' || tg_argv[0]',
    case when pg_catalog.cardinality(v_branches) > 0 then v_branches end,
    '%s has no quota checks',
    'AFTER INSERT / UPDATE trigger function (argument: open insert, open update or bytes; per statement but for the update of a row made open) of the tables with quotas (private.generate_quota_checks): spends open_items_per_user for the rows made open to every user, and raises QUOTA_EXCEEDED for a row over row_bytes as JSON. SECURITY DEFINER: the quotas and their use are nobody''s to read or write.',
    p_declare => 'v_limit integer := private.quota_value(''row_bytes''); v_row record;');

  -- The triggers: dropped where a table no longer has the check, (re)created where it does.
  for v_trigger in
    select t.tgname, t.tgrelid::regclass as rel, c.relname::text as table_name
      from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
     where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
       and (t.tgname like '\_quota\_open\_items\_%' or t.tgname like '\_quota\_row\_bytes\_%')
  loop
    if not exists (select from pg_catalog.generate_subscripts(v_branches, 1) i
                    where v_branches[i][1] like v_trigger.table_name || case when v_trigger.tgname like '%open%' then ' open %' else ' bytes' end) then
      perform private.define(pg_catalog.format('drop trigger if exists %I on %s', v_trigger.tgname, v_trigger.rel));
    end if;
  end loop;
  for v_table in select r.table_name, r.condition from private.visibility_rules r where r.kind = 'everyone' and r.condition <> 'true' loop
    perform private.define(pg_catalog.format('create or replace trigger _quota_open_items_insert after insert on public.%I '
                              'referencing new table as new_rows for each statement execute function private.check_quotas(''open insert'')',
                              v_table.table_name));
    perform private.define(pg_catalog.format('create or replace trigger _quota_open_items_update after %s on public.%I for each row '
                              'when (coalesce(%s, false) and not coalesce(%s, false)) execute function private.check_quotas(''open update'')',
                              private.update_of_sql(v_table.table_name, private.condition_columns(v_table.condition)),
                              v_table.table_name, private.visibility_condition(v_table.condition, 'new'),
                              private.visibility_condition(v_table.condition, 'old')));
  end loop;
  for v_table in
    select m.table_name from private.table_manifest m join private.visibility_tables v on v.table_name = m.table_name and v.admin_sees
     where m.synced
  loop
    perform private.define(pg_catalog.format('create or replace trigger _quota_row_bytes_insert after insert on public.%I '
                              'referencing new table as new_rows for each statement execute function private.check_quotas(''bytes'')',
                              v_table.table_name));
    perform private.define(pg_catalog.format('create or replace trigger _quota_row_bytes_update after update on public.%I '
                              'referencing new table as new_rows for each statement execute function private.check_quotas(''bytes'')',
                              v_table.table_name));
  end loop;
end
$_$;

--
-- Name: FUNCTION generate_quota_checks(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_quota_checks() IS '(Re)creates private.check_quotas from the table manifest (open items: the tables with an everyone rule other than "true"; row bytes: the synced tables admins see, i.e. other users may) and attaches its statement triggers _quota_open_items_insert / _update and _quota_row_bytes_insert / _update, dropping those of tables that no longer have the check. Run by private.apply_manifest.';

--
-- Name: generate_row_scope(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_row_scope() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_branches text[];
begin
  select pg_catalog.array_agg(array[t.table_name, pg_catalog.format(
           E'return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.%I, p_row) it\n'
           || E'           cross join lateral (values %s) v (kind, key) where v.key is not null;',
           t.table_name,
           (select pg_catalog.string_agg(
                     case when r.kind = 'everyone'
                          then pg_catalog.format('(''everyone''::text, case when %s then private.everyone_key() end)', r.condition)
                          when r.condition is null then pg_catalog.format('(%L::text, it.%I)', r.kind, r.key_column)
                          else pg_catalog.format('(%L::text, case when %s then it.%I end)', r.kind, r.condition, r.key_column) end,
                     ', ' order by r.kind, r.key_column)
              from private.visibility_rules r where r.table_name = t.table_name))]
         order by t.table_name)
    into v_branches
    from private.visibility_tables t
   where exists (select from private.visibility_rules r where r.table_name = t.table_name);

  perform private.create_table_dispatch(
    'private.row_scope', 'p_table text, p_row jsonb', 'table (kind text, key uuid)', 'stable', 'p_table', v_branches,
    'no visibility rules for %L',
    'The scope keys (kind, key) of a row of p_table given as jsonb (to_jsonb(row)), derived kinds as they are (a note: (task, its parent id)). Generated from private.visibility_rules by private.generate_row_scope. INVALID_TABLE (22023) for a table without rules.',
    p_grantees => array['service_role']);
end
$$;

--
-- Name: FUNCTION generate_row_scope(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_row_scope() IS '(Re)creates private.row_scope from private.visibility_rules: a branch per table with one static query. Run by private.apply_manifest.';

--
-- Name: generate_sync_fields(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_sync_fields() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_branches text[];
begin
  -- Two static statements per table: one for an update of one row (nearly every one), its
  -- rows paired without the window functions and sorts a statement of many rows needs.
  select pg_catalog.array_agg(array[t, pg_catalog.format(
           E'if not exists (select from new_rows offset 1) then\n            %s\n          else\n            %s\n          end if;',
           pg_catalog.replace(private.sync_fields_sql(t, true), E'\n', E'\n  '),
           pg_catalog.replace(private.sync_fields_sql(t, false), E'\n', E'\n  '))] order by t)
    into v_branches
    from pg_catalog.unnest(private.sync_tables()) t
   where pg_catalog.to_regclass(pg_catalog.format('public.%I', t)) is not null;

  perform private.create_table_dispatch(
    'private.record_sync_fields', '', 'trigger',
    'security definer set timezone = ''UTC'' set extra_float_digits = 1 set jit = off', 'tg_table_name', v_branches,
    '%s is not a synced table',
    'AFTER UPDATE statement trigger function of the synced tables (transition tables new_rows, old_rows): for every row whose row_version moved, records in private.sync_field_changes the version written, when, by whom, the md5 of each changed column''s previous value (as private.sync_field_digests digests it) and the scope keys of the row it changed (base_keys: who could read that version), in one INSERT. For sync_push''s per-field merge. Generated by private.generate_sync_fields.',
    p_declare => 'v_actor uuid := auth.uid();');
end
$$;

--
-- Name: FUNCTION generate_sync_fields(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_sync_fields() IS '(Re)creates private.record_sync_fields with a branch per synced table (private.sync_tables()). Run by private.apply_manifest before it attaches the _sync_fields triggers.';

--
-- Name: generate_sync_items(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_sync_items() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_table text;
  v_mode text;
  v_name text;
begin
  foreach v_table in array private.sync_tables() loop
    foreach v_mode in array private.sync_table_modes(v_table) loop
      v_name := 'sync_items_' || v_table || '_' || v_mode;
      perform private.create_plan_keeping_function(v_name,
        'p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, '
        'p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], '
        'p_gained_ats timestamptz[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamptz[]',
        'table (c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamptz)', 'stable',
        'return query ' || private.sync_items_sql(v_table, v_mode) || ';',
        pg_catalog.format('private.sync_items for table %s, mode %s: the query of private.sync_items_sql(%L, %L) with its plan kept. Generated by private.generate_sync_items.',
                          v_table, v_mode, v_table, v_mode),
        -- (the worker's change feeds call the others; mode steady is sync_pull's alone)
        case when v_mode <> 'steady' then 'service_role' end);
    end loop;
  end loop;

  -- sync_poll's question, one table at a time: is there a first item? Static calls of the
  -- functions above, with their plans kept as theirs are, so that a poll plans nothing (an
  -- EXECUTE per table cost more than the probe it ran).
  perform private.create_table_dispatch(
    'private.sync_has_items',
    'p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], '
    'p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamptz[], p_lost_kinds text[], p_lost_keys uuid[], '
    'p_lost_causes xid8[], p_lost_ats timestamptz[]',
    'boolean', 'stable set plan_cache_mode = force_generic_plan set jit = off', 'p_table || ''_'' || p_mode',
    (select pg_catalog.array_agg(array[t || '_' || m, pg_catalog.format(
              'return exists (select from private.%I(p_lo, p_x, p_ip, ''0'', ''0'', '
              '''00000000-0000-0000-0000-000000000000'', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, '
              'p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));',
              'sync_items_' || t || '_' || m)] order by n, m)
       from unnest(private.sync_tables()) with ordinality x (t, n), unnest(array['changes', 'admin']) m),
    '%L is not a synced table and mode changes or admin (table_mode)',
    'For sync_poll: whether private.sync_items_<p_table>_<p_mode> (mode changes or admin) has at least one item for the given state and keys (private.sync_key_state). Generated by private.generate_sync_items.');
end
$$;

--
-- Name: FUNCTION generate_sync_items(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_sync_items() IS '(Re)creates private.sync_items_<table>_<mode> for every synced table and mode from private.sync_items_sql: the queries private.sync_items runs, with their plans kept for the session. Run by private.generate_sync_statements (private.apply_manifest).';

--
-- Name: generate_sync_marks(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_sync_marks() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION generate_sync_marks(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_sync_marks() IS '(Re)creates private.record_sync_marks with a branch per synced table outside the outbox. Run by private.apply_manifest before it attaches the triggers (private.enable_sync_marks).';

--
-- Name: generate_sync_pages(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_sync_pages() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  c_arguments constant text :=
    'p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_page_limit integer, p_horizon xid8, '
    'p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8, p_compact boolean';
  v_table text;
  v_name text;
begin
  foreach v_table in array private.sync_tables() loop
    v_name := 'sync_page_' || v_table;
    -- Replaced only where it differs (private.define): sessions keep the plans they made.
    perform private.define(pg_catalog.format($f$
      create or replace function private.%1$I(%2$s)
        returns json
        language plpgsql
        volatile
        set search_path = pg_catalog, pg_temp
        set plan_cache_mode = force_generic_plan
        set jit = off
      as $body$
      #variable_conflict use_column
      declare
        -- the arguments of private.sync_items_<table>_<mode>
        p_after_c0 xid8 := (p_after ->> 0)::xid8;
        p_after_c1 xid8 := (p_after ->> 1)::xid8;
        p_after_id uuid := (p_after ->> 2)::uuid;
        p_after_kind integer := (p_after ->> 3)::integer;
        p_limit bigint := p_page_limit + 1;
        p_lo xid8;
        p_kinds text[];
        p_keys uuid[];
        p_gained_kinds text[];
        p_gained_keys uuid[];
        p_gained_causes xid8[];
        p_gained_ats timestamptz[];
        p_lost_kinds text[];
        p_lost_keys uuid[];
        p_lost_causes xid8[];
        p_lost_ats timestamptz[];
      begin
        select s.lo, s.kinds, s.keys, s.g_kinds, s.g_keys, s.g_causes, s.g_ats, s.l_kinds, s.l_keys, s.l_causes, s.l_ats
          into p_lo, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats,
               p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats
          from private.sync_key_state(p_user, p_mode, p_x, p_ip, %6$L::text[]) s;
        if p_mode = 'full' then
          return (%3$s);
        elsif p_mode = 'changes' then%7$s
          return (%4$s);
        elsif p_mode = 'admin' then
          return (%5$s);
        end if;
        raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: sync_page mode %%L', p_mode);
      end
      $body$
      $f$, v_name, c_arguments, private.sync_page_sql(v_table, 'full'), private.sync_page_sql(v_table, 'changes'),
      private.sync_page_sql(v_table, 'admin'),
      -- only the kinds of keys the table's rules read: a pull of tasks never reads watchlists
      private.pull_key_kinds(array[v_table]),
      -- No key gained or lost since the cursor (nearly every pull): mode steady gives the
      -- same page from half the streams (private.sync_items_sql).
      case when 'steady' = any (private.sync_table_modes(v_table)) then pg_catalog.format($e$
          if pg_catalog.cardinality(p_gained_keys) = 0 and pg_catalog.cardinality(p_lost_keys) = 0 then
            return (%s);
          end if;$e$, private.sync_page_sql(v_table, 'steady')) else '' end),
      pg_catalog.format('comment on function private.%I is %L', v_name,
        pg_catalog.format('A page of sync_pull for table %s in mode p_mode (full | changes | admin): the statements of private.sync_page_sql(%L, <mode>), with their plans kept, after the caller''s keys of the kinds the table reads (private.sync_key_state, private.pull_key_kinds); in mode changes, that of mode steady when the caller gained and lost no key since the cursor. Generated by private.generate_sync_pages.',
                          v_table, v_table)),
      pg_catalog.format('revoke all on function private.%I from public, anon, authenticated, service_role', v_name));
  end loop;

  perform private.create_table_dispatch(
    'private.sync_page', 'p_table text, ' || c_arguments, 'json', 'volatile', 'p_table',
    (select pg_catalog.array_agg(array[t, pg_catalog.format(
              'return private.%I(p_user, p_mode, p_x, p_ip, p_after, p_page_limit, p_horizon, p_next_x, p_next_ip, p_next_horizon, p_compact);',
              'sync_page_' || t)] order by n)
       from unnest(private.sync_tables()) with ordinality x (t, n)),
    '%L is not a synced table',
    'For sync_pull: a page of p_table, from private.sync_page_<p_table> (a static call each: nothing dispatched by name, nothing planned per pull). Generated by private.generate_sync_pages.');
end
$_$;

--
-- Name: FUNCTION generate_sync_pages(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_sync_pages() IS '(Re)creates private.sync_page_<table> for every synced table from private.sync_page_sql, and private.sync_page, which calls them. Run by private.generate_sync_statements (private.apply_manifest, the final step of migrate).';

--
-- Name: generate_sync_push_updates(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_sync_push_updates() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_table text;
  v_columns text[];
begin
  foreach v_table in array private.sync_tables() loop
    perform private.create_plan_keeping_function(
      'sync_push_row_' || v_table, 'p_id uuid', 'jsonb', 'stable',
      pg_catalog.format('return (select pg_catalog.to_jsonb(t) from public.%I t where t.id = p_id);', v_table),
      pg_catalog.format('For sync_push: the %s row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.', v_table),
      'authenticated, service_role');
    select array_agg(a.attname::text order by a.attnum) into v_columns
      from pg_catalog.pg_attribute a
     where a.attrelid = pg_catalog.format('public.%I', v_table)::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' and a.attname not in ('id', 'created_at', 'updated_at', 'row_version', 'sync_xid')
       and pg_catalog.has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE');
    -- Whether the caller may change the row, asked before anything of the push is compared
    -- with the row's history: FOR UPDATE applies the table's UPDATE policy (and locks the
    -- row for the write that follows). A table app users may only insert into
    -- (journal_field_groups) has no row a push may change, and no update to keep.
    perform private.create_plan_keeping_function(
      'sync_push_lock_' || v_table, 'p_id uuid', 'boolean', 'volatile',
      case when v_columns is null then 'return false;'
           else pg_catalog.format('return exists (select from public.%I t where t.id = p_id for update);', v_table) end,
      pg_catalog.format('For sync_push: true when the caller may change the %s row p_id (its UPDATE policy, as FOR UPDATE applies it), which it then holds locked. Generated by private.generate_sync_push_updates.', v_table),
      'authenticated, service_role');
    continue when v_columns is null;
    perform private.create_plan_keeping_function(
      'sync_push_update_' || v_table,
      'p_record jsonb, p_columns text[], p_id uuid, p_version integer', 'setof jsonb', 'volatile',
      pg_catalog.format($body$
        return query
          update public.%1$I as t set %2$s
            from pg_catalog.jsonb_populate_record(null::public.%1$I, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        $body$, v_table,
        (select pg_catalog.string_agg(pg_catalog.format('%1$I = case when %1$L = any (p_columns) then r.%1$I else t.%1$I end', c), ', ')
           from pg_catalog.unnest(v_columns) c)),
      pg_catalog.format('For sync_push: updates the %s row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.', v_table),
      'authenticated, service_role');
    -- sync_push_batch's plain edits in one statement: the same update for many rows, each
    -- item {id, version, record, columns}. Rows found by their ids, never by a scan (a plan
    -- kept for the session may have been made while the table was small).
    perform private.define(pg_catalog.format($f$
      create or replace function private.%1$I(p_items jsonb) returns table (written_id uuid, written jsonb)
        language plpgsql
        volatile
        set search_path = pg_catalog, pg_temp
        set plan_cache_mode = force_generic_plan
        set jit = off
        set enable_seqscan = off
      as $body$
      #variable_conflict use_column
      begin
        return query
          update public.%2$I as t set %3$s
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.%2$I, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $body$
      $f$, 'sync_push_updates_' || v_table, v_table,
      (select pg_catalog.string_agg(pg_catalog.format('%1$I = case when %1$L = any (i.columns) then r.%1$I else t.%1$I end', c), ', ')
         from pg_catalog.unnest(v_columns) c)),
      pg_catalog.format('comment on function private.%I(jsonb) is %L', 'sync_push_updates_' || v_table,
        pg_catalog.format('For sync_push_batch: updates the %s rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.', v_table)),
      pg_catalog.format('revoke all on function private.%I(jsonb) from public, anon, authenticated, service_role',
                        'sync_push_updates_' || v_table),
      pg_catalog.format('grant execute on function private.%I(jsonb) to authenticated, service_role',
                        'sync_push_updates_' || v_table));
  end loop;
end
$_$;

--
-- Name: FUNCTION generate_sync_push_updates(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_sync_push_updates() IS 'Creates private.sync_push_update_<table>, private.sync_push_row_<table> and private.sync_push_lock_<table> for each synced table: sync_push''s UPDATE with its plan kept for the session, naming every column authenticated may update, its read of the row as the caller sees it, and its check that the caller may change it. Run by private.generate_sync_statements (the final step of migrate), so a change of column grants is followed.';

--
-- Name: generate_sync_statements(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.generate_sync_statements() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_function regprocedure;
begin
  -- Each is replaced only where it differs (private.define), so that an unchanged one keeps
  -- the plans the sessions made of it.
  perform private.generate_sync_items();
  perform private.generate_sync_pages();
  perform private.generate_sync_push_updates();
  -- Then what is no longer generated goes: a table no longer synced keeps none, and a
  -- changed signature leaves no stale overload behind (the newest of a name is the one
  -- just generated).
  for v_function in
    select p.oid::regprocedure from pg_catalog.pg_proc p
     where p.pronamespace = 'private'::regnamespace
       and (p.proname ~ '^sync_items_.+_(full|changes|visibility|admin|steady)$'
            or (p.proname like 'sync\_page\_%' and p.proname <> 'sync_page_sql')
            or p.proname like 'sync\_push\_update\_%' or p.proname like 'sync\_push\_updates\_%'
            or p.proname like 'sync\_push\_row\_%' or p.proname like 'sync\_push\_lock\_%')
       -- (a table's items: one per mode it has now, private.sync_table_modes)
       and (not exists (select from pg_catalog.unnest(private.sync_tables()) t
                         where p.proname in ('sync_page_' || t, 'sync_push_update_' || t, 'sync_push_updates_' || t, 'sync_push_row_' || t,
                                             'sync_push_lock_' || t)
                            or p.proname in (select 'sync_items_' || t || '_' || m from unnest(private.sync_table_modes(t)) m))
            or exists (select from pg_catalog.pg_proc n where n.pronamespace = p.pronamespace and n.proname = p.proname and n.oid > p.oid))
  loop
    execute pg_catalog.format('drop function %s', v_function);
  end loop;
end
$_$;

--
-- Name: FUNCTION generate_sync_statements(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.generate_sync_statements() IS 'Generates every per-table statement of sync_pull and sync_push again for the synced tables, replacing only those that differ, and drops those of tables no longer synced and older overloads (private.generate_sync_items, private.generate_sync_pages, private.generate_sync_push_updates). Run by private.apply_manifest (the final step of migrate), after any change of the synced tables, their columns or column grants.';

--
-- Name: guard_listing_move(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.guard_listing_move() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := auth.uid();
  v_item text := (select m.claimed_as from private.table_manifest m where m.table_name = tg_table_name);
begin
  -- Writes without a calling user (the worker, migrations) are not the apps' moves, nor
  -- are those of a role past row-level security (the service role), nor those of the
  -- tables' owner: a SECURITY DEFINER function that authorised the write itself
  -- (restore_entity relinking a restored listing's tasks).
  if v_uid is null or (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user)
     or current_user = (select pg_catalog.pg_get_userbyid(c.relowner) from pg_catalog.pg_class c where c.oid = tg_relid) then
    return new;
  end if;
  -- Who may write a listing (its owner, an admin) is the listings' update rule.
  if new.listing_id is not null and not private.caller_writes('listings', new.listing_id) then
    -- A listing the caller does not see (under its row-level security) is answered as an
    -- absent one: the listing made offline and not pushed yet (push it, retry the item), or
    -- someone else's, which the caller must not learn exists.
    if not exists (select from public.listings l where l.id = new.listing_id) then
      raise exception using errcode = '23503',
        message = pg_catalog.format('FK_MISSING: listing %s does not exist', new.listing_id),
        detail = pg_catalog.jsonb_build_object('table', 'listings', 'column', 'listing_id', 'id', new.listing_id)::text,
        hint = 'Push the listing first, then retry this record unchanged.';
    end if;
    raise exception using errcode = '42501',
      message = pg_catalog.format('NOT_AUTHORIZED: only the listing''s owner or an admin may put a %s on listing %s', v_item, new.listing_id);
  end if;
  if tg_op = 'INSERT' then
    return new;
  end if;
  if old.declared_by = v_uid or private.is_admin() or private.caller_writes('listings', old.listing_id) then
    return new;
  end if;
  raise exception using errcode = '42501',
    message = pg_catalog.format('NOT_AUTHORIZED: only the declarer, the listing''s owner or an admin may move this %s to another listing', v_item);
end
$$;

--
-- Name: FUNCTION guard_listing_move(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.guard_listing_move() IS 'BEFORE INSERT (with a listing) and BEFORE UPDATE OF listing_id (only when it changes) trigger function of tasks and activities: an item goes onto a listing only by whoever may write that listing (its owner, an admin: private.caller_writes; a listing the caller does not see: FK_MISSING, 23503, detail {table, column, id}, as for an absent one), and the declarer, whoever may write the current listing or an admin may move it; anyone else gets NOT_AUTHORIZED (42501). Writes without a calling user, by a role past row-level security, or by the table''s owner (a SECURITY DEFINER function that authorised them), pass.';

--
-- Name: guard_listing_property(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.guard_listing_property() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  -- As for work items on listings (private.guard_listing_move): writes without a calling
  -- user, by a role past row-level security or by the table's owner are not the apps'.
  if auth.uid() is null or (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user)
     or current_user = (select pg_catalog.pg_get_userbyid(c.relowner) from pg_catalog.pg_class c where c.oid = tg_relid) then
    return new;
  end if;
  -- Under the caller's row-level security: the properties he sees.
  if not exists (select from public.properties p where p.id = new.property_id) then
    raise exception using errcode = '23503',
      message = pg_catalog.format('FK_MISSING: property %s does not exist', new.property_id),
      detail = pg_catalog.jsonb_build_object('table', 'properties', 'column', 'property_id', 'id', new.property_id)::text,
      hint = 'Push the property first, then retry this record unchanged.';
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION guard_listing_property(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.guard_listing_property() IS 'BEFORE INSERT (with a property) and BEFORE UPDATE OF property_id (only when it changes to one) trigger function of listings: the property must be one the calling app user sees (its owner, an admin), else FK_MISSING (23503, detail {table, column, id}), the answer for a property that does not exist. Writes without a calling user, by a role past row-level security, or by the table''s owner pass.';

--
-- Name: hand_over_held_items(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.hand_over_held_items() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  update public.tasks t set declared_by = t.claimed_by
   where t.declared_by = old.id and t.claimed_by is not null and t.claimed_by <> old.id;
  update public.activities a set declared_by = a.claimed_by
   where a.declared_by = old.id and a.claimed_by is not null and a.claimed_by <> old.id;
  -- Its own claims are released here, before its items are deleted: each release is then
  -- in the log before the deletion (the foreign key's SET NULL would log it after).
  update public.tasks t set claimed_by = null where t.claimed_by = old.id;
  update public.activities a set claimed_by = null where a.claimed_by = old.id;
  return old;
end
$$;

--
-- Name: FUNCTION hand_over_held_items(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.hand_over_held_items() IS 'BEFORE DELETE row trigger function of public.users: the tasks and activities the deleted user declared that another user holds (claimed_by) are handed to that user (declared_by := claimed_by) before the foreign keys cascade, so deleting an account never takes another user''s work, and the claims the user held are released; the rest of its items are deleted (audited: restorable by an admin). SECURITY DEFINER: the holder''s items are written whoever deletes the account.';

--
-- Name: incarnation_digest(bigint, text, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.incarnation_digest(p_epoch bigint, p_server text, p_timeline integer) RETURNS text
    LANGUAGE sql STABLE
    RETURN "left"(md5(concat_ws('/'::text, p_epoch, p_server, p_timeline)), 16);

--
-- Name: FUNCTION incarnation_digest(p_epoch bigint, p_server text, p_timeline integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.incarnation_digest(p_epoch bigint, p_server text, p_timeline integer) IS 'The incarnation a cursor names, from private.incarnation''s epoch p_epoch, what the server is p_server (system identifier, database, incarnation table and, on a primary, timeline) and a hot standby''s timeline p_timeline (NULL on a primary). Written into the calling expression.';

--
-- Name: is_admin(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_admin() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return coalesce((select u.is_admin from public.users u where u.id = auth.uid()), false);
end
$$;

--
-- Name: FUNCTION is_admin(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.is_admin() IS 'True when the caller (auth.uid()) is an admin. Used by row-level security policies (as `(select private.is_admin())`, once per statement).';

--
-- Name: journal_caller(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_caller() RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('a journal');
begin
  perform private.assert_profile(v_uid);
  return v_uid;
end
$$;

--
-- Name: FUNCTION journal_caller(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_caller() IS 'The caller (auth.uid()); NOT_AUTHENTICATED (42501) when there is none, NOT_FOUND (P0002) when the caller has no profile yet. Journal RPCs serve users only.';

--
-- Name: journal_count_entries(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_count_entries() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_threads uuid[];
  v_deltas integer[];
begin
  if tg_op = 'INSERT' then
    update public.journal_thread_stats s
       set live_entries = s.live_entries + d.n, last_entry_at = greatest(s.last_entry_at, d.newest)
      from (select n.thread_id, count(*) as n, max(n.entry_timestamp) as newest
              from new_rows n where n.deleted_at is null group by n.thread_id) d
     where s.thread_id = d.thread_id;
    return null;
  elsif tg_op = 'UPDATE' then
    -- What the stats read of an entry: its thread, time and whether it is live. Old rows
    -- count -1 and new ones +1, netted per those values; a thread with anything left
    -- changed, its live count by the live rows' net (no join pairs old and new rows: see
    -- private.paired_rows_sql).
    select array_agg(d.thread_id order by d.thread_id), array_agg(d.delta order by d.thread_id)
      into v_threads, v_deltas
      from (select c.thread_id, coalesce(sum(c.n) filter (where c.live), 0)::integer as delta
              from (select c.thread_id, c.entry_timestamp, c.live, sum(c.d) as n
                      from (select o.thread_id, o.entry_timestamp, o.deleted_at is null as live, -1 as d from old_rows o
                            union all
                            select n.thread_id, n.entry_timestamp, n.deleted_at is null, 1 from new_rows n) c
                     group by c.thread_id, c.entry_timestamp, c.live
                    having sum(c.d) <> 0) c
             group by c.thread_id) d;
  else
    select array_agg(d.thread_id order by d.thread_id), array_agg(d.delta order by d.thread_id)
      into v_threads, v_deltas
      from (select o.thread_id, -count(*)::integer as delta
              from old_rows o where o.deleted_at is null group by o.thread_id) d;
  end if;
  if v_threads is null then
    return null;
  end if;
  perform from public.journal_thread_stats s where s.thread_id = any (v_threads) order by s.thread_id for update;
  update public.journal_thread_stats s
     set live_entries = s.live_entries + d.delta,
         last_entry_at = (select max(e.entry_timestamp) from public.journal_entries e
                           where e.thread_id = s.thread_id and e.owner_id = s.owner_id and e.deleted_at is null)
    from unnest(v_threads, v_deltas) d (thread_id, delta)
   where s.thread_id = d.thread_id;
  return null;
end
$$;

--
-- Name: FUNCTION journal_count_entries(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_count_entries() IS 'AFTER INSERT/UPDATE/DELETE statement trigger on journal_entries: keeps journal_thread_stats (live entry count, newest live entry_timestamp) exact under concurrent writers.';

--
-- Name: journal_create_thread_stats(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_create_thread_stats() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  insert into public.journal_thread_stats (thread_id, owner_id) select n.id, n.owner_id from new_rows n;
  return null;
end
$$;

--
-- Name: FUNCTION journal_create_thread_stats(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_create_thread_stats() IS 'AFTER INSERT statement trigger on journal_threads: an empty journal_thread_stats row per new thread.';

--
-- Name: journal_csv_columns(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_csv_columns(p_thread_id uuid, OUT header text, OUT columns uuid[], OUT by_id uuid[], OUT placement text) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
begin
  perform private.journal_live_thread(p_thread_id);
  -- The columns: the live non-group fields, a child of a live group named "Group / Field".
  select 'timestamp,last_edited_at,content' || coalesce(string_agg(',' || (case
      when c.name like '%,%' or c.name like '%"%' or c.name like E'%\r%' or c.name like E'%\n%'
        then '"' || case when ascii(c.name) in (61, 43, 45, 64, 9, 13) then '''' else '' end
             || replace(regexp_replace(c.name, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g'), '"', '""') || '"'
      when ascii(c.name) in (61, 43, 45, 64, 9) then '''' || regexp_replace(c.name, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g')
      else regexp_replace(c.name, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g') end), '' order by c.n), '') || E'\r\n',
         coalesce(array_agg(c.id order by c.n), '{}'),
         coalesce(array_agg(c.id order by c.id), '{}'),
         coalesce(string_agg(',%' || c.by_id || '$s', '' order by c.n), '')
    into header, columns, by_id, placement
    from (select f.id, concat_ws(' / ', g.name, f.name) as name,
                 row_number() over (order by f.sort_order, f.name, f.id) as n,
                 row_number() over (order by f.id) as by_id
            from public.journal_fields f
            left join public.journal_field_groups m on m.child_field_id = f.id
            left join public.journal_fields g on g.id = m.parent_field_id and g.deleted_at is null
           where f.thread_id = p_thread_id and f.deleted_at is null and not f.is_group) c;
end
$_$;

--
-- Name: FUNCTION journal_csv_columns(p_thread_id uuid, OUT header text, OUT columns uuid[], OUT by_id uuid[], OUT placement text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_csv_columns(p_thread_id uuid, OUT header text, OUT columns uuid[], OUT by_id uuid[], OUT placement text) IS 'The columns of a live thread''s CSV export: header (the first line, CRLF included, names neutralised like every cell), columns (their field ids in column order), by_id (the same ids in id order, the order an entry''s values come in) and placement (the format() string that puts values given in id order into column order). Raises as private.journal_live_thread. Shared by journal_csv_lines and JournalExporter, which formats the rows itself.';

--
-- Name: journal_entries_check(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_entries_check() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if tg_op = 'INSERT' then
    select t.owner_id into new.owner_id from public.journal_threads t where t.id = new.thread_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
        detail = json_build_object('thread_id', new.thread_id)::text;
    end if;
  end if;
  if tg_op = 'INSERT' or new.content is distinct from old.content then
    if new.content is null or char_length(new.content) > 65536 or new.content !~ '[^[:space:]]' then
      raise exception using errcode = '22023',
        message = 'INVALID_CONTENT: an entry is 1 to 65,536 characters and not only whitespace',
        detail = json_build_object('length', char_length(new.content), 'min', 1, 'max', 65536)::text;
    end if;
  end if;
  -- A device's clock sets entry_timestamp of an entry written offline. Infinity, or a year
  -- no diary has, would sort the entry out of every view and out of the CSV export (whose
  -- time column has no form for it): refused, whoever writes it.
  if tg_op = 'INSERT' or new.entry_timestamp is distinct from old.entry_timestamp then
    if new.entry_timestamp is null or not isfinite(new.entry_timestamp)
       or new.entry_timestamp < timestamptz '1900-01-01 00:00:00+00'
       or new.entry_timestamp > clock_timestamp() + interval '1 day' then
      raise exception using errcode = '22023',
        message = 'INVALID_TIMESTAMP: an entry''s time is from 1900 to one day ahead of the server''s clock',
        detail = json_build_object('entry_timestamp', new.entry_timestamp, 'min', timestamptz '1900-01-01 00:00:00+00',
                                   'max', clock_timestamp() + interval '1 day')::text;
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.last_edited_at := null;
  elsif new.content is distinct from old.content or new.last_edited_at is distinct from old.last_edited_at then
    new.last_edited_at := clock_timestamp();
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION journal_entries_check(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_entries_check() IS 'BEFORE INSERT/UPDATE on journal_entries: copies owner_id from the thread (NOT_FOUND when the caller cannot see it), raises INVALID_CONTENT (22023) for empty, blank or over-long content and INVALID_TIMESTAMP (22023) for an entry_timestamp that is infinite, before 1900 or over a day ahead of the server clock, and keeps last_edited_at the server''s: NULL on insert, the server clock when the content changes or anyone writes the column.';

--
-- Name: journal_entries_move_values(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_entries_move_values() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  update public.journal_entry_values v set entry_timestamp = new.entry_timestamp where v.entry_id = new.id;
  return null;
end
$$;

--
-- Name: FUNCTION journal_entries_move_values(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_entries_move_values() IS 'AFTER UPDATE OF entry_timestamp on journal_entries: copies the new entry_timestamp to the entry''s values.';

--
-- Name: too_long(text, text, integer, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.too_long(p_table text, p_column text, p_max integer, p_length integer) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE STRICT
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if p_length <= p_max then
    return true;
  end if;
  raise exception using errcode = '22001',
    message = pg_catalog.format('TOO_LONG: %s.%s holds at most %s characters, not %s', p_table, p_column, p_max, p_length),
    detail = pg_catalog.jsonb_build_object('table', p_table, 'column', p_column, 'max_length', p_max, 'length', p_length)::text;
end
$$;

--
-- Name: FUNCTION too_long(p_table text, p_column text, p_max integer, p_length integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.too_long(p_table text, p_column text, p_max integer, p_length integer) IS 'The failing half of a length-limit CHECK constraint: true when p_length <= p_max, otherwise raises TOO_LONG (22001; detail is JSON {table, column, max_length, length}). Executable by the roles that write the tables (a CHECK runs as the writer).';

--
-- Name: journal_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thread_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    content text NOT NULL,
    entry_timestamp timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    last_edited_at timestamp with time zone,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT journal_entries_content_length CHECK (((char_length(content) <= 65536) OR private.too_long('journal_entries'::text, 'content'::text, 65536, char_length(content))))
);
ALTER TABLE ONLY public.journal_entries ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_entries; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_entries IS 'One timestamped entry of a journal thread. Owner only. Deleting sets deleted_at.';

--
-- Name: COLUMN journal_entries.owner_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entries.owner_id IS 'Copied from the thread by the server.';

--
-- Name: COLUMN journal_entries.content; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entries.content IS '1 to 65,536 characters, not only whitespace (INVALID_CONTENT). Kept as written.';

--
-- Name: COLUMN journal_entries.entry_timestamp; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entries.entry_timestamp IS 'When the entry was written: the server clock, or the device''s for an entry written offline. Entries are ordered by it (then id). Not writable after the insert.';

--
-- Name: COLUMN journal_entries.last_edited_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entries.last_edited_at IS 'The app''s "(edited)": the server clock of the last edit — a change of the content, a value changed, removed or added by journal_update_entry — or of a client''s write to this column (a device marking an edit it made offline: whatever it writes, the server''s clock is stored). NULL for an entry never edited.';

--
-- Name: COLUMN journal_entries.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entries.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: journal_entry_json(public.journal_entries); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_entry_json(p_entry public.journal_entries) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select (to_jsonb(p_entry) - 'sync_xid')
      || jsonb_build_object('values', coalesce((select jsonb_object_agg(v.field_id, v.value)
                                                  from public.journal_entry_values v where v.entry_id = p_entry.id), '{}'))
$$;

--
-- Name: FUNCTION journal_entry_json(p_entry public.journal_entries); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_entry_json(p_entry public.journal_entries) IS 'An entry as the RPCs return it: its columns (not sync_xid) plus "values": {field id: value}.';

--
-- Name: journal_entry_values_check(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_entry_values_check() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_entry record;
  v_field record;
begin
  if tg_op = 'INSERT' or new.entry_id is distinct from old.entry_id or new.field_id is distinct from old.field_id then
    select e.thread_id, e.owner_id, e.entry_timestamp into v_entry from public.journal_entries e where e.id = new.entry_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
        detail = json_build_object('entry_id', new.entry_id)::text;
    end if;
    select f.thread_id, f.is_group, f.deleted_at into v_field from public.journal_fields f where f.id = new.field_id;
    if not found or v_field.thread_id <> v_entry.thread_id or v_field.is_group or v_field.deleted_at is not null then
      raise exception using errcode = '22023',
        message = 'INVALID_VALUE: a value belongs to a live, non-group field of the entry''s thread',
        detail = json_build_object('field_id', new.field_id)::text;
    end if;
    new.thread_id := v_entry.thread_id;
    new.owner_id := v_entry.owner_id;
    new.entry_timestamp := v_entry.entry_timestamp;
  end if;
  if char_length(new.value) > 4096 then
    raise exception using errcode = '22023', message = 'INVALID_VALUE: a field value is at most 4,096 characters',
      detail = json_build_object('field_id', new.field_id, 'length', char_length(new.value), 'max', 4096)::text;
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION journal_entry_values_check(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_entry_values_check() IS 'BEFORE INSERT/UPDATE on journal_entry_values: copies thread_id, owner_id and entry_timestamp from the entry (NOT_FOUND when the caller cannot see it) and raises INVALID_VALUE (22023) for a field that is not a live non-group field of that thread, or a value over 4,096 characters.';

--
-- Name: journal_field_groups_check(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_field_groups_check() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_parent record;
  v_child record;
  v_reason text;
begin
  select f.thread_id, f.owner_id, f.is_group, f.deleted_at into v_parent
    from public.journal_fields f where f.id = new.parent_field_id;
  select f.thread_id, f.is_group, f.deleted_at into v_child
    from public.journal_fields f where f.id = new.child_field_id;
  if v_parent.thread_id is null or v_child.thread_id is null then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal field',
      detail = json_build_object('field_id', case when v_parent.thread_id is null then new.parent_field_id
                                                  else new.child_field_id end)::text;
  end if;
  -- Group changes of one thread run one after the other (see journal_fields_check).
  perform from public.journal_threads t where t.id = v_parent.thread_id for no key update;
  new.thread_id := v_parent.thread_id;
  new.owner_id := v_parent.owner_id;
  v_reason := case
    when new.parent_field_id = new.child_field_id then 'a field cannot be its own group'
    when not v_parent.is_group then 'the parent field is not a group'
    when v_child.is_group then 'a group cannot be inside another group'
    when v_child.thread_id <> v_parent.thread_id then 'the two fields belong to different threads'
    when v_parent.deleted_at is not null or v_child.deleted_at is not null then 'a deleted field cannot be grouped'
    when exists (select from public.journal_field_groups g where g.child_field_id = new.child_field_id and g.id <> new.id)
      then 'the field is already in a group'
  end;
  if v_reason is not null then
    raise exception using errcode = '22023', message = 'INVALID_GROUP: ' || v_reason,
      detail = json_build_object('parent_field_id', new.parent_field_id, 'child_field_id', new.child_field_id)::text;
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION journal_field_groups_check(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_field_groups_check() IS 'BEFORE INSERT/UPDATE on journal_field_groups: copies thread_id and owner_id from the parent and raises INVALID_GROUP (22023) unless the parent is a live group and the child a live non-group field of the same thread that is in no other group; NOT_FOUND for a field the caller cannot see.';

--
-- Name: journal_fields_check(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_fields_check() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
begin
  -- One field change at a time per thread: under this lock the count and the name check
  -- below see every field committed before (each statement of a READ COMMITTED
  -- transaction reads a fresh snapshot).
  select t.owner_id into new.owner_id from public.journal_threads t where t.id = new.thread_id for no key update;
  if not found then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', new.thread_id)::text;
  end if;
  if tg_op = 'UPDATE' and new.is_group <> old.is_group then
    raise exception using errcode = '22023', message = 'INVALID_GROUP: whether a field is a group is fixed when it is created',
      detail = json_build_object('field_id', new.id)::text;
  end if;
  new.name := regexp_replace(new.name, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if new.name is null or char_length(new.name) not between 1 and 50 then
    raise exception using errcode = '22023',
      message = 'INVALID_FIELD_NAME: a field name is 1 to 50 characters, not counting surrounding whitespace',
      detail = json_build_object('length', char_length(new.name), 'min', 1, 'max', 50)::text;
  end if;
  if new.deleted_at is null then
    if exists (select from public.journal_fields f
                where f.thread_id = new.thread_id and f.deleted_at is null and f.id <> new.id
                  and lower(f.name) = lower(new.name)) then
      raise exception using errcode = '23505',
        message = 'FIELD_NAME_TAKEN: the thread already has a live field of this name (case is ignored)',
        detail = json_build_object('thread_id', new.thread_id)::text;
    end if;
    if (tg_op = 'INSERT' or old.deleted_at is not null)
       and (select count(*) from public.journal_fields f
             where f.thread_id = new.thread_id and f.deleted_at is null and f.id <> new.id) >= 20 then
      raise exception using errcode = '55000', message = 'FIELD_LIMIT: a thread has at most 20 live fields',
        detail = json_build_object('thread_id', new.thread_id, 'max', 20)::text;
    end if;
  end if;
  return new;
end
$_$;

--
-- Name: FUNCTION journal_fields_check(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_fields_check() IS 'BEFORE INSERT/UPDATE on journal_fields (not called for a change of sort_order alone): locks the thread row (FOR NO KEY UPDATE) so that concurrent field changes of one thread run one after the other, copies owner_id, trims the name, and raises INVALID_FIELD_NAME, FIELD_NAME_TAKEN (23505), FIELD_LIMIT (55000: 20 live fields), INVALID_GROUP (is_group changed) or NOT_FOUND (thread).';

--
-- Name: journal_file_stem(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_file_stem(p_title text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_stem text := pg_catalog.left(pg_catalog.btrim(
                   pg_catalog.regexp_replace(pg_catalog.regexp_replace(p_title, '[/\\:*?"<>|[:cntrl:]]', '_', 'g'),
                                             '[[:space:]]+', ' ', 'g'), ' .'), 100);
begin
  while pg_catalog.octet_length(v_stem) > 251 loop
    v_stem := pg_catalog.left(v_stem, -1);
  end loop;
  v_stem := coalesce(nullif(pg_catalog.btrim(v_stem, ' .'), ''), 'Thread');
  if pg_catalog.rtrim(pg_catalog.split_part(v_stem, '.', 1), ' ') ~* '^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$' then
    v_stem := '_' || v_stem;
  end if;
  return v_stem;
end
$_$;

--
-- Name: FUNCTION journal_file_stem(p_title text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_file_stem(p_title text) IS 'The file name of a journal thread''s export without ".csv", from its title: safe on Windows, macOS and Linux (no reserved character, no control character, no leading or trailing dot or space, no Windows device name such as CON or NUL.txt: those get a leading "_"), at most 100 characters and 251 bytes of UTF-8; "Thread" when nothing is left.';

--
-- Name: journal_list_values(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_list_values() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_entries uuid[];
begin
  if tg_op = 'INSERT' then
    insert into public.journal_entry_value_lists as l (entry_id, thread_id, owner_id, entry_timestamp, field_ids, cells)
    select n.entry_id, n.thread_id, n.owner_id, n.entry_timestamp,
           array_agg(n.field_id order by n.field_id), array_agg(n.value order by n.field_id)
      from new_rows n
     group by n.entry_id, n.thread_id, n.owner_id, n.entry_timestamp
    on conflict (entry_id) do update
      set (field_ids, cells) = (select array_agg(u.field_id order by u.field_id), array_agg(u.cell order by u.field_id)
                                  from (select distinct on (u.field_id) u.field_id, u.cell
                                          from unnest(excluded.field_ids || l.field_ids, excluded.cells || l.cells)
                                               with ordinality u (field_id, cell, n)
                                         order by u.field_id, u.n) u);
    return null;
  elsif tg_op = 'UPDATE' then
    select array_agg(distinct c.entry_id) into v_entries
      from (select n.entry_id from new_rows n union all select o.entry_id from old_rows o) c;
  else
    select array_agg(distinct o.entry_id) into v_entries from old_rows o;
  end if;
  perform from public.journal_entry_value_lists l where l.entry_id = any (v_entries) order by l.entry_id for update;
  delete from public.journal_entry_value_lists l
   where l.entry_id = any (v_entries)
     and not exists (select from public.journal_entry_values v where v.entry_id = l.entry_id);
  insert into public.journal_entry_value_lists as l (entry_id, thread_id, owner_id, entry_timestamp, field_ids, cells)
  select v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp,
         array_agg(v.field_id order by v.field_id), array_agg(v.value order by v.field_id)
    from public.journal_entry_values v
   where v.entry_id = any (v_entries)
   group by v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp
  on conflict (entry_id) do update
    set thread_id = excluded.thread_id, owner_id = excluded.owner_id, entry_timestamp = excluded.entry_timestamp,
        field_ids = excluded.field_ids, cells = excluded.cells;
  return null;
end
$$;

--
-- Name: FUNCTION journal_list_values(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_list_values() IS 'AFTER INSERT/UPDATE/DELETE statement trigger on journal_entry_values: merges inserted values into their entries'' journal_entry_value_lists rows; after an update or delete, rewrites the rows of the entries concerned from journal_entry_values under a lock of those rows (removed when an entry has no value rows left).';

--
-- Name: journal_listed_thread(uuid, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_listed_thread(p_thread_id uuid, p_include_deleted boolean) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if p_include_deleted is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_include_deleted is required';
  end if;
  if not p_include_deleted then
    perform private.journal_live_thread(p_thread_id);
    return;
  end if;
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  if not exists (select from public.journal_threads t where t.id = p_thread_id) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
end
$$;

--
-- Name: FUNCTION journal_listed_thread(p_thread_id uuid, p_include_deleted boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_listed_thread(p_thread_id uuid, p_include_deleted boolean) IS 'Raises unless the caller may list p_thread_id''s entries: a live thread of theirs (private.journal_live_thread), or with p_include_deleted (the trash) also a deleted one not yet purged. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002).';

--
-- Name: journal_live_thread(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_live_thread(p_thread_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  if not exists (select from public.journal_threads t where t.id = p_thread_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
end
$$;

--
-- Name: FUNCTION journal_live_thread(p_thread_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_live_thread(p_thread_id uuid) IS 'Raises unless p_thread_id is a live thread of the caller: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: absent, deleted or another user''s — the same answer, so nothing leaks). Where every journal call that starts from a thread checks it (the RPCs, the export, the thread read of JournalService).';

--
-- Name: journal_set_thread_deleted(uuid, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_thread public.journal_threads;
begin
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  update public.journal_threads t set deleted_at = case when p_deleted then clock_timestamp() end
   where t.id = p_thread_id and (t.deleted_at is null) = p_deleted;
  select t.* into v_thread from public.journal_threads t where t.id = p_thread_id;
  if v_thread.id is null then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
  return to_jsonb(v_thread) - 'sync_xid';
end
$$;

--
-- Name: FUNCTION journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean) IS 'journal_delete_thread (p_deleted) and journal_restore_thread: sets or clears the thread''s tombstone unless it already is so, and returns the thread.';

--
-- Name: journal_threads_check(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_threads_check() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
begin
  new.title := regexp_replace(new.title, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if new.title is null or char_length(new.title) not between 1 and 200 then
    raise exception using errcode = '22023',
      message = 'INVALID_TITLE: a thread title is 1 to 200 characters, not counting surrounding whitespace',
      detail = json_build_object('length', char_length(new.title), 'min', 1, 'max', 200)::text;
  end if;
  return new;
end
$_$;

--
-- Name: FUNCTION journal_threads_check(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_threads_check() IS 'BEFORE INSERT/UPDATE OF title on journal_threads: trims the title and raises INVALID_TITLE (22023) unless it is 1 to 200 characters.';

--
-- Name: journal_values(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_values(p_values jsonb) RETURNS TABLE(field_id uuid, value text)
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_bad text;
begin
  if jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '22023', message = 'INVALID_VALUE: p_values must be a JSON object of field id → text',
      detail = json_build_object('type', jsonb_typeof(p_values))::text;
  end if;
  select e.key into v_bad from jsonb_each(p_values) e
   where e.key !~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
      or jsonb_typeof(e.value) not in ('string', 'null')
   limit 1;
  if found then
    raise exception using errcode = '22023',
      message = 'INVALID_VALUE: each key of p_values is a field id and each value a string (or null: no value)',
      detail = json_build_object('key', left(v_bad, 100))::text;
  end if;
  return query select e.key::uuid, e.value #>> '{}' from jsonb_each(p_values) e;
end
$_$;

--
-- Name: FUNCTION journal_values(p_values jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_values(p_values jsonb) IS 'p_values ({field id: text or null}) as rows (field_id, value); INVALID_VALUE (22023) for anything but an object of UUID keys and string/null values. The per-value rules are journal_entry_values_check''s.';

--
-- Name: journal_values_mark_edited(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_values_mark_edited() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if tg_op = 'UPDATE' then
    -- The values that changed: old rows count -1 and new ones +1, netted per (id, entry,
    -- value); an unchanged value cancels out (no join pairs old and new rows: see
    -- private.paired_rows_sql). Their entries by id = any (array): index probes, whatever
    -- row count the plan kept for the session was made for.
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id = any (array(select c.entry_id
                               from (select o.id, o.entry_id, o.value, -1 as d from old_rows o
                                     union all
                                     select n.id, n.entry_id, n.value, 1 from new_rows n) c
                              group by c.id, c.entry_id, c.value
                             having sum(c.d) <> 0))
       and e.created_at <> now() and (e.last_edited_at is null or e.last_edited_at < now());
  else
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id in (select o.entry_id from old_rows o)
       and e.created_at <> now() and (e.last_edited_at is null or e.last_edited_at < now());
  end if;
  return null;
end
$$;

--
-- Name: FUNCTION journal_values_mark_edited(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_values_mark_edited() IS 'AFTER UPDATE/DELETE statement trigger on journal_entry_values: stamps last_edited_at on the entries whose values changed or went, unless the entry was created in this transaction or already stamped by it.';

--
-- Name: journal_write_values(uuid, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_write_values(p_entry_id uuid, p_values jsonb) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_added boolean;
begin
  if p_values is null then
    return false;
  end if;
  -- The entry's values become exactly the strings given (a null or missing key: none), for
  -- live fields; values of deleted fields are kept for a restore of the field.
  with given as (select * from private.journal_values(p_values)),
  removed as (
    delete from public.journal_entry_values v
     where v.entry_id = p_entry_id
       and not exists (select from given g where g.field_id = v.field_id and g.value is not null)
       and v.field_id in (select f.id from public.journal_fields f where f.deleted_at is null)
  ),
  written as (
    insert into public.journal_entry_values as v (entry_id, field_id, value)
    select p_entry_id, g.field_id, g.value from given g where g.value is not null
    on conflict (entry_id, field_id) do update set value = excluded.value
     where v.value is distinct from excluded.value
    returning v.xmax = 0 as inserted
  )
  select coalesce(bool_or(w.inserted), false) into v_added from written w;
  return v_added;
end
$$;

--
-- Name: FUNCTION journal_write_values(p_entry_id uuid, p_values jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.journal_write_values(p_entry_id uuid, p_values jsonb) IS 'Sets an entry''s values from p_values ({field id: text or null}); NULL p_values changes nothing. Returns whether a value was added (a new row).';

--
-- Name: received_timeline(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.received_timeline() RETURNS integer
    LANGUAGE sql STABLE
    RETURN (pg_stat_get_wal_receiver()).received_tli;

--
-- Name: FUNCTION received_timeline(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.received_timeline() IS 'The timeline of the WAL a hot standby receives (pg_stat_wal_receiver.received_tli); NULL without a walreceiver or the right to read its details. Written into the calling expression.';

--
-- Name: kept_incarnation(boolean, bigint, bytea); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.kept_incarnation(p_recovery boolean, p_epoch bigint, p_cursor_key bytea) RETURNS text
    LANGUAGE sql STABLE
    RETURN CASE WHEN (p_recovery AND (private.received_timeline() IS NULL)) THEN NULL::text WHEN (split_part(current_setting('dispatch.cursor_server'::text, true), '|'::text, 2) = private.cursor_server_tag(split_part(current_setting('dispatch.cursor_server'::text, true), '|'::text, 1), substr(p_cursor_key, 17), p_recovery)) THEN private.incarnation_digest(p_epoch, split_part(current_setting('dispatch.cursor_server'::text, true), '|'::text, 1), CASE WHEN p_recovery THEN private.received_timeline() ELSE NULL::integer END) ELSE NULL::text END;

--
-- Name: FUNCTION kept_incarnation(p_recovery boolean, p_epoch bigint, p_cursor_key bytea); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.kept_incarnation(p_recovery boolean, p_epoch bigint, p_cursor_key bytea) IS 'The incarnation (private.cursor_incarnation) as the setting dispatch.cursor_server remembers it for this session (p_recovery: on a hot standby, with the timeline private.received_timeline reads now), or NULL when it holds nothing its tag (private.cursor_server_tag, with p_cursor_key) vouches for, or the standby''s timeline cannot be read so; p_epoch and p_cursor_key are those of the one row of private.incarnation. An expression, written into the calling one.';

--
-- Name: key_holders(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.key_holders(p_kind text, p_key uuid) RETURNS SETOF uuid
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select h.holder from private.keys_holders(array[p_kind], array[p_key]) h
$$;

--
-- Name: FUNCTION key_holders(p_kind text, p_key uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.key_holders(p_kind text, p_key uuid) IS 'The users holding the base key (p_kind, p_key): private.keys_holders for one key.';

--
-- Name: keys_holders(text[], uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.keys_holders(p_kinds text[], p_keys uuid[]) RETURNS TABLE(kind text, key uuid, holder uuid)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
begin
  -- PL/pgSQL for its cached plan: the outbox capture asks this once per statement.
  return query
  with k as (select distinct k.kind, k.key from unnest(p_kinds, p_keys) k (kind, key) where k.key is not null)
  select k.kind, k.key, k.key from k where k.kind = 'user'
  union all
  select k.kind, k.key, l.owned_by from k join public.listings l on l.id = k.key where k.kind = 'listing'
  union all
  select k.kind, k.key, w.owner_id from k join public.watchlists w on w.id = k.key where k.kind in ('watchlist', 'watchlist_owner', 'watchlist_writer')
  union all
  select k.kind, k.key, s.user_id from k join public.watchlist_shares s on s.watchlist_id = k.key and s.accepted_at is not null
   where k.kind = 'watchlist' or (k.kind = 'watchlist_writer' and s.role = 'write')
  union all
  select k.kind, k.key, t.claimed_by from k join public.tasks t on t.listing_id = k.key
   where k.kind = 'listing_claimer' and t.claimed_by is not null
  union all
  select k.kind, k.key, a.claimed_by from k join public.activities a on a.listing_id = k.key
   where k.kind = 'listing_claimer' and a.claimed_by is not null;
end
$$;

--
-- Name: FUNCTION keys_holders(p_kinds text[], p_keys uuid[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.keys_holders(p_kinds text[], p_keys uuid[]) IS 'The users holding each base key (p_kinds[i], p_keys[i]): one row (kind, key, holder) per holder; none for everyone (every user holds it: callers flag it instead) and for derived kinds (resolve them with private.row_keys first). The inverse of private.user_keys, for a whole statement''s keys at once.';

--
-- Name: legacy_cursors_stand(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.legacy_cursors_stand() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return coalesce((select i.legacy_cursors
                          and i.system_identifier = (pg_catalog.pg_control_system()).system_identifier
                          and i.database_oid = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
                          and i.relation_oid = 'private.incarnation'::regclass::oid
                          and i.timeline = private.current_timeline()
                     from private.incarnation i), false);
end
$$;

--
-- Name: FUNCTION legacy_cursors_stand(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.legacy_cursors_stand() IS 'True while cursors written before cursors were sealed may still be taken: the database is the incarnation private.incarnation recorded when they were (no restore, recovery or promotion since).';

--
-- Name: limit_lengths(regclass, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.limit_lengths(p_table regclass, p_limits jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_table text := (select c.relname from pg_catalog.pg_class c where c.oid = p_table);
  v_constraint record;
  v_limit text[];
  v_column text;
  v_max integer;
begin
  -- Limits that are gone or changed: dropped. One that holds is kept (adding it again would
  -- read the whole table to validate it).
  for v_constraint in
    select c.conname, pg_catalog.pg_get_constraintdef(c.oid) as def
      from pg_catalog.pg_constraint c
     where c.conrelid = p_table and c.contype = 'c' and c.conname like v_table || '\_%\_length'
       and pg_catalog.pg_get_constraintdef(c.oid) like '%private.too_long(%'
  loop
    v_limit := pg_catalog.regexp_match(v_constraint.def, 'char_length\(("?\w+"?)\) <= (\d+)');
    if v_limit is null or v_constraint.conname is distinct from v_table || '_' || pg_catalog.btrim(v_limit[1], '"') || '_length'
       or (p_limits ->> pg_catalog.btrim(v_limit[1], '"'))::integer is distinct from v_limit[2]::integer then
      execute pg_catalog.format('alter table %s drop constraint %I', p_table, v_constraint.conname);
    end if;
  end loop;
  for v_column, v_max in select l.key, l.value::integer from pg_catalog.jsonb_each_text(p_limits) l order by l.key loop
    if not exists (select from pg_catalog.pg_constraint c where c.conrelid = p_table and c.conname = v_table || '_' || v_column || '_length') then
      execute pg_catalog.format(
        'alter table %s add constraint %I check (pg_catalog.char_length(%I) <= %s or private.too_long(%L, %L, %s, pg_catalog.char_length(%I)))',
        p_table, v_table || '_' || v_column || '_length', v_column, v_max, v_table, v_column, v_max, v_column);
    end if;
  end loop;
end
$$;

--
-- Name: FUNCTION limit_lengths(p_table regclass, p_limits jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.limit_lengths(p_table regclass, p_limits jsonb) IS 'Gives each column of p_limits ({"column": max characters, ...}) its length limit, a CHECK constraint <table>_<column>_length that raises TOO_LONG (private.too_long) when a value is longer, and drops the limits of columns no longer listed or listed with another maximum (then added again). Idempotent: run by private.apply_manifest from the table manifest.';

--
-- Name: log_access_change(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.log_access_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if tg_table_name = 'listings' then
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, 'listing', old.id, c.granted
      from (values (old.owned_by, false), (case when tg_op = 'UPDATE' then new.owned_by end, true)) c (user_id, granted)
     where c.user_id is not null
    on conflict do nothing;
  elsif tg_table_name = 'watchlists' then
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, k.kind, old.id, c.granted
      from (values (old.owner_id, false), (case when tg_op = 'UPDATE' then new.owner_id end, true)) c (user_id, granted)
     cross join (values ('watchlist'), ('watchlist_owner')) k (kind)
     where c.user_id is not null
    on conflict do nothing;
  elsif tg_table_name = 'watchlist_shares' then
    -- A share is a key once accepted: an invitation grants nothing, and taking one back
    -- revokes nothing.
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, 'watchlist', c.watchlist_id, c.granted
      from (values (case when tg_op <> 'INSERT' and old.accepted_at is not null then old.user_id end,
                    case when tg_op <> 'INSERT' then old.watchlist_id end, false),
                   (case when tg_op <> 'DELETE' and new.accepted_at is not null then new.user_id end,
                    case when tg_op <> 'DELETE' then new.watchlist_id end, true))
           c (user_id, watchlist_id, granted)
     where c.user_id is not null
    on conflict do nothing;
  elsif tg_table_name in ('tasks', 'activities') then
    -- The claimer of an item on a listing holds the listing's listing_claimer key.
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, 'listing_claimer', c.listing_id, c.granted
      from (values (case when tg_op <> 'INSERT' then old.claimed_by end, case when tg_op <> 'INSERT' then old.listing_id end, false),
                   (case when tg_op <> 'DELETE' then new.claimed_by end, case when tg_op <> 'DELETE' then new.listing_id end, true))
           c (user_id, listing_id, granted)
     where c.user_id is not null and c.listing_id is not null
    on conflict do nothing;
  elsif tg_table_name = 'users' then
    insert into public.sync_access_log (user_id, kind, key, granted)
    values (new.id, 'admin', private.everyone_key(), new.is_admin)
    on conflict do nothing;
  end if;
  return null;
end
$$;

--
-- Name: FUNCTION log_access_change(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.log_access_change() IS 'AFTER row trigger function of the tables that decide which keys users hold (listings.owned_by, watchlists.owner_id, watchlist_shares once accepted, the claimer and listing of tasks and activities, users.is_admin): logs each user whose holdings the change altered in public.sync_access_log. Its triggers fire only when those columns change, and on deletes.';

--
-- Name: manifest(text, jsonb, boolean, boolean, jsonb, boolean, boolean, boolean, text, text, text, jsonb, jsonb, jsonb, jsonb, text, jsonb, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.manifest(p_table text, visible_to jsonb, admin_sees boolean DEFAULT true, stamped boolean DEFAULT true, lengths jsonb DEFAULT '{}'::jsonb, tombstoned boolean DEFAULT false, synced boolean DEFAULT false, outbox boolean DEFAULT false, realtime text DEFAULT NULL::text, audited_as text DEFAULT NULL::text, audit_owner text DEFAULT NULL::text, insert_by jsonb DEFAULT '[]'::jsonb, update_by jsonb DEFAULT '[]'::jsonb, delete_by jsonb DEFAULT '[]'::jsonb, parent jsonb DEFAULT NULL::jsonb, claimed_as text DEFAULT NULL::text, aliases jsonb DEFAULT '{}'::jsonb, example jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  insert into private.table_manifest (table_name, visible_to, admin_sees, stamped, lengths, tombstoned, synced, outbox,
                                      realtime, audit_entity, audit_owner, insert_by, update_by, delete_by, parent,
                                      claimed_as, aliases, example)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
$_$;

--
-- Name: FUNCTION manifest(p_table text, visible_to jsonb, admin_sees boolean, stamped boolean, lengths jsonb, tombstoned boolean, synced boolean, outbox boolean, realtime text, audited_as text, audit_owner text, insert_by jsonb, update_by jsonb, delete_by jsonb, parent jsonb, claimed_as text, aliases jsonb, example jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.manifest(p_table text, visible_to jsonb, admin_sees boolean, stamped boolean, lengths jsonb, tombstoned boolean, synced boolean, outbox boolean, realtime text, audited_as text, audit_owner text, insert_by jsonb, update_by jsonb, delete_by jsonb, parent jsonb, claimed_as text, aliases jsonb, example jsonb) IS 'One entry of the table manifest (sql/code/manifest/tables.sql): the table of schema public and its features. Called with named arguments; private.apply_manifest() checks the entry against the table.';

--
-- Name: mark_access_changes(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mark_access_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
  select distinct n.user_id, '*', pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
         pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
    from new_rows n
  on conflict do nothing;
  return null;
end
$$;

--
-- Name: FUNCTION mark_access_changes(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.mark_access_changes() IS 'AFTER INSERT statement trigger function of public.sync_access_log (transition table new_rows): a ''*'' change mark (private.sync_marks) for every user whose holdings the statement logged, so that their sync_poll asks the exact question.';

--
-- Name: may_read_watchlist_photo(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.may_read_watchlist_photo(p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select coalesce(private.caller_sees('watchlist_entries', private.watchlist_photo_entry(p_name)), false)
$$;

--
-- Name: FUNCTION may_read_watchlist_photo(p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.may_read_watchlist_photo(p_name text) IS 'True when the caller may read the photo object p_name: a well-formed `{entryId}/{photoId}.jpg` whose entry the caller sees (the visibility definition).';

--
-- Name: may_write_watchlist_photo(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.may_write_watchlist_photo(p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select exists (select from public.watchlist_entries e
                   join public.watchlists w on w.id = e.watchlist_id
                  where e.id = private.watchlist_photo_entry(p_name)
                    and e.deleted_at is null and w.deleted_at is null
                    and (w.id = any (private.caller_keys('watchlist_writer')) or private.is_admin()))
$$;

--
-- Name: FUNCTION may_write_watchlist_photo(p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.may_write_watchlist_photo(p_name text) IS 'True when the caller may upload, replace or delete the photo object p_name: a well-formed `{entryId}/{photoId}.jpg` whose entry exists, is live and in a live watchlist, and whose photos the caller may write. SECURITY DEFINER: it reads the entry and watchlist whatever policy is in force on the store''s table.';

--
-- Name: next_xid(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.next_xid() RETURNS xid8
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_xmax xid8 := pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot());
  v_low bigint := (v_xmax::text::numeric % 4294967296)::bigint;
  v_ahead bigint;
begin
  if pg_catalog.pg_is_in_recovery() then
    return (v_xmax::text::numeric + pg_catalog.age(pg_catalog.xid(v_xmax)))::text::xid8;
  end if;
  -- the backends' ids as they are now, not as this transaction first read them
  perform pg_catalog.pg_stat_clear_snapshot();
  select max((r.xid::text::bigint - v_low + 6442450944) % 4294967296 - 2147483648) into v_ahead
    from (select a.backend_xid as xid from pg_catalog.pg_stat_get_activity(null) a where a.backend_xid is not null
          union all
          select p.transaction from pg_catalog.pg_prepared_xacts p) r;
  return greatest(v_xmax, (v_xmax::text::numeric + coalesce(v_ahead, -1) + 1)::text::xid8);
end
$$;

--
-- Name: FUNCTION next_xid(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.next_xid() IS 'The next transaction id to be handed out, as far as this server can tell: above every id handed out before the call (a snapshot''s xmax is not: a running transaction may have an id at or past it). On a primary, past the ids of every running and prepared transaction and the snapshot''s xmax; on a hot standby, the next id as replay knows it. For sync_poll''s watch.';

--
-- Name: notification_budget_modes(uuid[], uuid[], boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notification_budget_modes(p_recipients uuid[], p_senders uuid[], p_spend boolean) RETURNS text[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION notification_budget_modes(p_recipients uuid[], p_senders uuid[], p_spend boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.notification_budget_modes(p_recipients uuid[], p_senders uuid[], p_spend boolean) IS 'The push_mode of each notification of a batch (p_recipients[i] notified because of p_senders[i], null for the system''s), in the batch''s order, from its senders'' hourly budgets (private.notification_budgets, private.notification_limits): single within the budgets (and without a sender, or to the sender), summary for the first past a budget in the window of its sender and recipient, collapsed for the rest of that window. p_spend: count the batch against the budgets (locking their counters until the transaction ends); otherwise only read them. The one definition behind private.plan_notification_budgets and private.spend_notification_budgets. SECURITY DEFINER: the counters are nobody''s to read or write.';

--
-- Name: open_cursor(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.open_cursor(p_cursor text, p_what text, p_legacy text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_recovery boolean := pg_catalog.pg_is_in_recovery();
  v_state jsonb;
  v_problem text;
begin
  -- Its size before anything else: the first plans of the statement below are made with the
  -- text written into them, and the planner copies it at each use (a second of a core for a
  -- text of megabytes).
  if octet_length(p_cursor) <= private.cursor_max_bytes() then
    v_state := (select s from private.opened_cursor(p_cursor, v_recovery) s);
    if v_state is not null then
      return v_state;
    end if;
  end if;
  if octet_length(p_cursor) > private.cursor_max_bytes() then
    v_problem := pg_catalog.format('it is %s bytes long, more than the %s a cursor may have', octet_length(p_cursor), private.cursor_max_bytes());
  elsif p_cursor ~ '^v2\.[A-Za-z0-9_-]+$' then
    v_state := (select s from private.incarnation i, private.cursor_contents(p_cursor, i.cursor_key) s);
    if v_state is null or pg_catalog.jsonb_typeof(v_state) <> 'object' then
      v_problem := 'it was not sealed by this database';
    elsif v_state ->> 'i' is distinct from private.cursor_incarnation() then
      raise exception using errcode = '22023',
        message = 'CURSOR_EXPIRED: the cursor comes from another incarnation of this database (a restore, a point-in-time recovery or a failover since), whose transactions this one may not have had',
        hint = 'Do a full sync: call again with a NULL cursor and replace the local copy.';
    end if;
  elsif p_legacy is not null and p_cursor ~ p_legacy then
    if not private.legacy_cursors_stand() then
      raise exception using errcode = '22023',
        message = 'CURSOR_EXPIRED: the cursor comes from another incarnation of this database (a restore, a point-in-time recovery or a failover since), whose transactions this one may not have had',
        hint = 'Do a full sync: call again with a NULL cursor and replace the local copy.';
    end if;
    return pg_catalog.jsonb_build_object('legacy', p_cursor);
  else
    v_problem := 'it is not a cursor';
  end if;
  if v_problem is not null then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_CURSOR: the cursor is not one %s returned', p_what),
      detail = pg_catalog.left(v_problem, 200),
      hint = pg_catalog.format('Pass the cursor of the previous %s unchanged, or NULL to start over.', p_what);
  end if;
  return v_state - 'i';
end
$_$;

--
-- Name: FUNCTION open_cursor(p_cursor text, p_what text, p_legacy text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.open_cursor(p_cursor text, p_what text, p_legacy text) IS 'The state of a cursor p_what (sync_pull, sync_poll, changes_since) returned: at most private.cursor_max_bytes() bytes, sealed by this database (private.cursor_contents), of this incarnation (private.cursor_incarnation), its state without i. A cursor of before sealing matching the regular expression p_legacy comes back as {legacy: cursor} while private.legacy_cursors_stand(). INVALID_CURSOR (22023) for anything else, CURSOR_EXPIRED (22023) for a cursor of another incarnation (a restore, a point-in-time recovery or a failover since): resync in full.';

--
-- Name: open_parent_ids(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.open_parent_ids(p_child text, p_kind text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 10
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return query select c.parent_id from private.child_parents c
                where c.child_table = p_child and c.kind = p_kind and c.open and c.children > 0;
end
$$;

--
-- Name: FUNCTION open_parent_ids(p_child text, p_kind text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.open_parent_ids(p_child text, p_kind text) IS 'The ids of the parents of kind p_kind (task, activity) that every user may see now (open) and that have rows in p_child (notes, subtasks): the children every user sees through their parent, for the SELECT policies of the child tables (private.visibility_predicate). One index range of private.child_parents: its rows are the parents with children, never every open item. SECURITY DEFINER so that policies can call it.';

--
-- Name: opened_cursor(text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.opened_cursor(p_cursor text, p_recovery boolean) RETURNS SETOF jsonb
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT
         CASE
             WHEN ((jsonb_typeof(c.state) = 'object'::text) AND ((c.state ->> 'i'::text) = private.kept_incarnation(opened_cursor.p_recovery, i.epoch, i.cursor_key))) THEN (c.state - 'i'::text)
             ELSE NULL::jsonb
         END AS "case"
    FROM (( SELECT i_1.epoch,
             i_1.cursor_key
            FROM private.incarnation i_1
          LIMIT 1) i
      CROSS JOIN LATERAL ( SELECT s.s
            FROM private.cursor_contents(opened_cursor.p_cursor, i.cursor_key) s(s)
          OFFSET 0) c(state));
END;

--
-- Name: FUNCTION opened_cursor(p_cursor text, p_recovery boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.opened_cursor(p_cursor text, p_recovery boolean) IS 'The state, without i, of a cursor this database sealed (private.cursor_contents) naming the incarnation this session has already checked (private.kept_incarnation; p_recovery: this server is a hot standby): one row, NULL for any other text, which private.open_cursor then looks at step by step. Never an error. Written into the calling statement.';

--
-- Name: paired_rows_sql(regclass, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.paired_rows_sql(p_table regclass, p_one_row boolean) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  select case when p_one_row
    -- One row written: its two rows side by side, without the window functions and sorts
    -- that place and pair many (a one-row update sets up their plan nodes for nothing).
    then pg_catalog.format('select 1::bigint as rid, n::%1$s as it, o::%1$s as old_it from new_rows n cross join old_rows o', p_table)
    else pg_catalog.format(
    'select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::%1$s as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::%1$s from new_rows n) c', p_table) end
$_$;

--
-- Name: FUNCTION paired_rows_sql(p_table regclass, p_one_row boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.paired_rows_sql(p_table regclass, p_one_row boolean) IS 'SQL text of a query over the transition tables (new_rows, old_rows) of an UPDATE statement trigger on p_table pairing each new row with its old row by id through a sort, never a join (a plan kept from a one-row run would make a join quadratic): columns rid (bigint, the new row''s place in the statement), it (new row), old_it (old row); filter on rid is not null for the pairs. p_one_row: for a statement known to have updated at most one row, the row''s two versions side by side (rid 1). For outbox.capture_sql and private.generate_sync_fields.';

--
-- Name: parent_allows(text, text, text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.parent_allows(p_table text, p_check text, p_type text, p_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_parent text := (select coalesce(m.parent ->> 'table', m.parent -> 'tables' ->> p_type)
                      from private.table_manifest m where m.table_name = p_table);
begin
  return case when v_parent is null or p_id is null then false
              when p_check = 'visible' then private.caller_sees(v_parent, p_id)
              when p_check = 'writable' then private.caller_writes(v_parent, p_id)
              else false end;
end
$$;

--
-- Name: FUNCTION parent_allows(p_table text, p_check text, p_type text, p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.parent_allows(p_table text, p_check text, p_type text, p_id uuid) IS 'For the write policies of child tables (a rule with parent visible or writable): true when the caller sees (p_check ''visible'') or may update (''writable'') the parent of a p_table row, row p_id of the table its parent link in the table manifest names (for type p_type where the link has a type column); false for an unknown table or type, or an absent parent. SECURITY DEFINER: it answers only about the caller.';

--
-- Name: plan_notification_budgets(uuid[], uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.plan_notification_budgets(p_recipients uuid[], p_senders uuid[]) RETURNS text[]
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select private.notification_budget_modes(p_recipients, p_senders, false)
$$;

--
-- Name: FUNCTION plan_notification_budgets(p_recipients uuid[], p_senders uuid[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.plan_notification_budgets(p_recipients uuid[], p_senders uuid[]) IS 'How each notification of a batch would be pushed if its senders'' budgets were spent now (private.notification_budget_modes), read without locking or writing anything: NotificationWriter stores the rows with these modes, then spends the budgets with private.spend_notification_budgets, which checks them. SECURITY DEFINER: the counters are nobody''s to read.';

--
-- Name: platform_features(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.platform_features() RETURNS TABLE(feature text, expected text, missing text[])
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return query
  -- Supabase Storage: the bucket and its four policies.
  select 'storage'::text, 'bucket watchlist-photos and its policies on storage.objects'::text,
         array(
           select p.name from pg_catalog.unnest(array['watchlist_photos_select', 'watchlist_photos_insert',
                                                      'watchlist_photos_update', 'watchlist_photos_delete']) p (name)
            where not exists (select from pg_catalog.pg_policy y
                               where y.polrelid = pg_catalog.to_regclass('storage.objects') and y.polname = p.name)
            order by p.name)
         || case when private.storage_bucket_exists() then '{}'::text[] else array['bucket watchlist-photos'] end
   where pg_catalog.to_regclass('storage.objects') is not null and pg_catalog.to_regclass('storage.buckets') is not null
  union all
  -- Realtime: the publication (where it exists, or where this server could serve one) holds
  -- the manifest's realtime tables with their replica identities.
  select 'realtime'::text, 'publication supabase_realtime with the realtime tables of the table manifest'::text,
         case when not exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
              then array['publication supabase_realtime']
              else array(
                     select pg_catalog.format('%s (replica identity %s)', t.table_name, t.replica_identity)
                       from private.realtime_tables() t
                       join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.table_name))
                      where c.relreplident <> (case t.replica_identity when 'full' then 'f' else 'd' end)::"char"
                         or not exists (select from pg_catalog.pg_publication_tables p
                                         where p.pubname = 'supabase_realtime' and p.schemaname = 'public'
                                           and p.tablename = t.table_name)
                      order by t.table_name) end
   where exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
      or (pg_catalog.current_setting('wal_level') = 'logical'
          and pg_catalog.has_database_privilege(pg_catalog.current_database(), 'CREATE'));
end
$$;

--
-- Name: FUNCTION platform_features(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.platform_features() IS 'The features this database''s platform calls for, one row each: storage (where Supabase Storage is installed: the bucket watchlist-photos and its four policies) and realtime (where publication supabase_realtime exists or this server has wal_level = logical and the caller may create it: the publication with the manifest''s realtime tables and replica identities), with what of each is missing (empty: all there). The final step of migrate sets them up; migrate status prints what is missing.';

--
-- Name: postgis_search_path(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.postgis_search_path() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select 'pg_catalog, ' || pg_catalog.quote_ident(n.nspname) || ', pg_temp'
    from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'postgis'
$$;

--
-- Name: FUNCTION postgis_search_path(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.postgis_search_path() IS 'pg_catalog, the schema PostGIS is installed in and pg_temp (last), as a search_path. A migration that uses PostGIS sets it for its transaction; the functions it creates that call PostGIS at run time keep it (SET search_path FROM CURRENT).';

--
-- Name: pull_key_kinds(text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.pull_key_kinds(p_tables text[]) RETURNS text[]
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return (select coalesce(pg_catalog.array_agg(distinct x.kind order by x.kind), '{}')
            from (select coalesce(pr.kind, r.kind) as kind
                    from private.visibility_rules r
                    join private.visibility_kinds k on k.kind = r.kind
                    left join private.visibility_rules pr on pr.table_name = k.derived_from
                   where r.table_name = any (p_tables)) x);
end
$$;

--
-- Name: FUNCTION pull_key_kinds(p_tables text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.pull_key_kinds(p_tables text[]) IS 'The base kinds of scope keys sync reads for the tables p_tables: the kinds of their visibility rules, a derived kind replaced by the kinds of its parent table''s rules. What private.sync_key_state asks private.user_keys and the access log for.';

--
-- Name: quota_exceeded(text, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.quota_exceeded(p_name text, p_message text, p_detail jsonb) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_quota private.quotas;
begin
  select q.* into v_quota from private.quotas q where q.name = p_name;
  raise exception using errcode = '54000',
    message = pg_catalog.format('QUOTA_EXCEEDED: %s (quota %s: %s%s)', p_message, p_name, v_quota.value,
                                coalesce(' per ' || v_quota.period::text, '')),
    detail = (pg_catalog.jsonb_build_object('quota', p_name, 'limit', v_quota.value, 'period', v_quota.period::text)
              || coalesce(p_detail, '{}'))::text,
    hint = v_quota.description;
end
$$;

--
-- Name: FUNCTION quota_exceeded(p_name text, p_message text, p_detail jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.quota_exceeded(p_name text, p_message text, p_detail jsonb) IS 'Raises QUOTA_EXCEEDED (54000) for quota p_name: the message says p_message and the quota; DETAIL is JSON {quota, limit, period (NULL: none)} with p_detail''s keys; HINT the quota''s description. The one error of every quota.';

--
-- Name: quota_value(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.quota_value(p_name text) RETURNS integer
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_value integer;
begin
  select q.value into v_value from private.quotas q where q.name = p_name;
  if v_value is null then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: no quota %L', p_name);
  end if;
  return v_value;
end
$$;

--
-- Name: FUNCTION quota_value(p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.quota_value(p_name text) IS 'The value of quota p_name (private.quotas). INVALID_ARGUMENT (22023) for a name that is none.';

--
-- Name: realtime_tables(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.realtime_tables() RETURNS TABLE(table_name text, replica_identity text)
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select m.table_name, m.realtime from private.table_manifest m where m.realtime is not null order by m.ordinal
$$;

--
-- Name: FUNCTION realtime_tables(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.realtime_tables() IS 'The tables the apps subscribe to through Supabase Realtime (postgres_changes) and the replica identity each gets, as the table manifest says (its realtime column). private.enable_supabase_realtime() applies it.';

--
-- Name: record_sync_deletions(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.record_sync_deletions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  insert into public.sync_deletions as d (table_name, record_id, kind, key)
  select distinct tg_table_name, (r.row ->> 'id')::uuid, s.kind, s.key
    from (select pg_catalog.to_jsonb(o) as row from old_rows o) r
   cross join lateral private.row_scope(tg_table_name, r.row) s
  on conflict on constraint sync_deletions_pkey do update set deleted_at = excluded.deleted_at;
  return null;
end
$$;

--
-- Name: FUNCTION record_sync_deletions(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.record_sync_deletions() IS 'AFTER DELETE statement trigger function of the synced tables: records each deleted row in public.sync_deletions, once per scope key it had.';

--
-- Name: record_sync_moves(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.record_sync_moves() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  insert into public.sync_moves (table_name, kind, key, row_id, entered)
  select tg_table_name, x.kind, x.key, new.id, x.entered
    from ((select o.kind, o.key, false as entered from private.row_scope(tg_table_name, pg_catalog.to_jsonb(old)) o
           except
           select n.kind, n.key, false from private.row_scope(tg_table_name, pg_catalog.to_jsonb(new)) n)
          union all
          (select n.kind, n.key, true from private.row_scope(tg_table_name, pg_catalog.to_jsonb(new)) n
           except
           select o.kind, o.key, true from private.row_scope(tg_table_name, pg_catalog.to_jsonb(old)) o)) x
  on conflict do nothing;
  return null;
end
$$;

--
-- Name: FUNCTION record_sync_moves(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.record_sync_moves() IS 'AFTER UPDATE row trigger function of the synced tables, fired only when a column deciding the row''s scope keys changed: logs the keys the row left and entered in public.sync_moves.';

--
-- Name: refuse_claim(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.refuse_claim(p_item_type text, p_item_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_holder jsonb := public.get_claim_holder(p_item_type, p_item_id);
  v_name text := v_holder ->> 'claimed_by_name';
begin
  if v_holder ->> 'status' = 'open' or v_holder ->> 'claimed_by' = auth.uid()::text then
    return;  -- held by the caller, or open: nothing stops the claim
  end if;
  if v_holder ->> 'status' = 'completed' then
    raise exception using errcode = '55000',
      message = pg_catalog.format('ALREADY_COMPLETED: this %s is completed and can no longer be claimed', p_item_type);
  end if;
  raise exception using errcode = '55000',
    message = pg_catalog.format('ALREADY_CLAIMED: this %s is already claimed by %s', p_item_type,
                                coalesce(nullif(v_name, ''), v_holder ->> 'claimed_by')),
    detail = (v_holder - 'status')::text,
    hint = 'Reload the item; only its claimer or an admin can release it.';
end
$$;

--
-- Name: FUNCTION refuse_claim(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.refuse_claim(p_item_type text, p_item_id uuid) IS 'Raises why the caller cannot claim the task or activity, from public.get_claim_holder: ALREADY_CLAIMED (55000; detail JSON {claimed_by, claimed_by_name, claimed_at}), ALREADY_COMPLETED (55000), or its NOT_FOUND (P0002, no name); returns when the item is open or held by the caller. The one refusal of claim_work_item and sync_push (through private.claim_conflict). SECURITY INVOKER: what it may tell the caller is the RPC''s to decide.';

--
-- Name: release_expired_claims(integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.release_expired_claims(p_limit integer DEFAULT 1000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_tasks integer;
  v_activities integer;
begin
  update public.tasks t set claimed_by = null
   where t.id in (select x.id from public.tasks x
                   where x.claim_expires_at <= pg_catalog.now() and x.claimed_by is not null and not x.completed
                   order by x.claim_expires_at limit p_limit for update skip locked);
  get diagnostics v_tasks = row_count;
  update public.activities a set claimed_by = null
   where a.id in (select x.id from public.activities x
                   where x.claim_expires_at <= pg_catalog.now() and x.claimed_by is not null and not x.completed
                   order by x.claim_expires_at limit p_limit for update skip locked);
  get diagnostics v_activities = row_count;
  return v_tasks + v_activities;
end
$$;

--
-- Name: FUNCTION release_expired_claims(p_limit integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.release_expired_claims(p_limit integer) IS 'Releases the claims of tasks and activities whose claim_expires_at has passed (at most p_limit of each table, oldest first, skipping rows locked by others) and returns how many. Run by the worker''s maintenance; the notification handler tells the claimer and the declarer (a release without a calling user past claim_expires_at). SECURITY DEFINER: no user releases another''s claim.';

--
-- Name: row_audience(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_audience(p_table text, p_row jsonb, OUT audience uuid[], OUT visible_to_all boolean) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  with k as (select * from private.row_keys(p_table, p_row))
  select coalesce((select array_agg(distinct h order by h)
                     from k cross join lateral private.key_holders(k.kind, k.key) h where h is not null), '{}'),
         exists (select from k where k.kind = 'everyone')
$$;

--
-- Name: FUNCTION row_audience(p_table text, p_row jsonb, OUT audience uuid[], OUT visible_to_all boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.row_audience(p_table text, p_row jsonb, OUT audience uuid[], OUT visible_to_all boolean) IS 'Who may see a row of p_table (jsonb), admins aside: the holders of its keys, and whether every user may (an everyone key). The outbox''s audience.';

--
-- Name: row_changed_condition(regclass); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_changed_condition(p_table regclass) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION row_changed_condition(p_table regclass); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.row_changed_condition(p_table regclass) IS 'The WHEN clause text "the stored row changed" for an UPDATE trigger on p_table (old.* is distinct from new.*, or the stored columns one by one on a table with generated columns). Used by enable_row_stamping, audit.enable_tracking and outbox.enable_changes.';

--
-- Name: row_keys(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_keys(p_table text, p_row jsonb) RETURNS TABLE(kind text, key uuid)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_scope record;
  v_parent jsonb;
begin
  for v_scope in
    select s.kind, s.key, k.derived_from
      from private.row_scope(p_table, p_row) s
      join private.visibility_kinds k on k.kind = s.kind
  loop
    if v_scope.derived_from is null then
      kind := v_scope.kind;
      key := v_scope.key;
      return next;
      continue;
    end if;
    execute pg_catalog.format('select pg_catalog.to_jsonb(p) from public.%I p where p.id = $1', v_scope.derived_from)
      into v_parent using v_scope.key;
    if v_parent is not null then
      return query select * from private.row_keys(v_scope.derived_from, v_parent);
    else
      return query select d.kind, d.key from public.sync_deletions d
                    where d.table_name = v_scope.derived_from and d.record_id = v_scope.key
                      and d.sync_xid = pg_catalog.pg_current_xact_id();
    end if;
  end loop;
end
$_$;

--
-- Name: FUNCTION row_keys(p_table text, p_row jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.row_keys(p_table text, p_row jsonb) IS 'The base scope keys of a row of p_table (jsonb): private.row_scope with each derived key replaced by the keys of the parent row it names (live, or deleted earlier in this transaction).';

--
-- Name: row_keys_sql(text, text, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_keys_sql(p_table text, p_row text, p_depth integer DEFAULT 0) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_base text;
  v_derived text;
  v_parent text := 'p' || (p_depth + 1);
begin
  if p_depth > 3 then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_MANIFEST: the visibility of %s derives from itself', p_table);
  end if;
  select pg_catalog.string_agg(
           case when r.kind = 'everyone'
                  then pg_catalog.format('(''everyone''::text, case when %s then %L::uuid end)',
                                         private.visibility_condition(r.condition, p_row), private.everyone_key())
                when r.condition is null then pg_catalog.format('(%L::text, %s.%I)', r.kind, p_row, r.key_column)
                else pg_catalog.format('(%L::text, case when %s then %s.%I end)', r.kind,
                                       private.visibility_condition(r.condition, p_row), p_row, r.key_column) end,
           ', ' order by r.kind, r.key_column) filter (where k.derived_from is null),
         pg_catalog.string_agg(
           case when k.derived_from is not null then pg_catalog.format(
             'select %1$s.kind, %1$s.key from public.%2$I %1$s_row cross join lateral (%3$s) %1$s'
             ' where %1$s_row.id = %4$s.%5$I%6$s'
             ' union all select d.kind, d.key from public.sync_deletions d'
             ' where d.table_name = %2$L and d.record_id = %4$s.%5$I and d.sync_xid = pg_catalog.pg_current_xact_id()%6$s'
             ' and not exists (select from public.%2$I %1$s_live where %1$s_live.id = %4$s.%5$I)',
             v_parent, k.derived_from, private.row_keys_sql(k.derived_from, v_parent || '_row', p_depth + 1),
             p_row, r.key_column, coalesce(' and ' || private.visibility_condition(r.condition, p_row), '')) end,
           ' union all ' order by r.kind, r.key_column) filter (where k.derived_from is not null)
    into v_base, v_derived
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind
   where r.table_name = p_table;
  if v_base is null and v_derived is null then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
  end if;
  return concat_ws(' union all ',
                   'select v.kind, v.key from (values ' || v_base || ') v (kind, key) where v.key is not null',
                   v_derived);
end
$_$;

--
-- Name: FUNCTION row_keys_sql(p_table text, p_row text, p_depth integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.row_keys_sql(p_table text, p_row text, p_depth integer) IS 'SQL text of a query yielding the base scope keys (kind, key) of the row expression p_row of p_table (an alias, or "(r.it)"): private.row_keys written out, derived keys resolved through the parent row (live, or deleted earlier in this transaction), for statements that ask it of every row they write. Generated from private.visibility_rules; INVALID_TABLE (22023) for a table without rules.';

--
-- Name: seal_cursor(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.seal_cursor(p_state jsonb) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'extensions', 'pg_temp'
    AS $$
declare
  v_key bytea := (select i.cursor_key from private.incarnation i);
  v_iv bytea := gen_random_bytes(16);
  v_body bytea;
begin
  v_body := v_iv || encrypt_iv(convert_to(p_state::text, 'UTF8'), substr(v_key, 1, 16), v_iv, 'aes-cbc/pad:pkcs');
  return 'v2.' || rtrim(translate(encode(v_body || substr(hmac(v_body, substr(v_key, 17), 'sha256'), 1, 16), 'base64'),
                                  E'+/\n', '-_'), '=');
end
$$;

--
-- Name: FUNCTION seal_cursor(p_state jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.seal_cursor(p_state jsonb) IS 'A cursor''s state sealed as opaque URL-safe text: "v2." + base64url(random IV, AES-128-CBC ciphertext of its JSON, the first 16 bytes of its HMAC-SHA-256), keys from private.incarnation. private.open_cursor reverses it.';

--
-- Name: settle_incarnation(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.settle_incarnation() RETURNS text
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET client_min_messages TO 'warning'
    AS $_$
declare
  v_row private.incarnation;
  v_system bigint := (pg_catalog.pg_control_system()).system_identifier;
  v_database oid := (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database());
  v_relation oid := 'private.incarnation'::regclass::oid;
  v_timeline integer := private.current_timeline();
  v_xid xid8;
  v_snapshot pg_catalog.pg_snapshot;
  v_table text;
  v_rows bigint;
  v_restamped bigint := 0;
  v_enable text[];
  v_statement text;
  v_ahead boolean;
begin
  if pg_catalog.pg_is_in_recovery() then
    return null;
  end if;
  select * into v_row from private.incarnation for update;
  if (v_row.system_identifier, v_row.database_oid, v_row.relation_oid) = (v_system, v_database, v_relation) then
    if v_row.timeline is distinct from v_timeline then
      update private.incarnation set timeline = v_timeline, legacy_cursors = false, settled_at = pg_catalog.now();
      return pg_catalog.format('the database is on timeline %s (it was on %s: a point-in-time recovery or a promotion): sync and feed cursors of before get CURSOR_EXPIRED',
                               v_timeline, v_row.timeline);
    end if;
    return null;
  end if;

  v_xid := pg_catalog.pg_current_xact_id();
  -- Rows: only sync_xid changes. Their triggers are off meanwhile (there is nothing to stamp,
  -- audit or announce), then on again as each was.
  foreach v_table in array private.sync_tables() loop
    -- (a copy made in this cluster has none ahead: its tables are left alone; a table the
    -- manifest adds in this very migrate has no sync_xid yet: enable_sync stamps it afresh)
    continue when not exists (select from pg_catalog.pg_attribute a
                               where a.attrelid = pg_catalog.format('public.%I', v_table)::regclass
                                 and a.attname = 'sync_xid' and not a.attisdropped);
    execute pg_catalog.format('select exists (select from public.%I where sync_xid > $1)', v_table) into v_ahead using v_xid;
    continue when not v_ahead;
    select pg_catalog.array_agg(pg_catalog.format('alter table public.%I %s trigger %I', v_table,
                                  case t.tgenabled when 'A' then 'enable always' when 'R' then 'enable replica' else 'enable' end,
                                  t.tgname))
      into v_enable
      from pg_catalog.pg_trigger t
     where t.tgrelid = pg_catalog.format('public.%I', v_table)::regclass and not t.tgisinternal and t.tgenabled <> 'D';
    execute pg_catalog.format('alter table public.%I disable trigger user', v_table);
    execute pg_catalog.format('update public.%I set sync_xid = $1 where sync_xid > $1', v_table) using v_xid;
    get diagnostics v_rows = row_count;
    v_restamped := v_restamped + v_rows;
    foreach v_statement in array coalesce(v_enable, '{}') loop
      execute v_statement;
    end loop;
  end loop;

  -- The sync logs (primary keys include sync_xid: two entries that become one stay one).
  with moved as (delete from public.sync_deletions d where d.sync_xid > v_xid returning d.*)
  insert into public.sync_deletions
  select (pg_catalog.jsonb_populate_record(null::public.sync_deletions, pg_catalog.to_jsonb(m) || pg_catalog.jsonb_build_object('sync_xid', v_xid))).*
    from moved m on conflict do nothing;
  with moved as (delete from public.sync_moves d where d.sync_xid > v_xid returning d.*)
  insert into public.sync_moves
  select (pg_catalog.jsonb_populate_record(null::public.sync_moves, pg_catalog.to_jsonb(m) || pg_catalog.jsonb_build_object('sync_xid', v_xid))).*
    from moved m on conflict do nothing;
  with moved as (delete from public.sync_access_log d where d.sync_xid > v_xid returning d.*)
  insert into public.sync_access_log
  select (pg_catalog.jsonb_populate_record(null::public.sync_access_log, pg_catalog.to_jsonb(m) || pg_catalog.jsonb_build_object('sync_xid', v_xid))).*
    from moved m on conflict do nothing;
  update public.sync_horizon set purged_through = v_xid where purged_through > v_xid;
  -- The open parents' marks (private.child_parents): a pull reads a parent's children, or
  -- their opening, by these transactions, as it reads rows by sync_xid.
  update private.child_parents
     set children_xid = least(children_xid, v_xid), opened_xid = least(opened_xid, v_xid)
   where children_xid > v_xid or opened_xid > v_xid;

  -- The worker's position: each handler goes back to before the first event its snapshot
  -- had not seen (read with the old ids, before they change) or an unfinished batch holds;
  -- those batches are given up (their events come again from there). Then the events' ids.
  update outbox.cursors c
     set last_event_id = least(c.last_event_id,
                               coalesce((select pg_catalog.min(e.id) - 1 from outbox.events e
                                          where e.id <= c.last_event_id and not pg_catalog.pg_visible_in_snapshot(e.txid, c.snapshot)),
                                        c.last_event_id),
                               coalesce((select pg_catalog.min(b.from_event_id) from outbox.batches b
                                          where b.handler = c.handler and b.state <> 'free'), c.last_event_id)),
         updated_at = pg_catalog.now();
  update outbox.batches set state = 'free', locked_by = null, locked_at = null where state <> 'free';
  update outbox.events set txid = v_xid where txid > v_xid;
  update outbox.log_horizon
     set min_txid = case when min_txid > v_xid then v_xid else min_txid end,
         max_txid = case when max_txid > v_xid then v_xid else max_txid end;
  -- Every id up to this transaction's is seen (the events just stamped with it included),
  -- those still running elsewhere excepted.
  v_snapshot := pg_catalog.pg_current_snapshot();
  update outbox.cursors
     set snapshot = pg_catalog.format('%s:%s:%s', pg_catalog.pg_snapshot_xmin(v_snapshot), v_xid::text::numeric + 1,
                                      pg_catalog.array_to_string(array(select x from pg_catalog.pg_snapshot_xip(v_snapshot) x
                                                                        where x < v_xid order by x), ','))::pg_catalog.pg_snapshot;

  update private.incarnation
     set epoch = ('x' || pg_catalog.substr(pg_catalog.md5(pg_catalog.gen_random_uuid()::text), 1, 15))::bit(60)::bigint,
         system_identifier = v_system, database_oid = v_database, relation_oid = v_relation, timeline = v_timeline,
         legacy_cursors = false, settled_at = pg_catalog.now();
  return pg_catalog.format('the database was restored (it was recorded on another cluster, database or table): %s rows re-stamped for sync, the worker''s position rewound, and sync and feed cursors of before get CURSOR_EXPIRED',
                           v_restamped);
end
$_$;

--
-- Name: FUNCTION settle_incarnation(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.settle_incarnation() IS 'Records what this database is now in private.incarnation, and says what changed (NULL: nothing). Restored (another system identifier, database or table than recorded): brings the sync_xid of synced rows, of the sync logs, the horizon and the open parents'' marks (private.child_parents), and the txid of outbox events that lie ahead of this cluster back to this transaction''s, rewinds each handler''s outbox position to the first event it may not have handled (giving up unfinished batches), and moves the epoch. On a new timeline (a point-in-time recovery, a promotion): records it. Either way cursors of before get CURSOR_EXPIRED. Nothing on a standby. Called by the final step of migrate (private.apply_manifest).';

--
-- Name: sighting_watchlists(bigint[], uuid[], uuid[], double precision[], double precision[], uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sighting_watchlists(p_event_ids bigint[], p_entry_ids uuid[], p_watchlist_ids uuid[], p_lats double precision[], p_lons double precision[], p_bird_ids uuid[]) RETURNS TABLE(event_id bigint, owner_id uuid, watchlist_id uuid, title text, observer uuid, common_name text)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'extensions', 'pg_temp'
    AS $$
  with s as (
    select * from unnest(p_event_ids, p_entry_ids, p_watchlist_ids, p_lats, p_lons, p_bird_ids)
             as s (event_id, entry_id, watchlist_id, lat, lon, bird_id)
  ), p as (
    select s.event_id, e as entry, ew.owner_id as observer,
           st_setsrid(st_makepoint(s.lon, s.lat), 4326)::geography as point,
           b.common_name
      from s
      join public.watchlist_entries e on e.id = s.entry_id
      join public.watchlists ew on ew.id = s.watchlist_id and ew.deleted_at is null
      left join public.bird b on b.id = s.bird_id
  ), reach as (
    select max(w.location_rule_radius_km) * 1000 as metres
      from public.watchlists w
     where w.location_rule_enabled and w.deleted_at is null
  )
  select distinct on (p.event_id, w.owner_id)
         p.event_id, w.owner_id, w.id,
         coalesce(nullif(w.title, ''), nullif(w.location_rule_display_name, ''), 'a watchlist'),
         p.observer, p.common_name
    from p
   cross join reach
    join public.watchlists w
      on w.location_rule_enabled and w.deleted_at is null
     and st_dwithin(w.location_rule_location, p.point, reach.metres)
     and st_dwithin(w.location_rule_location, p.point, w.location_rule_radius_km * 1000)
     and w.owner_id <> p.observer
   -- Asked last, for the few rules that matched: only users who may see the entry (the
   -- visibility definition, access/visibility.sql) hear of it.
   where private.user_sees(w.owner_id, 'watchlist_entries', pg_catalog.to_jsonb(p.entry))
   order by p.event_id, w.owner_id, st_distance(w.location_rule_location, p.point), w.id
$$;

--
-- Name: FUNCTION sighting_watchlists(p_event_ids bigint[], p_entry_ids uuid[], p_watchlist_ids uuid[], p_lats double precision[], p_lons double precision[], p_bird_ids uuid[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sighting_watchlists(p_event_ids bigint[], p_entry_ids uuid[], p_watchlist_ids uuid[], p_lats double precision[], p_lons double precision[], p_bird_ids uuid[]) IS 'For each observation i (outbox event p_event_ids[i]: entry p_entry_ids[i] of watchlist p_watchlist_ids[i] at p_lats[i], p_lons[i], of bird p_bird_ids[i]), the live watchlists of other users whose enabled location rule contains the point and whose owner may see the entry (private.user_sees, the visibility definition the SELECT policy is generated from: a sighting never tells anyone of an entry, or its place, they could not read; nothing for an entry no longer there), one per owner (the nearest), with a title to show, the observer (the entry''s watchlist owner) and the bird''s name. The largest rule radius (at most 500 km) bounds the GiST index search; each rule''s own radius decides. The worker''s sighting notifications (service_role).';

--
-- Name: snapshot_in_progress(pg_snapshot); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.snapshot_in_progress(p_snapshot pg_snapshot) RETURNS xid8[]
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if not pg_catalog.pg_is_in_recovery() then
    -- xmin:xmax:xip,... with the xip list in order (no query: every poll and pull asks).
    return pg_catalog.string_to_array(pg_catalog.split_part(p_snapshot::text, ':', 3), ',')::xid8[];
  end if;
  return array(select x::text::xid8
                 from pg_catalog.generate_series(pg_catalog.pg_snapshot_xmin(p_snapshot)::text::bigint,
                                                 pg_catalog.pg_snapshot_xmax(p_snapshot)::text::bigint - 1) x
                where pg_catalog.pg_xact_status(x::text::xid8) = 'in progress'
                order by x);
end
$$;

--
-- Name: FUNCTION snapshot_in_progress(p_snapshot pg_snapshot); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.snapshot_in_progress(p_snapshot pg_snapshot) IS 'The transactions a pg_current_snapshot() had in progress: its xip list on a primary; on a hot standby, where that list is empty, the ids between xmin and xmax that pg_xact_status has in progress. For sync_pull''s cursors.';

--
-- Name: spend_notification_budgets(uuid[], uuid[], text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[]) RETURNS text[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[]) IS 'Counts a batch of notifications (p_recipients[i] notified because of p_senders[i], null for the system''s) against their senders'' hourly budgets (private.notification_budget_modes, locking the counters until the transaction ends) and returns each one''s push_mode in the batch''s order. With p_planned (the modes private.plan_notification_budgets gave and the rows were stored with), refuses with BUDGET_CHANGED (40001) when the modes are no longer those: a concurrent batch of the same sender committed in between; retrying the transaction plans again; modes that could never be spent (not one per recipient, or not single, summary or collapsed) are INVALID_ARGUMENT (22023). Called last by the one insert of notifications (NotificationWriter). Every notification is stored: the limits limit pushes. SECURITY DEFINER: the counters are nobody''s to read or write.';

--
-- Name: spend_quota(text, uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.spend_quota(p_name text, p_user uuid, p_amount integer) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_quota private.quotas;
  v_used integer;
begin
  if p_user is null or coalesce(p_amount, 0) <= 0 then
    return;
  end if;
  select q.* into v_quota from private.quotas q where q.name = p_name;
  if v_quota.period is null then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: quota %L has no period', p_name);
  end if;
  insert into private.quota_usage as u (name, user_id, window_start, used)
  values (p_name, p_user, pg_catalog.now(), p_amount)
  on conflict on constraint quota_usage_pkey do update
     set window_start = case when u.window_start <= pg_catalog.now() - v_quota.period then pg_catalog.now() else u.window_start end,
         used = case when u.window_start <= pg_catalog.now() - v_quota.period then excluded.used else u.used + excluded.used end
  returning u.used into v_used;
  if v_used > v_quota.value then
    perform private.quota_exceeded(p_name, pg_catalog.format('%s more would make %s this period', p_amount, v_used),
                                   pg_catalog.jsonb_build_object('used', v_used - p_amount, 'asked', p_amount));
  end if;
end
$$;

--
-- Name: FUNCTION spend_quota(p_name text, p_user uuid, p_amount integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.spend_quota(p_name text, p_user uuid, p_amount integer) IS 'Counts p_amount of quota p_name (one with a period) against user p_user in the current window (private.quota_usage; a window older than the period starts again) and raises QUOTA_EXCEEDED when that passes the quota''s value: the statement that spent it fails and nothing of it stays. A NULL user (the system''s writes) spends nothing.';

--
-- Name: stamp_deleted_at(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.stamp_deleted_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if new.deleted_at is not null then
    new.deleted_at := case when tg_op = 'UPDATE' then coalesce(old.deleted_at, clock_timestamp())
                           else clock_timestamp() end;
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION stamp_deleted_at(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.stamp_deleted_at() IS 'BEFORE INSERT/UPDATE trigger function: a row that becomes a tombstone gets deleted_at from the server clock (whatever the device sent); an existing tombstone keeps its first deleted_at; setting NULL revives the row.';

--
-- Name: stamp_row(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.stamp_row() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  new.updated_at := clock_timestamp();
  if tg_op = 'UPDATE' then
    new.row_version := old.row_version + 1;
  end if;
  return new;
end
$$;

--
-- Name: FUNCTION stamp_row(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.stamp_row() IS 'BEFORE INSERT/UPDATE trigger function: sets updated_at from the server clock and increments row_version on UPDATE. The device clock never decides either.';

--
-- Name: stamp_sync_xid(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.stamp_sync_xid() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  new.sync_xid := pg_current_xact_id();
  return new;
end
$$;

--
-- Name: FUNCTION stamp_sync_xid(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.stamp_sync_xid() IS 'BEFORE INSERT/UPDATE trigger function: records the writing transaction''s id in sync_xid (the sync_pull watermark). Runs after the _stamp_* triggers; on INSERT only when the writer supplied another value (the column default is the writing transaction), on UPDATE only when they bumped row_version (a real change).';

--
-- Name: storage_bucket_exists(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.storage_bucket_exists() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_exists boolean;
begin
  if pg_catalog.to_regclass('storage.buckets') is null then
    return false;
  end if;
  execute 'select exists (select from storage.buckets b where b.id = $1)' into v_exists using 'watchlist-photos';
  return v_exists;
end
$_$;

--
-- Name: FUNCTION storage_bucket_exists(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.storage_bucket_exists() IS 'True when Supabase Storage is installed and has the bucket watchlist-photos. For private.platform_features.';

--
-- Name: sync_deletion_gauge(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_deletion_gauge() RETURNS TABLE(table_name text, deletions bigint, estimated boolean, oldest_deleted_at timestamp with time zone, oldest_age_seconds double precision)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $$
  with stats as (
    -- every synced table with deletions is among the most common values: there are few
    select st.n_live_tup, s.most_common_vals::text::text[] as tables, s.most_common_freqs as shares
      from pg_catalog.pg_stat_user_tables st
      join pg_catalog.pg_stats s
        on s.schemaname = st.schemaname and s.tablename = st.relname and s.attname = 'table_name' and not s.inherited
     where st.relid = 'public.sync_deletions'::regclass
  )
  select t.table_name,
         case when o.deleted_at is null then 0
              when e.estimate >= 10000
                then (select pg_catalog.round(e.estimate * pg_catalog.count(distinct (f.sync_xid, f.record_id))::numeric
                                              / pg_catalog.count(*))::bigint
                        from (select d.sync_xid, d.record_id from public.sync_deletions d
                               where d.table_name = t.table_name
                               order by d.sync_xid, d.record_id
                               limit 1000) f)
              else (select pg_catalog.count(*)
                      from (select distinct d.sync_xid, d.record_id from public.sync_deletions d
                             where d.table_name = t.table_name) x)
         end,
         o.deleted_at is not null and coalesce(e.estimate >= 10000, false),
         o.deleted_at,
         coalesce(extract(epoch from pg_catalog.now() - o.deleted_at), 0)::double precision
    from pg_catalog.unnest(private.sync_tables()) as t (table_name)
    -- The table's earliest deleting transaction: its first entry in the index
    -- (table_name, sync_xid, record_id).
    left join lateral (select d.deleted_at from public.sync_deletions d
                        where d.table_name = t.table_name
                        order by d.sync_xid, d.record_id
                        limit 1) o on true
    -- The table's log rows (not deletions) by the statistics.
    left join lateral (select pg_catalog.round(s.n_live_tup * s.shares[pg_catalog.array_position(s.tables, t.table_name)])::bigint
                         from stats s) e (estimate) on true
$$;

--
-- Name: FUNCTION sync_deletion_gauge(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_deletion_gauge() IS 'The rows of private.sync_deletions_awaiting_purge (index probes; SECURITY DEFINER: past row-level security, and the statistics of the owner''s tables).';

--
-- Name: visibility_rules; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.visibility_rules (
    table_name text NOT NULL,
    kind text NOT NULL,
    key_column text,
    condition text,
    CONSTRAINT visibility_rules_everyone_check CHECK (((kind <> 'everyone'::text) OR (condition IS NOT NULL))),
    CONSTRAINT visibility_rules_key_check CHECK (((key_column IS NULL) = (kind = 'everyone'::text)))
);

--
-- Name: TABLE visibility_rules; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.visibility_rules IS 'The one definition of who may see a row: a row of table_name has the key (kind, value of key_column) when condition holds (an everyone rule has no column: the row is visible to all while condition holds). Conditions are SQL over the row named "it" (it.claimed_by is null and not it.completed). Written from the table manifest by private.apply_manifest.';

--
-- Name: COLUMN visibility_rules.condition; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.visibility_rules.condition IS 'A predicate over the row, which is called "it"; NULL = always. The columns it names decide the key as much as key_column does (private.visibility_columns).';

--
-- Name: sync_direct_rule(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_direct_rule(p_table text) RETURNS private.visibility_rules
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select r from private.visibility_rules r join private.visibility_kinds k on k.kind = r.kind
   where r.table_name = p_table and k.derived_from is null
     and (select count(*) from private.visibility_rules o where o.table_name = p_table) = 1
$$;

--
-- Name: FUNCTION sync_direct_rule(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_direct_rule(p_table text) IS 'The visibility rule of p_table when it is the table''s only one and its keys are held directly (no derived kind), so that its items in mode full are one stream over the table''s own rows, read directly by the page (private.sync_page_sql); NULL otherwise.';

--
-- Name: sync_field_digests(anyelement, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_field_digests(p_row anyelement, p_columns text[]) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET "TimeZone" TO 'UTC'
    SET extra_float_digits TO '1'
    AS $$
  select coalesce(pg_catalog.jsonb_object_agg(c, pg_catalog.md5((pg_catalog.to_jsonb(p_row) -> c)::text)), '{}')
    from pg_catalog.unnest(p_columns) c
$$;

--
-- Name: FUNCTION sync_field_digests(p_row anyelement, p_columns text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_field_digests(p_row anyelement, p_columns text[]) IS '{column: md5 of its value''s to_jsonb text} for the columns p_columns of row p_row, in UTC with the shortest exact floats whatever the session says. The digests of sync_push''s merge; private.record_sync_fields computes the same digests of private.sync_field_changes for a whole statement at once.';

--
-- Name: sync_fields_sql(text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_fields_sql(p_table text, p_one_row boolean) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  select pg_catalog.format(
           $b$insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests, base_keys)
          select %1$L, (p.it).id, (p.it).row_version, v_actor, %2$s,
                 array(select k.kind || ':' || k.key from (%4$s) k)
            from (%3$s) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests,
                        base_keys = excluded.base_keys;$b$,
           p_table, private.changed_columns_sql(pg_catalog.format('public.%I', p_table)::regclass, '(p.old_it)', '(p.it)',
                                                'pg_catalog.md5(coalesce(pg_catalog.to_jsonb(%s), ''null'')::text)',
                                                array['created_at', 'updated_at', 'row_version', 'sync_xid']),
           private.paired_rows_sql(pg_catalog.format('public.%I', p_table)::regclass, p_one_row),
           private.row_keys_sql(p_table, '(p.old_it)'))
$_$;

--
-- Name: FUNCTION sync_fields_sql(p_table text, p_one_row boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_fields_sql(p_table text, p_one_row boolean) IS 'PL/pgSQL text of private.record_sync_fields''s statement for an UPDATE of the synced table p_table (p_one_row: of at most one row, its rows paired without window functions): the changed columns'' digests of every row whose row_version moved into private.sync_field_changes.';

--
-- Name: sync_items(text, uuid, text, xid8, xid8[], xid8, xid8, uuid, integer, bigint); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items(p_table text, p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    AS $_$
declare
  v_state record;
begin
  -- The keys U holds now, and those gained (held now) or lost since the cursor.
  select * into v_state from private.sync_key_state(p_user, p_mode, p_x, p_ip, private.pull_key_kinds(array[p_table]));

  perform private.assert_sync_table(p_table);
  if p_mode not in ('full', 'changes', 'visibility', 'admin') then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: sync_items mode %L', p_mode);
  end if;
  return query execute pg_catalog.format(
    'select * from private.%I(p_lo => $1, p_x => $2, p_ip => $3, p_after_c0 => $4, p_after_c1 => $5, p_after_id => $6, '
    'p_after_kind => $7, p_limit => $8, p_kinds => $9, p_keys => $10, p_gained_kinds => $11, p_gained_keys => $12, '
    'p_gained_causes => $13, p_gained_ats => $14, p_lost_kinds => $15, p_lost_keys => $16, p_lost_causes => $17, '
    'p_lost_ats => $18)', 'sync_items_' || p_table || '_' || p_mode)
    using v_state.lo, p_x, p_ip, p_after_c0, p_after_c1, p_after_id, p_after_kind, p_limit,
          v_state.kinds, v_state.keys, v_state.g_kinds, v_state.g_keys, v_state.g_causes, v_state.g_ats,
          v_state.l_kinds, v_state.l_keys, v_state.l_causes, v_state.l_ats;
end
$_$;

--
-- Name: FUNCTION sync_items(p_table text, p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items(p_table text, p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint) IS 'The changes of synced table p_table that concern user p_user since the state (p_x, p_ip) (every transaction below p_x except those in p_ip already delivered), after the position (p_after_c0, p_after_c1, p_after_id, p_after_kind), in that order, at most p_limit: (c0, c1, id, kind 1 = record | 0 = deletion, reason deleted | revoked, at). Modes: full (every row U sees), changes (records, hard deletes, revocations: sync_pull), visibility (only what a change of U''s keys or of a row''s keys brought or took: the user-scoped change feed), admin (every change, for admins). Streams and keys are read from private.visibility_rules (see sql/code/sync/items.sql).';

--
-- Name: sync_items_sql(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_sql(p_table text, p_mode text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_derived record;
  v_rule record;
  v_rules private.visibility_rules[];
  v_ctes text[] := '{}';
  v_k text := 'select kind, key from base_keys_held';
  v_g text := 'select * from base_keys_gained';
  v_l text := 'select * from base_keys_lost';
  v_dk text := 'select kind, key from keys_held_or_lost';
  v_streams text[] := '{}';
  v_visible text;
  v_unseen constant text := '%1$s >= greatest(p_lo, p_after_c0) and (%1$s >= p_x or %1$s = any (p_ip))';
begin
  perform private.assert_sync_table(p_table);
  if p_mode is null or p_mode <> all (private.sync_table_modes(p_table)) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ARGUMENT: sync_items mode %L for table %L (its modes: %s)', p_mode, p_table,
                                  pg_catalog.array_to_string(private.sync_table_modes(p_table), ', '));
  end if;

  if p_mode = 'admin' then
    -- Every change of the table (the sync_xid index), and every hard delete once.
    v_streams := array[pg_catalog.format(
      E'-- every change of the table\n'
      'select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.%I it
        where %s
        order by it.sync_xid, it.id limit p_limit + 1', p_table, private.sync_stream_after('it.sync_xid', 'it.id')),
      pg_catalog.format(
        E'-- every hard delete\n'
        'select d.sync_xid, d.sync_xid, d.record_id, 0, ''deleted'', max(d.deleted_at) from public.sync_deletions d
          where p_x > ''0''::xid8 and d.table_name = %L and %s
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1', p_table, private.sync_stream_after('d.sync_xid', 'd.record_id'))];
  else
    -- Derived keys: the parents of this table's rows that U sees through his keys (not through
    -- a parent's everyone rule: see above), entered, left, or saw deleted.
    for v_derived in
      select distinct k.kind, k.derived_from as parent,
             exists (select from private.child_parent_rules() c where c.child_table = p_table and c.kind = k.kind) as opens
        from private.visibility_rules r join private.visibility_kinds k on k.kind = r.kind
       where r.table_name = p_table and k.derived_from is not null
       order by k.kind
    loop
      select array_agg(r) into v_rules from private.visibility_rules r where r.table_name = v_derived.parent;
      -- The parents every user sees now (open) that have children here (private.child_parents):
      -- all of them for a full pull; for the others those whose children changed since.
      if v_derived.opens then
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, c.parent_id as key from private.child_parents c
                     where c.child_table = %3$L and c.kind = %2$L and c.open and %4$s)',
          v_derived.kind || '_keys_open', v_derived.kind, p_table,
          case when p_mode = 'full' then 'c.children > 0'
               else 'c.children_xid >= p_lo and (c.children_xid >= p_x or c.children_xid = any (p_ip))' end);
      end if;
      v_ctes := v_ctes || pg_catalog.format('%I as (%s)', v_derived.kind || '_keys_held', (
        select coalesce(pg_catalog.string_agg(
                 pg_catalog.format('select %L::text as kind, it.id as key from base_keys_held k0 join public.%I it on k0.kind = %L and it.%I = k0.key%s',
                                   v_derived.kind, v_derived.parent, r.kind, r.key_column,
                                   ' and ' || private.visibility_condition(r.condition, 'it')), ' union '),
                 'select null::text as kind, null::uuid as key where false')
          from unnest(v_rules) r where r.kind <> 'everyone'));
      if p_mode <> 'full' then
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from base_keys_held k0 join public.sync_moves m on m.table_name = %3$L and m.kind = k0.kind and m.key = k0.key
                       and m.entered and %4$s
                     where k0.kind <> ''everyone'' and m.row_id in (select v.key from %5$I v) group by m.row_id%6$s%7$s)',
          v_derived.kind || '_keys_gained', v_derived.kind, v_derived.parent, pg_catalog.format(v_unseen, 'm.sync_xid'),
          v_derived.kind || '_keys_held',
          (select pg_catalog.string_agg(pg_catalog.format(
                    ' union all select %L, it.id, g0.cause, g0.at from base_keys_gained g0 join public.%I it on g0.kind = %L and it.%I = g0.key%s',
                    v_derived.kind, v_derived.parent, r.kind, r.key_column, ' and ' || private.visibility_condition(r.condition, 'it')), '')
             from unnest(v_rules) r where r.kind <> 'everyone'),
          -- opened since: every child of theirs
          case when v_derived.opens then pg_catalog.format(
            ' union all select %1$L, c.parent_id, c.opened_xid, c.opened_at from private.child_parents c'
            ' where c.child_table = %2$L and c.kind = %1$L and c.open and %3$s',
            v_derived.kind, p_table, pg_catalog.format(v_unseen, 'c.opened_xid')) else '' end);
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from base_keys_held_or_lost kl0 join public.sync_moves m on m.table_name = %3$L and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and %4$s
                     where kl0.kind <> ''everyone'' and m.row_id not in (select v.key from %5$I v) group by m.row_id%6$s%7$s)',
          v_derived.kind || '_keys_lost', v_derived.kind, v_derived.parent, pg_catalog.format(v_unseen, 'm.sync_xid'),
          v_derived.kind || '_keys_held',
          (select pg_catalog.string_agg(pg_catalog.format(
                    ' union all select %L, it.id, l0.cause, l0.at from base_keys_lost l0 join public.%I it on l0.kind = %L and it.%I = l0.key%s'
                    ' where it.id not in (select v.key from %I v)',
                    v_derived.kind, v_derived.parent, r.kind, r.key_column, ' and ' || private.visibility_condition(r.condition, 'it'),
                    v_derived.kind || '_keys_held'), '')
             from unnest(v_rules) r where r.kind <> 'everyone'),
          -- closed since (claimed, completed) and not seen through a key of U's: their children go
          case when v_derived.opens then pg_catalog.format(
            ' union all select %1$L, c.parent_id, c.opened_xid, c.opened_at from private.child_parents c'
            ' where c.child_table = %2$L and c.kind = %1$L and not c.open and %3$s and c.parent_id not in (select v.key from %4$I v)',
            v_derived.kind, p_table, pg_catalog.format(v_unseen, 'c.opened_xid'), v_derived.kind || '_keys_held') else '' end);
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, d.record_id as key
                      from base_keys_held_or_lost kl0 join public.sync_deletions d on d.table_name = %3$L and d.kind = kl0.kind and d.key = kl0.key and %4$s)',
          v_derived.kind || '_keys_deleted', v_derived.kind, v_derived.parent, pg_catalog.format(v_unseen, 'd.sync_xid'));
        v_g := v_g || pg_catalog.format(' union all select * from %I', v_derived.kind || '_keys_gained');
        v_l := v_l || pg_catalog.format(' union all select * from %I', v_derived.kind || '_keys_lost');
        v_dk := v_dk || pg_catalog.format(' union select kind, key from %I', v_derived.kind || '_keys_deleted');
      end if;
      v_k := v_k || pg_catalog.format(' union all select kind, key from %I', v_derived.kind || '_keys_held')
             -- distinct: an open parent may be seen through a key too (its declarer's)
             || case when v_derived.opens then pg_catalog.format(' union select kind, key from %I', v_derived.kind || '_keys_open') else '' end;
    end loop;

    v_visible := private.visibility_predicate(p_table, 'it', 'keys');
    for v_rule in select * from private.visibility_rules r where r.table_name = p_table order by r.kind, r.key_column loop
      if v_rule.kind = 'everyone' then
        -- S1 for the rows every user sees.
        if p_mode <> 'visibility' then
          v_streams := v_streams || pg_catalog.format(
            E'-- S1: the rows every user sees, written since\n'
            'select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.%I it
              where %s and %s
              order by it.sync_xid, it.id limit p_limit + 1',
            p_table, private.visibility_condition(v_rule.condition, 'it'), private.sync_stream_after('it.sync_xid', 'it.id'));
        end if;
        continue;
      end if;
      -- S1: the rows of U's keys written since; S3 / S4: every row of a key gained / lost.
      if p_mode <> 'visibility' then
        v_streams := v_streams || pg_catalog.format(
          E'-- S1: the rows of the %2$s keys held, written since\n'
          'select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from keys_held k where k.kind = %2$L) k
            cross join lateral (select it.sync_xid, it.id from public.%1$I it
                                 where %5$s%4$s
                                 order by it.%3$I, it.sync_xid, it.id limit p_limit + 1) it',
          p_table, v_rule.kind, v_rule.key_column, ' and ' || private.visibility_condition(v_rule.condition, 'it'),
          private.sync_stream_after('it.sync_xid', 'it.id', 'it.' || pg_catalog.quote_ident(v_rule.key_column), 'k.key'));
      end if;
      if p_mode not in ('full', 'steady') then
        -- S3 from the keys gained (g: records), S4 from those lost (l: revoked if not visible).
        v_streams := v_streams || array(
          select pg_catalog.format(
                   E'%10$s\n'
                   'select x.cause, it.sync_xid, it.id, %6$s, %7$L, %8$s
                      from (select * from %9$s x where x.kind = %2$L and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.%1$I it
                                          where %11$s%4$s%5$s
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else ''0''::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else ''00000000-0000-0000-0000-000000000000''::uuid end)
                                          order by it.%3$I, it.sync_xid, it.id limit p_limit + 1) it',
                   p_table, v_rule.kind, v_rule.key_column, ' and ' || private.visibility_condition(v_rule.condition, 'it'),
                   s.extra, s.item_kind, s.reason, s.at, s.source, pg_catalog.format(s.marker, v_rule.kind),
                   private.sync_stream_key('it.' || pg_catalog.quote_ident(v_rule.key_column), 'x.key'))
            from (values ('', 1, null, 'null::timestamptz', 'keys_gained', '-- S3: every row of the %s keys gained'),
                         (' and not (' || v_visible || ')', 0, 'revoked', 'x.at', 'keys_lost',
                          '-- S4: the rows of the %s keys lost that the user no longer sees')) s (extra, item_kind, reason, at, source, marker)
           order by s.item_kind desc);
      end if;
    end loop;

    if p_mode <> 'full' then
      -- S5: rows that left a key of U's and that U no longer sees.
      v_streams := v_streams || pg_catalog.format(
        E'-- S5: the rows that left a key held or lost and that the user no longer sees\n'
        'select m.sync_xid, m.sync_xid, m.row_id, 0, ''revoked'', m.moved_at
           from keys_held_or_lost kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = %1$L and m.kind = kl.kind and not m.entered
                                          and %2$s
                                        order by m.key, m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.%1$I it where it.id = m.row_id and (%3$s))',
        p_table, private.sync_stream_after('m.sync_xid', 'm.row_id', 'm.key', 'kl.key'), v_visible);
    end if;
    if p_mode in ('changes', 'steady') then
      -- S2: hard deletes under U's keys (children: also under the parents U saw deleted).
      v_streams := v_streams || pg_catalog.format(
        E'-- S2: the hard deletes under the deletion keys\n'
        'select d.sync_xid, d.sync_xid, d.record_id, 0, ''deleted'', d.deleted_at
           from deletion_keys dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = %1$L and d.kind = dk.kind
                                          and %2$s
                                        order by d.key, d.sync_xid, d.record_id limit p_limit + 1) d',
        p_table, private.sync_stream_after('d.sync_xid', 'd.record_id', 'd.key', 'dk.key'));
    end if;

    if p_mode = 'steady' then
      -- no key gained or lost: K or L is K
      v_ctes := array['base_keys_held as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key))',
                      'keys_held as (' || v_k || ')',
                      'keys_held_or_lost as (select distinct kind, key from keys_held)',
                      'deletion_keys as (' || v_dk || ')'];
    else
      v_ctes := array['base_keys_held as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key))',
                      'base_keys_gained as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at))',
                      'base_keys_lost as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at))',
                      'base_keys_held_or_lost as (select kind, key from base_keys_held union select kind, key from base_keys_lost)']
                || v_ctes
                || array['keys_held as (' || v_k || ')', 'keys_gained as (' || v_g || ')', 'keys_lost as (' || v_l || ')',
                         'keys_held_or_lost as (select kind, key from keys_held union select kind, key from keys_lost)',
                         'deletion_keys as (' || v_dk || ')'];
    end if;
  end if;

  return coalesce('with ' || nullif(pg_catalog.array_to_string(v_ctes, E',\n'), '') || E'\n', '')
      || 'select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ('
      || pg_catalog.array_to_string(array(select '(' || s || ')' from unnest(v_streams) s), E'\nunion all\n')
      || ') i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit';
end
$_$;

--
-- Name: FUNCTION sync_items_sql(p_table text, p_mode text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_sql(p_table text, p_mode text) IS 'The query private.sync_items runs for p_table in mode p_mode (full | changes | visibility | admin | steady: changes without the streams of keys gained or lost, for a table private.sync_table_modes gives it), built from private.visibility_rules: CTEs of the user''s keys (with the derived ones of notes and subtasks) and one index range scan per stream and key (see the comment above it in sql/code/sync/items.sql). Its parameters are those of private.sync_items_<table>_<mode>.';

--
-- Name: sync_key_state(uuid, text, xid8, xid8[], text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_key_state(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_kinds text[], OUT lo xid8, OUT kinds text[], OUT keys uuid[], OUT g_kinds text[], OUT g_keys uuid[], OUT g_causes xid8[], OUT g_ats timestamp with time zone[], OUT l_kinds text[], OUT l_keys uuid[], OUT l_causes xid8[], OUT l_ats timestamp with time zone[]) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    AS $$
begin
  lo := private.cursor_lo(p_x, p_ip);
  select coalesce(array_agg(k.kind), '{}'), coalesce(array_agg(k.key), '{}')
    into kinds, keys from private.user_keys(p_user, p_kinds) k where p_mode <> 'admin';
  select coalesce(array_agg(a.kind) filter (where a.held), '{}'),
         coalesce(array_agg(a.key) filter (where a.held), '{}'),
         coalesce(array_agg(a.cause) filter (where a.held), '{}'),
         coalesce(array_agg(a.at) filter (where a.held), '{}'),
         coalesce(array_agg(a.kind) filter (where not a.held), '{}'),
         coalesce(array_agg(a.key) filter (where not a.held), '{}'),
         coalesce(array_agg(a.cause) filter (where not a.held), '{}'),
         coalesce(array_agg(a.at) filter (where not a.held), '{}')
    into g_kinds, g_keys, g_causes, g_ats, l_kinds, l_keys, l_causes, l_ats
    from (select a.kind, a.key, max(a.sync_xid) as cause, max(a.logged_at) as at,
                 (a.kind, a.key) in (select * from unnest(kinds, keys)) as held
            -- two index ranges of (user_id, sync_xid), the transactions from p_x on and those
            -- in p_ip: not one from the oldest of them, which walked every change of her keys
            -- since a transaction still in progress anywhere in the cluster (20,000 grants
            -- of hers, on every pull), nor her whole log filtered
            from (select a.* from public.sync_access_log a where a.user_id = p_user and a.sync_xid >= p_x
                  union all
                  select a.* from pg_catalog.unnest(p_ip) i (xid)
                   -- (offset 0: a probe per transaction in p_ip, never joined as sets)
                   cross join lateral (select a.* from public.sync_access_log a where a.user_id = p_user and a.sync_xid = i.xid offset 0) a) a
           where p_mode in ('changes', 'visibility') and a.kind <> 'admin' and a.kind = any (p_kinds)
           group by a.kind, a.key) a;
end
$$;

--
-- Name: FUNCTION sync_key_state(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_kinds text[], OUT lo xid8, OUT kinds text[], OUT keys uuid[], OUT g_kinds text[], OUT g_keys uuid[], OUT g_causes xid8[], OUT g_ats timestamp with time zone[], OUT l_kinds text[], OUT l_keys uuid[], OUT l_causes xid8[], OUT l_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_key_state(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_kinds text[], OUT lo xid8, OUT kinds text[], OUT keys uuid[], OUT g_kinds text[], OUT g_keys uuid[], OUT g_causes xid8[], OUT g_ats timestamp with time zone[], OUT l_kinds text[], OUT l_keys uuid[], OUT l_causes xid8[], OUT l_ats timestamp with time zone[]) IS 'For private.sync_items_<table>_<mode>: lo, the oldest transaction not delivered in the state (p_x, p_ip); the base keys of the kinds p_kinds user p_user holds (kinds, keys; none in mode admin); from the access log since that state (modes changes and visibility), the keys of those kinds gained and still held (g_*) and those lost (l_*), each with its latest cause (xid) and time.';

--
-- Name: sync_marks_in_flight(uuid[], xid8[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_marks_in_flight(p_keys uuid[], p_ip xid8[]) RETURNS text[]
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return array(select m.table_name
                 from unnest(p_keys) k (k)
                cross join unnest(p_ip) i (i)
                cross join lateral (select m.table_name from private.sync_marks m
                                     where (m.user_id, m.sync_xid) >= (k.k, i.i) and (m.user_id, m.sync_xid) <= (k.k, i.i)
                                    offset 0) m);
end
$$;

--
-- Name: FUNCTION sync_marks_in_flight(p_keys uuid[], p_ip xid8[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_marks_in_flight(p_keys uuid[], p_ip xid8[]) IS 'The tables of the change marks of keys p_keys written by transactions p_ip, one probe of the marks'' primary key per key and transaction. Stable: it reads with the snapshot of the statement that calls it (sync_poll''s, which reads the rest of the marks).';

--
-- Name: sync_marks_insert_sql(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_marks_insert_sql(p_marks text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  select pg_catalog.format($sql$insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
      select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
             pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
        from (%s) x
      on conflict do nothing$sql$, p_marks)
$_$;

--
-- Name: FUNCTION sync_marks_insert_sql(p_marks text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_marks_insert_sql(p_marks text) IS 'SQL text of the INSERT into private.sync_marks of the marks the query p_marks names (columns user_id, table_name), each with the xmin and xmax of the writing statement''s snapshot, a mark already there left as it is. For private.sync_marks_sql and the parents'' triggers of private.generate_child_parents.';

--
-- Name: sync_marks_sql(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_marks_sql(p_table text, p_op text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;

--
-- Name: FUNCTION sync_marks_sql(p_table text, p_op text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_marks_sql(p_table text, p_op text) IS 'SQL text of the INSERT into private.sync_marks for a p_op statement on the synced table p_table, over the CTEs of private.change_audience_sql (written, row_keys, row_holders): a mark per holder of the rows'' keys (old keys too where an update moved a row), the everyone mark for rows every user sees, ''*'' marks for the holders of keys a task or activity entered or left (unless every user sees it on the other side of the move: its everyone key), and the uncertain mark for a write outside READ COMMITTED on a table keyed through other rows.';

--
-- Name: sync_merge(text, uuid, integer, integer, jsonb, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  c_tie constant interval := interval '1 second';
  v_uid uuid := auth.uid();
  v_versions integer;
  v_history jsonb;
  v_pushed jsonb;
begin
  perform private.assert_sync_table(p_table);
  if p_base is null or p_current is null or p_base >= p_current then
    return null;
  end if;
  -- Every version since p_base, each one the caller could read (the view shows no other).
  select count(*) into v_versions
    from private.sync_merge_history c
   where c.table_name = p_table and c.row_id = p_id and c.row_version > p_base and c.row_version <= p_current;
  if v_versions <> p_current - p_base then
    return null;
  end if;
  -- Per column the server changed since p_base: the digest of its value at p_base (from the
  -- first change after it), and the time and writer of its last change.
  select coalesce(jsonb_object_agg(f.key, jsonb_build_object('base', f.base, 'at', f.at, 'by', f.by)), '{}')
    into v_history
    from (select d.key,
                 (array_agg(d.value order by c.row_version))[1] as base,
                 max(c.changed_at) as at,
                 (array_agg(c.changed_by order by c.row_version desc))[1] as by
            from private.sync_merge_history c
           cross join lateral jsonb_each_text(c.digests) d
           where c.table_name = p_table and c.row_id = p_id and c.row_version > p_base and c.row_version <= p_current
             and d.key = any (p_columns)
           group by d.key) f;
  execute format('select private.sync_field_digests(r, $2) from jsonb_populate_record(null::public.%I, $1) r', p_table)
    into v_pushed using p_record, p_columns;
  return coalesce((
    select jsonb_object_agg(c, case
             when not v_history ? c then jsonb_build_object('winner', 'push', 'reason', 'pushed')
             when v_pushed ->> c = v_history #>> array[c, 'base'] then jsonb_build_object('winner', 'server', 'reason', 'server')
             when now() - (v_history #>> array[c, 'at'])::timestamptz > c_tie
               then jsonb_build_object('winner', 'push', 'reason', 'last_write')
             when v_history #>> array[c, 'by'] is null or v_uid is null
                  or v_history #>> array[c, 'by'] = v_uid::text or v_uid::text < v_history #>> array[c, 'by']
               then jsonb_build_object('winner', 'push', 'reason', 'tie')
             else jsonb_build_object('winner', 'server', 'reason', 'tie') end)
      from unnest(p_columns) c), '{}');
end
$_$;

--
-- Name: FUNCTION sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]) IS 'For sync_push of a record of p_table row p_id pushed against version p_base while the row is at p_current: for each column of p_columns (those the push would change), {winner: "push" | "server", reason: "pushed" (only the push changed it) | "server" (only the server changed it since p_base) | "last_write" (both: the push is the later write by the server''s clock) | "tie" (both within a second: the user id sorting first wins)}. NULL when the history since p_base is incomplete (purged after 30 days) or holds a version the caller could not read: no merge. Runs as the caller and reads private.sync_merge_history, which shows only the versions whose scope keys the caller holds: it compares with nothing the caller could not read.';

--
-- Name: sync_missing_parent(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_missing_parent(p_table text, p_record jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_fk record;
  v_found boolean;
  v_id text;
begin
  for v_fk in
    select a.attname::text as col, rc.relname::text as ref_table, ra.attname::text as ref_col,
           pg_catalog.format_type(ra.atttypid, ra.atttypmod) as ref_type,
           case when c.confrelid = 'public.users'::pg_catalog.regclass then 'public.profiles'::pg_catalog.regclass
                else c.confrelid::pg_catalog.regclass end as asked
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_catalog.pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      join pg_catalog.pg_class rc on rc.oid = c.confrelid
     where c.conrelid = pg_catalog.format('public.%I', p_table)::pg_catalog.regclass and c.contype = 'f'
       and pg_catalog.cardinality(c.conkey) = 1 and p_record ->> a.attname is not null
     order by a.attnum
  loop
    continue when not pg_catalog.has_table_privilege(v_fk.asked, 'SELECT');
    execute pg_catalog.format('select exists (select from %1$s r where r.%2$I = $1::%3$s), $1::%3$s::text',
                              v_fk.asked, v_fk.ref_col, v_fk.ref_type)
      into v_found, v_id using p_record ->> v_fk.col;
    if not v_found then
      return pg_catalog.jsonb_build_object('table', v_fk.ref_table, 'column', v_fk.col, 'id', v_id);
    end if;
  end loop;
  return null;
end
$_$;

--
-- Name: FUNCTION sync_missing_parent(p_table text, p_record jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_missing_parent(p_table text, p_record jsonb) IS 'For sync_push: {table, column, id} of the first row the record references (a single-column foreign key of p_table) that the caller does not see (absent or someone else''s, one answer; a profile: absent from public.profiles), NULL when there is none or the caller may not read the referenced table at all: FK_MISSING (push the parent first, then retry) rather than NOT_AUTHORIZED. SECURITY INVOKER: what the caller sees is asked under her row-level security.';

--
-- Name: sync_page_sql(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_sql(p_table text, p_mode text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_columns text[];
  v_names text[];
  v_deleted_at text;
  v_rule private.visibility_rules;
  v_ctes text;
  v_tail text;
begin
  perform private.assert_sync_table(p_table);
  -- A record is the row's stored columns but sync_xid and generated ones (a geography
  -- column would also cost its text form for every row).
  select pg_catalog.array_agg(a.attname::text order by a.attnum),
         max('deleted_at') filter (where a.attname = 'deleted_at')
    into v_columns, v_deleted_at
    from pg_catalog.pg_attribute a
   where a.attrelid = pg_catalog.format('public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.attname <> 'sync_xid';
  v_names := array(select pg_catalog.format('%I', c) from unnest(v_columns) c);
  if p_mode = 'full' then
    v_rule := private.sync_direct_rule(p_table);
  end if;

  if v_rule.table_name is null then
    v_ctes := pg_catalog.format($q$items as (
      select i.*, row_number() over (order by i.c0, i.c1, i.id, i.kind) as n
        from private.%5$I(p_lo, p_x, p_ip, p_after_c0, p_after_c1, p_after_id, p_after_kind, p_limit, p_kinds, p_keys,
                          p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats,
                          p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats) i
    ), built as (
      -- each item of the first p_page_limit as the json it is delivered as, in order, with the
      -- running total of bytes up to it (the items are sorted by n before any is built, so
      -- each is built only when a reader asks for it: the cut reads up to the item that ends
      -- the page, and none past it is built): a deletion, a tombstone (as a deletion), or the
      -- row's record (by its primary key: a join could be planned as a scan of the whole
      -- table hashed); a row gone since is no item. next_n: where its id comes again (within
      -- a page each id appears once, in its latest state: a row deleted and re-created, or
      -- the other way round; in a full pull an id comes once, from one transaction, whatever
      -- the keys it is read through).
      select i.n, i.next_n, d.deleted, d.item,
             sum(pg_catalog.octet_length(d.item::text)) over (order by i.n rows between unbounded preceding and current row) as upto
        from (%4$s) i
        left join lateral (select %2$s as deleted_at,
                                  case when p_compact then pg_catalog.json_build_array(%3$s) else pg_catalog.to_json(r) end as record
                             from public.%1$I t cross join lateral (select %3$s) r
                            where t.id = i.id and i.kind = 1 limit 1) f on true
       cross join lateral (select i.kind = 0 or f.deleted_at is not null as deleted,
                                  case when i.kind = 0 then pg_catalog.json_build_object('id', i.id, 'deleted_at', i.at, 'reason', i.reason)
                                       when f.deleted_at is not null then pg_catalog.json_build_object('id', i.id, 'deleted_at', f.deleted_at, 'reason', 'deleted')
                                       else f.record end as item
                            -- (offset 0: built once, not written into each of its uses)
                            offset 0) d
    ), totals as (
      select b.n, b.upto from built b
    )$q$,
      p_table, coalesce('t.' || v_deleted_at, 'null::timestamptz'),
      't.' || pg_catalog.array_to_string(v_names, ', t.'),
      case when p_mode = 'full' then 'select items.*, null::bigint as next_n from items where items.n <= p_page_limit order by items.n'
           else 'select items.*, lead(items.n) over (partition by items.id order by items.n) as next_n
                 from items where items.n <= p_page_limit order by items.n' end,
      'sync_items_' || p_table || '_' || p_mode);
    v_tail := 'select (select count(*) from items) > cut.m as has_more,
             (select jsonb_build_array(i.c0::text, i.c1::text, i.id, i.kind) from items i where i.n = cut.m) as last
        from cut';
  else
    -- A direct page: the table's full items are one stream over its own rows (one visibility
    -- rule, private.sync_direct_rule), so the items are the rows themselves, read with their
    -- columns by the stream's own index scan (per key held, in order, to p_limit, the page
    -- size and one more, and one more again: the row at the page position, which the scan's
    -- bound includes and the position test drops), with no items function between (its result held as a tuplestore), no
    -- second probe by primary key, and no sort after it. Each is an item (c0 = c1 = its
    -- sync_xid, kind 1): its record, or a deletion if it is a tombstone; every row has one
    -- value of the key column, so it comes through one key, once. Built in order with its
    -- size in bytes, as the readers ask for them (built); its place n and the running total
    -- of bytes are counted beside it (totals): the cut reads totals up to the item that ends
    -- the page, the tail one more (has_more), so no item past it is built.
    v_ctes := pg_catalog.format($q$built as (
      select null::bigint as next_n, s.sync_xid, s.id, d.deleted, d.item, d.bytes
        from (select s.* from %1$s
               where (s.sync_xid, s.sync_xid, s.id, 1) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
               order by s.sync_xid, s.id limit p_limit) s
       cross join lateral (select d.deleted, d.item, pg_catalog.octet_length(d.item::text) as bytes
                             from (select %2$s is not null as deleted,
                                          case when %2$s is not null then pg_catalog.json_build_object('id', s.id, 'deleted_at', %2$s, 'reason', 'deleted')
                                               when p_compact then pg_catalog.json_build_array(%3$s) else pg_catalog.to_json(r) end as item
                                     from (select %3$s) r
                                   -- (offset 0: built once, not written into each of its uses)
                                   offset 0) d) d
    ), totals as (
      -- each item's place and the running total of bytes up to it, counted over built's rows
      -- in the order built holds them (the stream's). The window holds these narrow rows only:
      -- one over built's own rows held every item a second time, and read it back twice more
      -- (a 1000-row page: about a twentieth of its server time, 0.7 MB more memory touched). No
      -- ORDER BY: it would sort built whole, building every item before the cut is known.
      select row_number() over w as n, b.sync_xid, b.id, sum(b.bytes) over w as upto
        from built b
      window w as (rows between unbounded preceding and current row)
    )$q$,
      case when v_rule.kind = 'everyone' then pg_catalog.format(
             '(select %1$s, it.sync_xid from public.%2$I it where %3$s and %4$s order by it.sync_xid, it.id limit p_limit + 1) s',
             'it.' || pg_catalog.array_to_string(v_names, ', it.'),
             p_table, private.visibility_condition(v_rule.condition, 'it'), private.sync_stream_after('it.sync_xid', 'it.id'))
           else pg_catalog.format(
             '(select distinct k.key from unnest(p_kinds, p_keys) k (kind, key) where k.kind = %1$L) k
               cross join lateral (select %2$s, it.sync_xid from public.%3$I it
                                    where %6$s%5$s
                                    order by it.%4$I, it.sync_xid, it.id limit p_limit + 1) s',
             v_rule.kind,
             'it.' || pg_catalog.array_to_string(v_names, ', it.'),
             p_table, v_rule.key_column, ' and ' || private.visibility_condition(v_rule.condition, 'it'),
             private.sync_stream_after('it.sync_xid', 'it.id', 'it.' || pg_catalog.quote_ident(v_rule.key_column), 'k.key')) end,
      coalesce('s.' || v_deleted_at, 'null::timestamptz'),
      's.' || pg_catalog.array_to_string(v_names, ', s.'));
    v_tail := 'select exists (select from totals t where t.n = cut.m + 1) as has_more,
             (select jsonb_build_array(t.sync_xid::text, t.sync_xid::text, t.id, 1) from totals t where t.n = cut.m limit 1) as last
        from cut';
  end if;

  return pg_catalog.format($q$
    with %2$s, cut as materialized (
      -- the page's last item: the first whose running total of bytes reaches the budget, or
      -- the p_page_limit-th
      select coalesce((select t.n from totals t where t.upto >= (select private.sync_pull_page_bytes()) or t.n = p_page_limit limit 1),
                      p_page_limit) as m
    ), tail as materialized (
      %3$s
    ), page as (
      -- the items up to the cut, each id at its last place among them; aggregated in the
      -- order built holds them (n), without sorting them again
      select json_agg(b.item) filter (where not b.deleted) as records, json_agg(b.item) filter (where b.deleted) as deleted
        from (select * from built b limit (select m from cut)) b
       where b.item is not null and (b.next_n is null or b.next_n > (select m from cut))
    ), head as (
      -- cursor and has_more first: a client can ask for the next page before it has read
      -- the records of this one (SyncService.pullAll)
      select private.encode_sync_cursor(
               case when tail.has_more
                    then jsonb_build_object('t', %1$L, 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                            'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                            'a', tail.last)
                    else jsonb_build_object('t', %1$L, 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end) as cursor,
             tail.has_more
        from tail
    )
    select case when p_compact
                then json_build_object('cursor', head.cursor, 'has_more', head.has_more, 'server_timestamp', now(),
                                       'columns', %4$L::json, 'records', coalesce(page.records, '[]'), 'deleted', coalesce(page.deleted, '[]'))
                else json_build_object('cursor', head.cursor, 'has_more', head.has_more, 'server_timestamp', now(),
                                       'records', coalesce(page.records, '[]'), 'deleted', coalesce(page.deleted, '[]')) end
      from head, page
    $q$, p_table, v_ctes, v_tail, pg_catalog.to_json(v_columns)::text);
end
$_$;

--
-- Name: FUNCTION sync_page_sql(p_table text, p_mode text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_sql(p_table text, p_mode text) IS 'The statement sync_pull runs for a page of p_table (one of sync_tables()) in mode p_mode (full | changes | admin | steady: changes for a caller who gained and lost no key, where private.sync_table_modes gives it): the items of private.sync_items_<p_table>_<p_mode> (a static call), and their rows (the table''s stored columns but sync_xid and generated ones; objects, or with p_compact arrays of values in the order of "columns"), as the answer''s json (in mode full of a table private.sync_direct_rule gives a rule, the rows read directly by that rule''s index probes, the same items), ending at p_page_limit items or at the item whose running total of json bytes reaches private.sync_pull_page_bytes(). It names the variables of private.sync_page_<table>. INVALID_TABLE, INVALID_ARGUMENT (22023).';

--
-- Name: sync_uncertain_key(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_uncertain_key() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
$$;

--
-- Name: FUNCTION sync_uncertain_key(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_uncertain_key() IS 'The user_id of private.sync_marks rows that say "a write whose snapshot may have missed a holder of its keys": read by every sync_poll.';

--
-- Name: sync_mark_horizon; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.sync_mark_horizon (
    only_row boolean DEFAULT true NOT NULL,
    purged_below xid8 NOT NULL,
    CONSTRAINT sync_mark_horizon_only_row_check CHECK (only_row)
);

--
-- Name: TABLE sync_mark_horizon; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.sync_mark_horizon IS 'One row: every mark of a transaction below purged_below may have been deleted (purge_sync_marks). sync_poll answers from the marks only for a cursor that has seen all of those transactions.';

--
-- Name: sync_marks; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.sync_marks (
    user_id uuid NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    table_name text NOT NULL,
    seen_xmin xid8 NOT NULL,
    seen_xmax xid8 NOT NULL
);

--
-- Name: TABLE sync_marks; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.sync_marks IS 'One row per (user, transaction, synced table) that transaction wrote something in for that user: a row they see or saw written, tombstoned or deleted. user_id may also be the everyone key (a row every user sees) or the uncertain key (table_name ''?'': a write whose snapshot may miss a holder, under repeatable read); table_name ''*'' says the user''s holdings changed (the access log, or a task or activity moved into or out of one of their keys): ask the exact question. Written by the statement triggers of the synced tables in the writing transaction, read by sync_poll, purged by purge_sync_marks.';

--
-- Name: COLUMN sync_marks.seen_xmin; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.sync_marks.seen_xmin IS 'pg_snapshot_xmin of the snapshot the writer worked out the users with: every transaction below it had ended. A hot standby''s poll reads the newest mark to learn how far the primary had gone.';

--
-- Name: COLUMN sync_marks.seen_xmax; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.sync_marks.seen_xmax IS 'pg_snapshot_xmax of that snapshot: no transaction id at or above it had been handed out when the writer looked.';

--
-- Name: sync_horizon; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sync_horizon (
    table_name text NOT NULL,
    purged_through xid8 NOT NULL
);

--
-- Name: TABLE sync_horizon; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.sync_horizon IS 'The newest sync_xid purged from the logs: per synced table for its deletions and moves, and under ''sync_access_log'' for the access log. A cursor that had not yet seen it gets CURSOR_EXPIRED.';

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    email text,
    avatar_url text,
    gender text,
    profile_photo text,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT users_avatar_url_length CHECK (((char_length(avatar_url) <= 2048) OR private.too_long('users'::text, 'avatar_url'::text, 2048, char_length(avatar_url)))),
    CONSTRAINT users_email_length CHECK (((char_length(email) <= 320) OR private.too_long('users'::text, 'email'::text, 320, char_length(email)))),
    CONSTRAINT users_gender_length CHECK (((char_length(gender) <= 50) OR private.too_long('users'::text, 'gender'::text, 50, char_length(gender)))),
    CONSTRAINT users_name_length CHECK (((char_length(name) <= 100) OR private.too_long('users'::text, 'name'::text, 100, char_length(name)))),
    CONSTRAINT users_profile_photo_length CHECK (((char_length(profile_photo) <= 2048) OR private.too_long('users'::text, 'profile_photo'::text, 2048, char_length(profile_photo))))
);

--
-- Name: TABLE users; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.users IS 'App profile of each auth user (realtors and bird watchers alike). Every authenticated user reads profiles (names for "claimed by"); each updates only their own row; is_admin sees and changes everything.';

--
-- Name: COLUMN users.is_admin; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.users.is_admin IS 'Admins see and change every row of every table.';

--
-- Name: sync_poll_marks(uuid, xid8, xid8[], xid8, pg_snapshot); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_poll_marks(p_uid uuid, p_x xid8, p_ip xid8[], p_lo xid8, p_snapshot pg_snapshot) RETURNS TABLE(horizon xid8, snapshot pg_snapshot, admin boolean, marked text[], marks_kept boolean, seen_through xid8)
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT COALESCE(( SELECT max(sh.purged_through) AS max
            FROM public.sync_horizon sh), '0'::xid8) AS "coalesce",
     COALESCE(p_snapshot, pg_current_snapshot()) AS "coalesce",
     ( SELECT u.is_admin
            FROM public.users u
           WHERE (u.id = sync_poll_marks.p_uid)) AS is_admin,
     (
         CASE
             WHEN (p_x IS NOT NULL) THEN ((ARRAY( SELECT m.table_name
                FROM private.sync_marks m
               WHERE ((m.user_id <= sync_poll_marks.p_uid) AND (ROW(m.user_id, m.sync_xid) >= ROW(sync_poll_marks.p_uid, sync_poll_marks.p_x)))) || ARRAY( SELECT m.table_name
                FROM private.sync_marks m
               WHERE ((m.user_id <= private.everyone_key()) AND (ROW(m.user_id, m.sync_xid) >= ROW(private.everyone_key(), sync_poll_marks.p_x))))) || ARRAY( SELECT m.table_name
                FROM private.sync_marks m
               WHERE ((m.user_id <= private.sync_uncertain_key()) AND (ROW(m.user_id, m.sync_xid) >= ROW(private.sync_uncertain_key(), sync_poll_marks.p_x)))))
             ELSE '{}'::text[]
         END ||
         CASE
             WHEN (cardinality(p_ip) > 0) THEN private.sync_marks_in_flight(ARRAY[p_uid, private.everyone_key(), private.sync_uncertain_key()], p_ip)
             ELSE '{}'::text[]
         END),
     (( SELECT h.purged_below
            FROM private.sync_mark_horizon h) <= p_lo),
     pg_snapshot_xmax(pg_current_snapshot()) AS pg_snapshot_xmax;
END;

--
-- Name: FUNCTION sync_poll_marks(p_uid uuid, p_x xid8, p_ip xid8[], p_lo xid8, p_snapshot pg_snapshot); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_poll_marks(p_uid uuid, p_x xid8, p_ip xid8[], p_lo xid8, p_snapshot pg_snapshot) IS 'What sync_poll reads, with one snapshot: horizon (of the sync logs), snapshot (p_snapshot, else the statement''s), admin (of the caller p_uid), marked (the tables named by the marks of the caller, the everyone and the uncertain keys written from p_x on or by the transactions p_ip), marks_kept (purged below p_lo at most), seen_through (the snapshot''s xmax). Written into the calling statement.';

--
-- Name: sync_poll_cursor(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_poll_cursor(p_cursor text, p_uid uuid) RETURNS TABLE(state jsonb, horizon xid8, snapshot pg_snapshot, admin boolean, marked text[], marks_kept boolean, seen_through xid8)
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT c.s,
     r.horizon,
     r.snapshot,
     r.admin,
     r.marked,
     r.marks_kept,
     r.seen_through
    FROM (( SELECT s.s,
             private.cursor_xids((s.s -> 'ip'::text)) AS cursor_xids
            FROM private.opened_cursor(sync_poll_cursor.p_cursor, false) s(s)
          OFFSET 0) c(s, ip)
      CROSS JOIN LATERAL private.sync_poll_marks(sync_poll_cursor.p_uid, ((c.s ->> 'x'::text))::xid8, c.ip, private.cursor_lo(((c.s ->> 'x'::text))::xid8, c.ip), NULL::pg_snapshot) r(horizon, snapshot, admin, marked, marks_kept, seen_through));
END;

--
-- Name: FUNCTION sync_poll_cursor(p_cursor text, p_uid uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_poll_cursor(p_cursor text, p_uid uuid) IS 'For sync_poll on a primary, in one statement written into its own: state, the poll cursor p_cursor opened (private.opened_cursor; NULL when it must be looked at step by step), and what the poll reads with it (private.sync_poll_marks, for the caller p_uid).';

--
-- Name: sync_poll_tables(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_poll_tables() RETURNS text[]
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if private.caller_acts_as_authenticated() then
    return private.sync_tables();
  end if;
  return array(select t.t from unnest(private.sync_tables()) with ordinality t (t, n)
                 join private.visibility_tables v on v.table_name = t.t
                where v.admin_sees order by t.n);
end
$$;

--
-- Name: FUNCTION sync_poll_tables(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_poll_tables() IS 'The synced tables the caller may pull, in the table manifest''s order: every one for a session acting as role authenticated (private.caller_acts_as_authenticated), else those admins see (not the journals, private to their owner). For sync_poll.';

--
-- Name: sync_poll_unchanged(jsonb, xid8, boolean, boolean, text[], bigint); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_poll_unchanged(p_state jsonb, p_horizon xid8, p_marks_kept boolean, p_admin boolean, p_marked text[], p_now bigint) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    RETURN ((p_state IS NOT NULL) AND (NOT (p_state ?| ARRAY['legacy'::text, 'a'::text, 'w'::text, 'g'::text])) AND ((p_state ->> 't'::text) = '*'::text) AND ((((p_state ->> 's'::text))::bigint >= (p_now - 60)) AND (((p_state ->> 's'::text))::bigint <= p_now)) AND (p_horizon = ((p_state ->> 'h'::text))::xid8) AND p_marks_kept AND (NOT COALESCE(p_admin, false)) AND (cardinality(p_marked) = 0));

--
-- Name: FUNCTION sync_poll_unchanged(p_state jsonb, p_horizon xid8, p_marks_kept boolean, p_admin boolean, p_marked text[], p_now bigint); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_poll_unchanged(p_state jsonb, p_horizon xid8, p_marks_kept boolean, p_admin boolean, p_marked text[], p_now bigint) IS 'True when sync_poll hands back the cursor it was given, of state p_state, unchanged: a poll cursor watching no change of holdings, sealed at most 60 seconds before p_now, the sync logs'' horizon p_horizon where it was, the marks kept (p_marks_kept), the caller no admin (p_admin) and no mark since it (p_marked empty). Written into the calling expression.';

--
-- Name: sync_pull_page_bytes(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_pull_page_bytes() RETURNS integer
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  c_budget constant integer := 4194304;
  v_setting text := pg_catalog.current_setting('dispatch.sync_page_bytes', true);
begin
  if coalesce(v_setting, '') = '' then
    return c_budget;
  end if;
  if v_setting !~ '^[0-9]{1,10}$' or v_setting::bigint < 1 then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: the setting dispatch.sync_page_bytes must be a number of bytes of at least 1',
      detail = pg_catalog.json_build_object('argument', 'dispatch.sync_page_bytes', 'value', pg_catalog.left(v_setting, 100))::text;
  end if;
  return least(v_setting::bigint, c_budget);
end
$_$;

--
-- Name: FUNCTION sync_pull_page_bytes(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_pull_page_bytes() IS 'The byte budget of a sync_pull page (the json of its records and deletions): 4194304 (4 MB), or less if the session set dispatch.sync_page_bytes lower (a higher value is capped). INVALID_ARGUMENT (22023) when that setting is not a positive number of bytes.';

--
-- Name: sync_push_insert_sql(text, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_insert_sql(p_table text, p_columns text[]) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  select pg_catalog.format(
    'insert into public.%1$I as t (%2$s) select %3$s'
    ' from pg_catalog.jsonb_array_elements($1) with ordinality i (record, n)'
    ' cross join lateral pg_catalog.jsonb_populate_record(null::public.%1$I, i.record) r order by i.n'
    ' on conflict (id) do nothing returning t.id, pg_catalog.to_jsonb(t) as written',
    p_table,
    (select pg_catalog.string_agg(pg_catalog.format('%I', c), ', ') from pg_catalog.unnest(p_columns) c),
    (select pg_catalog.string_agg(pg_catalog.format('r.%I', c), ', ') from pg_catalog.unnest(p_columns) c))
$_$;

--
-- Name: FUNCTION sync_push_insert_sql(p_table text, p_columns text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_insert_sql(p_table text, p_columns text[]) IS 'SQL text of sync_push''s INSERT into p_table of the records of a JSON array ($1), in order, writing the columns p_columns; returns (id, row as jsonb) of the rows inserted (on conflict (id) do nothing). For sync_push (one record) and sync_push_batch (the new rows of a batch that name the same columns).';

--
-- Name: sync_push_record(text, jsonb, integer, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  -- Larger than the largest record the column limits allow (a 10,000-character text and
  -- its neighbours, even in 4-byte characters).
  c_max_record_bytes constant integer := 65536;
  -- Never written from a record, whatever the caller's grants (the service role's too).
  c_stamps constant text[] := array['id', 'created_at', 'updated_at', 'row_version', 'sync_xid'];
  -- Derived by triggers from other columns (or the parent row); written only where a grant allows.
  c_derived constant text[] := array['completed_at', 'claimed_at', 'claim_expires_at', 'edited_at'];
  c_undo constant text := 'sync_push: undo';
  v_uid uuid := auth.uid();
  v_rel regclass;
  v_id uuid;
  v_is_insert boolean := coalesce(p_expected_version, 0) = 0;
  v_unknown text[];
  v_hidden text[];
  v_writable text[];   -- pushed columns the caller may write
  v_locked text[];     -- pushed columns neither writable nor derived: they must hold the server's value
  v_compared text[];   -- pushed columns that are not derived: what applying the record decides
  v_pushed jsonb;      -- the record's values in their columns' canonical JSON (comparable with a row's)
  -- The item type of a claimable table (the table manifest's claimed_as: tasks are claimed as task).
  v_item_type text := (select m.claimed_as from private.table_manifest m where m.table_name = p_table);
  v_server jsonb;
  v_changed text[] := '{}';
  v_set text[];        -- the changed columns an update writes
  v_refused text[] := '{}';
  v_claim text;        -- 'claim' or 'release', when claimed_by says so
  v_stale boolean := false;
  v_base integer := p_expected_version;  -- the version the write applies to (the current one after a merge)
  v_merge jsonb;       -- per field, what won (private.sync_merge), when the push was merged
  v_may_write boolean; -- the caller may change the row (its UPDATE policy)
  v_version integer;
  v_row jsonb;
  v_reason jsonb;      -- why a conflict, in the refusal's words ({code, message, detail})
  v_written jsonb;     -- the answer for the record written, but the record
begin
  perform private.assert_sync_table(p_table);
  v_rel := format('public.%I', p_table)::regclass;

  if p_record is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_record is required';
  end if;
  if jsonb_typeof(p_record) <> 'object' then
    raise exception using errcode = '22023',
      message = 'INVALID_RECORD: p_record must be a JSON object',
      detail = format('got a JSON %s', jsonb_typeof(p_record));
  end if;
  -- Refused whole before anything is parsed out of it; each column's own limit (TOO_LONG)
  -- holds within this.
  if pg_column_size(p_record) > c_max_record_bytes then
    raise exception using errcode = '22001',
      message = format('TOO_LONG: p_record is %s bytes, more than the %s a record may have', pg_column_size(p_record), c_max_record_bytes),
      detail = jsonb_build_object('column', 'p_record', 'max_length', c_max_record_bytes, 'length', pg_column_size(p_record))::text;
  end if;
  p_record := private.sync_record_columns(p_table, p_record);
  begin
    v_id := (p_record ->> 'id')::uuid;
  exception when invalid_text_representation then
    v_id := null;
  end;
  if v_id is null then
    raise exception using errcode = '22023',
      message = 'INVALID_RECORD: p_record.id must be a UUID',
      detail = format('id = %s', coalesce(p_record ->> 'id', 'missing'));
  end if;
  if p_expected_version < 0 then
    raise exception using errcode = '22023',
      message = 'INVALID_VERSION: p_expected_version must be the row_version last seen, or NULL/0 for a new row',
      detail = format('p_expected_version = %s', p_expected_version);
  end if;

  -- Every key must be a column.
  select array_agg(k order by k) into v_unknown
    from jsonb_object_keys(p_record) k
   where not exists (select from pg_catalog.pg_attribute a
                      where a.attrelid = v_rel and a.attname = k and a.attnum > 0 and not a.attisdropped);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: unknown column(s) for %s: %s', p_table, array_to_string(v_unknown, ', ')),
      detail = 'Known columns: ' || (select string_agg(a.attname, ', ' order by a.attnum) from pg_catalog.pg_attribute a
                                       where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped);
  end if;

  select coalesce(array_agg(a.attname::text), '{}') into v_hidden
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and (a.attname = 'sync_xid' or a.attgenerated <> '');

  select coalesce(array_agg(c.name order by c.attnum) filter (where c.writable), '{}'),
         coalesce(array_agg(c.name order by c.name) filter (where not c.writable and not c.derived), '{}'),
         coalesce(array_agg(c.name order by c.name) filter (where not c.derived), '{}')
    into v_writable, v_locked, v_compared
    from (select a.attnum, a.attname::text as name,
                 a.attgenerated <> '' or a.attname = any (c_stamps || c_derived) as derived,
                 a.attgenerated = '' and (a.attname <> all (c_stamps) or (v_is_insert and a.attname = 'id'))
                   and pg_catalog.has_column_privilege(v_rel, a.attnum, case when v_is_insert then 'INSERT' else 'UPDATE' end)
                   as writable
            from pg_catalog.pg_attribute a
           where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped and p_record ? a.attname) c;

  -- Types: every value must convert to its column's type.
  begin
    execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) r', p_table)
      into v_row using p_record;
  exception when others then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: a value does not fit its column in %s', p_table),
      detail = sqlerrm;
  end;
  select jsonb_object_agg(k, v_row -> k) into v_pushed from jsonb_object_keys(p_record) k;
  v_row := null;

  if not v_is_insert then
    -- The row as the caller sees it, and what applying the record would change of it.
    execute format('select private.%I($1) - $2', 'sync_push_row_' || p_table) into v_server using v_id, v_hidden;
    if v_item_type is not null and v_pushed -> 'claimed_by' = to_jsonb(v_uid)
       and not ('claimed_by' = any (v_writable)) then
      v_claim := 'claim';
      -- Lost to another claimer (who may have taken it out of the caller's sight): said as
      -- claim_work_item says it.
      v_reason := private.claim_conflict(v_item_type, v_id);
      if v_reason is not null and (v_server is null or (v_server ->> 'row_version')::integer <> p_expected_version) then
        return jsonb_build_object('status', 'conflict', 'record', v_server) || v_reason;
      end if;
    elsif v_item_type is not null and v_pushed -> 'claimed_by' = 'null'::jsonb and not ('claimed_by' = any (v_writable)) then
      v_claim := 'release';
    end if;
    if v_server is null then
      raise exception using errcode = 'P0002',
        message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
        hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
    end if;
    v_changed := array(select c from unnest(v_compared) c where v_pushed -> c is distinct from v_server -> c);
    if v_claim is not null and not ('claimed_by' = any (v_changed)) then
      v_claim := null;
    end if;
    -- Authorised before anything of the record is compared with the row's history
    -- (private.sync_merge): a change the caller may not write is refused here, whatever it
    -- holds, as its UPDATE would be (the table's UPDATE policy, asked with FOR UPDATE,
    -- which keeps the row for the write). A claim is claim_work_item's to decide: anyone
    -- who sees an open item may claim it, and what else the record changes is written
    -- after it, as the claimer.
    if cardinality(v_changed) > 0 and v_claim is distinct from 'claim' then
      execute format('select private.%I($1)', 'sync_push_lock_' || p_table) into v_may_write using v_id;
      if not v_may_write then
        raise exception using errcode = '42501',
          message = format('NOT_AUTHORIZED: you may read but not change this row of %s', p_table);
      end if;
    end if;
    v_stale := (v_server ->> 'row_version')::integer <> p_expected_version;
    if v_stale then
      -- A retry of a push that was applied: the server row holds its values, at the
      -- version it produced (a claim or release with edits writes twice). In bigint: a
      -- p_expected_version of 2147483647 is a conflict, not an integer overflow.
      if cardinality(v_changed) = 0
         and (v_server ->> 'row_version')::integer between p_expected_version::bigint + 1
             and p_expected_version::bigint + (case when v_item_type is not null and p_record ? 'claimed_by' then 2 else 1 end) then
        return jsonb_build_object('status', 'applied', 'record', v_server);
      end if;
      -- The row moved on since the device's version: merged field by field. What the
      -- server changed and the device did not stays; what the device changed is written;
      -- what both changed goes to the later write (private.sync_merge). Only the device's
      -- winning changes go on, written at the current version: a claim or release among
      -- them is one still, a stale echo of the server's old value is none.
      if v_reason is not null then
        return jsonb_build_object('status', 'conflict', 'record', v_server) || v_reason;
      end if;
      v_merge := private.sync_merge(p_table, v_id, p_expected_version, (v_server ->> 'row_version')::integer, p_record, v_changed);
      if v_merge is null then
        return jsonb_build_object('status', 'conflict', 'record', v_server);
      end if;
      v_changed := array(select c from unnest(v_changed) c where v_merge #>> array[c, 'winner'] = 'push');
      v_base := (v_server ->> 'row_version')::integer;
      if v_claim is not null and not ('claimed_by' = any (v_changed)) then
        v_claim := null;
      end if;
    end if;
    v_refused := array(select c from unnest(v_changed) c
                        where c = any (v_locked) and not (c = 'claimed_by' and v_claim is not null));
    if cardinality(v_changed) = 0 then
      return jsonb_build_object('status', case when v_merge is null then 'applied' else 'merged' end, 'record', v_server)
             || case when v_merge is null then '{}' else jsonb_build_object('fields', v_merge) end;
    end if;
  end if;

  -- The answer once the record is written, but its record (the row as written).
  v_written := jsonb_build_object('status', case when v_merge is null then 'applied' else 'merged' end)
               || case when v_merge is null then '{}' else jsonb_build_object('fields', v_merge) end;
  if p_defer and v_is_insert and 'id' = any (v_writable) then
    return jsonb_build_object('status', 'deferred', 'op', 'insert', 'id', v_id, 'record', p_record,
                              'columns', to_jsonb(v_writable), 'locked', to_jsonb(v_locked), 'pushed', v_pushed,
                              'hidden', to_jsonb(v_hidden), 'answer', v_written);
  elsif p_defer and not v_is_insert and v_claim is null and cardinality(v_refused) = 0 then
    v_set := array(select c from unnest(v_changed) c where c = any (v_writable));
    if not exists (select from unnest(v_set) c where not pg_catalog.has_column_privilege('authenticated', v_rel, c, 'UPDATE')) then
      return jsonb_build_object('status', 'deferred', 'op', 'update', 'id', v_id, 'version', v_base, 'record', p_record,
                                'columns', to_jsonb(v_set), 'hidden', to_jsonb(v_hidden), 'answer', v_written);
    end if;
  end if;

  if cardinality(v_refused) = 0 then
    begin
      if v_is_insert then
        -- A row created offline, inserted with the client's id.
        if not ('id' = any (v_writable)) then
          raise exception using errcode = '42501',
            message = format('NOT_AUTHORIZED: you may not create rows in %s', p_table);
        end if;
        execute format('with i as (%s) select i.written from i', private.sync_push_insert_sql(p_table, v_writable))
          into v_row using jsonb_build_array(p_record);
        if v_row is not null then
          v_refused := private.sync_push_refused(v_locked, v_pushed, v_row);
        end if;
      else
        -- A claim first (then the claimer may edit), a release last (the claimer's edits
        -- go in before it): each step must find the row at the version the previous left.
        v_version := v_base;
        if v_claim = 'claim' then
          v_row := public.claim_work_item(v_item_type, v_id);
          v_version := v_version + 1;
          if (v_row ->> 'row_version')::integer <> v_version then
            raise exception using message = c_undo;
          end if;
        end if;
        v_set := array(select c from unnest(v_changed) c where c = any (v_writable));
        if cardinality(v_set) > 0 then
          if not exists (select from unnest(v_set) c where not pg_catalog.has_column_privilege('authenticated', v_rel, c, 'UPDATE')) then
            -- The columns app users may update: the statement with its plan kept.
            execute format('select private.%I($1, $2, $3, $4)', 'sync_push_update_' || p_table)
              into v_row using p_record, v_set, v_id, v_version;
          else
            execute format(
              'update public.%1$I as t set %2$s from jsonb_populate_record(null::public.%1$I, $1) r
                where t.id = $2 and t.row_version = $3
               returning to_jsonb(t)',
              p_table, (select string_agg(format('%1$I = r.%1$I', c), ', ') from unnest(v_set) c))
              into v_row using p_record, v_id, v_version;
          end if;
          if v_row is null then
            raise exception using message = c_undo;  -- moved on, or not the caller's to change: told apart below
          end if;
          v_version := v_version + 1;
        end if;
        if v_claim = 'release' then
          v_row := public.release_work_item(v_item_type, v_id);
          if (v_row ->> 'row_version')::integer <> v_version + 1 then
            raise exception using message = c_undo;
          end if;
        end if;
      end if;
      if cardinality(v_refused) > 0 then
        raise exception using message = c_undo;
      end if;
    exception
      when raise_exception then
        if sqlerrm <> c_undo then raise; end if;
        v_row := null;
      when object_not_in_prerequisite_state or no_data_found then
        -- A claimer who got there first (and may have taken the item out of the caller's
        -- sight since this push read it): a conflict, in claim_work_item's words.
        v_reason := case when v_claim = 'claim' then private.claim_conflict(v_item_type, v_id) end;
        if v_reason is null then raise; end if;
        v_row := null;
      when insufficient_privilege then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        v_reason := private.sync_missing_parent(p_table, p_record);
        if v_reason is not null then
          raise exception using errcode = '23503',
            message = format('FK_MISSING: a row this %s row references does not exist', p_table),
            detail = v_reason::text,
            hint = format('Push the %s row %s first, then retry this record unchanged.', v_reason ->> 'table', v_reason ->> 'id');
        end if;
        raise exception using errcode = '42501',
          message = format('NOT_AUTHORIZED: you may not write this row of %s', p_table), detail = sqlerrm;
      when foreign_key_violation then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        v_reason := private.sync_missing_parent(p_table, p_record);
        raise exception using errcode = '23503',
          message = format('FK_MISSING: a row this %s row references does not exist', p_table),
          detail = coalesce(v_reason::text, sqlerrm),
          hint = case when v_reason is not null
                      then format('Push the %s row %s first, then retry this record unchanged.', v_reason ->> 'table', v_reason ->> 'id') end;
      when unique_violation then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        raise exception using errcode = '23505',
          message = format('UNIQUE_CONFLICT: a value of this %s row is already taken', p_table), detail = sqlerrm;
      when check_violation or not_null_violation or invalid_text_representation
           or string_data_right_truncation or numeric_value_out_of_range or datetime_field_overflow then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        raise exception using errcode = '22023',
          message = format('INVALID_RECORD: the %s row breaks a rule', p_table), detail = sqlerrm;
    end;
  end if;

  if cardinality(v_refused) > 0 then
    raise exception using errcode = '42501',
      message = format('COLUMN_NOT_WRITABLE: you may not change %s of a %s row', array_to_string(v_refused, ', '), p_table),
      detail = jsonb_build_object('table', p_table, 'columns', to_jsonb(v_refused))::text,
      hint = 'Push the server''s value or leave the column out. A task or activity is claimed by setting claimed_by to yourself, released by setting it to null.';
  end if;
  if v_row is not null then
    return v_written || jsonb_build_object('record', v_row - v_hidden);
  end if;

  -- Nothing written: tell why from the row as the caller sees it now.
  execute format('select private.%I($1) - $2', 'sync_push_row_' || p_table) into v_server using v_id, v_hidden;
  if v_server is null and v_reason is not null then
    return jsonb_build_object('status', 'conflict', 'record', null) || v_reason;  -- claimed out of the caller's sight
  elsif v_server is null and v_is_insert then
    raise exception using errcode = '23505',
      message = format('ID_TAKEN: id %s is already used by a row of %s you cannot see', v_id, p_table);
  elsif v_server is null then
    raise exception using errcode = 'P0002',
      message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
      hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
  end if;
  if v_is_insert and (v_server ->> 'row_version')::integer = 1
     and not exists (select from unnest(v_compared) c where v_pushed -> c is distinct from v_server -> c) then
    return jsonb_build_object('status', 'applied', 'record', v_server);  -- a retried insert: its own row
  end if;
  if not v_is_insert and v_reason is null and (v_server ->> 'row_version')::integer = v_base then
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: you may read but not change this row of %s', p_table);
  end if;
  return jsonb_build_object('status', 'conflict', 'record', v_server) || coalesce(v_reason, '{}');
end
$_$;

--
-- Name: FUNCTION sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean) IS 'public.sync_push, and with p_defer the same but that a new row or a plain edit (no claim or release, nothing refused, only columns app users may update) is answered {status: "deferred", op: "insert" | "update", id, record, columns, hidden, answer (the answer once written, but its record); version (update); locked, pushed (insert)} instead of written: sync_push_batch writes those in one statement (private.sync_push_updates_<table>, private.sync_push_insert_sql).';

--
-- Name: sync_push_refused(text[], jsonb, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select coalesce(pg_catalog.array_agg(c), '{}') from pg_catalog.unnest(p_locked) c where p_pushed -> c is distinct from p_row -> c
$$;

--
-- Name: FUNCTION sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) IS 'For sync_push and sync_push_batch: the columns of p_locked (named by a new row''s record, not writable by the caller) whose pushed value (p_pushed) differs from what the insert stored (p_row): refused with COLUMN_NOT_WRITABLE.';

--
-- Name: sync_record_columns(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_record_columns(p_table text, p_record jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_alias record;
begin
  for v_alias in
    select a.key, a.value #>> '{}' as col
      from private.table_manifest m cross join lateral pg_catalog.jsonb_each(m.aliases) a
     where m.table_name = p_table and p_record ? a.key
  loop
    if v_alias.col is null then
      p_record := p_record - v_alias.key;
      continue;
    end if;
    if p_record ? v_alias.col and lower(p_record ->> v_alias.col) is distinct from lower(p_record ->> v_alias.key) then
      raise exception using errcode = '22023',
        message = format('INVALID_RECORD: %s and %s name the same column of %s with different values', v_alias.key, v_alias.col, p_table),
        detail = jsonb_build_object(v_alias.key, p_record -> v_alias.key, v_alias.col, p_record -> v_alias.col)::text;
    end if;
    p_record := (p_record - v_alias.key) || jsonb_build_object(v_alias.col, p_record -> v_alias.key);
  end loop;
  return p_record;
end
$$;

--
-- Name: FUNCTION sync_record_columns(p_table text, p_record jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_record_columns(p_table text, p_record jsonb) IS 'For sync_push: p_record with the apps'' keys renamed to their columns (the table manifest''s aliases: a task''s or activity''s created_by is declared_by, listing is listing_id; a listing''s assigned_realtor is owned_by), and without the keys aliased to nothing. INVALID_RECORD (22023) when a record names a column under both keys with different values.';

--
-- Name: sync_stream_after(text, text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_stream_after(p_xid text, p_id text, p_key_column text DEFAULT NULL::text, p_key text DEFAULT NULL::text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  select pg_catalog.format('%3$s(%1$s >= p_x or %1$s = any (p_ip)) and (%1$s, %2$s) >= (greatest(p_lo, p_after_c0), '
    'case when p_lo > p_after_c0 or p_after_c1 < p_after_c0 then ''00000000-0000-0000-0000-000000000000''::uuid '
    'when p_after_c1 = p_after_c0 then p_after_id else ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid end)',
    p_xid, p_id, coalesce(private.sync_stream_key(p_key_column, p_key) || ' and ', ''))
$_$;

--
-- Name: FUNCTION sync_stream_after(p_xid text, p_id text, p_key_column text, p_key text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_stream_after(p_xid text, p_id text, p_key_column text, p_key text) IS 'The index bound of a generated sync stream ordered (p_xid, p_id), or of one key whose column p_key_column is p_key (NULL for a stream of no key), ordered (p_key_column, p_xid, p_id), with the key''s condition (private.sync_stream_key): its rows unseen in the state (p_x, p_ip) and at or after the page position, as one row comparison a btree scan starts from (see sql/code/sync/stream_bound.sql). Text naming the parameters of private.sync_items_<table>_<mode>.';

--
-- Name: sync_stream_key(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_stream_key(p_key_column text, p_key text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select p_key_column || ' = any (array[' || p_key || '])'
$$;

--
-- Name: FUNCTION sync_stream_key(p_key_column text, p_key text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_stream_key(p_key_column text, p_key text) IS 'The condition of a generated sync stream of one key: its column p_key_column names the key p_key as an array of one, so that only the key''s index holds the stream''s order (see sql/code/sync/stream_bound.sql). Text for private.sync_items_sql and private.sync_page_sql.';

--
-- Name: sync_table_modes(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_table_modes(p_table text) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select array['full', 'changes', 'visibility', 'admin']
         || case when exists (select from private.visibility_rules r join private.visibility_kinds k on k.kind = r.kind
                               where r.table_name = p_table and k.derived_from is not null)
                 then '{}' else array['steady'] end
$$;

--
-- Name: FUNCTION sync_table_modes(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_table_modes(p_table text) IS 'The modes private.sync_items_<p_table>_<mode> exist in: full, changes, visibility, admin, and steady (mode changes without the streams of keys gained or lost, run by sync_pull when the caller gained and lost none since the cursor) when none of the table''s kinds of keys is derived from another table (private.visibility_kinds.derived_from). Read by private.sync_items_sql, private.generate_sync_items, private.generate_sync_pages and private.generate_sync_statements.';

--
-- Name: sync_tables(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_tables() RETURNS text[]
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  return (select coalesce(array_agg(m.table_name order by m.ordinal), '{}') from private.table_manifest m where m.synced);
end
$$;

--
-- Name: FUNCTION sync_tables(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_tables() IS 'The tables sync_pull and sync_push serve: those the table manifest marks synced, in its order (each set up by private.enable_sync). Any other name is rejected with INVALID_TABLE before it reaches dynamic SQL.';

--
-- Name: take_watchlist_share_notices(bigint[], uuid[], uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[]) RETURNS TABLE(event_id bigint, watchlist_id uuid, reader uuid, sharer uuid, title text)
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  with live as (
    -- Shares that still exist on a live watchlist (one revoked since is no news, and its
    -- title is no longer the reader's to read), not made by the reader, one per
    -- (watchlist, reader): the earliest event.
    select distinct on (s.watchlist_id, s.user_id)
           r.event_id, s.watchlist_id, s.user_id as reader, coalesce(r.actor, w.owner_id) as sharer,
           coalesce(nullif(w.title, ''), nullif(w.location_display_name, ''), 'a watchlist') as title
      from unnest(p_event_ids, p_share_ids, p_actors) as r (event_id, share_id, actor)
      join public.watchlist_shares s on s.id = r.share_id
      join public.watchlists w on w.id = s.watchlist_id and w.deleted_at is null
     where s.user_id <> coalesce(r.actor, w.owner_id)
       -- The title goes to the reader the share names: an invitation shows it, for her to
       -- accept or decline (access/invitations.sql), as the owner meant by sharing.
     order by s.watchlist_id, s.user_id, r.event_id
  ), taken as (
    -- The hour's slot: a row that is new or older than an hour is (re)stamped and
    -- returned; otherwise nothing. A concurrent worker waits on the row and then finds it
    -- taken; a retried transaction rolled its stamp back with its notification.
    insert into private.watchlist_share_notices as n (watchlist_id, user_id, notified_at)
    select l.watchlist_id, l.reader, pg_catalog.now() from live l
    on conflict (watchlist_id, user_id) do update
       set notified_at = excluded.notified_at
     where n.notified_at <= excluded.notified_at - interval '1 hour'
    returning n.watchlist_id, n.user_id
  )
  select l.event_id, l.watchlist_id, l.reader, l.sharer, l.title
    from live l
    join taken t on t.watchlist_id = l.watchlist_id and t.user_id = l.reader
   order by l.event_id
$$;

--
-- Name: FUNCTION take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[]) IS 'The watchlist_shared notifications to create for share events (outbox event p_event_ids[i] inserted share p_share_ids[i], written by p_actors[i], NULL for a service write): for each share that still exists on a live watchlist and was not made by its reader, the watchlist, reader, sharer (the actor, else the owner) and title to show; at most one per (watchlist, reader) per hour (private.watchlist_share_notices, taken in the caller''s transaction). The worker''s (service_role).';

--
-- Name: tombstone_gauge(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tombstone_gauge() RETURNS TABLE(table_name text, tombstones bigint, estimated boolean, oldest_deleted_at timestamp with time zone, oldest_age_seconds double precision)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $$
declare
  v_table text;
  v_estimate bigint;
begin
  -- The tables are those private.stamp_deleted_at stamps: any added later is counted too.
  foreach v_table in array array(select distinct c.relname::text
                                   from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
                                  where t.tgfoid = 'private.stamp_deleted_at()'::pg_catalog.regprocedure
                                    and c.relnamespace = 'public'::pg_catalog.regnamespace
                                  order by 1) loop
    table_name := v_table;
    execute format('select min(x.deleted_at) from public.%I x where x.deleted_at is not null', v_table)
      into oldest_deleted_at;
    select pg_catalog.round(st.n_live_tup * (1 - s.null_frac))::bigint into v_estimate
      from pg_catalog.pg_stat_user_tables st
      join pg_catalog.pg_stats s
        on s.schemaname = st.schemaname and s.tablename = st.relname and s.attname = 'deleted_at' and not s.inherited
     where st.relid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(v_table));
    estimated := oldest_deleted_at is not null and coalesce(v_estimate >= 10000, false);
    if oldest_deleted_at is null then
      tombstones := 0;
    elsif estimated then
      tombstones := v_estimate;
    else
      execute format('select count(*) from public.%I x where x.deleted_at is not null', v_table) into tombstones;
    end if;
    oldest_age_seconds := coalesce(extract(epoch from pg_catalog.now() - oldest_deleted_at), 0);
    return next;
  end loop;
end
$$;

--
-- Name: FUNCTION tombstone_gauge(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.tombstone_gauge() IS 'The rows of private.tombstones_awaiting_purge (index probes; SECURITY DEFINER: past row-level security, and the statistics of the owner''s tables).';

--
-- Name: try_job_lock(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.try_job_lock(p_job text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  if p_job is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_job is required';
  end if;
  if not exists (select from private.job_locks j where j.job = p_job) then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: %L is not a job of private.job_locks', p_job),
      detail = pg_catalog.json_build_object('argument', 'p_job', 'allowed', (select pg_catalog.array_agg(j.job order by j.job) from private.job_locks j))::text;
  end if;
  perform from private.job_locks j where j.job = p_job for update skip locked;
  return found;
end
$$;

--
-- Name: FUNCTION try_job_lock(p_job text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.try_job_lock(p_job text) IS 'True when the caller''s transaction now holds the job p_job (its row of private.job_locks, locked until the transaction ends); false when another transaction holds it. The worker''s maintenance runs each job only while holding ''maintenance''. Errors: NULL_ARGUMENT (22004), INVALID_ARGUMENT (22023, detail {argument, allowed}). SECURITY DEFINER: no API role reads private.job_locks (so that no app user can take a job''s lock); the worker (service_role) may run it.';

--
-- Name: update_of_sql(text, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.update_of_sql(p_table text, p_columns text[]) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select case
    when pg_catalog.cardinality(p_columns) = 0
      or exists (select from pg_catalog.pg_trigger t
                  where t.tgrelid = pg_catalog.format('public.%I', p_table)::regclass and not t.tgisinternal
                    and t.tgtype::integer & 19 = 19  -- row, before, update
                    and not exists (select from private.before_update_writes() w
                                     where w.function_name = t.tgfoid::regprocedure::text and not w.columns && p_columns))
    then 'update'
    else 'update of ' || (select pg_catalog.string_agg(pg_catalog.quote_ident(c), ', ' order by o)
                            from pg_catalog.unnest(p_columns) with ordinality u (c, o)) end
$$;

--
-- Name: FUNCTION update_of_sql(p_table text, p_columns text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.update_of_sql(p_table text, p_columns text[]) IS 'The event clause of an AFTER UPDATE row trigger on public.p_table whose WHEN clause reads only p_columns of OLD and NEW: update of p_columns, so that an UPDATE setting none of them skips the trigger without compiling its WHEN clause; just update when there are none, or when a BEFORE UPDATE row trigger of p_table may write one of them (private.before_update_writes).';

--
-- Name: user_keys(uuid, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_keys(p_user uuid, p_kinds text[]) RETURNS TABLE(kind text, key uuid)
    LANGUAGE plpgsql STABLE ROWS 10
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
begin
  -- Each branch only for a kind asked for (NULL: all): a pull of tasks never reads the
  -- user's watchlists, a policy of listings only her listings.
  return query
  select 'user'::text, p_user where p_user is not null and (p_kinds is null or 'user' = any (p_kinds))
  union all
  select 'everyone', private.everyone_key() where p_user is not null and (p_kinds is null or 'everyone' = any (p_kinds))
  union all
  select 'listing', l.id from public.listings l where l.owned_by = p_user and (p_kinds is null or 'listing' = any (p_kinds))
  union all
  select 'watchlist_owner', w.id from public.watchlists w where w.owner_id = p_user and (p_kinds is null or 'watchlist_owner' = any (p_kinds))
  union
  select 'watchlist', w.id from public.watchlists w where w.owner_id = p_user and (p_kinds is null or 'watchlist' = any (p_kinds))
  union
  -- A share is a key once its user accepted it; an invitation is none.
  select 'watchlist', s.watchlist_id from public.watchlist_shares s
   where s.user_id = p_user and s.accepted_at is not null and (p_kinds is null or 'watchlist' = any (p_kinds))
  union
  select 'watchlist_writer', w.id from public.watchlists w where w.owner_id = p_user and (p_kinds is null or 'watchlist_writer' = any (p_kinds))
  union
  select 'watchlist_writer', s.watchlist_id from public.watchlist_shares s
   where s.user_id = p_user and s.role = 'write' and s.accepted_at is not null and (p_kinds is null or 'watchlist_writer' = any (p_kinds))
  union
  select 'listing_claimer', t.listing_id from public.tasks t
   where t.claimed_by = p_user and t.listing_id is not null and (p_kinds is null or 'listing_claimer' = any (p_kinds))
  union
  select 'listing_claimer', a.listing_id from public.activities a
   where a.claimed_by = p_user and a.listing_id is not null and (p_kinds is null or 'listing_claimer' = any (p_kinds));
end
$$;

--
-- Name: FUNCTION user_keys(p_user uuid, p_kinds text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.user_keys(p_user uuid, p_kinds text[]) IS 'The base scope keys (kind, key) of the kinds p_kinds (NULL: every kind) user p_user holds: their user id, everyone, the listings they own, the watchlists they own (as watchlist, watchlist_owner and watchlist_writer) and those shared with them that they accepted (watchlist; watchlist_writer when shared as ''write''), the listings of the tasks and activities they claim (listing_claimer). The inverse of private.key_holders; the sources whose changes private.log_access_change records.';

--
-- Name: user_sees(uuid, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_sees(p_user uuid, p_table text, p_row jsonb) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select p_row is not null and p_user is not null
     and (exists (select from private.row_keys(p_table, p_row) r
                   where r.kind = 'everyone'
                      or (r.kind, r.key) in (select k.kind, k.key from private.user_keys(p_user, null) k))
          or ((select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
              and exists (select from public.users u where u.id = p_user and u.is_admin)))
$$;

--
-- Name: FUNCTION user_sees(p_user uuid, p_table text, p_row jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.user_sees(p_user uuid, p_table text, p_row jsonb) IS 'True when user p_user may see the row of p_table given as jsonb: the question the SELECT policy answers for auth.uid(), asked for anyone (notification recipients, user-scoped change feeds).';

--
-- Name: visibility_columns(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.visibility_columns(p_table text) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select array(
    select distinct c
      from private.visibility_rules r
     cross join lateral (select r.key_column
                         union all
                         select m[1] from pg_catalog.regexp_matches(coalesce(r.condition, ''), '\mit\.(\w+)', 'g') m) x (c)
     where r.table_name = p_table and c is not null
     order by c)
$$;

--
-- Name: FUNCTION visibility_columns(p_table text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.visibility_columns(p_table text) IS 'The columns of p_table that decide its rows'' scope keys (key columns and the columns the conditions read): an UPDATE that changes none of them leaves the row''s visibility as it was. Empty for a table without rules.';

--
-- Name: visibility_condition(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.visibility_condition(p_condition text, p_alias text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select pg_catalog.regexp_replace(p_condition, '\mit\.', case when p_alias = '' then '' else p_alias || '.' end, 'g')
$$;

--
-- Name: FUNCTION visibility_condition(p_condition text, p_alias text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.visibility_condition(p_condition text, p_alias text) IS 'A visibility rule''s condition with its row "it" renamed p_alias ('''' = unqualified column names, inside a policy).';

--
-- Name: visibility_moved_sql(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.visibility_moved_sql(p_table text, p_old text, p_new text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
begin
  return (select pg_catalog.string_agg(pg_catalog.format('%2$s.%1$I is distinct from %3$s.%1$I', c, p_old, p_new), ' or ')
            from pg_catalog.unnest(private.visibility_columns(p_table)) c);
end
$_$;

--
-- Name: FUNCTION visibility_moved_sql(p_table text, p_old text, p_new text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.visibility_moved_sql(p_table text, p_old text, p_new text) IS 'SQL text of "a column deciding the scope keys of p_table''s row changed" between the row expressions p_old and p_new (private.visibility_columns); NULL for a table without rules.';

--
-- Name: visibility_predicate(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.visibility_predicate(p_table text, p_alias text, p_form text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_prefix text := case when p_alias = '' then '' else p_alias || '.' end;
  v_terms text;
  v_admin boolean;
begin
  select t.admin_sees into v_admin from private.visibility_tables t where t.table_name = p_table;
  if v_admin is null or p_form not in ('caller', 'policy', 'keys') then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L (form %L)', p_table, p_form);
  end if;
  if exists (select from private.visibility_rules r where r.table_name = p_table and r.kind = 'everyone' and r.condition = 'true') then
    return 'true';
  end if;
  select pg_catalog.string_agg(
           case when r.kind = 'everyone' then '(' || private.visibility_condition(r.condition, p_alias) || ')'
                else '(' || coalesce(private.visibility_condition(r.condition, p_alias) || ' and ', '') ||
                     case when p_form = 'keys' and o.kind is not null
                            then pg_catalog.format('((%L, %s%I) in (select k.kind, k.key from keys_held k) or exists (select from private.child_parents cp'
                                                   ' where cp.parent_id = %s%I and cp.kind = %L and cp.child_table = %L and cp.open))',
                                                   r.kind, v_prefix, r.key_column, v_prefix, r.key_column, r.kind, p_table)
                          when p_form = 'keys' then pg_catalog.format('(%L, %s%I) in (select k.kind, k.key from keys_held k)', r.kind, v_prefix, r.key_column)
                          when r.kind = 'user' then pg_catalog.format('%s%I = (select auth.uid())', v_prefix, r.key_column)
                          when k.derived_from is not null
                            then pg_catalog.format('%s%I = any (array(select private.caller_visible_ids(%L)%s))', v_prefix, r.key_column, k.derived_from,
                                                   case when o.kind is not null
                                                        then pg_catalog.format(' union all select private.open_parent_ids(%L, %L)', p_table, r.kind) end)
                          else pg_catalog.format('%s%I = any ((select private.caller_keys(%L))::uuid[])', v_prefix, r.key_column, r.kind) end
                     || ')' end,
           ' or ' order by r.kind, r.key_column)
         -- The author of a row just written on an open parent (access/child_parents.sql):
         -- one term of its own, served by the author's index, never nested in another (an
         -- OR inside a rule's AND is no index condition: it made the read a scan).
         || coalesce(' or (' || v_prefix || 'created_by = (select auth.uid()) and ('
                     || pg_catalog.string_agg(pg_catalog.format('(%s and private.is_open_parent(%L, %s%I))',
                                                                private.visibility_condition(r.condition, p_alias), r.kind, v_prefix, r.key_column),
                                              ' or ' order by r.kind)
                          filter (where p_form = 'policy' and o.kind is not null and o.authored)
                     || '))', '')
    into v_terms
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind
    -- a derived kind whose parent is open to every user at times: its open parents count too
    left join (select distinct c.child_table, c.kind,
                      exists (select from pg_catalog.pg_attribute a
                               where a.attrelid = pg_catalog.format('public.%I', c.child_table)::regclass
                                 and a.attname = 'created_by' and a.atttypid = 'uuid'::regtype and not a.attisdropped) as authored
                 from private.child_parent_rules() c) o
      on o.child_table = r.table_name and o.kind = r.kind
   where r.table_name = p_table;
  return coalesce(v_terms, 'false')
         || case when p_form = 'caller' and v_admin then ' or (select private.is_admin())' else '' end;
end
$$;

--
-- Name: FUNCTION visibility_predicate(p_table text, p_alias text, p_form text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.visibility_predicate(p_table text, p_alias text, p_form text) IS 'SQL text of "row p_alias of p_table is visible" from private.visibility_rules: form caller (for auth.uid(), admins included where they see the table: caller_sees), policy (for auth.uid() through his keys, no admin term: the SELECT policy of authenticated) or keys (for whoever holds the keys of a relation keys_held (kind, key) in scope: sync, for any user). INVALID_TABLE (22023) for a table without rules.';

--
-- Name: watchlist_photo_entry(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.watchlist_photo_entry(p_name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
  select case when p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$'
                or p_name ~ '^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\.jpg$'
              then pg_catalog.left(p_name, 36)::uuid end
$_$;

--
-- Name: FUNCTION watchlist_photo_entry(p_name text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.watchlist_photo_entry(p_name text) IS 'The watchlist entry a photo object name `{entryId}/{photoId}.jpg` (ids all lower or all upper case) belongs to; NULL for any other name.';

--
-- Name: write_predicate(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.write_predicate(p_table text, p_command text, p_alias text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select pg_catalog.string_agg('(' || private.write_term(p_table, r.rule, p_alias) || ')', ' or ' order by r.n)
    from private.table_manifest m
   cross join lateral pg_catalog.jsonb_array_elements(case p_command when 'insert' then m.insert_by
                                                                     when 'update' then m.update_by
                                                                     when 'delete' then m.delete_by end)
         with ordinality r (rule, n)
   where m.table_name = p_table
$$;

--
-- Name: FUNCTION write_predicate(p_table text, p_command text, p_alias text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.write_predicate(p_table text, p_command text, p_alias text) IS 'SQL text of "the caller may p_command (insert, update, delete) row p_alias of p_table" from the table manifest''s write rules (insert_by, update_by, delete_by), its rules ORed; NULL when the command has none.';

--
-- Name: write_rule_problems(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.write_rule_problems() RETURNS TABLE(table_name text, problem text)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  with m as (
    select m.*, pg_catalog.to_regclass(pg_catalog.format('public.%I', m.table_name)) as rel
      from private.table_manifest m
  ), columns as (
    select m.table_name, a.attname::text as name, a.atttypid
      from m join pg_catalog.pg_attribute a on a.attrelid = m.rel and a.attnum > 0 and not a.attisdropped
  ), rules as (
    select m.table_name, c.command, r.rule, m.parent
      from m cross join lateral (values ('insert_by', m.insert_by), ('update_by', m.update_by), ('delete_by', m.delete_by)) c (command, rules)
     cross join lateral pg_catalog.jsonb_array_elements(c.rules) r (rule)
     where m.rel is not null
  )
  select r.table_name, pg_catalog.format('%s: %s is not a rule (kind and a uuid column, admin or everyone, condition, parent visible or writable)',
                                         r.command, r.rule)
    from rules r
   where pg_catalog.jsonb_typeof(r.rule) <> 'object'
      or exists (select from pg_catalog.jsonb_object_keys(r.rule) k where k not in ('kind', 'column', 'condition', 'parent'))
      or not (r.rule ? 'kind' or r.rule ? 'parent')
      or (r.rule ? 'kind' and r.rule ->> 'kind' <> 'admin'
          and not exists (select from private.visibility_kinds k where k.kind = r.rule ->> 'kind' and k.derived_from is null))
      or (r.rule ->> 'kind' in ('admin', 'everyone')) = (r.rule ? 'column')
      or (r.rule ? 'column' and not exists (select from columns c where c.table_name = r.table_name
                                               and c.name = r.rule ->> 'column' and c.atttypid = 'uuid'::regtype))
      or (r.rule ? 'parent' and (r.parent is null or r.rule ->> 'parent' not in ('visible', 'writable')))
  union all
  select r.table_name, pg_catalog.format('%s: %s needs the update rules of %s', r.command, r.rule, p.value)
    from rules r
   cross join lateral (select pt.value from pg_catalog.jsonb_each_text(r.parent -> 'tables') pt
                       union all select r.parent ->> 'table' where r.parent ? 'table') p (value)
   where r.rule ->> 'parent' = 'writable'
     and not exists (select from m pm where pm.table_name = p.value and pg_catalog.jsonb_array_length(pm.update_by) > 0)
  union all
  select m.table_name, pg_catalog.format('parent %s is not {column, table} or {column, type_column, tables} of tables in the manifest', m.parent)
    from m
   where m.parent is not null and m.rel is not null
     and (exists (select from pg_catalog.jsonb_object_keys(m.parent) k where k not in ('column', 'table', 'type_column', 'tables'))
          or not exists (select from columns c where c.table_name = m.table_name and c.name = m.parent ->> 'column' and c.atttypid = 'uuid'::regtype)
          or (m.parent ? 'table') = (m.parent ? 'tables')
          or (m.parent ? 'type_column') <> (m.parent ? 'tables')
          or (m.parent ? 'type_column' and not exists (select from columns c where c.table_name = m.table_name and c.name = m.parent ->> 'type_column'))
          or (m.parent ? 'tables' and pg_catalog.jsonb_typeof(m.parent -> 'tables') <> 'object')
          or exists (select from (select pt.value from pg_catalog.jsonb_each_text(case when pg_catalog.jsonb_typeof(m.parent -> 'tables') = 'object'
                                                                                       then m.parent -> 'tables' end) pt
                                  union all select m.parent ->> 'table' where m.parent ? 'table') p (value)
                      where not exists (select from m pm where pm.table_name = p.value)))
  union all
  select m.table_name, pg_catalog.format('claimed as %s, it has no claimed_by and completed', m.claimed_as)
    from m
   where m.claimed_as is not null and m.rel is not null
     and (select count(*) from columns c where c.table_name = m.table_name and c.name in ('claimed_by', 'completed')) <> 2
  union all
  select m.table_name, pg_catalog.format('example %s: %s is not a column, or names a row of a table not in the manifest', e.key, e.value)
    from m cross join lateral pg_catalog.jsonb_each(m.example) e
   where m.rel is not null
     and (not exists (select from columns c where c.table_name = m.table_name and c.name = e.key)
          or (pg_catalog.jsonb_typeof(e.value) = 'object' and not exists (select from m pm where pm.table_name = e.value ->> 'row')))
  union all
  select m.table_name, pg_catalog.format('alias %s names %s, not a column', a.key, a.value)
    from m cross join lateral pg_catalog.jsonb_each(m.aliases) a
   where m.rel is not null and a.value <> 'null'::jsonb
     and not exists (select from columns c where c.table_name = m.table_name and c.name = a.value #>> '{}')
$$;

--
-- Name: FUNCTION write_rule_problems(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.write_rule_problems() IS 'The problems private.apply_manifest refuses (INVALID_MANIFEST) in the table manifest''s write rules (a rule that is not {kind with a uuid column, or admin or everyone; condition; parent visible or writable}, a parent writable without update rules), parent links, claims (claimed_as on a table without claimed_by and completed), aliases (naming no column) and examples (a value for no column, a row of a table outside the manifest): (table, problem).';

--
-- Name: write_term(text, jsonb, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.write_term(p_table text, p_rule jsonb, p_alias text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_prefix text := case when p_alias = '' then '' else p_alias || '.' end;
  v_parent jsonb := (select m.parent from private.table_manifest m where m.table_name = p_table);
  v_parts text[] := '{}';
begin
  if p_rule ->> 'kind' = 'user' then
    v_parts := v_parts || pg_catalog.format('%s%I = (select auth.uid())', v_prefix, p_rule ->> 'column');
  elsif p_rule ->> 'kind' = 'admin' then
    v_parts := v_parts || '(select private.is_admin())'::text;
  elsif p_rule ->> 'kind' is not null and p_rule ->> 'kind' <> 'everyone' then
    v_parts := v_parts || pg_catalog.format('%s%I = any ((select private.caller_keys(%L))::uuid[])',
                                            v_prefix, p_rule ->> 'column', p_rule ->> 'kind');
  end if;
  if p_rule ? 'condition' then
    v_parts := v_parts || ('(' || private.visibility_condition(p_rule ->> 'condition', p_alias) || ')');
  end if;
  if p_rule ? 'parent' then
    v_parts := v_parts || pg_catalog.format('private.parent_allows(%L, %L, %s, %s%I)', p_table, p_rule ->> 'parent',
                                            coalesce(v_prefix || pg_catalog.quote_ident(v_parent ->> 'type_column'), 'null'),
                                            v_prefix, v_parent ->> 'column');
  end if;
  return case pg_catalog.cardinality(v_parts) when 0 then 'true' else pg_catalog.array_to_string(v_parts, ' and ') end;
end
$$;

--
-- Name: FUNCTION write_term(p_table text, p_rule jsonb, p_alias text); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.write_term(p_table text, p_rule jsonb, p_alias text) IS 'SQL text of one write rule of p_table ({kind, column, condition, parent}) over the row p_alias ('''' = bare columns, in a policy): its parts ANDed. For private.write_predicate.';

--
-- Name: accept_watchlist_share(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accept_watchlist_share(p_watchlist_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('accept_watchlist_share');
  v_share jsonb;
begin
  if p_watchlist_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_watchlist_id is required';
  end if;
  update public.watchlist_shares s set accepted_at = coalesce(s.accepted_at, pg_catalog.now())
   where s.watchlist_id = p_watchlist_id and s.user_id = v_uid
  returning pg_catalog.to_jsonb(s) into v_share;
  if v_share is null then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no invitation to watchlist %s', p_watchlist_id);
  end if;
  return v_share;
end
$$;

--
-- Name: FUNCTION accept_watchlist_share(p_watchlist_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.accept_watchlist_share(p_watchlist_id uuid) IS 'Accepts the caller''s invitation to watchlist p_watchlist_id: the share becomes one of their scope keys (the list, its entries, rules and photos are theirs to see, and to manage with role write), delivered by their next pulls. Returns the share row; accepting again returns it unchanged. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no share of that list with the caller, whether the list exists or not). SECURITY DEFINER: accepted_at is the server''s to set.';

--
-- Name: birds_near(double precision, double precision, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.birds_near(lat double precision, lon double precision, radius_km double precision) RETURNS TABLE(id uuid, common_name text, scientific_name text, static_image_name text, family text, order_name text, description_text text, conservation_status text, rarity_level text, migration_strategy text, hemisphere text, valid_locations text[], valid_months integer[], shape_id text, size_category integer, created_at timestamp with time zone, updated_at timestamp with time zone, row_version integer, distance_m double precision, nearest_entry_id uuid, entry_count integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'extensions', 'pg_temp'
    AS $$
#variable_conflict use_column
declare
  v_point geography;
begin
  perform private.assert_spatial_args(birds_near.lat, birds_near.lon, birds_near.radius_km);
  v_point := st_setsrid(st_makepoint(birds_near.lon, birds_near.lat), 4326)::geography;

  return query
    with near as (
      select e.id as entry_id, e.bird_id, st_distance(e.location, v_point) as distance_m
        from public.watchlist_entries e
        join public.watchlists w on w.id = e.watchlist_id
       where st_dwithin(e.location, v_point, birds_near.radius_km * 1000)
         and e.bird_id is not null
         and e.deleted_at is null
         and w.deleted_at is null
    ),
    per_bird as (
      select distinct on (n.bird_id)
             n.bird_id, n.entry_id, n.distance_m,
             (count(*) over (partition by n.bird_id))::integer as entry_count
        from near n
       order by n.bird_id, n.distance_m, n.entry_id
    )
    select b.*, p.distance_m, p.entry_id, p.entry_count
      from per_bird p
      join public.bird b on b.id = p.bird_id
     order by p.distance_m, b.id;
end
$$;

--
-- Name: FUNCTION birds_near(lat double precision, lon double precision, radius_km double precision); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.birds_near(lat double precision, lon double precision, radius_km double precision) IS 'Birds with a live watchlist entry (neither it nor its watchlist tombstoned) located within radius_km (0 < radius_km <= 500) of (lat, lon) among the entries the caller may read (row-level security applies), nearest first: one row per bird, every column of public.bird, then the distance in metres to its nearest entry, that entry''s id and the number of entries in range. Uses the GiST index on watchlist_entries.location. Errors as hotspots_near.';

--
-- Name: claim_work_item(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.claim_work_item(p_item_type text, p_item_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_uid uuid := auth.uid();
  v_table text;
  v_row jsonb;
begin
  v_table := private.claimable_table(p_item_type, p_item_id);

  -- The claim itself: one statement, decided by the row lock.
  execute format(
    'update public.%1$I t set claimed_by = $1
      where t.id = $2 and t.claimed_by is null and not t.completed
      returning pg_catalog.to_jsonb(t.*)', v_table)
    into v_row using v_uid, p_item_id;
  if v_row is not null then
    return v_row;
  end if;

  -- Nothing updated: say why, from the committed row (a new snapshot).
  perform private.refuse_claim(p_item_type, p_item_id);
  execute format('select pg_catalog.to_jsonb(t.*) from public.%I t where t.id = $1', v_table)
    into v_row using p_item_id;
  if (v_row ->> 'claimed_by')::uuid = v_uid then
    return v_row;  -- already ours: idempotent success
  end if;
  return public.claim_work_item(p_item_type, p_item_id);  -- released meanwhile: open again
end
$_$;

--
-- Name: FUNCTION claim_work_item(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.claim_work_item(p_item_type text, p_item_id uuid) IS 'Claims a task or activity (p_item_type ''task'' | ''activity'') for the caller and returns the updated row as jsonb. Atomic: of any number of concurrent callers exactly one wins. Claiming an item one already holds returns it unchanged. Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501, no calling user), ALREADY_CLAIMED (55000; detail is JSON {claimed_by, claimed_by_name, claimed_at} of the current claimer), ALREADY_COMPLETED (55000), NOT_FOUND (P0002: absent, or the caller neither sees it nor ever could as an open item, or has no profile; no name). Who is told what: public.get_claim_holder, the rule sync_push answers with too. SECURITY DEFINER: claiming changes a row the caller may see but not update (an open item declared by someone else).';

--
-- Name: decline_watchlist_share(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.decline_watchlist_share(p_watchlist_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('decline_watchlist_share');
begin
  if p_watchlist_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_watchlist_id is required';
  end if;
  delete from public.watchlist_shares s where s.watchlist_id = p_watchlist_id and s.user_id = v_uid;
  if not found then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no invitation to watchlist %s', p_watchlist_id);
  end if;
  return true;
end
$$;

--
-- Name: FUNCTION decline_watchlist_share(p_watchlist_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.decline_watchlist_share(p_watchlist_id uuid) IS 'Declines the caller''s invitation to watchlist p_watchlist_id, or leaves a list they accepted: the share is deleted (its owner may share it again). Returns true. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no share of that list with the caller, whether the list exists or not). SECURITY DEFINER: the answer for a list not shared with the caller is the one for a list that does not exist, whoever''s it is.';

--
-- Name: get_badge_counts(boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_badge_counts(p_include_details boolean DEFAULT false) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('get_badge_counts');
begin
  return public.notification_badge_counts(v_uid, coalesce(p_include_details, false));
end
$$;

--
-- Name: FUNCTION get_badge_counts(p_include_details boolean); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_badge_counts(p_include_details boolean) IS 'The caller''s unread counts, always with every key: requests_total, messages_total, community_total, bell_total (0 when none; each counts unread notifications of that badge group, the four are disjoint) and request_details, conversation_details ([] when none or when p_include_details is false): one {entity_type, entity_id, unread_count, latest_at} per entity, newest first, the newest 100 entities of each. Groups come from public.notification_types. SECURITY DEFINER: it reads the counters (private) through notification_badge_counts, which is not callable by app users (it takes any user id); this passes only the caller''s.';

--
-- Name: get_claim_history(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_claim_history(p_item_type text, p_item_id uuid) RETURNS TABLE(action text, claimed_by uuid, claimed_by_name text, by_user uuid, at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_uid uuid := private.caller('get_claim_history');
  v_table text;
  v_row jsonb;
  v_everything boolean;
begin
  if p_item_type is null or p_item_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_item_type and p_item_id are required';
  end if;
  v_table := (select m.table_name from private.table_manifest m where m.claimed_as = p_item_type);
  if v_table is null then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ITEM_TYPE: %s is not task or activity', p_item_type);
  end if;
  execute pg_catalog.format('select pg_catalog.to_jsonb(t) from public.%I t where t.id = $1', v_table) into v_row using p_item_id;
  v_everything := v_row is not null
    and ((v_row ->> 'declared_by')::uuid = v_uid or private.is_admin()
         or (v_row ->> 'listing_id')::uuid = any (private.caller_keys('listing')));

  return query
    with changes as (
      select g.changed_at, g.changed_by, g.action as op,
             (g.old_row ->> 'claimed_by')::uuid as old_claimer, (g.new_row ->> 'claimed_by')::uuid as new_claimer,
             coalesce((g.old_row ->> 'completed')::boolean, false) as was_completed,
             coalesce((g.new_row ->> 'completed')::boolean, false) as is_completed,
             (g.old_row ->> 'claim_expires_at')::timestamptz as old_expiry
        from audit.log g
       where g.table_name = v_table and g.record_pk = p_item_id and g.action in ('INSERT', 'UPDATE', 'RESTORE')
    ), events as (
      -- A claim ends before the next begins (a hand-over is a release and a claim).
      select c.changed_at, 1 as step, case when c.new_claimer is null and c.changed_by is null
                                            and c.old_expiry <= c.changed_at then 'expired' else 'released' end as action,
             c.old_claimer as claimer, c.changed_by
        from changes c where c.old_claimer is not null and c.old_claimer is distinct from c.new_claimer
      union all
      select c.changed_at, 2, 'claimed', c.new_claimer, c.changed_by
        from changes c where c.new_claimer is not null and c.old_claimer is distinct from c.new_claimer
      union all
      select c.changed_at, 3, case when c.is_completed then 'completed' else 'reopened' end, c.new_claimer, c.changed_by
        from changes c where c.is_completed is distinct from c.was_completed and (c.op <> 'INSERT' or c.is_completed)
    )
    select e.action, e.claimer, u.name, e.changed_by, e.changed_at
      from events e
      left join public.users u on u.id = e.claimer
     where v_everything or e.claimer = v_uid
     order by e.changed_at, e.step;
  if not found and not v_everything
     and not exists (select from audit.log g
                      where g.table_name = v_table and g.record_pk = p_item_id
                        and (g.old_row ->> 'claimed_by' = v_uid::text or g.new_row ->> 'claimed_by' = v_uid::text)) then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no %s %s with a claim history for the caller', p_item_type, p_item_id);
  end if;
end
$_$;

--
-- Name: FUNCTION get_claim_history(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_claim_history(p_item_type text, p_item_id uuid) IS 'When the task or activity (p_item_type ''task'' | ''activity'') was claimed, released, expired (released by the claim expiry), completed and reopened, oldest first: (action, claimed_by: the claimer concerned, claimed_by_name, by_user: who did it, NULL for the system, at). The declarer, the owner of its listing and admins read every entry; a user who held a claim on it reads the entries of their own claims (when it began, when it ended), even once the item has moved on. Anyone else: NOT_FOUND, as for an absent item. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_FOUND (P0002). SECURITY DEFINER: it reads the audit log, which only declarers and admins read.';

--
-- Name: get_claim_holder(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_claim_holder(p_item_type text, p_item_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_table text := private.claimable_table(p_item_type, p_item_id);
  v_row jsonb;
  v_claimer uuid;
begin
  execute pg_catalog.format('select pg_catalog.to_jsonb(t.*) from public.%I t where t.id = $1', v_table)
    into v_row using p_item_id;
  v_claimer := (v_row ->> 'claimed_by')::uuid;
  if v_row is null or not ((v_claimer is not null and v_claimer = auth.uid()) or (v_claimer is null and v_row ->> 'completed' = 'false')
                           or private.caller_sees(v_table, p_item_id)
                           or case when v_claimer is null
                                   -- completed: open at some version
                                   then exists (select from audit.log l
                                                 where l.table_name = v_table and l.record_pk = p_item_id
                                                   and l.new_row ->> 'claimed_by' is null
                                                   and l.new_row ->> 'completed' = 'false')
                                   -- held: the entry that made the holder its claimer changed an
                                   -- open version, when the caller had a profile
                                   else coalesce((select l.action = 'UPDATE'
                                                         and l.old_row ->> 'claimed_by' is null
                                                         and l.old_row ->> 'completed' = 'false'
                                                         and exists (select from public.users u
                                                                      where u.id = auth.uid() and u.created_at <= l.changed_at)
                                                    from audit.log l
                                                   where l.table_name = v_table and l.record_pk = p_item_id
                                                     and (l.new_row ->> 'claimed_by')::uuid = v_claimer
                                                     and (l.old_row ->> 'claimed_by')::uuid is distinct from v_claimer
                                                   order by l.changed_at desc, l.id desc
                                                   limit 1), false) end) then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no %s %s visible to the caller', p_item_type, p_item_id);
  end if;
  return pg_catalog.jsonb_build_object(
    'status', case when v_claimer is not null then 'claimed' when v_row ->> 'completed' = 'true' then 'completed' else 'open' end,
    'claimed_by', v_claimer,
    'claimed_by_name', (select u.name from public.users u where u.id = v_claimer),
    'claimed_at', v_row -> 'claimed_at');
end
$_$;

--
-- Name: FUNCTION get_claim_holder(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_claim_holder(p_item_type text, p_item_id uuid) IS 'Who holds a task or activity (p_item_type ''task'' | ''activity''), as far as the caller may be told: {status: open | claimed | completed, claimed_by, claimed_by_name, claimed_at} (the holder NULL unless claimed) to a caller who sees the item, holds it, or could see it open right before the current claim took it (per the audit trail, the claim changed an open version, and the caller had a profile then); a completed item to a caller who could see it open at some version; an open item to every user. Anyone else: NOT_FOUND (P0002, no name), as for an id nobody uses. Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501), NOT_FOUND (P0002). The rule claim_work_item and sync_push answer a lost claim with (private.refuse_claim). SECURITY DEFINER: the claim it reports took the item out of the caller''s sight.';

--
-- Name: get_entity_history(text, uuid, integer, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer DEFAULT 50, p_before_id bigint DEFAULT NULL::bigint) RETURNS TABLE(id bigint, entity_type text, record_pk uuid, action text, changed_at timestamp with time zone, changed_by uuid, changed_by_name text, old_row jsonb, new_row jsonb)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET enable_sort TO 'off'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  v_table text;
  -- The keyset cursor; the first page starts above every entry.
  v_cursor_at timestamptz := 'infinity';
  v_cursor_id bigint := 9223372036854775807;
begin
  select m.table_name into v_table from audit.entity_table(p_entity_type) m;
  if p_entity_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_entity_id is required';
  end if;
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_LIMIT: p_limit must be between 1 and 500, not %s', coalesce(p_limit::text, 'NULL'));
  end if;

  if p_before_id is not null then
    select c.changed_at into v_cursor_at
      from audit.log c
     where c.table_name = v_table and c.id = p_before_id and c.record_pk = p_entity_id;
    if v_cursor_at is null then
      raise exception using errcode = '22023',
        message = pg_catalog.format('INVALID_CURSOR: %s is not an entry of the history of %s %s', p_before_id, p_entity_type, p_entity_id),
        hint = 'Pass the id of the last entry of the previous page.';
    end if;
    v_cursor_id := p_before_id;
  end if;

  -- One static statement (its plan is cached: this runs on every history view); the
  -- partition is chosen at run time from table_name, the cursor is an index condition.
  return query
    select l.id, p_entity_type, l.record_pk, l.action, l.changed_at, l.changed_by, u.name, l.old_row, l.new_row
      from audit.log l
      left join public.profiles u on u.id = l.changed_by
     where l.table_name = v_table and l.record_pk = p_entity_id
       and (l.changed_at, l.id) < (v_cursor_at, v_cursor_id)
     order by l.changed_at desc, l.id desc
     limit p_limit;
end
$$;

--
-- Name: FUNCTION get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer, p_before_id bigint); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer, p_before_id bigint) IS 'History of one entity (p_entity_type listing | property | task | user | activity), newest first, at most p_limit (1..500) entries. Keyset paging: pass the id of the last entry of a page as p_before_id to get the next one (ordered by (changed_at, id), so no gaps or repeats). Only entries the caller may see (owner per the snapshots, or admin); an unknown or invisible entity has an empty history. Errors: INVALID_ENTITY_TYPE, INVALID_LIMIT, INVALID_CURSOR (22023), NULL_ARGUMENT (22004).';

--
-- Name: get_notification_preferences(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_notification_preferences() RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('get_notification_preferences');
begin
  return (
    select coalesce(pg_catalog.jsonb_object_agg(k.preference_key, coalesce(p.enabled, true)), '{}'::jsonb)
      from (select distinct t.preference_key from public.notification_types t where t.user_can_disable) k
      left join public.notification_preferences p on p.user_id = v_uid and p.preference_key = k.preference_key);
end
$$;

--
-- Name: FUNCTION get_notification_preferences(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_notification_preferences() IS 'The caller''s switches: {"<preference_key>": true|false, ...} with every key a user may turn off (the preference_key values of public.notification_types), true unless the caller turned it off.';

--
-- Name: get_recently_deleted(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_recently_deleted(p_limit integer DEFAULT 50) RETURNS TABLE(id bigint, entity_type text, record_pk uuid, action text, changed_at timestamp with time zone, changed_by uuid, changed_by_name text, old_row jsonb, new_row jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
begin
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_LIMIT: p_limit must be between 1 and 500, not %s', coalesce(p_limit::text, 'NULL'));
  end if;

  -- A deletion counts while it is the entity's latest entry: a later RESTORE (or INSERT of
  -- the same id) means it is live again.
  if private.is_admin() then
    -- Every deletion: each partition's partial DELETE index, newest first.
    return query
      select d.id, t.entity_type, d.record_pk, d.action, d.changed_at, d.changed_by, u.name, d.old_row, d.new_row
        from audit.log d
        join audit.tracked_tables t on t.table_name = d.table_name
        left join public.users u on u.id = d.changed_by
       where d.action = 'DELETE' and d.changed_at > now() - interval '30 days'
         and not exists (select from audit.log n
                          where n.table_name = d.table_name and n.record_pk = d.record_pk
                            and (n.changed_at, n.id) > (d.changed_at, d.id))
       order by d.changed_at desc, t.entity_type, d.id desc
       limit p_limit;
    return;
  end if;

  -- The caller's own: per audited table, the owner's deletions newest first from that
  -- partition's (owner, changed_at) DELETE index, so another user's thousands of deletions
  -- cost nothing here. Read as the owner: under row-level security the condition on
  -- old_row ->> owner could not use that index (->> is not leakproof, so it waits for the
  -- policy's filter, and the scan walks every deletion: 50,000 of another user's made
  -- 20 of one's own cost 190 ms). It is the policy's rule for a deletion, stated here. The owner column differs per table (audit.tracked_tables), hence
  -- one branch each.
  return query execute (
    select 'select d.id, d.entity_type, d.record_pk, d.action, d.changed_at, d.changed_by, u.name, d.old_row, d.new_row from ('
           || pg_catalog.string_agg(pg_catalog.format(
                '(select d.id, %1$L::text as entity_type, d.record_pk, d.action, d.changed_at, d.changed_by, d.old_row, d.new_row
                    from audit.%2$I d
                   where d.action = ''DELETE'' and d.old_row ->> %3$L = $1 and d.changed_at > now() - interval ''30 days''
                     and not exists (select from audit.%2$I n
                                      where n.record_pk = d.record_pk and (n.changed_at, n.id) > (d.changed_at, d.id))
                   order by d.changed_at desc, d.id desc
                   limit $2)', t.entity_type, t.table_name || '_log', t.owner_column), ' union all ' order by t.entity_type)
           || ') d left join public.users u on u.id = d.changed_by order by d.changed_at desc, d.entity_type, d.id desc limit $2'
      from audit.tracked_tables t)
    using auth.uid()::text, p_limit;
end
$_$;

--
-- Name: FUNCTION get_recently_deleted(p_limit integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_recently_deleted(p_limit integer) IS 'Deletions of the last 30 days across listings, properties, tasks, users and activities, newest first, at most p_limit (1..500): only entities the caller may see (owner per old_row, or admin) and not restored since. Each entry has the shape of get_entity_history; old_row is the snapshot restore_entity would re-create. Reads only the caller''s deletions (an index per audited table), whatever others deleted. Errors: INVALID_LIMIT (22023). SECURITY DEFINER: under row-level security the owner index cannot serve the caller''s own deletions; it applies the policy''s rule (owner per old_row, or admin) itself.';

--
-- Name: hotspots_near(double precision, double precision, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.hotspots_near(lat double precision, lon double precision, radius_km double precision) RETURNS SETOF public.hotspot_near
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'extensions', 'pg_temp'
    AS $$
#variable_conflict use_column
declare
  v_point geography;
begin
  perform private.assert_spatial_args(hotspots_near.lat, hotspots_near.lon, hotspots_near.radius_km);
  v_point := st_setsrid(st_makepoint(hotspots_near.lon, hotspots_near.lat), 4326)::geography;

  return query
    select h.*, st_distance(h.location, v_point) as distance_m
      from public.hotspot h
     where st_dwithin(h.location, v_point, hotspots_near.radius_km * 1000)
     order by h.location <-> v_point, h.id;
end
$$;

--
-- Name: FUNCTION hotspots_near(lat double precision, lon double precision, radius_km double precision); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.hotspots_near(lat double precision, lon double precision, radius_km double precision) IS 'Hotspots within radius_km (0 < radius_km <= 500) of (lat, lon), nearest first: every column of public.hotspot, then distance_m, the distance in metres (WGS 84 spheroid). Uses the GiST index on hotspot.location. Errors: NULL_ARGUMENT (22004), INVALID_LATITUDE, INVALID_LONGITUDE, INVALID_RADIUS (22023).';

--
-- Name: journal_add_entry(uuid, text, jsonb, uuid, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb DEFAULT NULL::jsonb, p_id uuid DEFAULT NULL::uuid, p_entry_timestamp timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_entry public.journal_entries;
  v_values jsonb;
begin
  perform private.journal_live_thread(p_thread_id);
  if p_content is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_content is required';
  end if;
  insert into public.journal_entries as e (id, thread_id, content, entry_timestamp)
  values (coalesce(p_id, gen_random_uuid()), p_thread_id, p_content, coalesce(p_entry_timestamp, clock_timestamp()))
  on conflict (id) do nothing
  returning e.* into v_entry;
  if v_entry.id is null then
    -- A retry: the entry that id names, if it is this thread's.
    select e.* into v_entry from public.journal_entries e where e.id = p_id;
    if v_entry.id is null or v_entry.thread_id <> p_thread_id then
      raise exception using errcode = '23505', message = 'ID_TAKEN: this id is already used by another entry',
        detail = json_build_object('id', p_id)::text;
    end if;
    return private.journal_entry_json(v_entry);
  end if;
  with written as (
    insert into public.journal_entry_values as v (entry_id, field_id, value)
    select v_entry.id, g.field_id, g.value from private.journal_values(coalesce(p_values, '{}')) g where g.value is not null
    returning v.field_id, v.value
  )
  select coalesce(jsonb_object_agg(w.field_id, w.value), '{}') into v_values from written w;
  return (to_jsonb(v_entry) - 'sync_xid') || jsonb_build_object('values', v_values);
end
$$;

--
-- Name: FUNCTION journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb, p_id uuid, p_entry_timestamp timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb, p_id uuid, p_entry_timestamp timestamp with time zone) IS 'Adds an entry to a live thread, with p_values ({field id: text}) and, for an entry written offline, the device''s p_entry_timestamp (default: now). Returns the entry with "values". With p_id, a retry returns the entry that id already names. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no such live thread of yours), INVALID_CONTENT, INVALID_VALUE (22023), ID_TAKEN (23505). Nothing is changed on error.';

--
-- Name: journal_create_thread(text, text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_create_thread(p_title text, p_first_entry text DEFAULT NULL::text, p_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_thread public.journal_threads;
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_title is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_title is required';
  end if;
  if p_id is not null then
    select t.* into v_thread from public.journal_threads t where t.id = p_id;
  end if;
  if v_thread.id is null then
    insert into public.journal_threads as t (id, title) values (coalesce(p_id, gen_random_uuid()), p_title)
    on conflict (id) do nothing
    returning t.* into v_thread;
    if v_thread.id is null then
      -- A concurrent call with the same id committed first, or the id is another user's.
      select t.* into v_thread from public.journal_threads t where t.id = p_id;
      if v_thread.id is null then
        raise exception using errcode = '23505', message = 'ID_TAKEN: this id is already used by a row you cannot see',
          detail = json_build_object('id', p_id)::text;
      end if;
    elsif p_first_entry is not null then
      insert into public.journal_entries as e (thread_id, content) values (v_thread.id, p_first_entry)
      returning e.* into v_entry;
    end if;
  end if;
  if v_entry.id is null and p_first_entry is not null then
    select e.* into v_entry from public.journal_entries e where e.thread_id = v_thread.id
     order by e.created_at, e.entry_timestamp, e.id limit 1;
  end if;
  return jsonb_build_object('thread', to_jsonb(v_thread) - 'sync_xid',
                            'first_entry', case when v_entry.id is not null then private.journal_entry_json(v_entry) end);
end
$$;

--
-- Name: FUNCTION journal_create_thread(p_title text, p_first_entry text, p_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_create_thread(p_title text, p_first_entry text, p_id uuid) IS 'Creates a thread (and its first entry when p_first_entry is given), atomically: {thread, first_entry}. With p_id, a retry returns the thread that id already names (and its first entry) instead of creating another. Errors: NOT_AUTHENTICATED (42501), NOT_FOUND (P0002: the caller has no profile), NULL_ARGUMENT (22004), INVALID_TITLE, INVALID_CONTENT (22023), ID_TAKEN (23505: another user''s id). Nothing is changed on error.';

--
-- Name: journal_csv_lines(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_csv_lines(p_thread_id uuid) RETURNS SETOF text
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_columns record;   -- private.journal_csv_columns: header, columns, by_id, placement
  v_fields boolean;   -- whether the thread has columns for values at all
  v_none text;        -- the value cells of an entry without values: one comma per column
begin
  select * into v_columns from private.journal_csv_columns(p_thread_id);
  v_fields := cardinality(v_columns.by_id) > 0;
  v_none := format(v_columns.placement, variadic array_fill(null::text, array[cardinality(v_columns.by_id)]));

  return next v_columns.header;
  return query
    select to_char(e.entry_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ','
           || coalesce(to_char(e.last_edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '') || ','
           || (case
      when e.content like '%,%' or e.content like '%"%' or e.content like E'%\r%' or e.content like E'%\n%'
        then '"' || case when ascii(e.content) in (61, 43, 45, 64, 9, 13) then '''' else '' end
             || replace(regexp_replace(e.content, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g'), '"', '""') || '"'
      when ascii(e.content) in (61, 43, 45, 64, 9) then '''' || regexp_replace(e.content, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g')
      else regexp_replace(e.content, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g') end)
           || case when v.fields is null then v_none
                   -- the values of exactly the columns, none of which the rule changes
                   when v.plain and v.fields = v_columns.by_id then format(v_columns.placement, variadic v.cells)
                   else format(v_columns.placement, variadic array(
                          select (case
      when c.cell like '%,%' or c.cell like '%"%' or c.cell like E'%\r%' or c.cell like E'%\n%'
        then '"' || case when ascii(c.cell) in (61, 43, 45, 64, 9, 13) then '''' else '' end
             || replace(regexp_replace(c.cell, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g'), '"', '""') || '"'
      when ascii(c.cell) in (61, 43, 45, 64, 9) then '''' || regexp_replace(c.cell, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g')
      else regexp_replace(c.cell, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g') end) from unnest(
                            case when v.fields = v_columns.by_id then v.cells
                                 -- values of deleted fields, or fields missing: placed one by one
                                 else array(select v.cells[array_position(v.fields, i)]
                                              from unnest(v_columns.by_id) with ordinality f (i, n) order by f.n) end)
                            with ordinality c (cell, n) order by c.n)) end
           || E'\r\n'
      from public.journal_entries e
      -- (limit 1: the entry's one row, probed, whatever the planner believes of the sizes)
      left join lateral (select l.field_ids as fields, l.cells,
                                array_to_string(l.cells, '') !~ E'[,";\t\r\n]'
                                and array_to_string(l.cells, E'\n') !~ E'(^|\n)[-=+@]' as plain
                           from public.journal_entry_value_lists l
                          where v_fields and l.thread_id = e.thread_id and l.entry_timestamp = e.entry_timestamp
                            and l.entry_id = e.id
                          limit 1) v on true
     where e.thread_id = p_thread_id and e.deleted_at is null
     order by e.entry_timestamp, e.id;
end
$$;

--
-- Name: FUNCTION journal_csv_lines(p_thread_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_csv_lines(p_thread_id uuid) IS 'A live thread as CSV, one line per row (each ending with CRLF), header first: timestamp, last_edited_at, content, then one column per live non-group field in sort_order ("Group / Field" for a child of a live group); then the live entries, oldest first, timestamps ISO 8601 in UTC to the second. Every cell is neutralised (an apostrophe before = + - @ TAB CR at its start or after a comma, semicolon, TAB, CR or LF, whatever separator a spreadsheet splits on) and quoted as RFC 4180 says. No byte order mark. journal_export_csv is its concatenation; JournalExporter streams the same bytes for threads of any size. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: deleted, absent or not yours).';

--
-- Name: journal_delete_entry(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_delete_entry(p_entry_id uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_entry_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_entry_id is required';
  end if;
  if not exists (select from public.journal_entries e join public.journal_threads t on t.id = e.thread_id
                  where e.id = p_entry_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
      detail = json_build_object('entry_id', p_entry_id)::text;
  end if;
  update public.journal_entries e set deleted_at = clock_timestamp() where e.id = p_entry_id and e.deleted_at is null;
  select e.* into v_entry from public.journal_entries e where e.id = p_entry_id;
  return private.journal_entry_json(v_entry);
end
$$;

--
-- Name: FUNCTION journal_delete_entry(p_entry_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_delete_entry(p_entry_id uuid) IS 'Soft-deletes an entry (deleted_at, server clock); deleting it again returns it unchanged. Returns the entry. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (P0002: absent, in a deleted thread, or not yours).';

--
-- Name: journal_delete_thread(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_delete_thread(p_thread_id uuid) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select private.journal_set_thread_deleted(p_thread_id, true)
$$;

--
-- Name: FUNCTION journal_delete_thread(p_thread_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_delete_thread(p_thread_id uuid) IS 'Soft-deletes a thread (deleted_at): it and its entries leave every list and the export; its entries keep their own state for journal_restore_thread. Deleting again returns it unchanged. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

--
-- Name: journal_export_csv(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_export_csv(p_thread_id uuid) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select string_agg(l.line, '' order by l.n) from public.journal_csv_lines(p_thread_id) with ordinality l (line, n)
$$;

--
-- Name: FUNCTION journal_export_csv(p_thread_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_export_csv(p_thread_id uuid) IS 'The CSV export of a live thread as one text: journal_csv_lines concatenated (the header alone for a thread without entries). Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

--
-- Name: journal_export_file(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_export_file(p_thread_id uuid) RETURNS TABLE(file_name text, media_type text)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  perform private.journal_live_thread(p_thread_id);
  return query
    select private.journal_file_stem(t.title) || '.csv', 'text/csv; charset=utf-8; header=present'
      from public.journal_threads t where t.id = p_thread_id;
end
$$;

--
-- Name: FUNCTION journal_export_file(p_thread_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_export_file(p_thread_id uuid) IS 'The file name (from the thread''s title, safe on every file system, at most 255 bytes, ending in .csv: private.journal_file_stem) and the media type (text/csv; charset=utf-8; header=present) of the export of a live thread of the caller, for the share sheet beside the bytes of journal_export_csv / journal_csv_lines. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002).';

--
-- Name: journal_rename_thread(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_rename_thread(p_thread_id uuid, p_title text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_thread public.journal_threads;
begin
  perform private.journal_live_thread(p_thread_id);
  if p_title is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_title is required';
  end if;
  update public.journal_threads t set title = p_title
   where t.id = p_thread_id
  returning t.* into v_thread;
  return to_jsonb(v_thread) - 'sync_xid';
end
$$;

--
-- Name: FUNCTION journal_rename_thread(p_thread_id uuid, p_title text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_rename_thread(p_thread_id uuid, p_title text) IS 'Renames a live thread of the caller and returns it (trimmed title; a new row_version only when the title really changed, so every device syncs the new name). Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: absent, deleted or another user''s), INVALID_TITLE (22023: not 1 to 200 characters after trimming). Nothing is changed on error.';

--
-- Name: journal_restore_thread(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_restore_thread(p_thread_id uuid) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select private.journal_set_thread_deleted(p_thread_id, false)
$$;

--
-- Name: FUNCTION journal_restore_thread(p_thread_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_restore_thread(p_thread_id uuid) IS 'The undo of journal_delete_thread: clears deleted_at, so the thread (a new row_version) and its entries come back, also on devices that already pulled the tombstone (the next sync_pull delivers the thread as a record). Works until purge_journal_tombstones removes the thread (30 days). Restoring a live thread returns it unchanged. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

--
-- Name: journal_update_entry(uuid, text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb DEFAULT NULL::jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_entry_id is null or p_content is null then
    raise exception using errcode = '22004',
      message = format('NULL_ARGUMENT: %s is required', case when p_entry_id is null then 'p_entry_id' else 'p_content' end);
  end if;
  if not exists (select from public.journal_entries e join public.journal_threads t on t.id = e.thread_id
                  where e.id = p_entry_id and e.deleted_at is null and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
      detail = json_build_object('entry_id', p_entry_id)::text;
  end if;
  update public.journal_entries e set content = p_content where e.id = p_entry_id and e.content is distinct from p_content;
  if private.journal_write_values(p_entry_id, p_values) then
    -- An added value is an edit too (the server's clock replaces what is written here).
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id = p_entry_id and (e.last_edited_at is null or e.last_edited_at < now());
  end if;
  select e.* into v_entry from public.journal_entries e where e.id = p_entry_id;
  return private.journal_entry_json(v_entry);
end
$$;

--
-- Name: FUNCTION journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb) IS 'Replaces a live entry''s content and, when p_values is not NULL, its values (the entry keeps exactly the strings given). A real change stamps last_edited_at; the same content and values change nothing. Returns the entry with "values". Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (deleted, in a deleted thread, or not yours), INVALID_CONTENT, INVALID_VALUE. Nothing is changed on error.';

--
-- Name: mark_all_notifications_read(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.mark_all_notifications_read() RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('mark_all_notifications_read');
  v_count integer;
begin

  update public.notifications n
     set read = true
   where n.user_id = v_uid
     and not n.read;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

--
-- Name: FUNCTION mark_all_notifications_read(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.mark_all_notifications_read() IS 'Marks every unread notification of the caller read; returns how many changed.';

--
-- Name: mark_notifications_read(uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.mark_notifications_read(p_ids uuid[]) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('mark_notifications_read');
  v_count integer;
begin
  if p_ids is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_ids is required',
      hint = 'Pass an array of notification ids; an empty array marks nothing.';
  end if;

  update public.notifications n
     set read = true
   where n.id = any (p_ids)
     and n.user_id = v_uid
     and not n.read;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

--
-- Name: FUNCTION mark_notifications_read(p_ids uuid[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.mark_notifications_read(p_ids uuid[]) IS 'Marks the caller''s notifications with these ids read; returns how many changed from unread to read. Ids of other users'' or already read notifications are skipped (counted 0); an empty array returns 0; NULL raises 22004.';

--
-- Name: notification_badge_counts(uuid, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notification_badge_counts(p_user_id uuid, p_include_details boolean DEFAULT false) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  c_max_details constant integer := 100;
  v_result jsonb;
begin
  if p_user_id is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_user_id is required',
      hint = 'Pass the recipient''s user id.';
  end if;

  select jsonb_build_object(
    'requests_total',  coalesce(sum(b.unread) filter (where b.badge_group = 'requests'), 0),
    'messages_total',  coalesce(sum(b.unread) filter (where b.badge_group = 'messages'), 0),
    'community_total', coalesce(sum(b.unread) filter (where b.badge_group = 'community'), 0),
    'bell_total',      coalesce(sum(b.unread) filter (where b.badge_group = 'bell_only'), 0),
    'request_details', '[]'::jsonb,
    'conversation_details', '[]'::jsonb)
    into v_result
    from private.notification_badge_totals b
   where b.user_id = p_user_id;
  if not coalesce(p_include_details, false) then
    return v_result;
  end if;

  -- Details from ordered rows with one to_jsonb(array_agg(row)) per list; entity_id goes in
  -- as text, which jsonb takes as is.
  return v_result || jsonb_build_object(
    'request_details', coalesce((
      select to_jsonb(array_agg(d))
        from (select e.entity_type, e.entity_id::text as entity_id, e.unread as unread_count, e.latest_at
                from private.notification_badge_entities e
               where e.user_id = p_user_id and e.badge_group = 'requests'
               order by e.latest_at desc, e.entity_id
               limit c_max_details) d), '[]'::jsonb),
    'conversation_details', coalesce((
      select to_jsonb(array_agg(d))
        from (select e.entity_type, e.entity_id::text as entity_id, e.unread as unread_count, e.latest_at
                from private.notification_badge_entities e
               where e.user_id = p_user_id and e.badge_group = 'messages'
               order by e.latest_at desc, e.entity_id
               limit c_max_details) d), '[]'::jsonb));
end
$$;

--
-- Name: FUNCTION notification_badge_counts(p_user_id uuid, p_include_details boolean); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.notification_badge_counts(p_user_id uuid, p_include_details boolean) IS 'Badge counts of one user (for the worker''s push badge); same shape as get_badge_counts, read from the counters the triggers of public.notifications keep (private.notification_badge_totals, private.notification_badge_entities). Internal: service_role only.';

--
-- Name: notification_registry_drift(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notification_registry_drift() RETURNS TABLE(type text, missing_from text)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  with constraint_types as (
    select m[1] as type
    from pg_catalog.pg_constraint c,
         pg_catalog.regexp_matches(pg_catalog.pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
    where c.conrelid = 'public.notifications'::pg_catalog.regclass
      and c.conname = 'valid_notification_type'
  )
  select coalesce(r.type, k.type),
         case when r.type is null then 'notification_types' else 'valid_notification_type' end
  from public.notification_types r
  full join constraint_types k on k.type = r.type
  where r.type is null or k.type is null
  order by 1
$$;

--
-- Name: FUNCTION notification_registry_drift(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.notification_registry_drift() IS 'Types present in only one of public.notification_types and the valid_notification_type CHECK, with the side they are missing from. Empty when the two agree; the final step of migrate (private.apply_manifest) refuses a database where it is not (REGISTRY_DRIFT).';

--
-- Name: purge_journal_tombstones(interval); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_journal_tombstones(p_older_than interval DEFAULT '30 days'::interval) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_cutoff timestamptz;
  v_entries integer;
  v_fields integer;
  v_threads integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = json_build_object('p_older_than', p_older_than::text)::text;
  end if;
  v_cutoff := now() - p_older_than;
  -- Children first, so each count is that table's own tombstones.
  delete from public.journal_entries where deleted_at < v_cutoff;
  get diagnostics v_entries = row_count;
  delete from public.journal_fields where deleted_at < v_cutoff;
  get diagnostics v_fields = row_count;
  delete from public.journal_threads where deleted_at < v_cutoff;
  get diagnostics v_threads = row_count;
  return v_entries + v_fields + v_threads;
end
$$;

--
-- Name: FUNCTION purge_journal_tombstones(p_older_than interval); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.purge_journal_tombstones(p_older_than interval) IS 'Hard-deletes journal entries, fields and threads (with everything in them) whose deleted_at is older than p_older_than (default 30 days: the end of the undo); the deletions reach devices through sync_deletions. Returns the number of tombstones purged. SECURITY DEFINER: service_role, which runs it on the worker''s schedule, has no privilege on the journal tables. service_role only.';

--
-- Name: purge_sync_deletions(interval); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_sync_deletions(p_older_than interval DEFAULT '30 days'::interval) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_count integer;
  v_cutoff timestamptz;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = format('p_older_than = %s', p_older_than);
  end if;
  v_cutoff := now() - p_older_than;

  with d as (
    delete from public.sync_deletions where deleted_at < v_cutoff returning table_name, sync_xid
  ), m as (
    delete from public.sync_moves where moved_at < v_cutoff returning table_name, sync_xid
  ), a as (
    delete from public.sync_access_log where logged_at < v_cutoff returning sync_xid
  ), f as (
    -- No cursor depends on these: a push against a version older than what is kept is a
    -- conflict instead of a merge.
    delete from private.sync_field_changes where changed_at < v_cutoff returning 1
  ), p as (
    -- Parents closed before the cutoff with no children left (deleted, or emptied): a pull
    -- needs one only while its closing is newer than the cursor, and older cursors expire
    -- with the logs purged here. A new child makes the row again.
    delete from private.child_parents c where not c.open and c.children = 0 and c.opened_at < v_cutoff returning 1
  ), purged as (
    select d.table_name, d.sync_xid from d
    union all
    select m.table_name, m.sync_xid from m
    union all
    select 'sync_access_log', a.sync_xid from a
  ), per_log as (
    select p.table_name, max(p.sync_xid) as purged_through, count(*) as n from purged p group by p.table_name
  ), horizon as (
    insert into public.sync_horizon as h (table_name, purged_through)
    select l.table_name, l.purged_through from per_log l
    on conflict (table_name) do update set purged_through = greatest(h.purged_through, excluded.purged_through)
  )
  select coalesce(sum(n), 0) + (select count(*) from f) into v_count from per_log;
  return v_count;
end
$$;

--
-- Name: FUNCTION purge_sync_deletions(p_older_than interval); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.purge_sync_deletions(p_older_than interval) IS 'Deletes the rows of the sync logs (sync_deletions, sync_moves, sync_access_log, and the field changes of private.sync_field_changes) older than p_older_than (default 30 days) and advances sync_horizon, so that cursors older than what was purged get CURSOR_EXPIRED; and the rows of private.child_parents of parents closed before then with no children left. Returns the number of log rows purged. Run by the worker on a schedule with purge_watchlist_tombstones(); service_role only. SECURITY DEFINER: the logs and the merge history are nobody''s to delete but through it.';

--
-- Name: purge_sync_marks(interval); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_sync_marks(p_older_than interval DEFAULT '01:00:00'::interval) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION purge_sync_marks(p_older_than interval); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.purge_sync_marks(p_older_than interval) IS 'Deletes the change marks (private.sync_marks) of the transactions that had ended by a purge run at least p_older_than ago (default 1 hour; each run records the oldest transaction then running), and moves the marks'' horizon on: a sync_poll whose cursor predates it asks the exact question instead. Returns the number of marks deleted. Run by the worker''s maintenance; service_role only. NULL_ARGUMENT (22004), INVALID_INTERVAL (22023).';

--
-- Name: purge_watchlist_tombstones(interval); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_watchlist_tombstones(p_older_than interval DEFAULT '30 days'::interval) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_cutoff timestamptz;
  v_photos integer;
  v_rules integer;
  v_entries integer;
  v_watchlists integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = format('p_older_than = %s', p_older_than);
  end if;
  v_cutoff := now() - p_older_than;

  -- Children first, so each count is the tombstones purged from that table (rows that
  -- merely cascade from a purged parent are not counted twice).
  delete from public.observed_bird_photos where deleted_at < v_cutoff;
  get diagnostics v_photos = row_count;
  delete from public.watchlist_rules where deleted_at < v_cutoff;
  get diagnostics v_rules = row_count;
  delete from public.watchlist_entries where deleted_at < v_cutoff;
  get diagnostics v_entries = row_count;
  delete from public.watchlists where deleted_at < v_cutoff;
  get diagnostics v_watchlists = row_count;

  return v_photos + v_rules + v_entries + v_watchlists;
end
$$;

--
-- Name: FUNCTION purge_watchlist_tombstones(p_older_than interval); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.purge_watchlist_tombstones(p_older_than interval) IS 'Hard-deletes watchlist, entry, rule and photo tombstones whose deleted_at is older than p_older_than (default 30 days; children of a purged watchlist go with it by cascade). Returns the number of tombstones purged. Run by the worker on a schedule; service_role only.';

--
-- Name: register_push_device(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.register_push_device(p_platform text, p_token text, p_environment text DEFAULT 'production'::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_uid uuid := private.caller('register_push_device');
  v_device public.push_devices;
begin
  if p_platform is null or p_token is null or p_environment is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_platform, p_token and p_environment are required';
  end if;
  if p_platform not in ('ios', 'android') then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_platform must be ios or android',
      detail = pg_catalog.jsonb_build_object('argument', 'p_platform', 'allowed', pg_catalog.jsonb_build_array('ios', 'android'))::text;
  end if;
  if p_environment not in ('sandbox', 'production') then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_environment must be sandbox or production',
      detail = pg_catalog.jsonb_build_object('argument', 'p_environment', 'allowed', pg_catalog.jsonb_build_array('sandbox', 'production'))::text;
  end if;
  if not (p_token ~ '^[!-~]+$' and pg_catalog.char_length(p_token) <= 4096) then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_token must be 1 to 4096 printable ASCII characters without spaces',
      detail = pg_catalog.jsonb_build_object('argument', 'p_token', 'length', pg_catalog.char_length(p_token))::text;
  end if;
  perform private.assert_profile(v_uid);

  -- A live token of another user is not taken over: registering a token proves nothing
  -- (anyone who once saw it could silence its owner and have his own pushes shown on that
  -- phone). The proof is its owner's unregister_push_device (the app calls it at sign-out,
  -- before the next account registers) or the gateway's word that the token is dead (the
  -- worker disables it): then it moves to the caller. Locked, so that two registrations of
  -- one token are decided one after the other.
  if exists (select from public.push_devices d
              where d.token = p_token and d.user_id <> v_uid and d.disabled_at is null
              for update) then
    raise exception using errcode = '23505',
      message = 'DEVICE_TAKEN: this push token is registered to another account',
      hint = 'The other account unregisters it first (unregister_push_device at sign-out).';
  end if;

  -- Idempotent: the same registration again writes nothing. A disabled token, or one its
  -- previous user unregistered, comes back to the caller.
  insert into public.push_devices as d (user_id, token, platform, environment)
  values (v_uid, p_token, p_platform, p_environment)
  on conflict (token) do update
     set user_id = excluded.user_id, platform = excluded.platform, environment = excluded.environment,
         registered_at = pg_catalog.now(), disabled_at = null, disabled_reason = null
   where (d.user_id, d.platform, d.environment) is distinct from (excluded.user_id, excluded.platform, excluded.environment)
      or d.disabled_at is not null;

  -- At most 10 devices a user: a push fans out to each, so a client cannot turn one
  -- notification into thousands of gateway requests. The oldest registrations go.
  delete from public.push_devices d
   where d.id in (select o.id from public.push_devices o
                   where o.user_id = v_uid
                   order by o.registered_at desc, o.id desc
                  offset 10);

  select * into v_device from public.push_devices d where d.token = p_token;
  return pg_catalog.jsonb_build_object(
    'id', v_device.id, 'platform', v_device.platform, 'environment', v_device.environment,
    'token', v_device.token, 'registered_at', v_device.registered_at);
end
$_$;

--
-- Name: FUNCTION register_push_device(p_platform text, p_token text, p_environment text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.register_push_device(p_platform text, p_token text, p_environment text) IS 'Registers a device of the caller for pushes (p_platform ios or android, p_environment sandbox or production) and returns it as {id, platform, environment, token, registered_at}. Idempotent; a token another user holds is refused (DEVICE_TAKEN) unless the gateway disabled it (then it moves to the caller); a disabled device is enabled again; a user keeps at most 10 devices (the oldest registrations are removed). Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_ARGUMENT (22023, DETAIL {argument, ...}), NOT_FOUND (P0002: the caller has no profile), DEVICE_TAKEN (23505: another user holds the live token; nothing changed). SECURITY DEFINER: a dead token held by another user moves to the caller, and that row is invisible to the caller under row-level security.';

--
-- Name: release_work_item(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.release_work_item(p_item_type text, p_item_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_uid uuid := auth.uid();
  v_table text;
  v_row jsonb;
  v_claimer uuid;
  v_claimer_name text;
begin
  v_table := private.claimable_table(p_item_type, p_item_id);

  execute format(
    'update public.%I t set claimed_by = null
      where t.id = $1 and t.claimed_by is not null and (t.claimed_by = $2 or private.is_admin())
      returning pg_catalog.to_jsonb(t.*)', v_table)
    into v_row using p_item_id, v_uid;
  if v_row is not null then
    return v_row;
  end if;

  if not private.caller_sees(v_table, p_item_id) then
    raise exception using errcode = 'P0002',
      message = format('NOT_FOUND: no %s %s visible to the caller', p_item_type, p_item_id);
  end if;
  execute format('select pg_catalog.to_jsonb(t.*) from public.%I t where t.id = $1', v_table)
    into v_row using p_item_id;
  v_claimer := (v_row ->> 'claimed_by')::uuid;
  if v_claimer is null then
    return v_row;  -- not claimed (any more): idempotent success
  end if;
  select u.name into v_claimer_name from public.users u where u.id = v_claimer;
  raise exception using errcode = '42501',
    message = format('NOT_CLAIMER: this %s is claimed by %s; only the claimer or an admin can release it',
                     p_item_type, coalesce(nullif(v_claimer_name, ''), v_claimer::text)),
    detail = pg_catalog.jsonb_build_object(
               'claimed_by', v_claimer,
               'claimed_by_name', v_claimer_name,
               'claimed_at', v_row -> 'claimed_at')::text;
end
$_$;

--
-- Name: FUNCTION release_work_item(p_item_type text, p_item_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.release_work_item(p_item_type text, p_item_id uuid) IS 'Releases the claim on a task or activity (p_item_type ''task'' | ''activity'') and returns the updated row as jsonb. Only the claimer or an admin may release. Releasing an item that is not claimed returns it unchanged (idempotent, so a retried release succeeds). Errors: NULL_ARGUMENT (22004), INVALID_ITEM_TYPE (22023), NOT_AUTHENTICATED (42501, no calling user), NOT_CLAIMER (42501; detail is JSON {claimed_by, claimed_by_name, claimed_at}), NOT_FOUND (P0002, absent or not visible). SECURITY DEFINER: claimed_by is not writable by app users, so that a claim changes only through these two functions.';

--
-- Name: restore_entity(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restore_entity(p_entity_type text, p_entity_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  v_map record;
  v_rel regclass;
  v_snapshot jsonb;
  v_columns text;
  v_row jsonb;
  v_constraint text;
  v_ref record;
  v_key text[];
  v_dependents jsonb;
begin
  select * into v_map from audit.entity_table(p_entity_type);
  if p_entity_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_entity_id is required';
  end if;
  v_rel := pg_catalog.format('public.%I', v_map.table_name)::regclass;

  -- The snapshot of the latest deletion (whatever came after it: restoring a live entity
  -- then fails with UNIQUE_CONFLICT below).
  select d.old_row, d.dependents into v_snapshot, v_dependents
    from audit.log d
   where d.table_name = v_map.table_name and d.record_pk = p_entity_id and d.action = 'DELETE'
   order by d.changed_at desc, d.id desc
   limit 1;
  -- Another user's deletion answers as one that never was: a refusal of its own would tell
  -- any user that the id names an entity someone deleted.
  if v_snapshot is null
     or not (coalesce(v_snapshot ->> v_map.owner_column = auth.uid()::text, false) or private.is_admin()) then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no deletion of %s %s to restore', p_entity_type, p_entity_id),
      hint = 'Only the owner of an entity or an admin restores it.';
  end if;

  -- A profile's admin flag is the admins' to give: restoring one's own deleted profile
  -- (the deletion took one's admin rights with it) brings the profile back, not the flag.
  if v_map.table_name = 'users' and not private.is_admin() then
    v_snapshot := v_snapshot || '{"is_admin": false}';
  end if;

  -- Only the columns present in the snapshot: a column added after it was taken gets its
  -- DEFAULT, not a NULL (new columns are NULL or have a DEFAULT for exactly this reason).
  -- Generated columns are computed, never inserted.
  select pg_catalog.string_agg(pg_catalog.format('%I', a.attname), ', ' order by a.attnum)
    into v_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.attidentity <> 'a'
     and v_snapshot ? a.attname;

  begin
    perform audit.set_restoring(v_map.table_name, p_entity_id);
    execute pg_catalog.format(
      'insert into %1$s as t (%2$s)
       select %2$s from pg_catalog.jsonb_populate_record(null::%1$s, $1)
       returning pg_catalog.to_jsonb(t.*)', v_rel, v_columns)
      into v_row using v_snapshot;
    perform audit.set_restoring(null, null);
  exception
    when foreign_key_violation then
      get stacked diagnostics v_constraint = constraint_name;
      select c.confrelid::regclass as ref_table, a.attname::text as col,
             (select m.entity_type from audit.tracked_tables m
               where pg_catalog.format('public.%I', m.table_name)::regclass = c.confrelid) as ref_type
        into v_ref
        from pg_catalog.pg_constraint c
        join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.conrelid = v_rel and c.conname = v_constraint;
      raise exception using errcode = '23503',
        message = pg_catalog.format('FK_MISSING: %s %s references %s %s (%s), which no longer exists',
                    p_entity_type, p_entity_id, coalesce(v_ref.ref_type, v_ref.ref_table::text),
                    v_snapshot ->> v_ref.col, v_ref.col),
        detail = pg_catalog.jsonb_build_object(
                   'entity_type', v_ref.ref_type,
                   'table', (select c.relname from pg_catalog.pg_class c where c.oid = v_ref.ref_table),
                   'column', v_ref.col,
                   'id', v_snapshot ->> v_ref.col)::text,
        hint = case when v_ref.ref_type is not null
                    then pg_catalog.format('Restore %s %s first.', v_ref.ref_type, v_snapshot ->> v_ref.col)
                    else pg_catalog.format('Re-create %s %s first.', v_ref.ref_table, v_snapshot ->> v_ref.col)
               end,
        constraint = v_constraint;
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      select pg_catalog.array_agg(a.attname::text order by k.ord)
        into v_key
        from pg_catalog.pg_class ic
        join pg_catalog.pg_index i on i.indexrelid = ic.oid
        cross join lateral pg_catalog.unnest(i.indkey) with ordinality k(attnum, ord)
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where i.indrelid = v_rel and ic.relname = v_constraint;
      raise exception using errcode = '23505',
        message = case when v_key = array['id']
          then pg_catalog.format('UNIQUE_CONFLICT: %s %s already exists (restored already?)', p_entity_type, p_entity_id)
          else pg_catalog.format('UNIQUE_CONFLICT: %s %s cannot be restored: its %s is now held by another %s',
                                 p_entity_type, p_entity_id,
                                 coalesce(pg_catalog.array_to_string(v_key, ', '), v_constraint), p_entity_type)
        end,
        detail = pg_catalog.jsonb_build_object('columns', pg_catalog.to_jsonb(v_key))::text,
        constraint = v_constraint;
  end;
  if v_dependents is not null then
    v_row := v_row || pg_catalog.jsonb_build_object('restore',
               audit.restore_dependents(v_map.table_name, p_entity_id, v_dependents));
  end if;
  return v_row;
end
$_$;

--
-- Name: FUNCTION restore_entity(p_entity_type text, p_entity_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.restore_entity(p_entity_type text, p_entity_id uuid) IS 'Re-creates a deleted listing, property, task, user or activity from its latest DELETE snapshot and returns the restored row as jsonb; the re-creation is logged as RESTORE. A task or activity comes back with its subtasks, a listing with the links of the tasks and activities that were on it (unless moved since); notes are not restored: the answer''s "restore" key says what came back and how many notes did not ({subtasks, notes_not_restored} or {tasks, activities, notes_not_restored}; absent for other types and for deletions recorded before dependents were). Columns missing from an old snapshot get their defaults. Allowed to the owner named in the snapshot and to admins. All or nothing. Errors (message begins with the code): INVALID_ENTITY_TYPE (22023), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no deletion the caller may restore; another user''s deletion answers as none, so that the answer never tells that an id names someone''s deleted entity), FK_MISSING (23503, a referenced row is gone: detail is JSON {entity_type, table, column, id} of it, the hint says what to restore first), UNIQUE_CONFLICT (23505, the id or a unique key such as mls_number is held by a live row; detail is JSON {columns}). A restored profile is admin only when an admin restores it. SECURITY DEFINER: re-creating a row with its original id and server-managed columns is more than its owner may write through the API.';

--
-- Name: set_notification_preference(text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.set_notification_preference(p_key text, p_enabled boolean) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
begin
  perform private.assert_profile(private.caller('set_notification_preference'));
  if p_key is null or p_enabled is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_key and p_enabled are required';
  end if;
  -- An unknown key is refused by the table's trigger (INVALID_PREFERENCE).
  insert into public.notification_preferences as p (preference_key, enabled)
  values (p_key, p_enabled)
  on conflict (user_id, preference_key) do update
     set enabled = excluded.enabled
   where p.enabled is distinct from excluded.enabled;
  return public.get_notification_preferences();
end
$$;

--
-- Name: FUNCTION set_notification_preference(p_key text, p_enabled boolean); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.set_notification_preference(p_key text, p_enabled boolean) IS 'Turns the caller''s preference p_key on or off (idempotent) and returns all of the caller''s switches, as get_notification_preferences(). A key that is not one a user may turn off (unknown, or of a mandatory type) is INVALID_PREFERENCE (22023, DETAIL {preference_key, preference_keys}); NULL is NULL_ARGUMENT; a caller without a profile NOT_FOUND (P0002). Off: the worker creates no notification and sends no push of those types to the caller.';

--
-- Name: sync_poll(text, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sync_poll(p_cursor text DEFAULT NULL::text, p_tables text[] DEFAULT NULL::text[]) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $_$
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
$_$;

--
-- Name: FUNCTION sync_poll(p_cursor text, p_tables text[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.sync_poll(p_cursor text, p_tables text[]) IS 'Live updates by polling: {tables: [the synced tables among p_tables (NULL = every one the caller may pull) in which something changed for the caller since p_cursor], cursor, server_timestamp}. "Changed" is what the caller''s next sync_pull of the table would deliver (the same query): rows they see written, deleted or tombstoned, rows that became or stopped being visible to them; other users'' changes they cannot see never count. An empty poll reads the caller''s change marks (a few index probes, whatever their keys and tables and whatever other users hold or write); after a change of who holds what it asks the exact question, table by table, until every write that may have raced with it has ended. NULL cursor: every table (start here, then pull them). Pass the returned cursor to the next poll; sync_pull each table named, from its own cursor. Never misses a change (a transaction committing after a poll is named by the next one); may name a table whose changes a pull already delivered, and names every table after a purge of the sync logs or a change of the caller''s admin rights. Errors: INVALID_TABLE, INVALID_CURSOR (22023), NULL_ARGUMENT (22004), NOT_AUTHENTICATED, OWNER_ONLY (42501: a journal table asked for by a session not acting as role authenticated), QUOTA_EXCEEDED (54000: more names in p_tables than the quota poll_tables). SECURITY DEFINER: it reads the sync logs and the marks, as sync_pull does.';

--
-- Name: sync_pull(text, text, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sync_pull(p_table text, p_cursor text DEFAULT NULL::text, p_limit integer DEFAULT 1000, p_encoding text DEFAULT 'objects'::text) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid;
  v_state jsonb;
  v_x xid8 := '0';
  v_ip xid8[] := '{}';
  v_lo xid8;
  v_full boolean;
  v_mode text;
  v_next_x xid8;
  v_next_ip xid8[];
  v_horizon xid8;
  v_next_horizon xid8;
  v_after jsonb := '["0", "0", "00000000-0000-0000-0000-000000000000", -1]';
  v_snapshot pg_snapshot;
begin
  perform private.assert_sync_table(p_table);
  if p_limit is null or p_limit < 1 or p_limit > 10000 then
    raise exception using errcode = '22023',
      message = 'INVALID_LIMIT: p_limit must be between 1 and 10000',
      detail = format('p_limit = %s', coalesce(p_limit::text, 'NULL'));
  end if;
  if p_encoding is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_encoding must be objects or compact';
  end if;
  if p_encoding not in ('objects', 'compact') then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_encoding must be objects or compact',
      detail = pg_catalog.json_build_object('argument', 'p_encoding', 'value', pg_catalog.left(p_encoding, 100))::text;
  end if;
  v_uid := private.caller('sync_pull');
  -- A table private to its owner (admins do not see it: the journals) goes to the owner
  -- signed in as an app user only, never to a service that set the owner's claims.
  if not (select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
     and not private.caller_acts_as_authenticated() then
    raise exception using errcode = '42501',
      message = pg_catalog.format('OWNER_ONLY: %s is private to its owner, pulled only by a session acting as role authenticated', p_table);
  end if;

  if p_cursor is not null then
    v_state := private.decode_sync_cursor(p_table, p_cursor);
    v_x := (v_state ->> 'x')::xid8;
    v_ip := private.cursor_xids(v_state -> 'ip');
  end if;
  -- x = 0: a full sync (NULL cursor) or one of its next pages. The client holds nothing
  -- yet, so deletions and revocations it could have seen in the pull's first snapshot
  -- mean nothing to it.
  v_full := v_x = '0'::xid8;

  -- Read before the snapshot below: a purge that commits in between shows as a moved
  -- horizon. The logs a pull of this table reads: its own, its parents' (notes: tasks,
  -- activities), the access log.
  v_horizon := coalesce((select max(h.purged_through) from public.sync_horizon h
                          where h.table_name = p_table or h.table_name = 'sync_access_log'
                             or h.table_name in (select k.derived_from from private.visibility_rules r
                                                   join private.visibility_kinds k on k.kind = r.kind
                                                  where r.table_name = p_table)), '0');

  if v_state ? 'a' then
    -- The pull goes on to finish at its first page's snapshot, which this server must have
    -- reached: one further behind (another replica) would not show rows that snapshot saw.
    -- Then the pull starts over from its cursor instead (repeats, never a loss).
    v_snapshot := pg_current_snapshot();
    v_next_x := (v_state ->> 'nx')::xid8;
    v_next_ip := private.cursor_xids(v_state -> 'nip');
    if pg_snapshot_xmax(v_snapshot) < v_next_x
       or exists (select from unnest(private.snapshot_in_progress(v_snapshot)) i
                   where i < v_next_x and i <> all (v_next_ip)) then
      v_state := v_state - 'a';
    end if;
  end if;

  if v_state ? 'a' then
    -- Next page of a pull in progress: it completes at the state of its first page.
    v_after := v_state -> 'a';
    v_next_horizon := (v_state ->> 'nh')::xid8;
  else
    -- Taken before the rows are read: whatever commits in between comes again next time.
    -- The pulling transaction's own xid counts as unseen (its writes are not committed yet).
    v_snapshot := pg_current_snapshot();
    v_next_x := pg_snapshot_xmax(v_snapshot);
    v_next_ip := array(select distinct i from unnest(private.snapshot_in_progress(v_snapshot)
                                                     || pg_current_xact_id_if_assigned()) i
                        where i is not null order by i);
    v_next_horizon := v_horizon;
  end if;

  -- The oldest transaction not yet delivered. A purge can only have removed log rows this
  -- pull still needs if it ran after the snapshot the pull goes on from (the horizon moved
  -- on since) and reached past the oldest transaction that snapshot had not seen; a full
  -- sync needs no deletion its own first snapshot saw.
  v_lo := private.cursor_lo(v_x, v_ip);
  if p_cursor is not null
     and (case when v_full then v_horizon > v_next_horizon
                                and v_horizon >= private.cursor_lo(v_next_x, v_next_ip)
               else v_horizon > (v_state ->> 'h')::xid8 and v_horizon >= v_lo end) then
    raise exception using errcode = '22023',
      message = 'CURSOR_EXPIRED: deletions this cursor has not seen were purged',
      hint = 'Do a full sync: call sync_pull with a NULL cursor and replace the local copy.';
  end if;
  -- Becoming or ceasing to be an admin changes what the caller sees of every table at once:
  -- a full sync says it best.
  -- (two index ranges, from x and the ones in ip: not one from the oldest of them)
  if not v_full and (exists (select from public.sync_access_log a where a.user_id = v_uid and a.kind = 'admin' and a.sync_xid >= v_x)
                     or exists (select from unnest(v_ip) i (xid)
                                 cross join lateral (select from public.sync_access_log a
                                                      where a.user_id = v_uid and a.sync_xid = i.xid and a.kind = 'admin' offset 0) a)) then
    raise exception using errcode = '22023',
      message = 'CURSOR_EXPIRED: the caller''s admin rights changed since this cursor',
      hint = 'Do a full sync: call sync_pull with a NULL cursor and replace the local copy.';
  end if;

  v_mode := case when (select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
                      and private.is_admin() then 'admin'
                 when v_full then 'full'
                 else 'changes' end;

  -- The page: private.sync_page_<table> (p_table is one of the synced tables: assert_sync_table above).
  return private.sync_page(p_table, v_uid, v_mode, v_x, v_ip, v_after, p_limit, coalesce(v_state ->> 'h', '0')::xid8,
                           v_next_x, v_next_ip, v_next_horizon, p_encoding = 'compact');
end
$$;

--
-- Name: FUNCTION sync_pull(p_table text, p_cursor text, p_limit integer, p_encoding text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.sync_pull(p_table text, p_cursor text, p_limit integer, p_encoding text) IS 'Changes to p_table (one of sync_tables()) since p_cursor that concern the caller, as json (not jsonb: building and printing jsonb cost four times as much): {cursor, has_more, server_timestamp, records: [rows the caller sees, oldest change first], deleted: [{id, deleted_at, reason}] (reason "deleted": tombstoned or hard-deleted; "revoked": the caller may no longer see it — a share revoked, an item claimed by someone else or completed, a listing given away)}, in that order (a client may read cursor and has_more and ask for the next page before it reads the records). p_encoding compact (for bulk sync): the same page with "columns" (the column names, once) after server_timestamp, and each record an array of its values in that order; deletions stay objects. NULL cursor = full sync. Pass the returned cursor to the next call; while has_more, call again at once. Never misses a change: a transaction that commits after a pull is delivered by the next one, whenever it started, and so is a change of who may see what (rows that became visible come as records, even if they were not written). A page ends at p_limit items or at 4 MB of json (private.sync_pull_page_bytes(); a session may lower it with dispatch.sync_page_bytes), whichever comes first: the first item whose running total of json bytes reaches the budget ends it, that item included (a page always makes progress, even past one row bigger than the budget), and the cursor resumes right after it. Rows past that item are not built (one at most, read ahead); the server holds a page''s json a few times over while it builds and sends it (docs/sync.md), about 6 to 7 times the page at the peak: ~27 MB for a full 4 MB page, whatever its rows or p_limit. Within a page each id appears once in its latest state; apply pages in order. Errors: INVALID_TABLE, INVALID_LIMIT (1..10000), INVALID_CURSOR, CURSOR_EXPIRED (all 22023: on CURSOR_EXPIRED — log rows purged, or the caller''s admin rights changed — resync with a NULL cursor), NULL_ARGUMENT (22004), NOT_AUTHENTICATED (42501), OWNER_ONLY (42501: a table private to its owner, the journals, pulled by a session not acting as role authenticated, such as service_role with a user''s claims). SECURITY DEFINER: it reads the sync logs, which no app user may read, and what it returns is exactly what the visibility definition lets the caller see (private.sync_items), the rule the SELECT policies apply.';

--
-- Name: sync_push(text, jsonb, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sync_push(p_table text, p_record jsonb, p_expected_version integer) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
  select private.sync_push_record(p_table, p_record, p_expected_version, false)
$$;

--
-- Name: FUNCTION sync_push(p_table text, p_record jsonb, p_expected_version integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.sync_push(p_table text, p_record jsonb, p_expected_version integer) IS 'Writes one record of p_table (one of sync_tables()) as the caller (row-level security applies), whole or not at all. With p_expected_version = the row_version last pulled: an update of the columns that differ, if the row is still at that version; with NULL or 0: an insert of a row created offline (its id from the record). Returns {status: "applied", record} (also for a retry of a write already applied: same values, at the version it produced); {status: "merged", record, fields} when the row moved on since p_expected_version and the record was merged into it field by field (private.sync_merge: what only the push changed is written, what only the server changed stays, what both changed goes to the later write by the server''s clock, the user id sorting first within a second; fields says per column what won); or {status: "conflict", record: <server row>} when the id exists or the history a merge needs is gone (server wins; with code ALREADY_CLAIMED, message and detail when someone else claimed the item, record null when that took it out of the caller''s sight). Keys must be columns (a task''s or activity''s created_by and listing name declared_by and listing_id, a listing''s assigned_realtor names owned_by). Columns the caller holds INSERT/UPDATE on are written; server-derived ones (created_at, updated_at, row_version, completed_at, claimed_at, edited_at, sync_xid, generated; and a note''s or subtask''s parent_open, which records no longer carry) are ignored; any other must equal the server''s value, else COLUMN_NOT_WRITABLE (42501, detail {table, columns}). claimed_by of a task or activity set to the caller claims it and set to null releases it, through claim_work_item / release_work_item (their errors: ALREADY_COMPLETED, NOT_CLAIMER). A change of a row the caller may not write is refused before anything is compared, and a merge compares only with a version the caller could read (else: conflict). Errors: INVALID_TABLE, INVALID_RECORD, INVALID_VERSION (22023), NULL_ARGUMENT (22004), TOO_LONG (22001: the record is over 64 KiB, or a value over its column''s limit), NOT_FOUND (P0002), NOT_AUTHORIZED (42501), FK_MISSING (23503), UNIQUE_CONFLICT / ID_TAKEN (23505), QUOTA_EXCEEDED (54000). Nothing is changed on error.';

--
-- Name: sync_push_batch(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sync_push_batch(p_table text, p_records jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
declare
  -- About a minute of a mobile network's round trips in one call, and a few seconds of work.
  c_max_records constant integer := 1000;
  v_problem text;
  v_items jsonb[];
  v_single boolean[];  -- per record: no other record of the batch names its id
  v_results jsonb[];
  v_todo integer[];
  v_deferred integer[] := '{}';  -- the edits to write together: their indexes
  v_intents jsonb[] := '{}';     -- and their deferred answers
  v_written jsonb;               -- {id: row} of those the one UPDATE (and the INSERTs) wrote
  v_columns jsonb;               -- the columns a group of new rows names
  v_inserted jsonb;              -- {id: row} of the rows one INSERT wrote
  v_round integer;
  v_i integer;
  v_answer jsonb;
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  perform private.assert_sync_table(p_table);
  if p_records is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_records is required';
  end if;
  if jsonb_typeof(p_records) <> 'array' then
    v_problem := format('p_records is a JSON %s, not an array', jsonb_typeof(p_records));
  elsif jsonb_array_length(p_records) > c_max_records then
    raise exception using errcode = '22023',
      message = format('INVALID_BATCH: %s records, more than the %s a batch may have', jsonb_array_length(p_records), c_max_records),
      detail = jsonb_build_object('max', c_max_records, 'length', jsonb_array_length(p_records))::text,
      hint = 'Push the records in batches of at most that many.';
  else
    select format('item %s is not {"record": {...}, "expected_version": integer or null}', i.n - 1)
      into v_problem
      from jsonb_array_elements(p_records) with ordinality i(item, n)
     where jsonb_typeof(i.item) <> 'object'
        or exists (select from jsonb_object_keys(i.item) k where k not in ('record', 'expected_version'))
        or not i.item ? 'record'
        or coalesce(jsonb_typeof(i.item -> 'expected_version'), 'null') not in ('number', 'null')
        or (jsonb_typeof(i.item -> 'expected_version') = 'number' and i.item ->> 'expected_version' !~ '^[0-9]{1,9}$')
     order by i.n
     limit 1;
  end if;
  if v_problem is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_BATCH: p_records must be an array of {"record": {...}, "expected_version": integer or null}',
      detail = v_problem;
  end if;

  select coalesce(array_agg(x.item order by x.n), '{}'), coalesce(array_agg(x.single order by x.n), '{}')
    into v_items, v_single
    from (select i.n, i.item, pg_catalog.count(*) over (partition by pg_catalog.lower(i.item -> 'record' ->> 'id')) = 1 as single
            from jsonb_array_elements(p_records) with ordinality i(item, n)) x;
  v_results := array_fill(null::jsonb, array[cardinality(v_items)]);
  v_todo := array(select pg_catalog.generate_series(1, cardinality(v_items)));
  -- Round 1: every record, the plain edits and new rows deferred; round 2: the deferred ones
  -- not written.
  for v_round in 1..2 loop
    foreach v_i in array v_todo loop
      begin
        v_answer := private.sync_push_record(p_table, v_items[v_i] -> 'record', (v_items[v_i] ->> 'expected_version')::integer,
                                             v_round = 1 and v_single[v_i]);
        if v_answer ->> 'status' = 'deferred' then
          v_deferred := v_deferred || v_i;
          v_intents := v_intents || v_answer;
        else
          v_results[v_i] := v_answer;
        end if;
      exception when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text,
                                v_detail = pg_exception_detail, v_hint = pg_exception_hint;
        if v_message !~ '^[A-Z][A-Z0-9_]*: ' then
          raise;
        end if;
        v_results[v_i] := jsonb_strip_nulls(jsonb_build_object(
          'status', 'rejected', 'code', substring(v_message from '^([A-Z][A-Z0-9_]*): '), 'sqlstate', v_state,
          'message', v_message, 'detail', private.error_detail(v_detail), 'hint', nullif(v_hint, '')));
      end;
    end loop;
    exit when cardinality(v_deferred) = 0;
    v_written := '{}';
    begin
      if exists (select from unnest(v_intents) d where d ->> 'op' = 'update') then
        execute format('select coalesce(jsonb_object_agg(w.written_id, w.written), ''{}'') from private.%I($1) w',
                       'sync_push_updates_' || p_table)
          into v_written
          using (select jsonb_agg(jsonb_build_object('id', d ->> 'id', 'version', d -> 'version', 'record', d -> 'record',
                                                     'columns', d -> 'columns'))
                   from unnest(v_intents) d where d ->> 'op' = 'update');
      end if;
    exception when others then
      v_written := '{}';  -- each pushed again below, for its own answer
    end;
    -- The new rows, one INSERT per set of columns named (a device's records name the same).
    for v_columns in select distinct d -> 'columns' from unnest(v_intents) d where d ->> 'op' = 'insert' loop
      begin
        execute format('with i as (%s) select coalesce(jsonb_object_agg(i.id, i.written), ''{}'') from i',
                       private.sync_push_insert_sql(p_table, array(select jsonb_array_elements_text(v_columns))))
          into v_inserted
          using (select jsonb_agg(d -> 'record' order by n) from unnest(v_intents) with ordinality u (d, n)
                  where d ->> 'op' = 'insert' and d -> 'columns' = v_columns);
        -- A row storing other than its record says in a column the caller may not write is
        -- refused: all of them pushed again below, so that it alone is.
        if exists (select from unnest(v_intents) d
                    where d ->> 'op' = 'insert' and d -> 'columns' = v_columns and v_inserted ? (d ->> 'id')
                      and cardinality(private.sync_push_refused(array(select jsonb_array_elements_text(d -> 'locked')),
                                                                d -> 'pushed', v_inserted -> (d ->> 'id'))) > 0) then
          raise exception using message = 'sync_push_batch: undo';
        end if;
        v_written := v_written || v_inserted;
      exception when others then
        null;  -- each pushed again below, for its own answer
      end;
    end loop;
    v_todo := '{}';
    for v_i in 1..cardinality(v_deferred) loop
      if v_written ? (v_intents[v_i] ->> 'id') then
        v_results[v_deferred[v_i]] := v_intents[v_i] -> 'answer'
          || jsonb_build_object('record', (v_written -> (v_intents[v_i] ->> 'id'))
                                          - array(select jsonb_array_elements_text(v_intents[v_i] -> 'hidden')));
      else
        v_todo := v_todo || v_deferred[v_i];
      end if;
    end loop;
    v_deferred := '{}';
    v_intents := '{}';
  end loop;
  return to_jsonb(v_results);
end
$_$;

--
-- Name: FUNCTION sync_push_batch(p_table text, p_records jsonb); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.sync_push_batch(p_table text, p_records jsonb) IS 'Pushes up to 1000 records of p_table in one call: p_records is [{record, expected_version}, ...] as sync_push takes them, the answer an array in the same order of what sync_push answered for each ({status: "applied" | "conflict", record, ...}), or {status: "rejected", code, sqlstate, message, detail, hint} for the coded error it raised (detail: the JSON object of the error''s DETAIL where it holds one, such as FK_MISSING''s {table, column, id}, else its text). Each record in a subtransaction of its own: a rejected one changes nothing and undoes nothing of the others. An error without a code fails the whole call (retry it as it is: applied records answer "applied" again). Errors: INVALID_TABLE, INVALID_BATCH (22023: not an array of {record, expected_version}, or more than 1000; nothing is pushed), NULL_ARGUMENT (22004).';

--
-- Name: unregister_push_device(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.unregister_push_device(p_token text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_count integer;
begin
  perform private.caller('unregister_push_device');
  if p_token is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: p_token is required';
  end if;
  delete from public.push_devices d where d.token = p_token and d.user_id = auth.uid();
  get diagnostics v_count = row_count;
  return v_count > 0;
end
$$;

--
-- Name: FUNCTION unregister_push_device(p_token text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.unregister_push_device(p_token text) IS 'Removes the caller''s device with this token (on sign-out); returns whether one was removed. Idempotent: a token the caller does not hold (unknown, already removed, or another user''s) returns false and changes nothing.';

--
-- Name: watchlist_invitations(integer, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.watchlist_invitations(p_limit integer DEFAULT 50, p_before uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
declare
  v_uid uuid := private.caller('watchlist_invitations');
  v_after_at timestamptz;
  v_after_id uuid;
begin
  if p_limit is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_limit is required';
  end if;
  if p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'INVALID_LIMIT: p_limit must be between 1 and 100',
      detail = pg_catalog.format('p_limit = %s', p_limit);
  end if;
  if p_before is not null then
    select s.created_at, s.id into v_after_at, v_after_id
      from public.watchlist_shares s where s.id = p_before and s.user_id = v_uid and s.accepted_at is null;
    if not found then
      raise exception using errcode = '22023',
        message = 'INVALID_CURSOR: p_before is not an invitation of yours (accepted or declined since, or none)',
        hint = 'Start again with p_before NULL.';
    end if;
  end if;
  return (
    select pg_catalog.jsonb_build_object(
             'invitations', coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                              'share_id', i.id, 'watchlist_id', i.watchlist_id, 'role', i.role, 'shared_at', i.created_at,
                              'title', i.title, 'owner_id', i.owner_id, 'owner_name', i.owner_name) order by i.created_at desc, i.id desc),
                            '[]'),
             'next', case when count(*) = p_limit then (pg_catalog.array_agg(i.id order by i.created_at, i.id))[1] end)
      from (select s.id, s.watchlist_id, s.role, s.created_at, w.owner_id, u.name as owner_name,
                   case when w.deleted_at is null then w.title end as title
              from public.watchlist_shares s
              join public.watchlists w on w.id = s.watchlist_id
              left join public.users u on u.id = w.owner_id
             where s.user_id = v_uid and s.accepted_at is null
               and (p_before is null or (s.created_at, s.id) < (v_after_at, v_after_id))
             order by s.created_at desc, s.id desc
             limit p_limit) i);
end
$$;

--
-- Name: FUNCTION watchlist_invitations(p_limit integer, p_before uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.watchlist_invitations(p_limit integer, p_before uuid) IS 'The caller''s invitations: watchlists shared with them that they have not accepted, newest first, p_limit (1..100, default 50) a page: {invitations: [{share_id, watchlist_id, role, shared_at, title (NULL once the list is deleted), owner_id, owner_name}], next: the share_id to pass as p_before for the next page, NULL on the last}. One index range of the caller''s own invitations, whatever else is shared with them. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_LIMIT, INVALID_CURSOR (22023). SECURITY DEFINER: an invitee reads the title and owner of a list they may not see yet.';

--
-- Name: log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.log (
    id bigint NOT NULL,
    table_name text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
)
PARTITION BY LIST (table_name);

--
-- Name: TABLE log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.log IS 'The whole audit trail, one partition per audited table (audit.<table>_log, created by audit.enable_tracking): one row per INSERT, real UPDATE, DELETE and RESTORE.';

--
-- Name: COLUMN log.id; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.id IS 'Entry id; with changed_at the keyset cursor of get_entity_history.';

--
-- Name: COLUMN log.table_name; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.table_name IS 'The audited table (schema public); the partition key.';

--
-- Name: COLUMN log.record_pk; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.record_pk IS 'The id of the audited row.';

--
-- Name: COLUMN log.action; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.action IS 'INSERT, UPDATE, DELETE, or RESTORE (re-created by public.restore_entity).';

--
-- Name: COLUMN log.changed_at; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.changed_at IS 'Server time of the change (clock_timestamp(), so entries of one transaction are told apart).';

--
-- Name: COLUMN log.changed_by; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.changed_by IS 'auth.uid() of the change; NULL for changes made without a calling user (migrations, service jobs).';

--
-- Name: COLUMN log.old_row; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.old_row IS 'The row before the change (UPDATE, DELETE); NULL for INSERT and RESTORE.';

--
-- Name: COLUMN log.new_row; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.new_row IS 'The row after the change (INSERT, UPDATE, RESTORE); NULL for DELETE.';

--
-- Name: COLUMN log.dependents; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON COLUMN audit.log.dependents IS 'DELETE entries of tasks and activities: {subtasks: [their rows], notes: count}; of listings: {tasks: [ids], activities: [ids], notes: count} (what was on the listing). Read by restore_entity; NULL otherwise.';

--
-- Name: log_id_seq; Type: SEQUENCE; Schema: audit; Owner: -
--

CREATE SEQUENCE audit.log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: log_id_seq; Type: SEQUENCE OWNED BY; Schema: audit; Owner: -
--

ALTER SEQUENCE audit.log_id_seq OWNED BY audit.log.id;

--
-- Name: SEQUENCE log_id_seq; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON SEQUENCE audit.log_id_seq IS 'Ids of audit.log entries, shared by every partition (an id names one entry in the whole trail).';

--
-- Name: tracked_tables; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.tracked_tables (
    entity_type text NOT NULL,
    table_name text NOT NULL,
    owner_column text NOT NULL
);

--
-- Name: TABLE tracked_tables; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.tracked_tables IS 'The audited tables, filled by audit.enable_tracking: entity type (the name the RPCs take) -> table in schema public -> the column naming the user who owns a row (reads and restores its history). The only source of identifiers for dynamic SQL in this schema.';

--
-- Name: users; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE users; Type: COMMENT; Schema: auth; Owner: -
--

COMMENT ON TABLE auth.users IS 'Sign-in identities: one row per user who can sign in (public.users holds their profile). Written by whatever signs users up, as the owner; no API role reads it.';

--
-- Name: code_files; Type: TABLE; Schema: migrations; Owner: -
--

CREATE TABLE migrations.code_files (
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    duration_ms integer NOT NULL
);

--
-- Name: TABLE code_files; Type: COMMENT; Schema: migrations; Owner: -
--

COMMENT ON TABLE migrations.code_files IS 'The repeatable layer as the database runs it: one row per sql/code file with the sha256 of the text last applied. A file whose checksum differs is applied again by `migrate`.';

--
-- Name: runner; Type: TABLE; Schema: migrations; Owner: -
--

CREATE TABLE migrations.runner (
);

--
-- Name: TABLE runner; Type: COMMENT; Schema: migrations; Owner: -
--

COMMENT ON TABLE migrations.runner IS 'Locked by a running `migrate` for the whole run, from a session of its own: runners wait for each other. No rows; no API role may lock it (an advisory lock, which any session may take, would let an app user hold every deploy back).';

--
-- Name: schema_migrations; Type: TABLE; Schema: migrations; Owner: -
--

CREATE TABLE migrations.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    duration_ms integer NOT NULL
);

--
-- Name: TABLE schema_migrations; Type: COMMENT; Schema: migrations; Owner: -
--

COMMENT ON TABLE migrations.schema_migrations IS 'Migrations applied by `swift run migrate`: one row per sql/migrations file, with the sha256 of the file as it ran.';

--
-- Name: batches_id_seq; Type: SEQUENCE; Schema: outbox; Owner: -
--

ALTER TABLE outbox.batches ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME outbox.batches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: capture_statements; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.capture_statements (
    table_name text NOT NULL,
    op text NOT NULL,
    statement text NOT NULL,
    CONSTRAINT capture_statements_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text])))
);

--
-- Name: TABLE capture_statements; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.capture_statements IS 'Per outbox table and operation, the statement outbox.capture_changes runs with EXECUTE for a statement that wrote 2 to 16 rows, planned for its row count (its static statements serve the others): the text of its static statement with the actor and the restored id as $1 and $2. Written by outbox.generate_capture with the function, read only by it (SECURITY DEFINER).';

--
-- Name: cursors; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.cursors (
    handler text NOT NULL,
    snapshot pg_snapshot NOT NULL,
    last_event_id bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
)
WITH (fillfactor='10', autovacuum_vacuum_scale_factor='0', autovacuum_vacuum_threshold='50', autovacuum_vacuum_cost_delay='0');

--
-- Name: TABLE cursors; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.cursors IS 'How far each handler has read the log: every event visible in snapshot with an id up to last_event_id has been put in one of its batches, and no other. outbox.claim moves it (the row is locked while a claim reads a page, so two claimers never read the same page); outbox.prune truncates no day a cursor has not passed.';

--
-- Name: COLUMN cursors.snapshot; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.cursors.snapshot IS 'The snapshot of the statement that read the handler''s last page.';

--
-- Name: COLUMN cursors.last_event_id; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.cursors.last_event_id IS 'The largest event id read so far.';

--
-- Name: COLUMN cursors.updated_at; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.cursors.updated_at IS 'When the cursor last moved.';

--
-- Name: retries; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.retries (
    handler text NOT NULL,
    event_id bigint NOT NULL,
    state text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_by text,
    locked_at timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    event jsonb NOT NULL,
    CONSTRAINT retries_lock_check CHECK (((state = 'running'::text) = (locked_by IS NOT NULL))),
    CONSTRAINT retries_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'running'::text, 'failed'::text, 'dead'::text])))
)
WITH (autovacuum_vacuum_scale_factor='0', autovacuum_vacuum_threshold='100', autovacuum_vacuum_cost_delay='0');

--
-- Name: TABLE retries; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.retries IS 'The deliveries taken out of the log''s order, one row per (handler, event): failed (an attempt failed; retried at run_at), running (a retry leased to locked_by until run_at), pending (given back untried, or re-queued), dead (no more attempts; see last_error; outbox.requeue_dead revives it). Each row keeps a copy of its event, so a retry or a dead letter never holds a day of the log back from outbox.prune. Deleted when the handler completes it.';

--
-- Name: COLUMN retries.attempts; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.retries.attempts IS 'Attempts started so far.';

--
-- Name: COLUMN retries.run_at; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.retries.run_at IS 'When the delivery may next be claimed: for pending and failed the due time, for running the lease expiry, for dead when it died.';

--
-- Name: COLUMN retries.locked_by; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.retries.locked_by IS 'The worker holding the lease (running only).';

--
-- Name: COLUMN retries.last_error; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.retries.last_error IS 'The last failure''s message (also "lease ... expired" when a worker vanished).';

--
-- Name: COLUMN retries.created_at; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.retries.created_at IS 'When the delivery left its batch (its first failure or release).';

--
-- Name: COLUMN retries.event; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.retries.event IS 'The outbox.events row, as to_jsonb (jsonb_populate_record(null::outbox.events, event) restores it).';

--
-- Name: dead_deliveries; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.dead_deliveries AS
 SELECT h.name AS handler,
    count(r.event_id) AS dead,
    min(r.run_at) AS oldest_dead_at,
    max(r.run_at) AS newest_dead_at
   FROM (outbox.handlers h
     LEFT JOIN outbox.retries r ON (((r.handler = h.name) AND (r.state = 'dead'::text))))
  GROUP BY h.name
  ORDER BY h.name;

--
-- Name: VIEW dead_deliveries; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.dead_deliveries IS 'Gauge: per handler, the dead deliveries (out of attempts, or failed for good) waiting for a person: how many, and when the first and the last died. The deliveries themselves: select * from outbox.retries where state = ''dead''; outbox.requeue_dead revives them.';

--
-- Name: deliveries; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.deliveries AS
 SELECT r.handler,
    r.event_id,
    r.state,
    r.attempts,
    r.run_at,
    r.locked_by,
    r.locked_at,
    r.last_error,
    r.created_at,
    NULL::bigint AS batch_id
   FROM outbox.retries r
UNION ALL
 SELECT b.handler,
    e.id AS event_id,
    b.state,
    b.attempts,
    b.run_at,
    b.locked_by,
    b.locked_at,
    b.last_error,
    b.created_at,
    b.lease_id AS batch_id
   FROM (outbox.batches b
     CROSS JOIN LATERAL outbox.batch_events(b.*) e(id, table_name, op, record_id, record, old_record, audience, visible_to_all, txid, created_at, actor, restored))
  WHERE (b.state <> 'free'::text);

--
-- Name: VIEW deliveries; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.deliveries IS 'Every outstanding (handler, event) that a worker holds or will retry: the events of the leased or given-back batches (state running or pending, batch_id set) and the retries (pending, running, failed, dead). Events no cursor has read yet are not listed (outbox.queue counts them as unclaimed). For psql: it finds each batch''s events again.';

--
-- Name: events_id_seq; Type: SEQUENCE; Schema: outbox; Owner: -
--

ALTER TABLE outbox.events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME outbox.events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: events_p00; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p00 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p00; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p00 IS 'The days d with (d - 1970-01-01) % 16 = 0 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p01; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p01 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p01; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p01 IS 'The days d with (d - 1970-01-01) % 16 = 1 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p02; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p02 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p02; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p02 IS 'The days d with (d - 1970-01-01) % 16 = 2 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p03; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p03 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p03; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p03 IS 'The days d with (d - 1970-01-01) % 16 = 3 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p04; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p04 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p04; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p04 IS 'The days d with (d - 1970-01-01) % 16 = 4 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p05; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p05 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p05; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p05 IS 'The days d with (d - 1970-01-01) % 16 = 5 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p06; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p06 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p06; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p06 IS 'The days d with (d - 1970-01-01) % 16 = 6 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p07; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p07 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p07; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p07 IS 'The days d with (d - 1970-01-01) % 16 = 7 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p08; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p08 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p08; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p08 IS 'The days d with (d - 1970-01-01) % 16 = 8 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p09; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p09 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p09; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p09 IS 'The days d with (d - 1970-01-01) % 16 = 9 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p10; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p10 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p10; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p10 IS 'The days d with (d - 1970-01-01) % 16 = 10 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p11; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p11 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p11; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p11 IS 'The days d with (d - 1970-01-01) % 16 = 11 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p12; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p12 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p12; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p12 IS 'The days d with (d - 1970-01-01) % 16 = 12 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p13; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p13 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p13; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p13 IS 'The days d with (d - 1970-01-01) % 16 = 13 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p14; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p14 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p14; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p14 IS 'The days d with (d - 1970-01-01) % 16 = 14 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: events_p15; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.events_p15 (
    id bigint NOT NULL,
    table_name text NOT NULL,
    op text NOT NULL,
    record_id uuid,
    record jsonb,
    old_record jsonb,
    audience uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    visible_to_all boolean DEFAULT false NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    restored boolean DEFAULT false NOT NULL,
    CONSTRAINT events_old_record_check CHECK (((old_record IS NULL) = (op = 'insert'::text))),
    CONSTRAINT events_op_check CHECK ((op = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT events_record_check CHECK (((record IS NULL) = (op = 'delete'::text)))
);

--
-- Name: TABLE events_p15; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.events_p15 IS 'The days d with (d - 1970-01-01) % 16 = 15 of outbox.events (one day at a time; emptied by outbox.prune).';

--
-- Name: tables; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.tables AS
 SELECT (c.relname)::text AS table_name,
    (c.oid)::regclass AS relation
   FROM ((pg_trigger t
     JOIN pg_class c ON ((c.oid = t.tgrelid)))
     JOIN pg_proc p ON ((p.oid = t.tgfoid)))
  WHERE ((t.tgname = 'outbox_update'::name) AND (p.proname = 'capture_changes'::name) AND (p.pronamespace = ('outbox'::regnamespace)::oid));

--
-- Name: VIEW tables; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.tables IS 'The tables whose changes are recorded (they have the outbox triggers).';

--
-- Name: events_per_minute; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.events_per_minute AS
 SELECT t.table_name,
    count(e.id) AS events,
    (date_trunc('minute'::text, now()) - '00:01:00'::interval) AS minute
   FROM (outbox.tables t
     LEFT JOIN outbox.events e ON (((e.table_name = t.table_name) AND (e.created_at >= (date_trunc('minute'::text, now()) - '00:01:00'::interval)) AND (e.created_at < date_trunc('minute'::text, now())))))
  GROUP BY t.table_name
  ORDER BY t.table_name;

--
-- Name: VIEW events_per_minute; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.events_per_minute IS 'Gauge: per recorded table, the events created in the last complete minute (minute = its start). Reads that minute of the log only (BRIN on created_at).';

--
-- Name: lease_ids; Type: SEQUENCE; Schema: outbox; Owner: -
--

CREATE SEQUENCE outbox.lease_ids
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: SEQUENCE lease_ids; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON SEQUENCE outbox.lease_ids IS 'Lease ids of outbox.batches: a new one each time a batch is leased.';

--
-- Name: log_horizon; Type: TABLE; Schema: outbox; Owner: -
--

CREATE TABLE outbox.log_horizon (
    singleton boolean DEFAULT true NOT NULL,
    last_event_id bigint DEFAULT 0 NOT NULL,
    min_txid xid8,
    max_txid xid8,
    pruned_events bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT log_horizon_singleton_check CHECK (singleton)
);

--
-- Name: TABLE log_horizon; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON TABLE outbox.log_horizon IS 'What outbox.prune has removed from the log so far: every truncated event has an id up to last_event_id and a txid between min_txid and max_txid. A feed cursor (snapshot, last id) is expired when last_event_id is above its last id, or when one of those transactions was not visible in its snapshot. One row.';

--
-- Name: COLUMN log_horizon.last_event_id; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.log_horizon.last_event_id IS 'The largest event id truncated (0 = none yet).';

--
-- Name: COLUMN log_horizon.min_txid; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.log_horizon.min_txid IS 'The smallest writing transaction among the truncated events (NULL = none yet).';

--
-- Name: COLUMN log_horizon.max_txid; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.log_horizon.max_txid IS 'The largest writing transaction among the truncated events (NULL = none yet).';

--
-- Name: COLUMN log_horizon.pruned_events; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON COLUMN outbox.log_horizon.pruned_events IS 'Events truncated since the log began.';

--
-- Name: unclaimed; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.unclaimed AS
 SELECT b.handler,
    b.events,
    b.oldest_created_at
   FROM outbox.backlog() b(handler, events, oldest_created_at);

--
-- Name: VIEW unclaimed; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.unclaimed IS 'Per handler, the committed events it wants that its cursor has not read yet (its backlog in the log) and the created_at of the oldest (outbox.backlog()).';

--
-- Name: oldest_pending; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.oldest_pending AS
 WITH oldest AS (
         SELECT u.handler,
            u.oldest_created_at AS at
           FROM outbox.unclaimed u
        UNION ALL
         SELECT b.handler,
            b.oldest_created_at
           FROM outbox.batches b
          WHERE (b.state <> 'free'::text)
        UNION ALL
         SELECT r.handler,
            ((r.event ->> 'created_at'::text))::timestamp with time zone AS timestamptz
           FROM outbox.retries r
          WHERE (r.state <> 'dead'::text)
        )
 SELECT h.name AS handler,
    min(o.at) AS oldest_created_at,
    (COALESCE(EXTRACT(epoch FROM (now() - min(o.at))), (0)::numeric))::double precision AS age_seconds
   FROM (outbox.handlers h
     LEFT JOIN oldest o ON ((o.handler = h.name)))
  GROUP BY h.name
  ORDER BY h.name;

--
-- Name: VIEW oldest_pending; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.oldest_pending IS 'Gauge: per handler, the created_at of the oldest event it has not handled yet (unclaimed, leased, given back or waiting for a retry; dead ones excluded) and its age in seconds (0 when there is none).';

--
-- Name: queue_depth; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.queue_depth AS
 WITH counts AS (
         SELECT b.handler,
                CASE
                    WHEN ((b.state = 'pending'::text) AND (b.run_at <= now())) THEN 'pending'::text
                    WHEN (b.state = 'pending'::text) THEN 'scheduled'::text
                    WHEN (b.run_at > now()) THEN 'in_flight'::text
                    ELSE 'lease_expired'::text
                END AS state,
            b.events AS n
           FROM outbox.batches b
          WHERE (b.state <> 'free'::text)
        UNION ALL
         SELECT r.handler,
                CASE
                    WHEN ((r.state = 'pending'::text) AND (r.run_at <= now())) THEN 'pending'::text
                    WHEN (r.state = 'pending'::text) THEN 'scheduled'::text
                    WHEN ((r.state = 'running'::text) AND (r.run_at > now())) THEN 'in_flight'::text
                    WHEN (r.state = 'running'::text) THEN 'lease_expired'::text
                    WHEN (r.state = 'failed'::text) THEN 'retrying'::text
                    ELSE 'dead'::text
                END AS "case",
            1
           FROM outbox.retries r
        UNION ALL
         SELECT u.handler,
            'unclaimed'::text,
            u.events
           FROM outbox.unclaimed u
        )
 SELECT h.name AS handler,
    s.state,
    (COALESCE(sum(c.n), (0)::numeric))::bigint AS deliveries
   FROM ((outbox.handlers h
     CROSS JOIN unnest('{unclaimed,pending,scheduled,in_flight,lease_expired,retrying,dead}'::text[]) s(state))
     LEFT JOIN counts c ON (((c.handler = h.name) AND (c.state = s.state))))
  GROUP BY h.name, s.state
  ORDER BY h.name, s.state;

--
-- Name: VIEW queue_depth; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.queue_depth IS 'Gauge: deliveries per handler and state, every state always present: unclaimed (in the log, not read by the handler''s cursor yet), pending (given back or re-queued, due), scheduled (given back, due later), in_flight (leased), lease_expired (its worker is gone; claimed again next), retrying (failed, waiting for outbox.retry_delay), dead.';

--
-- Name: queue; Type: VIEW; Schema: outbox; Owner: -
--

CREATE VIEW outbox.queue AS
 SELECT d.handler,
    (sum(d.deliveries) FILTER (WHERE (d.state = ANY (ARRAY['unclaimed'::text, 'pending'::text]))))::bigint AS pending,
    (sum(d.deliveries) FILTER (WHERE (d.state = 'unclaimed'::text)))::bigint AS unclaimed,
    (sum(d.deliveries) FILTER (WHERE (d.state = 'scheduled'::text)))::bigint AS scheduled,
    (sum(d.deliveries) FILTER (WHERE (d.state = 'in_flight'::text)))::bigint AS in_flight,
    (sum(d.deliveries) FILTER (WHERE (d.state = 'lease_expired'::text)))::bigint AS lease_expired,
    (sum(d.deliveries) FILTER (WHERE (d.state = 'retrying'::text)))::bigint AS failed,
    (sum(d.deliveries) FILTER (WHERE (d.state = 'dead'::text)))::bigint AS dead,
    ( SELECT (now() - o.oldest_created_at)
           FROM outbox.oldest_pending o
          WHERE (o.handler = d.handler)) AS oldest_unhandled_age,
    ( SELECT min(r.run_at) AS min
           FROM outbox.retries r
          WHERE ((r.handler = d.handler) AND (r.state = 'failed'::text))) AS next_retry_at
   FROM outbox.queue_depth d
  GROUP BY d.handler
  ORDER BY d.handler;

--
-- Name: VIEW queue; Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON VIEW outbox.queue IS 'The queue per handler, for psql and dispatch-worker status: pending (due: unclaimed events in the log plus deliveries given back or re-queued), unclaimed (not read by the handler''s cursor yet), scheduled, in_flight (leased), lease_expired (worker gone; claimed again next), failed (waiting for a retry), dead, the age of the oldest unhandled event and the next retry time.';

--
-- Name: api_functions; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.api_functions (
    signature text NOT NULL,
    class text NOT NULL,
    roles text[] NOT NULL,
    why text NOT NULL,
    calls jsonb DEFAULT '[]'::jsonb NOT NULL,
    CONSTRAINT api_functions_calls_check CHECK ((jsonb_typeof(calls) = 'array'::text)),
    CONSTRAINT api_functions_class_check CHECK ((class = ANY (ARRAY['rpc'::text, 'worker'::text, 'policy'::text, 'internal'::text]))),
    CONSTRAINT api_functions_roles_check CHECK (((roles <@ ARRAY['authenticated'::text, 'service_role'::text]) AND (cardinality(roles) > 0)))
);

--
-- Name: TABLE api_functions; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.api_functions IS 'The functions anon, authenticated and service_role may execute, and nothing else (sql/code/manifest/api.sql; the privilege matrix tests hold the database to it). signature: schema.name(argument types), {table} standing for each synced table in a generated family; class: rpc (an app''s documented RPC), worker (the worker''s and monitoring''s documented functions), policy (what row-level security policies and guards call as the app user: invoker, or answering only about the caller), internal (an invoker helper an invoker RPC calls as the caller, never SECURITY DEFINER); roles: who may execute it; why: the reason, said once; calls: how the generated isolation suite calls it as a user ({sql, id, each, state, new, record, reads}: Tests/SecurityTests/HostileUsers.swift).';

--
-- Name: child_parents; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.child_parents (
    parent_id uuid NOT NULL,
    kind text NOT NULL,
    child_table text NOT NULL,
    open boolean NOT NULL,
    children integer DEFAULT 0 NOT NULL,
    children_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    opened_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    opened_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT child_parents_children_check CHECK ((children >= 0))
);

--
-- Name: TABLE child_parents; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.child_parents IS 'One row per parent (a task or activity: kind) that has had children in child_table (notes, subtasks): whether every user may see the parent now (open, its everyone rule), how many children it has, the transaction that last wrote one of them (children_xid) and the one that last changed its openness (opened_xid, at opened_at). A child of an open parent is visible to every user; a claim, release or completion changes this row, never the children. Kept by triggers of the children and of the parents.';

--
-- Name: COLUMN child_parents.children_xid; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.child_parents.children_xid IS 'The transaction that last inserted, changed or deleted a child of this parent in child_table: writers of one parent''s children queue on this row, so the last of them committed last, and a pull whose cursor has not seen it reads the parent''s children written since.';

--
-- Name: COLUMN child_parents.opened_xid; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.child_parents.opened_xid IS 'The transaction that last changed open (or created the row): a pull whose cursor has not seen it delivers the children of a parent opened since, or revokes those of a parent closed since.';

--
-- Name: claim_settings; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.claim_settings (
    id boolean DEFAULT true NOT NULL,
    expire_after interval,
    CONSTRAINT claim_settings_expire_after_check CHECK ((expire_after > '00:00:00'::interval)),
    CONSTRAINT claim_settings_id_check CHECK (id)
);

--
-- Name: TABLE claim_settings; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.claim_settings IS 'The one row of claim settings: expire_after, how long a claim of a task or activity holds before the worker releases it (NULL: claims never expire). Read at each claim (claim_expires_at); an operator may update the row; only the database owner can.';

--
-- Name: deleted_subtasks; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.deleted_subtasks (
    id uuid NOT NULL,
    parent_table text NOT NULL,
    parent_id uuid NOT NULL
);

--
-- Name: TABLE deleted_subtasks; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.deleted_subtasks IS 'The id of every subtask that went with a deleted task or activity (parent_table, parent_id) not restored since: written by the audit DELETE trigger, removed by the restore that brings it back. An app user''s INSERT of such an id is ID_TAKEN. Nobody but the owner reads or writes it.';

--
-- Name: COLUMN deleted_subtasks.id; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.deleted_subtasks.id IS 'The subtask''s id.';

--
-- Name: COLUMN deleted_subtasks.parent_table; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.deleted_subtasks.parent_table IS 'tasks or activities: the table of the deleted parent.';

--
-- Name: COLUMN deleted_subtasks.parent_id; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.deleted_subtasks.parent_id IS 'The deleted parent''s id.';

--
-- Name: job_locks; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.job_locks (
    job text NOT NULL
);

--
-- Name: TABLE job_locks; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.job_locks IS 'The jobs one worker at a time runs (maintenance, outbox.prune): a job locks its row for its transaction (private.try_job_lock; outbox.prune waits for it). Nobody but the owner reads or writes it.';

--
-- Name: COLUMN job_locks.job; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.job_locks.job IS 'The job''s name.';

--
-- Name: notification_badge_entities; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.notification_badge_entities (
    user_id uuid NOT NULL,
    badge_group text NOT NULL,
    entity_type text NOT NULL,
    entity_id uuid NOT NULL,
    unread integer NOT NULL,
    latest_at timestamp with time zone NOT NULL
);

--
-- Name: TABLE notification_badge_entities; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.notification_badge_entities IS 'Unread notifications per user, badge group and entity (entity_type, entity_id), with the newest one''s created_at: the details of get_badge_counts(true), for the groups it details (requests, messages). Written only by the triggers of public.notifications.';

--
-- Name: notification_badge_totals; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.notification_badge_totals (
    user_id uuid NOT NULL,
    badge_group text NOT NULL,
    unread integer NOT NULL
);

--
-- Name: TABLE notification_badge_totals; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.notification_badge_totals IS 'Unread notifications per user and badge group (public.notification_types.badge_group): what get_badge_counts returns as its totals. One row per user and group with unread notifications; written only by the triggers of public.notifications.';

--
-- Name: notification_budgets; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.notification_budgets (
    sender uuid NOT NULL,
    recipient uuid NOT NULL,
    window_start timestamp with time zone NOT NULL,
    sent integer NOT NULL,
    over_budget integer DEFAULT 0 NOT NULL
);

--
-- Name: TABLE notification_budgets; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.notification_budgets IS 'Notifications each sender caused each recipient (recipient = the nil uuid: all recipients together) since window_start; a window older than an hour starts again at the next notification. Written only by private.spend_notification_budgets(uuid[], uuid[], text[]), once per batch of notifications, as the last statement of its insert; read without a lock by private.plan_notification_budgets(uuid[], uuid[]) before it.';

--
-- Name: COLUMN notification_budgets.over_budget; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.notification_budgets.over_budget IS 'Notifications of the window past the budget (stored, pushed as one summary and then collapsed); 0 again when a new window starts.';

--
-- Name: notification_limits; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.notification_limits (
    id boolean DEFAULT true NOT NULL,
    per_recipient_per_hour integer NOT NULL,
    per_sender_per_hour integer NOT NULL,
    CONSTRAINT notification_limits_id_check CHECK (id),
    CONSTRAINT notification_limits_per_recipient_per_hour_check CHECK ((per_recipient_per_hour > 0)),
    CONSTRAINT notification_limits_per_sender_per_hour_check CHECK ((per_sender_per_hour > 0))
);

--
-- Name: TABLE notification_limits; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.notification_limits IS 'The one row of notification rate limits: at most per_recipient_per_hour notifications one user (source_user_id) causes one recipient, and per_sender_per_hour to all recipients together, are pushed on their own per hour; the rest are stored and counted all the same, pushed as one summary per window and then not pushed (public.notifications.push_mode). An operator may update the row; only the database owner can.';

--
-- Name: notification_preferences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notification_preferences (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    preference_key text NOT NULL,
    enabled boolean NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT notification_preferences_preference_key_length CHECK (((char_length(preference_key) <= 100) OR private.too_long('notification_preferences'::text, 'preference_key'::text, 100, char_length(preference_key))))
);
ALTER TABLE ONLY public.notification_preferences ALTER COLUMN user_id SET (n_distinct=-0.01);

--
-- Name: TABLE notification_preferences; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.notification_preferences IS 'Each user''s notification switches: a row per preference key the user has set (a key without a row is on). Keys are the preference_key values of public.notification_types, which only types a user may disable have; mandatory types (account state, announcements) have none, so nothing here can silence them. Users read and write their own rows (row-level security); the worker reads them through private.notification_mutes.';

--
-- Name: COLUMN notification_preferences.user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_preferences.user_id IS 'Whose switch; defaults to the caller.';

--
-- Name: COLUMN notification_preferences.preference_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_preferences.preference_key IS 'A preference_key of public.notification_types (e.g. notify_messages); any other value is refused with INVALID_PREFERENCE (22023).';

--
-- Name: COLUMN notification_preferences.enabled; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_preferences.enabled IS 'False: the worker creates no notification, and sends no push, of the types with this key to this user.';

--
-- Name: notification_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notification_types (
    type text NOT NULL,
    badge_group text NOT NULL,
    user_can_disable boolean NOT NULL,
    preference_key text,
    push_category text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT notification_types_badge_group_check CHECK ((badge_group = ANY (ARRAY['requests'::text, 'messages'::text, 'community'::text, 'bell_only'::text]))),
    CONSTRAINT notification_types_preference_key_check CHECK ((user_can_disable = (preference_key IS NOT NULL))),
    CONSTRAINT notification_types_push_category_check CHECK ((push_category ~ '^[A-Z][A-Z_]*$'::text))
);

--
-- Name: TABLE notification_types; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.notification_types IS 'Registry of notification types: the one place that says, per type, which badge it counts towards, whether the user may disable it, its preference key and its APNs category. Mirrored verbatim by the valid_notification_type CHECK on public.notifications and by the Swift NotificationType enum; see public.notification_registry_drift().';

--
-- Name: COLUMN notification_types.type; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_types.type IS 'The value stored in notifications.type and sent as "type" in push payloads.';

--
-- Name: COLUMN notification_types.badge_group; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_types.badge_group IS 'Which badge an unread notification of this type counts towards in get_badge_counts: requests, messages, community, or bell_only (the bell and nothing else). The four are disjoint, so the app-icon total is their sum.';

--
-- Name: COLUMN notification_types.user_can_disable; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_types.user_can_disable IS 'False for mandatory types (account state, announcements) that are always delivered.';

--
-- Name: COLUMN notification_types.preference_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_types.preference_key IS 'Name of the user preference that turns this type off; NULL exactly when user_can_disable is false.';

--
-- Name: COLUMN notification_types.push_category; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notification_types.push_category IS 'APNs category identifier (aps.category) the apps register actions for.';

--
-- Name: notification_mutes; Type: VIEW; Schema: private; Owner: -
--

CREATE VIEW private.notification_mutes AS
 SELECT p.user_id,
    t.type
   FROM (public.notification_preferences p
     JOIN public.notification_types t ON ((t.preference_key = p.preference_key)))
  WHERE ((NOT p.enabled) AND t.user_can_disable);

--
-- Name: VIEW notification_mutes; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON VIEW private.notification_mutes IS 'The notification types each user turned off: (user_id, type) for every type whose preference the user set to false. Mandatory types never appear. NotificationWriter.insert skips these recipients, and the push handler does not push to them (a preference turned off between the insert and the push). The worker''s (service_role).';

--
-- Name: notification_push_gauges; Type: VIEW; Schema: private; Owner: -
--

CREATE VIEW private.notification_push_gauges WITH (security_barrier='true') AS
 SELECT count(*) FILTER (WHERE (b.recipient <> '00000000-0000-0000-0000-000000000000'::uuid)) AS summaries,
    COALESCE(sum((b.over_budget - 1)) FILTER (WHERE (b.recipient <> '00000000-0000-0000-0000-000000000000'::uuid)), (0)::bigint) AS collapsed
   FROM private.notification_budgets b
  WHERE ((b.over_budget > 0) AND (b.window_start > (now() - '01:00:00'::interval)));

--
-- Name: VIEW notification_push_gauges; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON VIEW private.notification_push_gauges IS 'Pushes held back by the notification budgets in the windows that began in the last hour: summaries (summary pushes sent, one per pair of sender and recipient past their budget), collapsed (notifications stored and counted but not pushed). For the exporter''s gauges; the worker counts the same as push.summaries and push.collapsed.';

--
-- Name: quota_usage; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.quota_usage (
    name text NOT NULL,
    user_id uuid NOT NULL,
    window_start timestamp with time zone NOT NULL,
    used integer NOT NULL
);

--
-- Name: TABLE quota_usage; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.quota_usage IS 'What each user used of each quota with a period since window_start; a window older than the period starts again at the next use. Written only by private.spend_quota.';

--
-- Name: quotas; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.quotas (
    name text NOT NULL,
    value integer NOT NULL,
    period interval,
    description text NOT NULL,
    CONSTRAINT quotas_period_check CHECK ((period > '00:00:00'::interval)),
    CONSTRAINT quotas_value_check CHECK ((value > 0))
);

--
-- Name: TABLE quotas; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.quotas IS 'The limits on what one user may put before others, one row each: value per period (NULL: at any one time, or per row or call). Checked by sql/code/platform/quotas.sql; over one, QUOTA_EXCEEDED (54000) and nothing changes. An operator may update value; only the database owner can.';

--
-- Name: restoring; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.restoring (
    xact xid8 DEFAULT pg_current_xact_id() NOT NULL,
    table_name text NOT NULL,
    id uuid NOT NULL
);

--
-- Name: TABLE restoring; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.restoring IS 'The row public.restore_entity is re-creating, in its own transaction (xact): inserted before its INSERT and deleted after it, never committed. Read by the audit and outbox triggers (audit.restoring_id). Nobody but the owner reads or writes it.';

--
-- Name: COLUMN restoring.xact; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.restoring.xact IS 'The restoring transaction.';

--
-- Name: COLUMN restoring.table_name; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.restoring.table_name IS 'The table of the row being restored.';

--
-- Name: COLUMN restoring.id; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.restoring.id IS 'The id of the row being restored.';

--
-- Name: sync_deletions_awaiting_purge; Type: VIEW; Schema: private; Owner: -
--

CREATE VIEW private.sync_deletions_awaiting_purge AS
 SELECT g.table_name,
    g.deletions,
    g.estimated,
    g.oldest_deleted_at,
    g.oldest_age_seconds
   FROM private.sync_deletion_gauge() g(table_name, deletions, estimated, oldest_deleted_at, oldest_age_seconds);

--
-- Name: VIEW sync_deletions_awaiting_purge; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON VIEW private.sync_deletions_awaiting_purge IS 'Gauge: per synced table, the hard deletions kept for sync_pull (public.sync_deletions, which has a row per scope key of each deleted row: counted here once per deleted row) until public.purge_sync_deletions removes them after 30 days: how many (exact while the table has under 10,000 log rows; above, estimated from the statistics), and the oldest one''s deleted_at and age in seconds (0 when none). The oldest is that of the earliest deleting transaction (one index probe), so within that transaction''s duration of the earliest deletion. An age well past 30 days means the purge stopped.';

--
-- Name: sync_field_changes; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.sync_field_changes (
    table_name text NOT NULL,
    row_id uuid NOT NULL,
    row_version integer NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    changed_by uuid,
    digests jsonb NOT NULL,
    base_keys text[]
);

--
-- Name: TABLE sync_field_changes; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.sync_field_changes IS 'One row per UPDATE of a synced row that bumped its row_version: the version it produced, when (server clock) and by whom, and for each column it changed the md5 of the column''s previous value (its canonical JSON text). Written by the _sync_fields trigger, read by sync_push''s per-field merge, purged after 30 days with the sync logs (purge_sync_deletions). Private: no API role reads it.';

--
-- Name: COLUMN sync_field_changes.changed_by; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.sync_field_changes.changed_by IS 'auth.uid() of the writer; NULL for a write without a calling user (the worker, the service role, a migration).';

--
-- Name: COLUMN sync_field_changes.digests; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.sync_field_changes.digests IS '{column: md5 of the value the column had before this write}: the value a device that last saw an older version holds, recognised without storing it.';

--
-- Name: COLUMN sync_field_changes.base_keys; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.sync_field_changes.base_keys IS 'The scope keys (kind:key, derived ones resolved through the parent) the row had at the version this write was made from: who could read that version. The merge''s history (private.sync_merge_history) shows a caller only the changes whose base_keys they hold. NULL for writes recorded before it was kept: shown to nobody.';

--
-- Name: sync_mark_purges; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.sync_mark_purges (
    taken_at timestamp with time zone NOT NULL,
    below xid8 NOT NULL
);

--
-- Name: TABLE sync_mark_purges; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.sync_mark_purges IS 'At each purge_sync_marks, when it ran and the oldest transaction id then still running (pg_snapshot_xmin): a later purge deletes the marks below the newest of these older than the retention.';

--
-- Name: sync_merge_history; Type: VIEW; Schema: private; Owner: -
--

CREATE VIEW private.sync_merge_history WITH (security_barrier='true') AS
 SELECT c.table_name,
    c.row_id,
    c.row_version,
    c.changed_at,
    c.changed_by,
    c.digests
   FROM private.sync_field_changes c
  WHERE (c.base_keys && ( SELECT private.caller_key_texts() AS caller_key_texts));

--
-- Name: VIEW sync_merge_history; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON VIEW private.sync_merge_history IS 'The changes of private.sync_field_changes the caller may know of: those made from a version whose scope keys (base_keys) the caller holds, every user''s key included. What the per-field merge reads (private.sync_merge, as the caller): it never compares with a version the caller could not read. One index range (base_keys, GIN) of the caller''s keys, whatever others hold.';

--
-- Name: table_manifest; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.table_manifest (
    ordinal integer NOT NULL,
    table_name text NOT NULL,
    visible_to jsonb NOT NULL,
    admin_sees boolean DEFAULT true NOT NULL,
    stamped boolean DEFAULT true NOT NULL,
    lengths jsonb DEFAULT '{}'::jsonb NOT NULL,
    tombstoned boolean DEFAULT false NOT NULL,
    synced boolean DEFAULT false NOT NULL,
    outbox boolean DEFAULT false NOT NULL,
    realtime text,
    audit_entity text,
    audit_owner text,
    insert_by jsonb DEFAULT '[]'::jsonb NOT NULL,
    update_by jsonb DEFAULT '[]'::jsonb NOT NULL,
    delete_by jsonb DEFAULT '[]'::jsonb NOT NULL,
    parent jsonb,
    claimed_as text,
    aliases jsonb DEFAULT '{}'::jsonb NOT NULL,
    example jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT table_manifest_aliases_check CHECK ((jsonb_typeof(aliases) = 'object'::text)),
    CONSTRAINT table_manifest_audit_check CHECK (((audit_entity IS NULL) = (audit_owner IS NULL))),
    CONSTRAINT table_manifest_example_check CHECK ((jsonb_typeof(example) = 'object'::text)),
    CONSTRAINT table_manifest_lengths_check CHECK ((jsonb_typeof(lengths) = 'object'::text)),
    CONSTRAINT table_manifest_parent_check CHECK (((parent IS NULL) OR (jsonb_typeof(parent) = 'object'::text))),
    CONSTRAINT table_manifest_realtime_check CHECK ((realtime = ANY (ARRAY['default'::text, 'full'::text]))),
    CONSTRAINT table_manifest_visible_to_check CHECK (((jsonb_typeof(visible_to) = 'array'::text) AND (jsonb_array_length(visible_to) > 0))),
    CONSTRAINT table_manifest_writes_check CHECK (((jsonb_typeof(insert_by) = 'array'::text) AND (jsonb_typeof(update_by) = 'array'::text) AND (jsonb_typeof(delete_by) = 'array'::text)))
);

--
-- Name: TABLE table_manifest; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.table_manifest IS 'Per table of schema public, the features it takes part in (written by sql/code/90_table_manifest.sql; private.apply_manifest() generates the rest). Ordinal is the order of the file: the order of private.sync_tables().';

--
-- Name: COLUMN table_manifest.visible_to; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.visible_to IS 'Who may see a row: the table''s rules in private.visibility_rules, as a JSON array of {kind, column, condition}.';

--
-- Name: COLUMN table_manifest.admin_sees; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.admin_sees IS 'Admins see every row (false for rows private to their owner).';

--
-- Name: COLUMN table_manifest.stamped; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.stamped IS 'updated_at and row_version are set by the server (private.stamp_row).';

--
-- Name: COLUMN table_manifest.lengths; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.lengths IS 'Length limits of the text columns apps write: {"column": max characters} (TOO_LONG).';

--
-- Name: COLUMN table_manifest.tombstoned; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.tombstoned IS 'deleted_at is a tombstone stamped with the server clock (private.stamp_deleted_at).';

--
-- Name: COLUMN table_manifest.synced; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.synced IS 'Served by sync_pull and sync_push.';

--
-- Name: COLUMN table_manifest.outbox; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.outbox IS 'Every change is recorded in outbox.events with its audience.';

--
-- Name: COLUMN table_manifest.realtime; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.realtime IS 'Published to Supabase Realtime with this replica identity (default or full); NULL = never.';

--
-- Name: COLUMN table_manifest.audit_entity; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.audit_entity IS 'Audited (audit.log) under this entity type; audit_owner names the owning column.';

--
-- Name: COLUMN table_manifest.insert_by; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.insert_by IS 'Who may insert a row (the INSERT policy of authenticated): rules {kind, column, condition, parent} in the vocabulary of visible_to, any of which lets the caller; [] = no app user inserts.';

--
-- Name: COLUMN table_manifest.update_by; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.update_by IS 'Who may update a row, as insert_by (the UPDATE policy, on the row before and after).';

--
-- Name: COLUMN table_manifest.delete_by; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.delete_by IS 'Who may delete a row, as insert_by (the DELETE policy).';

--
-- Name: COLUMN table_manifest.parent; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.parent IS 'The row a row belongs to: {"column": c, "table": t} (a foreign key), or {"column": c, "type_column": tc, "tables": {type: table}} (a parent of one of several tables named by tc). Write rules ask the caller to see it or to be allowed to write it; the child follows it (checked, deleted with it).';

--
-- Name: COLUMN table_manifest.claimed_as; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.claimed_as IS 'The item type under which claim_work_item and release_work_item claim rows of this table (task, activity), and sync_push reads claimed_by set to the caller, or to null, as a claim or release.';

--
-- Name: COLUMN table_manifest.aliases; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.aliases IS 'Keys an app''s records may carry for a column of another name, {"key": "column"} (sync_push writes the column); {"key": null}: a key records may carry and sync_push ignores.';

--
-- Name: COLUMN table_manifest.example; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON COLUMN private.table_manifest.example IS 'Values of an example row the generated isolation suite cannot derive from the rules and the catalog (keys, references, defaults, CHECK lists): {"column": value}, or {"column": {"row": table, "with": {...}}} for a row of its own of that table.';

--
-- Name: table_manifest_ordinal_seq; Type: SEQUENCE; Schema: private; Owner: -
--

ALTER TABLE private.table_manifest ALTER COLUMN ordinal ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.table_manifest_ordinal_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: tombstones_awaiting_purge; Type: VIEW; Schema: private; Owner: -
--

CREATE VIEW private.tombstones_awaiting_purge AS
 SELECT g.table_name,
    g.tombstones,
    g.estimated,
    g.oldest_deleted_at,
    g.oldest_age_seconds
   FROM private.tombstone_gauge() g(table_name, tombstones, estimated, oldest_deleted_at, oldest_age_seconds);

--
-- Name: VIEW tombstones_awaiting_purge; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON VIEW private.tombstones_awaiting_purge IS 'Gauge: per table with deleted_at tombstones (those private.stamp_deleted_at stamps: the watchlist and journal tables), the tombstones public.purge_watchlist_tombstones and public.purge_journal_tombstones hard-delete once they are 30 days old: how many (exact, or from the statistics when over 10,000: estimated), and the oldest one''s deleted_at and age in seconds (0 when none). An age well past 30 days means the purge stopped.';

--
-- Name: visibility_kinds; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.visibility_kinds (
    kind text NOT NULL,
    derived_from text,
    description text NOT NULL
);

--
-- Name: TABLE visibility_kinds; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.visibility_kinds IS 'The kinds of scope keys: what the uuid of a key of this kind names, and who holds it (private.user_keys and private.key_holders say it in SQL). A derived kind (derived_from set) is held by whoever may see the row of that table whose id is the key: a note on a task is seen with the task.';

--
-- Name: visibility_tables; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.visibility_tables (
    table_name text NOT NULL,
    admin_sees boolean NOT NULL
);

--
-- Name: TABLE visibility_tables; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.visibility_tables IS 'The tables whose visibility private.visibility_rules defines, and whether admins see every row of each (they do, except for tables private to their owner such as notifications).';

--
-- Name: watchlist_share_notices; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.watchlist_share_notices (
    watchlist_id uuid NOT NULL,
    user_id uuid NOT NULL,
    notified_at timestamp with time zone NOT NULL
);

--
-- Name: TABLE watchlist_share_notices; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.watchlist_share_notices IS 'When each reader was last told that a watchlist was shared with them: sharing, unsharing and re-sharing notifies at most once an hour per (watchlist, reader), so a watchlist titled with any text cannot be used to push a user again and again. Written by private.take_watchlist_share_notices(); the worker''s (service_role).';

--
-- Name: activities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    type text DEFAULT 'other'::text NOT NULL,
    due_date timestamp with time zone,
    priority text DEFAULT 'medium'::text NOT NULL,
    duration_minutes integer,
    completed boolean DEFAULT false NOT NULL,
    completed_at timestamp with time zone,
    claimed_by uuid,
    claimed_at timestamp with time zone,
    declared_by uuid DEFAULT auth.uid() NOT NULL,
    listing_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    claim_expires_at timestamp with time zone,
    CONSTRAINT activities_claimed_at_check CHECK (((claimed_by IS NULL) = (claimed_at IS NULL))),
    CONSTRAINT activities_completed_at_check CHECK ((completed OR (completed_at IS NULL))),
    CONSTRAINT activities_description_length CHECK (((char_length(description) <= 10000) OR private.too_long('activities'::text, 'description'::text, 10000, char_length(description)))),
    CONSTRAINT activities_duration_minutes_check CHECK ((duration_minutes >= 0)),
    CONSTRAINT activities_priority_check CHECK ((priority = ANY (ARRAY['low'::text, 'medium'::text, 'high'::text, 'urgent'::text]))),
    CONSTRAINT activities_title_check CHECK ((btrim(title) <> ''::text)),
    CONSTRAINT activities_title_length CHECK (((char_length(title) <= 200) OR private.too_long('activities'::text, 'title'::text, 200, char_length(title)))),
    CONSTRAINT activities_type_check CHECK ((type = ANY (ARRAY['call'::text, 'email'::text, 'meeting'::text, 'show_property'::text, 'follow_up'::text, 'other'::text])))
);
ALTER TABLE ONLY public.activities ALTER COLUMN claimed_by SET (n_distinct=-0.01);
ALTER TABLE ONLY public.activities ALTER COLUMN declared_by SET (n_distinct=-0.01);
ALTER TABLE ONLY public.activities ALTER COLUMN listing_id SET (n_distinct=-0.01);

--
-- Name: TABLE activities; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.activities IS 'A scheduled activity (call, meeting, showing...): a task with a type and a duration. Same visibility, claim and change rules as tasks. Audited (audit.activities_log).';

--
-- Name: COLUMN activities.claimed_by; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.activities.claimed_by IS 'The user working on it; NULL = unclaimed. Changed through claim_work_item / release_work_item.';

--
-- Name: COLUMN activities.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.activities.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: COLUMN activities.claim_expires_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.activities.claim_expires_at IS 'When the current claim expires and the worker releases it (claimed_at + private.claim_settings.expire_after at the claim); NULL while unclaimed or when claims do not expire. Derived by the server.';

--
-- Name: bird; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bird (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    common_name text NOT NULL,
    scientific_name text,
    static_image_name text,
    family text,
    order_name text,
    description_text text,
    conservation_status text,
    rarity_level text,
    migration_strategy text,
    hemisphere text,
    valid_locations text[],
    valid_months integer[],
    shape_id text,
    size_category integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT bird_valid_months_check CHECK ((valid_months <@ ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
);

--
-- Name: TABLE bird; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.bird IS 'Bird species catalogue (reference data). Every authenticated user reads it; only service_role writes it.';

--
-- Name: COLUMN bird.valid_months; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bird.valid_months IS 'Months (1-12) in which the species can be observed.';

--
-- Name: COLUMN bird.shape_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bird.shape_id IS 'Silhouette shape, matched by watchlists.species_rule_shape_id.';

--
-- Name: hotspot; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hotspot (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    locality text,
    lat double precision NOT NULL,
    lon double precision NOT NULL,
    location extensions.geography(Point,4326) GENERATED ALWAYS AS ((extensions.st_setsrid(extensions.st_makepoint(lon, lat), 4326))::extensions.geography) STORED NOT NULL,
    image_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT hotspot_lat_check CHECK (((lat >= ('-90'::integer)::double precision) AND (lat <= (90)::double precision))),
    CONSTRAINT hotspot_lon_check CHECK (((lon >= ('-180'::integer)::double precision) AND (lon <= (180)::double precision)))
);

--
-- Name: TABLE hotspot; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.hotspot IS 'Birding hotspots (reference data). Every authenticated user reads them; only service_role writes them. Queried with public.hotspots_near().';

--
-- Name: COLUMN hotspot.location; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.hotspot.location IS 'Generated from lon/lat (WGS 84); GiST-indexed for hotspots_near().';

--
-- Name: journal_entry_value_lists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_entry_value_lists (
    entry_id uuid NOT NULL,
    thread_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    entry_timestamp timestamp with time zone NOT NULL,
    field_ids uuid[] NOT NULL,
    cells text[] NOT NULL,
    CONSTRAINT journal_entry_value_lists_same_length CHECK ((cardinality(field_ids) = cardinality(cells)))
);
ALTER TABLE ONLY public.journal_entry_value_lists ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_entry_value_lists; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_entry_value_lists IS 'Per journal entry with values, its values (cells, NULL ones included) and their field ids (field_ids, the same order: field id order), with the entry''s thread, owner and entry_timestamp, kept by a trigger on journal_entry_values so that a thread''s entries and their values are read as one row per entry. Derived data: not synced; owner reads, nobody writes.';

--
-- Name: journal_entry_values; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_entry_values (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    entry_id uuid NOT NULL,
    field_id uuid NOT NULL,
    thread_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    entry_timestamp timestamp with time zone NOT NULL,
    value text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT journal_entry_values_value_length CHECK (((char_length(value) <= 4096) OR private.too_long('journal_entry_values'::text, 'value'::text, 4096, char_length(value))))
);
ALTER TABLE ONLY public.journal_entry_values ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_entry_values; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_entry_values IS 'The value of one field on one entry (at most one per entry and field): the field is a live, non-group field of the entry''s thread, the value at most 4,096 characters (INVALID_VALUE). Owner only.';

--
-- Name: COLUMN journal_entry_values.thread_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entry_values.thread_id IS 'Copied from the entry by the server; the foreign key then holds the field to the entry''s thread.';

--
-- Name: COLUMN journal_entry_values.entry_timestamp; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entry_values.entry_timestamp IS 'Copied from the entry by the server (and kept equal to it): a thread''s values are then read in the order of its entries, one index range merged with the entries'' own, with no sort and no per-entry lookup.';

--
-- Name: COLUMN journal_entry_values.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_entry_values.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: journal_field_groups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_field_groups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thread_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    parent_field_id uuid NOT NULL,
    child_field_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT journal_field_groups_not_self CHECK ((parent_field_id <> child_field_id))
);
ALTER TABLE ONLY public.journal_field_groups ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_field_groups; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_field_groups IS 'Which group a field belongs to: the parent is a group, the child is not, both live and of the same thread, a child in at most one group (INVALID_GROUP otherwise). Removing a field from its group deletes the row. Owner only.';

--
-- Name: COLUMN journal_field_groups.thread_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_field_groups.thread_id IS 'Copied from the parent field by the server; the foreign keys then hold both fields to that thread.';

--
-- Name: COLUMN journal_field_groups.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_field_groups.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: journal_fields; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_fields (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thread_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    name text NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    is_group boolean DEFAULT false NOT NULL,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT journal_fields_name_length CHECK (((char_length(name) <= 50) OR private.too_long('journal_fields'::text, 'name'::text, 50, char_length(name))))
);
ALTER TABLE ONLY public.journal_fields ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_fields; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_fields IS 'A custom field of a thread (is_group: a field group that holds other fields). At most 20 live fields per thread (FIELD_LIMIT, counted with the thread row locked, so two sessions adding the 20th and 21st at once cannot both succeed). Owner only. Deleting sets deleted_at; the field then leaves the export, its values are kept.';

--
-- Name: COLUMN journal_fields.name; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_fields.name IS 'Trimmed; 1 to 50 characters (INVALID_FIELD_NAME); unique per thread among live fields, ignoring case (FIELD_NAME_TAKEN).';

--
-- Name: COLUMN journal_fields.sort_order; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_fields.sort_order IS 'Column order in the export (then name, id).';

--
-- Name: COLUMN journal_fields.is_group; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_fields.is_group IS 'A group holds fields (journal_field_groups) and has no values of its own. Fixed when the field is created.';

--
-- Name: COLUMN journal_fields.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_fields.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: journal_thread_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_thread_stats (
    thread_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    live_entries integer DEFAULT 0 NOT NULL,
    last_entry_at timestamp with time zone
);
ALTER TABLE ONLY public.journal_thread_stats ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_thread_stats; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_thread_stats IS 'Per thread, its live entry count and newest live entry_timestamp, kept by triggers on journal_entries so that the thread list never counts entries (counting them for 100 threads of 1,000 entries costs some 20 ms, reading them from here well under 1). Derived data: not synced; owner reads, nobody writes.';

--
-- Name: journal_threads; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_threads (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    owner_id uuid DEFAULT auth.uid() NOT NULL,
    title text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    deleted_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT journal_threads_title_length CHECK (((char_length(title) <= 200) OR private.too_long('journal_threads'::text, 'title'::text, 200, char_length(title))))
);
ALTER TABLE ONLY public.journal_threads ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE journal_threads; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_threads IS 'A journal thread: a titled, continuous series of entries. Readable and writable by its owner only (admins included: no exception). Deleting sets deleted_at (journal_delete_thread); journal_restore_thread is the undo, until purge_journal_tombstones removes the thread (30 days).';

--
-- Name: COLUMN journal_threads.id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_threads.id IS 'Client may supply it (created offline); journal_create_thread is idempotent by it.';

--
-- Name: COLUMN journal_threads.owner_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_threads.owner_id IS 'The owner; defaults to the caller and cannot be changed through the API.';

--
-- Name: COLUMN journal_threads.title; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_threads.title IS 'Trimmed of surrounding whitespace by the server; 1 to 200 characters (INVALID_TITLE).';

--
-- Name: COLUMN journal_threads.deleted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_threads.deleted_at IS 'Tombstone (server clock). The entries are left as they are: they leave every list and the export with their thread and come back with it.';

--
-- Name: COLUMN journal_threads.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.journal_threads.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: listings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.listings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    property_id uuid,
    address text DEFAULT ''::text NOT NULL,
    city text DEFAULT ''::text NOT NULL,
    state text DEFAULT ''::text NOT NULL,
    zip text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    price numeric(12,2),
    mls_number text,
    owned_by uuid DEFAULT auth.uid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    created_by uuid DEFAULT auth.uid(),
    CONSTRAINT listings_address_length CHECK (((char_length(address) <= 200) OR private.too_long('listings'::text, 'address'::text, 200, char_length(address)))),
    CONSTRAINT listings_city_length CHECK (((char_length(city) <= 100) OR private.too_long('listings'::text, 'city'::text, 100, char_length(city)))),
    CONSTRAINT listings_mls_number_length CHECK (((char_length(mls_number) <= 50) OR private.too_long('listings'::text, 'mls_number'::text, 50, char_length(mls_number)))),
    CONSTRAINT listings_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT listings_state_length CHECK (((char_length(state) <= 100) OR private.too_long('listings'::text, 'state'::text, 100, char_length(state)))),
    CONSTRAINT listings_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'active'::text, 'pending'::text, 'closed'::text]))),
    CONSTRAINT listings_zip_length CHECK (((char_length(zip) <= 20) OR private.too_long('listings'::text, 'zip'::text, 20, char_length(zip))))
);
ALTER TABLE ONLY public.listings ALTER COLUMN owned_by SET (n_distinct=-0.01);

--
-- Name: TABLE listings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.listings IS 'A listing of a property for sale. Deleting its property deletes it (cascade, audited). Visible to and changed by its owner (owned_by) and admins. Audited (audit.listings_log).';

--
-- Name: COLUMN listings.mls_number; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.listings.mls_number IS 'MLS number; unique among live listings (NULL allowed).';

--
-- Name: COLUMN listings.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.listings.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: COLUMN listings.created_by; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.listings.created_by IS 'The user who created the listing (auth.uid() at insert; never changed by the apps). NULL when created without a calling user (the service role, the worker) or when that user is deleted.';

--
-- Name: notes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    parent_type text NOT NULL,
    parent_id uuid NOT NULL,
    content text NOT NULL,
    created_by uuid DEFAULT auth.uid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    edited_at timestamp with time zone,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT notes_content_check CHECK ((btrim(content) <> ''::text)),
    CONSTRAINT notes_content_length CHECK (((char_length(content) <= 10000) OR private.too_long('notes'::text, 'content'::text, 10000, char_length(content)))),
    CONSTRAINT notes_parent_type_check CHECK ((parent_type = ANY (ARRAY['task'::text, 'activity'::text, 'listing'::text])))
);
ALTER TABLE ONLY public.notes ALTER COLUMN parent_id SET (n_distinct=-0.01);
ALTER TABLE ONLY public.notes ALTER COLUMN created_by SET (n_distinct=-0.01);

--
-- Name: TABLE notes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.notes IS 'A note on a task, activity or listing (parent_type, parent_id). Visible with its parent; added by anyone who sees the parent; edited and deleted only by created_by or an admin. Deleted with its parent. Not audited: a note''s history is its edited_at, and notes are conversation, not records to restore.';

--
-- Name: COLUMN notes.edited_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notes.edited_at IS 'Server time of the last change of content; NULL = never edited. Maintained by trigger.';

--
-- Name: COLUMN notes.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notes.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    type text NOT NULL,
    title text NOT NULL,
    body text DEFAULT ''::text NOT NULL,
    read boolean DEFAULT false NOT NULL,
    pinned boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    source_user_id uuid,
    entity_type text,
    entity_id uuid,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    dedupe_key text,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    push_mode text DEFAULT 'single'::text NOT NULL,
    CONSTRAINT notifications_data_check CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT notifications_entity_check CHECK (((entity_type IS NULL) = (entity_id IS NULL))),
    CONSTRAINT notifications_push_mode_check CHECK ((push_mode = ANY (ARRAY['single'::text, 'summary'::text, 'collapsed'::text]))),
    CONSTRAINT valid_notification_type CHECK ((type = ANY (ARRAY['message'::text, 'added_to_conversation'::text, 'new_ride'::text, 'ride_update'::text, 'ride_claimed'::text, 'ride_unclaimed'::text, 'ride_completed'::text, 'new_favor'::text, 'favor_update'::text, 'favor_claimed'::text, 'favor_unclaimed'::text, 'favor_completed'::text, 'completion_reminder'::text, 'qa_activity'::text, 'qa_question'::text, 'qa_answer'::text, 'review'::text, 'review_received'::text, 'review_reminder'::text, 'review_request'::text, 'town_hall_post'::text, 'town_hall_comment'::text, 'town_hall_reaction'::text, 'announcement'::text, 'admin_announcement'::text, 'broadcast'::text, 'pending_approval'::text, 'user_approved'::text, 'user_rejected'::text, 'other'::text, 'task_claimed'::text, 'task_unclaimed'::text, 'task_completed'::text, 'activity_claimed'::text, 'activity_unclaimed'::text, 'activity_completed'::text, 'note_added'::text, 'entity_restored'::text, 'watchlist_shared'::text, 'watchlist_sighting'::text])))
);
ALTER TABLE ONLY public.notifications ALTER COLUMN user_id SET (n_distinct=-0.01);

--
-- Name: TABLE notifications; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.notifications IS 'Each user''s notification feed (the bell). Written only by the worker (service_role); a user reads their own rows and may change only "read". Unread rows drive get_badge_counts and the push badge.';

--
-- Name: COLUMN notifications.user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.user_id IS 'The recipient.';

--
-- Name: COLUMN notifications.type; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.type IS 'One of public.notification_types; enforced by the valid_notification_type CHECK (SQLSTATE 23514 otherwise).';

--
-- Name: COLUMN notifications.read; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.read IS 'The only column a user may update (mark_notifications_read, mark_all_notifications_read, or a direct UPDATE).';

--
-- Name: COLUMN notifications.pinned; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.pinned IS 'Kept at the top of the feed (announcements).';

--
-- Name: COLUMN notifications.source_user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.source_user_id IS 'Who caused it (the claimer, the note''s author); NULL for system notifications or once that user is deleted.';

--
-- Name: COLUMN notifications.entity_type; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.entity_type IS 'What the notification is about, for routing and for grouping badge details: task, activity, listing, property, note, watchlist, conversation, ride, favor, ...; set together with entity_id.';

--
-- Name: COLUMN notifications.entity_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.entity_id IS 'Id of the entity named by entity_type.';

--
-- Name: COLUMN notifications.data; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.data IS 'Extra ids and values the push payload and the app need (a JSON object), e.g. {"message_id": ...}.';

--
-- Name: COLUMN notifications.dedupe_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.dedupe_key IS 'Idempotency key chosen by the producer (e.g. outbox event id || handler || recipient). The worker inserts with ON CONFLICT (dedupe_key) DO NOTHING, so a retried handler never notifies twice. NULL = no deduplication.';

--
-- Name: COLUMN notifications.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: COLUMN notifications.push_mode; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.notifications.push_mode IS 'How the notification was pushed: single (on its own), summary (as the summary push of its sender''s notifications over their hourly budget to this recipient), collapsed (not pushed: past the budget, after the window''s summary; stored and counted in the badge all the same). Set by the server when it stores the row (private.plan_notification_budgets, checked as the budgets are spent by private.spend_notification_budgets).';

--
-- Name: observed_bird_photos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.observed_bird_photos (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    watchlist_entry_id uuid NOT NULL,
    watchlist_id uuid,
    image_path text NOT NULL,
    storage_url text,
    is_uploaded boolean DEFAULT false NOT NULL,
    captured_at timestamp with time zone,
    uploaded_at timestamp with time zone,
    sync_status text DEFAULT 'pendingCreate'::text,
    last_synced_at timestamp with time zone,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT observed_bird_photos_image_path_length CHECK (((char_length(image_path) <= 2048) OR private.too_long('observed_bird_photos'::text, 'image_path'::text, 2048, char_length(image_path)))),
    CONSTRAINT observed_bird_photos_storage_url_length CHECK (((char_length(storage_url) <= 2048) OR private.too_long('observed_bird_photos'::text, 'storage_url'::text, 2048, char_length(storage_url)))),
    CONSTRAINT observed_bird_photos_sync_status_length CHECK (((char_length(sync_status) <= 50) OR private.too_long('observed_bird_photos'::text, 'sync_status'::text, 50, char_length(sync_status))))
);
ALTER TABLE ONLY public.observed_bird_photos ALTER COLUMN watchlist_id SET (n_distinct=-0.01);

--
-- Name: TABLE observed_bird_photos; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.observed_bird_photos IS 'A photo of an observed entry (local image_path; storage_url once uploaded). Access is inherited from the entry''s watchlist.';

--
-- Name: COLUMN observed_bird_photos.watchlist_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.observed_bird_photos.watchlist_id IS 'The watchlist of the photo''s entry, kept by the server (_derive_watchlist_id, and when an entry moves): who sees a photo is who sees that watchlist, and this column lets a user''s sync find their photos by it. Never written by the apps.';

--
-- Name: COLUMN observed_bird_photos.sync_status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.observed_bird_photos.sync_status IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN observed_bird_photos.last_synced_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.observed_bird_photos.last_synced_at IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN observed_bird_photos.deleted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.observed_bird_photos.deleted_at IS 'Tombstone: set (to the server clock) when the app deletes the photo; NULL while live.';

--
-- Name: COLUMN observed_bird_photos.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.observed_bird_photos.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: profiles; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.profiles AS
 SELECT u.id,
    u.name,
    u.avatar_url,
    u.profile_photo
   FROM public.users u;

--
-- Name: VIEW profiles; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.profiles IS 'Public profile of every user: id, name, avatar_url, profile_photo. Readable by every signed-in user, unlike public.users (email, is_admin: the user and admins only). Runs with its owner''s rights (not security_invoker) on purpose: it is the one path to other users'' names.';

--
-- Name: properties; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.properties (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    city text DEFAULT ''::text NOT NULL,
    state text DEFAULT ''::text NOT NULL,
    zip text DEFAULT ''::text NOT NULL,
    lat double precision,
    lon double precision,
    owned_by uuid DEFAULT auth.uid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT properties_address_length CHECK (((char_length(address) <= 200) OR private.too_long('properties'::text, 'address'::text, 200, char_length(address)))),
    CONSTRAINT properties_city_length CHECK (((char_length(city) <= 100) OR private.too_long('properties'::text, 'city'::text, 100, char_length(city)))),
    CONSTRAINT properties_lat_check CHECK (((lat >= ('-90'::integer)::double precision) AND (lat <= (90)::double precision))),
    CONSTRAINT properties_lon_check CHECK (((lon >= ('-180'::integer)::double precision) AND (lon <= (180)::double precision))),
    CONSTRAINT properties_state_length CHECK (((char_length(state) <= 100) OR private.too_long('properties'::text, 'state'::text, 100, char_length(state)))),
    CONSTRAINT properties_zip_length CHECK (((char_length(zip) <= 20) OR private.too_long('properties'::text, 'zip'::text, 20, char_length(zip))))
);
ALTER TABLE ONLY public.properties ALTER COLUMN owned_by SET (n_distinct=-0.01);

--
-- Name: TABLE properties; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.properties IS 'A physical property (address and coordinates). Visible to and changed by its owner (owned_by) and admins. Audited (audit.properties_log).';

--
-- Name: push_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_devices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    platform text NOT NULL,
    environment text DEFAULT 'production'::text NOT NULL,
    registered_at timestamp with time zone DEFAULT now() NOT NULL,
    disabled_at timestamp with time zone,
    disabled_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    CONSTRAINT push_devices_disabled_check CHECK (((disabled_at IS NULL) = (disabled_reason IS NULL))),
    CONSTRAINT push_devices_environment_check CHECK ((environment = ANY (ARRAY['sandbox'::text, 'production'::text]))),
    CONSTRAINT push_devices_platform_check CHECK ((platform = ANY (ARRAY['ios'::text, 'android'::text]))),
    CONSTRAINT push_devices_token_check CHECK (((token ~ '^[!-~]+$'::text) AND (char_length(token) <= 4096)))
);
ALTER TABLE ONLY public.push_devices ALTER COLUMN user_id SET (n_distinct=-0.01);

--
-- Name: TABLE push_devices; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.push_devices IS 'The devices each user receives pushes on: an APNs or FCM token with its platform and APNs environment. Written by register_push_device (a token belongs to one user at a time: registering it moves it to the caller) and by the worker, which disables a device when the push gateway answers that its token is dead. Users read and delete their own rows.';

--
-- Name: COLUMN push_devices.token; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.push_devices.token IS 'The APNs device token or FCM registration token; unique across users.';

--
-- Name: COLUMN push_devices.platform; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.push_devices.platform IS '''ios'' (APNs) or ''android'' (FCM).';

--
-- Name: COLUMN push_devices.environment; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.push_devices.environment IS 'APNs environment the token belongs to: ''sandbox'' (development builds) or ''production''; sent along so a gateway picks the right APNs host.';

--
-- Name: COLUMN push_devices.registered_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.push_devices.registered_at IS 'When this user last registered the token (or it last changed platform or environment).';

--
-- Name: COLUMN push_devices.disabled_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.push_devices.disabled_at IS 'Set by the worker when the gateway answered that the token is dead (HTTP 410, "unregistered"): no more pushes go to it until it is registered again.';

--
-- Name: COLUMN push_devices.disabled_reason; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.push_devices.disabled_reason IS 'The gateway''s answer that disabled the device.';

--
-- Name: subtasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subtasks (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    parent_type text NOT NULL,
    parent_id uuid NOT NULL,
    title text NOT NULL,
    completed boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT subtasks_parent_type_check CHECK ((parent_type = ANY (ARRAY['task'::text, 'activity'::text]))),
    CONSTRAINT subtasks_title_check CHECK ((btrim(title) <> ''::text)),
    CONSTRAINT subtasks_title_length CHECK (((char_length(title) <= 200) OR private.too_long('subtasks'::text, 'title'::text, 200, char_length(title))))
);
ALTER TABLE ONLY public.subtasks ALTER COLUMN parent_id SET (n_distinct=-0.01);

--
-- Name: TABLE subtasks; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.subtasks IS 'A checklist item of a task or activity (parent_type, parent_id). Visible with its parent, changed by whoever may change the parent. Deleted with its parent.';

--
-- Name: COLUMN subtasks.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.subtasks.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: sync_access_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sync_access_log (
    user_id uuid NOT NULL,
    kind text NOT NULL,
    key uuid NOT NULL,
    granted boolean NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    logged_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
ALTER TABLE ONLY public.sync_access_log ALTER COLUMN user_id SET (n_distinct=-0.01);

--
-- Name: TABLE sync_access_log; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.sync_access_log IS 'Changes of the scope keys users hold (private.user_keys): user_id gained (granted) or lost the key (kind, key) in transaction sync_xid; kind admin = the admin flag changed. Written by the private.log_access_change triggers, read by sync_pull for the caller (ordered by sync_xid like every change), purged with the sync deletions (public.purge_sync_deletions).';

--
-- Name: sync_deletions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sync_deletions (
    table_name text NOT NULL,
    record_id uuid NOT NULL,
    kind text NOT NULL,
    key uuid NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    deleted_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);

--
-- Name: TABLE sync_deletions; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.sync_deletions IS 'Hard deletes of synced rows, for sync_pull''s "deleted": one row per scope key (kind, key) the deleted row had (private.row_scope), so that a user''s pull finds the deletions of their keys by index. Written by the _sync_deletions statement trigger; purged after 30 days by public.purge_sync_deletions().';

--
-- Name: COLUMN sync_deletions.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.sync_deletions.sync_xid IS 'Id of the deleting transaction (compared with sync_pull cursors).';

--
-- Name: sync_moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sync_moves (
    table_name text NOT NULL,
    kind text NOT NULL,
    key uuid NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    row_id uuid NOT NULL,
    entered boolean NOT NULL,
    moved_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);

--
-- Name: TABLE sync_moves; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.sync_moves IS 'Rows of synced tables whose scope keys changed: in transaction sync_xid, row_id of table_name left (entered false) or entered the key (kind, key). A pull revokes a row that left a key of the caller''s and is no longer visible to them, and delivers the children of a parent that entered (notes of a task just claimed by the caller). Written by the _sync_moves trigger, only when a column deciding the keys changes; purged with the deletions.';

--
-- Name: tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tasks (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    due_date timestamp with time zone,
    priority text DEFAULT 'medium'::text NOT NULL,
    completed boolean DEFAULT false NOT NULL,
    completed_at timestamp with time zone,
    claimed_by uuid,
    claimed_at timestamp with time zone,
    declared_by uuid DEFAULT auth.uid() NOT NULL,
    listing_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    claim_expires_at timestamp with time zone,
    CONSTRAINT tasks_claimed_at_check CHECK (((claimed_by IS NULL) = (claimed_at IS NULL))),
    CONSTRAINT tasks_completed_at_check CHECK ((completed OR (completed_at IS NULL))),
    CONSTRAINT tasks_description_length CHECK (((char_length(description) <= 10000) OR private.too_long('tasks'::text, 'description'::text, 10000, char_length(description)))),
    CONSTRAINT tasks_priority_check CHECK ((priority = ANY (ARRAY['low'::text, 'medium'::text, 'high'::text, 'urgent'::text]))),
    CONSTRAINT tasks_title_check CHECK ((btrim(title) <> ''::text)),
    CONSTRAINT tasks_title_length CHECK (((char_length(title) <= 200) OR private.too_long('tasks'::text, 'title'::text, 200, char_length(title))))
);
ALTER TABLE ONLY public.tasks ALTER COLUMN claimed_by SET (n_distinct=-0.01);
ALTER TABLE ONLY public.tasks ALTER COLUMN declared_by SET (n_distinct=-0.01);
ALTER TABLE ONLY public.tasks ALTER COLUMN listing_id SET (n_distinct=-0.01);

--
-- Name: TABLE tasks; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.tasks IS 'A unit of work declared by declared_by, optionally on a listing, claimed by at most one user (claim_work_item). Visible to declared_by, claimed_by, the listing owner, admins, and to everyone while unclaimed and not completed. Audited (audit.tasks_log).';

--
-- Name: COLUMN tasks.completed_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.tasks.completed_at IS 'Server time completed became true; maintained by trigger.';

--
-- Name: COLUMN tasks.claimed_by; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.tasks.claimed_by IS 'The user working on it; NULL = unclaimed. Changed through claim_work_item / release_work_item.';

--
-- Name: COLUMN tasks.claimed_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.tasks.claimed_at IS 'Server time of the current claim; maintained by trigger.';

--
-- Name: COLUMN tasks.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.tasks.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: COLUMN tasks.claim_expires_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.tasks.claim_expires_at IS 'When the current claim expires and the worker releases it (claimed_at + private.claim_settings.expire_after at the claim); NULL while unclaimed or when claims do not expire. Derived by the server.';

--
-- Name: watchlist_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.watchlist_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    watchlist_id uuid NOT NULL,
    bird_id uuid,
    nickname text,
    status text,
    notes text,
    added_date timestamp with time zone DEFAULT now(),
    observation_date timestamp with time zone,
    to_observe_start_date timestamp with time zone,
    to_observe_end_date timestamp with time zone,
    observed_by text,
    lat double precision,
    lon double precision,
    location extensions.geography(Point,4326) GENERATED ALWAYS AS ((extensions.st_setsrid(extensions.st_makepoint(lon, lat), 4326))::extensions.geography) STORED,
    location_display_name text,
    priority integer DEFAULT 0 NOT NULL,
    notify_upcoming boolean DEFAULT false NOT NULL,
    target_date_range text,
    sync_status text DEFAULT 'pendingCreate'::text,
    last_synced_at timestamp with time zone,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT watchlist_entries_lat_check CHECK (((lat >= ('-90'::integer)::double precision) AND (lat <= (90)::double precision))),
    CONSTRAINT watchlist_entries_lat_lon_together CHECK (((lat IS NULL) = (lon IS NULL))),
    CONSTRAINT watchlist_entries_location_display_name_length CHECK (((char_length(location_display_name) <= 200) OR private.too_long('watchlist_entries'::text, 'location_display_name'::text, 200, char_length(location_display_name)))),
    CONSTRAINT watchlist_entries_lon_check CHECK (((lon >= ('-180'::integer)::double precision) AND (lon <= (180)::double precision))),
    CONSTRAINT watchlist_entries_nickname_length CHECK (((char_length(nickname) <= 200) OR private.too_long('watchlist_entries'::text, 'nickname'::text, 200, char_length(nickname)))),
    CONSTRAINT watchlist_entries_notes_length CHECK (((char_length(notes) <= 10000) OR private.too_long('watchlist_entries'::text, 'notes'::text, 10000, char_length(notes)))),
    CONSTRAINT watchlist_entries_observed_by_length CHECK (((char_length(observed_by) <= 200) OR private.too_long('watchlist_entries'::text, 'observed_by'::text, 200, char_length(observed_by)))),
    CONSTRAINT watchlist_entries_status_length CHECK (((char_length(status) <= 50) OR private.too_long('watchlist_entries'::text, 'status'::text, 50, char_length(status)))),
    CONSTRAINT watchlist_entries_sync_status_length CHECK (((char_length(sync_status) <= 50) OR private.too_long('watchlist_entries'::text, 'sync_status'::text, 50, char_length(sync_status)))),
    CONSTRAINT watchlist_entries_target_date_range_length CHECK (((char_length(target_date_range) <= 100) OR private.too_long('watchlist_entries'::text, 'target_date_range'::text, 100, char_length(target_date_range))))
);
ALTER TABLE ONLY public.watchlist_entries ALTER COLUMN watchlist_id SET (n_distinct=-0.01);

--
-- Name: TABLE watchlist_entries; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.watchlist_entries IS 'A bird on a watchlist (to observe, or observed at lat/lon). Access is inherited from the watchlist. Queried spatially by public.birds_near().';

--
-- Name: COLUMN watchlist_entries.location; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_entries.location IS 'Generated from lon/lat when both are set (NULL otherwise); GiST-indexed for birds_near().';

--
-- Name: COLUMN watchlist_entries.sync_status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_entries.sync_status IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN watchlist_entries.last_synced_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_entries.last_synced_at IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN watchlist_entries.deleted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_entries.deleted_at IS 'Tombstone: set (to the server clock) when the app deletes the entry; NULL while live.';

--
-- Name: COLUMN watchlist_entries.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_entries.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: watchlist_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.watchlist_rules (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    watchlist_id uuid NOT NULL,
    rule_type text NOT NULL,
    parameters_json text,
    is_active boolean DEFAULT true NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    sync_status text DEFAULT 'pendingCreate'::text,
    last_synced_at timestamp with time zone,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT watchlist_rules_parameters_json_length CHECK (((char_length(parameters_json) <= 10000) OR private.too_long('watchlist_rules'::text, 'parameters_json'::text, 10000, char_length(parameters_json)))),
    CONSTRAINT watchlist_rules_rule_type_length CHECK (((char_length(rule_type) <= 100) OR private.too_long('watchlist_rules'::text, 'rule_type'::text, 100, char_length(rule_type)))),
    CONSTRAINT watchlist_rules_sync_status_length CHECK (((char_length(sync_status) <= 50) OR private.too_long('watchlist_rules'::text, 'sync_status'::text, 50, char_length(sync_status))))
);
ALTER TABLE ONLY public.watchlist_rules ALTER COLUMN watchlist_id SET (n_distinct=-0.01);

--
-- Name: TABLE watchlist_rules; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.watchlist_rules IS 'A matching rule of a watchlist (rule_type with JSON parameters, as the app encodes them). Access is inherited from the watchlist.';

--
-- Name: COLUMN watchlist_rules.parameters_json; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_rules.parameters_json IS 'Rule parameters as the app''s JSON text, stored as the app encodes them (the server only passes them through).';

--
-- Name: COLUMN watchlist_rules.sync_status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_rules.sync_status IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN watchlist_rules.last_synced_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_rules.last_synced_at IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN watchlist_rules.deleted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_rules.deleted_at IS 'Tombstone: set (to the server clock) when the app deletes the rule; NULL while live.';

--
-- Name: COLUMN watchlist_rules.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_rules.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: watchlist_shares; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.watchlist_shares (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    watchlist_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text DEFAULT 'read'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    accepted_at timestamp with time zone,
    CONSTRAINT watchlist_shares_role_check CHECK ((role = ANY (ARRAY['read'::text, 'write'::text])))
);
ALTER TABLE ONLY public.watchlist_shares ALTER COLUMN watchlist_id SET (n_distinct=-0.01);
ALTER TABLE ONLY public.watchlist_shares ALTER COLUMN user_id SET (n_distinct=-0.01);

--
-- Name: TABLE watchlist_shares; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.watchlist_shares IS 'Who a watchlist is shared with. role ''read'' (default) may read the watchlist and its entries, rules and photos; ''write'' may also manage its entries, rules and photos. The watchlist row itself and its shares are managed by the owner only.';

--
-- Name: COLUMN watchlist_shares.role; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_shares.role IS '''read'' (default) or ''write''.';

--
-- Name: COLUMN watchlist_shares.accepted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlist_shares.accepted_at IS 'When the user accepted the share (public.accept_watchlist_share); NULL while it is an invitation: until then the watchlist is not hers to see, and the share is none of her scope keys. Set by the server only.';

--
-- Name: watchlists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.watchlists (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    owner_id uuid DEFAULT auth.uid() NOT NULL,
    type text,
    title text,
    location text,
    location_display_name text,
    start_date date,
    end_date date,
    observed_count integer DEFAULT 0 NOT NULL,
    species_count integer DEFAULT 0 NOT NULL,
    cover_image_path text,
    species_rule_enabled boolean DEFAULT false NOT NULL,
    species_rule_shape_id text,
    location_rule_enabled boolean DEFAULT false NOT NULL,
    location_rule_lat double precision,
    location_rule_lon double precision,
    location_rule_radius_km double precision,
    location_rule_location extensions.geography(Point,4326) GENERATED ALWAYS AS ((extensions.st_setsrid(extensions.st_makepoint(location_rule_lon, location_rule_lat), 4326))::extensions.geography) STORED,
    location_rule_display_name text,
    date_rule_enabled boolean DEFAULT false NOT NULL,
    date_rule_start_date date,
    date_rule_end_date date,
    sync_status text DEFAULT 'pendingCreate'::text,
    last_synced_at timestamp with time zone,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone,
    row_version integer DEFAULT 1 NOT NULL,
    sync_xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    CONSTRAINT watchlists_cover_image_path_length CHECK (((char_length(cover_image_path) <= 2048) OR private.too_long('watchlists'::text, 'cover_image_path'::text, 2048, char_length(cover_image_path)))),
    CONSTRAINT watchlists_date_rule_ordered CHECK ((date_rule_start_date <= date_rule_end_date)),
    CONSTRAINT watchlists_dates_ordered CHECK ((start_date <= end_date)),
    CONSTRAINT watchlists_location_display_name_length CHECK (((char_length(location_display_name) <= 200) OR private.too_long('watchlists'::text, 'location_display_name'::text, 200, char_length(location_display_name)))),
    CONSTRAINT watchlists_location_length CHECK (((char_length(location) <= 200) OR private.too_long('watchlists'::text, 'location'::text, 200, char_length(location)))),
    CONSTRAINT watchlists_location_rule_display_name_length CHECK (((char_length(location_rule_display_name) <= 200) OR private.too_long('watchlists'::text, 'location_rule_display_name'::text, 200, char_length(location_rule_display_name)))),
    CONSTRAINT watchlists_location_rule_lat_check CHECK (((location_rule_lat >= ('-90'::integer)::double precision) AND (location_rule_lat <= (90)::double precision))),
    CONSTRAINT watchlists_location_rule_lon_check CHECK (((location_rule_lon >= ('-180'::integer)::double precision) AND (location_rule_lon <= (180)::double precision))),
    CONSTRAINT watchlists_location_rule_radius_km_check CHECK (((location_rule_radius_km > (0)::double precision) AND (location_rule_radius_km <= (500)::double precision))),
    CONSTRAINT watchlists_observed_count_check CHECK ((observed_count >= 0)),
    CONSTRAINT watchlists_species_count_check CHECK ((species_count >= 0)),
    CONSTRAINT watchlists_species_rule_shape_id_length CHECK (((char_length(species_rule_shape_id) <= 100) OR private.too_long('watchlists'::text, 'species_rule_shape_id'::text, 100, char_length(species_rule_shape_id)))),
    CONSTRAINT watchlists_sync_status_length CHECK (((char_length(sync_status) <= 50) OR private.too_long('watchlists'::text, 'sync_status'::text, 50, char_length(sync_status)))),
    CONSTRAINT watchlists_title_length CHECK (((char_length(title) <= 200) OR private.too_long('watchlists'::text, 'title'::text, 200, char_length(title)))),
    CONSTRAINT watchlists_type_length CHECK (((char_length(type) <= 50) OR private.too_long('watchlists'::text, 'type'::text, 50, char_length(type))))
);
ALTER TABLE ONLY public.watchlists ALTER COLUMN owner_id SET (n_distinct=-0.01);

--
-- Name: TABLE watchlists; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.watchlists IS 'A user''s bird watchlist. The owner manages it; users it is shared with (watchlist_shares) read it. Deleting from the app sets deleted_at (tombstone); public.purge_watchlist_tombstones() hard-deletes old tombstones.';

--
-- Name: COLUMN watchlists.owner_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.owner_id IS 'Owner (public.users); defaults to the caller. Not updatable through the API.';

--
-- Name: COLUMN watchlists.location_rule_radius_km; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.location_rule_radius_km IS 'Radius of the location rule in km: greater than 0 and at most 500 (the spatial RPCs'' limit; NaN is refused too). A write outside that fails the watchlists_location_rule_radius_km_check CHECK (23514; INVALID_RECORD through sync_push).';

--
-- Name: COLUMN watchlists.location_rule_location; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.location_rule_location IS 'Generated from location_rule_lon/lat; GiST-indexed so that sightings can be matched against location rules.';

--
-- Name: COLUMN watchlists.sync_status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.sync_status IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN watchlists.last_synced_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.last_synced_at IS 'Client-side sync bookkeeping echoed by the app (it keeps its own sync state in the rows it stores); the server never reads it.';

--
-- Name: COLUMN watchlists.deleted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.deleted_at IS 'Tombstone: set (to the server clock) when the app deletes the watchlist; NULL while live.';

--
-- Name: COLUMN watchlists.row_version; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.row_version IS 'Incremented by the server on every real UPDATE; sync_push() compares it for optimistic locking.';

--
-- Name: COLUMN watchlists.sync_xid; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.watchlists.sync_xid IS 'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';

--
-- Name: events_p00; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p00 FOR VALUES IN (0);

--
-- Name: events_p01; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p01 FOR VALUES IN (1);

--
-- Name: events_p02; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p02 FOR VALUES IN (2);

--
-- Name: events_p03; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p03 FOR VALUES IN (3);

--
-- Name: events_p04; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p04 FOR VALUES IN (4);

--
-- Name: events_p05; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p05 FOR VALUES IN (5);

--
-- Name: events_p06; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p06 FOR VALUES IN (6);

--
-- Name: events_p07; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p07 FOR VALUES IN (7);

--
-- Name: events_p08; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p08 FOR VALUES IN (8);

--
-- Name: events_p09; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p09 FOR VALUES IN (9);

--
-- Name: events_p10; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p10 FOR VALUES IN (10);

--
-- Name: events_p11; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p11 FOR VALUES IN (11);

--
-- Name: events_p12; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p12 FOR VALUES IN (12);

--
-- Name: events_p13; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p13 FOR VALUES IN (13);

--
-- Name: events_p14; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p14 FOR VALUES IN (14);

--
-- Name: events_p15; Type: TABLE ATTACH; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.events ATTACH PARTITION outbox.events_p15 FOR VALUES IN (15);

--
-- Name: log id; Type: DEFAULT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ALTER COLUMN id SET DEFAULT nextval('audit.log_id_seq'::regclass);

--
-- Name: tracked_tables tracked_tables_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.tracked_tables
    ADD CONSTRAINT tracked_tables_pkey PRIMARY KEY (entity_type);

--
-- Name: tracked_tables tracked_tables_table_name_key; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.tracked_tables
    ADD CONSTRAINT tracked_tables_table_name_key UNIQUE (table_name);

--
-- Name: users users_email_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_email_key UNIQUE (email);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: code_files code_files_pkey; Type: CONSTRAINT; Schema: migrations; Owner: -
--

ALTER TABLE ONLY migrations.code_files
    ADD CONSTRAINT code_files_pkey PRIMARY KEY (name);

--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: migrations; Owner: -
--

ALTER TABLE ONLY migrations.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

--
-- Name: batches batches_pkey; Type: CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.batches
    ADD CONSTRAINT batches_pkey PRIMARY KEY (id);

--
-- Name: capture_statements capture_statements_pkey; Type: CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.capture_statements
    ADD CONSTRAINT capture_statements_pkey PRIMARY KEY (table_name, op);

--
-- Name: cursors cursors_pkey; Type: CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.cursors
    ADD CONSTRAINT cursors_pkey PRIMARY KEY (handler);

--
-- Name: handlers handlers_pkey; Type: CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.handlers
    ADD CONSTRAINT handlers_pkey PRIMARY KEY (name);

--
-- Name: log_horizon log_horizon_pkey; Type: CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.log_horizon
    ADD CONSTRAINT log_horizon_pkey PRIMARY KEY (singleton);

--
-- Name: retries retries_pkey; Type: CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.retries
    ADD CONSTRAINT retries_pkey PRIMARY KEY (handler, event_id);

--
-- Name: api_functions api_functions_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.api_functions
    ADD CONSTRAINT api_functions_pkey PRIMARY KEY (signature);

--
-- Name: child_parents child_parents_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.child_parents
    ADD CONSTRAINT child_parents_pkey PRIMARY KEY (parent_id, kind, child_table);

--
-- Name: claim_settings claim_settings_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.claim_settings
    ADD CONSTRAINT claim_settings_pkey PRIMARY KEY (id);

--
-- Name: deleted_subtasks deleted_subtasks_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.deleted_subtasks
    ADD CONSTRAINT deleted_subtasks_pkey PRIMARY KEY (id);

--
-- Name: incarnation incarnation_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.incarnation
    ADD CONSTRAINT incarnation_pkey PRIMARY KEY (singleton);

--
-- Name: job_locks job_locks_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.job_locks
    ADD CONSTRAINT job_locks_pkey PRIMARY KEY (job);

--
-- Name: notification_badge_entities notification_badge_entities_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.notification_badge_entities
    ADD CONSTRAINT notification_badge_entities_pkey PRIMARY KEY (user_id, badge_group, entity_type, entity_id);

--
-- Name: notification_badge_totals notification_badge_totals_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.notification_badge_totals
    ADD CONSTRAINT notification_badge_totals_pkey PRIMARY KEY (user_id, badge_group);

--
-- Name: notification_budgets notification_budgets_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.notification_budgets
    ADD CONSTRAINT notification_budgets_pkey PRIMARY KEY (sender, recipient);

--
-- Name: notification_limits notification_limits_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.notification_limits
    ADD CONSTRAINT notification_limits_pkey PRIMARY KEY (id);

--
-- Name: quota_usage quota_usage_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.quota_usage
    ADD CONSTRAINT quota_usage_pkey PRIMARY KEY (name, user_id);

--
-- Name: quotas quotas_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.quotas
    ADD CONSTRAINT quotas_pkey PRIMARY KEY (name);

--
-- Name: restoring restoring_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.restoring
    ADD CONSTRAINT restoring_pkey PRIMARY KEY (xact, table_name);

--
-- Name: sync_field_changes sync_field_changes_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.sync_field_changes
    ADD CONSTRAINT sync_field_changes_pkey PRIMARY KEY (table_name, row_id, row_version);

--
-- Name: sync_mark_horizon sync_mark_horizon_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.sync_mark_horizon
    ADD CONSTRAINT sync_mark_horizon_pkey PRIMARY KEY (only_row);

--
-- Name: sync_mark_purges sync_mark_purges_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.sync_mark_purges
    ADD CONSTRAINT sync_mark_purges_pkey PRIMARY KEY (taken_at);

--
-- Name: sync_marks sync_marks_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.sync_marks
    ADD CONSTRAINT sync_marks_pkey PRIMARY KEY (user_id, sync_xid, table_name);

--
-- Name: table_manifest table_manifest_audit_entity_key; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.table_manifest
    ADD CONSTRAINT table_manifest_audit_entity_key UNIQUE (audit_entity);

--
-- Name: table_manifest table_manifest_claimed_as_key; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.table_manifest
    ADD CONSTRAINT table_manifest_claimed_as_key UNIQUE (claimed_as);

--
-- Name: table_manifest table_manifest_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.table_manifest
    ADD CONSTRAINT table_manifest_pkey PRIMARY KEY (table_name);

--
-- Name: visibility_kinds visibility_kinds_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.visibility_kinds
    ADD CONSTRAINT visibility_kinds_pkey PRIMARY KEY (kind);

--
-- Name: visibility_tables visibility_tables_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.visibility_tables
    ADD CONSTRAINT visibility_tables_pkey PRIMARY KEY (table_name);

--
-- Name: watchlist_share_notices watchlist_share_notices_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.watchlist_share_notices
    ADD CONSTRAINT watchlist_share_notices_pkey PRIMARY KEY (watchlist_id, user_id);

--
-- Name: activities activities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_pkey PRIMARY KEY (id);

--
-- Name: bird bird_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bird
    ADD CONSTRAINT bird_pkey PRIMARY KEY (id);

--
-- Name: hotspot hotspot_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hotspot
    ADD CONSTRAINT hotspot_pkey PRIMARY KEY (id);

--
-- Name: journal_entries journal_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_pkey PRIMARY KEY (id);

--
-- Name: journal_entry_value_lists journal_entry_value_lists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entry_value_lists
    ADD CONSTRAINT journal_entry_value_lists_pkey PRIMARY KEY (entry_id);

--
-- Name: journal_entry_values journal_entry_values_entry_field_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entry_values
    ADD CONSTRAINT journal_entry_values_entry_field_key UNIQUE (entry_id, field_id);

--
-- Name: journal_entry_values journal_entry_values_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entry_values
    ADD CONSTRAINT journal_entry_values_pkey PRIMARY KEY (id);

--
-- Name: journal_field_groups journal_field_groups_child_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_field_groups
    ADD CONSTRAINT journal_field_groups_child_key UNIQUE (child_field_id);

--
-- Name: journal_field_groups journal_field_groups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_field_groups
    ADD CONSTRAINT journal_field_groups_pkey PRIMARY KEY (id);

--
-- Name: journal_fields journal_fields_id_thread_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_fields
    ADD CONSTRAINT journal_fields_id_thread_key UNIQUE (id, thread_id);

--
-- Name: journal_fields journal_fields_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_fields
    ADD CONSTRAINT journal_fields_pkey PRIMARY KEY (id);

--
-- Name: journal_thread_stats journal_thread_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_thread_stats
    ADD CONSTRAINT journal_thread_stats_pkey PRIMARY KEY (thread_id);

--
-- Name: journal_threads journal_threads_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_threads
    ADD CONSTRAINT journal_threads_pkey PRIMARY KEY (id);

--
-- Name: listings listings_mls_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listings
    ADD CONSTRAINT listings_mls_number_key UNIQUE (mls_number);

--
-- Name: listings listings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listings
    ADD CONSTRAINT listings_pkey PRIMARY KEY (id);

--
-- Name: notes notes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_pkey PRIMARY KEY (id);

--
-- Name: notification_preferences notification_preferences_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_preferences
    ADD CONSTRAINT notification_preferences_pkey PRIMARY KEY (user_id, preference_key);

--
-- Name: notification_types notification_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_types
    ADD CONSTRAINT notification_types_pkey PRIMARY KEY (type);

--
-- Name: notifications notifications_dedupe_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_dedupe_key_key UNIQUE (dedupe_key);

--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

--
-- Name: observed_bird_photos observed_bird_photos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.observed_bird_photos
    ADD CONSTRAINT observed_bird_photos_pkey PRIMARY KEY (id);

--
-- Name: properties properties_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.properties
    ADD CONSTRAINT properties_pkey PRIMARY KEY (id);

--
-- Name: push_devices push_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_devices
    ADD CONSTRAINT push_devices_pkey PRIMARY KEY (id);

--
-- Name: push_devices push_devices_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_devices
    ADD CONSTRAINT push_devices_token_key UNIQUE (token);

--
-- Name: subtasks subtasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subtasks
    ADD CONSTRAINT subtasks_pkey PRIMARY KEY (id);

--
-- Name: sync_access_log sync_access_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sync_access_log
    ADD CONSTRAINT sync_access_log_pkey PRIMARY KEY (user_id, sync_xid, kind, key);

--
-- Name: sync_deletions sync_deletions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sync_deletions
    ADD CONSTRAINT sync_deletions_pkey PRIMARY KEY (table_name, kind, key, sync_xid, record_id);

--
-- Name: sync_horizon sync_horizon_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sync_horizon
    ADD CONSTRAINT sync_horizon_pkey PRIMARY KEY (table_name);

--
-- Name: sync_moves sync_moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sync_moves
    ADD CONSTRAINT sync_moves_pkey PRIMARY KEY (table_name, kind, key, sync_xid, row_id, entered);

--
-- Name: tasks tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: watchlist_entries watchlist_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_entries
    ADD CONSTRAINT watchlist_entries_pkey PRIMARY KEY (id);

--
-- Name: watchlist_rules watchlist_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_rules
    ADD CONSTRAINT watchlist_rules_pkey PRIMARY KEY (id);

--
-- Name: watchlist_shares watchlist_shares_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_shares
    ADD CONSTRAINT watchlist_shares_pkey PRIMARY KEY (id);

--
-- Name: watchlist_shares watchlist_shares_watchlist_user_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_shares
    ADD CONSTRAINT watchlist_shares_watchlist_user_key UNIQUE (watchlist_id, user_id);

--
-- Name: watchlists watchlists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlists
    ADD CONSTRAINT watchlists_pkey PRIMARY KEY (id);

--
-- Name: events_created_at_brin; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_created_at_brin ON ONLY outbox.events USING brin (created_at);

--
-- Name: events_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_id_idx ON ONLY outbox.events USING btree (id);

--
-- Name: events_p00_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p00_created_at_idx ON outbox.events_p00 USING brin (created_at);

--
-- Name: events_p00_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p00_id_idx ON outbox.events_p00 USING btree (id);

--
-- Name: events_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_txid_idx ON ONLY outbox.events USING btree (txid);

--
-- Name: events_p00_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p00_txid_idx ON outbox.events_p00 USING btree (txid);

--
-- Name: events_p01_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p01_created_at_idx ON outbox.events_p01 USING brin (created_at);

--
-- Name: events_p01_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p01_id_idx ON outbox.events_p01 USING btree (id);

--
-- Name: events_p01_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p01_txid_idx ON outbox.events_p01 USING btree (txid);

--
-- Name: events_p02_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p02_created_at_idx ON outbox.events_p02 USING brin (created_at);

--
-- Name: events_p02_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p02_id_idx ON outbox.events_p02 USING btree (id);

--
-- Name: events_p02_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p02_txid_idx ON outbox.events_p02 USING btree (txid);

--
-- Name: events_p03_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p03_created_at_idx ON outbox.events_p03 USING brin (created_at);

--
-- Name: events_p03_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p03_id_idx ON outbox.events_p03 USING btree (id);

--
-- Name: events_p03_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p03_txid_idx ON outbox.events_p03 USING btree (txid);

--
-- Name: events_p04_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p04_created_at_idx ON outbox.events_p04 USING brin (created_at);

--
-- Name: events_p04_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p04_id_idx ON outbox.events_p04 USING btree (id);

--
-- Name: events_p04_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p04_txid_idx ON outbox.events_p04 USING btree (txid);

--
-- Name: events_p05_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p05_created_at_idx ON outbox.events_p05 USING brin (created_at);

--
-- Name: events_p05_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p05_id_idx ON outbox.events_p05 USING btree (id);

--
-- Name: events_p05_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p05_txid_idx ON outbox.events_p05 USING btree (txid);

--
-- Name: events_p06_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p06_created_at_idx ON outbox.events_p06 USING brin (created_at);

--
-- Name: events_p06_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p06_id_idx ON outbox.events_p06 USING btree (id);

--
-- Name: events_p06_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p06_txid_idx ON outbox.events_p06 USING btree (txid);

--
-- Name: events_p07_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p07_created_at_idx ON outbox.events_p07 USING brin (created_at);

--
-- Name: events_p07_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p07_id_idx ON outbox.events_p07 USING btree (id);

--
-- Name: events_p07_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p07_txid_idx ON outbox.events_p07 USING btree (txid);

--
-- Name: events_p08_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p08_created_at_idx ON outbox.events_p08 USING brin (created_at);

--
-- Name: events_p08_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p08_id_idx ON outbox.events_p08 USING btree (id);

--
-- Name: events_p08_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p08_txid_idx ON outbox.events_p08 USING btree (txid);

--
-- Name: events_p09_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p09_created_at_idx ON outbox.events_p09 USING brin (created_at);

--
-- Name: events_p09_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p09_id_idx ON outbox.events_p09 USING btree (id);

--
-- Name: events_p09_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p09_txid_idx ON outbox.events_p09 USING btree (txid);

--
-- Name: events_p10_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p10_created_at_idx ON outbox.events_p10 USING brin (created_at);

--
-- Name: events_p10_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p10_id_idx ON outbox.events_p10 USING btree (id);

--
-- Name: events_p10_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p10_txid_idx ON outbox.events_p10 USING btree (txid);

--
-- Name: events_p11_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p11_created_at_idx ON outbox.events_p11 USING brin (created_at);

--
-- Name: events_p11_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p11_id_idx ON outbox.events_p11 USING btree (id);

--
-- Name: events_p11_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p11_txid_idx ON outbox.events_p11 USING btree (txid);

--
-- Name: events_p12_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p12_created_at_idx ON outbox.events_p12 USING brin (created_at);

--
-- Name: events_p12_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p12_id_idx ON outbox.events_p12 USING btree (id);

--
-- Name: events_p12_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p12_txid_idx ON outbox.events_p12 USING btree (txid);

--
-- Name: events_p13_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p13_created_at_idx ON outbox.events_p13 USING brin (created_at);

--
-- Name: events_p13_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p13_id_idx ON outbox.events_p13 USING btree (id);

--
-- Name: events_p13_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p13_txid_idx ON outbox.events_p13 USING btree (txid);

--
-- Name: events_p14_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p14_created_at_idx ON outbox.events_p14 USING brin (created_at);

--
-- Name: events_p14_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p14_id_idx ON outbox.events_p14 USING btree (id);

--
-- Name: events_p14_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p14_txid_idx ON outbox.events_p14 USING btree (txid);

--
-- Name: events_p15_created_at_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p15_created_at_idx ON outbox.events_p15 USING brin (created_at);

--
-- Name: events_p15_id_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p15_id_idx ON outbox.events_p15 USING btree (id);

--
-- Name: events_p15_txid_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX events_p15_txid_idx ON outbox.events_p15 USING btree (txid);

--
-- Name: retries_claim_idx; Type: INDEX; Schema: outbox; Owner: -
--

CREATE INDEX retries_claim_idx ON outbox.retries USING btree (run_at, event_id) WHERE (state <> 'dead'::text);

--
-- Name: child_parents_children_xid_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX child_parents_children_xid_idx ON private.child_parents USING btree (child_table, kind, children_xid) WHERE open;

--
-- Name: child_parents_open_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX child_parents_open_idx ON private.child_parents USING btree (child_table, kind, parent_id) WHERE (open AND (children > 0));

--
-- Name: child_parents_opened_xid_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX child_parents_opened_xid_idx ON private.child_parents USING btree (child_table, kind, opened_xid);

--
-- Name: notification_badge_entities_latest_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX notification_badge_entities_latest_idx ON private.notification_badge_entities USING btree (user_id, badge_group, latest_at DESC, entity_id);

--
-- Name: notification_budgets_over_budget_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX notification_budgets_over_budget_idx ON private.notification_budgets USING btree (window_start) WHERE (over_budget > 0);

--
-- Name: sync_field_changes_base_keys_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX sync_field_changes_base_keys_idx ON private.sync_field_changes USING gin (base_keys);

--
-- Name: sync_field_changes_changed_at_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX sync_field_changes_changed_at_idx ON private.sync_field_changes USING btree (changed_at);

--
-- Name: sync_marks_xid_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX sync_marks_xid_idx ON private.sync_marks USING btree (sync_xid);

--
-- Name: visibility_rules_key; Type: INDEX; Schema: private; Owner: -
--

CREATE UNIQUE INDEX visibility_rules_key ON private.visibility_rules USING btree (table_name, kind, COALESCE(key_column, ''::text));

--
-- Name: visibility_rules_kind_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX visibility_rules_kind_idx ON private.visibility_rules USING btree (kind);

--
-- Name: watchlist_share_notices_user_id_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX watchlist_share_notices_user_id_idx ON private.watchlist_share_notices USING btree (user_id);

--
-- Name: activities_claim_expires_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_claim_expires_at_idx ON public.activities USING btree (claim_expires_at) WHERE (claim_expires_at IS NOT NULL);

--
-- Name: activities_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_updated_at_idx ON public.activities USING btree (updated_at);

--
-- Name: bird_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bird_updated_at_idx ON public.bird USING btree (updated_at);

--
-- Name: hotspot_location_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hotspot_location_gist ON public.hotspot USING gist (location);

--
-- Name: hotspot_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hotspot_updated_at_idx ON public.hotspot USING btree (updated_at);

--
-- Name: journal_entries_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_deleted_at_idx ON public.journal_entries USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: journal_entries_thread_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_thread_owner_idx ON public.journal_entries USING btree (thread_id, owner_id, entry_timestamp, id);

--
-- Name: journal_entry_value_lists_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entry_value_lists_owner_idx ON public.journal_entry_value_lists USING btree (owner_id);

--
-- Name: journal_entry_value_lists_thread_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entry_value_lists_thread_owner_idx ON public.journal_entry_value_lists USING btree (thread_id, owner_id, entry_timestamp, entry_id);

--
-- Name: journal_entry_values_field_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entry_values_field_idx ON public.journal_entry_values USING btree (field_id, thread_id);

--
-- Name: journal_entry_values_thread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entry_values_thread_idx ON public.journal_entry_values USING btree (thread_id, entry_timestamp, entry_id, field_id);

--
-- Name: journal_field_groups_parent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_field_groups_parent_idx ON public.journal_field_groups USING btree (parent_field_id, thread_id);

--
-- Name: journal_fields_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_fields_deleted_at_idx ON public.journal_fields USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: journal_fields_live_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX journal_fields_live_name_key ON public.journal_fields USING btree (thread_id, lower(name)) WHERE (deleted_at IS NULL);

--
-- Name: journal_fields_thread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_fields_thread_idx ON public.journal_fields USING btree (thread_id, sort_order);

--
-- Name: journal_thread_stats_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_thread_stats_owner_idx ON public.journal_thread_stats USING btree (owner_id);

--
-- Name: journal_threads_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_threads_deleted_at_idx ON public.journal_threads USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: listings_created_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listings_created_by_idx ON public.listings USING btree (created_by);

--
-- Name: listings_property_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listings_property_id_idx ON public.listings USING btree (property_id);

--
-- Name: listings_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listings_updated_at_idx ON public.listings USING btree (updated_at);

--
-- Name: notes_created_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_created_by_idx ON public.notes USING btree (created_by);

--
-- Name: notes_parent_author_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_parent_author_idx ON public.notes USING btree (parent_type, parent_id, created_by, created_at);

--
-- Name: notes_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_updated_at_idx ON public.notes USING btree (updated_at);

--
-- Name: notification_types_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notification_types_updated_at_idx ON public.notification_types USING btree (updated_at);

--
-- Name: notifications_source_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_source_user_id_idx ON public.notifications USING btree (source_user_id) WHERE (source_user_id IS NOT NULL);

--
-- Name: notifications_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_updated_at_idx ON public.notifications USING btree (updated_at);

--
-- Name: notifications_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_created_idx ON public.notifications USING btree (user_id, created_at DESC, id DESC);

--
-- Name: notifications_user_unread_groups_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_unread_groups_idx ON public.notifications USING btree (user_id, type, entity_id, entity_type) INCLUDE (created_at) WHERE (NOT read);

--
-- Name: notifications_user_unread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_unread_idx ON public.notifications USING btree (user_id, created_at DESC, id DESC) WHERE (NOT read);

--
-- Name: observed_bird_photos_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX observed_bird_photos_deleted_at_idx ON public.observed_bird_photos USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: observed_bird_photos_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX observed_bird_photos_updated_at_idx ON public.observed_bird_photos USING btree (updated_at);

--
-- Name: observed_bird_photos_watchlist_entry_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX observed_bird_photos_watchlist_entry_id_idx ON public.observed_bird_photos USING btree (watchlist_entry_id);

--
-- Name: properties_owned_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX properties_owned_by_idx ON public.properties USING btree (owned_by);

--
-- Name: properties_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX properties_updated_at_idx ON public.properties USING btree (updated_at);

--
-- Name: push_devices_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_devices_user_id_idx ON public.push_devices USING btree (user_id);

--
-- Name: subtasks_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subtasks_updated_at_idx ON public.subtasks USING btree (updated_at);

--
-- Name: sync_access_log_logged_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sync_access_log_logged_at_idx ON public.sync_access_log USING btree (logged_at);

--
-- Name: sync_deletions_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sync_deletions_deleted_at_idx ON public.sync_deletions USING btree (deleted_at);

--
-- Name: sync_deletions_record_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sync_deletions_record_idx ON public.sync_deletions USING btree (table_name, record_id);

--
-- Name: sync_deletions_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sync_deletions_xid_idx ON public.sync_deletions USING btree (table_name, sync_xid, record_id);

--
-- Name: sync_moves_moved_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sync_moves_moved_at_idx ON public.sync_moves USING btree (moved_at);

--
-- Name: tasks_claim_expires_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_claim_expires_at_idx ON public.tasks USING btree (claim_expires_at) WHERE (claim_expires_at IS NOT NULL);

--
-- Name: tasks_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_updated_at_idx ON public.tasks USING btree (updated_at);

--
-- Name: users_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_email_idx ON public.users USING btree (email);

--
-- Name: INDEX users_email_idx; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON INDEX public.users_email_idx IS 'A lookup of profiles by email (several profiles may give one address: it is not verified).';

--
-- Name: users_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_updated_at_idx ON public.users USING btree (updated_at);

--
-- Name: watchlist_entries_bird_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_entries_bird_id_idx ON public.watchlist_entries USING btree (bird_id);

--
-- Name: watchlist_entries_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_entries_deleted_at_idx ON public.watchlist_entries USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: watchlist_entries_location_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_entries_location_gist ON public.watchlist_entries USING gist (location);

--
-- Name: watchlist_entries_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_entries_updated_at_idx ON public.watchlist_entries USING btree (updated_at);

--
-- Name: watchlist_rules_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_rules_deleted_at_idx ON public.watchlist_rules USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: watchlist_rules_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_rules_updated_at_idx ON public.watchlist_rules USING btree (updated_at);

--
-- Name: watchlist_shares_accepted_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_shares_accepted_idx ON public.watchlist_shares USING btree (user_id, watchlist_id) WHERE (accepted_at IS NOT NULL);

--
-- Name: watchlist_shares_invitations_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_shares_invitations_idx ON public.watchlist_shares USING btree (user_id, created_at DESC, id DESC) WHERE (accepted_at IS NULL);

--
-- Name: watchlist_shares_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_shares_updated_at_idx ON public.watchlist_shares USING btree (updated_at);

--
-- Name: watchlist_shares_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_shares_user_id_idx ON public.watchlist_shares USING btree (user_id);

--
-- Name: watchlists_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_deleted_at_idx ON public.watchlists USING btree (deleted_at) WHERE (deleted_at IS NOT NULL);

--
-- Name: watchlists_location_rule_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_location_rule_gist ON public.watchlists USING gist (location_rule_location) WHERE (location_rule_enabled AND (deleted_at IS NULL));

--
-- Name: watchlists_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_updated_at_idx ON public.watchlists USING btree (updated_at);

--
-- Name: events_p00_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p00_created_at_idx;

--
-- Name: events_p00_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p00_id_idx;

--
-- Name: events_p00_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p00_txid_idx;

--
-- Name: events_p01_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p01_created_at_idx;

--
-- Name: events_p01_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p01_id_idx;

--
-- Name: events_p01_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p01_txid_idx;

--
-- Name: events_p02_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p02_created_at_idx;

--
-- Name: events_p02_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p02_id_idx;

--
-- Name: events_p02_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p02_txid_idx;

--
-- Name: events_p03_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p03_created_at_idx;

--
-- Name: events_p03_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p03_id_idx;

--
-- Name: events_p03_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p03_txid_idx;

--
-- Name: events_p04_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p04_created_at_idx;

--
-- Name: events_p04_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p04_id_idx;

--
-- Name: events_p04_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p04_txid_idx;

--
-- Name: events_p05_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p05_created_at_idx;

--
-- Name: events_p05_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p05_id_idx;

--
-- Name: events_p05_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p05_txid_idx;

--
-- Name: events_p06_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p06_created_at_idx;

--
-- Name: events_p06_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p06_id_idx;

--
-- Name: events_p06_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p06_txid_idx;

--
-- Name: events_p07_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p07_created_at_idx;

--
-- Name: events_p07_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p07_id_idx;

--
-- Name: events_p07_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p07_txid_idx;

--
-- Name: events_p08_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p08_created_at_idx;

--
-- Name: events_p08_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p08_id_idx;

--
-- Name: events_p08_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p08_txid_idx;

--
-- Name: events_p09_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p09_created_at_idx;

--
-- Name: events_p09_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p09_id_idx;

--
-- Name: events_p09_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p09_txid_idx;

--
-- Name: events_p10_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p10_created_at_idx;

--
-- Name: events_p10_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p10_id_idx;

--
-- Name: events_p10_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p10_txid_idx;

--
-- Name: events_p11_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p11_created_at_idx;

--
-- Name: events_p11_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p11_id_idx;

--
-- Name: events_p11_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p11_txid_idx;

--
-- Name: events_p12_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p12_created_at_idx;

--
-- Name: events_p12_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p12_id_idx;

--
-- Name: events_p12_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p12_txid_idx;

--
-- Name: events_p13_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p13_created_at_idx;

--
-- Name: events_p13_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p13_id_idx;

--
-- Name: events_p13_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p13_txid_idx;

--
-- Name: events_p14_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p14_created_at_idx;

--
-- Name: events_p14_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p14_id_idx;

--
-- Name: events_p14_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p14_txid_idx;

--
-- Name: events_p15_created_at_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_created_at_brin ATTACH PARTITION outbox.events_p15_created_at_idx;

--
-- Name: events_p15_id_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_id_idx ATTACH PARTITION outbox.events_p15_id_idx;

--
-- Name: events_p15_txid_idx; Type: INDEX ATTACH; Schema: outbox; Owner: -
--

ALTER INDEX outbox.events_txid_idx ATTACH PARTITION outbox.events_p15_txid_idx;

--
-- Name: notes _check_parent_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _check_parent_insert BEFORE INSERT ON public.notes FOR EACH ROW EXECUTE FUNCTION private.check_work_parent();

--
-- Name: subtasks _check_parent_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _check_parent_insert BEFORE INSERT ON public.subtasks FOR EACH ROW EXECUTE FUNCTION private.check_work_parent();

--
-- Name: notes _check_parent_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _check_parent_update BEFORE UPDATE ON public.notes FOR EACH ROW WHEN (((old.parent_type IS DISTINCT FROM new.parent_type) OR (old.parent_id IS DISTINCT FROM new.parent_id))) EXECUTE FUNCTION private.check_work_parent();

--
-- Name: subtasks _check_parent_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _check_parent_update BEFORE UPDATE ON public.subtasks FOR EACH ROW WHEN (((old.parent_type IS DISTINCT FROM new.parent_type) OR (old.parent_id IS DISTINCT FROM new.parent_id))) EXECUTE FUNCTION private.check_work_parent();

--
-- Name: notification_preferences _check_preference_key_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _check_preference_key_insert BEFORE INSERT ON public.notification_preferences FOR EACH ROW EXECUTE FUNCTION private.check_notification_preference();

--
-- Name: notification_preferences _check_preference_key_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _check_preference_key_update BEFORE UPDATE ON public.notification_preferences FOR EACH ROW WHEN ((old.preference_key IS DISTINCT FROM new.preference_key)) EXECUTE FUNCTION private.check_notification_preference();

--
-- Name: notes _derive_edited_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_edited_at_insert BEFORE INSERT ON public.notes FOR EACH ROW WHEN ((new.edited_at IS NOT NULL)) EXECUTE FUNCTION private.derive_note_edited_at();

--
-- Name: notes _derive_edited_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_edited_at_update BEFORE UPDATE ON public.notes FOR EACH ROW WHEN (((old.content IS DISTINCT FROM new.content) OR (old.edited_at IS DISTINCT FROM new.edited_at))) EXECUTE FUNCTION private.derive_note_edited_at();

--
-- Name: observed_bird_photos _derive_watchlist_id_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_watchlist_id_insert BEFORE INSERT ON public.observed_bird_photos FOR EACH ROW EXECUTE FUNCTION private.derive_photo_watchlist();

--
-- Name: observed_bird_photos _derive_watchlist_id_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_watchlist_id_update BEFORE UPDATE ON public.observed_bird_photos FOR EACH ROW WHEN (((old.watchlist_entry_id IS DISTINCT FROM new.watchlist_entry_id) OR (old.watchlist_id IS DISTINCT FROM new.watchlist_id))) EXECUTE FUNCTION private.derive_photo_watchlist();

--
-- Name: activities _derive_work_item_state_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_work_item_state_insert BEFORE INSERT ON public.activities FOR EACH ROW WHEN ((new.completed OR (new.completed_at IS NOT NULL) OR (new.claimed_by IS NOT NULL) OR (new.claimed_at IS NOT NULL) OR (new.claim_expires_at IS NOT NULL))) EXECUTE FUNCTION private.derive_work_item_state();

--
-- Name: tasks _derive_work_item_state_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_work_item_state_insert BEFORE INSERT ON public.tasks FOR EACH ROW WHEN ((new.completed OR (new.completed_at IS NOT NULL) OR (new.claimed_by IS NOT NULL) OR (new.claimed_at IS NOT NULL) OR (new.claim_expires_at IS NOT NULL))) EXECUTE FUNCTION private.derive_work_item_state();

--
-- Name: activities _derive_work_item_state_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_work_item_state_update BEFORE UPDATE OF completed, completed_at, claimed_by, claimed_at, claim_expires_at ON public.activities FOR EACH ROW WHEN (((new.completed IS DISTINCT FROM old.completed) OR (new.completed_at IS DISTINCT FROM old.completed_at) OR (new.claimed_by IS DISTINCT FROM old.claimed_by) OR (new.claimed_at IS DISTINCT FROM old.claimed_at) OR (new.claim_expires_at IS DISTINCT FROM old.claim_expires_at))) EXECUTE FUNCTION private.derive_work_item_state();

--
-- Name: tasks _derive_work_item_state_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _derive_work_item_state_update BEFORE UPDATE OF completed, completed_at, claimed_by, claimed_at, claim_expires_at ON public.tasks FOR EACH ROW WHEN (((new.completed IS DISTINCT FROM old.completed) OR (new.completed_at IS DISTINCT FROM old.completed_at) OR (new.claimed_by IS DISTINCT FROM old.claimed_by) OR (new.claimed_at IS DISTINCT FROM old.claimed_at) OR (new.claim_expires_at IS DISTINCT FROM old.claim_expires_at))) EXECUTE FUNCTION private.derive_work_item_state();

--
-- Name: activities _guard_listing_attach; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _guard_listing_attach BEFORE INSERT ON public.activities FOR EACH ROW WHEN ((new.listing_id IS NOT NULL)) EXECUTE FUNCTION private.guard_listing_move();

--
-- Name: tasks _guard_listing_attach; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _guard_listing_attach BEFORE INSERT ON public.tasks FOR EACH ROW WHEN ((new.listing_id IS NOT NULL)) EXECUTE FUNCTION private.guard_listing_move();

--
-- Name: activities _guard_listing_move; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _guard_listing_move BEFORE UPDATE OF listing_id ON public.activities FOR EACH ROW WHEN ((old.listing_id IS DISTINCT FROM new.listing_id)) EXECUTE FUNCTION private.guard_listing_move();

--
-- Name: tasks _guard_listing_move; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _guard_listing_move BEFORE UPDATE OF listing_id ON public.tasks FOR EACH ROW WHEN ((old.listing_id IS DISTINCT FROM new.listing_id)) EXECUTE FUNCTION private.guard_listing_move();

--
-- Name: listings _guard_listing_property; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _guard_listing_property BEFORE INSERT ON public.listings FOR EACH ROW WHEN ((new.property_id IS NOT NULL)) EXECUTE FUNCTION private.guard_listing_property();

--
-- Name: listings _guard_listing_property_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _guard_listing_property_update BEFORE UPDATE OF property_id ON public.listings FOR EACH ROW WHEN (((new.property_id IS NOT NULL) AND (old.property_id IS DISTINCT FROM new.property_id))) EXECUTE FUNCTION private.guard_listing_property();

--
-- Name: users _hand_over_held_items; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _hand_over_held_items BEFORE DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION private.hand_over_held_items();

--
-- Name: journal_entries _journal_check_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_insert BEFORE INSERT ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION private.journal_entries_check();

--
-- Name: journal_entry_values _journal_check_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_insert BEFORE INSERT ON public.journal_entry_values FOR EACH ROW EXECUTE FUNCTION private.journal_entry_values_check();

--
-- Name: journal_field_groups _journal_check_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_insert BEFORE INSERT ON public.journal_field_groups FOR EACH ROW EXECUTE FUNCTION private.journal_field_groups_check();

--
-- Name: journal_fields _journal_check_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_insert BEFORE INSERT ON public.journal_fields FOR EACH ROW EXECUTE FUNCTION private.journal_fields_check();

--
-- Name: journal_threads _journal_check_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_insert BEFORE INSERT ON public.journal_threads FOR EACH ROW EXECUTE FUNCTION private.journal_threads_check();

--
-- Name: journal_entries _journal_check_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_update BEFORE UPDATE ON public.journal_entries FOR EACH ROW WHEN (((old.content IS DISTINCT FROM new.content) OR (old.entry_timestamp IS DISTINCT FROM new.entry_timestamp) OR (old.last_edited_at IS DISTINCT FROM new.last_edited_at))) EXECUTE FUNCTION private.journal_entries_check();

--
-- Name: journal_entry_values _journal_check_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_update BEFORE UPDATE ON public.journal_entry_values FOR EACH ROW WHEN (((old.entry_id IS DISTINCT FROM new.entry_id) OR (old.field_id IS DISTINCT FROM new.field_id) OR (old.value IS DISTINCT FROM new.value))) EXECUTE FUNCTION private.journal_entry_values_check();

--
-- Name: journal_field_groups _journal_check_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_update BEFORE UPDATE ON public.journal_field_groups FOR EACH ROW WHEN (((old.parent_field_id IS DISTINCT FROM new.parent_field_id) OR (old.child_field_id IS DISTINCT FROM new.child_field_id) OR (old.thread_id IS DISTINCT FROM new.thread_id) OR (old.owner_id IS DISTINCT FROM new.owner_id))) EXECUTE FUNCTION private.journal_field_groups_check();

--
-- Name: journal_fields _journal_check_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_update BEFORE UPDATE ON public.journal_fields FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.deleted_at IS DISTINCT FROM new.deleted_at) OR (old.thread_id IS DISTINCT FROM new.thread_id) OR (old.is_group IS DISTINCT FROM new.is_group))) EXECUTE FUNCTION private.journal_fields_check();

--
-- Name: journal_threads _journal_check_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _journal_check_update BEFORE UPDATE ON public.journal_threads FOR EACH ROW WHEN ((old.title IS DISTINCT FROM new.title)) EXECUTE FUNCTION private.journal_threads_check();

--
-- Name: notes _quota_notes_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _quota_notes_insert AFTER INSERT ON public.notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.check_notes_quota();

--
-- Name: journal_entries _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.journal_entries FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: journal_fields _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.journal_fields FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: journal_threads _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.journal_threads FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: observed_bird_photos _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.observed_bird_photos FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: watchlist_entries _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.watchlist_entries FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: watchlist_rules _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: watchlists _stamp_deleted_at_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.watchlists FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: journal_entries _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.journal_entries FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: journal_fields _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.journal_fields FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: journal_threads _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.journal_threads FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: observed_bird_photos _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.observed_bird_photos FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: watchlist_entries _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.watchlist_entries FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: watchlist_rules _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: watchlists _stamp_deleted_at_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.watchlists FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at();

--
-- Name: activities delete_children; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER delete_children AFTER DELETE ON public.activities REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION private.delete_work_children('activity');

--
-- Name: listings delete_children; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER delete_children AFTER DELETE ON public.listings REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION private.delete_work_children('listing');

--
-- Name: tasks delete_children; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER delete_children AFTER DELETE ON public.tasks REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION private.delete_work_children('task');

--
-- Name: journal_entries journal_count_entries_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_count_entries_delete AFTER DELETE ON public.journal_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_count_entries();

--
-- Name: journal_entries journal_count_entries_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_count_entries_insert AFTER INSERT ON public.journal_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_count_entries();

--
-- Name: journal_entries journal_count_entries_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_count_entries_update AFTER UPDATE ON public.journal_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_count_entries();

--
-- Name: journal_entry_values journal_list_values_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_list_values_delete AFTER DELETE ON public.journal_entry_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_list_values();

--
-- Name: journal_entry_values journal_list_values_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_list_values_insert AFTER INSERT ON public.journal_entry_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_list_values();

--
-- Name: journal_entry_values journal_list_values_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_list_values_update AFTER UPDATE ON public.journal_entry_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_list_values();

--
-- Name: journal_entry_values journal_mark_edited_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_mark_edited_delete AFTER DELETE ON public.journal_entry_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_values_mark_edited();

--
-- Name: journal_entry_values journal_mark_edited_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_mark_edited_update AFTER UPDATE ON public.journal_entry_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_values_mark_edited();

--
-- Name: journal_entries journal_move_values; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_move_values AFTER UPDATE OF entry_timestamp ON public.journal_entries FOR EACH ROW WHEN ((old.entry_timestamp IS DISTINCT FROM new.entry_timestamp)) EXECUTE FUNCTION private.journal_entries_move_values();

--
-- Name: journal_threads journal_thread_stats_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_thread_stats_insert AFTER INSERT ON public.journal_threads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.journal_create_thread_stats();

--
-- Name: watchlist_entries photos_follow; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER photos_follow AFTER UPDATE OF watchlist_id ON public.watchlist_entries FOR EACH ROW WHEN ((old.watchlist_id IS DISTINCT FROM new.watchlist_id)) EXECUTE FUNCTION private.derive_photo_watchlist();

--
-- Name: subtasks refuse_deleted_ids; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER refuse_deleted_ids AFTER INSERT ON public.subtasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.refuse_deleted_subtask_ids();

--
-- Name: activities sync_access_claim_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_claim_delete AFTER DELETE ON public.activities FOR EACH ROW WHEN (((old.claimed_by IS NOT NULL) AND (old.listing_id IS NOT NULL))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: tasks sync_access_claim_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_claim_delete AFTER DELETE ON public.tasks FOR EACH ROW WHEN (((old.claimed_by IS NOT NULL) AND (old.listing_id IS NOT NULL))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: activities sync_access_claim_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_claim_insert AFTER INSERT ON public.activities FOR EACH ROW WHEN (((new.claimed_by IS NOT NULL) AND (new.listing_id IS NOT NULL))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: tasks sync_access_claim_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_claim_insert AFTER INSERT ON public.tasks FOR EACH ROW WHEN (((new.claimed_by IS NOT NULL) AND (new.listing_id IS NOT NULL))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: activities sync_access_claim_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_claim_update AFTER UPDATE OF claimed_by, listing_id ON public.activities FOR EACH ROW WHEN (((old.claimed_by IS DISTINCT FROM new.claimed_by) OR (old.listing_id IS DISTINCT FROM new.listing_id))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: tasks sync_access_claim_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_claim_update AFTER UPDATE OF claimed_by, listing_id ON public.tasks FOR EACH ROW WHEN (((old.claimed_by IS DISTINCT FROM new.claimed_by) OR (old.listing_id IS DISTINCT FROM new.listing_id))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: listings sync_access_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_delete AFTER DELETE ON public.listings FOR EACH ROW EXECUTE FUNCTION private.log_access_change();

--
-- Name: watchlists sync_access_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_delete AFTER DELETE ON public.watchlists FOR EACH ROW EXECUTE FUNCTION private.log_access_change();

--
-- Name: watchlist_shares sync_access_insert_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_insert_delete AFTER INSERT OR DELETE ON public.watchlist_shares FOR EACH ROW EXECUTE FUNCTION private.log_access_change();

--
-- Name: sync_access_log sync_access_marks; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_marks AFTER INSERT ON public.sync_access_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.mark_access_changes();

--
-- Name: listings sync_access_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_update AFTER UPDATE OF owned_by ON public.listings FOR EACH ROW WHEN ((old.owned_by IS DISTINCT FROM new.owned_by)) EXECUTE FUNCTION private.log_access_change();

--
-- Name: users sync_access_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_update AFTER UPDATE OF is_admin ON public.users FOR EACH ROW WHEN ((old.is_admin IS DISTINCT FROM new.is_admin)) EXECUTE FUNCTION private.log_access_change();

--
-- Name: watchlist_shares sync_access_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_update AFTER UPDATE OF user_id, watchlist_id, accepted_at ON public.watchlist_shares FOR EACH ROW WHEN (((old.user_id IS DISTINCT FROM new.user_id) OR (old.watchlist_id IS DISTINCT FROM new.watchlist_id) OR ((old.accepted_at IS NULL) <> (new.accepted_at IS NULL)))) EXECUTE FUNCTION private.log_access_change();

--
-- Name: watchlists sync_access_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_access_update AFTER UPDATE OF owner_id ON public.watchlists FOR EACH ROW WHEN ((old.owner_id IS DISTINCT FROM new.owner_id)) EXECUTE FUNCTION private.log_access_change();

--
-- Name: notifications tally_badges_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tally_badges_delete AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.count_badges();

--
-- Name: notifications tally_badges_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tally_badges_insert AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.count_badges();

--
-- Name: notifications tally_badges_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tally_badges_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.count_badges();

--
-- Name: cursors cursors_handler_fkey; Type: FK CONSTRAINT; Schema: outbox; Owner: -
--

ALTER TABLE ONLY outbox.cursors
    ADD CONSTRAINT cursors_handler_fkey FOREIGN KEY (handler) REFERENCES outbox.handlers(name) ON DELETE CASCADE;

--
-- Name: quota_usage quota_usage_name_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.quota_usage
    ADD CONSTRAINT quota_usage_name_fkey FOREIGN KEY (name) REFERENCES private.quotas(name) ON DELETE CASCADE;

--
-- Name: visibility_rules visibility_rules_kind_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.visibility_rules
    ADD CONSTRAINT visibility_rules_kind_fkey FOREIGN KEY (kind) REFERENCES private.visibility_kinds(kind);

--
-- Name: visibility_rules visibility_rules_table_name_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.visibility_rules
    ADD CONSTRAINT visibility_rules_table_name_fkey FOREIGN KEY (table_name) REFERENCES private.visibility_tables(table_name) ON DELETE CASCADE;

--
-- Name: watchlist_share_notices watchlist_share_notices_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.watchlist_share_notices
    ADD CONSTRAINT watchlist_share_notices_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: watchlist_share_notices watchlist_share_notices_watchlist_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.watchlist_share_notices
    ADD CONSTRAINT watchlist_share_notices_watchlist_id_fkey FOREIGN KEY (watchlist_id) REFERENCES public.watchlists(id) ON DELETE CASCADE;

--
-- Name: activities activities_claimed_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_claimed_by_fkey FOREIGN KEY (claimed_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: activities activities_declared_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_declared_by_fkey FOREIGN KEY (declared_by) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: activities activities_listing_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES public.listings(id) ON DELETE SET NULL;

--
-- Name: journal_entries journal_entries_thread_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES public.journal_threads(id) ON DELETE CASCADE;

--
-- Name: journal_entry_value_lists journal_entry_value_lists_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entry_value_lists
    ADD CONSTRAINT journal_entry_value_lists_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id) ON DELETE CASCADE;

--
-- Name: journal_entry_values journal_entry_values_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entry_values
    ADD CONSTRAINT journal_entry_values_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id) ON DELETE CASCADE;

--
-- Name: journal_entry_values journal_entry_values_field_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entry_values
    ADD CONSTRAINT journal_entry_values_field_fkey FOREIGN KEY (field_id, thread_id) REFERENCES public.journal_fields(id, thread_id) ON DELETE CASCADE;

--
-- Name: journal_field_groups journal_field_groups_child_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_field_groups
    ADD CONSTRAINT journal_field_groups_child_fkey FOREIGN KEY (child_field_id, thread_id) REFERENCES public.journal_fields(id, thread_id) ON DELETE CASCADE;

--
-- Name: journal_field_groups journal_field_groups_parent_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_field_groups
    ADD CONSTRAINT journal_field_groups_parent_fkey FOREIGN KEY (parent_field_id, thread_id) REFERENCES public.journal_fields(id, thread_id) ON DELETE CASCADE;

--
-- Name: journal_fields journal_fields_thread_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_fields
    ADD CONSTRAINT journal_fields_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES public.journal_threads(id) ON DELETE CASCADE;

--
-- Name: journal_thread_stats journal_thread_stats_thread_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_thread_stats
    ADD CONSTRAINT journal_thread_stats_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES public.journal_threads(id) ON DELETE CASCADE;

--
-- Name: journal_threads journal_threads_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_threads
    ADD CONSTRAINT journal_threads_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: listings listings_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listings
    ADD CONSTRAINT listings_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: listings listings_owned_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listings
    ADD CONSTRAINT listings_owned_by_fkey FOREIGN KEY (owned_by) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: listings listings_property_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listings
    ADD CONSTRAINT listings_property_id_fkey FOREIGN KEY (property_id) REFERENCES public.properties(id) ON DELETE CASCADE;

--
-- Name: notes notes_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: notification_preferences notification_preferences_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_preferences
    ADD CONSTRAINT notification_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_source_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_source_user_id_fkey FOREIGN KEY (source_user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: observed_bird_photos observed_bird_photos_watchlist_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.observed_bird_photos
    ADD CONSTRAINT observed_bird_photos_watchlist_entry_id_fkey FOREIGN KEY (watchlist_entry_id) REFERENCES public.watchlist_entries(id) ON DELETE CASCADE;

--
-- Name: properties properties_owned_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.properties
    ADD CONSTRAINT properties_owned_by_fkey FOREIGN KEY (owned_by) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: push_devices push_devices_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_devices
    ADD CONSTRAINT push_devices_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: tasks tasks_claimed_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_claimed_by_fkey FOREIGN KEY (claimed_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: tasks tasks_declared_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_declared_by_fkey FOREIGN KEY (declared_by) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: tasks tasks_listing_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES public.listings(id) ON DELETE SET NULL;

--
-- Name: users users_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: watchlist_entries watchlist_entries_bird_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_entries
    ADD CONSTRAINT watchlist_entries_bird_id_fkey FOREIGN KEY (bird_id) REFERENCES public.bird(id);

--
-- Name: watchlist_entries watchlist_entries_watchlist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_entries
    ADD CONSTRAINT watchlist_entries_watchlist_id_fkey FOREIGN KEY (watchlist_id) REFERENCES public.watchlists(id) ON DELETE CASCADE;

--
-- Name: watchlist_rules watchlist_rules_watchlist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_rules
    ADD CONSTRAINT watchlist_rules_watchlist_id_fkey FOREIGN KEY (watchlist_id) REFERENCES public.watchlists(id) ON DELETE CASCADE;

--
-- Name: watchlist_shares watchlist_shares_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_shares
    ADD CONSTRAINT watchlist_shares_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: watchlist_shares watchlist_shares_watchlist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlist_shares
    ADD CONSTRAINT watchlist_shares_watchlist_id_fkey FOREIGN KEY (watchlist_id) REFERENCES public.watchlists(id) ON DELETE CASCADE;

--
-- Name: watchlists watchlists_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watchlists
    ADD CONSTRAINT watchlists_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.log ENABLE ROW LEVEL SECURITY;

--
-- Name: tracked_tables; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.tracked_tables ENABLE ROW LEVEL SECURITY;

--
-- Name: users; Type: ROW SECURITY; Schema: auth; Owner: -
--

ALTER TABLE auth.users ENABLE ROW LEVEL SECURITY;

--
-- Name: table_manifest; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.table_manifest ENABLE ROW LEVEL SECURITY;

--
-- Name: activities; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.activities ENABLE ROW LEVEL SECURITY;

--
-- Name: activities activities_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_select_admin ON public.activities FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: bird; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.bird ENABLE ROW LEVEL SECURITY;

--
-- Name: bird bird_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY bird_select_admin ON public.bird FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: hotspot; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.hotspot ENABLE ROW LEVEL SECURITY;

--
-- Name: hotspot hotspot_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY hotspot_select_admin ON public.hotspot FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: journal_entries; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_entry_value_lists; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_entry_value_lists ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_entry_values; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_entry_values ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_field_groups; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_field_groups ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_fields; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_fields ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_thread_stats; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_thread_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_threads; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_threads ENABLE ROW LEVEL SECURITY;

--
-- Name: listings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.listings ENABLE ROW LEVEL SECURITY;

--
-- Name: listings listings_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY listings_select_admin ON public.listings FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: notes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notes ENABLE ROW LEVEL SECURITY;

--
-- Name: notes notes_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY notes_select_admin ON public.notes FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: notification_preferences; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notification_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: notification_types; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notification_types ENABLE ROW LEVEL SECURITY;

--
-- Name: notification_types notification_types_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY notification_types_select_admin ON public.notification_types FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: notifications; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

--
-- Name: observed_bird_photos; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.observed_bird_photos ENABLE ROW LEVEL SECURITY;

--
-- Name: observed_bird_photos observed_bird_photos_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY observed_bird_photos_select_admin ON public.observed_bird_photos FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: properties; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.properties ENABLE ROW LEVEL SECURITY;

--
-- Name: properties properties_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY properties_select_admin ON public.properties FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: push_devices; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.push_devices ENABLE ROW LEVEL SECURITY;

--
-- Name: subtasks; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.subtasks ENABLE ROW LEVEL SECURITY;

--
-- Name: subtasks subtasks_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY subtasks_select_admin ON public.subtasks FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: sync_access_log; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.sync_access_log ENABLE ROW LEVEL SECURITY;

--
-- Name: sync_deletions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.sync_deletions ENABLE ROW LEVEL SECURITY;

--
-- Name: sync_horizon; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.sync_horizon ENABLE ROW LEVEL SECURITY;

--
-- Name: sync_moves; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.sync_moves ENABLE ROW LEVEL SECURITY;

--
-- Name: tasks; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tasks ENABLE ROW LEVEL SECURITY;

--
-- Name: tasks tasks_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY tasks_select_admin ON public.tasks FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: users; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.users ENABLE ROW LEVEL SECURITY;

--
-- Name: users users_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY users_select_admin ON public.users FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: watchlist_entries; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.watchlist_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: watchlist_entries watchlist_entries_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_entries_select_admin ON public.watchlist_entries FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: watchlist_rules; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.watchlist_rules ENABLE ROW LEVEL SECURITY;

--
-- Name: watchlist_rules watchlist_rules_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_select_admin ON public.watchlist_rules FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: watchlist_shares; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.watchlist_shares ENABLE ROW LEVEL SECURITY;

--
-- Name: watchlist_shares watchlist_shares_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_shares_select_admin ON public.watchlist_shares FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: watchlists; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.watchlists ENABLE ROW LEVEL SECURITY;

--
-- Name: watchlists watchlists_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_select_admin ON public.watchlists FOR SELECT TO dispatch_admin USING (( SELECT private.is_admin() AS is_admin));

--
-- Name: SCHEMA audit; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA audit TO authenticated;
GRANT USAGE ON SCHEMA audit TO service_role;

--
-- Name: SCHEMA auth; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA auth TO authenticated;
GRANT USAGE ON SCHEMA auth TO service_role;

--
-- Name: SCHEMA extensions; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA extensions TO authenticated;
GRANT USAGE ON SCHEMA extensions TO service_role;

--
-- Name: SCHEMA outbox; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA outbox TO service_role;

--
-- Name: SCHEMA private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

--
-- Name: FUNCTION deleted_dependents(p_table text, p_id uuid); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.deleted_dependents(p_table text, p_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION enable_tracking(p_table regclass, p_entity_type text, p_owner_column text); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.enable_tracking(p_table regclass, p_entity_type text, p_owner_column text) FROM PUBLIC;

--
-- Name: FUNCTION entity_table(p_entity_type text); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.entity_table(p_entity_type text) FROM PUBLIC;
GRANT ALL ON FUNCTION audit.entity_table(p_entity_type text) TO authenticated;
GRANT ALL ON FUNCTION audit.entity_table(p_entity_type text) TO service_role;

--
-- Name: FUNCTION get_table_names(); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.get_table_names() FROM PUBLIC;
GRANT ALL ON FUNCTION audit.get_table_names() TO authenticated;
GRANT ALL ON FUNCTION audit.get_table_names() TO service_role;

--
-- Name: FUNCTION is_restoring(p_table text, p_id text); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.is_restoring(p_table text, p_id text) FROM PUBLIC;

--
-- Name: FUNCTION log_changes(); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.log_changes() FROM PUBLIC;

--
-- Name: FUNCTION log_rows(); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.log_rows() FROM PUBLIC;

--
-- Name: FUNCTION refuse_deleted_subtask_ids(); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.refuse_deleted_subtask_ids() FROM PUBLIC;

--
-- Name: FUNCTION restore_dependents(p_table text, p_id uuid, p_dependents jsonb); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.restore_dependents(p_table text, p_id uuid, p_dependents jsonb) FROM PUBLIC;

--
-- Name: FUNCTION restoring_id(p_table text); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.restoring_id(p_table text) FROM PUBLIC;

--
-- Name: FUNCTION set_restoring(p_table text, p_id uuid); Type: ACL; Schema: audit; Owner: -
--

REVOKE ALL ON FUNCTION audit.set_restoring(p_table text, p_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION uid(); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.uid() FROM PUBLIC;
GRANT ALL ON FUNCTION auth.uid() TO authenticated;
GRANT ALL ON FUNCTION auth.uid() TO service_role;

--
-- Name: FUNCTION st_estimatedextent(text, text); Type: ACL; Schema: extensions; Owner: -
--

REVOKE ALL ON FUNCTION extensions.st_estimatedextent(text, text) FROM PUBLIC;

--
-- Name: FUNCTION st_estimatedextent(text, text, text); Type: ACL; Schema: extensions; Owner: -
--

REVOKE ALL ON FUNCTION extensions.st_estimatedextent(text, text, text) FROM PUBLIC;

--
-- Name: FUNCTION st_estimatedextent(text, text, text, boolean); Type: ACL; Schema: extensions; Owner: -
--

REVOKE ALL ON FUNCTION extensions.st_estimatedextent(text, text, text, boolean) FROM PUBLIC;

--
-- Name: FUNCTION backlog(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.backlog() FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.backlog() TO service_role;

--
-- Name: TABLE batches; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE outbox.batches TO service_role;

--
-- Name: TABLE events; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.events TO service_role;

--
-- Name: FUNCTION batch_events(p_batch outbox.batches); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.batch_events(p_batch outbox.batches) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.batch_events(p_batch outbox.batches) TO service_role;

--
-- Name: FUNCTION capture_block(p_table text, p_op text); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.capture_block(p_table text, p_op text) FROM PUBLIC;

--
-- Name: FUNCTION capture_sql(p_table text, p_op text, p_actor text, p_restored text, p_one_row boolean); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.capture_sql(p_table text, p_op text, p_actor text, p_restored text, p_one_row boolean) FROM PUBLIC;

--
-- Name: FUNCTION changes_since(p_cursor text, p_tables text[], p_limit integer, p_user uuid); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.changes_since(p_cursor text, p_tables text[], p_limit integer, p_user uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.changes_since(p_cursor text, p_tables text[], p_limit integer, p_user uuid) TO service_role;

--
-- Name: FUNCTION claim(p_worker text, p_handlers text[], p_batch integer, p_lease interval); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.claim(p_worker text, p_handlers text[], p_batch integer, p_lease interval) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.claim(p_worker text, p_handlers text[], p_batch integer, p_lease interval) TO service_role;

--
-- Name: FUNCTION complete(p_worker text, p_batches bigint[], p_handlers text[], p_event_ids bigint[]); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.complete(p_worker text, p_batches bigint[], p_handlers text[], p_event_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.complete(p_worker text, p_batches bigint[], p_handlers text[], p_event_ids bigint[]) TO service_role;

--
-- Name: FUNCTION current_cursor(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.current_cursor() FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.current_cursor() TO service_role;

--
-- Name: FUNCTION disable_changes(p_table regclass); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.disable_changes(p_table regclass) FROM PUBLIC;

--
-- Name: FUNCTION doorbell_channel(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.doorbell_channel() FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.doorbell_channel() TO service_role;

--
-- Name: FUNCTION enable_changes(p_table regclass); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.enable_changes(p_table regclass) FROM PUBLIC;

--
-- Name: FUNCTION fail(p_worker text, p_handlers text[], p_event_ids bigint[], p_errors text[], p_retryable boolean[], p_batches bigint[]); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.fail(p_worker text, p_handlers text[], p_event_ids bigint[], p_errors text[], p_retryable boolean[], p_batches bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.fail(p_worker text, p_handlers text[], p_event_ids bigint[], p_errors text[], p_retryable boolean[], p_batches bigint[]) TO service_role;

--
-- Name: FUNCTION feed_cursor(p_snapshot pg_snapshot, p_last bigint); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.feed_cursor(p_snapshot pg_snapshot, p_last bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.feed_cursor(p_snapshot pg_snapshot, p_last bigint) TO service_role;

--
-- Name: FUNCTION generate_capture(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.generate_capture() FROM PUBLIC;

--
-- Name: FUNCTION log_partition(p_at timestamp with time zone); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.log_partition(p_at timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION log_partition_consumed(p_partition integer); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.log_partition_consumed(p_partition integer) FROM PUBLIC;

--
-- Name: FUNCTION open_feed_cursor(p_cursor text); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.open_feed_cursor(p_cursor text) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.open_feed_cursor(p_cursor text) TO service_role;

--
-- Name: FUNCTION prune(p_older_than interval); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.prune(p_older_than interval) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.prune(p_older_than interval) TO service_role;

--
-- Name: TABLE handlers; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE outbox.handlers TO service_role;

--
-- Name: FUNCTION register_handler(p_name text, p_tables text[], p_ops text[], p_max_attempts integer, p_description text); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.register_handler(p_name text, p_tables text[], p_ops text[], p_max_attempts integer, p_description text) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.register_handler(p_name text, p_tables text[], p_ops text[], p_max_attempts integer, p_description text) TO service_role;

--
-- Name: FUNCTION release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[]); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[], p_batches bigint[]) TO service_role;

--
-- Name: FUNCTION requeue_dead(p_handler text, p_event_ids bigint[]); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.requeue_dead(p_handler text, p_event_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.requeue_dead(p_handler text, p_event_ids bigint[]) TO service_role;

--
-- Name: FUNCTION retry_attempts(p_horizon interval); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.retry_attempts(p_horizon interval) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.retry_attempts(p_horizon interval) TO service_role;

--
-- Name: FUNCTION retry_delay(p_attempts integer); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.retry_delay(p_attempts integer) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.retry_delay(p_attempts integer) TO service_role;

--
-- Name: FUNCTION ring_doorbell(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.ring_doorbell() FROM PUBLIC;

--
-- Name: FUNCTION set_retry_horizon(p_handler text, p_horizon interval); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.set_retry_horizon(p_handler text, p_horizon interval) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.set_retry_horizon(p_handler text, p_horizon interval) TO service_role;

--
-- Name: FUNCTION unregister_handler(p_name text); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.unregister_handler(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.unregister_handler(p_name text) TO service_role;

--
-- Name: FUNCTION visibility_events(p_user uuid, p_tables text[], p_snapshot pg_snapshot); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.visibility_events(p_user uuid, p_tables text[], p_snapshot pg_snapshot) FROM PUBLIC;
GRANT ALL ON FUNCTION outbox.visibility_events(p_user uuid, p_tables text[], p_snapshot pg_snapshot) TO service_role;

--
-- Name: FUNCTION api(p_signature text, p_class text, p_roles text[], p_why text, p_calls jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.api(p_signature text, p_class text, p_roles text[], p_why text, p_calls jsonb) FROM PUBLIC;

--
-- Name: FUNCTION apply_manifest(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.apply_manifest() FROM PUBLIC;

--
-- Name: FUNCTION apply_select_policy(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.apply_select_policy(p_table text) FROM PUBLIC;

--
-- Name: FUNCTION apply_write_policies(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.apply_write_policies(p_table text) FROM PUBLIC;

--
-- Name: FUNCTION assert_profile(p_user uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.assert_profile(p_user uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.assert_profile(p_user uuid) TO authenticated;

--
-- Name: FUNCTION assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION private.assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision) TO authenticated;
GRANT ALL ON FUNCTION private.assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision) TO service_role;

--
-- Name: FUNCTION assert_sync_table(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.assert_sync_table(p_table text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.assert_sync_table(p_table text) TO authenticated;
GRANT ALL ON FUNCTION private.assert_sync_table(p_table text) TO service_role;

--
-- Name: FUNCTION before_update_writes(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.before_update_writes() FROM PUBLIC;

--
-- Name: FUNCTION not_authenticated(p_rpc text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.not_authenticated(p_rpc text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.not_authenticated(p_rpc text) TO authenticated;
GRANT ALL ON FUNCTION private.not_authenticated(p_rpc text) TO service_role;

--
-- Name: FUNCTION caller(p_rpc text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.caller(p_rpc text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller(p_rpc text) TO authenticated;
GRANT ALL ON FUNCTION private.caller(p_rpc text) TO service_role;

--
-- Name: FUNCTION caller_acts_as_authenticated(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.caller_acts_as_authenticated() FROM PUBLIC;

--
-- Name: FUNCTION caller_key_texts(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.caller_key_texts() FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller_key_texts() TO authenticated;
GRANT ALL ON FUNCTION private.caller_key_texts() TO service_role;

--
-- Name: FUNCTION caller_keys(p_kind text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.caller_keys(p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller_keys(p_kind text) TO authenticated;

--
-- Name: FUNCTION caller_sees(p_table text, p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.caller_sees(p_table text, p_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION caller_visible_ids(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.caller_visible_ids(p_table text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller_visible_ids(p_table text) TO authenticated;

--
-- Name: FUNCTION change_audience_sql(p_table text, p_op text, p_one_row boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.change_audience_sql(p_table text, p_op text, p_one_row boolean) FROM PUBLIC;

--
-- Name: FUNCTION changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text, p_skip text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text, p_skip text[]) FROM PUBLIC;

--
-- Name: FUNCTION check_notes_quota(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.check_notes_quota() FROM PUBLIC;

--
-- Name: FUNCTION check_notification_preference(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.check_notification_preference() FROM PUBLIC;

--
-- Name: FUNCTION check_work_parent(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.check_work_parent() FROM PUBLIC;

--
-- Name: FUNCTION child_parent_rules(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.child_parent_rules() FROM PUBLIC;

--
-- Name: FUNCTION claim_conflict(p_item_type text, p_item_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.claim_conflict(p_item_type text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.claim_conflict(p_item_type text, p_item_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.claim_conflict(p_item_type text, p_item_id uuid) TO service_role;

--
-- Name: FUNCTION claim_expiry(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.claim_expiry() FROM PUBLIC;

--
-- Name: FUNCTION claimable_table(p_item_type text, p_item_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.claimable_table(p_item_type text, p_item_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION condition_columns(p_condition text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.condition_columns(p_condition text) FROM PUBLIC;

--
-- Name: FUNCTION count_badges(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.count_badges() FROM PUBLIC;

--
-- Name: FUNCTION create_plan_keeping_function(p_name text, p_arguments text, p_returns text, p_volatility text, p_body text, p_comment text, p_grantees text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.create_plan_keeping_function(p_name text, p_arguments text, p_returns text, p_volatility text, p_body text, p_comment text, p_grantees text) FROM PUBLIC;

--
-- Name: FUNCTION create_table_dispatch(p_function text, p_arguments text, p_returns text, p_attributes text, p_selector text, p_branches text[], p_unknown text, p_comment text, p_declare text, p_grantees text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.create_table_dispatch(p_function text, p_arguments text, p_returns text, p_attributes text, p_selector text, p_branches text[], p_unknown text, p_comment text, p_declare text, p_grantees text[]) FROM PUBLIC;

--
-- Name: FUNCTION current_timeline(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.current_timeline() FROM PUBLIC;

--
-- Name: FUNCTION cursor_max_bytes(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.cursor_max_bytes() FROM PUBLIC;

--
-- Name: FUNCTION cursor_contents(p_cursor text, p_cursor_key bytea); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.cursor_contents(p_cursor text, p_cursor_key bytea) FROM PUBLIC;

--
-- Name: FUNCTION cursor_incarnation(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.cursor_incarnation() FROM PUBLIC;

--
-- Name: FUNCTION cursor_lo(p_x xid8, p_ip xid8[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.cursor_lo(p_x xid8, p_ip xid8[]) FROM PUBLIC;

--
-- Name: FUNCTION cursor_server_tag(p_server text, p_mac_key bytea, p_recovery boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.cursor_server_tag(p_server text, p_mac_key bytea, p_recovery boolean) FROM PUBLIC;

--
-- Name: FUNCTION cursor_xids(p_ids jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.cursor_xids(p_ids jsonb) FROM PUBLIC;

--
-- Name: FUNCTION decode_sync_cursor(p_table text, p_cursor text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.decode_sync_cursor(p_table text, p_cursor text) FROM PUBLIC;

--
-- Name: FUNCTION define(VARIADIC p_statements text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.define(VARIADIC p_statements text[]) FROM PUBLIC;

--
-- Name: FUNCTION definition_of(p_kind text, p_table regclass, p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.definition_of(p_kind text, p_table regclass, p_name text) FROM PUBLIC;

--
-- Name: FUNCTION definition_scratch(p_table regclass); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.definition_scratch(p_table regclass) FROM PUBLIC;

--
-- Name: FUNCTION delete_work_children(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.delete_work_children() FROM PUBLIC;

--
-- Name: FUNCTION derive_note_edited_at(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.derive_note_edited_at() FROM PUBLIC;

--
-- Name: FUNCTION derive_photo_watchlist(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.derive_photo_watchlist() FROM PUBLIC;

--
-- Name: FUNCTION derive_work_item_state(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.derive_work_item_state() FROM PUBLIC;

--
-- Name: FUNCTION drop_temporary_functions(p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.drop_temporary_functions(p_name text) FROM PUBLIC;

--
-- Name: FUNCTION enable_row_stamping(p_table regclass); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.enable_row_stamping(p_table regclass) FROM PUBLIC;

--
-- Name: FUNCTION enable_supabase_realtime(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.enable_supabase_realtime() FROM PUBLIC;

--
-- Name: FUNCTION enable_sync(p_table regclass); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.enable_sync(p_table regclass) FROM PUBLIC;

--
-- Name: FUNCTION enable_sync_marks(p_table regclass, p_on boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.enable_sync_marks(p_table regclass, p_on boolean) FROM PUBLIC;

--
-- Name: FUNCTION encode_sync_cursor(p_state jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.encode_sync_cursor(p_state jsonb) FROM PUBLIC;

--
-- Name: FUNCTION ensure_photo_storage(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.ensure_photo_storage() FROM PUBLIC;

--
-- Name: FUNCTION ensure_realtime_publication(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.ensure_realtime_publication() FROM PUBLIC;

--
-- Name: FUNCTION error_detail(p_detail text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.error_detail(p_detail text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.error_detail(p_detail text) TO authenticated;
GRANT ALL ON FUNCTION private.error_detail(p_detail text) TO service_role;

--
-- Name: FUNCTION everyone_key(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.everyone_key() FROM PUBLIC;
GRANT ALL ON FUNCTION private.everyone_key() TO authenticated;
GRANT ALL ON FUNCTION private.everyone_key() TO service_role;

--
-- Name: FUNCTION function_fingerprint(p_schema oid, p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.function_fingerprint(p_schema oid, p_name text) FROM PUBLIC;

--
-- Name: FUNCTION generate_caller_writes(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_caller_writes() FROM PUBLIC;

--
-- Name: FUNCTION generate_child_parents(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_child_parents() FROM PUBLIC;

--
-- Name: FUNCTION generate_quota_checks(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_quota_checks() FROM PUBLIC;

--
-- Name: FUNCTION generate_row_scope(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_row_scope() FROM PUBLIC;

--
-- Name: FUNCTION generate_sync_fields(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_sync_fields() FROM PUBLIC;

--
-- Name: FUNCTION generate_sync_items(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_sync_items() FROM PUBLIC;

--
-- Name: FUNCTION generate_sync_marks(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_sync_marks() FROM PUBLIC;

--
-- Name: FUNCTION generate_sync_pages(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_sync_pages() FROM PUBLIC;

--
-- Name: FUNCTION generate_sync_push_updates(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_sync_push_updates() FROM PUBLIC;

--
-- Name: FUNCTION generate_sync_statements(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.generate_sync_statements() FROM PUBLIC;

--
-- Name: FUNCTION guard_listing_move(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.guard_listing_move() FROM PUBLIC;

--
-- Name: FUNCTION guard_listing_property(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.guard_listing_property() FROM PUBLIC;

--
-- Name: FUNCTION hand_over_held_items(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.hand_over_held_items() FROM PUBLIC;

--
-- Name: FUNCTION incarnation_digest(p_epoch bigint, p_server text, p_timeline integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.incarnation_digest(p_epoch bigint, p_server text, p_timeline integer) FROM PUBLIC;

--
-- Name: FUNCTION is_admin(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_admin() TO authenticated;

--
-- Name: FUNCTION journal_caller(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_caller() FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_caller() TO authenticated;

--
-- Name: FUNCTION journal_count_entries(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_count_entries() FROM PUBLIC;

--
-- Name: FUNCTION journal_create_thread_stats(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_create_thread_stats() FROM PUBLIC;

--
-- Name: FUNCTION journal_csv_columns(p_thread_id uuid, OUT header text, OUT columns uuid[], OUT by_id uuid[], OUT placement text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_csv_columns(p_thread_id uuid, OUT header text, OUT columns uuid[], OUT by_id uuid[], OUT placement text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_csv_columns(p_thread_id uuid, OUT header text, OUT columns uuid[], OUT by_id uuid[], OUT placement text) TO authenticated;

--
-- Name: FUNCTION journal_entries_check(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_entries_check() FROM PUBLIC;

--
-- Name: FUNCTION journal_entries_move_values(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_entries_move_values() FROM PUBLIC;

--
-- Name: FUNCTION too_long(p_table text, p_column text, p_max integer, p_length integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.too_long(p_table text, p_column text, p_max integer, p_length integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.too_long(p_table text, p_column text, p_max integer, p_length integer) TO authenticated;
GRANT ALL ON FUNCTION private.too_long(p_table text, p_column text, p_max integer, p_length integer) TO service_role;

--
-- Name: TABLE journal_entries; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.journal_entries TO authenticated;

--
-- Name: COLUMN journal_entries.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.journal_entries TO authenticated;

--
-- Name: COLUMN journal_entries.thread_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(thread_id) ON TABLE public.journal_entries TO authenticated;

--
-- Name: COLUMN journal_entries.content; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(content),UPDATE(content) ON TABLE public.journal_entries TO authenticated;

--
-- Name: COLUMN journal_entries.entry_timestamp; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(entry_timestamp) ON TABLE public.journal_entries TO authenticated;

--
-- Name: COLUMN journal_entries.last_edited_at; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(last_edited_at) ON TABLE public.journal_entries TO authenticated;

--
-- Name: COLUMN journal_entries.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.journal_entries TO authenticated;

--
-- Name: FUNCTION journal_entry_json(p_entry public.journal_entries); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_entry_json(p_entry public.journal_entries) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_entry_json(p_entry public.journal_entries) TO authenticated;

--
-- Name: FUNCTION journal_entry_values_check(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_entry_values_check() FROM PUBLIC;

--
-- Name: FUNCTION journal_field_groups_check(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_field_groups_check() FROM PUBLIC;

--
-- Name: FUNCTION journal_fields_check(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_fields_check() FROM PUBLIC;

--
-- Name: FUNCTION journal_file_stem(p_title text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_file_stem(p_title text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_file_stem(p_title text) TO authenticated;

--
-- Name: FUNCTION journal_list_values(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_list_values() FROM PUBLIC;

--
-- Name: FUNCTION journal_listed_thread(p_thread_id uuid, p_include_deleted boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_listed_thread(p_thread_id uuid, p_include_deleted boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_listed_thread(p_thread_id uuid, p_include_deleted boolean) TO authenticated;

--
-- Name: FUNCTION journal_live_thread(p_thread_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_live_thread(p_thread_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_live_thread(p_thread_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean) TO authenticated;

--
-- Name: FUNCTION journal_threads_check(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_threads_check() FROM PUBLIC;

--
-- Name: FUNCTION journal_values(p_values jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_values(p_values jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_values(p_values jsonb) TO authenticated;

--
-- Name: FUNCTION journal_values_mark_edited(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_values_mark_edited() FROM PUBLIC;

--
-- Name: FUNCTION journal_write_values(p_entry_id uuid, p_values jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.journal_write_values(p_entry_id uuid, p_values jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.journal_write_values(p_entry_id uuid, p_values jsonb) TO authenticated;

--
-- Name: FUNCTION received_timeline(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.received_timeline() FROM PUBLIC;

--
-- Name: FUNCTION kept_incarnation(p_recovery boolean, p_epoch bigint, p_cursor_key bytea); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.kept_incarnation(p_recovery boolean, p_epoch bigint, p_cursor_key bytea) FROM PUBLIC;

--
-- Name: FUNCTION key_holders(p_kind text, p_key uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.key_holders(p_kind text, p_key uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.key_holders(p_kind text, p_key uuid) TO service_role;

--
-- Name: FUNCTION keys_holders(p_kinds text[], p_keys uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.keys_holders(p_kinds text[], p_keys uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.keys_holders(p_kinds text[], p_keys uuid[]) TO service_role;

--
-- Name: FUNCTION legacy_cursors_stand(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.legacy_cursors_stand() FROM PUBLIC;

--
-- Name: FUNCTION limit_lengths(p_table regclass, p_limits jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.limit_lengths(p_table regclass, p_limits jsonb) FROM PUBLIC;

--
-- Name: FUNCTION log_access_change(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.log_access_change() FROM PUBLIC;

--
-- Name: FUNCTION manifest(p_table text, visible_to jsonb, admin_sees boolean, stamped boolean, lengths jsonb, tombstoned boolean, synced boolean, outbox boolean, realtime text, audited_as text, audit_owner text, insert_by jsonb, update_by jsonb, delete_by jsonb, parent jsonb, claimed_as text, aliases jsonb, example jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.manifest(p_table text, visible_to jsonb, admin_sees boolean, stamped boolean, lengths jsonb, tombstoned boolean, synced boolean, outbox boolean, realtime text, audited_as text, audit_owner text, insert_by jsonb, update_by jsonb, delete_by jsonb, parent jsonb, claimed_as text, aliases jsonb, example jsonb) FROM PUBLIC;

--
-- Name: FUNCTION mark_access_changes(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mark_access_changes() FROM PUBLIC;

--
-- Name: FUNCTION may_read_watchlist_photo(p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.may_read_watchlist_photo(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.may_read_watchlist_photo(p_name text) TO authenticated;

--
-- Name: FUNCTION may_write_watchlist_photo(p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.may_write_watchlist_photo(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.may_write_watchlist_photo(p_name text) TO authenticated;

--
-- Name: FUNCTION next_xid(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.next_xid() FROM PUBLIC;

--
-- Name: FUNCTION notification_budget_modes(p_recipients uuid[], p_senders uuid[], p_spend boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.notification_budget_modes(p_recipients uuid[], p_senders uuid[], p_spend boolean) FROM PUBLIC;

--
-- Name: FUNCTION open_cursor(p_cursor text, p_what text, p_legacy text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.open_cursor(p_cursor text, p_what text, p_legacy text) FROM PUBLIC;

--
-- Name: FUNCTION open_parent_ids(p_child text, p_kind text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.open_parent_ids(p_child text, p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.open_parent_ids(p_child text, p_kind text) TO authenticated;

--
-- Name: FUNCTION opened_cursor(p_cursor text, p_recovery boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.opened_cursor(p_cursor text, p_recovery boolean) FROM PUBLIC;

--
-- Name: FUNCTION paired_rows_sql(p_table regclass, p_one_row boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.paired_rows_sql(p_table regclass, p_one_row boolean) FROM PUBLIC;

--
-- Name: FUNCTION parent_allows(p_table text, p_check text, p_type text, p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.parent_allows(p_table text, p_check text, p_type text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.parent_allows(p_table text, p_check text, p_type text, p_id uuid) TO authenticated;

--
-- Name: FUNCTION plan_notification_budgets(p_recipients uuid[], p_senders uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.plan_notification_budgets(p_recipients uuid[], p_senders uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.plan_notification_budgets(p_recipients uuid[], p_senders uuid[]) TO service_role;

--
-- Name: FUNCTION platform_features(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.platform_features() FROM PUBLIC;

--
-- Name: FUNCTION postgis_search_path(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.postgis_search_path() FROM PUBLIC;

--
-- Name: FUNCTION pull_key_kinds(p_tables text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.pull_key_kinds(p_tables text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.pull_key_kinds(p_tables text[]) TO service_role;

--
-- Name: FUNCTION quota_exceeded(p_name text, p_message text, p_detail jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.quota_exceeded(p_name text, p_message text, p_detail jsonb) FROM PUBLIC;

--
-- Name: FUNCTION quota_value(p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.quota_value(p_name text) FROM PUBLIC;

--
-- Name: FUNCTION realtime_tables(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.realtime_tables() FROM PUBLIC;

--
-- Name: FUNCTION record_sync_deletions(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.record_sync_deletions() FROM PUBLIC;

--
-- Name: FUNCTION record_sync_moves(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.record_sync_moves() FROM PUBLIC;

--
-- Name: FUNCTION refuse_claim(p_item_type text, p_item_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.refuse_claim(p_item_type text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.refuse_claim(p_item_type text, p_item_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.refuse_claim(p_item_type text, p_item_id uuid) TO service_role;

--
-- Name: FUNCTION release_expired_claims(p_limit integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.release_expired_claims(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.release_expired_claims(p_limit integer) TO service_role;

--
-- Name: FUNCTION row_audience(p_table text, p_row jsonb, OUT audience uuid[], OUT visible_to_all boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_audience(p_table text, p_row jsonb, OUT audience uuid[], OUT visible_to_all boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.row_audience(p_table text, p_row jsonb, OUT audience uuid[], OUT visible_to_all boolean) TO service_role;

--
-- Name: FUNCTION row_changed_condition(p_table regclass); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_changed_condition(p_table regclass) FROM PUBLIC;

--
-- Name: FUNCTION row_keys(p_table text, p_row jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_keys(p_table text, p_row jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.row_keys(p_table text, p_row jsonb) TO service_role;

--
-- Name: FUNCTION row_keys_sql(p_table text, p_row text, p_depth integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_keys_sql(p_table text, p_row text, p_depth integer) FROM PUBLIC;

--
-- Name: FUNCTION seal_cursor(p_state jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.seal_cursor(p_state jsonb) FROM PUBLIC;

--
-- Name: FUNCTION settle_incarnation(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.settle_incarnation() FROM PUBLIC;

--
-- Name: FUNCTION sighting_watchlists(p_event_ids bigint[], p_entry_ids uuid[], p_watchlist_ids uuid[], p_lats double precision[], p_lons double precision[], p_bird_ids uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sighting_watchlists(p_event_ids bigint[], p_entry_ids uuid[], p_watchlist_ids uuid[], p_lats double precision[], p_lons double precision[], p_bird_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sighting_watchlists(p_event_ids bigint[], p_entry_ids uuid[], p_watchlist_ids uuid[], p_lats double precision[], p_lons double precision[], p_bird_ids uuid[]) TO service_role;

--
-- Name: FUNCTION snapshot_in_progress(p_snapshot pg_snapshot); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.snapshot_in_progress(p_snapshot pg_snapshot) FROM PUBLIC;

--
-- Name: FUNCTION spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.spend_notification_budgets(p_recipients uuid[], p_senders uuid[], p_planned text[]) TO service_role;

--
-- Name: FUNCTION spend_quota(p_name text, p_user uuid, p_amount integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.spend_quota(p_name text, p_user uuid, p_amount integer) FROM PUBLIC;

--
-- Name: FUNCTION stamp_deleted_at(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.stamp_deleted_at() FROM PUBLIC;

--
-- Name: FUNCTION stamp_row(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.stamp_row() FROM PUBLIC;

--
-- Name: FUNCTION stamp_sync_xid(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.stamp_sync_xid() FROM PUBLIC;

--
-- Name: FUNCTION storage_bucket_exists(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.storage_bucket_exists() FROM PUBLIC;

--
-- Name: FUNCTION sync_deletion_gauge(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_deletion_gauge() FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_deletion_gauge() TO service_role;

--
-- Name: TABLE visibility_rules; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.visibility_rules TO service_role;

--
-- Name: FUNCTION sync_direct_rule(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_direct_rule(p_table text) FROM PUBLIC;

--
-- Name: FUNCTION sync_field_digests(p_row anyelement, p_columns text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_field_digests(p_row anyelement, p_columns text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_field_digests(p_row anyelement, p_columns text[]) TO authenticated;
GRANT ALL ON FUNCTION private.sync_field_digests(p_row anyelement, p_columns text[]) TO service_role;

--
-- Name: FUNCTION sync_fields_sql(p_table text, p_one_row boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_fields_sql(p_table text, p_one_row boolean) FROM PUBLIC;

--
-- Name: FUNCTION sync_items(p_table text, p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items(p_table text, p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items(p_table text, p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint) TO service_role;

--
-- Name: FUNCTION sync_items_sql(p_table text, p_mode text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_sql(p_table text, p_mode text) FROM PUBLIC;

--
-- Name: FUNCTION sync_key_state(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_kinds text[], OUT lo xid8, OUT kinds text[], OUT keys uuid[], OUT g_kinds text[], OUT g_keys uuid[], OUT g_causes xid8[], OUT g_ats timestamp with time zone[], OUT l_kinds text[], OUT l_keys uuid[], OUT l_causes xid8[], OUT l_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_key_state(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_kinds text[], OUT lo xid8, OUT kinds text[], OUT keys uuid[], OUT g_kinds text[], OUT g_keys uuid[], OUT g_causes xid8[], OUT g_ats timestamp with time zone[], OUT l_kinds text[], OUT l_keys uuid[], OUT l_causes xid8[], OUT l_ats timestamp with time zone[]) FROM PUBLIC;

--
-- Name: FUNCTION sync_marks_in_flight(p_keys uuid[], p_ip xid8[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_marks_in_flight(p_keys uuid[], p_ip xid8[]) FROM PUBLIC;

--
-- Name: FUNCTION sync_marks_insert_sql(p_marks text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_marks_insert_sql(p_marks text) FROM PUBLIC;

--
-- Name: FUNCTION sync_marks_sql(p_table text, p_op text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_marks_sql(p_table text, p_op text) FROM PUBLIC;

--
-- Name: FUNCTION sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]) TO authenticated;
GRANT ALL ON FUNCTION private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer, p_record jsonb, p_columns text[]) TO service_role;

--
-- Name: FUNCTION sync_missing_parent(p_table text, p_record jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_missing_parent(p_table text, p_record jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_missing_parent(p_table text, p_record jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_missing_parent(p_table text, p_record jsonb) TO service_role;

--
-- Name: FUNCTION sync_page_sql(p_table text, p_mode text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_sql(p_table text, p_mode text) FROM PUBLIC;

--
-- Name: FUNCTION sync_uncertain_key(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_uncertain_key() FROM PUBLIC;

--
-- Name: TABLE sync_horizon; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.sync_horizon TO service_role;

--
-- Name: TABLE users; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.users TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.users TO service_role;

--
-- Name: COLUMN users.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email),UPDATE(email) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.avatar_url; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(avatar_url),UPDATE(avatar_url) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.gender; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(gender),UPDATE(gender) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.profile_photo; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(profile_photo),UPDATE(profile_photo) ON TABLE public.users TO authenticated;

--
-- Name: FUNCTION sync_poll_marks(p_uid uuid, p_x xid8, p_ip xid8[], p_lo xid8, p_snapshot pg_snapshot); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_poll_marks(p_uid uuid, p_x xid8, p_ip xid8[], p_lo xid8, p_snapshot pg_snapshot) FROM PUBLIC;

--
-- Name: FUNCTION sync_poll_cursor(p_cursor text, p_uid uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_poll_cursor(p_cursor text, p_uid uuid) FROM PUBLIC;

--
-- Name: FUNCTION sync_poll_tables(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_poll_tables() FROM PUBLIC;

--
-- Name: FUNCTION sync_poll_unchanged(p_state jsonb, p_horizon xid8, p_marks_kept boolean, p_admin boolean, p_marked text[], p_now bigint); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_poll_unchanged(p_state jsonb, p_horizon xid8, p_marks_kept boolean, p_admin boolean, p_marked text[], p_now bigint) FROM PUBLIC;

--
-- Name: FUNCTION sync_pull_page_bytes(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_pull_page_bytes() FROM PUBLIC;

--
-- Name: FUNCTION sync_push_insert_sql(p_table text, p_columns text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_insert_sql(p_table text, p_columns text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_insert_sql(p_table text, p_columns text[]) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_insert_sql(p_table text, p_columns text[]) TO service_role;

--
-- Name: FUNCTION sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean) TO service_role;

--
-- Name: FUNCTION sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) TO service_role;

--
-- Name: FUNCTION sync_record_columns(p_table text, p_record jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_record_columns(p_table text, p_record jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_record_columns(p_table text, p_record jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_record_columns(p_table text, p_record jsonb) TO service_role;

--
-- Name: FUNCTION sync_stream_after(p_xid text, p_id text, p_key_column text, p_key text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_stream_after(p_xid text, p_id text, p_key_column text, p_key text) FROM PUBLIC;

--
-- Name: FUNCTION sync_stream_key(p_key_column text, p_key text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_stream_key(p_key_column text, p_key text) FROM PUBLIC;

--
-- Name: FUNCTION sync_table_modes(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_table_modes(p_table text) FROM PUBLIC;

--
-- Name: FUNCTION sync_tables(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_tables() FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_tables() TO authenticated;
GRANT ALL ON FUNCTION private.sync_tables() TO service_role;

--
-- Name: FUNCTION take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[]) TO service_role;

--
-- Name: FUNCTION tombstone_gauge(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.tombstone_gauge() FROM PUBLIC;
GRANT ALL ON FUNCTION private.tombstone_gauge() TO service_role;

--
-- Name: FUNCTION try_job_lock(p_job text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.try_job_lock(p_job text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.try_job_lock(p_job text) TO service_role;

--
-- Name: FUNCTION update_of_sql(p_table text, p_columns text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.update_of_sql(p_table text, p_columns text[]) FROM PUBLIC;

--
-- Name: FUNCTION user_keys(p_user uuid, p_kinds text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.user_keys(p_user uuid, p_kinds text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.user_keys(p_user uuid, p_kinds text[]) TO authenticated;
GRANT ALL ON FUNCTION private.user_keys(p_user uuid, p_kinds text[]) TO service_role;

--
-- Name: FUNCTION user_sees(p_user uuid, p_table text, p_row jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.user_sees(p_user uuid, p_table text, p_row jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.user_sees(p_user uuid, p_table text, p_row jsonb) TO service_role;

--
-- Name: FUNCTION visibility_columns(p_table text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.visibility_columns(p_table text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.visibility_columns(p_table text) TO service_role;

--
-- Name: FUNCTION visibility_condition(p_condition text, p_alias text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.visibility_condition(p_condition text, p_alias text) FROM PUBLIC;

--
-- Name: FUNCTION visibility_moved_sql(p_table text, p_old text, p_new text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.visibility_moved_sql(p_table text, p_old text, p_new text) FROM PUBLIC;

--
-- Name: FUNCTION visibility_predicate(p_table text, p_alias text, p_form text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.visibility_predicate(p_table text, p_alias text, p_form text) FROM PUBLIC;

--
-- Name: FUNCTION watchlist_photo_entry(p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.watchlist_photo_entry(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.watchlist_photo_entry(p_name text) TO authenticated;

--
-- Name: FUNCTION write_predicate(p_table text, p_command text, p_alias text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.write_predicate(p_table text, p_command text, p_alias text) FROM PUBLIC;

--
-- Name: FUNCTION write_rule_problems(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.write_rule_problems() FROM PUBLIC;

--
-- Name: FUNCTION write_term(p_table text, p_rule jsonb, p_alias text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.write_term(p_table text, p_rule jsonb, p_alias text) FROM PUBLIC;

--
-- Name: FUNCTION accept_watchlist_share(p_watchlist_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.accept_watchlist_share(p_watchlist_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.accept_watchlist_share(p_watchlist_id uuid) TO authenticated;

--
-- Name: FUNCTION birds_near(lat double precision, lon double precision, radius_km double precision); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.birds_near(lat double precision, lon double precision, radius_km double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.birds_near(lat double precision, lon double precision, radius_km double precision) TO authenticated;
GRANT ALL ON FUNCTION public.birds_near(lat double precision, lon double precision, radius_km double precision) TO service_role;

--
-- Name: FUNCTION claim_work_item(p_item_type text, p_item_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.claim_work_item(p_item_type text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_work_item(p_item_type text, p_item_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.claim_work_item(p_item_type text, p_item_id uuid) TO service_role;

--
-- Name: FUNCTION decline_watchlist_share(p_watchlist_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.decline_watchlist_share(p_watchlist_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.decline_watchlist_share(p_watchlist_id uuid) TO authenticated;

--
-- Name: FUNCTION get_badge_counts(p_include_details boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_badge_counts(p_include_details boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_badge_counts(p_include_details boolean) TO authenticated;
GRANT ALL ON FUNCTION public.get_badge_counts(p_include_details boolean) TO service_role;

--
-- Name: FUNCTION get_claim_history(p_item_type text, p_item_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_claim_history(p_item_type text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_claim_history(p_item_type text, p_item_id uuid) TO authenticated;

--
-- Name: FUNCTION get_claim_holder(p_item_type text, p_item_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_claim_holder(p_item_type text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_claim_holder(p_item_type text, p_item_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_claim_holder(p_item_type text, p_item_id uuid) TO service_role;

--
-- Name: FUNCTION get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer, p_before_id bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer, p_before_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer, p_before_id bigint) TO authenticated;
GRANT ALL ON FUNCTION public.get_entity_history(p_entity_type text, p_entity_id uuid, p_limit integer, p_before_id bigint) TO service_role;

--
-- Name: FUNCTION get_notification_preferences(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_notification_preferences() FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_notification_preferences() TO authenticated;
GRANT ALL ON FUNCTION public.get_notification_preferences() TO service_role;

--
-- Name: FUNCTION get_recently_deleted(p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_recently_deleted(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_recently_deleted(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_recently_deleted(p_limit integer) TO service_role;

--
-- Name: FUNCTION hotspots_near(lat double precision, lon double precision, radius_km double precision); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.hotspots_near(lat double precision, lon double precision, radius_km double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.hotspots_near(lat double precision, lon double precision, radius_km double precision) TO authenticated;
GRANT ALL ON FUNCTION public.hotspots_near(lat double precision, lon double precision, radius_km double precision) TO service_role;

--
-- Name: FUNCTION journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb, p_id uuid, p_entry_timestamp timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb, p_id uuid, p_entry_timestamp timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb, p_id uuid, p_entry_timestamp timestamp with time zone) TO authenticated;

--
-- Name: FUNCTION journal_create_thread(p_title text, p_first_entry text, p_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_create_thread(p_title text, p_first_entry text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_create_thread(p_title text, p_first_entry text, p_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_csv_lines(p_thread_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_csv_lines(p_thread_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_csv_lines(p_thread_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_delete_entry(p_entry_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_delete_entry(p_entry_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_delete_entry(p_entry_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_delete_thread(p_thread_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_delete_thread(p_thread_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_delete_thread(p_thread_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_export_csv(p_thread_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_export_csv(p_thread_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_export_csv(p_thread_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_export_file(p_thread_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_export_file(p_thread_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_export_file(p_thread_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_rename_thread(p_thread_id uuid, p_title text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_rename_thread(p_thread_id uuid, p_title text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_rename_thread(p_thread_id uuid, p_title text) TO authenticated;

--
-- Name: FUNCTION journal_restore_thread(p_thread_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_restore_thread(p_thread_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_restore_thread(p_thread_id uuid) TO authenticated;

--
-- Name: FUNCTION journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb) TO authenticated;

--
-- Name: FUNCTION mark_all_notifications_read(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.mark_all_notifications_read() FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_all_notifications_read() TO authenticated;
GRANT ALL ON FUNCTION public.mark_all_notifications_read() TO service_role;

--
-- Name: FUNCTION mark_notifications_read(p_ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.mark_notifications_read(p_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_notifications_read(p_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.mark_notifications_read(p_ids uuid[]) TO service_role;

--
-- Name: FUNCTION notification_badge_counts(p_user_id uuid, p_include_details boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.notification_badge_counts(p_user_id uuid, p_include_details boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.notification_badge_counts(p_user_id uuid, p_include_details boolean) TO service_role;

--
-- Name: FUNCTION notification_registry_drift(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.notification_registry_drift() FROM PUBLIC;
GRANT ALL ON FUNCTION public.notification_registry_drift() TO service_role;

--
-- Name: FUNCTION purge_journal_tombstones(p_older_than interval); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_journal_tombstones(p_older_than interval) FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_journal_tombstones(p_older_than interval) TO service_role;

--
-- Name: FUNCTION purge_sync_deletions(p_older_than interval); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_sync_deletions(p_older_than interval) FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_sync_deletions(p_older_than interval) TO service_role;

--
-- Name: FUNCTION purge_sync_marks(p_older_than interval); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_sync_marks(p_older_than interval) FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_sync_marks(p_older_than interval) TO service_role;

--
-- Name: FUNCTION purge_watchlist_tombstones(p_older_than interval); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_watchlist_tombstones(p_older_than interval) FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_watchlist_tombstones(p_older_than interval) TO service_role;

--
-- Name: FUNCTION register_push_device(p_platform text, p_token text, p_environment text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.register_push_device(p_platform text, p_token text, p_environment text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.register_push_device(p_platform text, p_token text, p_environment text) TO authenticated;
GRANT ALL ON FUNCTION public.register_push_device(p_platform text, p_token text, p_environment text) TO service_role;

--
-- Name: FUNCTION release_work_item(p_item_type text, p_item_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.release_work_item(p_item_type text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_work_item(p_item_type text, p_item_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.release_work_item(p_item_type text, p_item_id uuid) TO service_role;

--
-- Name: FUNCTION restore_entity(p_entity_type text, p_entity_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restore_entity(p_entity_type text, p_entity_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.restore_entity(p_entity_type text, p_entity_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.restore_entity(p_entity_type text, p_entity_id uuid) TO service_role;

--
-- Name: FUNCTION set_notification_preference(p_key text, p_enabled boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.set_notification_preference(p_key text, p_enabled boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_notification_preference(p_key text, p_enabled boolean) TO authenticated;
GRANT ALL ON FUNCTION public.set_notification_preference(p_key text, p_enabled boolean) TO service_role;

--
-- Name: FUNCTION sync_poll(p_cursor text, p_tables text[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sync_poll(p_cursor text, p_tables text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sync_poll(p_cursor text, p_tables text[]) TO authenticated;
GRANT ALL ON FUNCTION public.sync_poll(p_cursor text, p_tables text[]) TO service_role;

--
-- Name: FUNCTION sync_pull(p_table text, p_cursor text, p_limit integer, p_encoding text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sync_pull(p_table text, p_cursor text, p_limit integer, p_encoding text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sync_pull(p_table text, p_cursor text, p_limit integer, p_encoding text) TO authenticated;
GRANT ALL ON FUNCTION public.sync_pull(p_table text, p_cursor text, p_limit integer, p_encoding text) TO service_role;

--
-- Name: FUNCTION sync_push(p_table text, p_record jsonb, p_expected_version integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sync_push(p_table text, p_record jsonb, p_expected_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sync_push(p_table text, p_record jsonb, p_expected_version integer) TO authenticated;
GRANT ALL ON FUNCTION public.sync_push(p_table text, p_record jsonb, p_expected_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_batch(p_table text, p_records jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sync_push_batch(p_table text, p_records jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sync_push_batch(p_table text, p_records jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.sync_push_batch(p_table text, p_records jsonb) TO service_role;

--
-- Name: FUNCTION unregister_push_device(p_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.unregister_push_device(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.unregister_push_device(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.unregister_push_device(p_token text) TO service_role;

--
-- Name: FUNCTION watchlist_invitations(p_limit integer, p_before uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.watchlist_invitations(p_limit integer, p_before uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.watchlist_invitations(p_limit integer, p_before uuid) TO authenticated;

--
-- Name: TABLE log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.log TO authenticated;
GRANT SELECT ON TABLE audit.log TO service_role;

--
-- Name: TABLE tracked_tables; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.tracked_tables TO authenticated;
GRANT SELECT ON TABLE audit.tracked_tables TO service_role;

--
-- Name: TABLE cursors; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE outbox.cursors TO service_role;

--
-- Name: TABLE retries; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE outbox.retries TO service_role;

--
-- Name: TABLE dead_deliveries; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.dead_deliveries TO service_role;

--
-- Name: TABLE deliveries; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.deliveries TO service_role;

--
-- Name: TABLE tables; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.tables TO service_role;

--
-- Name: TABLE events_per_minute; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.events_per_minute TO service_role;

--
-- Name: SEQUENCE lease_ids; Type: ACL; Schema: outbox; Owner: -
--

GRANT USAGE ON SEQUENCE outbox.lease_ids TO service_role;

--
-- Name: TABLE log_horizon; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.log_horizon TO service_role;

--
-- Name: TABLE unclaimed; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.unclaimed TO service_role;

--
-- Name: TABLE oldest_pending; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.oldest_pending TO service_role;

--
-- Name: TABLE queue_depth; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.queue_depth TO service_role;

--
-- Name: TABLE queue; Type: ACL; Schema: outbox; Owner: -
--

GRANT SELECT ON TABLE outbox.queue TO service_role;

--
-- Name: TABLE child_parents; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.child_parents TO service_role;

--
-- Name: TABLE notification_badge_entities; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.notification_badge_entities TO service_role;

--
-- Name: TABLE notification_badge_totals; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.notification_badge_totals TO service_role;

--
-- Name: TABLE notification_preferences; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.notification_preferences TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notification_preferences TO service_role;

--
-- Name: COLUMN notification_preferences.preference_key; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(preference_key) ON TABLE public.notification_preferences TO authenticated;

--
-- Name: COLUMN notification_preferences.enabled; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(enabled),UPDATE(enabled) ON TABLE public.notification_preferences TO authenticated;

--
-- Name: TABLE notification_types; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.notification_types TO authenticated;
GRANT SELECT ON TABLE public.notification_types TO service_role;

--
-- Name: TABLE notification_mutes; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.notification_mutes TO service_role;

--
-- Name: TABLE notification_push_gauges; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.notification_push_gauges TO service_role;

--
-- Name: TABLE sync_deletions_awaiting_purge; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.sync_deletions_awaiting_purge TO service_role;

--
-- Name: COLUMN sync_field_changes.changed_at; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT(changed_at) ON TABLE private.sync_field_changes TO service_role;

--
-- Name: TABLE sync_merge_history; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.sync_merge_history TO authenticated;
GRANT SELECT ON TABLE private.sync_merge_history TO service_role;

--
-- Name: TABLE table_manifest; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.table_manifest TO authenticated;
GRANT SELECT ON TABLE private.table_manifest TO service_role;

--
-- Name: TABLE tombstones_awaiting_purge; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.tombstones_awaiting_purge TO service_role;

--
-- Name: TABLE visibility_kinds; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.visibility_kinds TO service_role;

--
-- Name: TABLE visibility_tables; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.visibility_tables TO service_role;

--
-- Name: TABLE watchlist_share_notices; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE private.watchlist_share_notices TO service_role;

--
-- Name: TABLE activities; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.activities TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.activities TO service_role;

--
-- Name: COLUMN activities.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title),UPDATE(title) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.description; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(type),UPDATE(type) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.due_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(due_date),UPDATE(due_date) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.priority; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(priority),UPDATE(priority) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.duration_minutes; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(duration_minutes),UPDATE(duration_minutes) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.completed; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(completed),UPDATE(completed) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.completed_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(completed_at) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.claimed_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(claimed_by) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.claimed_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(claimed_at) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.declared_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(declared_by) ON TABLE public.activities TO authenticated;

--
-- Name: COLUMN activities.listing_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(listing_id),UPDATE(listing_id) ON TABLE public.activities TO authenticated;

--
-- Name: TABLE bird; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.bird TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.bird TO service_role;

--
-- Name: TABLE hotspot; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.hotspot TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.hotspot TO service_role;

--
-- Name: TABLE journal_entry_value_lists; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.journal_entry_value_lists TO authenticated;

--
-- Name: TABLE journal_entry_values; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.journal_entry_values TO authenticated;

--
-- Name: COLUMN journal_entry_values.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.journal_entry_values TO authenticated;

--
-- Name: COLUMN journal_entry_values.entry_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(entry_id) ON TABLE public.journal_entry_values TO authenticated;

--
-- Name: COLUMN journal_entry_values.field_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(field_id) ON TABLE public.journal_entry_values TO authenticated;

--
-- Name: COLUMN journal_entry_values.value; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(value),UPDATE(value) ON TABLE public.journal_entry_values TO authenticated;

--
-- Name: TABLE journal_field_groups; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.journal_field_groups TO authenticated;

--
-- Name: COLUMN journal_field_groups.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.journal_field_groups TO authenticated;

--
-- Name: COLUMN journal_field_groups.parent_field_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parent_field_id) ON TABLE public.journal_field_groups TO authenticated;

--
-- Name: COLUMN journal_field_groups.child_field_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(child_field_id) ON TABLE public.journal_field_groups TO authenticated;

--
-- Name: TABLE journal_fields; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.journal_fields TO authenticated;

--
-- Name: COLUMN journal_fields.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.journal_fields TO authenticated;

--
-- Name: COLUMN journal_fields.thread_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(thread_id) ON TABLE public.journal_fields TO authenticated;

--
-- Name: COLUMN journal_fields.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE public.journal_fields TO authenticated;

--
-- Name: COLUMN journal_fields.sort_order; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(sort_order),UPDATE(sort_order) ON TABLE public.journal_fields TO authenticated;

--
-- Name: COLUMN journal_fields.is_group; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(is_group) ON TABLE public.journal_fields TO authenticated;

--
-- Name: COLUMN journal_fields.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.journal_fields TO authenticated;

--
-- Name: TABLE journal_thread_stats; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.journal_thread_stats TO authenticated;

--
-- Name: TABLE journal_threads; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.journal_threads TO authenticated;

--
-- Name: COLUMN journal_threads.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.journal_threads TO authenticated;

--
-- Name: COLUMN journal_threads.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title),UPDATE(title) ON TABLE public.journal_threads TO authenticated;

--
-- Name: COLUMN journal_threads.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.journal_threads TO authenticated;

--
-- Name: TABLE listings; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.listings TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.listings TO service_role;

--
-- Name: COLUMN listings.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.property_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(property_id),UPDATE(property_id) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.address; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(address),UPDATE(address) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.city; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(city),UPDATE(city) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.state; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(state),UPDATE(state) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.zip; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(zip),UPDATE(zip) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.price; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(price),UPDATE(price) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.mls_number; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(mls_number),UPDATE(mls_number) ON TABLE public.listings TO authenticated;

--
-- Name: COLUMN listings.owned_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owned_by),UPDATE(owned_by) ON TABLE public.listings TO authenticated;

--
-- Name: TABLE notes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.notes TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notes TO service_role;

--
-- Name: COLUMN notes.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.notes TO authenticated;

--
-- Name: COLUMN notes.parent_type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parent_type) ON TABLE public.notes TO authenticated;

--
-- Name: COLUMN notes.parent_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parent_id) ON TABLE public.notes TO authenticated;

--
-- Name: COLUMN notes.content; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(content),UPDATE(content) ON TABLE public.notes TO authenticated;

--
-- Name: COLUMN notes.created_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(created_by) ON TABLE public.notes TO authenticated;

--
-- Name: TABLE notifications; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.notifications TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notifications TO service_role;

--
-- Name: COLUMN notifications.read; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(read) ON TABLE public.notifications TO authenticated;

--
-- Name: TABLE observed_bird_photos; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.observed_bird_photos TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.observed_bird_photos TO service_role;

--
-- Name: COLUMN observed_bird_photos.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.watchlist_entry_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(watchlist_entry_id) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.image_path; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(image_path),UPDATE(image_path) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.storage_url; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(storage_url),UPDATE(storage_url) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.is_uploaded; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(is_uploaded),UPDATE(is_uploaded) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.captured_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(captured_at),UPDATE(captured_at) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.uploaded_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(uploaded_at),UPDATE(uploaded_at) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.sync_status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(sync_status),UPDATE(sync_status) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.last_synced_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_synced_at),UPDATE(last_synced_at) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: COLUMN observed_bird_photos.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.observed_bird_photos TO authenticated;

--
-- Name: TABLE profiles; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.profiles TO authenticated;
GRANT SELECT ON TABLE public.profiles TO service_role;

--
-- Name: TABLE properties; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.properties TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.properties TO service_role;

--
-- Name: COLUMN properties.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.address; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(address),UPDATE(address) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.city; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(city),UPDATE(city) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.state; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(state),UPDATE(state) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.zip; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(zip),UPDATE(zip) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.lat; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(lat),UPDATE(lat) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.lon; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(lon),UPDATE(lon) ON TABLE public.properties TO authenticated;

--
-- Name: COLUMN properties.owned_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owned_by),UPDATE(owned_by) ON TABLE public.properties TO authenticated;

--
-- Name: TABLE push_devices; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.push_devices TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.push_devices TO service_role;

--
-- Name: TABLE subtasks; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.subtasks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.subtasks TO service_role;

--
-- Name: COLUMN subtasks.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.subtasks TO authenticated;

--
-- Name: COLUMN subtasks.parent_type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parent_type) ON TABLE public.subtasks TO authenticated;

--
-- Name: COLUMN subtasks.parent_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parent_id) ON TABLE public.subtasks TO authenticated;

--
-- Name: COLUMN subtasks.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title),UPDATE(title) ON TABLE public.subtasks TO authenticated;

--
-- Name: COLUMN subtasks.completed; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(completed),UPDATE(completed) ON TABLE public.subtasks TO authenticated;

--
-- Name: TABLE sync_access_log; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.sync_access_log TO service_role;

--
-- Name: TABLE sync_deletions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.sync_deletions TO service_role;

--
-- Name: TABLE sync_moves; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.sync_moves TO service_role;

--
-- Name: TABLE tasks; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.tasks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.tasks TO service_role;

--
-- Name: COLUMN tasks.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title),UPDATE(title) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.description; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.due_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(due_date),UPDATE(due_date) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.priority; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(priority),UPDATE(priority) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.completed; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(completed),UPDATE(completed) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.completed_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(completed_at) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.claimed_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(claimed_by) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.claimed_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(claimed_at) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.declared_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(declared_by) ON TABLE public.tasks TO authenticated;

--
-- Name: COLUMN tasks.listing_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(listing_id),UPDATE(listing_id) ON TABLE public.tasks TO authenticated;

--
-- Name: TABLE watchlist_entries; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.watchlist_entries TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.watchlist_entries TO service_role;

--
-- Name: COLUMN watchlist_entries.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.watchlist_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(watchlist_id) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.bird_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(bird_id),UPDATE(bird_id) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.nickname; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(nickname),UPDATE(nickname) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.notes; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(notes),UPDATE(notes) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.added_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(added_date),UPDATE(added_date) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.observation_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(observation_date),UPDATE(observation_date) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.to_observe_start_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(to_observe_start_date),UPDATE(to_observe_start_date) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.to_observe_end_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(to_observe_end_date),UPDATE(to_observe_end_date) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.observed_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(observed_by),UPDATE(observed_by) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.lat; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(lat),UPDATE(lat) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.lon; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(lon),UPDATE(lon) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.location_display_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_display_name),UPDATE(location_display_name) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.priority; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(priority),UPDATE(priority) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.notify_upcoming; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(notify_upcoming),UPDATE(notify_upcoming) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.target_date_range; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(target_date_range),UPDATE(target_date_range) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.sync_status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(sync_status),UPDATE(sync_status) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.last_synced_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_synced_at),UPDATE(last_synced_at) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: COLUMN watchlist_entries.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.watchlist_entries TO authenticated;

--
-- Name: TABLE watchlist_rules; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.watchlist_rules TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.watchlist_rules TO service_role;

--
-- Name: COLUMN watchlist_rules.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.watchlist_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(watchlist_id) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.rule_type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(rule_type),UPDATE(rule_type) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.parameters_json; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(parameters_json),UPDATE(parameters_json) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.is_active; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(is_active),UPDATE(is_active) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.priority; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(priority),UPDATE(priority) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.sync_status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(sync_status),UPDATE(sync_status) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.last_synced_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_synced_at),UPDATE(last_synced_at) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: COLUMN watchlist_rules.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.watchlist_rules TO authenticated;

--
-- Name: TABLE watchlist_shares; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.watchlist_shares TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.watchlist_shares TO service_role;

--
-- Name: COLUMN watchlist_shares.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.watchlist_shares TO authenticated;

--
-- Name: COLUMN watchlist_shares.watchlist_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(watchlist_id) ON TABLE public.watchlist_shares TO authenticated;

--
-- Name: COLUMN watchlist_shares.user_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(user_id) ON TABLE public.watchlist_shares TO authenticated;

--
-- Name: COLUMN watchlist_shares.role; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(role),UPDATE(role) ON TABLE public.watchlist_shares TO authenticated;

--
-- Name: TABLE watchlists; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.watchlists TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.watchlists TO service_role;

--
-- Name: COLUMN watchlists.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.owner_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(owner_id) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(type),UPDATE(type) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.title; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(title),UPDATE(title) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location),UPDATE(location) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location_display_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_display_name),UPDATE(location_display_name) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.start_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(start_date),UPDATE(start_date) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.end_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(end_date),UPDATE(end_date) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.observed_count; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(observed_count),UPDATE(observed_count) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.species_count; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(species_count),UPDATE(species_count) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.cover_image_path; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(cover_image_path),UPDATE(cover_image_path) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.species_rule_enabled; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(species_rule_enabled),UPDATE(species_rule_enabled) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.species_rule_shape_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(species_rule_shape_id),UPDATE(species_rule_shape_id) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location_rule_enabled; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_rule_enabled),UPDATE(location_rule_enabled) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location_rule_lat; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_rule_lat),UPDATE(location_rule_lat) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location_rule_lon; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_rule_lon),UPDATE(location_rule_lon) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location_rule_radius_km; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_rule_radius_km),UPDATE(location_rule_radius_km) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.location_rule_display_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location_rule_display_name),UPDATE(location_rule_display_name) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.date_rule_enabled; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(date_rule_enabled),UPDATE(date_rule_enabled) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.date_rule_start_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(date_rule_start_date),UPDATE(date_rule_start_date) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.date_rule_end_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(date_rule_end_date),UPDATE(date_rule_end_date) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.sync_status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(sync_status),UPDATE(sync_status) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.last_synced_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_synced_at),UPDATE(last_synced_at) ON TABLE public.watchlists TO authenticated;

--
-- Name: COLUMN watchlists.deleted_at; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(deleted_at),UPDATE(deleted_at) ON TABLE public.watchlists TO authenticated;

--
-- PostgreSQL database dump complete
--
