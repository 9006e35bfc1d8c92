-- Dispatch core access: what the row-level security policies cannot say. Who may see and
-- write which rows of the tables of migration 0004_dispatch_core is their rules in the table
-- manifest (manifest/tables.sql), from which the final step generates every policy
-- (access/visibility.sql, access/write_rules.sql); which columns apps may write, their grants.

-- ---------------------------------------------------------------------------------------
-- Moving a work item between listings
-- ---------------------------------------------------------------------------------------
-- A listing's owner sees and changes every task and activity on it. So moving an item
-- onto a listing hands it to that listing's owner: only the people who answer for the item
-- may do that (its declarer, the owner of the listing it is on, an admin), not its
-- claimer, who could otherwise move it onto a listing of their own and keep it after
-- releasing it. The policies cannot say this (they see only the new row); this trigger
-- compares old and new.
--
-- For the same reason an item goes onto a listing (created there, or moved there) only by
-- that listing's owner or an admin: otherwise anyone could put tasks and activities on
-- someone else's listing, in his lists and his pushes. A declarer who owns no listing
-- declares items without one, and may take his items off a listing (listing_id null).

create or replace function private.guard_listing_move() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := auth.uid();
  v_item text := (select m.claimed_as from private.table_manifest m where m.table_name = tg_table_name);
begin
  -- Writes without a calling user (the worker, migrations) are not the apps' moves, nor
  -- are those of a role past row-level security (the service role), nor those of the
  -- tables' owner: a SECURITY DEFINER function that authorised the write itself
  -- (restore_entity relinking a restored listing's tasks).
  if v_uid is null or (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user)
     or current_user = (select pg_catalog.pg_get_userbyid(c.relowner) from pg_catalog.pg_class c where c.oid = tg_relid) then
    return new;
  end if;
  -- Who may write a listing (its owner, an admin) is the listings' update rule.
  if new.listing_id is not null and not private.caller_writes('listings', new.listing_id) then
    -- A listing the caller does not see (under its row-level security) is answered as an
    -- absent one: the listing made offline and not pushed yet (push it, retry the item), or
    -- someone else's, which the caller must not learn exists.
    if not exists (select from public.listings l where l.id = new.listing_id) then
      raise exception using errcode = '23503',
        message = pg_catalog.format('FK_MISSING: listing %s does not exist', new.listing_id),
        detail = pg_catalog.jsonb_build_object('table', 'listings', 'column', 'listing_id', 'id', new.listing_id)::text,
        hint = 'Push the listing first, then retry this record unchanged.';
    end if;
    raise exception using errcode = '42501',
      message = pg_catalog.format('NOT_AUTHORIZED: only the listing''s owner or an admin may put a %s on listing %s', v_item, new.listing_id);
  end if;
  if tg_op = 'INSERT' then
    return new;
  end if;
  if old.declared_by = v_uid or private.is_admin() or private.caller_writes('listings', old.listing_id) then
    return new;
  end if;
  raise exception using errcode = '42501',
    message = pg_catalog.format('NOT_AUTHORIZED: only the declarer, the listing''s owner or an admin may move this %s to another listing', v_item);
end
$$;
comment on function private.guard_listing_move() is
  'BEFORE INSERT (with a listing) and BEFORE UPDATE OF listing_id (only when it changes) trigger function of tasks and activities: an item goes onto a listing only by whoever may write that listing (its owner, an admin: private.caller_writes; a listing the caller does not see: FK_MISSING, 23503, detail {table, column, id}, as for an absent one), and the declarer, whoever may write the current listing or an admin may move it; anyone else gets NOT_AUTHORIZED (42501). Writes without a calling user, by a role past row-level security, or by the table''s owner (a SECURITY DEFINER function that authorised them), pass.';
revoke all on function private.guard_listing_move() from public, anon, authenticated, service_role;

create or replace trigger _guard_listing_move before update of listing_id on public.tasks
  for each row when (old.listing_id is distinct from new.listing_id)
  execute function private.guard_listing_move();
create or replace trigger _guard_listing_move before update of listing_id on public.activities
  for each row when (old.listing_id is distinct from new.listing_id)
  execute function private.guard_listing_move();
create or replace trigger _guard_listing_attach before insert on public.tasks
  for each row when (new.listing_id is not null)
  execute function private.guard_listing_move();
create or replace trigger _guard_listing_attach before insert on public.activities
  for each row when (new.listing_id is not null)
  execute function private.guard_listing_move();


-- ---------------------------------------------------------------------------------------
-- A listing's property
-- ---------------------------------------------------------------------------------------
-- A property is its owner's alone (and an admin's), and deleting it deletes its listings
-- (the foreign key cascades). So a listing names only a property its writer sees: anyone
-- else's would be a listing its owner deletes without knowing, and the insert's answer
-- would tell the writer that a property he cannot see exists. One he does not see is
-- answered as an absent one (FK_MISSING), as the foreign key answers a made-up id.

create or replace function private.guard_listing_property() returns trigger
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
begin
  -- As for work items on listings (private.guard_listing_move): writes without a calling
  -- user, by a role past row-level security or by the table's owner are not the apps'.
  if auth.uid() is null or (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user)
     or current_user = (select pg_catalog.pg_get_userbyid(c.relowner) from pg_catalog.pg_class c where c.oid = tg_relid) then
    return new;
  end if;
  -- Under the caller's row-level security: the properties he sees.
  if not exists (select from public.properties p where p.id = new.property_id) then
    raise exception using errcode = '23503',
      message = pg_catalog.format('FK_MISSING: property %s does not exist', new.property_id),
      detail = pg_catalog.jsonb_build_object('table', 'properties', 'column', 'property_id', 'id', new.property_id)::text,
      hint = 'Push the property first, then retry this record unchanged.';
  end if;
  return new;
end
$$;
comment on function private.guard_listing_property() is
  'BEFORE INSERT (with a property) and BEFORE UPDATE OF property_id (only when it changes to one) trigger function of listings: the property must be one the calling app user sees (its owner, an admin), else FK_MISSING (23503, detail {table, column, id}), the answer for a property that does not exist. Writes without a calling user, by a role past row-level security, or by the table''s owner pass.';
revoke all on function private.guard_listing_property() from public, anon, authenticated, service_role;

create or replace trigger _guard_listing_property before insert on public.listings
  for each row when (new.property_id is not null)
  execute function private.guard_listing_property();
create or replace trigger _guard_listing_property_update before update of property_id on public.listings
  for each row when (new.property_id is not null and old.property_id is distinct from new.property_id)
  execute function private.guard_listing_property();
