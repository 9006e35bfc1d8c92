-- Quotas: how much one user may put before every other user (private.quotas, migration
-- 0073_quotas: the limits, one row each, beside private.notification_limits). Each is
-- checked where the write or the call happens, whatever its path (an API layer, sync_push,
-- psql), and over it the statement fails with one coded error, QUOTA_EXCEEDED (54000,
-- DETAIL {quota, limit, period, ...}), so that nothing it wrote stays:
--   open_items_per_user        rows a user makes visible to every user (a task or activity
--                              created open, released, reopened), per period: each is in
--                              every user's next pull (the _quota_open_items_* triggers)
--   notes_per_author_per_item  notes one author has on one item (_quota_notes_insert)
--   row_bytes                  a row of a table other users see, as a pull delivers it
--                              (_quota_row_bytes_*)
--   poll_tables                table names one sync_poll names (sync/poll.sql)
-- Writes without a calling user (the worker, migrations, the service without a user's
-- claims) spend no windowed quota: they are the system's.

create or replace function private.quota_value(p_name text) returns integer
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_value integer;
begin
  select q.value into v_value from private.quotas q where q.name = p_name;
  if v_value is null then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: no quota %L', p_name);
  end if;
  return v_value;
end
$$;
comment on function private.quota_value(text) is
  'The value of quota p_name (private.quotas). INVALID_ARGUMENT (22023) for a name that is none.';

create or replace function private.quota_exceeded(p_name text, p_message text, p_detail jsonb) returns void
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_quota private.quotas;
begin
  select q.* into v_quota from private.quotas q where q.name = p_name;
  raise exception using errcode = '54000',
    message = pg_catalog.format('QUOTA_EXCEEDED: %s (quota %s: %s%s)', p_message, p_name, v_quota.value,
                                coalesce(' per ' || v_quota.period::text, '')),
    detail = (pg_catalog.jsonb_build_object('quota', p_name, 'limit', v_quota.value, 'period', v_quota.period::text)
              || coalesce(p_detail, '{}'))::text,
    hint = v_quota.description;
end
$$;
comment on function private.quota_exceeded(text, text, jsonb) is
  'Raises QUOTA_EXCEEDED (54000) for quota p_name: the message says p_message and the quota; DETAIL is JSON {quota, limit, period (NULL: none)} with p_detail''s keys; HINT the quota''s description. The one error of every quota.';

-- A quota with a period: p_amount more of it for p_user in the current window (one counter
-- row per user and quota, locked until the writing transaction ends: a rolled-back write
-- gives its use back, and concurrent writes of one user queue on it).
create or replace function private.spend_quota(p_name text, p_user uuid, p_amount integer) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_quota private.quotas;
  v_used integer;
begin
  if p_user is null or coalesce(p_amount, 0) <= 0 then
    return;
  end if;
  select q.* into v_quota from private.quotas q where q.name = p_name;
  if v_quota.period is null then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: quota %L has no period', p_name);
  end if;
  insert into private.quota_usage as u (name, user_id, window_start, used)
  values (p_name, p_user, pg_catalog.now(), p_amount)
  on conflict on constraint quota_usage_pkey do update
     set window_start = case when u.window_start <= pg_catalog.now() - v_quota.period then pg_catalog.now() else u.window_start end,
         used = case when u.window_start <= pg_catalog.now() - v_quota.period then excluded.used else u.used + excluded.used end
  returning u.used into v_used;
  if v_used > v_quota.value then
    perform private.quota_exceeded(p_name, pg_catalog.format('%s more would make %s this period', p_amount, v_used),
                                   pg_catalog.jsonb_build_object('used', v_used - p_amount, 'asked', p_amount));
  end if;
end
$$;
comment on function private.spend_quota(text, uuid, integer) is
  'Counts p_amount of quota p_name (one with a period) against user p_user in the current window (private.quota_usage; a window older than the period starts again) and raises QUOTA_EXCEEDED when that passes the quota''s value: the statement that spent it fails and nothing of it stays. A NULL user (the system''s writes) spends nothing.';

