import Foundation
import Migrations
import Postgres
import TestSupport

/// What every benchmark gets: a freshly migrated database of its own (dropped and
/// re-created each run) and helpers to time things and print figures.
struct BenchContext: Sendable {
    let conninfo: String
    let database: String

    /// A fresh database for `group`, migrated unless `migrated` is false (a peer's own schema).
    static func make(_ group: String, migrated: Bool = true) async throws -> BenchContext {
        // The server `make test` uses (never DATABASE_URL: `TestServer`).
        let conninfo = try await TestServer.conninfo()
        // One database per run, so two checkouts benchmarking at once never collide.
        let database = "dispatch_bench_\(group)_\(getpid())"
        let admin = try await PostgresConnection.connect(conninfo)
        // Only a database the bench made itself is dropped (never one that merely has the name).
        guard try await TestDatabase.isOursOrAbsent(database, admin) else {
            throw PostgresError(.client, "database \(database) exists and the bench did not make it: not dropping it")
        }
        try await admin.runScript("drop database if exists \(database) with (force)")
        try await admin.runScript("create database \(database)")
        try await TestDatabase.mark(database, admin)
        await admin.close()
        if migrated {
            let connection = try await PostgresConnection.connect(conninfo, database: database)
            try await MigrationRunner(directory: "sql/migrations", log: { _ in }).up(connection)
            // The benches write in bulk as one user (10,000 open tasks in one statement, a
            // thousand notes on one task), past what one user may put before others in an
            // hour: those quotas are raised out of reach. Their checks still run, and cost
            // what they cost.
            try await connection.query("""
                update private.quotas set value = 100000000 where name in ('open_items_per_user', 'notes_per_author_per_item')
                """)
            await connection.close()
        }
        return BenchContext(conninfo: conninfo, database: database)
    }

    /// Drops the run's database.
    func dropDatabase() async throws {
        let admin = try await PostgresConnection.connect(conninfo)
        try await admin.runScript("drop database if exists \(database) with (force)")
        await admin.close()
    }

    /// `body` with a second database, made as `make(group)` makes one and dropped afterwards,
    /// whether `body` returns or throws: for figures that compare two databases, timed in
    /// alternating rounds (`alternating`).
    static func withDatabase<T>(_ group: String, _ body: (BenchContext) async throws -> T) async throws -> T {
        let other = try await make(group)
        let result: T
        do {
            result = try await body(other)
        } catch {
            try await other.dropDatabase()
            throw error
        }
        try await other.dropDatabase()
        return result
    }

    func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(conninfo, database: database)
    }

    /// A libpq conninfo naming the bench database, for pgbench and child processes.
    var cliConninfo: String {
        conninfo.hasPrefix("postgres") ? conninfo.replacingOccurrences(
            of: #"^(postgres(ql)?://[^/]*/)[^?]*"#, with: "$1\(database)", options: .regularExpression)
            : "\(conninfo) dbname=\(database)"
    }

    /// `cliConninfo` declaring a transaction pooler (`pgbouncer=true`): the library then
    /// sends no named statement.
    var declaredPooledConninfo: String {
        let conninfo = cliConninfo
        guard conninfo.hasPrefix("postgres") else { return conninfo + " pgbouncer=true" }
        return conninfo + (conninfo.contains("?") ? "&" : "?") + "pgbouncer=true"
    }

    /// Seconds taken by `body`.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// p50/p99 in milliseconds of `samples` (seconds), by nearest rank. At least 100 samples:
    /// the p99 of fewer is their slowest (the journal's CSV figures, timed 50 times, printed
    /// their maximum as p99); `median` for a figure that needs no p99.
    static func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
        precondition(samples.count >= 100, "a p99 needs at least 100 samples, not \(samples.count)")
        let sorted = samples.sorted()
        return (rank(sorted, 0.5), rank(sorted, 0.99))
    }

    /// The median in milliseconds of `samples` (seconds), by nearest rank; 0 for none.
    static func median(_ samples: [Double]) -> Double {
        samples.isEmpty ? 0 : rank(samples.sorted(), 0.5)
    }

    /// The value at quantile `q` of `sorted` (seconds), in milliseconds: the smallest with at
    /// least q of the samples at or below it.
    private static func rank(_ sorted: [Double], _ q: Double) -> Double {
        sorted[max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1)] * 1000
    }

    /// One line of the report: a figure, its baseline, the ratio and the goal.
    static func report(_ what: String, _ value: String, goal: String, met: Bool) {
        print("  \(met ? "ok  " : "MISS") \(what): \(value)   [goal: \(goal)]")
    }
}
