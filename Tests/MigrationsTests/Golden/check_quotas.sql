--
-- Name: check_quotas(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_quotas() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    declare
      v_limit integer := private.quota_value('row_bytes'); v_row record;
    begin
      case tg_table_name || ' ' || tg_argv[0]
        when 'watchlists bytes' then
          select it.id, pg_catalog.octet_length(pg_catalog.to_json(it)::text) as bytes into v_row
           from new_rows it
          where case when 6 * (coalesce(pg_catalog.octet_length(it.type::text), 0) + coalesce(pg_catalog.octet_length(it.title::text), 0) + coalesce(pg_catalog.octet_length(it.location::text), 0) + coalesce(pg_catalog.octet_length(it.location_display_name::text), 0) + coalesce(pg_catalog.octet_length(it.cover_image_path::text), 0) + coalesce(pg_catalog.octet_length(it.species_rule_shape_id::text), 0) + coalesce(pg_catalog.octet_length(it.location_rule_display_name::text), 0) + coalesce(pg_catalog.octet_length(it.sync_status::text), 0)) + 2784 > v_limit then pg_catalog.octet_length(pg_catalog.to_json(it)::text) > v_limit end
          limit 1;
        if found then
          perform private.quota_exceeded('row_bytes', pg_catalog.format('a row of watchlists is %s bytes as JSON', v_row.bytes),
                                         pg_catalog.jsonb_build_object('table', 'watchlists', 'id', v_row.id, 'bytes', v_row.bytes));
        end if;
        when 'watchlist_rules bytes' then
          select it.id, pg_catalog.octet_length(pg_catalog.to_json(it)::text) as bytes into v_row
           from new_rows it
          where case when 6 * (coalesce(pg_catalog.octet_length(it.rule_type::text), 0) + coalesce(pg_catalog.octet_length(it.parameters_json::text), 0) + coalesce(pg_catalog.octet_length(it.sync_status::text), 0)) + 1248 > v_limit then pg_catalog.octet_length(pg_catalog.to_json(it)::text) > v_limit end
          limit 1;
        if found then
          perform private.quota_exceeded('row_bytes', pg_catalog.format('a row of watchlist_rules is %s bytes as JSON', v_row.bytes),
                                         pg_catalog.jsonb_build_object('table', 'watchlist_rules', 'id', v_row.id, 'bytes', v_row.bytes));
        end if;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: %s has no quota checks', tg_table_name || ' ' || tg_argv[0]);
      end case;
      return null;
    end
    $$;

--
-- Name: FUNCTION check_quotas(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.check_quotas() IS 'AFTER INSERT / UPDATE trigger function (argument: open insert, open update or bytes; per statement but for the update of a row made open) of the tables with quotas (private.generate_quota_checks): spends open_items_per_user for the rows made open to every user, and raises QUOTA_EXCEEDED for a row over row_bytes as JSON. SECURITY DEFINER: the quotas and their use are nobody''s to read or write.';

--
-- Name: FUNCTION check_quotas(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.check_quotas() FROM PUBLIC;
