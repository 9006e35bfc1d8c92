-- Demo data for `make run` (re-runnable: fixed ids, nothing duplicated on a second run).
--
--   Alice  a realtor: owns a listing, declares tasks, keeps a "Backyard birds" watchlist
--          whose location rule covers 5 km around Laurelhurst Park, Portland; a private
--          journal ("Morning pages": a mood, a run group with distance and time; "Old
--          ideas" is deleted, for journal_restore_thread); an iPhone (a development
--          build: sandbox) and an Android tablet
--   Bob    claims and completes her tasks; watches birds nearby ("Morning walk", shared
--          with Alice, so she may hear of his sightings); an iPhone
--   Carol  a colleague who comments; an Android phone
--   Dana   an admin (restores deleted work); no device, so no pushes
--
-- The demo tokens are readable names, not real APNs/FCM tokens: the stdout sink shows
-- which device each push is for.
--
-- sql/seed/demo_traffic.sql then acts these people out in a loop (scripts/run.sh).

begin;

insert into auth.users (id, email) values
  ('00000000-0000-4000-8000-00000000a11c', 'alice@example.com'),
  ('00000000-0000-4000-8000-000000000b0b', 'bob@example.com'),
  ('00000000-0000-4000-8000-00000000ca01', 'carol@example.com'),
  ('00000000-0000-4000-8000-00000000da4a', 'dana@example.com')
on conflict (id) do nothing;

insert into public.users (id, name, email, is_admin) values
  ('00000000-0000-4000-8000-00000000a11c', 'Alice Martin', 'alice@example.com', false),
  ('00000000-0000-4000-8000-000000000b0b', 'Bob Nguyen', 'bob@example.com', false),
  ('00000000-0000-4000-8000-00000000ca01', 'Carol Diaz', 'carol@example.com', false),
  ('00000000-0000-4000-8000-00000000da4a', 'Dana Admin', 'dana@example.com', true)
on conflict (id) do nothing;

insert into public.properties (id, address, city, state, zip, lat, lon, owned_by) values
  ('00000000-0000-4000-8000-0000000000b1', '12 Harbour Road', 'Portland', 'OR', '97214', 45.5186, -122.6247,
   '00000000-0000-4000-8000-00000000a11c')
on conflict (id) do nothing;

insert into public.listings (id, property_id, address, city, state, zip, status, price, mls_number, owned_by) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', '12 Harbour Road', 'Portland',
   'OR', '97214', 'active', 525000, 'MLS-DEMO-1', '00000000-0000-4000-8000-00000000a11c')
on conflict (id) do nothing;

insert into public.tasks (id, title, description, priority, declared_by, listing_id) values
  ('00000000-0000-4000-8000-0000000000d1', 'Order the yard sign', 'Two-sided, with the QR code', 'high',
   '00000000-0000-4000-8000-00000000a11c', '00000000-0000-4000-8000-0000000000c1'),
  ('00000000-0000-4000-8000-0000000000d2', 'Book the photographer', '', 'medium',
   '00000000-0000-4000-8000-00000000a11c', '00000000-0000-4000-8000-0000000000c1')
on conflict (id) do nothing;

insert into public.activities (id, title, type, declared_by, listing_id) values
  ('00000000-0000-4000-8000-0000000000e1', 'Open house, Saturday 10-12', 'show_property',
   '00000000-0000-4000-8000-00000000a11c', '00000000-0000-4000-8000-0000000000c1')
on conflict (id) do nothing;

insert into public.bird (id, common_name, scientific_name, family) values
  ('00000000-0000-4000-8000-00000000b101', 'Anna''s Hummingbird', 'Calypte anna', 'Trochilidae'),
  ('00000000-0000-4000-8000-00000000b102', 'Varied Thrush', 'Ixoreus naevius', 'Turdidae'),
  ('00000000-0000-4000-8000-00000000b103', 'Steller''s Jay', 'Cyanocitta stelleri', 'Corvidae')
on conflict (id) do nothing;

insert into public.hotspot (id, name, locality, lat, lon) values
  ('00000000-0000-4000-8000-00000000c101', 'Laurelhurst Park', 'Portland, OR', 45.5213, -122.6254),
  ('00000000-0000-4000-8000-00000000c102', 'Mount Tabor Park', 'Portland, OR', 45.5118, -122.5942),
  ('00000000-0000-4000-8000-00000000c103', 'Oaks Bottom Wildlife Refuge', 'Portland, OR', 45.4730, -122.6540),
  ('00000000-0000-4000-8000-00000000c104', 'Sauvie Island', 'Portland, OR', 45.6500, -122.8100)
on conflict (id) do nothing;

insert into public.watchlists (id, owner_id, type, title, location_rule_enabled, location_rule_lat, location_rule_lon,
                               location_rule_radius_km, location_rule_display_name) values
  ('00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000a11c', 'custom', 'Backyard birds',
   true, 45.5213, -122.6254, 5, 'Laurelhurst Park'),
  ('00000000-0000-4000-8000-00000000f002', '00000000-0000-4000-8000-000000000b0b', 'custom', 'Morning walk',
   false, null, null, null, null)
