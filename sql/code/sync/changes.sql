-- Offline sync, the change side: which tables are synced, the transaction that last wrote
-- each synced row, and the three logs that say what changed in who sees what: hard
-- deletions, rows whose keys changed (moves), users whose keys changed (access). What a
-- pull delivers from them: sync/items.sql; sync_pull and sync_push: sync/pull.sql, sync/push.sql.
--
-- Why not `updated_at > last_synced_at` (what a client would naturally ask): updated_at is
-- stamped when a row is written, not when its transaction commits. A transaction that wrote
-- a row before a pull and commits after it carries an updated_at older than the pull's
-- timestamp, so the next pull skips that row forever.
--
-- What we do instead: every synced row carries sync_xid, the id of the transaction that last
-- wrote it (set by a trigger), and every log row the id of the transaction that wrote it. A
-- pull records in its cursor the snapshot it read with (pg_current_snapshot(): xmax and the
-- in-progress xids). Every transaction the snapshot could not see has an xid >= xmax or one
-- of those in-progress xids, so the next pull asks for exactly those rows and log rows.
-- Nothing committed late is lost, not even a share or a claim, and transactions already
-- seen are not sent again (a row can come twice only in the rare case of a transaction
-- committing between the snapshot and the read, or one written by the pulling transaction
-- itself).
--
-- Who sees a row is the visibility definition (access/visibility.sql): its scope keys. So that a user's pull
-- reads only what concerns them, each synced table is indexed by each key column with the
-- change order after it, (column, sync_xid, id), and the logs by key:
--   sync_deletions  a hard delete: one row per key the deleted row had
--   sync_moves      a row whose keys changed (claimed, released, completed, moved to another
--                   listing, a note moved to another parent): the keys it left and entered.
--                   Written only when a key column changes, never on other updates.
--   sync_access_log a user who gained or lost a key (access/visibility.sql's sources: shares, owners, the
--                   admin flag). The rows with that key are not written.
-- Tombstones (deleted_at) need no log: the row itself is written. Old log rows are purged by
-- public.purge_sync_deletions(), after which an older cursor gets CURSOR_EXPIRED and the
-- client resyncs from scratch.

-- ---------------------------------------------------------------------------------------
-- The synced tables
-- ---------------------------------------------------------------------------------------

-- PL/pgSQL, which keeps its plan for the session: a SQL function with a SET clause is
-- planned again at every call, and every pull and poll asks this several times.
create or replace function private.sync_tables() returns text[]
  language plpgsql
  stable
  parallel safe
  set search_path = pg_catalog, pg_temp
as $$
begin
  return (select coalesce(array_agg(m.table_name order by m.ordinal), '{}') from private.table_manifest m where m.synced);
end
$$;
comment on function private.sync_tables() is
  'The tables sync_pull and sync_push serve: those the table manifest marks synced, in its order (each set up by private.enable_sync). Any other name is rejected with INVALID_TABLE before it reaches dynamic SQL.';

create or replace function private.assert_sync_table(p_table text) returns void
  language plpgsql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if p_table is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_table is required';
  end if;
  if not (p_table = any (private.sync_tables())) then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: %L is not a synced table', p_table),
      hint = 'One of: ' || array_to_string(private.sync_tables(), ', ');
  end if;
end
$$;
comment on function private.assert_sync_table(text) is
  'Raises NULL_ARGUMENT (22004) or INVALID_TABLE (22023) unless p_table is one of private.sync_tables().';

-- sync_xid: the transaction that last wrote the row.
create or replace function private.stamp_sync_xid() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  new.sync_xid := pg_current_xact_id();
  return new;
end
$$;
comment on function private.stamp_sync_xid() is
  'BEFORE INSERT/UPDATE trigger function: records the writing transaction''s id in sync_xid (the sync_pull watermark). Runs after the _stamp_* triggers; on INSERT only when the writer supplied another value (the column default is the writing transaction), on UPDATE only when they bumped row_version (a real change).';

