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
        #expect(definers == ["claim_work_item", "get_badge_counts", "get_recently_deleted", "register_push_device", "release_work_item", "restore_entity", "sync_poll", "sync_pull"])
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
            """)
        let lints = Set(try await SQLChecks.run("lints", on: connection).map { $0[0] + " " + $0[1] })
        try await connection.query("rollback")
        #expect(lints.isSuperset(of: [
            "rls_disabled public.lint_bait",
            "unlimited_text public.lint_bait.note",
            "definer_executable_by_anon public.lint_definer()",
            "definer_without_reason public.lint_definer()",
            "search_path_mutable public.lint_definer()",
            "search_path_writable private.lint_path()",
            "rls_initplan public.notes lint_per_row",
            "multiple_permissive_policies public.notes",
            "extension_in_public pg_trgm",
            "unindexed_foreign_key private.lint_child lint_child_parent_fkey",
        ]), "\(lints.sorted())")
        #expect(try await SQLChecks.run("lints", on: connection).isEmpty)
        await connection.close()
    }
}
