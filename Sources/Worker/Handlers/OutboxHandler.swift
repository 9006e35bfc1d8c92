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
    /// Retried later (`outbox.retry_delay`) while `retryable` and the handler's retries
    /// last (`outbox.handlers`: attempts, or a horizon); dead otherwise.
    case failed(message: String, retryable: Bool)
    /// Not handled because the database connection failed under it (lost, refused, a
    /// protocol error, a statement moved by a pooler): given back untried, like a delivery
    /// cut short by a stop. The event was not at fault, so this is never an attempt and
    /// never makes it dead.
    case interrupted(message: String)

    /// Classifies a thrown error: a database connection or protocol failure interrupts;
    /// otherwise the retry policy decides: transient (server restarting, HTTP 408/429/5xx,
    /// network timeouts) is retried; anything else is not.
    public static func failure(_ error: any Error) -> DeliveryResult {
        if isConnectionFailure(error) { return .interrupted(message: describe(error)) }
        return .failed(message: describe(error), retryable: RetryPolicy.isTransient(error))
    }

    /// A failure of the database connection rather than of the handler's work: lost or
    /// refused, a connection-class SQLSTATE (08: protocol violation …) or a prepared
    /// statement moved by a pooler (26000, 42P05).
    static func isConnectionFailure(_ error: any Error) -> Bool {
        guard let error = error as? PostgresError else { return false }
        switch error.kind {
        case .connectionLost, .connectionFailed: return true
        case .server:
            guard let state = error.sqlState else { return false }
            return state.errorClass == "08" || state == .invalidSQLStatementName || state == .duplicatePreparedStatement
        case .decoding, .client: return false
        }
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
