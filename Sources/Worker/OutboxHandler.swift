import DispatchServer
import Postgres

/// A consumer of outbox events: dispatch-worker runs one per registered handler name
/// (`outbox.handlers`). Delivery is at least once, so a handler must be idempotent (the
/// notification handler deduplicates by key; a push may, rarely, be sent twice).
public protocol OutboxHandler: Sendable {
    /// The name in `outbox.handlers`.
    var name: String { get }

    /// Handles a batch of events for this handler; returns one result per event, in order.
    /// Runs on the claiming loop's connection (`context.connection`), which it may use for
    /// its own queries and transactions.
    func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult]

    /// The named counts it reports (`HandlerContext.stats.count`), listed with zeros in the
    /// worker's JSON totals line so that its keys are known before anything happened.
    var counters: [String] { get }
}

extension OutboxHandler {
    public var counters: [String] { [] }
}

/// What one event's handling came to.
public enum DeliveryResult: Sendable, Equatable {
    case done
    /// Retried later (1 s, 2 s, 4 s … 60 s) while `retryable` and attempts remain; dead otherwise.
    case failed(message: String, retryable: Bool)

    /// Classifies a thrown error with the retry policy: transient (connection lost, server
    /// restarting, HTTP 408/429/5xx, network timeouts) is retried; anything else is not.
    public static func failure(_ error: any Error) -> DeliveryResult {
        .failed(message: describe(error), retryable: RetryPolicy.isTransient(error))
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? PostgresError {
            return error.message + (error.sqlState.map { " (SQLSTATE \($0))" } ?? "")
        }
        return "\(error)"
    }
}

/// What a handler gets besides its events.
public struct HandlerContext: Sendable {
    /// The claiming loop's own connection (not shared with other loops).
    public let connection: PostgresConnection
    /// The lease holder's name (loop-specific).
    public let worker: String
    public let log: WorkerLog
    /// The worker's totals, where a handler adds counts of its own (`WorkerStats.count`).
    public let stats: WorkerStats

    public init(connection: PostgresConnection, worker: String, log: WorkerLog, stats: WorkerStats = WorkerStats()) {
        self.connection = connection
        self.worker = worker
        self.log = log
        self.stats = stats
    }
}

/// A failure a handler raises itself, saying whether retrying can help.
public struct HandlerError: Error, RetryClassifiable, CustomStringConvertible {
    public let message: String
    public let isTransient: Bool

    public static func permanent(_ message: String) -> HandlerError { HandlerError(message: message, isTransient: false) }
    public static func transient(_ message: String) -> HandlerError { HandlerError(message: message, isTransient: true) }

    public var description: String { message }
}

/// A handler that handles each event on its own; failures stay per event.
public protocol PerEventHandler: OutboxHandler {
    func handle(_ event: OutboxEvent, context: HandlerContext) async throws
}

extension PerEventHandler {
    public func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        var results: [DeliveryResult] = []
        results.reserveCapacity(events.count)
        for event in events {
            do {
                try await handle(event, context: context)
                results.append(.done)
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }
}
