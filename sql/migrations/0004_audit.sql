-- Audit history + restore (seed 000 "Database Changes", SPEC "Audit history + restore").
--
-- Every INSERT, real UPDATE and DELETE of listings, properties, tasks, users and activities
-- is logged, with the whole row before and after, in audit.<table>_log. A row re-created by
-- restore_entity is logged as RESTORE. Notes are not audited (seed 000 non-goal).
--
-- Who sees what: the log tables have row-level security from the ownership field of
-- old_row / new_row (listings, properties -> owned_by; tasks, activities -> declared_by;
-- users -> id) plus admins. get_entity_history and get_recently_deleted are SECURITY INVOKER,
-- so those policies are what authorises them. Writes happen only in audit.log_changes
-- (SECURITY DEFINER); API roles have no write privilege on the log tables. No FORCE ROW
-- LEVEL SECURITY (Fix 1D): the definer trigger, running as the owner, is not filtered.
--
-- The schema is private in the PostgREST sense (do not list it in db-schemas); the API
-- roles get USAGE and SELECT only because the invoker RPCs read through it.

create schema audit;
comment on schema audit is
  'Audit trail of the Dispatch core tables: one <table>_log per audited table, written only by audit.log_changes(). Read through public.get_entity_history / get_recently_deleted; not exposed as an API schema.';

-- ---------------------------------------------------------------------------------------
-- Log tables
-- ---------------------------------------------------------------------------------------
-- id orders entries that share a changed_at (the keyset cursor is (changed_at, id)).
-- changed_at is clock_timestamp(), so entries of one transaction are told apart in the UI.

create table audit.listings_log (
  id bigint generated always as identity primary key,
  record_pk uuid not null,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE', 'RESTORE')),
  changed_at timestamptz not null default clock_timestamp(),
  changed_by uuid default auth.uid(),
  old_row jsonb,
  new_row jsonb
);
create table audit.properties_log (like audit.listings_log including all);
create table audit.tasks_log (like audit.listings_log including all);
create table audit.users_log (like audit.listings_log including all);
create table audit.activities_log (like audit.listings_log including all);

comment on table audit.listings_log is 'Audit trail of public.listings: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the listing''s owned_by (in old_row or new_row) and admins.';
comment on table audit.properties_log is 'Audit trail of public.properties: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the property''s owned_by (in old_row or new_row) and admins.';
comment on table audit.tasks_log is 'Audit trail of public.tasks: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the task''s declared_by (in old_row or new_row) and admins.';
comment on table audit.users_log is 'Audit trail of public.users: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user themself (id in old_row or new_row) and admins.';
comment on table audit.activities_log is 'Audit trail of public.activities: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the activity''s declared_by (in old_row or new_row) and admins.';

do $$
declare
  t text;
begin
  foreach t in array array['listings_log', 'properties_log', 'tasks_log', 'users_log', 'activities_log'] loop
    execute format($c$
      comment on column audit.%1$I.id is 'Entry id; with changed_at the keyset cursor of get_entity_history.';
      comment on column audit.%1$I.record_pk is 'The id of the audited row.';
      comment on column audit.%1$I.action is 'INSERT, UPDATE, DELETE, or RESTORE (re-created by public.restore_entity).';
      comment on column audit.%1$I.changed_at is 'Server time of the change (clock_timestamp()).';
      comment on column audit.%1$I.changed_by is 'auth.uid() of the change; NULL for changes made without a calling user (migrations, service jobs).';
      comment on column audit.%1$I.old_row is 'The row before the change (UPDATE, DELETE); NULL for INSERT and RESTORE.';
      comment on column audit.%1$I.new_row is 'The row after the change (INSERT, UPDATE, RESTORE); NULL for DELETE.';
      create index %2$I on audit.%1$I (record_pk);
      create index %3$I on audit.%1$I (changed_at desc);
      create index %4$I on audit.%1$I (changed_by);
      create index %5$I on audit.%1$I (action);
      create index %6$I on audit.%1$I (changed_at desc) where action = 'DELETE';
      create index %7$I on audit.%1$I (record_pk, changed_at desc, id desc);
      alter table audit.%1$I enable row level security;
      $c$,
      t, t || '_record_pk_idx', t || '_changed_at_idx', t || '_changed_by_idx', t || '_action_idx',
      t || '_deleted_at_idx', t || '_record_pk_changed_at_idx');
  end loop;
