-- Who may write which rows: the write rules of the table manifest (insert_by, update_by,
-- delete_by, parent), rendered as the INSERT, UPDATE and DELETE policies of authenticated and
-- as private.caller_writes, the update rule of one row. Who may see rows is the visibility
-- definition (access/visibility.sql); which columns apps may write are the column grants of
-- the table's migration.
--
-- A rule is a term of the same vocabulary as visible_to, and the terms of a command are ORed;
-- within a term every part must hold:
--   kind, column  the caller holds the key (kind, the row's column): user (the column is the
--                 caller), listing, watchlist, watchlist_owner, watchlist_writer,
--                 listing_claimer (private.caller_keys); admin (no column): the caller is an
--                 admin; everyone (no column): any caller
--   condition     SQL over the row, called "it"
--   parent        visible: the caller sees the row's parent (private.caller_sees); writable:
--                 the caller may update it (private.caller_writes); asked through
--                 private.parent_allows
-- An UPDATE policy holds the row before and after the update (PostgreSQL applies its USING
-- clause to the new row when it has no WITH CHECK). Policies call auth.uid() and
-- private.is_admin() as (select …), once per statement.

-- The SQL text of one term over row p_alias of p_table ('' inside a policy: bare columns).
create or replace function private.write_term(p_table text, p_rule jsonb, p_alias text) returns text
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_prefix text := case when p_alias = '' then '' else p_alias || '.' end;
  v_parent jsonb := (select m.parent from private.table_manifest m where m.table_name = p_table);
  v_parts text[] := '{}';
begin
  if p_rule ->> 'kind' = 'user' then
    v_parts := v_parts || pg_catalog.format('%s%I = (select auth.uid())', v_prefix, p_rule ->> 'column');
  elsif p_rule ->> 'kind' = 'admin' then
    v_parts := v_parts || '(select private.is_admin())'::text;
  elsif p_rule ->> 'kind' is not null and p_rule ->> 'kind' <> 'everyone' then
    v_parts := v_parts || pg_catalog.format('%s%I = any ((select private.caller_keys(%L))::uuid[])',
                                            v_prefix, p_rule ->> 'column', p_rule ->> 'kind');
  end if;
  if p_rule ? 'condition' then
    v_parts := v_parts || ('(' || private.visibility_condition(p_rule ->> 'condition', p_alias) || ')');
  end if;
  if p_rule ? 'parent' then
    v_parts := v_parts || pg_catalog.format('private.parent_allows(%L, %L, %s, %s%I)', p_table, p_rule ->> 'parent',
                                            coalesce(v_prefix || pg_catalog.quote_ident(v_parent ->> 'type_column'), 'null'),
                                            v_prefix, v_parent ->> 'column');
  end if;
  return case pg_catalog.cardinality(v_parts) when 0 then 'true' else pg_catalog.array_to_string(v_parts, ' and ') end;
