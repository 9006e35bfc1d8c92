-- The table manifest: for every table of schema public the apps reach, the features it
-- takes part in. This file is the one place that says it; private.apply_manifest() (the
-- final step of migrate) generates from it the policies, triggers, constraints and
-- statements each feature needs. Adding a table: a DDL migration (the table, its indexes,
-- its grants, row-level security on) and an entry here.
--
--   visible_to  who may see a row: scope-key rules {kind, column, condition} (the kinds are
--               private.visibility_kinds: user, listing, listing_claimer, watchlist,
--               watchlist_owner, task, activity, everyone; a condition is SQL over the row, called "it")
--   admin_sees  admins see every row (default true; false for what is private to its owner)
--   stamped     updated_at and row_version set by the server (default true)
--   lengths     {"column": max characters} of the text columns apps write (TOO_LONG)
--   tombstoned  deleted_at is a tombstone, stamped with the server clock
--   synced      served by sync_pull and sync_push (in this file's order)
--   outbox      every change recorded in outbox.events (the worker, realtime feeds)
--   realtime    published to Supabase Realtime with this replica identity: 'default' (a
--               device acts on the new row; a delete carries the id only, whatever the
--               identity) or 'full' (the old row too, for a change only it tells)
--   audited_as  audited under this entity type (history, restore), owned by audit_owner
--   insert_by, update_by, delete_by
--               who may write a row: rules in the vocabulary of visible_to, ORed, each of whose
--               parts must hold: {kind, column} the caller holds the key (kinds as above, and
--               watchlist_writer; admin and everyone without a column), condition, and
--               parent: visible (the caller sees the row's parent) or writable (may update
--               it). None: no app user may (access/write_rules.sql)
--   parent      the row a row belongs to: {"column", "table"}, or {"column", "type_column",
--               "tables": {type: table}} when the type column names its table
--   claimed_as  the item type claim_work_item takes for this table's rows (claims, sync_push)
--   aliases     keys of the apps' records for a column of another name ({"key": "column"};
--               null: ignored), which sync_push accepts
--   example     values of an example row the generated isolation suite cannot work out from
--               the rules and the catalog ({"column": value}; {"row": table, "with": {...}}
--               for a row of its own of another table)
--
-- Never published and never in the outbox: the journal tables (a journal's content stays in
-- its tables); never published: reference data (bird, hotspot, notification_types).

truncate private.table_manifest restart identity;

-- Work items: seen by their declarer, their claimer, their listing's owner; open ones by
-- everyone (so that they can be claimed). Declared by a user for himself (claimed by nobody
-- or himself), changed by those who see them through their own keys, deleted by the
-- declarer; claimed through claim_work_item, also when a push sets claimed_by. The apps'
-- records call the declarer created_by and the listing listing.
select private.manifest('tasks',
  visible_to => '[{"kind": "user", "column": "declared_by"},
                  {"kind": "user", "column": "claimed_by"},
                  {"kind": "listing", "column": "listing_id"},
                  {"kind": "everyone", "condition": "it.claimed_by is null and not it.completed"}]',
  lengths => '{"title": 200, "description": 10000}',
  synced => true, outbox => true, realtime => 'default', audited_as => 'task', audit_owner => 'declared_by',
  insert_by => '[{"kind": "user", "column": "declared_by", "condition": "it.claimed_by is null or it.claimed_by = it.declared_by"},
                 {"kind": "admin"}]',
  update_by => '[{"kind": "user", "column": "declared_by"}, {"kind": "user", "column": "claimed_by"},
                 {"kind": "listing", "column": "listing_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "declared_by"}, {"kind": "admin"}]',
  aliases => '{"created_by": "declared_by", "listing": "listing_id"}',
  claimed_as => 'task');

