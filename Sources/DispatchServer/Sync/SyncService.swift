import Foundation
import Postgres

/// The offline-sync RPCs for one user: `sync_pull` and `sync_push` run as that user,
/// so row-level security decides what they see and may write. Refusals arrive as
/// `SQLAPIError` (`INVALID_TABLE`, `INVALID_CURSOR`, `CURSOR_EXPIRED`, `NOT_AUTHORIZED` …).
/// With `ConnectionRoles`, pulls go to a replica and pushes to the primary: a pull from a
/// lagging replica may repeat a change later, never lose one, the client's own pushes included.
public struct SyncService: UserService {
    let database: ServiceDatabase
    public let user: UUID
    /// How `pullAll` retries a page that failed transiently (a lost connection, a server
    /// restarting); coded errors are permanent and thrown at once. On one pinned connection
    /// a retry only helps with server-side transient errors: a lost connection stays lost,
    /// so build the service with a pool where `pullAll` should ride out one.
    public var retryPolicy: RetryPolicy = .default
    /// The wait between retries; tests set one that records instead of sleeping.
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// How `sync_pull` writes the records of a page: compact (the column names once, each
    /// record an array of values) unless set otherwise. Either decodes to the same `SyncPage`;
    /// compact pages are about half the bytes for the server to write and the client to parse.
    public var pageEncoding: SyncPageEncoding = .compact

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    /// One page of changes since `cursor` (nil: everything, a full sync).
    public func pull(table: SyncTable, cursor: SyncCursor? = nil, limit: Int = 1000) async throws -> SyncPage {
        try await pull(table: table, cursor: cursor, limit: limit, from: database.reads())
    }

    /// One round trip (`pipeline(as:)`: the claims and the pull sent together) rather than
    /// four (BEGIN, claims, pull, COMMIT): a pull is one read-only statement.
    private func pull(table: SyncTable, cursor: SyncCursor?, limit: Int, from source: any UserScopedDatabase) async throws -> SyncPage {
        try SyncPage(json: try await pullText(table: table, cursor: cursor, limit: limit, from: source))
    }

    /// The page's JSON text, as the server wrote it.
    private func pullText(table: SyncTable, cursor: SyncCursor?, limit: Int, from source: any UserScopedDatabase) async throws -> String {
        try await read("select public.sync_pull(\(table.rawValue), \(cursor?.rawValue), \(limit), \(pageEncoding.rawValue)) as page",
                       from: source)
    }

    /// Which tables changed for the user since `cursor` (nil: every table, to start from):
    /// `sync_poll`, cheap enough to call every second or two whatever other users hold or
    /// write. Pull the tables it names (`pullAll`), then poll again with its cursor.
    /// `tables` nil asks about every table the user may pull.
    public func poll(since cursor: SyncCursor? = nil, tables: [SyncTable]? = nil) async throws -> SyncPoll {
        let names = tables?.map(\.rawValue)
        return try SyncPoll(json: try await read(
            "select public.sync_poll(\(cursor?.rawValue), \(names)::text[]) as poll", from: database.reads()))
    }

    /// Pulls until `hasMore` is false, handing each page to `apply` in order, and returns
    /// the cursor to store. A page that fails transiently is fetched again (same cursor,
    /// so nothing is skipped) after the policy's delay; `apply` itself is not retried.
    /// Every page comes from one server: the pages after the first finish that first
    /// page's snapshot, which a replica further behind may not have replayed yet.
    ///
    /// The next page is asked for as soon as a page's text arrives (its cursor and
    /// `has_more` come first: `SyncPage.head(of:)`), so the server builds it while this one
    /// is decoded; it is awaited before `apply` runs, so `apply` never shares the
    /// connection with a pull in flight.
    @discardableResult
    public func pullAll(
        table: SyncTable, from cursor: SyncCursor? = nil, limit: Int = 1000,
        apply: (SyncPage) async throws -> Void
    ) async throws -> SyncCursor {
        let source = database.reads()
        let fetch: @Sendable (SyncCursor?) async throws -> String = { [self] from in
            try await retryPolicy.run(sleep: sleep) { _ in try await pullText(table: table, cursor: from, limit: limit, from: source) }
        }
        var text = try await fetch(cursor)
        while true {
            let head = SyncPage.head(of: text)
            async let prefetched: String? = head?.hasMore == true ? fetch(head?.cursor) : nil
            let page = try SyncPage(json: text)
            // A failure to get the next page is thrown after this page is applied, as before.
            var next: Result<String, any Error>?
            if page.hasMore {
                do {
                    if let text = try await prefetched { next = .success(text) } else { next = .success(try await fetch(page.cursor)) }
                } catch {
                    next = .failure(error)
                }
            }
            try await apply(page)
            guard let next else { return page.cursor }
            text = try next.get()
        }
    }

