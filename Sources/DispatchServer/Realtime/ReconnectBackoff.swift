/// Delays between reconnection attempts to a database that went away: short at first (a
/// dropped connection usually comes straight back), doubling up to a cap so that a server
/// that is down for minutes is not hammered — `RetryPolicy`'s schedule with reconnect-sized
/// numbers and no last attempt. `reset()` after a success.
public struct ReconnectBackoff: Sendable {
    public var policy: RetryPolicy
    public private(set) var failures = 0

    public init(initial: Duration = .milliseconds(100), maximum: Duration = .seconds(5)) {
        policy = RetryPolicy(initialDelay: initial, maxDelay: maximum, maxAttempts: .max)
    }

    /// The wait before the next attempt (and counts the failure).
    public mutating func next() -> Duration {
        failures += 1
        return policy.delay(afterAttempt: failures)
    }

    public mutating func reset() { failures = 0 }
}
