-- Admins read through a role of their own, dispatch_admin. Each table's SELECT policy for
-- app users used to end in `or (select private.is_admin())`: an OR with a value known only
-- at run time cannot be an index condition, so every user's plain read of a table became a
-- scan of every user's rows (another account's 100,000 watchlist entries cost everyone's
-- count of their own 850 ms). A second permissive policy for the same role is no better:
-- PostgreSQL ORs them the same way. So the policies of role authenticated say only what a
-- user sees through his keys, and role dispatch_admin has policies of its own (true for an
-- admin, false for anyone else: the role is a path, not a privilege; users.is_admin still
-- decides). An admin's API layer sets this role instead of authenticated (JWT role claim
-- dispatch_admin); it holds authenticated's privileges and policies, and its admin policies
-- on top, which cost nobody else anything.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'dispatch_admin') then
    begin
      create role dispatch_admin nologin inherit;
    exception when duplicate_object or unique_violation then
      null;  -- created by a concurrent migration of another database
    end;
  end if;
  if not pg_catalog.pg_has_role('dispatch_admin', 'authenticated', 'member') then
    begin
      grant authenticated to dispatch_admin;
    exception when unique_violation then
      null;
    when insufficient_privilege then
      raise warning 'dispatch_admin could not be made a member of authenticated: grant authenticated to dispatch_admin as a role that may';
    end;
  end if;
  -- The session user may act as it, like the other API roles; so may Supabase's
  -- authenticator (PostgREST switches to the JWT's role).
  if not pg_catalog.pg_has_role(current_user, 'dispatch_admin', 'member') then
    begin
      execute pg_catalog.format('grant dispatch_admin to %I', current_user);
    exception when unique_violation then
      null;
    end;
  end if;
  if exists (select from pg_catalog.pg_roles where rolname = 'authenticator')
     and not pg_catalog.pg_has_role('authenticator', 'dispatch_admin', 'member') then
    begin
      grant dispatch_admin to authenticator;
    exception when unique_violation or insufficient_privilege then
      null;
    end;
  end if;
  -- An admin's statements end when an app user's do.
  if not exists (select from pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) c
                  where s.setrole = 'dispatch_admin'::regrole and s.setdatabase = 0
                    and c like 'statement\_timeout=%') then
    begin
      alter role dispatch_admin set statement_timeout = '8s';
    exception when unique_violation then
      null;
    end;
  end if;
end
$$;
comment on role dispatch_admin is
  'The role an admin''s requests act as: app users'' privileges and policies (it is a member of authenticated) plus SELECT policies that let an admin (users.is_admin) read every row of the tables admins see. Kept apart so that the policies of authenticated carry no admin term, which would switch indexes off for every user.';
