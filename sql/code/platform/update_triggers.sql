-- The events of the row triggers that watch a few columns: "update of" them, where a BEFORE
-- trigger cannot change them behind the UPDATE's back.

-- What each BEFORE UPDATE row trigger function of the public tables writes into NEW: the
-- columns a BEFORE trigger may change beside those the UPDATE sets. A function missing
-- here is taken to write anything (journal checks copy owner_id from the parent; a photo
-- takes its entry's watchlist_id), which keeps every trigger of its table on plain UPDATE.
-- A new BEFORE UPDATE trigger function that writes NEW goes here with what it writes.
create or replace function private.before_update_writes() returns table (function_name text, columns text[])
  language sql immutable
  set search_path = pg_catalog, pg_temp
as $$
  values ('private.stamp_row()', array['updated_at', 'row_version']),
         ('private.stamp_sync_xid()', array['sync_xid']),
         ('private.stamp_deleted_at()', array['deleted_at']),
         ('private.derive_work_item_state()', array['completed_at', 'claimed_at', 'claim_expires_at']),
         ('private.derive_note_edited_at()', array['edited_at']),
         ('private.guard_listing_move()', '{}'::text[]),
         ('private.guard_listing_property()', '{}'::text[]),
         ('private.check_work_parent()', '{}'::text[])
$$;
comment on function private.before_update_writes() is
  'Per BEFORE UPDATE row trigger function of the public tables (its regprocedure text), the columns it writes into NEW. Read by private.update_of_sql; a function not listed is taken to write any column.';

-- The event of an AFTER UPDATE row trigger on p_table whose WHEN clause compares only
-- p_columns of OLD and NEW: "update of" them. PostgreSQL then skips the trigger for an UPDATE
-- that sets none of them before it even reads the WHEN clause, which it otherwise parses
-- from its stored text and compiles at every statement (about 20,000 instructions per
-- kilobyte of clause): most edits (a title, a note's text) set none of the columns that
-- decide who sees a row or whether it is open. A column a BEFORE trigger changes is not
-- one the UPDATE sets, so this holds only while no BEFORE UPDATE row trigger of the table
-- may write one of p_columns (private.before_update_writes); otherwise plain "update".
create or replace function private.update_of_sql(p_table text, p_columns text[]) returns text
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  select case
    when pg_catalog.cardinality(p_columns) = 0
      or exists (select from pg_catalog.pg_trigger t
                  where t.tgrelid = pg_catalog.format('public.%I', p_table)::regclass and not t.tgisinternal
                    and t.tgtype::integer & 19 = 19  -- row, before, update
                    and not exists (select from private.before_update_writes() w
                                     where w.function_name = t.tgfoid::regprocedure::text and not w.columns && p_columns))
    then 'update'
    else 'update of ' || (select pg_catalog.string_agg(pg_catalog.quote_ident(c), ', ' order by o)
                            from pg_catalog.unnest(p_columns) with ordinality u (c, o)) end
$$;
comment on function private.update_of_sql(text, text[]) is
  'The event clause of an AFTER UPDATE row trigger on public.p_table whose WHEN clause reads only p_columns of OLD and NEW: update of p_columns, so that an UPDATE setting none of them skips the trigger without compiling its WHEN clause; just update when there are none, or when a BEFORE UPDATE row trigger of p_table may write one of them (private.before_update_writes).';

revoke all on function private.before_update_writes(), private.update_of_sql(text, text[])
  from public, anon, authenticated, service_role;