on conflict (id) do nothing;

insert into public.watchlist_entries (id, watchlist_id, bird_id, nickname, status) values
  ('00000000-0000-4000-8000-00000000f101', '00000000-0000-4000-8000-00000000f002', '00000000-0000-4000-8000-00000000b101',
   'the hummingbird at the feeder', 'to_observe'),
  ('00000000-0000-4000-8000-00000000f102', '00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000b102',
   null, 'to_observe')
on conflict (id) do nothing;

-- Alice's journal. Written here as the superuser; the triggers copy owner_id to the rows
-- below the thread and check every rule as they would for the app.
insert into public.journal_threads (id, owner_id, title) values
  ('00000000-0000-4000-8000-00000000a201', '00000000-0000-4000-8000-00000000a11c', 'Morning pages'),
  ('00000000-0000-4000-8000-00000000a202', '00000000-0000-4000-8000-00000000a11c', 'Old ideas')
on conflict (id) do nothing;

insert into public.journal_fields (id, thread_id, name, sort_order, is_group) values
  ('00000000-0000-4000-8000-00000000a301', '00000000-0000-4000-8000-00000000a201', 'Mood', 1, false),
  ('00000000-0000-4000-8000-00000000a302', '00000000-0000-4000-8000-00000000a201', 'Run', 2, true),
  ('00000000-0000-4000-8000-00000000a303', '00000000-0000-4000-8000-00000000a201', 'Distance (km)', 3, false),
  ('00000000-0000-4000-8000-00000000a304', '00000000-0000-4000-8000-00000000a201', 'Time', 4, false)
on conflict (id) do nothing;

insert into public.journal_field_groups (id, parent_field_id, child_field_id) values
  ('00000000-0000-4000-8000-00000000a311', '00000000-0000-4000-8000-00000000a302', '00000000-0000-4000-8000-00000000a303'),
  ('00000000-0000-4000-8000-00000000a312', '00000000-0000-4000-8000-00000000a302', '00000000-0000-4000-8000-00000000a304')
on conflict (id) do nothing;

insert into public.journal_entries (id, thread_id, content, entry_timestamp) values
  ('00000000-0000-4000-8000-00000000a401', '00000000-0000-4000-8000-00000000a201',
   'Slept badly, but the open house prep is done.', '2025-05-05 06:40:00+00'),
  ('00000000-0000-4000-8000-00000000a402', '00000000-0000-4000-8000-00000000a201',
   'Ran along the river before work. Heard a varied thrush, I think.', '2025-05-06 06:15:00+00'),
  ('00000000-0000-4000-8000-00000000a403', '00000000-0000-4000-8000-00000000a201',
   '=Ideas for the listing: "garden, light, quiet street" (a formula-looking line, exported safely)',
   '2025-05-07 07:05:00+00'),
  ('00000000-0000-4000-8000-00000000a404', '00000000-0000-4000-8000-00000000a202',
   'Buy a second-hand kayak?', '2025-03-01 18:00:00+00')
on conflict (id) do nothing;

insert into public.journal_entry_values (id, entry_id, field_id, value) values
  ('00000000-0000-4000-8000-00000000a501', '00000000-0000-4000-8000-00000000a401', '00000000-0000-4000-8000-00000000a301', 'tired'),
  ('00000000-0000-4000-8000-00000000a502', '00000000-0000-4000-8000-00000000a402', '00000000-0000-4000-8000-00000000a301', 'great'),
  ('00000000-0000-4000-8000-00000000a503', '00000000-0000-4000-8000-00000000a402', '00000000-0000-4000-8000-00000000a303', '6.2'),
  ('00000000-0000-4000-8000-00000000a504', '00000000-0000-4000-8000-00000000a402', '00000000-0000-4000-8000-00000000a304', '34:10')
on conflict (id) do nothing;

update public.journal_threads set deleted_at = now()
 where id = '00000000-0000-4000-8000-00000000a202' and deleted_at is null;

-- Bob shares his watchlist with Alice, and she accepted: a sighting of his entries is hers
-- to hear of (a user is only told of entries they may read).
insert into public.watchlist_shares (id, watchlist_id, user_id, accepted_at) values
  ('00000000-0000-4000-8000-00000000f201', '00000000-0000-4000-8000-00000000f002', '00000000-0000-4000-8000-00000000a11c', now())
on conflict do nothing;

insert into public.push_devices (user_id, token, platform, environment) values
  ('00000000-0000-4000-8000-00000000a11c', 'demo-apns-alice-iphone', 'ios', 'sandbox'),
  ('00000000-0000-4000-8000-00000000a11c', 'demo-fcm-alice-tablet', 'android', 'production'),
  ('00000000-0000-4000-8000-000000000b0b', 'demo-apns-bob-iphone', 'ios', 'production'),
  ('00000000-0000-4000-8000-00000000ca01', 'demo-fcm-carol-phone', 'android', 'production')
on conflict (token) do update
   set user_id = excluded.user_id, platform = excluded.platform, environment = excluded.environment,
       disabled_at = null, disabled_reason = null;

commit;
