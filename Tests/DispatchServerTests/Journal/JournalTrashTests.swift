import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// What the journal app asks of the server beyond writing entries: renaming a thread from
/// its menu, the trash an undo shows (`fetchAll(includeDeleted:)`,
/// `fetchEntries(for:includeDeleted:)`), and the export handed to the share sheet with its
/// `filename` and `mimeType`.
@Suite struct JournalTrashTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    /// Alice renames "Morning pages" from the thread menu: every device syncs the new name
    /// (a new row_version); a blank or too long title, a NULL, another user's or a deleted
    /// thread are refused with their codes and change nothing.
    @Test func renameAThreadFromItsMenu() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Morning pages").thread

        let renamed = try await journal.renameThread(thread.id, to: "  Evening pages ")
        #expect(renamed.title == "Evening pages" && renamed.rowVersion == thread.rowVersion + 1)
        #expect(try await journal.threads().map(\.thread.title) == ["Evening pages"])
        #expect(try await journal.renameThread(thread.id, to: "Evening pages").rowVersion == renamed.rowVersion, "no change, no new version")

        let before = try await F.snapshot(admin)
        await expectJournalError(.invalidTitle, sqlState: .invalidParameterValue, "blank") { try await journal.renameThread(thread.id, to: "  ") }
        await expectJournalError(.invalidTitle, "201 characters") { try await journal.renameThread(thread.id, to: String(repeating: "x", count: 201)) }
        await expectJournalError(.notFound, sqlState: .noDataFound, "Bob's view") {
            try await JournalService(connection: admin, user: bob).renameThread(thread.id, to: "Mine now")
        }
        await expectJournalError(.nullArgument, sqlState: .nullValueNotAllowed, "NULL title") {
            try await F.asUser(admin, alice, "select public.journal_rename_thread(\(thread.id), null)")
        }
        try await journal.deleteThread(thread.id)
        let deleted = try await F.snapshot(admin)
        await expectJournalError(.notFound, "deleted") { try await journal.renameThread(thread.id, to: "Too late") }
        #expect(try await F.snapshot(admin) == deleted)
        #expect(before != deleted)
    }

    /// The trash: a deleted entry and a deleted thread are listed with `includeDeleted`,
    /// marked deleted, so that the app can offer the undo; without it they are not. Another
    /// user's trash stays NOT_FOUND.
    @Test func theTrashListsWhatAnUndoCanBringBack() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let (kept, firstEntry) = try await journal.createThread(title: "Garden", firstEntry: "Planted tomatoes.")
        let first = try #require(firstEntry)
        let second = try await journal.addEntry(to: kept.id, content: "Watered.")
        try await journal.deleteEntry(second.id)
        let gone = try await journal.createThread(title: "Old diary", firstEntry: "Dear diary").thread
        try await journal.deleteThread(gone.id)

        #expect(try await journal.entries(in: kept.id).map(\.id) == [first.id])
        let trash = try await journal.entries(in: kept.id, includeDeleted: true)
        #expect(trash.map(\.id) == [first.id, second.id])
        #expect(trash.map(\.isDeleted) == [false, true])
        #expect(try await journal.threads().map(\.id) == [kept.id])
        let all = try await journal.threads(includeDeleted: true)
        #expect(Set(all.map(\.id)) == [kept.id, gone.id])
        #expect(all.first { $0.id == gone.id }?.thread.isDeleted == true)
        #expect(try await journal.entries(in: gone.id, includeDeleted: true).map(\.content) == ["Dear diary"])
        await expectJournalError(.notFound, "a deleted thread without the trash") { _ = try await journal.entries(in: gone.id) }

        // The undo brings the thread back with its entries.
        try await journal.restoreThread(gone.id)
        #expect(try await journal.entries(in: gone.id).map(\.content) == ["Dear diary"])

        let bobs = JournalService(connection: admin, user: bob)
        #expect(try await bobs.threads(includeDeleted: true).isEmpty)
        await expectJournalError(.notFound, "Bob") { _ = try await bobs.entries(in: kept.id, includeDeleted: true) }
    }

    /// The share sheet gets the CSV with a file name made from the title (safe on any file
    /// system) and its media type; the exporter writes the file under that name.
    @Test func theExportComesWithItsFileNameAndMediaType() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let connection = try await database.connect()
        let journal = JournalService(connection: connection, user: alice)
        let thread = try await journal.createThread(title: "Trip: Paris/Lyon *2026*", firstEntry: "Left at dawn.").thread

        let file = try await journal.exportFile(thread: thread.id)
        #expect(file == JournalExportFile(fileName: "Trip_ Paris_Lyon _2026_.csv", mediaType: "text/csv; charset=utf-8; header=present"))
        for (title, name) in [(".hidden notes.", "hidden notes.csv"), ("\"?\"", "___.csv"),
                              ("...", "Thread.csv"), (String(repeating: "é", count: 200), String(repeating: "é", count: 100) + ".csv")] {
            let other = try await journal.createThread(title: title).thread
            #expect(try await journal.exportFile(thread: other.id).fileName == name, "\(title)")
        }
        // "Safe for any file system": Windows opens a device for CON, or for NUL.txt whatever
        // follows the first dot; ext4, APFS and NTFS take at most 255 bytes (100 emoji are 400).
        for (title, name) in [("CON", "_CON.csv"), ("nul.txt", "_nul.txt.csv"), ("Com1 ", "_Com1.csv"), ("lpt9.notes.2026", "_lpt9.notes.2026.csv"),
                              ("aux .log", "_aux .log.csv"), ("Console", "Console.csv"), ("CON-notes", "CON-notes.csv"),
                              (String(repeating: "🙂", count: 100), String(repeating: "🙂", count: 62) + ".csv")] {
            let other = try await journal.createThread(title: title).thread
            let fileName = try await journal.exportFile(thread: other.id).fileName
            #expect(fileName == name && fileName.utf8.count <= 255, "\(title): \(fileName) (\(fileName.utf8.count) bytes)")
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-export-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try await JournalExporter(connection: connection, user: alice).export(thread: thread.id, intoDirectory: directory)
        #expect(written.file == file && written.entries == 1)
        #expect(written.path == directory + "/" + file.fileName)
        #expect(try String(contentsOfFile: written.path, encoding: .utf8) == (try await JournalFixtures.sqlExport(admin, alice, thread.id)))

        await expectJournalError(.notFound, "Bob") { _ = try await JournalService(connection: admin, user: bob).exportFile(thread: thread.id) }
        try await journal.deleteThread(thread.id)
        await expectJournalError(.notFound, "deleted") { _ = try await journal.exportFile(thread: thread.id) }
    }
}
