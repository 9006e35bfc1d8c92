--
-- Name: sync_page_watchlist_rules(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (
    with items as (
      select i.*, row_number() over (order by i.c0, i.c1, i.id, i.kind) as n
        from private.sync_items('watchlist_rules', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select t.deleted_at as deleted_at, pg_catalog.to_json(r) as record
                                     from public.watchlist_rules t cross join lateral (select t.id, t.watchlist_id, t.rule_type, t.parameters_json, t.is_active, t.priority, t.sync_status, t.last_synced_at, t.deleted_at, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'watchlist_rules', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'watchlist_rules', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table watchlist_rules: the statement of private.sync_page_sql(''watchlist_rules'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_watchlists(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (
    with items as (
      select i.*, row_number() over (order by i.c0, i.c1, i.id, i.kind) as n
        from private.sync_items('watchlists', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select t.deleted_at as deleted_at, pg_catalog.to_json(r) as record
                                     from public.watchlists t cross join lateral (select t.id, t.owner_id, t.type, t.title, t.location, t.location_display_name, t.start_date, t.end_date, t.observed_count, t.species_count, t.cover_image_path, t.species_rule_enabled, t.species_rule_shape_id, t.location_rule_enabled, t.location_rule_lat, t.location_rule_lon, t.location_rule_radius_km, t.location_rule_display_name, t.date_rule_enabled, t.date_rule_start_date, t.date_rule_end_date, t.sync_status, t.last_synced_at, t.deleted_at, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'watchlists', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'watchlists', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table watchlists: the statement of private.sync_page_sql(''watchlists'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: FUNCTION sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;
