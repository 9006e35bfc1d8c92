--
-- Name: row_scope(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_scope(p_table text, p_row jsonb) RETURNS TABLE(kind text, key uuid)
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    begin
      case p_table
        when 'watchlist_rules' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlist_rules, p_row) it
           cross join lateral (values ('watchlist'::text, it.watchlist_id)) v (kind, key) where v.key is not null;
        when 'watchlists' then
          return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.watchlists, p_row) it
           cross join lateral (values ('user'::text, it.owner_id), ('watchlist'::text, it.id)) v (kind, key) where v.key is not null;
        else raise exception using errcode = '22023',
          message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
      end case;
    end
    $$;

--
-- Name: FUNCTION row_scope(p_table text, p_row jsonb); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.row_scope(p_table text, p_row jsonb) IS 'The scope keys (kind, key) of a row of p_table given as jsonb (to_jsonb(row)), derived kinds as they are (a note: (task, its parent id)). Generated from private.visibility_rules by private.generate_row_scope. INVALID_TABLE (22023) for a table without rules.';

--
-- Name: FUNCTION row_scope(p_table text, p_row jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_scope(p_table text, p_row jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.row_scope(p_table text, p_row jsonb) TO service_role;
