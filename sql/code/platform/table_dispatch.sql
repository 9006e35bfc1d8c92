-- A per-table dispatch function: "case <table> when 'a' then <a's statements> when 'b' then
-- ... else INVALID_TABLE end case", generated from the table manifest. Each table's
-- statements are static SQL in a branch of their own, so PL/pgSQL plans them once per session
-- (an EXECUTE of generated text would plan it on every call, and cost more than it runs), and
-- a name outside the manifest is refused with a coded error. private.row_scope,
-- private.record_sync_fields, outbox.capture_changes and private.sync_has_items are made here,
-- with their comment and privileges stated like every function's.
create or replace function private.create_table_dispatch(
  p_function text, p_arguments text, p_returns text, p_attributes text, p_selector text,
  p_branches text[], p_unknown text, p_comment text, p_declare text default null, p_grantees text[] default '{}')
  returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
declare
  v_name text[] := pg_catalog.parse_ident(p_function);
  v_branches text[] := coalesce(p_branches, '{}');
  v_function text;
  v_refuse text;
  v_dispatch text;
begin
  if pg_catalog.cardinality(v_name) <> 2
     or (pg_catalog.cardinality(v_branches) > 0
         and (pg_catalog.array_ndims(v_branches) <> 2 or pg_catalog.array_length(v_branches, 2) <> 2)) then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_ARGUMENT: %s needs a schema-qualified name and branches [[case, statements], ...]', p_function);
  end if;
  v_function := pg_catalog.format('%I.%I(%s)', v_name[1], v_name[2], p_arguments);
  v_refuse := pg_catalog.format(E'raise exception using errcode = ''22023'',\n          message = pg_catalog.format(%L, %s);',
                                'INVALID_TABLE: ' || p_unknown, p_selector);
  -- PL/pgSQL's CASE needs a WHEN: without tables, every call is refused.
  v_dispatch := case when pg_catalog.cardinality(v_branches) = 0 then v_refuse
                     else pg_catalog.format(E'case %s\n        %s\n        else %s\n      end case;', p_selector,
                            (select pg_catalog.string_agg(pg_catalog.format(E'when %L then\n          %s', v_branches[i][1], v_branches[i][2]),
                                                          E'\n        ' order by i)
                               from pg_catalog.generate_subscripts(v_branches, 1) i),
                            v_refuse) end;
  perform private.define(pg_catalog.format($f$
    create or replace function %1$s
      returns %2$s
      language plpgsql
      set search_path = pg_catalog, pg_temp
      %3$s
    as $body$
    %4$sbegin
      %5$s%6$s
    end
    $body$
    $f$, v_function, p_returns, p_attributes,
    coalesce(E'declare\n      ' || p_declare || E'\n    ', ''),
    v_dispatch,
    -- An AFTER or statement trigger's result is ignored; a BEFORE row trigger's branches return their row.
    case when p_returns = 'trigger' then E'\n      return null;' else '' end),
    pg_catalog.format('comment on function %s is %L', v_function, p_comment),
    pg_catalog.format('revoke all on function %s from public, anon, authenticated, service_role', v_function),
    -- (always one more statement: a grant to nobody is a comment again)
    case when pg_catalog.cardinality(p_grantees) > 0
         then pg_catalog.format('grant execute on function %s to %s', v_function,
                                (select pg_catalog.string_agg(pg_catalog.quote_ident(g), ', ') from pg_catalog.unnest(p_grantees) g))
         else pg_catalog.format('comment on function %s is %L', v_function, p_comment) end);
end
$$;
comment on function private.create_table_dispatch(text, text, text, text, text, text[], text, text, text, text[]) is
  'Creates (or replaces) the PL/pgSQL function p_function (schema-qualified) (p_arguments) returns p_returns, with set search_path = pg_catalog, pg_temp (the session''s temporary schema last, never first) and p_attributes (volatility, security, settings), p_declare as its declarations, whose body is "case p_selector" with a branch per element [case, statements] of p_branches, in order (NULL or empty: none), and else INVALID_TABLE (22023) with the message ''INVALID_TABLE: '' || p_unknown formatted with the selector''s value; a trigger function returns null after it. Comments it with p_comment, revokes every privilege from public and the API roles and grants execute to p_grantees. INVALID_ARGUMENT (22023) for a name without schema or branches that are not pairs. For the generators of private.row_scope, private.record_sync_fields, outbox.capture_changes and private.sync_has_items.';
revoke all on function private.create_table_dispatch(text, text, text, text, text, text[], text, text, text, text[])
  from public, anon, authenticated, service_role;
