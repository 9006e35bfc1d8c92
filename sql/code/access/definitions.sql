-- Replace only what differs: how every code file and the final step of migrate define
-- triggers, policies and generated functions while the apps run.
--
-- A definition applied again unchanged is not free: CREATE POLICY and DROP TRIGGER take an
-- AccessExclusiveLock on their table, CREATE TRIGGER a ShareRowExclusiveLock, each held to
-- the end of migrate's transaction; one session idle in a transaction that had read a table
-- made migrate wait for it, and every read of that table wait behind migrate. Replacing a
-- function rewrites its catalog row and makes every session plan its statements again. So a
-- definition is first compared with what the database runs, by the server's own reading of
-- both (pg_get_triggerdef, the policy's expressions, pg_get_functiondef), never by their
-- text: a trigger or policy is created on a scratch copy of its table (a temporary table
-- LIKE it, which locks nothing anyone else uses) and compared there; a function is created
-- in a subtransaction and compared, and the subtransaction rolled back when nothing
-- changed. Only a definition that differs reaches the table, which a code-only deploy then
-- never locks.

-- The scratch copy of a table for comparing its triggers and policies: a temporary table
-- with its columns, made once per transaction and columns (a table that gained a column
-- since gets a new copy).
create or replace function private.definition_scratch(p_table regclass) returns text
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_name text := 'definition_scratch_' || p_table::oid || '_'
                  || pg_catalog.left(pg_catalog.md5((select pg_catalog.string_agg(a.attname || ' ' || a.atttypid, ',' order by a.attnum)
                                                       from pg_catalog.pg_attribute a
                                                      where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped)), 12);
begin
  -- (LIKE needs to read the table: where the migrating role may not, no copy)
  if not pg_catalog.has_table_privilege(p_table, 'SELECT') then
    return null;
  end if;
  if pg_catalog.to_regclass('pg_temp.' || v_name) is null then
    execute pg_catalog.format('create temporary table %I (like %s) on commit drop', v_name, p_table);
  end if;
  return 'pg_temp.' || v_name;
end
$$;
comment on function private.definition_scratch(regclass) is
  'The name of a temporary table LIKE p_table (its columns), created once per transaction and set of columns and dropped at its end: where private.define creates a trigger or policy to compare it with the one p_table has, without locking p_table. NULL where the caller may not read p_table.';

-- Copies of functions made to compare them go as soon as they are compared.
create or replace function private.drop_temporary_functions(p_name text) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_function regprocedure;
begin
  for v_function in
    select p.oid::regprocedure from pg_catalog.pg_proc p where p.pronamespace = pg_catalog.pg_my_temp_schema() and p.proname = p_name
  loop
    execute pg_catalog.format('drop function %s', v_function);
  end loop;
end
$$;
comment on function private.drop_temporary_functions(text) is
  'Drops this session''s temporary functions (schema pg_temp) named p_name: the copies private.define compares.';

-- A trigger's or a policy's definition as the server reads it back, the name of the table a
-- trigger is on left out (the scratch copy and the table then read alike). NULL when there
-- is none.
create or replace function private.definition_of(p_kind text, p_table regclass, p_name text) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return case p_kind
    when 'trigger' then
      (select pg_catalog.regexp_replace(pg_catalog.pg_get_triggerdef(t.oid), ' ON \S+ ', ' ON - ') || ' ' || t.tgenabled::text
         from pg_catalog.pg_trigger t where t.tgrelid = p_table and t.tgname = p_name and not t.tgisinternal)
    when 'policy' then
      (select pg_catalog.concat_ws(' | ', p.polcmd, p.polpermissive,
                (select pg_catalog.string_agg(r::text, ',' order by r) from pg_catalog.unnest(p.polroles) r),
                pg_catalog.pg_get_expr(p.polqual, p.polrelid), pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid))
         from pg_catalog.pg_policy p where p.polrelid = p_table and p.polname = p_name)
    end;
end
$$;
comment on function private.definition_of(text, regclass, text) is
  'The definition of trigger or policy p_name of p_table as the server reads it back (pg_get_triggerdef, without the name of its table, and whether it is enabled; the policy''s command, kind, roles and expressions), so that the same definition on a scratch copy reads the same. NULL when it has none. For private.define.';

