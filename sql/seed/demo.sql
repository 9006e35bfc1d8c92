-- Demo data for `make run` (re-runnable: fixed ids, nothing duplicated on a second run).
--
--   Alice  a realtor: owns a listing, declares tasks, keeps a "Backyard birds" watchlist
--          whose location rule covers 5 km around Laurelhurst Park, Portland; an iPhone
--          (a development build: sandbox) and an Android tablet
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

-- Bob shares his watchlist with Alice: a sighting of his entries is hers to hear of (a
-- user is only told of entries they may read).
insert into public.watchlist_shares (id, watchlist_id, user_id) values
  ('00000000-0000-4000-8000-00000000f201', '00000000-0000-4000-8000-00000000f002', '00000000-0000-4000-8000-00000000a11c')
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
