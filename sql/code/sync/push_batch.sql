-- sync_push_batch: a device's pending writes in one round trip (each as sync/push.sql pushes it).

-- A reconnecting device sends its pending writes in one round trip. Each record is pushed
-- as sync_push pushes it, in a subtransaction of its own, so one refused record undoes
-- nothing of the others, and its answer is the one a single push would have given (a coded
-- error becomes {status: "rejected", code, sqlstate, message, detail, hint}). An error that
-- is not about the record (no code: a lost lock, a server fault) fails the whole batch, which
-- the client retries as it is: what was applied answers "applied" again.
-- The plain edits and new rows among them (private.sync_push_record's "deferred": no claim
-- or release, an id no other record of the batch names) are written together once all
-- records are decided: the edits in one UPDATE (private.sync_push_updates_<table>), the new
-- rows in one INSERT per set of columns their records name (private.sync_push_insert_sql). Their
-- triggers then record the changes once for the batch instead of once per record, which cost
-- more than the writes themselves. Records of distinct rows do not depend on each other's
-- order. A record such a statement did not write (its row moved on meanwhile, the caller may
-- not change it, its id is taken), and all of a statement's if it fails (a rule one row
-- breaks) or stored a column otherwise than its record says, are pushed again one by one, as
-- sync_push, for their own answers.
create or replace function public.sync_push_batch(p_table text, p_records jsonb) returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = pg_catalog, pg_temp
as $$
declare
  -- About a minute of a mobile network's round trips in one call, and a few seconds of work.
  c_max_records constant integer := 1000;
  v_problem text;
  v_items jsonb[];
  v_single boolean[];  -- per record: no other record of the batch names its id
  v_results jsonb[];
  v_todo integer[];
  v_deferred integer[] := '{}';  -- the edits to write together: their indexes
  v_intents jsonb[] := '{}';     -- and their deferred answers
  v_written jsonb;               -- {id: row} of those the one UPDATE (and the INSERTs) wrote
  v_columns jsonb;               -- the columns a group of new rows names
  v_inserted jsonb;              -- {id: row} of the rows one INSERT wrote
  v_round integer;
  v_i integer;
  v_answer jsonb;
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  perform private.assert_sync_table(p_table);
  if p_records is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_records is required';
  end if;
  if jsonb_typeof(p_records) <> 'array' then
    v_problem := format('p_records is a JSON %s, not an array', jsonb_typeof(p_records));
  elsif jsonb_array_length(p_records) > c_max_records then
    raise exception using errcode = '22023',
      message = format('INVALID_BATCH: %s records, more than the %s a batch may have', jsonb_array_length(p_records), c_max_records),
      detail = jsonb_build_object('max', c_max_records, 'length', jsonb_array_length(p_records))::text,
      hint = 'Push the records in batches of at most that many.';
  else
    select format('item %s is not {"record": {...}, "expected_version": integer or null}', i.n - 1)
      into v_problem
      from jsonb_array_elements(p_records) with ordinality i(item, n)
     where jsonb_typeof(i.item) <> 'object'
        or exists (select from jsonb_object_keys(i.item) k where k not in ('record', 'expected_version'))
        or not i.item ? 'record'
        or coalesce(jsonb_typeof(i.item -> 'expected_version'), 'null') not in ('number', 'null')
        or (jsonb_typeof(i.item -> 'expected_version') = 'number' and i.item ->> 'expected_version' !~ '^[0-9]{1,9}$')
     order by i.n
     limit 1;
  end if;
  if v_problem is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_BATCH: p_records must be an array of {"record": {...}, "expected_version": integer or null}',
      detail = v_problem;
  end if;

  select coalesce(array_agg(x.item order by x.n), '{}'), coalesce(array_agg(x.single order by x.n), '{}')
    into v_items, v_single
    from (select i.n, i.item, pg_catalog.count(*) over (partition by pg_catalog.lower(i.item -> 'record' ->> 'id')) = 1 as single
            from jsonb_array_elements(p_records) with ordinality i(item, n)) x;
  v_results := array_fill(null::jsonb, array[cardinality(v_items)]);
  v_todo := array(select pg_catalog.generate_series(1, cardinality(v_items)));
  -- Round 1: every record, the plain edits and new rows deferred; round 2: the deferred ones
  -- not written.
  for v_round in 1..2 loop
    foreach v_i in array v_todo loop
      begin
        v_answer := private.sync_push_record(p_table, v_items[v_i] -> 'record', (v_items[v_i] ->> 'expected_version')::integer,
                                             v_round = 1 and v_single[v_i]);
        if v_answer ->> 'status' = 'deferred' then
          v_deferred := v_deferred || v_i;
          v_intents := v_intents || v_answer;
        else
          v_results[v_i] := v_answer;
        end if;
      exception when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text,
                                v_detail = pg_exception_detail, v_hint = pg_exception_hint;
        if v_message !~ '^[A-Z][A-Z0-9_]*: ' then
          raise;
        end if;
        v_results[v_i] := jsonb_strip_nulls(jsonb_build_object(
          'status', 'rejected', 'code', substring(v_message from '^([A-Z][A-Z0-9_]*): '), 'sqlstate', v_state,
          'message', v_message, 'detail', private.error_detail(v_detail), 'hint', nullif(v_hint, '')));
      end;
    end loop;
    exit when cardinality(v_deferred) = 0;
    v_written := '{}';
    begin
      if exists (select from unnest(v_intents) d where d ->> 'op' = 'update') then
        execute format('select coalesce(jsonb_object_agg(w.written_id, w.written), ''{}'') from private.%I($1) w',
                       'sync_push_updates_' || p_table)
          into v_written
          using (select jsonb_agg(jsonb_build_object('id', d ->> 'id', 'version', d -> 'version', 'record', d -> 'record',
                                                     'columns', d -> 'columns'))
                   from unnest(v_intents) d where d ->> 'op' = 'update');
      end if;
    exception when others then
      v_written := '{}';  -- each pushed again below, for its own answer
    end;
    -- The new rows, one INSERT per set of columns named (a device's records name the same).
    for v_columns in select distinct d -> 'columns' from unnest(v_intents) d where d ->> 'op' = 'insert' loop
      begin
        execute format('with i as (%s) select coalesce(jsonb_object_agg(i.id, i.written), ''{}'') from i',
                       private.sync_push_insert_sql(p_table, array(select jsonb_array_elements_text(v_columns))))
          into v_inserted
          using (select jsonb_agg(d -> 'record' order by n) from unnest(v_intents) with ordinality u (d, n)
                  where d ->> 'op' = 'insert' and d -> 'columns' = v_columns);
        -- A row storing other than its record says in a column the caller may not write is
        -- refused: all of them pushed again below, so that it alone is.
        if exists (select from unnest(v_intents) d
                    where d ->> 'op' = 'insert' and d -> 'columns' = v_columns and v_inserted ? (d ->> 'id')
                      and cardinality(private.sync_push_refused(array(select jsonb_array_elements_text(d -> 'locked')),
                                                                d -> 'pushed', v_inserted -> (d ->> 'id'))) > 0) then
          raise exception using message = 'sync_push_batch: undo';
        end if;
        v_written := v_written || v_inserted;
      exception when others then
        null;  -- each pushed again below, for its own answer
      end;
    end loop;
    v_todo := '{}';
    for v_i in 1..cardinality(v_deferred) loop
      if v_written ? (v_intents[v_i] ->> 'id') then
        v_results[v_deferred[v_i]] := v_intents[v_i] -> 'answer'
          || jsonb_build_object('record', (v_written -> (v_intents[v_i] ->> 'id'))
                                          - array(select jsonb_array_elements_text(v_intents[v_i] -> 'hidden')));
      else
        v_todo := v_todo || v_deferred[v_i];
      end if;
    end loop;
    v_deferred := '{}';
    v_intents := '{}';
  end loop;
  return to_jsonb(v_results);
end
$$;
comment on function public.sync_push_batch(text, jsonb) is
  'Pushes up to 1000 records of p_table in one call: p_records is [{record, expected_version}, ...] as sync_push takes them, the answer an array in the same order of what sync_push answered for each ({status: "applied" | "conflict", record, ...}), or {status: "rejected", code, sqlstate, message, detail, hint} for the coded error it raised (detail: the JSON object of the error''s DETAIL where it holds one, such as FK_MISSING''s {table, column, id}, else its text). Each record in a subtransaction of its own: a rejected one changes nothing and undoes nothing of the others. An error without a code fails the whole call (retry it as it is: applied records answer "applied" again). Errors: INVALID_TABLE, INVALID_BATCH (22023: not an array of {record, expected_version}, or more than 1000; nothing is pushed), NULL_ARGUMENT (22004).';

revoke all on function public.sync_push_batch(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.sync_push_batch(text, jsonb) to authenticated, service_role;
