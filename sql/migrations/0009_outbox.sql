-- The durable change outbox: realtime change feeds and the dispatch-worker's queue.
--
-- Every change to a domain table is recorded, in the writing transaction, as one row of
-- outbox.events (the log that realtime feeds read and the worker consumes). NOTIFY is only
-- a doorbell: one constant, empty payload on channel 'dispatch_outbox' per transaction,
-- whatever the number or size of the rows changed.
--
-- The writer pays for one event row and nothing else: the per-handler work items
-- (outbox.deliveries) are created lazily, in sets, by the worker's claim ("fan-out"), which
-- reads the events committed since a never-miss cursor (outbox.fanout) and inserts their
-- deliveries already leased to itself. So no change is lost while no worker runs (the
-- events wait), and a burst of writes costs the writers no queue maintenance.
--
--   outbox.enable_changes(regclass)      attach the triggers to a table
--   outbox.register_handler(...)         declare a consumer (which tables / operations)
--   outbox.claim(...)                    take a batch of due deliveries with a lease,
--                                        fanning out newly committed events first
--   outbox.complete(...)                 done: the delivery rows are deleted
--   outbox.fail(...)                     retry later (1 s, 2 s, 4 s ... 60 s) or dead-letter
--   outbox.release(...)                  give back leased deliveries untried (shutdown)
--   outbox.requeue_dead(...)             give dead deliveries a fresh set of attempts
--   outbox.prune(...)                    delete old events that no handler still needs
--   outbox.changes_since(...)            realtime feed page from a never-miss cursor
--   outbox.current_cursor()              the cursor of "now"
--   outbox.queue                         the queue per handler, for psql
--
-- Life of a delivery: (event committed) -> fanned out by a claim -> running (leased)
--                                        -> deleted (done)
--                                        -> failed (waits run_at) -> running ...
--                                        -> dead (after max_attempts, or not retryable)
-- A running delivery whose lease ran out (the worker died) is claimed again.

create schema outbox;
comment on schema outbox is
  'The durable change outbox: outbox.events (every recorded change, read by realtime feeds), outbox.deliveries (per-handler work queue of dispatch-worker), outbox.handlers, and the functions that claim, complete, fail, re-queue and prune. Private: only service_role (the worker and the Swift library) uses it.';

revoke all on schema outbox from public;
grant usage on schema outbox to service_role;

-- ---------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------

create table outbox.events (
  id bigint generated always as identity primary key,
  table_name text not null,
  op text not null,
  record_id uuid,
  record jsonb,
  old_record jsonb,
  audience uuid[] not null default '{}',
  visible_to_all boolean not null default false,
  txid xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  actor uuid,
  restored boolean not null default false,
  constraint events_op_check check (op in ('insert', 'update', 'delete')),
  constraint events_record_check check ((record is null) = (op = 'delete')),
  constraint events_old_record_check check ((old_record is null) = (op = 'insert'))
);
comment on table outbox.events is
  'Append-only log of changes to the tables with outbox.enable_changes, written by their triggers in the same transaction. The canonical RealtimeRecord {table, eventType, record, oldRecord} is table_name, op, record and (update) record || old_record or (delete) old_record. Deleted only by outbox.prune once no delivery refers to the event.';
comment on column outbox.events.id is
  'Event id, from a sequence at the time of the change. For one row, a later change always has a larger id (the row lock orders them), so id order is commit order per row; clients deduplicate by it.';
comment on column outbox.events.table_name is 'Unqualified table name (TG_TABLE_NAME), e.g. tasks; all recorded tables are in schema public.';
comment on column outbox.events.op is 'insert, update or delete (RealtimeRecord.eventType).';
comment on column outbox.events.record_id is 'The row''s uuid id; NULL for a table without a uuid "id" column (e.g. a composite key).';
comment on column outbox.events.record is 'The new row as JSON (insert, update); NULL on delete.';
comment on column outbox.events.old_record is
  'On update only the columns that changed, with their old values (the full old row is record || old_record); on delete the whole old row; NULL on insert.';
comment on column outbox.events.audience is
  'The users the change concerns by name: public.row_visibility() of the old and of the new row, deduplicated (who could see the row before or after the change; admins not included). The old row''s is computed only when a column it depends on changed (outbox.visibility_columns); otherwise it equals the new row''s. For notifications: the recipient.';
comment on column outbox.events.visible_to_all is
  'True when every authenticated user could see the old or the new row (an open task or activity, or a note on one), so the change concerns everybody, not only audience.';
comment on column outbox.events.txid is
  'The writing transaction''s id (pg_current_xact_id). Feed cursors hold a snapshot; an event whose transaction was still running at that snapshot is found again through this column, so a late commit is never missed.';
comment on column outbox.events.created_at is 'Start time of the writing transaction (now()).';
comment on column outbox.events.actor is
  'auth.uid() of the writer when the change was made (who claimed, completed, wrote the note, restored ...); NULL for service and system writes. Handlers use it not to notify people of their own actions.';
comment on column outbox.events.restored is
  'True for the insert of a row re-created by public.restore_entity (recognised by the transaction-local setting audit.restoring that it sets around its INSERT): a restore shows up as an insert event with this flag.';

-- The never-miss cursors (outbox.fanout, changes_since) re-read the events of transactions
-- their snapshot could not see: txid in pg_snapshot_xip(snapshot) or >= pg_snapshot_xmax.
create index events_txid_idx on outbox.events (txid);
-- prune(): a BRIN index costs next to nothing per insert on this append-only table.
create index events_created_at_brin on outbox.events using brin (created_at);

create table outbox.handlers (
  name text primary key,
  tables text[],
  ops text[] not null default '{insert,update,delete}',
  max_attempts integer not null default 5,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  constraint handlers_name_check check (name ~ '^[a-z][a-z0-9_.:-]{0,62}$'),
  constraint handlers_ops_check check (ops <@ '{insert,update,delete}' and cardinality(ops) > 0),
  constraint handlers_max_attempts_check check (max_attempts between 1 and 100)
);
comment on table outbox.handlers is
  'The consumers of outbox events (dispatch-worker''s handlers). Each change a handler wants gets one outbox.deliveries row for it, created when a claim fans the committed event out (see outbox.fanout); until then the event itself waits, so no change is lost while no worker runs. Managed with outbox.register_handler / outbox.unregister_handler.';
