import Foundation
import Postgres

/// History, recently deleted and restore for one user, through the SQL API
/// (`get_entity_history`, `get_recently_deleted`, `restore_entity`). Every call is one
/// transaction as that user, so the audit tables' row-level security decides what they see
/// and `restore_entity` decides what they may restore; this type adds no rules of its own.
///
/// With `ConnectionRoles`, history and recently deleted are read from a replica; restores,
/// and the reads that must see them, go to the primary.
public struct AuditService: UserService {
    let database: ServiceDatabase
    public let user: UUID

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    /// The apps' first history page: 50 entries, then "Show all" pages through the rest.
    public static let defaultPageSize = 50
    /// `get_entity_history` accepts 1…500.
    public static let maxPageSize = 500

    /// One page of the entity's history, newest first. An entity the caller may not see, or
    /// one with no history yet, gives an empty page (the same answer, so nothing leaks).
    /// Throws `SQLAPIError` (`INVALID_CURSOR`, `INVALID_LIMIT`).
    public func history(
        entity: AuditableEntity, id: UUID, limit: Int = defaultPageSize, before cursor: HistoryCursor? = nil
    ) async throws -> HistoryPage {
        // One extra row tells whether another page exists, so the last page has no cursor.
        // A limit out of range goes to the server as it is, which rejects it.
        let fetch = (1..<Self.maxPageSize).contains(limit) ? limit + 1 : limit
        let rows = try await read(on: database.reads(),
            "select * from public.get_entity_history(\(entity.rawValue), \(id), \(fetch), \(cursor?.beforeID))")
        let page = try rows.prefix(limit).map(AuditEntry.init(row:))
        let count = rows.count
        let more = fetch > limit ? count > limit : count == limit
        return HistoryPage(entries: page, nextCursor: more ? page.last.map(HistoryCursor.init(after:)) : nil)
    }

    /// Every entry of the entity's history, newest first, paging with the cursor.
    public func fullHistory(entity: AuditableEntity, id: UUID, pageSize: Int = defaultPageSize) async throws -> [AuditEntry] {
        var all: [AuditEntry] = []
        var cursor: HistoryCursor?
        repeat {
            let page = try await history(entity: entity, id: id, limit: pageSize, before: cursor)
            all += page.entries
            cursor = page.nextCursor
        } while cursor != nil
        return all
    }

    /// Deletions of the last 30 days that the caller may restore and that are not restored
    /// yet, newest first, across all entity types. Throws `SQLAPIError`.
    public func recentlyDeleted(limit: Int = defaultPageSize) async throws -> [AuditEntry] {
        try await read(on: database.reads(), "select * from public.get_recently_deleted(\(limit))").map(AuditEntry.init(row:))
    }

    /// Re-creates the entity from its latest deletion and returns the restored row: a task
    /// or activity with its subtasks, a listing with the links of its tasks and activities.
    /// The row's `restore` key says what came back with it and how many notes did not
    /// (notes are not restored): `{subtasks, notes_not_restored}` or `{tasks, activities,
    /// notes_not_restored}`. Throws
    /// `SQLAPIError`: `FK_MISSING` (a row the snapshot references is gone; its
    /// `missingReference` says which, restore that first), `UNIQUE_CONFLICT` (the id or a
    /// unique key is held by a live row, e.g. restoring twice), `NOT_FOUND` (no deletion to
    /// restore), `NOT_AUTHORIZED` (only the owner in the snapshot or an admin),
    /// `INVALID_ENTITY_TYPE`. On every error nothing was restored: the SQL function is all
    /// or nothing, and a lost connection (a `PostgresError`, transient) rolls it back.
    public func restore(entity: AuditableEntity, id: UUID) async throws -> JSONValue {
        try await SQLAPIError.mapping {
            try await database.primary.transaction(as: user) { conn in
                try conn.query("select public.restore_entity(\(entity.rawValue), \(id))").scalar(JSONValue.self)
            }
        }
    }

    /// `restore` under `policy`: retried while the database is unreachable. When a retry
    /// follows a lost connection and finds the entity already back (`UNIQUE_CONFLICT` on its
    /// id), the earlier attempt committed before the connection died, so that counts as
    /// success and the live row is returned.
    public func restore(
        entity: AuditableEntity, id: UUID, retrying policy: RetryPolicy,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async throws -> JSONValue {
        try await policy.run(sleep: sleep) { attempt in
            do {
                return try await restore(entity: entity, id: id)
            } catch let error as SQLAPIError
                where error.code == .uniqueConflict && attempt > 1 && error.constraint == entity.tableName + "_pkey" {
                if let row = try await liveRow(entity: entity, id: id) { return row }
                throw error
            }
        }
    }

    /// The entity's current row as the caller sees it, nil when absent or invisible. Read
    /// on the primary: it follows a restore there.
    func liveRow(entity: AuditableEntity, id: UUID) async throws -> JSONValue? {
        // The table name comes from the enum, never from input.
        try await read(on: database.primary, PostgresQuery(sql: "select to_jsonb(t) from public.\(entity.tableName) t where t.id = $1", binds: [id]))
            .first?.decode(0, as: JSONValue.self)
    }

    /// A read as the user, in one round trip (see `UserScopedDatabase.pipeline(as:_:)`).
    private func read(on database: any UserScopedDatabase, _ query: PostgresQuery) async throws -> PostgresRows {
        try await SQLAPIError.mapping {
            try await database.pipeline(as: user, [query])[0]
        }
    }
}
