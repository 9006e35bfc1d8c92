import Foundation
import Postgres

/// The worker's side of the queue SQL (sql/code/outbox: queue.sql, claim.sql, report.sql):
/// claim, report results, re-queue, inspect. Statements are prepared once per connection.
public enum OutboxQueue {
    /// `outbox.claim` as one statement, ready for a pipeline: one row per event and handler.
    static func claimQuery(worker: String, handlers: [String], batch: Int, lease: Duration) -> PostgresQuery {
        let milliseconds = Int(lease.components.seconds * 1000 + lease.components.attoseconds / 1_000_000_000_000_000)
        return """
            select event_id, handler, attempt, batch_id, table_name, op, record_id, record::text, old_record::text,
                   audience::text, created_at, actor, restored
              from outbox.claim(\(worker), \(handlers)::text[], \(batch)::int, make_interval(secs => \(milliseconds)::int / 1000.0))
            """
    }

    /// The events of a claim's rows, and whether the claim stopped early with room left
    /// (a long stretch of events none of our handlers wants: claim again at once).
    static func decodeClaim(_ rows: PostgresRows) throws -> (events: [OutboxEvent], more: Bool) {
        try OutboxEvent.decode(claimRows: rows)
    }

    /// Claims a batch on its own (no report to send with it).
    public static func claim(
        _ connection: PostgresConnection, worker: String, handlers: [String], batch: Int, lease: Duration
    ) async throws -> [OutboxEvent] {
        let rows = try await connection.query(claimQuery(worker: worker, handlers: handlers, batch: batch, lease: lease), prepared: true)
        return try decodeClaim(rows).events
    }

    /// The statements that record `report`: failures and releases first (they copy their
    /// events out of the batches), then the completion that closes the batches; empty parts
    /// are left out. The worker sends them with its next claim, in one transaction.
    static func reportQueries(_ report: BatchReport, worker: String) -> [PostgresQuery] {
        var queries: [PostgresQuery] = []
        if !report.failed.isEmpty {
            queries.append("""
                select handler, event_id, state, run_at from outbox.fail(\(worker), \(report.failed.map(\.handler))::text[],
                  \(report.failed.map(\.eventID))::bigint[], \(report.failed.map(\.message))::text[],
                  \(report.failed.map(\.retryable))::boolean[], \(report.failed.map(\.batch))::bigint[])
                """)
        }
        if !report.released.isEmpty {
            queries.append("""
                select outbox.release(\(worker), \(report.released.map(\.handler))::text[],
                  \(report.released.map(\.eventID))::bigint[], \(report.released.map(\.batch))::bigint[])
                """)
        }
        // Retries that succeeded are deleted one by one; a batch is closed as a whole.
        let retried = report.done.filter { $0.batch == 0 }
        let batches = Set(report.done.map(\.batch) + report.failed.map(\.batch) + report.released.map(\.batch))
            .filter { $0 != 0 }.sorted()
        if !batches.isEmpty || !retried.isEmpty {
            queries.append("""
                select outbox.complete(\(worker), \(batches)::bigint[], \(retried.map(\.handler))::text[],
                  \(retried.map(\.eventID))::bigint[])
                """)
        }
        return queries
    }

    /// Where the rows of `outbox.fail` are among the results of `reportQueries(report)`.
    static func failResultIndex(_ report: BatchReport) -> Int? { report.failed.isEmpty ? nil : 0 }

    /// Gives back every lease `worker` holds (a claim whose answer was lost with the connection).
    static func releaseAllQuery(worker: String) -> PostgresQuery {
        "select outbox.release(\(worker), null::text[], null::bigint[])"
    }

    /// Re-queues dead deliveries (all, one handler's, some events'); returns how many.
    @discardableResult
    public static func requeueDead(_ connection: PostgresConnection, handler: String? = nil, eventIDs: [Int64]? = nil) async throws -> Int {
        try await connection.query("select outbox.requeue_dead(\(handler), \(eventIDs)::bigint[])").scalar(Int.self)
    }

    /// Sets `max_attempts` of the named handlers.
    public static func setMaxAttempts(_ connection: PostgresConnection, handlers: [String], maxAttempts: Int) async throws {
        try await connection.query("""
            update outbox.handlers set max_attempts = \(maxAttempts)::int, updated_at = now()
             where name = any (\(handlers)::text[]) and max_attempts <> \(maxAttempts)::int
            """)
    }

    /// Retries the handler's failed deliveries for `horizon` before they go dead
    /// (`outbox.set_retry_horizon`: the attempts whose waits span it); returns the attempts.
    @discardableResult
    public static func setRetryHorizon(_ connection: PostgresConnection, handler: String, horizon: Duration) async throws -> Int {
        let milliseconds = Int(horizon.components.seconds * 1000 + horizon.components.attoseconds / 1_000_000_000_000_000)
        return try await connection.query("""
            select outbox.set_retry_horizon(\(handler), make_interval(secs => \(milliseconds)::int / 1000.0))
            """).scalar(Int.self)
    }

    /// Handler names registered in `outbox.handlers`.
    public static func registeredHandlers(_ connection: PostgresConnection) async throws -> Set<String> {
        Set(try await connection.query("select name from outbox.handlers").map { try $0.decode(0, as: String.self) })
    }

    /// One row of the `outbox.queue` view.
    public struct Status: Sendable, Hashable {
        public var handler: String
        public var pending: Int
        /// Events in the log the handler's cursor has not read yet (also counted in `pending`).
        public var unclaimed: Int
        public var scheduled: Int
        public var inFlight: Int
        public var leaseExpired: Int
        public var failed: Int
        public var dead: Int
        public var oldestUnhandledAge: String?
        public var nextRetryAt: Date?
    }

    public static func status(_ connection: PostgresConnection) async throws -> [Status] {
        try await connection.query("""
            select handler, pending, unclaimed, scheduled, in_flight, lease_expired, failed, dead,
                   date_trunc('millisecond', oldest_unhandled_age)::text as oldest, next_retry_at
              from outbox.queue
            """).map { row in
            Status(
                handler: try row.decode(0), pending: try row.decode(1), unclaimed: try row.decode(2),
                scheduled: try row.decode(3), inFlight: try row.decode(4), leaseExpired: try row.decode(5),
                failed: try row.decode(6), dead: try row.decode(7), oldestUnhandledAge: try row.decode(8),
                nextRetryAt: try row.decode(9))
        }
    }
}

/// The results of one batch, waiting to be recorded (with the next claim, in one round trip).
/// Each delivery names the batch it was claimed in (0: a retry row).
public struct BatchReport: Sendable {
    public struct Done: Sendable { var handler: String; var eventID: Int64; var batch: Int64 }
    public struct Failed: Sendable { var handler: String; var eventID: Int64; var batch: Int64; var message: String; var retryable: Bool }

    var done: [Done] = []
    var failed: [Failed] = []
    var released: [Done] = []

    var isEmpty: Bool { done.isEmpty && failed.isEmpty && released.isEmpty }
}
