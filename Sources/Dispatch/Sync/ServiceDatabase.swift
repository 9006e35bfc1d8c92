import Foundation
import Postgres

/// Where a per-user service runs its statements: a pool on an app server, or one
/// connection (a script, a test that must control which session does what).
enum ServiceDatabase: Sendable {
    case pool(PostgresPool)
    case connection(PostgresConnection)

    /// A transaction as `user` (row-level security and `auth.uid()` see that user).
    func transaction<T: Sendable>(
        as user: UUID,
        _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        switch self {
        case .pool(let pool): try await pool.transaction(as: user, body)
        case .connection(let connection): try await connection.transaction(as: user, body)
        }
    }
}

/// The code our SQL puts before the colon of its error messages ("INVALID_CURSOR: …"),
/// which names the failure more precisely than the SQLSTATE it shares with others.
func sqlErrorCode(_ error: PostgresError) -> Substring? {
    guard error.kind == .server, let colon = error.message.firstIndex(of: ":") else { return nil }
    let code = error.message[..<colon]
    guard !code.isEmpty, code.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isUppercase || $0.isNumber)) }) else {
        return nil
    }
    return code
}
