-- sync_push's per-field merge compared a pushed value with the value a row had at an older
-- version, and said which it matched, before it knew whether the caller might write the row,
-- against versions the caller may never have seen: a reader of an open task recovered its
-- lockbox code from when it was private to its claimer (500 guesses a call), and
-- private.sync_merge, SECURITY DEFINER and executable by authenticated and service_role,
-- answered the same question from raw SQL for any row, journals included.
--
-- Now each recorded change keeps the scope keys the row had at the version it was made from
-- (base_keys), and the merge runs as the caller, reading the history through a view of the
-- versions whose keys the caller holds (private.sync_merge_history, sql/code/sync/merge.sql):
-- a version the caller could not read is never compared with. The push authorises the write
-- before it compares anything.
alter table private.sync_field_changes add column base_keys text[];
comment on column private.sync_field_changes.base_keys is
  'The scope keys (kind:key, derived ones resolved through the parent) the row had at the version this write was made from: who could read that version. The merge''s history (private.sync_merge_history) shows a caller only the changes whose base_keys they hold. NULL for writes recorded before it was kept: shown to nobody.';
-- A caller's readable history, by the keys they hold: one index, whatever others hold.
create index sync_field_changes_base_keys_idx on private.sync_field_changes using gin (base_keys);

-- Its purge is public.purge_sync_deletions (SECURITY DEFINER): the service may read when
-- the history starts, and delete none of it.
revoke delete on private.sync_field_changes from service_role;
