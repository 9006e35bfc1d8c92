-- A thread's entries by (thread_id, owner_id, entry_timestamp, id), in place of the index
-- on (thread_id, entry_timestamp, id). The owner's reads of a thread filter on both: the
-- thread, and the row-level policy's owner_id = the caller, a value the planner cannot see
-- when it plans. With only thread_id in the thread's index it combined that index with
-- journal_entries_owner_id_sync_idx (a BitmapAnd), reading the index entries of the
-- owner's whole journal to find one thread's: 27 of 36 ms for a thread of 1,000 entries
-- of an owner with 100,000, among 300 other owners' journals. An index holding both
-- answers the thread alone, still in the entries' order (entry_timestamp, id follow two
-- equalities), and serves the foreign key on thread_id. Readers the policy does not apply
-- to (SECURITY DEFINER triggers) name the owner too, to walk it in that order.
create index journal_entries_thread_owner_idx on public.journal_entries (thread_id, owner_id, entry_timestamp, id);
drop index public.journal_entries_thread_idx;
