-- The audit RPCs: an entity's history, what was deleted lately, and restoring a deletion.
--
-- get_entity_history and get_recently_deleted are SECURITY INVOKER: the log's row-level
-- security (audit/log.sql) is what authorises them. restore_entity is SECURITY DEFINER, because
-- re-creating a row needs more than its owner may do through the API (the original id,
-- created_at, a claimer): it authorises explicitly from the snapshot's ownership column.

create or replace function public.get_entity_history(
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
  set search_path = pg_catalog, pg_temp
  -- The planner cannot know that row-level security lets nearly every entry through, so it
  -- would rather fetch all of an entity's entries and sort them than read the
  -- (record_pk, changed_at desc, id desc) index in order and stop after p_limit. With sorting
  -- off it reads the index in order: p_limit heap rows per page, however long the history.
  set enable_sort = off
  -- One generic plan, made once per session. A plan made for each call's values (PL/pgSQL's
  -- custom plans) saw the first page's bound, changed_at < 'infinity', beyond the column's
  -- histogram, and the planner then read the end of the changed_at index for its true
  -- maximum: the newest entries, whoever's they are (and their heap pages while the
  -- visibility map has not caught up). A user's history cost 8 buffers beside 1,000
  -- entries of others and 22 to 25 beside 20,000. The generic plan chooses the partition
  -- at run time and reads the same index in order.
  set plan_cache_mode = force_generic_plan
as $$
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
comment on function public.get_entity_history(text, uuid, integer, bigint) is
  'History of one entity (p_entity_type listing | property | task | user | activity), newest first, at most p_limit (1..500) entries. Keyset paging: pass the id of the last entry of a page as p_before_id to get the next one (ordered by (changed_at, id), so no gaps or repeats). Only entries the caller may see (owner per the snapshots, or admin); an unknown or invisible entity has an empty history. Errors: INVALID_ENTITY_TYPE, INVALID_LIMIT, INVALID_CURSOR (22023), NULL_ARGUMENT (22004).';

create or replace function public.get_recently_deleted(p_limit integer default 50)
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
  security definer
  set search_path = pg_catalog, pg_temp
as $$
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
$$;
comment on function public.get_recently_deleted(integer) is
  'Deletions of the last 30 days across listings, properties, tasks, users and activities, newest first, at most p_limit (1..500): only entities the caller may see (owner per old_row, or admin) and not restored since. Each entry has the shape of get_entity_history; old_row is the snapshot restore_entity would re-create. Reads only the caller''s deletions (an index per audited table), whatever others deleted. Errors: INVALID_LIMIT (22023). SECURITY DEFINER: under row-level security the owner index cannot serve the caller''s own deletions; it applies the policy''s rule (owner per old_row, or admin) itself.';

-- A restore brings back what the deletion took with it (audit.deleted_dependents): the
-- subtasks of a task or activity, as they were; the tasks and activities that were on a
-- listing, relinked unless they have moved to another listing since. Notes are not
-- restored (not audited: conversation, not records), and the answer says how many went.
-- Runs inside restore_entity, as its owner, with the restored row marked as being restored.
create or replace function audit.restore_dependents(p_table text, p_id uuid, p_dependents jsonb) returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
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
$$;
comment on function audit.restore_dependents(text, uuid, jsonb) is
  'Part of restore_entity: from the DELETE entry''s dependents, re-creates the subtasks of a restored task or activity, or relinks to a restored listing its tasks and activities that are on no listing now. Returns what it did, {subtasks, notes_not_restored} or {tasks, activities, notes_not_restored} (counts): notes are not restored.';
revoke all on function audit.restore_dependents(text, uuid, jsonb) from public, anon, authenticated, service_role;

create or replace function public.restore_entity(p_entity_type text, p_entity_id uuid) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
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
$$;
comment on function public.restore_entity(text, uuid) is
  'Re-creates a deleted listing, property, task, user or activity from its latest DELETE snapshot and returns the restored row as jsonb; the re-creation is logged as RESTORE. A task or activity comes back with its subtasks, a listing with the links of the tasks and activities that were on it (unless moved since); notes are not restored: the answer''s "restore" key says what came back and how many notes did not ({subtasks, notes_not_restored} or {tasks, activities, notes_not_restored}; absent for other types and for deletions recorded before dependents were). Columns missing from an old snapshot get their defaults. Allowed to the owner named in the snapshot and to admins. All or nothing. Errors (message begins with the code): INVALID_ENTITY_TYPE (22023), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no deletion the caller may restore; another user''s deletion answers as none, so that the answer never tells that an id names someone''s deleted entity), FK_MISSING (23503, a referenced row is gone: detail is JSON {entity_type, table, column, id} of it, the hint says what to restore first), UNIQUE_CONFLICT (23505, the id or a unique key such as mls_number is held by a live row; detail is JSON {columns}). A restored profile is admin only when an admin restores it. SECURITY DEFINER: re-creating a row with its original id and server-managed columns is more than its owner may write through the API.';

revoke all on function
  public.get_entity_history(text, uuid, integer, bigint),
  public.get_recently_deleted(integer),
  public.restore_entity(text, uuid)
  from public, anon, authenticated, service_role;
grant execute on function
  public.get_entity_history(text, uuid, integer, bigint),
  public.get_recently_deleted(integer),
  public.restore_entity(text, uuid)
  to authenticated, service_role;
