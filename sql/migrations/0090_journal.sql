-- ThreadJournal: a person's private journals — threads of timestamped entries, custom fields
-- and field groups with per-entry values, soft delete with an undo, "(edited)" tracking — and
-- a CSV export that is safe to open in a spreadsheet. The server is the opt-in backup and
-- sync of a local-first app, so every table is also in sync_pull / sync_push.
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
-- Every rule that a client could break (through the RPCs below or through sync_push) is
-- checked by a BEFORE trigger that raises the coded error: one place per rule, the same
-- error on both paths.

create schema if not exists private;
revoke all on schema private from public;

-- ---------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------

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
  'A journal thread: a titled, continuous series of entries. Readable and writable by its owner only (admins included: no exception). Deleting sets deleted_at (journal_delete_thread); journal_restore_thread is the undo, for as long as purge_journal_tombstones has not removed it (30 days).';
comment on column public.journal_threads.id is 'Client may supply it (created offline); journal_create_thread is idempotent by it.';
comment on column public.journal_threads.owner_id is 'The owner; defaults to the caller and cannot be changed through the API.';
comment on column public.journal_threads.title is 'Trimmed of surrounding whitespace by the server; 1 to 200 characters (INVALID_TITLE).';
create index journal_threads_owner_idx on public.journal_threads (owner_id);

comment on column public.journal_threads.deleted_at is 'Tombstone (server clock). The entries are left as they are: they leave every list and the export with their thread and come back with it.';

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
comment on column public.journal_entries.entry_timestamp is 'When the entry was written: the server clock, or the device''s for an entry written offline. Entries are ordered by it (then id).';
comment on column public.journal_entries.last_edited_at is 'The app''s "(edited)": the server clock of the last edit — a change of the content, a value changed, removed or added by journal_update_entry — or of a client''s write to this column (a device marking an edit it made offline: whatever it writes, the server''s clock is stored). NULL for an entry never edited.';

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
  'A custom field of a thread (is_group: a field group that holds other fields). At most 20 live fields per thread (FIELD_LIMIT, counted with the thread row locked, so two sessions adding the 20th and 21st at once cannot both succeed). Owner only. Deleting sets deleted_at; the field then leaves the export.';
comment on column public.journal_fields.name is 'Trimmed; 1 to 50 characters (INVALID_FIELD_NAME); unique per thread among live fields, ignoring case (FIELD_NAME_TAKEN).';
comment on column public.journal_fields.sort_order is 'Column order in the export (then name, id).';
comment on column public.journal_fields.is_group is 'A group holds fields (journal_field_groups) and has no values of its own. Fixed when the field is created.';

create unique index journal_fields_live_name_key on public.journal_fields (thread_id, lower(name)) where deleted_at is null;
create index journal_fields_thread_idx on public.journal_fields (thread_id, sort_order);
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

create index journal_field_groups_parent_idx on public.journal_field_groups (parent_field_id);

create table public.journal_entry_values (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references public.journal_entries (id) on delete cascade,
  field_id uuid not null,
  thread_id uuid not null,
  owner_id uuid not null,
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

-- (thread_id, field_id): a thread's values in one index range (JournalService.entries reads
-- them so), and the foreign key's index for a field's delete.
create index journal_entry_values_thread_field_idx on public.journal_entry_values (thread_id, field_id);

create table public.journal_thread_stats (
  thread_id uuid primary key references public.journal_threads (id) on delete cascade,
  owner_id uuid not null,
  live_entries integer not null default 0,
  last_entry_at timestamptz
);
comment on table public.journal_thread_stats is
  'Per thread, its live entry count and newest live entry_timestamp, kept by triggers on journal_entries so that a thread list never counts entries (counting them for 100 threads of 1,000 entries takes some 20 ms, reading them from here well under 1). Derived data: not synced; owner reads, nobody writes.';

-- ---------------------------------------------------------------------------------------
-- Rules (BEFORE triggers, invoker: they see what the caller sees, so a parent the caller
-- cannot see is NOT_FOUND rather than a foreign-key error that would confirm it exists)
-- ---------------------------------------------------------------------------------------

