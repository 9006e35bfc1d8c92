-- The functions the API roles may run: for each, who may call it and why, and how the
-- generated isolation suite calls it as one user with another user's ids. Nothing else is
-- executable by anon, authenticated or service_role (SecurityTests holds every migrated
-- database to this list, plain and Supabase-like); anon runs nothing.
--
--   class     rpc       an app's documented RPC (docs/errors.md): it validates its input and
--                       answers only what the caller may see
--             worker    the worker's and monitoring's documented functions (service_role)
--             policy    what row-level security policies, storage policies and guards call as
--                       the app user: invoker, or SECURITY DEFINER answering only about the
--                       caller (its why says which), then of schema private and run by
--                       authenticated alone
--             internal  an invoker helper an invoker RPC calls as the caller, under the
--                       caller's row-level security: never SECURITY DEFINER (what it needs
--                       that the caller does not see is a documented RPC's answer)
--   calls     how the isolation suite calls it as user B (Tests/SecurityTests/HostileUsers.swift):
--             {"sql": text with placeholders, "id": the table (or table.column) whose row of
--             user A {id} stands for, "each": synced | manifest | audited | claimed (one call
--             per such table: {table}, {entity}, {claim}), "state": "deleted" (A's row deleted
--             or tombstoned first), "new": true (an id offered for a new row: A's may be
--             answered as taken, nothing more), "record": row | reference (A's row as a
--             record {record} at {version}, or B's own new row referencing A's parent),
--             "reads": true (a read path: A's cost is measured beside other users' data, with
--             {id} her row of the table: a guard sync_push asks of every record counts as one)}.
--             {own:<table>} is B's own row of that table. Every function app users may run
--             has at least one call.
--   signature {table} stands for each synced table (the per-table functions sync generates).

truncate private.api_functions;

create or replace function private.api(p_signature text, p_class text, p_roles text[], p_why text, p_calls jsonb default '[]')
  returns void
  language sql
  set search_path = pg_catalog, pg_temp
as $$
  insert into private.api_functions (signature, class, roles, why, calls) values ($1, $2, $3, $4, $5)
$$;
comment on function private.api(text, text, text[], text, jsonb) is
  'One entry of the list of functions the API roles may run (sql/code/manifest/api.sql): private.api_functions.';
revoke all on function private.api(text, text, text[], text, jsonb) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Claims
-- ---------------------------------------------------------------------------------------
select private.api('public.claim_work_item(text, uuid)', 'rpc', '{authenticated,service_role}',
  'Claims an open task or activity; SECURITY DEFINER: the caller may claim what he may not update.',
  '[{"sql": "select public.claim_work_item({claim}, {id})", "each": "claimed"}]');
select private.api('public.release_work_item(text, uuid)', 'rpc', '{authenticated,service_role}',
  'Releases the caller''s claim (or an admin''s release); SECURITY DEFINER as claim_work_item.',
  '[{"sql": "select public.release_work_item({claim}, {id})", "each": "claimed"}]');
select private.api('public.get_claim_holder(text, uuid)', 'rpc', '{authenticated,service_role}',
  'Who holds a task or activity, as far as the caller may be told (the rule claim_work_item and sync_push answer a lost claim with); SECURITY DEFINER: the claim it reports took the item out of the caller''s sight.',
  '[{"sql": "select public.get_claim_holder({claim}, {id})", "each": "claimed", "reads": true}]');
select private.api('private.refuse_claim(text, uuid)', 'internal', '{authenticated,service_role}',
  'get_claim_holder''s answer as claim_work_item''s error, for sync_push as the caller.',
  '[{"sql": "select private.refuse_claim({claim}, {id})", "each": "claimed"}]');
select private.api('public.get_claim_history(text, uuid)', 'rpc', '{authenticated}',
  'When an item was claimed and released, to those entitled to it; SECURITY DEFINER: it reads the audit log of items the caller may no longer see.',
  '[{"sql": "select count(*) from public.get_claim_history({claim}, {id})", "each": "claimed"}]');
select private.api('private.release_expired_claims(integer)', 'worker', '{service_role}',
  'The worker''s release of expired claims; SECURITY DEFINER: it releases claims of any user.');
