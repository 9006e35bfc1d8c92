import Foundation
import Postgres

/// The one change record: every subscriber receives this one
/// shape, whatever produced the change, instead of casting transport-specific payloads.
public struct RealtimeRecord: Sendable, Hashable {
    public enum EventType: String, Sendable, Hashable, Codable, CaseIterable {
        case insert, update, delete
    }

    /// Why a user-scoped feed reports a row that nobody wrote: who may see it changed.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The user may now see the row (a share granted, an item on a listing given to
        /// them): an insert with the row as it is now.
        case granted
        /// The user may no longer see the row (a share revoked, an item claimed by someone
        /// else or completed): a delete of its id.
        case revoked
    }

    /// The outbox event id: larger ids are later changes of the same row. Subscribers
    /// deduplicate by it (a resumed feed may repeat a few records). 0 for a visibility
    /// change (`reason`), which is not an event of the log.
    public let id: Int64
    /// Unqualified table name, e.g. `tasks`.
    public let table: String
    public let eventType: EventType
    /// The row after the change; empty for a delete.
    public let record: RealtimeRow
    /// The whole row before the change (update, delete); nil for an insert.
    public let oldRecord: RealtimeRow?
    /// The columns an update changed; empty for inserts and deletes.
    public let changedColumns: [String]
    /// The row's uuid key, when the table has one.
    public let recordID: UUID?
    public let createdAt: Date?
    /// Set on a user-scoped feed's records of who may see what (`id` 0); nil for a change
    /// written to the table.
    public let reason: Reason?
    /// Where to resume to receive every change after this one (possibly with a few
    /// repeats). Persist it after handling the record.
    public let cursor: RealtimeCursor

    public init(
        id: Int64, table: String, eventType: EventType, record: RealtimeRow, oldRecord: RealtimeRow?,
        changedColumns: [String] = [], recordID: UUID? = nil, createdAt: Date? = nil, reason: Reason? = nil,
        cursor: RealtimeCursor
    ) {
        self.id = id
        self.table = table
        self.eventType = eventType
        self.record = record
        self.oldRecord = oldRecord
        self.changedColumns = changedColumns
        self.recordID = recordID
        self.createdAt = createdAt
        self.reason = reason
        self.cursor = cursor
    }

    /// The row as it is now, or as it was when deleted.
    public var currentOrLastRow: RealtimeRow { eventType == .delete ? (oldRecord ?? record) : record }

    /// Decodes one event object of `outbox.changes_since` (`{id, table, eventType, record,
    /// oldRecord, changedColumns, recordId, createdAt, reason}`).
    public init(feedEvent event: JSONValue, cursor: RealtimeCursor) throws {
        guard case .object(let fields) = event,
              let id = fields["id"]?.doubleValue.flatMap({ Int64(exactly: $0) }),
              let table = fields["table"]?.stringValue,
              let type = fields["eventType"]?.stringValue.flatMap(EventType.init(rawValue:))
        else { throw RealtimeDecodingError(column: "event", expected: "a changes_since event", found: event) }
        func row(_ value: JSONValue?) -> RealtimeRow? {
            if case .object(let columns)? = value { return RealtimeRow(columns) }
            return nil
        }
        self.init(
            id: id,
            table: table,
            eventType: type,
            record: row(fields["record"]) ?? RealtimeRow(),
            oldRecord: row(fields["oldRecord"]),
            changedColumns: fields["changedColumns"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            recordID: fields["recordId"]?.stringValue.flatMap(UUID.init(uuidString:)),
            createdAt: fields["createdAt"].flatMap { try? Date(realtimeValue: $0, column: "createdAt") },
            reason: fields["reason"]?.stringValue.flatMap(Reason.init(rawValue:)),
            cursor: cursor)
    }
}

/// An opaque resume point of a change feed (`outbox.changes_since`'s cursor: a snapshot and
/// an event id). Store its `rawValue` and pass it back as `since:`.
public struct RealtimeCursor: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String?

    /// Every change still retained in the outbox (about a week).
    public static let beginning = RealtimeCursor(rawValue: nil)

    public init(rawValue: String?) { self.rawValue = rawValue }

    public var description: String { rawValue ?? "beginning" }
}
