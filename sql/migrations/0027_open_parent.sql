-- Notes and subtasks of an open task or activity (one every user may see, so that it can be
-- claimed) are seen by every user too. Until now a user's notes and subtasks were found
-- through the ids of every parent he sees, open ones included: each open item in the system
-- was one more key of every user, so one account creating open tasks slowed every other
-- account's pulls and reads. A child now carries its parent's openness itself: one shared
-- key (kind everyone) for all of them, read through one partial index, whatever the number
-- of open items. Triggers keep it (sql/code/03_work_items.sql); apps never write it.
-- sync_xid (sync's column, which the final step adds where missing: 12_sync_changes.sql)
-- before the new column, so that a fresh install and an upgraded database have the same
-- column order.
alter table public.notes add column if not exists sync_xid xid8 not null default pg_current_xact_id();
alter table public.subtasks add column if not exists sync_xid xid8 not null default pg_current_xact_id();
alter table public.notes add column parent_open boolean not null default false;
alter table public.subtasks add column parent_open boolean not null default false;
comment on column public.notes.parent_open is
  'True while the parent is a task or activity every user may see (unclaimed, not completed): the note is then visible to every user too. Derived by trigger from the parent; never written by apps.';
comment on column public.subtasks.parent_open is
  'True while the parent is a task or activity every user may see (unclaimed, not completed): the subtask is then visible to every user too. Derived by trigger from the parent; never written by apps.';

update public.notes n set parent_open = true
  from public.tasks t
 where n.parent_type = 'task' and t.id = n.parent_id and t.claimed_by is null and not t.completed;
update public.notes n set parent_open = true
  from public.activities a
 where n.parent_type = 'activity' and a.id = n.parent_id and a.claimed_by is null and not a.completed;
update public.subtasks s set parent_open = true
  from public.tasks t
 where s.parent_type = 'task' and t.id = s.parent_id and t.claimed_by is null and not t.completed;
update public.subtasks s set parent_open = true
  from public.activities a
 where s.parent_type = 'activity' and a.id = s.parent_id and a.claimed_by is null and not a.completed;
