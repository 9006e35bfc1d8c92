-- A restored database finds itself restored, and settles: the final step of every migrate
-- (private.apply_manifest) and scripts/backup.sh's restore call private.settle_incarnation.
--
-- A dump carries private.incarnation along: restored, the row names the system identifier,
-- database and table it was recorded in, which are no longer these. Cursors of the earlier
-- life already get CURSOR_EXPIRED (private.cursor_incarnation names what the server is
-- now), so what is left is what the restored rows say: their sync_xid, the logs' and the
-- outbox's transaction ids were handed out by the cluster the dump came from. In a new
-- cluster they lie ahead of its own, and every pull would send those rows again until its
-- ids caught up; the worker's position in the outbox is a snapshot of the old ids, in which
-- every new event looks read. So the ids ahead of this cluster's are brought back to this
-- transaction's (the restored rows are then older than any cursor handed out after it, and
-- a device's empty pull is empty again), the worker's position is rewound to the first
-- event it may not have handled (events come again rather than never: handlers are
-- idempotent), and the epoch moves (cursors handed out between the restore and now expire
-- too, once).
--
-- A new timeline (a point-in-time recovery, a promotion) changes no row: the data is a
-- prefix of the earlier timeline's, its ids the same. Cursors name the timeline, so those of
-- the earlier one expire; the row records the new one.
create or replace function private.settle_incarnation() returns text
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_row private.incarnation;
  v_system bigint := (pg_catalog.pg_control_system()).system_identifier;
  v_database oid := (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database());
  v_relation oid := 'private.incarnation'::regclass::oid;
  v_timeline integer := private.current_timeline();
  v_xid xid8;
  v_snapshot pg_catalog.pg_snapshot;
  v_table text;
  v_rows bigint;
  v_restamped bigint := 0;
  v_enable text[];
  v_statement text;
  v_ahead boolean;
begin
  if pg_catalog.pg_is_in_recovery() then
    return null;
  end if;
  select * into v_row from private.incarnation for update;
  if (v_row.system_identifier, v_row.database_oid, v_row.relation_oid) = (v_system, v_database, v_relation) then
    if v_row.timeline is distinct from v_timeline then
      update private.incarnation set timeline = v_timeline, legacy_cursors = false, settled_at = pg_catalog.now();
      return pg_catalog.format('the database is on timeline %s (it was on %s: a point-in-time recovery or a promotion): sync and feed cursors of before get CURSOR_EXPIRED',
                               v_timeline, v_row.timeline);
    end if;
    return null;
  end if;

  v_xid := pg_catalog.pg_current_xact_id();
  -- Rows: only sync_xid changes. Their triggers are off meanwhile (there is nothing to stamp,
  -- audit or announce), then on again as each was.
  foreach v_table in array private.sync_tables() loop
    -- (a copy made in this cluster has none ahead: its tables are left alone; a table the
    -- manifest adds in this very migrate has no sync_xid yet: enable_sync stamps it afresh)
    continue when not exists (select from pg_catalog.pg_attribute a
                               where a.attrelid = pg_catalog.format('public.%I', v_table)::regclass
                                 and a.attname = 'sync_xid' and not a.attisdropped);
    execute pg_catalog.format('select exists (select from public.%I where sync_xid > $1)', v_table) into v_ahead using v_xid;
    continue when not v_ahead;
    select pg_catalog.array_agg(pg_catalog.format('alter table public.%I %s trigger %I', v_table,
                                  case t.tgenabled when 'A' then 'enable always' when 'R' then 'enable replica' else 'enable' end,
                                  t.tgname))
      into v_enable
      from pg_catalog.pg_trigger t
     where t.tgrelid = pg_catalog.format('public.%I', v_table)::regclass and not t.tgisinternal and t.tgenabled <> 'D';
    execute pg_catalog.format('alter table public.%I disable trigger user', v_table);
    execute pg_catalog.format('update public.%I set sync_xid = $1 where sync_xid > $1', v_table) using v_xid;
    get diagnostics v_rows = row_count;
    v_restamped := v_restamped + v_rows;
    foreach v_statement in array coalesce(v_enable, '{}') loop
      execute v_statement;
    end loop;
  end loop;

  -- The sync logs (primary keys include sync_xid: two entries that become one stay one).
  with moved as (delete from public.sync_deletions d where d.sync_xid > v_xid returning d.*)
  insert into public.sync_deletions
  select (pg_catalog.jsonb_populate_record(null::public.sync_deletions, pg_catalog.to_jsonb(m) || pg_catalog.jsonb_build_object('sync_xid', v_xid))).*
    from moved m on conflict do nothing;
  with moved as (delete from public.sync_moves d where d.sync_xid > v_xid returning d.*)
  insert into public.sync_moves
  select (pg_catalog.jsonb_populate_record(null::public.sync_moves, pg_catalog.to_jsonb(m) || pg_catalog.jsonb_build_object('sync_xid', v_xid))).*
    from moved m on conflict do nothing;
  with moved as (delete from public.sync_access_log d where d.sync_xid > v_xid returning d.*)
  insert into public.sync_access_log
  select (pg_catalog.jsonb_populate_record(null::public.sync_access_log, pg_catalog.to_jsonb(m) || pg_catalog.jsonb_build_object('sync_xid', v_xid))).*
    from moved m on conflict do nothing;
  update public.sync_horizon set purged_through = v_xid where purged_through > v_xid;
  -- The open parents' marks (private.child_parents): a pull reads a parent's children, or
  -- their opening, by these transactions, as it reads rows by sync_xid.
  update private.child_parents
     set children_xid = least(children_xid, v_xid), opened_xid = least(opened_xid, v_xid)
   where children_xid > v_xid or opened_xid > v_xid;

  -- The worker's position: each handler goes back to before the first event its snapshot
  -- had not seen (read with the old ids, before they change) or an unfinished batch holds;
  -- those batches are given up (their events come again from there). Then the events' ids.
  update outbox.cursors c
     set last_event_id = least(c.last_event_id,
                               coalesce((select pg_catalog.min(e.id) - 1 from outbox.events e
                                          where e.id <= c.last_event_id and not pg_catalog.pg_visible_in_snapshot(e.txid, c.snapshot)),
                                        c.last_event_id),
                               coalesce((select pg_catalog.min(b.from_event_id) from outbox.batches b
                                          where b.handler = c.handler and b.state <> 'free'), c.last_event_id)),
         updated_at = pg_catalog.now();
  update outbox.batches set state = 'free', locked_by = null, locked_at = null where state <> 'free';
  update outbox.events set txid = v_xid where txid > v_xid;
  update outbox.log_horizon
     set min_txid = case when min_txid > v_xid then v_xid else min_txid end,
         max_txid = case when max_txid > v_xid then v_xid else max_txid end;
  -- Every id up to this transaction's is seen (the events just stamped with it included),
  -- those still running elsewhere excepted.
  v_snapshot := pg_catalog.pg_current_snapshot();
  update outbox.cursors
     set snapshot = pg_catalog.format('%s:%s:%s', pg_catalog.pg_snapshot_xmin(v_snapshot), v_xid::text::numeric + 1,
                                      pg_catalog.array_to_string(array(select x from pg_catalog.pg_snapshot_xip(v_snapshot) x
                                                                        where x < v_xid order by x), ','))::pg_catalog.pg_snapshot;

  update private.incarnation
     set epoch = ('x' || pg_catalog.substr(pg_catalog.md5(pg_catalog.gen_random_uuid()::text), 1, 15))::bit(60)::bigint,
         system_identifier = v_system, database_oid = v_database, relation_oid = v_relation, timeline = v_timeline,
         legacy_cursors = false, settled_at = pg_catalog.now();
  return pg_catalog.format('the database was restored (it was recorded on another cluster, database or table): %s rows re-stamped for sync, the worker''s position rewound, and sync and feed cursors of before get CURSOR_EXPIRED',
                           v_restamped);
