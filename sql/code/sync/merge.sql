-- The per-field merge of sync_push (sync/push.sql) and the history it reads (sync/changes.sql).

-- The per-field merge of a push against an older version (p_base) of a row now at
-- p_current. For each column the push would change (p_columns: its value differs from the
-- server's), who wins:
--   push    the server did not change it since p_base: the device's edit          "pushed"
--   server  the server changed it and the pushed value is the one it had at p_base
--           (the device only echoes what it pulled)                                "server"
--   push    both changed it: last write wins by the server's clock, and the push,
--           arriving now, is the later write                                       "last_write"
--   either  both changed it within a second of each other: the documents' tie rule,
--           the write of the user whose id sorts first (as text) wins; a user's own
--           later write, or one against a write without a user, is the push's      "tie"
-- NULL when the history since p_base is not all there (older than the 30 days kept, or a
-- version the server never had), or holds a version the caller could not read: then
-- nothing can be merged and the push is a conflict.
--
-- What the merge compares with is only what the caller could read: it runs as the caller
-- (SECURITY INVOKER) and reads the history through private.sync_merge_history, which shows
-- a change only to a caller holding one of the scope keys the row had at the version the
-- change was made from (base_keys). A version the caller never saw (the task while it was
-- private to another claimer) is no merge, whatever the pushed values; and sync_push asks
-- only once it knows the caller may write the row. From raw SQL it answers nothing the
-- caller could not read. The pushed values digested as the _sync_fields trigger digests the
-- stored ones (private.sync_field_digests).

-- The caller's scope keys as text (kind:key), as base_keys holds them.
create or replace function private.caller_key_texts() returns text[]
  language sql
  stable
  set search_path = pg_catalog, pg_temp
as $$
  select coalesce(array_agg(k.kind || ':' || k.key), '{}') from private.user_keys(auth.uid(), null) k
$$;
comment on function private.caller_key_texts() is
  'The scope keys the caller holds (private.user_keys of auth.uid()) as kind:key texts, the form of private.sync_field_changes.base_keys. Runs as the caller.';

-- security_barrier: the filter is applied before anything a caller adds to the query.
create or replace view private.sync_merge_history with (security_barrier) as
  select c.table_name, c.row_id, c.row_version, c.changed_at, c.changed_by, c.digests
    from private.sync_field_changes c
   where c.base_keys && (select private.caller_key_texts());
comment on view private.sync_merge_history is
  'The changes of private.sync_field_changes the caller may know of: those made from a version whose scope keys (base_keys) the caller holds, every user''s key included. What the per-field merge reads (private.sync_merge, as the caller): it never compares with a version the caller could not read. One index range (base_keys, GIN) of the caller''s keys, whatever others hold.';

create or replace function private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer,
                                              p_record jsonb, p_columns text[]) returns jsonb
  language plpgsql
  stable
  security invoker
  set search_path = pg_catalog, pg_temp
as $$
declare
  c_tie constant interval := interval '1 second';
  v_uid uuid := auth.uid();
  v_versions integer;
  v_history jsonb;
  v_pushed jsonb;
begin
  perform private.assert_sync_table(p_table);
  if p_base is null or p_current is null or p_base >= p_current then
    return null;
  end if;
  -- Every version since p_base, each one the caller could read (the view shows no other).
  select count(*) into v_versions
    from private.sync_merge_history c
   where c.table_name = p_table and c.row_id = p_id and c.row_version > p_base and c.row_version <= p_current;
  if v_versions <> p_current - p_base then
    return null;
  end if;
  -- Per column the server changed since p_base: the digest of its value at p_base (from the
  -- first change after it), and the time and writer of its last change.
  select coalesce(jsonb_object_agg(f.key, jsonb_build_object('base', f.base, 'at', f.at, 'by', f.by)), '{}')
    into v_history
    from (select d.key,
                 (array_agg(d.value order by c.row_version))[1] as base,
                 max(c.changed_at) as at,
                 (array_agg(c.changed_by order by c.row_version desc))[1] as by
            from private.sync_merge_history c
           cross join lateral jsonb_each_text(c.digests) d
           where c.table_name = p_table and c.row_id = p_id and c.row_version > p_base and c.row_version <= p_current
             and d.key = any (p_columns)
           group by d.key) f;
  execute format('select private.sync_field_digests(r, $2) from jsonb_populate_record(null::public.%I, $1) r', p_table)
    into v_pushed using p_record, p_columns;
  return coalesce((
    select jsonb_object_agg(c, case
             when not v_history ? c then jsonb_build_object('winner', 'push', 'reason', 'pushed')
             when v_pushed ->> c = v_history #>> array[c, 'base'] then jsonb_build_object('winner', 'server', 'reason', 'server')
             when now() - (v_history #>> array[c, 'at'])::timestamptz > c_tie
               then jsonb_build_object('winner', 'push', 'reason', 'last_write')
             when v_history #>> array[c, 'by'] is null or v_uid is null
                  or v_history #>> array[c, 'by'] = v_uid::text or v_uid::text < v_history #>> array[c, 'by']
               then jsonb_build_object('winner', 'push', 'reason', 'tie')
             else jsonb_build_object('winner', 'server', 'reason', 'tie') end)
      from unnest(p_columns) c), '{}');
end
$$;
comment on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]) is
  'For sync_push of a record of p_table row p_id pushed against version p_base while the row is at p_current: for each column of p_columns (those the push would change), {winner: "push" | "server", reason: "pushed" (only the push changed it) | "server" (only the server changed it since p_base) | "last_write" (both: the push is the later write by the server''s clock) | "tie" (both within a second: the user id sorting first wins)}. NULL when the history since p_base is incomplete (purged after 30 days) or holds a version the caller could not read: no merge. Runs as the caller and reads private.sync_merge_history, which shows only the versions whose scope keys the caller holds: it compares with nothing the caller could not read.';
revoke all on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]), private.caller_key_texts()
  from public, anon, authenticated, service_role;
revoke all on private.sync_merge_history from public, anon, authenticated, service_role;
-- sync_push (SECURITY INVOKER) merges as the pushing user.
grant execute on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]), private.caller_key_texts()
  to authenticated, service_role;
grant select on private.sync_merge_history to authenticated, service_role;
