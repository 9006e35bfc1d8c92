import DispatchServer
import Foundation
import Postgres
import Synchronization

/// One claimed outbox event, as `outbox.claim` returned it.
///
/// The row JSON stays text until a handler asks for it: a handler that only looks at the
/// table and operation (or ignores most updates after glancing at the changed columns)
/// never pays for parsing whole rows.
public final class OutboxEvent: ChangeEvent {
    public let id: Int64
    /// The handlers to run for it in this batch (leased to us).
    public let handlers: [String]
    /// Each handler's attempt number (1 = first try), parallel to `handlers`.
    public let attempts: [Int]
    /// The lease of the batch each handler's delivery was claimed in (`outbox.batches.lease_id`), parallel to
    /// `handlers`; 0 for a delivery claimed from `outbox.retries`. The report names it.
    public let batches: [Int64]
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
        id: Int64, handlers: [String], attempts: [Int], batches: [Int64]? = nil, table: String,
        operation: RealtimeRecord.EventType, recordID: UUID?, recordText: String?, changesText: String?,
        audienceText: String?, createdAt: Date, actor: UUID?, restored: Bool
    ) {
        self.id = id
        self.handlers = handlers
        self.attempts = attempts
        self.batches = batches ?? Array(repeating: 0, count: handlers.count)
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

    /// Decodes the rows of `select … from outbox.claim(…)` (columns in `OutboxQueue.claimQuery`
    /// order: one row per event and handler) into one event per id, in id order. A row
    /// without an event says the claim stopped early with room left (`more`).
    static func decode(claimRows rows: PostgresRows) throws -> (events: [OutboxEvent], more: Bool) {
        struct Deliveries { var handlers: [String] = []; var attempts: [Int] = []; var batches: [Int64] = []; var row: PostgresRow }
        var byID: [Int64: Deliveries] = [:]
        var more = false
        for row in rows {
            guard let id = try row.decode(0, as: Int64?.self) else {
                more = true
                continue
            }
            var deliveries = byID[id] ?? Deliveries(row: row)
            deliveries.handlers.append(try row.decode(1, as: String.self))
            deliveries.attempts.append(try row.decode(2, as: Int.self))
            deliveries.batches.append(try row.decode(3, as: Int64.self))
            byID[id] = deliveries
        }
        let events = try byID.keys.sorted().map { id -> OutboxEvent in
            let d = byID[id]!
            let op = try d.row.decode(5, as: String.self)
            guard let operation = RealtimeRecord.EventType(rawValue: op) else {
                throw PostgresError(.decoding, "unknown outbox operation \(op)")
            }
            return OutboxEvent(
                id: id, handlers: d.handlers, attempts: d.attempts, batches: d.batches,
                table: try d.row.decode(4, as: String.self),
                operation: operation,
                recordID: try d.row.decode(6, as: UUID?.self),
                recordText: try d.row.decode(7, as: String?.self),
                changesText: try d.row.decode(8, as: String?.self),
                audienceText: try d.row.decode(9, as: String?.self),
                createdAt: try d.row.decode(10, as: Date.self),
                actor: try d.row.decode(11, as: UUID?.self),
                restored: try d.row.decode(12, as: Bool.self))
        }
        return (events, more)
    }

    /// The row after the change (empty for a delete).
    public func record() throws -> RealtimeRow {
        if let cached = parsed.withLock({ $0.record }) { return cached }
        let row = try Self.parseRow(recordText)
        parsed.withLock { $0.record = row }
        return row
    }

    /// The row after the change with only `columns` built, unless the whole row was already
    /// read. Not kept: each handler reads its own events once.
    public func record(columns: [String]) throws -> RealtimeRow {
        if let cached = parsed.withLock({ $0.record }) { return cached }
        guard let recordText else { return RealtimeRow() }
        guard case .object(let values) = try JSONValue(parsing: recordText, keepingMembers: columns) else {
            throw PostgresError(.decoding, "an outbox row is not a JSON object")
        }
        return RealtimeRow(values)
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

    /// The batch `handler`'s delivery was claimed in (0: a retry row).
    func batch(for handler: String) -> Int64 {
        handlers.firstIndex(of: handler).map { batches[$0] } ?? 0
    }

    private static func parseRow(_ text: String?) throws -> RealtimeRow {
        guard let text else { return RealtimeRow() }
        guard case .object(let columns) = try JSONValue(parsing: text) else {
            throw PostgresError(.decoding, "an outbox row is not a JSON object")
        }
        return RealtimeRow(columns)
    }
}
