--
-- Name: capture_changes(); Type: FUNCTION; Schema: outbox; Owner: -
--

CREATE FUNCTION outbox.capture_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
    declare
      v_actor uuid := auth.uid();
      v_restored uuid := case when tg_op = 'INSERT' then audit.restoring_id(tg_table_name) end;
    begin
      case tg_table_name
        when 'activities' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.activities as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).claimed_by is null and not (r.it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.it).listing_id), ('user'::text, (r.it).claimed_by), ('user'::text, (r.it).declared_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'activities', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'activities' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.activities as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.activities from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).claimed_by is null and not (r.it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.it).listing_id), ('user'::text, (r.it).claimed_by), ('user'::text, (r.it).declared_by)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.old_it).claimed_by is null and not (r.old_it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.old_it).listing_id), ('user'::text, (r.old_it).claimed_by), ('user'::text, (r.old_it).declared_by)) v (kind, key) where v.key is not null) x where (r.it).claimed_by is distinct from (r.old_it).claimed_by or (r.it).completed is distinct from (r.old_it).completed or (r.it).declared_by is distinct from (r.old_it).declared_by or (r.it).listing_id is distinct from (r.old_it).listing_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'activities', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('title', case when (r.old_it).title is distinct from (r.it).title then coalesce(pg_catalog.to_jsonb((r.old_it).title), 'null') end), ('description', case when (r.old_it).description is distinct from (r.it).description then coalesce(pg_catalog.to_jsonb((r.old_it).description), 'null') end), ('type', case when (r.old_it).type is distinct from (r.it).type then coalesce(pg_catalog.to_jsonb((r.old_it).type), 'null') end), ('due_date', case when (r.old_it).due_date is distinct from (r.it).due_date then coalesce(pg_catalog.to_jsonb((r.old_it).due_date), 'null') end), ('priority', case when (r.old_it).priority is distinct from (r.it).priority then coalesce(pg_catalog.to_jsonb((r.old_it).priority), 'null') end), ('duration_minutes', case when (r.old_it).duration_minutes is distinct from (r.it).duration_minutes then coalesce(pg_catalog.to_jsonb((r.old_it).duration_minutes), 'null') end), ('completed', case when (r.old_it).completed is distinct from (r.it).completed then coalesce(pg_catalog.to_jsonb((r.old_it).completed), 'null') end), ('completed_at', case when (r.old_it).completed_at is distinct from (r.it).completed_at then coalesce(pg_catalog.to_jsonb((r.old_it).completed_at), 'null') end), ('claimed_by', case when (r.old_it).claimed_by is distinct from (r.it).claimed_by then coalesce(pg_catalog.to_jsonb((r.old_it).claimed_by), 'null') end), ('claimed_at', case when (r.old_it).claimed_at is distinct from (r.it).claimed_at then coalesce(pg_catalog.to_jsonb((r.old_it).claimed_at), 'null') end), ('declared_by', case when (r.old_it).declared_by is distinct from (r.it).declared_by then coalesce(pg_catalog.to_jsonb((r.old_it).declared_by), 'null') end), ('listing_id', case when (r.old_it).listing_id is distinct from (r.it).listing_id then coalesce(pg_catalog.to_jsonb((r.old_it).listing_id), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'activities' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.activities as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).claimed_by is null and not (r.it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.it).listing_id), ('user'::text, (r.it).claimed_by), ('user'::text, (r.it).declared_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'activities', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'activities' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'listings' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.listings as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('listing_claimer'::text, (r.it).id), ('user'::text, (r.it).owned_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'listings', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'listings' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.listings as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.listings from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('listing_claimer'::text, (r.it).id), ('user'::text, (r.it).owned_by)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('listing_claimer'::text, (r.old_it).id), ('user'::text, (r.old_it).owned_by)) v (kind, key) where v.key is not null) x where (r.it).id is distinct from (r.old_it).id or (r.it).owned_by is distinct from (r.old_it).owned_by),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'listings', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('property_id', case when (r.old_it).property_id is distinct from (r.it).property_id then coalesce(pg_catalog.to_jsonb((r.old_it).property_id), 'null') end), ('address', case when (r.old_it).address is distinct from (r.it).address then coalesce(pg_catalog.to_jsonb((r.old_it).address), 'null') end), ('city', case when (r.old_it).city is distinct from (r.it).city then coalesce(pg_catalog.to_jsonb((r.old_it).city), 'null') end), ('state', case when (r.old_it).state is distinct from (r.it).state then coalesce(pg_catalog.to_jsonb((r.old_it).state), 'null') end), ('zip', case when (r.old_it).zip is distinct from (r.it).zip then coalesce(pg_catalog.to_jsonb((r.old_it).zip), 'null') end), ('status', case when (r.old_it).status is distinct from (r.it).status then coalesce(pg_catalog.to_jsonb((r.old_it).status), 'null') end), ('price', case when (r.old_it).price is distinct from (r.it).price then coalesce(pg_catalog.to_jsonb((r.old_it).price), 'null') end), ('mls_number', case when (r.old_it).mls_number is distinct from (r.it).mls_number then coalesce(pg_catalog.to_jsonb((r.old_it).mls_number), 'null') end), ('owned_by', case when (r.old_it).owned_by is distinct from (r.it).owned_by then coalesce(pg_catalog.to_jsonb((r.old_it).owned_by), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end), ('created_by', case when (r.old_it).created_by is distinct from (r.it).created_by then coalesce(pg_catalog.to_jsonb((r.old_it).created_by), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'listings' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.listings as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('listing_claimer'::text, (r.it).id), ('user'::text, (r.it).owned_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'listings', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'listings' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'notes' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.notes as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, case when (r.it).parent_type = 'listing' then (r.it).parent_id end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.it).parent_id)) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'notes', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'notes' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.notes as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.notes from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, case when (r.it).parent_type = 'listing' then (r.it).parent_id end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.it).parent_id)) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.old_it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, case when (r.old_it).parent_type = 'listing' then (r.old_it).parent_id end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.old_it).parent_id and (r.old_it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.old_it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.old_it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.old_it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.old_it).parent_id and (r.old_it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.old_it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.old_it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.old_it).parent_id)) x where (r.it).parent_id is distinct from (r.old_it).parent_id or (r.it).parent_open is distinct from (r.old_it).parent_open or (r.it).parent_type is distinct from (r.old_it).parent_type),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'notes', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('parent_type', case when (r.old_it).parent_type is distinct from (r.it).parent_type then coalesce(pg_catalog.to_jsonb((r.old_it).parent_type), 'null') end), ('parent_id', case when (r.old_it).parent_id is distinct from (r.it).parent_id then coalesce(pg_catalog.to_jsonb((r.old_it).parent_id), 'null') end), ('content', case when (r.old_it).content is distinct from (r.it).content then coalesce(pg_catalog.to_jsonb((r.old_it).content), 'null') end), ('created_by', case when (r.old_it).created_by is distinct from (r.it).created_by then coalesce(pg_catalog.to_jsonb((r.old_it).created_by), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('edited_at', case when (r.old_it).edited_at is distinct from (r.it).edited_at then coalesce(pg_catalog.to_jsonb((r.old_it).edited_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end), ('parent_open', case when (r.old_it).parent_open is distinct from (r.it).parent_open then coalesce(pg_catalog.to_jsonb((r.old_it).parent_open), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'notes' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.notes as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, case when (r.it).parent_type = 'listing' then (r.it).parent_id end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.it).parent_id)) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'notes', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'notes' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'notifications' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.notifications as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).user_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'notifications', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'notifications' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.notifications as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.notifications from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).user_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.old_it).user_id)) v (kind, key) where v.key is not null) x where (r.it).user_id is distinct from (r.old_it).user_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'notifications', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('user_id', case when (r.old_it).user_id is distinct from (r.it).user_id then coalesce(pg_catalog.to_jsonb((r.old_it).user_id), 'null') end), ('type', case when (r.old_it).type is distinct from (r.it).type then coalesce(pg_catalog.to_jsonb((r.old_it).type), 'null') end), ('title', case when (r.old_it).title is distinct from (r.it).title then coalesce(pg_catalog.to_jsonb((r.old_it).title), 'null') end), ('body', case when (r.old_it).body is distinct from (r.it).body then coalesce(pg_catalog.to_jsonb((r.old_it).body), 'null') end), ('read', case when (r.old_it).read is distinct from (r.it).read then coalesce(pg_catalog.to_jsonb((r.old_it).read), 'null') end), ('pinned', case when (r.old_it).pinned is distinct from (r.it).pinned then coalesce(pg_catalog.to_jsonb((r.old_it).pinned), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('source_user_id', case when (r.old_it).source_user_id is distinct from (r.it).source_user_id then coalesce(pg_catalog.to_jsonb((r.old_it).source_user_id), 'null') end), ('entity_type', case when (r.old_it).entity_type is distinct from (r.it).entity_type then coalesce(pg_catalog.to_jsonb((r.old_it).entity_type), 'null') end), ('entity_id', case when (r.old_it).entity_id is distinct from (r.it).entity_id then coalesce(pg_catalog.to_jsonb((r.old_it).entity_id), 'null') end), ('data', case when (r.old_it).data is distinct from (r.it).data then coalesce(pg_catalog.to_jsonb((r.old_it).data), 'null') end), ('dedupe_key', case when (r.old_it).dedupe_key is distinct from (r.it).dedupe_key then coalesce(pg_catalog.to_jsonb((r.old_it).dedupe_key), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'notifications' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.notifications as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).user_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'notifications', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'notifications' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'observed_bird_photos' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.observed_bird_photos as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'observed_bird_photos', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'observed_bird_photos' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.observed_bird_photos as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.observed_bird_photos from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.old_it).watchlist_id)) v (kind, key) where v.key is not null) x where (r.it).watchlist_id is distinct from (r.old_it).watchlist_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'observed_bird_photos', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('watchlist_entry_id', case when (r.old_it).watchlist_entry_id is distinct from (r.it).watchlist_entry_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_entry_id), 'null') end), ('watchlist_id', case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_id), 'null') end), ('image_path', case when (r.old_it).image_path is distinct from (r.it).image_path then coalesce(pg_catalog.to_jsonb((r.old_it).image_path), 'null') end), ('storage_url', case when (r.old_it).storage_url is distinct from (r.it).storage_url then coalesce(pg_catalog.to_jsonb((r.old_it).storage_url), 'null') end), ('is_uploaded', case when (r.old_it).is_uploaded is distinct from (r.it).is_uploaded then coalesce(pg_catalog.to_jsonb((r.old_it).is_uploaded), 'null') end), ('captured_at', case when (r.old_it).captured_at is distinct from (r.it).captured_at then coalesce(pg_catalog.to_jsonb((r.old_it).captured_at), 'null') end), ('uploaded_at', case when (r.old_it).uploaded_at is distinct from (r.it).uploaded_at then coalesce(pg_catalog.to_jsonb((r.old_it).uploaded_at), 'null') end), ('sync_status', case when (r.old_it).sync_status is distinct from (r.it).sync_status then coalesce(pg_catalog.to_jsonb((r.old_it).sync_status), 'null') end), ('last_synced_at', case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then coalesce(pg_catalog.to_jsonb((r.old_it).last_synced_at), 'null') end), ('deleted_at', case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then coalesce(pg_catalog.to_jsonb((r.old_it).deleted_at), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'observed_bird_photos' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.observed_bird_photos as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'observed_bird_photos', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'observed_bird_photos' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'properties' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.properties as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owned_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'properties', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'properties' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.properties as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.properties from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owned_by)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.old_it).owned_by)) v (kind, key) where v.key is not null) x where (r.it).owned_by is distinct from (r.old_it).owned_by),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'properties', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('address', case when (r.old_it).address is distinct from (r.it).address then coalesce(pg_catalog.to_jsonb((r.old_it).address), 'null') end), ('city', case when (r.old_it).city is distinct from (r.it).city then coalesce(pg_catalog.to_jsonb((r.old_it).city), 'null') end), ('state', case when (r.old_it).state is distinct from (r.it).state then coalesce(pg_catalog.to_jsonb((r.old_it).state), 'null') end), ('zip', case when (r.old_it).zip is distinct from (r.it).zip then coalesce(pg_catalog.to_jsonb((r.old_it).zip), 'null') end), ('lat', case when (r.old_it).lat is distinct from (r.it).lat then coalesce(pg_catalog.to_jsonb((r.old_it).lat), 'null') end), ('lon', case when (r.old_it).lon is distinct from (r.it).lon then coalesce(pg_catalog.to_jsonb((r.old_it).lon), 'null') end), ('owned_by', case when (r.old_it).owned_by is distinct from (r.it).owned_by then coalesce(pg_catalog.to_jsonb((r.old_it).owned_by), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'properties' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.properties as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owned_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'properties', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'properties' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'subtasks' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.subtasks as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.it).parent_id)) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'subtasks', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'subtasks' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.subtasks as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.subtasks from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.it).parent_id)) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.old_it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.old_it).parent_id and (r.old_it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.old_it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.old_it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.old_it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.old_it).parent_id and (r.old_it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.old_it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.old_it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.old_it).parent_id)) x where (r.it).parent_id is distinct from (r.old_it).parent_id or (r.it).parent_open is distinct from (r.old_it).parent_open or (r.it).parent_type is distinct from (r.old_it).parent_type),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'subtasks', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('parent_type', case when (r.old_it).parent_type is distinct from (r.it).parent_type then coalesce(pg_catalog.to_jsonb((r.old_it).parent_type), 'null') end), ('parent_id', case when (r.old_it).parent_id is distinct from (r.it).parent_id then coalesce(pg_catalog.to_jsonb((r.old_it).parent_id), 'null') end), ('title', case when (r.old_it).title is distinct from (r.it).title then coalesce(pg_catalog.to_jsonb((r.old_it).title), 'null') end), ('completed', case when (r.old_it).completed is distinct from (r.it).completed then coalesce(pg_catalog.to_jsonb((r.old_it).completed), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end), ('parent_open', case when (r.old_it).parent_open is distinct from (r.it).parent_open then coalesce(pg_catalog.to_jsonb((r.old_it).parent_open), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'subtasks' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.subtasks as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).parent_open then '00000000-0000-0000-0000-000000000000'::uuid end)) v (kind, key) where v.key is not null union all select p1.kind, p1.key from public.activities p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'activity' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'activities' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'activity' and not exists (select from public.activities p1_live where p1_live.id = (r.it).parent_id) union all select p1.kind, p1.key from public.tasks p1_row cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when p1_row.claimed_by is null and not p1_row.completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, p1_row.listing_id), ('user'::text, p1_row.claimed_by), ('user'::text, p1_row.declared_by)) v (kind, key) where v.key is not null) p1 where p1_row.id = (r.it).parent_id and (r.it).parent_type = 'task' union all select d.kind, d.key from public.sync_deletions d where d.table_name = 'tasks' and d.record_id = (r.it).parent_id and d.sync_xid = pg_catalog.pg_current_xact_id() and (r.it).parent_type = 'task' and not exists (select from public.tasks p1_live where p1_live.id = (r.it).parent_id)) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'subtasks', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'subtasks' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'tasks' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.tasks as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).claimed_by is null and not (r.it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.it).listing_id), ('user'::text, (r.it).claimed_by), ('user'::text, (r.it).declared_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'tasks', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'tasks' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.tasks as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.tasks from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).claimed_by is null and not (r.it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.it).listing_id), ('user'::text, (r.it).claimed_by), ('user'::text, (r.it).declared_by)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.old_it).claimed_by is null and not (r.old_it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.old_it).listing_id), ('user'::text, (r.old_it).claimed_by), ('user'::text, (r.old_it).declared_by)) v (kind, key) where v.key is not null) x where (r.it).claimed_by is distinct from (r.old_it).claimed_by or (r.it).completed is distinct from (r.old_it).completed or (r.it).declared_by is distinct from (r.old_it).declared_by or (r.it).listing_id is distinct from (r.old_it).listing_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'tasks', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('title', case when (r.old_it).title is distinct from (r.it).title then coalesce(pg_catalog.to_jsonb((r.old_it).title), 'null') end), ('description', case when (r.old_it).description is distinct from (r.it).description then coalesce(pg_catalog.to_jsonb((r.old_it).description), 'null') end), ('due_date', case when (r.old_it).due_date is distinct from (r.it).due_date then coalesce(pg_catalog.to_jsonb((r.old_it).due_date), 'null') end), ('priority', case when (r.old_it).priority is distinct from (r.it).priority then coalesce(pg_catalog.to_jsonb((r.old_it).priority), 'null') end), ('completed', case when (r.old_it).completed is distinct from (r.it).completed then coalesce(pg_catalog.to_jsonb((r.old_it).completed), 'null') end), ('completed_at', case when (r.old_it).completed_at is distinct from (r.it).completed_at then coalesce(pg_catalog.to_jsonb((r.old_it).completed_at), 'null') end), ('claimed_by', case when (r.old_it).claimed_by is distinct from (r.it).claimed_by then coalesce(pg_catalog.to_jsonb((r.old_it).claimed_by), 'null') end), ('claimed_at', case when (r.old_it).claimed_at is distinct from (r.it).claimed_at then coalesce(pg_catalog.to_jsonb((r.old_it).claimed_at), 'null') end), ('declared_by', case when (r.old_it).declared_by is distinct from (r.it).declared_by then coalesce(pg_catalog.to_jsonb((r.old_it).declared_by), 'null') end), ('listing_id', case when (r.old_it).listing_id is distinct from (r.it).listing_id then coalesce(pg_catalog.to_jsonb((r.old_it).listing_id), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'tasks' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.tasks as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('everyone'::text, case when (r.it).claimed_by is null and not (r.it).completed then '00000000-0000-0000-0000-000000000000'::uuid end), ('listing'::text, (r.it).listing_id), ('user'::text, (r.it).claimed_by), ('user'::text, (r.it).declared_by)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'tasks', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'tasks' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'users' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.users as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'users', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'users' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.users as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.users from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.old_it).id)) v (kind, key) where v.key is not null) x where (r.it).id is distinct from (r.old_it).id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'users', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('name', case when (r.old_it).name is distinct from (r.it).name then coalesce(pg_catalog.to_jsonb((r.old_it).name), 'null') end), ('email', case when (r.old_it).email is distinct from (r.it).email then coalesce(pg_catalog.to_jsonb((r.old_it).email), 'null') end), ('avatar_url', case when (r.old_it).avatar_url is distinct from (r.it).avatar_url then coalesce(pg_catalog.to_jsonb((r.old_it).avatar_url), 'null') end), ('gender', case when (r.old_it).gender is distinct from (r.it).gender then coalesce(pg_catalog.to_jsonb((r.old_it).gender), 'null') end), ('profile_photo', case when (r.old_it).profile_photo is distinct from (r.it).profile_photo then coalesce(pg_catalog.to_jsonb((r.old_it).profile_photo), 'null') end), ('is_admin', case when (r.old_it).is_admin is distinct from (r.it).is_admin then coalesce(pg_catalog.to_jsonb((r.old_it).is_admin), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'users' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.users as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'users', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'users' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'watchlist_entries' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlist_entries as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_entries', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_entries' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_entries as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_entries from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.old_it).watchlist_id)) v (kind, key) where v.key is not null) x where (r.it).watchlist_id is distinct from (r.old_it).watchlist_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_entries', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('watchlist_id', case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_id), 'null') end), ('bird_id', case when (r.old_it).bird_id is distinct from (r.it).bird_id then coalesce(pg_catalog.to_jsonb((r.old_it).bird_id), 'null') end), ('nickname', case when (r.old_it).nickname is distinct from (r.it).nickname then coalesce(pg_catalog.to_jsonb((r.old_it).nickname), 'null') end), ('status', case when (r.old_it).status is distinct from (r.it).status then coalesce(pg_catalog.to_jsonb((r.old_it).status), 'null') end), ('notes', case when (r.old_it).notes is distinct from (r.it).notes then coalesce(pg_catalog.to_jsonb((r.old_it).notes), 'null') end), ('added_date', case when (r.old_it).added_date is distinct from (r.it).added_date then coalesce(pg_catalog.to_jsonb((r.old_it).added_date), 'null') end), ('observation_date', case when (r.old_it).observation_date is distinct from (r.it).observation_date then coalesce(pg_catalog.to_jsonb((r.old_it).observation_date), 'null') end), ('to_observe_start_date', case when (r.old_it).to_observe_start_date is distinct from (r.it).to_observe_start_date then coalesce(pg_catalog.to_jsonb((r.old_it).to_observe_start_date), 'null') end), ('to_observe_end_date', case when (r.old_it).to_observe_end_date is distinct from (r.it).to_observe_end_date then coalesce(pg_catalog.to_jsonb((r.old_it).to_observe_end_date), 'null') end), ('observed_by', case when (r.old_it).observed_by is distinct from (r.it).observed_by then coalesce(pg_catalog.to_jsonb((r.old_it).observed_by), 'null') end), ('lat', case when (r.old_it).lat is distinct from (r.it).lat then coalesce(pg_catalog.to_jsonb((r.old_it).lat), 'null') end), ('lon', case when (r.old_it).lon is distinct from (r.it).lon then coalesce(pg_catalog.to_jsonb((r.old_it).lon), 'null') end), ('location', case when pg_catalog.to_jsonb((r.old_it).location) is distinct from pg_catalog.to_jsonb((r.it).location) then coalesce(pg_catalog.to_jsonb((r.old_it).location), 'null') end), ('location_display_name', case when (r.old_it).location_display_name is distinct from (r.it).location_display_name then coalesce(pg_catalog.to_jsonb((r.old_it).location_display_name), 'null') end), ('priority', case when (r.old_it).priority is distinct from (r.it).priority then coalesce(pg_catalog.to_jsonb((r.old_it).priority), 'null') end), ('notify_upcoming', case when (r.old_it).notify_upcoming is distinct from (r.it).notify_upcoming then coalesce(pg_catalog.to_jsonb((r.old_it).notify_upcoming), 'null') end), ('target_date_range', case when (r.old_it).target_date_range is distinct from (r.it).target_date_range then coalesce(pg_catalog.to_jsonb((r.old_it).target_date_range), 'null') end), ('sync_status', case when (r.old_it).sync_status is distinct from (r.it).sync_status then coalesce(pg_catalog.to_jsonb((r.old_it).sync_status), 'null') end), ('last_synced_at', case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then coalesce(pg_catalog.to_jsonb((r.old_it).last_synced_at), 'null') end), ('deleted_at', case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then coalesce(pg_catalog.to_jsonb((r.old_it).deleted_at), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_entries' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlist_entries as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_entries', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_entries' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'watchlist_rules' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlist_rules as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_rules', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_rules' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_rules as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_rules from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.old_it).watchlist_id)) v (kind, key) where v.key is not null) x where (r.it).watchlist_id is distinct from (r.old_it).watchlist_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_rules', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('watchlist_id', case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_id), 'null') end), ('rule_type', case when (r.old_it).rule_type is distinct from (r.it).rule_type then coalesce(pg_catalog.to_jsonb((r.old_it).rule_type), 'null') end), ('parameters_json', case when (r.old_it).parameters_json is distinct from (r.it).parameters_json then coalesce(pg_catalog.to_jsonb((r.old_it).parameters_json), 'null') end), ('is_active', case when (r.old_it).is_active is distinct from (r.it).is_active then coalesce(pg_catalog.to_jsonb((r.old_it).is_active), 'null') end), ('priority', case when (r.old_it).priority is distinct from (r.it).priority then coalesce(pg_catalog.to_jsonb((r.old_it).priority), 'null') end), ('sync_status', case when (r.old_it).sync_status is distinct from (r.it).sync_status then coalesce(pg_catalog.to_jsonb((r.old_it).sync_status), 'null') end), ('last_synced_at', case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then coalesce(pg_catalog.to_jsonb((r.old_it).last_synced_at), 'null') end), ('deleted_at', case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then coalesce(pg_catalog.to_jsonb((r.old_it).deleted_at), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_rules' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlist_rules as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('watchlist'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_rules', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_rules' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'watchlist_shares' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlist_shares as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).user_id), ('watchlist_owner'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_shares', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_shares' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_shares as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_shares from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).user_id), ('watchlist_owner'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.old_it).user_id), ('watchlist_owner'::text, (r.old_it).watchlist_id)) v (kind, key) where v.key is not null) x where (r.it).user_id is distinct from (r.old_it).user_id or (r.it).watchlist_id is distinct from (r.old_it).watchlist_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_shares', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('watchlist_id', case when (r.old_it).watchlist_id is distinct from (r.it).watchlist_id then coalesce(pg_catalog.to_jsonb((r.old_it).watchlist_id), 'null') end), ('user_id', case when (r.old_it).user_id is distinct from (r.it).user_id then coalesce(pg_catalog.to_jsonb((r.old_it).user_id), 'null') end), ('role', case when (r.old_it).role is distinct from (r.it).role then coalesce(pg_catalog.to_jsonb((r.old_it).role), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_shares' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlist_shares as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).user_id), ('watchlist_owner'::text, (r.it).watchlist_id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlist_shares', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlist_shares' and s.op = 'delete')
              using v_actor, v_restored;
          end if;
          end if;
        when 'watchlists' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlists as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owner_id), ('watchlist'::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlists', 'insert', (r.it).id, r.row, null, coalesce(a.audience, '{}'), e.rid is not null, v_actor, coalesce((r.it).id = v_restored, false)
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlists' and s.op = 'insert')
              using v_actor, v_restored;
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlists as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlists from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owner_id), ('watchlist'::text, (r.it).id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.old_it).owner_id), ('watchlist'::text, (r.old_it).id)) v (kind, key) where v.key is not null) x where (r.it).id is distinct from (r.old_it).id or (r.it).owner_id is distinct from (r.old_it).owner_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlists', 'update', (r.it).id, r.row, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (r.old_it).id is distinct from (r.it).id then coalesce(pg_catalog.to_jsonb((r.old_it).id), 'null') end), ('owner_id', case when (r.old_it).owner_id is distinct from (r.it).owner_id then coalesce(pg_catalog.to_jsonb((r.old_it).owner_id), 'null') end), ('type', case when (r.old_it).type is distinct from (r.it).type then coalesce(pg_catalog.to_jsonb((r.old_it).type), 'null') end), ('title', case when (r.old_it).title is distinct from (r.it).title then coalesce(pg_catalog.to_jsonb((r.old_it).title), 'null') end), ('location', case when (r.old_it).location is distinct from (r.it).location then coalesce(pg_catalog.to_jsonb((r.old_it).location), 'null') end), ('location_display_name', case when (r.old_it).location_display_name is distinct from (r.it).location_display_name then coalesce(pg_catalog.to_jsonb((r.old_it).location_display_name), 'null') end), ('start_date', case when (r.old_it).start_date is distinct from (r.it).start_date then coalesce(pg_catalog.to_jsonb((r.old_it).start_date), 'null') end), ('end_date', case when (r.old_it).end_date is distinct from (r.it).end_date then coalesce(pg_catalog.to_jsonb((r.old_it).end_date), 'null') end), ('observed_count', case when (r.old_it).observed_count is distinct from (r.it).observed_count then coalesce(pg_catalog.to_jsonb((r.old_it).observed_count), 'null') end), ('species_count', case when (r.old_it).species_count is distinct from (r.it).species_count then coalesce(pg_catalog.to_jsonb((r.old_it).species_count), 'null') end), ('cover_image_path', case when (r.old_it).cover_image_path is distinct from (r.it).cover_image_path then coalesce(pg_catalog.to_jsonb((r.old_it).cover_image_path), 'null') end), ('species_rule_enabled', case when (r.old_it).species_rule_enabled is distinct from (r.it).species_rule_enabled then coalesce(pg_catalog.to_jsonb((r.old_it).species_rule_enabled), 'null') end), ('species_rule_shape_id', case when (r.old_it).species_rule_shape_id is distinct from (r.it).species_rule_shape_id then coalesce(pg_catalog.to_jsonb((r.old_it).species_rule_shape_id), 'null') end), ('location_rule_enabled', case when (r.old_it).location_rule_enabled is distinct from (r.it).location_rule_enabled then coalesce(pg_catalog.to_jsonb((r.old_it).location_rule_enabled), 'null') end), ('location_rule_lat', case when (r.old_it).location_rule_lat is distinct from (r.it).location_rule_lat then coalesce(pg_catalog.to_jsonb((r.old_it).location_rule_lat), 'null') end), ('location_rule_lon', case when (r.old_it).location_rule_lon is distinct from (r.it).location_rule_lon then coalesce(pg_catalog.to_jsonb((r.old_it).location_rule_lon), 'null') end), ('location_rule_radius_km', case when (r.old_it).location_rule_radius_km is distinct from (r.it).location_rule_radius_km then coalesce(pg_catalog.to_jsonb((r.old_it).location_rule_radius_km), 'null') end), ('location_rule_location', case when pg_catalog.to_jsonb((r.old_it).location_rule_location) is distinct from pg_catalog.to_jsonb((r.it).location_rule_location) then coalesce(pg_catalog.to_jsonb((r.old_it).location_rule_location), 'null') end), ('location_rule_display_name', case when (r.old_it).location_rule_display_name is distinct from (r.it).location_rule_display_name then coalesce(pg_catalog.to_jsonb((r.old_it).location_rule_display_name), 'null') end), ('date_rule_enabled', case when (r.old_it).date_rule_enabled is distinct from (r.it).date_rule_enabled then coalesce(pg_catalog.to_jsonb((r.old_it).date_rule_enabled), 'null') end), ('date_rule_start_date', case when (r.old_it).date_rule_start_date is distinct from (r.it).date_rule_start_date then coalesce(pg_catalog.to_jsonb((r.old_it).date_rule_start_date), 'null') end), ('date_rule_end_date', case when (r.old_it).date_rule_end_date is distinct from (r.it).date_rule_end_date then coalesce(pg_catalog.to_jsonb((r.old_it).date_rule_end_date), 'null') end), ('sync_status', case when (r.old_it).sync_status is distinct from (r.it).sync_status then coalesce(pg_catalog.to_jsonb((r.old_it).sync_status), 'null') end), ('last_synced_at', case when (r.old_it).last_synced_at is distinct from (r.it).last_synced_at then coalesce(pg_catalog.to_jsonb((r.old_it).last_synced_at), 'null') end), ('deleted_at', case when (r.old_it).deleted_at is distinct from (r.it).deleted_at then coalesce(pg_catalog.to_jsonb((r.old_it).deleted_at), 'null') end), ('created_at', case when (r.old_it).created_at is distinct from (r.it).created_at then coalesce(pg_catalog.to_jsonb((r.old_it).created_at), 'null') end), ('updated_at', case when (r.old_it).updated_at is distinct from (r.it).updated_at then coalesce(pg_catalog.to_jsonb((r.old_it).updated_at), 'null') end), ('row_version', case when (r.old_it).row_version is distinct from (r.it).row_version then coalesce(pg_catalog.to_jsonb((r.old_it).row_version), 'null') end), ('sync_xid', case when pg_catalog.to_jsonb((r.old_it).sync_xid) is distinct from pg_catalog.to_jsonb((r.it).sync_xid) then coalesce(pg_catalog.to_jsonb((r.old_it).sync_xid), 'null') end)) d (c, v) where d.v is not null), coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlists' and s.op = 'update')
              using v_actor, v_restored;
          end if;
          else
          if not exists (select from old_rows offset 1) then
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlists as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owner_id), ('watchlist'::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            audiences as (
              select x.rid, pg_catalog.array_agg(distinct x.holder order by x.holder) as audience
                from (select k.rid, k.key as holder from row_keys k where k.kind = 'user'
                      union all
                      select k.rid, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key) x
               group by x.rid),
            seen_by_all as (select distinct k.rid from row_keys k where k.kind = 'everyone')
            select 'watchlists', 'delete', (r.it).id, null, r.row, coalesce(a.audience, '{}'), e.rid is not null, v_actor, false
              from written r left join audiences a on a.rid = r.rid left join seen_by_all e on e.rid = r.rid
             order by r.rid;
          else
            execute (select s.statement from outbox.capture_statements s where s.table_name = 'watchlists' and s.op = 'delete')
              using v_actor, v_restored;
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
-- Name: record_sync_fields(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.record_sync_fields() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET "TimeZone" TO 'UTC'
    SET extra_float_digits TO '1'
    SET jit TO 'off'
    AS $$
    declare
      v_actor uuid := auth.uid();
    begin
      case tg_table_name
        when 'activities' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'activities', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('title', case when (p.old_it).title is distinct from (p.it).title then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).title), 'null')::text) end), ('description', case when (p.old_it).description is distinct from (p.it).description then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).description), 'null')::text) end), ('type', case when (p.old_it).type is distinct from (p.it).type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).type), 'null')::text) end), ('due_date', case when (p.old_it).due_date is distinct from (p.it).due_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).due_date), 'null')::text) end), ('priority', case when (p.old_it).priority is distinct from (p.it).priority then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).priority), 'null')::text) end), ('duration_minutes', case when (p.old_it).duration_minutes is distinct from (p.it).duration_minutes then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).duration_minutes), 'null')::text) end), ('completed', case when (p.old_it).completed is distinct from (p.it).completed then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).completed), 'null')::text) end), ('completed_at', case when (p.old_it).completed_at is distinct from (p.it).completed_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).completed_at), 'null')::text) end), ('claimed_by', case when (p.old_it).claimed_by is distinct from (p.it).claimed_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).claimed_by), 'null')::text) end), ('claimed_at', case when (p.old_it).claimed_at is distinct from (p.it).claimed_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).claimed_at), 'null')::text) end), ('declared_by', case when (p.old_it).declared_by is distinct from (p.it).declared_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).declared_by), 'null')::text) end), ('listing_id', case when (p.old_it).listing_id is distinct from (p.it).listing_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).listing_id), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.activities as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.activities from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'journal_entries' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'journal_entries', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('thread_id', case when (p.old_it).thread_id is distinct from (p.it).thread_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).thread_id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('content', case when (p.old_it).content is distinct from (p.it).content then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).content), 'null')::text) end), ('entry_timestamp', case when (p.old_it).entry_timestamp is distinct from (p.it).entry_timestamp then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).entry_timestamp), 'null')::text) end), ('last_edited_at', case when (p.old_it).last_edited_at is distinct from (p.it).last_edited_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_edited_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.journal_entries as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.journal_entries from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'journal_entry_values' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'journal_entry_values', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('entry_id', case when (p.old_it).entry_id is distinct from (p.it).entry_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).entry_id), 'null')::text) end), ('field_id', case when (p.old_it).field_id is distinct from (p.it).field_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).field_id), 'null')::text) end), ('thread_id', case when (p.old_it).thread_id is distinct from (p.it).thread_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).thread_id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('entry_timestamp', case when (p.old_it).entry_timestamp is distinct from (p.it).entry_timestamp then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).entry_timestamp), 'null')::text) end), ('value', case when (p.old_it).value is distinct from (p.it).value then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).value), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.journal_entry_values as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.journal_entry_values from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'journal_field_groups' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'journal_field_groups', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('thread_id', case when (p.old_it).thread_id is distinct from (p.it).thread_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).thread_id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('parent_field_id', case when (p.old_it).parent_field_id is distinct from (p.it).parent_field_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_field_id), 'null')::text) end), ('child_field_id', case when (p.old_it).child_field_id is distinct from (p.it).child_field_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).child_field_id), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.journal_field_groups as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.journal_field_groups from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'journal_fields' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'journal_fields', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('thread_id', case when (p.old_it).thread_id is distinct from (p.it).thread_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).thread_id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('name', case when (p.old_it).name is distinct from (p.it).name then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).name), 'null')::text) end), ('sort_order', case when (p.old_it).sort_order is distinct from (p.it).sort_order then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sort_order), 'null')::text) end), ('is_group', case when (p.old_it).is_group is distinct from (p.it).is_group then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).is_group), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.journal_fields as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.journal_fields from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'journal_threads' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'journal_threads', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('title', case when (p.old_it).title is distinct from (p.it).title then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).title), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.journal_threads as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.journal_threads from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'listings' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'listings', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('property_id', case when (p.old_it).property_id is distinct from (p.it).property_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).property_id), 'null')::text) end), ('address', case when (p.old_it).address is distinct from (p.it).address then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).address), 'null')::text) end), ('city', case when (p.old_it).city is distinct from (p.it).city then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).city), 'null')::text) end), ('state', case when (p.old_it).state is distinct from (p.it).state then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).state), 'null')::text) end), ('zip', case when (p.old_it).zip is distinct from (p.it).zip then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).zip), 'null')::text) end), ('status', case when (p.old_it).status is distinct from (p.it).status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).status), 'null')::text) end), ('price', case when (p.old_it).price is distinct from (p.it).price then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).price), 'null')::text) end), ('mls_number', case when (p.old_it).mls_number is distinct from (p.it).mls_number then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).mls_number), 'null')::text) end), ('owned_by', case when (p.old_it).owned_by is distinct from (p.it).owned_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owned_by), 'null')::text) end), ('created_by', case when (p.old_it).created_by is distinct from (p.it).created_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).created_by), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.listings as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.listings from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'notes' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'notes', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('parent_type', case when (p.old_it).parent_type is distinct from (p.it).parent_type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_type), 'null')::text) end), ('parent_id', case when (p.old_it).parent_id is distinct from (p.it).parent_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_id), 'null')::text) end), ('content', case when (p.old_it).content is distinct from (p.it).content then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).content), 'null')::text) end), ('created_by', case when (p.old_it).created_by is distinct from (p.it).created_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).created_by), 'null')::text) end), ('edited_at', case when (p.old_it).edited_at is distinct from (p.it).edited_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).edited_at), 'null')::text) end), ('parent_open', case when (p.old_it).parent_open is distinct from (p.it).parent_open then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_open), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.notes as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.notes from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'observed_bird_photos' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'observed_bird_photos', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('watchlist_entry_id', case when (p.old_it).watchlist_entry_id is distinct from (p.it).watchlist_entry_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).watchlist_entry_id), 'null')::text) end), ('watchlist_id', case when (p.old_it).watchlist_id is distinct from (p.it).watchlist_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).watchlist_id), 'null')::text) end), ('image_path', case when (p.old_it).image_path is distinct from (p.it).image_path then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).image_path), 'null')::text) end), ('storage_url', case when (p.old_it).storage_url is distinct from (p.it).storage_url then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).storage_url), 'null')::text) end), ('is_uploaded', case when (p.old_it).is_uploaded is distinct from (p.it).is_uploaded then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).is_uploaded), 'null')::text) end), ('captured_at', case when (p.old_it).captured_at is distinct from (p.it).captured_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).captured_at), 'null')::text) end), ('uploaded_at', case when (p.old_it).uploaded_at is distinct from (p.it).uploaded_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).uploaded_at), 'null')::text) end), ('sync_status', case when (p.old_it).sync_status is distinct from (p.it).sync_status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sync_status), 'null')::text) end), ('last_synced_at', case when (p.old_it).last_synced_at is distinct from (p.it).last_synced_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_synced_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.observed_bird_photos as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.observed_bird_photos from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'subtasks' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'subtasks', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('parent_type', case when (p.old_it).parent_type is distinct from (p.it).parent_type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_type), 'null')::text) end), ('parent_id', case when (p.old_it).parent_id is distinct from (p.it).parent_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_id), 'null')::text) end), ('title', case when (p.old_it).title is distinct from (p.it).title then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).title), 'null')::text) end), ('completed', case when (p.old_it).completed is distinct from (p.it).completed then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).completed), 'null')::text) end), ('parent_open', case when (p.old_it).parent_open is distinct from (p.it).parent_open then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parent_open), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.subtasks as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.subtasks from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'tasks' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'tasks', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('title', case when (p.old_it).title is distinct from (p.it).title then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).title), 'null')::text) end), ('description', case when (p.old_it).description is distinct from (p.it).description then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).description), 'null')::text) end), ('due_date', case when (p.old_it).due_date is distinct from (p.it).due_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).due_date), 'null')::text) end), ('priority', case when (p.old_it).priority is distinct from (p.it).priority then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).priority), 'null')::text) end), ('completed', case when (p.old_it).completed is distinct from (p.it).completed then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).completed), 'null')::text) end), ('completed_at', case when (p.old_it).completed_at is distinct from (p.it).completed_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).completed_at), 'null')::text) end), ('claimed_by', case when (p.old_it).claimed_by is distinct from (p.it).claimed_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).claimed_by), 'null')::text) end), ('claimed_at', case when (p.old_it).claimed_at is distinct from (p.it).claimed_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).claimed_at), 'null')::text) end), ('declared_by', case when (p.old_it).declared_by is distinct from (p.it).declared_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).declared_by), 'null')::text) end), ('listing_id', case when (p.old_it).listing_id is distinct from (p.it).listing_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).listing_id), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.tasks as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.tasks from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'watchlist_entries' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'watchlist_entries', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('watchlist_id', case when (p.old_it).watchlist_id is distinct from (p.it).watchlist_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).watchlist_id), 'null')::text) end), ('bird_id', case when (p.old_it).bird_id is distinct from (p.it).bird_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).bird_id), 'null')::text) end), ('nickname', case when (p.old_it).nickname is distinct from (p.it).nickname then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).nickname), 'null')::text) end), ('status', case when (p.old_it).status is distinct from (p.it).status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).status), 'null')::text) end), ('notes', case when (p.old_it).notes is distinct from (p.it).notes then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).notes), 'null')::text) end), ('added_date', case when (p.old_it).added_date is distinct from (p.it).added_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).added_date), 'null')::text) end), ('observation_date', case when (p.old_it).observation_date is distinct from (p.it).observation_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).observation_date), 'null')::text) end), ('to_observe_start_date', case when (p.old_it).to_observe_start_date is distinct from (p.it).to_observe_start_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).to_observe_start_date), 'null')::text) end), ('to_observe_end_date', case when (p.old_it).to_observe_end_date is distinct from (p.it).to_observe_end_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).to_observe_end_date), 'null')::text) end), ('observed_by', case when (p.old_it).observed_by is distinct from (p.it).observed_by then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).observed_by), 'null')::text) end), ('lat', case when (p.old_it).lat is distinct from (p.it).lat then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).lat), 'null')::text) end), ('lon', case when (p.old_it).lon is distinct from (p.it).lon then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).lon), 'null')::text) end), ('location', case when pg_catalog.to_jsonb((p.old_it).location) is distinct from pg_catalog.to_jsonb((p.it).location) then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location), 'null')::text) end), ('location_display_name', case when (p.old_it).location_display_name is distinct from (p.it).location_display_name then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_display_name), 'null')::text) end), ('priority', case when (p.old_it).priority is distinct from (p.it).priority then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).priority), 'null')::text) end), ('notify_upcoming', case when (p.old_it).notify_upcoming is distinct from (p.it).notify_upcoming then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).notify_upcoming), 'null')::text) end), ('target_date_range', case when (p.old_it).target_date_range is distinct from (p.it).target_date_range then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).target_date_range), 'null')::text) end), ('sync_status', case when (p.old_it).sync_status is distinct from (p.it).sync_status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sync_status), 'null')::text) end), ('last_synced_at', case when (p.old_it).last_synced_at is distinct from (p.it).last_synced_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_synced_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_entries as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_entries from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'watchlist_rules' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'watchlist_rules', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('watchlist_id', case when (p.old_it).watchlist_id is distinct from (p.it).watchlist_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).watchlist_id), 'null')::text) end), ('rule_type', case when (p.old_it).rule_type is distinct from (p.it).rule_type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).rule_type), 'null')::text) end), ('parameters_json', case when (p.old_it).parameters_json is distinct from (p.it).parameters_json then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parameters_json), 'null')::text) end), ('is_active', case when (p.old_it).is_active is distinct from (p.it).is_active then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).is_active), 'null')::text) end), ('priority', case when (p.old_it).priority is distinct from (p.it).priority then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).priority), 'null')::text) end), ('sync_status', case when (p.old_it).sync_status is distinct from (p.it).sync_status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sync_status), 'null')::text) end), ('last_synced_at', case when (p.old_it).last_synced_at is distinct from (p.it).last_synced_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_synced_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_rules as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_rules from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        when 'watchlists' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests)
          select 'watchlists', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('type', case when (p.old_it).type is distinct from (p.it).type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).type), 'null')::text) end), ('title', case when (p.old_it).title is distinct from (p.it).title then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).title), 'null')::text) end), ('location', case when (p.old_it).location is distinct from (p.it).location then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location), 'null')::text) end), ('location_display_name', case when (p.old_it).location_display_name is distinct from (p.it).location_display_name then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_display_name), 'null')::text) end), ('start_date', case when (p.old_it).start_date is distinct from (p.it).start_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).start_date), 'null')::text) end), ('end_date', case when (p.old_it).end_date is distinct from (p.it).end_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).end_date), 'null')::text) end), ('observed_count', case when (p.old_it).observed_count is distinct from (p.it).observed_count then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).observed_count), 'null')::text) end), ('species_count', case when (p.old_it).species_count is distinct from (p.it).species_count then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).species_count), 'null')::text) end), ('cover_image_path', case when (p.old_it).cover_image_path is distinct from (p.it).cover_image_path then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).cover_image_path), 'null')::text) end), ('species_rule_enabled', case when (p.old_it).species_rule_enabled is distinct from (p.it).species_rule_enabled then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).species_rule_enabled), 'null')::text) end), ('species_rule_shape_id', case when (p.old_it).species_rule_shape_id is distinct from (p.it).species_rule_shape_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).species_rule_shape_id), 'null')::text) end), ('location_rule_enabled', case when (p.old_it).location_rule_enabled is distinct from (p.it).location_rule_enabled then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_enabled), 'null')::text) end), ('location_rule_lat', case when (p.old_it).location_rule_lat is distinct from (p.it).location_rule_lat then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_lat), 'null')::text) end), ('location_rule_lon', case when (p.old_it).location_rule_lon is distinct from (p.it).location_rule_lon then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_lon), 'null')::text) end), ('location_rule_radius_km', case when (p.old_it).location_rule_radius_km is distinct from (p.it).location_rule_radius_km then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_radius_km), 'null')::text) end), ('location_rule_location', case when pg_catalog.to_jsonb((p.old_it).location_rule_location) is distinct from pg_catalog.to_jsonb((p.it).location_rule_location) then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_location), 'null')::text) end), ('location_rule_display_name', case when (p.old_it).location_rule_display_name is distinct from (p.it).location_rule_display_name then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_display_name), 'null')::text) end), ('date_rule_enabled', case when (p.old_it).date_rule_enabled is distinct from (p.it).date_rule_enabled then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).date_rule_enabled), 'null')::text) end), ('date_rule_start_date', case when (p.old_it).date_rule_start_date is distinct from (p.it).date_rule_start_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).date_rule_start_date), 'null')::text) end), ('date_rule_end_date', case when (p.old_it).date_rule_end_date is distinct from (p.it).date_rule_end_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).date_rule_end_date), 'null')::text) end), ('sync_status', case when (p.old_it).sync_status is distinct from (p.it).sync_status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sync_status), 'null')::text) end), ('last_synced_at', case when (p.old_it).last_synced_at is distinct from (p.it).last_synced_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_synced_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlists as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlists from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: %s is not a synced table', tg_table_name);
      end case;
      return null;
    end
    $$;

--
-- Name: FUNCTION record_sync_fields(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.record_sync_fields() IS 'AFTER UPDATE statement trigger function of the synced tables (transition tables new_rows, old_rows): for every row whose row_version moved, records in private.sync_field_changes the version written, when, by whom, and the md5 of each changed column''s previous value (as private.sync_field_digests digests it), in one INSERT. For sync_push''s per-field merge. Generated by private.generate_sync_fields.';

--
-- Name: row_scope(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_scope(p_table text, p_row jsonb) RETURNS TABLE(kind text, key uuid)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
    begin
      case p_table
        when 'activities' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.activities, p_row) it
           cross join lateral (values ('everyone'::text, case when it.claimed_by is null and not it.completed then private.everyone_key() end), ('listing'::text, it.listing_id), ('user'::text, it.claimed_by), ('user'::text, it.declared_by)) v (kind, key) where v.key is not null;
        when 'bird' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.bird, p_row) it
           cross join lateral (values ('everyone'::text, case when true then private.everyone_key() end)) v (kind, key) where v.key is not null;
        when 'hotspot' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.hotspot, p_row) it
           cross join lateral (values ('everyone'::text, case when true then private.everyone_key() end)) v (kind, key) where v.key is not null;
        when 'journal_entries' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_entries, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'journal_entry_value_lists' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_entry_value_lists, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'journal_entry_values' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_entry_values, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'journal_field_groups' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_field_groups, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'journal_fields' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_fields, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'journal_thread_stats' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_thread_stats, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'journal_threads' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.journal_threads, p_row) it
           cross join lateral (values ('user'::text, it.owner_id)) v (kind, key) where v.key is not null;
        when 'listings' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.listings, p_row) it
           cross join lateral (values ('listing_claimer'::text, it.id), ('user'::text, it.owned_by)) v (kind, key) where v.key is not null;
        when 'notes' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.notes, p_row) it
           cross join lateral (values ('activity'::text, case when it.parent_type = 'activity' then it.parent_id end), ('everyone'::text, case when it.parent_open then private.everyone_key() end), ('listing'::text, case when it.parent_type = 'listing' then it.parent_id end), ('task'::text, case when it.parent_type = 'task' then it.parent_id end)) v (kind, key) where v.key is not null;
        when 'notification_preferences' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.notification_preferences, p_row) it
           cross join lateral (values ('user'::text, it.user_id)) v (kind, key) where v.key is not null;
        when 'notification_types' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.notification_types, p_row) it
           cross join lateral (values ('everyone'::text, case when true then private.everyone_key() end)) v (kind, key) where v.key is not null;
        when 'notifications' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.notifications, p_row) it
           cross join lateral (values ('user'::text, it.user_id)) v (kind, key) where v.key is not null;
        when 'observed_bird_photos' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.observed_bird_photos, p_row) it
           cross join lateral (values ('watchlist'::text, it.watchlist_id)) v (kind, key) where v.key is not null;
        when 'properties' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.properties, p_row) it
           cross join lateral (values ('user'::text, it.owned_by)) v (kind, key) where v.key is not null;
        when 'push_devices' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.push_devices, p_row) it
           cross join lateral (values ('user'::text, it.user_id)) v (kind, key) where v.key is not null;
        when 'subtasks' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.subtasks, p_row) it
           cross join lateral (values ('activity'::text, case when it.parent_type = 'activity' then it.parent_id end), ('everyone'::text, case when it.parent_open then private.everyone_key() end), ('task'::text, case when it.parent_type = 'task' then it.parent_id end)) v (kind, key) where v.key is not null;
        when 'tasks' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.tasks, p_row) it
           cross join lateral (values ('everyone'::text, case when it.claimed_by is null and not it.completed then private.everyone_key() end), ('listing'::text, it.listing_id), ('user'::text, it.claimed_by), ('user'::text, it.declared_by)) v (kind, key) where v.key is not null;
        when 'users' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.users, p_row) it
           cross join lateral (values ('user'::text, it.id)) v (kind, key) where v.key is not null;
        when 'watchlist_entries' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlist_entries, p_row) it
           cross join lateral (values ('watchlist'::text, it.watchlist_id)) v (kind, key) where v.key is not null;
        when 'watchlist_rules' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlist_rules, p_row) it
           cross join lateral (values ('watchlist'::text, it.watchlist_id)) v (kind, key) where v.key is not null;
        when 'watchlist_shares' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlist_shares, p_row) it
           cross join lateral (values ('user'::text, it.user_id), ('watchlist_owner'::text, it.watchlist_id)) v (kind, key) where v.key is not null;
        when 'watchlists' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlists, p_row) it
           cross join lateral (values ('user'::text, it.owner_id), ('watchlist'::text, it.id)) v (kind, key) where v.key is not null;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
      end case;
    end
    $$;

