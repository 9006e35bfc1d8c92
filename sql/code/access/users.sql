-- public.users: the public view of names and avatars. Who reads and writes profiles (each
-- user his own, admins every one) is the users entry of the table manifest, from which the
-- final step generates its policies.

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

-- Deleting an account (its profile, or the auth.users row it cascades from) never silently
-- takes another user's work. What the account made and only it holds goes with it, to the
-- trash: its unheld tasks and activities (the foreign keys cascade; each deletion is in the
-- audit log, which admins restore from), its listings, watchlists, journals, notes and
-- notifications. A task or activity it declared that someone else holds stays with the
-- holder: the claimer becomes its declarer (the one who answers for it now, in the audit log
-- as a change by the deleting user) and is told (the notification handler: "handed over").
-- Claims the account held are released, and their declarers told as for any release. This must run before the foreign keys cascade, so it is a BEFORE DELETE
-- row trigger: an account is deleted one at a time, and the work is the account's own
-- items held by others.
create or replace function private.hand_over_held_items() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, pg_temp
as $$
begin
  update public.tasks t set declared_by = t.claimed_by
   where t.declared_by = old.id and t.claimed_by is not null and t.claimed_by <> old.id;
  update public.activities a set declared_by = a.claimed_by
   where a.declared_by = old.id and a.claimed_by is not null and a.claimed_by <> old.id;
  -- Its own claims are released here, before its items are deleted: each release is then
  -- in the log before the deletion (the foreign key's SET NULL would log it after).
  update public.tasks t set claimed_by = null where t.claimed_by = old.id;
  update public.activities a set claimed_by = null where a.claimed_by = old.id;
  return old;
end
$$;
comment on function private.hand_over_held_items() is
  'BEFORE DELETE row trigger function of public.users: the tasks and activities the deleted user declared that another user holds (claimed_by) are handed to that user (declared_by := claimed_by) before the foreign keys cascade, so deleting an account never takes another user''s work, and the claims the user held are released; the rest of its items are deleted (audited: restorable by an admin). SECURITY DEFINER: the holder''s items are written whoever deletes the account.';
revoke all on function private.hand_over_held_items() from public, anon, authenticated, service_role;
create or replace trigger _hand_over_held_items before delete on public.users
  for each row execute function private.hand_over_held_items();
