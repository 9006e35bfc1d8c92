-- Live updates without Supabase: which of the caller's synced tables changed since a cursor,
-- cheap enough for an app to ask every second or two through any API layer (PostgREST:
-- POST /rpc/sync_poll), then sync_pull the tables it names. "Changed" is exactly what the
-- caller's next sync_pull of the table would deliver (the same query, private.sync_items_<table>_<mode>,
-- asked for one item): a row they see written, deleted or tombstoned; a row that
-- became visible or stopped being visible. Nothing another user does that the caller cannot
-- see counts, and an empty poll costs the same whatever other users hold or write: the keys
-- once (private.sync_key_state), then per table the index probes of those keys, each read
-- up to its first item (private.sync_has_items: static calls, nothing planned per poll).
--
-- The cursor is a sync_pull cursor of no table in particular (t = '*'): the snapshot the poll
-- read with. A transaction that commits after a poll is seen by the next one, whenever it
-- started. A table is named when in doubt, never left out: after a purge of the sync logs
-- or a change of the caller's admin rights every table is named (its own sync_pull then says
-- whether its cursor expired).

create or replace function public.sync_poll(p_cursor text default null, p_tables text[] default null)
  returns json
  language plpgsql
  volatile
  security definer
  set search_path = ''
  -- Index probes: never worth compiling (JIT).
  set jit = off
as $$
declare
  v_uid uuid;
  v_authenticated boolean := private.caller_acts_as_authenticated();
  v_admin boolean;
  v_tables text[];
  v_table text;
  v_state jsonb;
  v_x xid8;
  v_ip xid8[];
  v_keys record;
  v_horizon xid8;
  v_snapshot pg_snapshot;
  v_next_x xid8;
  v_next_ip xid8[];
  v_changed text[] := '{}';
  v_found boolean;
begin
  v_uid := private.caller('sync_poll');
  if p_tables is null then
    -- Every table the caller may pull: those private to their owner only when signed in
    -- as an app user (as sync_pull has it).
    select array_agg(t.t order by t.n) into v_tables
      from unnest(private.sync_tables()) with ordinality t (t, n)
      join private.visibility_tables v on v.table_name = t.t
     where v.admin_sees or v_authenticated;
  else
    -- Bounded before anything is read from it.
    if cardinality(p_tables) > private.quota_value('poll_tables') then
      perform private.quota_exceeded('poll_tables', pg_catalog.format('sync_poll names %s tables', cardinality(p_tables)),
                                     pg_catalog.jsonb_build_object('asked', cardinality(p_tables)));
    end if;
    if array_position(p_tables, null) is not null then
      raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_tables must not contain NULL';
    end if;
    foreach v_table in array p_tables loop
      perform private.assert_sync_table(v_table);
      if not v_authenticated and not (select v.admin_sees from private.visibility_tables v where v.table_name = v_table) then
        raise exception using errcode = '42501',
          message = pg_catalog.format('OWNER_ONLY: %s is private to its owner, polled only by a session acting as role authenticated', v_table);
      end if;
    end loop;
    v_tables := array(select distinct t from unnest(p_tables) t order by t);
  end if;
  v_tables := coalesce(v_tables, '{}');

  -- As sync_pull: the horizon before the snapshot, so that a purge committing in between
  -- shows as a moved horizon next time.
  v_horizon := coalesce((select max(h.purged_through) from public.sync_horizon h), '0');
  v_snapshot := pg_current_snapshot();
  v_next_x := pg_snapshot_xmax(v_snapshot);
  v_next_ip := array(select distinct i from unnest(private.snapshot_in_progress(v_snapshot)
                                                   || pg_current_xact_id_if_assigned()) i
                      where i is not null order by i);

  if p_cursor is null then
    v_changed := v_tables;   -- nothing delivered yet: every table has something
  else
    v_state := private.decode_sync_cursor('*', p_cursor);
    if v_state ? 'a' then
      raise exception using errcode = '22023', message = 'INVALID_CURSOR: the cursor is not one sync_poll returned',
        hint = 'Pass the cursor of the previous sync_poll unchanged, or NULL to start.';
    end if;
    v_x := (v_state ->> 'x')::xid8;
    v_ip := array(select jsonb_array_elements_text(v_state -> 'ip')::xid8);
    select * into v_keys from private.sync_key_state(v_uid, 'changes', v_x, v_ip, private.pull_key_kinds(v_tables));
    if (v_horizon > (v_state ->> 'h')::xid8 and v_horizon >= v_keys.lo)
       or exists (select from public.sync_access_log a
                   where a.user_id = v_uid and a.kind = 'admin' and a.sync_xid >= v_x)
       or exists (select from unnest(v_ip) i (xid)
                   cross join lateral (select from public.sync_access_log a
                                        where a.user_id = v_uid and a.sync_xid = i.xid and a.kind = 'admin' offset 0) a) then
      v_changed := v_tables;
    else
      v_admin := private.is_admin();
      foreach v_table in array v_tables loop
        v_found := private.sync_has_items(
          v_table, case when v_admin and (select v.admin_sees from private.visibility_tables v where v.table_name = v_table)
                        then 'admin' else 'changes' end,
          v_keys.lo, v_x, v_ip, v_keys.kinds, v_keys.keys, v_keys.g_kinds, v_keys.g_keys, v_keys.g_causes, v_keys.g_ats,
          v_keys.l_kinds, v_keys.l_keys, v_keys.l_causes, v_keys.l_ats);
        if v_found then
          v_changed := v_changed || v_table;
        end if;
      end loop;
    end if;
  end if;

  return json_build_object(
    'tables', to_json(v_changed),
    'cursor', private.encode_sync_cursor(jsonb_build_object('t', '*', 'x', v_next_x::text, 'ip', to_jsonb(v_next_ip::text[]),
                                                            'h', v_horizon::text)),
    'server_timestamp', now());
end
$$;
comment on function public.sync_poll(text, text[]) is
  'Live updates by polling: {tables: [the synced tables among p_tables (NULL = every one the caller may pull) in which something changed for the caller since p_cursor], cursor, server_timestamp}. "Changed" is what the caller''s next sync_pull of the table would deliver (the same query): rows they see written, deleted or tombstoned, rows that became or stopped being visible to them; other users'' changes they cannot see never count, and an empty poll costs a few index probes per table whatever other users hold or write. NULL cursor: every table (start here, then pull them). Pass the returned cursor to the next poll; sync_pull each table named, from its own cursor. Never misses a change (a transaction committing after a poll is named by the next one); may name a table whose changes a pull already delivered, and names every table after a purge of the sync logs or a change of the caller''s admin rights. Errors: INVALID_TABLE, INVALID_CURSOR (22023), NULL_ARGUMENT (22004), NOT_AUTHENTICATED, OWNER_ONLY (42501: a journal table asked for by a session not acting as role authenticated), QUOTA_EXCEEDED (54000: more names in p_tables than the quota poll_tables). SECURITY DEFINER: it reads the sync logs, as sync_pull does.';

revoke all on function public.sync_poll(text, text[]) from public, anon, authenticated, service_role;
grant execute on function public.sync_poll(text, text[]) to authenticated, service_role;
