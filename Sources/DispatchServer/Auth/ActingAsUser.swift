import Foundation
import Postgres

/// Acting as an app user: the same role and JWT claims a Supabase-style API layer
/// sets, so row-level security and `auth.uid()` see exactly what they see for the apps.
extension PostgresConnection {
    /// Runs `body` in a transaction as `userID` (role `authenticated`, `request.jwt.claims`
    /// with that `sub`). Both settings are transaction-local and vanish at commit or rollback.
    @discardableResult
    public func transaction<T: Sendable>(
        as userID: UUID,
        _ body: @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await transaction { connection in
            try connection.actAs(userID)
            return try await body(connection)
        }
    }

    /// Inside an open transaction: become `userID` until it ends.
    public func actAs(_ userID: UUID) throws {
        let claims = #"{"sub":"\#(userID.uuidString.lowercased())","role":"authenticated"}"#
        try query(
            "select set_config('request.jwt.claims', \(claims), true), set_config('role', 'authenticated', true)",
            prepared: true)
    }

    /// Inside an open transaction: act as the worker (`service_role`, bypasses RLS).
    public func actAsService() throws {
        try query(
            #"select set_config('request.jwt.claims', '{"role":"service_role"}', true), set_config('role', 'service_role', true)"#,
            prepared: true)
    }
}

extension PostgresPool {
    /// `PostgresConnection.transaction(as:_:)` on a pooled connection.
    @discardableResult
    public func transaction<T: Sendable>(
        as userID: UUID,
        _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withConnection { try await $0.transaction(as: userID, body) }
    }
}
