-- The audit trail: every INSERT, real UPDATE and DELETE of listings, properties, tasks,
-- users and activities, with the whole row before and after, so that a person can see what
-- happened to a record and restore one deleted by mistake (0007).
--
-- One mechanism for every audited table, audit.enable_tracking(table, entity type, owner
-- column), in the spirit of supa_audit's enable_tracking(regclass): it registers the table,
-- creates its log (a partition audit.<table>_log of the one table audit.log) with its
-- indexes and row-level security, and attaches the triggers. Everything specific to a table
-- is a row of audit.tracked_tables, so the trigger function and the RPCs are static SQL.
--
-- Who sees what: a log row is visible to the user named by the table's ownership column in
-- old_row or new_row (listings, properties: owned_by; tasks, activities: declared_by;
-- users: id) and to admins. Writes happen only in audit.log_changes (SECURITY DEFINER); API
-- roles hold no write privilege on the logs. Row-level security is enabled, not forced: the
-- definer trigger runs as the owner, and a forced policy would filter its own INSERT.
-- Notes are not audited: a note's history is its edited_at, and notes are conversation,
-- not records to restore.

create schema audit;
comment on schema audit is
  'Audit trail of the Dispatch core tables: audit.log, one partition <table>_log per audited table, written only by audit.log_changes(). Read through public.get_entity_history / get_recently_deleted; not exposed as an API schema.';
revoke all on schema audit from public, anon, authenticated, service_role;
-- The history RPCs are SECURITY INVOKER: they read audit.log as the caller.
grant usage on schema audit to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The registry and the log
-- ---------------------------------------------------------------------------------------

create table audit.tracked_tables (
  entity_type text primary key,
  table_name text not null unique,
  owner_column text not null
);
comment on table audit.tracked_tables is
  'The audited tables, filled by audit.enable_tracking: entity type (the name the RPCs take) -> table in schema public -> the column naming the user who owns a row (reads and restores its history). The only source of identifiers for dynamic SQL in this schema.';
