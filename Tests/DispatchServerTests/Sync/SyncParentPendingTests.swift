import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The watchlist app's offline queue: "Photos MUST sync AFTER their parent WatchlistEntry
/// ... IF ENTRY SYNC FAILS: Photo stays pending; retry entry, then photo". When the queue
/// replays out of order (an entry before its watchlist, a photo before its entry), the child
/// is answered FK_MISSING naming the parent, a code the app retries after the parent, never
/// NOT_AUTHORIZED (which says "drop it"); nothing is written. A parent that exists but is
/// someone else's stays NOT_AUTHORIZED.
@Suite struct SyncParentPendingTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    @Test func aChildPushedBeforeItsParentIsFKMissingThenAppliesAfterIt() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let app = SyncService(connection: try await database.connect(), user: alice)
        let (watchlist, entry, photo) = (UUID(), UUID(), UUID())
        let watchlistRecord: JSONValue = ["id": .string(watchlist.uuidString), "owner_id": .string(alice.uuidString), "title": "Spring walk"]
        let entryRecord: JSONValue = ["id": .string(entry.uuidString), "watchlist_id": .string(watchlist.uuidString), "nickname": "Robin"]
        let photoRecord: JSONValue = ["id": .string(photo.uuidString), "watchlist_entry_id": .string(entry.uuidString),
                                      "watchlist_id": .string(watchlist.uuidString), "image_path": "robin.jpg"]

        for (table, record, parentTable, parent) in [(SyncTable.watchlistEntries, entryRecord, "watchlists", watchlist),
                                                     (.observedBirdPhotos, photoRecord, "watchlist_entries", entry)] {
            let pending = await F.error(SQLAPIError.self) { _ = try await app.push(table: table, record: record, expectedVersion: nil) }
            #expect(pending?.code == .fkMissing && pending?.sqlState == .foreignKeyViolation, "\(table): \(String(describing: pending))")
            #expect(pending?.detail.flatMap { try? JSONValue(parsing: $0) } == ["table": .string(parentTable), "column": .string(table == .observedBirdPhotos ? "watchlist_entry_id" : "watchlist_id"), "id": .string(parent.uuidString.lowercased())],
                    "\(String(describing: pending?.detail))")
        }
        #expect(try await admin.query("select count(*)::int from public.watchlist_entries").scalar(Int.self) == 0)
        #expect(try await admin.query("select count(*)::int from public.observed_bird_photos").scalar(Int.self) == 0)

        // Retry the parent, then the children, unchanged: applied.
        for (table, record) in [(SyncTable.watchlists, watchlistRecord), (.watchlistEntries, entryRecord), (.observedBirdPhotos, photoRecord)] {
            let result = try await app.push(table: table, record: record, expectedVersion: nil)
            #expect(!result.isConflict && result.record["id"]?.stringValue == record["id"]?.stringValue?.lowercased(), "\(table): \(result)")
        }

        // Bob's watchlist exists: an entry into it is not Alice's to write, as before.
        let bobs = try await F.watchlist(admin, owner: bob, title: "Bob's")
        let intruder = await F.error(SQLAPIError.self) {
            _ = try await app.push(table: .watchlistEntries, record: ["id": .string(UUID().uuidString), "watchlist_id": .string(bobs.uuidString),
                                                                      "nickname": "Crow"], expectedVersion: nil)
        }
        #expect(intruder?.code == .notAuthorized, "\(String(describing: intruder))")
    }
}
