-- An error's DETAIL as a value an answer carries. Coded errors that have something to say to
-- a program put a JSON object in DETAIL (ALREADY_CLAIMED's {claimed_by, claimed_by_name,
-- claimed_at}, FK_MISSING's {table, column, id}); a JSON answer that reports such an error
-- (sync_push's conflict, sync_push_batch's rejected record) carries it as that object, not as
-- JSON text inside a string, so that an app reads answer.detail.claimed_by_name. Any other
-- DETAIL (prose) stays a string.
create or replace function private.error_detail(p_detail text) returns jsonb
  language plpgsql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if p_detail is null or p_detail = '' then
    return null;
  end if;
  if pg_catalog.left(pg_catalog.ltrim(p_detail), 1) = '{' then
    begin
      return p_detail::jsonb;
    exception when invalid_text_representation then
      null;
    end;
  end if;
  return pg_catalog.to_jsonb(p_detail);
end
$$;
comment on function private.error_detail(text) is
  'An error''s DETAIL as an answer carries it: the JSON object it holds, or the text as a JSON string (NULL for none). For sync_push''s conflicts and sync_push_batch''s rejected records.';
revoke all on function private.error_detail(text) from public, anon, authenticated, service_role;
grant execute on function private.error_detail(text) to authenticated, service_role;
