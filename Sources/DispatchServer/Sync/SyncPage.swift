import Foundation
import Postgres

/// One answer of `sync_pull`. Apply pages in the order they come: within a page each id
/// appears once, in its latest state, but a later page may delete what an earlier one
/// delivered (or bring back a row it deleted).
public struct SyncPage: Sendable, Hashable {
    /// Changed rows the user may see, oldest change first, as the table's columns
    /// (server-managed ones included: `row_version` is the version to push against), each an
    /// object. A compact page builds these objects on each read: to map records into the
    /// app's own types, `records(as:)` reads them without building any.
    public var records: [JSONValue] {
        get {
            switch storage {
            case .objects(let records): records
            case .compact(let rows): rows.objects
            }
        }
        set { storage = .objects(newValue) }
    }
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

    /// The records as they came: objects, or a compact page's rows of values with the
    /// column names once, kept as their text until read.
    private var storage: Records

    private enum Records: Sendable {
        case objects([JSONValue])
        case compact(JSONRows)
    }

    public init(records: [JSONValue], deleted: [SyncDeletion], cursor: SyncCursor, serverTimestamp: Date, hasMore: Bool) {
        self.init(storage: .objects(records), deleted: deleted, cursor: cursor, serverTimestamp: serverTimestamp, hasMore: hasMore)
    }

    private init(storage: Records, deleted: [SyncDeletion], cursor: SyncCursor, serverTimestamp: Date, hasMore: Bool) {
        self.storage = storage
        self.deleted = deleted
        self.cursor = cursor
        self.serverTimestamp = serverTimestamp
        self.hasMore = hasMore
    }

    /// The records as the app's own type (a `Decodable` whose coding keys are the columns,
    /// `CodingKeys` naming those it calls otherwise; times as `Date`, ids as `UUID`), decoded
    /// straight from the page: a compact page's arrays by the position of each column, with
    /// no object built per record, an object page's records by name.
    public func records<T: Decodable>(as type: T.Type) throws -> [T] {
        switch storage {
        case .objects(let records): try records.map { try JSONValueDecoder.decode(T.self, from: $0) }
        case .compact(let rows): try rows.decode(T.self)
        }
    }

    /// Pages are equal when their records are, whichever encoding each came in.
    public static func == (a: SyncPage, b: SyncPage) -> Bool {
        a.deleted == b.deleted && a.cursor == b.cursor && a.serverTimestamp == b.serverTimestamp && a.hasMore == b.hasMore
            && a.records == b.records
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(records)
        hasher.combine(deleted)
        hasher.combine(cursor)
        hasher.combine(serverTimestamp)
        hasher.combine(hasMore)
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
    /// (arrays of values in the order of its `columns`) are checked and kept as their text,
    /// read by `records(as:)`, or made objects when `records` is read.
    init(json text: String) throws {
        let (value, rows) = try JSONRows.parse(text, rowsAt: "records", columnsAt: "columns")
        guard let records = value["records"]?.arrayValue, let deleted = value["deleted"]?.arrayValue,
              let cursor = value["cursor"]?.stringValue, let serverTimestamp = value["server_timestamp"]?.dateValue,
              let hasMore = value["has_more"]?.boolValue else {
            throw PostgresError(.decoding, "sync_pull answered something unexpected: \(text.prefix(200))")
        }
        let storage: Records = if let rows { .compact(rows) } else { .objects(records) }
        self.init(
            storage: storage,
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
