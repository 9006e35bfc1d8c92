-- ThreadJournal: renaming a thread, the lists with what is in the trash, and the name and
-- media type of a thread's export (a share sheet needs both beside the bytes).
-- Invoker functions like the other journal RPCs (journal/api.sql): row-level security
-- is the authorisation, the tables' triggers the rules of the rows.

create or replace function public.journal_rename_thread(p_thread_id uuid, p_title text) returns jsonb
  language plpgsql
  volatile
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_thread public.journal_threads;
begin
  perform private.journal_live_thread(p_thread_id);
  if p_title is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_title is required';
  end if;
  update public.journal_threads t set title = p_title
   where t.id = p_thread_id
  returning t.* into v_thread;
  return to_jsonb(v_thread) - 'sync_xid';
end
$$;
comment on function public.journal_rename_thread(uuid, text) is
  'Renames a live thread of the caller and returns it (trimmed title; a new row_version only when the title really changed, so every device syncs the new name). Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002: absent, deleted or another user''s), INVALID_TITLE (22023: not 1 to 200 characters after trimming). Nothing is changed on error.';

-- The trash: a deleted thread's entries are listed (with the deleted ones) for as long as
-- the thread can be restored.
create or replace function private.journal_listed_thread(p_thread_id uuid, p_include_deleted boolean) returns void
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  if p_include_deleted is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_include_deleted is required';
  end if;
  if not p_include_deleted then
    perform private.journal_live_thread(p_thread_id);
    return;
  end if;
  perform private.journal_caller();
  if p_thread_id is null then
    raise exception using errcode = '22004', message = 'NULL_ARGUMENT: p_thread_id is required';
  end if;
  if not exists (select from public.journal_threads t where t.id = p_thread_id) then
    raise exception using errcode = 'P0002', message = 'NOT_FOUND: no such journal thread',
      detail = json_build_object('thread_id', p_thread_id)::text;
  end if;
end
$$;
comment on function private.journal_listed_thread(uuid, boolean) is
  'Raises unless the caller may list p_thread_id''s entries: a live thread of theirs (private.journal_live_thread), or with p_include_deleted (the trash) also a deleted one not yet purged. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002).';

-- A file name every file system a share sheet saves to accepts: the title without the
-- characters Windows, macOS or a shell treat specially (/ \ : * ? " < > | and control
-- characters become "_", whitespace runs one space), no leading or trailing dot or space
-- (hidden or refused files), at most 100 characters and 251 bytes of UTF-8 (with ".csv",
-- at most the 255 bytes of ext4, APFS and NTFS: 100 four-byte characters would be 404), then
-- ".csv"; "Thread.csv" when nothing is left. A name Windows keeps for a device (CON, PRN,
-- AUX, NUL, COM1-9, LPT1-9, in any case, alone or before a dot: "nul.txt.csv" opens the
-- device) gets a leading "_". The media type says UTF-8 and that the first line is a
-- header (RFC 4180, 7111).
create or replace function private.journal_file_stem(p_title text) returns text
  language plpgsql
  immutable
  set search_path = pg_catalog, pg_temp
as $$
declare
  v_stem text := pg_catalog.left(pg_catalog.btrim(
                   pg_catalog.regexp_replace(pg_catalog.regexp_replace(p_title, '[/\\:*?"<>|[:cntrl:]]', '_', 'g'),
                                             '[[:space:]]+', ' ', 'g'), ' .'), 100);
begin
  while pg_catalog.octet_length(v_stem) > 251 loop
    v_stem := pg_catalog.left(v_stem, -1);
  end loop;
  v_stem := coalesce(nullif(pg_catalog.btrim(v_stem, ' .'), ''), 'Thread');
  if pg_catalog.rtrim(pg_catalog.split_part(v_stem, '.', 1), ' ') ~* '^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$' then
    v_stem := '_' || v_stem;
  end if;
  return v_stem;
end
$$;
comment on function private.journal_file_stem(text) is
  'The file name of a journal thread''s export without ".csv", from its title: safe on Windows, macOS and Linux (no reserved character, no control character, no leading or trailing dot or space, no Windows device name such as CON or NUL.txt: those get a leading "_"), at most 100 characters and 251 bytes of UTF-8; "Thread" when nothing is left.';
revoke all on function private.journal_file_stem(text) from public, anon, authenticated, service_role;
grant execute on function private.journal_file_stem(text) to authenticated;

create or replace function public.journal_export_file(p_thread_id uuid)
  returns table (file_name text, media_type text)
  language plpgsql
  stable
  set search_path = pg_catalog, pg_temp
as $$
begin
  perform private.journal_live_thread(p_thread_id);
  return query
    select private.journal_file_stem(t.title) || '.csv', 'text/csv; charset=utf-8; header=present'
      from public.journal_threads t where t.id = p_thread_id;
end
$$;
comment on function public.journal_export_file(uuid) is
  'The file name (from the thread''s title, safe on every file system, at most 255 bytes, ending in .csv: private.journal_file_stem) and the media type (text/csv; charset=utf-8; header=present) of the export of a live thread of the caller, for the share sheet beside the bytes of journal_export_csv / journal_csv_lines. Errors: NOT_AUTHENTICATED (42501), NULL_ARGUMENT (22004), NOT_FOUND (P0002).';

revoke all on function public.journal_rename_thread(uuid, text), private.journal_listed_thread(uuid, boolean),
  public.journal_export_file(uuid) from public, anon, authenticated, service_role;
-- The journal is its owner's: these serve users only (the list helper runs as the caller).
grant execute on function public.journal_rename_thread(uuid, text), private.journal_listed_thread(uuid, boolean),
  public.journal_export_file(uuid) to authenticated;