select private.api('private.claim_conflict(text, uuid)', 'internal', '{authenticated,service_role}',
  'sync_push''s answer for a claim another user won, in claim_work_item''s words.',
  '[{"sql": "select private.claim_conflict({claim}, {id})", "each": "claimed"}]');

-- ---------------------------------------------------------------------------------------
-- Audit history and restore
-- ---------------------------------------------------------------------------------------
select private.api('public.get_entity_history(text, uuid, integer, bigint)', 'rpc', '{authenticated,service_role}',
  'An entity''s audit history, newest first, paged; invoker: the audit log''s row-level security decides.',
  '[{"sql": "select public.get_entity_history({entity}, {id}, 50, null)", "each": "audited", "reads": true},
    {"sql": "select public.get_entity_history({entity}, {id}, 50, null)", "each": "audited", "state": "deleted"}]');
select private.api('public.get_recently_deleted(integer)', 'rpc', '{authenticated,service_role}',
  'Deletions of the last 30 days the caller may see; SECURITY DEFINER: it reads the deletions'' snapshots, filtered by who may see them.',
  '[{"sql": "select public.get_recently_deleted(50)", "reads": true}]');
select private.api('public.restore_entity(text, uuid)', 'rpc', '{authenticated,service_role}',
  'Re-creates a deleted entity from its last snapshot; SECURITY DEFINER: the row is not there for row-level security to judge.',
  '[{"sql": "select public.restore_entity({entity}, {id})", "each": "audited", "state": "deleted"}]');
select private.api('audit.get_table_names()', 'internal', '{authenticated,service_role}',
  'The entity types and their tables, for get_entity_history and the apps.',
  '[{"sql": "select audit.get_table_names()"}]');
select private.api('audit.entity_table(text)', 'internal', '{authenticated,service_role}',
  'The table of an entity type (INVALID_ENTITY_TYPE otherwise), for get_entity_history.',
  '[{"sql": "select audit.entity_table({entity})", "each": "audited"}]');

-- ---------------------------------------------------------------------------------------
-- Journals: the owner's alone (never service_role)
-- ---------------------------------------------------------------------------------------
select private.api('public.journal_create_thread(text, text, uuid)', 'rpc', '{authenticated}',
  'Creates a thread with the caller''s id for it, if given.',
  '[{"sql": "select public.journal_create_thread(''t'', null, {id})", "id": "journal_threads", "new": true}]');
select private.api('public.journal_add_entry(uuid, text, jsonb, uuid, timestamp with time zone)', 'rpc', '{authenticated}',
  'Adds an entry to one of the caller''s threads.',
  '[{"sql": "select public.journal_add_entry({id}, ''x'', null, null, null)", "id": "journal_threads"},
    {"sql": "select public.journal_add_entry({own:journal_threads}, ''x'', null, {id}, null)", "id": "journal_entries", "new": true}]');
select private.api('public.journal_update_entry(uuid, text, jsonb)', 'rpc', '{authenticated}',
  'Changes an entry''s content and values.',
  '[{"sql": "select public.journal_update_entry({id}, ''x'', null)", "id": "journal_entries"}]');
select private.api('public.journal_delete_entry(uuid)', 'rpc', '{authenticated}', 'Deletes an entry (a tombstone).',
  '[{"sql": "select public.journal_delete_entry({id})", "id": "journal_entries"}]');
select private.api('public.journal_delete_thread(uuid)', 'rpc', '{authenticated}', 'Deletes a thread (a tombstone).',
  '[{"sql": "select public.journal_delete_thread({id})", "id": "journal_threads"}]');
select private.api('public.journal_restore_thread(uuid)', 'rpc', '{authenticated}', 'Undoes a thread''s deletion.',
  '[{"sql": "select public.journal_restore_thread({id})", "id": "journal_threads", "state": "deleted"}]');
select private.api('public.journal_rename_thread(uuid, text)', 'rpc', '{authenticated}', 'Renames a thread.',
  '[{"sql": "select public.journal_rename_thread({id}, ''renamed'')", "id": "journal_threads"}]');
select private.api('public.journal_export_csv(uuid)', 'rpc', '{authenticated}', 'A thread as CSV.',
  '[{"sql": "select public.journal_export_csv({id})", "id": "journal_threads", "reads": true}]');