create function private.journal_threads_check() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.title := regexp_replace(new.title, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if new.title is null or char_length(new.title) not between 1 and 200 then
    raise exception using errcode = '22023',
      message = 'INVALID_TITLE: a thread title is 1 to 200 characters, not counting surrounding whitespace',
      detail = json_build_object('length', char_length(new.title), 'min', 1, 'max', 200)::text;
  end if;
  return new;
end
$$;
comment on function private.journal_threads_check() is
  'BEFORE INSERT/UPDATE OF title on journal_threads: trims the title and raises INVALID_TITLE (22023) unless it is 1 to 200 characters.';

create function private.journal_entries_check() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.thread_id is distinct from old.thread_id then
    select t.owner_id into new.owner_id from public.journal_threads t where t.id = new.thread_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
        detail = json_build_object('thread_id', new.thread_id)::text;
    end if;
  end if;
  if tg_op = 'INSERT' or new.content is distinct from old.content then
    if new.content is null or char_length(new.content) > 65536 or new.content !~ '[^[:space:]]' then
      raise exception using errcode = '22023',
        message = 'INVALID_CONTENT: an entry is 1 to 65,536 characters and not only whitespace',
        detail = json_build_object('length', char_length(new.content), 'min', 1, 'max', 65536)::text;
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.last_edited_at := null;
  elsif new.content is distinct from old.content or new.last_edited_at is distinct from old.last_edited_at then
    new.last_edited_at := clock_timestamp();
  end if;
  return new;
end
$$;
comment on function private.journal_entries_check() is
  'BEFORE INSERT/UPDATE on journal_entries: copies owner_id from the thread (NOT_FOUND when the caller cannot see it), raises INVALID_CONTENT (22023) for empty, blank or over-long content, and keeps last_edited_at the server''s: NULL on insert, the server clock when the content changes or anyone writes the column.';

create function private.journal_fields_check() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.name is not distinct from old.name and new.deleted_at is not distinct from old.deleted_at
     and new.thread_id = old.thread_id and new.is_group = old.is_group then
    return new;  -- sort order only
  end if;
  -- One field change at a time per thread: under this lock the count and the name check
  -- below see every field committed before (each statement of a READ COMMITTED
  -- transaction reads a fresh snapshot).
  select t.owner_id into new.owner_id from public.journal_threads t where t.id = new.thread_id for no key update;
  if not found then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', new.thread_id)::text;
  end if;
  if tg_op = 'UPDATE' and new.is_group <> old.is_group then
    raise exception using errcode = '22023', message = 'INVALID_GROUP: whether a field is a group is fixed when it is created',
      detail = json_build_object('field_id', new.id)::text;
  end if;
  new.name := regexp_replace(new.name, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if new.name is null or char_length(new.name) not between 1 and 50 then
    raise exception using errcode = '22023',
      message = 'INVALID_FIELD_NAME: a field name is 1 to 50 characters, not counting surrounding whitespace',
      detail = json_build_object('length', char_length(new.name), 'min', 1, 'max', 50)::text;
  end if;
  if new.deleted_at is null then
    if exists (select from public.journal_fields f
                where f.thread_id = new.thread_id and f.deleted_at is null and f.id <> new.id
                  and lower(f.name) = lower(new.name)) then
      raise exception using errcode = '23505',
        message = 'FIELD_NAME_TAKEN: the thread already has a live field of this name (case is ignored)',
        detail = json_build_object('thread_id', new.thread_id)::text;
    end if;
    if (tg_op = 'INSERT' or old.deleted_at is not null)
       and (select count(*) from public.journal_fields f
             where f.thread_id = new.thread_id and f.deleted_at is null and f.id <> new.id) >= 20 then
      raise exception using errcode = '55000', message = 'FIELD_LIMIT: a thread has at most 20 live fields',
        detail = json_build_object('thread_id', new.thread_id, 'max', 20)::text;
    end if;
  end if;
  return new;
end
$$;
comment on function private.journal_fields_check() is
  'BEFORE INSERT/UPDATE on journal_fields: locks the thread row (FOR NO KEY UPDATE) so that concurrent field changes of one thread run one after the other, copies owner_id, trims the name, and raises INVALID_FIELD_NAME, FIELD_NAME_TAKEN (23505), FIELD_LIMIT (55000: 20 live fields), INVALID_GROUP (is_group changed) or NOT_FOUND (thread).';

create function private.journal_field_groups_check() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_parent record;
  v_child record;
  v_reason text;
begin
  select f.thread_id, f.owner_id, f.is_group, f.deleted_at into v_parent
    from public.journal_fields f where f.id = new.parent_field_id;
  select f.thread_id, f.is_group, f.deleted_at into v_child
    from public.journal_fields f where f.id = new.child_field_id;
  if v_parent.thread_id is null or v_child.thread_id is null then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal field',
      detail = json_build_object('field_id', case when v_parent.thread_id is null then new.parent_field_id
                                                               else new.child_field_id end)::text;
  end if;
  -- Group changes of one thread run one after the other (see journal_fields_check).
  perform from public.journal_threads t where t.id = v_parent.thread_id for no key update;
  new.thread_id := v_parent.thread_id;
  new.owner_id := v_parent.owner_id;
  v_reason := case
    when new.parent_field_id = new.child_field_id then 'a field cannot be its own group'
    when not v_parent.is_group then 'the parent field is not a group'
    when v_child.is_group then 'a group cannot be inside another group'
    when v_child.thread_id <> v_parent.thread_id then 'the two fields belong to different threads'
    when v_parent.deleted_at is not null or v_child.deleted_at is not null then 'a deleted field cannot be grouped'
    when exists (select from public.journal_field_groups g where g.child_field_id = new.child_field_id and g.id <> new.id)
      then 'the field is already in a group'
  end;
  if v_reason is not null then
    raise exception using errcode = '22023', message = 'INVALID_GROUP: ' || v_reason,
      detail = json_build_object('parent_field_id', new.parent_field_id, 'child_field_id', new.child_field_id)::text;
  end if;
  return new;
end
$$;
comment on function private.journal_field_groups_check() is
  'BEFORE INSERT/UPDATE on journal_field_groups: copies thread_id and owner_id from the parent and raises INVALID_GROUP (22023) unless the parent is a live group and the child a live non-group field of the same thread that is in no other group; NOT_FOUND for a field the caller cannot see.';

create function private.journal_entry_values_check() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_entry record;
  v_field record;
begin
  if tg_op = 'INSERT' or new.entry_id is distinct from old.entry_id or new.field_id is distinct from old.field_id then
    select e.thread_id, e.owner_id into v_entry from public.journal_entries e where e.id = new.entry_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
        detail = json_build_object('entry_id', new.entry_id)::text;
    end if;
    select f.thread_id, f.is_group, f.deleted_at into v_field from public.journal_fields f where f.id = new.field_id;
    if not found or v_field.thread_id <> v_entry.thread_id or v_field.is_group or v_field.deleted_at is not null then
      raise exception using errcode = '22023',
        message = 'INVALID_VALUE: a value belongs to a live, non-group field of the entry''s thread',
        detail = json_build_object('field_id', new.field_id)::text;
    end if;
    new.thread_id := v_entry.thread_id;
    new.owner_id := v_entry.owner_id;
  end if;
  if char_length(new.value) > 4096 then
    raise exception using errcode = '22023', message = 'INVALID_VALUE: a field value is at most 4,096 characters',
      detail = json_build_object('field_id', new.field_id, 'length', char_length(new.value), 'max', 4096)::text;
  end if;
  return new;
end
$$;
comment on function private.journal_entry_values_check() is
  'BEFORE INSERT/UPDATE on journal_entry_values: copies thread_id and owner_id from the entry (NOT_FOUND when the caller cannot see it) and raises INVALID_VALUE (22023) for a field that is not a live non-group field of that thread, or a value over 4,096 characters.';

create trigger _journal_check before insert or update of title on public.journal_threads
  for each row execute function private.journal_threads_check();
create trigger _journal_check before insert or update on public.journal_entries
  for each row execute function private.journal_entries_check();
create trigger _journal_check before insert or update on public.journal_fields
  for each row execute function private.journal_fields_check();
create trigger _journal_check before insert or update on public.journal_field_groups
  for each row execute function private.journal_field_groups_check();
create trigger _journal_check before insert or update on public.journal_entry_values
  for each row execute function private.journal_entry_values_check();

-- ---------------------------------------------------------------------------------------
-- Derived data (definer: they write what the caller may not)
-- ---------------------------------------------------------------------------------------

-- A value changed or removed is an edit of its entry. A value added is not by itself: it may
-- be pushed by a device after the entry it was written with (journal_update_entry marks the
-- values it adds; a device marks an offline edit by writing last_edited_at). created_at is
-- the creating transaction's now(): an entry created in this transaction is not edited, and
-- one already marked in it is not marked twice.
create function private.journal_values_mark_edited() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id in (select n.entry_id from new_rows n join old_rows o on o.id = n.id where n.value is distinct from o.value)
       and e.created_at <> now() and (e.last_edited_at is null or e.last_edited_at < now());
  else
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id in (select o.entry_id from old_rows o)
       and e.created_at <> now() and (e.last_edited_at is null or e.last_edited_at < now());
  end if;
  return null;
end
$$;
comment on function private.journal_values_mark_edited() is
  'AFTER UPDATE/DELETE statement trigger on journal_entry_values: stamps last_edited_at on the entries whose values changed or went, unless the entry was created in this transaction or already stamped by it.';

create trigger journal_mark_edited_update after update on public.journal_entry_values
  referencing new table as new_rows old table as old_rows for each statement execute function private.journal_values_mark_edited();
create trigger journal_mark_edited_delete after delete on public.journal_entry_values
  referencing old table as old_rows for each statement execute function private.journal_values_mark_edited();

create function private.journal_create_thread_stats() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.journal_thread_stats (thread_id, owner_id) select n.id, n.owner_id from new_rows n;
  return null;
end
$$;
comment on function private.journal_create_thread_stats() is
  'AFTER INSERT statement trigger on journal_threads: an empty journal_thread_stats row per new thread.';

create trigger journal_thread_stats_insert after insert on public.journal_threads
  referencing new table as new_rows for each statement execute function private.journal_create_thread_stats();

-- Inserts only add to the count and can only raise the newest time (greatest() is applied
-- to the row as it stands when the update gets its lock). An update or delete can lower it:
-- the stats rows are locked first, then the newest live entry is looked up (one probe of
-- journal_entries_thread_idx) in a statement whose snapshot sees every committed entry.
create function private.journal_count_entries() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_threads uuid[];
  v_deltas integer[];
begin
  if tg_op = 'INSERT' then
    update public.journal_thread_stats s
       set live_entries = s.live_entries + d.n, last_entry_at = greatest(s.last_entry_at, d.newest)
      from (select n.thread_id, count(*) as n, max(n.entry_timestamp) as newest
              from new_rows n where n.deleted_at is null group by n.thread_id) d
     where s.thread_id = d.thread_id;
    return null;
  elsif tg_op = 'UPDATE' then
    select array_agg(d.thread_id order by d.thread_id), array_agg(d.delta order by d.thread_id)
      into v_threads, v_deltas
      from (select n.thread_id,
                   sum((n.deleted_at is null)::integer - (o.deleted_at is null)::integer)::integer as delta
              from new_rows n join old_rows o on o.id = n.id
             where (n.deleted_at is null) <> (o.deleted_at is null) or n.entry_timestamp <> o.entry_timestamp
             group by n.thread_id) d;
  else
    select array_agg(d.thread_id order by d.thread_id), array_agg(d.delta order by d.thread_id)
      into v_threads, v_deltas
      from (select o.thread_id, -count(*)::integer as delta
              from old_rows o where o.deleted_at is null group by o.thread_id) d;
  end if;
  if v_threads is null then
    return null;
  end if;
  perform from public.journal_thread_stats s where s.thread_id = any (v_threads) order by s.thread_id for update;
  update public.journal_thread_stats s
     set live_entries = s.live_entries + d.delta,
         last_entry_at = (select max(e.entry_timestamp) from public.journal_entries e
                           where e.thread_id = s.thread_id and e.deleted_at is null)
    from unnest(v_threads, v_deltas) d (thread_id, delta)
   where s.thread_id = d.thread_id;
  return null;
end
$$;
comment on function private.journal_count_entries() is
  'AFTER INSERT/UPDATE/DELETE statement trigger on journal_entries: keeps journal_thread_stats (live entry count, newest live entry_timestamp) exact under concurrent writers.';

create trigger journal_count_entries_insert after insert on public.journal_entries
  referencing new table as new_rows for each statement execute function private.journal_count_entries();
create trigger journal_count_entries_update after update on public.journal_entries
  referencing new table as new_rows old table as old_rows for each statement execute function private.journal_count_entries();
create trigger journal_count_entries_delete after delete on public.journal_entries
  referencing old table as old_rows for each statement execute function private.journal_count_entries();

-- ---------------------------------------------------------------------------------------
-- Stamping and sync: the same machinery as every synced table (row stamping, server-clock
-- tombstones, sync_xid, deletions in sync_deletions), seen by the owner alone.
-- ---------------------------------------------------------------------------------------

create function private.journal_record_sync_deletion() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.sync_deletions as d (table_name, record_id, visible_to)
  values (tg_table_name, old.id, array[old.owner_id])
  on conflict on constraint sync_deletions_pkey do update set deleted_at = excluded.deleted_at;
  return old;
end
$$;
comment on function private.journal_record_sync_deletion() is
  'BEFORE DELETE trigger on the journal tables: records the hard delete in public.sync_deletions for sync_pull, visible to the row''s owner only.';

do $$
declare
  v_table text;
begin
  foreach v_table in array array['journal_threads', 'journal_entries', 'journal_fields',
                                 'journal_field_groups', 'journal_entry_values'] loop
    perform public.enable_row_stamping(format('public.%I', v_table)::regclass);
    execute format('alter table public.%I add column sync_xid xid8 not null default pg_current_xact_id()', v_table);
    execute format('comment on column public.%I.sync_xid is %L', v_table,
      'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.');
    execute format('create index %I on public.%I (sync_xid, id)', v_table || '_sync_xid_idx', v_table);
    execute format('create trigger _sync_xid_insert before insert on public.%I '
                   'for each row execute function public.stamp_sync_xid()', v_table);
    execute format('create trigger _sync_xid_update before update on public.%I for each row '
                   'when (old.row_version is distinct from new.row_version) '
                   'execute function public.stamp_sync_xid()', v_table);
    execute format('create trigger _sync_record_deletion before delete on public.%I '
                   'for each row execute function private.journal_record_sync_deletion()', v_table);
  end loop;
  foreach v_table in array array['journal_threads', 'journal_entries', 'journal_fields'] loop
    execute format('create trigger _stamp_deleted_at before insert or update of deleted_at on public.%I '
                   'for each row execute function public.stamp_deleted_at()', v_table);
  end loop;
end
$$;

create or replace function public.sync_tables() returns text[]
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select array['tasks', 'activities', 'listings', 'notes',
               'watchlists', 'watchlist_entries', 'watchlist_rules', 'observed_bird_photos',
               'journal_threads', 'journal_entries', 'journal_fields', 'journal_field_groups', 'journal_entry_values']
$$;

-- ---------------------------------------------------------------------------------------
-- Row-level security: the owner, and nobody else
-- ---------------------------------------------------------------------------------------

alter table public.journal_threads enable row level security;
alter table public.journal_entries enable row level security;
alter table public.journal_fields enable row level security;
alter table public.journal_field_groups enable row level security;
alter table public.journal_entry_values enable row level security;
alter table public.journal_thread_stats enable row level security;

create policy journal_threads_owner on public.journal_threads for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy journal_entries_owner on public.journal_entries for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy journal_fields_owner on public.journal_fields for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy journal_field_groups_owner on public.journal_field_groups for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy journal_entry_values_owner on public.journal_entry_values for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy journal_thread_stats_owner on public.journal_thread_stats for select to authenticated
  using (owner_id = (select auth.uid()));

-- sync_deletions lets admins read every deletion; a journal's deletions (ids only) are its
-- owner's alone. A restrictive policy is ANDed with the permissive ones.
create policy sync_deletions_journal_owner_only on public.sync_deletions as restrictive for select to authenticated
  using (table_name not in ('journal_threads', 'journal_entries', 'journal_fields', 'journal_field_groups',
                            'journal_entry_values')
         or (select auth.uid()) = any (visible_to));

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

-- ---------------------------------------------------------------------------------------
-- Helpers of the RPCs (invoker, executable by authenticated because the RPCs run as the
-- caller: they read and write with the caller's row-level security, never around it)
-- ---------------------------------------------------------------------------------------

create function private.journal_caller() returns uuid
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'NOT_AUTHENTICATED: a journal belongs to a signed-in user';
  end if;
  return v_uid;
end
$$;
comment on function private.journal_caller() is
  'The caller (auth.uid()); NOT_AUTHENTICATED (42501) when there is none. Journal RPCs serve users only.';

create function private.journal_entry_json(p_entry public.journal_entries) returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  select (to_jsonb(p_entry) - 'sync_xid')
      || jsonb_build_object('values', coalesce((select jsonb_object_agg(v.field_id, v.value)
                                                  from public.journal_entry_values v where v.entry_id = p_entry.id), '{}'))
$$;
comment on function private.journal_entry_json(public.journal_entries) is
  'An entry as the RPCs return it: its columns (not sync_xid) plus "values": {field id: value}.';

create function private.journal_write_values(p_entry_id uuid, p_values jsonb) returns boolean
  language plpgsql
  set search_path = ''
as $$
declare
  v_bad text;
  v_map jsonb;
  v_added boolean;
begin
  if p_values is null then
    return false;
  end if;
  if jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '22023', message = 'INVALID_VALUE: p_values must be a JSON object of field id → text',
      detail = json_build_object('type', jsonb_typeof(p_values))::text;
  end if;
  select e.key into v_bad from jsonb_each(p_values) e
   where e.key !~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
      or jsonb_typeof(e.value) not in ('string', 'null')
   limit 1;
  if found then
    raise exception using errcode = '22023',
      message = 'INVALID_VALUE: each key of p_values is a field id and each value a string (or null: no value)',
      detail = json_build_object('key', left(v_bad, 100))::text;
  end if;
  select jsonb_object_agg(e.key::uuid, e.value) into v_map from jsonb_each(p_values) e;

  -- The entry's values become exactly the strings given (a null or missing key: none), for
  -- live fields; values of deleted fields are kept for a restore of the field.
  delete from public.journal_entry_values v
   where v.entry_id = p_entry_id
     and coalesce(jsonb_typeof(v_map -> v.field_id::text), 'null') = 'null'
     and v.field_id in (select f.id from public.journal_fields f where f.deleted_at is null);
  with written as (
    insert into public.journal_entry_values as v (entry_id, field_id, value)
    select p_entry_id, e.key::uuid, e.value #>> '{}'
      from jsonb_each(coalesce(v_map, '{}')) e
     where jsonb_typeof(e.value) = 'string'
    on conflict (entry_id, field_id) do update set value = excluded.value
     where v.value is distinct from excluded.value
    returning v.xmax = 0 as inserted
  )
  select coalesce(bool_or(w.inserted), false) into v_added from written w;
  return v_added;
end
$$;
comment on function private.journal_write_values(uuid, jsonb) is
  'Sets an entry''s values from p_values ({field id: text or null}); NULL p_values changes nothing. Returns whether a value was added (a new row). INVALID_VALUE (22023) for anything but an object of UUID keys and string/null values; the per-value rules are journal_entry_values_check''s.';

-- The one definition of a CSV line: each cell is neutralised, then quoted (RFC 4180), and
-- the cells are joined by commas and ended with CRLF. journal_csv_lines uses it for the
-- header and every row, journal_export_csv and JournalExporter read journal_csv_lines, so
-- the two exports are equal byte for byte by construction.
create function private.journal_csv_line(p_cells text[]) returns text
  language plpgsql
  immutable
  strict
  parallel safe
  set search_path = ''
as $$
declare
  v_cell text;
  i integer := 0;
begin
  foreach v_cell in array p_cells loop
    i := i + 1;
    if v_cell ~ E'^[=+@\t\r-]|[",\r\n]' then
      -- Formula neutralising: a spreadsheet would run a cell starting with = + - @ (or a
      -- TAB or CR before one) as a formula; a leading apostrophe makes it text.
      if v_cell ~ E'^[=+@\t\r-]' then
        v_cell := '''' || v_cell;
      end if;
      if v_cell ~ E'[",\r\n]' then
        v_cell := '"' || replace(v_cell, '"', '""') || '"';
      end if;
      p_cells[i] := v_cell;
    end if;
  end loop;
  return array_to_string(p_cells, ',', '') || E'\r\n';
end
$$;
comment on function private.journal_csv_line(text[]) is
  'One CSV line from its cells: a cell beginning with = + - @ TAB or CR gets a leading apostrophe, then a cell containing a comma, double quote, CR or LF is enclosed in double quotes with inner quotes doubled (RFC 4180); NULL is an empty cell; CRLF ends the line.';

-- ---------------------------------------------------------------------------------------
-- RPCs (invoker: row-level security is the authorisation)
-- ---------------------------------------------------------------------------------------

create function public.journal_create_thread(p_title text, p_first_entry text default null, p_id uuid default null)
  returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  v_thread public.journal_threads;
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_title is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_title is required';
  end if;
  if p_id is not null then
    select t.* into v_thread from public.journal_threads t where t.id = p_id;
  end if;
  if v_thread.id is null then
    insert into public.journal_threads as t (id, title) values (coalesce(p_id, gen_random_uuid()), p_title)
    on conflict (id) do nothing
    returning t.* into v_thread;
    if v_thread.id is null then
      -- A concurrent call with the same id committed first, or the id is another user's.
      select t.* into v_thread from public.journal_threads t where t.id = p_id;
      if v_thread.id is null then
        raise exception using errcode = '23505', message = 'ID_TAKEN: this id is already used by a row you cannot see',
          detail = json_build_object('id', p_id)::text;
      end if;
    elsif p_first_entry is not null then
      insert into public.journal_entries as e (thread_id, content) values (v_thread.id, p_first_entry)
      returning e.* into v_entry;
    end if;
  end if;
  if v_entry.id is null and p_first_entry is not null then
    select e.* into v_entry from public.journal_entries e where e.thread_id = v_thread.id
     order by e.created_at, e.entry_timestamp, e.id limit 1;
  end if;
  return jsonb_build_object('thread', to_jsonb(v_thread) - 'sync_xid',
                            'first_entry', case when v_entry.id is not null then private.journal_entry_json(v_entry) end);
end
$$;
comment on function public.journal_create_thread(text, text, uuid) is
  'Creates a thread (and its first entry when p_first_entry is given), atomically: {thread, first_entry}. With p_id, a retry returns the thread that id already names (and its first entry) instead of creating another. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_TITLE, INVALID_CONTENT (22023), ID_TAKEN (23505: another user''s id). Nothing is changed on error.';

create function public.journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb default null,
                                         p_id uuid default null, p_entry_timestamp timestamptz default null)
  returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_thread_id is null or p_content is null then
    raise exception using errcode = '22004',
      message = format('NULL_ARGUMENT: %s is required', case when p_thread_id is null then 'p_thread_id' else 'p_content' end);
  end if;
  if not exists (select from public.journal_threads t where t.id = p_thread_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
  if p_id is not null then
    select e.* into v_entry from public.journal_entries e where e.id = p_id;
  end if;
  if v_entry.id is null then
    insert into public.journal_entries as e (id, thread_id, content, entry_timestamp)
    values (coalesce(p_id, gen_random_uuid()), p_thread_id, p_content, coalesce(p_entry_timestamp, clock_timestamp()))
    on conflict (id) do nothing
    returning e.* into v_entry;
    if v_entry.id is null then
      select e.* into v_entry from public.journal_entries e where e.id = p_id;
    else
      perform private.journal_write_values(v_entry.id, p_values);
    end if;
  end if;
  if v_entry.id is null or v_entry.thread_id <> p_thread_id then
    raise exception using errcode = '23505', message = 'ID_TAKEN: this id is already used by another entry',
      detail = json_build_object('id', p_id)::text;
  end if;
  return private.journal_entry_json(v_entry);
end
$$;
comment on function public.journal_add_entry(uuid, text, jsonb, uuid, timestamptz) is
  'Adds an entry to a live thread, with p_values ({field id: text}) and, for an entry written offline, the device''s p_entry_timestamp (default: now). Returns the entry with "values". With p_id, a retry returns the entry that id already names. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no such live thread of yours), INVALID_CONTENT, INVALID_VALUE (22023), ID_TAKEN (23505). Nothing is changed on error.';

create function public.journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb default null)
  returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_entry_id is null or p_content is null then
    raise exception using errcode = '22004',
      message = format('NULL_ARGUMENT: %s is required', case when p_entry_id is null then 'p_entry_id' else 'p_content' end);
  end if;
  if not exists (select from public.journal_entries e join public.journal_threads t on t.id = e.thread_id
                  where e.id = p_entry_id and e.deleted_at is null and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
      detail = json_build_object('entry_id', p_entry_id)::text;
  end if;
  update public.journal_entries e set content = p_content where e.id = p_entry_id and e.content is distinct from p_content;
  if private.journal_write_values(p_entry_id, p_values) then
    -- An added value is an edit too (the server's clock replaces what is written here).
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id = p_entry_id and (e.last_edited_at is null or e.last_edited_at < now());
  end if;
  select e.* into v_entry from public.journal_entries e where e.id = p_entry_id;
  return private.journal_entry_json(v_entry);
end
$$;
comment on function public.journal_update_entry(uuid, text, jsonb) is
  'Replaces a live entry''s content and, when p_values is not NULL, its values (the entry keeps exactly the strings given). A real change stamps last_edited_at; the same content and values change nothing. Returns the entry with "values". Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (deleted, in a deleted thread, or not yours), INVALID_CONTENT, INVALID_VALUE. Nothing is changed on error.';

create function public.journal_delete_entry(p_entry_id uuid) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_entry_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_entry_id is required';
  end if;
  if not exists (select from public.journal_entries e join public.journal_threads t on t.id = e.thread_id
                  where e.id = p_entry_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
      detail = json_build_object('entry_id', p_entry_id)::text;
  end if;
  update public.journal_entries e set deleted_at = clock_timestamp() where e.id = p_entry_id and e.deleted_at is null;
  select e.* into v_entry from public.journal_entries e where e.id = p_entry_id;
  return private.journal_entry_json(v_entry);
end
$$;
comment on function public.journal_delete_entry(uuid) is
  'Soft-deletes an entry (deleted_at, server clock); deleting it again returns it unchanged. Returns the entry. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (P0002: absent, in a deleted thread, or not yours).';

create function private.journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean) returns jsonb
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  v_thread public.journal_threads;
begin
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  update public.journal_threads t set deleted_at = case when p_deleted then clock_timestamp() end
   where t.id = p_thread_id and (t.deleted_at is null) = p_deleted;
  select t.* into v_thread from public.journal_threads t where t.id = p_thread_id;
  if v_thread.id is null then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
  return to_jsonb(v_thread) - 'sync_xid';
end
$$;
comment on function private.journal_set_thread_deleted(uuid, boolean) is
  'journal_delete_thread (p_deleted) and journal_restore_thread: sets or clears the thread''s tombstone unless it already is so, and returns the thread.';

create function public.journal_delete_thread(p_thread_id uuid) returns jsonb
  language sql
  volatile
  set search_path = ''
as $$
  select private.journal_set_thread_deleted(p_thread_id, true)
$$;
comment on function public.journal_delete_thread(uuid) is
  'Soft-deletes a thread (deleted_at): it and its entries leave every list and the export; its entries keep their own state for journal_restore_thread. Deleting again returns it unchanged. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

create function public.journal_restore_thread(p_thread_id uuid) returns jsonb
  language sql
  volatile
  set search_path = ''
as $$
  select private.journal_set_thread_deleted(p_thread_id, false)
$$;
comment on function public.journal_restore_thread(uuid) is
  'The undo of journal_delete_thread: clears deleted_at, so the thread (a new row_version) and its entries come back, also on devices that already pulled the tombstone (the next sync_pull delivers the thread as a record). Works until purge_journal_tombstones removes the thread (30 days). Restoring a live thread returns it unchanged. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

create function public.journal_csv_lines(p_thread_id uuid) returns setof text
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_fields uuid[];
  v_names text[];
begin
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  if not exists (select from public.journal_threads t where t.id = p_thread_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;

  -- Columns: the live non-group fields, a child of a live group named "Group / Field".
  select coalesce(array_agg(f.id order by f.sort_order, f.name, f.id), '{}'),
         coalesce(array_agg(concat_ws(' / ', g.name, f.name) order by f.sort_order, f.name, f.id), '{}')
    into v_fields, v_names
    from public.journal_fields f
    left join public.journal_field_groups m on m.child_field_id = f.id
    left join public.journal_fields g on g.id = m.parent_field_id and g.deleted_at is null
   where f.thread_id = p_thread_id and f.deleted_at is null and not f.is_group;

  return next private.journal_csv_line(array['timestamp', 'last_edited_at', 'content'] || v_names);
  -- An entry's values come from one index probe (all of them), then are placed by column;
  -- a thread without fields makes no probe at all.
  return query
    select private.journal_csv_line(
             array[to_char(e.entry_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                   to_char(e.last_edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                   e.content]
             || case when cardinality(v_fields) = 0 then '{}'::text[] else
                  (select array(select vv.vals[array_position(vv.fields, c.id)]
                                  from unnest(v_fields) with ordinality c (id, n) order by c.n)
                     from (select array_agg(v.field_id) as fields, array_agg(v.value) as vals
                             from public.journal_entry_values v where v.entry_id = e.id) vv)
                end)
      from public.journal_entries e
     where e.thread_id = p_thread_id and e.deleted_at is null
     order by e.entry_timestamp, e.id;
end
$$;
comment on function public.journal_csv_lines(uuid) is
  'A live thread as CSV, one line per row (each ending with CRLF), header first: timestamp, last_edited_at, content, then one column per live non-group field in sort_order ("Group / Field" for a child of a live group); then the live entries, oldest first, timestamps ISO 8601 in UTC to the second. Every cell goes through private.journal_csv_line (formula neutralising, RFC 4180 quoting). No byte order mark. For streaming (COPY (select …) TO STDOUT); journal_export_csv is its concatenation. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (deleted, absent or not yours).';

create function public.journal_export_csv(p_thread_id uuid) returns text
  language sql
  stable
  set search_path = ''
as $$
  select string_agg(l.line, '' order by l.n) from public.journal_csv_lines(p_thread_id) with ordinality l (line, n)
$$;
comment on function public.journal_export_csv(uuid) is
  'The CSV export of a live thread as one text: journal_csv_lines concatenated (the header alone for a thread without entries). Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

create function public.purge_journal_tombstones(p_older_than interval default '30 days') returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_entries integer;
  v_fields integer;
  v_threads integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = json_build_object('p_older_than', p_older_than::text)::text;
  end if;
  v_cutoff := now() - p_older_than;
  -- Children first, so each count is that table's own tombstones.
  delete from public.journal_entries where deleted_at < v_cutoff;
  get diagnostics v_entries = row_count;
  delete from public.journal_fields where deleted_at < v_cutoff;
  get diagnostics v_fields = row_count;
  delete from public.journal_threads where deleted_at < v_cutoff;
  get diagnostics v_threads = row_count;
  return v_entries + v_fields + v_threads;
end
$$;
comment on function public.purge_journal_tombstones(interval) is
  'Hard-deletes journal entries, fields and threads (with everything in them) whose deleted_at is older than p_older_than (default 30 days: the end of the undo); the deletions reach devices through sync_deletions. Returns the number of tombstones purged. SECURITY DEFINER because service_role, which runs it on the worker''s schedule, has no privilege on the journal tables. service_role only.';

-- ---------------------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------------------

revoke all on function
  private.journal_threads_check(), private.journal_entries_check(), private.journal_fields_check(),
  private.journal_field_groups_check(), private.journal_entry_values_check(),
  private.journal_values_mark_edited(), private.journal_create_thread_stats(), private.journal_count_entries(),
  private.journal_record_sync_deletion(),
  private.journal_caller(), private.journal_entry_json(public.journal_entries),
  private.journal_write_values(uuid, jsonb), private.journal_csv_line(text[]),
  private.journal_set_thread_deleted(uuid, boolean),
  public.journal_create_thread(text, text, uuid), public.journal_add_entry(uuid, text, jsonb, uuid, timestamptz),
  public.journal_update_entry(uuid, text, jsonb), public.journal_delete_entry(uuid),
  public.journal_delete_thread(uuid), public.journal_restore_thread(uuid),
  public.journal_csv_lines(uuid), public.journal_export_csv(uuid), public.purge_journal_tombstones(interval)
  from public, anon, authenticated, service_role;
grant execute on function
  public.journal_create_thread(text, text, uuid), public.journal_add_entry(uuid, text, jsonb, uuid, timestamptz),
  public.journal_update_entry(uuid, text, jsonb), public.journal_delete_entry(uuid),
  public.journal_delete_thread(uuid), public.journal_restore_thread(uuid),
  public.journal_csv_lines(uuid), public.journal_export_csv(uuid)
  to authenticated;
grant execute on function public.purge_journal_tombstones(interval) to service_role;
-- The RPCs are invoker functions: their helpers run as the caller.
grant usage on schema private to authenticated;
grant execute on function private.journal_caller(), private.journal_entry_json(public.journal_entries),
  private.journal_write_values(uuid, jsonb), private.journal_csv_line(text[]),
  private.journal_set_thread_deleted(uuid, boolean)
  to authenticated;
