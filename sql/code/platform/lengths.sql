-- Length limits of the text columns apps write (the manifest's lengths: TOO_LONG).

-- Every text column an app may write has a limit (the README lists them), so that no
-- client stores a 100 MB note that every other client then pulls. A limit is a CHECK
-- constraint <table>_<column>_length that compares char_length with the limit and, only
-- when it is exceeded, calls private.too_long, which raises the coded error: the common
-- case costs no function call, and the refusal is the same whatever path the write took
-- (an API layer, sync_push, psql).

create or replace function private.too_long(p_table text, p_column text, p_max integer, p_length integer) returns boolean
  language plpgsql
  immutable
  strict
  set search_path = pg_catalog, pg_temp
as $$
begin
  if p_length <= p_max then
    return true;
  end if;
  raise exception using errcode = '22001',
    message = pg_catalog.format('TOO_LONG: %s.%s holds at most %s characters, not %s', p_table, p_column, p_max, p_length),
    detail = pg_catalog.jsonb_build_object('table', p_table, 'column', p_column, 'max_length', p_max, 'length', p_length)::text;
end
$$;
comment on function private.too_long(text, text, integer, integer) is
  'The failing half of a length-limit CHECK constraint: true when p_length <= p_max, otherwise raises TOO_LONG (22001; detail is JSON {table, column, max_length, length}). Executable by the roles that write the tables (a CHECK runs as the writer).';
revoke all on function private.too_long(text, text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function private.too_long(text, text, integer, integer) to authenticated, service_role;

create or replace function private.limit_lengths(p_table regclass, p_limits jsonb) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_table text := (select c.relname from pg_catalog.pg_class c where c.oid = p_table);
  v_constraint record;
  v_limit text[];
  v_column text;
  v_max integer;
begin
  -- Limits that are gone or changed: dropped. One that holds is kept (adding it again would
  -- read the whole table to validate it).
  for v_constraint in
    select c.conname, pg_catalog.pg_get_constraintdef(c.oid) as def
      from pg_catalog.pg_constraint c
     where c.conrelid = p_table and c.contype = 'c' and c.conname like v_table || '\_%\_length'
       and pg_catalog.pg_get_constraintdef(c.oid) like '%private.too_long(%'
  loop
    v_limit := pg_catalog.regexp_match(v_constraint.def, 'char_length\(("?\w+"?)\) <= (\d+)');
    if v_limit is null or v_constraint.conname is distinct from v_table || '_' || pg_catalog.btrim(v_limit[1], '"') || '_length'
       or (p_limits ->> pg_catalog.btrim(v_limit[1], '"'))::integer is distinct from v_limit[2]::integer then
      execute pg_catalog.format('alter table %s drop constraint %I', p_table, v_constraint.conname);
    end if;
  end loop;
  for v_column, v_max in select l.key, l.value::integer from pg_catalog.jsonb_each_text(p_limits) l order by l.key loop
    if not exists (select from pg_catalog.pg_constraint c where c.conrelid = p_table and c.conname = v_table || '_' || v_column || '_length') then
      execute pg_catalog.format(
        'alter table %s add constraint %I check (pg_catalog.char_length(%I) <= %s or private.too_long(%L, %L, %s, pg_catalog.char_length(%I)))',
        p_table, v_table || '_' || v_column || '_length', v_column, v_max, v_table, v_column, v_max, v_column);
    end if;
  end loop;
end
$$;
comment on function private.limit_lengths(regclass, jsonb) is
  'Gives each column of p_limits ({"column": max characters, ...}) its length limit, a CHECK constraint <table>_<column>_length that raises TOO_LONG (private.too_long) when a value is longer, and drops the limits of columns no longer listed or listed with another maximum (then added again). Idempotent: run by private.apply_manifest from the table manifest.';
revoke all on function private.limit_lengths(regclass, jsonb) from public, anon, authenticated, service_role;
