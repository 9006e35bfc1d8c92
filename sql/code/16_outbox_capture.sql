-- The ring's arithmetic, for outbox.prune: the partition a time falls in. The partition key
-- above spells the same expression out (a function call there would cost every insert).
create or replace function outbox.log_partition(p_at timestamptz) returns integer
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select ((pg_catalog.timezone('UTC', p_at)::date - date '1970-01-01') % 16)::integer
$$;
comment on function outbox.log_partition(timestamptz) is
  'The partition of outbox.events (NN of events_pNN) that holds the events created at p_at: (UTC day - 1970-01-01) % 16, the partition key''s expression.';

-- ---------------------------------------------------------------------------------------
-- Recording changes
-- ---------------------------------------------------------------------------------------

-- The audience of a change comes from the visibility definition (10_visibility.sql): the holders of the
-- row's keys (private.row_audience). On a table whose rules are all plain user columns
-- (notifications: user_id) that is the columns' values themselves, which the triggers read
-- from the row directly ("direct"): the worker writes notifications by the thousand.
--
-- Trigger arguments (outbox.enable_changes): TG_ARGV[0] the uuid key column ('' = none),
-- TG_ARGV[1] 'direct' or 'rules', TG_ARGV[2..] the columns that decide the row's keys
-- (private.visibility_columns): an UPDATE that changes none of them leaves the audience as
-- it was, so the old row's is computed only when one of them changed.

-- One generic row trigger for the updates of every recorded table (inserts and deletes go
-- through the statement trigger below). It runs as the table's writer (an app user under
-- RLS), hence SECURITY DEFINER: nobody but the owner and service_role may touch the outbox
-- directly. Per row it costs one audience lookup (two only when an UPDATE moved
-- the row to other people) and one INSERT (which also works out an update's changed
-- columns); no queue rows: each handler reads the log from its own cursor (17_outbox_queue.sql).
create or replace function outbox.record_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_new jsonb := pg_catalog.to_jsonb(new);
  v_old jsonb := pg_catalog.to_jsonb(old);
  v_vis record;
  v_audience uuid[];
  v_visible_to_all boolean;
  v_moved boolean := false;
  i integer := 2;
begin
  -- Plain expressions, no query: this runs for every updated row.
  while not v_moved and i < tg_nargs loop
    v_moved := (v_new -> tg_argv[i]) is distinct from (v_old -> tg_argv[i]);
    i := i + 1;
  end loop;

  if tg_argv[1] = 'direct' then
    v_audience := array(select distinct u from (select (r ->> c)::uuid as u
                                                  from unnest(tg_argv[2:]) c,
                                                       unnest(case when v_moved then array[v_new, v_old] else array[v_new] end) r) x
                         where u is not null order by u);
    v_visible_to_all := false;
  else
    -- Whoever can see the row after the change, and when the change moved the row to
    -- other people, also who could before.
    v_vis := private.row_audience(tg_table_name, v_new);
    v_audience := v_vis.audience;
    v_visible_to_all := v_vis.visible_to_all;
    if v_moved then
      v_vis := private.row_audience(tg_table_name, v_old);
      v_visible_to_all := v_visible_to_all or v_vis.visible_to_all;
      v_audience := array(select distinct u from unnest(v_audience || v_vis.audience) u order by u);
    end if;
  end if;

  insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor)
  values (
    tg_table_name,
    'update',
    (v_new ->> nullif(tg_argv[0], ''))::uuid,
    v_new,
    -- the changed columns with their old values, computed in this statement
    coalesce((select pg_catalog.jsonb_object_agg(o.key, o.value)
                from pg_catalog.jsonb_each(v_old) o
               where (v_new -> o.key) is distinct from o.value), '{}'),
    coalesce(v_audience, '{}'),
    coalesce(v_visible_to_all, false),
    auth.uid()
  );
  return null;
