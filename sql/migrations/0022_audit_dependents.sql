-- What a deletion takes with it beyond the deleted row: a task's or activity's subtasks
-- (deleted with their parent, which has no foreign key to cascade from), the tasks and
-- activities that were on a deleted listing (their listing_id is set to NULL by the
-- deletion), and how many notes went with it. Recorded by audit.log_changes on the DELETE
-- entry, so that restore_entity brings the whole thing back (and says what it does not:
-- notes). NULL for every other entry, and for deletions logged before this column.
alter table audit.log add column dependents jsonb;
comment on column audit.log.dependents is
  'DELETE entries of tasks and activities: {subtasks: [their rows], notes: count}; of listings: {tasks: [ids], activities: [ids], notes: count} (what was on the listing). Read by restore_entity; NULL otherwise.';
