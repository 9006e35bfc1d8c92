-- What a pull delivers: private.sync_items, the changes of one synced table that concern
-- one user since a cursor, read through the user's scope keys (access/visibility.sql) and the logs (sync/changes.sql).
-- sync_pull (sync/pull.sql) pages and prints them; the user-scoped change feed (outbox/feed.sql) takes the
-- visibility changes from it: one query, not two.
--
-- A cursor is the state already delivered: every transaction below x except those in ip
-- ("unseen" = sync_xid >= x or in ip). For user U, with K the keys U holds now, and from U's
-- access-log rows not yet seen, G the keys U gained (holds now) and L those U lost:
--   records    rows with a key in K written since (unseen sync_xid)            S1
--              every row with a key in G, whenever written                     S3
--   deleted    hard deletes of rows with a key in K or L        "deleted"      S2
--              tombstones among the records (deleted_at set)    "deleted"
--              rows with a key in L that U no longer sees        "revoked"      S4
--              rows that left a key in K or L (sync_moves) and U no longer
--              sees (claimed by someone else, completed, moved)  "revoked"      S5
-- Notes and subtasks have derived keys (task, activity): U holds (task, t) while U sees task
-- t, through a key of his own or because every user does (t is open). The open parents are
-- held once each in private.child_parents (access/child_parents.sql), only those with
-- children: an open item is never one more key of every user. So for them K also has the
-- parents U sees through his keys and, of the open parents with children, all (a full pull)
-- or those whose children changed since (children_xid); G the parents that entered U's view
-- since (a move into a key of U's, a key gained, opened), L those that left it (a move, a
-- key lost, closed and not seen otherwise), and the hard deletes of the parents U could see
-- bring their children's. The same streams then run unchanged.
--
-- The generated query names its CTEs after these sets and each stream after its line above
-- (a comment "-- S1: ..." before it):
--   base_keys_held, base_keys_gained, base_keys_lost    K, G, L as the arguments give them
--   base_keys_held_or_lost                              K and L, for the parents' moves
--   <kind>_keys_held, _gained, _lost, _deleted          a derived kind (task, activity):
--                                                       the parents seen, entered, left,
--                                                       hard-deleted
--   keys_held, keys_gained, keys_lost                   K, G, L with the derived keys
--   keys_held_or_lost                                   K and L (S5)
--   deletion_keys                                       whose hard deletes U hears of (S2)
--
-- Mode steady: mode changes for a caller who gained and lost no key since the cursor (the
-- access log has nothing new of the kinds the table reads), of a table without derived
-- kinds: G and L are empty, so S3 and S4 have nothing to read and K or L is K. sync_pull runs
-- it in place of mode changes then (nearly always): the same items from half the streams
-- (tasks: six instead of twelve), planned and started for less.
--
-- Every item has an order key (c0, c1, id, kind): c0 the transaction that caused it (the
-- row's own, a deletion's, a move's, or the grant's or revocation's), c1 the row's own
-- sync_xid, kind 1 for a record and 0 for a deletion. Each stream is an index range scan in
-- that order from the page position (per key: (key column, sync_xid, id); the logs by key),
-- read up to the page size: a page costs what it returns and the keys it probes, whatever
-- other users hold. A row can come twice (two keys, two causes): harmless, never a loss.

-- The modes of a table's items (private.sync_items_<table>_<mode>): what is generated, what
-- sync_items_sql accepts, and what the clean-up of private.generate_sync_statements keeps.
-- Mode steady (above) where none of the table's kinds of keys is derived from another
-- table's rows (whose gains and losses come from the parents' moves, not the access log).
create or replace function private.sync_table_modes(p_table text) returns text[]
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select array['full', 'changes', 'visibility', 'admin']
         || case when exists (select from private.visibility_rules r join private.visibility_kinds k on k.kind = r.kind
                               where r.table_name = p_table and k.derived_from is not null)
                 then '{}' else array['steady'] end