end
$$;
comment on function outbox.record_change() is
  'AFTER UPDATE row trigger function (attached by outbox.enable_changes, skipping no-op updates): records the change in outbox.events, in the writing transaction, with the changed columns'' old values, its audience (private.row_audience of the new row, and of the old one when a column deciding the keys changed) and its actor (auth.uid()). Arguments: the uuid key column, direct | rules, the columns deciding the keys.';

-- Inserts and deletes are recorded per statement, from its transition table: one set-based
-- INSERT for all the rows a statement wrote, instead of one per row (the worker writes its
-- notifications 500 at a time; a bulk import or a cascade delete is one statement too).
create or replace function outbox.record_rows() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_key text := nullif(tg_argv[0], '');
  v_direct text[] := case when tg_argv[1] = 'direct' then tg_argv[2:] end;
  v_actor uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'insert', (r.row ->> v_key)::uuid, r.row, null,
           coalesce(v.audience, '{}'), coalesce(v.visible_to_all, false), v_actor,
           v_direct is null and audit.is_restoring(tg_table_name, r.row ->> v_key)
      from (select pg_catalog.to_jsonb(n) as row from new_rows n) r
     cross join lateral (select array(select distinct (r.row ->> c)::uuid from unnest(v_direct) c
                                       where r.row ->> c is not null) as audience, false as visible_to_all
                          where v_direct is not null
                         union all
                         select a.audience, a.visible_to_all from private.row_audience(tg_table_name, r.row) a
                          where v_direct is null) v;
  else
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'delete', (r.row ->> v_key)::uuid, null, r.row,
           coalesce(v.audience, '{}'), coalesce(v.visible_to_all, false), v_actor, false
      from (select pg_catalog.to_jsonb(o) as row from old_rows o) r
     cross join lateral (select array(select distinct (r.row ->> c)::uuid from unnest(v_direct) c
                                       where r.row ->> c is not null) as audience, false as visible_to_all
                          where v_direct is not null
                         union all
                         select a.audience, a.visible_to_all from private.row_audience(tg_table_name, r.row) a
                          where v_direct is null) v;
  end if;
  return null;
end
$$;
comment on function outbox.record_rows() is
  'AFTER INSERT / AFTER DELETE statement trigger function with a transition table (new_rows / old_rows), attached by outbox.enable_changes: records every row the statement inserted or deleted in outbox.events in one query, with its audience (private.row_audience, or the user columns of a direct table), the actor (auth.uid()) and, for an insert made by public.restore_entity, restored. Arguments as outbox.record_change.';

-- The doorbell's channel, named once: the trigger below rings it, and every listener (the
-- worker, realtime feeds in Swift) is tested against it.
create or replace function outbox.doorbell_channel() returns text
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select 'dispatch_outbox'::text
$$;
comment on function outbox.doorbell_channel() is
  'The NOTIFY channel of the outbox doorbell (''dispatch_outbox''): LISTEN on it to learn that new events are committed.';

-- The doorbell: once per statement, and NOTIFY folds identical notifications of one
-- transaction into one, so a transaction rings once however many rows it changed. The
-- payload is constant and empty: listeners read the outbox, never the notification.
-- SECURITY DEFINER: it runs as the writer (an app user), who has no access to schema outbox.
create or replace function outbox.ring_doorbell() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify(outbox.doorbell_channel(), '');
  return null;
