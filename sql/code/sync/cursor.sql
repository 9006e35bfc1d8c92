-- The cursors of sync_pull and sync_poll: opaque text carrying the transaction-id state that
-- makes a pull never miss a change (why and how: sync/changes.sql; what a pull contains:
-- sync/items.sql).

-- A cursor is "v1." + base64url(json):
--   t        the table it belongs to
--   x, ip    the state already delivered: every transaction with xid < x, except those in ip
--   h        sync_horizon.purged_through when that state's snapshot was taken: a purge since
--            then (the horizon moved on) may have removed deletions the client has not seen
--   nx, nip, nh  (only while has_more) the same for the state the whole pull will have
--            delivered when done
--   a        (only while has_more) the order key of the page's last item: [cause xid, row xid,
--            id, kind] (private.sync_items; kind 0 = deletion, 1 = row)

create or replace function private.encode_sync_cursor(p_state jsonb) returns text
  language sql
  immutable
  set search_path = ''
as $$
  select 'v1.' || rtrim(translate(encode(convert_to(p_state::text, 'UTF8'), 'base64'), E'+/\n', '-_'), '=')
$$;
comment on function private.encode_sync_cursor(jsonb) is 'Encodes a sync_pull cursor state as opaque URL-safe text ("v1." + base64url of its JSON).';

-- Strict: a cursor is input from the client, so everything in it is checked before it is
-- used (its size first, before any decoding), and anything sync_pull could not have
-- returned is refused: an unknown key, a transaction id that is not a decimal number or
-- lies past this server's newest, a position of an unknown kind.
create or replace function private.decode_sync_cursor(p_table text, p_cursor text) returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  -- A cursor holds a few transaction ids per transaction in flight at a pull: a few
  -- hundred bytes, far below this even with hundreds of concurrent writers.
  c_max_bytes constant integer := 16384;
  v_body text;
  v_state jsonb;
  v_page boolean;
  -- No transaction id handed out so far is newer than this. A hot standby knows only the
  -- ids it has replayed, while a cursor from its primary (or a replica further ahead) holds
  -- newer ones: there the bound is the 2^31 ids a cluster can be ahead before wraparound.
  v_newest numeric := greatest(pg_snapshot_xmax(pg_current_snapshot()),
                               coalesce(pg_current_xact_id_if_assigned(), '0'))::text::numeric
                      + case when pg_is_in_recovery() then 2147483648 else 0 end;
  v_problem text;