-- One branch per source table: each is parsed only for the table it serves.
create or replace function private.log_access_change() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  if tg_table_name = 'listings' then
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, 'listing', old.id, c.granted
      from (values (old.owned_by, false), (case when tg_op = 'UPDATE' then new.owned_by end, true)) c (user_id, granted)
     where c.user_id is not null
    on conflict do nothing;
  elsif tg_table_name = 'watchlists' then
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, k.kind, old.id, c.granted
      from (values (old.owner_id, false), (case when tg_op = 'UPDATE' then new.owner_id end, true)) c (user_id, granted)
     cross join (values ('watchlist'), ('watchlist_owner')) k (kind)
     where c.user_id is not null
    on conflict do nothing;
  elsif tg_table_name = 'watchlist_shares' then
    -- A share is a key once accepted: an invitation grants nothing, and taking one back
    -- revokes nothing.
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, 'watchlist', c.watchlist_id, c.granted
      from (values (case when tg_op <> 'INSERT' and old.accepted_at is not null then old.user_id end,
                    case when tg_op <> 'INSERT' then old.watchlist_id end, false),
                   (case when tg_op <> 'DELETE' and new.accepted_at is not null then new.user_id end,
                    case when tg_op <> 'DELETE' then new.watchlist_id end, true))
           c (user_id, watchlist_id, granted)
     where c.user_id is not null
    on conflict do nothing;
  elsif tg_table_name in ('tasks', 'activities') then
    -- The claimer of an item on a listing holds the listing's listing_claimer key.
    insert into public.sync_access_log (user_id, kind, key, granted)
    select c.user_id, 'listing_claimer', c.listing_id, c.granted
      from (values (case when tg_op <> 'INSERT' then old.claimed_by end, case when tg_op <> 'INSERT' then old.listing_id end, false),
                   (case when tg_op <> 'DELETE' then new.claimed_by end, case when tg_op <> 'DELETE' then new.listing_id end, true))
           c (user_id, listing_id, granted)
     where c.user_id is not null and c.listing_id is not null
    on conflict do nothing;
  elsif tg_table_name = 'users' then
    insert into public.sync_access_log (user_id, kind, key, granted)
    values (new.id, 'admin', private.everyone_key(), new.is_admin)
    on conflict do nothing;
  end if;
  return null;
end
$$;
comment on function private.log_access_change() is
  'AFTER row trigger function of the tables that decide which keys users hold (listings.owned_by, watchlists.owner_id, watchlist_shares once accepted, the claimer and listing of tasks and activities, users.is_admin): logs each user whose holdings the change altered in public.sync_access_log. Its triggers fire only when those columns change, and on deletes.';
revoke all on function private.log_access_change() from public, anon, authenticated, service_role;

create or replace trigger sync_access_delete after delete on public.listings
  for each row execute function private.log_access_change();
create or replace trigger sync_access_update after update of owned_by on public.listings
  for each row when (old.owned_by is distinct from new.owned_by) execute function private.log_access_change();
create or replace trigger sync_access_delete after delete on public.watchlists
  for each row execute function private.log_access_change();
create or replace trigger sync_access_update after update of owner_id on public.watchlists
  for each row when (old.owner_id is distinct from new.owner_id) execute function private.log_access_change();
create or replace trigger sync_access_insert_delete after insert or delete on public.watchlist_shares
  for each row execute function private.log_access_change();
create or replace trigger sync_access_update after update of user_id, watchlist_id, accepted_at on public.watchlist_shares
  for each row when (old.user_id is distinct from new.user_id or old.watchlist_id is distinct from new.watchlist_id
                     or (old.accepted_at is null) <> (new.accepted_at is null))
  execute function private.log_access_change();
create or replace trigger sync_access_claim_insert after insert on public.tasks
  for each row when (new.claimed_by is not null and new.listing_id is not null) execute function private.log_access_change();