comment on column outbox.handlers.name is 'Handler name as the worker knows it, e.g. notifications.';
comment on column outbox.handlers.tables is 'Tables whose changes it receives; NULL = every recorded table.';
comment on column outbox.handlers.ops is 'Operations it receives (subset of insert, update, delete).';
comment on column outbox.handlers.max_attempts is 'Attempts before a delivery goes dead (the first try counts).';
comment on column outbox.handlers.description is 'What the handler does, for people reading psql.';

create table outbox.deliveries (
  handler text not null,
  event_id bigint not null,
  state text not null default 'pending',
  attempts integer not null default 0,
  run_at timestamptz not null default now(),
  locked_by text,
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  primary key (handler, event_id),
  constraint deliveries_state_check check (state in ('pending', 'running', 'failed', 'dead')),
  constraint deliveries_lock_check check ((state = 'running') = (locked_by is not null))
) with (
  -- A queue table: every row is inserted, updated once or twice and deleted. Vacuum it
  -- often, by row count rather than by a fraction of a table that is usually tiny.
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000,
  autovacuum_vacuum_cost_delay = 0
);
comment on table outbox.deliveries is
  'Outstanding work: one row per (handler, event) fanned out and not yet handled. Created by outbox.claim''s fan-out (already leased when the claimer runs that handler, else pending); deleted when its handler completes it, so "handled once per handler" is the absence of the row after fan-out. No foreign keys on purpose (a queue written in sets on the hot path); the event outlives its deliveries because outbox.prune deletes only fanned-out, unreferenced events.';
comment on column outbox.deliveries.state is
  'pending (never tried), running (leased to locked_by until run_at), failed (an attempt failed; retried at run_at), dead (no more attempts; see last_error; outbox.requeue_dead revives it).';
comment on column outbox.deliveries.attempts is 'Attempts started so far (incremented by each claim).';
comment on column outbox.deliveries.run_at is
  'When the delivery may next be claimed: for pending and failed the due time, for running the lease expiry (a worker that died loses it then).';
comment on column outbox.deliveries.locked_by is 'The worker holding the lease (running only).';
comment on column outbox.deliveries.locked_at is 'When the current lease was taken.';
comment on column outbox.deliveries.last_error is 'The last failure''s message (also "lease ... expired" when a worker vanished).';

-- The claim: due, not dead, oldest first. Partial, so dead letters cost the hot path nothing.
-- Not led by handler: one worker normally runs every handler, and a claim for several
-- handlers then reads this index in order instead of merging one range per handler.
create index deliveries_claim_idx on outbox.deliveries (run_at, event_id) where state <> 'dead';

-- The fan-out cursor: one row, locked by the claim that fans out (claims queue on it for the
-- few milliseconds of a fan-out; each one then reads on from where the last one stopped).
create table outbox.fanout (
  singleton boolean primary key default true,
  snapshot pg_catalog.pg_snapshot not null,
  last_event_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  constraint fanout_singleton_check check (singleton)
);
comment on table outbox.fanout is
  'How far outbox.claim has fanned events out to their handlers'' deliveries: every event visible in snapshot with an id up to last_event_id has been fanned out, and no other. The next fan-out takes, in id order, the events committed since: ids above last_event_id, plus smaller ids of transactions the snapshot could not see (txid in its xip list, or >= its xmax). Exactly once: no event is skipped or fanned out twice, whatever the commit order.';
comment on column outbox.fanout.singleton is 'Always true: the table has exactly one row.';
comment on column outbox.fanout.snapshot is 'The snapshot of the statement that read the last fan-out page.';
comment on column outbox.fanout.last_event_id is 'The largest event id fanned out so far (0 = none).';
comment on column outbox.fanout.updated_at is 'When the cursor last moved.';
insert into outbox.fanout (snapshot) values (pg_catalog.pg_current_snapshot());

-- ---------------------------------------------------------------------------------------
-- Recording changes
-- ---------------------------------------------------------------------------------------

-- Which columns decide who can see a row of each table: exactly the columns
-- public.row_visibility (0007) reads for it. An UPDATE that changes none of them leaves the
-- row's audience as it was, so the trigger computes the old row's audience only when one of
-- these changed (or on a table this function does not know).
create function outbox.visibility_columns(p_table text) returns text[]
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select case p_table
    when 'tasks' then '{declared_by,claimed_by,listing_id,completed}'
    when 'activities' then '{declared_by,claimed_by,listing_id,completed}'
    when 'listings' then '{owned_by}'
    when 'properties' then '{owned_by}'
    when 'users' then '{id}'
    when 'watchlists' then '{id,owner_id}'
    when 'watchlist_shares' then '{user_id,watchlist_id}'
    when 'notes' then '{parent_type,parent_id,created_by}'
    when 'subtasks' then '{parent_type,parent_id}'
    when 'watchlist_entries' then '{watchlist_id}'
    when 'watchlist_rules' then '{watchlist_id}'
    when 'observed_bird_photos' then '{watchlist_entry_id}'
    when 'notifications' then '{user_id}'
  end::text[]
$$;
comment on function outbox.visibility_columns(text) is
  'The columns of p_table that public.row_visibility reads (its ownership and parent columns); NULL for a table it does not list. outbox.enable_changes passes them to the row trigger, which skips the old row''s audience when an UPDATE changed none of them. Keep in step with public.row_visibility.';

-- One generic row trigger for the updates of every recorded table (inserts and deletes go
-- through the statement trigger below). It runs as the table's writer (an app user under
-- RLS), hence SECURITY DEFINER: nobody but the owner and service_role may touch the outbox
-- directly. Per row it costs one audience lookup (two only when an UPDATE moved
-- the row to other people) and one INSERT (which also works out an update's changed
-- columns); no dynamic SQL, no queue rows: deliveries are created later, in sets, by the
-- worker's claim.
create function outbox.record_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_new jsonb;
  v_old jsonb;
  v_vis record;
  v_audience uuid[];
  v_visible_to_all boolean;
  v_both boolean := false;
  v_user uuid;
  i integer;