end
$$;
comment on function private.write_term(text, jsonb, text) is
  'SQL text of one write rule of p_table ({kind, column, condition, parent}) over the row p_alias ('''' = bare columns, in a policy): its parts ANDed. For private.write_predicate.';

-- For the policies of child tables: does the caller see (p_check visible) or may he update
-- (writable) the parent of a row of p_table, the row p_id of the table its parent link names
-- (for the type p_type, where the link has a type column)? False for a table or type the
-- link does not name, or an absent parent. SECURITY DEFINER: it asks private.caller_sees and
-- private.caller_writes, which no app role calls directly; it answers only about the caller.
create or replace function private.parent_allows(p_table text, p_check text, p_type text, p_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_parent text := (select coalesce(m.parent ->> 'table', m.parent -> 'tables' ->> p_type)
                      from private.table_manifest m where m.table_name = p_table);
begin
  return case when v_parent is null or p_id is null then false
              when p_check = 'visible' then private.caller_sees(v_parent, p_id)
              when p_check = 'writable' then private.caller_writes(v_parent, p_id)
              else false end;
end
$$;
comment on function private.parent_allows(text, text, text, uuid) is
  'For the write policies of child tables (a rule with parent visible or writable): true when the caller sees (p_check ''visible'') or may update (''writable'') the parent of a p_table row, row p_id of the table its parent link in the table manifest names (for type p_type where the link has a type column); false for an unknown table or type, or an absent parent. SECURITY DEFINER: it answers only about the caller.';

-- "The caller may <p_command> row p_alias of p_table": its rules ORed; NULL when it has none
-- (no app user may).
create or replace function private.write_predicate(p_table text, p_command text, p_alias text) returns text
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.string_agg('(' || private.write_term(p_table, r.rule, p_alias) || ')', ' or ' order by r.n)
    from private.table_manifest m
   cross join lateral pg_catalog.jsonb_array_elements(case p_command when 'insert' then m.insert_by
                                                                     when 'update' then m.update_by
                                                                     when 'delete' then m.delete_by end)
         with ordinality r (rule, n)
   where m.table_name = p_table
$$;
comment on function private.write_predicate(text, text, text) is
  'SQL text of "the caller may p_command (insert, update, delete) row p_alias of p_table" from the table manifest''s write rules (insert_by, update_by, delete_by), its rules ORed; NULL when the command has none.';

-- A table's INSERT, UPDATE and DELETE policies for app users (private.apply_manifest calls
-- this for each table): <table>_insert, <table>_update, <table>_delete, or none where no
-- rule lets anyone.
create or replace function private.apply_write_policies(p_table text) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_command text;
  v_predicate text;
begin
  -- Through private.define: a policy that is already what the rules say is left alone (its
  -- table is not locked).
  foreach v_command in array array['insert', 'update', 'delete'] loop
    v_predicate := private.write_predicate(p_table, v_command, '');
    if v_predicate is null then
      perform private.define(pg_catalog.format('drop policy if exists %I on public.%I', p_table || '_' || v_command, p_table));
    else
      perform private.define(pg_catalog.format('create policy %I on public.%I for %s to authenticated %s (%s)',
                                               p_table || '_' || v_command, p_table, v_command,
                                               case v_command when 'insert' then 'with check' else 'using' end, v_predicate));
    end if;
  end loop;
end
$$;
comment on function private.apply_write_policies(text) is
  '(Re)creates the INSERT, UPDATE and DELETE policies of authenticated on a table of schema public from its write rules in the table manifest (private.write_predicate); a command without rules has none. Run by private.apply_manifest.';

-- private.caller_writes(table, id): may the caller update this row? The update rules of every
-- table that has some, each a static query in a branch of its own (plans kept for the
-- session: policies of child tables ask it for every row they check). SECURITY DEFINER: the
-- policies of child tables ask it of parents their row-level security would not let them
-- read again; it answers only about the caller.
create or replace function private.generate_caller_writes() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.create_table_dispatch(
    'private.caller_writes', 'p_table text, p_id uuid', 'boolean', 'stable security definer', 'p_table',
    (select pg_catalog.array_agg(array[m.table_name, pg_catalog.format(
              'return exists (select from public.%I it where it.id = p_id and (%s));',
              m.table_name, private.write_predicate(m.table_name, 'update', 'it'))] order by m.table_name)
       from private.table_manifest m
      where pg_catalog.jsonb_array_length(m.update_by) > 0),
    'no update rules for %L',
    'True when the caller may update row p_id of p_table (its update_by rules in the table manifest); false for an absent row. Generated by private.generate_caller_writes. SECURITY DEFINER so that policies (a child written by whoever may write its parent) and guards can ask it; it answers only about the caller. INVALID_TABLE (22023) for a table without update rules.',
    p_grantees => array['authenticated']);
end
$$;
comment on function private.generate_caller_writes() is
  '(Re)creates private.caller_writes from the update rules of the table manifest: a branch per table with one static query. Run by private.apply_manifest.';

-- What private.apply_manifest refuses in the write rules, parent links, claims, aliases and
-- examples of the entries: (table, problem), none when all is well.
create or replace function private.write_rule_problems() returns table (table_name text, problem text)
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  with m as (
    select m.*, pg_catalog.to_regclass(pg_catalog.format('public.%I', m.table_name)) as rel
      from private.table_manifest m
  ), columns as (
    select m.table_name, a.attname::text as name, a.atttypid
      from m join pg_catalog.pg_attribute a on a.attrelid = m.rel and a.attnum > 0 and not a.attisdropped
  ), rules as (
    select m.table_name, c.command, r.rule, m.parent
      from m cross join lateral (values ('insert_by', m.insert_by), ('update_by', m.update_by), ('delete_by', m.delete_by)) c (command, rules)
     cross join lateral pg_catalog.jsonb_array_elements(c.rules) r (rule)
     where m.rel is not null
  )
  select r.table_name, pg_catalog.format('%s: %s is not a rule (kind and a uuid column, admin or everyone, condition, parent visible or writable)',
                                         r.command, r.rule)
    from rules r
   where pg_catalog.jsonb_typeof(r.rule) <> 'object'
      or exists (select from pg_catalog.jsonb_object_keys(r.rule) k where k not in ('kind', 'column', 'condition', 'parent'))
      or not (r.rule ? 'kind' or r.rule ? 'parent')
      or (r.rule ? 'kind' and r.rule ->> 'kind' <> 'admin'
          and not exists (select from private.visibility_kinds k where k.kind = r.rule ->> 'kind' and k.derived_from is null))
      or (r.rule ->> 'kind' in ('admin', 'everyone')) = (r.rule ? 'column')
      or (r.rule ? 'column' and not exists (select from columns c where c.table_name = r.table_name
                                               and c.name = r.rule ->> 'column' and c.atttypid = 'uuid'::regtype))
      or (r.rule ? 'parent' and (r.parent is null or r.rule ->> 'parent' not in ('visible', 'writable')))
  union all
  select r.table_name, pg_catalog.format('%s: %s needs the update rules of %s', r.command, r.rule, p.value)
    from rules r
   cross join lateral (select pt.value from pg_catalog.jsonb_each_text(r.parent -> 'tables') pt
                       union all select r.parent ->> 'table' where r.parent ? 'table') p (value)
   where r.rule ->> 'parent' = 'writable'
     and not exists (select from m pm where pm.table_name = p.value and pg_catalog.jsonb_array_length(pm.update_by) > 0)
  union all
  select m.table_name, pg_catalog.format('parent %s is not {column, table} or {column, type_column, tables} of tables in the manifest', m.parent)
    from m
   where m.parent is not null and m.rel is not null
     and (exists (select from pg_catalog.jsonb_object_keys(m.parent) k where k not in ('column', 'table', 'type_column', 'tables'))
          or not exists (select from columns c where c.table_name = m.table_name and c.name = m.parent ->> 'column' and c.atttypid = 'uuid'::regtype)
          or (m.parent ? 'table') = (m.parent ? 'tables')
          or (m.parent ? 'type_column') <> (m.parent ? 'tables')
          or (m.parent ? 'type_column' and not exists (select from columns c where c.table_name = m.table_name and c.name = m.parent ->> 'type_column'))
          or (m.parent ? 'tables' and pg_catalog.jsonb_typeof(m.parent -> 'tables') <> 'object')
          or exists (select from (select pt.value from pg_catalog.jsonb_each_text(case when pg_catalog.jsonb_typeof(m.parent -> 'tables') = 'object'
                                                                                       then m.parent -> 'tables' end) pt
                                  union all select m.parent ->> 'table' where m.parent ? 'table') p (value)
                      where not exists (select from m pm where pm.table_name = p.value)))
  union all
  select m.table_name, pg_catalog.format('claimed as %s, it has no claimed_by and completed', m.claimed_as)
    from m
   where m.claimed_as is not null and m.rel is not null
     and (select count(*) from columns c where c.table_name = m.table_name and c.name in ('claimed_by', 'completed')) <> 2
  union all
  select m.table_name, pg_catalog.format('example %s: %s is not a column, or names a row of a table not in the manifest', e.key, e.value)
    from m cross join lateral pg_catalog.jsonb_each(m.example) e
   where m.rel is not null
     and (not exists (select from columns c where c.table_name = m.table_name and c.name = e.key)
          or (pg_catalog.jsonb_typeof(e.value) = 'object' and not exists (select from m pm where pm.table_name = e.value ->> 'row')))
  union all
  select m.table_name, pg_catalog.format('alias %s names %s, not a column', a.key, a.value)
    from m cross join lateral pg_catalog.jsonb_each(m.aliases) a
   where m.rel is not null and a.value <> 'null'::jsonb
     and not exists (select from columns c where c.table_name = m.table_name and c.name = a.value #>> '{}')
$$;
comment on function private.write_rule_problems() is
  'The problems private.apply_manifest refuses (INVALID_MANIFEST) in the table manifest''s write rules (a rule that is not {kind with a uuid column, or admin or everyone; condition; parent visible or writable}, a parent writable without update rules), parent links, claims (claimed_as on a table without claimed_by and completed), aliases (naming no column) and examples (a value for no column, a row of a table outside the manifest): (table, problem).';

revoke all on function private.parent_allows(text, text, text, uuid) from public, anon, authenticated, service_role;
-- Policies call it as the querying user.
grant execute on function private.parent_allows(text, text, text, uuid) to authenticated;

revoke all on function private.write_term(text, jsonb, text), private.write_predicate(text, text, text),
  private.apply_write_policies(text), private.generate_caller_writes(), private.write_rule_problems()
  from public, anon, authenticated, service_role;
