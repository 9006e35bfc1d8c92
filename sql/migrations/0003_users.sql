-- migrate:replaces 0002_users 5e697f294444b9c16cc3254c0f304c3f75a5148f9d3c9cc3ad11b025561c1de6
-- ---------------------------------------------------------------------------------------
-- public.users
-- ---------------------------------------------------------------------------------------

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

alter table public.users enable row level security;

-- is_admin is in no column list: nobody promotes themselves through the API.
revoke all on table public.users from public, anon, authenticated, service_role;
grant select, delete on public.users to authenticated;
grant insert (id, name, email, avatar_url, gender, profile_photo),
      update (name, email, avatar_url, gender, profile_photo)
  on public.users to authenticated;
grant select, insert, update, delete on public.users to service_role;
