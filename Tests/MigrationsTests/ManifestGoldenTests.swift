import Foundation
import Postgres
import TestSupport
import Testing

/// What the table manifest generates, shown on a manifest of two tables, one golden file per
/// generator: a change to a generator shows its effect here as a short diff of SQL a person
/// can read, instead of in the dozens of functions of sql/schema.generated.sql. The files are
/// what `scripts/schema.sh dump URL generated` prints (as sql/schema.generated.sql is made) for
/// a database whose manifest is these two tables, split by generator (`Golden.group`), and
/// what the final step writes inside the tables' own definitions, read from the catalog
/// (`settings`). A generator that makes something new gets a file of its own: until it is
/// written the test fails, so every generator has its golden. The golden files are in
/// Tests/MigrationsTests/Golden; after a deliberate change, copy the files the failure names
/// over the golden ones and review the diff.
@Suite struct ManifestGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let root = golden.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// watchlists (its owner, and the users it is shared with; audited; written by its owner
    /// and admins) and one child, watchlist_rules (whoever sees its watchlist; a length limit,
    /// recorded in the outbox, published to Realtime; inserted by its list's writers, changed
    /// and deleted by whoever may change the list), both synced and tombstoned; everything
    /// else off.
    static let tinyManifest = """
        truncate private.table_manifest restart identity;
        select private.manifest('watchlists',
          visible_to => '[{"kind": "user", "column": "owner_id"}, {"kind": "watchlist", "column": "id"}]',
          tombstoned => true, synced => true, audited_as => 'watchlist', audit_owner => 'owner_id',
          insert_by => '[{"kind": "user", "column": "owner_id"}, {"kind": "admin"}]',
          update_by => '[{"kind": "user", "column": "owner_id"}, {"kind": "admin"}]',
          delete_by => '[{"kind": "user", "column": "owner_id"}]');
        select private.manifest('watchlist_rules',
          visible_to => '[{"kind": "watchlist", "column": "watchlist_id"}]',
          lengths => '{"rule_type": 100}', tombstoned => true, synced => true, outbox => true, realtime => 'default',
          parent => '{"column": "watchlist_id", "table": "watchlists"}',
          insert_by => '[{"kind": "watchlist_writer", "column": "watchlist_id", "condition": "it.is_active"}]',
          update_by => '[{"parent": "writable"}]', delete_by => '[{"parent": "writable"}]');
        select private.apply_manifest();
        """
    static let tables = ["watchlists", "watchlist_rules"]

    /// What the final step writes into the tables' own definitions (in sql/schema.sql, beside
    /// the columns they were written by hand with), section by section.
    static let settings = """
        select string_agg(s.title || E'\\n' || coalesce(s.body, '(none)'), E'\\n\\n' order by s.n)
          from (
            select 1 as n, '-- sync_xid columns' as title,
                   string_agg(pg_catalog.format('%s.%s %s default %s', c.relname, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod),
                                                pg_catalog.pg_get_expr(d.adbin, d.adrelid)), E'\\n' order by c.relname) as body
              from pg_attribute a join pg_class c on c.oid = a.attrelid
              left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where c.relnamespace = 'public'::regnamespace and c.relname in ('watchlists', 'watchlist_rules') and a.attname = 'sync_xid'
            union all
            select 2, '-- length limits',
                   string_agg(c.conname || ': ' || pg_get_constraintdef(c.oid), E'\\n' order by c.conname)
              from pg_constraint c
             where c.conrelid in ('public.watchlists'::regclass, 'public.watchlist_rules'::regclass) and c.conname like '%\\_length'
            union all
            select 3, '-- column options (the planner''s estimate of the rows per key)',
                   string_agg(pg_catalog.format('%s.%s: %s', c.relname, a.attname, o.option), E'\\n' order by c.relname, a.attname)
              from pg_attribute a join pg_class c on c.oid = a.attrelid cross join unnest(a.attoptions) o (option)
             where c.oid in ('public.watchlists'::regclass, 'public.watchlist_rules'::regclass) and o.option like 'n\\_distinct=%'
            union all
            select 4, '-- publication supabase_realtime (replica identity)',
                   string_agg(pg_catalog.format('%s (%s)', t.tablename, c.relreplident), E'\\n' order by t.tablename)
              from pg_publication_tables t join pg_class c on c.relname = t.tablename and c.relnamespace = 'public'::regnamespace
             where t.pubname = 'supabase_realtime'
          ) s
        """

    /// The outbox capture's bulk statements: the text outbox.capture_changes runs with
    /// EXECUTE for a statement of several rows.
    static let captureStatements = """
        select string_agg(pg_catalog.format(E'-- %s %s\\n%s', s.table_name, s.op, s.statement), E'\\n\\n' order by s.table_name, s.op)
          from outbox.capture_statements s
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
        // A derived kind's parent is seen through keys of its own, never through another parent.
        ("update private.table_manifest set visible_to = '[{\"kind\": \"task\", \"column\": \"listing_id\"}]' where table_name = 'activities'",
         "22023", "INVALID_MANIFEST: notes: its parent activities is itself seen through a parent"),
        ("insert into public.notification_types (type, badge_group, user_can_disable, push_category) values ('made_up', 'bell_only', false, 'MADE_UP')",
         "23514", "REGISTRY_DRIFT"),
        // Write rules in the vocabulary of the read rules, and parents that exist.
        ("update private.table_manifest set insert_by = '[{\"kind\": \"task\", \"column\": \"parent_id\"}]' where table_name = 'subtasks'",
         "22023", "INVALID_MANIFEST: subtasks: insert_by:"),
        ("update private.table_manifest set update_by = '[{\"kind\": \"admin\", \"column\": \"id\"}]' where table_name = 'tasks'",
         "22023", "INVALID_MANIFEST: tasks: update_by:"),
        // (the problems in the order of their tables and words: the notes' delete rule, whoever
        // may change the parent, comes first)
        ("update private.table_manifest set update_by = '[]' where table_name = 'tasks'",
         "22023", "INVALID_MANIFEST: notes: delete_by: {\"parent\": \"writable\"} needs the update rules of tasks"),
        ("update private.table_manifest set parent = '{\"column\": \"thread_id\", \"table\": \"no_such_table\"}' where table_name = 'journal_entries'",
         "22023", "INVALID_MANIFEST: journal_entries: parent"),
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

    @Test func aTinyManifestGeneratesWhatTheGoldenFilesShow() async throws {
        let (database, connection) = try await TestDatabase.createWithAdmin()
        // Where the publication exists, the final step fills it (a plain test server has none).
        try await connection.runScript("set client_min_messages = error; create publication supabase_realtime")
        try await connection.runScript(Self.tinyManifest)
        // A feature switched off loses what it generated: watchlists are no longer recorded
        // in the outbox, and a table left out of the manifest keeps no sync statements.
        #expect(try await connection.query("""
            select count(*)::int from pg_trigger where tgrelid = 'public.watchlists'::regclass and tgname like 'outbox\\_%'
            """).scalar(Int.self) == 0)
        #expect(try await connection.query("""
            select count(*)::int from pg_proc where pronamespace = 'private'::regnamespace
               and (proname like 'sync\\_page\\_tasks' or proname like 'sync\\_items\\_tasks\\_%' or proname = 'sync_push_update_tasks')
            """).scalar(Int.self) == 0)
        var actual = [
            "table_settings": try await connection.query(PostgresQuery(sql: Self.settings)).scalar(String.self) + "\n",
            "capture_statements": try await connection.query(PostgresQuery(sql: Self.captureStatements)).scalar(String.self) + "\n",
        ]
        await connection.close()

        let script = Self.root.appendingPathComponent("scripts/schema.sh").path
        let dump = try await ChildProcess.run("/bin/bash", [script, "dump", database.url, "generated"])
        try #require(dump.status == 0, "scripts/schema.sh dump: \(dump.output)")
        for (group, text) in Golden.groups(of: dump.output, tables: Self.tables) { actual[group] = text }

        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.golden.path).filter { $0.hasSuffix(".sql") })
        for stale in files.subtracting(actual.keys.map { $0 + ".sql" }).sorted() {
            Issue.record("Golden/\(stale) shows nothing the tiny manifest generates: remove it")
        }
        for (group, text) in actual.sorted(by: { $0.key < $1.key }) {
            let file = Self.golden.appendingPathComponent(group + ".sql").path
            let expected = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            guard text != expected else { continue }
            let written = NSTemporaryDirectory() + "golden-\(group)-\(database.name).sql"
            try text.write(toFile: written, atomically: true, encoding: .utf8)
            Issue.record("""
                the generated SQL differs from \(file)\(expected.isEmpty ? " (a generator without a golden file)" : "").
                Review: diff -u \(file) \(written)
                Accept: cp \(written) \(file)
                """)
        }
    }
}

/// Splits the generated part of a schema dump into the golden files' groups.
enum Golden {
    /// The dump's blocks (pg_dump heads each object with "--" / "-- Name: …; Type: …; Schema: …"),
    /// grouped: a generated function by its name up to the table it serves (sync_items_<table>_full
    /// is sync_items), or its whole name when it serves every table (row_scope); triggers, policies
    /// and indexes each together; the audit log's partitions as audit; the rows of the
    /// visibility rules as visibility_rules. Objects of other tables (left by their former
    /// manifest entries) and the other rows are left out.
    static func groups(of dump: String, tables: [String]) -> [String: String] {
        /// Whether `name` names one of the tables or something of theirs (watchlists_log,
        /// watchlist_rules_sync_xid_idx, "watchlist_rules _stamp_insert"), not another table
        /// whose name begins alike (watchlist_entries).
        func mentionsTable(_ name: String) -> Bool {
            name.split(whereSeparator: { " .(".contains($0) }).contains { token in
                tables.contains { token == $0 || token.hasPrefix($0 + "_") }
            }
        }
        /// sync_items_watchlist_rules_full → sync_items; row_scope → row_scope.
        func family(_ function: String) -> String {
            for table in tables {
                var search = function.startIndex..<function.endIndex
                while let found = function.range(of: "_" + table, range: search) {
                    if found.upperBound == function.endIndex || function[found.upperBound] == "_" {
                        return String(function[..<found.lowerBound])
                    }
                    search = found.upperBound..<function.endIndex
                }
            }
            return function
        }
        var groups: [String: [String]] = [:]
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var block: [String] = []
        func close() {
            defer { block = [] }
            guard block.count > 1 else { return }
            let fields = block[1].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3 else { return }
            let name = fields[0].replacingOccurrences(of: "-- Data for Name: ", with: "").replacingOccurrences(of: "-- Name: ", with: "")
            let type = fields[1].replacingOccurrences(of: "Type: ", with: "")
            let schema = fields[2].replacingOccurrences(of: "Schema: ", with: "")
            let group: String?
            if type == "FUNCTION" || name.hasPrefix("FUNCTION ") {
                group = family(String(name.replacingOccurrences(of: "FUNCTION ", with: "").prefix { $0 != "(" }))
            } else if type == "TABLE DATA" {
                group = ["visibility_tables", "visibility_rules"].contains(name) ? "visibility_rules" : nil
            } else if mentionsTable(name) {
                group = schema == "audit" ? "audit" : ["TRIGGER": "triggers", "POLICY": "policies", "INDEX": "indexes"][type] ?? "other"
            } else {
                group = nil
            }
            guard let group else { return }
            groups[group, default: []].append(block.joined(separator: "\n").trimmingCharacters(in: .newlines))
        }
        for (i, line) in lines.enumerated() {
            let next = i + 1 < lines.count ? lines[i + 1] : ""
            if line == "--", next.hasPrefix("-- Name: ") || next.hasPrefix("-- Data for Name: ") { close() }
            block.append(line)
        }
        close()
        return groups.mapValues { $0.joined(separator: "\n\n") + "\n" }
    }
}
