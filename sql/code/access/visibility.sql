-- ---------------------------------------------------------------------------------------
-- The kinds: who holds which keys
-- ---------------------------------------------------------------------------------------

create or replace function private.everyone_key() returns uuid
  language sql immutable parallel safe
  set search_path = pg_catalog, pg_temp
as $$
  select '00000000-0000-0000-0000-000000000000'::uuid
$$;
comment on function private.everyone_key() is 'The uuid of the one key of kind everyone.';

-- The base keys a user holds (derived kinds are worked out from the rows: sync and
-- caller_visible_ids). Each branch is one index probe. PL/pgSQL, not SQL: a SQL function
-- with a SET clause is never inlined, and PostgreSQL plans its body again at every call
-- (planning these eight branches cost ten times running them, on every pull, poll and
-- policy check); PL/pgSQL keeps the plan for the session.
-- ROWS 10, what the planner assumes a call returns: a user holds a handful of keys. At
-- the default guess (1,000), a rule joining these keys to a table (caller_visible_ids,
-- behind the policies of notes and subtasks) hashed the whole table rather than probe its
-- index once a key, until the table grew past tens of thousands of rows: a user's read of
-- their ten notes cost 2 ms beside 10,000 of other users' open tasks, 0.7 beside a million.
create or replace function private.user_keys(p_user uuid, p_kinds text[]) returns table (kind text, key uuid)
  language plpgsql stable
  rows 10
  set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
begin
  -- Each branch only for a kind asked for (NULL: all): a pull of tasks never reads the
  -- user's watchlists, a policy of listings only her listings.
  return query
  select 'user'::text, p_user where p_user is not null and (p_kinds is null or 'user' = any (p_kinds))
  union all
  select 'everyone', private.everyone_key() where p_user is not null and (p_kinds is null or 'everyone' = any (p_kinds))
  union all
  select 'listing', l.id from public.listings l where l.owned_by = p_user and (p_kinds is null or 'listing' = any (p_kinds))
  union all
  select 'watchlist_owner', w.id from public.watchlists w where w.owner_id = p_user and (p_kinds is null or 'watchlist_owner' = any (p_kinds))
  union
  select 'watchlist', w.id from public.watchlists w where w.owner_id = p_user and (p_kinds is null or 'watchlist' = any (p_kinds))
  union
  -- A share is a key once its user accepted it; an invitation is none.
  select 'watchlist', s.watchlist_id from public.watchlist_shares s
   where s.user_id = p_user and s.accepted_at is not null and (p_kinds is null or 'watchlist' = any (p_kinds))
  union
  select 'watchlist_writer', w.id from public.watchlists w where w.owner_id = p_user and (p_kinds is null or 'watchlist_writer' = any (p_kinds))
  union
  select 'watchlist_writer', s.watchlist_id from public.watchlist_shares s
   where s.user_id = p_user and s.role = 'write' and s.accepted_at is not null and (p_kinds is null or 'watchlist_writer' = any (p_kinds))
  union
  select 'listing_claimer', t.listing_id from public.tasks t
   where t.claimed_by = p_user and t.listing_id is not null and (p_kinds is null or 'listing_claimer' = any (p_kinds))
  union
  select 'listing_claimer', a.listing_id from public.activities a
   where a.claimed_by = p_user and a.listing_id is not null and (p_kinds is null or 'listing_claimer' = any (p_kinds));
end
$$;
comment on function private.user_keys(uuid, text[]) is
  'The base scope keys (kind, key) of the kinds p_kinds (NULL: every kind) user p_user holds: their user id, everyone, the listings they own, the watchlists they own (as watchlist, watchlist_owner and watchlist_writer) and those shared with them that they accepted (watchlist; watchlist_writer when shared as ''write''), the listings of the tasks and activities they claim (listing_claimer). The inverse of private.key_holders; the sources whose changes private.log_access_change records.';

