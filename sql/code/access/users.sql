-- public.users: who may write a profile, and the public view of names and avatars.
-- auth.uid() and is_admin() in (select ...): evaluated once per statement (an InitPlan),
-- not once per row. Who reads profiles (everybody) is the users rule of the table manifest,
-- from which the final step generates users_select.

drop policy if exists users_insert on public.users;
create policy users_insert on public.users for insert to authenticated
  with check (id = (select auth.uid()) and not is_admin);
drop policy if exists users_update on public.users;
create policy users_update on public.users for update to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));
drop policy if exists users_delete on public.users;
create policy users_delete on public.users for delete to authenticated
  using ((select private.is_admin()));

-- Names and avatars of every user, for everyone signed in ("claimed by", a note's author).
-- The table itself is its owner's and admins' (email, is_admin: the users rule in the table
-- manifest). The view reads it with its owner's rights, past the table's row-level
-- security, and shows only these columns; `where id = …` stays an index probe of the
-- primary key (the view is inlined), so a lookup costs the same whatever the number of users.
create or replace view public.profiles as
  select u.id, u.name, u.avatar_url, u.profile_photo from public.users u;
comment on view public.profiles is
  'Public profile of every user: id, name, avatar_url, profile_photo. Readable by every signed-in user, unlike public.users (email, is_admin: the user and admins only). Runs with its owner''s rights (not security_invoker) on purpose: it is the one path to other users'' names.';
revoke all on public.profiles from public, anon, authenticated, service_role;
grant select on public.profiles to authenticated, service_role;
