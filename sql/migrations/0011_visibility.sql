-- migrate:replaces 0010_visibility 004161559c9a775d50cee9a238e0cb6cab26bf2cca6cca9f6f04a7be32112fb4
-- Who may see which rows: one definition, read by row-level security (the SELECT policies
-- below are generated from it), by sync (which rows a pull delivers or revokes: 12_sync_changes.sql to 14_sync_rpcs.sql),
-- by the outbox (each change's audience: 16_outbox_capture.sql) and by every notification recipient query.
--
-- Scope keys. Every row carries a set of keys, every user holds a set of keys, and a row is
-- visible to a user when the two sets meet (or the user is an admin, on the tables admins
-- see). A key is a pair (kind, uuid): the kind says what the uuid names and who holds it.
-- The kind is part of the key because ids are made on the devices: a listing given the id
-- of somebody's user row must not make its owner hold that user's key.
--
--   kind             the uuid is            held by
--   user             a user id              that user
--   listing          a listing id           the listing's owner
--   watchlist        a watchlist id         its owner and the users it is shared with
--   watchlist_owner  a watchlist id         its owner
--   everyone         (a constant)           every user
--   task, activity   a task / activity id   whoever may see that task / activity (derived)
--
-- Which keys a row has is data: private.visibility_rules, one row per (table, kind, key
-- column, condition). Everything else is generated from it or reads it:
--   <table>_select                   the SELECT policy (private.apply_visibility)
--   private.row_scope(table, row)    the keys of a row given as jsonb (generated)
--   private.row_keys / row_audience  its base keys (derived ones resolved) and who holds them
--   private.user_keys(user)          the keys a user holds; caller_keys(kind) for policies
--   private.user_sees(user, ...)     the question for someone other than the caller
--   sync (12_sync_changes.sql to 14_sync_rpcs.sql)                 key indexes, the moves and deletion logs, the pull
-- When a user's holdings change (a share, a listing's or watchlist's owner, the admin flag),
-- the triggers below log it in public.sync_access_log: the rows themselves are not touched.

create table private.visibility_kinds (
  kind text primary key,
  derived_from text,
  description text not null
);
comment on table private.visibility_kinds is
  'The kinds of scope keys: what the uuid of a key of this kind names, and who holds it (private.user_keys and private.key_holders say it in SQL). A derived kind (derived_from set) is held by whoever may see the row of that table whose id is the key: a note on a task is seen with the task.';
insert into private.visibility_kinds (kind, derived_from, description) values
  ('user', null, 'A user id, held by that user.'),
  ('listing', null, 'A listing id, held by the listing''s owner.'),
  ('watchlist', null, 'A watchlist id, held by its owner and by the users it is shared with (any role).'),
  ('watchlist_owner', null, 'A watchlist id, held by its owner only.'),
  ('everyone', null, 'One constant key (private.everyone_key()), held by every user.'),
  ('task', 'tasks', 'A task id, held by whoever may see the task.'),
  ('activity', 'activities', 'An activity id, held by whoever may see the activity.');

create table private.visibility_tables (
  table_name text primary key,
  admin_sees boolean not null
);
comment on table private.visibility_tables is
  'The tables whose visibility private.visibility_rules defines, and whether admins see every row of each (they do, except for tables private to their owner such as notifications).';

create table private.visibility_rules (
  table_name text not null references private.visibility_tables (table_name) on delete cascade,
  kind text not null references private.visibility_kinds (kind),
  key_column text,
  condition text,
  constraint visibility_rules_key_check check ((key_column is null) = (kind = 'everyone')),
  constraint visibility_rules_everyone_check check (kind <> 'everyone' or condition is not null)
);
create unique index visibility_rules_key on private.visibility_rules (table_name, kind, coalesce(key_column, ''));
comment on table private.visibility_rules is
  'The one definition of who may see a row: a row of table_name has the key (kind, value of key_column) when condition holds (an everyone rule has no column: the row is visible to all while condition holds). Conditions are SQL over the row named "it" (it.claimed_by is null and not it.completed). Registered with private.declare_visibility.';
comment on column private.visibility_rules.condition is
  'A predicate over the row, which is called "it"; NULL = always. The columns it names decide the key as much as key_column does (private.visibility_columns).';

revoke all on private.visibility_kinds, private.visibility_tables, private.visibility_rules
  from public, anon, authenticated, service_role;
grant select on private.visibility_kinds, private.visibility_tables, private.visibility_rules to service_role;
