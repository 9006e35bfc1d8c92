-- Watchlist invitations: a watchlist shared with a user is hers to accept or decline.
--
-- A user's scope keys decide what every one of her pulls and polls reads, so they are hers
-- to choose: a share (watchlist_shares) becomes one (kind watchlist: the list, its entries,
-- rules and photos) only once she accepts it (accepted_at). Until then it is an invitation,
-- one row in her list of them, read a page at a time by index: 20,000 lists another account
-- shares with her cost her pulls and polls nothing, and her invitations' page what it holds.
-- (Capping shares per recipient instead would let one account fill the cap and keep her
-- friends' lists out; an invitation costs her nothing until she says yes.) A share made
-- by the watchlist's owner notifies her (watchlist_shared, rate-limited per sender like
-- every notification), with the list's title, so that she can decide.

create or replace function public.watchlist_invitations(p_limit integer default 50, p_before uuid default null)
  returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('watchlist_invitations');
  v_after_at timestamptz;
  v_after_id uuid;
begin
  if p_limit is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_limit is required';
  end if;
  if p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'INVALID_LIMIT: p_limit must be between 1 and 100',
      detail = pg_catalog.format('p_limit = %s', p_limit);
  end if;
  if p_before is not null then
    select s.created_at, s.id into v_after_at, v_after_id
      from public.watchlist_shares s where s.id = p_before and s.user_id = v_uid and s.accepted_at is null;
    if not found then
      raise exception using errcode = '22023',
        message = 'INVALID_CURSOR: p_before is not an invitation of yours (accepted or declined since, or none)',
        hint = 'Start again with p_before NULL.';
    end if;
  end if;
  return (
    select pg_catalog.jsonb_build_object(
             'invitations', coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                              'share_id', i.id, 'watchlist_id', i.watchlist_id, 'role', i.role, 'shared_at', i.created_at,
                              'title', i.title, 'owner_id', i.owner_id, 'owner_name', i.owner_name) order by i.created_at desc, i.id desc),
                            '[]'),
             'next', case when count(*) = p_limit then (pg_catalog.array_agg(i.id order by i.created_at, i.id))[1] end)
      from (select s.id, s.watchlist_id, s.role, s.created_at, w.owner_id, u.name as owner_name,
                   case when w.deleted_at is null then w.title end as title
              from public.watchlist_shares s
              join public.watchlists w on w.id = s.watchlist_id
              left join public.users u on u.id = w.owner_id
             where s.user_id = v_uid and s.accepted_at is null
               and (p_before is null or (s.created_at, s.id) < (v_after_at, v_after_id))
             order by s.created_at desc, s.id desc
             limit p_limit) i);
end
$$;
comment on function public.watchlist_invitations(integer, uuid) is
  'The caller''s invitations: watchlists shared with them that they have not accepted, newest first, p_limit (1..100, default 50) a page: {invitations: [{share_id, watchlist_id, role, shared_at, title (NULL once the list is deleted), owner_id, owner_name}], next: the share_id to pass as p_before for the next page, NULL on the last}. One index range of the caller''s own invitations, whatever else is shared with them. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), INVALID_LIMIT, INVALID_CURSOR (22023). SECURITY DEFINER: an invitee reads the title and owner of a list they may not see yet.';

create or replace function public.accept_watchlist_share(p_watchlist_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('accept_watchlist_share');
  v_share jsonb;
begin
  if p_watchlist_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_watchlist_id is required';
  end if;
  update public.watchlist_shares s set accepted_at = coalesce(s.accepted_at, pg_catalog.now())
   where s.watchlist_id = p_watchlist_id and s.user_id = v_uid
  returning pg_catalog.to_jsonb(s) into v_share;
  if v_share is null then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no invitation to watchlist %s', p_watchlist_id);
  end if;
  return v_share;
end
$$;
comment on function public.accept_watchlist_share(uuid) is
  'Accepts the caller''s invitation to watchlist p_watchlist_id: the share becomes one of their scope keys (the list, its entries, rules and photos are theirs to see, and to manage with role write), delivered by their next pulls. Returns the share row; accepting again returns it unchanged. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no share of that list with the caller, whether the list exists or not). SECURITY DEFINER: accepted_at is the server''s to set.';

create or replace function public.decline_watchlist_share(p_watchlist_id uuid)
  returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_uid uuid := private.caller('decline_watchlist_share');
begin
  if p_watchlist_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_watchlist_id is required';
  end if;
  delete from public.watchlist_shares s where s.watchlist_id = p_watchlist_id and s.user_id = v_uid;
  if not found then
    raise exception using errcode = 'P0002',
      message = pg_catalog.format('NOT_FOUND: no invitation to watchlist %s', p_watchlist_id);
  end if;
  return true;
end
$$;
comment on function public.decline_watchlist_share(uuid) is
  'Declines the caller''s invitation to watchlist p_watchlist_id, or leaves a list they accepted: the share is deleted (its owner may share it again). Returns true. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: no share of that list with the caller, whether the list exists or not). SECURITY DEFINER: the answer for a list not shared with the caller is the one for a list that does not exist, whoever''s it is.';

revoke all on function public.watchlist_invitations(integer, uuid), public.accept_watchlist_share(uuid),
  public.decline_watchlist_share(uuid) from public, anon, authenticated, service_role;
grant execute on function public.watchlist_invitations(integer, uuid), public.accept_watchlist_share(uuid),
  public.decline_watchlist_share(uuid) to authenticated;
