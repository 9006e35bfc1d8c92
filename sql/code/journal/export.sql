-- A thread as CSV that is safe to open in a spreadsheet, as one text (journal_export_csv)
-- or as lines (journal_csv_lines). JournalExporter, for threads of any size, takes the
-- header and columns from private.journal_csv_columns and formats the rows itself from a
-- binary COPY of the entries (JournalCSVRow.swift): the cell rule below is then written in
-- two languages, and the tests hold the two to the same bytes (a fixture of every kind of
-- cell, and a 100,000-entry thread compared whole). The client does it because a rule
-- applied per cell in SQL costs the server several times what reading the rows does.
--
-- The format: RFC 4180 (CRLF line ends; a cell containing , " CR or LF is enclosed in double
-- quotes with inner quotes doubled), UTF-8 without a byte order mark, after formula
-- neutralising: a cell that begins with = + - @ TAB or CR gets a leading apostrophe, and so
-- does each of those characters that follows a comma, semicolon, TAB, CR or LF inside a cell
-- (an apostrophe between the two), so that no spreadsheet runs it, whatever separator it
-- splits on. Header: timestamp, last_edited_at, content, then one column per
-- live non-group field in sort_order ("Group / Field" for a child of a live group); rows:
-- the live entries of the live thread, oldest first, timestamps ISO 8601 in UTC to the
-- second. Field names and values go through the rule like the content; a timestamp never
-- begins with one of those characters nor contains one of the others.
--
-- Speed: the cell rule is an expression in the query itself, applied to every cell as the
-- rows stream by (a function call per cell costs more than the rest of the work), and the
-- rule's text is written once, below, and placed into the query for each kind of cell when
-- the function is created. The entries come from one index range in thread order; each
-- entry's values from its one row of journal_entry_value_lists (its values and their field
-- ids in field id order; fetching and aggregating the values' own rows, 20 for an entry
-- of 20 values, was most of the export's cost). Most entries' values are plain
-- (digits, words) and the rule leaves them as they are: an entry whose values are exactly
-- the columns and hold none of the characters the rule looks for takes them unchanged,
-- after two tests of the entry's values together, and only the others pay the rule per
-- cell. One format() call puts the values in column order (the fields' order is the same
-- for every entry of the thread, so it is computed once). A thread without columns does not
-- look for values at all. The list is probed per entry, by all three columns of its thread
-- index, limited to one row: joined to the thread's values aggregated per entry instead, a
-- planner without statistics (a thread written moments ago) believes each side one row and
-- rescans the aggregate for every entry, quadratic (1.1 s instead of 12 ms for 1,000
-- entries); the probe is the cheapest plan whatever the statistics say.

do $migration$
declare
  -- The rule for one cell; {cell} is a column reference (it is read more than once). NULL
  -- stays NULL: an empty cell. ascii(): = 61, + 43, - 45, @ 64, TAB 9, CR 13.
  -- {safe} is the cell with an apostrophe after every separator some spreadsheet splits on
  -- (comma, semicolon, TAB, CR, LF) that one of those characters follows: opened with
  -- another separator than the comma (semicolon locales, TAB), or by a reader that ignores
  -- the quotes, "x;=1+2" would otherwise be two cells, the second a formula. It adds no
  -- comma, quote or line break and never changes the first character, so the tests of
  -- {cell} still decide the quoting and the leading apostrophe; one regexp_replace per cell.
  c_cell constant text := replace($cell$(case
      when {cell} like '%,%' or {cell} like '%"%' or {cell} like E'%\r%' or {cell} like E'%\n%'
        then '"' || case when ascii({cell}) in (61, 43, 45, 64, 9, 13) then '''' else '' end
             || replace({safe}, '"', '""') || '"'
      when ascii({cell}) in (61, 43, 45, 64, 9) then '''' || {safe}
      else {safe} end)$cell$,
    '{safe}', $safe$regexp_replace({cell}, E'([,;\t\r\n])(?=[-=+@\t\r])', E'\\1''', 'g')$safe$);
  -- The characters that make the rule more than a leading apostrophe: the quoting ones and
  -- the separators. An entry whose values have none of them and begin with none of = + - @
  -- (the second test: with no LF in any value, the values joined by LF begin a line each)
  -- takes them as they are.
  c_special constant text := $special$E'[,";\t\r\n]'$special$;
  c_function constant text := $function$
