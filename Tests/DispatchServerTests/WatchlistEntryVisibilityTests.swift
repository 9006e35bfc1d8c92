import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// `private.can_read_watchlist_entry(user, entry)` (asked by the worker before a sighting
/// notification) and the `watchlist_entries_select` policy (what the user reads in the app)
/// must give the same answer for every user and entry.
@Suite struct WatchlistEntryVisibilityTests {
    @Test func theWorkersQuestionAgreesWithRowLevelSecurity() async throws {
        let db = try await TestDatabase.create()
        let connection = try await db.connect()
        typealias F = WatchlistFixtures
        let owner = try await F.user(connection, "Owner"), reader = try await F.user(connection, "Reader")
        let writer = try await F.user(connection, "Writer"), stranger = try await F.user(connection, "Stranger")
        let admin = try await F.user(connection, "Admin")
        try await connection.query("update public.users set is_admin = true where id = \(admin)")
        let shared = try await F.watchlist(connection, owner: owner, title: "Shared")
        let closed = try await F.watchlist(connection, owner: owner, title: "Private")
        let strangers = try await F.watchlist(connection, owner: stranger, title: "Theirs")
        try await F.share(connection, shared, with: reader)
        try await F.share(connection, shared, with: writer, role: "write")
        var entries: [UUID] = []
        for list in [shared, closed, strangers] {
            entries.append(try await F.entry(connection, in: list, latitude: 45.5, longitude: -122.6))
        }
        let tombstone = try await F.entry(connection, in: closed, nickname: "deleted")
        try await connection.query("update public.watchlist_entries set deleted_at = now() where id = \(tombstone)")
        entries += [tombstone, UUID()]
        let all = entries

        var readable = 0
        for user in [owner, reader, writer, stranger, admin] {
            let seen = Set(try await connection.transaction(as: user) { conn in
                try conn.query("select id from public.watchlist_entries where id = any (\(all)::uuid[])").map { try $0.decode(0, as: UUID.self) }
            })
            for entry in all {
                let asked = try await connection.query("select private.can_read_watchlist_entry(\(user), \(entry))").scalar(Bool.self)
                #expect(asked == seen.contains(entry), "user \(user) entry \(entry)")
                if asked { readable += 1 }
            }
        }
        // owner 3, reader 1, writer 1, stranger 1, admin 4: both answers vary.
        #expect(readable == 10)
        await connection.close()
    }
}