begin
  if tg_op <> 'DELETE' then
    v_new := pg_catalog.to_jsonb(new);
  end if;
  if tg_op <> 'INSERT' then
    v_old := pg_catalog.to_jsonb(old);
  end if;

  if tg_op = 'UPDATE' then
    -- TG_ARGV[1..]: the columns that decide the audience; none given = unknown, so both.
    -- Plain expressions, no query: this runs for every updated row.
    v_both := tg_nargs < 2;
    i := 1;
    while not v_both and i < tg_nargs loop
      v_both := (v_new -> tg_argv[i]) is distinct from (v_old -> tg_argv[i]);
      i := i + 1;
    end loop;
  end if;

  if tg_table_name = 'notifications' then
    -- A notification concerns its recipient only.
    v_audience := array[(coalesce(v_new, v_old) ->> 'user_id')::uuid];
    v_visible_to_all := false;
    if v_both and (v_old ->> 'user_id')::uuid <> all (v_audience) then
      v_audience := v_audience || (v_old ->> 'user_id')::uuid;
    end if;
  else
    -- Whoever can see the row after the change (before it, for a delete: public.row_visibility,
    -- 0007), and when the change moved the row to other people, also who could before.
    v_vis := public.row_visibility(tg_table_name, coalesce(v_new, v_old));
    v_audience := v_vis.audience;
    v_visible_to_all := v_vis.visible_to_all;
    if v_both then
      v_vis := public.row_visibility(tg_table_name, v_old);
      v_visible_to_all := v_visible_to_all or v_vis.visible_to_all;
      foreach v_user in array v_vis.audience loop
        if v_user <> all (v_audience) then
          v_audience := v_audience || v_user;
        end if;
      end loop;
    end if;
  end if;

  insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
  values (
    tg_table_name,
    lower(tg_op),
    (coalesce(v_new, v_old) ->> nullif(tg_argv[0], ''))::uuid,
    v_new,
    -- On update, the changed columns with their old values (computed in this statement:
    -- one query per row, not two).
    case when tg_op = 'UPDATE'
         then coalesce((select pg_catalog.jsonb_object_agg(o.key, o.value)
                          from pg_catalog.jsonb_each(v_old) o
                         where (v_new -> o.key) is distinct from o.value), '{}')
         else v_old end,
    coalesce(v_audience, '{}'),
    coalesce(v_visible_to_all, false),
    auth.uid(),
    -- restore_entity (0004) names the row it re-creates in audit.restoring around its INSERT.
    tg_op = 'INSERT' and coalesce(
      pg_catalog.current_setting('audit.restoring', true) = tg_table_name || ':' || (v_new ->> nullif(tg_argv[0], '')),
      false)
  );
  return null;
end
$$;
comment on function outbox.record_change() is
  'AFTER ROW trigger function (attached by outbox.enable_changes for UPDATE; it handles INSERT and DELETE rows too): records the change in outbox.events, in the writing transaction, with its audience, its actor (auth.uid()) and whether it is a restore. TG_ARGV[0] names the uuid key column copied to record_id (empty = none); TG_ARGV[1..] are the columns deciding the audience (outbox.visibility_columns). Deliveries are not created here but by outbox.claim''s fan-out.';

-- Inserts and deletes are recorded per statement, from its transition table: one set-based
-- INSERT for all the rows a statement wrote, instead of one per row (the worker writes its
-- notifications 500 at a time; a bulk import or a cascade delete is one statement too).
-- The audience is still worked out row by row (public.row_visibility), in that one query.
create function outbox.record_rows() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_key text := nullif(tg_argv[0], '');
  v_actor uuid := auth.uid();
  -- restore_entity (0004) names the row it re-creates in audit.restoring around its INSERT.
  v_restoring text := pg_catalog.current_setting('audit.restoring', true);
begin
  if tg_op = 'INSERT' and tg_table_name = 'notifications' then
    -- A notification concerns its recipient only.
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'insert', (r.row ->> v_key)::uuid, r.row, null,
           array[(r.row ->> 'user_id')::uuid], false, v_actor, false
      from (select pg_catalog.to_jsonb(n) as row from new_rows n) r;
  elsif tg_op = 'INSERT' then
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'insert', (r.row ->> v_key)::uuid, r.row, null,
           coalesce(v.audience, '{}'), coalesce(v.visible_to_all, false), v_actor,
           coalesce(v_restoring = tg_table_name || ':' || (r.row ->> v_key), false)
      from (select pg_catalog.to_jsonb(n) as row from new_rows n) r
     cross join lateral public.row_visibility(tg_table_name, r.row) v;
  elsif tg_table_name = 'notifications' then
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'delete', (r.row ->> v_key)::uuid, null, r.row,
           array[(r.row ->> 'user_id')::uuid], false, v_actor, false
      from (select pg_catalog.to_jsonb(o) as row from old_rows o) r;
  else
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'delete', (r.row ->> v_key)::uuid, null, r.row,
           coalesce(v.audience, '{}'), coalesce(v.visible_to_all, false), v_actor, false
      from (select pg_catalog.to_jsonb(o) as row from old_rows o) r
     cross join lateral public.row_visibility(tg_table_name, r.row) v;
  end if;
  return null;
end
$$;
comment on function outbox.record_rows() is
  'AFTER INSERT / AFTER DELETE statement trigger function with a transition table (new_rows / old_rows), attached by outbox.enable_changes: records every row the statement inserted or deleted in outbox.events in one query, with its audience, the actor (auth.uid()) and, for an insert made by public.restore_entity, restored. TG_ARGV[0] names the uuid key column copied to record_id (empty = none).';

-- The doorbell: once per statement, and NOTIFY folds identical notifications of one
-- transaction into one, so a transaction rings once however many rows it changed. The
-- payload is constant and empty: listeners read the outbox, never the notification.
-- No SET search_path clause: it would cost a configuration save and restore per statement,
-- and the body names its one function fully qualified.
create function outbox.ring_doorbell() returns trigger
  language plpgsql
as $$
begin
  perform pg_catalog.pg_notify('dispatch_outbox', '');
  return null;
