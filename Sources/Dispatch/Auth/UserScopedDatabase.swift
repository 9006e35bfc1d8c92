import Foundation
import Postgres

/// Something that can run a transaction as an app user: a pool (each call on any free
/// connection) or one connection (a caller that must control which backend runs the work).
/// The services take either, so server code shares a pool while tests can pin a connection.
public protocol UserScopedDatabase: Sendable {
    func transaction<T: Sendable>(
        as userID: UUID,
        _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T
}

extension PostgresPool: UserScopedDatabase {}

extension PostgresConnection: UserScopedDatabase {}
