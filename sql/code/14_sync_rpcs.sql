-- Offline sync: sync_pull and sync_push, and the cursors that make a pull never miss a
-- change (why and how: 12_sync_changes.sql; what a pull contains: 13_sync_items.sql).

-- Replaced by private.claim_conflict (05_claims.sql), the rule claim_work_item answers with too.
drop function if exists private.sync_claim_holder(text, uuid, integer);

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

create or replace function private.encode_sync_cursor(p_state jsonb) returns text
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
create or replace function private.decode_sync_cursor(p_table text, p_cursor text) returns jsonb
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
create or replace function private.snapshot_in_progress(p_snapshot pg_snapshot) returns xid8[]
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

-- The most bytes of json a page of sync_pull carries in records and deletions: the page
-- ends at the first item whose running total reaches it (that item included, so a page
-- always makes progress, even past a row bigger than the budget). 4 MB: a 1000-row page of
-- ordinary rows (a few hundred bytes each) never reaches it, so it ends at p_limit as
-- before; a page of the largest rows (journal entries of 65,536 characters, up to ~390 KB of
-- json escaped) still carries ten or more; and the copies a page costs the server
-- (sync_pull's COMMENT) stay a few tens of MB. A session may lower it, never raise it:
-- set dispatch.sync_page_bytes = <bytes> (more, smaller pages: a slow link, a test).
create or replace function private.sync_pull_page_bytes() returns integer
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  c_budget constant integer := 4194304;
  v_setting text := pg_catalog.current_setting('dispatch.sync_page_bytes', true);
begin
  if coalesce(v_setting, '') = '' then
    return c_budget;
  end if;
  if v_setting !~ '^[0-9]{1,10}$' or v_setting::bigint < 1 then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: the setting dispatch.sync_page_bytes must be a number of bytes of at least 1',
      detail = pg_catalog.json_build_object('argument', 'dispatch.sync_page_bytes', 'value', pg_catalog.left(v_setting, 100))::text;
  end if;
  return least(v_setting::bigint, c_budget);
end
$$;
comment on function private.sync_pull_page_bytes() is
  'The byte budget of a sync_pull page (the json of its records and deletions): 4194304 (4 MB), or less if the session set dispatch.sync_page_bytes lower (a higher value is capped). INVALID_ARGUMENT (22023) when that setting is not a positive number of bytes.';
revoke all on function private.sync_pull_page_bytes() from public, anon, authenticated, service_role;

-- The statement that builds a page of sync_pull, for one table: the page's items
-- (private.sync_items: index probes of the caller's keys), then their rows by primary key.
-- The whole answer is built by this one statement, as json: each item is written out as
-- json text once (built), measured on that text, and copied into the answer by json_agg.
-- (Built as jsonb, a page of 1000 watchlist entries cost the client 33 ms instead of 8:
-- building jsonb's tree, copying it into the answer, then printing it back to text.)
-- The page ends at p_limit items or at the item whose running total of bytes reaches
-- private.sync_pull_page_bytes(), whichever comes first; items are built lazily in order,
-- and the readers of built stop at that item (limit): rows past it are not built (the
-- window reads one ahead). Its parameters: $1 the user, $2 the mode, $3 / $4 the state
-- delivered (x, ip), $5 the page position, $6 the page size, $7 the cursor's horizon,
-- $8-$10 the state the whole pull will have delivered (x, ip, horizon).
create or replace function private.sync_page_sql(p_table text) returns text
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
        from private.sync_items(%1$L, p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
                                (p_after ->> 3)::integer, p_limit + 1) i
    ), built as (
      -- each item of the first p_limit as the json it is delivered as, in order, and the
      -- running total of their bytes: a deletion, a tombstone (as a deletion), or the
      -- row's record (by its primary key: a join could be planned as a scan of the whole
      -- table hashed, for the 1000 items a function is estimated to return); a row gone
      -- since is no item. next_n: where its id comes again (within a page each id appears
      -- once, in its latest state: a row deleted and re-created, or the other way round).
      select b.*, sum(b.bytes) over (order by b.n rows between unbounded preceding and current row) as upto
        from (select i.n, i.next_n, d.deleted, d.item, pg_catalog.octet_length(d.item::text) as bytes
                from (select items.*, lead(items.n) over (partition by items.id order by items.n) as next_n
                        from items where items.n <= p_limit order by items.n) i
                left join lateral (select %2$s as deleted_at, pg_catalog.to_json(r) as record
                                     from public.%1$I t cross join lateral (select %3$s) r
                                    where t.id = i.id and i.kind = 1 limit 1) f on true
               cross join lateral (select i.kind = 0 or f.deleted_at is not null as deleted,
                                          case when i.kind = 0 then pg_catalog.json_build_object('id', i.id, 'deleted_at', i.at, 'reason', i.reason)
                                               when f.deleted_at is not null then pg_catalog.json_build_object('id', i.id, 'deleted_at', f.deleted_at, 'reason', 'deleted')
                                               else f.record end as item) d) b
    ), cut as materialized (
      -- the page's last item: the one that reaches the budget, or the p_limit-th
      select coalesce((select b.n from built b where b.upto >= (select private.sync_pull_page_bytes()) limit 1), p_limit) as m
    ), tail as materialized (
      select (select count(*) from items) > cut.m as has_more,
             (select jsonb_build_array(i.c0::text, i.c1::text, i.id, i.kind) from items i where i.n = cut.m) as last
        from cut
    ), page as (
      -- the items up to the cut, each id at its last place among them; aggregated in the
      -- order built holds them (n), without sorting them again
      select json_agg(b.item) filter (where not b.deleted) as records, json_agg(b.item) filter (where b.deleted) as deleted
        from (select * from built b limit (select m from cut)) b
       where b.item is not null and (b.next_n is null or b.next_n > (select m from cut))
    )
    -- cursor and has_more first: a client can ask for the next page before it has read
    -- the records of this one (SyncService.pullAll)
    select json_build_object(
      'cursor', private.encode_sync_cursor(
                  case when tail.has_more
                       then jsonb_build_object('t', %1$L, 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', %1$L, 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    $q$, p_table, v_deleted_at_expr, v_columns);
end
$$;
comment on function private.sync_page_sql(text) is
  'The statement sync_pull runs for a page of p_table (one of sync_tables()): the items of private.sync_items and their rows (the table''s stored columns but sync_xid and generated ones), as the answer''s json, ending at p_limit items or at the item whose running total of json bytes reaches private.sync_pull_page_bytes(). It names the parameters of private.sync_page_<table>. INVALID_TABLE (22023).';

-- The page statements as functions, one per synced table (private.create_plan_keeping_function:
-- planned once per session, where running the text planned it on every pull). A migration
-- that changes a synced table's columns changes the text: the final step of migrate
-- (private.apply_manifest) generates them again.
create or replace function private.generate_sync_pages() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_table text;
begin
  foreach v_table in array private.sync_tables() loop
    perform private.create_plan_keeping_function('sync_page_' || v_table,
      'p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, '
      'p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8',
      'json', 'volatile',
      pg_catalog.format('return (%s);', private.sync_page_sql(v_table)),
      pg_catalog.format('A page of sync_pull for table %s: the statement of private.sync_page_sql(%L) with its plan kept. Generated by private.generate_sync_pages.',
                        v_table, v_table));
  end loop;
end
$$;
comment on function private.generate_sync_pages() is
  '(Re)creates private.sync_page_<table> for every synced table from private.sync_page_sql. Run by private.generate_sync_statements (private.apply_manifest, the final step of migrate).';
revoke all on function private.sync_page_sql(text), private.generate_sync_pages() from public, anon, authenticated, service_role;

create or replace function public.sync_pull(p_table text, p_cursor text default null, p_limit integer default 1000)
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
  -- A table private to its owner (admins do not see it: the journals) goes to the owner
  -- signed in as an app user only, never to a service that set the owner's claims.
  if not (select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
     and not private.caller_acts_as_authenticated() then
    raise exception using errcode = '42501',
      message = pg_catalog.format('OWNER_ONLY: %s is private to its owner, pulled only by a session acting as role authenticated', p_table);
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

  -- The page: private.sync_page_<table>, the statement of private.sync_page_sql with its
  -- plan kept (p_table is one of the synced tables: assert_sync_table above).
  execute pg_catalog.format(
    'select private.%I(p_user => $1, p_mode => $2, p_x => $3, p_ip => $4, p_after => $5, p_limit => $6, '
    'p_horizon => $7, p_next_x => $8, p_next_ip => $9, p_next_horizon => $10)', 'sync_page_' || p_table)
    into v_page
    using v_uid, v_mode, v_x, v_ip, v_after, p_limit, coalesce(v_state ->> 'h', '0')::xid8,
          v_next_x, v_next_ip, v_next_horizon;

  return v_page;
end
$$;
comment on function public.sync_pull(text, text, integer) is
  'Changes to p_table (one of sync_tables()) since p_cursor that concern the caller, as json (not jsonb: building and printing jsonb cost four times as much): {cursor, has_more, server_timestamp, records: [rows the caller sees, oldest change first], deleted: [{id, deleted_at, reason}] (reason "deleted": tombstoned or hard-deleted; "revoked": the caller may no longer see it — a share revoked, an item claimed by someone else or completed, a listing given away)}, in that order (a client may read cursor and has_more and ask for the next page before it reads the records). NULL cursor = full sync. Pass the returned cursor to the next call; while has_more, call again at once. Never misses a change: a transaction that commits after a pull is delivered by the next one, whenever it started, and so is a change of who may see what (rows that became visible come as records, even if they were not written). A page ends at p_limit items or at 4 MB of json (private.sync_pull_page_bytes(); a session may lower it with dispatch.sync_page_bytes), whichever comes first: the first item whose running total of json bytes reaches the budget ends it, that item included (a page always makes progress, even past one row bigger than the budget), and the cursor resumes right after it. Rows past that item are not built (one at most, read ahead); the server holds a page''s json a few times over while it builds and sends it (docs/sync.md), about 6 to 7 times the page at the peak: ~27 MB for a full 4 MB page, whatever its rows or p_limit. Within a page each id appears once in its latest state; apply pages in order. Errors: INVALID_TABLE, INVALID_LIMIT (1..10000), INVALID_CURSOR, CURSOR_EXPIRED (all 22023: on CURSOR_EXPIRED — log rows purged, or the caller''s admin rights changed — resync with a NULL cursor), NULL_ARGUMENT (22004), NOT_AUTHENTICATED (42501), OWNER_ONLY (42501: a table private to its owner, the journals, pulled by a session not acting as role authenticated, such as service_role with a user''s claims). SECURITY DEFINER: it reads the sync logs, which no app user may read, and what it returns is exactly what the visibility definition lets the caller see (private.sync_items), the rule the SELECT policies apply.';

-- ---------------------------------------------------------------------------------------
-- sync_push
-- ---------------------------------------------------------------------------------------
-- A push lands whole or not at all, and its answer says which. Each column of a record is
--   writable  the caller holds INSERT (new row) or UPDATE (existing row) on it: written.
--             The column grants (04_dispatch_access.sql, 09_watchlist_access.sql) are the one list of what an app may write.
--   derived   decided by the server at every write: its clock (created_at, updated_at, and
--             completed_at, claimed_at, edited_at, which triggers derive from other
--             columns), its version counter (row_version), sync_xid, generated columns. A
--             record carries them because it was pulled; a pushed value is an echo or a
--             device's guess, so it is ignored and the answer carries the server's (only
--             where a grant says so is one written: the times of an item created offline
--             already completed or claimed).
--   locked    any other column: its value must be the server's (for a new row: what the
--             insert stores), or the record is refused with COLUMN_NOT_WRITABLE naming the
--             columns, never answered "applied" with a part dropped. One has a meaning of
--             its own: claimed_by of a task or activity set to the caller is a claim and set
--             to null a release, made by claim_work_item / release_work_item themselves, so
--             that an offline claim is the claim an online one is (atomic, audited, in the
--             outbox, notified).
-- A retried push whose first answer was lost finds its own write (the pushed values, at
-- the version that write produced) and answers "applied" again.

-- A row pushed before its parent (an entry before its watchlist, a photo before its entry:
-- an offline queue replayed out of order) is refused by the parent's row-level security
-- (the parent is not there to be the caller's), which would read as "not yours". The
-- answer is FK_MISSING instead, naming the parent: push it, then retry this record.
-- SECURITY DEFINER: whether a row exists at all, whoever's it is (the caller learns only
-- that an id they pushed names no row).
create or replace function private.sync_missing_parent(p_table text, p_record jsonb) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  v_fk record;
  v_found boolean;
  v_id text;
begin
  for v_fk in
    select a.attname::text as col, c.confrelid::regclass as ref, rc.relname::text as ref_table,
           ra.attname::text as ref_col, pg_catalog.format_type(ra.atttypid, ra.atttypmod) as ref_type
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_catalog.pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      join pg_catalog.pg_class rc on rc.oid = c.confrelid
     where c.conrelid = pg_catalog.format('public.%I', p_table)::regclass and c.contype = 'f'
       and pg_catalog.cardinality(c.conkey) = 1 and p_record ->> a.attname is not null
     order by a.attnum
  loop
    execute pg_catalog.format('select exists (select from %1$s r where r.%2$I = $1::%3$s), $1::%3$s::text',
                              v_fk.ref, v_fk.ref_col, v_fk.ref_type)
      into v_found, v_id using p_record ->> v_fk.col;
    if not v_found then
      return pg_catalog.jsonb_build_object('table', v_fk.ref_table, 'column', v_fk.col, 'id', v_id);
    end if;
  end loop;
  return null;
end
$$;
comment on function private.sync_missing_parent(text, jsonb) is
  'For sync_push: {table, column, id} of the first row the record references (a single-column foreign key of p_table) that does not exist at all, NULL when every one does. SECURITY DEFINER: existence, not visibility, decides between FK_MISSING (push the parent first, then retry) and NOT_AUTHORIZED.';
revoke all on function private.sync_missing_parent(text, jsonb) from public, anon, authenticated, service_role;
-- sync_push (SECURITY INVOKER) asks it as the pushing user.
grant execute on function private.sync_missing_parent(text, jsonb) to authenticated, service_role;

-- The per-field merge of a push against an older version (p_base) of a row now at
-- p_current. For each column the push would change (p_columns: its value differs from the
-- server's), who wins:
--   push    the server did not change it since p_base: the device's edit          "pushed"
--   server  the server changed it and the pushed value is the one it had at p_base
--           (the device only echoes what it pulled)                                "server"
--   push    both changed it: last write wins by the server's clock, and the push,
--           arriving now, is the later write                                       "last_write"
--   either  both changed it within a second of each other: the documents' tie rule,
--           the write of the user whose id sorts first (as text) wins; a user's own
--           later write, or one against a write without a user, is the push's      "tie"
-- NULL when the history since p_base is not all there (older than the 30 days kept, or a
-- version the server never had): then nothing can be merged and the push is a conflict.
-- SECURITY DEFINER: it reads private.sync_field_changes, which no app role may read; it
-- answers only about the row's own history. The pushed values digested as the
-- _sync_fields trigger digests the stored ones (private.sync_field_digests).
create or replace function private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer,
                                              p_record jsonb, p_columns text[]) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  c_tie constant interval := interval '1 second';
  v_uid uuid := auth.uid();
  v_versions integer;
  v_history jsonb;
  v_pushed jsonb;
begin
  perform private.assert_sync_table(p_table);
  if p_base is null or p_current is null or p_base >= p_current then
    return null;
  end if;
  select count(*) into v_versions
    from private.sync_field_changes c
   where c.table_name = p_table and c.row_id = p_id and c.row_version > p_base and c.row_version <= p_current;
  if v_versions <> p_current - p_base then
    return null;
  end if;
  -- Per column the server changed since p_base: the digest of its value at p_base (from the
  -- first change after it), and the time and writer of its last change.
  select coalesce(jsonb_object_agg(f.key, jsonb_build_object('base', f.base, 'at', f.at, 'by', f.by)), '{}')
    into v_history
    from (select d.key,
                 (array_agg(d.value order by c.row_version))[1] as base,
                 max(c.changed_at) as at,
                 (array_agg(c.changed_by order by c.row_version desc))[1] as by
            from private.sync_field_changes c
           cross join lateral jsonb_each_text(c.digests) d
           where c.table_name = p_table and c.row_id = p_id and c.row_version > p_base and c.row_version <= p_current
             and d.key = any (p_columns)
           group by d.key) f;
  execute format('select private.sync_field_digests(r, $2) from jsonb_populate_record(null::public.%I, $1) r', p_table)
    into v_pushed using p_record, p_columns;
  return coalesce((
    select jsonb_object_agg(c, case
             when not v_history ? c then jsonb_build_object('winner', 'push', 'reason', 'pushed')
             when v_pushed ->> c = v_history #>> array[c, 'base'] then jsonb_build_object('winner', 'server', 'reason', 'server')
             when now() - (v_history #>> array[c, 'at'])::timestamptz > c_tie
               then jsonb_build_object('winner', 'push', 'reason', 'last_write')
             when v_history #>> array[c, 'by'] is null or v_uid is null
                  or v_history #>> array[c, 'by'] = v_uid::text or v_uid::text < v_history #>> array[c, 'by']
               then jsonb_build_object('winner', 'push', 'reason', 'tie')
             else jsonb_build_object('winner', 'server', 'reason', 'tie') end)
      from unnest(p_columns) c), '{}');
end
$$;
comment on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]) is
  'For sync_push of a record of p_table row p_id pushed against version p_base while the row is at p_current: for each column of p_columns (those the push would change), {winner: "push" | "server", reason: "pushed" (only the push changed it) | "server" (only the server changed it since p_base) | "last_write" (both: the push is the later write by the server''s clock) | "tie" (both within a second: the user id sorting first wins)}. NULL when the history since p_base is incomplete (purged after 30 days): no merge. SECURITY DEFINER: reads private.sync_field_changes, which no app role may read.';
revoke all on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]) from public, anon, authenticated, service_role;
-- sync_push (SECURITY INVOKER) asks it as the pushing user.
grant execute on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]) to authenticated, service_role;

