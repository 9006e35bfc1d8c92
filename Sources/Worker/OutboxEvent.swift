import DispatchServer
import Foundation
import Postgres
import Synchronization

/// One claimed outbox event, as `outbox.claim` returned it.
///
/// The row JSON stays text until a handler asks for it: a handler that only looks at the
/// table and operation (or ignores most updates after glancing at the changed columns)
/// never pays for parsing whole rows.
public final class OutboxEvent: Sendable {
    public let id: Int64
    /// The handlers to run for it in this batch (leased to us).
    public let handlers: [String]
    /// Each handler's attempt number (1 = first try), parallel to `handlers`.
    public let attempts: [Int]
    public let table: String
    public let operation: RealtimeRecord.EventType
    public let recordID: UUID?
    public let createdAt: Date
    /// auth.uid() of the writer; nil for service and system writes.
    public let actor: UUID?
    /// An insert made by `restore_entity`.
    public let restored: Bool

    let recordText: String?
    let changesText: String?
    let audienceText: String?
    private let parsed = Mutex<(record: RealtimeRow?, changes: RealtimeRow?)>((nil, nil))

    public init(
        id: Int64, handlers: [String], attempts: [Int], table: String, operation: RealtimeRecord.EventType,
        recordID: UUID?, recordText: String?, changesText: String?, audienceText: String?, createdAt: Date,
        actor: UUID?, restored: Bool
    ) {
        self.id = id
        self.handlers = handlers
        self.attempts = attempts
        self.table = table
        self.operation = operation
        self.recordID = recordID
        self.recordText = recordText
        self.changesText = changesText
        self.audienceText = audienceText
        self.createdAt = createdAt
        self.actor = actor
        self.restored = restored
    }

    /// Decodes a row of `select … from outbox.claim(…)` (columns in `OutboxQueue.claimColumns` order).
    convenience init(claimRow row: PostgresRow) throws {
        let op = try row.decode(4, as: String.self)
        guard let operation = RealtimeRecord.EventType(rawValue: op) else {
            throw PostgresError(.decoding, "unknown outbox operation \(op)")
        }
        self.init(
            id: try row.decode(0, as: Int64.self),
            handlers: try row.decode(1, as: [String].self),
            attempts: try row.decode(2, as: [Int].self),
            table: try row.decode(3, as: String.self),
            operation: operation,
            recordID: try row.decode(5, as: UUID?.self),
            recordText: try row.decode(6, as: String?.self),
            changesText: try row.decode(7, as: String?.self),
            audienceText: try row.decode(8, as: String?.self),
            createdAt: try row.decode(9, as: Date.self),
            actor: try row.decode(10, as: UUID?.self),
            restored: try row.decode(11, as: Bool.self))
    }

    /// The row after the change (empty for a delete).
    public func record() throws -> RealtimeRow {
        if let cached = parsed.withLock({ $0.record }) { return cached }
        let row = try Self.parseRow(recordText)
        parsed.withLock { $0.record = row }
        return row
    }

    /// Update: the changed columns with their old values. Delete: the whole old row.
    /// Insert: empty.
    public func changes() throws -> RealtimeRow {
        if let cached = parsed.withLock({ $0.changes }) { return cached }
        let row = try Self.parseRow(changesText)
        parsed.withLock { $0.changes = row }
        return row
    }

    /// The whole row before the change (nil for an insert).
    public func oldRecord() throws -> RealtimeRow? {
        switch operation {
        case .insert: return nil
        case .delete: return try changes()
        case .update:
            var old = try record()
            for (column, value) in try changes().values { old.values[column] = value }
            return old
        }
    }

    /// Whether an update changed `column` (cheap: reads only the changed columns).
    public func changed(_ column: String) throws -> Bool {
        guard operation == .update else { return false }
        return try changes().contains(column)
    }

    /// The users the change concerns (see outbox.events.audience).
    public var audience: [UUID] {
        guard let text = audienceText, text.count > 2 else { return [] }
        return text.dropFirst().dropLast().split(separator: ",").compactMap { UUID(uuidString: String($0)) }
    }

    /// The attempt number of `handler` in this batch.
    public func attempt(for handler: String) -> Int {
        handlers.firstIndex(of: handler).map { attempts[$0] } ?? 0
    }

    /// The change as the one `RealtimeRecord` shape (no feed cursor: the worker's events are
    /// claimed, not paged).
    public func realtimeRecord() throws -> RealtimeRecord {
        RealtimeRecord(
            id: id, table: table, eventType: operation, record: try record(), oldRecord: try oldRecord(),
            changedColumns: operation == .update ? Array(try changes().columns).sorted() : [],
            recordID: recordID, createdAt: createdAt, cursor: .beginning)
    }

    private static func parseRow(_ text: String?) throws -> RealtimeRow {
        guard let text else { return RealtimeRow() }
        guard case .object(let columns) = try JSONValue(parsing: text) else {
            throw PostgresError(.decoding, "an outbox row is not a JSON object")
        }
        return RealtimeRow(columns)
    }
}
