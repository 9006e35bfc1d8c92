-- Dispatch core: properties, listings, tasks, activities, notes, subtasks, and their
-- row-level security (seed 004 section 2.1 with the column names of seed 000 Fix 1E).
--
-- Server-managed columns (a client never decides them):
--   updated_at, row_version    _stamp_insert / _stamp_update (0001)
--   completed_at, claimed_at   _derive_work_item_state (tasks, activities)
--   edited_at                  _derive_edited_at (notes)
-- The _derive_* triggers sort before _stamp_* (trigger names fire in name order), so the
-- stamping guard and the audit guard (0004) see the final row.

-- ---------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------

create table public.properties (
  id uuid primary key default gen_random_uuid(),
  address text not null default '',
  city text not null default '',
  state text not null default '',
  zip text not null default '',
  lat double precision check (lat between -90 and 90),
  lon double precision check (lon between -180 and 180),
  owned_by uuid not null default auth.uid() references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.properties is
  'A physical property (address and coordinates). Visible to and changed by its owner (owned_by) and admins. Audited (audit.properties_log).';

create table public.listings (
  id uuid primary key default gen_random_uuid(),
  property_id uuid references public.properties (id) on delete cascade,
  address text not null default '',
  city text not null default '',
  state text not null default '',
  zip text not null default '',
  status text not null default 'draft'
    check (status in ('draft', 'active', 'pending', 'closed')),
  price numeric(12, 2) check (price >= 0),
  mls_number text unique,
  owned_by uuid not null default auth.uid() references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.listings is
  'A listing of a property for sale. Deleting its property deletes it (cascade, audited). Visible to and changed by its owner (owned_by) and admins. Audited (audit.listings_log).';
comment on column public.listings.mls_number is 'MLS number; unique among live listings (NULL allowed).';

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> ''),
  description text not null default '',
  due_date timestamptz,
  priority text not null default 'medium'
    check (priority in ('low', 'medium', 'high', 'urgent')),
  completed boolean not null default false,
  completed_at timestamptz,
  claimed_by uuid references public.users (id) on delete set null,
  claimed_at timestamptz,
  declared_by uuid not null default auth.uid() references public.users (id) on delete cascade,
  listing_id uuid references public.listings (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint tasks_completed_at_check check (completed or completed_at is null),
  constraint tasks_claimed_at_check check ((claimed_by is null) = (claimed_at is null))
);
comment on table public.tasks is
  'A unit of work declared by declared_by, optionally on a listing, claimed by at most one user (claim_work_item). Visible to declared_by, claimed_by, the listing owner, admins, and to everyone while unclaimed and not completed. Audited (audit.tasks_log).';
comment on column public.tasks.claimed_by is 'The user working on it; NULL = unclaimed. Changed through claim_work_item / release_work_item.';
comment on column public.tasks.claimed_at is 'Server time of the current claim; maintained by trigger.';
comment on column public.tasks.completed_at is 'Server time completed became true; maintained by trigger.';

create table public.activities (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> ''),
  description text not null default '',
  type text not null default 'other'
    check (type in ('call', 'email', 'meeting', 'show_property', 'follow_up', 'other')),
  due_date timestamptz,
  priority text not null default 'medium'
    check (priority in ('low', 'medium', 'high', 'urgent')),
  duration_minutes integer check (duration_minutes >= 0),
  completed boolean not null default false,
  completed_at timestamptz,
  claimed_by uuid references public.users (id) on delete set null,
  claimed_at timestamptz,
  declared_by uuid not null default auth.uid() references public.users (id) on delete cascade,
  listing_id uuid references public.listings (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1,
  constraint activities_completed_at_check check (completed or completed_at is null),
  constraint activities_claimed_at_check check ((claimed_by is null) = (claimed_at is null))
);
comment on table public.activities is
  'A scheduled activity (call, meeting, showing...): a task with a type and a duration. Same visibility, claim and change rules as tasks. Audited (audit.activities_log).';
comment on column public.activities.claimed_by is 'The user working on it; NULL = unclaimed. Changed through claim_work_item / release_work_item.';

create table public.notes (
  id uuid primary key default gen_random_uuid(),
  parent_type text not null check (parent_type in ('task', 'activity', 'listing')),
  parent_id uuid not null,
  content text not null check (btrim(content) <> ''),
  created_by uuid not null default auth.uid() references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.notes is
  'A note on a task, activity or listing (parent_type, parent_id). Visible with its parent; added by anyone who sees the parent; edited and deleted only by created_by or an admin. Deleted with its parent. Not audited (seed 000 non-goal).';
comment on column public.notes.edited_at is 'Server time of the last change of content; NULL = never edited. Maintained by trigger.';

create table public.subtasks (
  id uuid primary key default gen_random_uuid(),
  parent_type text not null check (parent_type in ('task', 'activity')),
  parent_id uuid not null,
  title text not null check (btrim(title) <> ''),
  completed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.subtasks is
  'A checklist item of a task or activity (parent_type, parent_id). Visible with its parent, changed by whoever may change the parent. Deleted with its parent.';

-- Every foreign key and updated_at (incremental sync) is indexed.
create index properties_owned_by_idx on public.properties (owned_by);
create index properties_updated_at_idx on public.properties (updated_at);
create index listings_property_id_idx on public.listings (property_id);
create index listings_owned_by_idx on public.listings (owned_by);
create index listings_updated_at_idx on public.listings (updated_at);
create index tasks_claimed_by_idx on public.tasks (claimed_by);
create index tasks_declared_by_idx on public.tasks (declared_by);
create index tasks_listing_id_idx on public.tasks (listing_id);
create index tasks_updated_at_idx on public.tasks (updated_at);
create index activities_claimed_by_idx on public.activities (claimed_by);
create index activities_declared_by_idx on public.activities (declared_by);
create index activities_listing_id_idx on public.activities (listing_id);
create index activities_updated_at_idx on public.activities (updated_at);
create index notes_parent_idx on public.notes (parent_type, parent_id, created_at desc);
create index notes_created_by_idx on public.notes (created_by);
create index notes_updated_at_idx on public.notes (updated_at);
create index subtasks_parent_idx on public.subtasks (parent_type, parent_id);
create index subtasks_updated_at_idx on public.subtasks (updated_at);

select public.enable_row_stamping('public.properties');
select public.enable_row_stamping('public.listings');
select public.enable_row_stamping('public.tasks');
select public.enable_row_stamping('public.activities');
select public.enable_row_stamping('public.notes');
select public.enable_row_stamping('public.subtasks');

-- ---------------------------------------------------------------------------------------
-- Server-derived columns
-- ---------------------------------------------------------------------------------------

create function public.derive_work_item_state() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- An inserted row may carry its times (offline creation, restore); fill in the gaps.
    new.completed_at := case when new.completed then coalesce(new.completed_at, now()) end;
    new.claimed_at := case when new.claimed_by is not null then coalesce(new.claimed_at, now()) end;
  else
    new.completed_at := case
      when new.completed is not distinct from old.completed then old.completed_at
      when new.completed then now()
    end;
    new.claimed_at := case
      when new.claimed_by is not distinct from old.claimed_by then old.claimed_at
      when new.claimed_by is not null then now()
    end;
  end if;
  return new;
end
$$;
comment on function public.derive_work_item_state() is
  'BEFORE INSERT/UPDATE trigger function of tasks and activities: completed_at follows completed and claimed_at follows claimed_by, both from the server clock; on UPDATE a client cannot set them directly.';

create trigger _derive_work_item_state before insert or update on public.tasks
  for each row execute function public.derive_work_item_state();
create trigger _derive_work_item_state before insert or update on public.activities
  for each row execute function public.derive_work_item_state();

create function public.derive_note_edited_at() returns trigger
  language plpgsql
  set search_path = ''
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
comment on function public.derive_note_edited_at() is
  'BEFORE INSERT/UPDATE trigger function of notes: edited_at is NULL for a new note and becomes the server time whenever content changes.';

create trigger _derive_edited_at before insert or update on public.notes
  for each row execute function public.derive_note_edited_at();

-- ---------------------------------------------------------------------------------------
-- Polymorphic parents of notes and subtasks
-- ---------------------------------------------------------------------------------------

-- A note/subtask parent must exist (what a foreign key would check), locked FOR KEY SHARE
-- like a foreign key check so that a concurrent delete of the parent waits for us.
create function public.check_work_parent() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.parent_type = 'task' then
    perform from public.tasks t where t.id = new.parent_id for key share;
  elsif new.parent_type = 'activity' then
    perform from public.activities a where a.id = new.parent_id for key share;
  elsif new.parent_type = 'listing' then
    perform from public.listings l where l.id = new.parent_id for key share;
  end if;
  if not found then
    raise exception using
      errcode = '23503',
      message = format('FK_MISSING: %s %s does not exist', new.parent_type, new.parent_id),
      detail = format('%s.parent_id must reference an existing %s.', tg_table_name, new.parent_type);
  end if;
  return new;
end
$$;
comment on function public.check_work_parent() is
  'BEFORE INSERT/UPDATE OF parent_type, parent_id trigger function of notes and subtasks: the parent row must exist (FK_MISSING, 23503, otherwise).';

create trigger _check_parent before insert or update of parent_type, parent_id on public.notes
  for each row execute function public.check_work_parent();
create trigger _check_parent before insert or update of parent_type, parent_id on public.subtasks
  for each row execute function public.check_work_parent();

-- Deleting a task, activity or listing deletes its notes and subtasks (seed 004: "server-side
-- cascades notes/subtasks"), once per statement. SECURITY DEFINER: the notes of other
-- users go too, which their row-level security would not let the deleting user do.
create function public.delete_work_children() returns trigger
  language plpgsql
  security definer
  set search_path = ''
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
comment on function public.delete_work_children() is
  'AFTER DELETE statement trigger function of tasks, activities and listings (argument: the parent_type): deletes the notes and subtasks of the deleted rows.';

create trigger delete_children after delete on public.tasks
  referencing old table as deleted_rows
  for each statement execute function public.delete_work_children('task');
create trigger delete_children after delete on public.activities
  referencing old table as deleted_rows
  for each statement execute function public.delete_work_children('activity');
create trigger delete_children after delete on public.listings
  referencing old table as deleted_rows
  for each statement execute function public.delete_work_children('listing');

-- ---------------------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------------------
-- Policies compare columns with (select auth.uid()) / (select public.is_admin()), which the
-- planner evaluates once per query (an InitPlan), so the owner columns' indexes serve them.
-- The rules for tasks and activities are written out in their policies (index-friendly);
-- notes and subtasks ask the two helpers below, which apply the same rules to one row.

create function public.can_see_work_item(p_item_type text, p_item_id uuid) returns boolean
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
              or (t.claimed_by is null and not t.completed)
              or exists (select from public.listings l where l.id = t.listing_id and l.owned_by = auth.uid())
              or public.is_admin()))
    when 'activity' then exists (
      select from public.activities a
       where a.id = p_item_id
         and (a.declared_by = auth.uid()
              or a.claimed_by = auth.uid()
              or (a.claimed_by is null and not a.completed)
              or exists (select from public.listings l where l.id = a.listing_id and l.owned_by = auth.uid())
              or public.is_admin()))
    when 'listing' then exists (
      select from public.listings l
       where l.id = p_item_id
         and (l.owned_by = auth.uid() or public.is_admin()))
    else false
  end
$$;
comment on function public.can_see_work_item(text, uuid) is
  'True when the caller may see the task, activity or listing (p_item_type ''task'' | ''activity'' | ''listing''): the SELECT rules of those tables for one row. SECURITY DEFINER so that policies of notes and subtasks can ask it without recursing into row-level security; false for an absent row or an unknown type.';

create function public.can_change_work_item(p_item_type text, p_item_id uuid) returns boolean
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
              or public.is_admin()))
    when 'activity' then exists (
      select from public.activities a
       where a.id = p_item_id
         and (a.declared_by = auth.uid()
              or a.claimed_by = auth.uid()
              or exists (select from public.listings l where l.id = a.listing_id and l.owned_by = auth.uid())
              or public.is_admin()))
    when 'listing' then exists (
      select from public.listings l
       where l.id = p_item_id
         and (l.owned_by = auth.uid() or public.is_admin()))
    else false
  end
