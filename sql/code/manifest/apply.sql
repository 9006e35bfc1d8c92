-- The table manifest's two functions: private.manifest() writes an entry (the manifest file,
-- manifest/tables.sql, is one call per table), private.apply_manifest() generates from the
-- entries everything a table's features need. The latter is the final step of every migrate
-- (manifest/generate.sql), so no migration and no developer has to remember a generator
-- call: a new table is a DDL migration plus an entry. It replaces only what differs from what
-- it would create (private.define): run on a database that runs all of it already, it
-- changes no trigger, policy or function and locks no table the apps use. So it also runs
-- when nothing else changed, and a platform feature that appeared since the last migrate
-- (Supabase Storage, Realtime's publication) is set up by the next one.
--
-- What apply_manifest generates, and what it never does:
--   visibility   private.visibility_tables / visibility_rules from visible_to and admin_sees,
--                the SELECT policy <table>_select, private.row_scope, the planner's
--                n_distinct of each scope-key column, the triggers that keep the openness of
--                derived rows' parents (private.child_parents)
--   writes       the INSERT, UPDATE and DELETE policies from insert_by, update_by, delete_by
--                (and parent), private.caller_writes (access/write_rules.sql)
--   stamped      the _stamp_insert / _stamp_update triggers (updated_at, row_version)
--   lengths      the CHECK constraints <table>_<column>_length (TOO_LONG)
--   quotas       the checks of open items per user and bytes per row (QUOTA_EXCEEDED)
--   tombstoned   the _stamp_deleted_at_insert and _update triggers (deleted_at from the server clock)
--   audit        audit.tracked_tables, the partition audit.<table>_log, its policy, the
--                audit_<table>_* triggers
--   synced       the sync_xid column, its indexes and triggers, the pull's and the push's
--                per-table statements (private.generate_sync_statements)
--   outbox       the outbox_* triggers (outbox.enable_changes / disable_changes)
--   marks        sync_poll's change marks: written by the outbox capture for its tables, by
--                the sync_marks_* triggers for the other synced tables (sync/marks.sql)
--   realtime     the tables of the publication supabase_realtime, where it exists or the
--                server's logical decoding lets the migrating role create it
-- A feature switched off loses its triggers and policies; columns, indexes and logs it
-- created hold data and stay until a migration drops them. Then it checks that the
-- notification registry and its CHECK constraint agree.

-- Which tables take part in what is no secret: every app user may read the manifest.
select private.define('create policy table_manifest_select on private.table_manifest for select to authenticated, service_role using (true)');

-- Its signature grew the write rules: the old one goes first, here rather than in retired.sql,
-- which runs after the manifest file (a call naming only the old arguments would fit both).
drop function if exists private.manifest(text, jsonb, boolean, boolean, jsonb, boolean, boolean, boolean, text, text, text);
create or replace function private.manifest(
  p_table text,
  visible_to jsonb,
  admin_sees boolean default true,
  stamped boolean default true,
  lengths jsonb default '{}',
  tombstoned boolean default false,
  synced boolean default false,
  outbox boolean default false,
  realtime text default null,
  audited_as text default null,
  audit_owner text default null,
  insert_by jsonb default '[]',
  update_by jsonb default '[]',
  delete_by jsonb default '[]',
  parent jsonb default null,
  claimed_as text default null,
  aliases jsonb default '{}',
  example jsonb default '{}'
) returns void
  language sql
  set search_path = pg_catalog, pg_temp
as $$
  insert into private.table_manifest (table_name, visible_to, admin_sees, stamped, lengths, tombstoned, synced, outbox,
                                      realtime, audit_entity, audit_owner, insert_by, update_by, delete_by, parent,
                                      claimed_as, aliases, example)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
$$;
comment on function private.manifest(text, jsonb, boolean, boolean, jsonb, boolean, boolean, boolean, text, text, text,
                                     jsonb, jsonb, jsonb, jsonb, text, jsonb, jsonb) is
  'One entry of the table manifest (sql/code/manifest/tables.sql): the table of schema public and its features. Called with named arguments; private.apply_manifest() checks the entry against the table.';

create or replace function private.apply_manifest() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
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
comment on function private.apply_manifest() is
  'Generates from the table manifest (private.table_manifest) what each table''s features need: visibility rules and SELECT policies, write policies and private.caller_writes, the planner''s n_distinct of each non-unique scope-key column (-0.01: a key holds about a hundred rows, whatever one user holds), the openness of children''s parents (private.child_parents), row scope, stamping, length limits, quota checks, tombstones, audit, sync (column, indexes, triggers, statements), outbox triggers, the Supabase Realtime publication; then checks the notification registry. Idempotent; the final step of migrate (sql/code/manifest/generate.sql). INVALID_MANIFEST (22023), REGISTRY_DRIFT (23514).';

revoke all on function private.manifest(text, jsonb, boolean, boolean, jsonb, boolean, boolean, boolean, text, text, text,
                                         jsonb, jsonb, jsonb, jsonb, text, jsonb, jsonb),
  private.apply_manifest() from public, anon, authenticated, service_role;
