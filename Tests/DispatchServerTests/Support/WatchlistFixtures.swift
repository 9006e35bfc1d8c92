import DispatchServer
import Foundation
import Postgres
import TestSupport

/// Users, watchlists and entries for the spatial and sync suites, written as the
/// superuser (the test connection) so that fixtures never depend on the policies under test.
enum WatchlistFixtures {
    static func user(_ conn: PostgresConnection, _ name: String) async throws -> UUID {
        let id = UUID()
        try await conn.query("insert into auth.users (id, email) values (\(id), \(name.lowercased() + "@example.com"))")
        try await conn.query("insert into public.users (id, name) values (\(id), \(name))")
        return id
    }

    static func watchlist(_ conn: PostgresConnection, owner: UUID, title: String) async throws -> UUID {
        try await conn.query("insert into public.watchlists (owner_id, title) values (\(owner), \(title)) returning id")
            .scalar(UUID.self)
    }

    /// A share `user` accepted (an invitation, `accepted: false`, is no key of hers).
    static func share(_ conn: PostgresConnection, _ watchlist: UUID, with user: UUID, role: String = "read", accepted: Bool = true) async throws {
        try await conn.query("""
            insert into public.watchlist_shares (watchlist_id, user_id, role, accepted_at)
            values (\(watchlist), \(user), \(role), case when \(accepted) then now() end)
            """)
    }

    static func bird(_ conn: PostgresConnection, _ name: String) async throws -> UUID {
        try await conn.query("insert into public.bird (common_name) values (\(name)) returning id").scalar(UUID.self)
    }

    @discardableResult
    static func entry(_ conn: PostgresConnection, in watchlist: UUID, nickname: String = "entry", bird: UUID? = nil,
                      latitude: Double? = nil, longitude: Double? = nil) async throws -> UUID {
        try await conn.query("""
            insert into public.watchlist_entries (watchlist_id, nickname, bird_id, lat, lon)
            values (\(watchlist), \(nickname), \(bird), \(latitude), \(longitude)) returning id
            """).scalar(UUID.self)
    }

    /// Runs `body` and returns the error it threw as `E`, or nil when it threw something else or nothing.
    static func error<E: Error>(_ type: E.Type, _ body: () async throws -> Void) async -> E? {
        do {
            try await body()
            return nil
        } catch {
            return error as? E
        }
    }

    /// The ids in a page's records.
    static func ids(_ records: [JSONValue]) -> [UUID] {
        records.compactMap { $0["id"]?.stringValue.flatMap(UUID.init(uuidString:)) }
    }
}

/// Stands in for `Task.sleep` in retry tests: records each wait, returns at once.
actor RecordedSleeps {
    private(set) var delays: [Duration] = []
    func record(_ delay: Duration) { delays.append(delay) }
}
