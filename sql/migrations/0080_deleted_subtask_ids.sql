-- The ids of the subtasks a deleted task or activity took with it: its restore brings them
-- back, so nobody else may take them meanwhile (ID_TAKEN, as for a deleted row's own id).
-- Subtasks are not audited: their ids are in the parent's DELETE entry (audit.log
-- dependents), which only an index on this table makes cheap to ask about per insert.
create table private.deleted_subtasks (
  id uuid primary key,
  parent_table text not null,
  parent_id uuid not null
);
comment on table private.deleted_subtasks is
  'The id of every subtask that went with a deleted task or activity (parent_table, parent_id) not restored since: written by the audit DELETE trigger, removed by the restore that brings it back. An app user''s INSERT of such an id is ID_TAKEN. Nobody but the owner reads or writes it.';
comment on column private.deleted_subtasks.id is 'The subtask''s id.';
comment on column private.deleted_subtasks.parent_table is 'tasks or activities: the table of the deleted parent.';
comment on column private.deleted_subtasks.parent_id is 'The deleted parent''s id.';
revoke all on table private.deleted_subtasks from public, anon, authenticated, service_role;

-- The subtasks of the parents deleted so far, and not live again (restored, or re-created).
insert into private.deleted_subtasks (id, parent_table, parent_id)
select distinct on ((s.value ->> 'id')::uuid) (s.value ->> 'id')::uuid, l.table_name, l.record_pk
  from audit.log l
 cross join lateral jsonb_array_elements(coalesce(l.dependents -> 'subtasks', '[]')) s
 where l.table_name in ('tasks', 'activities') and l.action = 'DELETE'
   and not exists (select from public.subtasks x where x.id = (s.value ->> 'id')::uuid)
   and not exists (select from public.tasks t where l.table_name = 'tasks' and t.id = l.record_pk)
   and not exists (select from public.activities a where l.table_name = 'activities' and a.id = l.record_pk)
 order by (s.value ->> 'id')::uuid, l.changed_at desc, l.id desc;