-- The Dispatch apps' records name two columns of tasks and activities by their own keys:
-- created_by (the declarer: declared_by) and listing (listing_id). Pushed under either
-- name, they are the same column; named twice, both must say the same.
create or replace function private.sync_record_columns(p_table text, p_record jsonb) returns jsonb
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  v_alias record;
begin
  for v_alias in
    select a.key, a.col from (values ('created_by', 'declared_by'), ('listing', 'listing_id')) a (key, col)
     where p_table in ('tasks', 'activities') and p_record ? a.key
  loop
    if p_record ? v_alias.col and lower(p_record ->> v_alias.col) is distinct from lower(p_record ->> v_alias.key) then
      raise exception using errcode = '22023',
        message = format('INVALID_RECORD: %s and %s name the same column of %s with different values', v_alias.key, v_alias.col, p_table),
        detail = jsonb_build_object(v_alias.key, p_record -> v_alias.key, v_alias.col, p_record -> v_alias.col)::text;
    end if;
    p_record := (p_record - v_alias.key) || jsonb_build_object(v_alias.col, p_record -> v_alias.key);
  end loop;
  return p_record;
end
$$;
comment on function private.sync_record_columns(text, jsonb) is
  'For sync_push: p_record with the Dispatch apps'' keys of a task or activity renamed to their columns (created_by: declared_by, listing: listing_id). INVALID_RECORD (22023) when a record names a column under both keys with different values.';
