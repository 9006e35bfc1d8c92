-- Users: what every domain table shares (row stamping, length limits), and public.users.

-- Shared row stamping for every domain table: the server's clock stamps each write and
-- each real UPDATE bumps row_version (optimistic locking for sync_push). A no-op UPDATE
-- (nothing changed) is left alone, so it also writes no audit row.
create or replace function private.stamp_row() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := clock_timestamp();
  if tg_op = 'UPDATE' then
    new.row_version := old.row_version + 1;
  end if;
  return new;
end
$$;
comment on function private.stamp_row() is
  'BEFORE INSERT/UPDATE trigger function: sets updated_at from the server clock and increments row_version on UPDATE. The device clock never decides either.';

-- The WHEN condition of an UPDATE trigger that must skip no-op updates: "the stored row
-- changed". PostgreSQL refuses `old.* is distinct from new.*` in the WHEN clause of a
-- table with generated columns (they are not computed yet in a BEFORE trigger's NEW), so
-- such a table compares its stored columns one by one; a generated column only changes
-- with them. Shared by row stamping, the audit trail and the change outbox, so that all
-- three agree on what a real change is. The text reflects the columns as they are when it
-- is called: a trigger built from it is rebuilt after adding columns to such a table.
create or replace function private.row_changed_condition(p_table regclass) returns text
  language sql
  stable
  set search_path = ''
as $$
  select case when bool_or(a.attgenerated <> '')
              then pg_catalog.format('row(%s) is distinct from row(%s)',
                     pg_catalog.string_agg(pg_catalog.format('old.%I', a.attname), ', ' order by a.attnum)
                       filter (where a.attgenerated = ''),
                     pg_catalog.string_agg(pg_catalog.format('new.%I', a.attname), ', ' order by a.attnum)
                       filter (where a.attgenerated = ''))
              else 'old.* is distinct from new.*' end
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
$$;
comment on function private.row_changed_condition(regclass) is
  'The WHEN clause text "the stored row changed" for an UPDATE trigger on p_table (old.* is distinct from new.*, or the stored columns one by one on a table with generated columns). Used by enable_row_stamping, audit.enable_tracking and outbox.enable_changes.';

-- SQL text of a jsonb expression: {column: <p_value of its old value>} for each column of
-- p_table (but p_skip) whose value differs between the rows p_old and p_new, differs as the
-- columns' JSON (to_jsonb) values differ: what the outbox records of an update and the
-- field changes sync_push merges by. A statement trigger evaluates it for thousands of rows,
-- so the JSON of a whole row is never built to compare it: columns of a type whose equality
-- is JSON equality (numbers, booleans, uuids, times, jsonb, text with a deterministic
-- collation, and arrays of these) compare as they are, any other through to_jsonb; only a
-- changed column's old value is converted. p_value is a format() pattern applied to the old
-- column's expression, never NULL for a changed column (to_jsonb of NULL is NULL: write
-- coalesce(pg_catalog.to_jsonb(%s), 'null')).
create or replace function private.changed_columns_sql(p_table regclass, p_old text, p_new text, p_value text,
                                                       p_skip text[] default '{}') returns text
  language sql
  stable
  set search_path = ''
