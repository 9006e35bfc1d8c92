-- ThreadJournal's CSV export (the tables: 0018): a thread as CSV that is safe to open in a
-- spreadsheet, as one text (journal_export_csv) or as lines to stream (journal_csv_lines,
-- which JournalExporter copies out for threads of any size).
--
-- The format: RFC 4180 (CRLF line ends; a cell containing , " CR or LF is enclosed in double
-- quotes with inner quotes doubled), UTF-8 without a byte order mark, after formula
-- neutralising: a cell that begins with = + - @ TAB or CR gets a leading apostrophe, so that
-- no spreadsheet runs it. Header: timestamp, last_edited_at, content, then one column per
-- live non-group field in sort_order ("Group / Field" for a child of a live group); rows:
-- the live entries of the live thread, oldest first, timestamps ISO 8601 in UTC to the
-- second. Field names and values go through the rule like the content; a timestamp never
-- begins with one of those characters nor contains one of the others.
--
-- Speed: the cell rule is an expression in the query itself, applied to every cell as the
-- rows stream by (a function call per cell costs more than the rest of the work), and the
-- rule's text is written once, below, and placed into the query for each kind of cell when
-- the function is created. The entries and their values are read from two index ranges in
-- the same order (journal_entry_values carries its entry's timestamp for that) and merged,
-- so no sort and no per-entry lookup is needed however long the thread. An entry's values
-- come in field id order; one format() call puts them in column order (the fields' order
-- is the same for every entry of the thread, so it is computed once).

do $migration$
declare
  -- The rule for one cell; {cell} is a column reference (it is read more than once). NULL
  -- stays NULL: an empty cell. ascii(): = 61, + 43, - 45, @ 64, TAB 9, CR 13.
  c_cell constant text := $cell$(case
      when {cell} like '%,%' or {cell} like '%"%' or {cell} like E'%\r%' or {cell} like E'%\n%'
        then '"' || case when ascii({cell}) in (61, 43, 45, 64, 9, 13) then '''' else '' end
             || replace({cell}, '"', '""') || '"'
      when ascii({cell}) in (61, 43, 45, 64, 9) then '''' || {cell}
      else {cell} end)$cell$;
  c_function constant text := $function$
create function public.journal_csv_lines(p_thread_id uuid) returns setof text
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_ids uuid[];       -- the columns' fields in id order (how an entry's values come)
  v_format text;      -- ',%3$s,%1$s,%2$s': those values in column order
  v_header text;
  v_none text[];      -- no values at all: one NULL per column
begin
  perform private.journal_live_thread(p_thread_id);

  -- The columns: the live non-group fields, a child of a live group named "Group / Field".
  select coalesce(array_agg(c.id order by c.id), '{}'),
         coalesce(string_agg(',%' || c.by_id || '$s', '' order by c.n), ''),
         'timestamp,last_edited_at,content' || coalesce(string_agg(',' || {name}, '' order by c.n), '') || E'\r\n',
         array_fill(null::text, array[count(*)::integer])
    into v_ids, v_format, v_header, v_none
    from (select f.id, concat_ws(' / ', g.name, f.name) as name,
                 row_number() over (order by f.sort_order, f.name, f.id) as n,
                 row_number() over (order by f.id) as by_id
            from public.journal_fields f
            left join public.journal_field_groups m on m.child_field_id = f.id
            left join public.journal_fields g on g.id = m.parent_field_id and g.deleted_at is null
           where f.thread_id = p_thread_id and f.deleted_at is null and not f.is_group) c;

  return next v_header;
  return query
    select to_char(e.entry_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ','
           || coalesce(to_char(e.last_edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '') || ','
           || {content}
           || format(v_format, variadic
                case when v.fields = v_ids then v.cells
                     when v.fields is null then v_none
                     -- values of deleted fields, or fields missing: placed one by one
                     else array(select v.cells[array_position(v.fields, i)] from unnest(v_ids) i) end)
           || E'\r\n'
      from public.journal_entries e
      left join (select v.entry_timestamp, v.entry_id, array_agg(v.field_id) as fields, array_agg({value}) as cells
                   from public.journal_entry_values v
                  where v.thread_id = p_thread_id
                  group by v.entry_timestamp, v.entry_id) v
        on v.entry_timestamp = e.entry_timestamp and v.entry_id = e.id
     where e.thread_id = p_thread_id and e.deleted_at is null
     order by e.entry_timestamp, e.id;
end
$$
$function$;
begin
  execute replace(replace(replace(c_function,
    '{name}', replace(c_cell, '{cell}', 'c.name')),
    '{content}', replace(c_cell, '{cell}', 'e.content')),
    '{value}', replace(c_cell, '{cell}', 'v.value'));
end
$migration$;

comment on function public.journal_csv_lines(uuid) is
  'A live thread as CSV, one line per row (each ending with CRLF), header first: timestamp, last_edited_at, content, then one column per live non-group field in sort_order ("Group / Field" for a child of a live group); then the live entries, oldest first, timestamps ISO 8601 in UTC to the second. Every cell is neutralised (a leading apostrophe before = + - @ TAB CR) and quoted as RFC 4180 says. No byte order mark. For streaming (COPY (select …) TO STDOUT); journal_export_csv is its concatenation. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: deleted, absent or not yours).';

create function public.journal_export_csv(p_thread_id uuid) returns text
  language sql
  stable
  set search_path = ''
as $$
  select string_agg(l.line, '' order by l.n) from public.journal_csv_lines(p_thread_id) with ordinality l (line, n)
$$;
comment on function public.journal_export_csv(uuid) is
  'The CSV export of a live thread as one text: journal_csv_lines concatenated (the header alone for a thread without entries). Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

revoke all on function public.journal_csv_lines(uuid), public.journal_export_csv(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.journal_csv_lines(uuid), public.journal_export_csv(uuid) to authenticated;
