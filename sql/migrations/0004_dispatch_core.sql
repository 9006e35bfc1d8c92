-- migrate:replaces 0003_dispatch_core 4dd1f3a311dd8f441dc2b8acb1fa7b4dbb91e775b53eb622e4c3986cc74e6364
-- Dispatch core: properties, listings, tasks, activities, notes and subtasks (who may see
-- and change them: 04_dispatch_access.sql). Every id is a uuid the client may make itself (rows are created
-- offline); every column added later is NULL or has a DEFAULT, so old clients and old
-- audit snapshots keep working.
--
-- Server-managed columns (a client never decides them):
--   updated_at, row_version    _stamp_insert / _stamp_update (02_stamping_lengths_users.sql)
--   completed_at, claimed_at   _derive_work_item_state (tasks, activities)
--   edited_at                  _derive_edited_at (notes)
-- The _derive_* triggers sort before _stamp_* (trigger names fire in name order), so the
-- stamping guard and the audit guard (06_audit.sql) see the final row.

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
  'A note on a task, activity or listing (parent_type, parent_id). Visible with its parent; added by anyone who sees the parent; edited and deleted only by created_by or an admin. Deleted with its parent. Not audited: a note''s history is its edited_at, and notes are conversation, not records to restore.';
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

-- Every foreign key and updated_at is indexed. The columns that decide who sees a synced
-- row (owners, claimers, listings, parents) get their index from sync (12_sync_changes.sql): (column,
-- sync_xid, id), which serves their foreign keys too.
create index properties_owned_by_idx on public.properties (owned_by);
create index properties_updated_at_idx on public.properties (updated_at);
create index listings_property_id_idx on public.listings (property_id);
create index listings_updated_at_idx on public.listings (updated_at);
create index tasks_updated_at_idx on public.tasks (updated_at);
create index activities_updated_at_idx on public.activities (updated_at);
-- Who wrote notes on a parent, and when (the people a new note notifies): a skip scan.
create index notes_parent_author_idx on public.notes (parent_type, parent_id, created_by, created_at);
create index notes_created_by_idx on public.notes (created_by);
create index notes_updated_at_idx on public.notes (updated_at);
create index subtasks_updated_at_idx on public.subtasks (updated_at);
