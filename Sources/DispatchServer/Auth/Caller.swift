import Foundation
import Postgres

/// Who the SQL API sees as the caller: the same role and JWT claims a Supabase-style API
/// layer sets, so row-level security and `auth.uid()` see exactly what they see for the
/// apps (a user) or for the worker (the service, which row-level security lets through).
public enum Caller: Sendable, Hashable {
    /// An app user: role `authenticated`, claims `{"sub": <id>, "role": "authenticated"}`.
    case user(UUID)
    /// An admin reading everything admins see: role `dispatch_admin` (a member of
    /// `authenticated` with policies of its own), claims `{"sub": <id>, "role":
    /// "dispatch_admin"}`. Acting as `.user`, an admin sees what any user sees: the
    /// policies of `authenticated` carry no admin term, which would cost every user an
    /// index. A non-admin acting as this role sees no more than as `.user`.
    case admin(UUID)
    /// The worker: role `service_role`, claims `{"role": "service_role"}`.
    case service

    public var role: String {
        switch self {
        case .user: "authenticated"
        case .admin: "dispatch_admin"
        case .service: "service_role"
        }
    }

    /// The `request.jwt.claims` JSON.
    public var claims: String {
        switch self {
        case .user(let id): #"{"sub":"\#(id.uuidString.lowercased())","role":"authenticated"}"#
        case .admin(let id): #"{"sub":"\#(id.uuidString.lowercased())","role":"dispatch_admin"}"#
        case .service: #"{"role":"service_role"}"#
        }
    }
}

extension PostgresQuery {
    /// The one statement that makes the rest of the transaction act as `caller`: its
    /// claims, its role and the role's own `statement_timeout` (`statementTimeout`; nil: the
    /// role has none and the session's stays). All are transaction-local and vanish at
    /// commit or rollback. The text is the same for every caller (all three are
    /// parameters), so it is prepared once per connection; it reads no table. Run it as
    /// `PostgresConnection.acting(as:)` gives it.
    public static func acting(as caller: Caller, statementTimeout: String?) -> PostgresQuery {
        """
        select set_config('request.jwt.claims', \(caller.claims), true),
               set_config('statement_timeout', coalesce(\(statementTimeout), current_setting('statement_timeout')), true),
               set_config('role', \(caller.role), true)
        """
    }

    /// The `statement_timeout` an operator gave `role` (`alter role authenticated set
    /// statement_timeout`, 8 s from the migrations), as the server reads it at login: one
    /// for this database first, then the role's own; no row when it has none.
    static func statementTimeout(of role: String) -> PostgresQuery {
        """
        select substr(c, length('statement_timeout=') + 1)
          from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) c
         where s.setrole = (select r.oid from pg_catalog.pg_roles r where r.rolname = \(role))
           and s.setdatabase in (0, (select d.oid from pg_catalog.pg_database d where d.datname = current_database()))
           and c like 'statement\\_timeout=%'
         order by s.setdatabase desc
         limit 1
        """
    }
}

extension PostgresConnection {
    /// Runs `body` in a transaction as `userID` (`isolation`: see `transaction(isolation:_:)`).
    @discardableResult
    public func transaction<T: Sendable>(
        as userID: UUID,
        isolation: PostgresIsolation? = nil,
        _ body: @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await transaction(as: .user(userID), isolation: isolation, body)
    }

    /// Runs `body` in a transaction as `caller` (`.admin(id)`: an admin's reads of everything).
    @discardableResult
    public func transaction<T: Sendable>(
        as caller: Caller,
        isolation: PostgresIsolation? = nil,
        _ body: @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await transaction(isolation: isolation) { connection in
            try connection.act(as: caller)
            return try await body(connection)
        }
    }

    /// Inside an open transaction: act as `caller` until it ends.
    public func act(as caller: Caller) throws {
        try query(acting(as: caller), prepared: true)
    }

    /// The acting statement (`PostgresQuery.acting(as:statementTimeout:)`) for `caller` on
    /// this connection. `set role` keeps the session's settings, so the timeout an operator
    /// gave the role would never apply to work done this way: it is read from the role's
    /// settings the first time the connection acts as that role and remembered for the
    /// connection's life, as a login applies its role's settings once (a change reaches
    /// connections opened after it). Read in every request, those catalog reads cost about
    /// as much server CPU as the rest of the acting statement.
    public func acting(as caller: Caller) throws -> PostgresQuery {
        let timeout = try remembered("statement_timeout of \(caller.role)") {
            try query(.statementTimeout(of: caller.role)).first.map { try $0.decode(0, as: String.self) }
        }
        return .acting(as: caller, statementTimeout: timeout)
    }
}

extension PostgresPool {
    /// `PostgresConnection.transaction(as:_:)` on a pooled connection.
    @discardableResult
    public func transaction<T: Sendable>(
        as userID: UUID,
        isolation: PostgresIsolation? = nil,
        _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withConnection { try await $0.transaction(as: userID, isolation: isolation, body) }
    }
}