select private.api('public.journal_csv_lines(uuid)', 'rpc', '{authenticated}', 'A thread as CSV lines, streamed.',
  '[{"sql": "select count(*) from public.journal_csv_lines({id})", "id": "journal_threads", "reads": true}]');
select private.api('public.journal_export_file(uuid)', 'rpc', '{authenticated}', 'A thread''s export file name and CSV.',
  '[{"sql": "select public.journal_export_file({id})", "id": "journal_threads"}]');
select private.api('public.purge_journal_tombstones(interval)', 'worker', '{service_role}',
  'The worker''s purge of journal tombstones older than the interval; SECURITY DEFINER: no role reads journals but their owner.');
select private.api('private.journal_file_stem(text)', 'internal', '{authenticated}', 'A thread''s export file name (no table read).',
  '[{"sql": "select private.journal_file_stem(''CON'')"}]');
select private.api('private.journal_caller()', 'internal', '{authenticated}', 'The signed-in caller of a journal RPC.',
  '[{"sql": "select private.journal_caller()"}]');
select private.api('private.journal_live_thread(uuid)', 'internal', '{authenticated}', 'A live thread of the caller, or NOT_FOUND.',
  '[{"sql": "select private.journal_live_thread({id})", "id": "journal_threads"}]');
select private.api('private.journal_listed_thread(uuid, boolean)', 'internal', '{authenticated}', 'A thread of the caller, deleted or not.',
  '[{"sql": "select private.journal_listed_thread({id}, true)", "id": "journal_threads"}]');
select private.api('private.journal_set_thread_deleted(uuid, boolean)', 'internal', '{authenticated}', 'Deletes or restores a thread.',
  '[{"sql": "select private.journal_set_thread_deleted({id}, true)", "id": "journal_threads"}]');
select private.api('private.journal_entry_json(public.journal_entries)', 'internal', '{authenticated}', 'An entry with its values, as the RPCs answer it.',
  '[{"sql": "select private.journal_entry_json(e) from public.journal_entries e where e.id = {id}", "id": "journal_entries"}]');
select private.api('private.journal_values(jsonb)', 'internal', '{authenticated}', 'Validates the values of an entry.',
  '[{"sql": "select private.journal_values(''{}''::jsonb)"}]');
select private.api('private.journal_write_values(uuid, jsonb)', 'internal', '{authenticated}', 'Writes the values of an entry.',
  '[{"sql": "select private.journal_write_values({id}, ''{}''::jsonb)", "id": "journal_entries"}]');
select private.api('private.journal_csv_columns(uuid)', 'internal', '{authenticated}', 'The columns of a thread''s CSV.',
  '[{"sql": "select private.journal_csv_columns({id})", "id": "journal_threads"}]');

-- ---------------------------------------------------------------------------------------
-- Notifications, preferences, devices
-- ---------------------------------------------------------------------------------------
select private.api('public.get_badge_counts(boolean)', 'rpc', '{authenticated,service_role}',
  'The caller''s badge counts; SECURITY DEFINER: it reads the counters kept for him.',
  '[{"sql": "select public.get_badge_counts(true)", "reads": true}]');
select private.api('public.mark_notifications_read(uuid[])', 'rpc', '{authenticated,service_role}', 'Marks some of the caller''s notifications read.',
  '[{"sql": "select public.mark_notifications_read(array[{id}]::uuid[])", "id": "notifications"}]');
select private.api('public.mark_all_notifications_read()', 'rpc', '{authenticated,service_role}', 'Marks all the caller''s notifications read.',
  '[{"sql": "select public.mark_all_notifications_read()"}]');
select private.api('public.get_notification_preferences()', 'rpc', '{authenticated,service_role}', 'The caller''s switches.',
  '[{"sql": "select public.get_notification_preferences()", "reads": true}]');
select private.api('public.set_notification_preference(text, boolean)', 'rpc', '{authenticated,service_role}', 'Sets one of the caller''s switches.',
  '[{"sql": "select public.set_notification_preference(''notify_watchlist_shares'', false)"}]');
select private.api('public.register_push_device(text, text, text)', 'rpc', '{authenticated,service_role}',
  'Registers a device token for the caller; SECURITY DEFINER: a token another account holds is refused (DEVICE_TAKEN), which it must see to refuse.',
  '[{"sql": "select public.register_push_device(''ios'', {id}, ''production'')", "id": "push_devices.token", "new": true}]');