as $$
  select pg_catalog.format(
           '(select coalesce(pg_catalog.jsonb_object_agg(d.c, d.v), ''{}'') from (values %s) d (c, v) where d.v is not null)',
           pg_catalog.string_agg(pg_catalog.format('(%L, case when %s then %s end)', a.attname,
             case when case when t.typcategory = 'A' then t.typelem else t.oid end = any (array[
                         'bool', 'int2', 'int4', 'int8', 'numeric', 'float4', 'float8', 'uuid', 'date', 'timestamp',
                         'timestamptz', 'jsonb', 'text', 'varchar']::regtype[])
                       and coalesce(c.collisdeterministic, true)
                  then pg_catalog.format('%1$s.%3$I is distinct from %2$s.%3$I', p_old, p_new, a.attname)
                  else pg_catalog.format('pg_catalog.to_jsonb(%1$s.%3$I) is distinct from pg_catalog.to_jsonb(%2$s.%3$I)',
                                         p_old, p_new, a.attname) end,
             pg_catalog.format(p_value, pg_catalog.format('%s.%I', p_old, a.attname))), ', ' order by a.attnum))
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_type t on t.oid = a.atttypid
    left join pg_catalog.pg_collation c on c.oid = a.attcollation
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped and a.attname <> all (p_skip)
$$;
comment on function private.changed_columns_sql(regclass, text, text, text, text[]) is
  'SQL text of a jsonb expression {column: p_value applied to the old value} over the columns of p_table (but p_skip) whose to_jsonb values differ between rows p_old and p_new, comparing typed values where the type''s equality is JSON equality, so that only changed columns are converted. For the set-based statement triggers: outbox.capture_sql (an update''s old_record), private.generate_sync_fields (the digests of private.sync_field_changes).';

-- Trigger names start with "_" so that they fire before every other BEFORE trigger
-- (triggers fire in name order): audit snapshots then see the stamped row. Re-running it
-- replaces the triggers (after adding columns to a table with generated columns).
create or replace function private.enable_row_stamping(p_table regclass) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  execute pg_catalog.format(
    'create or replace trigger _stamp_insert before insert on %s for each row execute function private.stamp_row()',
    p_table);
  execute pg_catalog.format(
    'create or replace trigger _stamp_update before update on %s for each row '
    'when (%s) execute function private.stamp_row()',
    p_table, private.row_changed_condition(p_table));
end
$$;
comment on function private.enable_row_stamping(regclass) is
  'Attaches the _stamp_insert and _stamp_update triggers (private.stamp_row) to a table that has updated_at and row_version columns; a no-op UPDATE (no stored column changes) is not stamped. Tables with generated columns compare their other columns as they are when this runs: private.apply_manifest, the final step of every migrate that changed anything, runs it again.';