$$;
comment on function public.can_change_work_item(text, uuid) is
  'True when the caller may change the task, activity or listing: declared_by, claimed_by, the listing owner or an admin (for a listing: its owner or an admin). The UPDATE rules of those tables for one row; SECURITY DEFINER for use in policies.';

alter table public.properties enable row level security;
alter table public.listings enable row level security;
alter table public.tasks enable row level security;
alter table public.activities enable row level security;
alter table public.notes enable row level security;
alter table public.subtasks enable row level security;

-- properties / listings: the owner and admins.
create policy properties_owner on public.properties for all to authenticated
  using (owned_by = (select auth.uid()) or (select public.is_admin()))
  with check (owned_by = (select auth.uid()) or (select public.is_admin()));

create policy listings_owner on public.listings for all to authenticated
  using (owned_by = (select auth.uid()) or (select public.is_admin()))
  with check (owned_by = (select auth.uid()) or (select public.is_admin()));

-- tasks / activities.
create policy tasks_select on public.tasks for select to authenticated
  using (
    declared_by = (select auth.uid())
    or claimed_by = (select auth.uid())
    or (claimed_by is null and not completed)
    or listing_id = any (array(select l.id from public.listings l where l.owned_by = (select auth.uid())))
    or (select public.is_admin()));
create policy tasks_insert on public.tasks for insert to authenticated
  with check ((declared_by = (select auth.uid()) and (claimed_by is null or claimed_by = (select auth.uid())))
              or (select public.is_admin()));
