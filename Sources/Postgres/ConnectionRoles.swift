import Foundation

/// The connections a deployment hands the server, by what each is for:
///
/// - `primary` (`DATABASE_URL`): every statement and transaction. It may be a
///   transaction-mode pooler (PgBouncer `pool_mode = transaction`, Supavisor on port 6543)
///   declared with `pgbouncer=true` in the URL; its connections then prepare nothing under
///   a name (see `PostgresConnection.isTransactionPooled`).
/// - `direct` (`DATABASE_DIRECT_URL`): a session of its own on the primary, for the two
///   things a transaction pooler cannot carry — LISTEN (the worker's doorbell, change
///   feeds) and a session advisory lock (`migrate`). Without it, a primary that is not
///   declared pooled serves as its own session (`session`).
/// - `replicas` (`DATABASE_READ_URL`): hot standbys for the read-only RPCs (`sync_pull`,
///   history, recently deleted, spatial searches, badge counts). None: reads go to the
///   primary. A replica may lag: a client may then get a change again, never miss one
///   (the sync cursor is a snapshot that stays valid on every server of the cluster).
public struct ConnectionRoles: Sendable {
    public static let primaryVariable = "DATABASE_URL"
    public static let directVariable = "DATABASE_DIRECT_URL"
    public static let readVariable = "DATABASE_READ_URL"

    public let primary: PostgresPool
    public let direct: String?
    public let replicas: [PostgresPool]

    public init(primary: PostgresPool, direct: String? = nil, replicas: [PostgresPool] = []) {
        self.primary = primary
        self.direct = direct.flatMap { $0.isEmpty ? nil : $0 }
        self.replicas = replicas
    }

    /// Pools of `maxConnections` each on the given addresses.
    public init(primary: String, direct: String? = nil, replicas: [String] = [], maxConnections: Int = 4) {
        self.init(
            primary: PostgresPool(primary, maxConnections: maxConnections), direct: direct,
            replicas: replicas.map { PostgresPool($0, maxConnections: maxConnections) })
    }

    /// From `DATABASE_URL`, `DATABASE_DIRECT_URL` and `DATABASE_READ_URL` (see `readURLs`).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, maxConnections: Int = 4
    ) -> ConnectionRoles {
        ConnectionRoles(
            primary: environment[primaryVariable] ?? "", direct: environment[directVariable],
            replicas: readURLs(environment[readVariable] ?? ""), maxConnections: maxConnections)
    }

    /// `DATABASE_READ_URL`: one address per replica, separated by blanks
    /// (`postgresql://r1/app postgresql://r2/app`). A URL holds no blank, while a comma
    /// belongs to libpq's own multi-host syntax (`postgresql://r1,r2/app`). A value that is
    /// not a URL is one key/value conninfo (`host=r1 dbname=app`).
    public static func readURLs(_ value: String) -> [String] {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        guard trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") else { return [trimmed] }
        return trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Where a session is needed (LISTEN, a session lock): `direct`, else the primary's
    /// conninfo unless it is a transaction pooler; nil when there is no session to be had.
    public var session: String? {
        Self.session(primary: primary.conninfo, direct: direct)
    }

    public static func session(primary: String, direct: String?) -> String? {
        if let direct, !direct.isEmpty { return direct }
        return (try? PostgresConnection.isTransactionPooled(primary)) == true ? nil : primary
    }

    /// The pool for one read-only call: a replica picked at random, else the primary.
    /// Work that must see a server's state move only forward (the pages of one sync pull)
    /// keeps the pool it got for all its calls.
    public func reads() -> PostgresPool {
        replicas.randomElement() ?? primary
    }

    public func close() async {
        await primary.close()
        for replica in replicas { await replica.close() }
    }
}
