/// A small pool of connections. Connections are opened lazily up to `maxConnections`;
/// a caller beyond that waits for one to come back. A connection that died (the server
/// restarted, an admin terminated the backend) is noticed when it is handed out or
/// when it fails, and replaced by a fresh one: callers never see a dead connection
/// twice.
///
/// Cancellation: a caller waiting for a connection whose Task is cancelled stops waiting
/// and throws `CancellationError`; a statement cancelled on a lent connection is cancelled
/// on the server (see `PostgresConnection.query`), and the connection comes back usable, or
/// is closed and replaced when the server did not answer the cancel in time.
public actor PostgresPool {
    public nonisolated let conninfo: String
    public nonisolated let database: String?
    public nonisolated let maxConnections: Int
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var waiters: [Waiter] = []
    private var nextWaiter = 0
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<PostgresConnection?, any Error>
    }
    private var closed = false

    public init(_ conninfo: String? = nil, database: String? = nil, maxConnections: Int = 4) {
        self.conninfo = conninfo ?? PostgresConnection.defaultConninfo
        self.database = database
        self.maxConnections = max(1, maxConnections)
    }

    /// Lends a connection to `body` and takes it back afterwards, healthy or not.
    public func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await checkOut()
        do {
            let value = try await body(connection)
            await checkIn(connection)
            return value
        } catch {
            await checkIn(connection)
            throw error
        }
    }

    /// One statement on any pooled connection.
    @discardableResult
    public func query(_ query: PostgresQuery, prepared: Bool = false) async throws -> PostgresRows {
        try await withConnection { try await $0.query(query, prepared: prepared) }
    }

    /// A transaction on any pooled connection.
    @discardableResult
    public func transaction<T: Sendable>(isolation: PostgresIsolation? = nil,
                                         _ body: @Sendable @escaping (isolated PostgresConnection) async throws -> T) async throws -> T {
        try await withConnection { try await $0.transaction(isolation: isolation, body) }
    }

    /// Closes idle connections and refuses new checkouts; lent ones close on return.
    public func close() async {
        closed = true
        let connections = idle
        idle.removeAll()
        open -= connections.count
        for connection in connections { await connection.close() }
        for waiter in waiters { waiter.continuation.resume(throwing: PostgresError(.client, "the pool is closed")) }
        waiters.removeAll()
    }

    private func checkOut() async throws -> PostgresConnection {
        guard !closed else { throw PostgresError(.client, "the pool is closed") }
        while let connection = idle.popLast() {
            if await connection.isHealthy() { return connection }
            open -= 1
            await connection.close()
        }
        if open < maxConnections {
            open += 1
            do {
                return try await PostgresConnection.connect(conninfo, database: database)
            } catch {
                // The slot is free again: a waiter queued meanwhile may try it (else it
                // would wait for a connection that never comes).
                open -= 1
                wakeWaiter(with: nil)
                throw error
            }
        }
        // Wait for a returned connection, or for a slot freed by a dead one (nil).
        let id = nextWaiter
        nextWaiter += 1
        let connection: PostgresConnection? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<PostgresConnection?, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
        if let connection { return connection }
        return try await checkOut()
    }

    /// A waiter's Task was cancelled: it throws instead of waiting on.
    private func stopWaiting(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Hands `connection` (nil: a free slot) to the longest waiter; false when none waits.
    @discardableResult
    private func wakeWaiter(with connection: PostgresConnection?) -> Bool {
        guard !waiters.isEmpty else { return false }
        waiters.removeFirst().continuation.resume(returning: connection)
        return true
    }

    private func checkIn(_ connection: PostgresConnection) async {
        let healthy = await connection.isHealthy()
        if !healthy || closed {
            open -= 1
            await connection.close()
            wakeWaiter(with: nil)
            return
        }
        if !wakeWaiter(with: connection) { idle.append(connection) }
    }
}