create or replace trigger sync_access_claim_delete after delete on public.tasks
  for each row when (old.claimed_by is not null and old.listing_id is not null) execute function private.log_access_change();
create or replace trigger sync_access_claim_update after update of claimed_by, listing_id on public.tasks
  for each row when (old.claimed_by is distinct from new.claimed_by or old.listing_id is distinct from new.listing_id)
  execute function private.log_access_change();
create or replace trigger sync_access_claim_insert after insert on public.activities
  for each row when (new.claimed_by is not null and new.listing_id is not null) execute function private.log_access_change();
create or replace trigger sync_access_claim_delete after delete on public.activities
  for each row when (old.claimed_by is not null and old.listing_id is not null) execute function private.log_access_change();
create or replace trigger sync_access_claim_update after update of claimed_by, listing_id on public.activities
  for each row when (old.claimed_by is distinct from new.claimed_by or old.listing_id is distinct from new.listing_id)
  execute function private.log_access_change();
create or replace trigger sync_access_update after update of is_admin on public.users
  for each row when (old.is_admin is distinct from new.is_admin) execute function private.log_access_change();

-- ---------------------------------------------------------------------------------------
-- Writing the logs
-- ---------------------------------------------------------------------------------------

-- A row whose key columns changed: the keys it left and entered (private.row_scope of the
-- old and of the new row). Its trigger fires only when one of those columns changed.
create or replace function private.record_sync_moves() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  insert into public.sync_moves (table_name, kind, key, row_id, entered)
  select tg_table_name, x.kind, x.key, new.id, x.entered
    from ((select o.kind, o.key, false as entered from private.row_scope(tg_table_name, pg_catalog.to_jsonb(old)) o
           except
           select n.kind, n.key, false from private.row_scope(tg_table_name, pg_catalog.to_jsonb(new)) n)
          union all
          (select n.kind, n.key, true from private.row_scope(tg_table_name, pg_catalog.to_jsonb(new)) n
           except
           select o.kind, o.key, true from private.row_scope(tg_table_name, pg_catalog.to_jsonb(old)) o)) x
  on conflict do nothing;
  return null;
end
$$;
comment on function private.record_sync_moves() is
  'AFTER UPDATE row trigger function of the synced tables, fired only when a column deciding the row''s scope keys changed: logs the keys the row left and entered in public.sync_moves.';

-- Per statement, from its transition table: a cascade or a bulk delete is one insert. Named
-- to fire before every other AFTER DELETE statement trigger (delete_children): children
-- deleted by it find their parent's keys here.
create or replace function private.record_sync_deletions() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  insert into public.sync_deletions as d (table_name, record_id, kind, key)
  select distinct tg_table_name, (r.row ->> 'id')::uuid, s.kind, s.key
    from (select pg_catalog.to_jsonb(o) as row from old_rows o) r
   cross join lateral private.row_scope(tg_table_name, r.row) s
  on conflict on constraint sync_deletions_pkey do update set deleted_at = excluded.deleted_at;
  return null;
end
$$;
comment on function private.record_sync_deletions() is
  'AFTER DELETE statement trigger function of the synced tables: records each deleted row in public.sync_deletions, once per scope key it had.';

-- The digests of sync_push's per-field merge, in one canonical text whatever the session
-- says: md5 of each column's to_jsonb text, written in UTC and with the shortest exact
-- float text. The _sync_fields trigger digests the previous values of a row (for all the
-- rows of a statement at once, with the same settings and the same md5 of the same text),
-- sync_push (private.sync_merge) the pushed ones with this function.
create or replace function private.sync_field_digests(p_row anyelement, p_columns text[]) returns jsonb
  language sql
  stable
  set search_path = pg_catalog, pg_temp
  set timezone = 'UTC'
  set extra_float_digits = 1
as $$
  select coalesce(pg_catalog.jsonb_object_agg(c, pg_catalog.md5((pg_catalog.to_jsonb(p_row) -> c)::text)), '{}')
    from pg_catalog.unnest(p_columns) c
