-- The database's incarnation, which every sync and feed cursor names, and the key that
-- seals cursors.
--
-- A cursor is a snapshot of transaction ids. A restored dump, a point-in-time recovery to an
-- earlier moment or a standby promoted without the primary's last commits hands out ids
-- again, for other changes: a cursor of the earlier life would skip them without a word. So
-- a cursor carries the incarnation it came from (sql/code/sync/cursor.sql), and one of
-- another gets CURSOR_EXPIRED. This row is what a dump carries along: the server compares
-- it with what it is now (system identifier, database, this table) to find itself
-- restored, and then moves the epoch (private.settle_incarnation).
--
-- Cursors are sealed (AES and an HMAC, pgcrypto) with the key kept here, so that a client
-- sees no transaction ids of the cluster and cannot forge a cursor.
-- (beside PostGIS: in schema extensions, or where an older install keeps PostGIS)
do $$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pgcrypto') then
    execute pg_catalog.format('create extension pgcrypto schema %I',
      coalesce((select n.nspname from pg_catalog.pg_namespace n where n.nspname = 'extensions'),
               (select n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
                 where e.extname = 'postgis')));
  end if;
end
$$;

create table private.incarnation (
  singleton boolean primary key default true check (singleton),
  epoch bigint not null,
  system_identifier bigint not null,
  database_oid oid not null,
  relation_oid oid not null,
  timeline integer not null,
  cursor_key bytea not null check (octet_length(cursor_key) = 48),
  -- The cursors of before this table existed carry no incarnation: taken for this one until
  -- the server first finds itself restored.
  legacy_cursors boolean not null default true,
  settled_at timestamptz not null default now()
);
comment on table private.incarnation is
  'One row: the incarnation of this database that sync and feed cursors name (a random epoch, moved when the server finds itself restored; the system identifier, database and table oids and timeline it was recorded on), and the key that seals cursors (16 bytes of AES key, 32 of HMAC key). Read by the cursor functions (sql/code/sync/cursor.sql), written by private.settle_incarnation. Private: no API role reads it.';

insert into private.incarnation (epoch, system_identifier, database_oid, relation_oid, timeline, cursor_key)
select ('x' || pg_catalog.substr(pg_catalog.md5(pg_catalog.gen_random_uuid()::text), 1, 15))::bit(60)::bigint,
       (pg_catalog.pg_control_system()).system_identifier,
       (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database()),
       'private.incarnation'::regclass,
       case when pg_catalog.pg_is_in_recovery() then (pg_catalog.pg_control_checkpoint()).timeline_id
            else ('x' || pg_catalog.substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_insert_lsn()), 1, 8))::bit(32)::integer end,
       pg_catalog.decode(pg_catalog.replace(pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text
                                            || pg_catalog.gen_random_uuid()::text, '-', ''), 'hex');

revoke all on table private.incarnation from public, anon, authenticated, service_role;