begin
  if octet_length(p_cursor) > c_max_bytes then
    v_problem := format('it is %s bytes long, more than the %s a cursor may have', octet_length(p_cursor), c_max_bytes);
  elsif p_cursor !~ '^v1\.[A-Za-z0-9_-]+$' then
    v_problem := 'it is not "v1." followed by base64url';
  else
    begin
      v_body := translate(substr(p_cursor, 4), '-_', '+/');
      v_state := convert_from(decode(v_body || repeat('=', (4 - length(v_body) % 4) % 4), 'base64'), 'UTF8')::jsonb;
    exception when others then
      v_problem := 'it is not base64url-encoded JSON';
    end;
  end if;

  if v_problem is null then
    v_page := v_state ? 'a';
    if jsonb_typeof(v_state) <> 'object' then
      v_problem := 'it is not a JSON object';
    elsif exists (select from jsonb_object_keys(v_state) k where k not in ('t', 'x', 'ip', 'h', 'nx', 'nip', 'nh', 'a')) then
      v_problem := 'it has keys sync_pull never writes';
    elsif jsonb_typeof(v_state -> 't') is distinct from 'string' or not v_state ?& array['x', 'ip', 'h'] then
      v_problem := 't, x, ip and h are required';
    elsif v_page <> (v_state ?| array['nx', 'nip', 'nh']) or (v_page and not v_state ?& array['nx', 'nip', 'nh']) then
      v_problem := 'a, nx, nip and nh come together';
    elsif jsonb_typeof(v_state -> 'ip') <> 'array' or (v_page and jsonb_typeof(v_state -> 'nip') <> 'array') then
      v_problem := 'ip and nip must be arrays';
    elsif v_page and (jsonb_typeof(v_state -> 'a') <> 'array' or jsonb_array_length(v_state -> 'a') <> 4
                      or jsonb_typeof(v_state #> '{a,2}') <> 'string'
                      or v_state #>> '{a,2}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      or v_state #>> '{a,3}' not in ('0', '1')) then
      v_problem := 'a must be [transaction id, transaction id, uuid, 0 or 1]';
    else
      -- Every transaction id: a JSON string of decimal digits, not newer than any this
      -- server has handed out.
      select format('%s is not a transaction id of this server', x.value)
        into v_problem
        from (select v_state -> k as value from unnest(array['x', 'h', 'nx', 'nh']) k where v_state ? k
              union all
              select e from jsonb_array_elements(v_state -> 'ip') e
              union all
              select e from jsonb_array_elements(coalesce(v_state -> 'nip', '[]')) e
              union all
              select v_state #> array['a', i::text] from generate_series(0, 1) i where v_page) x
       where jsonb_typeof(x.value) <> 'string'
          or x.value #>> '{}' !~ '^[0-9]{1,20}$'
          or (x.value #>> '{}')::numeric > v_newest
       limit 1;
    end if;
  end if;

  if v_problem is not null then
    raise exception using errcode = '22023',
      message = 'INVALID_CURSOR: the cursor is not one sync_pull returned',
      detail = left(v_problem, 200),
      hint = 'Pass the cursor of the previous sync_pull unchanged, or NULL for a full sync.';
  end if;
  if v_state ->> 't' is distinct from p_table then
    raise exception using errcode = '22023',
      message = format('INVALID_CURSOR: the cursor belongs to table %L, not %L', left(v_state ->> 't', 63), p_table),
      hint = 'Keep one cursor per table.';
  end if;
  return v_state;
end
$$;
comment on function private.decode_sync_cursor(text, text) is 'Decodes and validates a sync_pull cursor for p_table: at most 16384 bytes, "v1." + base64url of a JSON object with only the keys sync_pull writes, transaction ids as decimal strings no newer than this server''s newest, a page position [xid, xid, uuid, 0|1]. INVALID_CURSOR (22023) otherwise, or when it belongs to another table (detail says what is wrong).';


-- The transactions a snapshot had in progress. On a primary pg_current_snapshot() lists
-- them. On a hot standby it lists none (recovery keeps them among the snapshot's
-- subtransactions, which it does not show), so every id between xmin and xmax that the
-- commit log still has in progress counts. Read after the snapshot: a transaction that
-- finished in between is seen by the statements that follow, so counting it as seen loses
-- nothing.
create or replace function private.snapshot_in_progress(p_snapshot pg_snapshot) returns xid8[]
  language sql
  volatile
  set search_path = ''
as $$
  select case when not pg_catalog.pg_is_in_recovery()
              then array(select i from pg_catalog.pg_snapshot_xip(p_snapshot) i order by i)
              else array(select x::text::xid8
                           from pg_catalog.generate_series(pg_catalog.pg_snapshot_xmin(p_snapshot)::text::bigint,
                                                           pg_catalog.pg_snapshot_xmax(p_snapshot)::text::bigint - 1) x
                          where pg_catalog.pg_xact_status(x::text::xid8) = 'in progress'
                          order by x) end
$$;
comment on function private.snapshot_in_progress(pg_snapshot) is
  'The transactions a pg_current_snapshot() had in progress: its xip list on a primary; on a hot standby, where that list is empty, the ids between xmin and xmax that pg_xact_status has in progress. For sync_pull''s cursors.';

-- The cursor functions run inside sync_pull and sync_poll, as their owner.
revoke all on function private.encode_sync_cursor(jsonb), private.decode_sync_cursor(text, text),
  private.snapshot_in_progress(pg_snapshot) from public, anon, authenticated, service_role;
