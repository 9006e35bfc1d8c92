import Foundation
import Postgres
import TestSupport
import Testing

/// The lints of sql/checks/lints.sql (Supabase's linter's security and performance checks,
/// written for this schema): none may fire on a migrated database, plain or Supabase-like.
@Suite struct LintTests {
    @Test(arguments: DatabaseFlavor.allCases)
    func aMigratedDatabaseHasNoFindings(_ flavor: DatabaseFlavor) async throws {
        let db = try await TestDatabase.create(flavor: flavor)
        let connection = try await db.connect()
        let findings = try await SQLChecks.run("lints", on: connection)
        #expect(findings.isEmpty, "\(findings.map { $0.joined(separator: " | ") }.joined(separator: "\n"))")

        // The SECURITY DEFINER functions app users may call are exactly the documented RPCs
        // (each comment says why; lint definer_without_reason).
        let definers = try await connection.query("""
            select p.proname::text from pg_proc p
             where p.pronamespace = 'public'::regnamespace and p.prosecdef
               and has_function_privilege('authenticated', p.oid, 'EXECUTE')
             order by 1
            """).map { try $0.decode(0, as: String.self) }
        #expect(definers == ["accept_watchlist_share", "claim_work_item", "decline_watchlist_share", "get_badge_counts", "get_claim_history",
                             "get_claim_holder", "get_recently_deleted", "register_push_device", "release_work_item", "restore_entity", "sync_poll", "sync_pull",
                             "watchlist_invitations"])
        // The lints read the schemas of lints.sql's `ours`: every foreign key and every table
        // the migrations create is in one of them (auth.users, created where the platform has
        // none, aside: it references nothing), or unindexed_foreign_key, redundant_index and
        // the rest would skip it.
        if flavor == .plain {
            let elsewhere = try await connection.query("""
                select format('%s %s', c.oid::regclass, c.relkind) from pg_class c
                 where c.relkind in ('r', 'p') and c.relnamespace::regnamespace::text not in
                       ('public', 'private', 'audit', 'outbox', 'migrations', 'pg_catalog', 'information_schema')
                   and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
                union all
                select format('%s %s', k.conrelid::regclass, k.conname) from pg_constraint k
                 where k.contype = 'f' and k.connamespace::regnamespace::text not in ('public', 'private', 'audit', 'outbox', 'migrations')
                 order by 1
                """).map { try $0.decode(0, as: String.self) }
            #expect(elsewhere == ["auth.users r"], "\(elsewhere)")
        }
        // PostGIS is in schema extensions, where the migrations put it (or Supabase did).
        #expect(try await connection.query(
            "select extnamespace::regnamespace::text from pg_extension where extname = 'postgis'").scalar(String.self) == "extensions")
        await connection.close()
    }

    /// Each lint fires on what it looks for (built here, rolled back), so a clean run means
    /// something.
    @Test func eachLintFindsWhatItLooksFor() async throws {
        let db = try await TestDatabase.create()
        let connection = try await db.connect()
        try await connection.query("begin")
        try await connection.runScript("""
            create table public.lint_bait (id int primary key, note text);
            grant insert (id, note) on public.lint_bait to authenticated;
            create function public.lint_definer() returns int language sql security definer as $$ select 1 $$;
            create policy lint_per_row on public.notes for select to authenticated using (created_by = auth.uid());
            grant create on schema public to authenticated;
            create function private.lint_path() returns int language sql set search_path = public as $$ select 1 $$;
            create extension if not exists pg_trgm schema public;
            create table private.lint_child (id int primary key, parent uuid references public.tasks (id));
            create index lint_bait_note_idx on public.lint_bait (note desc);
            create index lint_bait_note_id_idx on public.lint_bait (note, id desc);
            create index lint_bait_twin_idx on public.lint_bait (note, id desc);
            -- not redundant: unique (the primary key), another predicate, directions of their own
            create index lint_bait_id_note_idx on public.lint_bait (id, note);
            create index lint_bait_some_idx on public.lint_bait (note) where id > 0;
            create index lint_bait_mixed_idx on public.lint_bait (note, id);
            create function private.lint_touch() returns trigger language plpgsql set search_path = pg_catalog, pg_temp as $$ begin return new; end $$;
            create function private.lint_temp_first() returns int language sql set search_path = '' as $$ select 1 $$;
            create function private.lint_temp_early() returns int language sql set search_path = pg_temp, pg_catalog as $$ select 1 $$;
            -- a standard body binds its names when created: no search_path to set
            create function private.lint_bound() returns int language sql return 1;
            create trigger lint_update_of before update of note on public.lint_bait for each row execute function private.lint_touch();
            create trigger lint_update_when before update of note on public.lint_bait for each row
              when (old.note is distinct from new.note) execute function private.lint_touch();
            """)
        let lints = Set(try await SQLChecks.run("lints", on: connection).map { $0[0] + " " + $0[1] })
        let redundant = Set(try await SQLChecks.run("lints", on: connection).filter { $0[0] == "redundant_index" }.map { $0[1] + " " + $0[2] })
        try await connection.query("rollback")
        // Each pair reported, the shorter (or, of twins, the later name) as redundant.
        #expect(redundant == [
            "public.lint_bait_note_idx a leading prefix of lint_bait_mixed_idx",
            "public.lint_bait_note_idx a leading prefix of lint_bait_note_id_idx",
            "public.lint_bait_note_idx a leading prefix of lint_bait_twin_idx",
            "public.lint_bait_twin_idx a leading prefix of lint_bait_note_id_idx",
        ], "\(redundant.sorted())")
        #expect(!lints.contains("update_trigger_without_when public.lint_bait lint_update_when"))
        #expect(!lints.contains("search_path_temp_first private.lint_touch()"))
        #expect(!lints.contains("search_path_mutable private.lint_bound()"))
        #expect(lints.isSuperset(of: [
            "rls_disabled public.lint_bait",
            "unlimited_text public.lint_bait.note",
            "definer_executable_by_anon public.lint_definer()",
            "definer_without_reason public.lint_definer()",
            "search_path_mutable public.lint_definer()",
            "search_path_writable private.lint_path()",
            "search_path_temp_first private.lint_path()",
            "search_path_temp_first private.lint_temp_first()",
            "search_path_temp_first private.lint_temp_early()",
            "rls_initplan public.notes lint_per_row",
            "multiple_permissive_policies public.notes",
            "extension_in_public pg_trgm",
            "unindexed_foreign_key private.lint_child lint_child_parent_fkey",
            "update_trigger_without_when public.lint_bait lint_update_of",
        ]), "\(lints.sorted())")
        #expect(try await SQLChecks.run("lints", on: connection).isEmpty)
        await connection.close()
    }
}