-- Notes per author per item: counted after the insert, on the author's notes of each item
-- the statement wrote to (an index range of at most the quota). On a task or activity the
-- writers of its notes already queue on its row of private.child_parents (whose trigger
-- fires first), so two concurrent inserts cannot both pass the last place.
create or replace function private.check_notes_quota() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_limit integer := private.quota_value('notes_per_author_per_item');
  v_over record;
begin
  select g.parent_type, g.parent_id, g.created_by, c.n into v_over
    from (select distinct n.parent_type, n.parent_id, n.created_by from new_rows n) g
   cross join lateral (select count(*) as n
                         from (select from public.notes x
                                where x.parent_type = g.parent_type and x.parent_id = g.parent_id and x.created_by = g.created_by
                                limit v_limit + 1) x) c
   where c.n > v_limit
   limit 1;
  if found then
    perform private.quota_exceeded('notes_per_author_per_item',
      pg_catalog.format('user %s would have more than %s notes on %s %s', v_over.created_by, v_limit, v_over.parent_type, v_over.parent_id),
      pg_catalog.jsonb_build_object('parent_type', v_over.parent_type, 'parent_id', v_over.parent_id, 'created_by', v_over.created_by));
  end if;
  return null;
end
$$;
comment on function private.check_notes_quota() is
  'AFTER INSERT statement trigger function of notes (transition table new_rows): QUOTA_EXCEEDED when an author now has more than notes_per_author_per_item notes on one task, activity or listing.';

create or replace trigger _quota_notes_insert after insert on public.notes
  referencing new table as new_rows for each statement execute function private.check_notes_quota();

-- Per table, from the table manifest: the open-items quota on the tables with an everyone
-- rule users write (tasks, activities: not reference data, whose rule is "true"), the row
-- bytes on the synced tables other users see (admin_sees: not the journals, private to
-- their owner). Static statements per table in one dispatch function, attached by
-- statement triggers.
create or replace function private.generate_quota_checks() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_branches text[] := '{}';
  v_table record;
  v_trigger record;
