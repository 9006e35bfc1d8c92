import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct JournalPrivacyTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    static let tables = ["journal_threads", "journal_entries", "journal_fields", "journal_field_groups",
                         "journal_entry_values"] + derivedTables
    /// Kept by triggers; nobody writes them.
    static let derivedTables = ["journal_thread_stats", "journal_entry_value_lists"]
    static let journalSyncTables: [SyncTable] = [.journalThreads, .journalEntries, .journalFields, .journalFieldGroups,
                                                 .journalEntryValues]

    @Test func anotherUserAndAnAdminSeeChangeAndExportNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let dana = try await F.user(admin, "Dana", admin: true)
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Private", firstEntry: "Dear diary").thread
        let run = try await journal.addField(to: thread.id, name: "Run", isGroup: true)
        let distance = try await journal.addField(to: thread.id, name: "Distance")
        try await journal.group(distance.id, into: run.id)
        let entry = try await journal.addEntry(to: thread.id, content: "5 km", values: [distance.id: "5"])
        let cursors = try await pullCursors(alice)
        let before = try await F.snapshot(admin)

        for (name, user) in [("Bob", bob), ("Dana the admin", dana)] {
            let conn = try await database.connect()
            let theirs = JournalService(connection: conn, user: user)
            #expect(try await theirs.threads().isEmpty, "\(name)")
            #expect(try await theirs.fields(in: thread.id).isEmpty, "\(name)")
            for table in Self.tables {
                let count = try await F.asUser(conn, user, PostgresQuery(sql: "select count(*) from public.\(table)")).scalar(Int.self)
                #expect(count == 0, "\(name) reads \(table)")
            }
            await expectJournalError("NOT_FOUND", "\(name): entries") { _ = try await theirs.entries(in: thread.id) }
            await expectJournalError("NOT_FOUND", "\(name): export") { _ = try await theirs.exportCSV(thread: thread.id) }
            await expectJournalError("NOT_FOUND", "\(name): streamed export") {
                try await JournalExporter(connection: conn, user: user).export(thread: thread.id, toFile: NSTemporaryDirectory() + "journal-\(UUID()).csv")
            }
            await expectJournalError("NOT_FOUND", "\(name): add") { try await theirs.addEntry(to: thread.id, content: "hi") }
            await expectJournalError("NOT_FOUND", "\(name): update") { try await theirs.updateEntry(entry.id, content: "hi") }
            await expectJournalError("NOT_FOUND", "\(name): delete entry") { try await theirs.deleteEntry(entry.id) }
            await expectJournalError("NOT_FOUND", "\(name): delete thread") { try await theirs.deleteThread(thread.id) }
            await expectJournalError("NOT_FOUND", "\(name): restore") { try await theirs.restoreThread(thread.id) }
            await expectJournalError("NOT_FOUND", "\(name): add a field") { try await theirs.addField(to: thread.id, name: "Spy") }
            await expectJournalError("NOT_FOUND", "\(name): rename a field") {
                try await theirs.updateField(distance.id, name: "Spy", sortOrder: 0)
            }
            await expectJournalError("NOT_FOUND", "\(name): group") { try await theirs.group(distance.id, into: run.id) }
            await expectJournalError("NOT_FOUND", "\(name): value on her entry") {
                try await F.asUser(conn, user, "insert into public.journal_entry_values (entry_id, field_id, value) values (\(entry.id), \(distance.id), 'x')")
            }
            for table in Self.tables where !Self.derivedTables.contains(table) {
                let changed = try await F.asUser(conn, user, PostgresQuery(sql: "delete from public.\(table)")).affectedRows
                #expect(changed == 0, "\(name) deletes from \(table)")
            }
            try await F.asUser(conn, user, "update public.journal_threads set title = 'mine now'")
            let sync = SyncService(connection: conn, user: user)
            for table in Self.journalSyncTables {
                let page = try await sync.pull(table: table)
                #expect(page.records.isEmpty && page.deleted.isEmpty, "\(name) pulls \(table)")
            }
        }
        #expect(try await F.snapshot(admin) == before, "nothing changed")

        // Deletions (ids only) reach the owner and nobody else, not even an admin.
        let danaCursors = try await pullCursors(dana)
        try await journal.deleteEntry(entry.id)
        try await F.asUser(admin, alice, "delete from public.journal_entries where id = \(entry.id)")
        let danaSync = SyncService(connection: try await database.connect(), user: dana)
        for table in Self.journalSyncTables {
            let page = try await danaSync.pull(table: table, cursor: danaCursors[table])
            #expect(page.records.isEmpty && page.deleted.isEmpty, "the admin pulls \(table)")
        }
        let aliceSync = SyncService(connection: try await database.connect(), user: alice)
        let hers = try await aliceSync.pull(table: .journalEntries, cursor: cursors[.journalEntries])
        #expect(hers.deleted.map(\.id) == [entry.id])
        #expect(try await aliceSync.pull(table: .journalEntryValues, cursor: cursors[.journalEntryValues]).deleted.count == 1)
    }

    @Test func theWorkerRoleHasNoWayIn() async throws {
        let alice = try await F.user(admin, "Alice")
        _ = try await JournalService(connection: try await database.connect(), user: alice).createThread(title: "Mine", firstEntry: "x")
        for table in Self.tables {
            let error = try await #require(throws: PostgresError.self, "\(table)") {
                try await admin.transaction { conn in
                    try conn.act(as: .service)
                    try conn.query(PostgresQuery(sql: "select count(*) from public.\(table)"))
                }
            }
            #expect(error.sqlState == "42501", "\(table): \(error)")
        }
        let anonymous = try await #require(throws: PostgresError.self) {
            try await admin.transaction { conn in
                try conn.query("select set_config('role', 'anon', true)")
                try conn.query("select count(*) from public.journal_entries")
            }
        }
        #expect(anonymous.sqlState == "42501")
    }

    /// request.jwt.claims proves nothing: any session may set them. service_role (the
    /// worker) and a login that is a member of it (an exporter) set Alice's claims and try
    /// every way to her journal: the tables, sync_pull (SECURITY DEFINER), the export, the
    /// realtime feed, the history and the trash. Each is refused, and Alice herself, signed
    /// in as role authenticated, still pulls it.
    @Test func theServiceWithTheOwnersClaimsReadsNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Private", firstEntry: "Dear diary").thread
        let field = try await journal.addField(to: thread.id, name: "Mood")
        let entry = try await journal.addEntry(to: thread.id, content: "secret", values: [field.id: "low"])
        let gone = try await journal.addEntry(to: thread.id, content: "deleted")
        try await journal.deleteEntry(gone.id)
        let before = try await F.snapshot(admin)

        try await ServiceLogin.create(admin)
        let loginConnection = try await PostgresConnection.connect(database.url(user: ServiceLogin.name))
        let claims = #"{"sub":"\#(alice.uuidString.lowercased())","role":"authenticated"}"#
        let ids = [thread.id, entry.id, gone.id, field.id].map { $0.uuidString.lowercased() }

        /// `sql` in a transaction of its own, after the claims of Alice: as service_role on
        /// the superuser's connection, or as the login (no SET ROLE) on its own.
        func probe(_ service: Bool, _ sql: PostgresQuery) async throws -> String {
            let conn = service ? admin : loginConnection
            return try await conn.transaction { conn in
                if service { try conn.act(as: .service) }
                try conn.query("select set_config('request.jwt.claims', \(claims), true)")
                return try conn.query(sql).map { try $0.decode(0, as: String?.self) ?? "" }.joined(separator: "\n")
            }
        }
        func refused(_ service: Bool, _ sql: PostgresQuery, _ code: SQLAPIError.Code?, sqlState: SQLState = .insufficientPrivilege, _ label: String) async {
            do {
                let result = try await probe(service, sql)
                Issue.record("\(label): answered \(result.prefix(200))")
            } catch let error as PostgresError {
                #expect(error.sqlState == sqlState, "\(label): \(error)")
                if let code { #expect(SQLAPIError(error)?.code == code, "\(label): \(error)") }
            } catch {
                Issue.record("\(label): \(error)")
            }
        }

        for (service, who) in [(true, "service_role"), (false, "a login in service_role")] {
            for table in Self.tables {
                await refused(service, PostgresQuery(sql: "select count(*)::text from public.\(table)"), nil, "\(who) reads \(table)")
            }
            for table in Self.journalSyncTables {
                await refused(service, "select public.sync_pull(\(table.rawValue))::text", .ownerOnly, "\(who) pulls \(table.rawValue)")
            }
            await refused(service, "select public.journal_export_csv(\(thread.id))", nil, "\(who) exports")
            await refused(service, "select l from public.journal_csv_lines(\(thread.id)) l", nil, "\(who) streams the export")
            await refused(service, "select outbox.changes_since(null, '{journal_entries}', 100, \(alice))::text",
                          .invalidTable, sqlState: .invalidParameterValue, "\(who) asks the realtime feed for journal_entries")
            await refused(service, "select public.get_entity_history('journal_entry', \(entry.id), 50, null)::text",
                          .invalidEntityType, sqlState: .invalidParameterValue, "\(who) asks for the history of an entry")
            // What the definer paths that do answer a service with claims return names no
            // journal row: the whole realtime feed for Alice, and her trash.
            let feed = try await probe(service, "select outbox.changes_since(null, null, 10000, \(alice))::text")
            let trash = try await probe(service, "select public.get_recently_deleted(500)::text")
            for id in ids {
                #expect(!feed.contains(id) && !trash.contains(id), "\(who): the feed or the trash names \(id)")
            }
            #expect(!feed.contains("journal") && !trash.contains("journal"), "\(who)")
        }
        #expect(try await F.snapshot(admin) == before, "nothing changed")

        // Alice, as role authenticated, pulls her journal.
        let page = try await SyncService(connection: try await database.connect(), user: alice).pull(table: .journalEntries)
        let pulled = page.records.compactMap { $0["id"]?.stringValue }
        #expect(pulled.contains(ids[1]))
        await loginConnection.close()
    }

    @Test func contentNeverLeavesTheJournalTables() async throws {
        let alice = try await F.user(admin, "Alice")
        let conn = try await database.connect()
        let journal = JournalService(connection: conn, user: alice)
        let marker = "secret-\(UUID().uuidString.prefix(8))"

        let thread = try await journal.createThread(title: "Title \(marker)", firstEntry: "First \(marker)").thread
        let field = try await journal.addField(to: thread.id, name: "F \(marker)".prefix(50).description)
        let entry = try await journal.addEntry(to: thread.id, content: "Entry \(marker)", values: [field.id: "Value \(marker)"])
        try await journal.updateEntry(entry.id, content: "Edited \(marker)", values: [field.id: "Changed \(marker)"])
        try await journal.deleteEntry(entry.id)
        try await journal.deleteThread(thread.id)
        try await journal.restoreThread(thread.id)
        _ = try await journal.exportCSV(thread: thread.id)
        // A rejected entry: the error says how long, never what.
        let tooLong = "\(marker) " + String(repeating: "x", count: 65_536)
        do {
            try await journal.addEntry(to: thread.id, content: tooLong)
            Issue.record("accepted an over-long entry")
        } catch let error as SQLAPIError {
            #expect(error.code == .invalidContent)
            #expect(!"\(error)".contains(marker) && !(error.detail ?? "").contains(marker))
        }
        try await journal.deleteThread(thread.id)
        try await admin.query("alter table public.journal_threads disable trigger _stamp_deleted_at_update")
        try await admin.query("update public.journal_threads set deleted_at = now() - interval '31 days' where id = \(thread.id)")
        try await admin.query("alter table public.journal_threads enable trigger _stamp_deleted_at_update")
        _ = try await admin.transaction { conn in
            try conn.act(as: .service)
            return try conn.query("select public.purge_journal_tombstones()").scalar(Int.self)
        }
        #expect(try await admin.query("select count(*) from public.journal_threads").scalar(Int.self) == 0)

        // The outbox, the audit logs and the notifications hold none of it, not even ids.
        let tables = try await admin.query("""
            select format('%I.%I', schemaname, tablename) from pg_tables
             where schemaname in ('outbox', 'audit') or (schemaname = 'public' and tablename = 'notifications')
            """).map { try $0.decode(0, as: String.self) }
        #expect(tables.contains("outbox.events") && tables.contains("audit.tasks_log") && tables.contains("public.notifications"))
        for table in tables {
            let hits = try await admin.query(PostgresQuery(sql: """
                select count(*) from \(table) x
                 where strpos(to_jsonb(x)::text, $1) > 0 or strpos(to_jsonb(x)::text, $2) > 0 or strpos(to_jsonb(x)::text, $3) > 0
                """, binds: [marker, thread.id.uuidString.lowercased(), entry.id.uuidString.lowercased()])).scalar(Int.self)
            #expect(hits == 0, "\(table)")
        }
        #expect(try await admin.query("select count(*) from outbox.events where table_name like 'journal%'").scalar(Int.self) == 0)
        #expect(try await admin.query("select count(*) from outbox.tables where table_name like 'journal%'").scalar(Int.self) == 0)
        // sync_deletions holds ids and times only.
        #expect(try await admin.query("select count(*) from public.sync_deletions d where strpos(to_jsonb(d)::text, \(marker)) > 0")
            .scalar(Int.self) == 0)
    }

    private func pullCursors(_ user: UUID) async throws -> [SyncTable: SyncCursor] {
        let sync = SyncService(connection: try await database.connect(), user: user)
        var cursors: [SyncTable: SyncCursor] = [:]
        for table in Self.journalSyncTables { cursors[table] = try await sync.pull(table: table).cursor }
        return cursors
    }
}
