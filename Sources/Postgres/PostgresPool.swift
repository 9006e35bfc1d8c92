/// A small pool of connections. Connections are opened lazily up to `maxConnections`;
/// a caller beyond that waits for one to come back. A connection that died (the server
/// restarted, an admin terminated the backend) is noticed when it is handed out or
/// when it fails, and replaced by a fresh one: callers never see a dead connection
/// twice.
public actor PostgresPool {
    public nonisolated let conninfo: String
    public nonisolated let database: String?
    public nonisolated let maxConnections: Int
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var waiters: [CheckedContinuation<PostgresConnection?, Error>] = []
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
    public func transaction<T: Sendable>(_ body: @Sendable @escaping (isolated PostgresConnection) async throws -> T) async throws -> T {
        try await withConnection { try await $0.transaction(body) }
    }

    /// Closes idle connections and refuses new checkouts; lent ones close on return.
    public func close() async {
        closed = true
        let connections = idle
        idle.removeAll()
        open -= connections.count
        for connection in connections { await connection.close() }
        for waiter in waiters { waiter.resume(throwing: PostgresError(.client, "the pool is closed")) }
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
                open -= 1
                throw error
            }
        }
        // Wait for a returned connection, or for a slot freed by a dead one (nil).
        if let connection = try await withCheckedThrowingContinuation({ waiters.append($0) }) {
            return connection
        }
        return try await checkOut()
    }

    private func checkIn(_ connection: PostgresConnection) async {
        let healthy = await connection.isHealthy()
        if !healthy || closed {
            open -= 1
            await connection.close()
            if !waiters.isEmpty { waiters.removeFirst().resume(returning: nil) }
            return
        }
        if !waiters.isEmpty {
            waiters.removeFirst().resume(returning: connection)
        } else {
            idle.append(connection)
        }
    }
}