$$;
comment on function private.sync_field_digests(anyelement, text[]) is
  '{column: md5 of its value''s to_jsonb text} for the columns p_columns of row p_row, in UTC with the shortest exact floats whatever the session says. The digests of sync_push''s merge; private.record_sync_fields computes the same digests of private.sync_field_changes for a whole statement at once.';

-- Which fields each version of a synced row changed (private.sync_field_changes), for
-- sync_push's per-field merge: the digests of their previous values. Once per statement,
-- from its transition tables, in one INSERT for every row whose row_version moved (a bulk
-- edit of 10,000 rows is one statement, not 10,000 calls), with a static statement per
-- synced table (planned once per session; old and new rows paired by
-- private.paired_rows_sql): the changed columns found by comparing column by column
-- (private.changed_columns_sql, the rule the outbox records an update's old values by),
-- each digested as private.sync_field_digests digests it, with the same settings (UTC,
-- shortest exact floats), so that sync_push's digests of pushed values match.
-- JIT off: a statement over a transition table is planned with a guessed row count, which
-- made PostgreSQL compile it to machine code on every bulk write (seconds for 10,000 rows).
create or replace function private.sync_fields_sql(p_table text, p_one_row boolean) returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format(
           $b$insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests, base_keys)
          select %1$L, (p.it).id, (p.it).row_version, v_actor, %2$s,
                 array(select k.kind || ':' || k.key from (%4$s) k)
            from (%3$s) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests,
                        base_keys = excluded.base_keys;$b$,
           p_table, private.changed_columns_sql(pg_catalog.format('public.%I', p_table)::regclass, '(p.old_it)', '(p.it)',
                                                'pg_catalog.md5(coalesce(pg_catalog.to_jsonb(%s), ''null'')::text)',
                                                array['created_at', 'updated_at', 'row_version', 'sync_xid']),
           private.paired_rows_sql(pg_catalog.format('public.%I', p_table)::regclass, p_one_row),
           private.row_keys_sql(p_table, '(p.old_it)'))
$$;
comment on function private.sync_fields_sql(text, boolean) is
  'PL/pgSQL text of private.record_sync_fields''s statement for an UPDATE of the synced table p_table (p_one_row: of at most one row, its rows paired without window functions): the changed columns'' digests of every row whose row_version moved into private.sync_field_changes.';

create or replace function private.generate_sync_fields() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_branches text[];
begin
  -- Two static statements per table: one for an update of one row (nearly every one), its
  -- rows paired without the window functions and sorts a statement of many rows needs.
  select pg_catalog.array_agg(array[t, pg_catalog.format(
           E'if not exists (select from new_rows offset 1) then\n            %s\n          else\n            %s\n          end if;',
           pg_catalog.replace(private.sync_fields_sql(t, true), E'\n', E'\n  '),
           pg_catalog.replace(private.sync_fields_sql(t, false), E'\n', E'\n  '))] order by t)
    into v_branches
    from pg_catalog.unnest(private.sync_tables()) t
   where pg_catalog.to_regclass(pg_catalog.format('public.%I', t)) is not null;

  perform private.create_table_dispatch(
    'private.record_sync_fields', '', 'trigger',
    'security definer set timezone = ''UTC'' set extra_float_digits = 1 set jit = off', 'tg_table_name', v_branches,
    '%s is not a synced table',
    'AFTER UPDATE statement trigger function of the synced tables (transition tables new_rows, old_rows): for every row whose row_version moved, records in private.sync_field_changes the version written, when, by whom, the md5 of each changed column''s previous value (as private.sync_field_digests digests it) and the scope keys of the row it changed (base_keys: who could read that version), in one INSERT. For sync_push''s per-field merge. Generated by private.generate_sync_fields.',
    p_declare => 'v_actor uuid := auth.uid();');
