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
}

/// How `sync_pull` writes a page's records (its argument `p_encoding`).
public enum SyncPageEncoding: String, Sendable, Hashable, CaseIterable {
    /// Each record an object of its columns: the default of `sync_pull` for every client.
    case objects
    /// The column names once (`columns`), each record an array of its values in that order:
    /// for bulk sync, the default of `SyncService`.
    case compact
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
    /// The cursor and `has_more` of `sync_pull`'s answer, read from its first bytes without
    /// decoding the records: the server writes them first (`{"cursor" : "v1.…", "has_more" :
    /// true, …`), so `pullAll` can ask for the next page while it decodes this one. Nil when
    /// the text does not start that way (then the whole answer is decoded first).
    static func head(of text: String) -> (cursor: SyncCursor, hasMore: Bool)? {
        let bytes = text.utf8
        let opening = #"{"cursor" : ""#.utf8
        guard bytes.starts(with: opening) else { return nil }
        let cursorStart = bytes.index(bytes.startIndex, offsetBy: opening.count)
        // A cursor is "v2." (sealed) or "v1." and base64url: no quote or escape inside.
        guard let cursorEnd = bytes[cursorStart...].firstIndex(of: UInt8(ascii: "\"")),
              let cursor = String(bytes[cursorStart..<cursorEnd]), cursor.hasPrefix("v2.") || cursor.hasPrefix("v1.") else { return nil }
        let rest = bytes[bytes.index(after: cursorEnd)...]
        let separator = #", "has_more" : "#.utf8
        guard rest.starts(with: separator) else { return nil }
        let value = rest.dropFirst(separator.count)
        if value.starts(with: "true".utf8) { return (SyncCursor(rawValue: cursor), true) }
        if value.starts(with: "false".utf8) { return (SyncCursor(rawValue: cursor), false) }
        return nil
    }

    /// From `sync_pull`'s answer (its JSON text), in either encoding: a compact page's records
    /// (arrays of values in the order of its `columns`) become the objects an object page has.
    init(json text: String) throws {
        let value = try JSONValue(parsing: text)
        guard var records = value["records"]?.arrayValue, let deleted = value["deleted"]?.arrayValue,
              let cursor = value["cursor"]?.stringValue, let serverTimestamp = value["server_timestamp"]?.dateValue,
              let hasMore = value["has_more"]?.boolValue else {
            throw PostgresError(.decoding, "sync_pull answered something unexpected: \(text.prefix(200))")
        }
        if let columns = value["columns"] {
            guard let names = columns.arrayValue?.compactMap(\.stringValue), names.count == columns.arrayValue?.count else {
                throw PostgresError(.decoding, "sync_pull answered columns that are not names: \(columns.jsonText.prefix(200))")
            }
            records = try records.map { record in
                guard let values = record.arrayValue, values.count == names.count else {
                    throw PostgresError(.decoding, "sync_pull answered a compact record that does not match its columns: \(record.jsonText.prefix(200))")
                }
                return .object(Dictionary(zip(names, values), uniquingKeysWith: { first, _ in first }))
            }
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
