-- Badge counts kept, not counted: each user's unread notifications per badge group, and per
-- entity for the two groups whose details get_badge_counts lists, maintained by statement
-- triggers on public.notifications in the writing transaction (private.count_badges,
-- sql/code/15_notifications.sql). Reading a badge is then a few index probes, whatever the
-- number of unread rows. Rows at zero are removed, so a user without unread notifications
-- has none. No CHECK on the counts: a statement's proposed row carries its change (which may
-- be negative) before ON CONFLICT adds it to the row it meets. No foreign key to users: a user's deletion takes their notifications with it,
-- and those deletions bring the counters to zero (and remove them) in the same statement.

create table private.notification_badge_totals (
  user_id uuid not null,
  badge_group text not null,
  unread integer not null,
  constraint notification_badge_totals_pkey primary key (user_id, badge_group)
);
comment on table private.notification_badge_totals is
  'Unread notifications per user and badge group (public.notification_types.badge_group): what get_badge_counts returns as its totals. One row per user and group with unread notifications; written only by the triggers of public.notifications.';

create table private.notification_badge_entities (
  user_id uuid not null,
  badge_group text not null,
  entity_type text not null,
  entity_id uuid not null,
  unread integer not null,
  latest_at timestamptz not null,
  constraint notification_badge_entities_pkey primary key (user_id, badge_group, entity_type, entity_id)
);
comment on table private.notification_badge_entities is
  'Unread notifications per user, badge group and entity (entity_type, entity_id), with the newest one''s created_at: the details of get_badge_counts(true), for the groups it details (requests, messages). Written only by the triggers of public.notifications.';
-- A user's details newest first: the first rows of one index range.
create index notification_badge_entities_latest_idx
  on private.notification_badge_entities (user_id, badge_group, latest_at desc, entity_id);

revoke all on private.notification_badge_totals, private.notification_badge_entities
  from public, anon, authenticated, service_role;

-- What is unread now.
insert into private.notification_badge_totals (user_id, badge_group, unread)
select n.user_id, t.badge_group, count(*)
  from public.notifications n
  join public.notification_types t on t.type = n.type
 where not n.read
 group by n.user_id, t.badge_group;

insert into private.notification_badge_entities (user_id, badge_group, entity_type, entity_id, unread, latest_at)
select n.user_id, t.badge_group, n.entity_type, n.entity_id, count(*), max(n.created_at)
  from public.notifications n
  join public.notification_types t on t.type = n.type
 where not n.read and n.entity_id is not null and t.badge_group in ('requests', 'messages')
 group by n.user_id, t.badge_group, n.entity_type, n.entity_id;
-- The worker reads a recipient's badge (public.notification_badge_counts) as service_role.
grant select on private.notification_badge_totals, private.notification_badge_entities to service_role;