select private.api('public.unregister_push_device(text)', 'rpc', '{authenticated,service_role}', 'Removes one of the caller''s device tokens.',
  '[{"sql": "select public.unregister_push_device({id})", "id": "push_devices.token"}]');
select private.api('public.notification_badge_counts(uuid, boolean)', 'worker', '{service_role}', 'A user''s badge counts, for the push payloads.');
select private.api('public.notification_registry_drift()', 'worker', '{service_role}', 'Where the notification registry and its CHECK differ.');
select private.api('private.take_watchlist_share_notices(bigint[], uuid[], uuid[])', 'worker', '{service_role}',
  'The share notices the notification handler turns into notifications.');
select private.api('private.plan_notification_budgets(uuid[], uuid[])', 'worker', '{service_role}',
  'Says how each notification of a batch would be pushed if its senders'' hourly budgets were spent now, locking nothing: the one insert of notifications (NotificationWriter) stores the rows with these modes; SECURITY DEFINER: the counters are nobody''s to read or write.');
select private.api('private.spend_notification_budgets(uuid[], uuid[], text[])', 'worker', '{service_role}',
  'Spends a batch of notifications'' senders'' hourly budgets and checks the push modes the rows were stored with: the one insert of notifications (NotificationWriter) calls it last; SECURITY DEFINER: the counters are nobody''s to read or write.');

-- ---------------------------------------------------------------------------------------
-- Watchlists, photos, spatial
-- ---------------------------------------------------------------------------------------
select private.api('public.watchlist_invitations(integer, uuid)', 'rpc', '{authenticated}',
  'The caller''s invitations (shares of watchlists not yet accepted); SECURITY DEFINER: it reads the titles of lists the caller does not see yet.',
  '[{"sql": "select public.watchlist_invitations(50, null)", "reads": true},
    {"sql": "select public.watchlist_invitations(50, {id})", "id": "watchlist_shares"}]');
select private.api('public.accept_watchlist_share(uuid)', 'rpc', '{authenticated}',
  'Accepts the caller''s invitation to a watchlist; SECURITY DEFINER: accepted_at is the server''s to set.',
  '[{"sql": "select public.accept_watchlist_share({id})", "id": "watchlists"}]');
select private.api('public.decline_watchlist_share(uuid)', 'rpc', '{authenticated}',
  'Declines the caller''s invitation to a watchlist, or leaves one; SECURITY DEFINER: a list not shared with the caller answers as one that does not exist.',
  '[{"sql": "select public.decline_watchlist_share({id})", "id": "watchlists"}]');
select private.api('public.hotspots_near(double precision, double precision, double precision)', 'rpc', '{authenticated,service_role}',
  'Hotspots around a point (reference data).', '[{"sql": "select count(*) from public.hotspots_near(44.5, -110.5, 5)", "reads": true}]');
select private.api('public.birds_near(double precision, double precision, double precision)', 'rpc', '{authenticated,service_role}',
  'Birds of the caller''s watchlists around a point.', '[{"sql": "select count(*) from public.birds_near(44.5, -110.5, 5)", "reads": true}]');
select private.api('public.purge_watchlist_tombstones(interval)', 'worker', '{service_role}', 'The worker''s purge of watchlist tombstones.');
select private.api('private.assert_spatial_args(double precision, double precision, double precision)', 'internal', '{authenticated,service_role}',
  'Validates the arguments of hotspots_near and birds_near.', '[{"sql": "select private.assert_spatial_args(91, 0, 1)"}]');
select private.api('private.sighting_watchlists(bigint[], uuid[], uuid[], double precision[], double precision[], uuid[])', 'worker', '{service_role}',
  'The watchlists a sighting falls into, for the notification handler.');
select private.api('private.watchlist_photo_entry(text)', 'policy', '{authenticated}',
  'The entry a photo object''s name belongs to (no table read), for the storage policies.',
  '[{"sql": "select private.watchlist_photo_entry({id} || ''/'' || gen_random_uuid() || ''.jpg'')", "id": "watchlist_entries"}]');
select private.api('private.may_read_watchlist_photo(text)', 'policy', '{authenticated}',
  'Whether the caller sees a photo object''s entry: the storage policies; SECURITY DEFINER, answering only about the caller.',
  '[{"sql": "select private.may_read_watchlist_photo({id} || ''/'' || gen_random_uuid() || ''.jpg'')", "id": "watchlist_entries"}]');
