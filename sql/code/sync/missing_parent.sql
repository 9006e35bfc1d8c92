-- FK_MISSING for sync_push (sync/push.sql): which parent a record names that the caller
-- does not see.

-- A row pushed before its parent (an entry before its watchlist, a photo before its entry:
-- an offline queue replayed out of order) is refused by the parent's row-level security
-- (the parent is not there to be the caller's), which would read as "not yours". The
-- answer is FK_MISSING instead, naming the parent: push it, then retry this record.
-- A parent that exists but that the caller does not see is answered the same (its existence
-- is not the caller's to learn); only a parent the caller sees and may not write under stays
-- NOT_AUTHORIZED. So the question is what the caller sees, and it is asked as the caller:
-- SECURITY INVOKER, each reference a plain query under her row-level security. A profile
-- (users) is asked of public.profiles, where every user's profile is public; a table the
-- caller may not read at all is no parent she could push first (NOT_AUTHORIZED stands).
create or replace function private.sync_missing_parent(p_table text, p_record jsonb) returns jsonb
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_fk record;
  v_found boolean;
  v_id text;
begin
  for v_fk in
    select a.attname::text as col, rc.relname::text as ref_table, ra.attname::text as ref_col,
           pg_catalog.format_type(ra.atttypid, ra.atttypmod) as ref_type,
           case when c.confrelid = 'public.users'::pg_catalog.regclass then 'public.profiles'::pg_catalog.regclass
                else c.confrelid::pg_catalog.regclass end as asked
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_catalog.pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      join pg_catalog.pg_class rc on rc.oid = c.confrelid
     where c.conrelid = pg_catalog.format('public.%I', p_table)::pg_catalog.regclass and c.contype = 'f'
       and pg_catalog.cardinality(c.conkey) = 1 and p_record ->> a.attname is not null
     order by a.attnum
  loop
    continue when not pg_catalog.has_table_privilege(v_fk.asked, 'SELECT');
    execute pg_catalog.format('select exists (select from %1$s r where r.%2$I = $1::%3$s), $1::%3$s::text',
                              v_fk.asked, v_fk.ref_col, v_fk.ref_type)
      into v_found, v_id using p_record ->> v_fk.col;
    if not v_found then
      return pg_catalog.jsonb_build_object('table', v_fk.ref_table, 'column', v_fk.col, 'id', v_id);
    end if;
  end loop;
  return null;
end
$$;
comment on function private.sync_missing_parent(text, jsonb) is
  'For sync_push: {table, column, id} of the first row the record references (a single-column foreign key of p_table) that the caller does not see (absent or someone else''s, one answer; a profile: absent from public.profiles), NULL when there is none or the caller may not read the referenced table at all: FK_MISSING (push the parent first, then retry) rather than NOT_AUTHORIZED. SECURITY INVOKER: what the caller sees is asked under her row-level security.';
revoke all on function private.sync_missing_parent(text, jsonb) from public, anon, authenticated, service_role;
-- sync_push (SECURITY INVOKER) asks it as the pushing user.
grant execute on function private.sync_missing_parent(text, jsonb) to authenticated, service_role;
