-- The worker's notices of watchlist shares (who was given which list, once each).

create or replace function private.take_watchlist_share_notices(p_event_ids bigint[], p_share_ids uuid[], p_actors uuid[])
  returns table (event_id bigint, watchlist_id uuid, reader uuid, sharer uuid, title text)
  language sql volatile
  set search_path = pg_catalog, pg_temp
as $$
  with live as (
    -- Shares that still exist on a live watchlist (one revoked since is no news, and its
    -- title is no longer the reader's to read), not made by the reader, one per
    -- (watchlist, reader): the earliest event.
    select distinct on (s.watchlist_id, s.user_id)
           r.event_id, s.watchlist_id, s.user_id as reader, coalesce(r.actor, w.owner_id) as sharer,
           coalesce(nullif(w.title, ''), nullif(w.location_display_name, ''), 'a watchlist') as title
      from unnest(p_event_ids, p_share_ids, p_actors) as r (event_id, share_id, actor)
      join public.watchlist_shares s on s.id = r.share_id
      join public.watchlists w on w.id = s.watchlist_id and w.deleted_at is null
     where s.user_id <> coalesce(r.actor, w.owner_id)
       -- The title goes to the reader the share names: an invitation shows it, for her to
       -- accept or decline (access/invitations.sql), as the owner meant by sharing.
     order by s.watchlist_id, s.user_id, r.event_id
  ), taken as (
    -- The hour's slot: a row that is new or older than an hour is (re)stamped and
    -- returned; otherwise nothing. A concurrent worker waits on the row and then finds it
    -- taken; a retried transaction rolled its stamp back with its notification.
    insert into private.watchlist_share_notices as n (watchlist_id, user_id, notified_at)
    select l.watchlist_id, l.reader, pg_catalog.now() from live l
    on conflict (watchlist_id, user_id) do update
       set notified_at = excluded.notified_at
     where n.notified_at <= excluded.notified_at - interval '1 hour'
    returning n.watchlist_id, n.user_id
  )
  select l.event_id, l.watchlist_id, l.reader, l.sharer, l.title
    from live l
    join taken t on t.watchlist_id = l.watchlist_id and t.user_id = l.reader
   order by l.event_id
$$;
comment on function private.take_watchlist_share_notices(bigint[], uuid[], uuid[]) is
  'The watchlist_shared notifications to create for share events (outbox event p_event_ids[i] inserted share p_share_ids[i], written by p_actors[i], NULL for a service write): for each share that still exists on a live watchlist and was not made by its reader, the watchlist, reader, sharer (the actor, else the owner) and title to show; at most one per (watchlist, reader) per hour (private.watchlist_share_notices, taken in the caller''s transaction). The worker''s (service_role).';
revoke all on function private.take_watchlist_share_notices(bigint[], uuid[], uuid[]) from public, anon, authenticated, service_role;
grant execute on function private.take_watchlist_share_notices(bigint[], uuid[], uuid[]) to service_role;
