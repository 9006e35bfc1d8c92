-- A listing is seen by whoever works on it: the claimer of a task or activity on a listing
-- reads the listing (the item's detail screen shows it) for as long as they hold the claim.
-- A scope-key kind of its own (private.user_keys and private.key_holders say who holds
-- it; the listings' rule in the table manifest gives it to the listing), so that the
-- SELECT policy, sync, the outbox's audience and the realtime feeds follow it alike.
insert into private.visibility_kinds (kind, derived_from, description) values
  ('listing_claimer', null, 'A listing id, held by whoever claims a task or activity on that listing.');
