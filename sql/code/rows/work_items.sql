-- ---------------------------------------------------------------------------------------
-- Server-derived columns
-- ---------------------------------------------------------------------------------------

create or replace function private.derive_work_item_state() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
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
comment on function private.derive_work_item_state() is
  'BEFORE INSERT/UPDATE trigger function of tasks and activities: completed_at follows completed and claimed_at follows claimed_by, both from the server clock, and claim_expires_at is claimed_at + the operator''s claim expiry (private.claim_expiry(); NULL when none, unclaimed or completed); on UPDATE a client cannot set them directly. SECURITY DEFINER: it reads the operator''s claim expiry, which no API role may run (it touches nothing but NEW).';

-- Called only when it has something to do: a row inserted open and unclaimed, or an update
-- that touches none of the five columns, keeps its times as they are (what the function
-- would write), so the WHEN clauses skip the call, the common case of a bulk write. The
-- update's trigger names the five columns too: an UPDATE that sets none of them (a title)
-- skips it without compiling its WHEN clause (private.update_of_sql says why). Sound
-- because it is the first BEFORE UPDATE trigger of the table (they fire in name order) and
-- the others write none of the five (private.before_update_writes).
do $$
declare
  v_table text;
begin
  foreach v_table in array array['tasks', 'activities'] loop
    perform private.define(pg_catalog.format(
      'create or replace trigger _derive_work_item_state_insert before insert on public.%I for each row '
      'when (new.completed or new.completed_at is not null or new.claimed_by is not null or new.claimed_at is not null '
      'or new.claim_expires_at is not null) '
      'execute function private.derive_work_item_state()', v_table));
    perform private.define(pg_catalog.format(
      'create or replace trigger _derive_work_item_state_update before update of completed, completed_at, claimed_by, '
      'claimed_at, claim_expires_at on public.%I for each row '
      'when (new.completed is distinct from old.completed or new.completed_at is distinct from old.completed_at '
      'or new.claimed_by is distinct from old.claimed_by or new.claimed_at is distinct from old.claimed_at '
      'or new.claim_expires_at is distinct from old.claim_expires_at) '
      'execute function private.derive_work_item_state()', v_table));
  end loop;
end
$$;

create or replace function private.derive_note_edited_at() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
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
comment on function private.derive_note_edited_at() is
  'BEFORE INSERT/UPDATE trigger function of notes: edited_at is NULL for a new note and becomes the server time whenever content changes; a client''s own edited_at is never kept.';

-- Called only when it has something to do: an insert that carries an edited_at, an update
-- that changes content or writes edited_at (what the function would keep otherwise).
create or replace trigger _derive_edited_at_insert before insert on public.notes
  for each row when (new.edited_at is not null) execute function private.derive_note_edited_at();
create or replace trigger _derive_edited_at_update before update on public.notes
  for each row when (old.content is distinct from new.content or old.edited_at is distinct from new.edited_at)
  execute function private.derive_note_edited_at();

-- ---------------------------------------------------------------------------------------
-- Polymorphic parents of notes and subtasks
-- ---------------------------------------------------------------------------------------

-- A note/subtask parent must exist (what a foreign key would check), and for an app user be
-- one they see: a parent someone else holds out of their sight is answered as an absent one
-- (FK_MISSING, whose DETAIL {table, column, id} names it), never as "not yours", which would
-- tell them it exists. The device that made the parent offline retries the child once the
-- parent is pushed; row-level security then decides whether the child is theirs to write.
-- The parent is locked FOR SHARE, not only FOR KEY SHARE like a foreign key check: a
-- concurrent claim or completion of the parent waits for the new child, or the child waits
-- for it and reads the parent as it left it, so that the parent's openness recorded for the
-- new child (private.child_parents, access/child_parents.sql) is the parent's when both are
-- committed. A concurrent delete of the parent waits too.
create or replace function private.check_work_parent() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
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
comment on function private.check_work_parent() is
  'BEFORE INSERT, and BEFORE UPDATE when parent_type or parent_id changes, trigger function of notes and subtasks: the parent row must exist, and be one an app user sees (FK_MISSING, 23503, detail {table, column, id} of the parent, otherwise: absent and unseen are one answer); it is locked against a concurrent change of its openness until the child is committed.';

-- On UPDATE only when the parent changes: UPDATE OF alone fires whenever a statement names
-- the columns, also setting them to what they were (a full-row write or upsert), and each
-- call reads and locks the parent.
create or replace trigger _check_parent_insert before insert on public.notes
  for each row execute function private.check_work_parent();
create or replace trigger _check_parent_insert before insert on public.subtasks
  for each row execute function private.check_work_parent();
create or replace trigger _check_parent_update before update on public.notes for each row
  when (old.parent_type is distinct from new.parent_type or old.parent_id is distinct from new.parent_id)
  execute function private.check_work_parent();
create or replace trigger _check_parent_update before update on public.subtasks for each row
  when (old.parent_type is distinct from new.parent_type or old.parent_id is distinct from new.parent_id)
  execute function private.check_work_parent();

-- Deleting a task, activity or listing deletes its notes and subtasks (a polymorphic
-- parent has no foreign key to cascade from), once per statement. SECURITY DEFINER: the
-- notes of other users go too, which their row-level security would not let the deleting
-- user do.
create or replace function private.delete_work_children() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
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
comment on function private.delete_work_children() is
  'AFTER DELETE statement trigger function of tasks, activities and listings (argument: the parent_type): deletes the notes and subtasks of the deleted rows.';

create or replace trigger delete_children after delete on public.tasks
  referencing old table as deleted_rows
  for each statement execute function private.delete_work_children('task');
create or replace trigger delete_children after delete on public.activities
  referencing old table as deleted_rows
  for each statement execute function private.delete_work_children('activity');
create or replace trigger delete_children after delete on public.listings
  referencing old table as deleted_rows
  for each statement execute function private.delete_work_children('listing');

-- Trigger functions: fired by their triggers, never called; executable by their owner only.
revoke all on function
  private.derive_work_item_state(), private.derive_note_edited_at(),
  private.check_work_parent(), private.delete_work_children()
  from public, anon, authenticated, service_role;
