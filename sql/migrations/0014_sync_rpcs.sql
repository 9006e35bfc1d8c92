-- Offline sync: sync_pull and sync_push, and the cursors that make a pull never miss a
-- change (why and how: 0012; what a pull contains: 0013).

-- ---------------------------------------------------------------------------------------
-- Cursors
-- ---------------------------------------------------------------------------------------
-- A cursor is "v1." + base64url(json):
--   t        the table it belongs to
--   x, ip    the state already delivered: every transaction with xid < x, except those in ip
--   h        sync_horizon.purged_through when that state's snapshot was taken: a purge since
--            then (the horizon moved on) may have removed deletions the client has not seen
--   nx, nip, nh  (only while has_more) the same for the state the whole pull will have
--            delivered when done
--   a        (only while has_more) the order key of the page's last item: [cause xid, row xid,
--            id, kind] (private.sync_items; kind 0 = deletion, 1 = row)

create function private.encode_sync_cursor(p_state jsonb) returns text
  language sql
  immutable
  set search_path = ''
as $$
  select 'v1.' || rtrim(translate(encode(convert_to(p_state::text, 'UTF8'), 'base64'), E'+/\n', '-_'), '=')
$$;
comment on function private.encode_sync_cursor(jsonb) is 'Encodes a sync_pull cursor state as opaque URL-safe text ("v1." + base64url of its JSON).';

-- Strict: a cursor is input from the client, so everything in it is checked before it is
-- used (its size first, before any decoding), and anything sync_pull could not have
-- returned is refused: an unknown key, a transaction id that is not a decimal number or
-- lies past this server's newest, a position of an unknown kind.
create function private.decode_sync_cursor(p_table text, p_cursor text) returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  -- A cursor holds a few transaction ids per transaction in flight at a pull: a few
  -- hundred bytes, far below this even with hundreds of concurrent writers.
  c_max_bytes constant integer := 16384;
  v_body text;
  v_state jsonb;
  v_page boolean;
  -- No transaction id handed out so far is newer than this. A hot standby knows only the
  -- ids it has replayed, while a cursor from its primary (or a replica further ahead) holds
  -- newer ones: there the bound is the 2^31 ids a cluster can be ahead before wraparound.
  v_newest numeric := greatest(pg_snapshot_xmax(pg_current_snapshot()),
                               coalesce(pg_current_xact_id_if_assigned(), '0'))::text::numeric
                      + case when pg_is_in_recovery() then 2147483648 else 0 end;
  v_problem text;