select private.api('private.may_write_watchlist_photo(text)', 'policy', '{authenticated}',
  'Whether the caller may write a photo object: the storage policies; SECURITY DEFINER, answering only about the caller.',
  '[{"sql": "select private.may_write_watchlist_photo({id} || ''/'' || gen_random_uuid() || ''.jpg'')", "id": "watchlist_entries"}]');

-- ---------------------------------------------------------------------------------------
-- Row-level security: who the caller is, which keys he holds, what he may see and write
-- ---------------------------------------------------------------------------------------
select private.api('private.is_admin()', 'policy', '{authenticated}',
  'Whether the caller is an admin; SECURITY DEFINER (it reads users, whose policies ask it), answering only about the caller.',
  '[{"sql": "select private.is_admin()"}]');
select private.api('private.caller_keys(text)', 'policy', '{authenticated}',
  'The caller''s scope keys of a kind; SECURITY DEFINER (it reads the tables whose policies ask it), answering only about the caller.',
  '[{"sql": "select private.caller_keys(''listing'')"}, {"sql": "select private.caller_keys(''watchlist_writer'')"}]');
select private.api('private.caller_visible_ids(text)', 'policy', '{authenticated}',
  'The rows of a parent table the caller sees through his own keys, for child tables'' policies; SECURITY DEFINER, answering only about the caller.',
  '[{"sql": "select array(select private.caller_visible_ids({table}))", "each": "manifest"}]');
select private.api('private.caller_writes(text, uuid)', 'policy', '{authenticated}',
  'Whether the caller may update a row (its update rules), for guards; SECURITY DEFINER, answering only about the caller.',
  '[{"sql": "select private.caller_writes({table}, {id})", "each": "manifest"}]');
select private.api('private.parent_allows(text, text, text, uuid)', 'policy', '{authenticated}',
  'Whether the caller sees or may update a row''s parent, for child tables'' write policies; SECURITY DEFINER, answering only about the caller.',
  '[{"sql": "select private.parent_allows(''notes'', ''visible'', ''task'', {id})", "id": "tasks"},
    {"sql": "select private.parent_allows(''subtasks'', ''writable'', ''task'', {id})", "id": "tasks"}]');
select private.api('private.open_parent_ids(text, text)', 'policy', '{authenticated}',
  'The open items (every user sees them) that have rows of a child table, for the child tables'' SELECT policies; SECURITY DEFINER, answering only what every user sees.',
  '[{"sql": "select array(select private.open_parent_ids(''task'', ''notes''))"}]');
select private.api('private.is_open_parent(text, uuid)', 'policy', '{authenticated}',
  'Whether an item is open now (every user sees it), for the child tables'' SELECT policies; SECURITY DEFINER, answering only what every user sees.',
  '[{"sql": "select private.is_open_parent(''task'', {id})", "id": "tasks"}]');
select private.api('private.caller(text)', 'internal', '{authenticated,service_role}', 'The signed-in caller of an RPC, or NOT_AUTHENTICATED.',
  '[{"sql": "select private.caller(''an rpc'')"}]');
select private.api('private.not_authenticated(text)', 'internal', '{authenticated,service_role}', 'NOT_AUTHENTICATED, private.caller''s error (no table read).',
  '[{"sql": "select private.not_authenticated(''an rpc'')"}]');
select private.api('private.error_detail(text)', 'internal', '{authenticated,service_role}', 'An error''s detail as an answer carries it (no table read).',
  '[{"sql": "select private.error_detail(''{}'')"}]');
select private.api('private.assert_profile(uuid)', 'internal', '{authenticated}', 'NOT_FOUND when the caller has no profile yet (as the caller: no other profile is found).',
  '[{"sql": "select private.assert_profile({id})", "id": "users"}]');
select private.api('private.too_long(text, text, integer, integer)', 'internal', '{authenticated,service_role}',
  'The coded error of a length limit (the tables'' CHECK constraints call it as the writer).',
  '[{"sql": "select private.too_long(''tasks'', ''title'', 200, 201)"}]');

