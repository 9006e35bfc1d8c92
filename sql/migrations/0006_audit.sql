-- migrate:replaces 0006_audit 6b26ee1026237125f49c03dbfce53857eb80031989c07bee9531fac0397ca512
-- migrate:replaces 0007_audit_rpcs 3ad31d96e2e22a0fe6cf827911f88dafe8ff9dfee2f5ee44343991f4e57a48f8
-- The audit trail: every INSERT, real UPDATE and DELETE of listings, properties, tasks,
-- users and activities, with the whole row before and after, so that a person can see what
-- happened to a record and restore one deleted by mistake (07_audit_rpcs.sql).
--
-- One mechanism for every audited table, audit.enable_tracking(table, entity type, owner
-- column), in the spirit of supa_audit's enable_tracking(regclass): it registers the table,
-- creates its log (a partition audit.<table>_log of the one table audit.log) with its
-- indexes and row-level security, and attaches the triggers. Everything specific to a table
-- is a row of audit.tracked_tables, so the trigger function and the RPCs are static SQL.
--
-- Who sees what: a log row is visible to the user named by the table's ownership column in
-- old_row or new_row (listings, properties: owned_by; tasks, activities: declared_by;
-- users: id) and to admins. Writes happen only in audit.log_changes (SECURITY DEFINER); API
-- roles hold no write privilege on the logs. Row-level security is enabled, not forced: the
-- definer trigger runs as the owner, and a forced policy would filter its own INSERT.
-- Notes are not audited: a note's history is its edited_at, and notes are conversation,
-- not records to restore.

create schema audit;
comment on schema audit is
  'Audit trail of the Dispatch core tables: audit.log, one partition <table>_log per audited table, written only by audit.log_changes(). Read through public.get_entity_history / get_recently_deleted; not exposed as an API schema.';
revoke all on schema audit from public, anon, authenticated, service_role;
-- The history RPCs are SECURITY INVOKER: they read audit.log as the caller.
grant usage on schema audit to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The registry and the log
-- ---------------------------------------------------------------------------------------

create table audit.tracked_tables (
  entity_type text primary key,
  table_name text not null unique,
  owner_column text not null
);
comment on table audit.tracked_tables is
  'The audited tables, filled by audit.enable_tracking: entity type (the name the RPCs take) -> table in schema public -> the column naming the user who owns a row (reads and restores its history). The only source of identifiers for dynamic SQL in this schema.';
alter table audit.tracked_tables enable row level security;
revoke all on table audit.tracked_tables from public, anon, authenticated, service_role;
grant select on audit.tracked_tables to authenticated, service_role;

create sequence audit.log_id_seq;
comment on sequence audit.log_id_seq is 'Ids of audit.log entries, shared by every partition (an id names one entry in the whole trail).';
-- Drawn only by audit.log_changes (as the owner).
revoke all on sequence audit.log_id_seq from public, anon, authenticated, service_role;

-- A sequence default rather than an identity column: PostgreSQL 15 gives a partition no
-- identity of its own, and the partitions are written directly too (bulk loads, tests).
create table audit.log (
  id bigint not null default nextval('audit.log_id_seq'),
  table_name text not null,
  record_pk uuid not null,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE', 'RESTORE')),
  changed_at timestamptz not null default clock_timestamp(),
  changed_by uuid default auth.uid(),
  old_row jsonb,
  new_row jsonb
) partition by list (table_name);
alter sequence audit.log_id_seq owned by audit.log.id;
comment on table audit.log is
  'The whole audit trail, one partition per audited table (audit.<table>_log, created by audit.enable_tracking): one row per INSERT, real UPDATE, DELETE and RESTORE.';
comment on column audit.log.id is 'Entry id; with changed_at the keyset cursor of get_entity_history.';
comment on column audit.log.table_name is 'The audited table (schema public); the partition key.';
comment on column audit.log.record_pk is 'The id of the audited row.';
comment on column audit.log.action is 'INSERT, UPDATE, DELETE, or RESTORE (re-created by public.restore_entity).';
comment on column audit.log.changed_at is 'Server time of the change (clock_timestamp(), so entries of one transaction are told apart).';
comment on column audit.log.changed_by is 'auth.uid() of the change; NULL for changes made without a calling user (migrations, service jobs).';
comment on column audit.log.old_row is 'The row before the change (UPDATE, DELETE); NULL for INSERT and RESTORE.';
comment on column audit.log.new_row is 'The row after the change (INSERT, UPDATE, RESTORE); NULL for DELETE.';

alter table audit.log enable row level security;
revoke all on table audit.log from public, anon, authenticated, service_role;
grant select on audit.log to authenticated, service_role;
