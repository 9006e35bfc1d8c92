import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct ConnectionTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    @Test func serverErrorsCarryEveryField() async throws {
        let connection = try await database.connect()
        try await connection.runScript("create table things (id int primary key, code text constraint things_code_key unique)")
        try await connection.query("insert into things values (1, \("a"))")
        let error = try await #require(throws: PostgresError.self) {
            try await connection.query("insert into things values (2, \("a"))")
        }
        #expect(error.kind == .server)
        #expect(error.sqlState == .uniqueViolation)
        #expect(error.constraint == "things_code_key")
        #expect(error.table == "things")
        #expect(error.detail == "Key (code)=(a) already exists.")
        #expect(error.severity == "ERROR")

        let syntax = try await #require(throws: PostgresError.self) { try await connection.query("select * from things where") }
        #expect(syntax.sqlState == .syntaxError)
        #expect(syntax.position == 27)
        // The connection is still usable after errors.
        #expect(try await connection.query("select count(*) from things").scalar(Int.self) == 1)
    }

    @Test func wrongURLAndDeadServerGiveClearErrors() async throws {
        let bad = try await #require(throws: PostgresError.self) {
            try await PostgresConnection.connect("postgresql://host:notaport/db")
        }
        #expect(bad.kind == .connectionFailed)
        #expect(bad.message.contains("port"))
        let dead = try await #require(throws: PostgresError.self) {
            try await PostgresConnection.connect("host=/nonexistent-dir port=1 dbname=x")
        }
        #expect(dead.kind == .connectionFailed)
        #expect(dead.message.contains("/nonexistent-dir"))
        let missingDatabase = try await #require(throws: PostgresError.self) {
            try await PostgresConnection.connect(database.conninfo, database: "no_such_database_here")
        }
        #expect(missingDatabase.message.contains("no_such_database_here"))
    }

    @Test func transactionsCommitOrRollBack() async throws {
        let connection = try await database.connect()
        try await connection.runScript("create table ledger (n int)")
        try await connection.transaction { conn in try conn.query("insert into ledger values (1)") }
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await connection.transaction { conn in
                try conn.query("insert into ledger values (2)")
                throw Boom()
            }
        }
        // A savepoint undoes only its own part.
        try await connection.transaction { conn in
            try conn.query("insert into ledger values (3)")
            _ = try? await conn.savepoint { conn in
                try conn.query("insert into ledger values (4)")
                throw Boom()
            }
            try conn.query("insert into ledger values (5)")
        }
        let values = try await connection.query("select n from ledger order by n").map { try $0.decode(0, as: Int.self) }
        #expect(values == [1, 3, 5])
        // A statement error swallowed inside the body still aborts the transaction.
        let swallowed = try await #require(throws: PostgresError.self) {
            try await connection.transaction { conn in
                _ = try? conn.query("select 1/0")
                _ = try? conn.query("insert into ledger values (6)")
            }
        }
        #expect(swallowed.message.contains("rolled back"))
        #expect(try await connection.query("select count(*) from ledger where n = 6").scalar(Int.self) == 0)
    }

    /// A repeatable-read transaction sees one snapshot: a row another session commits between
    /// two of its statements is not there for the second; read committed sees it.
    @Test func aTransactionChoosesItsIsolation() async throws {
        let connection = try await database.connect()
        let other = try await database.connect()
        try await connection.runScript("create table tally (n int)")
        // In each: its level, the rows it counts, another session's insert, the rows again.
        for (isolation, level, counts) in [(PostgresIsolation.repeatableRead, "repeatable read", [0, 0]),
                                           (nil, "read committed", [1, 2])] {
            let seen = try await connection.transaction(isolation: isolation) { conn -> [String] in
                let before = try conn.query("select current_setting('transaction_isolation'), count(*)::text from tally")[0]
                try await other.query("insert into tally values (1)")
                let after = try conn.query("select count(*)::text from tally").scalar(String.self)
                return [try before.decode(0, as: String.self), try before.decode(1, as: String.self), after]
            }
            #expect(seen == [level] + counts.map(String.init), "\(level)")
        }
        // A nested transaction is a savepoint of the outer one: it cannot choose.
        let nested = try await #require(throws: PostgresError.self) {
            try await connection.transaction { conn in
                try await conn.transaction(isolation: .serializable) { _ in }
            }
        }
        #expect(nested.message.contains("isolation"))
    }

    @Test func preparedStatementsAreReused() async throws {
        let connection = try await database.connect()
        for i in 0..<5 {
            #expect(try await connection.query("select \(i)::int + 1", prepared: true).scalar(Int.self) == i + 1)
        }
        let prepared = try await connection.query("select count(*) from pg_prepared_statements").scalar(Int.self)
        #expect(prepared == 1)
    }

    @Test func listenDeliversNotifications() async throws {
        let listener = try await database.connect()
        let sender = try await database.connect()
        let received = try await listener.listen(on: "jobs") { notifications in
            try await sender.query("select pg_notify('jobs', 'one'), pg_notify('other', 'x')")
            try await sender.query("select pg_notify('jobs', 'two')")
            var payloads: [String] = []
            for try await notification in notifications {
                payloads.append(notification.payload)
                if payloads.count == 2 { break }
            }
            return payloads
        }
        #expect(received == ["one", "two"])
    }

    @Test func listenEndsWithAnErrorWhenTheConnectionDies() async throws {
        let listener = try await database.connect()
        let admin = try await database.connect()
        let pid = try await listener.query("select pg_backend_pid()").scalar(Int.self)
        let error = await #expect(throws: PostgresError.self) {
            try await listener.listen(on: "jobs") { notifications in
                try await admin.query("select pg_terminate_backend(\(pid))")
                for try await _ in notifications {}
            }
        }
        #expect(error?.kind == .connectionLost)
    }

    @Test func pipelineReturnsResultsInOrderAndIsAtomic() async throws {
        let connection = try await database.connect()
        try await connection.runScript("create table items (n int primary key)")
        let queries: [PostgresQuery] = (1...100).map { "insert into items values (\($0)) returning n * 2" }
        let results = try await connection.pipeline(queries, prepared: true)
        #expect(results.count == 100)
        #expect(try results.map { try $0.scalar(Int.self) } == (1...100).map { $0 * 2 })
        let failing: [PostgresQuery] = ["insert into items values (500)", "insert into items values (1)", "insert into items values (501)"]
        let error = try await #require(throws: PostgresError.self) { try await connection.pipeline(failing) }
        #expect(error.sqlState == .uniqueViolation)
        #expect(try await connection.query("select count(*) from items").scalar(Int.self) == 100)
    }

    @Test func copyLoadsRows() async throws {
        let connection = try await database.connect()
        try await connection.runScript("create table copy_lines (id int, body text)")
        let copied = try await connection.copyIn("copy copy_lines (id, body) from stdin") { writer in
            for i in 1...1000 { writer.append([i, i == 7 ? nil : "line \(i)\twith tab\nand newline \\ slash"]) }
        }
        #expect(copied == 1000)
        #expect(try await connection.query("select body from copy_lines where id = 3").scalar(String.self) == "line 3\twith tab\nand newline \\ slash")
        #expect(try await connection.query("select body from copy_lines where id = 7").scalar(String?.self) == nil)
        let bad = try await #require(throws: PostgresError.self) {
            try await connection.copyIn("copy copy_lines (id, body) from stdin") { writer in writer.append(["x", "y"]) }
        }
        #expect(bad.sqlState == .invalidTextRepresentation)
    }

    @Test func poolReplacesATerminatedConnection() async throws {
        let pool = database.pool(maxConnections: 1)
        let pid = try await pool.query("select pg_backend_pid()").scalar(Int.self)
        let admin = try await database.connect()
        try await admin.query("select pg_terminate_backend(\(pid))")
        // The backend is gone once the server no longer lists it.
        while try await admin.query("select count(*) from pg_stat_activity where pid = \(pid)").scalar(Int.self) > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let next = try await pool.query("select pg_backend_pid()").scalar(Int.self)
        #expect(next != pid)
        #expect(try await pool.query("select 1").scalar(Int.self) == 1)
        await pool.close()
    }

    @Test func poolLimitsConnections() async throws {
        let pool = database.pool(maxConnections: 3)
        let backends = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<12 {
                group.addTask { try await pool.query("select pg_backend_pid() from pg_sleep(0.02)").scalar(Int.self) }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(backends.count <= 3)
        let admin = try await database.connect()
        let clients = try await admin.query("""
            select count(*) from pg_stat_activity
             where datname = \(database.name) and backend_type = 'client backend' and pid <> pg_backend_pid()
            """).scalar(Int.self)
        #expect(clients == backends.count)
        await pool.close()
    }

    /// Ten connections wait on a lock held by an eleventh. If waiting for the server
    /// blocked Swift's cooperative threads (one per core), the task that releases the
    /// lock could never run, and the waits would outlast `unfinished`'s deadline.
    ///
    /// Every connection is opened before the lock is taken, and the lock is released
    /// whatever happens: a connect that failed inside the task group (the cluster out of
    /// connections) ended the group, which then waited for the waiters, parked on a lock
    /// whose releaser had died.
    @Test func waitingForTheServerNeverBlocksTheCooperativePool() async throws {
        let waiters = 10
        let holder = try await database.connect()
        let admin = try await database.connect()
        var connections: [PostgresConnection] = []
        for _ in 0..<waiters { connections.append(try await database.connect()) }
        try await holder.query("select pg_advisory_lock(42)")
        let waiting = connections.map { connection in
            Task { _ = try await connection.query("select pg_advisory_lock(42), pg_advisory_unlock(42)") }
        }
        let releasing = Task {
            // Runs on the cooperative pool while the waiters are parked on the server.
            while try await admin.query("select count(*) from pg_locks where locktype = 'advisory' and not granted").scalar(Int.self) < waiters {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await holder.query("select pg_advisory_unlock(42)")
        }
        let left = await unfinished(waiting + [releasing], within: .seconds(60))
        _ = try? await holder.query("select pg_advisory_unlock_all()")
        try #require(left == 0, "\(left) awaits never returned")
        for task in waiting + [releasing] { try await task.value }
    }
}
