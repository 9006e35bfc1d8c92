import Foundation
import Postgres
import Synchronization

/// Changes to the recorded tables as an `AsyncSequence` of `RealtimeRecord`, resumable.
///
/// The feed keeps a dedicated connection that LISTENs to the outbox doorbell
/// (`Doorbell.channel`) and reads `outbox.changes_since` from its cursor whenever the bell
/// rings (and every `pollInterval` regardless). The cursor is a snapshot, so a change whose
/// transaction commits late is still delivered; records repeated across a page boundary are
/// dropped by event id. When the connection is lost (a server restart, a network cut), the
/// feed reconnects with backoff and carries on from its cursor: nothing is missed. Records
/// arrive in commit order per row. Iterating pulls one page at a time: a slow consumer makes
/// the feed read more slowly, it never buffers without bound. On a conninfo that declares a
/// transaction pooler (`pgbouncer=true`), where LISTEN cannot work, the feed reads every
/// `pollInterval` only: give it a session (`ConnectionRoles.changes`) for live changes. A
/// cursor older than the log's retention (outbox.prune removed events it had not read)
/// makes `next()` throw the coded `CURSOR_EXPIRED` error rather than skip them: start again
/// from now and reload.
///
///     for try await change in pool.changes(tables: ["tasks"], since: savedCursor) {
///         let title = try change.record.decode("title", as: String.self)
///         save(change.cursor)
///     }
public struct ChangeFeed: AsyncSequence, Sendable {
    public typealias Element = RealtimeRecord

    public struct Options: Sendable {
        /// Records read per `changes_since` call.
        public var pageSize: Int = 500
        /// Read even without a doorbell this often (a safety net, not the normal path).
        public var pollInterval: Duration = .seconds(10)
        public var backoff = ReconnectBackoff()
        /// Only changes that concern this user (named in the event's audience, or visible to
        /// everybody, and still visible to them after an update), followed by the rows they
        /// gained or lost the right to see (`RealtimeRecord.reason`), as their `sync_pull`
        /// reports them; nil = all changes (the service's view).
        public var user: UUID?

        public init(pageSize: Int = 500, pollInterval: Duration = .seconds(10), user: UUID? = nil) {
            self.pageSize = pageSize
            self.pollInterval = pollInterval
            self.user = user
        }
    }

    public let conninfo: String
    public let database: String?
    /// nil = every recorded table.
    public let tables: [String]?
    /// nil = from the moment the feed first connects; `.beginning` = all retained changes.
    public let start: RealtimeCursor?
    public let options: Options

    public init(
        conninfo: String? = nil, database: String? = nil, tables: [String]? = nil,
        since start: RealtimeCursor? = nil, options: Options = Options()
    ) {
        self.conninfo = conninfo ?? PostgresConnection.defaultConninfo
        self.database = database
        self.tables = tables
        self.start = start
        self.options = options
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(session: FeedSession(feed: self))
    }

    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let session: FeedSession
        public mutating func next() async throws -> RealtimeRecord? { try await session.next() }
    }
}

extension PostgresPool {
    /// A change feed on the pool's database (it opens a connection of its own).
    public nonisolated func changes(
        tables: [String]? = nil, since cursor: RealtimeCursor? = nil, options: ChangeFeed.Options = .init()
    ) -> ChangeFeed {
        ChangeFeed(conninfo: conninfo, database: database, tables: tables, since: cursor, options: options)
    }
}

extension ConnectionRoles {
    /// A change feed on the session connection (`direct`), else on the primary (which polls
    /// when it is a transaction pooler).
    public func changes(
        tables: [String]? = nil, since cursor: RealtimeCursor? = nil, options: ChangeFeed.Options = .init()
    ) -> ChangeFeed {
        guard let direct else { return primary.changes(tables: tables, since: cursor, options: options) }
        return ChangeFeed(conninfo: direct, tables: tables, since: cursor, options: options)
    }
}

extension PostgresConnection {
    /// A change feed on this connection's database, with a connection of its own (a feed
    /// holds its connection for as long as it runs).
    public nonisolated func changes(
        tables: [String]? = nil, since cursor: RealtimeCursor? = nil, options: ChangeFeed.Options = .init()
    ) -> ChangeFeed {
        ChangeFeed(conninfo: conninfo, database: database, tables: tables, since: cursor, options: options)
    }
}

/// The state of one iteration: connection, cursor, the current page. It closes its
/// connection when the iterator is dropped.
public final class FeedSession: Sendable {
    private struct State {
        var connection: PostgresConnection?
        var listener: Task<Void, Never>?
        var cursor: RealtimeCursor?
        var page: [RealtimeRecord] = []
        var position = 0
        var recent: Set<Int64> = []
        var older: Set<Int64> = []
        var backoff: ReconnectBackoff
        var closed = false
    }