end
$$;
comment on function private.generate_sync_fields() is
  '(Re)creates private.record_sync_fields with a branch per synced table (private.sync_tables()). Run by private.apply_manifest before it attaches the _sync_fields triggers.';

-- ---------------------------------------------------------------------------------------
-- enable_sync
-- ---------------------------------------------------------------------------------------

create or replace function private.enable_sync(p_table regclass) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_name text := (select c.relname from pg_catalog.pg_class c where c.oid = p_table and c.relnamespace = 'public'::regnamespace);
  v_index record;
  v_moved text;
  c_comment constant text :=
    'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.';
begin
  if v_name is null or not (v_name = any (private.sync_tables()))
     or not exists (select from private.visibility_rules r where r.table_name = v_name) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: %s is not a table of private.sync_tables() with visibility rules', p_table);
  end if;

  -- Each step only where it is missing (adding the column, even "if not exists", or its
  -- comment would lock the table on every migrate).
  if not exists (select from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'sync_xid' and not a.attisdropped) then
    execute format('alter table public.%I add column sync_xid xid8 not null default pg_current_xact_id()', v_name);
  end if;
  if pg_catalog.col_description(p_table, (select a.attnum from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'sync_xid'))
     is distinct from c_comment then
    execute format('comment on column public.%I.sync_xid is %L', v_name, c_comment);
  end if;
  -- Every change in order: admins' pulls.
  perform private.define(format('create index if not exists %I on public.%I (sync_xid, id)', v_name || '_sync_xid_idx', v_name));
  -- A user's pull: per key column, the rows of one key in change order (the columns its
  -- rules'' conditions read ride along, so a condition needs no heap visit); per everyone
  -- rule, the rows it holds for all. A key column "id" needs none: it is the primary key.
  for v_index in
    select r.key_column,
           pg_catalog.string_agg(distinct pg_catalog.quote_ident(m[1]), ', ')
             filter (where m[1] is not null and m[1] <> r.key_column) as extra,
           min(r.condition) as condition
      from private.visibility_rules r
      left join lateral pg_catalog.regexp_matches(coalesce(r.condition, ''), '\mit\.(\w+)', 'g') m on true
     where r.table_name = v_name and coalesce(r.key_column, '') <> 'id'
     group by r.key_column
  loop
    if v_index.key_column is null then
      perform private.define(format('create index if not exists %I on public.%I (sync_xid, id) where %s',
                                    v_name || '_everyone_sync_idx', v_name, private.visibility_condition(v_index.condition, '')));
    else
      perform private.define(format('create index if not exists %I on public.%I (%I, sync_xid, id)%s',
                                    v_name || '_' || v_index.key_column || '_sync_idx', v_name, v_index.key_column,
                                    coalesce(' include (' || v_index.extra || ')', '')));
    end if;
  end loop;

  -- The column's default already is the inserting transaction: the insert trigger only
  -- corrects a value the writer supplied (a restored snapshot), and is not called otherwise.
  perform private.define(format('create or replace trigger _sync_xid_insert before insert on public.%I for each row '
                                'when (new.sync_xid is distinct from pg_catalog.pg_current_xact_id()) '
                                'execute function private.stamp_sync_xid()', v_name));
  perform private.define(format('create or replace trigger _sync_xid_update before update on public.%I for each row '
                                'when (old.row_version is distinct from new.row_version) '
                                'execute function private.stamp_sync_xid()', v_name));
  select pg_catalog.string_agg(format('old.%1$I is distinct from new.%1$I', c), ' or ')
    into v_moved from unnest(private.visibility_columns(v_name)) c;
  perform private.define(format('create or replace trigger _sync_moves after %s on public.%I for each row when (%s) '
                                'execute function private.record_sync_moves()',
                                private.update_of_sql(v_name, private.visibility_columns(v_name)), v_name, v_moved));
  perform private.define(format('create or replace trigger _sync_deletions after delete on public.%I referencing old table as old_rows '
                                'for each statement execute function private.record_sync_deletions()', v_name));
  perform private.define(format('create or replace trigger _sync_fields after update on public.%I referencing old table as old_rows new table as new_rows '
                                'for each statement execute function private.record_sync_fields()', v_name));
