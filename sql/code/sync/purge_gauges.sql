-- What the purges of sync deletions and tombstones have yet to remove, as gauges for
-- monitoring (the queue's gauges are outbox.queue_depth, outbox.oldest_pending,
-- outbox.dead_deliveries and outbox.events_per_minute: outbox/queue.sql).
-- deploy/prometheus/queries.yaml reads them all.
--
-- A Prometheus exporter runs every query on every scrape (every 15 to 60 s), so each gauge
-- costs a few index probes, never a scan of what it counts: the oldest row is the first
-- entry of an index, and a count is exact (an index-only scan) while the statistics put it
-- under 10,000, and their estimate above: the live rows now (pg_stat_user_tables.n_live_tup,
-- kept current by every write) times the share of them ANALYZE last measured.

-- Both gauges are functions behind a view: they set what a view cannot (index scans
-- whatever the statistics say: a count for one table among many is otherwise planned as a
-- scan of all of them), and run as the owner, who reads past row-level security and sees
-- the tables' statistics (pg_stats hides those of a table with row-level security from a
-- monitoring role granted service_role, which does not bypass it). They tell numbers of
-- rows and times, nothing of the rows' content.

-- ---------------------------------------------------------------------------------------
-- Sync deletions awaiting purge (public.purge_sync_deletions, 30 days)
-- ---------------------------------------------------------------------------------------

-- public.sync_deletions holds one row per scope key of a deleted row (a task: its declarer,
-- claimer, listing, everyone), so a deletion is a distinct (sync_xid, record_id) of a table:
-- counted exactly in the index (table_name, sync_xid, record_id) while the table's log rows
-- are under 10,000; above, the statistics' row estimate divided by the rows per deletion of
-- the table's oldest 1,000 log rows (the same index: keys per row barely vary in a table).
create or replace function private.sync_deletion_gauge()
  returns table (table_name text, deletions bigint, estimated boolean, oldest_deleted_at timestamptz,
                 oldest_age_seconds double precision)
  language sql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
  set enable_seqscan = off
  set jit = off
as $$
  with stats as (
    -- every synced table with deletions is among the most common values: there are few
    select st.n_live_tup, s.most_common_vals::text::text[] as tables, s.most_common_freqs as shares
      from pg_catalog.pg_stat_user_tables st
      join pg_catalog.pg_stats s
        on s.schemaname = st.schemaname and s.tablename = st.relname and s.attname = 'table_name' and not s.inherited
     where st.relid = 'public.sync_deletions'::regclass
  )
  select t.table_name,
         case when o.deleted_at is null then 0
              when e.estimate >= 10000
                then (select pg_catalog.round(e.estimate * pg_catalog.count(distinct (f.sync_xid, f.record_id))::numeric
                                              / pg_catalog.count(*))::bigint
                        from (select d.sync_xid, d.record_id from public.sync_deletions d
                               where d.table_name = t.table_name
                               order by d.sync_xid, d.record_id
                               limit 1000) f)
              else (select pg_catalog.count(*)
                      from (select distinct d.sync_xid, d.record_id from public.sync_deletions d
                             where d.table_name = t.table_name) x)
         end,
         o.deleted_at is not null and coalesce(e.estimate >= 10000, false),
         o.deleted_at,
         coalesce(extract(epoch from pg_catalog.now() - o.deleted_at), 0)::double precision
    from pg_catalog.unnest(private.sync_tables()) as t (table_name)
    -- The table's earliest deleting transaction: its first entry in the index
    -- (table_name, sync_xid, record_id).
    left join lateral (select d.deleted_at from public.sync_deletions d
                        where d.table_name = t.table_name
                        order by d.sync_xid, d.record_id
                        limit 1) o on true
    -- The table's log rows (not deletions) by the statistics.
    left join lateral (select pg_catalog.round(s.n_live_tup * s.shares[pg_catalog.array_position(s.tables, t.table_name)])::bigint
                         from stats s) e (estimate) on true
$$;
comment on function private.sync_deletion_gauge() is
  'The rows of private.sync_deletions_awaiting_purge (index probes; SECURITY DEFINER: past row-level security, and the statistics of the owner''s tables).';

create or replace view private.sync_deletions_awaiting_purge as
  select g.table_name, g.deletions, g.estimated, g.oldest_deleted_at, g.oldest_age_seconds
    from private.sync_deletion_gauge() g;
