import Foundation
import Postgres

/// Who the SQL API sees as the caller: the same role and JWT claims a Supabase-style API
/// layer sets, so row-level security and `auth.uid()` see exactly what they see for the
/// apps (a user) or for the worker (the service, which row-level security lets through).
public enum Caller: Sendable, Hashable {
    /// An app user: role `authenticated`, claims `{"sub": <id>, "role": "authenticated"}`.
    case user(UUID)
    /// The worker: role `service_role`, claims `{"role": "service_role"}`.
    case service

    public var role: String {
        switch self {
        case .user: "authenticated"
        case .service: "service_role"
        }
    }

    /// The `request.jwt.claims` JSON.
    public var claims: String {
        switch self {
        case .user(let id): #"{"sub":"\#(id.uuidString.lowercased())","role":"authenticated"}"#
        case .service: #"{"role":"service_role"}"#
        }
    }
}

extension PostgresQuery {
    /// The one statement that makes the rest of the transaction act as `caller`. Both
    /// settings are transaction-local and vanish at commit or rollback. The text is the
    /// same for every caller (role and claims are parameters), so it is prepared once per
    /// connection.
    public static func acting(as caller: Caller) -> PostgresQuery {
        "select set_config('request.jwt.claims', \(caller.claims), true), set_config('role', \(caller.role), true)"
    }
}

extension PostgresConnection {
    /// Runs `body` in a transaction as `userID`.
    @discardableResult
    public func transaction<T: Sendable>(
        as userID: UUID,
        _ body: @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await transaction { connection in
            try connection.act(as: .user(userID))
            return try await body(connection)
        }
    }

    /// Inside an open transaction: act as `caller` until it ends.
    public func act(as caller: Caller) throws {
        try query(.acting(as: caller), prepared: true)
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
