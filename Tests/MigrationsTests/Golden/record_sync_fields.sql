--
-- Name: record_sync_fields(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.record_sync_fields() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET "TimeZone" TO 'UTC'
    SET extra_float_digits TO '1'
    SET jit TO 'off'
    AS $$
    declare
      v_actor uuid := auth.uid();
    begin
      case tg_table_name
        when 'watchlist_rules' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests, base_keys)
          select 'watchlist_rules', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('watchlist_id', case when (p.old_it).watchlist_id is distinct from (p.it).watchlist_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).watchlist_id), 'null')::text) end), ('rule_type', case when (p.old_it).rule_type is distinct from (p.it).rule_type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).rule_type), 'null')::text) end), ('parameters_json', case when (p.old_it).parameters_json is distinct from (p.it).parameters_json then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).parameters_json), 'null')::text) end), ('is_active', case when (p.old_it).is_active is distinct from (p.it).is_active then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).is_active), 'null')::text) end), ('priority', case when (p.old_it).priority is distinct from (p.it).priority then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).priority), 'null')::text) end), ('sync_status', case when (p.old_it).sync_status is distinct from (p.it).sync_status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sync_status), 'null')::text) end), ('last_synced_at', case when (p.old_it).last_synced_at is distinct from (p.it).last_synced_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_synced_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null),
                 array(select k.kind || ':' || k.key from (select v.kind, v.key from (values ('watchlist'::text, (p.old_it).watchlist_id)) v (kind, key) where v.key is not null) k)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlist_rules as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlist_rules from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests,
                        base_keys = excluded.base_keys;
        when 'watchlists' then
          insert into private.sync_field_changes as c (table_name, row_id, row_version, changed_by, digests, base_keys)
          select 'watchlists', (p.it).id, (p.it).row_version, v_actor, (select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), '{}') from (values ('id', case when (p.old_it).id is distinct from (p.it).id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).id), 'null')::text) end), ('owner_id', case when (p.old_it).owner_id is distinct from (p.it).owner_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).owner_id), 'null')::text) end), ('type', case when (p.old_it).type is distinct from (p.it).type then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).type), 'null')::text) end), ('title', case when (p.old_it).title is distinct from (p.it).title then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).title), 'null')::text) end), ('location', case when (p.old_it).location is distinct from (p.it).location then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location), 'null')::text) end), ('location_display_name', case when (p.old_it).location_display_name is distinct from (p.it).location_display_name then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_display_name), 'null')::text) end), ('start_date', case when (p.old_it).start_date is distinct from (p.it).start_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).start_date), 'null')::text) end), ('end_date', case when (p.old_it).end_date is distinct from (p.it).end_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).end_date), 'null')::text) end), ('observed_count', case when (p.old_it).observed_count is distinct from (p.it).observed_count then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).observed_count), 'null')::text) end), ('species_count', case when (p.old_it).species_count is distinct from (p.it).species_count then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).species_count), 'null')::text) end), ('cover_image_path', case when (p.old_it).cover_image_path is distinct from (p.it).cover_image_path then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).cover_image_path), 'null')::text) end), ('species_rule_enabled', case when (p.old_it).species_rule_enabled is distinct from (p.it).species_rule_enabled then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).species_rule_enabled), 'null')::text) end), ('species_rule_shape_id', case when (p.old_it).species_rule_shape_id is distinct from (p.it).species_rule_shape_id then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).species_rule_shape_id), 'null')::text) end), ('location_rule_enabled', case when (p.old_it).location_rule_enabled is distinct from (p.it).location_rule_enabled then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_enabled), 'null')::text) end), ('location_rule_lat', case when (p.old_it).location_rule_lat is distinct from (p.it).location_rule_lat then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_lat), 'null')::text) end), ('location_rule_lon', case when (p.old_it).location_rule_lon is distinct from (p.it).location_rule_lon then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_lon), 'null')::text) end), ('location_rule_radius_km', case when (p.old_it).location_rule_radius_km is distinct from (p.it).location_rule_radius_km then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_radius_km), 'null')::text) end), ('location_rule_location', case when pg_catalog.to_jsonb((p.old_it).location_rule_location) is distinct from pg_catalog.to_jsonb((p.it).location_rule_location) then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_location), 'null')::text) end), ('location_rule_display_name', case when (p.old_it).location_rule_display_name is distinct from (p.it).location_rule_display_name then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).location_rule_display_name), 'null')::text) end), ('date_rule_enabled', case when (p.old_it).date_rule_enabled is distinct from (p.it).date_rule_enabled then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).date_rule_enabled), 'null')::text) end), ('date_rule_start_date', case when (p.old_it).date_rule_start_date is distinct from (p.it).date_rule_start_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).date_rule_start_date), 'null')::text) end), ('date_rule_end_date', case when (p.old_it).date_rule_end_date is distinct from (p.it).date_rule_end_date then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).date_rule_end_date), 'null')::text) end), ('sync_status', case when (p.old_it).sync_status is distinct from (p.it).sync_status then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).sync_status), 'null')::text) end), ('last_synced_at', case when (p.old_it).last_synced_at is distinct from (p.it).last_synced_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).last_synced_at), 'null')::text) end), ('deleted_at', case when (p.old_it).deleted_at is distinct from (p.it).deleted_at then pg_catalog.md5(coalesce(pg_catalog.to_jsonb((p.old_it).deleted_at), 'null')::text) end)) d (c, v) where d.v is not null),
                 array(select k.kind || ':' || k.key from (select v.kind, v.key from (values ('user'::text, (p.old_it).owner_id), ('watchlist'::text, (p.old_it).id)) v (kind, key) where v.key is not null) k)
            from (select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::public.watchlists as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::public.watchlists from new_rows n) c) p
           where p.rid is not null and (p.old_it).row_version is distinct from (p.it).row_version
          -- A restored row counts its versions again from its snapshot's: the newer entry wins.
          on conflict on constraint sync_field_changes_pkey
          do update set changed_at = excluded.changed_at, changed_by = excluded.changed_by, digests = excluded.digests,
                        base_keys = excluded.base_keys;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: %s is not a synced table', tg_table_name);
      end case;
      return null;
    end
    $$;

--
-- Name: FUNCTION record_sync_fields(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.record_sync_fields() IS 'AFTER UPDATE statement trigger function of the synced tables (transition tables new_rows, old_rows): for every row whose row_version moved, records in private.sync_field_changes the version written, when, by whom, the md5 of each changed column''s previous value (as private.sync_field_digests digests it) and the scope keys of the row it changed (base_keys: who could read that version), in one INSERT. For sync_push''s per-field merge. Generated by private.generate_sync_fields.';

--
-- Name: FUNCTION record_sync_fields(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.record_sync_fields() FROM PUBLIC;
