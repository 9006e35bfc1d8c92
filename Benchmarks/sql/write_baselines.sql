-- The baselines of the write benchmarks (WriteTriggerBench.swift), beside public.tasks:
--
--   bench_bare.tasks    the same columns, defaults, checks and indexes, and nothing else: no
--                       trigger, no foreign key, no row-level security (a bare write)
--   bench_before.tasks  the same table with the row triggers it had before the audit, the
--                       outbox and the derived state were written once per statement: a row
--                       trigger per audited, recorded and stamped row, each working out its
--                       audience one row at a time (private.row_audience). Named tasks, like
--                       the real one, because those triggers key their work on the table name.
--
-- The old trigger functions are kept here, as they were, only to measure against.

create schema bench_bare;
create table bench_bare.tasks (like public.tasks including all);

create schema bench_before;
create table bench_before.tasks (like public.tasks including all);
do $$
declare
  c record;
begin
  for c in select conname, pg_get_constraintdef(oid) as def from pg_constraint
            where conrelid = 'public.tasks'::regclass and contype = 'f' loop
    execute format('alter table bench_before.tasks add constraint %I %s', c.conname, c.def);
  end loop;
end
$$;

create function bench_before.log_changes() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    insert into audit.log (table_name, record_pk, action, old_row, new_row)
    values (tg_table_name, new.id, 'UPDATE', pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new));
    return new;
  elsif tg_op = 'INSERT' then
    if not audit.is_restoring(tg_table_name, new.id::text) and auth.uid() is not null
       and exists (select from audit.log l
                    where l.table_name = tg_table_name and l.record_pk = new.id and l.action = 'DELETE') then
      raise exception using errcode = '23505', message = 'ID_TAKEN';
    end if;
    insert into audit.log (table_name, record_pk, action, new_row)
    values (tg_table_name, new.id,
            case when audit.is_restoring(tg_table_name, new.id::text) then 'RESTORE' else 'INSERT' end,
            pg_catalog.to_jsonb(new));
    return new;
  end if;
  insert into audit.log (table_name, record_pk, action, old_row, dependents)
  values (tg_table_name, old.id, 'DELETE', pg_catalog.to_jsonb(old), audit.deleted_dependents(tg_table_name, old.id));
  return old;
end
$$;

create function bench_before.record_change() returns trigger
  language plpgsql security definer set search_path = ''
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
  while not v_moved and i < tg_nargs loop
    v_moved := (v_new -> tg_argv[i]) is distinct from (v_old -> tg_argv[i]);
    i := i + 1;
  end loop;
  v_vis := private.row_audience(tg_table_name, v_new);
  v_audience := v_vis.audience;
  v_visible_to_all := v_vis.visible_to_all;
  if v_moved then
    v_vis := private.row_audience(tg_table_name, v_old);
    v_visible_to_all := v_visible_to_all or v_vis.visible_to_all;
    v_audience := array(select distinct u from unnest(v_audience || v_vis.audience) u order by u);
  end if;
  insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor)
  values (tg_table_name, 'update', (v_new ->> nullif(tg_argv[0], ''))::uuid, v_new,
          coalesce((select pg_catalog.jsonb_object_agg(o.key, o.value)
                      from pg_catalog.jsonb_each(v_old) o
                     where (v_new -> o.key) is distinct from o.value), '{}'),
          coalesce(v_audience, '{}'), coalesce(v_visible_to_all, false), auth.uid());
  return null;
end
$$;

create function bench_before.record_rows() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_key text := nullif(tg_argv[0], '');
  v_actor uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'insert', (r.row ->> v_key)::uuid, r.row, null,
           coalesce(a.audience, '{}'), coalesce(a.visible_to_all, false), v_actor,
           audit.is_restoring(tg_table_name, r.row ->> v_key)
      from (select pg_catalog.to_jsonb(n) as row from new_rows n) r
     cross join lateral private.row_audience(tg_table_name, r.row) a;
  else
    insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
    select tg_table_name, 'delete', (r.row ->> v_key)::uuid, null, r.row,
           coalesce(a.audience, '{}'), coalesce(a.visible_to_all, false), v_actor, false
      from (select pg_catalog.to_jsonb(o) as row from old_rows o) r
     cross join lateral private.row_audience(tg_table_name, r.row) a;
  end if;
  return null;
end
$$;

create trigger _derive_work_item_state before insert or update on bench_before.tasks
  for each row execute function private.derive_work_item_state();
create trigger _guard_listing_attach before insert on bench_before.tasks
  for each row when (new.listing_id is not null) execute function private.guard_listing_move();
create trigger _guard_listing_move before update of listing_id on bench_before.tasks
  for each row when (old.listing_id is distinct from new.listing_id) execute function private.guard_listing_move();
create trigger _stamp_insert before insert on bench_before.tasks for each row execute function private.stamp_row();
create trigger _stamp_update before update on bench_before.tasks
  for each row when (old.* is distinct from new.*) execute function private.stamp_row();
create trigger _sync_deletions after delete on bench_before.tasks referencing old table as old_rows
  for each statement execute function private.record_sync_deletions();
create trigger _sync_moves after update on bench_before.tasks for each row
  when (old.claimed_by is distinct from new.claimed_by or old.completed is distinct from new.completed
        or old.declared_by is distinct from new.declared_by or old.listing_id is distinct from new.listing_id)
  execute function private.record_sync_moves();
create trigger _sync_xid_insert before insert on bench_before.tasks for each row execute function private.stamp_sync_xid();
create trigger _sync_xid_update before update on bench_before.tasks
  for each row when (old.row_version is distinct from new.row_version) execute function private.stamp_sync_xid();
create trigger audit_tasks_insert_delete before insert or delete on bench_before.tasks
  for each row execute function bench_before.log_changes();
create trigger audit_tasks_update before update on bench_before.tasks
  for each row when (old.* is distinct from new.*) execute function bench_before.log_changes();
create trigger delete_children after delete on bench_before.tasks referencing old table as deleted_rows
  for each statement execute function private.delete_work_children('task');
create trigger outbox_delete after delete on bench_before.tasks referencing old table as old_rows
  for each statement execute function bench_before.record_rows('id', 'rules', 'claimed_by', 'completed', 'declared_by', 'listing_id');
create trigger outbox_doorbell after insert or delete or update on bench_before.tasks
  for each statement execute function outbox.ring_doorbell();
create trigger outbox_insert after insert on bench_before.tasks referencing new table as new_rows
  for each statement execute function bench_before.record_rows('id', 'rules', 'claimed_by', 'completed', 'declared_by', 'listing_id');
create trigger outbox_update after update on bench_before.tasks
  for each row when (old.* is distinct from new.*)
  execute function bench_before.record_change('id', 'rules', 'claimed_by', 'completed', 'declared_by', 'listing_id');
create trigger sync_access_claim_delete after delete on bench_before.tasks
  for each row when (old.claimed_by is not null and old.listing_id is not null) execute function private.log_access_change();
create trigger sync_access_claim_insert after insert on bench_before.tasks
  for each row when (new.claimed_by is not null and new.listing_id is not null) execute function private.log_access_change();
create trigger sync_access_claim_update after update of claimed_by, listing_id on bench_before.tasks
  for each row when (old.claimed_by is distinct from new.claimed_by or old.listing_id is distinct from new.listing_id)
  execute function private.log_access_change();