$$;
comment on function private.sync_table_modes(text) is
  'The modes private.sync_items_<p_table>_<mode> exist in: full, changes, visibility, admin, and steady (mode changes without the streams of keys gained or lost, run by sync_pull when the caller gained and lost none since the cursor) when none of the table''s kinds of keys is derived from another table (private.visibility_kinds.derived_from). Read by private.sync_items_sql, private.generate_sync_items, private.generate_sync_pages and private.generate_sync_statements.';
revoke all on function private.sync_table_modes(text) from public, anon, authenticated, service_role;

-- The query of private.sync_items for a table and mode: text built from the visibility
-- rules alone, so a test can EXPLAIN exactly what a pull runs. It names the parameters of
-- the function that keeps it (private.sync_items_<table>_<mode>):
--   p_lo        the oldest unseen transaction; p_x, p_ip the state delivered (every
--               transaction below p_x but those in p_ip)
--   p_after_c0, p_after_c1, p_after_id, p_after_kind   the page position; p_limit its size
--   p_kinds, p_keys                                    the user's keys
--   p_gained_kinds, _keys, _causes, _ats               the keys gained since the state
--   p_lost_kinds, _keys, _causes, _ats                 the keys lost
create or replace function private.sync_items_sql(p_table text, p_mode text) returns text
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_derived record;
  v_rule record;
  v_rules private.visibility_rules[];
  v_ctes text[] := '{}';
  v_k text := 'select kind, key from base_keys_held';
  v_g text := 'select * from base_keys_gained';
  v_l text := 'select * from base_keys_lost';
  v_dk text := 'select kind, key from keys_held_or_lost';
  v_streams text[] := '{}';
  v_visible text;
  v_unseen constant text := '%1$s >= greatest(p_lo, p_after_c0) and (%1$s >= p_x or %1$s = any (p_ip))';