-- An UPDATE statement trigger's old and new rows, paired by id without a join. PL/pgSQL
-- plans a statement over the transition tables at its first run in a session and keeps the
-- plan, made for that run's row count: after a one-row update, a join of new_rows and
-- old_rows is a nested loop, and a later update of n rows on that connection compared n x n
-- pairs (1,000 rows: 1.5 s of triggers instead of 0.1). A sort by id costs n log n whatever
-- the plan: each id is in old_rows once and in new_rows once (a statement updates a row at
-- most once), so the row before a new row in its id's partition is its old row. Columns:
-- rid (the new row's place in the statement), it (the new row), old_it (the old row), as
-- the table's row type (a transition table's rows are anonymous records, which lose their
-- columns through lag()). audit.log_rows spells the same query out (its statement is static
-- and serves every audited table; StatementTriggerPlanTests checks that the two agree). A trigger that needs only what changed, not each row's
-- old and new values side by side, nets instead: old rows -1, new rows +1, grouped by the
-- values it reads (private.count_badges, the journal's).
create or replace function private.paired_rows_sql(p_table regclass) returns text
  language sql
  stable
  set search_path = ''
as $$
  select pg_catalog.format(
    'select c.rid, c.it, pg_catalog.lag(c.it) over (partition by (c.it).id order by c.rid nulls first) as old_it
            from (select null::bigint as rid, o::%1$s as it from old_rows o
                  union all
                  select pg_catalog.row_number() over (), n::%1$s from new_rows n) c', p_table)
$$;
comment on function private.paired_rows_sql(regclass) is
  'SQL text of a query over the transition tables (new_rows, old_rows) of an UPDATE statement trigger on p_table pairing each new row with its old row by id through a sort, never a join (a plan kept from a one-row run would make a join quadratic): columns rid (bigint, the new row''s place in the statement), it (new row), old_it (old row); filter on rid is not null for the pairs. For outbox.capture_sql and private.generate_sync_fields.';

-- Helpers of migrations only: executable by their owner (the migrating role), nobody else.
revoke all on function private.stamp_row(), private.row_changed_condition(regclass),
  private.changed_columns_sql(regclass, text, text, text, text[]), private.paired_rows_sql(regclass),
  private.enable_row_stamping(regclass) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Length limits
-- ---------------------------------------------------------------------------------------
-- Every text column an app may write has a limit (the README lists them), so that no
-- client stores a 100 MB note that every other client then pulls. A limit is a CHECK
-- constraint <table>_<column>_length that compares char_length with the limit and, only
-- when it is exceeded, calls private.too_long, which raises the coded error: the common
-- case costs no function call, and the refusal is the same whatever path the write took
-- (an API layer, sync_push, psql).

create or replace function private.too_long(p_table text, p_column text, p_max integer, p_length integer) returns boolean
  language plpgsql
  immutable
  strict
  set search_path = ''
as $$
begin
  if p_length <= p_max then
    return true;
  end if;
  raise exception using errcode = '22001',
    message = pg_catalog.format('TOO_LONG: %s.%s holds at most %s characters, not %s', p_table, p_column, p_max, p_length),
    detail = pg_catalog.jsonb_build_object('table', p_table, 'column', p_column, 'max_length', p_max, 'length', p_length)::text;
end
$$;
comment on function private.too_long(text, text, integer, integer) is
  'The failing half of a length-limit CHECK constraint: true when p_length <= p_max, otherwise raises TOO_LONG (22001; detail is JSON {table, column, max_length, length}). Executable by the roles that write the tables (a CHECK runs as the writer).';
revoke all on function private.too_long(text, text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function private.too_long(text, text, integer, integer) to authenticated, service_role;

create or replace function private.limit_lengths(p_table regclass, p_limits jsonb) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_table text := (select c.relname from pg_catalog.pg_class c where c.oid = p_table);
  v_constraint record;
  v_limit text[];
  v_column text;
  v_max integer;
begin
  -- Limits that are gone or changed: dropped. One that holds is kept (adding it again would
  -- read the whole table to validate it).
  for v_constraint in
    select c.conname, pg_catalog.pg_get_constraintdef(c.oid) as def
      from pg_catalog.pg_constraint c
     where c.conrelid = p_table and c.contype = 'c' and c.conname like v_table || '\_%\_length'
       and pg_catalog.pg_get_constraintdef(c.oid) like '%private.too_long(%'
  loop
    v_limit := pg_catalog.regexp_match(v_constraint.def, 'char_length\(("?\w+"?)\) <= (\d+)');
    if v_limit is null or v_constraint.conname is distinct from v_table || '_' || pg_catalog.btrim(v_limit[1], '"') || '_length'
       or (p_limits ->> pg_catalog.btrim(v_limit[1], '"'))::integer is distinct from v_limit[2]::integer then
      execute pg_catalog.format('alter table %s drop constraint %I', p_table, v_constraint.conname);
    end if;
  end loop;
  for v_column, v_max in select l.key, l.value::integer from pg_catalog.jsonb_each_text(p_limits) l order by l.key loop
    if not exists (select from pg_catalog.pg_constraint c where c.conrelid = p_table and c.conname = v_table || '_' || v_column || '_length') then
      execute pg_catalog.format(
        'alter table %s add constraint %I check (pg_catalog.char_length(%I) <= %s or private.too_long(%L, %L, %s, pg_catalog.char_length(%I)))',
        p_table, v_table || '_' || v_column || '_length', v_column, v_max, v_table, v_column, v_max, v_column);
    end if;
  end loop;
end
$$;
comment on function private.limit_lengths(regclass, jsonb) is
  'Gives each column of p_limits ({"column": max characters, ...}) its length limit, a CHECK constraint <table>_<column>_length that raises TOO_LONG (private.too_long) when a value is longer, and drops the limits of columns no longer listed or listed with another maximum (then added again). Idempotent: run by private.apply_manifest from the table manifest.';
revoke all on function private.limit_lengths(regclass, jsonb) from public, anon, authenticated, service_role;

-- is_admin() is SECURITY DEFINER so that policies can ask it without recursing into
-- the users policies.
create or replace function private.is_admin() returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select u.is_admin from public.users u where u.id = auth.uid()), false)
$$;
comment on function private.is_admin() is
  'True when the caller (auth.uid()) is an admin. Used by row-level security policies (as `(select private.is_admin())`, once per statement).';
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.is_admin() to authenticated;

-- Who the caller acts as, past any SECURITY DEFINER switch: inside a definer function
-- current_user is the function's owner, but the setting `role` still holds the role the
-- session took with SET ROLE (an API layer's `set local role authenticated`), and a definer
-- function can change neither it nor session_user. request.jwt.claims can be set by any
-- session, so a user id from it proves nothing unless the session also acts as
-- authenticated: service_role, a login in it (the worker, an exporter) or anon may set a
-- user's claims, but not take that role without being granted it.
create or replace function private.caller_acts_as_authenticated() returns boolean
  language sql stable
  set search_path = ''
as $$
  select case pg_catalog.current_setting('role')
           when 'none' then session_user in ('authenticated', 'dispatch_admin')
           else pg_catalog.current_setting('role') in ('authenticated', 'dispatch_admin') end
$$;
comment on function private.caller_acts_as_authenticated() is
  'True when the session acts as role authenticated or dispatch_admin (an admin''s requests, a member of authenticated: SET ROLE, or signed in as it), whatever SECURITY DEFINER function asks: the guard of the definer paths to what is private to its owner (journals), which must not trust request.jwt.claims set by service_role or any other role.';
revoke all on function private.caller_acts_as_authenticated() from public, anon, authenticated, service_role;

-- A signed-in user (a sub in the claims) need not have a profile yet: the app creates it
-- after sign-up. What such a caller writes would reference public.users and fail with a raw
-- foreign-key error; the RPCs ask this first. SECURITY DEFINER: whoever may read profiles,
-- the caller's own is there or not.
create or replace function private.assert_profile(p_user uuid) returns void
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  if not exists (select from public.users u where u.id = p_user) then
    raise exception using errcode = 'P0002',
      message = 'NOT_FOUND: the caller has no profile in public.users',
      hint = 'Create the profile (insert into users) first.';
  end if;
end
$$;
comment on function private.assert_profile(uuid) is
  'Raises NOT_FOUND (P0002) when p_user has no row in public.users: for the RPCs a signed-in user may call before creating a profile (claims, journals, preferences, push devices), which would otherwise fail on a foreign key without a code.';
revoke all on function private.assert_profile(uuid) from public, anon, authenticated, service_role;
grant execute on function private.assert_profile(uuid) to authenticated;

-- auth.uid() and is_admin() in (select ...): evaluated once per statement (an InitPlan),
-- not once per row. Who reads profiles (everybody) is part of the visibility definition
-- (10_visibility.sql), which creates users_select.
drop policy if exists users_insert on public.users;
create policy users_insert on public.users for insert to authenticated
  with check (id = (select auth.uid()) and not is_admin);
drop policy if exists users_update on public.users;
create policy users_update on public.users for update to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));
drop policy if exists users_delete on public.users;
create policy users_delete on public.users for delete to authenticated
  using ((select private.is_admin()));

-- Names and avatars of every user, for everyone signed in ("claimed by", a note's author).
-- The table itself is its owner's and admins' (email, is_admin: the users rule in the table
-- manifest). The view reads it with its owner's rights, past the table's row-level
-- security, and shows only these columns; `where id = …` stays an index probe of the
-- primary key (the view is inlined), so a lookup costs the same whatever the number of users.
create or replace view public.profiles as
  select u.id, u.name, u.avatar_url, u.profile_photo from public.users u;
comment on view public.profiles is
  'Public profile of every user: id, name, avatar_url, profile_photo. Readable by every signed-in user, unlike public.users (email, is_admin: the user and admins only). Runs with its owner''s rights (not security_invoker) on purpose: it is the one path to other users'' names.';
revoke all on public.profiles from public, anon, authenticated, service_role;
grant select on public.profiles to authenticated, service_role;
