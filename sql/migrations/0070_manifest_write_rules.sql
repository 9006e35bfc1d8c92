-- Who may write a table's rows, and what a row's parent is, join who may see them in the table
-- manifest. Each was written by hand in the files of its area (the rule "a listing's owner may
-- write" three times over: the read policies' keys, the tasks' update policy and the subtasks'
-- helper), with nothing holding them equal; the final step of migrate now generates the write
-- policies and the checks that follow a parent from these columns
-- (sql/code/access/write_rules.sql), and the generated isolation suite reads them.
alter table private.table_manifest
  add column insert_by jsonb not null default '[]',
  add column update_by jsonb not null default '[]',
  add column delete_by jsonb not null default '[]',
  add column parent jsonb,
  add column claimed_as text unique,
  add column aliases jsonb not null default '{}',
  add constraint table_manifest_writes_check check (jsonb_typeof(insert_by) = 'array' and jsonb_typeof(update_by) = 'array'
                                                    and jsonb_typeof(delete_by) = 'array'),
  add constraint table_manifest_parent_check check (parent is null or jsonb_typeof(parent) = 'object'),
  add constraint table_manifest_aliases_check check (jsonb_typeof(aliases) = 'object');
comment on column private.table_manifest.insert_by is
  'Who may insert a row (the INSERT policy of authenticated): rules {kind, column, condition, parent} in the vocabulary of visible_to, any of which lets the caller; [] = no app user inserts.';
comment on column private.table_manifest.update_by is
  'Who may update a row, as insert_by (the UPDATE policy, on the row before and after).';
comment on column private.table_manifest.delete_by is 'Who may delete a row, as insert_by (the DELETE policy).';
comment on column private.table_manifest.parent is
  'The row a row belongs to: {"column": c, "table": t} (a foreign key), or {"column": c, "type_column": tc, "tables": {type: table}} (a parent of one of several tables named by tc). Write rules ask the caller to see it or to be allowed to write it; the child follows it (checked, deleted with it).';
comment on column private.table_manifest.claimed_as is
  'The item type under which claim_work_item and release_work_item claim rows of this table (task, activity), and sync_push reads claimed_by set to the caller, or to null, as a claim or release.';
comment on column private.table_manifest.aliases is
  'Keys an app''s records may carry for a column of another name, {"key": "column"} (sync_push writes the column); {"key": null}: a key records may carry and sync_push ignores.';

-- Who may write in a watchlist (its entries, rules and photos): a scope key of its own, so
-- that a write rule names it as a read rule names a watchlist.
insert into private.visibility_kinds (kind, derived_from, description) values
  ('watchlist_writer', null, 'A watchlist id, held by its owner and by the users it is shared with as ''write''.');