end
$$;

-- Row-level security: the owner named in the snapshots, and admins. Compared as text so a
-- malformed snapshot can never make a policy throw.
create policy listings_log_select on audit.listings_log for select to authenticated
  using (old_row ->> 'owned_by' = (select auth.uid()::text)
         or new_row ->> 'owned_by' = (select auth.uid()::text)
         or (select public.is_admin()));
create policy properties_log_select on audit.properties_log for select to authenticated
  using (old_row ->> 'owned_by' = (select auth.uid()::text)
         or new_row ->> 'owned_by' = (select auth.uid()::text)
         or (select public.is_admin()));
create policy tasks_log_select on audit.tasks_log for select to authenticated
  using (old_row ->> 'declared_by' = (select auth.uid()::text)
         or new_row ->> 'declared_by' = (select auth.uid()::text)
         or (select public.is_admin()));
create policy users_log_select on audit.users_log for select to authenticated
  using (old_row ->> 'id' = (select auth.uid()::text)
         or new_row ->> 'id' = (select auth.uid()::text)
         or (select public.is_admin()));
create policy activities_log_select on audit.activities_log for select to authenticated
  using (old_row ->> 'declared_by' = (select auth.uid()::text)
         or new_row ->> 'declared_by' = (select auth.uid()::text)
         or (select public.is_admin()));

grant usage on schema audit to authenticated, service_role;
grant select on audit.listings_log, audit.properties_log, audit.tasks_log, audit.users_log,
  audit.activities_log to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Entity types
-- ---------------------------------------------------------------------------------------

create function audit.get_table_names()
  returns table (entity_type text, table_name text, log_table text, owner_column text)
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  values ('listing', 'listings', 'listings_log', 'owned_by'),
         ('property', 'properties', 'properties_log', 'owned_by'),
         ('task', 'tasks', 'tasks_log', 'declared_by'),
         ('user', 'users', 'users_log', 'id'),
         ('activity', 'activities', 'activities_log', 'declared_by')
$$;
comment on function audit.get_table_names() is
  'The audited entity types: entity_type (listing, property, task, user, activity) -> public table, audit log table, and the ownership column that authorises reading and restoring. The only source of identifiers for dynamic SQL in this schema.';

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
      message = format('INVALID_ENTITY_TYPE: %s is not an audited entity type',
                       coalesce(pg_catalog.quote_literal(p_entity_type), 'NULL')),
      hint = 'Use one of: listing, property, task, user, activity.';
  end if;
end
$$;
comment on function audit.entity_table(text) is
  'Looks p_entity_type up in audit.get_table_names(); raises INVALID_ENTITY_TYPE (22023) for anything else, NULL included.';

-- ---------------------------------------------------------------------------------------
-- The trigger
-- ---------------------------------------------------------------------------------------
-- Static INSERTs per table (plans cached) rather than dynamic SQL: this runs on every write.
-- The UPDATE path, the hot one, is a single statement with the snapshots computed in place
-- (no intermediate variables to evaluate and copy). changed_by and changed_at are the log
-- tables' defaults (auth.uid(), clock_timestamp()).
-- A restore is recognised by the transaction-local setting audit.restoring, which
-- public.restore_entity sets to '<table>:<id>' around its INSERT and clears after it.

create function audit.log_changes() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_action text;
  v_pk uuid;
  v_old jsonb;
  v_new jsonb;
