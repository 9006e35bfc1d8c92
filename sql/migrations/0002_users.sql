-- Users: the shared row stamping of every domain table, and public.users.

-- Shared row stamping for every domain table: the server's clock stamps each write and
-- each real UPDATE bumps row_version (optimistic locking for sync_push). A no-op UPDATE
-- (nothing changed) is left alone, so it also writes no audit row.
create function public.stamp_row() returns trigger
  language plpgsql
as $$
begin
  new.updated_at := clock_timestamp();
  if tg_op = 'UPDATE' then
    new.row_version := old.row_version + 1;
  end if;
  return new;
end
$$;
comment on function public.stamp_row() is
  'BEFORE INSERT/UPDATE trigger function: sets updated_at from the server clock and increments row_version on UPDATE. The device clock never decides either.';

-- The WHEN condition of an UPDATE trigger that must skip no-op updates: "the stored row
-- changed". PostgreSQL refuses `old.* is distinct from new.*` in the WHEN clause of a
-- table with generated columns (they are not computed yet in a BEFORE trigger's NEW), so
-- such a table compares its stored columns one by one; a generated column only changes
-- with them. Shared by row stamping, the audit trail and the change outbox, so that all
-- three agree on what a real change is. The text reflects the columns as they are when it
-- is called: a trigger built from it is rebuilt after adding columns to such a table.
create function public.row_changed_condition(p_table regclass) returns text
  language sql
  stable
  set search_path = ''
as $$
  select case when bool_or(a.attgenerated <> '')
              then pg_catalog.format('row(%s) is distinct from row(%s)',
                     pg_catalog.string_agg(pg_catalog.format('old.%I', a.attname), ', ' order by a.attnum)
                       filter (where a.attgenerated = ''),
                     pg_catalog.string_agg(pg_catalog.format('new.%I', a.attname), ', ' order by a.attnum)
                       filter (where a.attgenerated = ''))
              else 'old.* is distinct from new.*' end
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
$$;
comment on function public.row_changed_condition(regclass) is
  'The WHEN clause text "the stored row changed" for an UPDATE trigger on p_table (old.* is distinct from new.*, or the stored columns one by one on a table with generated columns). Used by enable_row_stamping, audit.enable_tracking and outbox.enable_changes.';

-- Trigger names start with "_" so that they fire before every other BEFORE trigger
-- (triggers fire in name order): audit snapshots then see the stamped row. Re-running it
-- replaces the triggers (after adding columns to a table with generated columns).
create function public.enable_row_stamping(p_table regclass) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  execute pg_catalog.format(
    'create or replace trigger _stamp_insert before insert on %s for each row execute function public.stamp_row()',
    p_table);
  execute pg_catalog.format(
    'create or replace trigger _stamp_update before update on %s for each row '
    'when (%s) execute function public.stamp_row()',
    p_table, public.row_changed_condition(p_table));
end
$$;
comment on function public.enable_row_stamping(regclass) is
  'Attaches the _stamp_insert and _stamp_update triggers (public.stamp_row) to a table that has updated_at and row_version columns; a no-op UPDATE (no stored column changes) is not stamped. Tables with generated columns compare their other columns as they are when this runs: run it again after adding columns.';

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '',
  email text,
  avatar_url text,
  gender text,
  profile_photo text,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  row_version integer not null default 1
);
comment on table public.users is
  'App profile of each auth user (realtors and bird watchers alike). Every authenticated user reads profiles (names for "claimed by"); each updates only their own row; is_admin sees and changes everything.';
comment on column public.users.is_admin is 'Admins see and change every row of every table.';

create index users_updated_at_idx on public.users (updated_at);

select public.enable_row_stamping('public.users');

-- is_admin() is SECURITY DEFINER so that policies can ask it without recursing into
-- the users policies.
create function public.is_admin() returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select u.is_admin from public.users u where u.id = auth.uid()), false)
$$;
comment on function public.is_admin() is
  'True when the caller (auth.uid()) is an admin. Used by row-level security policies.';

alter table public.users enable row level security;

create policy users_select on public.users for select to authenticated using (true);
create policy users_insert on public.users for insert to authenticated
  with check (id = auth.uid() and not is_admin);
create policy users_update on public.users for update to authenticated
  using (id = auth.uid() or public.is_admin())
  with check (id = auth.uid() or public.is_admin());
create policy users_delete on public.users for delete to authenticated
  using (public.is_admin());

-- is_admin is not in the column list: nobody promotes themselves through the API.
grant select, insert, delete on public.users to authenticated;
grant update (name, email, avatar_url, gender, profile_photo) on public.users to authenticated;
grant all on public.users to service_role;
grant execute on function public.is_admin() to authenticated, service_role;
