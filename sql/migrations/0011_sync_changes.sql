-- Offline sync, the change side: which tables are synced, the transaction id that last
-- wrote each synced row, hard deletions, and who may see a row (sync_pull and sync_push
-- themselves: 0012).
--
-- Why not `updated_at > last_synced_at` (what a client would naturally ask): updated_at is
-- stamped when a row is written, not when its transaction commits. A transaction that wrote a row before a
-- pull and commits after it carries an updated_at older than the pull's timestamp, so the
-- next pull skips that row forever.
--
-- What we do instead: every synced row carries sync_xid, the id of the transaction that last
-- wrote it (set by a trigger). A pull records in its cursor the snapshot it read with
-- (pg_current_snapshot(): xmax and the in-progress xids). Every transaction the snapshot
-- could not see has an xid >= xmax or one of those in-progress xids, so the next pull asks
-- for exactly those rows. Nothing committed late is lost, and transactions already seen are
-- not sent again (a row can come twice only in the rare case of a transaction committing
-- between the snapshot and the read, or one written by the pulling transaction itself).
--
-- Hard deletes leave a row in public.sync_deletions (written by a BEFORE DELETE trigger,
-- with the users who could see the deleted row), tombstones (deleted_at) come back as
-- deletions too, and old deletions are purged by public.purge_sync_deletions(), after which
-- an older cursor gets CURSOR_EXPIRED and the client resyncs from scratch.

-- ---------------------------------------------------------------------------------------
-- The synced tables
-- ---------------------------------------------------------------------------------------

create function private.sync_tables() returns text[]
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select array['tasks', 'activities', 'listings', 'notes',
               'watchlists', 'watchlist_entries', 'watchlist_rules', 'observed_bird_photos']
$$;
comment on function private.sync_tables() is
  'The tables sync_pull and sync_push serve. Any other name is rejected with INVALID_TABLE before it reaches dynamic SQL.';

create function private.assert_sync_table(p_table text) returns void
  language plpgsql
  immutable
  set search_path = ''
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
create function private.stamp_sync_xid() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.sync_xid := pg_current_xact_id();
  return new;
end
$$;
comment on function private.stamp_sync_xid() is
  'BEFORE INSERT/UPDATE trigger function: records the writing transaction''s id in sync_xid (the sync_pull watermark). Runs after the _stamp_* triggers; on UPDATE only when they bumped row_version (a real change).';

do $$
declare
  v_table text;
begin
  foreach v_table in array private.sync_tables() loop
    execute format('alter table public.%I add column sync_xid xid8 not null default pg_current_xact_id()', v_table);
    execute format('comment on column public.%I.sync_xid is %L', v_table,
      'Id of the transaction that last inserted or updated the row (trigger-maintained); the sync_pull cursor is a snapshot of these. Not part of sync records.');
    execute format('create index %I on public.%I (sync_xid, id)', v_table || '_sync_xid_idx', v_table);
    execute format('create trigger _sync_xid_insert before insert on public.%I '
                   'for each row execute function private.stamp_sync_xid()', v_table);
    execute format('create trigger _sync_xid_update before update on public.%I for each row '
                   'when (old.row_version is distinct from new.row_version) '
                   'execute function private.stamp_sync_xid()', v_table);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Who can see a row: one place for the per-table rules (also used by the change outbox)
-- ---------------------------------------------------------------------------------------

create table public.sync_deletions (
  table_name text not null,
  record_id uuid not null,
  sync_xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz not null default clock_timestamp(),
  visible_to uuid[] not null default '{}',
  visible_to_all boolean not null default false,
  constraint sync_deletions_pkey primary key (table_name, sync_xid, record_id)
);
comment on table public.sync_deletions is
  'Hard deletes of synced rows, for sync_pull''s "deleted": one row per deleted record (written by the _sync_record_deletion BEFORE DELETE trigger), readable by the users who could see the record when it was deleted, and by admins. Purged after 30 days by public.purge_sync_deletions().';