begin
  if tg_op = 'UPDATE' then
    case tg_table_name
      when 'tasks' then
        insert into audit.tasks_log (record_pk, action, old_row, new_row)
        values (new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
      when 'activities' then
        insert into audit.activities_log (record_pk, action, old_row, new_row)
        values (new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
      when 'listings' then
        insert into audit.listings_log (record_pk, action, old_row, new_row)
        values (new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
      when 'properties' then
        insert into audit.properties_log (record_pk, action, old_row, new_row)
        values (new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
      when 'users' then
        insert into audit.users_log (record_pk, action, old_row, new_row)
        values (new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
    end case;
    return new;
  end if;

  if tg_op = 'INSERT' then
    v_pk := new.id;
    v_new := pg_catalog.to_jsonb(new);
    v_action := case when pg_catalog.current_setting('audit.restoring', true) = tg_table_name || ':' || new.id::text
                     then 'RESTORE' else 'INSERT' end;
  else
    v_pk := old.id;
    v_old := pg_catalog.to_jsonb(old);
    v_action := 'DELETE';
  end if;
  case tg_table_name
    when 'tasks' then
      insert into audit.tasks_log (record_pk, action, old_row, new_row)
      values (v_pk, v_action, v_old, v_new);
    when 'activities' then
      insert into audit.activities_log (record_pk, action, old_row, new_row)
      values (v_pk, v_action, v_old, v_new);
    when 'listings' then
      insert into audit.listings_log (record_pk, action, old_row, new_row)
      values (v_pk, v_action, v_old, v_new);
    when 'properties' then
      insert into audit.properties_log (record_pk, action, old_row, new_row)
      values (v_pk, v_action, v_old, v_new);
    when 'users' then
      insert into audit.users_log (record_pk, action, old_row, new_row)
      values (v_pk, v_action, v_old, v_new);
  end case;

  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;
comment on function audit.log_changes() is
  'BEFORE INSERT/UPDATE/DELETE row trigger function of the audited tables: writes one audit.<table>_log row with the old and new row as jsonb and auth.uid() as changed_by. An INSERT made by public.restore_entity is logged as RESTORE. Fires after the _stamp_* and _derive_* triggers (name order), so new_row is the stored row.';

-- The split design of seed 000: INSERT/DELETE always, UPDATE only when something changed
-- (a no-op sync write leaves no audit row; _stamp_update is guarded the same way).
do $$
declare
  t text;
begin
  foreach t in array array['listings', 'properties', 'tasks', 'users', 'activities'] loop
    execute format(
      'create trigger %I before insert or delete on public.%I
         for each row execute function audit.log_changes()',
      'audit_' || t || '_insert_delete', t);
    execute format(
      'create trigger %I before update on public.%I
         for each row when (old.* is distinct from new.*) execute function audit.log_changes()',
      'audit_' || t || '_update', t);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------
-- RPCs
-- ---------------------------------------------------------------------------------------

create function public.get_entity_history(
  p_entity_type text,
  p_entity_id uuid,
  p_limit integer default 50,
  p_before_id bigint default null
)
  returns table (
    id bigint,
    entity_type text,
    record_pk uuid,
    action text,
    changed_at timestamptz,
    changed_by uuid,
    changed_by_name text,
    old_row jsonb,
    new_row jsonb
  )
  language plpgsql
  stable
  security invoker
  set search_path = ''
  -- The planner cannot know that row-level security lets nearly every entry through, so it
  -- would rather fetch all of an entity's entries and sort them than read the
  -- (record_pk, changed_at desc, id desc) index in order and stop after p_limit. With sorting
  -- off it reads the index in order: p_limit heap rows per page, however long the history.
  set enable_sort = off
as $$
declare
  v_log text;
  -- The keyset cursor; the first page starts above every entry.
  v_cursor_at timestamptz := 'infinity';
  v_cursor_id bigint := 9223372036854775807;
begin
  select m.log_table into v_log from audit.entity_table(p_entity_type) m;
  if p_entity_id is null then
    raise exception using errcode = '22004', message = 'INVALID_ARGUMENT: p_entity_id is required';
  end if;
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception using errcode = '22023',
      message = format('INVALID_ARGUMENT: p_limit must be between 1 and 500, not %s', coalesce(p_limit::text, 'NULL'));
  end if;

  if p_before_id is not null then
    execute format('select c.changed_at from audit.%I c where c.id = $1 and c.record_pk = $2', v_log)
      into v_cursor_at using p_before_id, p_entity_id;
    if v_cursor_at is null then
      raise exception using errcode = '22023',
        message = format('INVALID_CURSOR: %s is not an entry of the history of %s %s', p_before_id, p_entity_type, p_entity_id),
        hint = 'Pass the id of the last entry of the previous page.';
    end if;
    v_cursor_id := p_before_id;
  end if;

  -- Static statements, one per log table: their plans are cached (this runs on every
  -- history view), and the cursor is an index condition, not a filter.
  if v_log = 'listings_log' then
    return query
      select l.id, p_entity_type, l.record_pk, l.action, l.changed_at, l.changed_by, u.name, l.old_row, l.new_row
        from audit.listings_log l
        left join public.users u on u.id = l.changed_by
       where l.record_pk = p_entity_id and (l.changed_at, l.id) < (v_cursor_at, v_cursor_id)
       order by l.changed_at desc, l.id desc
       limit p_limit;
  elsif v_log = 'properties_log' then
    return query
      select l.id, p_entity_type, l.record_pk, l.action, l.changed_at, l.changed_by, u.name, l.old_row, l.new_row
        from audit.properties_log l
        left join public.users u on u.id = l.changed_by
       where l.record_pk = p_entity_id and (l.changed_at, l.id) < (v_cursor_at, v_cursor_id)
       order by l.changed_at desc, l.id desc
       limit p_limit;
  elsif v_log = 'tasks_log' then
    return query
      select l.id, p_entity_type, l.record_pk, l.action, l.changed_at, l.changed_by, u.name, l.old_row, l.new_row
        from audit.tasks_log l
        left join public.users u on u.id = l.changed_by
       where l.record_pk = p_entity_id and (l.changed_at, l.id) < (v_cursor_at, v_cursor_id)
       order by l.changed_at desc, l.id desc
       limit p_limit;
  elsif v_log = 'users_log' then
    return query
      select l.id, p_entity_type, l.record_pk, l.action, l.changed_at, l.changed_by, u.name, l.old_row, l.new_row
        from audit.users_log l
        left join public.users u on u.id = l.changed_by
       where l.record_pk = p_entity_id and (l.changed_at, l.id) < (v_cursor_at, v_cursor_id)
       order by l.changed_at desc, l.id desc
       limit p_limit;
  elsif v_log = 'activities_log' then
    return query
      select l.id, p_entity_type, l.record_pk, l.action, l.changed_at, l.changed_by, u.name, l.old_row, l.new_row
        from audit.activities_log l
        left join public.users u on u.id = l.changed_by
       where l.record_pk = p_entity_id and (l.changed_at, l.id) < (v_cursor_at, v_cursor_id)
       order by l.changed_at desc, l.id desc
       limit p_limit;
  end if;
end
$$;
comment on function public.get_entity_history(text, uuid, integer, bigint) is
  'History of one entity (p_entity_type listing | property | task | user | activity), newest first, at most p_limit (1..500) entries. Keyset paging: pass the id of the last entry of a page as p_before_id to get the next one (ordered by (changed_at, id), so no gaps or repeats). Only entries the caller may see (owner per the snapshots, or admin); an unknown or invisible entity has an empty history. Errors: INVALID_ENTITY_TYPE (22023), INVALID_ARGUMENT (22004 NULL id, 22023 p_limit), INVALID_CURSOR (22023).';

create function public.get_recently_deleted(p_limit integer default 50)
  returns table (
    id bigint,
    entity_type text,
    record_pk uuid,
    action text,
    changed_at timestamptz,
    changed_by uuid,
    changed_by_name text,
    old_row jsonb,
    new_row jsonb
  )
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
begin
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception using errcode = '22023',
      message = format('INVALID_ARGUMENT: p_limit must be between 1 and 500, not %s', coalesce(p_limit::text, 'NULL'));
  end if;

  -- A deletion counts while it is the entity's latest entry: a later RESTORE (or INSERT of
  -- the same id) means it is live again. Each branch walks the partial DELETE index.
  return query
    with deleted as (
      select 'listing' as entity_type, d.* from audit.listings_log d
       where d.action = 'DELETE' and d.changed_at > now() - interval '30 days'
         and not exists (select from audit.listings_log n
                          where n.record_pk = d.record_pk and (n.changed_at, n.id) > (d.changed_at, d.id))
      union all
      select 'property', d.* from audit.properties_log d
       where d.action = 'DELETE' and d.changed_at > now() - interval '30 days'
         and not exists (select from audit.properties_log n
                          where n.record_pk = d.record_pk and (n.changed_at, n.id) > (d.changed_at, d.id))
      union all
      select 'task', d.* from audit.tasks_log d
       where d.action = 'DELETE' and d.changed_at > now() - interval '30 days'
         and not exists (select from audit.tasks_log n
                          where n.record_pk = d.record_pk and (n.changed_at, n.id) > (d.changed_at, d.id))
      union all
      select 'user', d.* from audit.users_log d
       where d.action = 'DELETE' and d.changed_at > now() - interval '30 days'
         and not exists (select from audit.users_log n
                          where n.record_pk = d.record_pk and (n.changed_at, n.id) > (d.changed_at, d.id))
      union all
      select 'activity', d.* from audit.activities_log d
       where d.action = 'DELETE' and d.changed_at > now() - interval '30 days'
         and not exists (select from audit.activities_log n
                          where n.record_pk = d.record_pk and (n.changed_at, n.id) > (d.changed_at, d.id))
    )
    select d.id, d.entity_type, d.record_pk, d.action, d.changed_at, d.changed_by, u.name, d.old_row, d.new_row
      from deleted d
      left join public.users u on u.id = d.changed_by
     order by d.changed_at desc, d.entity_type, d.id desc
     limit p_limit;
end
$$;
comment on function public.get_recently_deleted(integer) is
  'Deletions of the last 30 days across listings, properties, tasks, users and activities, newest first, at most p_limit (1..500): only entities the caller may see (owner per old_row, or admin) and not restored since. Each entry has the shape of get_entity_history; old_row is the snapshot restore_entity would re-create. Errors: INVALID_ARGUMENT (22023).';

create function public.restore_entity(p_entity_type text, p_entity_id uuid) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_map record;
  v_rel regclass;
  v_snapshot jsonb;
  v_columns text;
  v_row jsonb;
  v_constraint text;
  v_detail text;
  v_ref record;
  v_key text;
begin
  select * into v_map from audit.entity_table(p_entity_type);
  if p_entity_id is null then
    raise exception using errcode = '22004', message = 'INVALID_ARGUMENT: p_entity_id is required';
  end if;
  v_rel := pg_catalog.format('public.%I', v_map.table_name)::regclass;

  -- The snapshot of the latest deletion (whatever came after it: restoring a live entity
  -- then fails with UNIQUE_CONFLICT below).
  execute pg_catalog.format(
    'select d.old_row from audit.%I d
      where d.record_pk = $1 and d.action = ''DELETE''
      order by d.changed_at desc, d.id desc limit 1', v_map.log_table)
    into v_snapshot using p_entity_id;
  if v_snapshot is null then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no deletion of %s %s to restore', p_entity_type, p_entity_id);
  end if;

  if not (coalesce(v_snapshot ->> v_map.owner_column = auth.uid()::text, false) or public.is_admin()) then
    raise exception using errcode = '42501',
      message = pg_catalog.format('NOT_AUTHORIZED: only the owner of %s %s or an admin may restore it', p_entity_type, p_entity_id);
  end if;

  -- Only the columns present in the snapshot: a column added after it was taken gets its
  -- DEFAULT (Fix 1C), not a NULL. Generated columns are computed, never inserted.
  select pg_catalog.string_agg(pg_catalog.format('%I', a.attname), ', ' order by a.attnum)
    into v_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.attidentity <> 'a'
     and v_snapshot ? a.attname;

  begin
    perform pg_catalog.set_config('audit.restoring', v_map.table_name || ':' || p_entity_id::text, true);
    execute pg_catalog.format(
      'insert into %1$s as t (%2$s)
       select %2$s from pg_catalog.jsonb_populate_record(null::%1$s, $1)
       returning pg_catalog.to_jsonb(t.*)', v_rel, v_columns)
      into v_row using v_snapshot;
    perform pg_catalog.set_config('audit.restoring', '', true);
  exception
    when foreign_key_violation then
      get stacked diagnostics v_constraint = constraint_name, v_detail = pg_exception_detail;
      select c.confrelid::regclass as ref_table, a.attname::text as col,
             (select m.entity_type from audit.get_table_names() m
               where pg_catalog.format('public.%I', m.table_name)::regclass = c.confrelid) as ref_type
        into v_ref
        from pg_catalog.pg_constraint c
        join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.conrelid = v_rel and c.conname = v_constraint;
      raise exception using errcode = '23503',
        message = pg_catalog.format('FK_MISSING: %s %s references %s %s (%s), which no longer exists',
                    p_entity_type, p_entity_id, coalesce(v_ref.ref_type, v_ref.ref_table::text),
                    v_snapshot ->> v_ref.col, v_ref.col),
        detail = v_detail,
        hint = case when v_ref.ref_type is not null
                    then pg_catalog.format('Restore %s %s first.', v_ref.ref_type, v_snapshot ->> v_ref.col)
                    else pg_catalog.format('Re-create %s %s first.', v_ref.ref_table, v_snapshot ->> v_ref.col)
               end,
        constraint = v_constraint;
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name, v_detail = pg_exception_detail;
      select pg_catalog.string_agg(a.attname::text, ', ' order by k.ord)
        into v_key
        from pg_catalog.pg_class ic
        join pg_catalog.pg_index i on i.indexrelid = ic.oid
        cross join lateral pg_catalog.unnest(i.indkey) with ordinality k(attnum, ord)
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where i.indrelid = v_rel and ic.relname = v_constraint;
      raise exception using errcode = '23505',
        message = case when v_key = 'id'
          then pg_catalog.format('UNIQUE_CONFLICT: %s %s already exists (restored already?)', p_entity_type, p_entity_id)
          else pg_catalog.format('UNIQUE_CONFLICT: %s %s cannot be restored: its %s is now held by another %s',
                                 p_entity_type, p_entity_id, coalesce(v_key, v_constraint), p_entity_type)
        end,
        detail = v_detail,
        constraint = v_constraint;
  end;
  return v_row;
end
$$;
comment on function public.restore_entity(text, uuid) is
  'Re-creates a deleted listing, property, task, user or activity from its latest DELETE snapshot and returns the restored row as jsonb; the re-creation is logged as RESTORE. Columns missing from an old snapshot get their defaults. Allowed to the owner named in the snapshot and to admins. All or nothing. Errors (message begins with the code): INVALID_ENTITY_TYPE (22023), INVALID_ARGUMENT (22004), NOT_FOUND (P0002, no deletion), NOT_AUTHORIZED (42501), FK_MISSING (23503, a referenced row is gone: the message names it, the hint says what to restore first), UNIQUE_CONFLICT (23505, the id or a unique key such as mls_number is held by a live row).';

-- ---------------------------------------------------------------------------------------
-- Privileges
-- ---------------------------------------------------------------------------------------

revoke execute on function audit.log_changes(), audit.entity_table(text), audit.get_table_names() from public;
grant execute on function audit.entity_table(text), audit.get_table_names() to authenticated, service_role;

revoke execute on function
  public.get_entity_history(text, uuid, integer, bigint),
  public.get_recently_deleted(integer),
  public.restore_entity(text, uuid)
  from public;
grant execute on function
  public.get_entity_history(text, uuid, integer, bigint),
  public.get_recently_deleted(integer),
  public.restore_entity(text, uuid)
  to authenticated, service_role;
