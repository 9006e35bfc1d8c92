import Foundation
import Postgres

/// Where a service sends its calls: writes, and reads that must see them, to `primary`;
/// read-only RPCs to `reads()`, a replica when the deployment has some (`ConnectionRoles`),
/// else the same database. Public only so that `UserService` can name it: nothing outside
/// this module makes one.
public struct ServiceDatabase: Sendable {
    let primary: any UserScopedDatabase
    let reads: @Sendable () -> any UserScopedDatabase

    init(_ database: any UserScopedDatabase) {
        primary = database
        reads = { database }
    }

    init(_ roles: ConnectionRoles) {
        primary = roles.primary
        reads = { roles.reads() }
    }
}

/// A service that acts as one user: its three ways in — a pool, a pinned connection (tests,
/// callers that must choose the backend), the deployment's `ConnectionRoles` (reads to a
/// replica when there are some) — written once.
public protocol UserService: Sendable {
    init(database: ServiceDatabase, user: UUID)
}

extension UserService {
    public init(pool: PostgresPool, user: UUID) {
        self.init(database: ServiceDatabase(pool), user: user)
    }

    public init(connection: PostgresConnection, user: UUID) {
        self.init(database: ServiceDatabase(connection), user: user)
    }

    public init(roles: ConnectionRoles, user: UUID) {
        self.init(database: ServiceDatabase(roles), user: user)
    }
}