-- ---------------------------------------------------------------------------------------
-- Sync
-- ---------------------------------------------------------------------------------------
select private.api('public.sync_pull(text, text, integer, text)', 'rpc', '{authenticated,service_role}',
  'A page of the changes of a synced table the caller may see; SECURITY DEFINER: it reads the change logs, filtered by the caller''s keys.',
  '[{"sql": "select public.sync_pull({table}, null, 1000)", "each": "synced", "reads": true},
    {"sql": "select public.sync_pull({table}, {cursor}, 1000)", "each": "synced", "reads": true},
    {"sql": "select public.sync_pull({table}, {cursor}, 1000, ''compact'')", "each": "synced", "reads": true}]');
select private.api('public.sync_poll(text, text[])', 'rpc', '{authenticated,service_role}',
  'Which synced tables have changes for the caller since a cursor; SECURITY DEFINER as sync_pull.',
  '[{"sql": "select public.sync_poll({cursor}, null)", "reads": true}]');
select private.api('public.sync_push(text, jsonb, integer)', 'rpc', '{authenticated,service_role}',
  'Writes one record offline-merged, as the caller (invoker: row-level security and column grants decide).',
  '[{"sql": "select public.sync_push({table}, {record}, {version})", "each": "synced", "record": "row"},
    {"sql": "select public.sync_push({table}, {record}, {version} - 1)", "each": "synced", "record": "row"},
    {"sql": "select public.sync_push({table}, {record}, null)", "each": "synced", "record": "row", "new": true},
    {"sql": "select public.sync_push({table}, {record}, null)", "each": "synced", "record": "reference"}]');
select private.api('public.sync_push_batch(text, jsonb)', 'rpc', '{authenticated,service_role}',
  'sync_push for up to 1,000 records in one call.',
  '[{"sql": "select public.sync_push_batch({table}, jsonb_build_array(jsonb_build_object(''record'', {record}, ''expected_version'', {version})))", "each": "synced", "record": "row"},
    {"sql": "select public.sync_push_batch({table}, jsonb_build_array(jsonb_build_object(''record'', {record}, ''expected_version'', null)))", "each": "synced", "record": "reference"}]');
select private.api('public.purge_sync_deletions(interval)', 'worker', '{service_role}', 'The worker''s purge of hard deletions kept for sync.');
select private.api('public.purge_sync_marks(interval)', 'worker', '{service_role}', 'The worker''s purge of the poll''s marks older than the interval.');
select private.api('private.sync_tables()', 'internal', '{authenticated,service_role}', 'The synced tables (the table manifest''s).',
  '[{"sql": "select private.sync_tables()"}]');
select private.api('private.assert_sync_table(text)', 'internal', '{authenticated,service_role}', 'INVALID_TABLE for a table that is not synced.',
  '[{"sql": "select private.assert_sync_table({table})", "each": "synced"}]');
select private.api('private.sync_push_record(text, jsonb, integer, boolean)', 'internal', '{authenticated,service_role}',
  'sync_push and sync_push_batch, as the caller.',
  '[{"sql": "select private.sync_push_record({table}, {record}, {version}, true)", "each": "synced", "record": "row"}]');
select private.api('private.sync_record_columns(text, jsonb)', 'internal', '{authenticated,service_role}', 'A record''s keys as columns (aliases).',
  '[{"sql": "select private.sync_record_columns({table}, {record})", "each": "synced", "record": "row"}]');
select private.api('private.sync_push_insert_sql(text, text[])', 'internal', '{authenticated,service_role}', 'sync_push''s INSERT text.',
  '[{"sql": "select private.sync_push_insert_sql({table}, array[''id''])", "each": "synced"}]');
select private.api('private.sync_push_refused(text[], jsonb, jsonb)', 'internal', '{authenticated,service_role}', 'The columns a new row''s record may not set.',
  '[{"sql": "select private.sync_push_refused(array[''id''], {record}, {record})", "each": "synced", "record": "row"}]');
select private.api('private.sync_merge(text, uuid, integer, integer, jsonb, text[])', 'internal', '{authenticated,service_role}',
  'The per-field merge of a push against an older version of a row.',
  '[{"sql": "select private.sync_merge({table}, {id}, {version} - 1, {version}, {record}, array(select jsonb_object_keys({record})))", "each": "synced", "record": "row"}]');