-- The kinds of keys a pull (or poll) of p_tables reads: those of their rules and, for a
-- derived kind, those of its parent table's rules. A user's other keys (her watchlists, for
-- a pull of tasks) are never read for it.
create or replace function private.pull_key_kinds(p_tables text[]) returns text[]
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  return (select coalesce(pg_catalog.array_agg(distinct x.kind order by x.kind), '{}')
            from (select coalesce(pr.kind, r.kind) as kind
                    from private.visibility_rules r
                    join private.visibility_kinds k on k.kind = r.kind
                    left join private.visibility_rules pr on pr.table_name = k.derived_from
                   where r.table_name = any (p_tables)) x);
end
$$;
comment on function private.pull_key_kinds(text[]) is
  'The base kinds of scope keys sync reads for the tables p_tables: the kinds of their visibility rules, a derived kind replaced by the kinds of its parent table''s rules. What private.sync_key_state asks private.user_keys and the access log for.';

-- Who holds keys, for many keys at once: one join per kind, however many rows a statement
-- wrote (the outbox asks it once per statement). The single-key form below is this one.
create or replace function private.keys_holders(p_kinds text[], p_keys uuid[]) returns table (kind text, key uuid, holder uuid)
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
begin
  -- PL/pgSQL for its cached plan: the outbox capture asks this once per statement.
  return query
  with k as (select distinct k.kind, k.key from unnest(p_kinds, p_keys) k (kind, key) where k.key is not null)
  select k.kind, k.key, k.key from k where k.kind = 'user'
  union all
  select k.kind, k.key, l.owned_by from k join public.listings l on l.id = k.key where k.kind = 'listing'
  union all
  select k.kind, k.key, w.owner_id from k join public.watchlists w on w.id = k.key where k.kind in ('watchlist', 'watchlist_owner', 'watchlist_writer')
  union all
  select k.kind, k.key, s.user_id from k join public.watchlist_shares s on s.watchlist_id = k.key and s.accepted_at is not null
   where k.kind = 'watchlist' or (k.kind = 'watchlist_writer' and s.role = 'write')
  union all
  select k.kind, k.key, t.claimed_by from k join public.tasks t on t.listing_id = k.key
   where k.kind = 'listing_claimer' and t.claimed_by is not null
  union all
  select k.kind, k.key, a.claimed_by from k join public.activities a on a.listing_id = k.key
   where k.kind = 'listing_claimer' and a.claimed_by is not null;
end
$$;
comment on function private.keys_holders(text[], uuid[]) is
  'The users holding each base key (p_kinds[i], p_keys[i]): one row (kind, key, holder) per holder; none for everyone (every user holds it: callers flag it instead) and for derived kinds (resolve them with private.row_keys first). The inverse of private.user_keys, for a whole statement''s keys at once.';

create or replace function private.key_holders(p_kind text, p_key uuid) returns setof uuid
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  select h.holder from private.keys_holders(array[p_kind], array[p_key]) h
$$;
comment on function private.key_holders(text, uuid) is
  'The users holding the base key (p_kind, p_key): private.keys_holders for one key.';

-- For policies: the caller's keys of one kind, once per statement as `(select ...)`.
-- SECURITY DEFINER: it reads listings, watchlists and shares, whose own policies call it.
create or replace function private.caller_keys(p_kind text) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, pg_temp
as $$
  select coalesce(array_agg(k.key), '{}') from private.user_keys(auth.uid(), array[p_kind]) k
$$;
comment on function private.caller_keys(text) is
  'The keys of kind p_kind the caller (auth.uid()) holds, as an array: policies compare a key column with it (col = any ((select private.caller_keys(''listing'')))), evaluated once per statement. SECURITY DEFINER so that the policies of the tables it reads can call it without recursing.';

-- ---------------------------------------------------------------------------------------
-- Rendering the rules
-- ---------------------------------------------------------------------------------------

-- A rule's condition with "it." replaced by p_alias (or nothing, inside a policy).
create or replace function private.visibility_condition(p_condition text, p_alias text) returns text
  language sql immutable
  set search_path = pg_catalog, pg_temp
