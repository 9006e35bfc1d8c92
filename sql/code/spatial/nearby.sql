-- Spatial RPCs: hotspots_near and birds_near; and the worker's sighting lookup.
--
-- The point is built with st_makepoint (no text round trip), the search
-- runs on the GiST-indexed generated location columns (st_dwithin for the radius, <-> for
-- the order), birds_near reads the real table (watchlist_entries), results come nearest
-- first with their distance, and bad input gets a coded error instead of a wrong answer.
-- Both functions are SECURITY INVOKER: birds_near only sees entries the caller may read.
--
-- PostGIS is called by name from the schema it is installed in (platform/postgis.sql: extensions, or
-- public on an older install): this migration searches it, and each function that calls
-- PostGIS keeps that search_path (SET search_path FROM CURRENT: pg_catalog, then PostGIS's
-- schema, where no API role may create anything, then pg_temp, last).
select pg_catalog.set_config('search_path', private.postgis_search_path(), true);

-- birds_near returns every column of public.bird now (a changed row type).
drop function if exists public.birds_near(double precision, double precision, double precision);

create or replace function private.assert_spatial_args(p_lat double precision, p_lon double precision, p_radius_km double precision)
  returns void
  language plpgsql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if p_lat is null or p_lon is null or p_radius_km is null then
    raise exception using errcode = '22004',
      message = 'NULL_ARGUMENT: lat, lon and radius_km are required',
      detail = format('lat = %s, lon = %s, radius_km = %s',
                      coalesce(p_lat::text, 'NULL'), coalesce(p_lon::text, 'NULL'), coalesce(p_radius_km::text, 'NULL'));
  end if;
  if not (p_lat between -90 and 90) then -- also rejects NaN
    raise exception using errcode = '22023',
      message = 'INVALID_LATITUDE: latitude must be between -90 and 90',
      detail = format('lat = %s', p_lat);
  end if;
  if not (p_lon between -180 and 180) then
    raise exception using errcode = '22023',
      message = 'INVALID_LONGITUDE: longitude must be between -180 and 180',
      detail = format('lon = %s', p_lon);
  end if;
  if not (p_radius_km > 0 and p_radius_km <= 500) then
    raise exception using errcode = '22023',
      message = 'INVALID_RADIUS: radius_km must be greater than 0 and at most 500',
      detail = format('radius_km = %s', p_radius_km),
      hint = 'Search a smaller area; 500 km is the maximum radius.';
  end if;
end
$$;
comment on function private.assert_spatial_args(double precision, double precision, double precision) is
  'Validates the arguments of the spatial RPCs: NULL_ARGUMENT (22004) for a NULL, INVALID_LATITUDE (outside -90..90), INVALID_LONGITUDE (outside -180..180), INVALID_RADIUS (not in (0, 500] km) (22023).';

create or replace function public.hotspots_near(lat double precision, lon double precision, radius_km double precision)
  returns setof public.hotspot_near
  language plpgsql
  stable
  set search_path from current
as $$
#variable_conflict use_column
declare
  v_point geography;
begin
  perform private.assert_spatial_args(hotspots_near.lat, hotspots_near.lon, hotspots_near.radius_km);
  v_point := st_setsrid(st_makepoint(hotspots_near.lon, hotspots_near.lat), 4326)::geography;

  return query
    select h.*, st_distance(h.location, v_point) as distance_m
      from public.hotspot h
     where st_dwithin(h.location, v_point, hotspots_near.radius_km * 1000)
     order by h.location <-> v_point, h.id;
end
$$;
comment on function public.hotspots_near(double precision, double precision, double precision) is
  'Hotspots within radius_km (0 < radius_km <= 500) of (lat, lon), nearest first: every column of public.hotspot, then distance_m, the distance in metres (WGS 84 spheroid). Uses the GiST index on hotspot.location. Errors: NULL_ARGUMENT (22004), INVALID_LATITUDE, INVALID_LONGITUDE, INVALID_RADIUS (22023).';

create or replace function public.birds_near(lat double precision, lon double precision, radius_km double precision)
  returns table (
    id uuid,
    common_name text,
    scientific_name text,
    static_image_name text,
    family text,
    order_name text,
    description_text text,
    conservation_status text,
    rarity_level text,
    migration_strategy text,
    hemisphere text,
    valid_locations text[],
    valid_months integer[],
    shape_id text,
    size_category integer,
    created_at timestamptz,
    updated_at timestamptz,
    row_version integer,
    distance_m double precision,
    nearest_entry_id uuid,
    entry_count integer
  )
  language plpgsql
  stable
  set search_path from current
as $$
#variable_conflict use_column
declare
  v_point geography;
