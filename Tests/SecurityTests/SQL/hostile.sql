-- The rows of the generated isolation suite (HostileUsers.swift), built from the table manifest
-- and the catalog alone: a table added later gets its rows without a line here. Loaded into
-- the suite's templates only (schema hostile), never into a database the project ships.
--
-- hostile.build(owner, label, count, triggers) writes `count` rows of every table of the
-- manifest that users own (reference data, which every user reads whole, aside), parents
-- first, for `owner`:
--   the row's id            a new uuid (a table whose key is its parent's, that parent's)
--   key columns of users    the owner (the users table itself: a new account per row); in a
--                           row built 'open' (or 'open …'), the nullable ones a writer does not fill stay
--                           NULL (a task nobody claimed: every user sees it)
--   references and parents  the owner's rows of that table of the parent label, the n-th
--                           row of the n-th (a polymorphic parent: its first type)
--   the manifest's example  as it says ({"row": table, "with": {...}}: a row of its own)
--   other NOT NULL columns  the first value a CHECK lists, else a value of the type (text:
--                           the row's id, unique wherever a rule wants it unique)
-- With triggers on (the rows of the users under test, and what is aimed at them) every rule
-- and derived table sees them as an app's write; without (a bulk of another user's rows) one
-- INSERT ... SELECT per table, with no trigger (with its BEFORE triggers where a CHECK wants
-- what they derive), the derived tables built as tables of their own.
-- hostile.rows records each row built: (table, owner, label, n) -> its key.

create schema hostile;

create table hostile.rows (
  table_name text not null,
  owner uuid not null,
  label text not null,
  n integer not null,
  id uuid,
  key jsonb not null,
  primary key (table_name, owner, label, n)
);
create index on hostile.rows (id);

-- The tables users own, in the order they are built: parents before their children.
create function hostile.tables() returns table (table_name text, depends_on text[])
  language sql stable
as $$
  with recursive m as (
    select m.table_name, m.ordinal
      from private.table_manifest m
     where not exists (select from private.visibility_rules r
                        where r.table_name = m.table_name and r.kind = 'everyone' and r.condition = 'true')
  ), deps as (
    select m.table_name,
           array(select distinct d from (
                   select c.confrelid::regclass::text as d
                     from pg_catalog.pg_constraint c
                    where c.conrelid = pg_catalog.format('public.%I', m.table_name)::regclass and c.contype = 'f'
                   union all
                   select pt.value from private.table_manifest pm
                    cross join lateral pg_catalog.jsonb_each_text(coalesce(pm.parent -> 'tables', '{}')) pt
                    where pm.table_name = m.table_name
                   union all
                   select e.value ->> 'row' from private.table_manifest pm cross join lateral pg_catalog.jsonb_each(pm.example) e
                    where pm.table_name = m.table_name and pg_catalog.jsonb_typeof(e.value) = 'object') x
                  where d in (select table_name from m) and d <> m.table_name) as depends_on,
           m.ordinal
      from m
  ), ordered (table_name, depends_on, ordinal, depth) as (
    select d.table_name, d.depends_on, d.ordinal, 0 from deps d where d.depends_on = '{}'
    union all
    select d.table_name, d.depends_on, d.ordinal, o.depth + 1
      from deps d join ordered o on o.table_name = any (d.depends_on)
  )
  select o.table_name, o.depends_on from ordered o
   group by o.table_name, o.depends_on, o.ordinal
   order by max(o.depth), o.ordinal
$$;

-- The columns of a user key (kind user) in the table's read and write rules.
create function hostile.user_columns(p_table text) returns text[]
  language sql stable
as $$
  select array(select distinct r ->> 'column'
                 from private.table_manifest m
                cross join lateral pg_catalog.jsonb_array_elements(m.visible_to || m.insert_by || m.update_by || m.delete_by) r
                where m.table_name = p_table and r ->> 'kind' = 'user')
$$;

-- The SQL expression of each column of a new row of p_table, and the lateral joins it needs,
-- over a row g (n, id) of a series: see the head of this file.
create function hostile.insert_sql(p_table text, p_owner uuid, p_label text, p_parent_label text, p_count integer,
                                   p_with jsonb default '{}', p_sibling_label text default null)
  returns text
  language plpgsql stable
