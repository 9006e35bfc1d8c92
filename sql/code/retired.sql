-- Names the code layer no longer defines, dropped where an older install still has them.
-- The current definitions never drop what they replaced: a retired name goes here, once,
-- so that every other file holds only what is. Each drop runs only where the object exists
-- (a DROP TRIGGER, even IF EXISTS, locks its table first).

-- Functions: a signature that changed, or a function whose work moved elsewhere (their
-- triggers go with them; the current ones are attached by the final step).
drop function if exists private.declare_visibility(regclass, boolean, jsonb);  -- the table manifest
drop function if exists private.sync_after_id(xid8, xid8, uuid);               -- now takes the page position's two ids
drop function if exists private.sync_after_id(xid8, xid8, xid8, uuid);         -- an expression in each stream (sync_items_sql)
drop function if exists public.sync_pull(text, text, integer);                  -- now takes p_encoding too
drop function if exists private.sync_page_sql(text);                            -- now one statement per table and mode
drop function if exists private.sync_claim_holder(text, uuid, integer);         -- private.claim_conflict
drop function if exists outbox.record_change() cascade;                         -- the statement triggers of outbox.capture_changes
drop function if exists outbox.record_rows() cascade;
drop function if exists outbox.capture_sql(text, text);                         -- now takes the actor's and the restored id's expressions
drop function if exists outbox.capture_sql(text, text, text, text);             -- now says whether the statement wrote one row
drop function if exists private.change_audience_sql(text, text);               -- likewise
drop function if exists private.paired_rows_sql(regclass);                      -- likewise
drop function if exists private.update_of_sql(regclass, text[]);               -- now takes the table's name
drop function if exists private.create_plan_keeping_function(text, text, text, text, text, text);  -- now takes the grantees
drop function if exists private.propagate_parent_open() cascade;                -- openness is the parent's (private.child_parents)
drop function if exists private.user_keys(uuid);                                -- now takes the kinds asked for
drop function if exists private.sync_key_state(uuid, text, xid8, xid8[]);       -- now takes the kinds asked for
drop function if exists private.spend_notification_budget() cascade;            -- private.spend_notification_budgets, once per batch
drop function if exists private.spend_notification_budgets(uuid[], uuid[]);    -- now checks the push modes the rows were stored with
drop function if exists private.child_parents_marks_sql(text);                -- private.sync_marks_insert_sql, as the capture's marks
drop function if exists private.sync_has_steady_mode(text);                   -- private.sync_table_modes
drop function if exists private.sync_stream_after(text, text);                -- now takes the stream's key
drop function if exists private.unseal_cursor(text);                         -- private.cursor_contents, written into its caller's statement
-- Now taking the incarnation row's values, read once by private.opened_cursor; its body of
-- before names them, so it goes with them (sync/cursor.sql, after this file, makes it again).
drop function if exists private.cursor_contents(text) cascade;
drop function if exists private.kept_incarnation(boolean) cascade;
-- Hand-written write rules, now the table manifest's (access/write_rules.sql); their policies
-- go with them and the final step makes the generated ones.
drop function if exists private.can_change_work_item(text, uuid) cascade;       -- private.caller_writes
drop function if exists private.can_see_work_item(text, uuid) cascade;          -- private.caller_sees
drop function if exists private.writable_watchlist_ids() cascade;               -- the key watchlist_writer
drop function if exists private.is_watchlist_owner(uuid) cascade;               -- the key watchlist_owner

-- Triggers split in two (an insert trigger and an update trigger with a WHEN clause) or renamed.
do $$
declare
  v_trigger record;
begin
  for v_trigger in
    select t.tgname, t.tgrelid::regclass as table_name
      from pg_catalog.pg_trigger t
      join pg_catalog.pg_class c on c.oid = t.tgrelid
     where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
       and (t.tgname, c.relname) in (('_derive_work_item_state', 'tasks'), ('_derive_work_item_state', 'activities'),
                                     ('_derive_edited_at', 'notes'),
                                     ('_check_parent', 'notes'), ('_check_parent', 'subtasks'),
                                     ('_derive_watchlist_id', 'observed_bird_photos'),
                                     ('_check_preference_key', 'notification_preferences'),
                                     ('count_badges_insert', 'notifications'), ('count_badges_update', 'notifications'),
                                     ('count_badges_delete', 'notifications'))
        or (t.tgname = '_journal_check' and c.relname like 'journal\_%')
        or t.tgname = '_stamp_deleted_at'
  loop
    execute pg_catalog.format('drop trigger %I on %s', v_trigger.tgname, v_trigger.table_name);
  end loop;
end
$$;