select private.manifest('activities',
  visible_to => '[{"kind": "user", "column": "declared_by"},
                  {"kind": "user", "column": "claimed_by"},
                  {"kind": "listing", "column": "listing_id"},
                  {"kind": "everyone", "condition": "it.claimed_by is null and not it.completed"}]',
  lengths => '{"title": 200, "description": 10000}',
  synced => true, outbox => true, realtime => 'default', audited_as => 'activity', audit_owner => 'declared_by',
  insert_by => '[{"kind": "user", "column": "declared_by", "condition": "it.claimed_by is null or it.claimed_by = it.declared_by"},
                 {"kind": "admin"}]',
  update_by => '[{"kind": "user", "column": "declared_by"}, {"kind": "user", "column": "claimed_by"},
                 {"kind": "listing", "column": "listing_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "declared_by"}, {"kind": "admin"}]',
  aliases => '{"created_by": "declared_by", "listing": "listing_id"}',
  claimed_as => 'activity');

-- Listings: their owner (who alone writes them; the apps' records call him assigned_realtor);
-- and whoever claims a task or activity on one, while they hold it (the item's detail screen
-- shows its listing).
select private.manifest('listings',
  visible_to => '[{"kind": "user", "column": "owned_by"},
                  {"kind": "listing_claimer", "column": "id"}]',
  lengths => '{"address": 200, "city": 100, "state": 100, "zip": 20, "mls_number": 50}',
  synced => true, outbox => true, realtime => 'default', audited_as => 'listing', audit_owner => 'owned_by',
  aliases => '{"assigned_realtor": "owned_by"}',
  insert_by => '[{"kind": "user", "column": "owned_by"}, {"kind": "admin"}]',
  update_by => '[{"kind": "user", "column": "owned_by"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "owned_by"}, {"kind": "admin"}]');

-- Notes and subtasks are seen with their parent: through the parent's keys, or by every
-- user while the parent is open (its everyone rule), which is held once per parent
-- (private.child_parents: a claim changes one row, never the children). A note is written
-- by its author while he sees the parent (and changed or removed by an admin); whoever may
-- change the parent (its declarer, its claimer while he holds it, its listing's owner)
-- removes any note on it, since notes others write on an item are its people's to clear. A
-- subtask is written by whoever may change its parent. A record pulled when children
-- carried their parent's openness (parent_open) may come back with it: ignored.
select private.manifest('notes',
  visible_to => '[{"kind": "task", "column": "parent_id", "condition": "it.parent_type = ''task''"},
                  {"kind": "activity", "column": "parent_id", "condition": "it.parent_type = ''activity''"},
                  {"kind": "listing", "column": "parent_id", "condition": "it.parent_type = ''listing''"}]',
  lengths => '{"content": 10000}',
  synced => true, outbox => true, realtime => 'default',
  parent => '{"column": "parent_id", "type_column": "parent_type",
              "tables": {"task": "tasks", "activity": "activities", "listing": "listings"}}',
  insert_by => '[{"kind": "user", "column": "created_by", "parent": "visible"}]',
  update_by => '[{"kind": "user", "column": "created_by", "parent": "visible"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "created_by", "parent": "visible"}, {"parent": "writable"}, {"kind": "admin"}]',
  aliases => '{"parent_open": null}');

select private.manifest('subtasks',
  visible_to => '[{"kind": "task", "column": "parent_id", "condition": "it.parent_type = ''task''"},
                  {"kind": "activity", "column": "parent_id", "condition": "it.parent_type = ''activity''"}]',
  lengths => '{"title": 200}',
  synced => true, outbox => true, realtime => 'default',
  parent => '{"column": "parent_id", "type_column": "parent_type", "tables": {"task": "tasks", "activity": "activities"}}',
  insert_by => '[{"parent": "writable"}]', update_by => '[{"parent": "writable"}]', delete_by => '[{"parent": "writable"}]',
  aliases => '{"parent_open": null}');

