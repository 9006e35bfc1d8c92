import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct JournalThreadTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    @Test func createListDeleteAndUndo() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)

        let morning = try await journal.createThread(title: "  Morning pages \n", firstEntry: "Slept well.")
        #expect(morning.thread.title == "Morning pages", "trimmed")
        #expect(morning.thread.ownerID == alice && morning.thread.rowVersion == 1 && !morning.thread.isDeleted)
        let first = try #require(morning.firstEntry)
        #expect(first.content == "Slept well." && first.threadID == morning.thread.id && !first.isEdited && first.values.isEmpty)
        let ideas = try await journal.createThread(title: String(repeating: "i", count: 200))
        #expect(ideas.firstEntry == nil)

        // Most recently written to first; a thread without entries counts from its creation.
        var list = try await journal.threads()
        #expect(list.map(\.id) == [ideas.thread.id, morning.thread.id])
        #expect(list.map(\.liveEntryCount) == [0, 1])
        #expect(list[1].lastEntryAt == first.entryTimestamp && list[0].lastEntryAt == nil)
        let second = try await journal.addEntry(to: morning.thread.id, content: "Coffee, then a walk.")
        list = try await journal.threads()
        #expect(list.map(\.id) == [morning.thread.id, ideas.thread.id])
        #expect(list[0].liveEntryCount == 2 && list[0].lastEntryAt == second.entryTimestamp)

        // Delete: the thread and its entries leave the list, the entries and the export.
        let deleted = try await journal.deleteThread(morning.thread.id)
        #expect(deleted.isDeleted && deleted.rowVersion == 2)
        #expect(try await journal.threads().map(\.id) == [ideas.thread.id])
        await expectJournalError("NOT_FOUND", sqlState: "P0002", "entries") { _ = try await journal.entries(in: morning.thread.id) }
        await expectJournalError("NOT_FOUND", "export") { _ = try await journal.exportCSV(thread: morning.thread.id) }
        await expectJournalError("NOT_FOUND", "add to a deleted thread") {
            try await journal.addEntry(to: morning.thread.id, content: "lost")
        }
        let again = try await journal.deleteThread(morning.thread.id)
        #expect(again == deleted, "deleting twice changes nothing")

        // Undo: everything as it was.
        let restored = try await journal.restoreThread(morning.thread.id)
        #expect(!restored.isDeleted && restored.rowVersion == 3 && restored.title == "Morning pages")
        list = try await journal.threads()
        #expect(list.map(\.id) == [morning.thread.id, ideas.thread.id] && list[0].liveEntryCount == 2)
        #expect(try await journal.entries(in: morning.thread.id).map(\.id) == [first.id, second.id])
        #expect(try await journal.restoreThread(morning.thread.id) == restored, "restoring a live thread changes nothing")
    }

    @Test func retriesWithTheSameIdCreateNothingNew() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let id = UUID()

        let created = try await journal.createThread(title: "Travel", firstEntry: "Packed.", id: id)
        let retried = try await journal.createThread(title: "Travel", firstEntry: "Packed.", id: id)
        #expect(retried.thread == created.thread && retried.firstEntry == created.firstEntry)
        // Two devices retrying at the same moment.
        let pool = database.pool(maxConnections: 4)
        let concurrentID = UUID()
        let results = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await JournalService(pool: pool, user: alice).createThread(title: "Same", firstEntry: "once", id: concurrentID)
                        .firstEntry!.id
                }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(results.count == 1)
        #expect(try await admin.query("select count(*) from public.journal_threads").scalar(Int.self) == 2)
        #expect(try await admin.query("select count(*) from public.journal_entries").scalar(Int.self) == 2)

        let entryID = UUID()
        let entry = try await journal.addEntry(to: id, content: "Train at 9.", id: entryID)
        #expect(try await journal.addEntry(to: id, content: "Train at 9.", id: entryID) == entry)
        #expect(try await journal.entries(in: id).count == 2)

        // An id that names something else is refused, and nothing changes.
        let before = try await F.snapshot(admin)
        await expectJournalError("ID_TAKEN", sqlState: "23505", "entry id in another thread") {
            try await journal.addEntry(to: concurrentID, content: "elsewhere", id: entryID)
        }
        let bobs = JournalService(connection: try await database.connect(), user: bob)
        await expectJournalError("ID_TAKEN", sqlState: "23505", "another user's thread id") {
            _ = try await bobs.createThread(title: "Mine", id: id)
        }
        #expect(try await F.snapshot(admin) == before)
        await pool.close()
    }

    @Test func badInputGetsCodedErrorsAndChangesNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let conn = try await database.connect()
        let journal = JournalService(connection: conn, user: alice)
        let thread = try await journal.createThread(title: "Kept", firstEntry: "here").thread
        let before = try await F.snapshot(admin)

        for title in ["", "   \n\t", String(repeating: "x", count: 201), " " + String(repeating: "é", count: 201) + " "] {
            await expectJournalError("INVALID_TITLE", sqlState: "22023", "title of \(title.count)") {
                _ = try await journal.createThread(title: title, firstEntry: "fine")
            }
        }
        // Atomic: a bad first entry leaves no thread behind.
        await expectJournalError("INVALID_CONTENT", sqlState: "22023", "blank first entry") {
            _ = try await journal.createThread(title: "Fine", firstEntry: " \n ")
        }
        for (label, call) in [("delete", "journal_delete_thread"), ("restore", "journal_restore_thread")] {
            await expectJournalError("NOT_FOUND", sqlState: "P0002", label) {
                try await F.asUser(conn, alice, PostgresQuery(sql: "select public.\(call)($1)", binds: [UUID()]))
            }
            await expectJournalError("NULL_ARGUMENT", sqlState: "22004", "\(label) NULL") {
                try await F.asUser(conn, alice, PostgresQuery(sql: "select public.\(call)(null)"))
            }
        }
        await expectJournalError("NULL_ARGUMENT", sqlState: "22004", "NULL title") {
            try await F.asUser(conn, alice, "select public.journal_create_thread(null, 'x')")
        }
        await expectJournalError("INVALID_TITLE", "renamed to blank through the table") {
            try await F.asUser(conn, alice, "update public.journal_threads set title = '  ' where id = \(thread.id)")
        }

        // Without a signed-in user every RPC refuses.
        let calls = [
            "select public.journal_create_thread('x')",
            "select public.journal_add_entry('\(thread.id)', 'x')",
            "select public.journal_update_entry('\(thread.id)', 'x')",
            "select public.journal_delete_entry('\(thread.id)')",
            "select public.journal_delete_thread('\(thread.id)')",
            "select public.journal_restore_thread('\(thread.id)')",
            "select public.journal_export_csv('\(thread.id)')",
            "select count(*) from public.journal_csv_lines('\(thread.id)')",
        ]
        for sql in calls {
            await expectJournalError("NOT_AUTHENTICATED", sqlState: "42501", sql) {
                try await conn.transaction { conn in
                    try conn.query("select set_config('role', 'authenticated', true)")
                    try conn.query(PostgresQuery(sql: sql))
                }
            }
        }
        #expect(try await F.snapshot(admin) == before, "nothing changed")
    }
}
