-- sync_push: one record written offline, applied whole or answered with a conflict (the
-- per-field merge: sync/merge.sql; many records in one call: sync/push_batch.sql; the
-- per-table statements: sync/statements.sql).

-- A push lands whole or not at all, and its answer says which. Each column of a record is
--   writable  the caller holds INSERT (new row) or UPDATE (existing row) on it: written.
--             The column grants (the tables' migrations) are the one list of what an app may write.
--   derived   decided by the server at every write: its clock (created_at, updated_at, and
--             completed_at, claimed_at, edited_at, which triggers derive from other
--             columns), its version counter (row_version), sync_xid, generated columns. A
--             record carries them because it was pulled; a pushed value is an echo or a
--             device's guess, so it is ignored and the answer carries the server's (only
--             where a grant says so is one written: the times of an item created offline
--             already completed or claimed).
--   locked    any other column: its value must be the server's (for a new row: what the
--             insert stores), or the record is refused with COLUMN_NOT_WRITABLE naming the
--             columns, never answered "applied" with a part dropped. One has a meaning of
--             its own: claimed_by of a task or activity set to the caller is a claim and set
--             to null a release, made by claim_work_item / release_work_item themselves, so
--             that an offline claim is the claim an online one is (atomic, audited, in the
--             outbox, notified).
-- A retried push whose first answer was lost finds its own write (the pushed values, at
-- the version that write produced) and answers "applied" again.

-- A row pushed before its parent: FK_MISSING naming the parent (sync/missing_parent.sql).

-- The apps' records may name a column by a key of their own (the table manifest's aliases:
-- the Dispatch apps call a task's declared_by created_by and its listing_id listing, a
-- listing's owned_by assigned_realtor; docs/app-models.md lists every key). Pushed under
-- either name, they are the same column; named twice, both must say the same. A key aliased
-- to nothing is one records may carry and the server ignores.
create or replace function private.sync_record_columns(p_table text, p_record jsonb) returns jsonb
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_alias record;
begin
  for v_alias in
    select a.key, a.value #>> '{}' as col
      from private.table_manifest m cross join lateral pg_catalog.jsonb_each(m.aliases) a
     where m.table_name = p_table and p_record ? a.key
  loop
    if v_alias.col is null then
      p_record := p_record - v_alias.key;
      continue;
    end if;
    if p_record ? v_alias.col and lower(p_record ->> v_alias.col) is distinct from lower(p_record ->> v_alias.key) then
      raise exception using errcode = '22023',
        message = format('INVALID_RECORD: %s and %s name the same column of %s with different values', v_alias.key, v_alias.col, p_table),
        detail = jsonb_build_object(v_alias.key, p_record -> v_alias.key, v_alias.col, p_record -> v_alias.col)::text;
    end if;
    p_record := (p_record - v_alias.key) || jsonb_build_object(v_alias.col, p_record -> v_alias.key);
  end loop;
  return p_record;
end
$$;
comment on function private.sync_record_columns(text, jsonb) is
  'For sync_push: p_record with the apps'' keys renamed to their columns (the table manifest''s aliases: a task''s or activity''s created_by is declared_by, listing is listing_id; a listing''s assigned_realtor is owned_by), and without the keys aliased to nothing. INVALID_RECORD (22023) when a record names a column under both keys with different values.';
revoke all on function private.sync_record_columns(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function private.sync_record_columns(text, jsonb) to authenticated, service_role;

-- sync_push's INSERT of rows created offline, for the records of p_items (a JSON array) in
-- their order, each with the client's id, writing the columns p_columns (those the records
-- name that the caller may insert): one record for sync_push, all the new rows of a batch
-- that name the same columns for sync_push_batch. Returns (id, written) of the rows inserted;
-- an id already taken inserts nothing.
create or replace function private.sync_push_insert_sql(p_table text, p_columns text[]) returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format(
    'insert into public.%1$I as t (%2$s) select %3$s'
    ' from pg_catalog.jsonb_array_elements($1) with ordinality i (record, n)'
    ' cross join lateral pg_catalog.jsonb_populate_record(null::public.%1$I, i.record) r order by i.n'
    ' on conflict (id) do nothing returning t.id, pg_catalog.to_jsonb(t) as written',
    p_table,
    (select pg_catalog.string_agg(pg_catalog.format('%I', c), ', ') from pg_catalog.unnest(p_columns) c),
    (select pg_catalog.string_agg(pg_catalog.format('r.%I', c), ', ') from pg_catalog.unnest(p_columns) c))