    private let feed: ChangeFeed
    private let doorbell = Doorbell()
    private let state: Mutex<State>

    init(feed: ChangeFeed) {
        self.feed = feed
        state = Mutex(State(cursor: feed.start, backoff: feed.options.backoff))
    }

    deinit {
        let (connection, listener) = state.withLock { ($0.connection, $0.listener) }
        listener?.cancel()
        if let connection { Task { await connection.close() } }
    }

    /// The cursor after the last record handed out (nil before the first connection of a
    /// feed that starts "now").
    public var cursor: RealtimeCursor? { state.withLock { $0.cursor } }

    func next() async throws -> RealtimeRecord? {
        while true {
            if Task.isCancelled { return nil }
            if let record = state.withLock({ state -> RealtimeRecord? in
                guard state.position < state.page.count else { return nil }
                defer { state.position += 1 }
                return state.page[state.position]
            }) {
                return record
            }
            do {
                let connection = try await connect()
                doorbell.reset()
                let (records, hasMore) = try await readPage(connection)
                state.withLock { $0.backoff.reset() }
                if !records.isEmpty { continue }
                if !hasMore { await doorbell.wait(timeout: feed.options.pollInterval) }
            } catch let error as PostgresError where error.kind == .connectionLost || error.kind == .connectionFailed
                        || error.isTransient {
                let delay = dropConnection()
                try? await Task.sleep(for: delay)
            }
        }
    }

    private func dropConnection() -> Duration {
        let (connection, listener, delay) = state.withLock { state in
            defer { state.connection = nil; state.listener = nil }
            return (state.connection, state.listener, state.backoff.next())
        }
        listener?.cancel()
        if let connection { Task { await connection.close() } }
        return delay
    }

    private func connect() async throws -> PostgresConnection {
        if let connection = state.withLock({ $0.connection }) { return connection }
        let connection = try await PostgresConnection.connect(feed.conninfo, database: feed.database)
        // Listen before the first read, so no commit between the two goes unnoticed.
        var listener: Task<Void, Never>?
        if !connection.isTransactionPooled {
            let doorbell = self.doorbell
            let listening = Doorbell()
            listener = Task {
                _ = try? await connection.listen(on: Doorbell.channel) { notifications in
                    listening.ring()
                    for try await _ in notifications { doorbell.ring() }
                }
                listening.ring()
                doorbell.ring()
            }
            await listening.wait(timeout: .seconds(10))
        }
        if state.withLock({ $0.cursor }) == nil {
            let now = try await connection.query("select outbox.current_cursor()").scalar(String.self)
            state.withLock { $0.cursor = RealtimeCursor(rawValue: now) }
        }
        state.withLock { state in
            state.connection = connection
            state.listener = listener
        }
        return connection
    }

    private func readPage(_ connection: PostgresConnection) async throws -> ([RealtimeRecord], Bool) {
        let cursor = state.withLock { $0.cursor } ?? .beginning
        let result = try await connection.query("""
            select outbox.changes_since(\(cursor.rawValue), \(feed.tables)::text[], \(feed.options.pageSize)::int, \(feed.options.user)::uuid)::text
            """, prepared: true).scalar(String.self)
        let page = try JSONValue(parsing: result)
        guard let next = page["cursor"]?.stringValue, let events = page["events"]?.arrayValue else {
            throw PostgresError(.decoding, "changes_since returned an unexpected shape")
        }
        let hasMore = page["has_more"]?.boolValue ?? false
        let nextCursor = RealtimeCursor(rawValue: next)
        // A record's cursor: the page's own cursor for its last record, the cursor before
        // the page for the others (resuming there repeats the page, never skips a record).
        var records: [RealtimeRecord] = []
        records.reserveCapacity(events.count)
        for (i, event) in events.enumerated() {
            records.append(try RealtimeRecord(feedEvent: event, cursor: i == events.count - 1 ? nextCursor : cursor))
        }
        return state.withLock { state in
            // (visibility changes have no event id: each is handed out once, with its page)
            let fresh = records.filter { $0.reason != nil || (!state.recent.contains($0.id) && !state.older.contains($0.id)) }
            state.older = state.recent
            state.recent = Set(records.filter { $0.reason == nil }.map(\.id))
            state.cursor = nextCursor
            state.page = fresh
            state.position = 0
            return (fresh, hasMore)
        }
    }
}
