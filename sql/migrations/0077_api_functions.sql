-- The functions the API roles may run, one row each: the documented list the privilege matrix
-- is held to (a test fails when anon, authenticated or service_role may execute any function
-- that is not listed for it) and the generated isolation suite reads (how to call each one as
-- another user, with another user's ids). Its rows are sql/code/manifest/api.sql, re-applied
-- whenever it changes, like the table manifest's.
create table private.api_functions (
  signature text primary key,
  class text not null,
  roles text[] not null,
  why text not null,
  calls jsonb not null default '[]',
  constraint api_functions_class_check check (class in ('rpc', 'worker', 'policy', 'internal')),
  constraint api_functions_roles_check check (roles <@ array['authenticated', 'service_role'] and cardinality(roles) > 0),
  constraint api_functions_calls_check check (jsonb_typeof(calls) = 'array')
);
comment on table private.api_functions is
  'The functions anon, authenticated and service_role may execute, and nothing else (sql/code/manifest/api.sql; the privilege matrix tests hold the database to it). signature: schema.name(argument types), {table} standing for each synced table in a generated family; class: rpc (an app''s documented RPC), worker (the worker''s and monitoring''s documented functions), policy (what row-level security policies and guards call as the app user: invoker, or answering only about the caller), internal (an invoker helper an invoker RPC calls as the caller, never SECURITY DEFINER); roles: who may execute it; why: the reason, said once; calls: how the generated isolation suite calls it as a user ({sql, id, each, state, new, record, reads}: Tests/SecurityTests/HostileUsers.swift).';

revoke all on private.api_functions from public, anon, authenticated, service_role;
