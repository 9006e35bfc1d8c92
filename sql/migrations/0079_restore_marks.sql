-- The mark restore_entity puts on the row it re-creates, so that the audit and outbox
-- triggers log its INSERT as RESTORE and let it keep the deleted row's id. A row of a table
-- only the owner may write (a setting, which any session may set, let an app user mark his
-- own INSERT as a restore and take a deleted row's id). Written and removed by the restore
-- in its own transaction: other sessions never see it (it is never committed).
create table private.restoring (
  xact xid8 not null default pg_current_xact_id(),
  table_name text not null,
  id uuid not null,
  constraint restoring_pkey primary key (xact, table_name)
);
comment on table private.restoring is
  'The row public.restore_entity is re-creating, in its own transaction (xact): inserted before its INSERT and deleted after it, never committed. Read by the audit and outbox triggers (audit.restoring_id). Nobody but the owner reads or writes it.';
comment on column private.restoring.xact is 'The restoring transaction.';
comment on column private.restoring.table_name is 'The table of the row being restored.';
comment on column private.restoring.id is 'The id of the row being restored.';
revoke all on table private.restoring from public, anon, authenticated, service_role;
