import Foundation
import Postgres
import TestSupport
import Testing

/// What the table manifest generates, shown on a manifest of two tables: a change to a
/// generator shows its effect here as a short diff of SQL a person can read, instead of in
/// the dozens of functions of sql/schema.generated.sql. The golden files are in
/// Tests/MigrationsTests/Golden; after a deliberate change, copy the file the failure names
/// over the golden one and review the diff.
@Suite struct ManifestGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// watchlists (its owner, and the users it is shared with) and one child, watchlist_rules
    /// (whoever sees its watchlist), both synced and tombstoned; everything else off.
    static let tinyManifest = """
        truncate private.table_manifest restart identity;
        select private.manifest('watchlists',
          visible_to => '[{"kind": "user", "column": "owner_id"}, {"kind": "watchlist", "column": "id"}]',
          tombstoned => true, synced => true);
        select private.manifest('watchlist_rules',
          visible_to => '[{"kind": "watchlist", "column": "watchlist_id"}]',
          lengths => '{"rule_type": 100}', tombstoned => true, synced => true, outbox => true);
        select private.apply_manifest();
        """

    /// The generated text for watchlist_rules, section by section.
    static let emitted = """
        select string_agg(s.title || E'\\n' || s.body, E'\\n\\n' order by s.n)
          from (
            select 1 as n, '-- policy watchlist_rules_select' as title,
                   pg_get_expr(p.polqual, p.polrelid) as body
              from pg_policy p where p.polrelid = 'public.watchlist_rules'::regclass and p.polname = 'watchlist_rules_select'
            union all
            select 2, '-- triggers of watchlist_rules',
                   string_agg(pg_get_triggerdef(t.oid), E'\\n' order by t.tgname)
              from pg_trigger t where t.tgrelid = 'public.watchlist_rules'::regclass and not t.tgisinternal
            union all
            select 3, '-- length limits of watchlist_rules',
                   string_agg(c.conname || ': ' || pg_get_constraintdef(c.oid), E'\\n' order by c.conname)
              from pg_constraint c where c.conrelid = 'public.watchlist_rules'::regclass and c.conname like '%\\_length'
            union all
            select 4, '-- private.row_scope', pg_get_functiondef('private.row_scope(text, jsonb)'::regprocedure)
            union all
            select 5, '-- private.sync_items_sql(''watchlist_rules'', ''changes'')', private.sync_items_sql('watchlist_rules', 'changes')
            union all
            select 6, '-- private.sync_page_sql(''watchlist_rules'')', private.sync_page_sql('watchlist_rules')
          ) s
        """

    /// The final step refuses a manifest it cannot apply, and a notification registry out of
    /// step with its CHECK, with coded errors; each in a transaction that is rolled back.
    @Test(arguments: [
        ("select private.manifest('no_such_table', visible_to => '[{\"kind\": \"user\", \"column\": \"id\"}]')",
         "22023", "INVALID_MANIFEST: no_such_table: no such table in schema public"),
        ("select private.manifest('bird', visible_to => '[{\"kind\": \"user\", \"column\": \"name\"}]')",
         "22023", "INVALID_MANIFEST: bird:"),
        ("select private.manifest('bird', visible_to => '[{\"kind\": \"nobody\", \"column\": \"id\"}]')",
         "22023", "INVALID_MANIFEST: bird:"),
        // Children of rows every user sees must hold the everyone key themselves.
        ("update private.table_manifest set visible_to = '[{\"kind\": \"task\", \"column\": \"parent_id\"}]' where table_name = 'subtasks'",
         "22023", "INVALID_MANIFEST: subtasks: its parent tasks has an everyone rule and it has none"),
        ("insert into public.notification_types (type, badge_group, user_can_disable, push_category) values ('made_up', 'bell_only', false, 'MADE_UP')",
         "23514", "REGISTRY_DRIFT"),
    ])
    func theFinalStepRefusesWhatItCannotApply(_ statement: String, _ state: String, _ message: String) async throws {
        let database = try await TestDatabase.create()
        let connection = try await database.connect()
        try await connection.runScript("begin")
        if !statement.contains("notification_types") { try await connection.runScript("delete from private.table_manifest where table_name = 'bird'") }
        try await connection.runScript(statement)
        do {
            try await connection.runScript("select private.apply_manifest()")
            Issue.record("applied: \(statement)")
        } catch let error as PostgresError {
            #expect(error.sqlState?.rawValue == state, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
        try await connection.runScript("rollback")
        await connection.close()
    }

    @Test func aTinyManifestGeneratesWhatTheGoldenFileShows() async throws {
        let (database, connection) = try await TestDatabase.createWithAdmin()
        try await connection.runScript("begin")
        try await connection.runScript(Self.tinyManifest)
        let actual = try await connection.query(PostgresQuery(sql: Self.emitted)).scalar(String.self) + "\n"
        // A feature switched off loses what it generated: watchlists are no longer recorded
        // in the outbox, and a table left out of the manifest keeps no sync statements.
        #expect(try await connection.query("""
            select count(*)::int from pg_trigger where tgrelid = 'public.watchlists'::regclass and tgname like 'outbox\\_%'
            """).scalar(Int.self) == 0)
        #expect(try await connection.query("""
            select count(*)::int from pg_proc where pronamespace = 'private'::regnamespace
               and (proname like 'sync\\_page\\_tasks' or proname like 'sync\\_items\\_tasks\\_%' or proname = 'sync_push_update_tasks')
            """).scalar(Int.self) == 0)
        try await connection.runScript("rollback")
        await connection.close()

        let file = Self.golden.appendingPathComponent("watchlist_rules.sql").path
        let expected = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        guard actual != expected else { return }
        let written = NSTemporaryDirectory() + "golden-watchlist_rules-\(database.name).sql"
        try actual.write(toFile: written, atomically: true, encoding: .utf8)
        Issue.record("""
            the generated SQL differs from \(file).
            Review: diff -u \(file) \(written)
            Accept: cp \(written) \(file)
            """)
    }
}
