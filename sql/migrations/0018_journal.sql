-- migrate:replaces 0023_journal 9e36d4a5f20a53134284e3ad04ae116d19222330a90bfbbf7d00edcbc6d3a527
-- migrate:replaces 0024_journal_rpcs ec54d422568d5e26ac63147bb27af4efb065dccb2fe93d61fdba79709e93b6ec
-- ThreadJournal: a person's private journals — threads of timestamped entries, custom fields
-- and field groups with per-entry values, soft delete with an undo, "(edited)" tracking — as
-- tables (their triggers, RPCs and CSV export: sql/code/23_journal.sql, 24_journal_rpcs.sql).
--
-- Private means private: each table's only policy is owner_id = auth.uid(), with no admin
-- exception (a journal is not company data), and service_role has no privilege on them at
-- all. Content never leaves these tables: they are not recorded in the outbox, not audited,
-- never turned into notifications, and no error message quotes it (DETAIL carries lengths
-- and ids only).
--
-- owner_id is on every table. Only the thread's is given (it defaults to the caller); the
-- triggers copy it from the parent row, so it is right by construction, row-level security
-- is one comparison per row, and a deleted row knows whose it was without its parent.
--
-- Every rule a client could break (through the RPCs or sync_push) is checked by a BEFORE
-- trigger that raises the coded error: one place per rule, the same error on both paths.

create table public.journal_threads (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  title text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  row_version integer not null default 1
);
comment on table public.journal_threads is
  'A journal thread: a titled, continuous series of entries. Readable and writable by its owner only (admins included: no exception). Deleting sets deleted_at (journal_delete_thread); journal_restore_thread is the undo, until purge_journal_tombstones removes the thread (30 days).';
comment on column public.journal_threads.id is 'Client may supply it (created offline); journal_create_thread is idempotent by it.';
comment on column public.journal_threads.owner_id is 'The owner; defaults to the caller and cannot be changed through the API.';
comment on column public.journal_threads.title is 'Trimmed of surrounding whitespace by the server; 1 to 200 characters (INVALID_TITLE).';
comment on column public.journal_threads.deleted_at is 'Tombstone (server clock). The entries are left as they are: they leave every list and the export with their thread and come back with it.';
create index journal_threads_deleted_at_idx on public.journal_threads (deleted_at) where deleted_at is not null;

create table public.journal_entries (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.journal_threads (id) on delete cascade,
  owner_id uuid not null,
  content text not null,
  entry_timestamp timestamptz not null default clock_timestamp(),
  last_edited_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1
);
comment on table public.journal_entries is
  'One timestamped entry of a journal thread. Owner only. Deleting sets deleted_at.';
comment on column public.journal_entries.owner_id is 'Copied from the thread by the server.';
comment on column public.journal_entries.content is '1 to 65,536 characters, not only whitespace (INVALID_CONTENT). Kept as written.';
comment on column public.journal_entries.entry_timestamp is 'When the entry was written: the server clock, or the device''s for an entry written offline. Entries are ordered by it (then id). Not writable after the insert.';
comment on column public.journal_entries.last_edited_at is 'The app''s "(edited)": the server clock of the last edit — a change of the content, a value changed, removed or added by journal_update_entry — or of a client''s write to this column (a device marking an edit it made offline: whatever it writes, the server''s clock is stored). NULL for an entry never edited.';
-- A thread's entries in their order: the thread read and the export walk this range.
create index journal_entries_thread_idx on public.journal_entries (thread_id, entry_timestamp, id);
create index journal_entries_deleted_at_idx on public.journal_entries (deleted_at) where deleted_at is not null;

create table public.journal_fields (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.journal_threads (id) on delete cascade,
  owner_id uuid not null,
  name text not null,
  sort_order integer not null default 0,
  is_group boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1,
  constraint journal_fields_id_thread_key unique (id, thread_id)
);
comment on table public.journal_fields is
  'A custom field of a thread (is_group: a field group that holds other fields). At most 20 live fields per thread (FIELD_LIMIT, counted with the thread row locked, so two sessions adding the 20th and 21st at once cannot both succeed). Owner only. Deleting sets deleted_at; the field then leaves the export, its values are kept.';
