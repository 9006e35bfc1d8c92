-- ---------------------------------------------------------------------------------------
-- Rules (BEFORE triggers, invoker: they see what the caller sees, so a parent the caller
-- cannot see is NOT_FOUND rather than a foreign-key error that would confirm it exists)
-- ---------------------------------------------------------------------------------------

create or replace function private.journal_threads_check() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  new.title := regexp_replace(new.title, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if new.title is null or char_length(new.title) not between 1 and 200 then
    raise exception using errcode = '22023',
      message = 'INVALID_TITLE: a thread title is 1 to 200 characters, not counting surrounding whitespace',
      detail = json_build_object('length', char_length(new.title), 'min', 1, 'max', 200)::text;
  end if;
  return new;
end
$$;
comment on function private.journal_threads_check() is
  'BEFORE INSERT/UPDATE OF title on journal_threads: trims the title and raises INVALID_TITLE (22023) unless it is 1 to 200 characters.';

create or replace function private.journal_entries_check() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  if tg_op = 'INSERT' then
    select t.owner_id into new.owner_id from public.journal_threads t where t.id = new.thread_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
        detail = json_build_object('thread_id', new.thread_id)::text;
    end if;
  end if;
  if tg_op = 'INSERT' or new.content is distinct from old.content then
    if new.content is null or char_length(new.content) > 65536 or new.content !~ '[^[:space:]]' then
      raise exception using errcode = '22023',
        message = 'INVALID_CONTENT: an entry is 1 to 65,536 characters and not only whitespace',
        detail = json_build_object('length', char_length(new.content), 'min', 1, 'max', 65536)::text;
    end if;
  end if;
  -- A device's clock sets entry_timestamp of an entry written offline. Infinity, or a year
  -- no diary has, would sort the entry out of every view and out of the CSV export (whose
  -- time column has no form for it): refused, whoever writes it.
  if tg_op = 'INSERT' or new.entry_timestamp is distinct from old.entry_timestamp then
    if new.entry_timestamp is null or not isfinite(new.entry_timestamp)
       or new.entry_timestamp < timestamptz '1900-01-01 00:00:00+00'
       or new.entry_timestamp > clock_timestamp() + interval '1 day' then
      raise exception using errcode = '22023',
        message = 'INVALID_TIMESTAMP: an entry''s time is from 1900 to one day ahead of the server''s clock',
        detail = json_build_object('entry_timestamp', new.entry_timestamp, 'min', timestamptz '1900-01-01 00:00:00+00',
                                   'max', clock_timestamp() + interval '1 day')::text;
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.last_edited_at := null;
  elsif new.content is distinct from old.content or new.last_edited_at is distinct from old.last_edited_at then
    new.last_edited_at := clock_timestamp();
  end if;
  return new;
end
$$;
comment on function private.journal_entries_check() is
  'BEFORE INSERT/UPDATE on journal_entries: copies owner_id from the thread (NOT_FOUND when the caller cannot see it), raises INVALID_CONTENT (22023) for empty, blank or over-long content and INVALID_TIMESTAMP (22023) for an entry_timestamp that is infinite, before 1900 or over a day ahead of the server clock, and keeps last_edited_at the server''s: NULL on insert, the server clock when the content changes or anyone writes the column.';

create or replace function private.journal_fields_check() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  -- One field change at a time per thread: under this lock the count and the name check
  -- below see every field committed before (each statement of a READ COMMITTED
  -- transaction reads a fresh snapshot).
  select t.owner_id into new.owner_id from public.journal_threads t where t.id = new.thread_id for no key update;
  if not found then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', new.thread_id)::text;
  end if;
  if tg_op = 'UPDATE' and new.is_group <> old.is_group then
    raise exception using errcode = '22023', message = 'INVALID_GROUP: whether a field is a group is fixed when it is created',
      detail = json_build_object('field_id', new.id)::text;
  end if;
  new.name := regexp_replace(new.name, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if new.name is null or char_length(new.name) not between 1 and 50 then
    raise exception using errcode = '22023',
      message = 'INVALID_FIELD_NAME: a field name is 1 to 50 characters, not counting surrounding whitespace',
      detail = json_build_object('length', char_length(new.name), 'min', 1, 'max', 50)::text;
  end if;
  if new.deleted_at is null then
    if exists (select from public.journal_fields f
                where f.thread_id = new.thread_id and f.deleted_at is null and f.id <> new.id
                  and lower(f.name) = lower(new.name)) then
      raise exception using errcode = '23505',
        message = 'FIELD_NAME_TAKEN: the thread already has a live field of this name (case is ignored)',
        detail = json_build_object('thread_id', new.thread_id)::text;
    end if;
    if (tg_op = 'INSERT' or old.deleted_at is not null)
       and (select count(*) from public.journal_fields f
             where f.thread_id = new.thread_id and f.deleted_at is null and f.id <> new.id) >= 20 then
      raise exception using errcode = '55000', message = 'FIELD_LIMIT: a thread has at most 20 live fields',
        detail = json_build_object('thread_id', new.thread_id, 'max', 20)::text;
    end if;
  end if;
  return new;
end
$$;
comment on function private.journal_fields_check() is
  'BEFORE INSERT/UPDATE on journal_fields (not called for a change of sort_order alone): locks the thread row (FOR NO KEY UPDATE) so that concurrent field changes of one thread run one after the other, copies owner_id, trims the name, and raises INVALID_FIELD_NAME, FIELD_NAME_TAKEN (23505), FIELD_LIMIT (55000: 20 live fields), INVALID_GROUP (is_group changed) or NOT_FOUND (thread).';

create or replace function private.journal_field_groups_check() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_parent record;
  v_child record;
  v_reason text;
begin
  select f.thread_id, f.owner_id, f.is_group, f.deleted_at into v_parent
    from public.journal_fields f where f.id = new.parent_field_id;
  select f.thread_id, f.is_group, f.deleted_at into v_child
    from public.journal_fields f where f.id = new.child_field_id;
  if v_parent.thread_id is null or v_child.thread_id is null then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal field',
      detail = json_build_object('field_id', case when v_parent.thread_id is null then new.parent_field_id
                                                  else new.child_field_id end)::text;
  end if;
  -- Group changes of one thread run one after the other (see journal_fields_check).
  perform from public.journal_threads t where t.id = v_parent.thread_id for no key update;
  new.thread_id := v_parent.thread_id;
  new.owner_id := v_parent.owner_id;
  v_reason := case
    when new.parent_field_id = new.child_field_id then 'a field cannot be its own group'
    when not v_parent.is_group then 'the parent field is not a group'
    when v_child.is_group then 'a group cannot be inside another group'
    when v_child.thread_id <> v_parent.thread_id then 'the two fields belong to different threads'
    when v_parent.deleted_at is not null or v_child.deleted_at is not null then 'a deleted field cannot be grouped'
    when exists (select from public.journal_field_groups g where g.child_field_id = new.child_field_id and g.id <> new.id)
      then 'the field is already in a group'
  end;
  if v_reason is not null then
    raise exception using errcode = '22023', message = 'INVALID_GROUP: ' || v_reason,
      detail = json_build_object('parent_field_id', new.parent_field_id, 'child_field_id', new.child_field_id)::text;
  end if;
  return new;
end
$$;
comment on function private.journal_field_groups_check() is
  'BEFORE INSERT/UPDATE on journal_field_groups: copies thread_id and owner_id from the parent and raises INVALID_GROUP (22023) unless the parent is a live group and the child a live non-group field of the same thread that is in no other group; NOT_FOUND for a field the caller cannot see.';

create or replace function private.journal_entry_values_check() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_entry record;
  v_field record;
begin
  if tg_op = 'INSERT' or new.entry_id is distinct from old.entry_id or new.field_id is distinct from old.field_id then
    select e.thread_id, e.owner_id, e.entry_timestamp into v_entry from public.journal_entries e where e.id = new.entry_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
        detail = json_build_object('entry_id', new.entry_id)::text;
    end if;
    select f.thread_id, f.is_group, f.deleted_at into v_field from public.journal_fields f where f.id = new.field_id;
    if not found or v_field.thread_id <> v_entry.thread_id or v_field.is_group or v_field.deleted_at is not null then
      raise exception using errcode = '22023',
        message = 'INVALID_VALUE: a value belongs to a live, non-group field of the entry''s thread',
        detail = json_build_object('field_id', new.field_id)::text;
    end if;
    new.thread_id := v_entry.thread_id;
    new.owner_id := v_entry.owner_id;
    new.entry_timestamp := v_entry.entry_timestamp;
  end if;
  if char_length(new.value) > 4096 then
    raise exception using errcode = '22023', message = 'INVALID_VALUE: a field value is at most 4,096 characters',
      detail = json_build_object('field_id', new.field_id, 'length', char_length(new.value), 'max', 4096)::text;
  end if;
  return new;
end
$$;
comment on function private.journal_entry_values_check() is
  'BEFORE INSERT/UPDATE on journal_entry_values: copies thread_id, owner_id and entry_timestamp from the entry (NOT_FOUND when the caller cannot see it) and raises INVALID_VALUE (22023) for a field that is not a live non-group field of that thread, or a value over 4,096 characters.';

-- On UPDATE each is called only when a column it checks or derives changes: a statement that
-- names a column without changing it (every sync_push names each column the app may write)
-- has nothing to check, and skips the call and its lookups. The check of a field's sort
-- order alone is none (nothing to lock, count or compare).
do $$
declare
  v_rule record;
begin
  for v_rule in
    select * from (values
      ('journal_threads', 'journal_threads_check', array['title']),
      ('journal_entries', 'journal_entries_check', array['content', 'entry_timestamp', 'last_edited_at']),
      ('journal_fields', 'journal_fields_check', array['name', 'deleted_at', 'thread_id', 'is_group']),
      ('journal_field_groups', 'journal_field_groups_check', array['parent_field_id', 'child_field_id', 'thread_id', 'owner_id']),
      ('journal_entry_values', 'journal_entry_values_check', array['entry_id', 'field_id', 'value'])
    ) r (table_name, function_name, columns)
  loop
    perform private.define(pg_catalog.format('create or replace trigger _journal_check_insert before insert on public.%I for each row '
                                             'execute function private.%I()', v_rule.table_name, v_rule.function_name));
    perform private.define(pg_catalog.format('create or replace trigger _journal_check_update before update on public.%I for each row when (%s) '
                                             'execute function private.%I()', v_rule.table_name,
                                             (select pg_catalog.string_agg(pg_catalog.format('old.%1$I is distinct from new.%1$I', c), ' or ')
                                                from pg_catalog.unnest(v_rule.columns) c),
                                             v_rule.function_name));
  end loop;
end
$$;

revoke all on function private.journal_threads_check(), private.journal_entries_check(), private.journal_fields_check(),
  private.journal_field_groups_check(), private.journal_entry_values_check() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Derived data (definer where they write what the caller may not)
-- ---------------------------------------------------------------------------------------

-- A value changed or removed is an edit of its entry. A value added is not by itself: it may
-- be pushed by a device after the entry it was written with (journal_update_entry marks the
-- values it adds; a device marks an offline edit by writing last_edited_at). created_at is
-- the creating transaction's now(): an entry created in this transaction is not edited, and
-- one already marked in it is not marked twice.
create or replace function private.journal_values_mark_edited() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  if tg_op = 'UPDATE' then
    -- The values that changed: old rows count -1 and new ones +1, netted per (id, entry,
    -- value); an unchanged value cancels out (no join pairs old and new rows: see
    -- private.paired_rows_sql). Their entries by id = any (array): index probes, whatever
    -- row count the plan kept for the session was made for.
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id = any (array(select c.entry_id
                               from (select o.id, o.entry_id, o.value, -1 as d from old_rows o
                                     union all
                                     select n.id, n.entry_id, n.value, 1 from new_rows n) c
                              group by c.id, c.entry_id, c.value
                             having sum(c.d) <> 0))
       and e.created_at <> now() and (e.last_edited_at is null or e.last_edited_at < now());
  else
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id in (select o.entry_id from old_rows o)
       and e.created_at <> now() and (e.last_edited_at is null or e.last_edited_at < now());
  end if;
  return null;
end
$$;
comment on function private.journal_values_mark_edited() is
  'AFTER UPDATE/DELETE statement trigger on journal_entry_values: stamps last_edited_at on the entries whose values changed or went, unless the entry was created in this transaction or already stamped by it.';

create or replace trigger journal_mark_edited_update after update on public.journal_entry_values
  referencing new table as new_rows old table as old_rows for each statement execute function private.journal_values_mark_edited();
create or replace trigger journal_mark_edited_delete after delete on public.journal_entry_values
  referencing old table as old_rows for each statement execute function private.journal_values_mark_edited();

-- entry_timestamp is not writable through the API; should an owner of the database change
-- it, the values follow, so that they stay in their entry's place.
create or replace function private.journal_entries_move_values() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  update public.journal_entry_values v set entry_timestamp = new.entry_timestamp where v.entry_id = new.id;
  return null;
end
$$;
comment on function private.journal_entries_move_values() is
  'AFTER UPDATE OF entry_timestamp on journal_entries: copies the new entry_timestamp to the entry''s values.';

create or replace trigger journal_move_values after update of entry_timestamp on public.journal_entries
  for each row when (old.entry_timestamp is distinct from new.entry_timestamp)
  execute function private.journal_entries_move_values();

create or replace function private.journal_create_thread_stats() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  insert into public.journal_thread_stats (thread_id, owner_id) select n.id, n.owner_id from new_rows n;
  return null;
end
$$;
comment on function private.journal_create_thread_stats() is
  'AFTER INSERT statement trigger on journal_threads: an empty journal_thread_stats row per new thread.';

create or replace trigger journal_thread_stats_insert after insert on public.journal_threads
  referencing new table as new_rows for each statement execute function private.journal_create_thread_stats();

-- Inserts only add to the count and can only raise the newest time (greatest() is applied
-- to the row as it stands when the update gets its lock). An update or delete can lower it:
-- the stats rows are locked first, then the newest live entry is looked up (one probe of
-- journal_entries_thread_owner_idx, by thread and owner) in a statement whose snapshot sees
-- every committed entry.
create or replace function private.journal_count_entries() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_threads uuid[];
  v_deltas integer[];
begin
  if tg_op = 'INSERT' then
    update public.journal_thread_stats s
       set live_entries = s.live_entries + d.n, last_entry_at = greatest(s.last_entry_at, d.newest)
      from (select n.thread_id, count(*) as n, max(n.entry_timestamp) as newest
              from new_rows n where n.deleted_at is null group by n.thread_id) d
     where s.thread_id = d.thread_id;
    return null;
  elsif tg_op = 'UPDATE' then
    -- What the stats read of an entry: its thread, time and whether it is live. Old rows
    -- count -1 and new ones +1, netted per those values; a thread with anything left
    -- changed, its live count by the live rows' net (no join pairs old and new rows: see
    -- private.paired_rows_sql).
    select array_agg(d.thread_id order by d.thread_id), array_agg(d.delta order by d.thread_id)
      into v_threads, v_deltas
      from (select c.thread_id, coalesce(sum(c.n) filter (where c.live), 0)::integer as delta
              from (select c.thread_id, c.entry_timestamp, c.live, sum(c.d) as n
                      from (select o.thread_id, o.entry_timestamp, o.deleted_at is null as live, -1 as d from old_rows o
                            union all
                            select n.thread_id, n.entry_timestamp, n.deleted_at is null, 1 from new_rows n) c
                     group by c.thread_id, c.entry_timestamp, c.live
                    having sum(c.d) <> 0) c
             group by c.thread_id) d;
  else
    select array_agg(d.thread_id order by d.thread_id), array_agg(d.delta order by d.thread_id)
      into v_threads, v_deltas
      from (select o.thread_id, -count(*)::integer as delta
              from old_rows o where o.deleted_at is null group by o.thread_id) d;
  end if;
  if v_threads is null then
    return null;
  end if;
  perform from public.journal_thread_stats s where s.thread_id = any (v_threads) order by s.thread_id for update;
  update public.journal_thread_stats s
     set live_entries = s.live_entries + d.delta,
         last_entry_at = (select max(e.entry_timestamp) from public.journal_entries e
                           where e.thread_id = s.thread_id and e.owner_id = s.owner_id and e.deleted_at is null)
    from unnest(v_threads, v_deltas) d (thread_id, delta)
   where s.thread_id = d.thread_id;
  return null;
end
$$;
comment on function private.journal_count_entries() is
  'AFTER INSERT/UPDATE/DELETE statement trigger on journal_entries: keeps journal_thread_stats (live entry count, newest live entry_timestamp) exact under concurrent writers.';

create or replace trigger journal_count_entries_insert after insert on public.journal_entries
  referencing new table as new_rows for each statement execute function private.journal_count_entries();
create or replace trigger journal_count_entries_update after update on public.journal_entries
  referencing new table as new_rows old table as old_rows for each statement execute function private.journal_count_entries();
create or replace trigger journal_count_entries_delete after delete on public.journal_entries
  referencing old table as old_rows for each statement execute function private.journal_count_entries();

-- An entry's values as one row (journal_entry_value_lists), kept after every statement
-- that writes values. Inserted values (a new entry's, the common case) are merged into the
-- entry's row: ON CONFLICT DO UPDATE merges into the row's latest version, waiting for a
-- concurrent writer of the same entry to commit, so two devices adding values at once both
-- land (a value already in the row is replaced: an INSERT ... ON CONFLICT DO UPDATE of
-- values fires the UPDATE rewrite below first, which already holds the inserted values).
-- Updated and deleted values (an edit, a value removed, an entry's or a field's values
-- by cascade, the entry_timestamp the values follow) rewrite the entries' rows from
-- journal_entry_values, after locking them (in entry order) so that the statement that
-- reads the values sees every writer that committed before. Every entry with value rows
-- has its row (NULL values included), so a rewrite always finds a row to lock.
create or replace function private.journal_list_values() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_entries uuid[];
begin
  if tg_op = 'INSERT' then
    insert into public.journal_entry_value_lists as l (entry_id, thread_id, owner_id, entry_timestamp, field_ids, cells)
    select n.entry_id, n.thread_id, n.owner_id, n.entry_timestamp,
           array_agg(n.field_id order by n.field_id), array_agg(n.value order by n.field_id)
      from new_rows n
     group by n.entry_id, n.thread_id, n.owner_id, n.entry_timestamp
    on conflict (entry_id) do update
      set (field_ids, cells) = (select array_agg(u.field_id order by u.field_id), array_agg(u.cell order by u.field_id)
                                  from (select distinct on (u.field_id) u.field_id, u.cell
                                          from unnest(excluded.field_ids || l.field_ids, excluded.cells || l.cells)
                                               with ordinality u (field_id, cell, n)
                                         order by u.field_id, u.n) u);
    return null;
  elsif tg_op = 'UPDATE' then
    select array_agg(distinct c.entry_id) into v_entries
      from (select n.entry_id from new_rows n union all select o.entry_id from old_rows o) c;
  else
    select array_agg(distinct o.entry_id) into v_entries from old_rows o;
  end if;
  perform from public.journal_entry_value_lists l where l.entry_id = any (v_entries) order by l.entry_id for update;
  delete from public.journal_entry_value_lists l
   where l.entry_id = any (v_entries)
     and not exists (select from public.journal_entry_values v where v.entry_id = l.entry_id);
  insert into public.journal_entry_value_lists as l (entry_id, thread_id, owner_id, entry_timestamp, field_ids, cells)
  select v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp,
         array_agg(v.field_id order by v.field_id), array_agg(v.value order by v.field_id)
    from public.journal_entry_values v
   where v.entry_id = any (v_entries)
   group by v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp
  on conflict (entry_id) do update
    set thread_id = excluded.thread_id, owner_id = excluded.owner_id, entry_timestamp = excluded.entry_timestamp,
        field_ids = excluded.field_ids, cells = excluded.cells;
  return null;
end
$$;
comment on function private.journal_list_values() is
  'AFTER INSERT/UPDATE/DELETE statement trigger on journal_entry_values: merges inserted values into their entries'' journal_entry_value_lists rows; after an update or delete, rewrites the rows of the entries concerned from journal_entry_values under a lock of those rows (removed when an entry has no value rows left).';

create or replace trigger journal_list_values_insert after insert on public.journal_entry_values
  referencing new table as new_rows for each statement execute function private.journal_list_values();
create or replace trigger journal_list_values_update after update on public.journal_entry_values
  referencing new table as new_rows old table as old_rows for each statement execute function private.journal_list_values();
create or replace trigger journal_list_values_delete after delete on public.journal_entry_values
  referencing old table as old_rows for each statement execute function private.journal_list_values();

revoke all on function private.journal_values_mark_edited(), private.journal_entries_move_values(),
  private.journal_create_thread_stats(), private.journal_count_entries(),
  private.journal_list_values() from public, anon, authenticated, service_role;
