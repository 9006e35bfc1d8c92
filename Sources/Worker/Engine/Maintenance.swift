import Postgres

/// The periodic clean-up: watchlist and journal tombstones older than 30 days (the end of a
/// journal thread's undo), the sync logs' rows (deletions, moves, access changes) past their
/// retention, the change marks of `sync_poll` older than an hour (a shortcut, not a log: an
/// older poll cursor asks the exact question), and the days of the outbox log older than 7
/// days that every handler has read (`outbox.prune` truncates them whole); and the claims
/// whose time is up, where the operator set a claim expiry (`private.claim_settings`),
/// released (the notification handler then tells the claimer and the declarer). One worker
/// at a time runs each job (the lock of the job `maintenance`), so any number of workers may
/// have it switched on.
///
/// The lock is the row lock of `maintenance` in `private.job_locks`, which no API role reads
/// (an advisory lock, which any session may take, let an app user hold the key and stop the
/// maintenance of every worker for good), taken per job inside that job's transaction
/// (`private.try_job_lock`): a session lock would outlive its statement on whichever server
/// connection a transaction pooler lent, and never be released by the client that took it.
public struct Maintenance: Sendable {
    public struct Result: Sendable, Equatable {
        public var tombstones = 0
        public var journalTombstones = 0
        /// Rows purged from the sync logs (`purge_sync_deletions`).
        public var syncDeletions = 0
        /// Change marks purged (`purge_sync_marks`).
        public var syncMarks = 0
        public var events = 0
        /// Claims released because their time was up (`private.release_expired_claims`).
        public var expiredClaims = 0
        /// False when another worker held the lock.
        public var ran = false
    }

    public var tombstoneAge = "30 days"
    public var syncDeletionAge = "30 days"
    public var syncMarkAge = "1 hour"
    public var eventAge = "7 days"

    static let job = "maintenance"

    public init() {}

    /// Runs the five jobs once, each in a transaction of its own (a failure of one does not
    /// undo the others). Stops at the first job another worker is running: it runs the rest.
    public func run(_ connection: PostgresConnection) async throws -> Result {
        let jobs: [(PostgresQuery, WritableKeyPath<Result, Int>)] = [
            ("select public.purge_watchlist_tombstones(\(tombstoneAge)::interval)", \.tombstones),
            ("select public.purge_journal_tombstones(\(tombstoneAge)::interval)", \.journalTombstones),
            ("select public.purge_sync_deletions(\(syncDeletionAge)::interval)", \.syncDeletions),
            ("select public.purge_sync_marks(\(syncMarkAge)::interval)", \.syncMarks),
            ("select outbox.prune(\(eventAge)::interval)", \.events),
            ("select private.release_expired_claims()", \.expiredClaims),
        ]
        var result = Result()
        for (job, field) in jobs {
            let count = try await connection.transaction { connection -> Int? in
                guard try connection.query("select private.try_job_lock(\(Self.job))").scalar(Bool.self) else {
                    return nil
                }
                return try connection.query(job).scalar(Int.self)
            }
            guard let count else { return result }
            result[keyPath: field] = count
            result.ran = true
        }
        return result
    }
}