comment on view private.sync_deletions_awaiting_purge is
  'Gauge: per synced table, the hard deletions kept for sync_pull (public.sync_deletions, which has a row per scope key of each deleted row: counted here once per deleted row) until public.purge_sync_deletions removes them after 30 days: how many (exact while the table has under 10,000 log rows; above, estimated from the statistics), and the oldest one''s deleted_at and age in seconds (0 when none). The oldest is that of the earliest deleting transaction (one index probe), so within that transaction''s duration of the earliest deletion. An age well past 30 days means the purge stopped.';

-- ---------------------------------------------------------------------------------------
-- Tombstones awaiting purge (public.purge_watchlist_tombstones and, once the journals exist,
-- public.purge_journal_tombstones: 30 days)
-- ---------------------------------------------------------------------------------------

-- The tables with deleted_at tombstones (stamped by private.stamp_deleted_at, rows/watchlists.sql), each
-- with a partial index on deleted_at where it is not null: it holds the tombstones only, so
-- the oldest is its first entry, and an exact count reads the tombstones, not the table.
create or replace function private.tombstone_gauge()
  returns table (table_name text, tombstones bigint, estimated boolean, oldest_deleted_at timestamptz,
                 oldest_age_seconds double precision)
  language plpgsql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
  set enable_seqscan = off
  set jit = off
as $$
declare
  v_table text;
  v_estimate bigint;
begin
  -- The tables are those private.stamp_deleted_at stamps: any added later is counted too.
  foreach v_table in array array(select distinct c.relname::text
                                   from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
                                  where t.tgfoid = 'private.stamp_deleted_at()'::pg_catalog.regprocedure
                                    and c.relnamespace = 'public'::pg_catalog.regnamespace
                                  order by 1) loop
    table_name := v_table;
    execute format('select min(x.deleted_at) from public.%I x where x.deleted_at is not null', v_table)
      into oldest_deleted_at;
    select pg_catalog.round(st.n_live_tup * (1 - s.null_frac))::bigint into v_estimate
      from pg_catalog.pg_stat_user_tables st
      join pg_catalog.pg_stats s
        on s.schemaname = st.schemaname and s.tablename = st.relname and s.attname = 'deleted_at' and not s.inherited
     where st.relid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(v_table));
    estimated := oldest_deleted_at is not null and coalesce(v_estimate >= 10000, false);
    if oldest_deleted_at is null then
      tombstones := 0;
    elsif estimated then
      tombstones := v_estimate;
    else
      execute format('select count(*) from public.%I x where x.deleted_at is not null', v_table) into tombstones;
    end if;
    oldest_age_seconds := coalesce(extract(epoch from pg_catalog.now() - oldest_deleted_at), 0);
    return next;
  end loop;
end
$$;
comment on function private.tombstone_gauge() is
  'The rows of private.tombstones_awaiting_purge (index probes; SECURITY DEFINER: past row-level security, and the statistics of the owner''s tables).';

create or replace view private.tombstones_awaiting_purge as
  select g.table_name, g.tombstones, g.estimated, g.oldest_deleted_at, g.oldest_age_seconds
    from private.tombstone_gauge() g;
comment on view private.tombstones_awaiting_purge is
  'Gauge: per table with deleted_at tombstones (those private.stamp_deleted_at stamps: the watchlist and journal tables), the tombstones public.purge_watchlist_tombstones and public.purge_journal_tombstones hard-delete once they are 30 days old: how many (exact, or from the statistics when over 10,000: estimated), and the oldest one''s deleted_at and age in seconds (0 when none). An age well past 30 days means the purge stopped.';

-- ---------------------------------------------------------------------------------------
-- Privileges: monitoring reads as service_role (or a role granted it); app roles get nothing.
-- ---------------------------------------------------------------------------------------

revoke all on private.sync_deletions_awaiting_purge, private.tombstones_awaiting_purge
  from public, anon, authenticated, service_role;
grant select on private.sync_deletions_awaiting_purge, private.tombstones_awaiting_purge to service_role;
revoke all on function private.sync_deletion_gauge(), private.tombstone_gauge()
  from public, anon, authenticated, service_role;
-- (a view calls its functions as the reader)
grant execute on function private.sync_deletion_gauge(), private.tombstone_gauge() to service_role;
