-- The durable change outbox, the feed side: realtime change feeds read outbox.events (0014)
-- from a never-miss cursor, all changes or only those concerning one user.
--
-- A cursor is '<pg_snapshot>/<event id>', meaning: "every event visible in that snapshot
-- with an id up to that one has been delivered". The next page is every event outside
-- that set, in id order: new ids, plus events with smaller ids whose transactions were
-- still running at the snapshot (their txid is in its xip list, or at or above its xmax: a
-- transaction may take its id after the event id). Nothing is missed;
-- after a full page a few events may come twice (clients deduplicate by id).

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

revoke all on all functions in schema outbox from public, anon, authenticated;
grant execute on function outbox.current_cursor(), outbox.changes_since(text, text[], integer, uuid) to service_role;
