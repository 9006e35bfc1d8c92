-- Who created a listing (the Dispatch documents' listings.created_by), beside who owns it
-- now (owned_by, which a listing's owner may hand over). Decided by the server: the
-- calling user at insert (the column default; apps may not write it, so a record that names
-- someone else is COLUMN_NOT_WRITABLE), kept by restores (the snapshot holds it).
-- sync_xid first, as the final step of migrate defines it (private.enable_sync): a database
-- migrated before has it already, and a fresh one must end with the same column order.
alter table public.listings add column if not exists sync_xid xid8 not null default pg_current_xact_id();
alter table public.listings
  add column created_by uuid default auth.uid() references public.users (id) on delete set null;
comment on column public.listings.created_by is
  'The user who created the listing (auth.uid() at insert; never changed by the apps). NULL when created without a calling user (the service role, the worker) or when that user is deleted.';

-- The listings created before: their creator as the audit log recorded it (the INSERT
-- entry's changed_by, else the first owner), one UPDATE each: stamped, audited and synced
-- like any change, so every device's copy gets the column.
update public.listings l
   set created_by = coalesce(
         (select g.changed_by from audit.log g
           where g.table_name = 'listings' and g.record_pk = l.id and g.action = 'INSERT' and g.changed_by is not null
             and exists (select from public.users u where u.id = g.changed_by)
           order by g.changed_at limit 1),
         (select (g.new_row ->> 'owned_by')::uuid from audit.log g
           where g.table_name = 'listings' and g.record_pk = l.id and g.action = 'INSERT'
             and exists (select from public.users u where u.id = (g.new_row ->> 'owned_by')::uuid)
           order by g.changed_at limit 1),
         l.owned_by)
 where l.created_by is null;

-- The documents index it; every foreign key is served by an index.
create index listings_created_by_idx on public.listings (created_by);
