-- Each journal entry's values as one row, for the reads that want all of a thread's
-- entries with their values (the thread read, the CSV export). Read from
-- journal_entry_values, 1,000 entries of 20 values are 20,000 rows to fetch and aggregate
-- per read, most of its cost; from here they are 1,000 rows, one per entry, in the entries'
-- own order. Kept by a statement trigger on journal_entry_values (sql/code), like
-- journal_thread_stats: derived data, not synced; the owner reads, nobody writes.

create table public.journal_entry_value_lists (
  entry_id uuid primary key references public.journal_entries (id) on delete cascade,
  thread_id uuid not null,
  owner_id uuid not null,
  entry_timestamp timestamptz not null,
  field_ids uuid[] not null,
  cells text[] not null,
  constraint journal_entry_value_lists_same_length check (cardinality(field_ids) = cardinality(cells))
);
comment on table public.journal_entry_value_lists is
  'Per journal entry with values, its values (cells, NULL ones included) and their field ids (field_ids, the same order: field id order), with the entry''s thread, owner and entry_timestamp, kept by a trigger on journal_entry_values so that a thread''s entries and their values are read as one row per entry. Derived data: not synced; owner reads, nobody writes.';

-- The thread read and the export probe it per entry by all three columns, in the order of
-- journal_entries_thread_idx.
create index journal_entry_value_lists_thread_idx
  on public.journal_entry_value_lists (thread_id, entry_timestamp, entry_id);

revoke all on table public.journal_entry_value_lists from public, anon, authenticated, service_role;
grant select on public.journal_entry_value_lists to authenticated;

insert into public.journal_entry_value_lists (entry_id, thread_id, owner_id, entry_timestamp, field_ids, cells)
select v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp,
       array_agg(v.field_id order by v.field_id), array_agg(v.value order by v.field_id)
  from public.journal_entry_values v
 group by v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp;
