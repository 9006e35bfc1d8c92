-- Notes and subtasks of an open task or activity (one every user may see, so that it can be
-- claimed) are seen by every user too. Each child carried its parent's openness itself
-- (parent_open), so every claim, release or completion rewrote every note and subtask of the
-- item: one account writing 16,000 notes on another's open task made every claim, release
-- and completion of it time out, and nobody but the notes' author could remove them.
--
-- Now the openness is the parent's, held once per parent and child table: a claim changes
-- one row here, whatever the number of children. Reads derive a child's visibility from it:
-- the children of the open parents that have some (a policy's ids, a full pull's keys), of
-- those whose children changed since a cursor (an incremental pull), of those that opened or
-- closed since (what a pull delivers or revokes). Triggers keep it (sql/code/rows/work_items.sql
-- and the final step of migrate); apps never read or write it.
create table private.child_parents (
  parent_id uuid not null,
  kind text not null,
  child_table text not null,
  open boolean not null,
  children integer not null default 0 check (children >= 0),
  children_xid xid8 not null default pg_current_xact_id(),
  opened_xid xid8 not null default pg_current_xact_id(),
  opened_at timestamptz not null default clock_timestamp(),
  constraint child_parents_pkey primary key (parent_id, kind, child_table)
);
comment on table private.child_parents is
  'One row per parent (a task or activity: kind) that has had children in child_table (notes, subtasks): whether every user may see the parent now (open, its everyone rule), how many children it has, the transaction that last wrote one of them (children_xid) and the one that last changed its openness (opened_xid, at opened_at). A child of an open parent is visible to every user; a claim, release or completion changes this row, never the children. Kept by triggers of the children and of the parents.';
comment on column private.child_parents.children_xid is
  'The transaction that last inserted, changed or deleted a child of this parent in child_table: writers of one parent''s children queue on this row, so the last of them committed last, and a pull whose cursor has not seen it reads the parent''s children written since.';
comment on column private.child_parents.opened_xid is
  'The transaction that last changed open (or created the row): a pull whose cursor has not seen it delivers the children of a parent opened since, or revokes those of a parent closed since.';
-- The open parents with children (a policy's ids, a full pull), those whose children changed
-- since a cursor, those whose openness changed since a cursor: each one index range.
create index child_parents_open_idx on private.child_parents (child_table, kind, parent_id) where open and children > 0;
create index child_parents_children_xid_idx on private.child_parents (child_table, kind, children_xid) where open;
create index child_parents_opened_xid_idx on private.child_parents (child_table, kind, opened_xid);

insert into private.child_parents (parent_id, kind, child_table, open, children)
select c.parent_id, c.parent_type, 'notes', bool_or(c.parent_open), count(*)
  from public.notes c where c.parent_type in ('task', 'activity') group by c.parent_id, c.parent_type;
insert into private.child_parents (parent_id, kind, child_table, open, children)
select c.parent_id, c.parent_type, 'subtasks', bool_or(c.parent_open), count(*)
  from public.subtasks c where c.parent_type in ('task', 'activity') group by c.parent_id, c.parent_type;

revoke all on private.child_parents from public, anon, authenticated, service_role;
-- The change feed reads it as the service (private.sync_items_<table>_visibility).
grant select on private.child_parents to service_role;

-- The children's own copy goes, with what was built on it: whatever depends on the column
-- (their SELECT policies, the triggers whose WHEN clauses compare it; the final step of
-- migrate makes the new ones), the partial index of open children (dropped with the
-- column), and the trigger that rewrote the children.
do $$
declare
  v_object record;
begin
  for v_object in
    select 'trigger' as what, t.tgname as name, t.tgrelid::regclass::text as rel
      from pg_catalog.pg_depend d
      join pg_catalog.pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      join pg_catalog.pg_trigger t on d.classid = 'pg_catalog.pg_trigger'::regclass and t.oid = d.objid
     where d.refobjid in ('public.notes'::regclass, 'public.subtasks'::regclass) and a.attname = 'parent_open'
    union
    select 'policy', p.polname, p.polrelid::regclass::text
      from pg_catalog.pg_depend d
      join pg_catalog.pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      join pg_catalog.pg_policy p on d.classid = 'pg_catalog.pg_policy'::regclass and p.oid = d.objid
     where d.refobjid in ('public.notes'::regclass, 'public.subtasks'::regclass) and a.attname = 'parent_open'
  loop
    execute format('drop %s %I on %s', v_object.what, v_object.name, v_object.rel);
  end loop;
end
$$;
drop trigger if exists propagate_parent_open on public.tasks;
drop trigger if exists propagate_parent_open on public.activities;
alter table public.notes drop column parent_open;
alter table public.subtasks drop column parent_open;
