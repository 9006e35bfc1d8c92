-- The openness of the parents of derived rows (notes and subtasks of tasks and activities),
-- held once per parent: private.child_parents (migration 0072_child_parents).
--
-- A child is seen with its parent (a derived kind: access/visibility.sql), and the parent of
-- an open item is seen by every user (its everyone rule), so its children are too. Each
-- child used to carry that openness itself, and every claim, release or completion rewrote
-- every child of the item: a cost in proportion to rows other users had added (16,000 notes
-- of one account on another's open task made its claims time out). Now a change of openness
-- writes one row per child table, and what reads children derives their openness from it:
--   policies        the ids of the open parents that have children of the table
--                   (private.open_parent_ids), beside those the caller sees through his
--                   own keys: one index condition on the children's parent column
--   full pull       the same parents as keys (sync/items.sql)
--   incremental     the open parents whose children changed since the cursor
--                   (children_xid), those opened since (their children delivered) and
--                   those closed since (their children revoked, unless seen otherwise):
--                   each one index range, as many rows as changed
--   deletions       a child's deletion is recorded under its parent key (sync_deletions),
--                   found through the same parents
-- Each read costs the parents it delivers children of, never one probe per open item in
-- the system: a parent without children has no row, and one whose children are all gone is
-- left out (children = 0).
--
-- One case the ids cannot serve: a row just written, whose parent the statement's own
-- trigger counts only at its end, while an INSERT ... RETURNING (sync_push, an API layer's
-- "return the row") checks the new row against the SELECT policy at once. So the policy
-- of a child table with an author (created_by: its insert policy requires the caller) also
-- lets the author see his rows on an open parent, read from the parent row
-- (private.is_open_parent): rows every user sees anyway, and a term that reads only the
-- caller's own rows (created_by is indexed).
--
-- Kept by triggers: on the children once per statement (insert, update, delete: the count,
-- netted per parent, and children_xid), on the parents per row when their everyone rule's
-- answer changes (a claim, release, completion: open, opened_xid; one row per child table)
-- and once per statement on a delete (the rows go). Writers of one
-- parent's children queue on its row, so its last writer is the last to commit: a cursor
-- that has not seen children_xid has not seen any of the writes it stands for. A new child
-- locks its parent FOR SHARE (private.check_work_parent), so a claim and a new child of the
-- same parent are never both in flight: the openness a new row records is the parent's.

-- For the policies of child tables: the open parents (kind p_kind) that have rows in p_child.
-- PL/pgSQL for its cached plan (a SQL function with SET is planned again at every call).
-- SECURITY DEFINER: the policies of app users call it, and the table is nobody's to read.
create or replace function private.open_parent_ids(p_child text, p_kind text) returns setof uuid
  language plpgsql stable security definer
  rows 10
  set search_path = pg_catalog, pg_temp
as $$
begin
  return query select c.parent_id from private.child_parents c
                where c.child_table = p_child and c.kind = p_kind and c.open and c.children > 0;
end
$$;
comment on function private.open_parent_ids(text, text) is
  'The ids of the parents of kind p_kind (task, activity) that every user may see now (open) and that have rows in p_child (notes, subtasks): the children every user sees through their parent, for the SELECT policies of the child tables (private.visibility_predicate). One index range of private.child_parents: its rows are the parents with children, never every open item. SECURITY DEFINER so that policies can call it.';

-- The rules whose parents are open to every user at times: a derived kind whose parent table
-- has an everyone rule. Each such (child table, kind) has rows in private.child_parents.
create or replace function private.child_parent_rules() returns table (
  child_table text, kind text, key_column text, condition text, parent_table text, parent_open text)
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  select r.table_name, r.kind, r.key_column, r.condition, k.derived_from,
         (select pg_catalog.string_agg('(' || e.condition || ')', ' or ' order by e.condition)
            from private.visibility_rules e where e.table_name = k.derived_from and e.kind = 'everyone')
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind and k.derived_from is not null
   where exists (select from private.visibility_rules e where e.table_name = k.derived_from and e.kind = 'everyone')
   order by r.table_name, r.kind
$$;
comment on function private.child_parent_rules() is
  'The visibility rules of derived kinds whose parent table has an everyone rule (a note''s task, which is open to every user while unclaimed): the child table, kind, key column and condition, the parent table and its everyone condition over a row named "it". The (child table, kind) pairs private.child_parents keeps.';

-- The triggers' statements, one static statement per table and operation (planned once per
-- session), in one dispatch function.
create or replace function private.generate_child_parents() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_branches text[] := '{}';
  v_table record;
  v_op record;
  -- The everyone key's mark of each child table with children among the parents whose
  -- openness the statement changed (the CTE opened).
  v_marks constant text := private.sync_marks_insert_sql(
    'select distinct private.everyone_key() as user_id, o.child_table as table_name from opened o where o.children > 0');
