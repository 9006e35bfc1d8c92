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

/// A service that acts as one user. Every service is built the same way, `XService(<where>,
/// user:)`, and `<where>` is one of four, written once here:
/// - `pool:` each call on any free connection (servers);
/// - `connection:` one pinned connection (tests, callers that must choose the backend);
/// - `roles:` the deployment's `ConnectionRoles`: reads to a replica when there are some,
///   writes to the primary;
/// - `database:` any other `UserScopedDatabase` (a test's that drops a reply).
public protocol UserService: Sendable {
    init(database: ServiceDatabase, user: UUID)
    /// The user every call acts as.
    var user: UUID { get }
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

    public init(database: any UserScopedDatabase, user: UUID) {
        self.init(database: ServiceDatabase(database), user: user)
    }
}
