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

-- A stream's rows after the page position and unseen, from one index bound (the id part:
-- above), for a stream ordered (p_xid, p_id): text for a generated query, which names the
-- parameters p_lo, p_x, p_ip, p_after_c0, p_after_c1, p_after_id. The exact position test
-- is the final query's. Shared by the streams of private.sync_items_sql and the direct page
-- of private.sync_page_sql.
create or replace function private.sync_stream_after(p_xid text, p_id text) returns text
  language sql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.format('(%1$s >= p_x or %1$s = any (p_ip)) and (%1$s, %2$s) >= (greatest(p_lo, p_after_c0), '
    'case when p_lo > p_after_c0 or p_after_c1 < p_after_c0 then ''00000000-0000-0000-0000-000000000000''::uuid '
    'when p_after_c1 = p_after_c0 then p_after_id else ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid end)', p_xid, p_id)
$$;
comment on function private.sync_stream_after(text, text) is
  'The index bound of a generated sync stream ordered (p_xid, p_id): its rows unseen in the state (p_x, p_ip) and at or after the page position, as one row comparison a btree scan starts from (see sql/code/sync/stream_bound.sql). Text naming the parameters of private.sync_items_<table>_<mode>.';
revoke all on function private.sync_stream_after(text, text) from public, anon, authenticated, service_role;