comment on column public.sync_deletions.sync_xid is 'Id of the deleting transaction (compared with sync_pull cursors).';
comment on column public.sync_deletions.visible_to is 'Users who could see the row when it was deleted (private.row_visibility); admins see every deletion.';
comment on column public.sync_deletions.visible_to_all is 'True when every authenticated user could see the row (an open, unclaimed task or activity, or a note on one).';

create index sync_deletions_deleted_at_idx on public.sync_deletions (deleted_at);
create index sync_deletions_record_idx on public.sync_deletions (table_name, record_id);

create table public.sync_horizon (
  table_name text primary key,
  purged_through xid8 not null
);
comment on table public.sync_horizon is
  'Per synced table, the newest sync_xid of a purged deletion: a cursor that had not yet seen it gets CURSOR_EXPIRED.';

revoke all on public.sync_deletions, public.sync_horizon from public, anon, authenticated, service_role;

create function private.row_visibility(p_table text, p_row jsonb, out audience uuid[], out visible_to_all boolean)
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  v_parent_table text;
  v_parent jsonb;
  v_parent_id uuid;
  v_users uuid[];
begin
  visible_to_all := false;
  if p_row is null then
    audience := '{}';
    return;
  end if;

  case p_table
    when 'tasks', 'activities' then
      v_users := array[(p_row ->> 'declared_by')::uuid, (p_row ->> 'claimed_by')::uuid,
                       (select l.owned_by from public.listings l where l.id = (p_row ->> 'listing_id')::uuid)];
      visible_to_all := (p_row ->> 'claimed_by') is null and not coalesce((p_row ->> 'completed')::boolean, false);
    when 'listings', 'properties' then
      v_users := array[(p_row ->> 'owned_by')::uuid];
    when 'users' then
      v_users := array[(p_row ->> 'id')::uuid];
    when 'watchlists' then
      v_users := array[(p_row ->> 'owner_id')::uuid]
                 || array(select s.user_id from public.watchlist_shares s where s.watchlist_id = (p_row ->> 'id')::uuid);
    when 'watchlist_shares' then
      v_users := array[(p_row ->> 'user_id')::uuid,
                       (select w.owner_id from public.watchlists w where w.id = (p_row ->> 'watchlist_id')::uuid)];
    when 'notes', 'subtasks', 'watchlist_entries', 'watchlist_rules', 'observed_bird_photos' then
      -- Children are seen by whoever sees their parent (plus a note's author).
      if p_table in ('notes', 'subtasks') then
        v_parent_table := case p_row ->> 'parent_type' when 'task' then 'tasks' when 'activity' then 'activities'
                                                      when 'listing' then 'listings' end;
        v_parent_id := (p_row ->> 'parent_id')::uuid;
        v_users := array[(p_row ->> 'created_by')::uuid];
      elsif p_table = 'observed_bird_photos' then
        v_parent_table := 'watchlist_entries';
        v_parent_id := (p_row ->> 'watchlist_entry_id')::uuid;
      else
        v_parent_table := 'watchlists';
        v_parent_id := (p_row ->> 'watchlist_id')::uuid;
      end if;
      if v_parent_table is not null then
        execute format('select to_jsonb(p) from public.%I p where p.id = $1', v_parent_table)
          into v_parent using v_parent_id;
      end if;
      if v_parent is not null then
        select v.audience || v_users, v.visible_to_all into v_users, visible_to_all
          from private.row_visibility(v_parent_table, v_parent) v;
      else
        -- The parent is already gone (a cascade in this very transaction): it left its
        -- audience in sync_deletions just before it went.
        select coalesce(d.visible_to, '{}') || v_users, coalesce(d.visible_to_all, false)
          into v_users, visible_to_all
          from (select 1) one
          left join lateral (select d.visible_to, d.visible_to_all from public.sync_deletions d
                              where d.table_name = v_parent_table and d.record_id = v_parent_id
                              order by d.sync_xid desc limit 1) d on true;
      end if;
    else
      raise exception using errcode = '22023',
        message = format('INVALID_TABLE: row_visibility does not know table %L', p_table);
  end case;

  audience := array(select distinct u from unnest(v_users) u where u is not null order by u);
end
$$;
comment on function private.row_visibility(text, jsonb) is
  'Who can see a row of p_table (given as jsonb, e.g. to_jsonb(old)) besides admins: the users named by its ownership columns or those of its parent (listing owner, watchlist owner and shares, a note''s parent), and whether every authenticated user can (open tasks/activities and their notes). Knows the synced tables plus properties, subtasks, users and watchlist_shares; INVALID_TABLE (22023) otherwise.';

-- Deletions are recorded BEFORE the row goes, so that children deleted by a cascade later in
-- the same statement still find their parent's audience (in sync_deletions).
create function private.record_sync_deletion() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_vis record;
begin
  select * into v_vis from private.row_visibility(tg_table_name, to_jsonb(old));
  insert into public.sync_deletions as d (table_name, record_id, visible_to, visible_to_all)
  values (tg_table_name, old.id, v_vis.audience, v_vis.visible_to_all)
  on conflict on constraint sync_deletions_pkey do update
    set visible_to = array(select distinct u from unnest(d.visible_to || excluded.visible_to) u order by u),
        visible_to_all = d.visible_to_all or excluded.visible_to_all,
        deleted_at = excluded.deleted_at;
  return old;
end
$$;
comment on function private.record_sync_deletion() is
  'BEFORE DELETE trigger function on the synced tables: records the deletion (id, deleting transaction, audience) in public.sync_deletions.';

do $$
declare
  v_table text;
begin
  foreach v_table in array private.sync_tables() loop
    execute format('create trigger _sync_record_deletion before delete on public.%I '
                   'for each row execute function private.record_sync_deletion()', v_table);
  end loop;
end
$$;

alter table public.sync_deletions enable row level security;
alter table public.sync_horizon enable row level security;

create policy sync_deletions_select on public.sync_deletions for select to authenticated
  using (visible_to_all or (select auth.uid()) = any (visible_to) or (select private.is_admin()));
create policy sync_horizon_select on public.sync_horizon for select to authenticated using (true);

grant select on public.sync_deletions, public.sync_horizon to authenticated;
grant select, insert, update, delete on public.sync_deletions, public.sync_horizon to service_role;

create function public.purge_sync_deletions(p_older_than interval default '30 days') returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023',
      message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = format('p_older_than = %s', p_older_than);
  end if;

  with purged as (
    delete from public.sync_deletions where deleted_at < now() - p_older_than
    returning table_name, sync_xid
  ), per_table as (
    select table_name, max(sync_xid) as purged_through, count(*) as n from purged group by table_name
  ), horizon as (
    insert into public.sync_horizon as h (table_name, purged_through)
    select table_name, purged_through from per_table
    on conflict (table_name) do update set purged_through = greatest(h.purged_through, excluded.purged_through)
  )
  select coalesce(sum(n), 0) into v_count from per_table;
  return v_count;
end
$$;
comment on function public.purge_sync_deletions(interval) is
  'Deletes sync_deletions rows older than p_older_than (default 30 days) and advances sync_horizon, so that cursors older than the purged deletions get CURSOR_EXPIRED. Returns the number of rows purged. Run by the worker on a schedule with purge_watchlist_tombstones(); service_role only.';

-- The validators run as the caller of sync_pull / sync_push (SECURITY INVOKER); who may see
-- a row is worked out only inside the definer triggers (as the owner): nobody may ask it
-- about rows they cannot see.
revoke all on function private.stamp_sync_xid(), private.record_sync_deletion(),
  private.row_visibility(text, jsonb), public.purge_sync_deletions(interval),
  private.assert_sync_table(text), private.sync_tables() from public, anon, authenticated, service_role;
grant execute on function private.sync_tables(), private.assert_sync_table(text) to authenticated, service_role;
grant execute on function public.purge_sync_deletions(interval) to service_role;
