-- users.email unique and indexed, as the Dispatch documents have it (`email TEXT UNIQUE`,
-- indexed): a profile is found by its email, and one address names one person.
-- NULL stays allowed (the documents say NOT NULL): profiles are created before the apps
-- know an email, and NULLs are never equal to each other. Compared exactly as stored, as
-- the documents' UNIQUE does (auth.users.email, where sign-in happens, decides case).
--
-- Where the data does not allow it, this migration refuses, changing nothing, and says
-- which addresses to fix: picking a winner among two people's profiles is not a
-- migration's call. Find them with
--   select email, array_agg(id) from public.users where email is not null group by email having count(*) > 1;
-- then clear or correct the wrong ones and run migrate again.
do $$
declare
  v_duplicates text;
  v_count integer;
begin
  select count(*), array_to_string((array_agg(d.email order by d.email))[1:20], ', ')
    into v_count, v_duplicates
    from (select u.email from public.users u where u.email is not null group by u.email having count(*) > 1) d;
  if v_count > 0 then
    raise exception using errcode = '23505',
      message = format('UNIQUE_CONFLICT: users.email cannot be made unique: %s address(es) belong to more than one profile', v_count),
      detail = 'Shared (first 20): ' || v_duplicates,
      hint = 'select email, array_agg(id) from public.users where email is not null group by email having count(*) > 1; fix those profiles, then run migrate again.';
  end if;
end
$$;

alter table public.users add constraint users_email_key unique (email);
comment on constraint users_email_key on public.users is
  'One profile per email address (NULL: none given). Also the index a lookup by email uses.';
