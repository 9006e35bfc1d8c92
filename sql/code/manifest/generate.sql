-- migrate:final
-- The final step of every migrate that applied a migration or a code file: everything the
-- table manifest derives, generated again from it (private.apply_manifest).
select private.apply_manifest();

-- The worker's handlers, which read the tables the manifest records in the outbox. A new
-- one starts at the end of the log; an existing one keeps its place and its max_attempts
-- (the operator's: dispatch-worker --max-attempts); tables, operations and description are
-- what this says.
select outbox.register_handler(h.name, h.tables, h.ops, coalesce(current.max_attempts, h.attempts), h.description)
  from (values
    ('notifications', '{tasks,activities,listings,properties,notes,watchlist_entries,watchlist_shares}'::text[],
     '{insert,update}'::text[], 5,
     'Turns claims, releases, completions, notes, restores, shares and sightings into public.notifications rows.'),
    -- A push gateway may be away for a while (redeployed, a network cut): an hour of retries.
    ('push', '{notifications}', '{insert}', outbox.retry_attempts(interval '1 hour'),
     'Sends a push payload for each new notification to the configured sink.'),
    -- A photo store may be away for a while too; an image left behind is only storage.
    ('photos', '{observed_bird_photos}', '{update,delete}', outbox.retry_attempts(interval '1 hour'),
     'Removes the image of a deleted (or tombstoned) photo row from the photo store (Supabase Storage or a directory).')
  ) as h (name, tables, ops, attempts, description)
  left join outbox.handlers current on current.name = h.name
 order by h.name;