    /// Brings the app's copy of `table` up to date from `cursor` (nil: from nothing) and
    /// returns the cursor to store: `pullAll`, and when the server answers `CURSOR_EXPIRED`
    /// (the sync logs were purged past the cursor, the user's admin rights changed, or the
    /// database was restored, recovered to an earlier moment or failed over to a standby:
    /// its transaction ids may stand for other changes now), `reset` empties the app's copy
    /// and the table is pulled whole. The one call an app needs after any of those
    /// (docs/sync.md): its copy then equals what the server has, never silently less.
    @discardableResult
    public func sync(
        table: SyncTable, from cursor: SyncCursor?, limit: Int = 1000,
        reset: () async throws -> Void, apply: (SyncPage) async throws -> Void
    ) async throws -> SyncCursor {
        guard let cursor else { return try await pullAll(table: table, from: nil, limit: limit, apply: apply) }
        do {
            return try await pullAll(table: table, from: cursor, limit: limit, apply: apply)
        } catch let error as SQLAPIError where error.code == .cursorExpired {
            try await reset()
            return try await pullAll(table: table, from: nil, limit: limit, apply: apply)
        }
    }

    /// Writes one record, whole or not at all. `expectedVersion` is the `row_version` last
    /// pulled, or nil for a row created offline (inserted with the record's own `id`).
    /// Server-derived keys in `record` (times, `row_version`) are ignored, so a pulled record
    /// can be pushed back as it is; a changed column the user may not write is refused
    /// (`COLUMN_NOT_WRITABLE`), except `claimed_by` of a task or activity: the user's own id
    /// claims it, nil releases it (`ALREADY_COMPLETED`, `NOT_CLAIMER` when that is refused; a
    /// claim someone else won is a `.conflict` naming them). When the row moved on since
    /// `expectedVersion`, the record is merged into it field by field (`.merged`, saying per
    /// field what won: docs/sync.md).
    public func push(table: SyncTable, record: JSONValue, expectedVersion: Int?) async throws -> SyncPushResult {
        let text = try await run(on: database.primary) { conn in
            try conn.query("select public.sync_push(\(table.rawValue), \(record)::jsonb, \(expectedVersion)) as result",
                           prepared: true)
                .scalar(String.self)
        }
        return try SyncPushResult.parse(try JSONValue(parsing: text)).get()
    }

    /// The most records `push(table:batch:)` takes at once (`sync_push_batch` refuses more
    /// with `INVALID_BATCH`): push a longer queue in slices of this size.
    public static let maxBatchSize = 1000

    /// Writes pending records in one round trip: what `push(table:record:expectedVersion:)`
    /// answers for each, in order, a refused one as `.failure` with the error that would
    /// have thrown. Each record stands alone: a refused one undoes nothing of the others. An
    /// error about the whole call (the network, `INVALID_BATCH`) throws; push the same batch
    /// again, records already applied answer `.applied` again.
    public func push(table: SyncTable, batch: [SyncPendingWrite]) async throws -> [Result<SyncPushResult, SQLAPIError>] {
        let items = JSONValue.array(batch.map {
            ["record": $0.record, "expected_version": $0.expectedVersion.map { .number(Double($0)) } ?? .null]
        })
        let text = try await run(on: database.primary) { conn in
            try conn.query("select public.sync_push_batch(\(table.rawValue), \(items)::jsonb) as results", prepared: true)
                .scalar(String.self)
        }
        guard let answers = try JSONValue(parsing: text).arrayValue, answers.count == batch.count else {
            throw PostgresError(.decoding, "sync_push_batch answered something unexpected: \(text.prefix(200))")
        }
        return try answers.map(SyncPushResult.parse)
    }

    /// The one text value `query` returns, run as the user in one round trip.
    private func read(_ query: PostgresQuery, from source: any UserScopedDatabase) async throws -> String {
        let rows = try await SQLAPIError.mapping { try await source.pipeline(as: user, [query]) }
        return try rows[0].scalar(String.self)
    }

    private func run<T: Sendable>(
        on database: any UserScopedDatabase, _ body: @escaping @Sendable (isolated PostgresConnection) throws -> T
    ) async throws -> T {
        try await SQLAPIError.mapping {
            try await database.transaction(as: user) { conn in try body(conn) }
        }
    }
}
