-- The notification registry (public.notification_types) against the CHECK constraint on
-- notifications.type: the final step refuses a database where the two differ.

create or replace function public.notification_registry_drift()
  returns table (type text, missing_from text)
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  with constraint_types as (
    select m[1] as type
    from pg_catalog.pg_constraint c,
         pg_catalog.regexp_matches(pg_catalog.pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
    where c.conrelid = 'public.notifications'::pg_catalog.regclass
      and c.conname = 'valid_notification_type'
  )
  select coalesce(r.type, k.type),
         case when r.type is null then 'notification_types' else 'valid_notification_type' end
  from public.notification_types r
  full join constraint_types k on k.type = r.type
  where r.type is null or k.type is null
  order by 1
$$;
comment on function public.notification_registry_drift() is
  'Types present in only one of public.notification_types and the valid_notification_type CHECK, with the side they are missing from. Empty when the two agree; the final step of migrate (private.apply_manifest) refuses a database where it is not (REGISTRY_DRIFT).';
revoke all on function public.notification_registry_drift() from public, anon, authenticated, service_role;
grant execute on function public.notification_registry_drift() to service_role;
