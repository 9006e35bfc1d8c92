import Foundation
import Postgres

/// Something that can run work as an app user: a pool (each call on any free connection)
/// or one connection (a caller that must control which backend runs the work). The
/// services take either, so server code shares a pool while tests can pin a connection.
public protocol UserScopedDatabase: Sendable {
    /// `body` in a transaction as `userID`, at `isolation` (nil: the server's default; see
    /// `PostgresConnection.transaction(as:isolation:_:)`).
    func transaction<T: Sendable>(
        as userID: UUID,
        isolation: PostgresIsolation?,
        _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T

    /// `queries` as `userID` in one round trip: libpq's pipeline mode sends the claims and
    /// the queries together, and they run as one implicit transaction (all or nothing; the
    /// role and claims end with it). For reads on a hot path, where `transaction(as:)`'s
    /// BEGIN, claims, query and COMMIT would be four round trips. Call it outside a
    /// transaction: inside one, the role and claims would last until that one ends.
    func pipeline(as userID: UUID, _ queries: [PostgresQuery]) async throws -> [PostgresRows]
}

extension UserScopedDatabase {
    /// `body` in a transaction as `userID`, at the server's default isolation.
    public func transaction<T: Sendable>(
        as userID: UUID,
        _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await transaction(as: userID, isolation: nil, body)
    }
}

extension PostgresConnection: UserScopedDatabase {
    public func pipeline(as userID: UUID, _ queries: [PostgresQuery]) throws -> [PostgresRows] {
        Array(try pipeline([try acting(as: .user(userID))] + queries, prepared: true).dropFirst())
    }
}

extension PostgresPool: UserScopedDatabase {
    public func pipeline(as userID: UUID, _ queries: [PostgresQuery]) async throws -> [PostgresRows] {
        try await withConnection { try await $0.pipeline(as: userID, queries) }
    }
}