-- Watchlists: seen by the owner and the users it is shared with, written by the owner; their
-- entries, rules and photos are seen with the list and written by its owner and the users it
-- is shared with as 'write' (a photo carries its entry's watchlist: rows/watchlists.sql).
select private.manifest('watchlists',
  visible_to => '[{"kind": "user", "column": "owner_id"}, {"kind": "watchlist", "column": "id"}]',
  lengths => '{"type": 50, "title": 200, "location": 200, "location_display_name": 200, "cover_image_path": 2048,
               "species_rule_shape_id": 100, "location_rule_display_name": 200, "sync_status": 50}',
  tombstoned => true, synced => true, outbox => true, realtime => 'default',
  insert_by => '[{"kind": "user", "column": "owner_id"}, {"kind": "admin"}]',
  update_by => '[{"kind": "user", "column": "owner_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "owner_id"}, {"kind": "admin"}]');

select private.manifest('watchlist_entries',
  visible_to => '[{"kind": "watchlist", "column": "watchlist_id"}]',
  lengths => '{"nickname": 200, "status": 50, "notes": 10000, "observed_by": 200, "location_display_name": 200,
               "target_date_range": 100, "sync_status": 50}',
  tombstoned => true, synced => true, outbox => true, realtime => 'default', example => '{"lat": 44.5, "lon": -110.5}',
  parent => '{"column": "watchlist_id", "table": "watchlists"}',
  insert_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]',
  update_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]');

select private.manifest('watchlist_rules',
  visible_to => '[{"kind": "watchlist", "column": "watchlist_id"}]',
  lengths => '{"rule_type": 100, "parameters_json": 10000, "sync_status": 50}',
  tombstoned => true, synced => true, outbox => true, realtime => 'default',
  parent => '{"column": "watchlist_id", "table": "watchlists"}',
  insert_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]',
  update_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]');

select private.manifest('observed_bird_photos',
  visible_to => '[{"kind": "watchlist", "column": "watchlist_id"}]',
  lengths => '{"image_path": 2048, "storage_url": 2048, "sync_status": 50}',
  tombstoned => true, synced => true, outbox => true, realtime => 'default',
  parent => '{"column": "watchlist_entry_id", "table": "watchlist_entries"}',
  insert_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]',
  update_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "watchlist_writer", "column": "watchlist_id"}, {"kind": "admin"}]');

-- Journals: the owner's alone, to read and to write, admins included. Their derived tables
-- (stats, value lists) are written by triggers only.
select private.manifest('journal_threads',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false,
  lengths => '{"title": 200}', tombstoned => true, synced => true,
  insert_by => '[{"kind": "user", "column": "owner_id"}]', update_by => '[{"kind": "user", "column": "owner_id"}]',
  delete_by => '[{"kind": "user", "column": "owner_id"}]');

select private.manifest('journal_entries',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false,
  lengths => '{"content": 65536}', tombstoned => true, synced => true,
  parent => '{"column": "thread_id", "table": "journal_threads"}',
  insert_by => '[{"kind": "user", "column": "owner_id"}]', update_by => '[{"kind": "user", "column": "owner_id"}]',
  delete_by => '[{"kind": "user", "column": "owner_id"}]');

select private.manifest('journal_fields',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false,
  lengths => '{"name": 50}', tombstoned => true, synced => true,
  parent => '{"column": "thread_id", "table": "journal_threads"}',
  insert_by => '[{"kind": "user", "column": "owner_id"}]', update_by => '[{"kind": "user", "column": "owner_id"}]',
  delete_by => '[{"kind": "user", "column": "owner_id"}]');

select private.manifest('journal_field_groups',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false,
  synced => true, parent => '{"column": "parent_field_id", "table": "journal_fields"}',
  example => '{"parent_field_id": {"row": "journal_fields", "with": {"is_group": true}}}',
  insert_by => '[{"kind": "user", "column": "owner_id"}]', update_by => '[{"kind": "user", "column": "owner_id"}]',
  delete_by => '[{"kind": "user", "column": "owner_id"}]');

select private.manifest('journal_entry_values',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false,
  lengths => '{"value": 4096}', synced => true,
  parent => '{"column": "entry_id", "table": "journal_entries"}',
  insert_by => '[{"kind": "user", "column": "owner_id"}]', update_by => '[{"kind": "user", "column": "owner_id"}]',
  delete_by => '[{"kind": "user", "column": "owner_id"}]');

