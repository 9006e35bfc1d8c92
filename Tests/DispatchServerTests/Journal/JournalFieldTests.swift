import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct JournalFieldTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    @Test func namesAreTrimmedUniqueIgnoringCaseAndAtMostTwentyLive() async throws {
        let alice = try await F.user(admin, "Alice")
        let conn = try await database.connect()
        let journal = JournalService(connection: conn, user: alice)
        let thread = try await journal.createThread(title: "Habits").thread
        let other = try await journal.createThread(title: "Other").thread

        let mood = try await journal.addField(to: thread.id, name: "  Mood \t", sortOrder: 3)
        #expect(mood.name == "Mood" && mood.sortOrder == 3 && !mood.isGroup && mood.groupID == nil)
        _ = try await journal.addField(to: other.id, name: "mood")  // another thread: fine
        let long = try await journal.addField(to: thread.id, name: String(repeating: "n", count: 50))
        let before = try await F.snapshot(admin)
        for name in ["mood", " MOOD "] {
            await expectJournalError("FIELD_NAME_TAKEN", sqlState: "23505", name) { try await journal.addField(to: thread.id, name: name) }
        }
        await expectJournalError("FIELD_NAME_TAKEN", sqlState: "23505", "rename") {
            try await journal.updateField(long.id, name: "MOOD", sortOrder: 0)
        }
        for name in ["", "  ", String(repeating: "n", count: 51)] {
            await expectJournalError("INVALID_FIELD_NAME", sqlState: "22023", "\(name.count) chars") {
                try await journal.addField(to: thread.id, name: name)
            }
        }
        await expectJournalError("NOT_FOUND", sqlState: "P0002", "no such thread") { try await journal.addField(to: UUID(), name: "x") }
        // An update that finds no row: decided in Swift, so no SQLSTATE.
        await expectJournalError("NOT_FOUND", "no such field") { try await journal.updateField(UUID(), name: "x", sortOrder: 0) }
        #expect(try await F.snapshot(admin) == before)

        // Only live fields hold a name.
        try await journal.deleteField(mood.id)
        let again = try await journal.addField(to: thread.id, name: "MOOD")
        let renamed = try await journal.updateField(again.id, name: " Feeling ", sortOrder: 9)
        #expect(renamed.name == "Feeling" && renamed.sortOrder == 9)

        // 20 live fields, groups included.
        for i in 0..<17 { try await journal.addField(to: thread.id, name: "f\(i)", isGroup: i % 5 == 0) }
        #expect(try await journal.fields(in: thread.id).count == 19)
        let twentieth = try await journal.addField(to: thread.id, name: "twentieth")
        let full = try await F.snapshot(admin)
        await expectJournalError("FIELD_LIMIT", sqlState: "55000", "21st") { try await journal.addField(to: thread.id, name: "21st") }
        await expectJournalError("FIELD_LIMIT", sqlState: "55000", "restoring a deleted one") {
            try await F.asUser(conn, alice, "update public.journal_fields set deleted_at = null where id = \(mood.id)")
        }
        #expect(try await F.snapshot(admin) == full)
        try await journal.deleteField(twentieth.id)
        try await journal.addField(to: thread.id, name: "21st")
        #expect(try await journal.fields(in: thread.id).count == 20)
    }

    @Test func twoSessionsAddingTheTwentiethAndTwentyFirstAtOnce() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Race").thread
        for i in 0..<19 { try await journal.addField(to: thread.id, name: "f\(i)") }

        // The phone adds the 20th and has not committed yet when the laptop adds the 21st.
        let phone = try await database.connect()
        let laptop = try await database.connect()
        let laptopPID = try await laptop.query("select pg_backend_pid()").scalar(Int.self)
        let outcome = try await phone.transaction(as: alice) { phoneConn in
            try phoneConn.query("insert into public.journal_fields (thread_id, name) values (\(thread.id), 'from the phone')")
            let adding = Task {
                try await laptop.transaction(as: alice) { conn in
                    _ = try conn.query("insert into public.journal_fields (thread_id, name) values (\(thread.id), 'from the laptop')")
                }
            }
            // The laptop waits for the phone's lock on the thread rather than counting 19 (or,
            // were there no lock, has long finished when the phone commits).
            try await F.untilWaitingForALock(admin, pid: laptopPID)
            return adding
        }
        await expectJournalError("FIELD_LIMIT", sqlState: "55000", "the laptop's 21st") { try await outcome.value }
        #expect(try await admin.query("select count(*) from public.journal_fields where thread_id = \(thread.id) and deleted_at is null")
            .scalar(Int.self) == 20)
        #expect(try await admin.query("select count(*) from public.journal_fields where name = 'from the phone'").scalar(Int.self) == 1)
    }

    @Test func groupRules() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Sport").thread
        let other = try await journal.createThread(title: "Other").thread
        let run = try await journal.addField(to: thread.id, name: "Run", sortOrder: 1, isGroup: true)
        let swim = try await journal.addField(to: thread.id, name: "Swim", sortOrder: 2, isGroup: true)
        let distance = try await journal.addField(to: thread.id, name: "Distance", sortOrder: 3)
        let time = try await journal.addField(to: thread.id, name: "Time", sortOrder: 4)
        let gone = try await journal.addField(to: thread.id, name: "Gone", sortOrder: 5)
        try await journal.deleteField(gone.id)
        let foreign = try await journal.addField(to: other.id, name: "Foreign")
        let foreignGroup = try await journal.addField(to: other.id, name: "Foreign group", isGroup: true)

        try await journal.group(distance.id, into: run.id)
        try await journal.group(time.id, into: run.id)
        #expect(try await journal.fields(in: thread.id).map(\.groupID) == [nil, nil, run.id, run.id])

        let before = try await F.snapshot(admin)
        let refused: [(String, UUID, UUID)] = [
            ("already in a group", distance.id, swim.id), ("a group inside a group", swim.id, run.id),
            ("parent not a group", time.id, distance.id), ("its own group", run.id, run.id),
            ("another thread's field", foreign.id, run.id), ("into another thread's group", distance.id, foreignGroup.id),
            ("a deleted field", gone.id, swim.id),
        ]
        for (label, child, parent) in refused {
            await expectJournalError("INVALID_GROUP", sqlState: "22023", label) { try await journal.group(child, into: parent) }
        }
        await expectJournalError("NOT_FOUND", sqlState: "P0002", "unknown field") { try await journal.group(UUID(), into: run.id) }
        #expect(try await F.snapshot(admin) == before)

        try await journal.ungroup(distance.id)
        try await journal.group(distance.id, into: swim.id)
        #expect(try await journal.fields(in: thread.id).map(\.groupID) == [nil, nil, swim.id, run.id])
    }
}
