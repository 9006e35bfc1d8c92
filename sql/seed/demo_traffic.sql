-- One round of demo traffic for `make run` (scripts/run.sh runs it in a loop while the
-- worker runs). Each step is a transaction acting as one of the demo users (role
-- authenticated + request.jwt.claims, as the API layer would), a second apart, so the
-- worker's log and the pushes on stdout show each change being turned into notifications.

\set ON_ERROR_STOP on
\o /dev/null
\set alice '00000000-0000-4000-8000-00000000a11c'
\set bob '00000000-0000-4000-8000-000000000b0b'
\set carol '00000000-0000-4000-8000-00000000ca01'
\set dana '00000000-0000-4000-8000-00000000da4a'
\set listing '00000000-0000-4000-8000-0000000000c1'
\set entry '00000000-0000-4000-8000-00000000f101'
\set backyard '00000000-0000-4000-8000-00000000f001'

-- Alice opens the app and reads everything: the badge of her next push counts from 1 again.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'alice', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
select public.mark_all_notifications_read();
commit;

-- Alice declares a task on her listing (nobody is notified of a new task).
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'alice', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
insert into public.tasks (title, declared_by, listing_id, priority)
values ('Stage the living room (' || to_char(clock_timestamp(), 'HH24:MI:SS') || ')', :'alice', :'listing', 'high')
returning id as task \gset
commit;
select pg_sleep(1);

-- Carol comments while it is open: Alice hears of it.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'carol', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
insert into public.notes (parent_type, parent_id, content, created_by)
values ('task', :'task', 'I can lend you two armchairs for this.', :'carol');
commit;
select pg_sleep(1);

-- Bob claims it: Alice hears of it.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'bob', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
select public.claim_work_item('task', :'task');
commit;
select pg_sleep(1);

-- Bob adds a note: Alice (declarer) hears of it, Bob does not, and neither does Carol,
-- whose earlier note it answers: the task is Bob's now, out of her sight, and nobody is
-- told of a note on an item they cannot see.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'bob', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
insert into public.notes (parent_type, parent_id, content, created_by)
values ('task', :'task', 'Picking the armchairs up at 4, thanks Carol!', :'bob');
commit;
select pg_sleep(1);

-- Bob completes it: Alice hears of it.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'bob', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
update public.tasks set completed = true where id = :'task';
commit;
select pg_sleep(1);

-- Alice deletes the task by mistake; Dana (an admin) restores it: Alice hears of it.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'alice', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
delete from public.tasks where id = :'task';
commit;
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'dana', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
select public.restore_entity('task', :'task');
commit;
select pg_sleep(1);

-- Bob spots his hummingbird in Laurelhurst Park, inside Alice's "Backyard birds" rule: a sighting for Alice.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'bob', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
update public.watchlist_entries set status = 'to_observe' where id = :'entry';
update public.watchlist_entries
   set status = 'observed', observation_date = now(),
       lat = 45.5213 + (random() - 0.5) / 100, lon = -122.6254 + (random() - 0.5) / 100,
       location_display_name = 'Laurelhurst Park'
 where id = :'entry';
commit;
select pg_sleep(1);

-- Alice shares "Backyard birds" with Carol (again): Carol hears of the invitation the first
-- time, then at most once an hour however often it is re-shared.
begin;
select set_config('request.jwt.claims', json_build_object('sub', :'alice', 'role', 'authenticated')::text, true),
       set_config('role', 'authenticated', true);
delete from public.watchlist_shares where watchlist_id = :'backyard' and user_id = :'carol';
insert into public.watchlist_shares (watchlist_id, user_id) values (:'backyard', :'carol');
commit;
select pg_sleep(2);
