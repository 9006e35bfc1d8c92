import Postgres

/// The periodic clean-up: watchlist and journal tombstones older than 30 days (the end of a
/// journal thread's undo), sync deletions past their retention, and outbox events handled
/// more than 7 days ago. One worker at a time runs it
/// (an advisory lock), so any number of workers may have it switched on.
public struct Maintenance: Sendable {
    public struct Result: Sendable, Equatable {
        public var tombstones = 0
        public var journalTombstones = 0
        public var syncDeletions = 0
        public var events = 0
        /// False when another worker held the lock.
        public var ran = false
    }

    public var tombstoneAge = "30 days"
    public var syncDeletionAge = "30 days"
    public var eventAge = "7 days"

    public init() {}

    /// Runs the four jobs once (each in its own statement; a failure of one does not undo
    /// the others).
    public func run(_ connection: PostgresConnection) async throws -> Result {
        let key = "dispatch-worker maintenance"
        guard try await connection.query("select pg_try_advisory_lock(hashtext(\(key)))").scalar(Bool.self) else {
            return Result()
        }
        var result = Result(ran: true)
        do {
            result.tombstones = try await connection.query(
                "select public.purge_watchlist_tombstones(\(tombstoneAge)::interval)").scalar(Int.self)
            result.journalTombstones = try await connection.query(
                "select public.purge_journal_tombstones(\(tombstoneAge)::interval)").scalar(Int.self)
            result.syncDeletions = try await connection.query(
                "select public.purge_sync_deletions(\(syncDeletionAge)::interval)").scalar(Int.self)
            result.events = try await connection.query("select outbox.prune(\(eventAge)::interval)").scalar(Int.self)
        } catch {
            _ = try? await connection.query("select pg_advisory_unlock(hashtext(\(key)))")
            throw error
        }
        _ = try await connection.query("select pg_advisory_unlock(hashtext(\(key)))")
        return result
    }
}