begin
  -- The children: per parent, the rows inserted (+1) and deleted (-1), an update's new rows
  -- (+1) and old ones (-1), netted; every parent touched gets children_xid. A parent new to
  -- the table takes its openness from its row; opened_xid 0 (nothing opened or closed: the
  -- children themselves are new, found through children_xid).
  for v_table in select c.child_table from private.child_parent_rules() c group by c.child_table order by c.child_table loop
    for v_op in select * from (values ('INSERT', array['new_rows'], array[1]), ('UPDATE', array['new_rows', 'old_rows'], array[1, -1]),
                                      ('DELETE', array['old_rows'], array[-1])) o (op, sets, signs) loop
      v_branches := v_branches || array[[v_table.child_table || ' ' || v_op.op, pg_catalog.format(
        $s$with d as materialized (
            select v.kind, v.key, sum(v.n)::integer as n%4$s
              from (%1$s) v (kind, key, n)
             where v.key is not null
             group by v.kind, v.key
          ), u as (
            update private.child_parents c set children = c.children + d.n, children_xid = pg_catalog.pg_current_xact_id()%5$s
              from d where c.parent_id = d.key and c.kind = d.kind and c.child_table = %2$L
            returning c.parent_id, c.kind
          )
          insert into private.child_parents as c (parent_id, kind, child_table, open, children, opened_xid)
          select d.key, d.kind, %2$L, %3$s, d.n, '0'
            from d
           where d.n > 0 and not exists (select from u where u.parent_id = d.key and u.kind = d.kind)
           order by d.key, d.kind
          on conflict on constraint child_parents_pkey
          do update set children = c.children + excluded.children, children_xid = excluded.children_xid;$s$,
        (select pg_catalog.string_agg(pg_catalog.format('select %L::text, case when %s then it.%I end, %s from %s it',
                                                        r.kind, coalesce(r.condition, 'true'), r.key_column, s.sign, s.source),
                                      ' union all ' order by r.kind, s.n)
           from private.child_parent_rules() r
          cross join unnest(v_op.sets, v_op.signs) with ordinality s (source, sign, n)
          where r.child_table = v_table.child_table),
        v_table.child_table,
        (select 'case d.kind ' || pg_catalog.string_agg(pg_catalog.format(
                  'when %L then coalesce((select %s from public.%I it where it.id = d.key), false)', r.kind, r.parent_open, r.parent_table),
                  ' ' order by r.kind) || ' end'
           from private.child_parent_rules() r where r.child_table = v_table.child_table),
        -- An insert locked its parents FOR SHARE (private.check_work_parent): their openness
        -- is read again, race-free, for a row left behind by a parent deleted and then
        -- re-created with its id (a restore).
        case when v_op.op = 'INSERT' then ', ' || (
          select 'case v.kind ' || pg_catalog.string_agg(pg_catalog.format(
                   'when %L then coalesce((select %s from public.%I it where it.id = v.key), false)', r.kind, r.parent_open, r.parent_table),
                   ' ' order by r.kind) || ' end as open'
            from private.child_parent_rules() r where r.child_table = v_table.child_table) else '' end,
        case when v_op.op = 'INSERT'
             then ', open = d.open, opened_xid = case when c.open is distinct from d.open then pg_catalog.pg_current_xact_id() else c.opened_xid end,'
                  ' opened_at = case when c.open is distinct from d.open then pg_catalog.clock_timestamp() else c.opened_at end'
             else '' end)]];
    end loop;
  end loop;

  -- The parents: a change of their openness (a row trigger whose WHEN clause compares the
  -- everyone rule on the old and the new row: called only for a claim, release, completion
  -- or reopening), or a delete (per statement), which closes them.
  for v_table in select c.parent_table, c.parent_open, array_agg(distinct c.kind) as kinds
                   from private.child_parent_rules() c group by c.parent_table, c.parent_open order by c.parent_table loop
    -- Either way every user's children of the parent appeared or went without being
    -- written: the everyone key's change mark of each child table that has some tells every
    -- poll (sync/marks.sql), as a write of a row every user sees does.
    v_branches := v_branches || array[[v_table.parent_table || ' UPDATE', pg_catalog.format(
      $s$with opened as (
            update private.child_parents c
               set open = x.open, opened_xid = pg_catalog.pg_current_xact_id(), opened_at = pg_catalog.clock_timestamp()
              from (select coalesce(%1$s, false) as open) x
             where c.parent_id = new.id and c.kind = any (%2$L::text[]) and c.open is distinct from x.open
            returning c.child_table, c.children)
          %3$s;$s$,
      private.visibility_condition(v_table.parent_open, 'new'), v_table.kinds, v_marks)]];
    -- A deleted parent closes (its rows stay: a device that saw its children while it was
    -- open learns of their deletion through it, even when it was claimed and then deleted
    -- between two pulls; public.purge_sync_deletions removes them later).
    v_branches := v_branches || array[[v_table.parent_table || ' DELETE', pg_catalog.format(
      $s$with opened as (
            update private.child_parents c
               set open = false, opened_xid = pg_catalog.pg_current_xact_id(), opened_at = pg_catalog.clock_timestamp()
              from old_rows o
             where c.parent_id = o.id and c.kind = any (%1$L::text[]) and c.open
            returning c.child_table, c.children)
          %2$s;$s$, v_table.kinds, v_marks)]];
  end loop;

  -- Whether a parent is open now, read from its own row: for the policy term that lets the
  -- author of a row just written see it (private.visibility_predicate).
  perform private.create_table_dispatch(
    'private.is_open_parent', 'p_kind text, p_id uuid', 'boolean', 'stable security definer', 'p_kind',
    (select pg_catalog.array_agg(array[x.kind, pg_catalog.format('return exists (select from public.%I it where it.id = p_id and (%s));',
                                                                 x.parent_table, x.parent_open)] order by x.kind)
       from (select distinct c.kind, c.parent_table, c.parent_open from private.child_parent_rules() c) x),
    '%s is not a kind whose parents open to every user',
    'True when the parent p_id of kind p_kind (task, activity) is open to every user now, read from the parent row. For the SELECT policies of child tables (the author of a row just written on an open parent sees it before private.child_parents counts it). Generated by private.generate_child_parents; SECURITY DEFINER so that policies can call it.',
    p_grantees => array['authenticated']);

  perform private.create_table_dispatch(
    'private.record_child_parents', '', 'trigger', 'security definer', 'tg_table_name || '' '' || tg_op',
    case when pg_catalog.cardinality(v_branches) > 0 then v_branches end,
    '%s has no children or parents in private.child_parents',
    'AFTER trigger function of the child tables of private.child_parent_rules() (per statement, insert, update, delete: each parent''s count of children, netted, and children_xid) and of their parent tables (per row, an update that changes what their everyone rule says: open, opened_xid; per statement, a delete: the parents'' rows go). Generated by private.generate_child_parents; SECURITY DEFINER: private.child_parents is nobody''s to write.');

  -- The author's term of the policy is an index condition on created_by: planned, like a
  -- scope key, for one author's rows, not for the average author's share of the table (two
  -- authors, one of them with 300,000 notes, made every other author's plain read a scan).
  for v_table in
    select distinct c.child_table from private.child_parent_rules() c
      join pg_catalog.pg_attribute a on a.attrelid = pg_catalog.format('public.%I', c.child_table)::regclass
                                    and a.attname = 'created_by' and not a.attisdropped
     where 'n_distinct=-0.01' <> all (coalesce(a.attoptions, '{}'))
  loop
    execute pg_catalog.format('alter table public.%I alter column created_by set (n_distinct = -0.01)', v_table.child_table);
  end loop;

  -- Their triggers: dropped where a table no longer takes part, (re)created where it does.
  for v_table in
    select t.tgname, t.tgrelid::regclass as rel
      from pg_catalog.pg_trigger t
     where t.tgname like '\_child\_parents\_%' and not t.tgisinternal
       and t.tgrelid::regclass::text not in (select 'public.' || c.child_table from private.child_parent_rules() c
                                              union select 'public.' || c.parent_table from private.child_parent_rules() c)
  loop
    perform private.define(pg_catalog.format('drop trigger if exists %I on %s', v_table.tgname, v_table.rel));
  end loop;
  for v_table in select distinct c.child_table from private.child_parent_rules() c loop
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_insert after insert on public.%I '
                              'referencing new table as new_rows for each statement execute function private.record_child_parents()', v_table.child_table));
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_update after update on public.%I '
                              'referencing old table as old_rows new table as new_rows for each statement execute function private.record_child_parents()', v_table.child_table));
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_delete after delete on public.%I '
                              'referencing old table as old_rows for each statement execute function private.record_child_parents()', v_table.child_table));
  end loop;
  for v_table in select c.parent_table, c.parent_open from private.child_parent_rules() c group by c.parent_table, c.parent_open loop
    -- (A statement trigger cannot be limited to the columns the rule reads when it takes
    -- transition tables, and would then run for every update of the parents.)
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_open after %s on public.%I for each row '
                              'when (coalesce(%s, false) is distinct from coalesce(%s, false)) execute function private.record_child_parents()',
                              private.update_of_sql(v_table.parent_table, private.condition_columns(v_table.parent_open)),
                              v_table.parent_table, private.visibility_condition(v_table.parent_open, 'old'),
                              private.visibility_condition(v_table.parent_open, 'new')));
    perform private.define(pg_catalog.format('create or replace trigger _child_parents_delete after delete on public.%I '
                              'referencing old table as old_rows for each statement execute function private.record_child_parents()', v_table.parent_table));
  end loop;
end
$$;
comment on function private.generate_child_parents() is
  '(Re)creates private.record_child_parents, with a branch per child table and operation and per parent table (private.child_parent_rules()), and attaches its statement triggers _child_parents_* to those tables (dropping them from tables that no longer take part). Run by private.apply_manifest.';

revoke all on function private.open_parent_ids(text, text), private.child_parent_rules(), private.generate_child_parents()
  from public, anon, authenticated, service_role;
-- The policies of the child tables call it as the querying user.
grant execute on function private.open_parent_ids(text, text) to authenticated;
