-- The privilege matrix: what anon, authenticated and service_role may do with every schema,
-- table, view, sequence and function the migrations create, one line per object and role
-- ("-" = nothing). Effective privileges (grants to PUBLIC count), object by object; column
-- privileges are listed where a role holds one on some columns only.
--
-- `make schema` writes it to sql/checks/privilege_matrix.expected; the tests
-- compare a plain and a Supabase-like database with that file, so a change of privileges
-- is a deliberate change of the file, reviewed line by line. Run with search_path = ''
-- (names print the same whatever the session's path).
with ours (nspname) as (
  values ('public'), ('private'), ('audit'), ('outbox'), ('migrations')
), api (role) as (
  values ('anon'), ('authenticated'), ('service_role')
), extension_members as (
  select d.classid, d.objid from pg_catalog.pg_depend d where d.deptype = 'e'
), lines (line) as (
  select pg_catalog.format('schema %s %s: %s', n.nspname, a.role, coalesce(nullif(pg_catalog.concat_ws(', ',
           case when pg_catalog.has_schema_privilege(a.role, n.oid, 'USAGE') then 'usage' end,
           case when pg_catalog.has_schema_privilege(a.role, n.oid, 'CREATE') then 'create' end), ''), '-'))
    from pg_catalog.pg_namespace n, api a
   where n.nspname in (select o.nspname from ours o)
  union all
  select pg_catalog.format('%s %I.%I %s: %s',
           case c.relkind when 'v' then 'view' when 'm' then 'materialized-view' else 'table' end,
           n.nspname, c.relname, a.role,
           coalesce((select pg_catalog.string_agg(x.granted, ', ' order by x.ord)
                       from (select p.ord,
                                    case when pg_catalog.has_table_privilege(a.role, c.oid, p.priv) then pg_catalog.lower(p.priv)
                                         when p.by_column then
                                           (select pg_catalog.lower(p.priv) || '(' || pg_catalog.string_agg(pg_catalog.quote_ident(t.attname), ', ' order by t.attnum) || ')'
                                              from pg_catalog.pg_attribute t
                                             where t.attrelid = c.oid and t.attnum > 0 and not t.attisdropped
                                               and pg_catalog.has_column_privilege(a.role, c.oid, t.attnum, p.priv))
                                    end as granted
                               from (values (1, 'SELECT', true), (2, 'INSERT', true), (3, 'UPDATE', true), (4, 'DELETE', false),
                                            (5, 'TRUNCATE', false), (6, 'REFERENCES', true), (7, 'TRIGGER', false)) as p (ord, priv, by_column)) x
                      where x.granted is not null), '-'))
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   cross join api a
   where n.nspname in (select o.nspname from ours o)
     and c.relkind in ('r', 'p', 'v', 'm', 'f')
     and c.oid not in (select e.objid from extension_members e where e.classid = 'pg_catalog.pg_class'::pg_catalog.regclass)
  union all
  select pg_catalog.format('sequence %I.%I %s: %s', n.nspname, c.relname, a.role,
           coalesce(nullif(pg_catalog.concat_ws(', ',
             case when pg_catalog.has_sequence_privilege(a.role, c.oid, 'USAGE') then 'usage' end,
             case when pg_catalog.has_sequence_privilege(a.role, c.oid, 'SELECT') then 'select' end,
             case when pg_catalog.has_sequence_privilege(a.role, c.oid, 'UPDATE') then 'update' end), ''), '-'))
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   cross join api a
   where n.nspname in (select o.nspname from ours o)
     and c.relkind = 'S'
  union all
  select pg_catalog.format('%s %I.%I(%s)%s %s: %s',
           case p.prokind when 'p' then 'procedure' else 'function' end,
           n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid),
           case when p.prosecdef then ' [definer]' else '' end, a.role,
           case when pg_catalog.has_function_privilege(a.role, p.oid, 'EXECUTE') then 'execute' else '-' end)
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   cross join api a
   where n.nspname in (select o.nspname from ours o)
     and p.prokind in ('f', 'p')
     and p.oid not in (select e.objid from extension_members e where e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass)
)
select l.line from lines l order by l.line collate "C"
