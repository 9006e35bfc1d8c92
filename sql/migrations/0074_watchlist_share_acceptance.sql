-- A watchlist shared with a user is an invitation until she accepts it. Every share used to
-- be one of the recipient's scope keys at once, read by every pull and poll she made: one
-- account sharing 20,000 empty lists with another (four calls) took her empty poll from 328
-- to a million buffers, and each of her empty pulls, of tasks and journals too, from ~50 to
-- 80,000. Now a share becomes a key only once accepted (public.accept_watchlist_share);
-- until then it is a row of her invitations, read a page at a time
-- (public.watchlist_invitations). The shares that exist were keys already: they are
-- accepted as of this migration (the column's default for the rows present, dropped for
-- the rows to come).
alter table public.watchlist_shares add column accepted_at timestamptz default now();
alter table public.watchlist_shares alter column accepted_at drop default;
comment on column public.watchlist_shares.accepted_at is
  'When the user accepted the share (public.accept_watchlist_share); NULL while it is an invitation: until then the watchlist is not hers to see, and the share is none of her scope keys. Set by the server only.';

-- Her keys: the accepted shares only, however many invitations she has.
create index watchlist_shares_accepted_idx on public.watchlist_shares (user_id, watchlist_id) where accepted_at is not null;
-- Her invitations, newest first, a page at a time.
create index watchlist_shares_invitations_idx on public.watchlist_shares (user_id, created_at desc, id desc) where accepted_at is null;

-- A user's rows of the access log are read by every pull and poll she makes, from the state
-- her cursor delivered (sync_key_state: two index ranges of (user_id, sync_xid)). Planned
-- once for any user, the planner took a user for half the log where few users had rows, and
-- read all of it: told, as for the scope-key columns, that a user holds about a hundredth.
alter table public.sync_access_log alter column user_id set (n_distinct = -0.01);
