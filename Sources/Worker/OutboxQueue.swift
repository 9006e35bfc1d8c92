import Foundation
import Postgres

/// The worker's side of the queue SQL (0009_outbox.sql): claim, report results, re-queue,
/// inspect. Statements are prepared once per connection.
public enum OutboxQueue {
    /// `outbox.claim` as one statement, ready for a pipeline.
    static func claimQuery(worker: String, handlers: [String], batch: Int, lease: Duration) -> PostgresQuery {
        let milliseconds = Int(lease.components.seconds * 1000 + lease.components.attoseconds / 1_000_000_000_000_000)
        return """
            select event_id, handlers, attempts, table_name, op, record_id, record::text, old_record::text,
                   audience::text, created_at, actor, restored
              from outbox.claim(\(worker), \(handlers)::text[], \(batch)::int, make_interval(secs => \(milliseconds)::int / 1000.0))
            """
    }

    static func decodeEvents(_ rows: PostgresRows) throws -> [OutboxEvent] {
        var events: [OutboxEvent] = []
        events.reserveCapacity(rows.count)
        for row in rows { events.append(try OutboxEvent(claimRow: row)) }
        return events
    }

    /// Claims a batch on its own (no report to send with it).
    public static func claim(
        _ connection: PostgresConnection, worker: String, handlers: [String], batch: Int, lease: Duration
    ) async throws -> [OutboxEvent] {
        let rows = try await connection.query(claimQuery(worker: worker, handlers: handlers, batch: batch, lease: lease), prepared: true)
        return try decodeEvents(rows)
    }

    /// The statements that record `report` (completions, failures, releases), in that order;
    /// empty parts are left out.
    static func reportQueries(_ report: BatchReport, worker: String) -> [PostgresQuery] {
        var queries: [PostgresQuery] = []
        if !report.done.isEmpty {
            queries.append("select outbox.complete(\(report.done.map(\.handler))::text[], \(report.done.map(\.eventID))::bigint[])")
        }
        if !report.failed.isEmpty {
            queries.append("""
                select handler, event_id, state, run_at from outbox.fail(\(worker), \(report.failed.map(\.handler))::text[],
                  \(report.failed.map(\.eventID))::bigint[], \(report.failed.map(\.message))::text[], \(report.failed.map(\.retryable))::boolean[])
                """)
        }
        if !report.released.isEmpty {
            queries.append("select outbox.release(\(worker), \(report.released.map(\.handler))::text[], \(report.released.map(\.eventID))::bigint[])")
        }
        return queries
    }

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

    /// Handler names registered in `outbox.handlers`.
    public static func registeredHandlers(_ connection: PostgresConnection) async throws -> Set<String> {
        Set(try await connection.query("select name from outbox.handlers").map { try $0.decode(0, as: String.self) })
    }

    /// One row of the `outbox.queue` view.
    public struct Status: Sendable, Hashable {
        public var handler: String
        public var pending: Int
        public var awaitingFanout: Int
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
            select handler, pending, awaiting_fanout, scheduled, in_flight, lease_expired, failed, dead,
                   date_trunc('millisecond', oldest_unhandled_age)::text as oldest, next_retry_at
              from outbox.queue
            """).map { row in
            Status(
                handler: try row.decode(0), pending: try row.decode(1), awaitingFanout: try row.decode(2),
                scheduled: try row.decode(3), inFlight: try row.decode(4), leaseExpired: try row.decode(5),
                failed: try row.decode(6), dead: try row.decode(7), oldestUnhandledAge: try row.decode(8),
                nextRetryAt: try row.decode(9))
        }
    }
}

/// The results of one batch, waiting to be recorded (with the next claim, in one round trip).
public struct BatchReport: Sendable {
    public struct Done: Sendable { var handler: String; var eventID: Int64 }
    public struct Failed: Sendable { var handler: String; var eventID: Int64; var message: String; var retryable: Bool }

    var done: [Done] = []
    var failed: [Failed] = []
    var released: [Done] = []

    var isEmpty: Bool { done.isEmpty && failed.isEmpty && released.isEmpty }
}
