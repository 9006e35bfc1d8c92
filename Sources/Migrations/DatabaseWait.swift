import Foundation
import Postgres

/// Connecting to a database that may still be starting: `migrate` runs next to the server
/// (docker compose starts both at once, and a fresh volume's server accepts connections only
/// after its init scripts), so a refused connection is tried again, doubling the wait from
/// 0.25 s to 5 s, for at most `limit`. A connection refused for good (bad credentials, no
/// such database: `PostgresError.isPermanentConnectionFailure`) fails at once.
public struct DatabaseWait: Sendable {
    public var limit: Duration

    public init(limit: Duration) {
        self.limit = limit
    }

    public func connect(
        _ conninfo: String, log: @Sendable (String) -> Void = { _ in }
    ) async throws -> PostgresConnection {
        let deadline = ContinuousClock.now + limit
        var delay = Duration.milliseconds(250)
        var said = false
        while true {
            do {
                return try await PostgresConnection.connect(conninfo)
            } catch let error as PostgresError where error.isTransient && !error.isPermanentConnectionFailure {
                let now = ContinuousClock.now
                guard now + delay <= deadline else {
                    throw PostgresError(.connectionFailed, "the database did not answer within \(limit): \(error.message)")
                }
                if !said {
                    log("waiting for the database (up to \(limit)): \(error.message)")
                    said = true
                }
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(5))
            }
        }
    }
}
