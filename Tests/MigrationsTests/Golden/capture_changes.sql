--
-- Name: capture_changes(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.capture_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    AS $$
    begin
      case tg_table_name
        when 'watchlist_rules' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            with written as materialized (select 1::bigint as rid, n::public.watchlist_rules as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key),
            marks as (
              insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
              select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                     pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
                from (select h.holder as user_id, 'watchlist_rules'::text as table_name from row_holders h where h.holder is not null
                      union
                      select private.everyone_key(), 'watchlist_rules' from row_keys k where k.kind = 'everyone'
                      union
                      select private.sync_uncertain_key(), '?' from written
                       where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
              on conflict do nothing)
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select 'watchlist_rules', 'insert', (r.it).id, r.row, null, coalesce((select pg_catalog.array_agg(distinct x.holder order by x.holder) from row_holders x), '{}'),
                   exists (select from row_keys k where k.kind = 'everyone'), (select auth.uid()), coalesce((r.it).id = (select audit.restoring_id('watchlist_rules')), false)
              from written r;
          elsif exists (select from new_rows offset 16) then
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlist_rules as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from row_holders x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone'),
            marks as (
              insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
              select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                     pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
                from (select h.holder as user_id, 'watchlist_rules'::text as table_name from row_holders h where h.holder is not null
                      union
                      select private.everyone_key(), 'watchlist_rules' from row_keys k where k.kind = 'everyone'
                      union
                      select private.sync_uncertain_key(), '?' from written
                       where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
              on conflict do nothing)
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select 'watchlist_rules', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, (select auth.uid()), coalesce((r.it).id = (select audit.restoring_id('watchlist_rules')), false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_rules' and s.op = 'insert')
              using auth.uid(), audit.restoring_id('watchlist_rules');
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select 1::bigint as rid, n::public.watchlist_rules as it, o::public.watchlist_rules as old_it from new_rows n cross join old_rows o) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key, true from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.old_it).watchlist_id)) v (kind, key) where v.key is not null) x where (r.old_it).watchlist_id is distinct from (r.it).watchlist_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key),
            marks as (
              insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
              select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                     pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
                from (select h.holder as user_id, 'watchlist_rules'::text as table_name from row_holders h where h.holder is not null
                      union
                      select private.everyone_key(), 'watchlist_rules' from row_keys k where k.kind = 'everyone'
                      union
                      select private.sync_uncertain_key(), '?' from written
                       where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
              on conflict do nothing)
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select 'watchlist_rules', 'update', (r.it).id, r.row, ((pg_catalog.jsonb_build_object('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end, 'watchlist_id', case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_id), 'null') end, 'rule_type', case when (r.old_it).rule_type is distinct from (r.it).rule_type then coalesce(pg_catalog.to_jsonb((r.old_it).rule_type), 'null') end, 'parameters_json', case when (r.old_it).parameters_json is distinct from (r.it).parameters_json then coalesce(pg_catalog.to_jsonb((r.old_it).parameters_json), 'null') end, 'is_active', case when (r.old_it).is_active is distinct from (r.it).is_active then coalesce(pg_catalog.to_jsonb((r.old_it).is_active), 'null') end, 'priority', case when (r.old_it).priority is distinct from (r.it).priority then coalesce(pg_catalog.to_jsonb((r.old_it).priority), 'null') end, 'sync_status', case when (r.old_it).sync_status is distinct from (r.it).sync_status then coalesce(pg_catalog.to_jsonb((r.old_it).sync_status), 'null') end, 'last_synced_at', case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then coalesce(pg_catalog.to_jsonb((r.old_it).last_synced_at), 'null') end, 'deleted_at', case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then coalesce(pg_catalog.to_jsonb((r.old_it).deleted_at), 'null') end, 'created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end, 'updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end, 'row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end, 'sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) - array[case when (r.old_it).id is distinct from (r.it).id then null else 'id' end, case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then null else 'watchlist_id' end, case when (r.old_it).rule_type is distinct from (r.it).rule_type then null else 'rule_type' end, case when (r.old_it).parameters_json is distinct from (r.it).parameters_json then null else 'parameters_json' end, case when (r.old_it).is_active is distinct from (r.it).is_active then null else 'is_active' end, case when (r.old_it).priority is distinct from (r.it).priority then null else 'priority' end, case when (r.old_it).sync_status is distinct from (r.it).sync_status then null else 'sync_status' end, case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then null else 'last_synced_at' end, case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then null else 'deleted_at' end, case when (r.old_it).created_at is distinct from (r.it).created_at then null else 'created_at' end, case when (r.old_it).updated_at is distinct from (r.it).updated_at then null else 'updated_at' end, case when (r.old_it).row_version is distinct from (r.it).row_version then null else 'row_version' end, case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then null else 'sync_xid' end]::text[]), coalesce((select pg_catalog.array_agg(distinct x.holder order by x.holder) from row_holders x), '{}'),
                   exists (select from row_keys k where k.kind = 'everyone'), (select auth.uid()), false
              from written r;
          elsif exists (select from new_rows offset 16) then
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_rules as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_rules from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key, true from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.old_it).watchlist_id)) v (kind, key) where v.key is not null) x where (r.old_it).watchlist_id is distinct from (r.it).watchlist_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from row_holders x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone'),
            marks as (
              insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
              select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                     pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
                from (select h.holder as user_id, 'watchlist_rules'::text as table_name from row_holders h where h.holder is not null
                      union
                      select private.everyone_key(), 'watchlist_rules' from row_keys k where k.kind = 'everyone'
                      union
                      select private.sync_uncertain_key(), '?' from written
                       where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
              on conflict do nothing)
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select 'watchlist_rules', 'update', (r.it).id, r.row, ((pg_catalog.jsonb_build_object('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end, 'watchlist_id', case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_id), 'null') end, 'rule_type', case when (r.old_it).rule_type is distinct from (r.it).rule_type then coalesce(pg_catalog.to_jsonb((r.old_it).rule_type), 'null') end, 'parameters_json', case when (r.old_it).parameters_json is distinct from (r.it).parameters_json then coalesce(pg_catalog.to_jsonb((r.old_it).parameters_json), 'null') end, 'is_active', case when (r.old_it).is_active is distinct from (r.it).is_active then coalesce(pg_catalog.to_jsonb((r.old_it).is_active), 'null') end, 'priority', case when (r.old_it).priority is distinct from (r.it).priority then coalesce(pg_catalog.to_jsonb((r.old_it).priority), 'null') end, 'sync_status', case when (r.old_it).sync_status is distinct from (r.it).sync_status then coalesce(pg_catalog.to_jsonb((r.old_it).sync_status), 'null') end, 'last_synced_at', case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then coalesce(pg_catalog.to_jsonb((r.old_it).last_synced_at), 'null') end, 'deleted_at', case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then coalesce(pg_catalog.to_jsonb((r.old_it).deleted_at), 'null') end, 'created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end, 'updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end, 'row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end, 'sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) - array[case when (r.old_it).id is distinct from (r.it).id then null else 'id' end, case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then null else 'watchlist_id' end, case when (r.old_it).rule_type is distinct from (r.it).rule_type then null else 'rule_type' end, case when (r.old_it).parameters_json is distinct from (r.it).parameters_json then null else 'parameters_json' end, case when (r.old_it).is_active is distinct from (r.it).is_active then null else 'is_active' end, case when (r.old_it).priority is distinct from (r.it).priority then null else 'priority' end, case when (r.old_it).sync_status is distinct from (r.it).sync_status then null else 'sync_status' end, case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then null else 'last_synced_at' end, case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then null else 'deleted_at' end, case when (r.old_it).created_at is distinct from (r.it).created_at then null else 'created_at' end, case when (r.old_it).updated_at is distinct from (r.it).updated_at then null else 'updated_at' end, case when (r.old_it).row_version is distinct from (r.it).row_version then null else 'row_version' end, case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then null else 'sync_xid' end]::text[]), coalesce(a.audience, '{}'), e.rid is not null, (select auth.uid()), false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_rules' and s.op = 'update')
              using auth.uid(), null::uuid;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            with written as materialized (select 1::bigint as rid, o::public.watchlist_rules as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key),
            marks as (
              insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
              select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                     pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
                from (select h.holder as user_id, 'watchlist_rules'::text as table_name from row_holders h where h.holder is not null
                      union
                      select private.everyone_key(), 'watchlist_rules' from row_keys k where k.kind = 'everyone'
                      union
                      select private.sync_uncertain_key(), '?' from written
                       where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
              on conflict do nothing)
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select 'watchlist_rules', 'delete', (r.it).id, null, r.row, coalesce((select pg_catalog.array_agg(distinct x.holder order by x.holder) from row_holders x), '{}'),
                   exists (select from row_keys k where k.kind = 'everyone'), (select auth.uid()), false
              from written r;
          elsif exists (select from old_rows offset 16) then
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlist_rules as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from row_holders x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone'),
            marks as (
              insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
              select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                     pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
                from (select h.holder as user_id, 'watchlist_rules'::text as table_name from row_holders h where h.holder is not null
                      union
                      select private.everyone_key(), 'watchlist_rules' from row_keys k where k.kind = 'everyone'
                      union
                      select private.sync_uncertain_key(), '?' from written
                       where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
              on conflict do nothing)
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select 'watchlist_rules', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, (select auth.uid()), false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_rules' and s.op = 'delete')
              using auth.uid(), null::uuid;
          end if;
          end if;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: %s is not recorded in the outbox (outbox in the table manifest)', tg_table_name);
      end case;
      return null;
    end
    $$;

--
-- Name: FUNCTION capture_changes(); Type: COMMENT; Schema: outbox; Owner: -
--

COMMENT ON FUNCTION outbox.capture_changes() IS 'AFTER INSERT / UPDATE / DELETE statement trigger function with transition tables (new_rows, old_rows), attached by outbox.enable_changes: records every row the statement changed in outbox.events in one INSERT: the row (old_record: an update''s changed columns with their old values; a delete''s whole row), its audience (the holders of its keys; of the old row''s too when an update changed who sees it) and visible_to_all, the actor (auth.uid()) and, for an insert made by public.restore_entity, restored. No-op updates are not recorded. Generated from the table manifest by outbox.generate_capture. SECURITY DEFINER: nobody but the owner writes the outbox.';

--
-- Name: FUNCTION capture_changes(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.capture_changes() FROM PUBLIC;
