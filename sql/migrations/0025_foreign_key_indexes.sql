-- Every foreign key is served by an index (the lint unindexed_foreign_key checks): without
-- one, deleting the referenced row scans the whole referencing table under its lock.
--
-- Deleting a journal field cascades to its values: without this index that delete read
-- every value of every user's journals.
create index journal_entry_values_field_idx on public.journal_entry_values (field_id, thread_id);

-- Small, but the rule holds everywhere.
create index visibility_rules_kind_idx on private.visibility_rules (kind);