--
-- Name: FUNCTION row_scope(p_table text, p_row jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.row_scope(p_table text, p_row jsonb) IS 'The scope keys (kind, key) of a row of p_table given as jsonb (to_jsonb(row)), derived kinds as they are (a note: (task, its parent id)). Generated from private.visibility_rules by private.generate_row_scope. INVALID_TABLE (22023) for a table without rules.';

--
-- Name: sync_has_items(text, text, xid8, xid8, xid8[], text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_has_items(p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    begin
      case p_table || '_' || p_mode
        when 'tasks_admin' then
          return exists (select from private.sync_items_tasks_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'tasks_changes' then
          return exists (select from private.sync_items_tasks_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'activities_admin' then
          return exists (select from private.sync_items_activities_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'activities_changes' then
          return exists (select from private.sync_items_activities_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'listings_admin' then
          return exists (select from private.sync_items_listings_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'listings_changes' then
          return exists (select from private.sync_items_listings_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'notes_admin' then
          return exists (select from private.sync_items_notes_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'notes_changes' then
          return exists (select from private.sync_items_notes_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'subtasks_admin' then
          return exists (select from private.sync_items_subtasks_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'subtasks_changes' then
          return exists (select from private.sync_items_subtasks_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'watchlists_admin' then
          return exists (select from private.sync_items_watchlists_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'watchlists_changes' then
          return exists (select from private.sync_items_watchlists_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'watchlist_entries_admin' then
          return exists (select from private.sync_items_watchlist_entries_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'watchlist_entries_changes' then
          return exists (select from private.sync_items_watchlist_entries_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'watchlist_rules_admin' then
          return exists (select from private.sync_items_watchlist_rules_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'watchlist_rules_changes' then
          return exists (select from private.sync_items_watchlist_rules_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'observed_bird_photos_admin' then
          return exists (select from private.sync_items_observed_bird_photos_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'observed_bird_photos_changes' then
          return exists (select from private.sync_items_observed_bird_photos_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_threads_admin' then
          return exists (select from private.sync_items_journal_threads_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_threads_changes' then
          return exists (select from private.sync_items_journal_threads_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_entries_admin' then
          return exists (select from private.sync_items_journal_entries_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_entries_changes' then
          return exists (select from private.sync_items_journal_entries_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_fields_admin' then
          return exists (select from private.sync_items_journal_fields_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_fields_changes' then
          return exists (select from private.sync_items_journal_fields_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_field_groups_admin' then
          return exists (select from private.sync_items_journal_field_groups_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_field_groups_changes' then
          return exists (select from private.sync_items_journal_field_groups_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_entry_values_admin' then
          return exists (select from private.sync_items_journal_entry_values_admin(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        when 'journal_entry_values_changes' then
          return exists (select from private.sync_items_journal_entry_values_changes(p_lo, p_x, p_ip, '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: %L is not a synced table and mode changes or admin (table_mode)', p_table || '_' || p_mode);
      end case;
    end
    $$;

--
-- Name: FUNCTION sync_has_items(p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_has_items(p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'For sync_poll: whether private.sync_items_<p_table>_<p_mode> (mode changes or admin) has at least one item for the given state and keys (private.sync_key_state). Generated by private.generate_sync_items.';

--
-- Name: sync_items_activities_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_activities_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.activities it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'activities' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_activities_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_activities_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table activities, mode admin: the query of private.sync_items_sql(''activities'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_activities_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_activities_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.activities it
              where it.claimed_by is null and not it.completed and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing') k
            cross join lateral (select it.sync_xid, it.id from public.activities it
                                 where it.listing_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.listing_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.listing_id = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.activities it
                                 where it.claimed_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.claimed_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.claimed_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.activities it
                                 where it.declared_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.declared_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.declared_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'activities' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.activities it where it.id = m.row_id and ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'activities' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_activities_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_activities_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table activities, mode changes: the query of private.sync_items_sql(''activities'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_activities_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_activities_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.activities it
              where it.claimed_by is null and not it.completed and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing') k
            cross join lateral (select it.sync_xid, it.id from public.activities it
                                 where it.listing_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.activities it
                                 where it.claimed_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.activities it
                                 where it.declared_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_activities_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_activities_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table activities, mode full: the query of private.sync_items_sql(''activities'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_activities_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_activities_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.listing_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.listing_id = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.claimed_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.claimed_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.declared_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.activities it
                                          where it.declared_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'activities' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.activities it where it.id = m.row_id and ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_activities_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_activities_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table activities, mode visibility: the query of private.sync_items_sql(''activities'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entries_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.journal_entries it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'journal_entries' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entries, mode admin: the query of private.sync_items_sql(''journal_entries'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entries_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_entries it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entries it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entries it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_entries' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_entries it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'journal_entries' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entries, mode changes: the query of private.sync_items_sql(''journal_entries'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entries_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_entries it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entries, mode full: the query of private.sync_items_sql(''journal_entries'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entries_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entries it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entries it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_entries' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_entries it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entries, mode visibility: the query of private.sync_items_sql(''journal_entries'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entry_values_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entry_values_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.journal_entry_values it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'journal_entry_values' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entry_values_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entry_values_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entry_values, mode admin: the query of private.sync_items_sql(''journal_entry_values'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entry_values_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entry_values_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_entry_values it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entry_values it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entry_values it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_entry_values' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_entry_values it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'journal_entry_values' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entry_values_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entry_values_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entry_values, mode changes: the query of private.sync_items_sql(''journal_entry_values'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entry_values_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entry_values_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_entry_values it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entry_values_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entry_values_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entry_values, mode full: the query of private.sync_items_sql(''journal_entry_values'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_entry_values_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_entry_values_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entry_values it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_entry_values it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_entry_values' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_entry_values it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_entry_values_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_entry_values_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_entry_values, mode visibility: the query of private.sync_items_sql(''journal_entry_values'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_field_groups_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_field_groups_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.journal_field_groups it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'journal_field_groups' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_field_groups_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_field_groups_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_field_groups, mode admin: the query of private.sync_items_sql(''journal_field_groups'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_field_groups_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_field_groups_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_field_groups it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_field_groups it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_field_groups it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_field_groups' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_field_groups it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'journal_field_groups' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_field_groups_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_field_groups_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_field_groups, mode changes: the query of private.sync_items_sql(''journal_field_groups'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_field_groups_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_field_groups_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_field_groups it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_field_groups_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_field_groups_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_field_groups, mode full: the query of private.sync_items_sql(''journal_field_groups'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_field_groups_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_field_groups_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_field_groups it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_field_groups it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_field_groups' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_field_groups it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_field_groups_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_field_groups_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_field_groups, mode visibility: the query of private.sync_items_sql(''journal_field_groups'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_fields_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_fields_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.journal_fields it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'journal_fields' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_fields_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_fields_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_fields, mode admin: the query of private.sync_items_sql(''journal_fields'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_fields_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_fields_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_fields it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_fields it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_fields it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_fields' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_fields it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'journal_fields' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_fields_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_fields_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_fields, mode changes: the query of private.sync_items_sql(''journal_fields'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_fields_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_fields_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_fields it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_fields_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_fields_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_fields, mode full: the query of private.sync_items_sql(''journal_fields'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_fields_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_fields_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_fields it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_fields it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_fields' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_fields it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_fields_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_fields_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_fields, mode visibility: the query of private.sync_items_sql(''journal_fields'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_threads_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_threads_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.journal_threads it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'journal_threads' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_threads_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_threads_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_threads, mode admin: the query of private.sync_items_sql(''journal_threads'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_threads_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_threads_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_threads it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_threads it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_threads it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_threads' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_threads it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'journal_threads' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_threads_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_threads_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_threads, mode changes: the query of private.sync_items_sql(''journal_threads'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_threads_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_threads_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.journal_threads it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_threads_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_threads_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_threads, mode full: the query of private.sync_items_sql(''journal_threads'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_journal_threads_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_journal_threads_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_threads it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.journal_threads it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'journal_threads' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.journal_threads it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_journal_threads_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_journal_threads_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table journal_threads, mode visibility: the query of private.sync_items_sql(''journal_threads'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_listings_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_listings_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.listings it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'listings' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_listings_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_listings_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table listings, mode admin: the query of private.sync_items_sql(''listings'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_listings_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_listings_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing_claimer') k
            cross join lateral (select it.sync_xid, it.id from public.listings it
                                 where it.id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing_claimer' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing_claimer' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.id = x.key and not ((('listing_claimer', it.id) in (select k.kind, k.key from k)) or (('user', it.owned_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.listings it
                                 where it.owned_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.owned_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.owned_by = x.key and not ((('listing_claimer', it.id) in (select k.kind, k.key from k)) or (('user', it.owned_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'listings' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.listings it where it.id = m.row_id and ((('listing_claimer', it.id) in (select k.kind, k.key from k)) or (('user', it.owned_by) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'listings' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_listings_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_listings_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table listings, mode changes: the query of private.sync_items_sql(''listings'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_listings_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_listings_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing_claimer') k
            cross join lateral (select it.sync_xid, it.id from public.listings it
                                 where it.id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.listings it
                                 where it.owned_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_listings_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_listings_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table listings, mode full: the query of private.sync_items_sql(''listings'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_listings_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_listings_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing_claimer' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing_claimer' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.id = x.key and not ((('listing_claimer', it.id) in (select k.kind, k.key from k)) or (('user', it.owned_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.owned_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.listings it
                                          where it.owned_by = x.key and not ((('listing_claimer', it.id) in (select k.kind, k.key from k)) or (('user', it.owned_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'listings' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.listings it where it.id = m.row_id and ((('listing_claimer', it.id) in (select k.kind, k.key from k)) or (('user', it.owned_by) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_listings_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_listings_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table listings, mode visibility: the query of private.sync_items_sql(''listings'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_notes_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_notes_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.notes it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'notes' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_notes_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_notes_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table notes, mode admin: the query of private.sync_items_sql(''notes'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_notes_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_notes_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
vp_activity as (select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.declared_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.claimed_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'activities' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.declared_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'activities' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_activity v)),
dp_activity as (select 'activity'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'activities' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
vp_task as (select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.declared_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.claimed_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.declared_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_task v)),
dp_task as (select 'task'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'tasks' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
k as (select kind, key from k0 union all select kind, key from vp_activity union all select kind, key from vp_task),
g as (select * from g0 union all select * from ep_activity union all select * from ep_task),
l as (select * from l0 union all select * from xp_activity union all select * from xp_task),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl union select kind, key from dp_activity union select kind, key from dp_task)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'activity') k
            cross join lateral (select it.sync_xid, it.id from public.notes it
                                 where it.parent_id = k.key and it.parent_type = 'activity' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'activity'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'activity' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.notes it
              where it.parent_open and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing') k
            cross join lateral (select it.sync_xid, it.id from public.notes it
                                 where it.parent_id = k.key and it.parent_type = 'listing' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'listing'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'listing' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'task') k
            cross join lateral (select it.sync_xid, it.id from public.notes it
                                 where it.parent_id = k.key and it.parent_type = 'task' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'task'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'task' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'notes' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.notes it where it.id = m.row_id and ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'notes' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_notes_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_notes_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table notes, mode changes: the query of private.sync_items_sql(''notes'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_notes_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_notes_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
vp_activity as (select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.declared_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.claimed_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'listing' and it.listing_id = k0.key),
vp_task as (select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.declared_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.claimed_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'listing' and it.listing_id = k0.key),
k as (select kind, key from k0 union all select kind, key from vp_activity union all select kind, key from vp_task),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'activity') k
            cross join lateral (select it.sync_xid, it.id from public.notes it
                                 where it.parent_id = k.key and it.parent_type = 'activity' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.notes it
              where it.parent_open and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing') k
            cross join lateral (select it.sync_xid, it.id from public.notes it
                                 where it.parent_id = k.key and it.parent_type = 'listing' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'task') k
            cross join lateral (select it.sync_xid, it.id from public.notes it
                                 where it.parent_id = k.key and it.parent_type = 'task' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_notes_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_notes_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table notes, mode full: the query of private.sync_items_sql(''notes'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_notes_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_notes_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
vp_activity as (select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.declared_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.claimed_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'activities' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.declared_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'activities' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_activity v)),
dp_activity as (select 'activity'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'activities' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
vp_task as (select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.declared_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.claimed_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.declared_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_task v)),
dp_task as (select 'task'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'tasks' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
k as (select kind, key from k0 union all select kind, key from vp_activity union all select kind, key from vp_task),
g as (select * from g0 union all select * from ep_activity union all select * from ep_task),
l as (select * from l0 union all select * from xp_activity union all select * from xp_task),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl union select kind, key from dp_activity union select kind, key from dp_task)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'activity'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'activity' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'listing'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'listing' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'task'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.notes it
                                          where it.parent_id = x.key and it.parent_type = 'task' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'notes' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.notes it where it.id = m.row_id and ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'listing' and ('listing', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_notes_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_notes_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table notes, mode visibility: the query of private.sync_items_sql(''notes'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_observed_bird_photos_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_observed_bird_photos_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.observed_bird_photos it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'observed_bird_photos' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_observed_bird_photos_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_observed_bird_photos_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table observed_bird_photos, mode admin: the query of private.sync_items_sql(''observed_bird_photos'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_observed_bird_photos_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_observed_bird_photos_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
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
            cross join lateral (select it.sync_xid, it.id from public.observed_bird_photos it
                                 where it.watchlist_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.observed_bird_photos it
                                          where it.watchlist_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.observed_bird_photos it
                                          where it.watchlist_id = x.key and not ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'observed_bird_photos' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.observed_bird_photos it where it.id = m.row_id and ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'observed_bird_photos' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_observed_bird_photos_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_observed_bird_photos_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table observed_bird_photos, mode changes: the query of private.sync_items_sql(''observed_bird_photos'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_observed_bird_photos_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_observed_bird_photos_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
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
            cross join lateral (select it.sync_xid, it.id from public.observed_bird_photos it
                                 where it.watchlist_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_observed_bird_photos_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_observed_bird_photos_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table observed_bird_photos, mode full: the query of private.sync_items_sql(''observed_bird_photos'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_observed_bird_photos_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_observed_bird_photos_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.observed_bird_photos it
                                          where it.watchlist_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.observed_bird_photos it
                                          where it.watchlist_id = x.key and not ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'observed_bird_photos' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.observed_bird_photos it where it.id = m.row_id and ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_observed_bird_photos_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_observed_bird_photos_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table observed_bird_photos, mode visibility: the query of private.sync_items_sql(''observed_bird_photos'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_subtasks_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_subtasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.subtasks it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'subtasks' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_subtasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_subtasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table subtasks, mode admin: the query of private.sync_items_sql(''subtasks'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_subtasks_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_subtasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
vp_activity as (select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.declared_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.claimed_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'activities' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.declared_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'activities' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_activity v)),
dp_activity as (select 'activity'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'activities' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
vp_task as (select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.declared_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.claimed_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.declared_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_task v)),
dp_task as (select 'task'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'tasks' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
k as (select kind, key from k0 union all select kind, key from vp_activity union all select kind, key from vp_task),
g as (select * from g0 union all select * from ep_activity union all select * from ep_task),
l as (select * from l0 union all select * from xp_activity union all select * from xp_task),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl union select kind, key from dp_activity union select kind, key from dp_task)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'activity') k
            cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                 where it.parent_id = k.key and it.parent_type = 'activity' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'activity'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'activity' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.subtasks it
              where it.parent_open and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'task') k
            cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                 where it.parent_id = k.key and it.parent_type = 'task' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'task'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'task' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'subtasks' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.subtasks it where it.id = m.row_id and ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'subtasks' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_subtasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_subtasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table subtasks, mode changes: the query of private.sync_items_sql(''subtasks'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_subtasks_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_subtasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
vp_activity as (select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.declared_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.claimed_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'listing' and it.listing_id = k0.key),
vp_task as (select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.declared_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.claimed_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'listing' and it.listing_id = k0.key),
k as (select kind, key from k0 union all select kind, key from vp_activity union all select kind, key from vp_task),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'activity') k
            cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                 where it.parent_id = k.key and it.parent_type = 'activity' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.subtasks it
              where it.parent_open and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'task') k
            cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                 where it.parent_id = k.key and it.parent_type = 'task' and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_subtasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_subtasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table subtasks, mode full: the query of private.sync_items_sql(''subtasks'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_subtasks_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_subtasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
vp_activity as (select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.declared_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'user' and it.claimed_by = k0.key union select 'activity'::text as kind, it.id as key from k0 join public.activities it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'activities' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.declared_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'activity', it.id, g0.cause, g0.at from g0 join public.activities it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_activity as (select 'activity'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'activities' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_activity v) group by m.row_id union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_activity v) union all select 'activity', it.id, l0.cause, l0.at from l0 join public.activities it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_activity v)),
dp_activity as (select 'activity'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'activities' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
vp_task as (select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.declared_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'user' and it.claimed_by = k0.key union select 'task'::text as kind, it.id as key from k0 join public.tasks it on k0.kind = 'listing' and it.listing_id = k0.key),
ep_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from k0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = k0.kind and m.key = k0.key
                       and m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.declared_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'user' and it.claimed_by = g0.key union all select 'task', it.id, g0.cause, g0.at from g0 join public.tasks it on g0.kind = 'listing' and it.listing_id = g0.key),
xp_task as (select 'task'::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from kl0 join public.sync_moves m on m.table_name = 'tasks' and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and m.sync_xid >= greatest(p_lo, p_after_c0) and (m.sync_xid >= p_x or m.sync_xid = any (p_ip))
                     where m.row_id not in (select v.key from vp_task v) group by m.row_id union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.declared_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'user' and it.claimed_by = l0.key where it.id not in (select v.key from vp_task v) union all select 'task', it.id, l0.cause, l0.at from l0 join public.tasks it on l0.kind = 'listing' and it.listing_id = l0.key where it.id not in (select v.key from vp_task v)),
dp_task as (select 'task'::text as kind, d.record_id as key
                      from kl0 join public.sync_deletions d on d.table_name = 'tasks' and d.kind = kl0.kind and d.key = kl0.key and d.sync_xid >= greatest(p_lo, p_after_c0) and (d.sync_xid >= p_x or d.sync_xid = any (p_ip))),
k as (select kind, key from k0 union all select kind, key from vp_activity union all select kind, key from vp_task),
g as (select * from g0 union all select * from ep_activity union all select * from ep_task),
l as (select * from l0 union all select * from xp_activity union all select * from xp_task),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl union select kind, key from dp_activity union select kind, key from dp_task)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'activity'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'activity' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'activity' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'task'
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'task' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.subtasks it
                                          where it.parent_id = x.key and it.parent_type = 'task' and not ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'subtasks' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.subtasks it where it.id = m.row_id and ((it.parent_type = 'activity' and ('activity', it.parent_id) in (select k.kind, k.key from k)) or (it.parent_open) or (it.parent_type = 'task' and ('task', it.parent_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_subtasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_subtasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table subtasks, mode visibility: the query of private.sync_items_sql(''subtasks'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_tasks_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_tasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.tasks it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'tasks' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_tasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_tasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table tasks, mode admin: the query of private.sync_items_sql(''tasks'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_tasks_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_tasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.tasks it
              where it.claimed_by is null and not it.completed and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing') k
            cross join lateral (select it.sync_xid, it.id from public.tasks it
                                 where it.listing_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.listing_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.listing_id = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.tasks it
                                 where it.claimed_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.claimed_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.claimed_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.tasks it
                                 where it.declared_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.declared_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.declared_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'tasks' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.tasks it where it.id = m.row_id and ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'tasks' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_tasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_tasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table tasks, mode changes: the query of private.sync_items_sql(''tasks'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_tasks_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_tasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.tasks it
              where it.claimed_by is null and not it.completed and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
              order by it.sync_xid, it.id limit p_limit + 1)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'listing') k
            cross join lateral (select it.sync_xid, it.id from public.tasks it
                                 where it.listing_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.tasks it
                                 where it.claimed_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.tasks it
                                 where it.declared_by = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_tasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_tasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table tasks, mode full: the query of private.sync_items_sql(''tasks'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_tasks_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_tasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.listing_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'listing' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.listing_id = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.claimed_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.claimed_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.declared_by = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.tasks it
                                          where it.declared_by = x.key and not ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'tasks' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.tasks it where it.id = m.row_id and ((it.claimed_by is null and not it.completed) or (('listing', it.listing_id) in (select k.kind, k.key from k)) or (('user', it.claimed_by) in (select k.kind, k.key from k)) or (('user', it.declared_by) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_tasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_tasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table tasks, mode visibility: the query of private.sync_items_sql(''tasks'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_entries_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.watchlist_entries it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'watchlist_entries' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_entries, mode admin: the query of private.sync_items_sql(''watchlist_entries'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_entries_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
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
            cross join lateral (select it.sync_xid, it.id from public.watchlist_entries it
                                 where it.watchlist_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlist_entries it
                                          where it.watchlist_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlist_entries it
                                          where it.watchlist_id = x.key and not ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'watchlist_entries' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.watchlist_entries it where it.id = m.row_id and ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'watchlist_entries' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_entries, mode changes: the query of private.sync_items_sql(''watchlist_entries'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_entries_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
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
            cross join lateral (select it.sync_xid, it.id from public.watchlist_entries it
                                 where it.watchlist_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_entries, mode full: the query of private.sync_items_sql(''watchlist_entries'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_entries_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlist_entries it
                                          where it.watchlist_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlist_entries it
                                          where it.watchlist_id = x.key and not ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'watchlist_entries' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.watchlist_entries it where it.id = m.row_id and ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_entries, mode visibility: the query of private.sync_items_sql(''watchlist_entries'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_rules_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_rules_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.watchlist_rules it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'watchlist_rules' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_rules_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_rules_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_rules, mode admin: the query of private.sync_items_sql(''watchlist_rules'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_rules_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_rules_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
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
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_rules_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_rules_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_rules, mode changes: the query of private.sync_items_sql(''watchlist_rules'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_rules_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_rules_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
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
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_rules_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_rules_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_rules, mode full: the query of private.sync_items_sql(''watchlist_rules'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlist_rules_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlist_rules_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
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
          where not exists (select from public.watchlist_rules it where it.id = m.row_id and ((('watchlist', it.watchlist_id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlist_rules_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlist_rules_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlist_rules, mode visibility: the query of private.sync_items_sql(''watchlist_rules'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlists_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlists_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.watchlists it
        where (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
        order by it.sync_xid, it.id limit p_limit + 1)
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', max(d.deleted_at) from public.sync_deletions d
          where p_x > '0'::xid8 and d.table_name = 'watchlists' and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlists_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlists_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlists, mode admin: the query of private.sync_items_sql(''watchlists'', ''admin'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlists_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlists_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)) or (('watchlist', it.id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'watchlist') k
            cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                 where it.id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)) or (('watchlist', it.id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'watchlists' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.watchlists it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)) or (('watchlist', it.id) in (select k.kind, k.key from k)))))
union all
(select d.sync_xid, d.sync_xid, d.record_id, 0, 'deleted', d.deleted_at
           from dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = 'watchlists' and d.kind = dk.kind and d.key = dk.key
                                          and (d.sync_xid >= p_x or d.sync_xid = any (p_ip)) and (d.sync_xid, d.record_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by d.sync_xid, d.record_id limit p_limit + 1) d)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlists_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlists_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlists, mode changes: the query of private.sync_items_sql(''watchlists'', ''changes'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlists_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlists_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'user') k
            cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                 where it.owner_id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from k where k.kind = 'watchlist') k
            cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                 where it.id = k.key and (it.sync_xid >= p_x or it.sync_xid = any (p_ip)) and (it.sync_xid, it.id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                 order by it.sync_xid, it.id limit p_limit + 1) it)) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlists_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlists_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlists, mode full: the query of private.sync_items_sql(''watchlists'', ''full'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_items_watchlists_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_items_watchlists_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) RETURNS TABLE(c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return query with k0 as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key)),
g0 as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at)),
l0 as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at)),
kl0 as (select kind, key from k0 union select kind, key from l0),
k as (select kind, key from k0),
g as (select * from g0),
l as (select * from l0),
kl as (select kind, key from k union select kind, key from l),
dk as (select kind, key from kl)
select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ((select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.owner_id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'user' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.owner_id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)) or (('watchlist', it.id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 1, NULL, null::timestamptz
                      from (select * from g x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.id = x.key
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select x.cause, it.sync_xid, it.id, 0, 'revoked', x.at
                      from (select * from l x where x.kind = 'watchlist' and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.watchlists it
                                          where it.id = x.key and not ((('user', it.owner_id) in (select k.kind, k.key from k)) or (('watchlist', it.id) in (select k.kind, k.key from k)))
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else '0'::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else '00000000-0000-0000-0000-000000000000'::uuid end)
                                          order by it.sync_xid, it.id limit p_limit + 1) it)
union all
(select m.sync_xid, m.sync_xid, m.row_id, 0, 'revoked', m.moved_at
           from kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = 'watchlists' and m.kind = kl.kind and m.key = kl.key and not m.entered
                                          and (m.sync_xid >= p_x or m.sync_xid = any (p_ip)) and (m.sync_xid, m.row_id) >= (greatest(p_lo, p_after_c0), private.sync_after_id(p_lo, p_after_c0, p_after_c1, p_after_id))
                                        order by m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.watchlists it where it.id = m.row_id and ((('user', it.owner_id) in (select k.kind, k.key from k)) or (('watchlist', it.id) in (select k.kind, k.key from k)))))) i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit;
    end
    $$;

--
-- Name: FUNCTION sync_items_watchlists_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_items_watchlists_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) IS 'private.sync_items for table watchlists, mode visibility: the query of private.sync_items_sql(''watchlists'', ''visibility'') with its plan kept. Generated by private.generate_sync_items.';

--
-- Name: sync_page_activities(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_activities(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('activities', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.activities t cross join lateral (select t.id, t.title, t.description, t.type, t.due_date, t.priority, t.duration_minutes, t.completed, t.completed_at, t.claimed_by, t.claimed_at, t.declared_by, t.listing_id, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'activities', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'activities', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_activities(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_activities(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table activities: the statement of private.sync_page_sql(''activities'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_journal_entries(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_journal_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('journal_entries', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                                     from public.journal_entries t cross join lateral (select t.id, t.thread_id, t.owner_id, t.content, t.entry_timestamp, t.last_edited_at, t.deleted_at, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'journal_entries', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'journal_entries', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_journal_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_journal_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table journal_entries: the statement of private.sync_page_sql(''journal_entries'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_journal_entry_values(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_journal_entry_values(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('journal_entry_values', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.journal_entry_values t cross join lateral (select t.id, t.entry_id, t.field_id, t.thread_id, t.owner_id, t.entry_timestamp, t.value, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'journal_entry_values', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'journal_entry_values', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_journal_entry_values(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_journal_entry_values(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table journal_entry_values: the statement of private.sync_page_sql(''journal_entry_values'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_journal_field_groups(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_journal_field_groups(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('journal_field_groups', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.journal_field_groups t cross join lateral (select t.id, t.thread_id, t.owner_id, t.parent_field_id, t.child_field_id, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'journal_field_groups', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'journal_field_groups', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_journal_field_groups(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_journal_field_groups(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table journal_field_groups: the statement of private.sync_page_sql(''journal_field_groups'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_journal_fields(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_journal_fields(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('journal_fields', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                                     from public.journal_fields t cross join lateral (select t.id, t.thread_id, t.owner_id, t.name, t.sort_order, t.is_group, t.deleted_at, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'journal_fields', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'journal_fields', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_journal_fields(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_journal_fields(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table journal_fields: the statement of private.sync_page_sql(''journal_fields'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_journal_threads(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_journal_threads(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('journal_threads', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                                     from public.journal_threads t cross join lateral (select t.id, t.owner_id, t.title, t.created_at, t.updated_at, t.deleted_at, t.row_version) r
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
                       then jsonb_build_object('t', 'journal_threads', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'journal_threads', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_journal_threads(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_journal_threads(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table journal_threads: the statement of private.sync_page_sql(''journal_threads'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_listings(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_listings(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('listings', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.listings t cross join lateral (select t.id, t.property_id, t.address, t.city, t.state, t.zip, t.status, t.price, t.mls_number, t.owned_by, t.created_at, t.updated_at, t.row_version, t.created_by) r
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
                       then jsonb_build_object('t', 'listings', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'listings', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_listings(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_listings(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table listings: the statement of private.sync_page_sql(''listings'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_notes(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_notes(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('notes', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.notes t cross join lateral (select t.id, t.parent_type, t.parent_id, t.content, t.created_by, t.created_at, t.edited_at, t.updated_at, t.row_version, t.parent_open) r
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
                       then jsonb_build_object('t', 'notes', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'notes', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_notes(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_notes(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table notes: the statement of private.sync_page_sql(''notes'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_observed_bird_photos(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_observed_bird_photos(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('observed_bird_photos', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                                     from public.observed_bird_photos t cross join lateral (select t.id, t.watchlist_entry_id, t.watchlist_id, t.image_path, t.storage_url, t.is_uploaded, t.captured_at, t.uploaded_at, t.sync_status, t.last_synced_at, t.deleted_at, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'observed_bird_photos', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'observed_bird_photos', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_observed_bird_photos(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_observed_bird_photos(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table observed_bird_photos: the statement of private.sync_page_sql(''observed_bird_photos'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_subtasks(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_subtasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('subtasks', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.subtasks t cross join lateral (select t.id, t.parent_type, t.parent_id, t.title, t.completed, t.created_at, t.updated_at, t.row_version, t.parent_open) r
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
                       then jsonb_build_object('t', 'subtasks', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'subtasks', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_subtasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_subtasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table subtasks: the statement of private.sync_page_sql(''subtasks'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_tasks(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_tasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('tasks', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                left join lateral (select null::timestamptz as deleted_at, pg_catalog.to_json(r) as record
                                     from public.tasks t cross join lateral (select t.id, t.title, t.description, t.due_date, t.priority, t.completed, t.completed_at, t.claimed_by, t.claimed_at, t.declared_by, t.listing_id, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'tasks', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'tasks', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_tasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_tasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table tasks: the statement of private.sync_page_sql(''tasks'') with its plan kept. Generated by private.generate_sync_pages.';

--
-- Name: sync_page_watchlist_entries(uuid, text, xid8, xid8[], jsonb, integer, xid8, xid8, xid8[], xid8); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_page_watchlist_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) RETURNS json
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
        from private.sync_items('watchlist_entries', p_user, p_mode, p_x, p_ip, (p_after ->> 0)::xid8, (p_after ->> 1)::xid8, (p_after ->> 2)::uuid,
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
                                     from public.watchlist_entries t cross join lateral (select t.id, t.watchlist_id, t.bird_id, t.nickname, t.status, t.notes, t.added_date, t.observation_date, t.to_observe_start_date, t.to_observe_end_date, t.observed_by, t.lat, t.lon, t.location_display_name, t.priority, t.notify_upcoming, t.target_date_range, t.sync_status, t.last_synced_at, t.deleted_at, t.created_at, t.updated_at, t.row_version) r
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
                       then jsonb_build_object('t', 'watchlist_entries', 'x', p_x::text, 'ip', to_jsonb(p_ip::text[]), 'h', p_horizon::text,
                                               'nx', p_next_x::text, 'nip', to_jsonb(p_next_ip::text[]), 'nh', p_next_horizon::text,
                                               'a', tail.last)
                       else jsonb_build_object('t', 'watchlist_entries', 'x', p_next_x::text, 'ip', to_jsonb(p_next_ip::text[]), 'h', p_next_horizon::text) end),
      'has_more', tail.has_more,
      'server_timestamp', now(),
      'records', coalesce(page.records, '[]'),
      'deleted', coalesce(page.deleted, '[]'))
      from tail, page
    );
    end
    $$;

--
-- Name: FUNCTION sync_page_watchlist_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_page_watchlist_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) IS 'A page of sync_pull for table watchlist_entries: the statement of private.sync_page_sql(''watchlist_entries'') with its plan kept. Generated by private.generate_sync_pages.';

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
-- Name: sync_push_row_activities(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_activities(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.activities t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_activities(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_activities(p_id uuid) IS 'For sync_push: the activities row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_journal_entries(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_journal_entries(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.journal_entries t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_journal_entries(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_journal_entries(p_id uuid) IS 'For sync_push: the journal_entries row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_journal_entry_values(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_journal_entry_values(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.journal_entry_values t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_journal_entry_values(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_journal_entry_values(p_id uuid) IS 'For sync_push: the journal_entry_values row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_journal_field_groups(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_journal_field_groups(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.journal_field_groups t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_journal_field_groups(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_journal_field_groups(p_id uuid) IS 'For sync_push: the journal_field_groups row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_journal_fields(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_journal_fields(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.journal_fields t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_journal_fields(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_journal_fields(p_id uuid) IS 'For sync_push: the journal_fields row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_journal_threads(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_journal_threads(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.journal_threads t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_journal_threads(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_journal_threads(p_id uuid) IS 'For sync_push: the journal_threads row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_listings(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_listings(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.listings t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_listings(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_listings(p_id uuid) IS 'For sync_push: the listings row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_notes(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_notes(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.notes t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_notes(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_notes(p_id uuid) IS 'For sync_push: the notes row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_observed_bird_photos(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_observed_bird_photos(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.observed_bird_photos t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_observed_bird_photos(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_observed_bird_photos(p_id uuid) IS 'For sync_push: the observed_bird_photos row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_subtasks(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_subtasks(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.subtasks t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_subtasks(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_subtasks(p_id uuid) IS 'For sync_push: the subtasks row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_tasks(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_tasks(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.tasks t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_tasks(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_tasks(p_id uuid) IS 'For sync_push: the tasks row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_watchlist_entries(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_watchlist_entries(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.watchlist_entries t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_watchlist_entries(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_watchlist_entries(p_id uuid) IS 'For sync_push: the watchlist_entries row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_watchlist_rules(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_watchlist_rules(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.watchlist_rules t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_watchlist_rules(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_watchlist_rules(p_id uuid) IS 'For sync_push: the watchlist_rules row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_row_watchlists(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_row_watchlists(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      return (select pg_catalog.to_jsonb(t) from public.watchlists t where t.id = p_id);
    end
    $$;

--
-- Name: FUNCTION sync_push_row_watchlists(p_id uuid); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_row_watchlists(p_id uuid) IS 'For sync_push: the watchlists row p_id as the caller sees it (row-level security applies), as jsonb; NULL when there is none. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_activities(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.activities as t set title = case when 'title' = any (p_columns) then r.title else t.title end, description = case when 'description' = any (p_columns) then r.description else t.description end, type = case when 'type' = any (p_columns) then r.type else t.type end, due_date = case when 'due_date' = any (p_columns) then r.due_date else t.due_date end, priority = case when 'priority' = any (p_columns) then r.priority else t.priority end, duration_minutes = case when 'duration_minutes' = any (p_columns) then r.duration_minutes else t.duration_minutes end, completed = case when 'completed' = any (p_columns) then r.completed else t.completed end, listing_id = case when 'listing_id' = any (p_columns) then r.listing_id else t.listing_id end
            from pg_catalog.jsonb_populate_record(null::public.activities, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the activities row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_journal_entries(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.journal_entries as t set content = case when 'content' = any (p_columns) then r.content else t.content end, last_edited_at = case when 'last_edited_at' = any (p_columns) then r.last_edited_at else t.last_edited_at end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.journal_entries, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the journal_entries row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_journal_entry_values(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.journal_entry_values as t set value = case when 'value' = any (p_columns) then r.value else t.value end
            from pg_catalog.jsonb_populate_record(null::public.journal_entry_values, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the journal_entry_values row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_journal_fields(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.journal_fields as t set name = case when 'name' = any (p_columns) then r.name else t.name end, sort_order = case when 'sort_order' = any (p_columns) then r.sort_order else t.sort_order end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.journal_fields, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the journal_fields row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_journal_threads(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.journal_threads as t set title = case when 'title' = any (p_columns) then r.title else t.title end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.journal_threads, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the journal_threads row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_listings(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.listings as t set property_id = case when 'property_id' = any (p_columns) then r.property_id else t.property_id end, address = case when 'address' = any (p_columns) then r.address else t.address end, city = case when 'city' = any (p_columns) then r.city else t.city end, state = case when 'state' = any (p_columns) then r.state else t.state end, zip = case when 'zip' = any (p_columns) then r.zip else t.zip end, status = case when 'status' = any (p_columns) then r.status else t.status end, price = case when 'price' = any (p_columns) then r.price else t.price end, mls_number = case when 'mls_number' = any (p_columns) then r.mls_number else t.mls_number end, owned_by = case when 'owned_by' = any (p_columns) then r.owned_by else t.owned_by end
            from pg_catalog.jsonb_populate_record(null::public.listings, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the listings row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_notes(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.notes as t set content = case when 'content' = any (p_columns) then r.content else t.content end
            from pg_catalog.jsonb_populate_record(null::public.notes, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the notes row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_observed_bird_photos(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.observed_bird_photos as t set image_path = case when 'image_path' = any (p_columns) then r.image_path else t.image_path end, storage_url = case when 'storage_url' = any (p_columns) then r.storage_url else t.storage_url end, is_uploaded = case when 'is_uploaded' = any (p_columns) then r.is_uploaded else t.is_uploaded end, captured_at = case when 'captured_at' = any (p_columns) then r.captured_at else t.captured_at end, uploaded_at = case when 'uploaded_at' = any (p_columns) then r.uploaded_at else t.uploaded_at end, sync_status = case when 'sync_status' = any (p_columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (p_columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.observed_bird_photos, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the observed_bird_photos row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_subtasks(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.subtasks as t set title = case when 'title' = any (p_columns) then r.title else t.title end, completed = case when 'completed' = any (p_columns) then r.completed else t.completed end
            from pg_catalog.jsonb_populate_record(null::public.subtasks, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the subtasks row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_tasks(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.tasks as t set title = case when 'title' = any (p_columns) then r.title else t.title end, description = case when 'description' = any (p_columns) then r.description else t.description end, due_date = case when 'due_date' = any (p_columns) then r.due_date else t.due_date end, priority = case when 'priority' = any (p_columns) then r.priority else t.priority end, completed = case when 'completed' = any (p_columns) then r.completed else t.completed end, listing_id = case when 'listing_id' = any (p_columns) then r.listing_id else t.listing_id end
            from pg_catalog.jsonb_populate_record(null::public.tasks, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the tasks row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_watchlist_entries(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.watchlist_entries as t set bird_id = case when 'bird_id' = any (p_columns) then r.bird_id else t.bird_id end, nickname = case when 'nickname' = any (p_columns) then r.nickname else t.nickname end, status = case when 'status' = any (p_columns) then r.status else t.status end, notes = case when 'notes' = any (p_columns) then r.notes else t.notes end, added_date = case when 'added_date' = any (p_columns) then r.added_date else t.added_date end, observation_date = case when 'observation_date' = any (p_columns) then r.observation_date else t.observation_date end, to_observe_start_date = case when 'to_observe_start_date' = any (p_columns) then r.to_observe_start_date else t.to_observe_start_date end, to_observe_end_date = case when 'to_observe_end_date' = any (p_columns) then r.to_observe_end_date else t.to_observe_end_date end, observed_by = case when 'observed_by' = any (p_columns) then r.observed_by else t.observed_by end, lat = case when 'lat' = any (p_columns) then r.lat else t.lat end, lon = case when 'lon' = any (p_columns) then r.lon else t.lon end, location_display_name = case when 'location_display_name' = any (p_columns) then r.location_display_name else t.location_display_name end, priority = case when 'priority' = any (p_columns) then r.priority else t.priority end, notify_upcoming = case when 'notify_upcoming' = any (p_columns) then r.notify_upcoming else t.notify_upcoming end, target_date_range = case when 'target_date_range' = any (p_columns) then r.target_date_range else t.target_date_range end, sync_status = case when 'sync_status' = any (p_columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (p_columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.watchlist_entries, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the watchlist_entries row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_watchlist_rules(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.watchlist_rules as t set rule_type = case when 'rule_type' = any (p_columns) then r.rule_type else t.rule_type end, parameters_json = case when 'parameters_json' = any (p_columns) then r.parameters_json else t.parameters_json end, is_active = case when 'is_active' = any (p_columns) then r.is_active else t.is_active end, priority = case when 'priority' = any (p_columns) then r.priority else t.priority end, sync_status = case when 'sync_status' = any (p_columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (p_columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.watchlist_rules, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the watchlist_rules row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_update_watchlists(jsonb, text[], uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer) RETURNS SETOF jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
    #variable_conflict use_column
    begin
      
        return query
          update public.watchlists as t set type = case when 'type' = any (p_columns) then r.type else t.type end, title = case when 'title' = any (p_columns) then r.title else t.title end, location = case when 'location' = any (p_columns) then r.location else t.location end, location_display_name = case when 'location_display_name' = any (p_columns) then r.location_display_name else t.location_display_name end, start_date = case when 'start_date' = any (p_columns) then r.start_date else t.start_date end, end_date = case when 'end_date' = any (p_columns) then r.end_date else t.end_date end, observed_count = case when 'observed_count' = any (p_columns) then r.observed_count else t.observed_count end, species_count = case when 'species_count' = any (p_columns) then r.species_count else t.species_count end, cover_image_path = case when 'cover_image_path' = any (p_columns) then r.cover_image_path else t.cover_image_path end, species_rule_enabled = case when 'species_rule_enabled' = any (p_columns) then r.species_rule_enabled else t.species_rule_enabled end, species_rule_shape_id = case when 'species_rule_shape_id' = any (p_columns) then r.species_rule_shape_id else t.species_rule_shape_id end, location_rule_enabled = case when 'location_rule_enabled' = any (p_columns) then r.location_rule_enabled else t.location_rule_enabled end, location_rule_lat = case when 'location_rule_lat' = any (p_columns) then r.location_rule_lat else t.location_rule_lat end, location_rule_lon = case when 'location_rule_lon' = any (p_columns) then r.location_rule_lon else t.location_rule_lon end, location_rule_radius_km = case when 'location_rule_radius_km' = any (p_columns) then r.location_rule_radius_km else t.location_rule_radius_km end, location_rule_display_name = case when 'location_rule_display_name' = any (p_columns) then r.location_rule_display_name else t.location_rule_display_name end, date_rule_enabled = case when 'date_rule_enabled' = any (p_columns) then r.date_rule_enabled else t.date_rule_enabled end, date_rule_start_date = case when 'date_rule_start_date' = any (p_columns) then r.date_rule_start_date else t.date_rule_start_date end, date_rule_end_date = case when 'date_rule_end_date' = any (p_columns) then r.date_rule_end_date else t.date_rule_end_date end, sync_status = case when 'sync_status' = any (p_columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (p_columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (p_columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_populate_record(null::public.watchlists, p_record) r
           where t.id = p_id and t.row_version = p_version
          returning pg_catalog.to_jsonb(t);
        
    end
    $$;

--
-- Name: FUNCTION sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer) IS 'For sync_push: updates the watchlists row p_id at row_version p_version, setting the columns named in p_columns (of those app users may update) from p_record; returns the new row, or nothing. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_activities(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_activities(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.activities as t set title = case when 'title' = any (i.columns) then r.title else t.title end, description = case when 'description' = any (i.columns) then r.description else t.description end, type = case when 'type' = any (i.columns) then r.type else t.type end, due_date = case when 'due_date' = any (i.columns) then r.due_date else t.due_date end, priority = case when 'priority' = any (i.columns) then r.priority else t.priority end, duration_minutes = case when 'duration_minutes' = any (i.columns) then r.duration_minutes else t.duration_minutes end, completed = case when 'completed' = any (i.columns) then r.completed else t.completed end, listing_id = case when 'listing_id' = any (i.columns) then r.listing_id else t.listing_id end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.activities, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_activities(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_activities(p_items jsonb) IS 'For sync_push_batch: updates the activities rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_journal_entries(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_journal_entries(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.journal_entries as t set content = case when 'content' = any (i.columns) then r.content else t.content end, last_edited_at = case when 'last_edited_at' = any (i.columns) then r.last_edited_at else t.last_edited_at end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.journal_entries, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_journal_entries(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_journal_entries(p_items jsonb) IS 'For sync_push_batch: updates the journal_entries rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_journal_entry_values(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_journal_entry_values(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.journal_entry_values as t set value = case when 'value' = any (i.columns) then r.value else t.value end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.journal_entry_values, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_journal_entry_values(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_journal_entry_values(p_items jsonb) IS 'For sync_push_batch: updates the journal_entry_values rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_journal_fields(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_journal_fields(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.journal_fields as t set name = case when 'name' = any (i.columns) then r.name else t.name end, sort_order = case when 'sort_order' = any (i.columns) then r.sort_order else t.sort_order end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.journal_fields, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_journal_fields(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_journal_fields(p_items jsonb) IS 'For sync_push_batch: updates the journal_fields rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_journal_threads(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_journal_threads(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.journal_threads as t set title = case when 'title' = any (i.columns) then r.title else t.title end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.journal_threads, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_journal_threads(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_journal_threads(p_items jsonb) IS 'For sync_push_batch: updates the journal_threads rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_listings(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_listings(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.listings as t set property_id = case when 'property_id' = any (i.columns) then r.property_id else t.property_id end, address = case when 'address' = any (i.columns) then r.address else t.address end, city = case when 'city' = any (i.columns) then r.city else t.city end, state = case when 'state' = any (i.columns) then r.state else t.state end, zip = case when 'zip' = any (i.columns) then r.zip else t.zip end, status = case when 'status' = any (i.columns) then r.status else t.status end, price = case when 'price' = any (i.columns) then r.price else t.price end, mls_number = case when 'mls_number' = any (i.columns) then r.mls_number else t.mls_number end, owned_by = case when 'owned_by' = any (i.columns) then r.owned_by else t.owned_by end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.listings, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_listings(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_listings(p_items jsonb) IS 'For sync_push_batch: updates the listings rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_notes(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_notes(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.notes as t set content = case when 'content' = any (i.columns) then r.content else t.content end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.notes, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_notes(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_notes(p_items jsonb) IS 'For sync_push_batch: updates the notes rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_observed_bird_photos(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_observed_bird_photos(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.observed_bird_photos as t set image_path = case when 'image_path' = any (i.columns) then r.image_path else t.image_path end, storage_url = case when 'storage_url' = any (i.columns) then r.storage_url else t.storage_url end, is_uploaded = case when 'is_uploaded' = any (i.columns) then r.is_uploaded else t.is_uploaded end, captured_at = case when 'captured_at' = any (i.columns) then r.captured_at else t.captured_at end, uploaded_at = case when 'uploaded_at' = any (i.columns) then r.uploaded_at else t.uploaded_at end, sync_status = case when 'sync_status' = any (i.columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (i.columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.observed_bird_photos, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_observed_bird_photos(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_observed_bird_photos(p_items jsonb) IS 'For sync_push_batch: updates the observed_bird_photos rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_subtasks(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_subtasks(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.subtasks as t set title = case when 'title' = any (i.columns) then r.title else t.title end, completed = case when 'completed' = any (i.columns) then r.completed else t.completed end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.subtasks, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_subtasks(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_subtasks(p_items jsonb) IS 'For sync_push_batch: updates the subtasks rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_tasks(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_tasks(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.tasks as t set title = case when 'title' = any (i.columns) then r.title else t.title end, description = case when 'description' = any (i.columns) then r.description else t.description end, due_date = case when 'due_date' = any (i.columns) then r.due_date else t.due_date end, priority = case when 'priority' = any (i.columns) then r.priority else t.priority end, completed = case when 'completed' = any (i.columns) then r.completed else t.completed end, listing_id = case when 'listing_id' = any (i.columns) then r.listing_id else t.listing_id end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.tasks, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_tasks(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_tasks(p_items jsonb) IS 'For sync_push_batch: updates the tasks rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_watchlist_entries(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_watchlist_entries(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.watchlist_entries as t set bird_id = case when 'bird_id' = any (i.columns) then r.bird_id else t.bird_id end, nickname = case when 'nickname' = any (i.columns) then r.nickname else t.nickname end, status = case when 'status' = any (i.columns) then r.status else t.status end, notes = case when 'notes' = any (i.columns) then r.notes else t.notes end, added_date = case when 'added_date' = any (i.columns) then r.added_date else t.added_date end, observation_date = case when 'observation_date' = any (i.columns) then r.observation_date else t.observation_date end, to_observe_start_date = case when 'to_observe_start_date' = any (i.columns) then r.to_observe_start_date else t.to_observe_start_date end, to_observe_end_date = case when 'to_observe_end_date' = any (i.columns) then r.to_observe_end_date else t.to_observe_end_date end, observed_by = case when 'observed_by' = any (i.columns) then r.observed_by else t.observed_by end, lat = case when 'lat' = any (i.columns) then r.lat else t.lat end, lon = case when 'lon' = any (i.columns) then r.lon else t.lon end, location_display_name = case when 'location_display_name' = any (i.columns) then r.location_display_name else t.location_display_name end, priority = case when 'priority' = any (i.columns) then r.priority else t.priority end, notify_upcoming = case when 'notify_upcoming' = any (i.columns) then r.notify_upcoming else t.notify_upcoming end, target_date_range = case when 'target_date_range' = any (i.columns) then r.target_date_range else t.target_date_range end, sync_status = case when 'sync_status' = any (i.columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (i.columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.watchlist_entries, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_watchlist_entries(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_watchlist_entries(p_items jsonb) IS 'For sync_push_batch: updates the watchlist_entries rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_watchlist_rules(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_watchlist_rules(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.watchlist_rules as t set rule_type = case when 'rule_type' = any (i.columns) then r.rule_type else t.rule_type end, parameters_json = case when 'parameters_json' = any (i.columns) then r.parameters_json else t.parameters_json end, is_active = case when 'is_active' = any (i.columns) then r.is_active else t.is_active end, priority = case when 'priority' = any (i.columns) then r.priority else t.priority end, sync_status = case when 'sync_status' = any (i.columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (i.columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.watchlist_rules, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_watchlist_rules(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_watchlist_rules(p_items jsonb) IS 'For sync_push_batch: updates the watchlist_rules rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: sync_push_updates_watchlists(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_push_updates_watchlists(p_items jsonb) RETURNS TABLE(written_id uuid, written jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    AS $$
      #variable_conflict use_column
      begin
        return query
          update public.watchlists as t set type = case when 'type' = any (i.columns) then r.type else t.type end, title = case when 'title' = any (i.columns) then r.title else t.title end, location = case when 'location' = any (i.columns) then r.location else t.location end, location_display_name = case when 'location_display_name' = any (i.columns) then r.location_display_name else t.location_display_name end, start_date = case when 'start_date' = any (i.columns) then r.start_date else t.start_date end, end_date = case when 'end_date' = any (i.columns) then r.end_date else t.end_date end, observed_count = case when 'observed_count' = any (i.columns) then r.observed_count else t.observed_count end, species_count = case when 'species_count' = any (i.columns) then r.species_count else t.species_count end, cover_image_path = case when 'cover_image_path' = any (i.columns) then r.cover_image_path else t.cover_image_path end, species_rule_enabled = case when 'species_rule_enabled' = any (i.columns) then r.species_rule_enabled else t.species_rule_enabled end, species_rule_shape_id = case when 'species_rule_shape_id' = any (i.columns) then r.species_rule_shape_id else t.species_rule_shape_id end, location_rule_enabled = case when 'location_rule_enabled' = any (i.columns) then r.location_rule_enabled else t.location_rule_enabled end, location_rule_lat = case when 'location_rule_lat' = any (i.columns) then r.location_rule_lat else t.location_rule_lat end, location_rule_lon = case when 'location_rule_lon' = any (i.columns) then r.location_rule_lon else t.location_rule_lon end, location_rule_radius_km = case when 'location_rule_radius_km' = any (i.columns) then r.location_rule_radius_km else t.location_rule_radius_km end, location_rule_display_name = case when 'location_rule_display_name' = any (i.columns) then r.location_rule_display_name else t.location_rule_display_name end, date_rule_enabled = case when 'date_rule_enabled' = any (i.columns) then r.date_rule_enabled else t.date_rule_enabled end, date_rule_start_date = case when 'date_rule_start_date' = any (i.columns) then r.date_rule_start_date else t.date_rule_start_date end, date_rule_end_date = case when 'date_rule_end_date' = any (i.columns) then r.date_rule_end_date else t.date_rule_end_date end, sync_status = case when 'sync_status' = any (i.columns) then r.sync_status else t.sync_status end, last_synced_at = case when 'last_synced_at' = any (i.columns) then r.last_synced_at else t.last_synced_at end, deleted_at = case when 'deleted_at' = any (i.columns) then r.deleted_at else t.deleted_at end
            from pg_catalog.jsonb_to_recordset(p_items) as i (id uuid, version integer, record jsonb, columns text[])
           cross join lateral pg_catalog.jsonb_populate_record(null::public.watchlists, i.record) r
           where t.id = i.id and t.row_version = i.version
          returning t.id, pg_catalog.to_jsonb(t);
      end
      $$;

--
-- Name: FUNCTION sync_push_updates_watchlists(p_items jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.sync_push_updates_watchlists(p_items jsonb) IS 'For sync_push_batch: updates the watchlists rows of p_items ([{id, version, record, columns}], ids distinct) that are at their version, each setting the columns named (of those app users may update) from its record, in one statement; returns the rows written. Generated by private.generate_sync_push_updates.';

--
-- Name: activities_log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.activities_log (
    id bigint DEFAULT nextval('audit.log_id_seq'::regclass) NOT NULL,
    table_name text DEFAULT 'activities'::text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
);

--
-- Name: TABLE activities_log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.activities_log IS 'Audit trail of public.activities: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by declared_by in old_row or new_row, and to admins.';

--
-- Name: listings_log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.listings_log (
    id bigint DEFAULT nextval('audit.log_id_seq'::regclass) NOT NULL,
    table_name text DEFAULT 'listings'::text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
);

--
-- Name: TABLE listings_log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.listings_log IS 'Audit trail of public.listings: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by owned_by in old_row or new_row, and to admins.';

--
-- Name: properties_log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.properties_log (
    id bigint DEFAULT nextval('audit.log_id_seq'::regclass) NOT NULL,
    table_name text DEFAULT 'properties'::text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
);

--
-- Name: TABLE properties_log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.properties_log IS 'Audit trail of public.properties: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by owned_by in old_row or new_row, and to admins.';

--
-- Name: tasks_log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.tasks_log (
    id bigint DEFAULT nextval('audit.log_id_seq'::regclass) NOT NULL,
    table_name text DEFAULT 'tasks'::text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
);

--
-- Name: TABLE tasks_log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.tasks_log IS 'Audit trail of public.tasks: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by declared_by in old_row or new_row, and to admins.';

--
-- Name: users_log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.users_log (
    id bigint DEFAULT nextval('audit.log_id_seq'::regclass) NOT NULL,
    table_name text DEFAULT 'users'::text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
);

--
-- Name: TABLE users_log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.users_log IS 'Audit trail of public.users: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by id in old_row or new_row, and to admins.';

--
-- Name: activities_log; Type: TABLE ATTACH; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ATTACH PARTITION audit.activities_log FOR VALUES IN ('activities');

--
-- Name: listings_log; Type: TABLE ATTACH; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ATTACH PARTITION audit.listings_log FOR VALUES IN ('listings');

--
-- Name: properties_log; Type: TABLE ATTACH; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ATTACH PARTITION audit.properties_log FOR VALUES IN ('properties');

--
-- Name: tasks_log; Type: TABLE ATTACH; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ATTACH PARTITION audit.tasks_log FOR VALUES IN ('tasks');

--
-- Name: users_log; Type: TABLE ATTACH; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ATTACH PARTITION audit.users_log FOR VALUES IN ('users');

--
-- Name: activities_log activities_log_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.activities_log
    ADD CONSTRAINT activities_log_pkey PRIMARY KEY (id);

--
-- Name: listings_log listings_log_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.listings_log
    ADD CONSTRAINT listings_log_pkey PRIMARY KEY (id);

--
-- Name: properties_log properties_log_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.properties_log
    ADD CONSTRAINT properties_log_pkey PRIMARY KEY (id);

--
-- Name: tasks_log tasks_log_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.tasks_log
    ADD CONSTRAINT tasks_log_pkey PRIMARY KEY (id);

--
-- Name: users_log users_log_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.users_log
    ADD CONSTRAINT users_log_pkey PRIMARY KEY (id);

--
-- Name: activities_log_action_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_action_idx ON audit.activities_log USING btree (action);

--
-- Name: activities_log_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_changed_at_idx ON audit.activities_log USING btree (changed_at DESC);

--
-- Name: activities_log_changed_by_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_changed_by_idx ON audit.activities_log USING btree (changed_by);

--
-- Name: activities_log_deleted_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_deleted_at_idx ON audit.activities_log USING btree (changed_at DESC) WHERE (action = 'DELETE'::text);

--
-- Name: activities_log_deleted_owner_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_deleted_owner_idx ON audit.activities_log USING btree (((old_row ->> 'declared_by'::text)), changed_at DESC, id DESC) WHERE (action = 'DELETE'::text);

--
-- Name: activities_log_record_pk_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_record_pk_changed_at_idx ON audit.activities_log USING btree (record_pk, changed_at DESC, id DESC);

--
-- Name: activities_log_record_pk_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX activities_log_record_pk_idx ON audit.activities_log USING btree (record_pk);

--
-- Name: listings_log_action_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_action_idx ON audit.listings_log USING btree (action);

--
-- Name: listings_log_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_changed_at_idx ON audit.listings_log USING btree (changed_at DESC);

--
-- Name: listings_log_changed_by_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_changed_by_idx ON audit.listings_log USING btree (changed_by);

--
-- Name: listings_log_deleted_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_deleted_at_idx ON audit.listings_log USING btree (changed_at DESC) WHERE (action = 'DELETE'::text);

--
-- Name: listings_log_deleted_owner_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_deleted_owner_idx ON audit.listings_log USING btree (((old_row ->> 'owned_by'::text)), changed_at DESC, id DESC) WHERE (action = 'DELETE'::text);

--
-- Name: listings_log_record_pk_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_record_pk_changed_at_idx ON audit.listings_log USING btree (record_pk, changed_at DESC, id DESC);

--
-- Name: listings_log_record_pk_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX listings_log_record_pk_idx ON audit.listings_log USING btree (record_pk);

--
-- Name: properties_log_action_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_action_idx ON audit.properties_log USING btree (action);

--
-- Name: properties_log_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_changed_at_idx ON audit.properties_log USING btree (changed_at DESC);

--
-- Name: properties_log_changed_by_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_changed_by_idx ON audit.properties_log USING btree (changed_by);

--
-- Name: properties_log_deleted_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_deleted_at_idx ON audit.properties_log USING btree (changed_at DESC) WHERE (action = 'DELETE'::text);

--
-- Name: properties_log_deleted_owner_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_deleted_owner_idx ON audit.properties_log USING btree (((old_row ->> 'owned_by'::text)), changed_at DESC, id DESC) WHERE (action = 'DELETE'::text);

--
-- Name: properties_log_record_pk_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_record_pk_changed_at_idx ON audit.properties_log USING btree (record_pk, changed_at DESC, id DESC);

--
-- Name: properties_log_record_pk_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX properties_log_record_pk_idx ON audit.properties_log USING btree (record_pk);

--
-- Name: tasks_log_action_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_action_idx ON audit.tasks_log USING btree (action);

--
-- Name: tasks_log_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_changed_at_idx ON audit.tasks_log USING btree (changed_at DESC);

--
-- Name: tasks_log_changed_by_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_changed_by_idx ON audit.tasks_log USING btree (changed_by);

--
-- Name: tasks_log_deleted_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_deleted_at_idx ON audit.tasks_log USING btree (changed_at DESC) WHERE (action = 'DELETE'::text);

--
-- Name: tasks_log_deleted_owner_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_deleted_owner_idx ON audit.tasks_log USING btree (((old_row ->> 'declared_by'::text)), changed_at DESC, id DESC) WHERE (action = 'DELETE'::text);

--
-- Name: tasks_log_record_pk_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_record_pk_changed_at_idx ON audit.tasks_log USING btree (record_pk, changed_at DESC, id DESC);

--
-- Name: tasks_log_record_pk_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX tasks_log_record_pk_idx ON audit.tasks_log USING btree (record_pk);

--
-- Name: users_log_action_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_action_idx ON audit.users_log USING btree (action);

--
-- Name: users_log_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_changed_at_idx ON audit.users_log USING btree (changed_at DESC);

--
-- Name: users_log_changed_by_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_changed_by_idx ON audit.users_log USING btree (changed_by);

--
-- Name: users_log_deleted_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_deleted_at_idx ON audit.users_log USING btree (changed_at DESC) WHERE (action = 'DELETE'::text);

--
-- Name: users_log_deleted_owner_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_deleted_owner_idx ON audit.users_log USING btree (((old_row ->> 'id'::text)), changed_at DESC, id DESC) WHERE (action = 'DELETE'::text);

--
-- Name: users_log_record_pk_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_record_pk_changed_at_idx ON audit.users_log USING btree (record_pk, changed_at DESC, id DESC);

--
-- Name: users_log_record_pk_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX users_log_record_pk_idx ON audit.users_log USING btree (record_pk);

--
-- Name: activities_claimed_by_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_claimed_by_sync_idx ON public.activities USING btree (claimed_by, sync_xid, id);

--
-- Name: activities_declared_by_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_declared_by_sync_idx ON public.activities USING btree (declared_by, sync_xid, id);

--
-- Name: activities_everyone_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_everyone_sync_idx ON public.activities USING btree (sync_xid, id) WHERE ((claimed_by IS NULL) AND (NOT completed));

--
-- Name: activities_listing_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_listing_id_sync_idx ON public.activities USING btree (listing_id, sync_xid, id);

--
-- Name: activities_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activities_sync_xid_idx ON public.activities USING btree (sync_xid, id);

--
-- Name: journal_entries_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_owner_id_sync_idx ON public.journal_entries USING btree (owner_id, sync_xid, id);

--
-- Name: journal_entries_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_sync_xid_idx ON public.journal_entries USING btree (sync_xid, id);

--
-- Name: journal_entry_values_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entry_values_owner_id_sync_idx ON public.journal_entry_values USING btree (owner_id, sync_xid, id);

--
-- Name: journal_entry_values_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entry_values_sync_xid_idx ON public.journal_entry_values USING btree (sync_xid, id);

--
-- Name: journal_field_groups_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_field_groups_owner_id_sync_idx ON public.journal_field_groups USING btree (owner_id, sync_xid, id);

--
-- Name: journal_field_groups_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_field_groups_sync_xid_idx ON public.journal_field_groups USING btree (sync_xid, id);

--
-- Name: journal_fields_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_fields_owner_id_sync_idx ON public.journal_fields USING btree (owner_id, sync_xid, id);

--
-- Name: journal_fields_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_fields_sync_xid_idx ON public.journal_fields USING btree (sync_xid, id);

--
-- Name: journal_threads_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_threads_owner_id_sync_idx ON public.journal_threads USING btree (owner_id, sync_xid, id);

--
-- Name: journal_threads_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_threads_sync_xid_idx ON public.journal_threads USING btree (sync_xid, id);

--
-- Name: listings_owned_by_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listings_owned_by_sync_idx ON public.listings USING btree (owned_by, sync_xid, id);

--
-- Name: listings_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listings_sync_xid_idx ON public.listings USING btree (sync_xid, id);

--
-- Name: notes_everyone_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_everyone_sync_idx ON public.notes USING btree (sync_xid, id) WHERE parent_open;

--
-- Name: notes_parent_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_parent_id_sync_idx ON public.notes USING btree (parent_id, sync_xid, id) INCLUDE (parent_type);

--
-- Name: notes_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_sync_xid_idx ON public.notes USING btree (sync_xid, id);

--
-- Name: observed_bird_photos_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX observed_bird_photos_sync_xid_idx ON public.observed_bird_photos USING btree (sync_xid, id);

--
-- Name: observed_bird_photos_watchlist_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX observed_bird_photos_watchlist_id_sync_idx ON public.observed_bird_photos USING btree (watchlist_id, sync_xid, id);

--
-- Name: subtasks_everyone_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subtasks_everyone_sync_idx ON public.subtasks USING btree (sync_xid, id) WHERE parent_open;

--
-- Name: subtasks_parent_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subtasks_parent_id_sync_idx ON public.subtasks USING btree (parent_id, sync_xid, id) INCLUDE (parent_type);

--
-- Name: subtasks_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subtasks_sync_xid_idx ON public.subtasks USING btree (sync_xid, id);

--
-- Name: tasks_claimed_by_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_claimed_by_sync_idx ON public.tasks USING btree (claimed_by, sync_xid, id);

--
-- Name: tasks_declared_by_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_declared_by_sync_idx ON public.tasks USING btree (declared_by, sync_xid, id);

--
-- Name: tasks_everyone_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_everyone_sync_idx ON public.tasks USING btree (sync_xid, id) WHERE ((claimed_by IS NULL) AND (NOT completed));

--
-- Name: tasks_listing_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_listing_id_sync_idx ON public.tasks USING btree (listing_id, sync_xid, id);

--
-- Name: tasks_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_sync_xid_idx ON public.tasks USING btree (sync_xid, id);

--
-- Name: watchlist_entries_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_entries_sync_xid_idx ON public.watchlist_entries USING btree (sync_xid, id);

--
-- Name: watchlist_entries_watchlist_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_entries_watchlist_id_sync_idx ON public.watchlist_entries USING btree (watchlist_id, sync_xid, id);

--
-- Name: watchlist_rules_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_rules_sync_xid_idx ON public.watchlist_rules USING btree (sync_xid, id);

--
-- Name: watchlist_rules_watchlist_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_rules_watchlist_id_sync_idx ON public.watchlist_rules USING btree (watchlist_id, sync_xid, id);

--
-- Name: watchlists_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_owner_id_sync_idx ON public.watchlists USING btree (owner_id, sync_xid, id);

--
-- Name: watchlists_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_sync_xid_idx ON public.watchlists USING btree (sync_xid, id);

--
-- Name: activities _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.activities FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: bird _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.bird FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: hotspot _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.hotspot FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_entries _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_entry_values _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.journal_entry_values FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_field_groups _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.journal_field_groups FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_fields _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.journal_fields FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_threads _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.journal_threads FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: listings _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.listings FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: notes _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.notes FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: notification_preferences _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.notification_preferences FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: notification_types _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.notification_types FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: notifications _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: observed_bird_photos _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.observed_bird_photos FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: properties _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.properties FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: push_devices _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.push_devices FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: subtasks _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.subtasks FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: tasks _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: users _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_entries _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlist_entries FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_rules _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_shares _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlist_shares FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlists _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlists FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: activities _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.activities FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: bird _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.bird FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: hotspot _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.hotspot FOR EACH ROW WHEN ((((((((((old.id IS DISTINCT FROM new.id) OR (old.name IS DISTINCT FROM new.name)) OR (old.locality IS DISTINCT FROM new.locality)) OR (old.lat IS DISTINCT FROM new.lat)) OR (old.lon IS DISTINCT FROM new.lon)) OR (old.image_name IS DISTINCT FROM new.image_name)) OR (old.created_at IS DISTINCT FROM new.created_at)) OR (old.updated_at IS DISTINCT FROM new.updated_at)) OR (old.row_version IS DISTINCT FROM new.row_version))) EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_entries _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.journal_entries FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_entry_values _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.journal_entry_values FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_field_groups _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.journal_field_groups FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_fields _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.journal_fields FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: journal_threads _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.journal_threads FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: listings _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.listings FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: notes _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.notes FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: notification_preferences _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.notification_preferences FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: notification_types _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.notification_types FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: notifications _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.notifications FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: observed_bird_photos _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.observed_bird_photos FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: properties _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.properties FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: push_devices _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.push_devices FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: subtasks _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.subtasks FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: tasks _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.tasks FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: users _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.users FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_entries _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlist_entries FOR EACH ROW WHEN (((((((((((((((((((((((((old.id IS DISTINCT FROM new.id) OR (old.watchlist_id IS DISTINCT FROM new.watchlist_id)) OR (old.bird_id IS DISTINCT FROM new.bird_id)) OR (old.nickname IS DISTINCT FROM new.nickname)) OR (old.status IS DISTINCT FROM new.status)) OR (old.notes IS DISTINCT FROM new.notes)) OR (old.added_date IS DISTINCT FROM new.added_date)) OR (old.observation_date IS DISTINCT FROM new.observation_date)) OR (old.to_observe_start_date IS DISTINCT FROM new.to_observe_start_date)) OR (old.to_observe_end_date IS DISTINCT FROM new.to_observe_end_date)) OR (old.observed_by IS DISTINCT FROM new.observed_by)) OR (old.lat IS DISTINCT FROM new.lat)) OR (old.lon IS DISTINCT FROM new.lon)) OR (old.location_display_name IS DISTINCT FROM new.location_display_name)) OR (old.priority IS DISTINCT FROM new.priority)) OR (old.notify_upcoming IS DISTINCT FROM new.notify_upcoming)) OR (old.target_date_range IS DISTINCT FROM new.target_date_range)) OR (old.sync_status IS DISTINCT FROM new.sync_status)) OR (old.last_synced_at IS DISTINCT FROM new.last_synced_at)) OR (old.deleted_at IS DISTINCT FROM new.deleted_at)) OR (old.created_at IS DISTINCT FROM new.created_at)) OR (old.updated_at IS DISTINCT FROM new.updated_at)) OR (old.row_version IS DISTINCT FROM new.row_version)) OR (old.sync_xid IS DISTINCT FROM new.sync_xid))) EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_rules _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_shares _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlist_shares FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlists _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlists FOR EACH ROW WHEN (((((((((((((((((((((((((((((old.id IS DISTINCT FROM new.id) OR (old.owner_id IS DISTINCT FROM new.owner_id)) OR (old.type IS DISTINCT FROM new.type)) OR (old.title IS DISTINCT FROM new.title)) OR (old.location IS DISTINCT FROM new.location)) OR (old.location_display_name IS DISTINCT FROM new.location_display_name)) OR (old.start_date IS DISTINCT FROM new.start_date)) OR (old.end_date IS DISTINCT FROM new.end_date)) OR (old.observed_count IS DISTINCT FROM new.observed_count)) OR (old.species_count IS DISTINCT FROM new.species_count)) OR (old.cover_image_path IS DISTINCT FROM new.cover_image_path)) OR (old.species_rule_enabled IS DISTINCT FROM new.species_rule_enabled)) OR (old.species_rule_shape_id IS DISTINCT FROM new.species_rule_shape_id)) OR (old.location_rule_enabled IS DISTINCT FROM new.location_rule_enabled)) OR (old.location_rule_lat IS DISTINCT FROM new.location_rule_lat)) OR (old.location_rule_lon IS DISTINCT FROM new.location_rule_lon)) OR (old.location_rule_radius_km IS DISTINCT FROM new.location_rule_radius_km)) OR (old.location_rule_display_name IS DISTINCT FROM new.location_rule_display_name)) OR (old.date_rule_enabled IS DISTINCT FROM new.date_rule_enabled)) OR (old.date_rule_start_date IS DISTINCT FROM new.date_rule_start_date)) OR (old.date_rule_end_date IS DISTINCT FROM new.date_rule_end_date)) OR (old.sync_status IS DISTINCT FROM new.sync_status)) OR (old.last_synced_at IS DISTINCT FROM new.last_synced_at)) OR (old.deleted_at IS DISTINCT FROM new.deleted_at)) OR (old.created_at IS DISTINCT FROM new.created_at)) OR (old.updated_at IS DISTINCT FROM new.updated_at)) OR (old.row_version IS DISTINCT FROM new.row_version)) OR (old.sync_xid IS DISTINCT FROM new.sync_xid))) EXECUTE FUNCTION private.stamp_row();

--
-- Name: activities _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: journal_entries _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.journal_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: journal_entry_values _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.journal_entry_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: journal_field_groups _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.journal_field_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: journal_fields _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.journal_fields REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: journal_threads _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.journal_threads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: listings _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: notes _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: observed_bird_photos _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.observed_bird_photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: subtasks _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.subtasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: tasks _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: watchlist_entries _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.watchlist_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: watchlist_rules _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: watchlists _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.watchlists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: activities _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: journal_entries _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.journal_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: journal_entry_values _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.journal_entry_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: journal_field_groups _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.journal_field_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: journal_fields _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.journal_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: journal_threads _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.journal_threads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: listings _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: notes _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: observed_bird_photos _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.observed_bird_photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: subtasks _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.subtasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: tasks _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: watchlist_entries _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.watchlist_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: watchlist_rules _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: watchlists _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.watchlists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: activities _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.activities FOR EACH ROW WHEN (((old.claimed_by IS DISTINCT FROM new.claimed_by) OR (old.completed IS DISTINCT FROM new.completed) OR (old.declared_by IS DISTINCT FROM new.declared_by) OR (old.listing_id IS DISTINCT FROM new.listing_id))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: journal_entries _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.journal_entries FOR EACH ROW WHEN ((old.owner_id IS DISTINCT FROM new.owner_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: journal_entry_values _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.journal_entry_values FOR EACH ROW WHEN ((old.owner_id IS DISTINCT FROM new.owner_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: journal_field_groups _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.journal_field_groups FOR EACH ROW WHEN ((old.owner_id IS DISTINCT FROM new.owner_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: journal_fields _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.journal_fields FOR EACH ROW WHEN ((old.owner_id IS DISTINCT FROM new.owner_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: journal_threads _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.journal_threads FOR EACH ROW WHEN ((old.owner_id IS DISTINCT FROM new.owner_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: listings _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.listings FOR EACH ROW WHEN (((old.id IS DISTINCT FROM new.id) OR (old.owned_by IS DISTINCT FROM new.owned_by))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: notes _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.notes FOR EACH ROW WHEN (((old.parent_id IS DISTINCT FROM new.parent_id) OR (old.parent_open IS DISTINCT FROM new.parent_open) OR (old.parent_type IS DISTINCT FROM new.parent_type))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: observed_bird_photos _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.observed_bird_photos FOR EACH ROW WHEN ((old.watchlist_id IS DISTINCT FROM new.watchlist_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: subtasks _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.subtasks FOR EACH ROW WHEN (((old.parent_id IS DISTINCT FROM new.parent_id) OR (old.parent_open IS DISTINCT FROM new.parent_open) OR (old.parent_type IS DISTINCT FROM new.parent_type))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: tasks _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.tasks FOR EACH ROW WHEN (((old.claimed_by IS DISTINCT FROM new.claimed_by) OR (old.completed IS DISTINCT FROM new.completed) OR (old.declared_by IS DISTINCT FROM new.declared_by) OR (old.listing_id IS DISTINCT FROM new.listing_id))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: watchlist_entries _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.watchlist_entries FOR EACH ROW WHEN ((old.watchlist_id IS DISTINCT FROM new.watchlist_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: watchlist_rules _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.watchlist_id IS DISTINCT FROM new.watchlist_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: watchlists _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE ON public.watchlists FOR EACH ROW WHEN (((old.id IS DISTINCT FROM new.id) OR (old.owner_id IS DISTINCT FROM new.owner_id))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: activities _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.activities FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_entries _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.journal_entries FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_entry_values _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.journal_entry_values FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_field_groups _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.journal_field_groups FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_fields _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.journal_fields FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_threads _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.journal_threads FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: listings _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.listings FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: notes _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.notes FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: observed_bird_photos _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.observed_bird_photos FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: subtasks _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.subtasks FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: tasks _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.tasks FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlist_entries _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.watchlist_entries FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlist_rules _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlists _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.watchlists FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: activities _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.activities FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_entries _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.journal_entries FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_entry_values _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.journal_entry_values FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_field_groups _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.journal_field_groups FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_fields _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.journal_fields FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: journal_threads _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.journal_threads FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: listings _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.listings FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: notes _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.notes FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: observed_bird_photos _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.observed_bird_photos FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: subtasks _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.subtasks FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: tasks _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.tasks FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlist_entries _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.watchlist_entries FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlist_rules _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlists _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.watchlists FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: activities audit_activities_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_activities_delete BEFORE DELETE ON public.activities FOR EACH ROW EXECUTE FUNCTION audit.log_changes();

--
-- Name: activities audit_activities_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_activities_insert AFTER INSERT ON public.activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: activities audit_activities_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_activities_update AFTER UPDATE ON public.activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: listings audit_listings_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_listings_delete BEFORE DELETE ON public.listings FOR EACH ROW EXECUTE FUNCTION audit.log_changes();

--
-- Name: listings audit_listings_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_listings_insert AFTER INSERT ON public.listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: listings audit_listings_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_listings_update AFTER UPDATE ON public.listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: properties audit_properties_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_properties_delete BEFORE DELETE ON public.properties FOR EACH ROW EXECUTE FUNCTION audit.log_changes();

--
-- Name: properties audit_properties_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_properties_insert AFTER INSERT ON public.properties REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: properties audit_properties_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_properties_update AFTER UPDATE ON public.properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: tasks audit_tasks_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_tasks_delete BEFORE DELETE ON public.tasks FOR EACH ROW EXECUTE FUNCTION audit.log_changes();

--
-- Name: tasks audit_tasks_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_tasks_insert AFTER INSERT ON public.tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: tasks audit_tasks_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_tasks_update AFTER UPDATE ON public.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: users audit_users_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_users_delete BEFORE DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION audit.log_changes();

--
-- Name: users audit_users_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_users_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: users audit_users_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_users_update AFTER UPDATE ON public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: activities outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: listings outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: notes outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: notifications outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: observed_bird_photos outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.observed_bird_photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: properties outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.properties REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: subtasks outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.subtasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: tasks outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: users outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_entries outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.watchlist_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_rules outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_shares outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.watchlist_shares REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlists outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.watchlists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: activities outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.activities FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: listings outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.listings FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: notes outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.notes FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: notifications outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.notifications FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: observed_bird_photos outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.observed_bird_photos FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: properties outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.properties FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: subtasks outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.subtasks FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: tasks outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.tasks FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: users outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: watchlist_entries outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.watchlist_entries FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: watchlist_rules outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.watchlist_rules FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: watchlist_shares outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.watchlist_shares FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: watchlists outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.watchlists FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: activities outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: listings outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: notes outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: notifications outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: observed_bird_photos outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.observed_bird_photos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: properties outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.properties REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: subtasks outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.subtasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: tasks outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: users outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_entries outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.watchlist_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_rules outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.watchlist_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_shares outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.watchlist_shares REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlists outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.watchlists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: activities outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: listings outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: notes outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: notifications outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: observed_bird_photos outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.observed_bird_photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: properties outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: subtasks outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.subtasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: tasks outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: users outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_entries outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.watchlist_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_rules outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_shares outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.watchlist_shares REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlists outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.watchlists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: activities_log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.activities_log ENABLE ROW LEVEL SECURITY;

--
-- Name: activities_log activities_log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY activities_log_select ON audit.activities_log FOR SELECT TO authenticated USING ((((old_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ((new_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: listings_log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.listings_log ENABLE ROW LEVEL SECURITY;

--
-- Name: listings_log listings_log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY listings_log_select ON audit.listings_log FOR SELECT TO authenticated USING ((((old_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ((new_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: log log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY log_select ON audit.log FOR SELECT TO authenticated USING ((
CASE table_name
    WHEN 'activities'::text THEN (COALESCE(((old_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text), false) OR COALESCE(((new_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text), false))
    WHEN 'listings'::text THEN (COALESCE(((old_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text), false) OR COALESCE(((new_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text), false))
    WHEN 'properties'::text THEN (COALESCE(((old_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text), false) OR COALESCE(((new_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text), false))
    WHEN 'tasks'::text THEN (COALESCE(((old_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text), false) OR COALESCE(((new_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text), false))
    WHEN 'users'::text THEN (COALESCE(((old_row ->> 'id'::text) = (( SELECT auth.uid() AS uid))::text), false) OR COALESCE(((new_row ->> 'id'::text) = (( SELECT auth.uid() AS uid))::text), false))
    ELSE NULL::boolean
END OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: properties_log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.properties_log ENABLE ROW LEVEL SECURITY;

--
-- Name: properties_log properties_log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY properties_log_select ON audit.properties_log FOR SELECT TO authenticated USING ((((old_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ((new_row ->> 'owned_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: tasks_log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.tasks_log ENABLE ROW LEVEL SECURITY;

--
-- Name: tasks_log tasks_log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY tasks_log_select ON audit.tasks_log FOR SELECT TO authenticated USING ((((old_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ((new_row ->> 'declared_by'::text) = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: tracked_tables tracked_tables_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY tracked_tables_select ON audit.tracked_tables FOR SELECT TO authenticated USING (true);

--
-- Name: users_log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.users_log ENABLE ROW LEVEL SECURITY;

--
-- Name: users_log users_log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY users_log_select ON audit.users_log FOR SELECT TO authenticated USING ((((old_row ->> 'id'::text) = (( SELECT auth.uid() AS uid))::text) OR ((new_row ->> 'id'::text) = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: table_manifest table_manifest_select; Type: POLICY; Schema: private; Owner: -
--

CREATE POLICY table_manifest_select ON private.table_manifest FOR SELECT TO authenticated, service_role USING (true);

--
-- Name: activities activities_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY activities_select ON public.activities FOR SELECT TO authenticated USING ((((claimed_by IS NULL) AND (NOT completed)) OR (listing_id = ANY (( SELECT private.caller_keys('listing'::text) AS caller_keys)::uuid[])) OR (claimed_by = ( SELECT auth.uid() AS uid)) OR (declared_by = ( SELECT auth.uid() AS uid))));

--
-- Name: bird bird_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY bird_select ON public.bird FOR SELECT TO authenticated USING (true);

--
-- Name: hotspot hotspot_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY hotspot_select ON public.hotspot FOR SELECT TO authenticated USING (true);

--
-- Name: journal_entries journal_entries_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_entries_select ON public.journal_entries FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: journal_entry_value_lists journal_entry_value_lists_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_entry_value_lists_select ON public.journal_entry_value_lists FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: journal_entry_values journal_entry_values_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_entry_values_select ON public.journal_entry_values FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: journal_field_groups journal_field_groups_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_field_groups_select ON public.journal_field_groups FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: journal_fields journal_fields_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_fields_select ON public.journal_fields FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: journal_thread_stats journal_thread_stats_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_thread_stats_select ON public.journal_thread_stats FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: journal_threads journal_threads_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY journal_threads_select ON public.journal_threads FOR SELECT TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: listings listings_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY listings_select ON public.listings FOR SELECT TO authenticated USING (((id = ANY (( SELECT private.caller_keys('listing_claimer'::text) AS caller_keys)::uuid[])) OR (owned_by = ( SELECT auth.uid() AS uid))));

--
-- Name: notes notes_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY notes_select ON public.notes FOR SELECT TO authenticated USING ((((parent_type = 'activity'::text) AND (parent_id = ANY (ARRAY( SELECT private.caller_visible_ids('activities'::text) AS caller_visible_ids)))) OR parent_open OR ((parent_type = 'listing'::text) AND (parent_id = ANY (( SELECT private.caller_keys('listing'::text) AS caller_keys)::uuid[]))) OR ((parent_type = 'task'::text) AND (parent_id = ANY (ARRAY( SELECT private.caller_visible_ids('tasks'::text) AS caller_visible_ids))))));

--
-- Name: notification_preferences notification_preferences_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY notification_preferences_select ON public.notification_preferences FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: notification_types notification_types_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY notification_types_select ON public.notification_types FOR SELECT TO authenticated USING (true);

--
-- Name: notifications notifications_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY notifications_select ON public.notifications FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: observed_bird_photos observed_bird_photos_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY observed_bird_photos_select ON public.observed_bird_photos FOR SELECT TO authenticated USING ((watchlist_id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[])));

--
-- Name: properties properties_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY properties_select ON public.properties FOR SELECT TO authenticated USING ((owned_by = ( SELECT auth.uid() AS uid)));

--
-- Name: push_devices push_devices_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY push_devices_select ON public.push_devices FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: subtasks subtasks_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY subtasks_select ON public.subtasks FOR SELECT TO authenticated USING ((((parent_type = 'activity'::text) AND (parent_id = ANY (ARRAY( SELECT private.caller_visible_ids('activities'::text) AS caller_visible_ids)))) OR parent_open OR ((parent_type = 'task'::text) AND (parent_id = ANY (ARRAY( SELECT private.caller_visible_ids('tasks'::text) AS caller_visible_ids))))));

--
-- Name: tasks tasks_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY tasks_select ON public.tasks FOR SELECT TO authenticated USING ((((claimed_by IS NULL) AND (NOT completed)) OR (listing_id = ANY (( SELECT private.caller_keys('listing'::text) AS caller_keys)::uuid[])) OR (claimed_by = ( SELECT auth.uid() AS uid)) OR (declared_by = ( SELECT auth.uid() AS uid))));

--
-- Name: users users_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY users_select ON public.users FOR SELECT TO authenticated USING ((id = ( SELECT auth.uid() AS uid)));

--
-- Name: watchlist_entries watchlist_entries_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_entries_select ON public.watchlist_entries FOR SELECT TO authenticated USING ((watchlist_id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[])));

--
-- Name: watchlist_rules watchlist_rules_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_select ON public.watchlist_rules FOR SELECT TO authenticated USING ((watchlist_id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[])));

--
-- Name: watchlist_shares watchlist_shares_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_shares_select ON public.watchlist_shares FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (watchlist_id = ANY (( SELECT private.caller_keys('watchlist_owner'::text) AS caller_keys)::uuid[]))));

--
-- Name: watchlists watchlists_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_select ON public.watchlists FOR SELECT TO authenticated USING (((owner_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[]))));

--
-- Name: FUNCTION capture_changes(); Type: ACL; Schema: outbox; Owner: -
--

REVOKE ALL ON FUNCTION outbox.capture_changes() FROM PUBLIC;

--
-- Name: FUNCTION record_sync_fields(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.record_sync_fields() FROM PUBLIC;

--
-- Name: FUNCTION row_scope(p_table text, p_row jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_scope(p_table text, p_row jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.row_scope(p_table text, p_row jsonb) TO service_role;

--
-- Name: FUNCTION sync_has_items(p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_has_items(p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;

--
-- Name: FUNCTION sync_items_activities_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_activities_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_activities_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_activities_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_activities_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_activities_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_activities_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_activities_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_activities_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_activities_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_activities_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_activities_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entry_values_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entry_values_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entry_values_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entry_values_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entry_values_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entry_values_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entry_values_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entry_values_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entry_values_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_entry_values_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_entry_values_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_entry_values_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_field_groups_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_field_groups_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_field_groups_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_field_groups_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_field_groups_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_field_groups_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_field_groups_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_field_groups_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_field_groups_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_field_groups_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_field_groups_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_field_groups_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_fields_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_fields_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_fields_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_fields_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_fields_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_fields_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_fields_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_fields_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_fields_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_fields_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_fields_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_fields_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_threads_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_threads_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_threads_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_threads_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_threads_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_threads_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_threads_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_threads_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_threads_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_journal_threads_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_journal_threads_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_journal_threads_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_listings_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_listings_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_listings_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_listings_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_listings_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_listings_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_listings_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_listings_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_listings_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_listings_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_listings_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_listings_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_notes_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_notes_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_notes_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_notes_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_notes_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_notes_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_notes_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_notes_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_notes_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_notes_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_notes_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_notes_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_observed_bird_photos_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_observed_bird_photos_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_observed_bird_photos_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_observed_bird_photos_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_observed_bird_photos_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_observed_bird_photos_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_observed_bird_photos_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_observed_bird_photos_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_observed_bird_photos_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_observed_bird_photos_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_observed_bird_photos_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_observed_bird_photos_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_subtasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_subtasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_subtasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_subtasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_subtasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_subtasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_subtasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_subtasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_subtasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_subtasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_subtasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_subtasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_tasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_tasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_tasks_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_tasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_tasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_tasks_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_tasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_tasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_tasks_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_tasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_tasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_tasks_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_entries_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_entries_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_entries_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_entries_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_rules_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_rules_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_rules_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_rules_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_rules_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_rules_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_rules_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_rules_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_rules_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlist_rules_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlist_rules_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlist_rules_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlists_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlists_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlists_admin(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlists_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlists_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlists_changes(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlists_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlists_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlists_full(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_items_watchlists_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_items_watchlists_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_items_watchlists_visibility(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamp with time zone[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamp with time zone[]) TO service_role;

--
-- Name: FUNCTION sync_page_activities(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_activities(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_journal_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_journal_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_journal_entry_values(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_journal_entry_values(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_journal_field_groups(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_journal_field_groups(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_journal_fields(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_journal_fields(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_journal_threads(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_journal_threads(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_listings(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_listings(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_notes(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_notes(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_observed_bird_photos(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_observed_bird_photos(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_subtasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_subtasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_tasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_tasks(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_watchlist_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_watchlist_entries(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_watchlist_rules(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_page_watchlists(p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_after jsonb, p_limit integer, p_horizon xid8, p_next_x xid8, p_next_ip xid8[], p_next_horizon xid8) FROM PUBLIC;

--
-- Name: FUNCTION sync_push_row_activities(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_activities(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_activities(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_activities(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_journal_entries(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_journal_entries(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_journal_entries(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_journal_entries(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_journal_entry_values(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_journal_entry_values(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_journal_entry_values(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_journal_entry_values(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_journal_field_groups(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_journal_field_groups(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_journal_field_groups(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_journal_field_groups(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_journal_fields(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_journal_fields(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_journal_fields(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_journal_fields(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_journal_threads(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_journal_threads(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_journal_threads(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_journal_threads(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_listings(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_listings(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_listings(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_listings(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_notes(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_notes(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_notes(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_notes(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_observed_bird_photos(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_observed_bird_photos(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_observed_bird_photos(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_observed_bird_photos(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_subtasks(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_subtasks(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_subtasks(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_subtasks(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_tasks(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_tasks(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_tasks(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_tasks(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_watchlist_entries(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_watchlist_entries(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_watchlist_entries(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_watchlist_entries(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_watchlist_rules(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_watchlist_rules(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_watchlist_rules(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_watchlist_rules(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_row_watchlists(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_row_watchlists(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_row_watchlists(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_row_watchlists(p_id uuid) TO service_role;

--
-- Name: FUNCTION sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_activities(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_journal_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_journal_entry_values(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_journal_fields(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_journal_threads(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_listings(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_notes(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_observed_bird_photos(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_subtasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_tasks(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_watchlist_entries(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_watchlist_rules(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_update_watchlists(p_record jsonb, p_columns text[], p_id uuid, p_version integer) TO service_role;

--
-- Name: FUNCTION sync_push_updates_activities(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_activities(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_activities(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_activities(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_journal_entries(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_journal_entries(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_entries(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_entries(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_journal_entry_values(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_journal_entry_values(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_entry_values(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_entry_values(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_journal_fields(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_journal_fields(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_fields(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_fields(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_journal_threads(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_journal_threads(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_threads(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_journal_threads(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_listings(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_listings(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_listings(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_listings(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_notes(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_notes(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_notes(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_notes(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_observed_bird_photos(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_observed_bird_photos(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_observed_bird_photos(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_observed_bird_photos(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_subtasks(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_subtasks(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_subtasks(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_subtasks(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_tasks(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_tasks(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_tasks(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_tasks(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_watchlist_entries(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_watchlist_entries(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_watchlist_entries(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_watchlist_entries(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_watchlist_rules(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_watchlist_rules(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_watchlist_rules(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_watchlist_rules(p_items jsonb) TO service_role;

--
-- Name: FUNCTION sync_push_updates_watchlists(p_items jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_push_updates_watchlists(p_items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sync_push_updates_watchlists(p_items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.sync_push_updates_watchlists(p_items jsonb) TO service_role;

--
-- Name: TABLE activities_log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.activities_log TO authenticated;
GRANT SELECT ON TABLE audit.activities_log TO service_role;

--
-- Name: TABLE listings_log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.listings_log TO authenticated;
GRANT SELECT ON TABLE audit.listings_log TO service_role;

--
-- Name: TABLE properties_log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.properties_log TO authenticated;
GRANT SELECT ON TABLE audit.properties_log TO service_role;

--
-- Name: TABLE tasks_log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.tasks_log TO authenticated;
GRANT SELECT ON TABLE audit.tasks_log TO service_role;

--
-- Name: TABLE users_log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.users_log TO authenticated;
GRANT SELECT ON TABLE audit.users_log TO service_role;

--
-- PostgreSQL database dump
--

--
-- Data for Name: tracked_tables; Type: TABLE DATA; Schema: audit; Owner: -
--

COPY audit.tracked_tables (entity_type, table_name, owner_column) FROM stdin;
task	tasks	declared_by
activity	activities	declared_by
listing	listings	owned_by
user	users	id
property	properties	owned_by
\.

--
-- Data for Name: table_manifest; Type: TABLE DATA; Schema: private; Owner: -
--

COPY private.table_manifest (ordinal, table_name, visible_to, admin_sees, stamped, lengths, tombstoned, synced, outbox, realtime, audit_entity, audit_owner) FROM stdin;
1	tasks	[{"kind": "user", "column": "declared_by"}, {"kind": "user", "column": "claimed_by"}, {"kind": "listing", "column": "listing_id"}, {"kind": "everyone", "condition": "it.claimed_by is null and not it.completed"}]	t	t	{"title": 200, "description": 10000}	f	t	t	default	task	declared_by
2	activities	[{"kind": "user", "column": "declared_by"}, {"kind": "user", "column": "claimed_by"}, {"kind": "listing", "column": "listing_id"}, {"kind": "everyone", "condition": "it.claimed_by is null and not it.completed"}]	t	t	{"title": 200, "description": 10000}	f	t	t	default	activity	declared_by
3	listings	[{"kind": "user", "column": "owned_by"}, {"kind": "listing_claimer", "column": "id"}]	t	t	{"zip": 20, "city": 100, "state": 100, "address": 200, "mls_number": 50}	f	t	t	default	listing	owned_by
4	notes	[{"kind": "task", "column": "parent_id", "condition": "it.parent_type = 'task'"}, {"kind": "activity", "column": "parent_id", "condition": "it.parent_type = 'activity'"}, {"kind": "listing", "column": "parent_id", "condition": "it.parent_type = 'listing'"}, {"kind": "everyone", "condition": "it.parent_open"}]	t	t	{"content": 10000}	f	t	t	default	\N	\N
5	subtasks	[{"kind": "task", "column": "parent_id", "condition": "it.parent_type = 'task'"}, {"kind": "activity", "column": "parent_id", "condition": "it.parent_type = 'activity'"}, {"kind": "everyone", "condition": "it.parent_open"}]	t	t	{"title": 200}	f	t	t	default	\N	\N
6	watchlists	[{"kind": "user", "column": "owner_id"}, {"kind": "watchlist", "column": "id"}]	t	t	{"type": 50, "title": 200, "location": 200, "sync_status": 50, "cover_image_path": 2048, "location_display_name": 200, "species_rule_shape_id": 100, "location_rule_display_name": 200}	t	t	t	default	\N	\N
7	watchlist_entries	[{"kind": "watchlist", "column": "watchlist_id"}]	t	t	{"notes": 10000, "status": 50, "nickname": 200, "observed_by": 200, "sync_status": 50, "target_date_range": 100, "location_display_name": 200}	t	t	t	default	\N	\N
8	watchlist_rules	[{"kind": "watchlist", "column": "watchlist_id"}]	t	t	{"rule_type": 100, "sync_status": 50, "parameters_json": 10000}	t	t	t	default	\N	\N
9	observed_bird_photos	[{"kind": "watchlist", "column": "watchlist_id"}]	t	t	{"image_path": 2048, "storage_url": 2048, "sync_status": 50}	t	t	t	default	\N	\N
10	journal_threads	[{"kind": "user", "column": "owner_id"}]	f	t	{"title": 200}	t	t	f	\N	\N	\N
11	journal_entries	[{"kind": "user", "column": "owner_id"}]	f	t	{"content": 65536}	t	t	f	\N	\N	\N
12	journal_fields	[{"kind": "user", "column": "owner_id"}]	f	t	{"name": 50}	t	t	f	\N	\N	\N
13	journal_field_groups	[{"kind": "user", "column": "owner_id"}]	f	t	{}	f	t	f	\N	\N	\N
14	journal_entry_values	[{"kind": "user", "column": "owner_id"}]	f	t	{"value": 4096}	f	t	f	\N	\N	\N
15	journal_thread_stats	[{"kind": "user", "column": "owner_id"}]	f	f	{}	f	f	f	\N	\N	\N
16	journal_entry_value_lists	[{"kind": "user", "column": "owner_id"}]	f	f	{}	f	f	f	\N	\N	\N
17	users	[{"kind": "user", "column": "id"}]	t	t	{"name": 100, "email": 320, "gender": 50, "avatar_url": 2048, "profile_photo": 2048}	f	f	t	\N	user	id
18	properties	[{"kind": "user", "column": "owned_by"}]	t	t	{"zip": 20, "city": 100, "state": 100, "address": 200}	f	f	t	default	property	owned_by
19	watchlist_shares	[{"kind": "user", "column": "user_id"}, {"kind": "watchlist_owner", "column": "watchlist_id"}]	t	t	{}	f	f	t	default	\N	\N
20	bird	[{"kind": "everyone", "condition": "true"}]	t	t	{}	f	f	f	\N	\N	\N
21	hotspot	[{"kind": "everyone", "condition": "true"}]	t	t	{}	f	f	f	\N	\N	\N
22	notification_types	[{"kind": "everyone", "condition": "true"}]	t	t	{}	f	f	f	\N	\N	\N
23	notifications	[{"kind": "user", "column": "user_id"}]	f	t	{}	f	f	t	full	\N	\N
24	notification_preferences	[{"kind": "user", "column": "user_id"}]	f	t	{"preference_key": 100}	f	f	f	\N	\N	\N
25	push_devices	[{"kind": "user", "column": "user_id"}]	f	t	{}	f	f	f	\N	\N	\N
\.

--
-- Data for Name: visibility_kinds; Type: TABLE DATA; Schema: private; Owner: -
--

COPY private.visibility_kinds (kind, derived_from, description) FROM stdin;
user	\N	A user id, held by that user.
listing	\N	A listing id, held by the listing's owner.
watchlist	\N	A watchlist id, held by its owner and by the users it is shared with (any role).
watchlist_owner	\N	A watchlist id, held by its owner only.
everyone	\N	One constant key (private.everyone_key()), held by every user.
task	tasks	A task id, held by whoever may see the task.
activity	activities	An activity id, held by whoever may see the activity.
listing_claimer	\N	A listing id, held by whoever claims a task or activity on that listing.
\.

--
-- Data for Name: visibility_tables; Type: TABLE DATA; Schema: private; Owner: -
--

COPY private.visibility_tables (table_name, admin_sees) FROM stdin;
tasks	t
activities	t
listings	t
notes	t
subtasks	t
watchlists	t
watchlist_entries	t
watchlist_rules	t
observed_bird_photos	t
journal_threads	f
journal_entries	f
journal_fields	f
journal_field_groups	f
journal_entry_values	f
journal_thread_stats	f
journal_entry_value_lists	f
users	t
properties	t
watchlist_shares	t
bird	t
hotspot	t
notification_types	t
notifications	f
notification_preferences	f
push_devices	f
\.

--
-- Data for Name: visibility_rules; Type: TABLE DATA; Schema: private; Owner: -
--

COPY private.visibility_rules (table_name, kind, key_column, condition) FROM stdin;
tasks	user	declared_by	\N
tasks	user	claimed_by	\N
tasks	listing	listing_id	\N
tasks	everyone	\N	it.claimed_by is null and not it.completed
activities	user	declared_by	\N
activities	user	claimed_by	\N
activities	listing	listing_id	\N
activities	everyone	\N	it.claimed_by is null and not it.completed
listings	user	owned_by	\N
listings	listing_claimer	id	\N
notes	task	parent_id	it.parent_type = 'task'
notes	activity	parent_id	it.parent_type = 'activity'
notes	listing	parent_id	it.parent_type = 'listing'
notes	everyone	\N	it.parent_open
subtasks	task	parent_id	it.parent_type = 'task'
subtasks	activity	parent_id	it.parent_type = 'activity'
subtasks	everyone	\N	it.parent_open
watchlists	user	owner_id	\N
watchlists	watchlist	id	\N
watchlist_entries	watchlist	watchlist_id	\N
watchlist_rules	watchlist	watchlist_id	\N
observed_bird_photos	watchlist	watchlist_id	\N
journal_threads	user	owner_id	\N
journal_entries	user	owner_id	\N
journal_fields	user	owner_id	\N
journal_field_groups	user	owner_id	\N
journal_entry_values	user	owner_id	\N
journal_thread_stats	user	owner_id	\N
journal_entry_value_lists	user	owner_id	\N
users	user	id	\N
properties	user	owned_by	\N
watchlist_shares	user	user_id	\N
watchlist_shares	watchlist_owner	watchlist_id	\N
bird	everyone	\N	true
hotspot	everyone	\N	true
notification_types	everyone	\N	true
notifications	user	user_id	\N
notification_preferences	user	user_id	\N
push_devices	user	user_id	\N
\.

--
-- Name: table_manifest_ordinal_seq; Type: SEQUENCE SET; Schema: private; Owner: -
--

SELECT pg_catalog.setval('private.table_manifest_ordinal_seq', 25, true);

--
-- PostgreSQL database dump complete
--

