import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Who hears of a sighting (`private.sighting_watchlists`, the worker's query) and who reads
/// the entry in the app (the `watchlist_entries_select` policy) come from one visibility
/// definition: for every user with a location rule over the point and every entry, a
/// sighting reaches exactly the users who may read the entry, its observer aside.
@Suite struct WatchlistEntryVisibilityTests {
    @Test func sightingRecipientsAreTheEntrysReaders() async throws {
        let db = try await TestDatabase.create()
        let connection = try await db.connect()
        typealias F = WatchlistFixtures
        let owner = try await F.user(connection, "Owner"), reader = try await F.user(connection, "Reader")
        let writer = try await F.user(connection, "Writer"), stranger = try await F.user(connection, "Stranger")
        let admin = try await F.user(connection, "Admin")
        let users = [owner, reader, writer, stranger, admin]
        try await connection.query("update public.users set is_admin = true where id = \(admin)")
        let shared = try await F.watchlist(connection, owner: owner, title: "Shared")
        let closed = try await F.watchlist(connection, owner: owner, title: "Private")
        let strangers = try await F.watchlist(connection, owner: stranger, title: "Theirs")
        try await F.share(connection, shared, with: reader)
        try await F.share(connection, shared, with: writer, role: "write")
        // Everyone watches the place the entries are at.
        for user in users {
            try await connection.query("""
                insert into public.watchlists (owner_id, title, location_rule_enabled, location_rule_lat, location_rule_lon, location_rule_radius_km)
                values (\(user), 'Around here', true, 45.5, -122.6, 10)
                """)
        }
        var entries: [(id: UUID, watchlist: UUID, observer: UUID)] = []
        for (list, observer) in [(shared, owner), (closed, owner), (strangers, stranger)] {
            entries.append((try await F.entry(connection, in: list, latitude: 45.5, longitude: -122.6), list, observer))
        }
        let tombstone = try await F.entry(connection, in: closed, nickname: "deleted")
        try await connection.query("update public.watchlist_entries set deleted_at = now() where id = \(tombstone)")
        entries += [(tombstone, closed, owner), (UUID(), closed, owner)]

        let ids = entries.map(\.id)
        var readers: [UUID: Set<UUID>] = [:]
        for user in users {
            // (an admin reads everything through the admin role)
            let seen = try await connection.transaction(as: user == admin ? Caller.admin(user) : .user(user)) { conn in
                try conn.query("select id from public.watchlist_entries where id = any (\(ids)::uuid[])").map { try $0.decode(0, as: UUID.self) }
            }
            for entry in seen { readers[entry, default: []].insert(user) }
        }
        let rows = try await connection.query("""
            select event_id, owner_id
              from private.sighting_watchlists(\((1...entries.count).map(Int64.init))::bigint[], \(ids)::uuid[],
                                               \(entries.map(\.watchlist))::uuid[],
                                               \(Array(repeating: 45.5, count: entries.count))::double precision[],
                                               \(Array(repeating: -122.6, count: entries.count))::double precision[],
                                               \(Array(repeating: UUID?.none, count: entries.count))::uuid[])
            """)
        var recipients: [UUID: Set<UUID>] = [:]
        for row in rows {
            let entry = entries[Int(try row.decode(0, as: Int64.self)) - 1]
            recipients[entry.id, default: []].insert(try row.decode(1, as: UUID.self))
        }
        for entry in entries {
            let expected = readers[entry.id, default: []].subtracting([entry.observer])
            #expect(recipients[entry.id, default: []] == expected, "entry \(entry.id)")
        }
        // shared: reader, writer, admin; closed, theirs, tombstone: admin; missing: nobody.
        #expect(rows.count == 6)
        #expect(recipients.values.contains { $0.contains(stranger) } == false, "the stranger hears of nothing but their own")
        await connection.close()
    }
}