create policy tasks_update on public.tasks for update to authenticated
  using (
    declared_by = (select auth.uid())
    or claimed_by = (select auth.uid())
    or listing_id = any (array(select l.id from public.listings l where l.owned_by = (select auth.uid())))
    or (select public.is_admin()));
create policy tasks_delete on public.tasks for delete to authenticated
  using (declared_by = (select auth.uid()) or (select public.is_admin()));

create policy activities_select on public.activities for select to authenticated
  using (
    declared_by = (select auth.uid())
    or claimed_by = (select auth.uid())
    or (claimed_by is null and not completed)
    or listing_id = any (array(select l.id from public.listings l where l.owned_by = (select auth.uid())))
    or (select public.is_admin()));
create policy activities_insert on public.activities for insert to authenticated
  with check ((declared_by = (select auth.uid()) and (claimed_by is null or claimed_by = (select auth.uid())))
              or (select public.is_admin()));
create policy activities_update on public.activities for update to authenticated
  using (
    declared_by = (select auth.uid())
    or claimed_by = (select auth.uid())
    or listing_id = any (array(select l.id from public.listings l where l.owned_by = (select auth.uid())))
    or (select public.is_admin()));
create policy activities_delete on public.activities for delete to authenticated
  using (declared_by = (select auth.uid()) or (select public.is_admin()));

