-- The cursors of sync_pull and sync_poll: opaque text carrying the transaction-id state that
-- makes a pull never miss a change (why and how: sync/changes.sql; what a pull contains:
-- sync/items.sql).

-- A cursor is sealed: "v2." + base64url(iv, AES-CBC ciphertext of its JSON, HMAC-SHA-256
-- tag), with the key of private.incarnation (pgcrypto). A client sees no transaction id of
-- the cluster in it and cannot make one up: what it hands back is exactly what the server
-- wrote. Sealing and opening cost a few microseconds, against the milliseconds of a pull.
-- Its JSON:
--   i        the incarnation of the database it came from (private.cursor_incarnation): a
--            cursor of another (a restored dump, a point-in-time recovery, a promoted
--            standby) gets CURSOR_EXPIRED, since the transaction ids it names may stand for
--            other changes there
--   t        the table it belongs to ('*': a cursor of sync_poll)
--   x, ip    the state already delivered: every transaction with xid < x, except those in ip
--   h        sync_horizon.purged_through when that state's snapshot was taken: a purge since
--            then (the horizon moved on) may have removed deletions the client has not seen
--   nx, nip, nh  (only while has_more) the same for the state the whole pull will have
--            delivered when done
--   a        (only while has_more) the order key of the page's last item: [cause xid, row xid,
--            id, kind] (private.sync_items; kind 0 = deletion, 1 = row)
--   w, g     (sync_poll only, while it watches a change of the caller's holdings) the
--            transaction id below which every transaction must have ended, and the one
--            whose bound a standby has yet to learn (sync/poll.sql)
--   s        (sync_poll only) when it was sealed, in seconds since 1970: an empty poll hands
--            back a cursor younger than a minute unchanged (sync/poll.sql)
-- The change feeds' cursors (outbox.changes_since) are sealed the same way, with the same
-- incarnation (private.open_cursor). Cursors written before cursors were sealed ("v1." +
-- base64url(json), and a feed's "<snapshot>/<event id>") are still taken while the database
-- is the incarnation they came from (private.incarnation.legacy_cursors).

-- The timeline a hot standby receives WAL of, from the walreceiver's shared memory; NULL
-- while no walreceiver runs, or to an owner of these functions who may not read its details
-- (neither superuser nor a member of pg_read_all_stats). It moves while the standby runs: at
-- its promotion, and when it follows its primary's promoted standby onto a new one. An
-- expression, written into its callers: a standby's every poll and pull asks.
create or replace function private.received_timeline() returns integer
  language sql
  stable
return (pg_stat_get_wal_receiver()).received_tli;
comment on function private.received_timeline() is
  'The timeline of the WAL a hot standby receives (pg_stat_wal_receiver.received_tli); NULL without a walreceiver or the right to read its details. Written into the calling expression.';

-- Sealing: pgcrypto's functions, from the schema it is installed in (the session's temporary
-- schema named last: unnamed, it would be searched first).
select pg_catalog.set_config('search_path',
  'pg_catalog, ' || (select pg_catalog.quote_ident(n.nspname) from pg_catalog.pg_extension e
                       join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto')
  || ', pg_temp', true);

-- Opening a cursor is, beside reading the marks, most of an empty poll's work, and every poll,
-- pull and feed read does it. So its usual case (a cursor this database sealed, of the
-- incarnation this session has already checked) is written as SQL functions with a
-- standard body (RETURN, BEGIN ATOMIC): the planner writes them into the statement that
-- calls them, with no function call and no statement of their own (a PL/pgSQL function
-- per step cost an empty poll as much as the rest of it when many sessions take turns on a
-- core). Such a body binds every name it uses when it is created, so no search_path reaches
-- it (a SET clause would keep it from being written in). They read the one row of
-- private.incarnation with "limit 1": without it the planner, which keeps no statistics of a
-- one-row table, expects hundreds, and a caller's cached plan looks dear enough that every
-- call is planned afresh (a millisecond).

-- The longest cursor taken: a cursor holds a few transaction ids per transaction in flight
-- at a pull, a few hundred bytes, far below this even with hundreds of concurrent writers.
-- Checked before anything in a cursor is decoded.
create or replace function private.cursor_max_bytes() returns integer
  language sql
  immutable
return 16384;
comment on function private.cursor_max_bytes() is
  'The most bytes a cursor may have (16384): checked before anything in it is decoded.';

-- The incarnation a cursor names: the epoch (moved when the server finds itself restored)
-- with what the server is now (its system identifier, this database, the incarnation table
-- itself: a restore makes new ones) and its timeline. Any of them differing means the
-- transaction ids may have been handed out again for other changes. The epoch is read every
-- time (settle_incarnation moves it inside migrate's transaction).
-- What the server is costs more to look up (the control file, the catalog) than the rest of
-- an empty poll, and a poll is usually the one call of its transaction: so it is remembered
-- for the session in the setting dispatch.cursor_server. On a primary all of it (none of it
-- changes while the server runs: the timeline moves only at a promotion, which only a
-- standby undergoes, and a restore is another server or another incarnation table). On a
-- hot standby all but the timeline, which a promotion or a switch of its primary moves at
-- any moment: it is read at every use from the walreceiver's shared memory
-- (private.received_timeline; without it, looked up afresh as private.current_timeline
-- does), so that a cursor is checked against, and sealed with, the timeline the standby is
-- on then. (A snapshot taken before a switch holds only history the new timeline shares:
-- a standby follows a new timeline only from a point it has not replayed past.) Any session
-- may read and set that setting (a pooled connection passes from one app user to the next),
-- so what it holds is taken only with a tag of the key's: an HMAC of the answer bound to
-- this backend, this server's start, this incarnation table and whether the server was in
-- recovery (a standby's value, without its timeline, is no primary's). A value set by anyone
-- else, or left by another backend, server, table or before a promotion, is looked up afresh.
create or replace function private.cursor_server_tag(p_server text, p_mac_key bytea, p_recovery boolean) returns text
  language sql
  stable
return encode(hmac(convert_to(concat_ws('|', p_server, pg_backend_pid(), extract(epoch from pg_postmaster_start_time()),
                                        'private.incarnation'::regclass::oid, case when p_recovery then 'recovery' end),
                              'UTF8'),
                   p_mac_key, 'sha256'), 'hex');
comment on function private.cursor_server_tag(text, bytea, boolean) is
  'The tag under which the setting dispatch.cursor_server holds what this server is (private.cursor_incarnation): an HMAC, with the cursor key, of p_server bound to this backend, the server''s start, the incarnation table and whether the server is in recovery (p_recovery: a hot standby''s value leaves the timeline out).';

-- The incarnation itself: a digest of the epoch, what the server is and, on a standby, the
-- timeline (on a primary it is part of p_server). A standby and its primary name the same.
-- Stable, not immutable: concat_ws is (it writes its arguments with their output functions).
create or replace function private.incarnation_digest(p_epoch bigint, p_server text, p_timeline integer) returns text
  language sql
  stable
return left(md5(concat_ws('/', p_epoch, p_server, p_timeline)), 16);
comment on function private.incarnation_digest(bigint, text, integer) is
  'The incarnation a cursor names, from private.incarnation''s epoch p_epoch, what the server is p_server (system identifier, database, incarnation table and, on a primary, timeline) and a hot standby''s timeline p_timeline (NULL on a primary). Written into the calling expression.';

-- On a standby whose timeline cannot be read from the walreceiver, nothing is kept: the
-- digest without a timeline would be no incarnation at all (every cursor refused, every
-- cursor sealed with it refused later), so cursor_incarnation looks the timeline up afresh.
create or replace function private.kept_incarnation(p_recovery boolean, p_epoch bigint, p_cursor_key bytea) returns text
  language sql
  stable
return case when p_recovery and private.received_timeline() is null then null
            when split_part(current_setting('dispatch.cursor_server', true), '|', 2)
                 = private.cursor_server_tag(split_part(current_setting('dispatch.cursor_server', true), '|', 1), substr(p_cursor_key, 17), p_recovery)
            then private.incarnation_digest(p_epoch, split_part(current_setting('dispatch.cursor_server', true), '|', 1),
                                            case when p_recovery then private.received_timeline() end) end;
comment on function private.kept_incarnation(boolean, bigint, bytea) is
  'The incarnation (private.cursor_incarnation) as the setting dispatch.cursor_server remembers it for this session (p_recovery: on a hot standby, with the timeline private.received_timeline reads now), or NULL when it holds nothing its tag (private.cursor_server_tag, with p_cursor_key) vouches for, or the standby''s timeline cannot be read so; p_epoch and p_cursor_key are those of the one row of private.incarnation. An expression, written into the calling one.';

create or replace function private.cursor_incarnation() returns text
  language plpgsql
  stable
  set search_path from current
as $$
declare
  v_recovery boolean := pg_is_in_recovery();
  v_server text;
  v_incarnation text := (select private.kept_incarnation(v_recovery, i.epoch, i.cursor_key) from private.incarnation i);
begin
  if v_incarnation is not null then
    return v_incarnation;
  end if;
  v_server := concat_ws('/', (pg_control_system()).system_identifier,
                (select d.oid from pg_database d where d.datname = current_database()),
                'private.incarnation'::regclass::oid, case when not v_recovery then private.current_timeline() end);
  perform set_config('dispatch.cursor_server',
                     v_server || '|' || private.cursor_server_tag(v_server, (select substr(i.cursor_key, 17) from private.incarnation i), v_recovery),
                     false);
  return (select private.incarnation_digest(i.epoch, v_server, case when v_recovery then private.current_timeline() end)
            from private.incarnation i);
end
$$;
comment on function private.cursor_incarnation() is
  'The incarnation of the database that a cursor names: a digest of private.incarnation''s epoch, the cluster''s system identifier, this database''s and the incarnation table''s oids and the timeline (private.current_timeline). All but the epoch are remembered for the session in the setting dispatch.cursor_server (on a hot standby all but the timeline, read at every use: private.received_timeline), and taken from it only under an HMAC of the cursor key bound to this backend, the server''s start, the incarnation table and whether the server is in recovery: what anyone else set there is ignored. It changes with a restore (new identifiers, and the epoch settle_incarnation moves), a point-in-time recovery and a promotion (a new timeline).';

create or replace function private.seal_cursor(p_state jsonb) returns text
  language plpgsql
  volatile
  set search_path from current
as $$
declare
  v_key bytea := (select i.cursor_key from private.incarnation i);
  v_iv bytea := gen_random_bytes(16);
  v_body bytea;
begin
  v_body := v_iv || encrypt_iv(convert_to(p_state::text, 'UTF8'), substr(v_key, 1, 16), v_iv, 'aes-cbc/pad:pkcs');
  return 'v2.' || rtrim(translate(encode(v_body || substr(hmac(v_body, substr(v_key, 17), 'sha256'), 1, 16), 'base64'),
                                  E'+/\n', '-_'), '=');
end
$$;
comment on function private.seal_cursor(jsonb) is
  'A cursor''s state sealed as opaque URL-safe text: "v2." + base64url(random IV, AES-128-CBC ciphertext of its JSON, the first 16 bytes of its HMAC-SHA-256), keys from private.incarnation. private.open_cursor reverses it.';

-- What a cursor sealed by private.seal_cursor holds, NULL for anything this server did not
-- seal (a tag that does not match, a cut or padded text, one too long), never an error: the
-- caller says what is wrong. What could fail is ruled out before it is tried, in the order
-- written (a CASE, the arms of an AND): the size, the text is base64url (open_cursor's
-- pattern) of a length a base64 text can have, the decoded length holds an IV, at least one
-- block and a tag; then a tag only this server's key makes covers everything decrypted.
-- The decoding is computed once (a subquery kept apart by "offset 0": pulled up, it would be
-- written out again at each use). Byte by byte: the text is ASCII once it matches the
-- pattern, and replace and octet_length need not walk it as characters as translate and
-- length do (translate alone cost a poll ten microseconds).
create or replace function private.cursor_contents(p_cursor text, p_cursor_key bytea) returns setof jsonb
  language sql
  stable
begin atomic
  select case when octet_length(b.body) >= 48 and (octet_length(b.body) - 32) % 16 = 0
               and substr(hmac(substr(b.body, 1, octet_length(b.body) - 16), substr(p_cursor_key, 17), 'sha256'), 1, 16)
                   = substr(b.body, octet_length(b.body) - 15)
              then convert_from(decrypt_iv(substr(b.body, 17, octet_length(b.body) - 32), substr(p_cursor_key, 1, 16), substr(b.body, 1, 16),
                                           'aes-cbc/pad:pkcs'),
                                'UTF8')::jsonb end
    from (select decode(case when octet_length(p_cursor) <= private.cursor_max_bytes() and p_cursor ~ '^v2\.[A-Za-z0-9_-]+$'
                                  and (octet_length(p_cursor) - 3) % 4 <> 1
                             then replace(replace(substr(p_cursor, 4), '-', '+'), '_', '/') || repeat('=', (4 - (octet_length(p_cursor) - 3) % 4) % 4) end,
                        'base64') as body
          offset 0) b;
end;
comment on function private.cursor_contents(text, bytea) is
  'The state a "v2." cursor sealed by private.seal_cursor holds (one row), NULL when this database did not seal it (its HMAC does not match), it is longer than private.cursor_max_bytes() or it is not a cursor at all. Never an error. p_cursor_key: that of the one row of private.incarnation. Written into the calling statement.';

-- The usual cursor, opened in its caller's statement: one this database sealed, of the
-- incarnation this session has already checked. The one row of private.incarnation is read
-- once for both; the cursor's state is read once ("offset 0": pulled up, the decryption would
-- be written out at each use).
create or replace function private.opened_cursor(p_cursor text, p_recovery boolean) returns setof jsonb
  language sql
  stable
begin atomic
  select case when jsonb_typeof(c.state) = 'object' and c.state ->> 'i' = private.kept_incarnation(p_recovery, i.epoch, i.cursor_key)
              then c.state - 'i' end
    from (select i.epoch, i.cursor_key from private.incarnation i limit 1) i
   cross join lateral (select s from private.cursor_contents(p_cursor, i.cursor_key) s offset 0) c (state);
end;
comment on function private.opened_cursor(text, boolean) is
  'The state, without i, of a cursor this database sealed (private.cursor_contents) naming the incarnation this session has already checked (private.kept_incarnation; p_recovery: this server is a hot standby): one row, NULL for any other text, which private.open_cursor then looks at step by step. Never an error. Written into the calling statement.';

reset search_path;

-- A cursor's state, opened: what a client handed back, checked before anything in it is
-- used. Its size first; then a sealed cursor must carry this server's seal, and its
-- incarnation must be this one (CURSOR_EXPIRED otherwise: resync in full). A cursor of
-- before sealing (p_legacy: how to read one) is taken while legacy_cursors_stand().
-- The usual case is one statement (private.opened_cursor). Anything else is looked at step
-- by step, to say what is wrong or to check the incarnation afresh.
create or replace function private.open_cursor(p_cursor text, p_what text, p_legacy text) returns jsonb
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_recovery boolean := pg_catalog.pg_is_in_recovery();
  v_state jsonb;
  v_problem text;
begin
  -- Its size before anything else: the first plans of the statement below are made with the
  -- text written into them, and the planner copies it at each use (a second of a core for a
  -- text of megabytes).
  if octet_length(p_cursor) <= private.cursor_max_bytes() then
    v_state := (select s from private.opened_cursor(p_cursor, v_recovery) s);
    if v_state is not null then
      return v_state;
    end if;
  end if;
  if octet_length(p_cursor) > private.cursor_max_bytes() then
    v_problem := pg_catalog.format('it is %s bytes long, more than the %s a cursor may have', octet_length(p_cursor), private.cursor_max_bytes());
  elsif p_cursor ~ '^v2\.[A-Za-z0-9_-]+$' then
    v_state := (select s from private.incarnation i, private.cursor_contents(p_cursor, i.cursor_key) s);
    if v_state is null or pg_catalog.jsonb_typeof(v_state) <> 'object' then
      v_problem := 'it was not sealed by this database';
    elsif v_state ->> 'i' is distinct from private.cursor_incarnation() then
      raise exception using errcode = '22023',
        message = 'CURSOR_EXPIRED: the cursor comes from another incarnation of this database (a restore, a point-in-time recovery or a failover since), whose transactions this one may not have had',
        hint = 'Do a full sync: call again with a NULL cursor and replace the local copy.';
    end if;
  elsif p_legacy is not null and p_cursor ~ p_legacy then
    if not private.legacy_cursors_stand() then
      raise exception using errcode = '22023',
        message = 'CURSOR_EXPIRED: the cursor comes from another incarnation of this database (a restore, a point-in-time recovery or a failover since), whose transactions this one may not have had',
        hint = 'Do a full sync: call again with a NULL cursor and replace the local copy.';
    end if;
    return pg_catalog.jsonb_build_object('legacy', p_cursor);
  else
    v_problem := 'it is not a cursor';
  end if;
  if v_problem is not null then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_CURSOR: the cursor is not one %s returned', p_what),
      detail = pg_catalog.left(v_problem, 200),
      hint = pg_catalog.format('Pass the cursor of the previous %s unchanged, or NULL to start over.', p_what);
  end if;
  return v_state - 'i';
end
$$;
comment on function private.open_cursor(text, text, text) is
  'The state of a cursor p_what (sync_pull, sync_poll, changes_since) returned: at most private.cursor_max_bytes() bytes, sealed by this database (private.cursor_contents), of this incarnation (private.cursor_incarnation), its state without i. A cursor of before sealing matching the regular expression p_legacy comes back as {legacy: cursor} while private.legacy_cursors_stand(). INVALID_CURSOR (22023) for anything else, CURSOR_EXPIRED (22023) for a cursor of another incarnation (a restore, a point-in-time recovery or a failover since): resync in full.';

-- PL/pgSQL: every poll and pull runs it, and a SQL function with a SET clause is planned
-- again at every call.
create or replace function private.encode_sync_cursor(p_state jsonb) returns text
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
begin
  return private.seal_cursor(p_state || pg_catalog.jsonb_build_object('i', private.cursor_incarnation()));
end
$$;
comment on function private.encode_sync_cursor(jsonb) is 'A sync_pull or sync_poll cursor of state p_state, of this incarnation, sealed (private.seal_cursor).';

-- Strict: a cursor is input from the client, so everything in it is checked before it is
-- used (its size first, before any decoding): a sealed one must carry this database's seal
-- (private.open_cursor); one of before sealing, anything sync_pull could not have returned
-- is refused: an unknown key, a transaction id that is not a decimal number or lies past
-- this server's newest, a position of an unknown kind.
create or replace function private.decode_sync_cursor(p_table text, p_cursor text) returns jsonb
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_body text;
  v_state jsonb;
  v_page boolean;
  v_newest numeric;
  v_problem text;
  v_ids jsonb;
  v_legacy boolean;
begin
  v_state := private.open_cursor(p_cursor, case when p_table = '*' then 'sync_poll' else 'sync_pull' end, '^v1\.[A-Za-z0-9_-]+$');
  v_legacy := v_state ? 'legacy';
  if v_legacy then
    begin
      v_body := translate(substr(p_cursor, 4), '-_', '+/');
      v_state := convert_from(decode(v_body || repeat('=', (4 - length(v_body) % 4) % 4), 'base64'), 'UTF8')::jsonb;
    exception when others then
      v_problem := 'it is not base64url-encoded JSON';
    end;
  end if;

  -- A sealed cursor is exactly what this database wrote (its HMAC says so), checked when it
  -- was written: only its table is left to check (the checks below cost an empty poll as
  -- much as the rest of it). One of before sealing is checked key by key.
  if v_problem is null and v_legacy then
    -- No transaction id handed out so far is newer than this. A hot standby knows only the
    -- ids it has replayed, while a cursor from its primary (or a replica further ahead) holds
    -- newer ones: there the bound is the 2^31 ids a cluster can be ahead before wraparound.
    v_newest := greatest(pg_snapshot_xmax(pg_current_snapshot()), coalesce(pg_current_xact_id_if_assigned(), '0'))::text::numeric
                + case when pg_is_in_recovery() then 2147483648 else 0 end;
    v_page := v_state ? 'a';
    if jsonb_typeof(v_state) <> 'object' then
      v_problem := 'it is not a JSON object';
    elsif (v_state - case when p_table = '*' then array['t', 'x', 'ip', 'h', 'w', 'g']
                          else array['t', 'x', 'ip', 'h', 'nx', 'nip', 'nh', 'a'] end) <> '{}' then
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
      -- server has handed out (checked with expressions, no query: every poll runs this).
      v_ids := jsonb_build_array(v_state -> 'x', v_state -> 'h') || (v_state -> 'ip')
               || case when v_page then jsonb_build_array(v_state -> 'nx', v_state -> 'nh', v_state #> '{a,0}', v_state #> '{a,1}')
                                        || (v_state -> 'nip') else '[]' end
               || case when v_state ? 'w' then jsonb_build_array(v_state -> 'w') else '[]' end
               || case when v_state ? 'g' then jsonb_build_array(v_state -> 'g') else '[]' end;
      if v_ids::text !~ '^\[("[0-9]{1,20}"(, "[0-9]{1,20}")*)?\]$'
         or v_newest < any (translate(v_ids::text, '[]"', '{}')::numeric[]) then
        v_problem := format('%s is not a transaction id of this server',
                            jsonb_path_query_first(v_ids, '$[*] ? (@.type() != "string" || !(@ like_regex "^[0-9]{1,20}$") || @.double() > $newest)',
                                                   jsonb_build_object('newest', v_newest)));
      end if;
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
comment on function private.decode_sync_cursor(text, text) is 'Opens (private.open_cursor: sealed by this database, of this incarnation; or a cursor of before sealing while those stand) a sync_pull cursor for p_table (''*'': sync_poll''s, which may also carry w and g), and validates one of before sealing: a JSON object with only the keys sync_pull (or sync_poll) writes, transaction ids as decimal strings no newer than this server''s newest, a page position [xid, xid, uuid, 0|1]. INVALID_CURSOR (22023) otherwise, or when it belongs to another table (detail says what is wrong); CURSOR_EXPIRED (22023) for a cursor of another incarnation.';


-- A cursor's list of transaction ids (ip, nip: a JSON array of decimal strings, as the
-- cursor was sealed or as private.decode_sync_cursor checked it) as an array. Text to text:
-- no set-returning subquery, so it is written into the calling expression. Stable, not
-- immutable: the cast to an array (array_in) is stable, and the planner writes a SQL
-- function into its caller only when the body is no more volatile than the function
-- says; declared immutable, it was called as a function of its own, planned again in
-- every statement that used it (an empty poll cost several times as much).
create or replace function private.cursor_xids(p_ids jsonb) returns xid8[]
  language sql
  stable
return pg_catalog.translate(p_ids::text, '[]"', '{}')::xid8[];
comment on function private.cursor_xids(jsonb) is
  'The transaction ids of a cursor''s list p_ids (ip or nip, a JSON array of decimal strings, sealed or checked by private.decode_sync_cursor) as xid8[], in their order. Written into the calling expression.';
revoke all on function private.cursor_xids(jsonb) from public, anon, authenticated, service_role;

-- The oldest transaction a cursor's state has not delivered: x, or the first transaction it
-- had in flight when that one is older (its list is in order: private.snapshot_in_progress,
-- and every cursor is written so). A purge of the logs reaching it may have removed what the
-- cursor still needs. (A cursor of before sealing is text its holder could have edited: one
-- put out of order only keeps from its holder the news that a purge took what it needed.)
create or replace function private.cursor_lo(p_x xid8, p_ip xid8[]) returns xid8
  language sql
  immutable
return least(p_x, p_ip[1]);
comment on function private.cursor_lo(xid8, xid8[]) is
  'The oldest transaction a cursor''s state (x p_x, ip p_ip, in order) has not delivered: the least of p_x and p_ip''s first. A purge of the sync logs or marks reaching it may have removed what the cursor still needs. Written into the calling expression.';
revoke all on function private.cursor_lo(xid8, xid8[]) from public, anon, authenticated, service_role;

-- The transactions a snapshot had in progress. On a primary pg_current_snapshot() lists
-- them. On a hot standby it lists none (recovery keeps them among the snapshot's
-- subtransactions, which it does not show), so every id between xmin and xmax that the
-- commit log still has in progress counts. Read after the snapshot: a transaction that
-- finished in between is seen by the statements that follow, so counting it as seen loses
-- nothing.
create or replace function private.snapshot_in_progress(p_snapshot pg_snapshot) returns xid8[]
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
begin
  if not pg_catalog.pg_is_in_recovery() then
    -- xmin:xmax:xip,... with the xip list in order (no query: every poll and pull asks).
    return pg_catalog.string_to_array(pg_catalog.split_part(p_snapshot::text, ':', 3), ',')::xid8[];
  end if;
  return array(select x::text::xid8
                 from pg_catalog.generate_series(pg_catalog.pg_snapshot_xmin(p_snapshot)::text::bigint,
                                                 pg_catalog.pg_snapshot_xmax(p_snapshot)::text::bigint - 1) x
                where pg_catalog.pg_xact_status(x::text::xid8) = 'in progress'
                order by x);
end
$$;
comment on function private.snapshot_in_progress(pg_snapshot) is
  'The transactions a pg_current_snapshot() had in progress: its xip list on a primary; on a hot standby, where that list is empty, the ids between xmin and xmax that pg_xact_status has in progress. For sync_pull''s cursors.';

-- The next transaction id to be handed out, as far as this server can tell: every id handed
-- out before the call is below it. A snapshot's xmax is not that bound: it is one past the
-- newest transaction that had ended, so a transaction that took its id after that one and
-- is still running is neither below xmax nor in the snapshot's list (a snapshot reads
-- "20713:20713:" while 20713 runs). On a primary: past every running transaction's id (the
-- backends' and the prepared ones', read afresh) and the snapshot's xmax. On a hot standby,
-- whose backends run no transaction with an id: the next id as replay knows it, past the id
-- of every WAL record replayed (age() of a transaction without an id counts from it). Ids
-- of running transactions are 32 bits there, and within 2^31 of xmax: each is read as its
-- distance from xmax.
create or replace function private.next_xid() returns xid8
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_xmax xid8 := pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot());
  v_low bigint := (v_xmax::text::numeric % 4294967296)::bigint;
  v_ahead bigint;