revoke all on function private.sync_record_columns(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function private.sync_record_columns(text, jsonb) to authenticated, service_role;

-- sync_push's INSERT of rows created offline, for the records of p_items (a JSON array) in
-- their order, each with the client's id, writing the columns p_columns (those the records
-- name that the caller may insert): one record for sync_push, all the new rows of a batch
-- that name the same columns for sync_push_batch. Returns (id, written) of the rows inserted;
-- an id already taken inserts nothing.
create or replace function private.sync_push_insert_sql(p_table text, p_columns text[]) returns text
  language sql
  stable
  set search_path = ''
as $$
  select pg_catalog.format(
    'insert into public.%1$I as t (%2$s) select %3$s'
    ' from pg_catalog.jsonb_array_elements($1) with ordinality i (record, n)'
    ' cross join lateral pg_catalog.jsonb_populate_record(null::public.%1$I, i.record) r order by i.n'
    ' on conflict (id) do nothing returning t.id, pg_catalog.to_jsonb(t) as written',
    p_table,
    (select pg_catalog.string_agg(pg_catalog.format('%I', c), ', ') from pg_catalog.unnest(p_columns) c),
    (select pg_catalog.string_agg(pg_catalog.format('r.%I', c), ', ') from pg_catalog.unnest(p_columns) c))
