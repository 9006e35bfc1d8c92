import DispatchServer
import Foundation
import Postgres
import TestSupport

/// Who runs a statement in these suites: the three API roles as an API layer would set
/// them (an app user is `authenticated` with their claims).
enum Acting: Sendable, CustomStringConvertible {
    case anon
    case user(UUID)
    case service

    static func all(user: UUID) -> [Acting] { [.anon, .user(user), .service] }

    var description: String {
        switch self {
        case .anon: "anon"
        case .user: "authenticated"
        case .service: "service_role"
        }
    }
}

extension PostgresConnection {
    /// Runs `sql` as `actor` in a transaction that is rolled back whatever happens, and
    /// returns the error the server answered with (nil: it was accepted).
    func refusal(_ sql: String, _ binds: [any PostgresEncodable] = [], as actor: Acting) async throws -> PostgresError? {
        struct RolledBack: Error {}
        do {
            try await transaction { conn in
                switch actor {
                case .anon: try conn.query("select set_config('role', 'anon', true)")
                case .user(let id): try conn.act(as: .user(id))
                case .service: try conn.act(as: .service)
                }
                try conn.query(PostgresQuery(sql: sql, binds: binds))
                throw RolledBack()
            }
        } catch is RolledBack {
            return nil
        } catch let error as PostgresError {
            return error
        }
        return nil
    }

    /// A count as the superuser: what is really there.
    func count(_ sql: String, _ binds: [any PostgresEncodable] = []) async throws -> Int {
        try query(PostgresQuery(sql: sql, binds: binds)).scalar(Int.self)
    }
}

extension PostgresError {
    /// The coded error of an RPC or a guard: this SQLSTATE and a message that begins with `code`.
    func isCoded(_ sqlState: SQLState, _ code: String) -> Bool {
        self.sqlState == sqlState && message.hasPrefix(code + ":")
    }
}
