-- What the generated isolation suite cannot work out for a table's example row from its rules
-- and the catalog (sql/code/manifest/tables.sql says it beside the table's other features).
alter table private.table_manifest
  add column example jsonb not null default '{}',
  add constraint table_manifest_example_check check (jsonb_typeof(example) = 'object');
comment on column private.table_manifest.example is
  'Values of an example row the generated isolation suite cannot derive from the rules and the catalog (keys, references, defaults, CHECK lists): {"column": value}, or {"column": {"row": table, "with": {...}}} for a row of its own of that table.';
