-- An index whose key is a leading prefix of another btree index on the same table serves no
-- read the longer one cannot, and costs every insert its upkeep (the lint redundant_index).
-- Each audit log had one on record_pk beside (record_pk, changed_at desc, id desc), which
-- serves a record's history, its restore and every lookup by record_pk alone; the logs'
-- generator (audit.enable_tracking) no longer creates it.
drop index if exists audit.listings_log_record_pk_idx;
drop index if exists audit.properties_log_record_pk_idx;
drop index if exists audit.tasks_log_record_pk_idx;
drop index if exists audit.users_log_record_pk_idx;
drop index if exists audit.activities_log_record_pk_idx;
