-- The lints every database migrated with sql/migrations must pass (the tests run this on a
-- plain and on a Supabase-like database): each row is a finding, and there must be none.
-- In the spirit of Supabase's linter (splinter), written for this schema and stricter
-- where it can be:
--   rls_disabled                  a table in public, or one an app role may read or write
--                                 in any of our schemas, without row-level security
--   definer_executable_by_anon    a SECURITY DEFINER function anon may execute
--   definer_without_reason        a SECURITY DEFINER function in public that authenticated
--                                 may execute (an RPC) whose comment does not say why it
--                                 must be one ("SECURITY DEFINER: <why>")
--   search_path_mutable           a function without SET search_path, but for one with a
--                                 SQL-standard body (RETURN, BEGIN ATOMIC), whose names
--                                 are bound when it is created: no search_path reaches it
--   search_path_temp_first        a function whose search_path does not end with pg_temp:
--                                 a schema the path does not name is searched first for
--                                 tables and types, so a session's temporary table (or
--                                 its row type, say one named jsonb) would stand in for
--                                 the one the function means
--   search_path_writable          a function whose search_path holds a schema an API role
--                                 may create objects in (one could shadow a name it calls)
--   rls_initplan                  a policy that calls auth.uid(), current_setting() or
--                                 private.is_admin() per row: every call must be written
--                                 (select ...), evaluated once per statement
--   multiple_permissive_policies  two permissive policies for one app role and command
--   unlimited_text                a text column authenticated may write without a length
--                                 limit (the constraint <table>_<column>_length) or a
--                                 CHECK holding it to a list of values
--   extension_in_public           an extension installed in the API schema public
--   unindexed_foreign_key         a foreign key no index serves: deleting or re-keying a
--                                 referenced row scans the whole referencing table (an
--                                 index serves it when its leading columns are the key's
--                                 columns, or it is unique on some of them; partial
--                                 only to leave out NULL keys)
--   redundant_index               a btree index, neither unique nor a constraint's, whose
--                                 key columns (expressions, operator classes, collations,
--                                 directions or all of them reversed) and predicate are a
--                                 leading prefix of another btree index on the table: the
--                                 longer one serves every read it serves, and each write
--                                 pays for both
--   update_trigger_without_when   a row trigger fired by UPDATE with no WHEN clause:
--                                 UPDATE OF fires whenever a statement names the column,
--                                 also setting it to what it was (sync_push names every
--                                 column the app may write, an upsert every column it
--                                 sends); only a WHEN clause comparing OLD and NEW skips
--                                 the call when nothing it looks at changed
-- Run with search_path = '' (policy expressions then print every name qualified).
with ours (nspname) as (
  values ('public'), ('private'), ('audit'), ('outbox'), ('migrations')
), api (role) as (
  values ('anon'), ('authenticated'), ('service_role')
), tables as (
  select c.oid, n.nspname, c.relname, c.relrowsecurity
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname in (select o.nspname from ours o)
     and c.relkind in ('r', 'p')
     and not exists (select from pg_catalog.pg_depend d
                      where d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.objid = c.oid and d.deptype = 'e')
), functions as (
  select p.oid, n.nspname, pg_catalog.format('%I.%I(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as signature,
         p.prosecdef, coalesce(p.proconfig, '{}') as config, pg_catalog.obj_description(p.oid, 'pg_proc') as comment,
         p.prosqlbody is not null as bound
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where n.nspname in (select o.nspname from ours o)
     and not exists (select from pg_catalog.pg_depend d
                      where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e')
), policies as (
  select n.nspname, c.relname, p.polname, p.polpermissive, p.polroles, p.polcmd,
         pg_catalog.lower(coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), '') || ' '
                          || coalesce(pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid), '')) as expr
    from pg_catalog.pg_policy p
    join pg_catalog.pg_class c on c.oid = p.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname in (select o.nspname from ours o)
), btree_indexes as (
  -- Per key column: its definition (name or expression), operator class and collation; its
  -- direction (indoption: DESC, NULLS FIRST) and the reverse of it (a backward scan).
  select i.indexrelid, i.indrelid, c.relname, i.indisunique,
         exists (select from pg_catalog.pg_constraint k where k.conindid = i.indexrelid) as is_constraint,
         pg_catalog.pg_get_expr(i.indpred, i.indrelid) as predicate,
         array(select pg_catalog.format('%s %s %s', pg_catalog.pg_get_indexdef(i.indexrelid, k, false),
                                        (i.indclass::pg_catalog.oid[])[k - 1], (i.indcollation::pg_catalog.oid[])[k - 1])
                 from pg_catalog.generate_series(1, i.indnkeyatts::integer) k order by k) as columns,
         array(select (i.indoption::pg_catalog.int2[])[k - 1]
                 from pg_catalog.generate_series(1, i.indnkeyatts::integer) k order by k) as options,
         array(select ((i.indoption::pg_catalog.int2[])[k - 1] # 3)::pg_catalog.int2
                 from pg_catalog.generate_series(1, i.indnkeyatts::integer) k order by k) as reversed
    from pg_catalog.pg_index i
    join pg_catalog.pg_class c on c.oid = i.indexrelid
   where c.relam = (select m.oid from pg_catalog.pg_am m where m.amname = 'btree')
), findings (lint, object, detail) as (
  select 'rls_disabled', pg_catalog.format('%I.%I', t.nspname, t.relname), 'row-level security is off'
    from tables t
   where not t.relrowsecurity
     and (t.nspname = 'public'
          or exists (select from api a where a.role <> 'service_role'
                       and pg_catalog.has_table_privilege(a.role, t.oid, 'SELECT, INSERT, UPDATE, DELETE')))
  union all
  select 'definer_executable_by_anon', f.signature, 'SECURITY DEFINER, executable by anon'
    from functions f
   where f.prosecdef and pg_catalog.has_function_privilege('anon', f.oid, 'EXECUTE')
  union all
  select 'definer_without_reason', f.signature, 'SECURITY DEFINER RPC whose comment has no "SECURITY DEFINER: <why>"'
    from functions f
   where f.prosecdef and f.nspname = 'public' and pg_catalog.has_function_privilege('authenticated', f.oid, 'EXECUTE')
     and coalesce(f.comment, '') !~ 'SECURITY DEFINER: \S'
  union all
  select 'search_path_mutable', f.signature, 'no SET search_path'
    from functions f
   where not f.bound and not exists (select from pg_catalog.unnest(f.config) c where c like 'search\_path=%')
  union all
  select 'search_path_temp_first', f.signature, 'its search_path does not end with pg_temp'
    from functions f
   cross join lateral pg_catalog.unnest(f.config) c
   where c like 'search\_path=%' and c !~ '[=,]\s*pg_temp$'
  union all
  select 'search_path_writable', f.signature, pg_catalog.format('%s may create objects in %I, on its search_path', a.role, n.nspname)
    from functions f
   cross join lateral pg_catalog.unnest(f.config) c
   cross join lateral pg_catalog.regexp_split_to_table(pg_catalog.substr(c, pg_catalog.length('search_path=') + 1), ',') s (entry)
    join pg_catalog.pg_namespace n on n.nspname = pg_catalog.btrim(pg_catalog.btrim(s.entry), '"')
   cross join api a
   where c like 'search\_path=%' and pg_catalog.has_schema_privilege(a.role, n.oid, 'CREATE')
  union all
  select 'rls_initplan', pg_catalog.format('%I.%I %I', p.nspname, p.relname, p.polname), k.call || ' evaluated per row'
    from policies p
   cross join (values ('auth.uid()'), ('auth.jwt()'), ('auth.role()'), ('current_setting('), ('private.is_admin()')) as k (call)
   where (pg_catalog.length(p.expr) - pg_catalog.length(pg_catalog.replace(p.expr, k.call, ''))) / pg_catalog.length(k.call)
       > (pg_catalog.length(p.expr) - pg_catalog.length(pg_catalog.replace(p.expr, 'select ' || k.call, ''))) / pg_catalog.length('select ' || k.call)
  union all
  select 'multiple_permissive_policies', pg_catalog.format('%I.%I', p.nspname, p.relname),
         pg_catalog.format('%s, %s: %s', r.rolname, cmd.cmd, pg_catalog.string_agg(p.polname::text, ', ' order by p.polname))
    from policies p
    join pg_catalog.pg_roles r
      on (p.polroles @> array[r.oid] or p.polroles = array[0::pg_catalog.oid])
     and r.rolname in (select a.role from api a) and not r.rolbypassrls
   cross join lateral pg_catalog.unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
                                                      when 'w' then array['UPDATE'] when 'd' then array['DELETE']
                                                      else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) cmd (cmd)
   where p.polpermissive
   group by p.nspname, p.relname, r.rolname, cmd.cmd
  having pg_catalog.count(*) > 1
  union all
  select 'unlimited_text', pg_catalog.format('%I.%I.%I', t.nspname, t.relname, a.attname),
         'authenticated may write it, and it has no length limit'
    from tables t
    join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
   where a.atttypid in ('pg_catalog.text'::pg_catalog.regtype, 'pg_catalog.varchar'::pg_catalog.regtype)
     and (pg_catalog.has_column_privilege('authenticated', t.oid, a.attnum, 'INSERT')
          or pg_catalog.has_column_privilege('authenticated', t.oid, a.attnum, 'UPDATE'))
     and not exists (select from pg_catalog.pg_constraint k
                      where k.conrelid = t.oid and k.contype = 'c'
                        and (k.conname = t.relname || '_' || a.attname || '_length'
                             -- or a CHECK that holds it to a list of values (status in ('draft', ...))
                             or (k.conkey = array[a.attnum]
                                 and pg_catalog.pg_get_constraintdef(k.oid) ~ '^CHECK \(\(\w+ = ANY \(ARRAY\[')))
  union all
  select 'unindexed_foreign_key', pg_catalog.format('%I.%I %I', t.nspname, t.relname, k.conname),
         'no index leads with its columns'
    from tables t
    join pg_catalog.pg_constraint k on k.conrelid = t.oid and k.contype = 'f'
   where not exists (select from pg_catalog.pg_index i
                      cross join lateral (select pg_catalog.array_agg(c.attnum) as lead
                                            from pg_catalog.unnest(i.indkey::pg_catalog.int2[]) with ordinality c (attnum, n)
                                           where c.n <= pg_catalog.cardinality(k.conkey)) l
                      where i.indrelid = t.oid
                        -- partial only where it leaves out NULL keys, which reference nothing
                        and (i.indpred is null or pg_catalog.pg_get_expr(i.indpred, i.indrelid) ~ '^\(\w+ IS NOT NULL\)$')
                        and (l.lead @> k.conkey and l.lead <@ k.conkey
                             or i.indisunique and i.indnkeyatts <= pg_catalog.cardinality(k.conkey)
                                and (i.indkey::pg_catalog.int2[])[0:i.indnkeyatts - 1] <@ k.conkey))
  union all
  select 'redundant_index', pg_catalog.format('%I.%I', t.nspname, a.relname),
         pg_catalog.format('a leading prefix of %I', b.relname)
    from tables t
    join btree_indexes a on a.indrelid = t.oid
    join btree_indexes b on b.indrelid = t.oid and b.indexrelid <> a.indexrelid
   where not a.indisunique and not a.is_constraint
     and pg_catalog.cardinality(a.columns) <= pg_catalog.cardinality(b.columns)
     and a.columns = b.columns[1:pg_catalog.cardinality(a.columns)]
     and (a.options = b.options[1:pg_catalog.cardinality(a.options)]
          or a.options = b.reversed[1:pg_catalog.cardinality(a.options)])
     and a.predicate is not distinct from b.predicate
     -- the audit logs' index on record_pk: redundant beside (record_pk, changed_at desc, id
     -- desc), kept because the audit trail's contract lists it (audit.enable_tracking)
     and not (t.nspname = 'audit' and a.relname = t.relname || '_record_pk_idx')
     -- two identical indexes: the one with the greater name is reported
     and (pg_catalog.cardinality(a.columns) < pg_catalog.cardinality(b.columns) or b.indisunique or b.is_constraint
          or a.relname > b.relname)
  union all
  select 'update_trigger_without_when', pg_catalog.format('%I.%I %I', t.nspname, t.relname, g.tgname),
         'a row trigger on UPDATE that no WHEN clause skips'
    from tables t
    join pg_catalog.pg_trigger g on g.tgrelid = t.oid
   where not g.tgisinternal and g.tgqual is null
     and g.tgtype::integer & 1 = 1    -- FOR EACH ROW
     and g.tgtype::integer & 16 = 16  -- UPDATE
  union all
  select 'extension_in_public', e.extname::text, 'installed in schema public'
    from pg_catalog.pg_extension e
   where e.extnamespace = 'public'::pg_catalog.regnamespace and e.extname <> 'plpgsql'
)
select f.lint, f.object, f.detail from findings f order by 1, 2, 3
