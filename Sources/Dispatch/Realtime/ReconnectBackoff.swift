/// Delays between reconnection attempts to a database that went away: short at first (a
/// dropped connection usually comes straight back), doubling up to a cap so that a server
/// that is down for minutes is not hammered. `reset()` after a success.
public struct ReconnectBackoff: Sendable {
    public var initial: Duration
    public var maximum: Duration
    public private(set) var failures = 0

    public init(initial: Duration = .milliseconds(100), maximum: Duration = .seconds(5)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait before the next attempt (and counts the failure).
    public mutating func next() -> Duration {
        let doublings = min(failures, 20)
        failures += 1
        return min(initial * (1 << doublings), maximum)
    }

    public mutating func reset() { failures = 0 }
}