as $$
declare
  v_rel regclass := pg_catalog.format('public.%I', p_table)::regclass;
  v_entry private.table_manifest;
  v_users text[] := hostile.user_columns(p_table);
  v_writers text[];
  v_pk text[];
  v_columns text[] := '{}';
  v_values text[] := '{}';
  v_joins text := '';
  v_key text;
  v_col record;
  v_fk record;
  v_value text;
  v_j integer := 0;
  v_unique text[];
  v_check text;
  v_plabel text;
begin
  select * into v_entry from private.table_manifest m where m.table_name = p_table;
  select array(select distinct r ->> 'column' from pg_catalog.jsonb_array_elements(v_entry.insert_by) r where r ->> 'kind' = 'user')
    into v_writers;
  select array(select a.attname::text from pg_catalog.pg_index i
                 join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                where i.indrelid = v_rel and i.indisprimary) into v_pk;
  select array(select distinct a.attname::text from pg_catalog.pg_index i
                 join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                where i.indrelid = v_rel and i.indisunique) into v_unique;

  -- Values given for this row (an example's row of its own).
  for v_col in select w.key, w.value #>> '{}' as value from pg_catalog.jsonb_each(p_with) w loop
    v_columns := v_columns || v_col.key;
    v_values := v_values || pg_catalog.quote_literal(v_col.value);
  end loop;

  -- References: each foreign key to a table users own, and the parent link, joined to the
  -- owner's row of that table (the n-th of the parent label, round the ones there are).
  for v_fk in
    select c.conname, c.confrelid::regclass::text as ref,
           array(select a.attname::text from pg_catalog.unnest(c.conkey) with ordinality k (num, o)
                   join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.o) as cols,
           array(select a.attname::text from pg_catalog.unnest(c.confkey) with ordinality k (num, o)
                   join pg_catalog.pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num order by k.o) as ref_cols
      from pg_catalog.pg_constraint c
     where c.conrelid = v_rel and c.contype = 'f' and c.confrelid::regclass::text in (select t.table_name from hostile.tables() t)
    union all
    select 'parent', coalesce(v_entry.parent ->> 'table', (select t.value from pg_catalog.jsonb_each_text(v_entry.parent -> 'tables') t
                                                            order by t.key limit 1)),
           array[v_entry.parent ->> 'column'], array['id']
     where v_entry.parent is not null
       and not exists (select from pg_catalog.pg_constraint c
                        where c.conrelid = v_rel and c.contype = 'f' and c.conkey[1] = (select a.attnum from pg_catalog.pg_attribute a
                                                                                         where a.attrelid = v_rel and a.attname = v_entry.parent ->> 'column'))
  loop
    continue when v_fk.cols[1] = any (v_columns) or v_fk.cols[1] = any (v_users) or v_entry.example ? v_fk.cols[1];
    v_j := v_j + 1;
    -- A parent of the row's own label where there is one (a deleted journal group's fields),
    -- else of the parent label.
    v_plabel := case when exists (select from hostile.rows r where r.table_name = v_fk.ref and r.owner = p_owner
                                                              and r.label = coalesce(p_sibling_label, p_label))
                     then coalesce(p_sibling_label, p_label) else p_parent_label end;
    v_joins := v_joins || pg_catalog.format(
      ' cross join lateral (select p.* from hostile.rows r join public.%1$I p on p.id = r.id'
      ' where r.table_name = %1$L and r.owner = %2$L and r.label = %3$L'
      ' and r.n = (g.n - 1) %% %5$s + 1) j%4$s',
      v_fk.ref, p_owner, v_plabel, v_j,
      (select greatest(count(*), 1) from hostile.rows c where c.table_name = v_fk.ref and c.owner = p_owner and c.label = v_plabel));
    for i in 1 .. pg_catalog.cardinality(v_fk.cols) loop
      if not v_fk.cols[i] = any (v_columns) then
        v_columns := v_columns || v_fk.cols[i];
        v_values := v_values || pg_catalog.format('j%s.%I', v_j, v_fk.ref_cols[i]);
      end if;
    end loop;
    if v_fk.conname = 'parent' and v_entry.parent ? 'type_column' then
      v_columns := v_columns || (v_entry.parent ->> 'type_column');
      v_values := v_values || pg_catalog.quote_literal((select t.key from pg_catalog.jsonb_each_text(v_entry.parent -> 'tables') t
                                                         where t.value = v_fk.ref order by t.key limit 1));
    end if;
  end loop;

  -- Examples that are rows of their own: the owner's rows of that label, built before.
  for v_col in select e.key, e.value from pg_catalog.jsonb_each(v_entry.example) e where pg_catalog.jsonb_typeof(e.value) = 'object' loop
    v_columns := v_columns || v_col.key;
    v_values := v_values || pg_catalog.format(
      '(select r.id from hostile.rows r where r.table_name = %L and r.owner = %L and r.label = %L and r.n = g.n)',
      v_col.value ->> 'row', p_owner, 'example:' || p_table || '.' || v_col.key || ':' || p_label);
  end loop;

  for v_col in
    select a.attname::text as name, a.atttypid::regtype::text as type, a.attnotnull as not_null, a.atthasdef as has_default,
           pg_catalog.format_type(a.atttypid, a.atttypmod) as full_type, a.attndims > 0 or t.typcategory = 'A' as is_array
      from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
     where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''
     order by a.attnum
  loop
    continue when v_col.name = any (v_columns);
    v_value := null;
    if v_col.name = any (v_users) then
      v_value := case when v_pk = array[v_col.name] then 'g.id'
                      -- Many rows of a key one user holds once per value (a preference per
                      -- type): each row another account's, of the owner's bulk of accounts.
                      when p_count > 1 and exists (
                             select from pg_catalog.pg_index i
                              where i.indrelid = v_rel and i.indisunique
                                and (select a.attnum from pg_catalog.pg_attribute a where a.attrelid = v_rel and a.attname = v_col.name) = any (i.indkey)
                                and exists (select from pg_catalog.pg_attribute a
                                             where a.attrelid = v_rel and a.attnum = any (i.indkey) and v_entry.example ? a.attname))
                        then pg_catalog.format('(select r.id from hostile.rows r where r.table_name = ''users'' and r.owner = %1$L and r.label = %2$L'
                                               ' and r.n = (g.n - 1) %% %3$s + 1)', p_owner, p_label,
                                               (select greatest(count(*), 1) from hostile.rows c
                                                 where c.table_name = 'users' and c.owner = p_owner and c.label = p_label))
                      when p_label like 'open%' and not v_col.not_null and not v_col.name = any (v_writers) then 'null'
                      else pg_catalog.quote_literal(p_owner) || '::uuid' end;
    elsif v_entry.example ? v_col.name then
      v_value := pg_catalog.format('%L::%s', v_entry.example ->> v_col.name, v_col.full_type);
    elsif v_pk = array[v_col.name] and v_col.type = 'uuid' then
      v_value := 'g.id';
    elsif v_col.not_null and not v_col.has_default or v_col.name = any (v_unique) and v_entry.example ? v_col.name then
      select (pg_catalog.regexp_match(pg_catalog.pg_get_constraintdef(c.oid),
                                      '\(' || pg_catalog.quote_ident(v_col.name) || ' = ANY \(ARRAY\[''([^'']*)'''))[1]
        into v_check
        from pg_catalog.pg_constraint c
       where c.conrelid = v_rel and c.contype = 'c'
         and pg_catalog.pg_get_constraintdef(c.oid) ~ ('\(' || pg_catalog.quote_ident(v_col.name) || ' = ANY \(ARRAY\[')
       limit 1;
      v_value := case
        when v_check is not null then pg_catalog.quote_literal(v_check)
        when v_col.is_array then '''{}'''
        when v_col.type in ('text', 'character varying') then 'g.id::text'
        when v_col.type = 'boolean' then 'false'
        when v_col.type in ('integer', 'bigint', 'smallint', 'numeric', 'double precision', 'real') then '0'
        when v_col.type in ('timestamp with time zone', 'timestamp without time zone', 'date') then 'now()'
        when v_col.type = 'jsonb' then '''{}''::jsonb'
        when v_col.type = 'uuid' then 'gen_random_uuid()'
        else 'null' end;
    elsif v_entry.example ? v_col.name then
      v_value := pg_catalog.format('%L::%s', v_entry.example ->> v_col.name, v_col.full_type);
    end if;
    if v_value is not null then
      v_columns := v_columns || v_col.name;
      v_values := v_values || (v_value || '::' || v_col.full_type);
    end if;
  end loop;
  -- The given values in their columns' types.
  for k in 1 .. pg_catalog.jsonb_array_length(coalesce((select pg_catalog.jsonb_agg(w.key) from pg_catalog.jsonb_each(p_with) w), '[]')) loop
    v_values[k] := v_values[k] || '::' || (select pg_catalog.format_type(a.atttypid, a.atttypmod) from pg_catalog.pg_attribute a
                                           where a.attrelid = v_rel and a.attname = v_columns[k]);
  end loop;

  -- What names the row in hostile.rows: its id, or its primary key's columns (as the row
  -- source has them: every row of it is inserted, or the statement fails).
  v_key := case when 'id' = any (v_columns) then 'jsonb_build_object(''id'', v.id)'
                else 'jsonb_build_object(' || (select pg_catalog.string_agg(pg_catalog.format('%L, v.%I', c, c), ', ') from pg_catalog.unnest(v_pk) c) || ')' end;
  return pg_catalog.format(
    'with g as materialized (%12$s),'
    ' v as materialized (select g.n, %2$s from g%3$s),'
    ' i as (insert into public.%4$I (%5$s) select %6$s from v order by v.n)'
    ' insert into hostile.rows (table_name, owner, label, n, id, key)'
    ' select %7$L, %8$L, %9$L, v.n, (%10$s ->> ''id'')::uuid, %10$s from v where %11$s',
    p_count,
    (select pg_catalog.string_agg(pg_catalog.format('%s as %I', v_values[k], v_columns[k]), ', ') from pg_catalog.generate_subscripts(v_columns, 1) k),
    v_joins, p_table,
    (select pg_catalog.string_agg(pg_catalog.format('%I', c), ', ') from pg_catalog.unnest(v_columns) c),
    (select pg_catalog.string_agg(pg_catalog.format('v.%I', c), ', ') from pg_catalog.unnest(v_columns) c),
    p_table, p_owner, p_label, v_key,
    -- A bulk of rows no other row refers to needs no record.
    case when p_count <= 1000 or exists (select from hostile.tables() t where p_table = any (t.depends_on)) then 'true' else 'false' end,
    -- The rows' keys: new, or the accounts signed up for them (a key that references a table
    -- no user owns: auth.users).
    case when exists (select from pg_catalog.pg_constraint c
                       where c.conrelid = v_rel and c.contype = 'f' and c.conkey = (select array(select pg_catalog.unnest(i.indkey))::int2[] from pg_catalog.pg_index i
                                                                                      where i.indrelid = v_rel and i.indisprimary)
                         and c.confrelid::regclass::text not in (select t.table_name from hostile.tables() t))
         then pg_catalog.format('select r.n, r.id from hostile.rows r where r.table_name = %L and r.owner = %L and r.label = %L',
                                'auth.users', p_owner, p_label)
         else pg_catalog.format('select g.n, gen_random_uuid() as id from pg_catalog.generate_series(1, %s) g (n)', p_count) end);
end
$$;

-- A bulk of rows is written with the tables' AFTER triggers off (what they record for others,
-- the outbox, the audit log, sync's logs and counters, is built as rows of its own), the BEFORE
-- triggers on: the row is what a write makes it (its derived columns, its checks).
create function hostile.after_triggers(p_table text, p_enabled boolean) returns void
  language plpgsql
as $$
declare
  v_trigger text;
begin
  for v_trigger in select t.tgname from pg_catalog.pg_trigger t
                    where t.tgrelid = pg_catalog.format('public.%I', p_table)::regclass and not t.tgisinternal and t.tgtype & 2 = 0 loop
    execute pg_catalog.format('alter table public.%I %s trigger %I', p_table, case when p_enabled then 'enable' else 'disable' end, v_trigger);
  end loop;
end
$$;

-- Rows of every table users own, for p_owner, labelled p_label (see the head of this file).
create function hostile.build(p_owner uuid, p_label text, p_count integer, p_triggers boolean, p_parent_label text default null)
  returns void
  language plpgsql
as $$
declare
  v_table record;
  v_example record;
  v_parent_label text := coalesce(p_parent_label, case when p_label = 'live' or p_label like 'deleted%' or p_label like 'open%' then 'live' else p_label end);
  v_found bigint;
begin
  perform pg_catalog.set_config('request.jwt.claims', pg_catalog.jsonb_build_object('sub', p_owner, 'role', 'authenticated')::text, true);
  for v_table in select * from hostile.tables() loop
    -- A table whose rows derive from another's (a journal thread's stats) has them already
    -- when its rows were built with the triggers on; an open row only where every user may see one.
    continue when p_triggers and exists (select from hostile.rows r where r.table_name = v_table.table_name
                                                                       and r.owner = p_owner and r.label = p_label);
    continue when p_label like 'open%' and not exists (select from private.visibility_rules r
                                                   where r.table_name = v_table.table_name and r.kind = 'everyone');
    -- A row built 'deleted' (or 'deleted…', deleted later) only where deleting leaves
    -- something behind: a tombstone, a sync deletion, a snapshot to restore.
    continue when p_label like 'deleted%' and not exists (select from private.table_manifest m
                                                      where m.table_name = v_table.table_name
                                                        and (m.synced or m.tombstoned or m.audit_entity is not null));
    -- Rows the triggers made (a journal thread's stats) are the owner's rows of this label.
    if p_triggers and (select pg_catalog.jsonb_array_length(m.insert_by) = 0 from private.table_manifest m
                        where m.table_name = v_table.table_name) then
      execute pg_catalog.format(
        'insert into hostile.rows (table_name, owner, label, n, id, key)'
        ' select %1$L, %2$L, %3$L, row_number() over (), (x.key ->> ''id'')::uuid, x.key'
        '   from (select %4$s as key from public.%1$I t where t.%5$I = %2$L) x'
        '  where not exists (select from hostile.rows r where r.table_name = %1$L and r.key = x.key)',
        v_table.table_name, p_owner, p_label,
        'jsonb_build_object(' || (select pg_catalog.string_agg(pg_catalog.format('%L, t.%I', a.attname, a.attname), ', ')
                                    from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                                   where i.indrelid = pg_catalog.format('public.%I', v_table.table_name)::regclass and i.indisprimary) || ')',
        (hostile.user_columns(v_table.table_name))[1]);
      get diagnostics v_found = row_count;
      continue when v_found > 0;
    end if;
    -- The rows its example names, of their own.
    for v_example in
      select e.key, e.value from private.table_manifest m cross join lateral pg_catalog.jsonb_each(m.example) e
       where m.table_name = v_table.table_name and pg_catalog.jsonb_typeof(e.value) = 'object'
    loop
      perform hostile.build_example(p_owner, v_example.value ->> 'row', v_example.value -> 'with',
                                    'example:' || v_table.table_name || '.' || v_example.key || ':' || p_label, p_count, v_parent_label,
                                    p_label);
    end loop;
    if v_table.table_name = 'users' and p_label = 'live' then
      -- The owner's own profile, there already.
      insert into hostile.rows (table_name, owner, label, n, id, key)
      select 'users', p_owner, p_label, g, p_owner, pg_catalog.jsonb_build_object('id', p_owner)
        from pg_catalog.generate_series(1, p_count) g;
      continue;
    elsif v_table.table_name = 'users' then
      -- A profile is an account's: each row's signed up first (its key is the account's).
      with a as (insert into auth.users (id, email)
                 select gen_random_uuid(), 'hostile-' || p_label || '-' || g || '-' || p_owner || '@example.com'
                   from pg_catalog.generate_series(1, p_count) g
                 returning id, email)
      insert into hostile.rows (table_name, owner, label, n, id, key)
      select 'auth.users', p_owner, p_label, (pg_catalog.regexp_match(a.email, '^hostile-[^-]+-([0-9]+)-'))[1]::integer, a.id,
             pg_catalog.jsonb_build_object('id', a.id)
        from a;
    end if;
    if p_triggers then
      execute hostile.insert_sql(v_table.table_name, p_owner, p_label, v_parent_label, p_count);
    else
      -- No trigger at all where the row needs none; the BEFORE triggers where a CHECK wants
      -- what they derive (a claim's time).
      begin
        set local session_replication_role = replica;
        execute hostile.insert_sql(v_table.table_name, p_owner, p_label, v_parent_label, p_count);
        set local session_replication_role = origin;
      exception when check_violation or not_null_violation then
        set local session_replication_role = origin;
        perform hostile.after_triggers(v_table.table_name, false);
        execute hostile.insert_sql(v_table.table_name, p_owner, p_label, v_parent_label, p_count);
        perform hostile.after_triggers(v_table.table_name, true);
      end;
    end if;
    -- The next table's joins probe these rows by index, planned for their number.
    analyze hostile.rows;
  end loop;
end
$$;

-- The rows an example names: rows of p_table as hostile.build makes them, with p_with.
create function hostile.build_example(p_owner uuid, p_table text, p_with jsonb, p_label text, p_count integer, p_parent_label text,
                                      p_sibling_label text)
  returns void
  language plpgsql
as $$
begin
  execute hostile.insert_sql(p_table, p_owner, p_label, p_parent_label, p_count, p_with, p_sibling_label);
end
$$;

-- "Row t of p_table is the row key k names" (k: a jsonb of its primary key's columns): an
-- index probe.
create function hostile.key_match(p_table text, p_row text, p_key text) returns text
  language sql stable
as $$
  select pg_catalog.string_agg(pg_catalog.format('%s.%I = (%s ->> %L)::%s', p_row, a.attname, p_key, a.attname,
                                                 pg_catalog.format_type(a.atttypid, a.atttypmod)), ' and ')
    from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
   where i.indrelid = pg_catalog.format('public.%I', p_table)::regclass and i.indisprimary
$$;

-- p_owner acts on his rows, as the apps would, with every trigger: each row of label p_edit
-- changed (a text column the manifest limits, one character longer: a new version, in the
-- audit log, the outbox, sync's field history), each row of label p_delete deleted (a
-- tombstone where the table has them), children first.
create function hostile.act(p_owner uuid, p_edit text, p_delete text) returns void
  language plpgsql
as $$
declare
  v_table record;
  v_column text;
begin
  perform pg_catalog.set_config('request.jwt.claims', pg_catalog.jsonb_build_object('sub', p_owner, 'role', 'authenticated')::text, true);
  for v_table in select t.table_name from hostile.tables() t loop
    select l.key into v_column
      from private.table_manifest m cross join lateral pg_catalog.jsonb_each_text(m.lengths) l
      join pg_catalog.pg_attribute a on a.attrelid = pg_catalog.format('public.%I', m.table_name)::regclass and a.attname = l.key
     where m.table_name = v_table.table_name and l.value::integer >= 40 and a.attnotnull
       and not exists (select from pg_catalog.pg_index i where i.indrelid = a.attrelid and i.indisunique and a.attnum = any (i.indkey))
     order by a.attnum limit 1;
    continue when v_column is null;
    execute pg_catalog.format(
      'update public.%1$I t set %2$I = t.%2$I || ''!'' from hostile.rows r'
      ' where r.table_name = %1$L and r.owner = %3$L and r.label = %4$L and %5$s',
      v_table.table_name, v_column, p_owner, p_edit, hostile.key_match(v_table.table_name, 't', 'r.key'));
  end loop;
  for v_table in select t.table_name, row_number() over () as n from hostile.tables() t order by 2 desc loop
    execute pg_catalog.format(
      case when (select m.tombstoned from private.table_manifest m where m.table_name = v_table.table_name)
           then 'update public.%1$I t set deleted_at = now() from hostile.rows r'
                ' where r.table_name = %1$L and r.owner = %2$L and r.label = %3$L and %4$s and t.deleted_at is null'
           else 'delete from public.%1$I t using hostile.rows r'
                ' where r.table_name = %1$L and r.owner = %2$L and r.label = %3$L and %4$s' end,
      v_table.table_name, p_owner, p_delete, hostile.key_match(v_table.table_name, 't', 'r.key'));
  end loop;
end
$$;

-- What the triggers of transaction p_xid (a user acting: hostile.act) wrote to the tables no
-- user writes (the outbox, the audit log, sync's logs, counters), copied until each holds
-- p_count such rows: another user's history of every kind. A copy takes a new uuid wherever
-- a unique key holds one, and its own default wherever a unique key has one (a sequence).
create function hostile.copy_derived(p_xid bigint, p_count integer) returns void
  language plpgsql
as $$
declare
  v_table regclass;
  v_rows bigint;
  v_columns text;
  v_values text;
  v_where text := pg_catalog.format('t.xmin::text::bigint = %s', p_xid % 4294967296);
begin
  set local session_replication_role = replica;
  for v_table in
    select c.oid::regclass from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private', 'audit', 'outbox') and c.relkind in ('r', 'p') and not c.relispartition
       and not (n.nspname = 'public' and c.relname in (select m.table_name from private.table_manifest m))
     order by 1
  loop
    execute pg_catalog.format('select count(*) from %s t where %s', v_table, v_where) into v_rows;
    continue when v_rows = 0;
    select pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' order by a.attnum),
           pg_catalog.string_agg(case when a.atttypid = 'uuid'::regtype and u.unique_column then 'gen_random_uuid()'
                                      else 't.' || pg_catalog.quote_ident(a.attname) end, ', ' order by a.attnum)
      into v_columns, v_values
      from pg_catalog.pg_attribute a
     -- (a partitioned table's keys may be its partitions')
     cross join lateral (select exists (select from pg_catalog.pg_index i
                                          join pg_catalog.pg_attribute ia on ia.attrelid = i.indrelid and ia.attnum = any (i.indkey)
                                         where i.indisunique and ia.attname = a.attname
                                           and (i.indrelid = a.attrelid
                                                or i.indrelid in (select h.inhrelid from pg_catalog.pg_inherits h where h.inhparent = a.attrelid)))
                           as unique_column) u
     where a.attrelid = v_table and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''
       and not (u.unique_column and a.atthasdef and a.atttypid <> 'uuid'::regtype);
    execute pg_catalog.format('insert into %1$s (%2$s) select %3$s from (select * from %1$s t where %4$s) t'
                              ' cross join pg_catalog.generate_series(1, %5$s) k limit %6$s',
                              v_table, v_columns, v_values, v_where, (p_count + v_rows - 1) / v_rows, p_count);
  end loop;
  set local session_replication_role = origin;
end
$$;

-- What one user (p_sender) aims at another (p_target), with every trigger: p_keys rows that
-- name the target in a key column their writer fills freely (a share of the sender's lists
-- with her), each of its own parent; p_children rows the sender may write under the target's
-- open rows (notes on her open items); p_open rows every user sees (open items). The quotas
-- bound what one user may aim (private.quotas); many users reach the same counts, which cost
-- her reads what they cost whoever wrote them, so the sender writes them all with every quota
-- raised to the count.
create function hostile.aim(p_sender uuid, p_target uuid, p_keys integer, p_children integer, p_open integer) returns void
  language plpgsql
as $$
declare
  v_table record;
  v_parent record;
begin
  if pg_catalog.to_regclass('private.quotas') is not null then
    execute 'update private.quotas set value = greatest(value, $1)' using greatest(p_keys, p_children, p_open);
  end if;
  for v_table in
    select m.table_name, m.parent, c.name as aimed
      from private.table_manifest m
     cross join lateral pg_catalog.unnest(hostile.user_columns(m.table_name)) c (name)
     where m.parent ? 'table' and pg_catalog.jsonb_array_length(m.insert_by) > 0
       and not exists (select from pg_catalog.jsonb_array_elements(m.insert_by) r where r ->> 'kind' = 'user')
  loop
    perform pg_catalog.set_config('request.jwt.claims', pg_catalog.jsonb_build_object('sub', p_sender, 'role', 'authenticated')::text, true);
    perform hostile.after_triggers(v_table.parent ->> 'table', false);
    execute hostile.insert_sql(v_table.parent ->> 'table', p_sender, 'aimed', 'live', p_keys);
    perform hostile.after_triggers(v_table.parent ->> 'table', true);
    analyze hostile.rows;
    execute hostile.insert_sql(v_table.table_name, p_sender, 'aimed', 'aimed', p_keys, pg_catalog.jsonb_build_object(v_table.aimed, p_target));
  end loop;
  for v_table in
    select m.table_name, m.parent
      from private.table_manifest m
     where exists (select from pg_catalog.jsonb_array_elements(m.insert_by) r where r ->> 'parent' = 'visible')
  loop
    select r.id, t.key as type into v_parent
      from pg_catalog.jsonb_each_text(v_table.parent -> 'tables') t
      join hostile.rows r on r.table_name = t.value and r.owner = p_target and r.label = 'open'
     order by t.key limit 1;
    continue when v_parent is null;
    perform pg_catalog.set_config('request.jwt.claims', pg_catalog.jsonb_build_object('sub', p_sender, 'role', 'authenticated')::text, true);
    execute hostile.insert_sql(v_table.table_name, p_sender, 'aimed', 'live', p_children,
                               pg_catalog.jsonb_build_object(v_table.parent ->> 'type_column', v_parent.type, v_table.parent ->> 'column', v_parent.id));
  end loop;
  perform hostile.build(p_sender, 'open aimed', p_open, true);
end
$$;

-- The rows of p_owner (every label) as they are now: one text to compare before and after
-- another user's call (a row gone or changed changes it).
create function hostile.fingerprint(p_owner uuid) returns text
  language plpgsql stable
as $$
declare
  v_table text;
  v_text text;
  v_all text := '';
begin
  for v_table in select distinct r.table_name from hostile.rows r where r.owner = p_owner and r.table_name <> 'auth.users' order by 1 loop
    execute pg_catalog.format(
      'select pg_catalog.string_agg(coalesce((select pg_catalog.to_jsonb(t) from public.%1$I t where %3$s)::text, ''gone''), '','' order by r.label, r.n)'
      ' from hostile.rows r where r.table_name = %1$L and r.owner = %2$L', v_table, p_owner, hostile.key_match(v_table, 't', 'r.key')) into v_text;
    v_all := v_all || v_table || ':' || pg_catalog.md5(coalesce(v_text, '')) || ' ';
  end loop;
  return v_all;
end
$$;

-- A row of p_owner's, as sync_pull delivers it (no sync_xid, no generated columns), and one
-- of its values as text.
create function hostile.record(p_table text, p_owner uuid, p_label text) returns jsonb
  language plpgsql stable
as $$
declare
  v_record jsonb;
begin
  execute pg_catalog.format(
    'select pg_catalog.to_jsonb(t) - array(select a.attname::text from pg_catalog.pg_attribute a'
    '   where a.attrelid = %2$L::regclass and a.attnum > 0 and (a.attname = ''sync_xid'' or a.attgenerated <> ''''))'
    '  from hostile.rows r join public.%1$I t on %5$s'
    ' where r.table_name = %1$L and r.owner = %3$L and r.label = %4$L order by r.n limit 1',
    p_table, pg_catalog.format('public.%I', p_table), p_owner, p_label, hostile.key_match(p_table, 't', 'r.key')) into v_record;
  return v_record;
end
$$;

-- The table a row's parent link names (a polymorphic parent: its first type's), and that type.
create function hostile.parent(p_table text, out parent_table text, out type_column text, out type text, out id_column text)
  language sql stable
as $$
  select coalesce(m.parent ->> 'table', t.value), m.parent ->> 'type_column', t.key, m.parent ->> 'column'
    from private.table_manifest m
    left join lateral (select t.key, t.value from pg_catalog.jsonb_each_text(m.parent -> 'tables') t order by t.key limit 1) t on true
   where m.table_name = p_table and m.parent is not null
$$;