as $$
  select pg_catalog.regexp_replace(p_condition, '\mit\.', case when p_alias = '' then '' else p_alias || '.' end, 'g')
$$;
comment on function private.visibility_condition(text, text) is
  'A visibility rule''s condition with its row "it" renamed p_alias ('''' = unqualified column names, inside a policy).';

-- The columns a rule's condition reads (it.<column>), as visibility_columns finds them.
create or replace function private.condition_columns(p_condition text) returns text[]
  language sql immutable
  set search_path = pg_catalog, pg_temp
as $$
  select array(select distinct m[1] from pg_catalog.regexp_matches(coalesce(p_condition, ''), '\mit\.(\w+)', 'g') m order by 1)
$$;
comment on function private.condition_columns(text) is
  'The columns a visibility rule''s condition reads (it.<column>), sorted, without duplicates.';

-- "Row p_alias of p_table is visible", in one of three forms:
--   caller  for the caller (auth.uid()), as caller_sees asks it; admins pass on the tables
--           admins see
--   policy  for the caller through his own keys: the SELECT policy of role authenticated.
--           No admin term: `or (select private.is_admin())` cannot be an index condition,
--           so it turned every user's read into a scan of every user's rows. Admins read
--           as role dispatch_admin, whose own policy lets them (private.apply_select_policy).
--   keys    for whoever holds the keys of a relation keys_held (kind, key) in scope: sync,
--           for any user (derived keys included)
-- A derived key's parent is seen through the caller's own keys, or by every user while it
-- is open (private.child_parents: the open parents with children, never every open item;
-- access/child_parents.sql).
create or replace function private.visibility_predicate(p_table text, p_alias text, p_form text) returns text
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_prefix text := case when p_alias = '' then '' else p_alias || '.' end;
  v_terms text;
  v_admin boolean;
begin
  select t.admin_sees into v_admin from private.visibility_tables t where t.table_name = p_table;
  if v_admin is null or p_form not in ('caller', 'policy', 'keys') then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L (form %L)', p_table, p_form);
  end if;
  if exists (select from private.visibility_rules r where r.table_name = p_table and r.kind = 'everyone' and r.condition = 'true') then
    return 'true';
  end if;
  select pg_catalog.string_agg(
           case when r.kind = 'everyone' then '(' || private.visibility_condition(r.condition, p_alias) || ')'
                else '(' || coalesce(private.visibility_condition(r.condition, p_alias) || ' and ', '') ||
                     case when p_form = 'keys' and o.kind is not null
                            then pg_catalog.format('((%L, %s%I) in (select k.kind, k.key from keys_held k) or exists (select from private.child_parents cp'
                                                   ' where cp.parent_id = %s%I and cp.kind = %L and cp.child_table = %L and cp.open))',
                                                   r.kind, v_prefix, r.key_column, v_prefix, r.key_column, r.kind, p_table)
                          when p_form = 'keys' then pg_catalog.format('(%L, %s%I) in (select k.kind, k.key from keys_held k)', r.kind, v_prefix, r.key_column)
                          when r.kind = 'user' then pg_catalog.format('%s%I = (select auth.uid())', v_prefix, r.key_column)
                          when k.derived_from is not null
                            then pg_catalog.format('%s%I = any (array(select private.caller_visible_ids(%L)%s))', v_prefix, r.key_column, k.derived_from,
                                                   case when o.kind is not null
                                                        then pg_catalog.format(' union all select private.open_parent_ids(%L, %L)', p_table, r.kind) end)
                          else pg_catalog.format('%s%I = any ((select private.caller_keys(%L))::uuid[])', v_prefix, r.key_column, r.kind) end
                     || ')' end,
           ' or ' order by r.kind, r.key_column)
         -- The author of a row just written on an open parent (access/child_parents.sql):
         -- one term of its own, served by the author's index, never nested in another (an
         -- OR inside a rule's AND is no index condition: it made the read a scan).
         || coalesce(' or (' || v_prefix || 'created_by = (select auth.uid()) and ('
                     || pg_catalog.string_agg(pg_catalog.format('(%s and private.is_open_parent(%L, %s%I))',
                                                                private.visibility_condition(r.condition, p_alias), r.kind, v_prefix, r.key_column),
                                              ' or ' order by r.kind)
                          filter (where p_form = 'policy' and o.kind is not null and o.authored)
                     || '))', '')
    into v_terms
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind
    -- a derived kind whose parent is open to every user at times: its open parents count too
    left join (select distinct c.child_table, c.kind,
                      exists (select from pg_catalog.pg_attribute a
                               where a.attrelid = pg_catalog.format('public.%I', c.child_table)::regclass
                                 and a.attname = 'created_by' and a.atttypid = 'uuid'::regtype and not a.attisdropped) as authored
                 from private.child_parent_rules() c) o
      on o.child_table = r.table_name and o.kind = r.kind
   where r.table_name = p_table;
  return coalesce(v_terms, 'false')
         || case when p_form = 'caller' and v_admin then ' or (select private.is_admin())' else '' end;
end
$$;
comment on function private.visibility_predicate(text, text, text) is
  'SQL text of "row p_alias of p_table is visible" from private.visibility_rules: form caller (for auth.uid(), admins included where they see the table: caller_sees), policy (for auth.uid() through his keys, no admin term: the SELECT policy of authenticated) or keys (for whoever holds the keys of a relation keys_held (kind, key) in scope: sync, for any user). INVALID_TABLE (22023) for a table without rules.';

-- The columns that decide a row's keys: key columns and those the conditions name.
create or replace function private.visibility_columns(p_table text) returns text[]
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  select array(
    select distinct c
      from private.visibility_rules r
     cross join lateral (select r.key_column
                         union all
                         select m[1] from pg_catalog.regexp_matches(coalesce(r.condition, ''), '\mit\.(\w+)', 'g') m) x (c)
     where r.table_name = p_table and c is not null
     order by c)
$$;
comment on function private.visibility_columns(text) is
  'The columns of p_table that decide its rows'' scope keys (key columns and the columns the conditions read): an UPDATE that changes none of them leaves the row''s visibility as it was. Empty for a table without rules.';

-- ---------------------------------------------------------------------------------------
-- Declaring a table: its rules, its SELECT policy, and the generated row_scope
-- ---------------------------------------------------------------------------------------

-- private.row_scope(table, row jsonb) is generated: one static query per table (cached
-- plans: the outbox triggers call it for every changed row), written from the rules.
create or replace function private.generate_row_scope() returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_branches text[];
begin
  select pg_catalog.array_agg(array[t.table_name, pg_catalog.format(
           E'return query select v.kind, v.key from pg_catalog.jsonb_populate_record(null::public.%I, p_row) it\n'
           || E'           cross join lateral (values %s) v (kind, key) where v.key is not null;',
           t.table_name,
           (select pg_catalog.string_agg(
                     case when r.kind = 'everyone'
                          then pg_catalog.format('(''everyone''::text, case when %s then private.everyone_key() end)', r.condition)
                          when r.condition is null then pg_catalog.format('(%L::text, it.%I)', r.kind, r.key_column)
                          else pg_catalog.format('(%L::text, case when %s then it.%I end)', r.kind, r.condition, r.key_column) end,
                     ', ' order by r.kind, r.key_column)
              from private.visibility_rules r where r.table_name = t.table_name))]
         order by t.table_name)
    into v_branches
    from private.visibility_tables t
   where exists (select from private.visibility_rules r where r.table_name = t.table_name);

  perform private.create_table_dispatch(
    'private.row_scope', 'p_table text, p_row jsonb', 'table (kind text, key uuid)', 'stable', 'p_table', v_branches,
    'no visibility rules for %L',
    'The scope keys (kind, key) of a row of p_table given as jsonb (to_jsonb(row)), derived kinds as they are (a note: (task, its parent id)). Generated from private.visibility_rules by private.generate_row_scope. INVALID_TABLE (22023) for a table without rules.',
    p_grantees => array['service_role']);
end
$$;
comment on function private.generate_row_scope() is
  '(Re)creates private.row_scope from private.visibility_rules: a branch per table with one static query. Run by private.apply_manifest.';

-- The same keys as SQL text over a row expression (p_row: "(r.it)", an alias), for the
-- statements that work out a whole statement's rows at once (the outbox capture): the base
-- keys of the row, each derived key replaced by the keys of the parent row it names, live
-- or deleted earlier in this transaction (as private.row_keys does it one row at a time).
-- The text names no function: it runs inside the query, for every row, with no call.
create or replace function private.row_keys_sql(p_table text, p_row text, p_depth integer default 0) returns text
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_base text;
  v_derived text;
  v_parent text := 'p' || (p_depth + 1);
begin
  if p_depth > 3 then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_MANIFEST: the visibility of %s derives from itself', p_table);
  end if;
  select pg_catalog.string_agg(
           case when r.kind = 'everyone'
                  then pg_catalog.format('(''everyone''::text, case when %s then %L::uuid end)',
                                         private.visibility_condition(r.condition, p_row), private.everyone_key())
                when r.condition is null then pg_catalog.format('(%L::text, %s.%I)', r.kind, p_row, r.key_column)
                else pg_catalog.format('(%L::text, case when %s then %s.%I end)', r.kind,
                                       private.visibility_condition(r.condition, p_row), p_row, r.key_column) end,
           ', ' order by r.kind, r.key_column) filter (where k.derived_from is null),
         pg_catalog.string_agg(
           case when k.derived_from is not null then pg_catalog.format(
             'select %1$s.kind, %1$s.key from public.%2$I %1$s_row cross join lateral (%3$s) %1$s'
             ' where %1$s_row.id = %4$s.%5$I%6$s'
             ' union all select d.kind, d.key from public.sync_deletions d'
             ' where d.table_name = %2$L and d.record_id = %4$s.%5$I and d.sync_xid = pg_catalog.pg_current_xact_id()%6$s'
             ' and not exists (select from public.%2$I %1$s_live where %1$s_live.id = %4$s.%5$I)',
             v_parent, k.derived_from, private.row_keys_sql(k.derived_from, v_parent || '_row', p_depth + 1),
             p_row, r.key_column, coalesce(' and ' || private.visibility_condition(r.condition, p_row), '')) end,
           ' union all ' order by r.kind, r.key_column) filter (where k.derived_from is not null)
    into v_base, v_derived
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind
   where r.table_name = p_table;
  if v_base is null and v_derived is null then
    raise exception using errcode = '22023',
      message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
  end if;
  return concat_ws(' union all ',
                   'select v.kind, v.key from (values ' || v_base || ') v (kind, key) where v.key is not null',
                   v_derived);
end
$$;
comment on function private.row_keys_sql(text, text, integer) is
  'SQL text of a query yielding the base scope keys (kind, key) of the row expression p_row of p_table (an alias, or "(r.it)"): private.row_keys written out, derived keys resolved through the parent row (live, or deleted earlier in this transaction), for statements that ask it of every row they write. Generated from private.visibility_rules; INVALID_TABLE (22023) for a table without rules.';

-- A table's SELECT policies, from its rules (private.apply_manifest fills them from the
-- table manifest, then calls this for each table): <table>_select for app users, through
-- their keys alone; <table>_select_admin for role dispatch_admin (a member of
-- authenticated, so it has both), where admins see the table. Two roles, not two policies
-- for one role: PostgreSQL ORs the permissive policies of a role, which is the OR that
-- switched indexes off for everyone.
create or replace function private.apply_select_policy(p_table text) returns void
  language plpgsql
  set search_path = pg_catalog, pg_temp
  set client_min_messages = warning
as $$
begin
  perform private.define(pg_catalog.format('alter table public.%I enable row level security', p_table));
  perform private.define(pg_catalog.format('create policy %I on public.%I for select to authenticated using (%s)',
                                           p_table || '_select', p_table, private.visibility_predicate(p_table, '', 'policy')));
  if (select t.admin_sees from private.visibility_tables t where t.table_name = p_table) then
    perform private.define(pg_catalog.format('create policy %I on public.%I for select to dispatch_admin using ((select private.is_admin()))',
                                             p_table || '_select_admin', p_table));
  else
    perform private.define(pg_catalog.format('drop policy if exists %I on public.%I', p_table || '_select_admin', p_table));
  end if;
end
$$;
comment on function private.apply_select_policy(text) is
  '(Re)creates the SELECT policies of a table of schema public from its rules in private.visibility_rules: <table>_select for authenticated (private.visibility_predicate, policy form: no admin term, so its key columns stay index conditions) and, where admins see the table, <table>_select_admin for dispatch_admin (every row, for an admin). Run by private.apply_manifest.';

-- ---------------------------------------------------------------------------------------
-- Questions asked of the definition
-- ---------------------------------------------------------------------------------------

-- Derived keys are resolved through the parent row; a parent deleted in this very
-- transaction (the cascade of delete_children) left its keys in public.sync_deletions
-- (sync/changes.sql) just before its children went.
create or replace function private.row_keys(p_table text, p_row jsonb) returns table (kind text, key uuid)
  language plpgsql stable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_scope record;
  v_parent jsonb;
begin
  for v_scope in
    select s.kind, s.key, k.derived_from
      from private.row_scope(p_table, p_row) s
      join private.visibility_kinds k on k.kind = s.kind
  loop
    if v_scope.derived_from is null then
      kind := v_scope.kind;
      key := v_scope.key;
      return next;
      continue;
    end if;
    execute pg_catalog.format('select pg_catalog.to_jsonb(p) from public.%I p where p.id = $1', v_scope.derived_from)
      into v_parent using v_scope.key;
    if v_parent is not null then
      return query select * from private.row_keys(v_scope.derived_from, v_parent);
    else
      return query select d.kind, d.key from public.sync_deletions d
                    where d.table_name = v_scope.derived_from and d.record_id = v_scope.key
                      and d.sync_xid = pg_catalog.pg_current_xact_id();
    end if;
  end loop;
end
$$;
comment on function private.row_keys(text, jsonb) is
  'The base scope keys of a row of p_table (jsonb): private.row_scope with each derived key replaced by the keys of the parent row it names (live, or deleted earlier in this transaction).';

create or replace function private.row_audience(p_table text, p_row jsonb, out audience uuid[], out visible_to_all boolean)
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  with k as (select * from private.row_keys(p_table, p_row))
  select coalesce((select array_agg(distinct h order by h)
                     from k cross join lateral private.key_holders(k.kind, k.key) h where h is not null), '{}'),
         exists (select from k where k.kind = 'everyone')
$$;
comment on function private.row_audience(text, jsonb) is
  'Who may see a row of p_table (jsonb), admins aside: the holders of its keys, and whether every user may (an everyone key). The outbox''s audience.';

create or replace function private.user_sees(p_user uuid, p_table text, p_row jsonb) returns boolean
  language sql stable
  set search_path = pg_catalog, pg_temp
as $$
  select p_row is not null and p_user is not null
     and (exists (select from private.row_keys(p_table, p_row) r
                   where r.kind = 'everyone'
                      or (r.kind, r.key) in (select k.kind, k.key from private.user_keys(p_user, null) k))
          or ((select t.admin_sees from private.visibility_tables t where t.table_name = p_table)
              and exists (select from public.users u where u.id = p_user and u.is_admin)))
$$;
comment on function private.user_sees(uuid, text, jsonb) is
  'True when user p_user may see the row of p_table given as jsonb: the question the SELECT policy answers for auth.uid(), asked for anyone (notification recipients, user-scoped change feeds).';

-- The ids of p_table the caller sees through his own keys, for policies on children
-- (`parent_id = any (array(select private.caller_visible_ids('tasks')))`: evaluated once per
-- statement, and a condition the children's parent_id index serves, beside the policy's other
-- terms; `parent_id in (select …)` is none, and a policy of several terms then filtered every
-- child of every user: a user's read of their ten notes cost 48 ms beside 200,000 of another
-- user's, 0.7 ms without). One indexed branch per rule. The rows every user sees
-- (an everyone rule: open tasks) are left out: listing them made every open item in the
-- system part of every user's reads; the children of such a row are found through the open
-- parents that have children (private.open_parent_ids, access/child_parents.sql).
create or replace function private.caller_visible_ids(p_table text) returns setof uuid
  language plpgsql stable security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_sql text;
begin
  select pg_catalog.string_agg(
           case when k.derived_from is not null
                  then pg_catalog.format('select it.id from public.%I it where it.%I = any (array(select private.caller_visible_ids(%L)))%s',
                                         p_table, r.key_column, k.derived_from, ' and ' || r.condition)
                else pg_catalog.format('select it.id from private.user_keys($1, array[%L]) k join public.%I it on k.kind = %L and it.%I = k.key%s',
                                       r.kind, p_table, r.kind, r.key_column, ' and ' || r.condition) end,
           ' union ')
    into v_sql
    from private.visibility_rules r
    join private.visibility_kinds k on k.kind = r.kind
   where r.table_name = p_table and r.kind <> 'everyone';
  if v_sql is null then
    raise exception using errcode = '22023', message = pg_catalog.format('INVALID_TABLE: no visibility rules for %L', p_table);
  end if;
  return query execute v_sql using auth.uid();
end
$$;
comment on function private.caller_visible_ids(text) is
  'Ids of the rows of p_table the caller sees through his own keys, from private.visibility_rules (one index scan per rule; an admin reads through role dispatch_admin''s own policies); not the rows every user sees (everyone rules): their children are found through private.open_parent_ids. For the policies of children (notes, subtasks): evaluated once per statement. SECURITY DEFINER so that those policies can call it without recursing.';

create or replace function private.caller_sees(p_table text, p_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_seen boolean;
begin
  execute pg_catalog.format('select exists (select from public.%I it where it.id = $1 and (%s))',
                            p_table, private.visibility_predicate(p_table, 'it', 'caller'))
    into v_seen using p_id;
  return v_seen;
end
$$;
comment on function private.caller_sees(text, uuid) is
  'True when the caller may see row p_id of p_table: the table''s SELECT policy for one row (false for an absent row). SECURITY DEFINER so that policies and definer RPCs can ask it.';

revoke all on function private.everyone_key(), private.user_keys(uuid, text[]), private.pull_key_kinds(text[]), private.key_holders(text, uuid),
  private.keys_holders(text[], uuid[]), private.row_keys_sql(text, text, integer),
  private.caller_keys(text), private.visibility_condition(text, text), private.condition_columns(text), private.visibility_predicate(text, text, text),
  private.visibility_columns(text), private.generate_row_scope(), private.apply_select_policy(text),
  private.row_keys(text, jsonb), private.row_audience(text, jsonb), private.user_sees(uuid, text, jsonb),
  private.caller_visible_ids(text), private.caller_sees(text, uuid)
  from public, anon, authenticated, service_role;
-- Policies call these as the querying user; the merge's history asks the caller's keys as
-- the caller (private.caller_key_texts: user_keys reads only rows the caller sees).
grant execute on function private.caller_keys(text), private.caller_visible_ids(text),
  private.user_keys(uuid, text[]), private.everyone_key() to authenticated;
-- The worker and the change feeds ask them for any user.
grant execute on function private.everyone_key(), private.user_keys(uuid, text[]), private.pull_key_kinds(text[]), private.key_holders(text, uuid), private.keys_holders(text[], uuid[]),
  private.row_keys(text, jsonb), private.row_audience(text, jsonb), private.user_sees(uuid, text, jsonb),
  private.visibility_columns(text) to service_role;