-- notes: with their parent; their author or an admin edits and deletes.
create policy notes_select on public.notes for select to authenticated
  using (public.can_see_work_item(parent_type, parent_id));
create policy notes_insert on public.notes for insert to authenticated
  with check (created_by = (select auth.uid()) and public.can_see_work_item(parent_type, parent_id));
create policy notes_update on public.notes for update to authenticated
  using (created_by = (select auth.uid()) or (select public.is_admin()))
  with check (created_by = (select auth.uid()) or (select public.is_admin()));
create policy notes_delete on public.notes for delete to authenticated
  using (created_by = (select auth.uid()) or (select public.is_admin()));

-- subtasks: follow their parent.
create policy subtasks_select on public.subtasks for select to authenticated
  using (public.can_see_work_item(parent_type, parent_id));
create policy subtasks_change on public.subtasks for all to authenticated
  using (public.can_change_work_item(parent_type, parent_id))
  with check (public.can_change_work_item(parent_type, parent_id));

-- ---------------------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------------------

-- Column-level INSERT/UPDATE grants: row-level security says which rows a user may write,
-- these say which columns. Never updatable by the apps: id (the audit trail and every child
-- row hang on it), created_at, and the server-managed updated_at, row_version, completed_at,
-- claimed_at, edited_at (their triggers would override them anyway); of these only id (ids
-- are made on the device) and the times of an item completed or claimed offline may be
-- given on INSERT. Beyond those:
--   tasks / activities  claimed_by changes only through claim_work_item / release_work_item
--                       (SECURITY DEFINER; a claimer's edit could otherwise hand the item to
--                       anyone); declared_by never changes. On INSERT claimed_by may name
--                       only the caller (tasks_insert / activities_insert), e.g. a task
--                       created and claimed offline.
--   listings / properties  owned_by stays updatable, and the policies' WITH CHECK (owner
--                       or admin) decides: an owner cannot give a row away (nor hide it in
--                       someone else's account), an admin can reassign it.
--   notes               created_by and the parent never change; only content is edited.
--   subtasks            title and completed; they stay with their parent.
-- sync_push writes only the columns the caller holds UPDATE/INSERT on and ignores the rest,
-- so a client pushing back a whole pulled record cannot change these either. Columns added
-- by later migrations are not writable by authenticated unless granted there.
grant select, delete
  on public.properties, public.listings, public.tasks, public.activities, public.notes, public.subtasks
  to authenticated;
grant insert (id, address, city, state, zip, lat, lon, owned_by),
      update (address, city, state, zip, lat, lon, owned_by)
  on public.properties to authenticated;
grant insert (id, property_id, address, city, state, zip, status, price, mls_number, owned_by),
      update (property_id, address, city, state, zip, status, price, mls_number, owned_by)
  on public.listings to authenticated;
grant insert (id, title, description, due_date, priority, completed, completed_at, claimed_by, claimed_at,
              declared_by, listing_id),
      update (title, description, due_date, priority, completed, listing_id)
  on public.tasks to authenticated;
grant insert (id, title, description, type, due_date, priority, duration_minutes, completed, completed_at,
              claimed_by, claimed_at, declared_by, listing_id),
      update (title, description, type, due_date, priority, duration_minutes, completed, listing_id)
  on public.activities to authenticated;
grant insert (id, parent_type, parent_id, content, created_by),
      update (content)
  on public.notes to authenticated;
grant insert (id, parent_type, parent_id, title, completed),
      update (title, completed)
  on public.subtasks to authenticated;
grant all
  on public.properties, public.listings, public.tasks, public.activities, public.notes, public.subtasks
  to service_role;

revoke execute on function
  public.derive_work_item_state(), public.derive_note_edited_at(),
  public.check_work_parent(), public.delete_work_children()
  from public;
revoke execute on function
  public.can_see_work_item(text, uuid), public.can_change_work_item(text, uuid)
  from public;
grant execute on function
  public.can_see_work_item(text, uuid), public.can_change_work_item(text, uuid)
  to authenticated, service_role;
