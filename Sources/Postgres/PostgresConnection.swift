import CLibPQ
import Foundation
import Synchronization

/// One connection to PostgreSQL, as an actor whose executor is the connection's own
/// thread (see `ConnectionThread`): every libpq call waits there, never on Swift's
/// cooperative pool. Code isolated to the connection — `transaction { conn in … }`,
/// `withIsolation { conn in … }` — runs on that thread with no hop per statement.
public actor PostgresConnection {
    private let thread: ConnectionThread
    /// Internal, not private: the COPY extension (PostgresConnection+Copy.swift) drives it too.
    let libpq = LibPQConnection()
    private let hub = NotificationHub()
    private var preparedStatements: [String: String] = [:]
    /// Starts the name of every statement this connection prepares: random, so that two
    /// clients whose statements meet on one server connection (behind a pooler) can never
    /// run each other's.
    private let statementPrefix = "dispatch_\(String(UInt64.random(in: 0...UInt64.max), radix: 36))_"
    /// A pooler nobody declared showed itself (see `UndeclaredPooler`): statements go
    /// unnamed from then on.
    public private(set) var detectedPooler = false
    private var savepointDepth = 0
    private var transactionDepth = 0
    /// Values read once for the life of this connection: see `remembered(_:_:)`.
    private var rememberedValues: [String: String?] = [:]

    /// The conninfo or URL this connection was opened with ("" = libpq's `PG*` variables).
    public nonisolated let conninfo: String
    /// A database name that overrides the one in `conninfo`, if any.
    public nonisolated let database: String?
    /// The conninfo declares a transaction-mode pooler (`pgbouncer=true`, see
    /// `isTransactionPooled(_:)`): consecutive transactions may run on different server
    /// connections, so nothing may outlive a transaction — statements are never prepared
    /// under a name, and `listen` refuses.
    public nonisolated let isTransactionPooled: Bool
    private let libpqConninfo: String

    public nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    private init(conninfo: String, database: String?, target: TransactionPoolerDeclaration) {
        self.conninfo = conninfo
        self.database = database
        isTransactionPooled = target.isTransactionPooled
        libpqConninfo = target.conninfo
        thread = ConnectionThread(name: "postgres")
    }

    deinit {
        libpq.close()
        thread.stop()
    }

    /// Where to connect when no conninfo is given: `DATABASE_URL`, else libpq's own
    /// `PG*` environment variables and defaults.
    public static var defaultConninfo: String {
        ProcessInfo.processInfo.environment["DATABASE_URL"] ?? ""
    }

    /// Opens a connection from a URL (`postgresql://user@host/db?sslmode=…`) or a
    /// key/value conninfo string (`host=/tmp dbname=app`); `database` replaces the
    /// database named there. `pgbouncer=true` in either says the address is a
    /// transaction-mode pooler (see `isTransactionPooled(_:)`).
    public static func connect(_ conninfo: String? = nil, database: String? = nil) async throws -> PostgresConnection {
        let conninfo = conninfo ?? defaultConninfo
        let connection = PostgresConnection(
            conninfo: conninfo, database: database, target: try TransactionPoolerDeclaration(parsing: conninfo))
        try await connection.open()
        return connection
    }

    /// Whether `conninfo` declares a transaction-mode pooler with `pgbouncer=true` (PgBouncer
    /// with `pool_mode = transaction`, Supavisor on port 6543). A pooler cannot be recognised
    /// on connecting (only later, by its symptoms: `UndeclaredPooler`), so the URL says it. Throws for a value other than true/false.
    public static func isTransactionPooled(_ conninfo: String) throws -> Bool {
        try TransactionPoolerDeclaration(parsing: conninfo).isTransactionPooled
    }

    /// Whether `conninfo` declares a transaction pooler or one was found behind it in this
    /// process (`UndeclaredPooler`): no LISTEN is made there.
    public static func isKnownPooled(_ conninfo: String) -> Bool {
        ((try? isTransactionPooled(conninfo)) ?? false) || UndeclaredPooler.isDetected(conninfo)
    }

    /// Why `listen` refuses a pooled connection.
    public static let listenThroughPooler =
        "LISTEN needs a session of its own and this connection goes through a transaction pooler "
        + "(pgbouncer=true, or found by its symptoms): listen on a direct connection to the database (DATABASE_DIRECT_URL)"


    private func open() throws {
        try libpq.open(libpqConninfo, database: database)
        let libpq = self.libpq, hub = self.hub, thread = self.thread
        thread.onIdleSocketReadable = {
            if libpq.consumeInput() {
                hub.deliver(libpq.notifications())
            } else {
                thread.idleSocket = -1
                hub.finishAll(throwing: libpq.failure(.connectionLost))
            }
        }
    }

    /// Runs `body` isolated to this connection: on its thread, with no hop per call.
    public func withIsolation<T: Sendable>(_ body: @Sendable (isolated PostgresConnection) async throws -> T) async rethrows -> T {
        try await body(self)
    }

    public var isOpen: Bool { libpq.isOpen }

    /// The WARNING messages the server sent on this connection since the last call (e.g.
    /// "no privileges were granted for …"), oldest first.
    public func takeWarnings() -> [String] { libpq.takeWarnings() }
    /// The NOTICE and INFO messages the server sent on this connection since the last call
    /// (at most the newest 100), oldest first: what a migration tells its operator.
    public func takeNotices() -> [String] { libpq.takeNotices() }
    /// The parameters libpq connected with, defaults filled in (`host`, `port`, `user`,
    /// `dbname`, …): for tools that must reach the same server another way.
    public func parameters() -> [String: String] {
        libpq.parameters()
    }

    /// Cheap liveness check without a round trip: reads anything pending on the socket
    /// (a terminated backend has sent its goodbye and closed), then asks libpq.
    public func isHealthy() -> Bool {
        guard libpq.isOpen else { return false }
        var fd = pollfd(fd: libpq.socket, events: Int16(POLLIN), revents: 0)
        // A closed socket stays readable: the second read sees the end of file.
        for _ in 0..<3 where poll(&fd, 1, 0) > 0 {
            guard libpq.consumeInput() else { return false }
            hub.deliver(libpq.notifications())
        }
        return libpq.isIdle && transactionDepth == 0
    }

    /// The value this connection remembers under `key`, or, the first time, `read`'s (nil
    /// included), remembered until the connection closes: what a session takes once, as a
    /// login applies its role's settings once, rather than reading it in every request.
    public func remembered(_ key: String, _ read: () throws -> String?) rethrows -> String? {
        if let value = rememberedValues[key] { return value }
        let value = try read()
        rememberedValues[key] = value
        return value
    }

    public func close() {
        libpq.close()
        thread.idleSocket = -1
        hub.finishAll(throwing: PostgresError(.connectionLost, "the connection was closed"))
    }

    // MARK: Statements

    /// Runs one statement; interpolated values are bound parameters. With `prepared`,
    /// the statement is parsed and planned once per connection and reused after that —
    /// except through a transaction pooler (`isTransactionPooled`), where it goes as the
    /// unnamed statement like any other: a named one would stay behind on a server
    /// connection the pooler then lends to another client, which fails preparing the same
    /// name (42P05) while this one finds its statement missing (26000).
    ///
    /// Statement names are unique to the connection, and a pooler nobody declared is found
    /// by its symptoms (`UndeclaredPooler`): the connection then prepares nothing more, and
    /// the statement is sent again unnamed (outside a transaction: nothing of it ran; inside
    /// one, `transaction` runs the whole transaction again).
    @discardableResult
    public func query(_ query: PostgresQuery, prepared: Bool = false) throws -> PostgresRows {
        if prepared, namesStatements {
            do {
                return try run(query, preparedName: try preparedName(for: query.sql))
            } catch let error as PostgresError where noticePooler(error) && transactionDepth == 0 {
                // sent again below, unnamed
            }
        }
        return try run(query, preparedName: nil)
    }

    private func run(_ query: PostgresQuery, preparedName: String?) throws -> PostgresRows {
        try exchange {
            try libpq.send(query, preparedName: preparedName)
            try libpq.flush()
            defer { deliverNotifications() }
            return try libpq.collect(query: query.sql)
        }
    }

    /// One exchange with the server (a statement, a pipeline, a COPY), cancelled on the
    /// server when the Task waiting for it is cancelled: it then throws `CancellationError`
    /// and the connection stays usable (see `LibPQConnection.noticeCancellation`).
    func exchange<T>(_ body: () throws -> T) throws -> T {
        try libpq.settleCancellation(Result { try body() })
    }

    /// Whether `prepared: true` prepares under a name: not through a declared or detected pooler.
    private var namesStatements: Bool { !isTransactionPooled && !detectedPooler }

    /// Whether `error` shows an undeclared pooler; if so, the connection stops naming statements.
    private func noticePooler(_ error: PostgresError) -> Bool {
        guard UndeclaredPooler.isSymptom(error) else { return false }
        if !detectedPooler {
            detectedPooler = true
            preparedStatements = [:]
            UndeclaredPooler.record(conninfo)
            UndeclaredPooler.warnOnce()
        }
        return true
    }

    /// Runs SQL text that may hold several statements (a migration file), with libpq's
    /// simple query protocol. No parameters: use `query` for anything with values.
    @discardableResult
    public func runScript(_ sql: String) throws -> PostgresRows {
        try exchange {
            let pg = try libpq.connection()
            guard PQsendQuery(pg, sql) == 1 else { throw libpq.failure(.connectionLost, query: sql) }
            try libpq.flush()
            defer { deliverNotifications() }
            return try libpq.collect(query: sql)
        }
    }

    private func preparedName(for sql: String) throws -> String {
        if let name = preparedStatements[sql] { return name }
        let pg = try libpq.connection()
        let name = statementPrefix + String(preparedStatements.count + 1)
        try exchange {
            guard PQsendPrepare(pg, name, sql, 0, nil) == 1 else { throw libpq.failure(.connectionLost, query: sql) }
            try libpq.flush()
            _ = try libpq.collect(query: sql)
        }
        preparedStatements[sql] = name
        return name
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: committed when it returns, rolled back when it
    /// throws. Nested calls become savepoints (which keep the outer transaction's isolation:
    /// one that asks for another throws). `isolation`: the server's default (read committed,
    /// a snapshot per statement) unless given; `.repeatableRead` for work whose statements
    /// must all see one snapshot.
    ///
    /// When a statement of the transaction showed an undeclared pooler (`UndeclaredPooler`),
    /// the transaction, rolled back by the server, runs once more with unnamed statements:
    /// `body` may run twice, as after any failed attempt.
    @discardableResult
    public func transaction<T: Sendable>(isolation: PostgresIsolation? = nil,
                                         _ body: @Sendable (isolated PostgresConnection) async throws -> T) async throws -> T {
        if transactionDepth > 0 {
            guard isolation == nil else {
                throw PostgresError(.client, "a transaction nested in another cannot choose its isolation (it is a savepoint of the outer one)")
            }
            return try await savepoint(body)
        }
        let detectedBefore = detectedPooler
        do {
            return try await attemptTransaction(isolation, body)
        } catch let error as PostgresError where !detectedBefore && detectedPooler && UndeclaredPooler.isSymptom(error) {
            return try await attemptTransaction(isolation, body)
        }
    }

    private func attemptTransaction<T: Sendable>(_ isolation: PostgresIsolation?,
                                                 _ body: @Sendable (isolated PostgresConnection) async throws -> T) async throws -> T {
        try query(isolation.map { PostgresQuery(sql: "begin isolation level \($0.rawValue)") } ?? "begin")
        transactionDepth = 1
        defer { transactionDepth = 0 }
        let value: T
        do {
            value = try await body(self)
        } catch {
            if libpq.isOpen { _ = try? query("rollback") }
            throw error
        }
        let tag = try query("commit").commandTag
        // COMMIT of a transaction that already failed answers ROLLBACK, not an error.
        guard tag == "COMMIT" else {
            throw PostgresError(.client, "the transaction was rolled back: a statement in it failed and the error was caught")
        }
        return value
    }

    /// Runs `body` inside a savepoint of the current transaction: on a throw, only what
    /// `body` did is undone and the transaction can go on.
    @discardableResult
    public func savepoint<T: Sendable>(_ body: @Sendable (isolated PostgresConnection) async throws -> T) async throws -> T {
        guard transactionDepth > 0 else {
            throw PostgresError(.client, "savepoint outside a transaction")
        }
        savepointDepth += 1
        let name = "sp_\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try runScript("savepoint \(name)")
        do {
            let value = try await body(self)
            try runScript("release savepoint \(name)")
            return value
        } catch {
            if libpq.isOpen { _ = try? runScript("rollback to savepoint \(name)") }
            throw error
        }
    }

    // MARK: Pipeline

    /// Sends all statements before reading any result (libpq's pipeline mode): one
    /// round trip for the batch. They run as one implicit transaction: if one fails,
    /// none of them takes effect, and the first error is thrown.
    ///
    /// Like `query`, a pipeline that shows an undeclared pooler is sent again unnamed (its
    /// statements are one implicit transaction: none of them took effect).
    public func pipeline(_ queries: [PostgresQuery], prepared: Bool = false) throws -> [PostgresRows] {
        guard prepared, namesStatements else { return try runPipeline(queries, prepared: false) }
        do {
            return try runPipeline(queries, prepared: true)
        } catch let error as PostgresError where noticePooler(error) && transactionDepth == 0 {
            return try runPipeline(queries, prepared: false)
        }
    }

    private func runPipeline(_ queries: [PostgresQuery], prepared: Bool) throws -> [PostgresRows] {
        let pg = try libpq.connection()
        var names: [String?] = []
        if prepared { for query in queries { names.append(try preparedName(for: query.sql)) } }
        return try exchange { try sendPipeline(queries, names: names, pg) }
    }

    private func sendPipeline(_ queries: [PostgresQuery], names: [String?], _ pg: OpaquePointer) throws -> [PostgresRows] {
        let prepared = !names.isEmpty
        guard PQenterPipelineMode(pg) == 1 else { throw libpq.failure(.client) }
        defer { PQexitPipelineMode(pg) }
        for (i, query) in queries.enumerated() {
            try libpq.send(query, preparedName: prepared ? names[i] : nil)
            // Keep the socket moving so a large batch never fills both directions.
            if PQflush(pg) == 1, PQconsumeInput(pg) == 0 { throw libpq.failure(.connectionLost) }
        }
        guard PQpipelineSync(pg) == 1 else { throw libpq.failure(.connectionLost) }
        try libpq.flush()
        var results: [PostgresRows] = []
        results.reserveCapacity(queries.count)
        var firstError: PostgresError?
        for query in queries {
            do {
                results.append(try libpq.collect(query: query.sql))
            } catch let error as PostgresError {
                if error.kind == .connectionLost { throw error }
                if firstError == nil, error.sqlState != nil { firstError = error }
                results.append(PostgresRows(storage: nil, commandTag: ""))
            }
        }
        // The Sync's own result.
        while let result = try libpq.nextResult() {
            let status = PQresultStatus(result)
            PQclear(result)
            if status == PGRES_PIPELINE_SYNC { break }
        }
        deliverNotifications()
        if let firstError { throw firstError }
        return results
    }

    // MARK: LISTEN / NOTIFY

    /// Listens on `channel` for as long as `body` runs. The notifications arrive as an
    /// `AsyncSequence`; it ends with an error if the connection is lost, so a consumer
    /// knows to reconnect (and to catch up from its own durable state). Refused through a
    /// transaction pooler, declared or found (`isKnownPooled`): LISTEN belongs to a session,
    /// which a pooler hands to others.
    public func listen<T: Sendable>(
        on channel: String,
        _ body: sending (PostgresNotifications) async throws -> T
    ) async throws -> T {
        guard !isTransactionPooled, !detectedPooler, !UndeclaredPooler.isDetected(conninfo) else {
            throw PostgresError(.client, Self.listenThroughPooler)
        }
        let (stream, id) = hub.subscribe(channel)
        do {
            if hub.subscriberCount(channel) == 1 { try query("listen \(unescaped: quoteIdentifier(channel))") }
        } catch {
            hub.unsubscribe(channel, id)
            throw error
        }
        thread.idleSocket = libpq.socket
        let result: Result<T, Error>
        do {
            result = .success(try await body(PostgresNotifications(stream: stream)))
        } catch {
            result = .failure(error)
        }
        hub.unsubscribe(channel, id)
        if hub.subscriberCount(channel) == 0, libpq.isOpen {
            _ = try? query("unlisten \(unescaped: quoteIdentifier(channel))")
        }
        if hub.isEmpty { thread.idleSocket = -1 }
        return try result.get()
    }

    private func deliverNotifications() {
        if !hub.isEmpty { hub.deliver(libpq.notifications()) }
    }
}

/// Double-quotes an identifier that comes from code (a channel name), doubling quotes.
func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

extension PostgresQuery.StringInterpolation {
    /// Statement text from the library itself (a quoted identifier); never a value.
    mutating func appendInterpolation(unescaped text: String) { sql += text }
}
