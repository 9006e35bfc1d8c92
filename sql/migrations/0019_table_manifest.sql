-- The table manifest: for each table of schema public, the features it takes part in. Its
-- rows are the file sql/code/90_table_manifest.sql (re-applied whenever it changes), and
-- everything per table (SELECT policies, row scope, sync statements, the triggers of
-- stamping, tombstones, audit, sync and the outbox, length limits, the Realtime
-- publication) is generated from them by private.apply_manifest(), the final step of every
-- migrate that changed anything. Adding a table is a DDL migration and one manifest entry.

create table private.table_manifest (
  ordinal integer generated always as identity,
  table_name text primary key,
  visible_to jsonb not null,
  admin_sees boolean not null default true,
  stamped boolean not null default true,
  lengths jsonb not null default '{}',
  tombstoned boolean not null default false,
  synced boolean not null default false,
  outbox boolean not null default false,
  realtime text,
  audit_entity text unique,
  audit_owner text,
  constraint table_manifest_visible_to_check check (jsonb_typeof(visible_to) = 'array' and jsonb_array_length(visible_to) > 0),
  constraint table_manifest_lengths_check check (jsonb_typeof(lengths) = 'object'),
  constraint table_manifest_realtime_check check (realtime in ('default', 'full')),
  constraint table_manifest_audit_check check ((audit_entity is null) = (audit_owner is null))
);
comment on table private.table_manifest is
  'Per table of schema public, the features it takes part in (written by sql/code/90_table_manifest.sql; private.apply_manifest() generates the rest). Ordinal is the order of the file: the order of private.sync_tables().';
comment on column private.table_manifest.visible_to is
  'Who may see a row: the table''s rules in private.visibility_rules, as a JSON array of {kind, column, condition}.';
comment on column private.table_manifest.admin_sees is 'Admins see every row (false for rows private to their owner).';
comment on column private.table_manifest.stamped is 'updated_at and row_version are set by the server (private.stamp_row).';
comment on column private.table_manifest.lengths is 'Length limits of the text columns apps write: {"column": max characters} (TOO_LONG).';
comment on column private.table_manifest.tombstoned is 'deleted_at is a tombstone stamped with the server clock (private.stamp_deleted_at).';
comment on column private.table_manifest.synced is 'Served by sync_pull and sync_push.';
comment on column private.table_manifest.outbox is 'Every change is recorded in outbox.events with its audience.';
comment on column private.table_manifest.realtime is 'Published to Supabase Realtime with this replica identity (default or full); NULL = never.';
comment on column private.table_manifest.audit_entity is 'Audited (audit.log) under this entity type; audit_owner names the owning column.';

comment on table private.visibility_rules is
  'The one definition of who may see a row: a row of table_name has the key (kind, value of key_column) when condition holds (an everyone rule has no column: the row is visible to all while condition holds). Conditions are SQL over the row named "it" (it.claimed_by is null and not it.completed). Written from the table manifest by private.apply_manifest.';

revoke all on private.table_manifest from public, anon, authenticated, service_role;
revoke all on sequence private.table_manifest_ordinal_seq from public, anon, authenticated, service_role;
-- Read by private.sync_tables() and private.realtime_tables(), which the app roles call
-- (its policy: sql/code/89_apply_manifest.sql).
alter table private.table_manifest enable row level security;
grant select on private.table_manifest to authenticated, service_role;
