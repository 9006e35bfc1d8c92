import Foundation
import Postgres

/// One answer of `sync_pull`. Apply pages in the order they come: within a page each id
/// appears once, in its latest state, but a later page may delete what an earlier one
/// delivered (or bring back a row it deleted).
public struct SyncPage: Sendable, Hashable {
    /// Changed rows the user may see, oldest change first, as the table's columns
    /// (server-managed ones included: `row_version` is the version to push against).
    public var records: [JSONValue]
    /// Rows to drop: tombstoned (`deleted_at` set), hard-deleted, or no longer visible to the
    /// user (`reason` says which).
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

/// A row to drop from the local copy: deleted on the server since the cursor, or no longer
/// visible to the user.
public struct SyncDeletion: Sendable, Hashable, Codable {
    /// Why the row went.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// Tombstoned (`deleted_at` set) or hard-deleted.
        case deleted
        /// Still there, but the user may no longer see it: a share revoked, an item claimed by
        /// someone else or completed, a listing given to someone else, a note on such an item.
        case revoked
    }

    public var id: UUID
    /// When it went (server clock): the tombstone's `deleted_at`, the hard delete's, or the
    /// time of the change that took it out of the user's view.
    public var deletedAt: Date
    public var reason: Reason

    public init(id: UUID, deletedAt: Date, reason: Reason = .deleted) {
        self.id = id
        self.deletedAt = deletedAt
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
        case id
        case deletedAt = "deleted_at"
        case reason
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
                      let deletedAt = item["deleted_at"]?.dateValue,
                      let reason = item["reason"]?.stringValue.flatMap(SyncDeletion.Reason.init(rawValue:)) else {
                    throw PostgresError(.decoding, "sync_pull answered a deletion without id, deleted_at or reason: \(item.jsonText)")
                }
                return SyncDeletion(id: id, deletedAt: deletedAt, reason: reason)
            },
            cursor: SyncCursor(rawValue: cursor), serverTimestamp: serverTimestamp, hasMore: hasMore)
    }
}