begin
  -- Open items: rows inserted open (per statement); a row an update made open (a row
  -- trigger whose WHEN clause compares the everyone rule on the old and the new row).
  for v_table in
    select r.table_name, r.condition from private.visibility_rules r
     where r.kind = 'everyone' and r.condition <> 'true' order by r.table_name
  loop
    v_branches := v_branches || array[
      [v_table.table_name || ' open insert', pg_catalog.format(
        'perform private.spend_quota(''open_items_per_user'', auth.uid(), (select count(*)::integer from new_rows it where %s));',
        v_table.condition)],
      [v_table.table_name || ' open update', 'perform private.spend_quota(''open_items_per_user'', auth.uid(), 1);']];
  end loop;

  -- Row bytes: a row's JSON is at most 6 bytes per byte of its text (a control character
  -- written \u0001) plus its other columns; only rows whose text could pass the quota so
  -- are written out as JSON and measured, the common row costs a few additions. A CASE,
  -- not AND: the planner orders the conditions of an AND by their estimated cost, which
  -- rates to_json(row) below the additions, and wrote every row of a bulk write out as JSON.
  for v_table in
    select m.table_name,
           pg_catalog.string_agg(pg_catalog.format('coalesce(pg_catalog.octet_length(it.%I::text), 0)', a.attname), ' + '
                                 order by a.attnum) filter (where t.typcategory = 'S' or t.typname in ('json', 'jsonb')) as text_bytes,
           count(*) as columns
      from private.table_manifest m
      join private.visibility_tables v on v.table_name = m.table_name and v.admin_sees
      join pg_catalog.pg_attribute a on a.attrelid = pg_catalog.format('public.%I', m.table_name)::regclass
                                     and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
     where m.synced
     group by m.table_name, m.ordinal
     order by m.ordinal
  loop
    v_branches := v_branches || array[[v_table.table_name || ' bytes', pg_catalog.format(
      $s$select it.id, pg_catalog.octet_length(pg_catalog.to_json(it)::text) as bytes into v_row
           from new_rows it
          where case when 6 * (%1$s) + %2$s > v_limit then pg_catalog.octet_length(pg_catalog.to_json(it)::text) > v_limit end
          limit 1;
        if found then
          perform private.quota_exceeded('row_bytes', pg_catalog.format('a row of %3$s is %%s bytes as JSON', v_row.bytes),
                                         pg_catalog.jsonb_build_object('table', %3$L, 'id', v_row.id, 'bytes', v_row.bytes));
        end if;$s$,
      coalesce(v_table.text_bytes, '0'), 96 * v_table.columns, v_table.table_name)]];
  end loop;

  perform private.create_table_dispatch(
    'private.check_quotas', '', 'trigger', 'security definer',
    'tg_table_name || '' '' || tg_argv[0]',
    case when pg_catalog.cardinality(v_branches) > 0 then v_branches end,
    '%s has no quota checks',
    'AFTER INSERT / UPDATE trigger function (argument: open insert, open update or bytes; per statement but for the update of a row made open) of the tables with quotas (private.generate_quota_checks): spends open_items_per_user for the rows made open to every user, and raises QUOTA_EXCEEDED for a row over row_bytes as JSON. SECURITY DEFINER: the quotas and their use are nobody''s to read or write.',
    p_declare => 'v_limit integer := private.quota_value(''row_bytes''); v_row record;');

  -- The triggers: dropped where a table no longer has the check, (re)created where it does.
  for v_trigger in
    select t.tgname, t.tgrelid::regclass as rel, c.relname::text as table_name
      from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
     where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
       and (t.tgname like '\_quota\_open\_items\_%' or t.tgname like '\_quota\_row\_bytes\_%')
  loop
    if not exists (select from pg_catalog.generate_subscripts(v_branches, 1) i
                    where v_branches[i][1] like v_trigger.table_name || case when v_trigger.tgname like '%open%' then ' open %' else ' bytes' end) then
      perform private.define(pg_catalog.format('drop trigger if exists %I on %s', v_trigger.tgname, v_trigger.rel));
    end if;
  end loop;
  for v_table in select r.table_name, r.condition from private.visibility_rules r where r.kind = 'everyone' and r.condition <> 'true' loop
    perform private.define(pg_catalog.format('create or replace trigger _quota_open_items_insert after insert on public.%I '
                              'referencing new table as new_rows for each statement execute function private.check_quotas(''open insert'')',
                              v_table.table_name));
    perform private.define(pg_catalog.format('create or replace trigger _quota_open_items_update after %s on public.%I for each row '
                              'when (coalesce(%s, false) and not coalesce(%s, false)) execute function private.check_quotas(''open update'')',
                              private.update_of_sql(v_table.table_name, private.condition_columns(v_table.condition)),
                              v_table.table_name, private.visibility_condition(v_table.condition, 'new'),
                              private.visibility_condition(v_table.condition, 'old')));
  end loop;
  for v_table in
    select m.table_name from private.table_manifest m join private.visibility_tables v on v.table_name = m.table_name and v.admin_sees
     where m.synced
  loop
    perform private.define(pg_catalog.format('create or replace trigger _quota_row_bytes_insert after insert on public.%I '
                              'referencing new table as new_rows for each statement execute function private.check_quotas(''bytes'')',
                              v_table.table_name));
    perform private.define(pg_catalog.format('create or replace trigger _quota_row_bytes_update after update on public.%I '
                              'referencing new table as new_rows for each statement execute function private.check_quotas(''bytes'')',
                              v_table.table_name));
  end loop;
end
$$;
comment on function private.generate_quota_checks() is
  '(Re)creates private.check_quotas from the table manifest (open items: the tables with an everyone rule other than "true"; row bytes: the synced tables admins see, i.e. other users may) and attaches its statement triggers _quota_open_items_insert / _update and _quota_row_bytes_insert / _update, dropping those of tables that no longer have the check. Run by private.apply_manifest.';

revoke all on function private.quota_value(text), private.quota_exceeded(text, text, jsonb),
  private.spend_quota(text, uuid, integer), private.check_notes_quota(), private.generate_quota_checks()
  from public, anon, authenticated, service_role;
