-- users.email is no longer unique. The address is what the user typed into their own
-- profile, unverified (the platform verifies the sign-in address, auth.users.email, not
-- this one), so uniqueness let one account harm another: any user learned whether an
-- address was on some profile (a raw unique violation, 23505, answered the question), and
-- could take someone's address before she created her profile, whose insert then failed.
-- Nothing here looks a profile up by its address to act on it; admins still find
-- profiles by address through the index that replaces the constraint's.
create index users_email_idx on public.users (email);
alter table public.users drop constraint users_email_key;
comment on index public.users_email_idx is
  'A lookup of profiles by email (several profiles may give one address: it is not verified).';
