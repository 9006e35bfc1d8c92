import Foundation
import Postgres

/// One answer of `sync_pull`. Apply pages in the order they come: within a page each id
/// appears once, in its latest state, but a later page may delete what an earlier one
/// delivered (or bring back a row it deleted).
public struct SyncPage: Sendable, Hashable {
    /// Changed rows the user may see, oldest change first, as the table's columns
    /// (server-managed ones included: `row_version` is the version to push against).
    public var records: [JSONValue]
    /// Rows that went away: tombstoned (`deleted_at` set) or hard-deleted.
    public var deleted: [SyncDeletion]
    /// Pass to the next pull; store it once the page is applied.
    public var cursor: SyncCursor
    /// The server's clock at the pull (what a clock-based client stored as `lastSyncedAt`);
    /// for display only, the cursor is what decides what comes next.
    public var serverTimestamp: Date
    /// More changes are waiting: pull again at once with `cursor`.
    public var hasMore: Bool

    public init(records: [JSONValue], deleted: [SyncDeletion], cursor: SyncCursor, serverTimestamp: Date, hasMore: Bool) {
        self.records = records
        self.deleted = deleted
        self.cursor = cursor
        self.serverTimestamp = serverTimestamp
        self.hasMore = hasMore
    }

    /// The records decoded into the app's own model type (snake_case keys as stored).
    public func decodeRecords<T: Decodable>(as type: T.Type) throws -> [T] {
        try records.map { try $0.decode(T.self) }
    }
}

/// A row deleted on the server since the cursor.
public struct SyncDeletion: Sendable, Hashable, Codable {
    public var id: UUID
    /// When it was deleted (server clock): the tombstone's `deleted_at`, or the hard delete's.
    public var deletedAt: Date

    public init(id: UUID, deletedAt: Date) {
        self.id = id
        self.deletedAt = deletedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case deletedAt = "deleted_at"
    }
}

extension SyncPage {
    /// From `sync_pull`'s answer (its JSON text).
    init(json text: String) throws {
        let value = try JSONValue(parsing: text)
        guard let records = value["records"]?.arrayValue, let deleted = value["deleted"]?.arrayValue,
              let cursor = value["cursor"]?.stringValue, let serverTimestamp = value["server_timestamp"]?.dateValue,
              let hasMore = value["has_more"]?.boolValue else {
            throw PostgresError(.decoding, "sync_pull answered something unexpected: \(text.prefix(200))")
        }
        self.init(
            records: records,
            deleted: try deleted.map { item in
                guard let id = item["id"]?.stringValue.flatMap(UUID.init(uuidString:)),
                      let deletedAt = item["deleted_at"]?.dateValue else {
                    throw PostgresError(.decoding, "sync_pull answered a deletion without id or deleted_at: \(item.jsonText)")
                }
                return SyncDeletion(id: id, deletedAt: deletedAt)
            },
            cursor: SyncCursor(rawValue: cursor), serverTimestamp: serverTimestamp, hasMore: hasMore)
    }
}