end
$$;
comment on function private.settle_incarnation() is
  'Records what this database is now in private.incarnation, and says what changed (NULL: nothing). Restored (another system identifier, database or table than recorded): brings the sync_xid of synced rows, of the sync logs, the horizon and the open parents'' marks (private.child_parents), and the txid of outbox events that lie ahead of this cluster back to this transaction''s, rewinds each handler''s outbox position to the first event it may not have handled (giving up unfinished batches), and moves the epoch. On a new timeline (a point-in-time recovery, a promotion): records it. Either way cursors of before get CURSOR_EXPIRED. Nothing on a standby. Called by the final step of migrate (private.apply_manifest).';
revoke all on function private.settle_incarnation() from public, anon, authenticated, service_role;

-- The timeline this server is on: a point-in-time recovery and a promotion each start a new
-- one. On a primary, that of the WAL it writes; on a hot standby, that of the WAL it
-- receives (else of its last restartpoint).
create or replace function private.current_timeline() returns integer
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if pg_catalog.pg_is_in_recovery() then
    return coalesce(private.received_timeline(), (pg_catalog.pg_control_checkpoint()).timeline_id);
  end if;
  return ('x' || pg_catalog.substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_insert_lsn()), 1, 8))::bit(32)::integer;
end
$$;
comment on function private.current_timeline() is
  'The timeline of this server: of the WAL a primary writes; on a hot standby, of the WAL it receives (else of its last restartpoint). A point-in-time recovery and a promotion start a new one.';

-- Whether cursors written before they were sealed still stand: only while the database is
-- the one they were handed out by (the identity recorded with the key, before any restore
-- or change of timeline).
create or replace function private.legacy_cursors_stand() returns boolean
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return coalesce((select i.legacy_cursors
                          and i.system_identifier = (pg_catalog.pg_control_system()).system_identifier
                          and i.database_oid = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
                          and i.relation_oid = 'private.incarnation'::regclass::oid
                          and i.timeline = private.current_timeline()
                     from private.incarnation i), false);
end
$$;
comment on function private.legacy_cursors_stand() is
  'True while cursors written before cursors were sealed may still be taken: the database is the incarnation private.incarnation recorded when they were (no restore, recovery or promotion since).';
revoke all on function private.current_timeline(), private.legacy_cursors_stand() from public, anon, authenticated, service_role;
