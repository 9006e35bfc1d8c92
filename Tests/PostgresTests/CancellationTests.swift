import Foundation
import Postgres
import TestSupport
import Testing

/// Cancelling the Task of a statement cancels the statement on the server, and a pool's
/// waiters stop waiting. Every wait here is on a lock nobody releases during the test:
/// an await that ignored cancellation would never return, and `unfinished` fails the test.
@Suite struct CancellationTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    /// Waits until the backend `pid` waits on a lock.
    private func waitsOnALock(_ pid: Int, _ admin: PostgresConnection) async throws -> Bool {
        try await eventually {
            try await admin.query("select wait_event_type = 'Lock' from pg_stat_activity where pid = \(pid)").scalar(Bool?.self) == true
        }
    }

    @Test func aCancelledStatementStopsOnTheServerAndTheConnectionGoesOn() async throws {
        let holder = try await database.connect()
        let admin = try await database.connect()
        let connection = try await database.connect()
        try await holder.query("select pg_advisory_lock(42)")
        let pid = try await connection.query("select pg_backend_pid()").scalar(Int.self)
        let blocked = Task { try await connection.query("select pg_advisory_lock(42)") }
        #expect(try await waitsOnALock(pid, admin))
        blocked.cancel()
        let left = await unfinished([blocked], within: .seconds(20))
        try #require(left == 0, "an await never returned")
        await #expect(throws: CancellationError.self) { try await blocked.value }
        // Cancelled on the server, not merely abandoned: the backend is idle, the lock not taken.
        #expect(try await admin.query("select state from pg_stat_activity where pid = \(pid)").scalar(String.self) == "idle")
        #expect(try await admin.query("select count(*) from pg_locks where pid = \(pid) and locktype = 'advisory'").scalar(Int.self) == 0)
        // The same session goes on.
        #expect(try await connection.query("select pg_backend_pid()").scalar(Int.self) == pid)
        #expect(try await connection.query("select 1", prepared: true).scalar(Int.self) == 1)
    }

    @Test func aCancelledTransactionRollsBackAndItsPooledConnectionIsLentAgain() async throws {
        let holder = try await database.connect()
        let admin = try await database.connect()
        try await admin.runScript("create table cancelled_writes (n int)")
        try await holder.query("select pg_advisory_lock(43)")
        let pool = database.pool(maxConnections: 1)
        let pid = try await pool.query("select pg_backend_pid()").scalar(Int.self)
        let blocked = Task {
            try await pool.transaction { conn in
                try conn.query("insert into cancelled_writes values (1)")
                try conn.query("select pg_advisory_lock(43)")
            }
        }
        #expect(try await waitsOnALock(pid, admin))
        blocked.cancel()
        let left = await unfinished([blocked], within: .seconds(20))
        try #require(left == 0, "an await never returned")
        await #expect(throws: CancellationError.self) { try await blocked.value }
        #expect(try await admin.query("select count(*) from cancelled_writes").scalar(Int.self) == 0)
        #expect(try await pool.query("select pg_backend_pid()").scalar(Int.self) == pid)
        await pool.close()
    }

    @Test func aCallerWaitingForAPooledConnectionStopsWaitingWhenCancelled() async throws {
        let pool = database.pool(maxConnections: 1)
        let (released, release) = AsyncStream<Void>.makeStream()
        let (lending, lent) = AsyncStream<Void>.makeStream()
        let holding = Task {
            try await pool.withConnection { _ in
                lent.yield()
                for await _ in released { break }
            }
        }
        for await _ in lending { break }
        let waiting = Task { try await pool.query("select 1") }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        let left = await unfinished([waiting], within: .seconds(20))
        try #require(left == 0, "an await never returned")
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // The pool is unharmed: the held connection comes back and serves the next caller.
        release.yield()
        try await holding.value
        #expect(try await pool.query("select 1").scalar(Int.self) == 1)
        await pool.close()
    }

    /// A server that does not answer the cancel (its backend stopped with SIGSTOP) does not
    /// hold the caller: the connection is given up and the pool opens another.
    @Test func aServerThatDoesNotAnswerTheCancelCostsTheConnectionNotTheCaller() async throws {
        let pool = database.pool(maxConnections: 1)
        let pid = try await pool.query("select pg_backend_pid()").scalar(Int.self)
        let blocked = Task { try await pool.query("select pg_sleep(60)") }
        try await Task.sleep(for: .milliseconds(100))
        guard kill(pid_t(pid), SIGSTOP) == 0 else {
            Issue.record("cannot stop backend \(pid): \(String(cString: strerror(errno)))")
            return
        }
        blocked.cancel()
        let left = await unfinished([blocked], within: .seconds(20))
        kill(pid_t(pid), SIGCONT)
        try #require(left == 0, "an await never returned")
        await #expect(throws: CancellationError.self) { try await blocked.value }
        #expect(try await pool.query("select pg_backend_pid()").scalar(Int.self) != pid)
        await pool.close()
    }

    /// A connection that fails frees its slot for the callers waiting meanwhile: with one slot
    /// and a role that may not connect, every caller gets the server's error.
    @Test func aFailedConnectWakesTheCallersWaitingForItsSlot() async throws {
        let admin = try await database.connect()
        let role = "no_connections_\(UUID().uuidString.prefix(8).lowercased())"
        try await admin.runScript("create role \(role) login connection limit 0")
        let pool = PostgresPool(database.url(user: role), maxConnections: 1)
        let callers = (0..<20).map { _ in Task { try await pool.query("select 1") } }
        let left = await unfinished(callers, within: .seconds(30))
        try #require(left == 0, "an await never returned")
        for caller in callers {
            let error = await #expect(throws: PostgresError.self) { try await caller.value }
            #expect(error?.kind == .connectionFailed)
        }
        await pool.close()
        try await admin.runScript("drop role \(role)")
    }
}