select private.api('private.sync_missing_parent(text, jsonb)', 'internal', '{authenticated,service_role}',
  'The parent a pushed record references that the caller does not see (FK_MISSING), asked under her row-level security.',
  '[{"sql": "select private.sync_missing_parent({table}, {record})", "each": "synced", "record": "reference"},
    {"sql": "select private.sync_missing_parent({table}, (select to_jsonb(t) from public.{name} t where t.id = {id}))", "each": "synced", "reads": true}]');
select private.api('private.sync_push_row_{table}(uuid)', 'internal', '{authenticated,service_role}',
  'A row as the caller sees it, for sync_push (generated per synced table).',
  '[{"sql": "select private.sync_push_row_{name}({id})", "each": "synced"}]');
select private.api('private.sync_push_update_{table}(jsonb, text[], uuid, integer)', 'internal', '{authenticated,service_role}',
  'sync_push''s UPDATE as the caller (generated per synced table that app users update).',
  '[{"sql": "select private.sync_push_update_{name}({record}, array[''id''], {id}, {version})", "each": "synced", "record": "row", "exists": "private.sync_push_update_{name}"}]');
select private.api('private.sync_push_lock_{table}(uuid)', 'internal', '{authenticated,service_role}',
  'Whether the caller may change a row (its UPDATE policy), which it then holds locked, for sync_push (generated per synced table).',
  '[{"sql": "select private.sync_push_lock_{name}({id})", "each": "synced", "exists": "private.sync_push_lock_{name}"}]');
select private.api('private.sync_field_digests(anyelement, text[])', 'internal', '{authenticated,service_role}',
  'The digests of a row''s values the merge compares (no table read).',
  '[{"sql": "select private.sync_field_digests(t, array[''id'']) from public.{name} t where t.id = {id}", "each": "synced"}]');
select private.api('private.sync_push_updates_{table}(jsonb)', 'internal', '{authenticated,service_role}',
  'sync_push_batch''s UPDATE of many rows as the caller (generated as sync_push_update_<table>).',
  '[{"sql": "select private.sync_push_updates_{name}(jsonb_build_array(jsonb_build_object(''id'', {id}, ''version'', {version}, ''record'', {record}, ''columns'', jsonb_build_array(''id''))))", "each": "synced", "record": "row", "exists": "private.sync_push_updates_{name}"}]');
-- The worker's change feeds and pulls for any user, and the scope keys they are made of.
select private.api('private.sync_items(text, uuid, text, xid8, xid8[], xid8, xid8, uuid, integer, bigint)', 'worker', '{service_role}',
  'A page of changes for a user, for the change feeds.');
select private.api('private.sync_items_{table}_full(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[])',
  'worker', '{service_role}', 'The generated statements of sync_items (full, changes, visibility, admin), per synced table.');
select private.api('private.sync_items_{table}_changes(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[])',
  'worker', '{service_role}', 'As sync_items_<table>_full.');
select private.api('private.sync_items_{table}_visibility(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[])',
  'worker', '{service_role}', 'As sync_items_<table>_full.');
select private.api('private.sync_items_{table}_admin(xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[], timestamp with time zone[], text[], uuid[], xid8[], timestamp with time zone[])',
  'worker', '{service_role}', 'As sync_items_<table>_full.');
select private.api('private.everyone_key()', 'internal', '{authenticated,service_role}', 'The one key every user holds (no table read).',
  '[{"sql": "select private.everyone_key()"}]');
select private.api('private.user_keys(uuid, text[])', 'internal', '{authenticated,service_role}',
  'A user''s scope keys: for the change feeds (service_role, any user), and for the merge''s history as the caller (private.caller_key_texts; as an app user it reads only rows the caller sees).',
  '[{"sql": "select count(*) from private.user_keys({id}, null)", "id": "users"}]');
select private.api('private.caller_key_texts()', 'internal', '{authenticated,service_role}',
  'The caller''s scope keys as the merge''s history names them, as the caller.', '[{"sql": "select private.caller_key_texts()"}]');
