-- policy watchlist_rules_select
(watchlist_id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[]))

-- triggers of watchlist_rules
CREATE TRIGGER _stamp_deleted_at_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW WHEN ((new.deleted_at IS NOT NULL)) EXECUTE FUNCTION private.stamp_deleted_at()
CREATE TRIGGER _stamp_deleted_at_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.deleted_at IS DISTINCT FROM new.deleted_at)) EXECUTE FUNCTION private.stamp_deleted_at()
CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW EXECUTE FUNCTION private.stamp_row()
CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row()
CREATE TRIGGER _sync_deletions AFTER DELETE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions()
CREATE TRIGGER _sync_fields AFTER UPDATE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields()
CREATE TRIGGER _sync_moves AFTER UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.watchlist_id IS DISTINCT FROM new.watchlist_id)) EXECUTE FUNCTION private.record_sync_moves()
CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid()
CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid()
CREATE TRIGGER outbox_delete AFTER DELETE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes()
CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.watchlist_rules FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell()
CREATE TRIGGER outbox_insert AFTER INSERT ON public.watchlist_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes()
CREATE TRIGGER outbox_update AFTER UPDATE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes()

-- length limits of watchlist_rules
watchlist_rules_rule_type_length: CHECK (((char_length(rule_type) <= 100) OR private.too_long('watchlist_rules'::text, 'rule_type'::text, 100, char_length(rule_type))))

-- private.row_scope
CREATE OR REPLACE FUNCTION private.row_scope(p_table text, p_row jsonb)
 RETURNS TABLE(kind text, key uuid)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
    begin
      case p_table
        when 'watchlist_rules' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlist_rules, p_row) it
           cross join lateral (values ('watchlist'::text, it.watchlist_id)) v (kind, key) where v.key is not null;
        when 'watchlists' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlists, p_row) it
           cross join lateral (values ('user'::text, it.owner_id), ('watchlist'::text, it.id)) v (kind, key) where v.key is not null;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
      end case;
    end
    $function$


-- private.sync_items_sql('watchlist_rules', 'changes')
with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'watchlist') k
            cross join lateral (select it.sync_xid, it.id from public.watchlist_rules it
                                 where it.watchlist_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlist_rules it
                                          where it.watchlist_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlist_rules it
                                          where it.watchlist_id = x.key and not ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'watchlist_rules' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.watchlist_rules it where it.id = m.row_id and ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'watchlist_rules' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit

-- private.sync_page_sql('watchlist_rules')

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
    