-- The functions of one name in one schema as the server reads them back (every overload):
-- each one's definition without its name, its privileges and its comment.
create or replace function private.function_fingerprint(p_schema oid, p_name text) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return (select coalesce(pg_catalog.string_agg(
                   pg_catalog.regexp_replace(pg_catalog.pg_get_functiondef(p.oid), '^CREATE OR REPLACE FUNCTION [^(]+\(', '(')
                   || ' ' || coalesce(p.proacl::text, '') || ' ' || coalesce(d.description, ''),
                   ' / ' order by p.oid), '')
            from pg_catalog.pg_proc p
            left join pg_catalog.pg_description d on d.objoid = p.oid and d.classoid = 'pg_catalog.pg_proc'::regclass and d.objsubid = 0
           where p.pronamespace = p_schema and p.proname = p_name);
end
$$;
comment on function private.function_fingerprint(oid, text) is
  'The functions named p_name in schema p_schema (every overload) as the server reads them back: pg_get_functiondef without the qualified name, privileges, comment. For private.define, which compares a function with its copy in pg_temp.';

-- Applies each statement where it changes something, and says whether any did. Statements
-- about one function (create or replace, comment, grant, revoke) are applied together in a
-- subtransaction, kept only when the function then differs. Each statement about a table is
-- compared first: create [or replace] trigger and create policy on the table's scratch copy
-- (a policy that differs is dropped and created again: policies have no "or replace");
-- drop trigger/policy if exists only where it exists; alter table ... enable row level
-- security only where it is off; create index if not exists only where the name is free.
-- Anything else runs as it is. What was replaced is added to the setting
-- dispatch.definitions_replaced (for migrate's log).
create or replace function private.define(variadic p_statements text[]) returns boolean
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  c_function constant text := '^\s*(create\s+(or\s+replace\s+)?function|comment\s+on\s+function|(grant|revoke)\s.*\son\s+function)\s+([^\s(]+)\s*[(\s]';
  v_statement text;
  v_functions text[];
  v_match text[];
  v_table regclass;
  v_kind text;
  v_name text;
  v_scratch text;
  v_probe text;
  v_old regprocedure;
  v_changed boolean := false;
  v_done text[] := '{}';
begin
  select pg_catalog.array_agg(distinct (pg_catalog.regexp_match(s, c_function, 'i'))[4])
    into v_functions
    from pg_catalog.unnest(p_statements) s;
  if pg_catalog.array_position(v_functions, null) is null and pg_catalog.cardinality(v_functions) = 1
     and pg_catalog.cardinality(pg_catalog.parse_ident(v_functions[1])) = 2
     and exists (select from pg_catalog.unnest(p_statements) s where s ~* '^\s*create\s') then
    -- About one function: its statements are applied to a copy in pg_temp first, and to the
    -- function itself only when the copy differs from it.
    v_name := (pg_catalog.parse_ident(v_functions[1]))[2];
    perform private.drop_temporary_functions(v_name);
    foreach v_statement in array p_statements loop
      execute pg_catalog.regexp_replace(v_statement, '(\mfunction\s+)' || pg_catalog.regexp_replace(v_functions[1], '([.$^*+?()|\\[\]{}])', '\\\1', 'g'),
                                        '\1pg_temp.' || pg_catalog.quote_ident(v_name), 'i');
    end loop;
    if private.function_fingerprint(pg_catalog.pg_my_temp_schema(), v_name)
       is distinct from private.function_fingerprint(pg_catalog.to_regnamespace((pg_catalog.parse_ident(v_functions[1]))[1]), v_name) then
      -- A generated function is the one of its name: an overload of other arguments (an
      -- earlier signature) goes, or it would stay beside it and make its name ambiguous.
      for v_old in
        select p.oid::regprocedure from pg_catalog.pg_proc p
         where p.pronamespace = pg_catalog.to_regnamespace((pg_catalog.parse_ident(v_functions[1]))[1]) and p.proname = v_name
           and pg_catalog.pg_get_function_identity_arguments(p.oid) not in (
                 select pg_catalog.pg_get_function_identity_arguments(t.oid) from pg_catalog.pg_proc t
                  where t.pronamespace = pg_catalog.pg_my_temp_schema() and t.proname = v_name)
      loop
        execute pg_catalog.format('drop function %s', v_old);
      end loop;
      foreach v_statement in array p_statements loop
        execute v_statement;
      end loop;
      v_done := v_done || ('function ' || v_functions[1]);
    end if;
    perform private.drop_temporary_functions(v_name);
  else
    foreach v_statement in array p_statements loop
      v_kind := null;
      v_match := pg_catalog.regexp_match(v_statement, '^\s*create\s+(or\s+replace\s+)?(trigger|policy)\s+(\S+)\s', 'i');
      if v_match is not null then
        v_kind := pg_catalog.lower(v_match[2]);
        v_name := (pg_catalog.parse_ident(v_match[3]))[1];
        -- The table: the first word after " on ".
        v_table := pg_catalog.to_regclass((pg_catalog.regexp_match(v_statement, '\s[oO][nN]\s+(\S+)'))[1]);
        v_scratch := case when v_table is not null then private.definition_scratch(v_table) end;
        if v_scratch is not null then
          v_probe := pg_catalog.regexp_replace(v_statement, '\s[oO][nN]\s+\S+', ' on ' || v_scratch);
          if v_kind = 'trigger' then
            v_probe := pg_catalog.regexp_replace(v_probe, '^\s*create\s+(or\s+replace\s+)?trigger', 'create or replace trigger', 'i');
          end if;
          if v_kind = 'policy' then
            execute pg_catalog.format('drop policy if exists %I on %s', v_name, v_scratch);
          end if;
          execute v_probe;
          if private.definition_of(v_kind, v_scratch::regclass, v_name)
             is not distinct from private.definition_of(v_kind, v_table, v_name) then
            continue;   -- the table has it already
          end if;
          if v_kind = 'policy' then
            execute pg_catalog.format('drop policy if exists %I on %s', v_name, v_table);
          else
            v_statement := pg_catalog.regexp_replace(v_statement, '^\s*create\s+(or\s+replace\s+)?trigger', 'create or replace trigger', 'i');
          end if;
          execute v_statement;
          v_done := v_done || pg_catalog.format('%s %s on %s', v_kind, v_name, v_table);
          continue;
        end if;
      end if;

      v_match := pg_catalog.regexp_match(v_statement, '^\s*drop\s+(trigger|policy)\s+if\s+exists\s+(\S+)\s+on\s+(\S+)\s*;?\s*$', 'i');
      if v_match is not null then
        v_table := pg_catalog.to_regclass(v_match[3]);
        if v_table is null or private.definition_of(pg_catalog.lower(v_match[1]), v_table, (pg_catalog.parse_ident(v_match[2]))[1]) is null then
          continue;
        end if;
        execute v_statement;
        v_done := v_done || pg_catalog.format('dropped %s %s on %s', pg_catalog.lower(v_match[1]), v_match[2], v_table);
        continue;
      end if;

      v_match := pg_catalog.regexp_match(v_statement, '^\s*alter\s+table\s+(\S+)\s+enable\s+row\s+level\s+security\s*;?\s*$', 'i');
      if v_match is not null
         and (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = pg_catalog.to_regclass(v_match[1])) then
        continue;
      end if;

      v_match := pg_catalog.regexp_match(v_statement, '^\s*create\s+(unique\s+)?index\s+if\s+not\s+exists\s+(\S+)\s+on\s+(\S+)', 'i');
      if v_match is not null
         and exists (select from pg_catalog.pg_class c
                      where c.relname = (pg_catalog.parse_ident(v_match[2]))[1]
                        and c.relnamespace = (select t.relnamespace from pg_catalog.pg_class t
                                               where t.oid = pg_catalog.to_regclass(pg_catalog.regexp_replace(v_match[3], '\(.*$', '')))) then
        continue;
      end if;

      execute v_statement;
      v_done := v_done || pg_catalog.left(pg_catalog.regexp_replace(pg_catalog.btrim(v_statement), '\s+', ' ', 'g'), 80);
    end loop;
  end if;

  if pg_catalog.cardinality(v_done) > 0 then
    v_changed := true;
    perform pg_catalog.set_config('dispatch.definitions_replaced',
      pg_catalog.concat_ws(E'\n', nullif(pg_catalog.current_setting('dispatch.definitions_replaced', true), ''),
                           pg_catalog.array_to_string(v_done, E'\n')), true);
  end if;
  return v_changed;
end
$$;
comment on function private.define(text[]) is
  'Applies DDL statements only where they change what the database runs, and says whether any did: statements about one function (create or replace function, comment on, grant, revoke) together, kept only when its definition, privileges or comment differ after them (a subtransaction, rolled back otherwise); create [or replace] trigger and create policy compared on a scratch copy of their table (private.definition_scratch; a differing policy is dropped and created again); drop trigger/policy if exists only where it exists; enable row level security only where it is off; create index if not exists only where the name is free; anything else as written. So an unchanged definition takes no lock on its table. Appends what it replaced to the setting dispatch.definitions_replaced (one per line, for the transaction).';

revoke all on function private.definition_scratch(regclass), private.drop_temporary_functions(text),
  private.definition_of(text, regclass, text), private.function_fingerprint(oid, text), private.define(text[])
  from public, anon, authenticated, service_role;
