-- The functions the API roles may run against the documented list (private.api_functions,
-- written by sql/code/manifest/api.sql): each row is a finding, and there must be none (the
-- tests run this on a plain and on a Supabase-like database).
--   not_listed         a function anon, authenticated or service_role may execute that the
--                      list does not give that role (grants to PUBLIC count)
--   not_executable     a role the list gives a function that may not execute it
--   no_such_function   a listed signature that names no function (a family of generated
--                      functions, {table}, names one per synced table that has it)
--   internal_definer   an internal helper that is SECURITY DEFINER: what an invoker RPC
--                      calls as the caller must run as the caller
--   definer            a SECURITY DEFINER function an API role may run that is none of: a
--                      documented RPC of schema public, a row-level security helper of
--                      schema private only authenticated runs (the policies call it as the
--                      querying user; it answers only about the caller), a worker's function
--                      only service_role runs. A guard or helper an RPC calls as the caller
--                      runs as the caller; what it needs of definer rights is an RPC's answer.
--   no_call            a function authenticated may run without a call telling the
--                      isolation suite how to run it as one user with another's ids
-- Run with search_path = '' (names print the same whatever the session's path).
with api (role) as (
  values ('anon'), ('authenticated'), ('service_role')
), listed as (
  -- Families expand over the synced tables; a member that is not there is no finding.
  select f.signature, f.class, f.roles, f.calls, f.signature like '%{table}%' as family,
         pg_catalog.to_regprocedure(case when t.name is null then f.signature else pg_catalog.replace(f.signature, '{table}', t.name) end) as oid
    from private.api_functions f
    left join pg_catalog.unnest(private.sync_tables()) t (name) on f.signature like '%{table}%'
), ours as (
  select p.oid, p.prosecdef, n.nspname
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private', 'audit', 'outbox', 'migrations')
     and p.prokind in ('f', 'p')
     and not exists (select from pg_catalog.pg_depend d
                      where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e')
)
select pg_catalog.format('not_listed: %s may execute %s', a.role, o.oid::pg_catalog.regprocedure)
  from ours o cross join api a
 where pg_catalog.has_function_privilege(a.role, o.oid, 'EXECUTE')
   and not exists (select from listed l where l.oid = o.oid and a.role = any (l.roles))
union all
select pg_catalog.format('not_executable: %s is listed for %s, who may not execute it', l.oid::pg_catalog.regprocedure, r.role)
  from listed l cross join pg_catalog.unnest(l.roles) r (role)
 where l.oid is not null and not pg_catalog.has_function_privilege(r.role, l.oid, 'EXECUTE')
union all
select pg_catalog.format('no_such_function: %s', l.signature)
  from listed l
 group by l.signature, l.family
having pg_catalog.count(l.oid) = 0
union all
select pg_catalog.format('internal_definer: %s is an internal helper and SECURITY DEFINER', l.oid::pg_catalog.regprocedure)
  from listed l join ours o on o.oid = l.oid
 where l.class = 'internal' and o.prosecdef
union all
select pg_catalog.format('definer: %s is SECURITY DEFINER (class %s, schema %s) and executable by %s',
                         l.oid::pg_catalog.regprocedure, l.class, o.nspname, pg_catalog.array_to_string(l.roles, ', '))
  from listed l join ours o on o.oid = l.oid
 where o.prosecdef
   and not ((l.class = 'rpc' and o.nspname = 'public')
            or (l.class = 'policy' and o.nspname = 'private' and l.roles = '{authenticated}')
            or (l.class = 'worker' and l.roles = '{service_role}'))
union all
select pg_catalog.format('no_call: %s may be run by authenticated and has no call for the isolation suite', l.signature)
  from listed l
 where 'authenticated' = any (l.roles) and pg_catalog.jsonb_array_length(l.calls) = 0
 group by l.signature
