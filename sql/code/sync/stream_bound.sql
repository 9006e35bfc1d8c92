-- The index bound every generated sync stream starts from (the streams of
-- private.sync_items_sql, sync/items.sql, and the direct page of private.sync_page_sql,
-- sync/pull.sql).

-- Where a stream's index scan starts: the page position (c0, c1, id, kind) and the oldest
-- unseen transaction lo as ONE lower bound (sync_xid, id) >= (greatest(lo, c0), this).
-- A row of a stream ordered (sync_xid, id), whose items are (sync_xid, sync_xid, id, kind),
-- comes after the position only if (sync_xid, id) >= (c0, this); and it is unseen only if
-- sync_xid >= lo. One bound, because a btree scan starts from one key per column: given a
-- scalar bound and a row comparison on sync_xid it started from the row comparison, so the
-- first page of an incremental pull (c0 = 0) walked every row below the cursor of every key
-- the stream reads, the million open tasks of another account included. Without the id part
-- a page read every row of the position's transaction again (100,000 rows written by one
-- transaction cost a quadratic scan over 100 pages).
-- "this", for the oldest unseen transaction lo and a page position (c0, c1, id, kind): the
-- smallest id a row of transaction greatest(lo, c0) may have to be unseen and come after the
-- position. An expression written into each stream's text (by the function below), not a
-- function the stream calls: a SQL function with a SET clause is never inlined, so as one
-- it was parsed and planned again in every stream of every pull.

-- A stream of one key (a user's keys are read one by one) names its key as "key = any (array[k])"
-- and is ordered by (key, sync_xid, id). Written "key = k", the key is a constant to the
-- planner, the order is (sync_xid, id), and the table's index of (sync_xid, id) (which the
-- admin's stream reads) holds it: the stream could be read through that index, filtered by
-- key, every row anyone wrote since the bound. The planner chose that wherever the statistics
-- said the table was small, since a page's LIMIT promises an early stop (one user's full pull of
-- watchlist entries read every entry of the table: 1,946 buffers beside another user's 1,000,
-- 40,000 once he had written 19,000 more and the statistics were not yet taken again). An array
-- of one key is no constant to the planner, so only the key's index holds the stream's order,
-- while a btree scan still takes it as an equality and starts at (k, greatest(lo, c0), this).
-- (Not "key <= k and (key, sync_xid, id) >= (k, ...)": the planner estimates a row comparison
-- by its first column alone, a third of the table, and beside another user's 100,000 notes on a
-- task of the caller's, the caller's empty pull of notes read 2,029 buffers instead of 280.)

-- The condition of a stream of one key: its column p_key_column names the key p_key as an
-- array of one (above). Text for a generated query, whose stream is ordered by (p_key_column,
-- its change order). Used by private.sync_stream_after and by the streams of keys gained and
-- lost (private.sync_items_sql), which start from a bound of their own.
create or replace function private.sync_stream_key(p_key_column text, p_key text) returns text
  language sql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
  select p_key_column || ' = any (array[' || p_key || '])'
$$;
comment on function private.sync_stream_key(text, text) is
  'The condition of a generated sync stream of one key: its column p_key_column names the key p_key as an array of one, so that only the key''s index holds the stream''s order (see sql/code/sync/stream_bound.sql). Text for private.sync_items_sql and private.sync_page_sql.';
revoke all on function private.sync_stream_key(text, text) from public, anon, authenticated, service_role;

-- A stream's rows after the page position and unseen, from one index bound (the id part:
-- above), for a stream ordered (p_xid, p_id), or, for a stream of one key, whose column
-- p_key_column is p_key, ordered (p_key_column, p_xid, p_id), with the key's condition
-- (private.sync_stream_key): text for a generated query, which names the parameters p_lo,
-- p_x, p_ip, p_after_c0, p_after_c1, p_after_id. The exact position test is the final
-- query's. Shared by the streams of private.sync_items_sql and the direct page of
-- private.sync_page_sql.
create or replace function private.sync_stream_after(p_xid text, p_id text, p_key_column text default null, p_key text default null)
  returns text
  language sql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format('%3$s(%1$s >= p_x or %1$s = any (p_ip)) and (%1$s, %2$s) >= (greatest(p_lo, p_after_c0), '
    'case when p_lo > p_after_c0 or p_after_c1 < p_after_c0 then ''00000000-0000-0000-0000-000000000000''::uuid '
    'when p_after_c1 = p_after_c0 then p_after_id else ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid end)',
    p_xid, p_id, coalesce(private.sync_stream_key(p_key_column, p_key) || ' and ', ''))
$$;
comment on function private.sync_stream_after(text, text, text, text) is
  'The index bound of a generated sync stream ordered (p_xid, p_id), or of one key whose column p_key_column is p_key (NULL for a stream of no key), ordered (p_key_column, p_xid, p_id), with the key''s condition (private.sync_stream_key): its rows unseen in the state (p_x, p_ip) and at or after the page position, as one row comparison a btree scan starts from (see sql/code/sync/stream_bound.sql). Text naming the parameters of private.sync_items_<table>_<mode>.';
revoke all on function private.sync_stream_after(text, text, text, text) from public, anon, authenticated, service_role;
