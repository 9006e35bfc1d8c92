-- The bulk statements of outbox.capture_changes. For a statement that wrote one row the
-- trigger function runs a static statement (its plan kept for the session); for one that
-- wrote more it runs the same text planned for its row count (EXECUTE). The generated
-- function held each statement twice, once as SQL and once as a string: the string is kept
-- here instead, written by the final step together with the function, so the function (and
-- sql/schema.generated.sql) holds each statement once.
create table outbox.capture_statements (
  table_name text not null,
  op text not null,
  statement text not null,
  constraint capture_statements_pkey primary key (table_name, op),
  constraint capture_statements_op_check check (op in ('insert', 'update', 'delete'))
);
comment on table outbox.capture_statements is
  'Per outbox table and operation, the statement outbox.capture_changes runs with EXECUTE for a statement that wrote more than one row: the text of its static statement with the actor and the restored id as $1 and $2. Written by outbox.generate_capture with the function, read only by it (SECURITY DEFINER).';

revoke all on table outbox.capture_statements from public, anon, authenticated, service_role;
