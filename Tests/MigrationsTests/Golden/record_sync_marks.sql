--
-- Name: record_sync_marks(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.record_sync_marks() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    AS $$
    begin
      case tg_table_name
        when 'watchlists' then
          if tg_op = 'INSERT' then
          if not exists (select from new_rows offset 1) then
            with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlists as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owner_id), ('watchlist'::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                   pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
              from (select h.holder as user_id, 'watchlists'::text as table_name from row_holders h where h.holder is not null
                    union
                    select private.everyone_key(), 'watchlists' from row_keys k where k.kind = 'everyone'
                    union
                    select private.sync_uncertain_key(), '?' from written
                     where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
            on conflict do nothing;
          else
            execute 'with written as materialized (select pg_catalog.row_number() over () as rid, n::public.watchlists as it, pg_catalog.to_jsonb(n) as row from new_rows n),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values (''user''::text, (r.it).owner_id), (''watchlist''::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in (''user'', ''everyone'')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = ''user''
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                   pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
              from (select h.holder as user_id, ''watchlists''::text as table_name from row_holders h where h.holder is not null
                    union
                    select private.everyone_key(), ''watchlists'' from row_keys k where k.kind = ''everyone''
                    union
                    select private.sync_uncertain_key(), ''?'' from written
                     where pg_catalog.current_setting(''transaction_isolation'') <> ''read committed'') x
            on conflict do nothing';
          end if;
          elsif tg_op = 'UPDATE' then
          if not exists (select from new_rows offset 1) then
            with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlists as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlists from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owner_id), ('watchlist'::text, (r.it).id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key, true from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.old_it).owner_id), ('watchlist'::text, (r.old_it).id)) v (kind, key) where v.key is not null) x where (r.old_it).id is distinct from (r.it).id or (r.old_it).owner_id is distinct from (r.it).owner_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                   pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
              from (select h.holder as user_id, 'watchlists'::text as table_name from row_holders h where h.holder is not null
                    union
                    select private.everyone_key(), 'watchlists' from row_keys k where k.kind = 'everyone'
                    union
                    select private.sync_uncertain_key(), '?' from written
                     where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
            on conflict do nothing;
          else
            execute 'with written as materialized (select p.rid, p.it, p.old_it, pg_catalog.to_jsonb(p.it) as row from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlists as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlists from new_rows n) c) p where p.rid is not null and p.old_it is distinct from p.it),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values (''user''::text, (r.it).owner_id), (''watchlist''::text, (r.it).id)) v (kind, key) where v.key is not null) x
              union all
              select r.rid, x.kind, x.key, true from written r cross join lateral (select v.kind, v.key from (values (''user''::text, (r.old_it).owner_id), (''watchlist''::text, (r.old_it).id)) v (kind, key) where v.key is not null) x where (r.old_it).id is distinct from (r.it).id or (r.old_it).owner_id is distinct from (r.it).owner_id),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in (''user'', ''everyone'')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = ''user''
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                   pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
              from (select h.holder as user_id, ''watchlists''::text as table_name from row_holders h where h.holder is not null
                    union
                    select private.everyone_key(), ''watchlists'' from row_keys k where k.kind = ''everyone''
                    union
                    select private.sync_uncertain_key(), ''?'' from written
                     where pg_catalog.current_setting(''transaction_isolation'') <> ''read committed'') x
            on conflict do nothing';
          end if;
          else
          if not exists (select from old_rows offset 1) then
            with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlists as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values ('user'::text, (r.it).owner_id), ('watchlist'::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in ('user', 'everyone')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = 'user'
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                   pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
              from (select h.holder as user_id, 'watchlists'::text as table_name from row_holders h where h.holder is not null
                    union
                    select private.everyone_key(), 'watchlists' from row_keys k where k.kind = 'everyone'
                    union
                    select private.sync_uncertain_key(), '?' from written
                     where pg_catalog.current_setting('transaction_isolation') <> 'read committed') x
            on conflict do nothing;
          else
            execute 'with written as materialized (select pg_catalog.row_number() over () as rid, o::public.watchlists as it, pg_catalog.to_jsonb(o) as row from old_rows o),
            row_keys as materialized (
              select r.rid, x.kind, x.key, false as old from written r cross join lateral (select v.kind, v.key from (values (''user''::text, (r.it).owner_id), (''watchlist''::text, (r.it).id)) v (kind, key) where v.key is not null) x),
            key_holders as (
              select h.kind, h.key, h.holder
                from (select pg_catalog.array_agg(d.kind) as kinds, pg_catalog.array_agg(d.key) as keys
                        from (select distinct k.kind, k.key from row_keys k where k.kind not in (''user'', ''everyone'')) d) p
               cross join lateral private.keys_holders(p.kinds, p.keys) h
               where p.kinds is not null),
            row_holders as (
              select k.rid, k.old, k.kind, k.key, k.key as holder from row_keys k where k.kind = ''user''
              union all
              select k.rid, k.old, k.kind, k.key, h.holder from row_keys k join key_holders h on h.kind = k.kind and h.key = k.key)
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select x.user_id, x.table_name, pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
                   pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())
              from (select h.holder as user_id, ''watchlists''::text as table_name from row_holders h where h.holder is not null
                    union
                    select private.everyone_key(), ''watchlists'' from row_keys k where k.kind = ''everyone''
                    union
                    select private.sync_uncertain_key(), ''?'' from written
                     where pg_catalog.current_setting(''transaction_isolation'') <> ''read committed'') x
            on conflict do nothing';
          end if;
          end if;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: %s is not a synced table outside the outbox (the marks of those in it are written by outbox.capture_changes)', tg_table_name);
      end case;
      return null;
    end
    $$;

--
-- Name: FUNCTION record_sync_marks(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.record_sync_marks() IS 'AFTER INSERT / UPDATE / DELETE statement trigger function with transition tables (new_rows, old_rows) of the synced tables the outbox does not record (the journals): writes the statement''s change marks (private.sync_marks_sql) in one INSERT. Generated from the table manifest by private.generate_sync_marks. SECURITY DEFINER: nobody but the owner writes the marks.';

--
-- Name: FUNCTION record_sync_marks(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.record_sync_marks() FROM PUBLIC;
