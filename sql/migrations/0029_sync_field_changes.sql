-- Which fields each write of a synced row changed, so that an offline edit pushed against
-- an older row_version merges field by field (sync_push): a field the server did not
-- change since that version takes the pushed value, and a field both sides changed is
-- decided by last write wins. For a field the server changed, whether the device changed it
-- too is known from the value it had at the device's version: kept here as a digest, never
-- the value itself (journal entries are synced, and their content stays out of every log).
create table private.sync_field_changes (
  table_name text not null,
  row_id uuid not null,
  row_version integer not null,
  changed_at timestamptz not null default now(),
  changed_by uuid,
  digests jsonb not null,
  constraint sync_field_changes_pkey primary key (table_name, row_id, row_version)
);
comment on table private.sync_field_changes is
  'One row per UPDATE of a synced row that bumped its row_version: the version it produced, when (server clock) and by whom, and for each column it changed the md5 of the column''s previous value (its canonical JSON text). Written by the _sync_fields trigger, read by sync_push''s per-field merge, purged after 30 days with the sync logs (purge_sync_deletions). Private: no API role reads it.';
comment on column private.sync_field_changes.digests is
  '{column: md5 of the value the column had before this write}: the value a device that last saw an older version holds, recognised without storing it.';
comment on column private.sync_field_changes.changed_by is 'auth.uid() of the writer; NULL for a write without a calling user (the worker, the service role, a migration).';

-- The purge's scan.
create index sync_field_changes_changed_at_idx on private.sync_field_changes (changed_at);

revoke all on table private.sync_field_changes from public, anon, authenticated, service_role;
-- The worker's purge (purge_sync_deletions, as service_role) deletes by age, reading no digest.
grant select (changed_at), delete on private.sync_field_changes to service_role;
