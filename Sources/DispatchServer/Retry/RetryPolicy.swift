import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Postgres

/// The retry policy, one type for the sync client and the worker: exponential backoff from
/// 1 s doubling to a 60 s cap, so a server that is down for a minute is not hammered yet a
/// blip costs a second; and only transient failures retried — a permanent one (bad input,
/// a 4xx other than 408/429) fails at once, because trying again cannot change the answer.
/// The outbox queue retries a failed delivery on the same schedule in SQL
/// (`outbox.retry_delay`); `ContractTests` checks that the two agree. Five attempts, not
/// the watchlist plan's three, and unknown errors permanent: why is in docs/sync.md ("The
/// retry policy").
public struct RetryPolicy: Sendable, Hashable {
    public var initialDelay: Duration
    public var maxDelay: Duration
    /// Attempts in all, the first included.
    public var maxAttempts: Int

    public init(initialDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(60), maxAttempts: Int = 5) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.maxAttempts = max(1, maxAttempts)
    }

    public static let `default` = RetryPolicy()

    /// The wait after failed attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped.
    public func delay(afterAttempt attempt: Int) -> Duration {
        let doublings = max(0, min(attempt - 1, 30))
        let delay = initialDelay * (1 << doublings)
        return min(delay, maxDelay)
    }

    /// Whether to try again after attempt `attempt` failed with `error`.
    public func shouldRetry(_ error: any Error, afterAttempt attempt: Int) -> Bool {
        attempt < maxAttempts && Self.isTransient(error)
    }

    /// Runs `operation` until it succeeds, fails permanently or runs out of attempts.
    public func run<T: Sendable>(
        sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        _ operation: @Sendable (_ attempt: Int) async throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation(attempt)
            } catch {
                guard shouldRetry(error, afterAttempt: attempt) else { throw error }
                try await sleep(delay(afterAttempt: attempt))
                attempt += 1
            }
        }
    }

    /// Transient: a lost or refused database connection, a server restarting,
    /// serialization failures, HTTP 408/429/5xx, network timeouts. Everything else is
    /// permanent.
    public static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case let error as RetryClassifiable: return error.isTransient
        case let error as PostgresError: return error.isTransient
        case let error as URLError:
            return [.timedOut, .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost,
                    .cannotFindHost, .dnsLookupFailed].contains(error.code)
        case is CancellationError: return false
        default: return false
        }
    }

    /// HTTP status codes that are worth retrying: 408, 429 and every 5xx.
    public static func isTransient(httpStatus: Int) -> Bool {
        httpStatus == 408 || httpStatus == 429 || (500...599).contains(httpStatus)
    }
}

/// An error that knows whether retrying it can help.
public protocol RetryClassifiable: Error {
    var isTransient: Bool { get }
}
