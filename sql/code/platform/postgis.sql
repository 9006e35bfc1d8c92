-- The search_path of everything that uses PostGIS: pg_catalog first, then PostGIS's schema,
-- then the session's temporary schema (named last: unnamed, it would be searched first).
create or replace function private.postgis_search_path() returns text
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select 'pg_catalog, ' || pg_catalog.quote_ident(n.nspname) || ', pg_temp'
    from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'postgis'
$$;
comment on function private.postgis_search_path() is
  'pg_catalog, the schema PostGIS is installed in and pg_temp (last), as a search_path. A migration that uses PostGIS sets it for its transaction; the functions it creates that call PostGIS at run time keep it (SET search_path FROM CURRENT).';
revoke all on function private.postgis_search_path() from public, anon, authenticated, service_role;

-- PostGIS's st_estimatedextent is SECURITY DEFINER and executable by PUBLIC: after an
-- ANALYZE it returns the bounding box of any geometry column, whatever row-level security
-- hides (the extent of private locations). Revoked from PUBLIC where the migrating role
-- owns PostGIS; elsewhere (Supabase: its admin owns the extension) a notice says who must
-- do it (docs/supabase.md says it too).
do $$
declare
  v_function regprocedure;
  v_owner text;
begin
  select r.rolname into v_owner
    from pg_catalog.pg_extension e join pg_catalog.pg_roles r on r.oid = e.extowner
   where e.extname = 'postgis';
  if v_owner is null then
    return;
  end if;
  if not pg_catalog.pg_has_role(current_user, v_owner, 'usage') then
    raise notice 'st_estimatedextent is executable by PUBLIC and, after ANALYZE, returns the extent of geometry columns whatever row-level security hides; PostGIS belongs to %, so % must run: revoke execute on function st_estimatedextent from public (each overload)', v_owner, v_owner;
    return;
  end if;
  for v_function in
    select p.oid::regprocedure
      from pg_catalog.pg_proc p
      join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
      join pg_catalog.pg_extension e on e.oid = d.refobjid and e.extname = 'postgis'
     where p.proname = 'st_estimatedextent'
  loop
    execute format('revoke execute on function %s from public, anon, authenticated, service_role', v_function);
  end loop;
end
$$;