end
$$;
comment on function outbox.ring_doorbell() is
  'AFTER STATEMENT trigger function: pg_notify(outbox.doorbell_channel(), '''') — the doorbell for workers and realtime listeners. Delivered at commit, at most once per transaction.';

create or replace function outbox.enable_changes(p_table regclass) returns void
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
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_table must not be NULL';
  end if;
  select c.relname into v_name
    from pg_catalog.pg_class c
   where c.oid = p_table and c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace;
  if v_name is null then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: %s is not a table in schema public', p_table),
      hint = 'Events name tables without schema, so only tables of schema public are recorded.';
  end if;
  -- Every change needs its audience: refuse a table the visibility definition does not
  -- know, rather than failing its writes later.
  if not exists (select from private.visibility_rules r where r.table_name = v_name) then
    raise exception using errcode = '22023',
      message = format('INVALID_TABLE: private.visibility_rules do not say who may see %s', p_table),
      hint = 'Say who may see the table''s rows first (visible_to in the table manifest).';
  end if;

  select a.attname into v_key
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped;
  -- Trigger arguments: the key column ('' = none), direct or rules, the columns deciding
  -- the keys.
  select string_agg(quote_literal(x.arg), ', ' order by x.ord)
    into v_args
    from (select coalesce(v_key, '') as arg, 0 as ord
          union all
          select case when bool_and(r.kind = 'user' and r.condition is null) then 'direct' else 'rules' end, 1
            from private.visibility_rules r where r.table_name = v_name
          union all
          select c.col, 1 + c.ord
            from unnest(private.visibility_columns(v_name)) with ordinality as c (col, ord)) x;

  execute format('drop trigger if exists outbox_insert on %s', p_table);
  execute format('drop trigger if exists outbox_delete on %s', p_table);
  execute format('drop trigger if exists outbox_update on %s', p_table);
  execute format('drop trigger if exists outbox_doorbell on %s', p_table);
  -- A transition table serves one event per trigger: inserts and deletes apart.
  execute format(
    'create trigger outbox_insert after insert on %s referencing new table as new_rows '
    'for each statement execute function outbox.record_rows(%s)',
    p_table, v_args);
  execute format(
    'create trigger outbox_delete after delete on %s referencing old table as old_rows '
    'for each statement execute function outbox.record_rows(%s)',
    p_table, v_args);
  -- A no-op UPDATE (nothing changed) records nothing, like the audit triggers.
  execute format(
    'create trigger outbox_update after update on %s '
    'for each row when (%s) execute function outbox.record_change(%s)',
    p_table, private.row_changed_condition(p_table), v_args);
  execute format(
    'create trigger outbox_doorbell after insert or update or delete on %s '
    'for each statement execute function outbox.ring_doorbell()',
    p_table);
end
$$;
comment on function outbox.enable_changes(regclass) is
  'Records every change of the table (schema public, with visibility rules: private.visibility_rules) in the outbox: attaches outbox_insert and outbox_delete (statement triggers with transition tables: one set-based insert per statement), outbox_update (a row trigger skipping no-op updates) and outbox_doorbell, each given the key column and the columns deciding the audience. Idempotent. TRUNCATE is not recorded. NULL_ARGUMENT (22004), INVALID_TABLE (22023).';

create or replace function outbox.disable_changes(p_table regclass) returns void
  language plpgsql
  set search_path = ''
  set client_min_messages = warning
as $$
begin
  execute format('drop trigger if exists outbox_insert on %s', p_table);
  execute format('drop trigger if exists outbox_delete on %s', p_table);
  execute format('drop trigger if exists outbox_update on %s', p_table);
  execute format('drop trigger if exists outbox_doorbell on %s', p_table);
end
$$;
comment on function outbox.disable_changes(regclass) is
  'Stops recording the table''s changes (drops the outbox triggers). Recorded events stay.';

create or replace view outbox.tables as
  select c.relname::text as table_name, c.oid::regclass as relation
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
   where t.tgname = 'outbox_update'
     and t.tgfoid = 'outbox.record_change()'::regprocedure;
comment on view outbox.tables is 'The tables whose changes are recorded (they have the outbox triggers).';


-- ---------------------------------------------------------------------------------------
-- Privileges: the worker and the Swift library run as service_role; app roles get nothing.
-- ---------------------------------------------------------------------------------------

-- Events are written only by the definer triggers (as the owner), so nobody else draws ids;
-- and they leave only by outbox.prune (definer: TRUNCATE), so nobody deletes them.
revoke all on outbox.tables from public, anon, authenticated, service_role;

grant select on outbox.tables to service_role;
revoke all on function outbox.record_change(), outbox.record_rows(),
  outbox.doorbell_channel(), outbox.ring_doorbell(), outbox.enable_changes(regclass), outbox.disable_changes(regclass),
  outbox.log_partition(timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function outbox.doorbell_channel() to service_role;