select private.manifest('journal_thread_stats',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false, stamped => false);

select private.manifest('journal_entry_value_lists',
  visible_to => '[{"kind": "user", "column": "owner_id"}]', admin_sees => false, stamped => false);

-- Profiles: each user's own row (email, is_admin) for that user and admins; names and
-- avatars for everyone through the view public.profiles ("claimed by"). Each user creates
-- his own (never as an admin) and changes it; admins change and delete any. Not published to
-- Realtime: a change event would carry the email to whoever subscribes.
select private.manifest('users',
  visible_to => '[{"kind": "user", "column": "id"}]',
  lengths => '{"name": 100, "email": 320, "avatar_url": 2048, "gender": 50, "profile_photo": 2048}',
  outbox => true, audited_as => 'user', audit_owner => 'id',
  insert_by => '[{"kind": "user", "column": "id", "condition": "not it.is_admin"}]',
  update_by => '[{"kind": "user", "column": "id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "admin"}]');

select private.manifest('properties',
  visible_to => '[{"kind": "user", "column": "owned_by"}]',
  lengths => '{"address": 200, "city": 100, "state": 100, "zip": 20}',
  outbox => true, realtime => 'default', audited_as => 'property', audit_owner => 'owned_by',
  insert_by => '[{"kind": "user", "column": "owned_by"}, {"kind": "admin"}]',
  update_by => '[{"kind": "user", "column": "owned_by"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "owned_by"}, {"kind": "admin"}]');

-- A share: seen by the user it names and the watchlist's owner, made and changed by the owner,
-- removed by either (the named user leaves the watchlist).
select private.manifest('watchlist_shares',
  visible_to => '[{"kind": "user", "column": "user_id"}, {"kind": "watchlist_owner", "column": "watchlist_id"}]',
  outbox => true, realtime => 'default', parent => '{"column": "watchlist_id", "table": "watchlists"}',
  insert_by => '[{"kind": "watchlist_owner", "column": "watchlist_id"}, {"kind": "admin"}]',
  update_by => '[{"kind": "watchlist_owner", "column": "watchlist_id"}, {"kind": "admin"}]',
  delete_by => '[{"kind": "user", "column": "user_id"}, {"kind": "watchlist_owner", "column": "watchlist_id"}, {"kind": "admin"}]');

-- Reference data, read by every user.
select private.manifest('bird', visible_to => '[{"kind": "everyone", "condition": "true"}]');
select private.manifest('hotspot', visible_to => '[{"kind": "everyone", "condition": "true"}]');
select private.manifest('notification_types', visible_to => '[{"kind": "everyone", "condition": "true"}]');

-- A user's own notifications, preferences and devices: theirs alone (a notification is
-- marked read, a device registered through RPCs and removed by its user). Notifications are
-- published with the full old row: the feed is paged, so a device does not hold every
-- notification it hears of, and the bell and the badge act on the change of "read", which
-- only the old row tells. They are synced too: without Supabase's Realtime, the bell list
-- is pulled incrementally (sync_pull) and its changes named by sync_poll, at the cost of
-- the recipient's own rows.
select private.manifest('notifications',
  visible_to => '[{"kind": "user", "column": "user_id"}]', admin_sees => false,
  synced => true, outbox => true, realtime => 'full', update_by => '[{"kind": "user", "column": "user_id"}]');

select private.manifest('notification_preferences',
  visible_to => '[{"kind": "user", "column": "user_id"}]', admin_sees => false,
  lengths => '{"preference_key": 100}', example => '{"preference_key": "notify_watchlist_shares"}',
  insert_by => '[{"kind": "user", "column": "user_id"}]', update_by => '[{"kind": "user", "column": "user_id"}]',
  delete_by => '[{"kind": "user", "column": "user_id"}]');

select private.manifest('push_devices',
  visible_to => '[{"kind": "user", "column": "user_id"}]', admin_sees => false,
  delete_by => '[{"kind": "user", "column": "user_id"}]');
