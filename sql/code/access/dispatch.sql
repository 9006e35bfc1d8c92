-- Dispatch core access: who may change which rows (row-level security) and which columns
-- (grants) of the tables of migration 0004_dispatch_core. Who may see them is the visibility definition (access/visibility.sql),
-- which generates the SELECT policies (and the notes' INSERT policy, which asks it).
--
-- Policies compare columns with (select auth.uid()) / (select private.is_admin()), which the
-- planner evaluates once per query (an InitPlan), so the owner columns' indexes serve them.
-- The rules for tasks and activities are written out in their policies (index-friendly);
-- subtasks ask the helper below, which applies the same rules to one row.

create or replace function private.can_change_work_item(p_item_type text, p_item_id uuid) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select case p_item_type
    when 'task' then exists (
      select from public.tasks t
       where t.id = p_item_id
         and (t.declared_by = auth.uid()
              or t.claimed_by = auth.uid()
              or exists (select from public.listings l where l.id = t.listing_id and l.owned_by = auth.uid())
              or private.is_admin()))
    when 'activity' then exists (
      select from public.activities a
       where a.id = p_item_id
         and (a.declared_by = auth.uid()
              or a.claimed_by = auth.uid()
              or exists (select from public.listings l where l.id = a.listing_id and l.owned_by = auth.uid())
              or private.is_admin()))
    when 'listing' then exists (
      select from public.listings l
       where l.id = p_item_id
         and (l.owned_by = auth.uid() or private.is_admin()))
    else false
  end
$$;
comment on function private.can_change_work_item(text, uuid) is
  'True when the caller may change the task, activity or listing: declared_by, claimed_by, the listing owner or an admin (for a listing: its owner or an admin). The UPDATE rules of those tables for one row; SECURITY DEFINER for use in policies.';

-- properties / listings: the owner and admins. One policy per command: a FOR ALL policy
-- would be a second permissive SELECT policy beside the generated one.
do $$
declare
  t text;
begin
  foreach t in array array['properties', 'listings'] loop
    perform private.define(pg_catalog.format($p$
      create policy %1$I on public.%2$I for insert to authenticated
        with check (owned_by = (select auth.uid()) or (select private.is_admin()))
      $p$, t || '_insert', t));
    perform private.define(pg_catalog.format($p$
      create policy %1$I on public.%2$I for update to authenticated
        using (owned_by = (select auth.uid()) or (select private.is_admin()))
        with check (owned_by = (select auth.uid()) or (select private.is_admin()))
      $p$, t || '_update', t));
    perform private.define(pg_catalog.format($p$
      create policy %1$I on public.%2$I for delete to authenticated
        using (owned_by = (select auth.uid()) or (select private.is_admin()))
      $p$, t || '_delete', t));
  end loop;
end
$$;

-- tasks / activities: the same write rules, written once for both tables.
do $$
declare
  t text;
begin
  foreach t in array array['tasks', 'activities'] loop
    perform private.define(pg_catalog.format($p$
      create policy %2$I on public.%1$I for insert to authenticated
        with check ((declared_by = (select auth.uid()) and (claimed_by is null or claimed_by = (select auth.uid())))
                    or (select private.is_admin()))
      $p$, t, t || '_insert'));
    perform private.define(pg_catalog.format($p$
      create policy %2$I on public.%1$I for update to authenticated
        using (declared_by = (select auth.uid())
               or claimed_by = (select auth.uid())
               or listing_id = any (array(select l.id from public.listings l where l.owned_by = (select auth.uid())))
               or (select private.is_admin()))
      $p$, t, t || '_update'));
    perform private.define(pg_catalog.format($p$
      create policy %2$I on public.%1$I for delete to authenticated
        using (declared_by = (select auth.uid()) or (select private.is_admin()))
      $p$, t, t || '_delete'));
  end loop;
end
$$;

-- notes: their author or an admin edits and deletes them, the author only while he sees
-- the parent (policies notes_update, notes_delete beside notes_insert in access/visibility.sql,
-- which defines what "sees" means).

-- subtasks: changed by whoever may change their parent (seen with it: access/visibility.sql). One policy
-- per command: a FOR ALL policy beside the SELECT one would be a second permissive SELECT
-- policy, evaluated for every row read.
drop policy if exists subtasks_insert on public.subtasks;
create policy subtasks_insert on public.subtasks for insert to authenticated
  with check (private.can_change_work_item(parent_type, parent_id));
drop policy if exists subtasks_update on public.subtasks;
create policy subtasks_update on public.subtasks for update to authenticated
  using (private.can_change_work_item(parent_type, parent_id))
  with check (private.can_change_work_item(parent_type, parent_id));
drop policy if exists subtasks_delete on public.subtasks;
create policy subtasks_delete on public.subtasks for delete to authenticated
  using (private.can_change_work_item(parent_type, parent_id));

-- ---------------------------------------------------------------------------------------
-- Moving a work item between listings
-- ---------------------------------------------------------------------------------------
-- A listing's owner sees and changes every task and activity on it. So moving an item
-- onto a listing hands it to that listing's owner: only the people who answer for the item
-- may do that (its declarer, the owner of the listing it is on, an admin), not its
-- claimer, who could otherwise move it onto a listing of their own and keep it after
-- releasing it. The policies cannot say this (they see only the new row); this trigger
-- compares old and new.
--
-- For the same reason an item goes onto a listing (created there, or moved there) only by
-- that listing's owner or an admin: otherwise anyone could put tasks and activities on
-- someone else's listing, in his lists and his pushes. A declarer who owns no listing
-- declares items without one, and may take his items off a listing (listing_id null).

create or replace function private.guard_listing_move() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  -- Writes without a calling user (the worker, migrations) are not the apps' moves, nor
  -- are those of the tables' owner: a SECURITY DEFINER function that authorised the write
  -- itself (restore_entity relinking a restored listing's tasks).
  if v_uid is null or current_user = (select pg_catalog.pg_get_userbyid(c.relowner) from pg_catalog.pg_class c where c.oid = tg_relid) then
    return new;
  end if;
  if new.listing_id is not null and not private.is_admin()
     and not exists (select from public.listings l where l.id = new.listing_id and l.owned_by = v_uid) then
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
      message = pg_catalog.format('NOT_AUTHORIZED: only the listing''s owner or an admin may put a %s on listing %s',
                                  case tg_table_name when 'tasks' then 'task' else 'activity' end, new.listing_id);
  end if;
  if tg_op = 'INSERT' then
    return new;
  end if;
  if old.declared_by = v_uid
     or private.is_admin()
     or exists (select from public.listings l where l.id = old.listing_id and l.owned_by = v_uid) then
    return new;
  end if;
  raise exception using errcode = '42501',
    message = pg_catalog.format('NOT_AUTHORIZED: only the declarer, the listing''s owner or an admin may move this %s to another listing',
                                case tg_table_name when 'tasks' then 'task' else 'activity' end);
end
$$;
comment on function private.guard_listing_move() is
  'BEFORE INSERT (with a listing) and BEFORE UPDATE OF listing_id (only when it changes) trigger function of tasks and activities: an item goes onto a listing only by that listing''s owner or an admin (a listing the caller does not see: FK_MISSING, 23503, detail {table, column, id}, as for an absent one), and the declarer, the owner of the current listing or an admin may move it; anyone else gets NOT_AUTHORIZED (42501). Writes without a calling user, or by the table''s owner (a SECURITY DEFINER function that authorised them), pass.';
revoke all on function private.guard_listing_move() from public, anon, authenticated, service_role;

create or replace trigger _guard_listing_move before update of listing_id on public.tasks
  for each row when (old.listing_id is distinct from new.listing_id)
  execute function private.guard_listing_move();
create or replace trigger _guard_listing_move before update of listing_id on public.activities
  for each row when (old.listing_id is distinct from new.listing_id)
  execute function private.guard_listing_move();
create or replace trigger _guard_listing_attach before insert on public.tasks
  for each row when (new.listing_id is not null)
  execute function private.guard_listing_move();
create or replace trigger _guard_listing_attach before insert on public.activities
  for each row when (new.listing_id is not null)
  execute function private.guard_listing_move();

-- The policy helper runs as the querying user (app users only: service_role bypasses
-- row-level security).
revoke all on function private.can_change_work_item(text, uuid) from public, anon, authenticated, service_role;
grant execute on function private.can_change_work_item(text, uuid) to authenticated;