begin
  perform private.assert_spatial_args(birds_near.lat, birds_near.lon, birds_near.radius_km);
  v_point := st_setsrid(st_makepoint(birds_near.lon, birds_near.lat), 4326)::geography;

  return query
    with near as (
      select e.id as entry_id, e.bird_id, st_distance(e.location, v_point) as distance_m
        from public.watchlist_entries e
        join public.watchlists w on w.id = e.watchlist_id
       where st_dwithin(e.location, v_point, birds_near.radius_km * 1000)
         and e.bird_id is not null
         and e.deleted_at is null
         and w.deleted_at is null
    ),
    per_bird as (
      select distinct on (n.bird_id)
             n.bird_id, n.entry_id, n.distance_m,
             (count(*) over (partition by n.bird_id))::integer as entry_count
        from near n
       order by n.bird_id, n.distance_m, n.entry_id
    )
    select b.*, p.distance_m, p.entry_id, p.entry_count
      from per_bird p
      join public.bird b on b.id = p.bird_id
     order by p.distance_m, b.id;
end
$$;
comment on function public.birds_near(double precision, double precision, double precision) is
  'Birds with a live watchlist entry (neither it nor its watchlist tombstoned) located within radius_km (0 < radius_km <= 500) of (lat, lon) among the entries the caller may read (row-level security applies), nearest first: one row per bird, every column of public.bird, then the distance in metres to its nearest entry, that entry''s id and the number of entries in range. Uses the GiST index on watchlist_entries.location. Errors as hotspots_near.';

-- ---------------------------------------------------------------------------------------
-- Sightings (the worker's notifications)
-- ---------------------------------------------------------------------------------------

create or replace function private.sighting_watchlists(
  p_event_ids bigint[],
  p_entry_ids uuid[],
  p_watchlist_ids uuid[],
  p_lats double precision[],
  p_lons double precision[],
  p_bird_ids uuid[]
) returns table (
  event_id bigint,
  owner_id uuid,
  watchlist_id uuid,
  title text,
  observer uuid,
  common_name text
)
  language sql
  stable
  set search_path from current
as $$
  with s as (
    select * from unnest(p_event_ids, p_entry_ids, p_watchlist_ids, p_lats, p_lons, p_bird_ids)
             as s (event_id, entry_id, watchlist_id, lat, lon, bird_id)
  ), p as (
    select s.event_id, e as entry, ew.owner_id as observer,
           st_setsrid(st_makepoint(s.lon, s.lat), 4326)::geography as point,
           b.common_name
      from s
      join public.watchlist_entries e on e.id = s.entry_id
      join public.watchlists ew on ew.id = s.watchlist_id and ew.deleted_at is null
      left join public.bird b on b.id = s.bird_id
  ), reach as (
    select max(w.location_rule_radius_km) * 1000 as metres
      from public.watchlists w
     where w.location_rule_enabled and w.deleted_at is null
  )
  select distinct on (p.event_id, w.owner_id)
         p.event_id, w.owner_id, w.id,
         coalesce(nullif(w.title, ''), nullif(w.location_rule_display_name, ''), 'a watchlist'),
         p.observer, p.common_name
    from p
   cross join reach
    join public.watchlists w
      on w.location_rule_enabled and w.deleted_at is null
     and st_dwithin(w.location_rule_location, p.point, reach.metres)
     and st_dwithin(w.location_rule_location, p.point, w.location_rule_radius_km * 1000)
     and w.owner_id <> p.observer
   -- Asked last, for the few rules that matched: only users who may see the entry (the
   -- visibility definition, access/visibility.sql) hear of it.
   where private.user_sees(w.owner_id, 'watchlist_entries', pg_catalog.to_jsonb(p.entry))
   order by p.event_id, w.owner_id, st_distance(w.location_rule_location, p.point), w.id
$$;
comment on function private.sighting_watchlists(bigint[], uuid[], uuid[], double precision[], double precision[], uuid[]) is
  'For each observation i (outbox event p_event_ids[i]: entry p_entry_ids[i] of watchlist p_watchlist_ids[i] at p_lats[i], p_lons[i], of bird p_bird_ids[i]), the live watchlists of other users whose enabled location rule contains the point and whose owner may see the entry (private.user_sees, the visibility definition the SELECT policy is generated from: a sighting never tells anyone of an entry, or its place, they could not read; nothing for an entry no longer there), one per owner (the nearest), with a title to show, the observer (the entry''s watchlist owner) and the bird''s name. The largest rule radius (at most 500 km) bounds the GiST index search; each rule''s own radius decides. The worker''s sighting notifications (service_role).';

-- ---------------------------------------------------------------------------------------
-- Privileges
-- ---------------------------------------------------------------------------------------

-- The validator runs as the caller of the RPCs (SECURITY INVOKER).
revoke all on function private.assert_spatial_args(double precision, double precision, double precision)
  from public, anon, authenticated, service_role;
grant execute on function private.assert_spatial_args(double precision, double precision, double precision)
  to authenticated, service_role;
revoke all on function public.hotspots_near(double precision, double precision, double precision),
  public.birds_near(double precision, double precision, double precision) from public, anon, authenticated, service_role;
grant execute on function public.hotspots_near(double precision, double precision, double precision),
  public.birds_near(double precision, double precision, double precision) to authenticated, service_role;
revoke all on function private.sighting_watchlists(bigint[], uuid[], uuid[], double precision[], double precision[], uuid[])
  from public, anon, authenticated, service_role;
grant execute on function private.sighting_watchlists(bigint[], uuid[], uuid[], double precision[], double precision[], uuid[])
  to service_role;
