-- ThreadJournal's API (the tables, their rules, privacy and sync: journal/rules.sql): the RPCs that create
-- a thread, add, edit and delete entries, delete a thread and undo it; the worker's purge of
-- old tombstones; and the CSV export.
-- Each validates its arguments, fails with a coded error and changes nothing then; the
-- rules of the rows themselves are the tables' triggers, so an RPC and a sync_push of the
-- same row get the same codes.

-- ---------------------------------------------------------------------------------------
-- Helpers of the RPCs (invoker, executable by authenticated because the RPCs run as the
-- caller: they read and write with the caller's row-level security, never around it)
-- ---------------------------------------------------------------------------------------

create or replace function private.journal_caller() returns uuid
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('a journal');
begin
  perform private.assert_profile(v_uid);
  return v_uid;
end
$$;
comment on function private.journal_caller() is
  'The caller (auth.uid()); NOT_AUTHENTICATED (42501) when there is none, NOT_FOUND (P0002) when the caller has no profile yet. Journal RPCs serve users only.';

create or replace function private.journal_live_thread(p_thread_id uuid) returns void
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  if not exists (select from public.journal_threads t where t.id = p_thread_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
end
$$;
comment on function private.journal_live_thread(uuid) is
  'Raises unless p_thread_id is a live thread of the caller: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: absent, deleted or another user''s — the same answer, so nothing leaks). Where every journal call that starts from a thread checks it (the RPCs, the export, the thread read of JournalService).';

create or replace function private.journal_entry_json(p_entry public.journal_entries) returns jsonb
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select (to_jsonb(p_entry) - 'sync_xid')
      || jsonb_build_object('values', coalesce((select jsonb_object_agg(v.field_id, v.value)
                                                  from public.journal_entry_values v where v.entry_id = p_entry.id), '{}'))
$$;
comment on function private.journal_entry_json(public.journal_entries) is
  'An entry as the RPCs return it: its columns (not sync_xid) plus "values": {field id: value}.';

-- p_values as rows: each key a field id, each value a string or null (no value).
create or replace function private.journal_values(p_values jsonb) returns table (field_id uuid, value text)
  language plpgsql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_bad text;
begin
  if jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '22023', message = 'INVALID_VALUE: p_values must be a JSON object of field id → text',
      detail = json_build_object('type', jsonb_typeof(p_values))::text;
  end if;
  select e.key into v_bad from jsonb_each(p_values) e
   where e.key !~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
      or jsonb_typeof(e.value) not in ('string', 'null')
   limit 1;
  if found then
    raise exception using errcode = '22023',
      message = 'INVALID_VALUE: each key of p_values is a field id and each value a string (or null: no value)',
      detail = json_build_object('key', left(v_bad, 100))::text;
  end if;
  return query select e.key::uuid, e.value #>> '{}' from jsonb_each(p_values) e;
end
$$;
comment on function private.journal_values(jsonb) is
  'p_values ({field id: text or null}) as rows (field_id, value); INVALID_VALUE (22023) for anything but an object of UUID keys and string/null values. The per-value rules are journal_entry_values_check''s.';

create or replace function private.journal_write_values(p_entry_id uuid, p_values jsonb) returns boolean
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_added boolean;
begin
  if p_values is null then
    return false;
  end if;
  -- The entry's values become exactly the strings given (a null or missing key: none), for
  -- live fields; values of deleted fields are kept for a restore of the field.
  with given as (select * from private.journal_values(p_values)),
  removed as (
    delete from public.journal_entry_values v
     where v.entry_id = p_entry_id
       and not exists (select from given g where g.field_id = v.field_id and g.value is not null)
       and v.field_id in (select f.id from public.journal_fields f where f.deleted_at is null)
  ),
  written as (
    insert into public.journal_entry_values as v (entry_id, field_id, value)
    select p_entry_id, g.field_id, g.value from given g where g.value is not null
    on conflict (entry_id, field_id) do update set value = excluded.value
     where v.value is distinct from excluded.value
    returning v.xmax = 0 as inserted
  )
  select coalesce(bool_or(w.inserted), false) into v_added from written w;
  return v_added;
end
$$;
comment on function private.journal_write_values(uuid, jsonb) is
  'Sets an entry''s values from p_values ({field id: text or null}); NULL p_values changes nothing. Returns whether a value was added (a new row).';

revoke all on function private.journal_caller(), private.journal_live_thread(uuid),
  private.journal_entry_json(public.journal_entries), private.journal_values(jsonb), private.journal_write_values(uuid, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function private.journal_caller(), private.journal_live_thread(uuid),
  private.journal_entry_json(public.journal_entries), private.journal_values(jsonb), private.journal_write_values(uuid, jsonb)
  to authenticated;

-- ---------------------------------------------------------------------------------------
-- RPCs (invoker: row-level security is the authorisation)
-- ---------------------------------------------------------------------------------------

create or replace function public.journal_create_thread(p_title text, p_first_entry text default null, p_id uuid default null)
  returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_thread public.journal_threads;
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_title is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_title is required';
  end if;
  if p_id is not null then
    select t.* into v_thread from public.journal_threads t where t.id = p_id;
  end if;
  if v_thread.id is null then
    insert into public.journal_threads as t (id, title) values (coalesce(p_id, gen_random_uuid()), p_title)
    on conflict (id) do nothing
    returning t.* into v_thread;
    if v_thread.id is null then
      -- A concurrent call with the same id committed first, or the id is another user's.
      select t.* into v_thread from public.journal_threads t where t.id = p_id;
      if v_thread.id is null then
        raise exception using errcode = '23505', message = 'ID_TAKEN: this id is already used by a row you cannot see',
          detail = json_build_object('id', p_id)::text;
      end if;
    elsif p_first_entry is not null then
      insert into public.journal_entries as e (thread_id, content) values (v_thread.id, p_first_entry)
      returning e.* into v_entry;
    end if;
  end if;
  if v_entry.id is null and p_first_entry is not null then
    select e.* into v_entry from public.journal_entries e where e.thread_id = v_thread.id
     order by e.created_at, e.entry_timestamp, e.id limit 1;
  end if;
  return jsonb_build_object('thread', to_jsonb(v_thread) - 'sync_xid',
                            'first_entry', case when v_entry.id is not null then private.journal_entry_json(v_entry) end);
end
$$;
comment on function public.journal_create_thread(text, text, uuid) is
  'Creates a thread (and its first entry when p_first_entry is given), atomically: {thread, first_entry}. With p_id, a retry returns the thread that id already names (and its first entry) instead of creating another. Errors: NOT_AUTHENTICATED (42501), NOT_FOUND (P0002: the caller has no profile), NULL_ARGUMENT (22004), INVALID_TITLE, INVALID_CONTENT (22023), ID_TAKEN (23505: another user''s id). Nothing is changed on error.';

-- One round trip, and inside it as few statements as the work needs: the thread is checked
-- by the entry's own trigger, a retry found by the insert's conflict, and the answer built
-- from the rows just written rather than read back.
create or replace function public.journal_add_entry(p_thread_id uuid, p_content text, p_values jsonb default null,
                                         p_id uuid default null, p_entry_timestamp timestamptz default null)
  returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_entry public.journal_entries;
  v_values jsonb;
begin
  perform private.journal_live_thread(p_thread_id);
  if p_content is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_content is required';
  end if;
  insert into public.journal_entries as e (id, thread_id, content, entry_timestamp)
  values (coalesce(p_id, gen_random_uuid()), p_thread_id, p_content, coalesce(p_entry_timestamp, clock_timestamp()))
  on conflict (id) do nothing
  returning e.* into v_entry;
  if v_entry.id is null then
    -- A retry: the entry that id names, if it is this thread's.
    select e.* into v_entry from public.journal_entries e where e.id = p_id;
    if v_entry.id is null or v_entry.thread_id <> p_thread_id then
      raise exception using errcode = '23505', message = 'ID_TAKEN: this id is already used by another entry',
        detail = json_build_object('id', p_id)::text;
    end if;
    return private.journal_entry_json(v_entry);
  end if;
  with written as (
    insert into public.journal_entry_values as v (entry_id, field_id, value)
    select v_entry.id, g.field_id, g.value from private.journal_values(coalesce(p_values, '{}')) g where g.value is not null
    returning v.field_id, v.value
  )
  select coalesce(jsonb_object_agg(w.field_id, w.value), '{}') into v_values from written w;
  return (to_jsonb(v_entry) - 'sync_xid') || jsonb_build_object('values', v_values);
end
$$;
comment on function public.journal_add_entry(uuid, text, jsonb, uuid, timestamptz) is
  'Adds an entry to a live thread, with p_values ({field id: text}) and, for an entry written offline, the device''s p_entry_timestamp (default: now). Returns the entry with "values". With p_id, a retry returns the entry that id already names. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no such live thread of yours), INVALID_CONTENT, INVALID_VALUE (22023), ID_TAKEN (23505). Nothing is changed on error.';

create or replace function public.journal_update_entry(p_entry_id uuid, p_content text, p_values jsonb default null)
  returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_entry_id is null or p_content is null then
    raise exception using errcode = '22004',
      message = format('NULL_ARGUMENT: %s is required', case when p_entry_id is null then 'p_entry_id' else 'p_content' end);
  end if;
  if not exists (select from public.journal_entries e join public.journal_threads t on t.id = e.thread_id
                  where e.id = p_entry_id and e.deleted_at is null and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
      detail = json_build_object('entry_id', p_entry_id)::text;
  end if;
  update public.journal_entries e set content = p_content where e.id = p_entry_id and e.content is distinct from p_content;
  if private.journal_write_values(p_entry_id, p_values) then
    -- An added value is an edit too (the server's clock replaces what is written here).
    update public.journal_entries e set last_edited_at = clock_timestamp()
     where e.id = p_entry_id and (e.last_edited_at is null or e.last_edited_at < now());
  end if;
  select e.* into v_entry from public.journal_entries e where e.id = p_entry_id;
  return private.journal_entry_json(v_entry);
end
$$;
comment on function public.journal_update_entry(uuid, text, jsonb) is
  'Replaces a live entry''s content and, when p_values is not NULL, its values (the entry keeps exactly the strings given). A real change stamps last_edited_at; the same content and values change nothing. Returns the entry with "values". Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (deleted, in a deleted thread, or not yours), INVALID_CONTENT, INVALID_VALUE. Nothing is changed on error.';

create or replace function public.journal_delete_entry(p_entry_id uuid) returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_entry public.journal_entries;
begin
  perform private.journal_caller();
  if p_entry_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_entry_id is required';
  end if;
  if not exists (select from public.journal_entries e join public.journal_threads t on t.id = e.thread_id
                  where e.id = p_entry_id and t.deleted_at is null) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal entry',
      detail = json_build_object('entry_id', p_entry_id)::text;
  end if;
  update public.journal_entries e set deleted_at = clock_timestamp() where e.id = p_entry_id and e.deleted_at is null;
  select e.* into v_entry from public.journal_entries e where e.id = p_entry_id;
  return private.journal_entry_json(v_entry);
end
$$;
comment on function public.journal_delete_entry(uuid) is
  'Soft-deletes an entry (deleted_at, server clock); deleting it again returns it unchanged. Returns the entry. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND (P0002: absent, in a deleted thread, or not yours).';

create or replace function private.journal_set_thread_deleted(p_thread_id uuid, p_deleted boolean) returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_thread public.journal_threads;
begin
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  update public.journal_threads t set deleted_at = case when p_deleted then clock_timestamp() end
   where t.id = p_thread_id and (t.deleted_at is null) = p_deleted;
  select t.* into v_thread from public.journal_threads t where t.id = p_thread_id;
  if v_thread.id is null then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
  return to_jsonb(v_thread) - 'sync_xid';
end
$$;
comment on function private.journal_set_thread_deleted(uuid, boolean) is
  'journal_delete_thread (p_deleted) and journal_restore_thread: sets or clears the thread''s tombstone unless it already is so, and returns the thread.';
revoke all on function private.journal_set_thread_deleted(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function private.journal_set_thread_deleted(uuid, boolean) to authenticated;

create or replace function public.journal_delete_thread(p_thread_id uuid) returns jsonb
  language sql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
  select private.journal_set_thread_deleted(p_thread_id, true)
$$;
comment on function public.journal_delete_thread(uuid) is
  'Soft-deletes a thread (deleted_at): it and its entries leave every list and the export; its entries keep their own state for journal_restore_thread. Deleting again returns it unchanged. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

create or replace function public.journal_restore_thread(p_thread_id uuid) returns jsonb
  language sql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
  select private.journal_set_thread_deleted(p_thread_id, false)
$$;
comment on function public.journal_restore_thread(uuid) is
  'The undo of journal_delete_thread: clears deleted_at, so the thread (a new row_version) and its entries come back, also on devices that already pulled the tombstone (the next sync_pull delivers the thread as a record). Works until purge_journal_tombstones removes the thread (30 days). Restoring a live thread returns it unchanged. Errors: NOT_AUTHENTICATED, NULL_ARGUMENT, NOT_FOUND.';

revoke all on function public.journal_create_thread(text, text, uuid),
  public.journal_add_entry(uuid, text, jsonb, uuid, timestamptz), public.journal_update_entry(uuid, text, jsonb),
  public.journal_delete_entry(uuid), public.journal_delete_thread(uuid), public.journal_restore_thread(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.journal_create_thread(text, text, uuid),
  public.journal_add_entry(uuid, text, jsonb, uuid, timestamptz), public.journal_update_entry(uuid, text, jsonb),
  public.journal_delete_entry(uuid), public.journal_delete_thread(uuid), public.journal_restore_thread(uuid)
  to authenticated;

-- ---------------------------------------------------------------------------------------
-- Tombstone purge (run by the worker on a schedule)
-- ---------------------------------------------------------------------------------------

create or replace function public.purge_journal_tombstones(p_older_than interval default '30 days') returns integer
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_cutoff timestamptz;
  v_entries integer;
  v_fields integer;
  v_threads integer;
begin
  if p_older_than is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_older_than must not be NULL';
  end if;
  if p_older_than < interval '0' then
    raise exception using errcode = '22023', message = 'INVALID_INTERVAL: p_older_than must not be negative',
      detail = json_build_object('p_older_than', p_older_than::text)::text;
  end if;
  v_cutoff := now() - p_older_than;
  -- Children first, so each count is that table's own tombstones.
  delete from public.journal_entries where deleted_at < v_cutoff;
  get diagnostics v_entries = row_count;
  delete from public.journal_fields where deleted_at < v_cutoff;
  get diagnostics v_fields = row_count;
  delete from public.journal_threads where deleted_at < v_cutoff;
  get diagnostics v_threads = row_count;
  return v_entries + v_fields + v_threads;
end
$$;
comment on function public.purge_journal_tombstones(interval) is
  'Hard-deletes journal entries, fields and threads (with everything in them) whose deleted_at is older than p_older_than (default 30 days: the end of the undo); the deletions reach devices through sync_deletions. Returns the number of tombstones purged. SECURITY DEFINER: service_role, which runs it on the worker''s schedule, has no privilege on the journal tables. service_role only.';
revoke all on function public.purge_journal_tombstones(interval) from public, anon, authenticated, service_role;
grant execute on function public.purge_journal_tombstones(interval) to service_role;
