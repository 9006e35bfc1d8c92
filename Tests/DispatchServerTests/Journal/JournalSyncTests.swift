import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct JournalSyncTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    @Test func theFiveTablesPullAndPushWithTheServerDecidingOwnerAndClock() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Synced", firstEntry: "on the server").thread
        let run = try await journal.addField(to: thread.id, name: "Run", isGroup: true)
        let distance = try await journal.addField(to: thread.id, name: "Distance")
        try await journal.group(distance.id, into: run.id)
        _ = try await journal.addEntry(to: thread.id, content: "with a value", values: [distance.id: "5"])

        let phone = SyncService(connection: try await database.connect(), user: alice)
        let counts = [SyncTable.journalThreads: 1, .journalEntries: 2, .journalFields: 2, .journalFieldGroups: 1, .journalEntryValues: 1]
        var cursors: [SyncTable: SyncCursor] = [:]
        for (table, count) in counts {
            let page = try await phone.pull(table: table)
            #expect(page.records.count == count, "\(table)")
            #expect(page.records.allSatisfy { $0["owner_id"]?.stringValue == alice.uuidString.lowercased() && $0["sync_xid"] == nil })
            cursors[table] = page.cursor
        }

        // Written offline on the phone: the device's id and timestamp, the server's owner. An
        // entry naming another owner, or marked edited before it exists, is refused whole.
        let offline = UUID()
        var entry: [String: JSONValue] = [
            "id": .string(offline.uuidString), "thread_id": .string(thread.id.uuidString), "content": "on the train",
            "entry_timestamp": "2025-03-01T08:00:00Z", "owner_id": .string(bob.uuidString), "last_edited_at": "2025-03-01T09:00:00Z",
        ]
        await expectJournalError("COLUMN_NOT_WRITABLE", "another owner") {
            _ = try await phone.push(table: .journalEntries, record: .object(entry), expectedVersion: nil)
        }
        #expect(try await admin.query("select count(*)::int from public.journal_entries where id = \(offline)").scalar(Int.self) == 0)
        entry["owner_id"] = .string(alice.uuidString.lowercased())
        entry["last_edited_at"] = nil
        let pushed = try await phone.push(table: .journalEntries, record: .object(entry), expectedVersion: nil)
        guard case .applied(let record) = pushed else { Issue.record("\(pushed)"); return }
        #expect(record["owner_id"]?.stringValue == alice.uuidString.lowercased())
        #expect(record["entry_timestamp"]?.dateValue == Date(timeIntervalSince1970: 1_740_816_000))
        #expect(record["last_edited_at"] == .null, "the device does not decide edits")
        let value = try await phone.push(table: .journalEntryValues, record: [
            "id": .string(UUID().uuidString), "entry_id": .string(offline.uuidString), "field_id": .string(distance.id.uuidString),
            "value": "12",
        ], expectedVersion: nil)
        #expect(!value.isConflict && value.record["thread_id"]?.stringValue == thread.id.uuidString.lowercased())

        // Its value, pushed after it, does not make it "(edited)"; a content edit does, and a
        // device marks an edit it made offline by writing last_edited_at: the server's clock.
        let edit = try await phone.push(table: .journalEntries, record: ["id": .string(offline.uuidString), "content": "on the late train"],
                                        expectedVersion: 1)
        let editedAt = try #require(edit.record["last_edited_at"]?.dateValue)
        #expect(edit.record["row_version"]?.intValue == 2)
        let marked = try await phone.push(table: .journalEntries, record: [
            "id": .string(offline.uuidString), "last_edited_at": "2001-01-01T00:00:00Z",
        ], expectedVersion: 2)
        #expect(try #require(marked.record["last_edited_at"]?.dateValue) > editedAt)

        // The rules hold on this path too, with the same codes.
        await expectJournalError("INVALID_VALUE", "a value for a group") {
            _ = try await phone.push(table: .journalEntryValues, record: [
                "id": .string(UUID().uuidString), "entry_id": .string(offline.uuidString), "field_id": .string(run.id.uuidString), "value": "x",
            ], expectedVersion: nil)
        }
        await expectJournalError("FIELD_NAME_TAKEN", "a taken name") {
            _ = try await phone.push(table: .journalFields, record: [
                "id": .string(UUID().uuidString), "thread_id": .string(thread.id.uuidString), "name": "distance",
            ], expectedVersion: nil)
        }
        await expectJournalError("INVALID_CONTENT", "blank") {
            _ = try await phone.push(table: .journalEntries, record: ["id": .string(offline.uuidString), "content": " "], expectedVersion: 3)
        }
        await expectJournalError("NOT_FOUND", "into Bob's thread") {
            let bobs = try await JournalService(connection: try await database.connect(), user: bob).createThread(title: "Bob's").thread
            _ = try await phone.push(table: .journalEntries, record: [
                "id": .string(UUID().uuidString), "thread_id": .string(bobs.id.uuidString), "content": "hi",
            ], expectedVersion: nil)
        }

        // The laptop hears of all of it.
        let laptop = SyncService(connection: try await database.connect(), user: alice)
        let entries = try await laptop.pull(table: .journalEntries, cursor: cursors[.journalEntries])
        #expect(WatchlistFixtures.ids(entries.records) == [offline])
        #expect(try await laptop.pull(table: .journalEntryValues, cursor: cursors[.journalEntryValues]).records.count == 1)
        #expect(try await journal.threads().first?.liveEntryCount == 3)
    }

    @Test func undoAfterTheTombstoneWasSynced() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Oops", firstEntry: "keep me").thread
        let entry = try await journal.addEntry(to: thread.id, content: "and me")
        let phone = SyncService(connection: try await database.connect(), user: alice)
        let start = try await phone.pull(table: .journalThreads)
        let entriesStart = try await phone.pull(table: .journalEntries)

        try await journal.deleteThread(thread.id)
        let tombstone = try await phone.pull(table: .journalThreads, cursor: start.cursor)
        #expect(tombstone.records.isEmpty && tombstone.deleted.map(\.id) == [thread.id])
        // The entries were not touched: the phone hides them with their thread.
        let entriesAfter = try await phone.pull(table: .journalEntries, cursor: entriesStart.cursor)
        #expect(entriesAfter.records.isEmpty && entriesAfter.deleted.isEmpty)

        // Undo, after the phone applied the tombstone: the thread comes back as a record.
        let restored = try await journal.restoreThread(thread.id)
        let back = try await phone.pull(table: .journalThreads, cursor: tombstone.cursor)
        #expect(back.deleted.isEmpty && WatchlistFixtures.ids(back.records) == [thread.id])
        #expect(back.records.first?["deleted_at"] == .null && back.records.first?["row_version"]?.intValue == restored.rowVersion)
        #expect(try await journal.entries(in: thread.id).count == 2)
        #expect(try await journal.exportCSV(thread: thread.id).contains("and me"))

        // A tombstone pushed by a device is undone the same way; a deleted entry is a tombstone too.
        let pushed = try await phone.push(table: .journalThreads, record: ["id": .string(thread.id.uuidString), "deleted_at": "2030-01-01T00:00:00Z"],
                                          expectedVersion: restored.rowVersion)
        #expect(pushed.record["deleted_at"]?.dateValue.map { $0 < Date().addingTimeInterval(60) } == true, "the server's clock")
        try await journal.restoreThread(thread.id)
        try await journal.deleteEntry(entry.id)
        let entryTombstone = try await phone.pull(table: .journalEntries, cursor: entriesAfter.cursor)
        #expect(entryTombstone.deleted.map(\.id) == [entry.id])
        #expect(try await phone.pull(table: .journalThreads, cursor: back.cursor).records.first?["deleted_at"] == .null)
    }

    @Test func thePurgeEndsTheUndoAndDevicesHearOfIt() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let old = try await journal.createThread(title: "Old", firstEntry: "bye").thread
        let field = try await journal.addField(to: old.id, name: "Mood")
        try await journal.addEntry(to: old.id, content: "with value", values: [field.id: "sad"])
        let kept = try await journal.createThread(title: "Kept", firstEntry: "stays").thread
        let oldEntry = try await journal.addEntry(to: kept.id, content: "deleted long ago")
        let recentEntry = try await journal.addEntry(to: kept.id, content: "deleted today")
        let phone = SyncService(connection: try await database.connect(), user: alice)
        var cursors: [SyncTable: SyncCursor] = [:]
        for table in JournalPrivacyTests.journalSyncTables { cursors[table] = try await phone.pull(table: table).cursor }

        try await journal.deleteThread(old.id)
        try await journal.deleteEntry(oldEntry.id)
        try await journal.deleteEntry(recentEntry.id)
        // Age two tombstones (the stamping trigger keeps the first deleted_at, so bypass it).
        try await admin.query("alter table public.journal_threads disable trigger _stamp_deleted_at_update")
        try await admin.query("alter table public.journal_entries disable trigger _stamp_deleted_at_update")
        try await admin.query("update public.journal_threads set deleted_at = now() - interval '31 days' where id = \(old.id)")
        try await admin.query("update public.journal_entries set deleted_at = now() - interval '31 days' where id = \(oldEntry.id)")
        try await admin.query("alter table public.journal_threads enable trigger _stamp_deleted_at_update")
        try await admin.query("alter table public.journal_entries enable trigger _stamp_deleted_at_update")

        let purge = { (age: String) in
            try await admin.transaction { conn in
                try conn.act(as: .service)
                return try conn.query("select public.purge_journal_tombstones(\(age)::interval)").scalar(Int.self)
            }
        }
        await expectJournalError("NULL_ARGUMENT", sqlState: "22004") {
            _ = try await admin.transaction { conn in
                try conn.act(as: .service)
                return try conn.query("select public.purge_journal_tombstones(null)")
            }
        }
        await expectJournalError("INVALID_INTERVAL", sqlState: "22023") { _ = try await purge("-1 day") }
        #expect(try await purge("30 days") == 2, "the old thread and the old entry")
        #expect(try await purge("30 days") == 0)
        #expect(try await admin.query("select count(*) from public.journal_entries").scalar(Int.self) == 2)
        #expect(try await admin.query("select count(*) from public.journal_fields").scalar(Int.self) == 0)
        await expectJournalError("NOT_FOUND", "undo after the purge") { try await journal.restoreThread(old.id) }

        // Every row that went reaches the phone as a deletion.
        let threads = try await phone.pull(table: .journalThreads, cursor: cursors[.journalThreads])
        #expect(threads.deleted.map(\.id) == [old.id])
        let entries = try await phone.pull(table: .journalEntries, cursor: cursors[.journalEntries])
        #expect(Set(entries.deleted.map(\.id)).count == 4, "the old thread's two entries, the old tombstone, today's tombstone")
        #expect(try await phone.pull(table: .journalFields, cursor: cursors[.journalFields]).deleted.map(\.id) == [field.id])
        #expect(try await phone.pull(table: .journalEntryValues, cursor: cursors[.journalEntryValues]).deleted.count == 1)
        #expect(try await journal.threads().map(\.id) == [kept.id])
    }
}
