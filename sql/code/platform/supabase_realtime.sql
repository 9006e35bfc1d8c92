-- Supabase Realtime for the apps: their realtime managers subscribe to postgres_changes per
-- table, which Supabase Realtime reads from the tables in the publication supabase_realtime
-- (logical decoding of the WAL). Where that publication exists (every Supabase project has
-- one, empty, owned by the migrating role postgres), this adds the tables the apps subscribe
-- to and sets each one's replica identity; on plain PostgreSQL with logical decoding it
-- creates the publication first (below); elsewhere nothing changes.
-- A publication created later is served by calling private.enable_supabase_realtime() as
-- the owner of the tables.
--
-- What Supabase Realtime sends for a table with row-level security on (all of ours): an
-- INSERT or UPDATE only to subscribers whose policies let them see the new row, with the
-- columns they may select; a DELETE to every subscriber of the table (policies cannot be
-- checked on a row that is gone), so its oldRecord carries the primary key only, whatever
-- the replica identity. An UPDATE's oldRecord carries what the replica identity writes to
-- the WAL: with DEFAULT, the primary key when it changed (never: ids are uuids set once);
-- with FULL, the whole old row.
--
-- Never published: the journal tables (a journal's content must not leave its tables, and a
-- published table's every change goes out through logical decoding to the Realtime
-- service), the audit logs, the outbox, sync bookkeeping (the deletions, moves and access
-- logs: they name who may see what), reference data (bird, hotspot,
-- notification_types).

-- The one list, which tables and each one's replica identity, is the table manifest.
create or replace function private.realtime_tables() returns table (table_name text, replica_identity text)
  language sql
  stable
  parallel safe
  set search_path = pg_catalog, pg_temp
as $$
  select m.table_name, m.realtime from private.table_manifest m where m.realtime is not null order by m.ordinal
$$;
comment on function private.realtime_tables() is
  'The tables the apps subscribe to through Supabase Realtime (postgres_changes) and the replica identity each gets, as the table manifest says (its realtime column). private.enable_supabase_realtime() applies it.';

create or replace function private.enable_supabase_realtime()
  returns table (table_name text, replica_identity text, added boolean)
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_publication pg_catalog.pg_publication;
  v_table record;
  v_identity "char";
begin
  select p.* into v_publication from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime';
  if not found then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: this database has no publication supabase_realtime',
      hint = 'Supabase creates it with every project. Elsewhere, as the owner of the tables: create publication supabase_realtime';
  end if;
  if v_publication.puballtables then
    raise exception using errcode = '55000',
      message = 'PUBLICATION_FOR_ALL_TABLES: publication supabase_realtime publishes every table, the journals included',
      hint = 'Recreate it without FOR ALL TABLES (drop publication supabase_realtime, then create publication supabase_realtime), then call this again.';
  end if;
  -- Adding a table to a publication takes owning both; setting a replica identity, the table.
  if not pg_catalog.pg_has_role(current_user, v_publication.pubowner, 'USAGE') then
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: publication supabase_realtime belongs to %s, not to %s', v_publication.pubowner::regrole, current_user),
      hint = format('As its owner or a superuser: alter publication supabase_realtime owner to %s', current_user);
  end if;
  for v_table in
    select t.table_name, c.relowner from private.realtime_tables() t
      join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.table_name))
     where not pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE')
  loop
    raise exception using errcode = '42501',
      message = format('NOT_AUTHORIZED: table public.%I belongs to %s, not to %s', v_table.table_name, v_table.relowner::regrole, current_user);
  end loop;

  -- A table the manifest no longer publishes leaves the publication (users: a change event
  -- would carry its email to every subscriber).
  for v_table in
    select p.tablename from pg_catalog.pg_publication_tables p
      join private.table_manifest m on m.table_name = p.tablename and m.realtime is null
     where p.pubname = 'supabase_realtime' and p.schemaname = 'public'
  loop
    execute format('alter publication supabase_realtime drop table public.%I', v_table.tablename);
  end loop;

  for v_table in select t.table_name, t.replica_identity from private.realtime_tables() t order by 1 loop
    select c.relreplident into v_identity from pg_catalog.pg_class c
     where c.oid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(v_table.table_name));
    if v_identity is distinct from (case v_table.replica_identity when 'full' then 'f' else 'd' end)::"char" then
      execute format('alter table public.%I replica identity %s', v_table.table_name, v_table.replica_identity);
    end if;
    added := not exists (select from pg_catalog.pg_publication_tables p
                          where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = v_table.table_name);
    if added then
      execute format('alter publication supabase_realtime add table public.%I', v_table.table_name);
    end if;
    table_name := v_table.table_name;
    replica_identity := v_table.replica_identity;
    return next;
  end loop;
end
$$;
comment on function private.enable_supabase_realtime() is
  'Adds the tables of private.realtime_tables() to the publication supabase_realtime (those not in it yet: added), removes those the table manifest no longer publishes, and sets their replica identities, so that Supabase Realtime serves the apps'' postgres_changes subscriptions. Re-runnable; private.apply_manifest (the final step of migrate) calls it when the publication exists; call it as the owner of the tables after creating the publication later. Errors: NOT_FOUND (P0002, no such publication), PUBLICATION_FOR_ALL_TABLES (55000: it would publish the journals), NOT_AUTHORIZED (42501: the caller must own the publication and the tables).';

-- Off Supabase, a self-hosted Realtime server (the same service, run by the project owner)
-- reads the same publication through logical decoding, which the server offers only with
-- wal_level = logical. There, and only where the migrating role may create it (CREATE on the
-- database: a superuser, or the database's owner), the publication is created empty and
-- private.apply_manifest fills it as on Supabase. With any other wal_level a publication
-- would publish nothing (logical decoding is off), and a role that may not create one gets
-- none: nothing is created and nothing fails; the apps poll sync_poll instead
-- (sync/poll.sql).
create or replace function private.ensure_realtime_publication() returns boolean
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
begin
  if not exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
     and pg_catalog.current_setting('wal_level') = 'logical'
     and pg_catalog.has_database_privilege(pg_catalog.current_database(), 'CREATE') then
    create publication supabase_realtime;
  end if;
  return exists (select from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime');
end
$$;
comment on function private.ensure_realtime_publication() is
  'True when the publication supabase_realtime exists, after creating it (empty) where it is missing, the server runs with wal_level = logical and the caller may create publications (CREATE on the database): what a self-hosted Realtime server reads. Creates nothing otherwise. Called by private.apply_manifest before it fills the publication.';

-- Only the owner (who alone may alter the tables and the publication) runs these.
revoke all on function private.realtime_tables(), private.enable_supabase_realtime(), private.ensure_realtime_publication()
  from public, anon, authenticated, service_role;
