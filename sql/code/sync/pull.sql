-- sync_pull: a page of what changed for the caller in one synced table since a cursor
-- (the cursor: sync/cursor.sql; the page's items: sync/items.sql).

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
  set search_path = pg_catalog, pg_temp
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

-- The visibility rule a table's full pull reads its rows through, when it is the only one
-- (nothing else makes a row visible) and its keys are held directly (not derived from
-- another table's rows): then its items in mode full are one stream over the table's own
-- rows, and private.sync_page_sql reads them directly. NULL otherwise.
create or replace function private.sync_direct_rule(p_table text) returns private.visibility_rules
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select r from private.visibility_rules r join private.visibility_kinds k on k.kind = r.kind
   where r.table_name = p_table and k.derived_from is null
     and (select count(*) from private.visibility_rules o where o.table_name = p_table) = 1
$$;
comment on function private.sync_direct_rule(text) is
  'The visibility rule of p_table when it is the table''s only one and its keys are held directly (no derived kind), so that its items in mode full are one stream over the table''s own rows, read directly by the page (private.sync_page_sql); NULL otherwise.';
revoke all on function private.sync_direct_rule(text) from public, anon, authenticated, service_role;

-- The statement that builds a page of sync_pull, for one table and mode: the page's items
-- (a static call of private.sync_items_<table>_<mode>: index probes of the caller's keys), then
-- their rows by primary key; or, in mode full of a table with one visibility rule of keys held
-- directly (private.sync_direct_rule), the rows themselves, read by the items' own index
-- probes in the statement (a direct page: below). The whole answer is built by this one statement, as json: each
-- item is written out as json text once (built), measured on that text, and copied into the
-- answer by json_agg. (Built as jsonb, a page of 1000 watchlist entries cost the client 33 ms
-- instead of 8: building jsonb's tree, copying it into the answer, then printing it back to
-- text.) The page ends at p_page_limit items or at the item whose running total of bytes
-- reaches private.sync_pull_page_bytes(), whichever comes first; items are built lazily in
-- order, and the readers of built stop at that item (limit): rows past it are not built (the
-- window reads one ahead). A record is an object of the row's columns, or with p_compact an
-- array of their values in the order of the answer's "columns" (named once per page).
-- It names the variables of private.sync_page_<table>: the arguments of the items function
-- (p_limit = the page size + 1: one read ahead), and p_page_limit,
-- p_compact, p_after (the page position, for the cursor), p_x / p_ip (the state delivered),
-- p_horizon (the cursor's), p_next_x / p_next_ip / p_next_horizon (the state the whole pull
-- will have delivered).
create or replace function private.sync_page_sql(p_table text, p_mode text) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_columns text[];
  v_names text[];
  v_deleted_at text;
  v_rule private.visibility_rules;
  v_ctes text;
  v_tail text;
begin
  perform private.assert_sync_table(p_table);
  -- A record is the row's stored columns but sync_xid and generated ones (a geography
  -- column would also cost its text form for every row).
  select pg_catalog.array_agg(a.attname::text order by a.attnum),
         max('deleted_at') filter (where a.attname = 'deleted_at')
    into v_columns, v_deleted_at
    from pg_catalog.pg_attribute a
   where a.attrelid = pg_catalog.format('public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.attname <> 'sync_xid';
  v_names := array(select pg_catalog.format('%I', c) from unnest(v_columns) c);
  if p_mode = 'full' then
    v_rule := private.sync_direct_rule(p_table);
  end if;

  if v_rule.table_name is null then
    v_ctes := pg_catalog.format($q$items as (
      select i.*, row_number() over (order by i.c0, i.c1, i.id, i.kind) as n
        from private.%5$I(p_lo, p_x, p_ip, p_after_c0, p_after_c1, p_after_id, p_after_kind, p_limit, p_kinds, p_keys,
                          p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats,
                          p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats) i
    ), built as (
      -- each item of the first p_page_limit as the json it is delivered as, in order, with the
      -- running total of bytes up to it (the items are sorted by n before any is built, so
      -- each is built only when a reader asks for it: the cut reads up to the item that ends
      -- the page, and none past it is built): a deletion, a tombstone (as a deletion), or the
      -- row's record (by its primary key: a join could be planned as a scan of the whole
      -- table hashed); a row gone since is no item. next_n: where its id comes again (within
      -- a page each id appears once, in its latest state: a row deleted and re-created, or
      -- the other way round; in a full pull an id comes once, from one transaction, whatever
      -- the keys it is read through).
      select i.n, i.next_n, d.deleted, d.item,
             sum(pg_catalog.octet_length(d.item::text)) over (order by i.n rows between unbounded preceding and current row) as upto
        from (%4$s) i
        left join lateral (select %2$s as deleted_at,
                                  case when p_compact then pg_catalog.json_build_array(%3$s) else pg_catalog.to_json(r) end as record
                             from public.%1$I t cross join lateral (select %3$s) r
                            where t.id = i.id and i.kind = 1 limit 1) f on true
       cross join lateral (select i.kind = 0 or f.deleted_at is not null as deleted,
                                  case when i.kind = 0 then pg_catalog.json_build_object('id', i.id, 'deleted_at', i.at, 'reason', i.reason)
                                       when f.deleted_at is not null then pg_catalog.json_build_object('id', i.id, 'deleted_at', f.deleted_at, 'reason', 'deleted')
                                       else f.record end as item
                            -- (offset 0: built once, not written into each of its uses)
                            offset 0) d
    ), totals as (
      select b.n, b.upto from built b
    )$q$,
      p_table, coalesce('t.' || v_deleted_at, 'null::timestamptz'),
      't.' || pg_catalog.array_to_string(v_names, ', t.'),
      case when p_mode = 'full' then 'select items.*, null::bigint as next_n from items where items.n <= p_page_limit order by items.n'
           else 'select items.*, lead(items.n) over (partition by items.id order by items.n) as next_n
                 from items where items.n <= p_page_limit order by items.n' end,
      'sync_items_' || p_table || '_' || p_mode);
    v_tail := 'select (select count(*) from items) > cut.m as has_more,
             (select jsonb_build_array(i.c0::text, i.c1::text, i.id, i.kind) from items i where i.n = cut.m) as last
        from cut';
  else
    -- A direct page: the table's full items are one stream over its own rows (one visibility
    -- rule, private.sync_direct_rule), so the items are the rows themselves, read with their
    -- columns by the stream's own index scan (per key held, in order, to p_limit, the page
    -- size and one more, and one more again: the row at the page position, which the scan's
    -- bound includes and the position test drops), with no items function between (its result held as a tuplestore), no
    -- second probe by primary key, and no sort after it. Each is an item (c0 = c1 = its
    -- sync_xid, kind 1): its record, or a deletion if it is a tombstone; every row has one
    -- value of the key column, so it comes through one key, once. Built in order with its
    -- size in bytes, as the readers ask for them (built); its place n and the running total
    -- of bytes are counted beside it (totals): the cut reads totals up to the item that ends
    -- the page, the tail one more (has_more), so no item past it is built.
    v_ctes := pg_catalog.format($q$built as (
      select null::bigint as next_n, s.sync_xid, s.id, d.deleted, d.item, d.bytes
        from (select s.* from %1$s
               where (s.sync_xid, s.sync_xid, s.id, 1) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
               order by s.sync_xid, s.id limit p_limit) s
       cross join lateral (select d.deleted, d.item, pg_catalog.octet_length(d.item::text) as bytes
                             from (select %2$s is not null as deleted,
                                          case when %2$s is not null then pg_catalog.json_build_object('id', s.id, 'deleted_at', %2$s, 'reason', 'deleted')
                                               when p_compact then pg_catalog.json_build_array(%3$s) else pg_catalog.to_json(r) end as item
                                     from (select %3$s) r
                                   -- (offset 0: built once, not written into each of its uses)
                                   offset 0) d) d
    ), totals as (
      -- each item's place and the running total of bytes up to it, counted over built's rows
      -- in the order built holds them (the stream's). The window holds these narrow rows only:
      -- one over built's own rows held every item a second time, and read it back twice more
      -- (a 1000-row page: about a twentieth of its server time, 0.7 MB more memory touched). No
      -- ORDER BY: it would sort built whole, building every item before the cut is known.
      select row_number() over w as n, b.sync_xid, b.id, sum(b.bytes) over w as upto
        from built b
      window w as (rows between unbounded preceding and current row)
    )$q$,
      case when v_rule.kind = 'everyone' then pg_catalog.format(
             '(select %1$s, it.sync_xid from public.%2$I it where %3$s and %4$s order by it.sync_xid, it.id limit p_limit + 1) s',
             'it.' || pg_catalog.array_to_string(v_names, ', it.'),
             p_table, private.visibility_condition(v_rule.condition, 'it'), private.sync_stream_after('it.sync_xid', 'it.id'))
           else pg_catalog.format(
             '(select distinct k.key from unnest(p_kinds, p_keys) k (kind, key) where k.kind = %1$L) k
               cross join lateral (select %2$s, it.sync_xid from public.%3$I it
                                    where %6$s%5$s
                                    order by it.%4$I, it.sync_xid, it.id limit p_limit + 1) s',
             v_rule.kind,
             'it.' || pg_catalog.array_to_string(v_names, ', it.'),
             p_table, v_rule.key_column, ' and ' || private.visibility_condition(v_rule.condition, 'it'),
             private.sync_stream_after('it.sync_xid', 'it.id', 'it.' || pg_catalog.quote_ident(v_rule.key_column), 'k.key')) end,
      coalesce('s.' || v_deleted_at, 'null::timestamptz'),
      's.' || pg_catalog.array_to_string(v_names, ', s.'));
    v_tail := 'select exists (select from totals t where t.n = cut.m + 1) as has_more,
             (select jsonb_build_array(t.sync_xid::text, t.sync_xid::text, t.id, 1) from totals t where t.n = cut.m limit 1) as last
        from cut';
  end if;

  return pg_catalog.format($q$
    with %2$s, cut as materialized (
      -- the page's last item: the first whose running total of bytes reaches the budget, or
      -- the p_page_limit-th
      select coalesce((select t.n from totals t where t.upto >= (select private.sync_pull_page_bytes()) or t.n = p_page_limit limit 1),
                      p_page_limit) as m
    ), tail as materialized (
      %3$s
    ), page as (
      -- the items up to the cut, each id at its last place among them; aggregated in the
      -- order built holds them (n), without sorting them again
      select json_agg(b.item) filter (where not b.deleted) as records, json_agg(b.item) filter (where b.deleted) as deleted
        from (select * from built b limit (select m from cut)) b
       where b.item is not null and (b.next_n is null or b.next_n > (select m from cut))
    ), head as (
      -- cursor and has_more first: a client can ask for the next page before it has read
      -- the records of this one (SyncService.pullAll)
      select private.encode_sync_cursor(
               case when tail.has_more
                    then jsonb_build_object('t', %1$L, 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                            'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                            'a', tail.last)
                    else jsonb_build_object('t', %1$L, 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end) as cursor,
             tail.has_more
        from tail
    )
    select case when p_compact
                then json_build_object('cursor', head.cursor, 'has_more', head.has_more, 'server_timestamp', now(),
                                       'columns', %4$L::json, 'records', coalesce(page.records, '[]'), 'deleted', coalesce(page.deleted, '[]'))
                else json_build_object('cursor', head.cursor, 'has_more', head.has_more, 'server_timestamp', now(),
                                       'records', coalesce(page.records, '[]'), 'deleted', coalesce(page.deleted, '[]')) end
      from head, page
    $q$, p_table, v_ctes, v_tail, pg_catalog.to_json(v_columns)::text);
end
$$;
comment on function private.sync_page_sql(text, text) is
  'The statement sync_pull runs for a page of p_table (one of sync_tables()) in mode p_mode (full | changes | admin | steady: changes for a caller who gained and lost no key, where private.sync_table_modes gives it): the items of private.sync_items_<p_table>_<p_mode> (a static call), and their rows (the table''s stored columns but sync_xid and generated ones; objects, or with p_compact arrays of values in the order of "columns"), as the answer''s json (in mode full of a table private.sync_direct_rule gives a rule, the rows read directly by that rule''s index probes, the same items), ending at p_page_limit items or at the item whose running total of json bytes reaches private.sync_pull_page_bytes(). It names the variables of private.sync_page_<table>. INVALID_TABLE, INVALID_ARGUMENT (22023).';

-- A page of one table as a function of its own, private.sync_page_<table>: its three
-- statements (one per mode, private.sync_page_sql) are static SQL, so PL/pgSQL plans each
-- once per session, at its first use, with a generic plan (the items are index probes
-- whatever the arguments), and nothing of a pull is planned or dispatched by name on a
-- later call. The caller's keys are worked out first (private.sync_key_state). sync_pull
-- reaches it through private.sync_page, a CASE of static calls. A migration that changes a
-- synced table's columns changes the text: the final step of migrate
-- (private.apply_manifest) generates them again.
create or replace function private.generate_sync_pages() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  c_arguments constant text :=
    'p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_page_limit integer, p_horizon xid8, '
    'p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8, p_compact boolean';
  v_table text;
  v_name text;
begin
  foreach v_table in array private.sync_tables() loop
    v_name := 'sync_page_' || v_table;
    -- Replaced only where it differs (private.define): sessions keep the plans they made.
    perform private.define(pg_catalog.format($f$
      create or replace function private.%1$I(%2$s)
        returns json
        language plpgsql
        volatile
        set search_path = pg_catalog, pg_temp
        set plan_cache_mode = force_generic_plan
        set jit = off
      as $body$
      #variable_conflict use_column
      declare
        -- the arguments of private.sync_items_<table>_<mode>
        p_after_c0 xid8 := (p_after ->> 0)::xid8;
        p_after_c1 xid8 := (p_after ->> 1)::xid8;
        p_after_id uuid := (p_after ->> 2)::uuid;
        p_after_kind integer := (p_after ->> 3)::integer;
        p_limit bigint := p_page_limit + 1;
        p_lo xid8;
        p_kinds text[];
        p_keys uuid[];
        p_gained_kinds text[];
        p_gained_keys uuid[];
        p_gained_causes xid8[];
        p_gained_ats timestamptz[];
        p_lost_kinds text[];
        p_lost_keys uuid[];
        p_lost_causes xid8[];
        p_lost_ats timestamptz[];
      begin
        select s.lo, s.kinds, s.keys, s.g_kinds, s.g_keys, s.g_causes, s.g_ats, s.l_kinds, s.l_keys, s.l_causes, s.l_ats
          into p_lo, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats,
               p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats
          from private.sync_key_state(p_user, p_mode, p_x, p_ip, %6$L::text[]) s;
        if p_mode = 'full' then
          return (%3$s);
        elsif p_mode = 'changes' then%7$s
          return (%4$s);
        elsif p_mode = 'admin' then
          return (%5$s);
        end if;
        raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: sync_page mode %%L', p_mode);
      end
      $body$
      $f$, v_name, c_arguments, private.sync_page_sql(v_table, 'full'), private.sync_page_sql(v_table, 'changes'),
      private.sync_page_sql(v_table, 'admin'),
      -- only the kinds of keys the table's rules read: a pull of tasks never reads watchlists
      private.pull_key_kinds(array[v_table]),
      -- No key gained or lost since the cursor (nearly every pull): mode steady gives the
      -- same page from half the streams (private.sync_items_sql).
      case when 'steady' = any (private.sync_table_modes(v_table)) then pg_catalog.format($e$
          if pg_catalog.cardinality(p_gained_keys) = 0 and pg_catalog.cardinality(p_lost_keys) = 0 then
            return (%s);
          end if;$e$, private.sync_page_sql(v_table, 'steady')) else '' end),
      pg_catalog.format('comment on function private.%I is %L', v_name,
        pg_catalog.format('A page of sync_pull for table %s in mode p_mode (full | changes | admin): the statements of private.sync_page_sql(%L, <mode>), with their plans kept, after the caller''s keys of the kinds the table reads (private.sync_key_state, private.pull_key_kinds); in mode changes, that of mode steady when the caller gained and lost no key since the cursor. Generated by private.generate_sync_pages.',
                          v_table, v_table)),
      pg_catalog.format('revoke all on function private.%I from public, anon, authenticated, service_role', v_name));
  end loop;

  perform private.create_table_dispatch(
    'private.sync_page', 'p_table text, ' || c_arguments, 'json', 'volatile', 'p_table',
    (select pg_catalog.array_agg(array[t, pg_catalog.format(
              'return private.%I(p_user, p_mode, p_x, p_ip, p_after, p_page_limit, p_horizon, p_next_x, p_next_ip, p_next_horizon, p_compact);',
              'sync_page_' || t)] order by n)
       from unnest(private.sync_tables()) with ordinality x (t, n)),
    '%L is not a synced table',
    'For sync_pull: a page of p_table, from private.sync_page_<p_table> (a static call each: nothing dispatched by name, nothing planned per pull). Generated by private.generate_sync_pages.');
end
$$;
comment on function private.generate_sync_pages() is
  '(Re)creates private.sync_page_<table> for every synced table from private.sync_page_sql, and private.sync_page, which calls them. Run by private.generate_sync_statements (private.apply_manifest, the final step of migrate).';
revoke all on function private.sync_page_sql(text, text), private.generate_sync_pages() from public, anon, authenticated, service_role;

create or replace function public.sync_pull(p_table text, p_cursor text default null, p_limit integer default 1000,
                                            p_encoding text default 'objects')
  returns json
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid;
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
begin
  perform private.assert_sync_table(p_table);
  if p_limit is null or p_limit < 1 or p_limit > 10000 then
    raise exception using errcode = '22023',
      message = 'INVALID_LIMIT: p_limit must be between 1 and 10000',
      detail = format('p_limit = %s', coalesce(p_limit::text, 'NULL'));
  end if;
  if p_encoding is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_encoding must be objects or compact';
  end if;
  if p_encoding not in ('objects', 'compact') then
    raise exception using errcode = '22023',
      message = 'INVALID_ARGUMENT: p_encoding must be objects or compact',
      detail = pg_catalog.json_build_object('argument', 'p_encoding', 'value', pg_catalog.left(p_encoding, 100))::text;
  end if;
  v_uid := private.caller('sync_pull');
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
    v_ip := private.cursor_xids(v_state -> 'ip');
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
    v_next_ip := private.cursor_xids(v_state -> 'nip');
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
  v_lo := private.cursor_lo(v_x, v_ip);
  if p_cursor is not null
     and (case when v_full then v_horizon > v_next_horizon
                                and v_horizon >= private.cursor_lo(v_next_x, v_next_ip)
               else v_horizon > (v_state ->> 'h')::xid8 and v_horizon >= v_lo end) then
    raise exception using errcode = '22023',
      message = 'CURSOR_EXPIRED: deletions this cursor has not seen were purged',
      hint = 'Do a full sync: call sync_pull with a NULL cursor and replace the local copy.';
  end if;
  -- Becoming or ceasing to be an admin changes what the caller sees of every table at once:
  -- a full sync says it best.
  -- (two index ranges, from x and the ones in ip: not one from the oldest of them)
  if not v_full and (exists (select from public.sync_access_log a where a.user_id = v_uid and a.kind = 'admin' and a.sync_xid >= v_x)
                     or exists (select from unnest(v_ip) i (xid)
                                 cross join lateral (select from public.sync_access_log a
                                                      where a.user_id = v_uid and a.sync_xid = i.xid and a.kind = 'admin' offset 0) a)) then
    raise exception using errcode = '22023',
      message = 'CURSOR_EXPIRED: the caller''s admin rights changed since this cursor',
      hint = 'Do a full sync: call sync_pull with a NULL cursor and replace the local copy.';
  end if;

  v_mode := case when (select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
                      and private.is_admin() then 'admin'
                 when v_full then 'full'
                 else 'changes' end;

  -- The page: private.sync_page_<table> (p_table is one of the synced tables: assert_sync_table above).
  return private.sync_page(p_table, v_uid, v_mode, v_x, v_ip, v_after, p_limit, coalesce(v_state ->> 'h', '0')::xid8,
                           v_next_x, v_next_ip, v_next_horizon, p_encoding = 'compact');
end
$$;
comment on function public.sync_pull(text, text, integer, text) is
  'Changes to p_table (one of sync_tables()) since p_cursor that concern the caller, as json (not jsonb: building and printing jsonb cost four times as much): {cursor, has_more, server_timestamp, records: [rows the caller sees, oldest change first], deleted: [{id, deleted_at, reason}] (reason "deleted": tombstoned or hard-deleted; "revoked": the caller may no longer see it — a share revoked, an item claimed by someone else or completed, a listing given away)}, in that order (a client may read cursor and has_more and ask for the next page before it reads the records). p_encoding compact (for bulk sync): the same page with "columns" (the column names, once) after server_timestamp, and each record an array of its values in that order; deletions stay objects. NULL cursor = full sync. Pass the returned cursor to the next call; while has_more, call again at once. Never misses a change: a transaction that commits after a pull is delivered by the next one, whenever it started, and so is a change of who may see what (rows that became visible come as records, even if they were not written). A page ends at p_limit items or at 4 MB of json (private.sync_pull_page_bytes(); a session may lower it with dispatch.sync_page_bytes), whichever comes first: the first item whose running total of json bytes reaches the budget ends it, that item included (a page always makes progress, even past one row bigger than the budget), and the cursor resumes right after it. Rows past that item are not built (one at most, read ahead); the server holds a page''s json a few times over while it builds and sends it (docs/sync.md), about 6 to 7 times the page at the peak: ~27 MB for a full 4 MB page, whatever its rows or p_limit. Within a page each id appears once in its latest state; apply pages in order. Errors: INVALID_TABLE, INVALID_LIMIT (1..10000), INVALID_CURSOR, CURSOR_EXPIRED (all 22023: on CURSOR_EXPIRED — log rows purged, or the caller''s admin rights changed — resync with a NULL cursor), NULL_ARGUMENT (22004), NOT_AUTHENTICATED (42501), OWNER_ONLY (42501: a table private to its owner, the journals, pulled by a session not acting as role authenticated, such as service_role with a user''s claims). SECURITY DEFINER: it reads the sync logs, which no app user may read, and what it returns is exactly what the visibility definition lets the caller see (private.sync_items), the rule the SELECT policies apply.';

revoke all on function public.sync_pull(text, text, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.sync_pull(text, text, integer, text) to authenticated, service_role;
