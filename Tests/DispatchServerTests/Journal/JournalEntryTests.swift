@testable import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct JournalEntryTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    @Test func entriesWithValuesAndEditTracking() async throws {
        let alice = try await F.user(admin, "Alice")
        let conn = try await database.connect()
        let journal = JournalService(connection: conn, user: alice)
        let thread = try await journal.createThread(title: "Training").thread
        let mood = try await journal.addField(to: thread.id, name: "Mood", sortOrder: 1)
        let sleep = try await journal.addField(to: thread.id, name: "Sleep", sortOrder: 2)

        let now = try await journal.addEntry(to: thread.id, content: String(repeating: "a", count: 65_536),
                                             values: [mood.id: "good", sleep.id: String(repeating: "z", count: 4096)])
        #expect(now.values == [mood.id: "good", sleep.id: String(repeating: "z", count: 4096)] && !now.isEdited)
        // Written offline yesterday: the device's timestamp, ordered by it.
        let yesterday = Date(timeIntervalSince1970: 1_750_000_000)
        let offline = try await journal.addEntry(to: thread.id, content: "Ran 5 km.", values: [mood.id: "tired"], timestamp: yesterday)
        #expect(offline.entryTimestamp == yesterday && !offline.isEdited)
        #expect(try await journal.entries(in: thread.id).map(\.id) == [offline.id, now.id])
        // Any text reads back as written (the thread read encodes values its own way): empty,
        // digits and a colon, commas, quotes, CR LF, an emoji, a combining accent.
        let odd = try await journal.addEntry(to: thread.id, content: "Odd values",
                                             values: [mood.id: "", sleep.id: "12:3a, \"q\"\r\n😀 e\u{301}"])
        #expect(try await journal.entries(in: thread.id).first { $0.id == odd.id } == odd)
        try await journal.deleteEntry(odd.id)

        // The same content and values again: no change, no "(edited)".
        let same = try await journal.updateEntry(offline.id, content: offline.content, values: offline.values)
        #expect(same == offline)
        // New content: edited; values untouched when not given.
        let edited = try await journal.updateEntry(offline.id, content: "Ran 6 km.")
        #expect(edited.isEdited && edited.content == "Ran 6 km." && edited.values == [mood.id: "tired"])
        #expect(edited.rowVersion == offline.rowVersion + 1)
        // Values only: edited too, and the entry keeps exactly the values given.
        let revalued = try await journal.updateEntry(now.id, content: now.content, values: [sleep.id: "7 h"])
        #expect(revalued.isEdited && revalued.values == [sleep.id: "7 h"])
        #expect(try await journal.entries(in: thread.id).last == revalued)

        // Adding a value is an edit.
        let plain = try await journal.addEntry(to: thread.id, content: "No values yet.")
        let added = try await journal.updateEntry(plain.id, content: plain.content, values: [mood.id: "fine"])
        #expect(added.isEdited && added.values == [mood.id: "fine"])
        try await journal.deleteEntry(plain.id)

        // A value changed through the table, as a sync client does it, is an edit as well.
        let fresh = try await journal.addEntry(to: thread.id, content: "Rest day.", values: [mood.id: "calm"])
        try await F.asUser(conn, alice, "update public.journal_entry_values set value = 'restless' where entry_id = \(fresh.id)")
        let afterSync = try #require(try await journal.entries(in: thread.id).first { $0.id == fresh.id })
        #expect(afterSync.isEdited && afterSync.values == [mood.id: "restless"])

        // Delete: gone from the entries and the counts; deleting again changes nothing.
        let gone = try await journal.deleteEntry(offline.id)
        #expect(gone.isDeleted)
        #expect(try await journal.deleteEntry(offline.id) == gone)
        #expect(try await journal.entries(in: thread.id).map(\.id) == [now.id, fresh.id])
        #expect(try await journal.threads().first?.liveEntryCount == 2)
        await expectJournalError("NOT_FOUND", sqlState: "P0002", "edit a deleted entry") {
            try await journal.updateEntry(offline.id, content: "back?")
        }
    }

    /// The thread read sends an entry's field ids only when they are not the thread's: every
    /// value still reads back beside its own field, whatever the entry holds (every field,
    /// some, none, a deleted field's value), and the entries come in the thread's order,
    /// the one the client would restore if they did not (entries of one moment by id).
    @Test func theThreadReadKeepsEveryValueWithItsField() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Fields").thread
        var fields: [UUID] = []
        for i in 1...4 { fields.append(try await journal.addField(to: thread.id, name: "F\(i)", sortOrder: i).id) }
        let all = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($0.element, "v\($0.offset)") })
        let shapes: [[UUID: String]] = [
            all, all, [:], all, [fields[2]: "only, the third"], [fields[0]: "1", fields[3]: "4:"], [fields[0]: "1", fields[3]: "x"],
            all, [fields[1]: ""], all,
        ]
        var written: [JournalEntry] = []
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for (i, values) in shapes.enumerated() {
            written.append(try await journal.addEntry(to: thread.id, content: "Entry \(i)", values: values,
                                                      timestamp: start.addingTimeInterval(Double(i))))
        }
        #expect(try await journal.entries(in: thread.id) == written)
        // A deleted field's values are kept and still read back, beside the live fields'.
        try await journal.deleteField(fields[1])
        #expect(try await journal.entries(in: thread.id).map(\.values) == shapes)

        // Twenty entries of one moment: the server orders them by id, and so does the order
        // the client checks them against.
        let moment = start.addingTimeInterval(100)
        for i in 0..<20 { _ = try await journal.addEntry(to: thread.id, content: "Same moment \(i)", timestamp: moment) }
        let read = try await journal.entries(in: thread.id)
        let serverOrder = try await admin.query("""
            select id from public.journal_entries where thread_id = \(thread.id) and deleted_at is null
             order by entry_timestamp, id
            """).map { try $0.decode(0, as: UUID.self) }
        #expect(read.map(\.id) == serverOrder && read.count == shapes.count + 20)
        #expect(read.shuffled().sorted(by: JournalEntry.inThreadOrder).map(\.id) == serverOrder)
    }

    /// journal_entry_value_lists, which the thread read and the export take an entry's
    /// values from, stays what journal_entry_values says after every kind of write: the
    /// RPCs, a sync client's writes to the table, an entry's time moved, a field and an entry
    /// removed for good.
    @Test func theValueListsFollowEveryWriteOfValues() async throws {
        let alice = try await F.user(admin, "Alice")
        let conn = try await database.connect()
        let journal = JournalService(connection: conn, user: alice)
        let thread = try await journal.createThread(title: "Lists").thread
        var fields: [UUID] = []
        for i in 1...3 { fields.append(try await journal.addField(to: thread.id, name: "F\(i)", sortOrder: i).id) }
        let all = Dictionary(uniqueKeysWithValues: fields.map { ($0, "all") })
        var entries: [JournalEntry] = []
        for values in [all, [fields[1]: "one"], [:], all] {
            entries.append(try await journal.addEntry(to: thread.id, content: "Entry", values: values))
        }
        func listsMatch(_ step: String) async throws {
            let same = try await admin.query("""
                select coalesce((select jsonb_agg(jsonb_build_array(l.entry_id, l.thread_id, l.owner_id, l.entry_timestamp,
                                                                    l.field_ids, l.cells) order by l.entry_id)
                                   from public.journal_entry_value_lists l), '[]')
                     = coalesce((select jsonb_agg(v.list order by v.entry_id)
                                   from (select v.entry_id,
                                                jsonb_build_array(v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp,
                                                                  array_agg(v.field_id order by v.field_id),
                                                                  array_agg(v.value order by v.field_id)) as list
                                           from public.journal_entry_values v
                                          group by v.entry_id, v.thread_id, v.owner_id, v.entry_timestamp) v), '[]')
                """).scalar(Bool.self)
            #expect(same, "\(step)")
        }
        try await listsMatch("added")
        try await journal.updateEntry(entries[0].id, content: "Entry", values: [fields[0]: "changed", fields[2]: "all"])
        try await journal.updateEntry(entries[2].id, content: "Entry", values: [fields[0]: "new"])
        try await journal.updateEntry(entries[2].id, content: "Entry", values: [fields[0]: "newer", fields[1]: "added"])
        try await listsMatch("updated, a value removed, values changed and added at once")
        try await journal.updateEntry(entries[1].id, content: "Entry", values: [:])
        try await journal.updateEntry(entries[2].id, content: "Entry", values: [:])
        try await listsMatch("all of an entry's values removed")
        try await F.asUser(conn, alice, "update public.journal_entry_values set value = 'synced' where field_id = \(fields[2])")
        try await F.asUser(conn, alice, "delete from public.journal_entry_values where field_id = \(fields[0]) and entry_id = \(entries[3].id)")
        try await F.asUser(conn, alice, "update public.journal_entry_values set value = null where field_id = \(fields[1]) and entry_id = \(entries[0].id)")
        try await F.asUser(conn, alice, PostgresQuery(sql: "insert into public.journal_entry_values (entry_id, field_id, value) values ($1, $2, 'late')",
                                                      binds: [entries[2].id, fields[1]]))
        try await listsMatch("written by a sync client")
        try await admin.query("update public.journal_entries set entry_timestamp = entry_timestamp - interval '1 day' where id = \(entries[3].id)")
        try await listsMatch("an entry's time moved")
        try await admin.query("delete from public.journal_fields where id = \(fields[2])")
        try await admin.query("delete from public.journal_entries where id = \(entries[0].id)")
        try await listsMatch("a field and an entry removed for good")
        #expect(try await admin.query("select count(*) from public.journal_entry_value_lists").scalar(Int.self) == 2)
        // The entry moved a day back comes first.
        #expect(try await journal.entries(in: thread.id).map(\.values) == [[fields[1]: "all"], [:], [fields[1]: "late"]])
    }

    /// Two devices add values to one entry at once: the second waits for the first's lock
    /// on the entry and rewrites its list with both values (without the lock it would
    /// rewrite it from a snapshot without the first's value once the first commits).
    @Test func twoSessionsAddingValuesToOneEntryAtOnce() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Race").thread
        let mood = try await journal.addField(to: thread.id, name: "Mood")
        let sleep = try await journal.addField(to: thread.id, name: "Sleep")
        let entry = try await journal.addEntry(to: thread.id, content: "Both devices")

        let phone = try await database.connect()
        let laptop = try await database.connect()
        let laptopPID = try await laptop.query("select pg_backend_pid()").scalar(Int.self)
        let adding = try await phone.transaction(as: alice) { phoneConn in
            try phoneConn.query("insert into public.journal_entry_values (entry_id, field_id, value) values (\(entry.id), \(mood.id), 'calm')")
            let adding = Task {
                try await laptop.transaction(as: alice) { conn in
                    _ = try conn.query("insert into public.journal_entry_values (entry_id, field_id, value) values (\(entry.id), \(sleep.id), '8 h')")
                }
            }
            try await F.untilWaitingForALock(admin, pid: laptopPID)
            return adding
        }
        try await adding.value
        #expect(try await journal.entries(in: thread.id).first?.values == [mood.id: "calm", sleep.id: "8 h"])
    }

    @Test func badEntriesGetCodedErrorsAndChangeNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let conn = try await database.connect()
        let journal = JournalService(connection: conn, user: alice)
        let thread = try await journal.createThread(title: "Log").thread
        let other = try await journal.createThread(title: "Other").thread
        let mood = try await journal.addField(to: thread.id, name: "Mood")
        let group = try await journal.addField(to: thread.id, name: "Run", isGroup: true)
        let dropped = try await journal.addField(to: thread.id, name: "Dropped")
        try await journal.deleteField(dropped.id)
        let elsewhere = try await journal.addField(to: other.id, name: "Elsewhere")
        let entry = try await journal.addEntry(to: thread.id, content: "Kept.", values: [mood.id: "ok"])
        let before = try await F.snapshot(admin)

        for content in ["", " \t\r\n ", String(repeating: "b", count: 65_537)] {
            await expectJournalError("INVALID_CONTENT", sqlState: "22023", "add \(content.count) chars") {
                try await journal.addEntry(to: thread.id, content: content)
            }
            await expectJournalError("INVALID_CONTENT", sqlState: "22023", "update to \(content.count) chars") {
                try await journal.updateEntry(entry.id, content: content)
            }
        }
        let badValues: [(String, [UUID: String])] = [
            ("unknown field", [UUID(): "x"]), ("a group", [group.id: "x"]), ("a deleted field", [dropped.id: "x"]),
            ("another thread's field", [elsewhere.id: "x"]), ("4,097 characters", [mood.id: String(repeating: "v", count: 4097)]),
        ]
        for (label, values) in badValues {
            await expectJournalError("INVALID_VALUE", sqlState: "22023", "add: \(label)") {
                try await journal.addEntry(to: thread.id, content: "fine", values: values)
            }
            await expectJournalError("INVALID_VALUE", sqlState: "22023", "update: \(label)") {
                try await journal.updateEntry(entry.id, content: "changed", values: values)
            }
        }
        for json in ["[1]", "\"text\"", #"{"not-a-uuid": "x"}"#, #"{"\#(mood.id)": 5}"#, #"{"\#(mood.id)": {"a": 1}}"#] {
            await expectJournalError("INVALID_VALUE", sqlState: "22023", json) {
                try await F.asUser(conn, alice, "select public.journal_add_entry(\(thread.id), 'fine', \(json)::jsonb)")
            }
        }
        await expectJournalError("NOT_FOUND", sqlState: "P0002", "no such thread") {
            try await journal.addEntry(to: UUID(), content: "fine")
        }
        // Infinite and absurd entry times, through the RPC, a plain insert and sync_push.
        for time in ["infinity", "-infinity", "1899-12-31 23:59:59+00", "4000-01-01 00:00:00+00"] {
            await expectJournalError("INVALID_TIMESTAMP", sqlState: "22023", "add at \(time)") {
                try await F.asUser(conn, alice, "select public.journal_add_entry(\(thread.id), 'fine', null, null, \(time)::timestamptz)")
            }
            await expectJournalError("INVALID_TIMESTAMP", sqlState: "22023", "insert at \(time)") {
                try await F.asUser(conn, alice, "insert into public.journal_entries (thread_id, content, entry_timestamp) values (\(thread.id), 'fine', \(time)::timestamptz)")
            }
            await expectJournalError("INVALID_TIMESTAMP", sqlState: "22023", "push at \(time)") {
                try await F.asUser(conn, alice, """
                    select public.sync_push('journal_entries', jsonb_build_object('id', gen_random_uuid()::text, 'thread_id', \(thread.id)::text,
                                                                                  'content', 'fine', 'entry_timestamp', \(time)::text), 0)
                    """)
            }
        }
        for id in [UUID(), mood.id] {
            await expectJournalError("NOT_FOUND", sqlState: "P0002", "update \(id)") { try await journal.updateEntry(id, content: "x") }
            await expectJournalError("NOT_FOUND", sqlState: "P0002", "delete \(id)") { try await journal.deleteEntry(id) }
        }
        let nulls: [PostgresQuery] = [
            "select public.journal_add_entry(null, 'x')", "select public.journal_add_entry(\(thread.id), null)",
            "select public.journal_update_entry(null, 'x')", "select public.journal_update_entry(\(entry.id), null)",
            "select public.journal_delete_entry(null)",
        ]
        for query in nulls {
            await expectJournalError("NULL_ARGUMENT", sqlState: "22004", query.sql) { try await F.asUser(conn, alice, query) }
        }
        #expect(try await F.snapshot(admin) == before, "nothing changed")
    }
}