begin
  if octet_length(p_cursor) > c_max_bytes then
    v_problem := format('it is %s bytes long, more than the %s a cursor may have', octet_length(p_cursor), c_max_bytes);
  elsif p_cursor !~ '^v1\.[A-Za-z0-9_-]+$' then
    v_problem := 'it is not "v1." followed by base64url';
  else
    begin
      v_body := translate(substr(p_cursor, 4), '-_', '+/');
      v_state := convert_from(decode(v_body || repeat('=', (4 - length(v_body) % 4) % 4), 'base64'), 'UTF8')::jsonb;
    exception when others then
      v_problem := 'it is not base64url-encoded JSON';
    end;
  end if;

  if v_problem is null then
    v_page := v_state ? 'a';
    if jsonb_typeof(v_state) <> 'object' then
      v_problem := 'it is not a JSON object';
    elsif exists (select from jsonb_object_keys(v_state) k where k not in ('t', 'x', 'ip', 'h', 'nx', 'nip', 'nh', 'a')) then
      v_problem := 'it has keys sync_pull never writes';
    elsif jsonb_typeof(v_state -> 't') is distinct from 'string' or not v_state ?& array['x', 'ip', 'h'] then
      v_problem := 't, x, ip and h are required';
    elsif v_page <> (v_state ?| array['nx', 'nip', 'nh']) or (v_page and not v_state ?& array['nx', 'nip', 'nh']) then
      v_problem := 'a, nx, nip and nh come together';
    elsif jsonb_typeof(v_state -> 'ip') <> 'array' or (v_page and jsonb_typeof(v_state -> 'nip') <> 'array') then
      v_problem := 'ip and nip must be arrays';
    elsif v_page and (jsonb_typeof(v_state -> 'a') <> 'array' or jsonb_array_length(v_state -> 'a') <> 4
                      or jsonb_typeof(v_state #> '{a,2}') <> 'string'
                      or v_state #>> '{a,2}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      or v_state #>> '{a,3}' not in ('0', '1')) then
      v_problem := 'a must be [transaction id, transaction id, uuid, 0 or 1]';
    else
      -- Every transaction id: a JSON string of decimal digits, not newer than any this
      -- server has handed out.
      select format('%s is not a transaction id of this server', x.value)
        into v_problem
        from (select v_state -> k as value from unnest(array['x', 'h', 'nx', 'nh']) k where v_state ? k
              union all
              select e from jsonb_array_elements(v_state -> 'ip') e
              union all
              select e from jsonb_array_elements(coalesce(v_state -> 'nip', '[]')) e
              union all
              select v_state #> array['a', i::text] from generate_series(0, 1) i where v_page) x
       where jsonb_typeof(x.value) <> 'string'
          or x.value #>> '{}' !~ '^[0-9]{1,20}$'
          or (x.value #>> '{}')::numeric > v_newest
       limit 1;
    end if;
  end if;

  if v_problem is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_CURSOR: the cursor is not one sync_pull returned',
      detail = left(v_problem, 200),
      hint = 'Pass the cursor of the previous sync_pull unchanged, or NULL for a full sync.';
  end if;
  if v_state ->> 't' is distinct from p_table then
    raise exception using errcode = '22023',
      message = format('INVALID_CURSOR: the cursor belongs to table %L, not %L', left(v_state ->> 't', 63), p_table),
      hint = 'Keep one cursor per table.';
  end if;
  return v_state;
end
$$;
comment on function private.decode_sync_cursor(text, text) is 'Decodes and validates a sync_pull cursor for p_table: at most 16384 bytes, "v1." + base64url of a JSON object with only the keys sync_pull writes, transaction ids as decimal strings no newer than this server''s newest, a page position [xid, xid, uuid, 0|1]. INVALID_CURSOR (22023) otherwise, or when it belongs to another table (detail says what is wrong).';

-- ---------------------------------------------------------------------------------------
-- sync_pull
-- ---------------------------------------------------------------------------------------

-- The transactions a snapshot had in progress. On a primary pg_current_snapshot() lists
-- them. On a hot standby it lists none (recovery keeps them among the snapshot's
-- subtransactions, which it does not show), so every id between xmin and xmax that the
-- commit log still has in progress counts. Read after the snapshot: a transaction that
-- finished in between is seen by the statements that follow, so counting it as seen loses
-- nothing.
create function private.snapshot_in_progress(p_snapshot pg_snapshot) returns xid8[]
  language sql
  volatile
  set search_path = ''
as $$
  select case when not pg_catalog.pg_is_in_recovery()
              then array(select i from pg_catalog.pg_snapshot_xip(p_snapshot) i order by i)
              else array(select x::text::xid8
                           from pg_catalog.generate_series(pg_catalog.pg_snapshot_xmin(p_snapshot)::text::bigint,
                                                           pg_catalog.pg_snapshot_xmax(p_snapshot)::text::bigint - 1) x
                          where pg_catalog.pg_xact_status(x::text::xid8) = 'in progress'
                          order by x) end
$$;
comment on function private.snapshot_in_progress(pg_snapshot) is
  'The transactions a pg_current_snapshot() had in progress: its xip list on a primary; on a hot standby, where that list is empty, the ids between xmin and xmax that pg_xact_status has in progress. For sync_pull''s cursors.';

-- The statement that builds a page of sync_pull, for one table: the page's items
-- (private.sync_items: index probes of the caller's keys), then their rows by primary key.
-- The whole answer is built by this one statement, as json: each record is written out as
-- text once, in json_agg. (Built as jsonb, a page of 1000 watchlist entries cost the
-- client 33 ms instead of 8: building jsonb's tree, copying it into the answer, then
-- printing it back to text.) Its parameters: $1 the user, $2 the mode, $3 / $4 the state
-- delivered (x, ip), $5 the page position, $6 the page size, $7 the cursor's horizon, $8-$10
-- the state the whole pull will have delivered (x, ip, horizon).
create function private.sync_page_sql(p_table text) returns text
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_columns text;
  v_deleted_at_expr text;
begin
  perform private.assert_sync_table(p_table);
  -- A record is the row's stored columns but sync_xid and generated ones (a geography
  -- column would also cost its text form for every row).
  select pg_catalog.string_agg(pg_catalog.format('t.%I', a.attname), ', ' order by a.attnum),
         coalesce(max('t.deleted_at') filter (where a.attname = 'deleted_at'), 'null::timestamptz')
    into v_columns, v_deleted_at_expr
    from pg_catalog.pg_attribute a
   where a.attrelid = pg_catalog.format('public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.attname <> 'sync_xid';

  return pg_catalog.format($q$
    with items as (
      select i.*, row_number() over (order by i.c0, i.c1, i.id, i.kind) as n
        from private.sync_items(%1$L, $1, $2, $3, $4, ($5 ->> 0)::xid8, ($5 ->> 1)::xid8, ($5 ->> 2)::uuid,
                                ($5 ->> 3)::integer, $6 + 1) i
    ), page as (
      select * from items where n <= $6
    ), kept as (
      -- within a page each id appears once, in its latest state (a row deleted and
      -- re-created, or the other way round, in the same page)
      select distinct on (p.id) p.* from page p order by p.id, p.n desc
    ), found as (
      -- each row by its primary key (a join could be planned as a scan of the whole table
      -- hashed, for the 1000 items a function is estimated to return)
      select k.n, k.id, f.deleted_at, f.record
        from kept k
       cross join lateral (select %2$s as deleted_at, r as record
                             from public.%1$I t cross join lateral (select %3$s) r
                            where t.id = k.id limit 1) f
       where k.kind = 1
    ), tail as (
      select (select count(*) from items) > $6 as has_more,
             (select jsonb_build_array(p.c0::text, p.c1::text, p.id, p.kind) from page p where p.n = $6) as last
    )
    select json_build_object(
      'records', coalesce((select json_agg(f.record order by f.n) from found f where f.deleted_at is null), '[]'),
      'deleted', coalesce((select json_agg(json_build_object('id', d.id, 'deleted_at', d.at, 'reason', d.reason) order by d.n)
                             from (select k.n, k.id, k.at, k.reason from kept k where k.kind = 0
                                   union all
                                   select f.n, f.id, f.deleted_at, 'deleted' from found f where f.deleted_at is not null) d), '[]'),
      'cursor', private.encode_sync_cursor(
                  case when tail.has_more
                       then jsonb_build_object('t', %1$L, 'x', $3::text, 'ip', to_jsonb($4::text[]), 'h', $7::text,
                                               'nx', $8::text, 'nip', to_jsonb($9::text[]), 'nh', $10::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', %1$L, 'x', $8::text, 'ip', to_jsonb($9::text[]), 'h', $10::text) end),
      'server_timestamp', now(),
      'has_more', tail.has_more)
      from tail
    $q$, p_table, v_deleted_at_expr, v_columns);
end
$$;
comment on function private.sync_page_sql(text) is
  'The statement sync_pull runs for a page of p_table (one of sync_tables()): the items of private.sync_items and their rows (the table''s stored columns but sync_xid and generated ones), as the answer''s json. Parameters as the migration describes. INVALID_TABLE (22023).';

-- The page statements as functions, one per synced table (private.create_plan_keeping_function:
-- planned once per session, where running the text planned it on every pull). Each knows the md5 of the text it was made from and answers NULL for any
-- other: a migration that changes a synced table's columns changes the text, and sync_pull
-- then runs the text itself until private.generate_sync_pages() is run again (SyncServiceTests
-- fails until it is).
create function private.generate_sync_pages() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_table text;
  v_sql text;
begin
  foreach v_table in array private.sync_tables() loop
    v_sql := private.sync_page_sql(v_table);
    perform private.create_plan_keeping_function('sync_page_' || v_table,
      'p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, '
      'p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8, p_sql_md5 text',
      'json', 'volatile',
      pg_catalog.format('if p_sql_md5 is distinct from %L then return null; end if; return (%s);', pg_catalog.md5(v_sql), v_sql),
      pg_catalog.format('A page of sync_pull for table %s: the statement of private.sync_page_sql(%L) with its plan kept (NULL when p_sql_md5 is not the md5 of the text it was made from). Generated by private.generate_sync_pages.',
                        v_table, v_table));
  end loop;
end
$$;
comment on function private.generate_sync_pages() is
  '(Re)creates private.sync_page_<table> for every synced table from private.sync_page_sql. Run by this migration; run it again after changing the columns of a synced table.';
revoke all on function private.sync_page_sql(text), private.generate_sync_pages() from public, anon, authenticated, service_role;

select private.generate_sync_pages();

create function public.sync_pull(p_table text, p_cursor text default null, p_limit integer default 1000)
  returns json
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_state jsonb;
  v_x xid8 := '0';
  v_ip xid8[] := '{}';
  v_lo xid8;
  v_full boolean;
  v_mode text;
  v_next_x xid8;
  v_next_ip xid8[];
  v_horizon xid8;
  v_next_horizon xid8;
  v_after jsonb := '["0", "0", "00000000-0000-0000-0000-000000000000", -1]';
  v_snapshot pg_snapshot;
  v_sql text;
  v_page json;
begin
  perform private.assert_sync_table(p_table);
  if p_limit is null or p_limit < 1 or p_limit > 10000 then
    raise exception using errcode = '22023',
      message = 'INVALID_LIMIT: p_limit must be between 1 and 10000',
      detail = format('p_limit = %s', coalesce(p_limit::text, 'NULL'));
  end if;
  if v_uid is null then
    raise exception using errcode = '42501',
      message = 'NOT_AUTHENTICATED: sync_pull needs a calling user (auth.uid() is NULL)';
  end if;

  if p_cursor is not null then
    v_state := private.decode_sync_cursor(p_table, p_cursor);
    v_x := (v_state ->> 'x')::xid8;
    v_ip := array(select jsonb_array_elements_text(v_state -> 'ip')::xid8);
  end if;
  -- x = 0: a full sync (NULL cursor) or one of its next pages. The client holds nothing
  -- yet, so deletions and revocations it could have seen in the pull's first snapshot
  -- mean nothing to it.
  v_full := v_x = '0'::xid8;

  -- Read before the snapshot below: a purge that commits in between shows as a moved
  -- horizon. The logs a pull of this table reads: its own, its parents' (notes: tasks,
  -- activities), the access log.
  v_horizon := coalesce((select max(h.purged_through) from public.sync_horizon h
                          where h.table_name = p_table or h.table_name = 'sync_access_log'
                             or h.table_name in (select k.derived_from from private.visibility_rules r
                                                   join private.visibility_kinds k on k.kind = r.kind
                                                  where r.table_name = p_table)), '0');

  if v_state ? 'a' then
    -- The pull goes on to finish at its first page's snapshot, which this server must have
    -- reached: one further behind (another replica) would not show rows that snapshot saw.
    -- Then the pull starts over from its cursor instead (repeats, never a loss).
    v_snapshot := pg_current_snapshot();
    v_next_x := (v_state ->> 'nx')::xid8;
    v_next_ip := array(select jsonb_array_elements_text(v_state -> 'nip')::xid8);
    if pg_snapshot_xmax(v_snapshot) < v_next_x
       or exists (select from unnest(private.snapshot_in_progress(v_snapshot)) i
                   where i < v_next_x and i <> all (v_next_ip)) then
      v_state := v_state - 'a';
    end if;
  end if;

  if v_state ? 'a' then
    -- Next page of a pull in progress: it completes at the state of its first page.
    v_after := v_state -> 'a';
    v_next_horizon := (v_state ->> 'nh')::xid8;
  else
    -- Taken before the rows are read: whatever commits in between comes again next time.
    -- The pulling transaction's own xid counts as unseen (its writes are not committed yet).
    v_snapshot := pg_current_snapshot();
    v_next_x := pg_snapshot_xmax(v_snapshot);
    v_next_ip := array(select distinct i from unnest(private.snapshot_in_progress(v_snapshot)
                                                     || pg_current_xact_id_if_assigned()) i
                        where i is not null order by i);
    v_next_horizon := v_horizon;
  end if;

  -- The oldest transaction not yet delivered. A purge can only have removed log rows this
  -- pull still needs if it ran after the snapshot the pull goes on from (the horizon moved
  -- on since) and reached past the oldest transaction that snapshot had not seen; a full
  -- sync needs no deletion its own first snapshot saw.
  v_lo := least(v_x, (select min(i) from unnest(v_ip) i));
  if p_cursor is not null
     and (case when v_full then v_horizon > v_next_horizon
                                and v_horizon >= least(v_next_x, (select min(i) from unnest(v_next_ip) i))
               else v_horizon > (v_state ->> 'h')::xid8 and v_horizon >= v_lo end) then
    raise exception using errcode = '22023',
      message = 'CURSOR_EXPIRED: deletions this cursor has not seen were purged',
      hint = 'Do a full sync: call sync_pull with a NULL cursor and replace the local copy.';
  end if;
  -- Becoming or ceasing to be an admin changes what the caller sees of every table at once:
  -- a full sync says it best.
  if not v_full and exists (select from public.sync_access_log a
                             where a.user_id = v_uid and a.kind = 'admin'
                               and a.sync_xid >= v_lo and (a.sync_xid >= v_x or a.sync_xid = any (v_ip))) then
    raise exception using errcode = '22023',
      message = 'CURSOR_EXPIRED: the caller''s admin rights changed since this cursor',
      hint = 'Do a full sync: call sync_pull with a NULL cursor and replace the local copy.';
  end if;

  v_mode := case when (select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
                      and private.is_admin() then 'admin'
                 when v_full then 'full'
                 else 'changes' end;

  -- The page: private.sync_page_<table> runs the statement of private.sync_page_sql with
  -- its plan kept; it answers NULL when the table's columns changed since it was generated,
  -- and the statement then runs from its text.
  v_sql := private.sync_page_sql(p_table);
  execute pg_catalog.format('select private.%I($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', 'sync_page_' || p_table)
    into v_page
    using v_uid, v_mode, v_x, v_ip, v_after, p_limit, coalesce(v_state ->> 'h', '0')::xid8,
          v_next_x, v_next_ip, v_next_horizon, pg_catalog.md5(v_sql);
  if v_page is null then
    execute v_sql
      into v_page
      using v_uid, v_mode, v_x, v_ip, v_after, p_limit, coalesce(v_state ->> 'h', '0')::xid8,
            v_next_x, v_next_ip, v_next_horizon;
  end if;

  return v_page;
end
$$;
comment on function public.sync_pull(text, text, integer) is
  'Changes to p_table (one of sync_tables()) since p_cursor that concern the caller, as json (not jsonb: building and printing jsonb cost four times as much): {records: [rows the caller sees, oldest change first], deleted: [{id, deleted_at, reason}] (reason "deleted": tombstoned or hard-deleted; "revoked": the caller may no longer see it — a share revoked, an item claimed by someone else or completed, a listing given away), cursor, server_timestamp, has_more}. NULL cursor = full sync. Pass the returned cursor to the next call; while has_more, call again at once. Never misses a change: a transaction that commits after a pull is delivered by the next one, whenever it started, and so is a change of who may see what (rows that became visible come as records, even if they were not written). Within a page each id appears once in its latest state; apply pages in order. Errors: INVALID_TABLE, INVALID_LIMIT (1..10000), INVALID_CURSOR, CURSOR_EXPIRED (all 22023: on CURSOR_EXPIRED — log rows purged, or the caller''s admin rights changed — resync with a NULL cursor), NULL_ARGUMENT (22004), NOT_AUTHENTICATED (42501). SECURITY DEFINER: it reads the sync logs, which no app user may read, and what it returns is exactly what the visibility definition lets the caller see (private.sync_items), the rule the SELECT policies apply.';

-- ---------------------------------------------------------------------------------------
-- sync_push
-- ---------------------------------------------------------------------------------------

create function public.sync_push(p_table text, p_record jsonb, p_expected_version integer)
  returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  -- Larger than the largest record the column limits allow (a 10,000-character text and
  -- its neighbours, even in 4-byte characters).
  c_max_record_bytes constant integer := 65536;
  v_rel regclass;
  v_id uuid;
  v_unknown text[];
  v_hidden text[];
  v_update_cols text[];
  v_insert_cols text[];
  v_row jsonb;
  v_server jsonb;
  v_is_insert boolean := coalesce(p_expected_version, 0) = 0;
begin
  perform private.assert_sync_table(p_table);
  v_rel := format('public.%I', p_table)::regclass;

  if p_record is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_record is required';
  end if;
  if jsonb_typeof(p_record) <> 'object' then
    raise exception using errcode = '22023',
      message = 'INVALID_RECORD: p_record must be a JSON object',
      detail = format('got a JSON %s', jsonb_typeof(p_record));
  end if;
  -- Refused whole before anything is parsed out of it; each column's own limit (TOO_LONG)
  -- holds within this.
  if pg_column_size(p_record) > c_max_record_bytes then
    raise exception using errcode = '22001',
      message = format('TOO_LONG: p_record is %s bytes, more than the %s a record may have', pg_column_size(p_record), c_max_record_bytes),
      detail = jsonb_build_object('column', 'p_record', 'max_length', c_max_record_bytes, 'length', pg_column_size(p_record))::text;
  end if;
  begin
    v_id := (p_record ->> 'id')::uuid;
  exception when invalid_text_representation then
    v_id := null;
  end;
  if v_id is null then
    raise exception using errcode = '22023',
      message = 'INVALID_RECORD: p_record.id must be a UUID',
      detail = format('id = %s', coalesce(p_record ->> 'id', 'missing'));
  end if;
  if p_expected_version < 0 then
    raise exception using errcode = '22023',
      message = 'INVALID_VERSION: p_expected_version must be the row_version last seen, or NULL/0 for a new row',
      detail = format('p_expected_version = %s', p_expected_version);
  end if;

  -- Every key must be a column. Server-managed columns (id, created_at, updated_at,
  -- row_version, sync_xid, generated) and those the caller may not write are ignored, so a
  -- client may push back the whole record it pulled.
  select array_agg(k order by k) into v_unknown
    from jsonb_object_keys(p_record) k
   where not exists (select from pg_catalog.pg_attribute a
                      where a.attrelid = v_rel and a.attname = k and a.attnum > 0 and not a.attisdropped);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: unknown column(s) for %s: %s', p_table, array_to_string(v_unknown, ', ')),
      detail = 'Known columns: ' || (select string_agg(a.attname, ', ' order by a.attnum) from pg_catalog.pg_attribute a
                                       where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped);
  end if;

  select coalesce(array_agg(a.attname::text), '{}') into v_hidden
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and (a.attname = 'sync_xid' or a.attgenerated <> '');

  select coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where a.attname <> 'id' and pg_catalog.has_column_privilege(v_rel, a.attnum, 'UPDATE')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where pg_catalog.has_column_privilege(v_rel, a.attnum, 'INSERT')), '{}')
    into v_update_cols, v_insert_cols
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = ''
     and a.attname not in ('created_at', 'updated_at', 'row_version', 'sync_xid')
     and p_record ? a.attname;

  -- Types: every value must convert to its column's type.
  begin
    execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) r', p_table)
      into v_row using p_record;
  exception when others then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: a value does not fit its column in %s', p_table),
      detail = sqlerrm;
  end;

  begin
    if v_is_insert then
      -- A row created offline: insert it with the client's id (idempotent: a retried push
      -- finds its own row and gets it back as a conflict at version 1).
      if not ('id' = any (v_insert_cols)) then
        raise exception using errcode = '42501',
          message = format('NOT_AUTHORIZED: you may not create rows in %s', p_table);
      end if;
      execute format(
        'insert into public.%1$I as t (%2$s) select %3$s from jsonb_populate_record(null::public.%1$I, $1) r
         on conflict (id) do nothing
         returning to_jsonb(t) - $2',
        p_table,
        (select string_agg(format('%I', c), ', ') from unnest(v_insert_cols) c),
        (select string_agg(format('r.%I', c), ', ') from unnest(v_insert_cols) c))
        into v_row using p_record, v_hidden;
    elsif cardinality(v_update_cols) > 0 then
      execute format(
        'update public.%1$I as t set %2$s from jsonb_populate_record(null::public.%1$I, $1) r
          where t.id = $2 and t.row_version = $3
         returning to_jsonb(t) - $4',
        p_table,
        (select string_agg(format('%1$I = r.%1$I', c), ', ') from unnest(v_update_cols) c))
        into v_row using p_record, v_id, p_expected_version, v_hidden;
    else
      v_row := null; -- nothing the caller may change: answer from the version check below
    end if;
  exception
    when insufficient_privilege then
      raise exception using errcode = '42501',
        message = format('NOT_AUTHORIZED: you may not write this row of %s', p_table), detail = sqlerrm;
    when foreign_key_violation then
      if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
      raise exception using errcode = '23503',
        message = format('FK_MISSING: a row this %s row references does not exist', p_table), detail = sqlerrm;
    when unique_violation then
      if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
      raise exception using errcode = '23505',
        message = format('UNIQUE_CONFLICT: a value of this %s row is already taken', p_table), detail = sqlerrm;
    when check_violation or not_null_violation or invalid_text_representation
         or string_data_right_truncation or numeric_value_out_of_range or datetime_field_overflow then
      if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
      raise exception using errcode = '22023',
        message = format('INVALID_RECORD: the %s row breaks a rule', p_table), detail = sqlerrm;
  end;

  if v_row is not null then
    return jsonb_build_object('status', 'applied', 'record', v_row);
  end if;

  -- Nothing written: tell why from the row as the caller sees it.
  execute format('select to_jsonb(t) - $2 from public.%I t where t.id = $1', p_table)
    into v_server using v_id, v_hidden;
  if v_server is null then
    if v_is_insert then
      raise exception using errcode = '23505',
        message = format('ID_TAKEN: id %s is already used by a row of %s you cannot see', v_id, p_table);
    end if;
    raise exception using errcode = 'P0002',
      message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
      hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
  end if;
  if not v_is_insert and (v_server ->> 'row_version')::integer = p_expected_version then
    if cardinality(v_update_cols) = 0 then
      return jsonb_build_object('status', 'applied', 'record', v_server);
    end if;
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: you may read but not change this row of %s', p_table);
  end if;
  return jsonb_build_object('status', 'conflict', 'record', v_server);
end
$$;
comment on function public.sync_push(text, jsonb, integer) is
  'Writes one record of p_table (one of sync_tables()) as the caller (row-level security applies). With p_expected_version = the row_version last pulled: UPDATE ... WHERE id and row_version match; with NULL or 0: INSERT of a row created offline (its id from the record). Returns {status: "applied", record} or, when the server row moved on (or already exists), {status: "conflict", record: <server row>} (server wins). Keys must be columns; server-managed ones (id, created_at, updated_at, row_version, sync_xid, generated) and those the caller may not set are ignored. Errors: INVALID_TABLE, INVALID_RECORD, INVALID_VERSION (22023), NULL_ARGUMENT (22004), TOO_LONG (22001: the record is over 64 KiB, or a value over its column''s limit), NOT_FOUND (P0002), NOT_AUTHORIZED (42501), FK_MISSING (23503), UNIQUE_CONFLICT / ID_TAKEN (23505). Nothing is changed on error.';

-- The cursor functions run inside sync_pull, as its owner.
revoke all on function private.encode_sync_cursor(jsonb), private.decode_sync_cursor(text, text),
  private.snapshot_in_progress(pg_snapshot),
  public.sync_pull(text, text, integer), public.sync_push(text, jsonb, integer) from public, anon, authenticated, service_role;
grant execute on function public.sync_pull(text, text, integer), public.sync_push(text, jsonb, integer) to authenticated, service_role;
