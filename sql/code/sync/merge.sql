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
-- version the server never had): then nothing can be merged and the push is a conflict.
-- SECURITY DEFINER: it reads private.sync_field_changes, which no app role may read; it
-- answers only about the row's own history. The pushed values digested as the
-- _sync_fields trigger digests the stored ones (private.sync_field_digests).
create or replace function private.sync_merge(p_table text, p_id uuid, p_base integer, p_current integer,
                                              p_record jsonb, p_columns text[]) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
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
  select count(*) into v_versions
    from private.sync_field_changes c
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
            from private.sync_field_changes c
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
  'For sync_push of a record of p_table row p_id pushed against version p_base while the row is at p_current: for each column of p_columns (those the push would change), {winner: "push" | "server", reason: "pushed" (only the push changed it) | "server" (only the server changed it since p_base) | "last_write" (both: the push is the later write by the server''s clock) | "tie" (both within a second: the user id sorting first wins)}. NULL when the history since p_base is incomplete (purged after 30 days): no merge. SECURITY DEFINER: reads private.sync_field_changes, which no app role may read.';
revoke all on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]) from public, anon, authenticated, service_role;
-- sync_push (SECURITY INVOKER) asks it as the pushing user.
grant execute on function private.sync_merge(text, uuid, integer, integer, jsonb, text[]) to authenticated, service_role;