create or replace function private.journal_csv_columns(p_thread_id uuid,
    out header text, out columns uuid[], out by_id uuid[], out placement text)
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.journal_live_thread(p_thread_id);
  -- The columns: the live non-group fields, a child of a live group named "Group / Field".
  select 'timestamp,last_edited_at,content' || coalesce(string_agg(',' || {name}, '' order by c.n), '') || E'\r\n',
         coalesce(array_agg(c.id order by c.n), '{}'),
         coalesce(array_agg(c.id order by c.id), '{}'),
         coalesce(string_agg(',%' || c.by_id || '$s', '' order by c.n), '')
    into header, columns, by_id, placement
    from (select f.id, concat_ws(' / ', g.name, f.name) as name,
                 row_number() over (order by f.sort_order, f.name, f.id) as n,
                 row_number() over (order by f.id) as by_id
            from public.journal_fields f
            left join public.journal_field_groups m on m.child_field_id = f.id
            left join public.journal_fields g on g.id = m.parent_field_id and g.deleted_at is null
           where f.thread_id = p_thread_id and f.deleted_at is null and not f.is_group) c;
end
$$;

create or replace function public.journal_csv_lines(p_thread_id uuid) returns setof text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_columns record;   -- private.journal_csv_columns: header, columns, by_id, placement
  v_fields boolean;   -- whether the thread has columns for values at all
  v_none text;        -- the value cells of an entry without values: one comma per column
begin
  select * into v_columns from private.journal_csv_columns(p_thread_id);
  v_fields := cardinality(v_columns.by_id) > 0;
  v_none := format(v_columns.placement, variadic array_fill(null::text, array[cardinality(v_columns.by_id)]));

  return next v_columns.header;
  return query
    select to_char(e.entry_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ','
           || coalesce(to_char(e.last_edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '') || ','
           || {content}
           || case when v.fields is null then v_none
                   -- the values of exactly the columns, none of which the rule changes
                   when v.plain and v.fields = v_columns.by_id then format(v_columns.placement, variadic v.cells)
                   else format(v_columns.placement, variadic array(
                          select {value} from unnest(
                            case when v.fields = v_columns.by_id then v.cells
                                 -- values of deleted fields, or fields missing: placed one by one
                                 else array(select v.cells[array_position(v.fields, i)]
                                              from unnest(v_columns.by_id) with ordinality f (i, n) order by f.n) end)
                            with ordinality c (cell, n) order by c.n)) end
           || E'\r\n'
      from public.journal_entries e
      -- (limit 1: the entry's one row, probed, whatever the planner believes of the sizes)
      left join lateral (select l.field_ids as fields, l.cells,
                                array_to_string(l.cells, '') !~ {special}
                                and array_to_string(l.cells, E'\n') !~ E'(^|\n)[-=+@]' as plain
                           from public.journal_entry_value_lists l
                          where v_fields and l.thread_id = e.thread_id and l.entry_timestamp = e.entry_timestamp
                            and l.entry_id = e.id
                          limit 1) v on true
     where e.thread_id = p_thread_id and e.deleted_at is null
     order by e.entry_timestamp, e.id;
end
$$
$function$;
begin
  execute replace(replace(replace(replace(c_function,
    '{name}', replace(c_cell, '{cell}', 'c.name')),
    '{content}', replace(c_cell, '{cell}', 'e.content')),
    '{value}', replace(c_cell, '{cell}', 'c.cell')),
    '{special}', c_special);
end
$migration$;

comment on function private.journal_csv_columns(uuid) is
  'The columns of a live thread''s CSV export: header (the first line, CRLF included, names neutralised like every cell), columns (their field ids in column order), by_id (the same ids in id order, the order an entry''s values come in) and placement (the format() string that puts values given in id order into column order). Raises as private.journal_live_thread. Shared by journal_csv_lines and JournalExporter, which formats the rows itself.';
revoke all on function private.journal_csv_columns(uuid) from public, anon, authenticated, service_role;
grant execute on function private.journal_csv_columns(uuid) to authenticated;

comment on function public.journal_csv_lines(uuid) is
  'A live thread as CSV, one line per row (each ending with CRLF), header first: timestamp, last_edited_at, content, then one column per live non-group field in sort_order ("Group / Field" for a child of a live group); then the live entries, oldest first, timestamps ISO 8601 in UTC to the second. Every cell is neutralised (an apostrophe before = + - @ TAB CR at its start or after a comma, semicolon, TAB, CR or LF, whatever separator a spreadsheet splits on) and quoted as RFC 4180 says. No byte order mark. journal_export_csv is its concatenation; JournalExporter streams the same bytes for threads of any size. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: deleted, absent or not yours).';

create or replace function public.journal_export_csv(p_thread_id uuid) returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select string_agg(l.line, '' order by l.n) from public.journal_csv_lines(p_thread_id) with ordinality l (line, n)
$$;
comment on function public.journal_export_csv(uuid) is
  'The CSV export of a live thread as one text: journal_csv_lines concatenated (the header alone for a thread without entries). Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

revoke all on function public.journal_csv_lines(uuid), public.journal_export_csv(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.journal_csv_lines(uuid), public.journal_export_csv(uuid) to authenticated;