$$;
comment on function private.sync_push_insert_sql(text, text[]) is
  'SQL text of sync_push''s INSERT into p_table of the records of a JSON array ($1), in order, writing the columns p_columns; returns (id, row as jsonb) of the rows inserted (on conflict (id) do nothing). For sync_push (one record) and sync_push_batch (the new rows of a batch that name the same columns).';

-- A new row stores what its record says in every column the caller may not write but names
-- (p_locked): the pushed value must be what the insert stored, or the record is refused
-- (COLUMN_NOT_WRITABLE). The columns where they differ.
create or replace function private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) returns text[]
  language sql
  immutable
  set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(c), '{}') from pg_catalog.unnest(p_locked) c where p_pushed -> c is distinct from p_row -> c
$$;
comment on function private.sync_push_refused(text[], jsonb, jsonb) is
  'For sync_push and sync_push_batch: the columns of p_locked (named by a new row''s record, not writable by the caller) whose pushed value (p_pushed) differs from what the insert stored (p_row): refused with COLUMN_NOT_WRITABLE.';
revoke all on function private.sync_push_insert_sql(text, text[]), private.sync_push_refused(text[], jsonb, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function private.sync_push_insert_sql(text, text[]), private.sync_push_refused(text[], jsonb, jsonb)
  to authenticated, service_role;

-- sync_push itself, with one more choice for sync_push_batch: p_defer, for a new row or a
-- plain edit (no claim or release, nothing refused, only columns app users may update),
-- answers {status: "deferred", op: insert | update, id, record, columns, ... , answer}
-- instead of writing it (answer: what sync_push answers once it is written, but the record),
-- so that the batch writes all such records in one statement (whose triggers then record the
-- changes once for all, not once per record). Everything else it decides and does as
-- sync_push does.
create or replace function private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean)
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
  -- Never written from a record, whatever the caller's grants (the service role's too).
  c_stamps constant text[] := array['id', 'created_at', 'updated_at', 'row_version', 'sync_xid'];
  -- Derived by triggers from other columns (or the parent row); written only where a grant allows.
  c_derived constant text[] := array['completed_at', 'claimed_at', 'edited_at', 'parent_open'];
  c_undo constant text := 'sync_push: undo';
  v_uid uuid := auth.uid();
  v_rel regclass;
  v_id uuid;
  v_is_insert boolean := coalesce(p_expected_version, 0) = 0;
  v_unknown text[];
  v_hidden text[];
  v_writable text[];   -- pushed columns the caller may write
  v_locked text[];     -- pushed columns neither writable nor derived: they must hold the server's value
  v_compared text[];   -- pushed columns that are not derived: what applying the record decides
  v_pushed jsonb;      -- the record's values in their columns' canonical JSON (comparable with a row's)
  -- Tasks and activities are claimed (the inverse of private.claimable_table).
  v_item_type text := case p_table when 'tasks' then 'task' when 'activities' then 'activity' end;
  v_server jsonb;
  v_changed text[] := '{}';
  v_set text[];        -- the changed columns an update writes
  v_refused text[] := '{}';
  v_claim text;        -- 'claim' or 'release', when claimed_by says so
  v_stale boolean := false;
  v_base integer := p_expected_version;  -- the version the write applies to (the current one after a merge)
  v_merge jsonb;       -- per field, what won (private.sync_merge), when the push was merged
  v_version integer;
  v_row jsonb;
  v_reason jsonb;      -- why a conflict, in the refusal's words ({code, message, detail})
  v_written jsonb;     -- the answer for the record written, but the record
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
  p_record := private.sync_record_columns(p_table, p_record);
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

  -- Every key must be a column.
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

  select coalesce(array_agg(c.name order by c.attnum) filter (where c.writable), '{}'),
         coalesce(array_agg(c.name order by c.name) filter (where not c.writable and not c.derived), '{}'),
         coalesce(array_agg(c.name order by c.name) filter (where not c.derived), '{}')
    into v_writable, v_locked, v_compared
    from (select a.attnum, a.attname::text as name,
                 a.attgenerated <> '' or a.attname = any (c_stamps || c_derived) as derived,
                 a.attgenerated = '' and (a.attname <> all (c_stamps) or (v_is_insert and a.attname = 'id'))
                   and pg_catalog.has_column_privilege(v_rel, a.attnum, case when v_is_insert then 'INSERT' else 'UPDATE' end)
                   as writable
            from pg_catalog.pg_attribute a
           where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped and p_record ? a.attname) c;

  -- Types: every value must convert to its column's type.
  begin
    execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) r', p_table)
      into v_row using p_record;
  exception when others then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: a value does not fit its column in %s', p_table),
      detail = sqlerrm;
  end;
  select jsonb_object_agg(k, v_row -> k) into v_pushed from jsonb_object_keys(p_record) k;
  v_row := null;

  if not v_is_insert then
    -- The row as the caller sees it, and what applying the record would change of it.
    execute format('select private.%I($1) - $2', 'sync_push_row_' || p_table) into v_server using v_id, v_hidden;
    if v_item_type is not null and v_pushed -> 'claimed_by' = to_jsonb(v_uid)
       and not ('claimed_by' = any (v_writable)) then
      v_claim := 'claim';
      -- Lost to another claimer (who may have taken it out of the caller's sight): said as
      -- claim_work_item says it.
      v_reason := private.claim_conflict(v_item_type, v_id);
      if v_reason is not null and (v_server is null or (v_server ->> 'row_version')::integer <> p_expected_version) then
        return jsonb_build_object('status', 'conflict', 'record', v_server) || v_reason;
      end if;
    elsif v_item_type is not null and v_pushed -> 'claimed_by' = 'null'::jsonb and not ('claimed_by' = any (v_writable)) then
      v_claim := 'release';
    end if;
    if v_server is null then
      raise exception using errcode = 'P0002',
        message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
        hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
    end if;
    v_changed := array(select c from unnest(v_compared) c where v_pushed -> c is distinct from v_server -> c);
    if v_claim is not null and not ('claimed_by' = any (v_changed)) then
      v_claim := null;
    end if;
    v_stale := (v_server ->> 'row_version')::integer <> p_expected_version;
    if v_stale then
      -- A retry of a push that was applied: the server row holds its values, at the
      -- version it produced (a claim or release with edits writes twice). In bigint: a
      -- p_expected_version of 2147483647 is a conflict, not an integer overflow.
      if cardinality(v_changed) = 0
         and (v_server ->> 'row_version')::integer between p_expected_version::bigint + 1
             and p_expected_version::bigint + (case when v_item_type is not null and p_record ? 'claimed_by' then 2 else 1 end) then
        return jsonb_build_object('status', 'applied', 'record', v_server);
      end if;
      -- The row moved on since the device's version: merged field by field. What the
      -- server changed and the device did not stays; what the device changed is written;
      -- what both changed goes to the later write (private.sync_merge). Only the device's
      -- winning changes go on, written at the current version: a claim or release among
      -- them is one still, a stale echo of the server's old value is none.
      v_merge := private.sync_merge(p_table, v_id, p_expected_version, (v_server ->> 'row_version')::integer, p_record, v_changed);
      if v_merge is null or v_reason is not null then
        return jsonb_build_object('status', 'conflict', 'record', v_server) || coalesce(v_reason, '{}');
      end if;
      v_changed := array(select c from unnest(v_changed) c where v_merge #>> array[c, 'winner'] = 'push');
      v_base := (v_server ->> 'row_version')::integer;
      if v_claim is not null and not ('claimed_by' = any (v_changed)) then
        v_claim := null;
      end if;
    end if;
    v_refused := array(select c from unnest(v_changed) c
                        where c = any (v_locked) and not (c = 'claimed_by' and v_claim is not null));
    if cardinality(v_changed) = 0 then
      return jsonb_build_object('status', case when v_merge is null then 'applied' else 'merged' end, 'record', v_server)
             || case when v_merge is null then '{}' else jsonb_build_object('fields', v_merge) end;
    end if;
  end if;

  -- The answer once the record is written, but its record (the row as written).
  v_written := jsonb_build_object('status', case when v_merge is null then 'applied' else 'merged' end)
               || case when v_merge is null then '{}' else jsonb_build_object('fields', v_merge) end;
  if p_defer and v_is_insert and 'id' = any (v_writable) then
    return jsonb_build_object('status', 'deferred', 'op', 'insert', 'id', v_id, 'record', p_record,
                              'columns', to_jsonb(v_writable), 'locked', to_jsonb(v_locked), 'pushed', v_pushed,
                              'hidden', to_jsonb(v_hidden), 'answer', v_written);
  elsif p_defer and not v_is_insert and v_claim is null and cardinality(v_refused) = 0 then
    v_set := array(select c from unnest(v_changed) c where c = any (v_writable));
    if not exists (select from unnest(v_set) c where not pg_catalog.has_column_privilege('authenticated', v_rel, c, 'UPDATE')) then
      return jsonb_build_object('status', 'deferred', 'op', 'update', 'id', v_id, 'version', v_base, 'record', p_record,
                                'columns', to_jsonb(v_set), 'hidden', to_jsonb(v_hidden), 'answer', v_written);
    end if;
  end if;

  if cardinality(v_refused) = 0 then
    begin
      if v_is_insert then
        -- A row created offline, inserted with the client's id.
        if not ('id' = any (v_writable)) then
          raise exception using errcode = '42501',
            message = format('NOT_AUTHORIZED: you may not create rows in %s', p_table);
        end if;
        execute format('with i as (%s) select i.written from i', private.sync_push_insert_sql(p_table, v_writable))
          into v_row using jsonb_build_array(p_record);
        if v_row is not null then
          v_refused := private.sync_push_refused(v_locked, v_pushed, v_row);
        end if;
      else
        -- A claim first (then the claimer may edit), a release last (the claimer's edits
        -- go in before it): each step must find the row at the version the previous left.
        v_version := v_base;
        if v_claim = 'claim' then
          v_row := public.claim_work_item(v_item_type, v_id);
          v_version := v_version + 1;
          if (v_row ->> 'row_version')::integer <> v_version then
            raise exception using message = c_undo;
          end if;
        end if;
        v_set := array(select c from unnest(v_changed) c where c = any (v_writable));
        if cardinality(v_set) > 0 then
          if not exists (select from unnest(v_set) c where not pg_catalog.has_column_privilege('authenticated', v_rel, c, 'UPDATE')) then
            -- The columns app users may update: the statement with its plan kept.
            execute format('select private.%I($1, $2, $3, $4)', 'sync_push_update_' || p_table)
              into v_row using p_record, v_set, v_id, v_version;
          else
            execute format(
              'update public.%1$I as t set %2$s from jsonb_populate_record(null::public.%1$I, $1) r
                where t.id = $2 and t.row_version = $3
               returning to_jsonb(t)',
              p_table, (select string_agg(format('%1$I = r.%1$I', c), ', ') from unnest(v_set) c))
              into v_row using p_record, v_id, v_version;
          end if;
          if v_row is null then
            raise exception using message = c_undo;  -- moved on, or not the caller's to change: told apart below
          end if;
          v_version := v_version + 1;
        end if;
        if v_claim = 'release' then
          v_row := public.release_work_item(v_item_type, v_id);
          if (v_row ->> 'row_version')::integer <> v_version + 1 then
            raise exception using message = c_undo;
          end if;
        end if;
      end if;
      if cardinality(v_refused) > 0 then
        raise exception using message = c_undo;
      end if;
    exception
      when raise_exception then
        if sqlerrm <> c_undo then raise; end if;
        v_row := null;
      when object_not_in_prerequisite_state or no_data_found then
        -- A claimer who got there first (and may have taken the item out of the caller's
        -- sight since this push read it): a conflict, in claim_work_item's words.
        v_reason := case when v_claim = 'claim' then private.claim_conflict(v_item_type, v_id) end;
        if v_reason is null then raise; end if;
        v_row := null;
      when insufficient_privilege then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        v_reason := private.sync_missing_parent(p_table, p_record);
        if v_reason is not null then
          raise exception using errcode = '23503',
            message = format('FK_MISSING: a row this %s row references does not exist', p_table),
            detail = v_reason::text,
            hint = format('Push the %s row %s first, then retry this record unchanged.', v_reason ->> 'table', v_reason ->> 'id');
        end if;
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
  end if;

  if cardinality(v_refused) > 0 then
    raise exception using errcode = '42501',
      message = format('COLUMN_NOT_WRITABLE: you may not change %s of a %s row', array_to_string(v_refused, ', '), p_table),
      detail = jsonb_build_object('table', p_table, 'columns', to_jsonb(v_refused))::text,
      hint = 'Push the server''s value or leave the column out. A task or activity is claimed by setting claimed_by to yourself, released by setting it to null.';
  end if;
  if v_row is not null then
    return v_written || jsonb_build_object('record', v_row - v_hidden);
  end if;

  -- Nothing written: tell why from the row as the caller sees it now.
  execute format('select private.%I($1) - $2', 'sync_push_row_' || p_table) into v_server using v_id, v_hidden;
  if v_server is null and v_reason is not null then
    return jsonb_build_object('status', 'conflict', 'record', null) || v_reason;  -- claimed out of the caller's sight
  elsif v_server is null and v_is_insert then
    raise exception using errcode = '23505',
      message = format('ID_TAKEN: id %s is already used by a row of %s you cannot see', v_id, p_table);
  elsif v_server is null then
    raise exception using errcode = 'P0002',
      message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
      hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
  end if;
  if v_is_insert and (v_server ->> 'row_version')::integer = 1
     and not exists (select from unnest(v_compared) c where v_pushed -> c is distinct from v_server -> c) then
    return jsonb_build_object('status', 'applied', 'record', v_server);  -- a retried insert: its own row
  end if;
  if not v_is_insert and v_reason is null and (v_server ->> 'row_version')::integer = v_base then
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: you may read but not change this row of %s', p_table);
  end if;
  return jsonb_build_object('status', 'conflict', 'record', v_server) || coalesce(v_reason, '{}');
end
$$;
comment on function private.sync_push_record(text, jsonb, integer, boolean) is
  'public.sync_push, and with p_defer the same but that a new row or a plain edit (no claim or release, nothing refused, only columns app users may update) is answered {status: "deferred", op: "insert" | "update", id, record, columns, hidden, answer (the answer once written, but its record); version (update); locked, pushed (insert)} instead of written: sync_push_batch writes those in one statement (private.sync_push_updates_<table>, private.sync_push_insert_sql).';
revoke all on function private.sync_push_record(text, jsonb, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function private.sync_push_record(text, jsonb, integer, boolean) to authenticated, service_role;

create or replace function public.sync_push(p_table text, p_record jsonb, p_expected_version integer)
  returns jsonb
  language sql
  volatile
  security invoker
  set search_path = ''
as $$
  select private.sync_push_record(p_table, p_record, p_expected_version, false)
$$;
comment on function public.sync_push(text, jsonb, integer) is
  'Writes one record of p_table (one of sync_tables()) as the caller (row-level security applies), whole or not at all. With p_expected_version = the row_version last pulled: an update of the columns that differ, if the row is still at that version; with NULL or 0: an insert of a row created offline (its id from the record). Returns {status: "applied", record} (also for a retry of a write already applied: same values, at the version it produced); {status: "merged", record, fields} when the row moved on since p_expected_version and the record was merged into it field by field (private.sync_merge: what only the push changed is written, what only the server changed stays, what both changed goes to the later write by the server''s clock, the user id sorting first within a second; fields says per column what won); or {status: "conflict", record: <server row>} when the id exists or the history a merge needs is gone (server wins; with code ALREADY_CLAIMED, message and detail when someone else claimed the item, record null when that took it out of the caller''s sight). Keys must be columns (a task''s or activity''s created_by and listing name declared_by and listing_id). Columns the caller holds INSERT/UPDATE on are written; server-derived ones (created_at, updated_at, row_version, completed_at, claimed_at, edited_at, parent_open, sync_xid, generated) are ignored; any other must equal the server''s value, else COLUMN_NOT_WRITABLE (42501, detail {table, columns}). claimed_by of a task or activity set to the caller claims it and set to null releases it, through claim_work_item / release_work_item (their errors: ALREADY_COMPLETED, NOT_CLAIMER). Errors: INVALID_TABLE, INVALID_RECORD, INVALID_VERSION (22023), NULL_ARGUMENT (22004), TOO_LONG (22001: the record is over 64 KiB, or a value over its column''s limit), NOT_FOUND (P0002), NOT_AUTHORIZED (42501), FK_MISSING (23503), UNIQUE_CONFLICT / ID_TAKEN (23505). Nothing is changed on error.';

-- sync_push's UPDATE as a function per synced table (private.create_plan_keeping_function),
-- its plan kept for the session: planning the statement for each record cost more than
-- running it (1.6 of 3 ms for a task). So is its read of the row as the caller sees it
-- (sync_push_row_<table>): planned with the table's row-level security on every record, it
-- cost a 1,000-record sync_push_batch a tenth of a second. It names every column app users may update (the
-- grants of authenticated when it is generated), each set to the pushed value when it is
-- in p_columns and to itself otherwise; sync_push writes a column outside that list (one
-- only the service role may write) with a statement of its own. Run it again after
-- changing the column grants of a synced table.
create or replace function private.generate_sync_push_updates() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_table text;
  v_columns text[];
begin
  foreach v_table in array private.sync_tables() loop
    perform private.create_plan_keeping_function(
      'sync_push_row_' || v_table, 'p_id uuid', 'jsonb', 'stable',
      pg_catalog.format('return (select pg_catalog.to_jsonb(t) from public.%I t where t.id = p_id);', v_table),
      pg_catalog.format('For sync_push: the %s row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.', v_table));
    execute pg_catalog.format('grant execute on function private.%I(uuid) to authenticated, service_role',
                              'sync_push_row_' || v_table);
    select array_agg(a.attname::text order by a.attnum) into v_columns
      from pg_catalog.pg_attribute a
     where a.attrelid = pg_catalog.format('public.%I', v_table)::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' and a.attname not in ('id', 'created_at', 'updated_at', 'row_version', 'sync_xid')
       and pg_catalog.has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE');
    -- A table app users may only insert into (journal_field_groups) has no update to keep.
    continue when v_columns is null;
    perform private.create_plan_keeping_function(
      'sync_push_update_' || v_table,
      'p_record jsonb, p_columns text[], p_id uuid, p_version integer', 'setof jsonb', 'volatile',
      pg_catalog.format($body$
        return query
          update public.%1$I as t set %2$s
            from pg_catalog.jsonb_populate_record(null::public.%1$I, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        $body$, v_table,
        (select pg_catalog.string_agg(pg_catalog.format('%1$I = case when %1$L = any (p_columns) then r.%1$I else t.%1$I end', c), ', ')
           from pg_catalog.unnest(v_columns) c)),
      pg_catalog.format('For sync_push: updates the %s row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.', v_table));
    execute pg_catalog.format('grant execute on function private.%I(jsonb, text[], uuid, integer) to authenticated, service_role',
                              'sync_push_update_' || v_table);
    -- sync_push_batch's plain edits in one statement: the same update for many rows, each
    -- item {id, version, record, columns}. Rows found by their ids, never by a scan (a plan
    -- kept for the session may have been made while the table was small).
    execute pg_catalog.format($f$
      create or replace function private.%1$I(p_items jsonb) returns table (written_id uuid, written jsonb)
        language plpgsql
        volatile
        set search_path = ''
        set plan_cache_mode = force_generic_plan
        set jit = off
        set enable_seqscan = off
      as $body$
      #variable_conflict use_column
      begin
        return query
          update public.%2$I as t set %3$s
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.%2$I, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $body$
      $f$, 'sync_push_updates_' || v_table, v_table,
      (select pg_catalog.string_agg(pg_catalog.format('%1$I = case when %1$L = any (i.columns) then r.%1$I else t.%1$I end', c), ', ')
         from pg_catalog.unnest(v_columns) c));
    execute pg_catalog.format('comment on function private.%I(jsonb) is %L', 'sync_push_updates_' || v_table,
      pg_catalog.format('For sync_push_batch: updates the %s rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.', v_table));
    execute pg_catalog.format('revoke all on function private.%I(jsonb) from public, anon, authenticated, service_role',
                              'sync_push_updates_' || v_table);
    execute pg_catalog.format('grant execute on function private.%I(jsonb) to authenticated, service_role',
                              'sync_push_updates_' || v_table);
  end loop;
end
$$;
comment on function private.generate_sync_push_updates() is
  'Creates private.sync_push_update_<table> and private.sync_push_row_<table> for each synced table: sync_push''s UPDATE with its plan kept for the session, naming every column authenticated may update, and its read of the row as the caller sees it. Run by private.generate_sync_statements (the final step of migrate), so a change of column grants is followed.';
revoke all on function private.generate_sync_push_updates() from public, anon, authenticated, service_role;

-- Every generated statement of sync_pull and sync_push at once, so that none is forgotten:
-- run by private.apply_manifest, the final step of every migrate that changed anything.
create or replace function private.generate_sync_statements() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_function regprocedure;
begin
  -- What was generated before goes first: a table no longer synced keeps none, and a
  -- changed signature leaves no stale overload behind.
  for v_function in
    select p.oid::regprocedure from pg_catalog.pg_proc p
     where p.pronamespace = 'private'::regnamespace
       and (p.proname ~ '^sync_items_.+_(full|changes|visibility|admin)$'
            or (p.proname like 'sync\_page\_%' and p.proname <> 'sync_page_sql')
            or p.proname like 'sync\_push\_update\_%' or p.proname like 'sync\_push\_updates\_%'
            or p.proname like 'sync\_push\_row\_%')
  loop
    execute pg_catalog.format('drop function %s', v_function);
  end loop;
  perform private.generate_sync_items();
  perform private.generate_sync_pages();
  perform private.generate_sync_push_updates();
end
$$;
comment on function private.generate_sync_statements() is
  'Drops every generated per-table statement of sync_pull and sync_push and generates them again for the synced tables (private.generate_sync_items, private.generate_sync_pages, private.generate_sync_push_updates). Run by private.apply_manifest (the final step of migrate), after any change of the synced tables, their columns or column grants.';
revoke all on function private.generate_sync_statements() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- sync_push_batch
-- ---------------------------------------------------------------------------------------

-- A reconnecting device sends its pending writes in one round trip. Each record is pushed
-- as sync_push pushes it, in a subtransaction of its own, so one refused record undoes
-- nothing of the others, and its answer is the one a single push would have given (a coded
-- error becomes {status: "rejected", code, sqlstate, message, detail, hint}). An error that
-- is not about the record (no code: a lost lock, a server fault) fails the whole batch, which
-- the client retries as it is: what was applied answers "applied" again.
-- The plain edits and new rows among them (private.sync_push_record's "deferred": no claim
-- or release, an id no other record of the batch names) are written together once all
-- records are decided: the edits in one UPDATE (private.sync_push_updates_<table>), the new
-- rows in one INSERT per set of columns their records name (private.sync_push_insert_sql). Their
-- triggers then record the changes once for the batch instead of once per record, which cost
-- more than the writes themselves. Records of distinct rows do not depend on each other's
-- order. A record such a statement did not write (its row moved on meanwhile, the caller may
-- not change it, its id is taken), and all of a statement's if it fails (a rule one row
-- breaks) or stored a column otherwise than its record says, are pushed again one by one, as
-- sync_push, for their own answers.
create or replace function public.sync_push_batch(p_table text, p_records jsonb) returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  -- About a minute of a mobile network's round trips in one call, and a few seconds of work.
  c_max_records constant integer := 1000;
  v_problem text;
  v_items jsonb[];
  v_single boolean[];  -- per record: no other record of the batch names its id
  v_results jsonb[];
  v_todo integer[];
  v_deferred integer[] := '{}';  -- the edits to write together: their indexes
  v_intents jsonb[] := '{}';     -- and their deferred answers
  v_written jsonb;               -- {id: row} of those the one UPDATE (and the INSERTs) wrote
  v_columns jsonb;               -- the columns a group of new rows names
  v_inserted jsonb;              -- {id: row} of the rows one INSERT wrote
  v_round integer;
  v_i integer;
  v_answer jsonb;
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  perform private.assert_sync_table(p_table);
  if p_records is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_records is required';
  end if;
  if jsonb_typeof(p_records) <> 'array' then
    v_problem := format('p_records is a JSON %s, not an array', jsonb_typeof(p_records));
  elsif jsonb_array_length(p_records) > c_max_records then
    raise exception using errcode = '22023',
      message = format('INVALID_BATCH: %s records, more than the %s a batch may have', jsonb_array_length(p_records), c_max_records),
      detail = jsonb_build_object('max', c_max_records, 'length', jsonb_array_length(p_records))::text,
      hint = 'Push the records in batches of at most that many.';
  else
    select format('item %s is not {"record": {...}, "expected_version": integer or null}', i.n - 1)
      into v_problem
      from jsonb_array_elements(p_records) with ordinality i(item, n)
     where jsonb_typeof(i.item) <> 'object'
        or exists (select from jsonb_object_keys(i.item) k where k not in ('record', 'expected_version'))
        or not i.item ? 'record'
        or coalesce(jsonb_typeof(i.item -> 'expected_version'), 'null') not in ('number', 'null')
        or (jsonb_typeof(i.item -> 'expected_version') = 'number' and i.item ->> 'expected_version' !~ '^[0-9]{1,9}$')
     order by i.n
     limit 1;
  end if;
  if v_problem is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_BATCH: p_records must be an array of {"record": {...}, "expected_version": integer or null}',
      detail = v_problem;
  end if;

  select coalesce(array_agg(x.item order by x.n), '{}'), coalesce(array_agg(x.single order by x.n), '{}')
    into v_items, v_single
    from (select i.n, i.item, pg_catalog.count(*) over (partition by pg_catalog.lower(i.item -> 'record' ->> 'id')) = 1 as single
            from jsonb_array_elements(p_records) with ordinality i(item, n)) x;
  v_results := array_fill(null::jsonb, array[cardinality(v_items)]);
  v_todo := array(select pg_catalog.generate_series(1, cardinality(v_items)));
  -- Round 1: every record, the plain edits and new rows deferred; round 2: the deferred ones
  -- not written.
  for v_round in 1..2 loop
    foreach v_i in array v_todo loop
      begin
        v_answer := private.sync_push_record(p_table, v_items[v_i] -> 'record', (v_items[v_i] ->> 'expected_version')::integer,
                                             v_round = 1 and v_single[v_i]);
        if v_answer ->> 'status' = 'deferred' then
          v_deferred := v_deferred || v_i;
          v_intents := v_intents || v_answer;
        else
          v_results[v_i] := v_answer;
        end if;
      exception when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text,
                                v_detail = pg_exception_detail, v_hint = pg_exception_hint;
        if v_message !~ '^[A-Z][A-Z0-9_]*: ' then
          raise;
        end if;
        v_results[v_i] := jsonb_strip_nulls(jsonb_build_object(
          'status', 'rejected', 'code', substring(v_message from '^([A-Z][A-Z0-9_]*): '), 'sqlstate', v_state,
          'message', v_message, 'detail', nullif(v_detail, ''), 'hint', nullif(v_hint, '')));
      end;
    end loop;
    exit when cardinality(v_deferred) = 0;
    v_written := '{}';
    begin
      if exists (select from unnest(v_intents) d where d ->> 'op' = 'update') then
        execute format('select coalesce(jsonb_object_agg(w.written_id, w.written), ''{}'') from private.%I($1) w',
                       'sync_push_updates_' || p_table)
          into v_written
          using (select jsonb_agg(jsonb_build_object('id', d ->> 'id', 'version', d -> 'version', 'record', d -> 'record',
                                                     'columns', d -> 'columns'))
                   from unnest(v_intents) d where d ->> 'op' = 'update');
      end if;
    exception when others then
      v_written := '{}';  -- each pushed again below, for its own answer
    end;
    -- The new rows, one INSERT per set of columns named (a device's records name the same).
    for v_columns in select distinct d -> 'columns' from unnest(v_intents) d where d ->> 'op' = 'insert' loop
      begin
        execute format('with i as (%s) select coalesce(jsonb_object_agg(i.id, i.written), ''{}'') from i',
                       private.sync_push_insert_sql(p_table, array(select jsonb_array_elements_text(v_columns))))
          into v_inserted
          using (select jsonb_agg(d -> 'record' order by n) from unnest(v_intents) with ordinality u (d, n)
                  where d ->> 'op' = 'insert' and d -> 'columns' = v_columns);
        -- A row storing other than its record says in a column the caller may not write is
        -- refused: all of them pushed again below, so that it alone is.
        if exists (select from unnest(v_intents) d
                    where d ->> 'op' = 'insert' and d -> 'columns' = v_columns and v_inserted ? (d ->> 'id')
                      and cardinality(private.sync_push_refused(array(select jsonb_array_elements_text(d -> 'locked')),
                                                                d -> 'pushed', v_inserted -> (d ->> 'id'))) > 0) then
          raise exception using message = 'sync_push_batch: undo';
        end if;
        v_written := v_written || v_inserted;
      exception when others then
        null;  -- each pushed again below, for its own answer
      end;
    end loop;
    v_todo := '{}';
    for v_i in 1..cardinality(v_deferred) loop
      if v_written ? (v_intents[v_i] ->> 'id') then
        v_results[v_deferred[v_i]] := v_intents[v_i] -> 'answer'
          || jsonb_build_object('record', (v_written -> (v_intents[v_i] ->> 'id'))
                                          - array(select jsonb_array_elements_text(v_intents[v_i] -> 'hidden')));
      else
        v_todo := v_todo || v_deferred[v_i];
      end if;
    end loop;
    v_deferred := '{}';
    v_intents := '{}';
  end loop;
  return to_jsonb(v_results);
end
$$;
comment on function public.sync_push_batch(text, jsonb) is
  'Pushes up to 1000 records of p_table in one call: p_records is [{record, expected_version}, ...] as sync_push takes them, the answer an array in the same order of what sync_push answered for each ({status: "applied" | "conflict", record, ...}), or {status: "rejected", code, sqlstate, message, detail, hint} for the coded error it raised. Each record in a subtransaction of its own: a rejected one changes nothing and undoes nothing of the others. An error without a code fails the whole call (retry it as it is: applied records answer "applied" again). Errors: INVALID_TABLE, INVALID_BATCH (22023: not an array of {record, expected_version}, or more than 1000; nothing is pushed), NULL_ARGUMENT (22004).';

-- The cursor functions run inside sync_pull, as its owner.
revoke all on function private.encode_sync_cursor(jsonb), private.decode_sync_cursor(text, text),
  private.snapshot_in_progress(pg_snapshot),
  public.sync_pull(text, text, integer), public.sync_push(text, jsonb, integer), public.sync_push_batch(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.sync_pull(text, text, integer), public.sync_push(text, jsonb, integer),
  public.sync_push_batch(text, jsonb) to authenticated, service_role;