end
$$;
comment on function private.enable_sync(regclass) is
  'Sets up a table of private.sync_tables() that has visibility rules for sync: its sync_xid column and trigger, the indexes a pull reads ((sync_xid, id); (key column, sync_xid, id) per key column; (sync_xid, id) where an everyone rule holds), and the triggers that log its moves, hard deletes and the fields each version changed. Idempotent (what exists is kept, the triggers replaced): run by private.apply_manifest. INVALID_TABLE (22023).';

-- ---------------------------------------------------------------------------------------
-- Purging the logs
-- ---------------------------------------------------------------------------------------

create or replace function public.purge_sync_deletions(p_older_than interval default '30 days') returns integer
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_count integer;
  v_cutoff timestamptz;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = format('p_older_than = %s', p_older_than);
  end if;
  v_cutoff := now() - p_older_than;

  with d as (
    delete from public.sync_deletions where deleted_at < v_cutoff returning table_name, sync_xid
  ), m as (
    delete from public.sync_moves where moved_at < v_cutoff returning table_name, sync_xid
  ), a as (
    delete from public.sync_access_log where logged_at < v_cutoff returning sync_xid
  ), f as (
    -- No cursor depends on these: a push against a version older than what is kept is a
    -- conflict instead of a merge.
    delete from private.sync_field_changes where changed_at < v_cutoff returning 1
  ), p as (
    -- Parents closed before the cutoff with no children left (deleted, or emptied): a pull
    -- needs one only while its closing is newer than the cursor, and older cursors expire
    -- with the logs purged here. A new child makes the row again.
    delete from private.child_parents c where not c.open and c.children = 0 and c.opened_at < v_cutoff returning 1
  ), purged as (
    select d.table_name, d.sync_xid from d
    union all
    select m.table_name, m.sync_xid from m
    union all
    select 'sync_access_log', a.sync_xid from a
  ), per_log as (
    select p.table_name, max(p.sync_xid) as purged_through, count(*) as n from purged p group by p.table_name
  ), horizon as (
    insert into public.sync_horizon as h (table_name, purged_through)
    select l.table_name, l.purged_through from per_log l
    on conflict (table_name) do update set purged_through = greatest(h.purged_through, excluded.purged_through)
  )
  select coalesce(sum(n), 0) + (select count(*) from f) into v_count from per_log;
  return v_count;
end
$$;
comment on function public.purge_sync_deletions(interval) is
  'Deletes the rows of the sync logs (sync_deletions, sync_moves, sync_access_log, and the field changes of private.sync_field_changes) older than p_older_than (default 30 days) and advances sync_horizon, so that cursors older than what was purged get CURSOR_EXPIRED; and the rows of private.child_parents of parents closed before then with no children left. Returns the number of log rows purged. Run by the worker on a schedule with purge_watchlist_tombstones(); service_role only. SECURITY DEFINER: the logs and the merge history are nobody''s to delete but through it.';

-- The validators run as the caller of sync_pull / sync_push; the trigger functions and
-- enable_sync as their owner.
revoke all on function private.stamp_sync_xid(), private.record_sync_moves(), private.record_sync_deletions(),
  private.generate_sync_fields(), private.sync_fields_sql(text, boolean), private.sync_field_digests(anyelement, text[]),
  private.enable_sync(regclass), public.purge_sync_deletions(interval),
  private.assert_sync_table(text), private.sync_tables() from public, anon, authenticated, service_role;
grant execute on function private.sync_tables(), private.assert_sync_table(text) to authenticated, service_role;
-- The merge digests the pushed values as the pushing user (private.sync_merge).
grant execute on function private.sync_field_digests(anyelement, text[]) to authenticated, service_role;
grant execute on function public.purge_sync_deletions(interval) to service_role;
