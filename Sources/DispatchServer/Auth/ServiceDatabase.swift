import Postgres

/// Where a service sends its calls: writes, and reads that must see them, to `primary`;
/// read-only RPCs to `reads()`, a replica when the deployment has some (`ConnectionRoles`),
/// else the same database.
struct ServiceDatabase: Sendable {
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
