-- migrate:replaces 0004_dispatch_access 7d852ff7ce3617952359718d6d03ae56cac19608a688f4610966f3724858b140
-- migrate:replaces 0005_claims 9245748ac7f902e2b4e6e2e897e7a5d6cb03166a868d6eb3815bbf7fcfe6678b
alter table public.properties enable row level security;
alter table public.listings enable row level security;
alter table public.tasks enable row level security;
alter table public.activities enable row level security;
alter table public.notes enable row level security;
alter table public.subtasks enable row level security;

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
--                       anyone); declared_by never changes; listing_id only as
--                       _guard_listing_move allows. On INSERT claimed_by may name only the
--                       caller (tasks_insert / activities_insert), e.g. a task created and
--                       claimed offline.
--   listings / properties  owned_by stays updatable, and the policies' WITH CHECK (owner
--                       or admin) decides: an owner cannot give a row away (nor hide it in
--                       someone else's account), an admin can reassign it.
--   notes               created_by and the parent never change; only content is edited.
--   subtasks            title and completed; they stay with their parent.
-- sync_push writes only the columns the caller holds UPDATE/INSERT on and refuses a record
-- that changes any other (COLUMN_NOT_WRITABLE; claimed_by set to the caller or to null is a
-- claim or a release, made by those functions), so a pushed record cannot change these
-- either. Columns added by later migrations are not writable by authenticated unless
-- granted there.
-- service_role (the worker) reads and writes rows, but never truncates a table or adds
-- triggers to one (which could switch the audit trail off unseen).
revoke all
  on public.properties, public.listings, public.tasks, public.activities, public.notes, public.subtasks
  from public, anon, authenticated, service_role;
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
grant select, insert, update, delete
  on public.properties, public.listings, public.tasks, public.activities, public.notes, public.subtasks
  to service_role;