comment on column public.journal_fields.name is 'Trimmed; 1 to 50 characters (INVALID_FIELD_NAME); unique per thread among live fields, ignoring case (FIELD_NAME_TAKEN).';
comment on column public.journal_fields.sort_order is 'Column order in the export (then name, id).';
comment on column public.journal_fields.is_group is 'A group holds fields (journal_field_groups) and has no values of its own. Fixed when the field is created.';
create index journal_fields_thread_idx on public.journal_fields (thread_id, sort_order);
create unique index journal_fields_live_name_key on public.journal_fields (thread_id, lower(name)) where deleted_at is null;
create index journal_fields_deleted_at_idx on public.journal_fields (deleted_at) where deleted_at is not null;

create table public.journal_field_groups (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null,
  owner_id uuid not null,
  parent_field_id uuid not null,
  child_field_id uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1,
  constraint journal_field_groups_parent_fkey foreign key (parent_field_id, thread_id)
    references public.journal_fields (id, thread_id) on delete cascade,
  constraint journal_field_groups_child_fkey foreign key (child_field_id, thread_id)
    references public.journal_fields (id, thread_id) on delete cascade,
  constraint journal_field_groups_child_key unique (child_field_id),
  constraint journal_field_groups_not_self check (parent_field_id <> child_field_id)
);
comment on table public.journal_field_groups is
  'Which group a field belongs to: the parent is a group, the child is not, both live and of the same thread, a child in at most one group (INVALID_GROUP otherwise). Removing a field from its group deletes the row. Owner only.';
comment on column public.journal_field_groups.thread_id is 'Copied from the parent field by the server; the foreign keys then hold both fields to that thread.';
create index journal_field_groups_parent_idx on public.journal_field_groups (parent_field_id, thread_id);

create table public.journal_entry_values (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references public.journal_entries (id) on delete cascade,
  field_id uuid not null,
  thread_id uuid not null,
  owner_id uuid not null,
  entry_timestamp timestamptz not null,
  value text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version integer not null default 1,
  constraint journal_entry_values_field_fkey foreign key (field_id, thread_id)
    references public.journal_fields (id, thread_id) on delete cascade,
  constraint journal_entry_values_entry_field_key unique (entry_id, field_id)
);
comment on table public.journal_entry_values is
  'The value of one field on one entry (at most one per entry and field): the field is a live, non-group field of the entry''s thread, the value at most 4,096 characters (INVALID_VALUE). Owner only.';
comment on column public.journal_entry_values.thread_id is 'Copied from the entry by the server; the foreign key then holds the field to the entry''s thread.';
comment on column public.journal_entry_values.entry_timestamp is 'Copied from the entry by the server (and kept equal to it): a thread''s values are then read in the order of its entries, one index range merged with the entries'' own, with no sort and no per-entry lookup.';
-- A thread's values in its entries' order (the thread read and the export), also the
-- foreign key's index for a field's hard delete.
create index journal_entry_values_thread_idx on public.journal_entry_values (thread_id, entry_timestamp, entry_id, field_id);

create table public.journal_thread_stats (
  thread_id uuid primary key references public.journal_threads (id) on delete cascade,
  owner_id uuid not null,
  live_entries integer not null default 0,
  last_entry_at timestamptz
);
comment on table public.journal_thread_stats is
  'Per thread, its live entry count and newest live entry_timestamp, kept by triggers on journal_entries so that the thread list never counts entries (counting them for 100 threads of 1,000 entries costs some 20 ms, reading them from here well under 1). Derived data: not synced; owner reads, nobody writes.';

-- Clients never write server-managed columns (owner_id below the thread, thread_id of
-- groups and values, stamps); ids may be sent on insert (rows created offline).
revoke all on table public.journal_threads, public.journal_entries, public.journal_fields,
  public.journal_field_groups, public.journal_entry_values, public.journal_thread_stats
  from public, anon, authenticated, service_role;
grant select, delete on public.journal_threads, public.journal_entries, public.journal_fields,
  public.journal_field_groups, public.journal_entry_values to authenticated;
grant select on public.journal_thread_stats to authenticated;
grant insert (id, title, deleted_at), update (title, deleted_at) on public.journal_threads to authenticated;
grant insert (id, thread_id, content, entry_timestamp, deleted_at), update (content, last_edited_at, deleted_at)
  on public.journal_entries to authenticated;
grant insert (id, thread_id, name, sort_order, is_group, deleted_at), update (name, sort_order, deleted_at)
  on public.journal_fields to authenticated;
grant insert (id, parent_field_id, child_field_id) on public.journal_field_groups to authenticated;
grant insert (id, entry_id, field_id, value), update (value) on public.journal_entry_values to authenticated;