alter table audit.tracked_tables enable row level security;
-- Not a secret: which entity types exist (the RPCs' error hints list them).
create policy tracked_tables_select on audit.tracked_tables for select to authenticated using (true);
revoke all on table audit.tracked_tables from public, anon, authenticated, service_role;
grant select on audit.tracked_tables to authenticated, service_role;

create sequence audit.log_id_seq;
comment on sequence audit.log_id_seq is 'Ids of audit.log entries, shared by every partition (an id names one entry in the whole trail).';
-- Drawn only by audit.log_changes (as the owner).
revoke all on sequence audit.log_id_seq from public, anon, authenticated, service_role;

-- A sequence default rather than an identity column: PostgreSQL 15 gives a partition no
-- identity of its own, and the partitions are written directly too (bulk loads, tests).
create table audit.log (
  id bigint not null default nextval('audit.log_id_seq'),
  table_name text not null,
  record_pk uuid not null,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE', 'RESTORE')),
  changed_at timestamptz not null default clock_timestamp(),
  changed_by uuid default auth.uid(),
  old_row jsonb,
  new_row jsonb
) partition by list (table_name);
alter sequence audit.log_id_seq owned by audit.log.id;
comment on table audit.log is
  'The whole audit trail, one partition per audited table (audit.<table>_log, created by audit.enable_tracking): one row per INSERT, real UPDATE, DELETE and RESTORE.';
comment on column audit.log.id is 'Entry id; with changed_at the keyset cursor of get_entity_history.';
comment on column audit.log.table_name is 'The audited table (schema public); the partition key.';
comment on column audit.log.record_pk is 'The id of the audited row.';
comment on column audit.log.action is 'INSERT, UPDATE, DELETE, or RESTORE (re-created by public.restore_entity).';
comment on column audit.log.changed_at is 'Server time of the change (clock_timestamp(), so entries of one transaction are told apart).';
comment on column audit.log.changed_by is 'auth.uid() of the change; NULL for changes made without a calling user (migrations, service jobs).';
comment on column audit.log.old_row is 'The row before the change (UPDATE, DELETE); NULL for INSERT and RESTORE.';
comment on column audit.log.new_row is 'The row after the change (INSERT, UPDATE, RESTORE); NULL for DELETE.';

alter table audit.log enable row level security;
revoke all on table audit.log from public, anon, authenticated, service_role;
grant select on audit.log to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Restores: how the trigger functions recognise the row public.restore_entity re-creates
-- ---------------------------------------------------------------------------------------
-- The transaction-local setting audit.restoring holds '<table>:<id>' around the INSERT of a
-- restore; these two functions are the only places that name it.

create function audit.set_restoring(p_table text, p_id uuid) returns void
  language sql
  volatile
  set search_path = ''
as $$
  select pg_catalog.set_config('audit.restoring', coalesce(p_table || ':' || p_id::text, ''), true)
$$;
comment on function audit.set_restoring(text, uuid) is
  'Marks the row of p_table with id p_id as being restored, for the rest of the transaction (NULLs clear the mark). Called by public.restore_entity around its INSERT.';

create function audit.is_restoring(p_table text, p_id text) returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(pg_catalog.current_setting('audit.restoring', true) = p_table || ':' || p_id, false)
$$;
comment on function audit.is_restoring(text, text) is
  'True while public.restore_entity re-creates the row of p_table whose id (as text) is p_id: the audit trigger logs that INSERT as RESTORE and the change outbox flags its event as restored.';

-- ---------------------------------------------------------------------------------------
-- The trigger
-- ---------------------------------------------------------------------------------------
-- Static INSERTs into audit.log (tuple routing picks the partition), no dynamic SQL: this
-- runs on every write. The UPDATE path, the hot one, is a single statement with the
-- snapshots computed in place. changed_by and changed_at are the log's defaults.

create function audit.log_changes() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    insert into audit.log (table_name, record_pk, action, old_row, new_row)
    values (tg_table_name, new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
    return new;
  elsif tg_op = 'INSERT' then
    insert into audit.log (table_name, record_pk, action, new_row)
    values (tg_table_name, new.id,
            case when audit.is_restoring(tg_table_name, new.id::text) then 'RESTORE' else 'INSERT' end,
            pg_catalog.to_jsonb(new));
    return new;
  end if;
  insert into audit.log (table_name, record_pk, action, old_row)
  values (tg_table_name, old.id, 'DELETE', pg_catalog.to_jsonb(old));
  return old;
end
$$;
comment on function audit.log_changes() is
  'BEFORE INSERT/UPDATE/DELETE row trigger function of the audited tables: writes one audit.log row with the old and new row as jsonb and auth.uid() as changed_by. An INSERT made by public.restore_entity is logged as RESTORE. Fires after the _stamp_* and _derive_* triggers (name order), so new_row is the stored row.';

-- ---------------------------------------------------------------------------------------
-- enable_tracking
-- ---------------------------------------------------------------------------------------

create function audit.enable_tracking(p_table regclass, p_entity_type text, p_owner_column text) returns void
  language plpgsql
  set search_path = ''
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

  insert into audit.tracked_tables (entity_type, table_name, owner_column)
  values (p_entity_type, v_table, p_owner_column);

  -- The owner named in either snapshot, compared as text so that a malformed snapshot can
  -- never make a policy throw; auth.uid() once per query (an InitPlan).
  v_owner_check := pg_catalog.format(
    'old_row ->> %1$L = (select auth.uid())::text or new_row ->> %1$L = (select auth.uid())::text',
    p_owner_column);

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
    create policy %9$I on audit.%1$I for select to authenticated
      using (%10$s or (select private.is_admin()));
    revoke all on table audit.%1$I from public, anon, authenticated, service_role;
    grant select on audit.%1$I to authenticated, service_role;
    comment on table audit.%1$I is %11$L;
    create trigger %12$I before insert or delete on public.%2$I
      for each row execute function audit.log_changes();
    create trigger %13$I before update on public.%2$I
      for each row when (%14$s) execute function audit.log_changes();
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

  -- The policy of the parent (what the RPCs read through): the same rule, the owner column
  -- chosen per partition. Rebuilt from the registry each time a table joins.
  drop policy if exists log_select on audit.log;
  execute pg_catalog.format(
    'create policy log_select on audit.log for select to authenticated using ((case table_name %s end) or (select private.is_admin()))',
    (select pg_catalog.string_agg(pg_catalog.format(
              'when %L then coalesce(old_row ->> %L = (select auth.uid())::text, false) or coalesce(new_row ->> %L = (select auth.uid())::text, false)',
              t.table_name, t.owner_column, t.owner_column), ' ' order by t.table_name)
       from audit.tracked_tables t));
end
$$;
comment on function audit.enable_tracking(regclass, text, text) is
  'Audits a table of schema public that has a uuid id: registers it in audit.tracked_tables as p_entity_type with its ownership column, creates its log audit.<table>_log (a partition of audit.log) with the history indexes (an owner''s deletions among them: get_recently_deleted) and the owner-or-admin read policy (also on audit.log), and attaches the audit_<table>_insert_delete and audit_<table>_update (only real changes) triggers. NULL_ARGUMENT (22004), INVALID_TABLE (22023).';

select audit.enable_tracking('public.listings', 'listing', 'owned_by');
select audit.enable_tracking('public.properties', 'property', 'owned_by');
select audit.enable_tracking('public.tasks', 'task', 'declared_by');
select audit.enable_tracking('public.users', 'user', 'id');
select audit.enable_tracking('public.activities', 'activity', 'declared_by');

-- ---------------------------------------------------------------------------------------
-- Entity types
-- ---------------------------------------------------------------------------------------

create function audit.get_table_names()
  returns table (entity_type text, table_name text, log_table text, owner_column text)
  language sql
  stable
  set search_path = ''
as $$
  select t.entity_type, t.table_name, t.table_name || '_log', t.owner_column
    from audit.tracked_tables t
   order by t.entity_type
$$;
comment on function audit.get_table_names() is
  'The audited entity types: entity_type (listing, property, task, user, activity) -> public table, audit log table, and the ownership column that authorises reading and restoring.';

create function audit.entity_table(p_entity_type text)
  returns table (table_name text, log_table text, owner_column text)
  language plpgsql
  stable
  set search_path = ''
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
      hint = 'Use one of: ' || (select pg_catalog.string_agg(t.entity_type, ', ' order by t.entity_type)
                                  from audit.tracked_tables t) || '.';
  end if;
end
$$;
comment on function audit.entity_table(text) is
  'Looks p_entity_type up in audit.get_table_names(); raises INVALID_ENTITY_TYPE (22023) for anything else, NULL included, before any identifier reaches dynamic SQL.';

-- ---------------------------------------------------------------------------------------
-- Privileges of the functions
-- ---------------------------------------------------------------------------------------
-- get_entity_history and get_recently_deleted (SECURITY INVOKER) look entity types up as
-- the caller; everything else runs as the owner (the definer trigger, restore_entity,
-- migrations).

revoke all on function audit.log_changes(), audit.entity_table(text), audit.get_table_names(),
  audit.enable_tracking(regclass, text, text), audit.set_restoring(text, uuid), audit.is_restoring(text, text)
  from public, anon, authenticated, service_role;
grant execute on function audit.entity_table(text), audit.get_table_names() to authenticated, service_role;