end
$$;
comment on function outbox.ring_doorbell() is
  'AFTER STATEMENT trigger function: pg_notify(''dispatch_outbox'', '''') — the doorbell for workers and realtime listeners. Delivered at commit, at most once per transaction.';

create function outbox.enable_changes(p_table regclass) returns void
  language plpgsql
  set search_path = ''
  set client_min_messages = warning
as $$
declare
  v_name text;
  v_key text;
  v_args text;
begin
  if p_table is null then
    raise exception using errcode = '22004', message = 'TABLE_REQUIRED: p_table must not be NULL';
  end if;
  select c.relname into v_name
    from pg_catalog.pg_class c
   where c.oid = p_table and c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace;
  if v_name is null then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: %s is not a table in schema public', p_table),
      hint = 'Events name tables without schema, so only tables of schema public are recorded.';
  end if;
  -- Every change needs its audience: refuse a table public.row_visibility does not know,
  -- rather than failing its writes later.
  if v_name <> 'notifications' then
    begin
      perform public.row_visibility(v_name, '{}'::jsonb);
    exception when invalid_parameter_value then
      raise exception using errcode = '22023',
        message = format('INVALID_TABLE: public.row_visibility does not know %s', p_table),
        hint = 'Teach public.row_visibility who may see the table''s rows first.';
    end;
  end if;

  select a.attname into v_key
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped;
  -- Trigger arguments: the key column ('' = none), then the columns deciding the audience
  -- (only those the table has; none known = the trigger always computes both audiences).
  select string_agg(quote_literal(x.arg), ', ' order by x.ord)
    into v_args
    from (select coalesce(v_key, '') as arg, 0 as ord
          union all
          select c.col, c.ord
            from unnest(outbox.visibility_columns(v_name)) with ordinality as c (col, ord)
           where exists (select from pg_catalog.pg_attribute a
                          where a.attrelid = p_table and a.attname = c.col and not a.attisdropped)) x;

  execute format('drop trigger if exists outbox_insert_delete on %s', p_table);
  execute format('drop trigger if exists outbox_insert on %s', p_table);
  execute format('drop trigger if exists outbox_delete on %s', p_table);
  execute format('drop trigger if exists outbox_update on %s', p_table);
  execute format('drop trigger if exists outbox_doorbell on %s', p_table);
  -- A transition table serves one event per trigger: inserts and deletes apart.
  execute format(
    'create trigger outbox_insert after insert on %s referencing new table as new_rows '
    'for each statement execute function outbox.record_rows(%s)',
    p_table, coalesce(quote_literal(v_key), quote_literal('')));
  execute format(
    'create trigger outbox_delete after delete on %s referencing old table as old_rows '
    'for each statement execute function outbox.record_rows(%s)',
    p_table, coalesce(quote_literal(v_key), quote_literal('')));
  -- A no-op UPDATE (nothing changed) records nothing, like the audit triggers.
  execute format(
    'create trigger outbox_update after update on %s '
    'for each row when (old.* is distinct from new.*) execute function outbox.record_change(%s)',
    p_table, v_args);
  execute format(
    'create trigger outbox_doorbell after insert or update or delete on %s '
    'for each statement execute function outbox.ring_doorbell()',
    p_table);
end
$$;
comment on function outbox.enable_changes(regclass) is
  'Records every change of the table (schema public, known to public.row_visibility or notifications) in the outbox: attaches outbox_insert and outbox_delete (statement triggers with transition tables: one set-based insert per statement), outbox_update (a row trigger skipping no-op updates, given the key column and outbox.visibility_columns) and outbox_doorbell. Idempotent. TRUNCATE is not recorded. TABLE_REQUIRED (22004), INVALID_TABLE (22023).';

create function outbox.disable_changes(p_table regclass) returns void
  language plpgsql
  set search_path = ''
  set client_min_messages = warning
as $$
begin
  execute format('drop trigger if exists outbox_insert_delete on %s', p_table);
  execute format('drop trigger if exists outbox_insert on %s', p_table);
  execute format('drop trigger if exists outbox_delete on %s', p_table);
  execute format('drop trigger if exists outbox_update on %s', p_table);
  execute format('drop trigger if exists outbox_doorbell on %s', p_table);
end
$$;
comment on function outbox.disable_changes(regclass) is
  'Stops recording the table''s changes (drops the outbox triggers). Recorded events stay.';

create view outbox.tables as
  select c.relname::text as table_name, c.oid::regclass as relation
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
   where t.tgname = 'outbox_update'
     and t.tgfoid = 'outbox.record_change()'::regprocedure;
comment on view outbox.tables is 'The tables whose changes are recorded (they have the outbox triggers).';

-- ---------------------------------------------------------------------------------------
-- Handlers
-- ---------------------------------------------------------------------------------------

create function outbox.register_handler(
  p_name text,
  p_tables text[] default null,
  p_ops text[] default '{insert,update,delete}',
  p_max_attempts integer default 5,
  p_description text default ''
) returns outbox.handlers
  language plpgsql
  set search_path = ''
as $$
declare
  v_unknown text[];
  v_handler outbox.handlers;
begin
  if p_name is null then
    raise exception using errcode = '22004', message = 'NAME_REQUIRED: p_name must not be NULL';
  end if;
  if p_name !~ '^[a-z][a-z0-9_.:-]{0,62}$' then
    raise exception using errcode = '22023',
      message = format('INVALID_HANDLER: %L is not a valid handler name', p_name),
      hint = 'Lower-case letters, digits and _ . : -, starting with a letter, at most 63 characters.';
  end if;
  select array_agg(t) into v_unknown
    from unnest(p_tables) t
   where t is null or t not in (select ot.table_name from outbox.tables ot);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_TABLE: the outbox does not record ' || array_to_string(v_unknown, ', ', 'NULL'),
      hint = 'Recorded tables: select table_name from outbox.tables; add one with outbox.enable_changes().';
  end if;
  if p_ops is null or cardinality(p_ops) = 0 or not p_ops <@ '{insert,update,delete}' then
    raise exception using errcode = '22023',
      message = 'INVALID_OPS: p_ops must be a non-empty subset of {insert,update,delete}';
  end if;
  if p_max_attempts is null or p_max_attempts not between 1 and 100 then
    raise exception using errcode = '22023', message = 'INVALID_MAX_ATTEMPTS: p_max_attempts must be between 1 and 100';
  end if;

  insert into outbox.handlers as h (name, tables, ops, max_attempts, description)
  values (p_name, p_tables, p_ops, p_max_attempts, coalesce(p_description, ''))
  on conflict (name) do update
    set tables = excluded.tables, ops = excluded.ops, max_attempts = excluded.max_attempts,
        description = excluded.description, updated_at = now()
  returning h.* into v_handler;
  return v_handler;
end
$$;
comment on function outbox.register_handler(text, text[], text[], integer, text) is
  'Creates or updates a handler. It receives the changes to p_tables (NULL = all recorded tables) with an operation in p_ops that are fanned out from then on: those committed later, and those committed earlier that no claim has fanned out yet; events fanned out before are not. Errors: NAME_REQUIRED (22004), INVALID_HANDLER, INVALID_TABLE, INVALID_OPS, INVALID_MAX_ATTEMPTS (22023).';

create function outbox.unregister_handler(p_name text) returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  v_dropped bigint;
begin
  if not exists (select from outbox.handlers h where h.name = p_name) then
    raise exception using errcode = 'P0002', message = format('HANDLER_NOT_FOUND: no handler %L', p_name);
  end if;
  -- A change committing at this very moment may still add a delivery for the handler;
  -- outbox.queue shows such leftovers, and calling this again removes them.
  delete from outbox.handlers h where h.name = p_name;
  delete from outbox.deliveries d where d.handler = p_name;
  get diagnostics v_dropped = row_count;
  return v_dropped;
end
$$;
comment on function outbox.unregister_handler(text) is
  'Removes a handler and all its outstanding deliveries (returned: how many). HANDLER_NOT_FOUND (P0002) when there is none.';

-- ---------------------------------------------------------------------------------------
-- The worker's queue API
-- ---------------------------------------------------------------------------------------

create function outbox.claim(
  p_worker text,
  p_handlers text[] default null,
  p_batch integer default 500,
  p_lease interval default '30 seconds'
) returns table (
  event_id bigint,
  handlers text[],
  attempts integer[],
  table_name text,
  op text,
  record_id uuid,
  record jsonb,
  old_record jsonb,
  audience uuid[],
  created_at timestamptz,
  actor uuid,
  restored boolean
)
  language plpgsql
  set search_path = ''
  -- TID scan and index nested loops whatever the batch size and table statistics
  set plan_cache_mode = force_generic_plan
  -- Generic plans carry pessimistic row estimates, which would make PostgreSQL compile the
  -- fan-out to machine code (JIT) on every call: 20+ ms for a statement that runs in 5.
  set jit = off
as $$
#variable_conflict use_column
declare
  v_claim tid[];
  v_dead tid[];
  v_handler text[] := '{}';
  v_event bigint[] := '{}';
  v_attempt integer[] := '{}';
  v_snap pg_catalog.pg_snapshot;
  v_last bigint;
  v_fresh integer;
  v_fresh_last bigint;
  v_room integer;
  v_rounds integer := 0;
begin
  if p_worker is null or p_worker = '' then
    raise exception using errcode = '22004', message = 'WORKER_REQUIRED: p_worker must name the claiming worker';
  end if;
  if p_batch is null or p_batch not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'INVALID_BATCH: p_batch must be between 1 and 10000';
  end if;
  if p_lease is null or p_lease <= interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_LEASE: p_lease must be a positive interval';
  end if;

  -- 1. Deliveries already due: retries, re-queued ones, pending ones of handlers another
  --    claimer fanned out, leases that expired. Oldest first; rows another claimer holds are
  --    skipped, not waited for. A running row is due once its lease expired (its worker is
  --    presumed dead); if that was its last attempt it goes dead instead of running again.
  --    The row locks last until the caller's transaction ends, so the physical row ids
  --    (ctid) stay valid for the updates below, which are then plain TID scans.
  select array_agg(p.ctid) filter (where not p.exhausted),
         array_agg(p.ctid) filter (where p.exhausted)
    into v_claim, v_dead
    from (select d.ctid,
                 d.state = 'running'
                   and d.attempts >= coalesce((select h.max_attempts from outbox.handlers h
                                                where h.name = d.handler), 5) as exhausted
            from outbox.deliveries d
           where d.state <> 'dead'
             and d.run_at <= now()
             and (p_handlers is null or d.handler = any (p_handlers))
           order by d.run_at, d.event_id
           limit p_batch
             for update of d skip locked) p;

  if v_dead is not null then
    update outbox.deliveries d
       set state = 'dead', run_at = now(), locked_by = null, locked_at = null,
           last_error = format('lease of worker %s expired on the last attempt', d.locked_by)
     where d.ctid = any (v_dead);
  end if;

  if v_claim is not null then
    with claimed as (
      update outbox.deliveries d
         set state = 'running',
             attempts = d.attempts + 1,
             run_at = now() + p_lease,
             locked_by = p_worker,
             locked_at = now(),
             last_error = case when d.state = 'running'
                               then format('lease of worker %s expired', d.locked_by)
                               else d.last_error end
       where d.ctid = any (v_claim)
      returning d.handler, d.event_id, d.attempts
    )
    select coalesce(array_agg(c.handler), '{}'), coalesce(array_agg(c.event_id), '{}'),
           coalesce(array_agg(c.attempts), '{}')
      into v_handler, v_event, v_attempt
      from claimed c;
  end if;

  -- 2. Fan out the events committed since the last fan-out, leasing their deliveries to
  --    this claimer when it runs the handler (pending for the others). One claimer at a
  --    time: the cursor row is locked until this transaction ends (a fan-out takes
  --    milliseconds, and the next claimer then continues from the moved cursor).
  --    A page is the fresh events (ids above the cursor) in id order, up to the room left,
  --    plus every event of the transactions the cursor's snapshot could not see (few: those
  --    in flight at the last fan-out). The statement's own snapshot becomes the cursor, so
  --    events of transactions still running now are taken by a later fan-out.
  if cardinality(v_event) < p_batch then
    select f.snapshot, f.last_event_id into v_snap, v_last from outbox.fanout f for update;
    loop
      v_rounds := v_rounds + 1;
      v_room := p_batch - cardinality(v_event);
      with page as (
        (select e.id, e.table_name, e.op, true as fresh
           from outbox.events e
          where e.id > v_last
          order by e.id
          limit v_room)
        union all
        select e.id, e.table_name, e.op, false
          from outbox.events e
         where e.txid = any (array(select pg_catalog.pg_snapshot_xip(v_snap)))
           and e.id <= v_last
        union all
        select e.id, e.table_name, e.op, false
          from outbox.events e
         where e.txid >= pg_catalog.pg_snapshot_xmax(v_snap)
           and e.id <= v_last
      ), fanned as (
        insert into outbox.deliveries as d (handler, event_id, state, attempts, run_at, locked_by, locked_at)
        select h.name, p.id,
               case when m.mine then 'running' else 'pending' end,
               case when m.mine then 1 else 0 end,
               case when m.mine then now() + p_lease else now() end,
               case when m.mine then p_worker end,
               case when m.mine then now() end
          from page p
          join outbox.handlers h
            on (h.tables is null or p.table_name = any (h.tables)) and p.op = any (h.ops)
         cross join lateral (select p_handlers is null or h.name = any (p_handlers) as mine) m
        on conflict do nothing
        returning d.handler, d.event_id, d.attempts, d.state
      )
      select pg_catalog.pg_current_snapshot(),
             (select count(*) from page where page.fresh),
             (select max(page.id) from page where page.fresh),
             v_handler || coalesce((select array_agg(f.handler) from fanned f where f.state = 'running'), '{}'),
             v_event || coalesce((select array_agg(f.event_id) from fanned f where f.state = 'running'), '{}'),
             v_attempt || coalesce((select array_agg(f.attempts) from fanned f where f.state = 'running'), '{}')
        into v_snap, v_fresh, v_fresh_last, v_handler, v_event, v_attempt;
      v_last := greatest(v_last, v_fresh_last);
      -- A full page of events no handler of ours wanted: read on, a few pages at most.
      exit when cardinality(v_event) >= p_batch or v_fresh < v_room or v_rounds >= 8;
    end loop;
    update outbox.fanout f set snapshot = v_snap, last_event_id = v_last, updated_at = now();
  end if;

  -- 3. The events of the leased deliveries, one row per event.
  return query
  select e.id, array_agg(c.handler order by c.handler), array_agg(c.attempts order by c.handler),
         e.table_name, e.op, e.record_id, e.record, e.old_record, e.audience, e.created_at, e.actor, e.restored
    from unnest(v_handler, v_event, v_attempt) as c (handler, event_id, attempts)
    join outbox.events e on e.id = c.event_id
   group by e.id
   order by e.id;
end
$$;
comment on function outbox.claim(text, text[], integer, interval) is
  'Leases up to p_batch deliveries of p_handlers (NULL = all) to worker p_worker for p_lease and returns their events, one row per event with the handlers to run and each one''s attempt number. First the due deliveries, oldest first, skipping rows other claimers hold (FOR UPDATE SKIP LOCKED): concurrent claimers never get the same delivery; an expired lease is taken over, one that expired on the last attempt goes dead instead. Then, with the room left, it fans out the events committed since the last fan-out (outbox.fanout, exactly once each): their deliveries are created leased to p_worker for its handlers and pending for the others. Call it in a transaction of its own (autocommit). Errors: WORKER_REQUIRED (22004), INVALID_BATCH, INVALID_LEASE (22023).';

create function outbox.complete(p_handlers text[], p_event_ids bigint[]) returns integer
  language plpgsql
  set search_path = ''
  -- the same index nested loop whatever the batch size, never compiled to machine code
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
declare
  v_done integer;
begin
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers and p_event_ids must have the same length';
  end if;
  delete from outbox.deliveries d
   using unnest(p_handlers, p_event_ids) as u(handler, event_id)
   where d.handler = u.handler
     and d.event_id = u.event_id
     and d.state = 'running';
  get diagnostics v_done = row_count;
  return v_done;
end
$$;
comment on function outbox.complete(text[], bigint[]) is
  'Marks deliveries (p_handlers[i], p_event_ids[i]) done by deleting them; returns how many. A success is accepted even from a worker whose lease was taken over (the handler did its work). Deliveries not running (already done, re-queued, dead) are ignored. ARRAY_LENGTH_MISMATCH (22023).';

create function outbox.fail(
  p_worker text,
  p_handlers text[],
  p_event_ids bigint[],
  p_errors text[],
  p_retryable boolean[] default null
) returns table (handler text, event_id bigint, state text, attempts integer, run_at timestamptz)
  language plpgsql
  set search_path = ''
  -- the same index nested loop whatever the batch size, never compiled to machine code
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
#variable_conflict use_column
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'WORKER_REQUIRED: p_worker must name the failing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids)
     or cardinality(p_errors) is distinct from cardinality(p_event_ids)
     or (p_retryable is not null and cardinality(p_retryable) <> cardinality(p_event_ids)) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers, p_event_ids, p_errors (and p_retryable when given) must have the same length';
  end if;

  return query
  update outbox.deliveries d
     set state = case when u.retryable is false or d.attempts >= coalesce(h.max_attempts, 5)
                      then 'dead' else 'failed' end,
         -- attempt n failed: wait min(2^(n-1), 60) seconds
         run_at = case when u.retryable is false or d.attempts >= coalesce(h.max_attempts, 5)
                       then now()
                       else now() + make_interval(secs => least(2 ^ (least(d.attempts, 8) - 1), 60)) end,
         locked_by = null,
         locked_at = null,
         last_error = left(coalesce(u.error, 'unknown error'), 8000)
    from unnest(p_handlers, p_event_ids, p_errors, p_retryable) as u(handler, event_id, error, retryable)
    left join outbox.handlers h on h.name = u.handler
   where d.handler = u.handler
     and d.event_id = u.event_id
     and d.state = 'running'
     and d.locked_by = p_worker
  returning d.handler, d.event_id, d.state, d.attempts, d.run_at;
end
$$;
comment on function outbox.fail(text, text[], bigint[], text[], boolean[]) is
  'Records failed attempts of worker p_worker (p_handlers[i], p_event_ids[i], p_errors[i], p_retryable[i] — NULL array or element = retryable). A retryable failure of attempt n is retried after min(2^(n-1), 60) s (1, 2, 4 ... 60); after the handler''s max_attempts, or when not retryable, the delivery goes dead. Deliveries no longer leased to p_worker are left alone. Returns the new state of each. WORKER_REQUIRED (22004), ARRAY_LENGTH_MISMATCH (22023).';

create function outbox.release(p_worker text, p_handlers text[], p_event_ids bigint[]) returns integer
  language plpgsql
  set search_path = ''
  set plan_cache_mode = force_generic_plan
  set jit = off
as $$
declare
  v_count integer;
begin
  if p_worker is null then
    raise exception using errcode = '22004', message = 'WORKER_REQUIRED: p_worker must name the releasing worker';
  end if;
  if cardinality(p_handlers) is distinct from cardinality(p_event_ids) then
    raise exception using errcode = '22023',
      message = 'ARRAY_LENGTH_MISMATCH: p_handlers and p_event_ids must have the same length';
  end if;
  -- The attempt never ran to an end: it does not count.
  if p_handlers is null and p_event_ids is null then
    update outbox.deliveries d
       set state = case when d.attempts <= 1 then 'pending' else 'failed' end,
           attempts = greatest(d.attempts - 1, 0),
           run_at = now(),
           locked_by = null,
           locked_at = null
     where d.state = 'running'
       and d.locked_by = p_worker;
  else
    update outbox.deliveries d
       set state = case when d.attempts <= 1 then 'pending' else 'failed' end,
           attempts = greatest(d.attempts - 1, 0),
           run_at = now(),
           locked_by = null,
           locked_at = null
      from unnest(p_handlers, p_event_ids) as u(handler, event_id)
     where d.handler = u.handler
       and d.event_id = u.event_id
       and d.state = 'running'
       and d.locked_by = p_worker;
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.release(text, text[], bigint[]) is
  'Gives back deliveries (p_handlers[i], p_event_ids[i]) leased to p_worker without a result, e.g. when the worker stops in the middle of a batch: they are due again at once and the unfinished attempt is not counted. Both arrays NULL = every delivery leased to p_worker (a worker that lost the answer to its claim with its connection). Returns how many. WORKER_REQUIRED (22004), ARRAY_LENGTH_MISMATCH (22023).';

create function outbox.requeue_dead(p_handler text default null, p_event_ids bigint[] default null)
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count integer;
begin
  update outbox.deliveries d
     set state = 'pending', attempts = 0, run_at = now()
   where d.state = 'dead'
     and (p_handler is null or d.handler = p_handler)
     and (p_event_ids is null or d.event_id = any (p_event_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.requeue_dead(text, bigint[]) is
  'Gives dead deliveries a fresh set of attempts, due now (last_error is kept until the next failure). Filters: one handler, some events; both NULL = every dead delivery. Returns how many.';

create function outbox.prune(p_older_than interval default '7 days') returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  v_count bigint;
begin
  if p_older_than is null or p_older_than < interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_AGE: p_older_than must be a non-negative interval';
  end if;
  -- Only events already fanned out (visible in the fan-out cursor's snapshot, id up to its
  -- last one): an event waiting for fan-out still has handlers to run.
  delete from outbox.events e
   using outbox.fanout f
   where e.created_at < now() - p_older_than
     and e.id <= f.last_event_id
     and pg_catalog.pg_visible_in_snapshot(e.txid, f.snapshot)
     and not exists (select from outbox.deliveries d where d.event_id = e.id);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function outbox.prune(interval) is
  'Deletes events older than p_older_than (default 7 days) that have been fanned out and that no delivery refers to any more (handled by every handler; dead ones are kept). Realtime cursors older than that lose those events. INVALID_AGE (22023).';

create view outbox.queue as
  with awaiting as (
    -- Committed events no claim has fanned out yet (see outbox.fanout).
    select e.table_name, e.op, e.created_at
      from outbox.events e, outbox.fanout f
     where e.id > f.last_event_id
    union all
    select e.table_name, e.op, e.created_at
      from outbox.events e, outbox.fanout f
     where e.id <= f.last_event_id
       and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(f.snapshot)))
            or e.txid >= pg_catalog.pg_snapshot_xmax(f.snapshot))
  ), awaiting_per_handler as (
    select h.name as handler, count(*) as n, min(a.created_at) as oldest
      from awaiting a
      join outbox.handlers h on (h.tables is null or a.table_name = any (h.tables)) and a.op = any (h.ops)
     group by h.name
  ), per_handler as (
    select coalesce(h.name, d.handler) as handler,
           count(d.event_id) filter (where d.state = 'pending' and d.run_at <= now()) as pending,
           count(d.event_id) filter (where d.state = 'pending' and d.run_at > now()) as scheduled,
           count(d.event_id) filter (where d.state = 'running' and d.run_at > now()) as in_flight,
           count(d.event_id) filter (where d.state = 'running' and d.run_at <= now()) as lease_expired,
           count(d.event_id) filter (where d.state = 'failed') as failed,
           count(d.event_id) filter (where d.state = 'dead') as dead,
           min(d.created_at) filter (where d.state <> 'dead') as oldest,
           min(d.run_at) filter (where d.state = 'failed') as next_retry_at
      from outbox.handlers h
      full join outbox.deliveries d on d.handler = h.name
     group by 1
  )
  select p.handler,
         p.pending + coalesce(w.n, 0) as pending,
         coalesce(w.n, 0) as awaiting_fanout,
         p.scheduled, p.in_flight, p.lease_expired, p.failed, p.dead,
         now() - least(p.oldest, w.oldest) as oldest_unhandled_age,
         p.next_retry_at
    from per_handler p
    left join awaiting_per_handler w on w.handler = p.handler
   order by 1;
comment on view outbox.queue is
  'The queue per handler (including deliveries left by an unregistered one), for psql: pending (due: pending deliveries plus committed events not yet fanned out, also counted in awaiting_fanout), scheduled (requeued for later), in_flight (leased), lease_expired (worker gone; claimed again next), failed (waiting for a retry), dead, the age of the oldest unhandled delivery and the next retry time.';

-- ---------------------------------------------------------------------------------------
-- Realtime feeds
-- ---------------------------------------------------------------------------------------
-- A cursor is '<pg_snapshot>/<event id>', meaning: "every event visible in that snapshot
-- with an id up to that one has been delivered". The next page is every event outside
-- that set, in id order: new ids, plus events with smaller ids whose transactions were
-- still running at the snapshot (their txid is in its xip list, or at or above its xmax: a
-- transaction may take its id after the event id). Nothing is
-- missed; after a full page a few events may come twice (clients deduplicate by id).

create function outbox.current_cursor() returns text
  language sql
  stable
  set search_path = ''
as $$
  select pg_catalog.pg_current_snapshot()::text || '/' || coalesce(max(e.id), 0)
    from outbox.events e
$$;
comment on function outbox.current_cursor() is
  'The cursor of "now": changes_since(current_cursor()) returns only changes committed after this call (and those still uncommitted during it).';

create function outbox.changes_since(
  p_cursor text,
  p_tables text[] default null,
  p_limit integer default 1000,
  p_user uuid default null
) returns jsonb
  language plpgsql
  stable
  set search_path = ''
  -- A page is milliseconds of work: never worth compiling to machine code (JIT).
  set jit = off
as $$
declare
  v_snap pg_catalog.pg_snapshot;
  v_last bigint := 0;
  v_unknown text[];
  v_result jsonb;
begin
  if p_limit is null or p_limit not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'INVALID_LIMIT: p_limit must be between 1 and 10000';
  end if;
  if p_cursor is not null then
    if p_cursor !~ '^\d+:\d+:[\d,]*/\d+$' then
      raise exception using errcode = '22023', message = 'INVALID_CURSOR: not a cursor from changes_since or current_cursor',
        detail = format('cursor: %s', left(p_cursor, 200));
    end if;
    begin
      v_snap := split_part(p_cursor, '/', 1)::pg_catalog.pg_snapshot;
      v_last := split_part(p_cursor, '/', 2)::bigint;
    exception when others then
      raise exception using errcode = '22023', message = 'INVALID_CURSOR: not a cursor from changes_since or current_cursor',
        detail = format('cursor: %s', left(p_cursor, 200));
    end;
  end if;
  select array_agg(t) into v_unknown
    from unnest(p_tables) t
   where t is null or t not in (select ot.table_name from outbox.tables ot);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_TABLE: the outbox does not record ' || array_to_string(v_unknown, ', ', 'NULL');
  end if;

  -- One statement: the events read and pg_current_snapshot() are the same snapshot.
  with candidates as (
    (select e.*
       from outbox.events e
      where e.id > v_last
        and (p_tables is null or e.table_name = any (p_tables))
        and (p_user is null or e.visible_to_all or e.audience @> array[p_user])
      order by e.id
      limit p_limit)
    union all
    (select e.*
       from outbox.events e
      where v_snap is not null
        and (e.txid = any (array(select pg_catalog.pg_snapshot_xip(v_snap)))
             or e.txid >= pg_catalog.pg_snapshot_xmax(v_snap))
        and e.id <= v_last
        and not pg_catalog.pg_visible_in_snapshot(e.txid, v_snap)
        and (p_tables is null or e.table_name = any (p_tables))
        and (p_user is null or e.visible_to_all or e.audience @> array[p_user])
      order by e.id
      limit p_limit)
  ), page as (
    select * from candidates order by id limit p_limit
  ), summary as (
    select count(*) as n, max(id) as last_id from page
  )
  select jsonb_build_object(
           'events', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', p.id,
                      'table', p.table_name,
                      'eventType', p.op,
                      'recordId', p.record_id,
                      'record', coalesce(p.record, '{}'),
                      'oldRecord', case p.op when 'update' then p.record || p.old_record
                                             when 'delete' then p.old_record end,
                      'changedColumns', case when p.op = 'update'
                                             then (select jsonb_agg(k) from jsonb_object_keys(p.old_record) k) end,
                      'createdAt', p.created_at)
                    order by p.id)
               from page p), '[]'),
           'cursor', pg_catalog.pg_current_snapshot()::text || '/' ||
                     case when s.n = p_limit then s.last_id
                          else greatest(v_last, coalesce(s.last_id, 0)) end,
           'has_more', s.n = p_limit)
    into v_result
    from summary s;
  return v_result;
end
$$;
comment on function outbox.changes_since(text, text[], integer, uuid) is
  'A realtime feed page: {events: [{id, table, eventType, recordId, record, oldRecord, changedColumns, createdAt}], cursor, has_more} — the seed''s RealtimeRecord plus the event id — of the changes after p_cursor (NULL = all retained events; see current_cursor()) to p_tables (NULL = all), optionally only those concerning p_user (named in audience, or visible_to_all), in id order (commit order per row). Never misses a change, even one whose transaction commits after a later one; may repeat an event (deduplicate by id). Call it outside a writing transaction. INVALID_CURSOR, INVALID_TABLE, INVALID_LIMIT (22023).';

-- ---------------------------------------------------------------------------------------
-- What is recorded, and who consumes it
-- ---------------------------------------------------------------------------------------

do $$
begin
  perform outbox.enable_changes(t)
     from unnest(array[
       'public.tasks', 'public.activities', 'public.listings', 'public.properties', 'public.notes',
       'public.notifications', 'public.watchlists', 'public.watchlist_entries', 'public.watchlist_shares'
     ]::regclass[]) as t;

  -- The worker's handlers exist from the start, so changes committed before its first run
  -- are waiting for it.
  perform outbox.register_handler('notifications',
            '{tasks,activities,listings,properties,notes,watchlist_entries,watchlist_shares}',
            '{insert,update}', 5,
            'Turns claims, releases, completions, notes, restores, shares and sightings into public.notifications rows.');
  perform outbox.register_handler('push', '{notifications}', '{insert}', 5,
            'Sends a push payload for each new notification to the configured sink.');
end
$$;

-- ---------------------------------------------------------------------------------------
-- Grants: the worker and the Swift library run as service_role; app roles get nothing.
-- ---------------------------------------------------------------------------------------

revoke all on all functions in schema outbox from public;
grant select on outbox.events, outbox.handlers, outbox.tables, outbox.queue to service_role;
grant select, update on outbox.fanout to service_role;
grant select, insert, update, delete on outbox.deliveries to service_role;
grant delete on outbox.events to service_role;
grant select, insert, update, delete on outbox.handlers to service_role;
grant execute on function
  outbox.register_handler(text, text[], text[], integer, text),
  outbox.unregister_handler(text),
  outbox.claim(text, text[], integer, interval),
  outbox.complete(text[], bigint[]),
  outbox.fail(text, text[], bigint[], text[], boolean[]),
  outbox.release(text, text[], bigint[]),
  outbox.requeue_dead(text, bigint[]),
  outbox.prune(interval),
  outbox.current_cursor(),
  outbox.changes_since(text, text[], integer, uuid),
  outbox.visibility_columns(text)
  to service_role;
