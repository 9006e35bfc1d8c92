import Foundation
import Postgres

/// A signed-in user's notifications: their feed, their badge counts, marking read.
///
/// Every call runs in its own transaction as that user (`transaction(as:)`), so row-level
/// security and the column grants decide what it may see and change — exactly what the
/// apps get through the API — rather than a `where user_id = …` this type could forget.
/// With `ConnectionRoles`, the feed, the badges and the unread count are read from a
/// replica when there are some (they may lag a moment behind `markRead`); marking read
/// goes to the primary.
public struct NotificationService: UserService {
    let database: ServiceDatabase
    public let user: UUID

    /// Page sizes above this are refused: a feed page is for a screen, not an export.
    public static let maxPageSize = 200
    /// Ids per `markRead` call; a bound keeps one request's array within reason.
    public static let maxMarkReadIDs = 1000

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    /// One page of the feed, newest first; pass `page.nextCursor` back for the next one.
    /// With `unreadOnly`, only unread rows (the cursor then walks unread rows only).
    public func list(
        limit: Int = 50,
        after cursor: NotificationCursor? = nil,
        unreadOnly: Bool = false
    ) async throws -> NotificationPage {
        guard (1...Self.maxPageSize).contains(limit) else {
            throw SQLAPIError(.invalidLimit, "limit must be 1…\(Self.maxPageSize), got \(limit)")
        }
        let query = Self.listQuery(userID: user, limit: limit, cursor: cursor, unreadOnly: unreadOnly)
        return try await SQLAPIError.mapping {
            try await database.reads().transaction(as: user) { conn in
                let rows = try conn.query(query, prepared: true)
                var notifications: [AppNotification] = []
                notifications.reserveCapacity(min(rows.count, limit))
                var next: NotificationCursor?
                for (index, row) in rows.enumerated() {
                    // One extra row was asked for: it says whether another page exists.
                    guard index < limit else { break }
                    notifications.append(try AppNotification(row: row))
                    if index == limit - 1, rows.count > limit {
                        next = NotificationCursor(
                            createdAtMicroseconds: try row.decode("cursor_us", as: Int64.self),
                            id: try row.decode("id", as: UUID.self))
                    }
                }
                return NotificationPage(notifications: notifications, nextCursor: next)
            }
        }
    }

    /// `get_badge_counts`: the four totals, and per-entity details when asked for (they
    /// cost more to build, so the tab badges should not ask).
    public func badgeCounts(includeDetails: Bool = false) async throws -> BadgeCounts {
        try await SQLAPIError.mapping {
            try await database.reads().transaction(as: user) { conn in
                try conn.query("select public.get_badge_counts(\(includeDetails)) as counts", prepared: true)
                    .first.map { try $0.decodeJSON("counts", as: BadgeCounts.self) } ?? .zero
            }
        }
    }

    /// All unread notifications of the user (the sum of the four badge totals).
    public func unreadCount() async throws -> Int {
        try await SQLAPIError.mapping {
            try await database.reads().transaction(as: user) { [user] conn in
                try conn.query(
                    "select count(*) from public.notifications n where n.user_id = \(user) and not n.read",
                    prepared: true
                ).scalar(Int.self)
            }
        }
    }

    /// Marks these notifications read; returns how many went from unread to read. Ids that
    /// are not the user's, or already read, are skipped — so a retried call is harmless.
    @discardableResult
    public func markRead(ids: [UUID]) async throws -> Int {
        guard ids.count <= Self.maxMarkReadIDs else {
            throw SQLAPIError(.tooManyIDs, "at most \(Self.maxMarkReadIDs) ids per call, got \(ids.count)")
        }
        return try await SQLAPIError.mapping {
            try await database.primary.transaction(as: user) { conn in
                try conn.query("select public.mark_notifications_read(\(ids)::uuid[])", prepared: true).scalar(Int.self)
            }
        }
    }

    /// Marks every unread notification of the user read; returns how many changed.
    @discardableResult
    public func markAllRead() async throws -> Int {
        try await SQLAPIError.mapping {
            try await database.primary.transaction(as: user) { conn in
                try conn.query("select public.mark_all_notifications_read()", prepared: true).scalar(Int.self)
            }
        }
    }

    /// The feed query. Four fixed statement texts (first page or not, all or unread), so
    /// each is prepared once per connection and no `$n is null or …` defeats the index:
    /// the keyset `(created_at, id) < (…)` runs straight down
    /// `notifications_user_created_idx` / `notifications_user_unread_idx`
    /// (both `(user_id, created_at desc, id desc)`).
    static func listQuery(userID: UUID, limit: Int, cursor: NotificationCursor?, unreadOnly: Bool) -> PostgresQuery {
        var sql = """
            select \(AppNotification.selectList),
                   (extract(epoch from n.created_at) * 1000000)::bigint as cursor_us
            from public.notifications n
            where n.user_id = $1
            """
        var binds: [any PostgresEncodable] = [userID]
        if unreadOnly { sql += " and not n.read" }
        if let cursor {
            // Whole microseconds back to a timestamptz without passing through a float.
            sql += " and (n.created_at, n.id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid)"
            binds += [cursor.createdAtMicroseconds, cursor.id]
        }
        sql += " order by n.created_at desc, n.id desc limit $\(binds.count + 1)"
        binds.append(limit + 1)
        return PostgresQuery(sql: sql, binds: binds)
    }
}