$$;
comment on function private.sync_push_insert_sql(text, text[]) is
  'SQL text of sync_push''s INSERT into p_table of the records of a JSON array ($1), in order, writing the columns p_columns; returns (id, row as jsonb) of the rows inserted (on conflict (id) do nothing). For sync_push (one record) and sync_push_batch (the new rows of a batch that name the same columns).';

-- A new row stores what its record says in every column the caller may not write but names
-- (p_locked): the pushed value must be what the insert stored, or the record is refused
-- (COLUMN_NOT_WRITABLE). The columns where they differ.
create or replace function private.sync_push_refused(p_locked text[], p_pushed jsonb, p_row jsonb) returns text[]
  language sql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
  select coalesce(pg_catalog.array_agg(c), '{}') from pg_catalog.unnest(p_locked) c where p_pushed -> c is distinct from p_row -> c
$$;
comment on function private.sync_push_refused(text[], jsonb, jsonb) is
  'For sync_push and sync_push_batch: the columns of p_locked (named by a new row''s record, not writable by the caller) whose pushed value (p_pushed) differs from what the insert stored (p_row): refused with COLUMN_NOT_WRITABLE.';
revoke all on function private.sync_push_insert_sql(text, text[]), private.sync_push_refused(text[], jsonb, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function private.sync_push_insert_sql(text, text[]), private.sync_push_refused(text[], jsonb, jsonb)
  to authenticated, service_role;

-- sync_push itself, with one more choice for sync_push_batch: p_defer, for a new row or a
-- plain edit (no claim or release, nothing refused, only columns app users may update),
-- answers {status: "deferred", op: insert | update, id, record, columns, ... , answer}
-- instead of writing it (answer: what sync_push answers once it is written, but the record),
-- so that the batch writes all such records in one statement (whose triggers then record the
-- changes once for all, not once per record). Everything else it decides and does as
-- sync_push does.
create or replace function private.sync_push_record(p_table text, p_record jsonb, p_expected_version integer, p_defer boolean)
  returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = pg_catalog, pg_temp
as $$
declare
  -- Larger than the largest record the column limits allow (a 10,000-character text and
  -- its neighbours, even in 4-byte characters).
  c_max_record_bytes constant integer := 65536;
  -- Never written from a record, whatever the caller's grants (the service role's too).
  c_stamps constant text[] := array['id', 'created_at', 'updated_at', 'row_version', 'sync_xid'];
  -- Derived by triggers from other columns (or the parent row); written only where a grant allows.
  c_derived constant text[] := array['completed_at', 'claimed_at', 'claim_expires_at', 'edited_at'];
  c_undo constant text := 'sync_push: undo';
  v_uid uuid := auth.uid();
  v_rel regclass;
  v_id uuid;
  v_is_insert boolean := coalesce(p_expected_version, 0) = 0;
  v_unknown text[];
  v_hidden text[];
  v_writable text[];   -- pushed columns the caller may write
  v_locked text[];     -- pushed columns neither writable nor derived: they must hold the server's value
  v_compared text[];   -- pushed columns that are not derived: what applying the record decides
  v_pushed jsonb;      -- the record's values in their columns' canonical JSON (comparable with a row's)
  -- The item type of a claimable table (the table manifest's claimed_as: tasks are claimed as task).
  v_item_type text := (select m.claimed_as from private.table_manifest m where m.table_name = p_table);
  v_server jsonb;
  v_changed text[] := '{}';
  v_set text[];        -- the changed columns an update writes
  v_refused text[] := '{}';
  v_claim text;        -- 'claim' or 'release', when claimed_by says so
  v_stale boolean := false;
  v_base integer := p_expected_version;  -- the version the write applies to (the current one after a merge)
  v_merge jsonb;       -- per field, what won (private.sync_merge), when the push was merged
  v_may_write boolean; -- the caller may change the row (its UPDATE policy)
  v_version integer;
  v_row jsonb;
  v_reason jsonb;      -- why a conflict, in the refusal's words ({code, message, detail})
  v_written jsonb;     -- the answer for the record written, but the record
begin
  perform private.assert_sync_table(p_table);
  v_rel := format('public.%I', p_table)::regclass;

  if p_record is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_record is required';
  end if;
  if jsonb_typeof(p_record) <> 'object' then
    raise exception using errcode = '22023',
      message = 'INVALID_RECORD: p_record must be a JSON object',
      detail = format('got a JSON %s', jsonb_typeof(p_record));
  end if;
  -- Refused whole before anything is parsed out of it; each column's own limit (TOO_LONG)
  -- holds within this.
  if pg_column_size(p_record) > c_max_record_bytes then
    raise exception using errcode = '22001',
      message = format('TOO_LONG: p_record is %s bytes, more than the %s a record may have', pg_column_size(p_record), c_max_record_bytes),
      detail = jsonb_build_object('column', 'p_record', 'max_length', c_max_record_bytes, 'length', pg_column_size(p_record))::text;
  end if;
  p_record := private.sync_record_columns(p_table, p_record);
  begin
    v_id := (p_record ->> 'id')::uuid;
  exception when invalid_text_representation then
    v_id := null;
  end;
  if v_id is null then
    raise exception using errcode = '22023',
      message = 'INVALID_RECORD: p_record.id must be a UUID',
      detail = format('id = %s', coalesce(p_record ->> 'id', 'missing'));
  end if;
  if p_expected_version < 0 then
    raise exception using errcode = '22023',
      message = 'INVALID_VERSION: p_expected_version must be the row_version last seen, or NULL/0 for a new row',
      detail = format('p_expected_version = %s', p_expected_version);
  end if;

  -- Every key must be a column.
  select array_agg(k order by k) into v_unknown
    from jsonb_object_keys(p_record) k
   where not exists (select from pg_catalog.pg_attribute a
                      where a.attrelid = v_rel and a.attname = k and a.attnum > 0 and not a.attisdropped);
  if v_unknown is not null then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: unknown column(s) for %s: %s', p_table, array_to_string(v_unknown, ', ')),
      detail = 'Known columns: ' || (select string_agg(a.attname, ', ' order by a.attnum) from pg_catalog.pg_attribute a
                                       where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped);
  end if;

  select coalesce(array_agg(a.attname::text), '{}') into v_hidden
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and (a.attname = 'sync_xid' or a.attgenerated <> '');

  select coalesce(array_agg(c.name order by c.attnum) filter (where c.writable), '{}'),
         coalesce(array_agg(c.name order by c.name) filter (where not c.writable and not c.derived), '{}'),
         coalesce(array_agg(c.name order by c.name) filter (where not c.derived), '{}')
    into v_writable, v_locked, v_compared
    from (select a.attnum, a.attname::text as name,
                 a.attgenerated <> '' or a.attname = any (c_stamps || c_derived) as derived,
                 a.attgenerated = '' and (a.attname <> all (c_stamps) or (v_is_insert and a.attname = 'id'))
                   and pg_catalog.has_column_privilege(v_rel, a.attnum, case when v_is_insert then 'INSERT' else 'UPDATE' end)
                   as writable
            from pg_catalog.pg_attribute a
           where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped and p_record ? a.attname) c;

  -- Types: every value must convert to its column's type.
  begin
    execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) r', p_table)
      into v_row using p_record;
  exception when others then
    raise exception using errcode = '22023',
      message = format('INVALID_RECORD: a value does not fit its column in %s', p_table),
      detail = sqlerrm;
  end;
  select jsonb_object_agg(k, v_row -> k) into v_pushed from jsonb_object_keys(p_record) k;
  v_row := null;

  if not v_is_insert then
    -- The row as the caller sees it, and what applying the record would change of it.
    execute format('select private.%I($1) - $2', 'sync_push_row_' || p_table) into v_server using v_id, v_hidden;
    if v_item_type is not null and v_pushed -> 'claimed_by' = to_jsonb(v_uid)
       and not ('claimed_by' = any (v_writable)) then
      v_claim := 'claim';
      -- Lost to another claimer (who may have taken it out of the caller's sight): said as
      -- claim_work_item says it.
      v_reason := private.claim_conflict(v_item_type, v_id);
      if v_reason is not null and (v_server is null or (v_server ->> 'row_version')::integer <> p_expected_version) then
        return jsonb_build_object('status', 'conflict', 'record', v_server) || v_reason;
      end if;
    elsif v_item_type is not null and v_pushed -> 'claimed_by' = 'null'::jsonb and not ('claimed_by' = any (v_writable)) then
      v_claim := 'release';
    end if;
    if v_server is null then
      raise exception using errcode = 'P0002',
        message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
        hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
    end if;
    v_changed := array(select c from unnest(v_compared) c where v_pushed -> c is distinct from v_server -> c);
    if v_claim is not null and not ('claimed_by' = any (v_changed)) then
      v_claim := null;
    end if;
    -- Authorised before anything of the record is compared with the row's history
    -- (private.sync_merge): a change the caller may not write is refused here, whatever it
    -- holds, as its UPDATE would be (the table's UPDATE policy, asked with FOR UPDATE,
    -- which keeps the row for the write). A claim is claim_work_item's to decide: anyone
    -- who sees an open item may claim it, and what else the record changes is written
    -- after it, as the claimer.
    if cardinality(v_changed) > 0 and v_claim is distinct from 'claim' then
      execute format('select private.%I($1)', 'sync_push_lock_' || p_table) into v_may_write using v_id;
      if not v_may_write then
        raise exception using errcode = '42501',
          message = format('NOT_AUTHORIZED: you may read but not change this row of %s', p_table);
      end if;
    end if;
    v_stale := (v_server ->> 'row_version')::integer <> p_expected_version;
    if v_stale then
      -- A retry of a push that was applied: the server row holds its values, at the
      -- version it produced (a claim or release with edits writes twice). In bigint: a
      -- p_expected_version of 2147483647 is a conflict, not an integer overflow.
      if cardinality(v_changed) = 0
         and (v_server ->> 'row_version')::integer between p_expected_version::bigint + 1
             and p_expected_version::bigint + (case when v_item_type is not null and p_record ? 'claimed_by' then 2 else 1 end) then
        return jsonb_build_object('status', 'applied', 'record', v_server);
      end if;
      -- The row moved on since the device's version: merged field by field. What the
      -- server changed and the device did not stays; what the device changed is written;
      -- what both changed goes to the later write (private.sync_merge). Only the device's
      -- winning changes go on, written at the current version: a claim or release among
      -- them is one still, a stale echo of the server's old value is none.
      if v_reason is not null then
        return jsonb_build_object('status', 'conflict', 'record', v_server) || v_reason;
      end if;
      v_merge := private.sync_merge(p_table, v_id, p_expected_version, (v_server ->> 'row_version')::integer, p_record, v_changed);
      if v_merge is null then
        return jsonb_build_object('status', 'conflict', 'record', v_server);
      end if;
      v_changed := array(select c from unnest(v_changed) c where v_merge #>> array[c, 'winner'] = 'push');
      v_base := (v_server ->> 'row_version')::integer;
      if v_claim is not null and not ('claimed_by' = any (v_changed)) then
        v_claim := null;
      end if;
    end if;
    v_refused := array(select c from unnest(v_changed) c
                        where c = any (v_locked) and not (c = 'claimed_by' and v_claim is not null));
    if cardinality(v_changed) = 0 then
      return jsonb_build_object('status', case when v_merge is null then 'applied' else 'merged' end, 'record', v_server)
             || case when v_merge is null then '{}' else jsonb_build_object('fields', v_merge) end;
    end if;
  end if;

  -- The answer once the record is written, but its record (the row as written).
  v_written := jsonb_build_object('status', case when v_merge is null then 'applied' else 'merged' end)
               || case when v_merge is null then '{}' else jsonb_build_object('fields', v_merge) end;
  if p_defer and v_is_insert and 'id' = any (v_writable) then
    return jsonb_build_object('status', 'deferred', 'op', 'insert', 'id', v_id, 'record', p_record,
                              'columns', to_jsonb(v_writable), 'locked', to_jsonb(v_locked), 'pushed', v_pushed,
                              'hidden', to_jsonb(v_hidden), 'answer', v_written);
  elsif p_defer and not v_is_insert and v_claim is null and cardinality(v_refused) = 0 then
    v_set := array(select c from unnest(v_changed) c where c = any (v_writable));
    if not exists (select from unnest(v_set) c where not pg_catalog.has_column_privilege('authenticated', v_rel, c, 'UPDATE')) then
      return jsonb_build_object('status', 'deferred', 'op', 'update', 'id', v_id, 'version', v_base, 'record', p_record,
                                'columns', to_jsonb(v_set), 'hidden', to_jsonb(v_hidden), 'answer', v_written);
    end if;
  end if;

  if cardinality(v_refused) = 0 then
    begin
      if v_is_insert then
        -- A row created offline, inserted with the client's id.
        if not ('id' = any (v_writable)) then
          raise exception using errcode = '42501',
            message = format('NOT_AUTHORIZED: you may not create rows in %s', p_table);
        end if;
        execute format('with i as (%s) select i.written from i', private.sync_push_insert_sql(p_table, v_writable))
          into v_row using jsonb_build_array(p_record);
        if v_row is not null then
          v_refused := private.sync_push_refused(v_locked, v_pushed, v_row);
        end if;
      else
        -- A claim first (then the claimer may edit), a release last (the claimer's edits
        -- go in before it): each step must find the row at the version the previous left.
        v_version := v_base;
        if v_claim = 'claim' then
          v_row := public.claim_work_item(v_item_type, v_id);
          v_version := v_version + 1;
          if (v_row ->> 'row_version')::integer <> v_version then
            raise exception using message = c_undo;
          end if;
        end if;
        v_set := array(select c from unnest(v_changed) c where c = any (v_writable));
        if cardinality(v_set) > 0 then
          if not exists (select from unnest(v_set) c where not pg_catalog.has_column_privilege('authenticated', v_rel, c, 'UPDATE')) then
            -- The columns app users may update: the statement with its plan kept.
            execute format('select private.%I($1, $2, $3, $4)', 'sync_push_update_' || p_table)
              into v_row using p_record, v_set, v_id, v_version;
          else
            execute format(
              'update public.%1$I as t set %2$s from jsonb_populate_record(null::public.%1$I, $1) r
                where t.id = $2 and t.row_version = $3
               returning to_jsonb(t)',
              p_table, (select string_agg(format('%1$I = r.%1$I', c), ', ') from unnest(v_set) c))
              into v_row using p_record, v_id, v_version;
          end if;
          if v_row is null then
            raise exception using message = c_undo;  -- moved on, or not the caller's to change: told apart below
          end if;
          v_version := v_version + 1;
        end if;
        if v_claim = 'release' then
          v_row := public.release_work_item(v_item_type, v_id);
          if (v_row ->> 'row_version')::integer <> v_version + 1 then
            raise exception using message = c_undo;
          end if;
        end if;
      end if;
      if cardinality(v_refused) > 0 then
        raise exception using message = c_undo;
      end if;
    exception
      when raise_exception then
        if sqlerrm <> c_undo then raise; end if;
        v_row := null;
      when object_not_in_prerequisite_state or no_data_found then
        -- A claimer who got there first (and may have taken the item out of the caller's
        -- sight since this push read it): a conflict, in claim_work_item's words.
        v_reason := case when v_claim = 'claim' then private.claim_conflict(v_item_type, v_id) end;
        if v_reason is null then raise; end if;
        v_row := null;
      when insufficient_privilege then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        v_reason := private.sync_missing_parent(p_table, p_record);
        if v_reason is not null then
          raise exception using errcode = '23503',
            message = format('FK_MISSING: a row this %s row references does not exist', p_table),
            detail = v_reason::text,
            hint = format('Push the %s row %s first, then retry this record unchanged.', v_reason ->> 'table', v_reason ->> 'id');
        end if;
        raise exception using errcode = '42501',
          message = format('NOT_AUTHORIZED: you may not write this row of %s', p_table), detail = sqlerrm;
      when foreign_key_violation then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        v_reason := private.sync_missing_parent(p_table, p_record);
        raise exception using errcode = '23503',
          message = format('FK_MISSING: a row this %s row references does not exist', p_table),
          detail = coalesce(v_reason::text, sqlerrm),
          hint = case when v_reason is not null
                      then format('Push the %s row %s first, then retry this record unchanged.', v_reason ->> 'table', v_reason ->> 'id') end;
      when unique_violation then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        raise exception using errcode = '23505',
          message = format('UNIQUE_CONFLICT: a value of this %s row is already taken', p_table), detail = sqlerrm;
      when check_violation or not_null_violation or invalid_text_representation
           or string_data_right_truncation or numeric_value_out_of_range or datetime_field_overflow then
        if sqlerrm ~ '^[A-Z_]+: ' then raise; end if;
        raise exception using errcode = '22023',
          message = format('INVALID_RECORD: the %s row breaks a rule', p_table), detail = sqlerrm;
    end;
  end if;

  if cardinality(v_refused) > 0 then
    raise exception using errcode = '42501',
      message = format('COLUMN_NOT_WRITABLE: you may not change %s of a %s row', array_to_string(v_refused, ', '), p_table),
      detail = jsonb_build_object('table', p_table, 'columns', to_jsonb(v_refused))::text,
      hint = 'Push the server''s value or leave the column out. A task or activity is claimed by setting claimed_by to yourself, released by setting it to null.';
  end if;
  if v_row is not null then
    return v_written || jsonb_build_object('record', v_row - v_hidden);
  end if;

  -- Nothing written: tell why from the row as the caller sees it now.
  execute format('select private.%I($1) - $2', 'sync_push_row_' || p_table) into v_server using v_id, v_hidden;
  if v_server is null and v_reason is not null then
    return jsonb_build_object('status', 'conflict', 'record', null) || v_reason;  -- claimed out of the caller's sight
  elsif v_server is null and v_is_insert then
    raise exception using errcode = '23505',
      message = format('ID_TAKEN: id %s is already used by a row of %s you cannot see', v_id, p_table);
  elsif v_server is null then
    raise exception using errcode = 'P0002',
      message = format('NOT_FOUND: no %s row %s (deleted, or not visible to you)', p_table, v_id),
      hint = 'Drop the local copy, or push it as a new row (p_expected_version NULL) if it should exist.';
  end if;
  if v_is_insert and (v_server ->> 'row_version')::integer = 1
     and not exists (select from unnest(v_compared) c where v_pushed -> c is distinct from v_server -> c) then
    return jsonb_build_object('status', 'applied', 'record', v_server);  -- a retried insert: its own row
  end if;
  if not v_is_insert and v_reason is null and (v_server ->> 'row_version')::integer = v_base then
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: you may read but not change this row of %s', p_table);
  end if;
  return jsonb_build_object('status', 'conflict', 'record', v_server) || coalesce(v_reason, '{}');
end
$$;
comment on function private.sync_push_record(text, jsonb, integer, boolean) is
  'public.sync_push, and with p_defer the same but that a new row or a plain edit (no claim or release, nothing refused, only columns app users may update) is answered {status: "deferred", op: "insert" | "update", id, record, columns, hidden, answer (the answer once written, but its record); version (update); locked, pushed (insert)} instead of written: sync_push_batch writes those in one statement (private.sync_push_updates_<table>, private.sync_push_insert_sql).';
revoke all on function private.sync_push_record(text, jsonb, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function private.sync_push_record(text, jsonb, integer, boolean) to authenticated, service_role;

create or replace function public.sync_push(p_table text, p_record jsonb, p_expected_version integer)
  returns jsonb
  language sql
  volatile
  security invoker
  set search_path = pg_catalog, pg_temp
as $$
  select private.sync_push_record(p_table, p_record, p_expected_version, false)
$$;
comment on function public.sync_push(text, jsonb, integer) is
  'Writes one record of p_table (one of sync_tables()) as the caller (row-level security applies), whole or not at all. With p_expected_version = the row_version last pulled: an update of the columns that differ, if the row is still at that version; with NULL or 0: an insert of a row created offline (its id from the record). Returns {status: "applied", record} (also for a retry of a write already applied: same values, at the version it produced); {status: "merged", record, fields} when the row moved on since p_expected_version and the record was merged into it field by field (private.sync_merge: what only the push changed is written, what only the server changed stays, what both changed goes to the later write by the server''s clock, the user id sorting first within a second; fields says per column what won); or {status: "conflict", record: <server row>} when the id exists or the history a merge needs is gone (server wins; with code ALREADY_CLAIMED, message and detail when someone else claimed the item, record null when that took it out of the caller''s sight). Keys must be columns (a task''s or activity''s created_by and listing name declared_by and listing_id, a listing''s assigned_realtor names owned_by). Columns the caller holds INSERT/UPDATE on are written; server-derived ones (created_at, updated_at, row_version, completed_at, claimed_at, edited_at, sync_xid, generated; and a note''s or subtask''s parent_open, which records no longer carry) are ignored; any other must equal the server''s value, else COLUMN_NOT_WRITABLE (42501, detail {table, columns}). claimed_by of a task or activity set to the caller claims it and set to null releases it, through claim_work_item / release_work_item (their errors: ALREADY_COMPLETED, NOT_CLAIMER). A change of a row the caller may not write is refused before anything is compared, and a merge compares only with a version the caller could read (else: conflict). Errors: INVALID_TABLE, INVALID_RECORD, INVALID_VERSION (22023), NULL_ARGUMENT (22004), TOO_LONG (22001: the record is over 64 KiB, or a value over its column''s limit), NOT_FOUND (P0002), NOT_AUTHORIZED (42501), FK_MISSING (23503), UNIQUE_CONFLICT / ID_TAKEN (23505), QUOTA_EXCEEDED (54000). Nothing is changed on error.';
revoke all on function public.sync_push(text, jsonb, integer) from public, anon, authenticated, service_role;
grant execute on function public.sync_push(text, jsonb, integer) to authenticated, service_role;
