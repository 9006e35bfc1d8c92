import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing

/// Thousands of statements at once over a small pool while callers are cancelled, the
/// server restarts and the role's connection limit is below the pool's size: every await
/// returns, with a value or an error, and the pool serves again afterwards. On a cluster of
/// its own (`PrivateCluster`): the shared one serves other suites and is never restarted.
@Suite struct PoolStressTests {
    @Test func everyAwaitReturnsThroughCancellationsARestartAndAConnectionLimit() async throws {
        try await PrivateCluster.with(migrated: false) { try await storm($0) }
    }

    private struct Outcome {
        var values = 0
        var cancelled = 0
        var limited = 0
        var failed = 0
        var unexpected: [String] = []
    }

    private final class Tally: Sendable {
        let outcome = Mutex(Outcome())
        func withLock(_ body: (inout Outcome) -> Void) { outcome.withLock { body(&$0) } }
    }

    private func storm(_ cluster: PrivateCluster) async throws {
        let admin = try await PostgresConnection.connect(cluster.url)
        try await admin.runScript("create role stress login connection limit 6")
        await admin.close()
        let pool = PostgresPool(
            "postgresql:///\(cluster.database)?host=\(cluster.socketDirectory)&port=\(cluster.port)&user=stress", maxConnections: 8)
        let tally = Tally()
        let callers = (0..<3000).map { i in
            Task {
                do {
                    switch i % 4 {
                    case 0: try await pool.query("select pg_advisory_xact_lock(7), pg_sleep(0.002)")
                    case 1: try await pool.query("select \(i)::int", prepared: true)
                    case 2:
                        try await pool.transaction { conn in
                            try conn.query("select pg_sleep(0.001)")
                            try conn.query("select \(i)::int")
                        }
                    default: try await pool.query("select pg_sleep(0.02)")
                    }
                    tally.withLock { $0.values += 1 }
                } catch is CancellationError {
                    tally.withLock { $0.cancelled += 1 }
                } catch let error as PostgresError where error.sqlState == .queryCanceled {
                    tally.withLock { $0.unexpected.append("a cancel surfaced as a server error: \(error)") }
                } catch let error as PostgresError {
                    tally.withLock {
                        if error.message.contains("too many connections for role") { $0.limited += 1 } else { $0.failed += 1 }
                    }
                } catch {
                    tally.withLock { $0.unexpected.append("\(error)") }
                }
            }
        }
        let cancelling = Task {
            for (i, caller) in callers.enumerated() where i % 5 == 0 {
                caller.cancel()
                if i % 50 == 0 { try await Task.sleep(for: .milliseconds(Int.random(in: 1...20))) }
            }
        }
        let restarting = Task {
            try await Task.sleep(for: .milliseconds(500))
            try await cluster.restart()
        }
        let left = await unfinished(callers, within: .seconds(180))
        try #require(left == 0, "\(left) of \(callers.count) awaits never returned")
        try await cancelling.value
        try await restarting.value

        let outcome = tally.outcome.withLock { $0 }
        #expect(outcome.unexpected.isEmpty, "\(outcome.unexpected.prefix(5))")
        #expect(outcome.values > 0)
        #expect(outcome.cancelled > 0)
        #expect(outcome.limited > 0, "the role's connection limit was never reached")
        #expect(outcome.values + outcome.cancelled + outcome.limited + outcome.failed + outcome.unexpected.count == callers.count - left)
        // After the restart and the refusals the pool serves again.
        #expect(try await pool.query("select 1").scalar(Int.self) == 1)
        await pool.close()
    }
}