select private.api('private.pull_key_kinds(text[])', 'worker', '{service_role}', 'The kinds of keys a pull of some tables reads.');
select private.api('private.keys_holders(text[], uuid[])', 'worker', '{service_role}', 'Who holds keys: the outbox''s audience.');
select private.api('private.key_holders(text, uuid)', 'worker', '{service_role}', 'Who holds one key.');
select private.api('private.row_scope(text, jsonb)', 'worker', '{service_role}', 'A row''s scope keys.');
select private.api('private.row_keys(text, jsonb)', 'worker', '{service_role}', 'A row''s base scope keys.');
select private.api('private.row_audience(text, jsonb)', 'worker', '{service_role}', 'Who may see a row: notification recipients.');
select private.api('private.user_sees(uuid, text, jsonb)', 'worker', '{service_role}', 'Whether a user may see a row: recipients, feeds.');
select private.api('private.visibility_columns(text)', 'worker', '{service_role}', 'The columns that decide a row''s keys.');
-- Monitoring reads the purge gauges through views (private.sync_deletions_awaiting_purge,
-- private.tombstones_awaiting_purge), which call these as the reader.
select private.api('private.sync_deletion_gauge()', 'worker', '{service_role}',
  'The sync deletions awaiting purge, counts and times only; SECURITY DEFINER: a monitoring login (a member of service_role, past no row-level security) reads the owner''s tables and statistics.');
select private.api('private.tombstone_gauge()', 'worker', '{service_role}',
  'The tombstones awaiting purge, counts and times only; SECURITY DEFINER as private.sync_deletion_gauge.');

-- ---------------------------------------------------------------------------------------
-- The worker's queue (outbox)
-- ---------------------------------------------------------------------------------------
select private.api('outbox.claim(text, text[], integer, interval)', 'worker', '{service_role}', 'Claims a batch of events for handlers.');
select private.api('outbox.complete(text, bigint[], text[], bigint[])', 'worker', '{service_role}', 'Completes a batch''s events.');
select private.api('outbox.fail(text, text[], bigint[], text[], boolean[], bigint[])', 'worker', '{service_role}', 'Fails events (retry or dead).');
select private.api('outbox.release(text, text[], bigint[], bigint[])', 'worker', '{service_role}', 'Returns events unhandled (a stop).');
select private.api('outbox.requeue_dead(text, bigint[])', 'worker', '{service_role}', 'Sends dead events back to the queue.');
select private.api('outbox.batch_events(outbox.batches)', 'worker', '{service_role}', 'The events of a batch.');
select private.api('outbox.backlog()', 'worker', '{service_role}', 'The queue''s backlog per handler.');
select private.api('outbox.current_cursor()', 'worker', '{service_role}', 'The change feed''s cursor now.');
select private.api('outbox.changes_since(text, text[], integer, uuid)', 'worker', '{service_role}', 'A change feed page (for a user).');
select private.api('outbox.visibility_events(uuid, text[], pg_snapshot)', 'worker', '{service_role}', 'A user''s visibility changes, for the feed.');
select private.api('outbox.feed_cursor(pg_snapshot, bigint)', 'worker', '{service_role}',
  'A change feed''s cursor, sealed; SECURITY DEFINER: the sealing key is the owner''s.');
select private.api('outbox.open_feed_cursor(text)', 'worker', '{service_role}',
  'A change feed cursor opened; SECURITY DEFINER as outbox.feed_cursor.');
select private.api('outbox.doorbell_channel()', 'worker', '{service_role}', 'The LISTEN channel of the doorbell.');
select private.api('private.try_job_lock(text)', 'worker', '{service_role}',
  'The lock of a job one worker at a time runs (maintenance); SECURITY DEFINER: no API role reads private.job_locks, so no app user can take it.');
select private.api('outbox.prune(interval)', 'worker', '{service_role}',
  'Prunes delivered events; SECURITY DEFINER: it drops the outbox''s partitions, which only their owner may.');
select private.api('outbox.register_handler(text, text[], text[], integer, text)', 'worker', '{service_role}', 'Registers a handler.');
select private.api('outbox.unregister_handler(text)', 'worker', '{service_role}', 'Removes a handler.');
select private.api('outbox.set_retry_horizon(text, interval)', 'worker', '{service_role}', 'Sets how long a handler retries.');
select private.api('outbox.retry_delay(integer)', 'worker', '{service_role}', 'The backoff after n attempts.');
select private.api('outbox.retry_attempts(interval)', 'worker', '{service_role}', 'The attempts that fit a horizon.');