begin
  perform private.assert_sync_table(p_table);
  if p_mode is null or p_mode <> all (private.sync_table_modes(p_table)) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ARGUMENT: sync_items mode %L for table %L (its modes: %s)', p_mode, p_table,
                                  pg_catalog.array_to_string(private.sync_table_modes(p_table), ', '));
  end if;

  if p_mode = 'admin' then
    -- Every change of the table (the sync_xid index), and every hard delete once.
    v_streams := array[pg_catalog.format(
      E'-- every change of the table\n'
      'select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.%I it
        where %s
        order by it.sync_xid, it.id limit p_limit + 1', p_table, private.sync_stream_after('it.sync_xid', 'it.id')),
      pg_catalog.format(
        E'-- every hard delete\n'
        'select d.sync_xid, d.sync_xid, d.record_id, 0, ''deleted'', max(d.deleted_at) from public.sync_deletions d
          where p_x > ''0''::xid8 and d.table_name = %L and %s
          group by d.sync_xid, d.record_id order by d.sync_xid, d.record_id limit p_limit + 1', p_table, private.sync_stream_after('d.sync_xid', 'd.record_id'))];
  else
    -- Derived keys: the parents of this table's rows that U sees through his keys (not through
    -- a parent's everyone rule: see above), entered, left, or saw deleted.
    for v_derived in
      select distinct k.kind, k.derived_from as parent,
             exists (select from private.child_parent_rules() c where c.child_table = p_table and c.kind = k.kind) as opens
        from private.visibility_rules r join private.visibility_kinds k on k.kind = r.kind
       where r.table_name = p_table and k.derived_from is not null
       order by k.kind
    loop
      select array_agg(r) into v_rules from private.visibility_rules r where r.table_name = v_derived.parent;
      -- The parents every user sees now (open) that have children here (private.child_parents):
      -- all of them for a full pull; for the others those whose children changed since.
      if v_derived.opens then
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, c.parent_id as key from private.child_parents c
                     where c.child_table = %3$L and c.kind = %2$L and c.open and %4$s)',
          v_derived.kind || '_keys_open', v_derived.kind, p_table,
          case when p_mode = 'full' then 'c.children > 0'
               else 'c.children_xid >= p_lo and (c.children_xid >= p_x or c.children_xid = any (p_ip))' end);
      end if;
      v_ctes := v_ctes || pg_catalog.format('%I as (%s)', v_derived.kind || '_keys_held', (
        select coalesce(pg_catalog.string_agg(
                 pg_catalog.format('select %L::text as kind, it.id as key from base_keys_held k0 join public.%I it on k0.kind = %L and it.%I = k0.key%s',
                                   v_derived.kind, v_derived.parent, r.kind, r.key_column,
                                   ' and ' || private.visibility_condition(r.condition, 'it')), ' union '),
                 'select null::text as kind, null::uuid as key where false')
          from unnest(v_rules) r where r.kind <> 'everyone'));
      if p_mode <> 'full' then
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from base_keys_held k0 join public.sync_moves m on m.table_name = %3$L and m.kind = k0.kind and m.key = k0.key
                       and m.entered and %4$s
                     where k0.kind <> ''everyone'' and m.row_id in (select v.key from %5$I v) group by m.row_id%6$s%7$s)',
          v_derived.kind || '_keys_gained', v_derived.kind, v_derived.parent, pg_catalog.format(v_unseen, 'm.sync_xid'),
          v_derived.kind || '_keys_held',
          (select pg_catalog.string_agg(pg_catalog.format(
                    ' union all select %L, it.id, g0.cause, g0.at from base_keys_gained g0 join public.%I it on g0.kind = %L and it.%I = g0.key%s',
                    v_derived.kind, v_derived.parent, r.kind, r.key_column, ' and ' || private.visibility_condition(r.condition, 'it')), '')
             from unnest(v_rules) r where r.kind <> 'everyone'),
          -- opened since: every child of theirs
          case when v_derived.opens then pg_catalog.format(
            ' union all select %1$L, c.parent_id, c.opened_xid, c.opened_at from private.child_parents c'
            ' where c.child_table = %2$L and c.kind = %1$L and c.open and %3$s',
            v_derived.kind, p_table, pg_catalog.format(v_unseen, 'c.opened_xid')) else '' end);
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, m.row_id as key, max(m.sync_xid) as cause, max(m.moved_at) as at
                      from base_keys_held_or_lost kl0 join public.sync_moves m on m.table_name = %3$L and m.kind = kl0.kind and m.key = kl0.key
                       and not m.entered and %4$s
                     where kl0.kind <> ''everyone'' and m.row_id not in (select v.key from %5$I v) group by m.row_id%6$s%7$s)',
          v_derived.kind || '_keys_lost', v_derived.kind, v_derived.parent, pg_catalog.format(v_unseen, 'm.sync_xid'),
          v_derived.kind || '_keys_held',
          (select pg_catalog.string_agg(pg_catalog.format(
                    ' union all select %L, it.id, l0.cause, l0.at from base_keys_lost l0 join public.%I it on l0.kind = %L and it.%I = l0.key%s'
                    ' where it.id not in (select v.key from %I v)',
                    v_derived.kind, v_derived.parent, r.kind, r.key_column, ' and ' || private.visibility_condition(r.condition, 'it'),
                    v_derived.kind || '_keys_held'), '')
             from unnest(v_rules) r where r.kind <> 'everyone'),
          -- closed since (claimed, completed) and not seen through a key of U's: their children go
          case when v_derived.opens then pg_catalog.format(
            ' union all select %1$L, c.parent_id, c.opened_xid, c.opened_at from private.child_parents c'
            ' where c.child_table = %2$L and c.kind = %1$L and not c.open and %3$s and c.parent_id not in (select v.key from %4$I v)',
            v_derived.kind, p_table, pg_catalog.format(v_unseen, 'c.opened_xid'), v_derived.kind || '_keys_held') else '' end);
        v_ctes := v_ctes || pg_catalog.format(
          '%1$I as (select %2$L::text as kind, d.record_id as key
                      from base_keys_held_or_lost kl0 join public.sync_deletions d on d.table_name = %3$L and d.kind = kl0.kind and d.key = kl0.key and %4$s)',
          v_derived.kind || '_keys_deleted', v_derived.kind, v_derived.parent, pg_catalog.format(v_unseen, 'd.sync_xid'));
        v_g := v_g || pg_catalog.format(' union all select * from %I', v_derived.kind || '_keys_gained');
        v_l := v_l || pg_catalog.format(' union all select * from %I', v_derived.kind || '_keys_lost');
        v_dk := v_dk || pg_catalog.format(' union select kind, key from %I', v_derived.kind || '_keys_deleted');
      end if;
      v_k := v_k || pg_catalog.format(' union all select kind, key from %I', v_derived.kind || '_keys_held')
             -- distinct: an open parent may be seen through a key too (its declarer's)
             || case when v_derived.opens then pg_catalog.format(' union select kind, key from %I', v_derived.kind || '_keys_open') else '' end;
    end loop;

    v_visible := private.visibility_predicate(p_table, 'it', 'keys');
    for v_rule in select * from private.visibility_rules r where r.table_name = p_table order by r.kind, r.key_column loop
      if v_rule.kind = 'everyone' then
        -- S1 for the rows every user sees.
        if p_mode <> 'visibility' then
          v_streams := v_streams || pg_catalog.format(
            E'-- S1: the rows every user sees, written since\n'
            'select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz from public.%I it
              where %s and %s
              order by it.sync_xid, it.id limit p_limit + 1',
            p_table, private.visibility_condition(v_rule.condition, 'it'), private.sync_stream_after('it.sync_xid', 'it.id'));
        end if;
        continue;
      end if;
      -- S1: the rows of U's keys written since; S3 / S4: every row of a key gained / lost.
      if p_mode <> 'visibility' then
        v_streams := v_streams || pg_catalog.format(
          E'-- S1: the rows of the %2$s keys held, written since\n'
          'select it.sync_xid, it.sync_xid, it.id, 1, null::text, null::timestamptz
             from (select * from keys_held k where k.kind = %2$L) k
            cross join lateral (select it.sync_xid, it.id from public.%1$I it
                                 where %5$s%4$s
                                 order by it.%3$I, it.sync_xid, it.id limit p_limit + 1) it',
          p_table, v_rule.kind, v_rule.key_column, ' and ' || private.visibility_condition(v_rule.condition, 'it'),
          private.sync_stream_after('it.sync_xid', 'it.id', 'it.' || pg_catalog.quote_ident(v_rule.key_column), 'k.key'));
      end if;
      if p_mode not in ('full', 'steady') then
        -- S3 from the keys gained (g: records), S4 from those lost (l: revoked if not visible).
        v_streams := v_streams || array(
          select pg_catalog.format(
                   E'%10$s\n'
                   'select x.cause, it.sync_xid, it.id, %6$s, %7$L, %8$s
                      from (select * from %9$s x where x.kind = %2$L and x.cause >= p_after_c0) x
                     cross join lateral (select it.sync_xid, it.id from public.%1$I it
                                          where %11$s%4$s%5$s
                                            and (it.sync_xid, it.id) >= (case when x.cause = p_after_c0 then p_after_c1 else ''0''::xid8 end,
                                                                         case when x.cause = p_after_c0 then p_after_id else ''00000000-0000-0000-0000-000000000000''::uuid end)
                                          order by it.%3$I, it.sync_xid, it.id limit p_limit + 1) it',
                   p_table, v_rule.kind, v_rule.key_column, ' and ' || private.visibility_condition(v_rule.condition, 'it'),
                   s.extra, s.item_kind, s.reason, s.at, s.source, pg_catalog.format(s.marker, v_rule.kind),
                   private.sync_stream_key('it.' || pg_catalog.quote_ident(v_rule.key_column), 'x.key'))
            from (values ('', 1, null, 'null::timestamptz', 'keys_gained', '-- S3: every row of the %s keys gained'),
                         (' and not (' || v_visible || ')', 0, 'revoked', 'x.at', 'keys_lost',
                          '-- S4: the rows of the %s keys lost that the user no longer sees')) s (extra, item_kind, reason, at, source, marker)
           order by s.item_kind desc);
      end if;
    end loop;

    if p_mode <> 'full' then
      -- S5: rows that left a key of U's and that U no longer sees.
      v_streams := v_streams || pg_catalog.format(
        E'-- S5: the rows that left a key held or lost and that the user no longer sees\n'
        'select m.sync_xid, m.sync_xid, m.row_id, 0, ''revoked'', m.moved_at
           from keys_held_or_lost kl cross join lateral (select m.sync_xid, m.row_id, m.moved_at from public.sync_moves m
                                        where m.table_name = %1$L and m.kind = kl.kind and not m.entered
                                          and %2$s
                                        order by m.key, m.sync_xid, m.row_id limit p_limit + 1) m
          where not exists (select from public.%1$I it where it.id = m.row_id and (%3$s))',
        p_table, private.sync_stream_after('m.sync_xid', 'm.row_id', 'm.key', 'kl.key'), v_visible);
    end if;
    if p_mode in ('changes', 'steady') then
      -- S2: hard deletes under U's keys (children: also under the parents U saw deleted).
      v_streams := v_streams || pg_catalog.format(
        E'-- S2: the hard deletes under the deletion keys\n'
        'select d.sync_xid, d.sync_xid, d.record_id, 0, ''deleted'', d.deleted_at
           from deletion_keys dk cross join lateral (select d.sync_xid, d.record_id, d.deleted_at from public.sync_deletions d
                                        where d.table_name = %1$L and d.kind = dk.kind
                                          and %2$s
                                        order by d.key, d.sync_xid, d.record_id limit p_limit + 1) d',
        p_table, private.sync_stream_after('d.sync_xid', 'd.record_id', 'd.key', 'dk.key'));
    end if;

    if p_mode = 'steady' then
      -- no key gained or lost: K or L is K
      v_ctes := array['base_keys_held as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key))',
                      'keys_held as (' || v_k || ')',
                      'keys_held_or_lost as (select distinct kind, key from keys_held)',
                      'deletion_keys as (' || v_dk || ')'];
    else
      v_ctes := array['base_keys_held as (select * from unnest(p_kinds::text[], p_keys::uuid[]) as k0 (kind, key))',
                      'base_keys_gained as (select * from unnest(p_gained_kinds::text[], p_gained_keys::uuid[], p_gained_causes::xid8[], p_gained_ats::timestamptz[]) as g0 (kind, key, cause, at))',
                      'base_keys_lost as (select * from unnest(p_lost_kinds::text[], p_lost_keys::uuid[], p_lost_causes::xid8[], p_lost_ats::timestamptz[]) as l0 (kind, key, cause, at))',
                      'base_keys_held_or_lost as (select kind, key from base_keys_held union select kind, key from base_keys_lost)']
                || v_ctes
                || array['keys_held as (' || v_k || ')', 'keys_gained as (' || v_g || ')', 'keys_lost as (' || v_l || ')',
                         'keys_held_or_lost as (select kind, key from keys_held union select kind, key from keys_lost)',
                         'deletion_keys as (' || v_dk || ')'];
    end if;
  end if;

  return coalesce('with ' || nullif(pg_catalog.array_to_string(v_ctes, E',\n'), '') || E'\n', '')
      || 'select i.c0, i.c1, i.id, i.kind, min(i.reason), max(i.at) from ('
      || pg_catalog.array_to_string(array(select '(' || s || ')' from unnest(v_streams) s), E'\nunion all\n')
      || ') i (c0, c1, id, kind, reason, at)
        where (i.c0, i.c1, i.id, i.kind) > (p_after_c0, p_after_c1, p_after_id, p_after_kind)
        group by i.c0, i.c1, i.id, i.kind
        order by i.c0, i.c1, i.id, i.kind
        limit p_limit';
end
$$;
comment on function private.sync_items_sql(text, text) is
  'The query private.sync_items runs for p_table in mode p_mode (full | changes | visibility | admin | steady: changes without the streams of keys gained or lost, for a table private.sync_table_modes gives it), built from private.visibility_rules: CTEs of the user''s keys (with the derived ones of notes and subtasks) and one index range scan per stream and key (see the comment above it in sql/code/sync/items.sql). Its parameters are those of private.sync_items_<table>_<mode>.';

-- A generated query kept as a function: a static query in PL/pgSQL keeps its plan for the
-- session, and a generic one (these queries are index probes whatever the arguments), so
-- the query is planned once per session instead of on every call.
create or replace function private.create_plan_keeping_function(
  p_name text, p_arguments text, p_returns text, p_volatility text, p_body text, p_comment text, p_grantees text default null)
  returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
begin
  if p_volatility not in ('stable', 'volatile') then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: volatility %L', p_volatility);
  end if;
  perform private.define(pg_catalog.format($f$
    create or replace function private.%1$I(%2$s)
      returns %3$s
      language plpgsql
      %4$s
      set search_path = pg_catalog, pg_temp
      set plan_cache_mode = force_generic_plan
      set jit = off
    as $body$
    #variable_conflict use_column
    begin
      %5$s
    end
    $body$
    $f$, p_name, p_arguments, p_returns, p_volatility, p_body),
    pg_catalog.format('comment on function private.%I is %L', p_name, p_comment),
    pg_catalog.format('revoke all on function private.%I from public, anon, authenticated, service_role', p_name),
    -- (always one more statement: without grantees, the comment again)
    case when p_grantees is not null then pg_catalog.format('grant execute on function private.%I to %s', p_name, p_grantees)
         else pg_catalog.format('comment on function private.%I is %L', p_name, p_comment) end);
end
$$;
comment on function private.create_plan_keeping_function(text, text, text, text, text, text, text) is
  'Creates (or replaces, where it differs: private.define) private.<p_name>(p_arguments) returns p_returns, a PL/pgSQL function whose body p_body is static SQL over its arguments, with a generic plan kept for the session; comments it, revokes every privilege and grants execute to p_grantees (a list of roles; NULL: nobody). For the generated queries of sync (private.generate_sync_items, private.generate_sync_pages).';
revoke all on function private.create_plan_keeping_function(text, text, text, text, text, text, text)
  from public, anon, authenticated, service_role;

-- The queries of private.sync_items as functions, one per table and mode: planning the
-- text each time cost more than running it (9 ms against 1 for an empty pull of notes,
-- whose query carries the visibility of tasks and activities). Regenerated whenever a
-- declaration changes (private.apply_manifest).
create or replace function private.generate_sync_items() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_table text;
  v_mode text;
  v_name text;
begin
  foreach v_table in array private.sync_tables() loop
    foreach v_mode in array private.sync_table_modes(v_table) loop
      v_name := 'sync_items_' || v_table || '_' || v_mode;
      perform private.create_plan_keeping_function(v_name,
        'p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8, p_after_id uuid, p_after_kind integer, '
        'p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[], p_gained_keys uuid[], p_gained_causes xid8[], '
        'p_gained_ats timestamptz[], p_lost_kinds text[], p_lost_keys uuid[], p_lost_causes xid8[], p_lost_ats timestamptz[]',
        'table (c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamptz)', 'stable',
        'return query ' || private.sync_items_sql(v_table, v_mode) || ';',
        pg_catalog.format('private.sync_items for table %s, mode %s: the query of private.sync_items_sql(%L, %L) with its plan kept. Generated by private.generate_sync_items.',
                          v_table, v_mode, v_table, v_mode),
        -- (the worker's change feeds call the others; mode steady is sync_pull's alone)
        case when v_mode <> 'steady' then 'service_role' end);
    end loop;
  end loop;

  -- sync_poll's question, one table at a time: is there a first item? Static calls of the
  -- functions above, with their plans kept as theirs are, so that a poll plans nothing (an
  -- EXECUTE per table cost more than the probe it ran).
  perform private.create_table_dispatch(
    'private.sync_has_items',
    'p_table text, p_mode text, p_lo xid8, p_x xid8, p_ip xid8[], p_kinds text[], p_keys uuid[], p_gained_kinds text[], '
    'p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamptz[], p_lost_kinds text[], p_lost_keys uuid[], '
    'p_lost_causes xid8[], p_lost_ats timestamptz[]',
    'boolean', 'stable set plan_cache_mode = force_generic_plan set jit = off', 'p_table || ''_'' || p_mode',
    (select pg_catalog.array_agg(array[t || '_' || m, pg_catalog.format(
              'return exists (select from private.%I(p_lo, p_x, p_ip, ''0'', ''0'', '
              '''00000000-0000-0000-0000-000000000000'', -1, 1, p_kinds, p_keys, p_gained_kinds, p_gained_keys, '
              'p_gained_causes, p_gained_ats, p_lost_kinds, p_lost_keys, p_lost_causes, p_lost_ats));',
              'sync_items_' || t || '_' || m)] order by n, m)
       from unnest(private.sync_tables()) with ordinality x (t, n), unnest(array['changes', 'admin']) m),
    '%L is not a synced table and mode changes or admin (table_mode)',
    'For sync_poll: whether private.sync_items_<p_table>_<p_mode> (mode changes or admin) has at least one item for the given state and keys (private.sync_key_state). Generated by private.generate_sync_items.');
end
$$;
comment on function private.generate_sync_items() is
  '(Re)creates private.sync_items_<table>_<mode> for every synced table and mode from private.sync_items_sql: the queries private.sync_items runs, with their plans kept for the session. Run by private.generate_sync_statements (private.apply_manifest).';
revoke all on function private.generate_sync_items() from public, anon, authenticated, service_role;

-- The keys a user holds now, and those gained (held now) or lost since the state (p_x,
-- p_ip), from the access log: what every stream of private.sync_items_<table>_<mode>
-- reads. Worked out once per call, whatever the number of tables asked about (sync_poll
-- asks about all of them at once), and only of the kinds those tables read (p_kinds:
-- private.pull_key_kinds): a pull of tasks reads none of the user's watchlists, however
-- many she has. Mode admin needs no keys, mode full no access changes.
create or replace function private.sync_key_state(
  p_user uuid, p_mode text, p_x xid8, p_ip xid8[], p_kinds text[],
  out lo xid8, out kinds text[], out keys uuid[],
  out g_kinds text[], out g_keys uuid[], out g_causes xid8[], out g_ats timestamptz[],
  out l_kinds text[], out l_keys uuid[], out l_causes xid8[], out l_ats timestamptz[])
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
  set jit = off
as $$
begin
  lo := private.cursor_lo(p_x, p_ip);
  select coalesce(array_agg(k.kind), '{}'), coalesce(array_agg(k.key), '{}')
    into kinds, keys from private.user_keys(p_user, p_kinds) k where p_mode <> 'admin';
  select coalesce(array_agg(a.kind) filter (where a.held), '{}'),
         coalesce(array_agg(a.key) filter (where a.held), '{}'),
         coalesce(array_agg(a.cause) filter (where a.held), '{}'),
         coalesce(array_agg(a.at) filter (where a.held), '{}'),
         coalesce(array_agg(a.kind) filter (where not a.held), '{}'),
         coalesce(array_agg(a.key) filter (where not a.held), '{}'),
         coalesce(array_agg(a.cause) filter (where not a.held), '{}'),
         coalesce(array_agg(a.at) filter (where not a.held), '{}')
    into g_kinds, g_keys, g_causes, g_ats, l_kinds, l_keys, l_causes, l_ats
    from (select a.kind, a.key, max(a.sync_xid) as cause, max(a.logged_at) as at,
                 (a.kind, a.key) in (select * from unnest(kinds, keys)) as held
            -- two index ranges of (user_id, sync_xid), the transactions from p_x on and those
            -- in p_ip: not one from the oldest of them, which walked every change of her keys
            -- since a transaction still in progress anywhere in the cluster (20,000 grants
            -- of hers, on every pull), nor her whole log filtered
            from (select a.* from public.sync_access_log a where a.user_id = p_user and a.sync_xid >= p_x
                  union all
                  select a.* from pg_catalog.unnest(p_ip) i (xid)
                   -- (offset 0: a probe per transaction in p_ip, never joined as sets)
                   cross join lateral (select a.* from public.sync_access_log a where a.user_id = p_user and a.sync_xid = i.xid offset 0) a) a
           where p_mode in ('changes', 'visibility') and a.kind <> 'admin' and a.kind = any (p_kinds)
           group by a.kind, a.key) a;
end
$$;
comment on function private.sync_key_state(uuid, text, xid8, xid8[], text[]) is
  'For private.sync_items_<table>_<mode>: lo, the oldest transaction not delivered in the state (p_x, p_ip); the base keys of the kinds p_kinds user p_user holds (kinds, keys; none in mode admin); from the access log since that state (modes changes and visibility), the keys of those kinds gained and still held (g_*) and those lost (l_*), each with its latest cause (xid) and time.';

create or replace function private.sync_items(
  p_table text,
  p_user uuid,
  p_mode text,
  p_x xid8,
  p_ip xid8[],
  p_after_c0 xid8,
  p_after_c1 xid8,
  p_after_id uuid,
  p_after_kind integer,
  p_limit bigint
) returns table (c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamptz)
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
  -- Milliseconds of index probes: never worth compiling (JIT).
  set jit = off
as $$
declare
  v_state record;
begin
  -- The keys U holds now, and those gained (held now) or lost since the cursor.
  select * into v_state from private.sync_key_state(p_user, p_mode, p_x, p_ip, private.pull_key_kinds(array[p_table]));

  perform private.assert_sync_table(p_table);
  if p_mode not in ('full', 'changes', 'visibility', 'admin') then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_ARGUMENT: sync_items mode %L', p_mode);
  end if;
  return query execute pg_catalog.format(
    'select * from private.%I(p_lo => $1, p_x => $2, p_ip => $3, p_after_c0 => $4, p_after_c1 => $5, p_after_id => $6, '
    'p_after_kind => $7, p_limit => $8, p_kinds => $9, p_keys => $10, p_gained_kinds => $11, p_gained_keys => $12, '
    'p_gained_causes => $13, p_gained_ats => $14, p_lost_kinds => $15, p_lost_keys => $16, p_lost_causes => $17, '
    'p_lost_ats => $18)', 'sync_items_' || p_table || '_' || p_mode)
    using v_state.lo, p_x, p_ip, p_after_c0, p_after_c1, p_after_id, p_after_kind, p_limit,
          v_state.kinds, v_state.keys, v_state.g_kinds, v_state.g_keys, v_state.g_causes, v_state.g_ats,
          v_state.l_kinds, v_state.l_keys, v_state.l_causes, v_state.l_ats;
end
$$;
comment on function private.sync_items(text, uuid, text, xid8, xid8[], xid8, xid8, uuid, integer, bigint) is
  'The changes of synced table p_table that concern user p_user since the state (p_x, p_ip) (every transaction below p_x except those in p_ip already delivered), after the position (p_after_c0, p_after_c1, p_after_id, p_after_kind), in that order, at most p_limit: (c0, c1, id, kind 1 = record | 0 = deletion, reason deleted | revoked, at). Modes: full (every row U sees), changes (records, hard deletes, revocations: sync_pull), visibility (only what a change of U''s keys or of a row''s keys brought or took: the user-scoped change feed), admin (every change, for admins). Streams and keys are read from private.visibility_rules (see sql/code/sync/items.sql).';

revoke all on function private.sync_items(text, uuid, text, xid8, xid8[], xid8, xid8, uuid, integer, bigint),
  private.sync_key_state(uuid, text, xid8, xid8[], text[]), private.sync_items_sql(text, text) from public, anon, authenticated, service_role;
-- sync_pull calls it as its owner; the change feed as service_role.
grant execute on function private.sync_items(text, uuid, text, xid8, xid8[], xid8, xid8, uuid, integer, bigint)
  to service_role;