begin
  if pg_catalog.pg_is_in_recovery() then
    return (v_xmax::text::numeric + pg_catalog.age(pg_catalog.xid(v_xmax)))::text::xid8;
  end if;
  -- the backends' ids as they are now, not as this transaction first read them
  perform pg_catalog.pg_stat_clear_snapshot();
  select max((r.xid::text::bigint - v_low + 6442450944) % 4294967296 - 2147483648) into v_ahead
    from (select a.backend_xid as xid from pg_catalog.pg_stat_get_activity(null) a where a.backend_xid is not null
          union all
          select p.transaction from pg_catalog.pg_prepared_xacts p) r;
  return greatest(v_xmax, (v_xmax::text::numeric + coalesce(v_ahead, -1) + 1)::text::xid8);
end
$$;
comment on function private.next_xid() is
  'The next transaction id to be handed out, as far as this server can tell: above every id handed out before the call (a snapshot''s xmax is not: a running transaction may have an id at or past it). On a primary, past the ids of every running and prepared transaction and the snapshot''s xmax; on a hot standby, the next id as replay knows it. For sync_poll''s watch.';

-- The cursor functions run inside sync_pull, sync_poll and changes_since, as their owner.
revoke all on function private.encode_sync_cursor(jsonb), private.decode_sync_cursor(text, text),
  private.snapshot_in_progress(pg_snapshot), private.next_xid(), private.cursor_incarnation(),
  private.seal_cursor(jsonb), private.cursor_contents(text, bytea), private.open_cursor(text, text, text),
  private.cursor_max_bytes(), private.cursor_server_tag(text, bytea, boolean), private.kept_incarnation(boolean, bigint, bytea),
  private.opened_cursor(text, boolean), private.received_timeline(), private.incarnation_digest(bigint, text, integer)
  from public, anon, authenticated, service_role;
