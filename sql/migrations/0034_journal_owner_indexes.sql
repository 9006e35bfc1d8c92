-- The owner's plain read of the journal's two derived tables (granted to authenticated,
-- the policy owner_id = the caller) scanned every user's rows: neither had an index on
-- owner_id. The value lists' thread index takes the owner too, as journal_entries' did in
-- 0033: beside an owner index, the planner could otherwise combine the two for the owner's
-- read of a thread and read the owner's whole index range. Its other readers (the export's
-- per-entry probe, the CSV lines) run as the owner, with the policy's owner_id.
create index journal_thread_stats_owner_idx on public.journal_thread_stats (owner_id);
create index journal_entry_value_lists_owner_idx on public.journal_entry_value_lists (owner_id);
create index journal_entry_value_lists_thread_owner_idx
  on public.journal_entry_value_lists (thread_id, owner_id, entry_timestamp, entry_id);
drop index public.journal_entry_value_lists_thread_idx;
