import Foundation

/// One recorded change of a row, its JSON parsed only when asked for: what the notification
/// planner decides from. The worker's claimed `OutboxEvent` is one; the protocol keeps the
/// rules in this module without it knowing how the worker claims events.
public protocol ChangeEvent: Sendable {
    /// The outbox event id (the notifications' dedupe keys name it).
    var id: Int64 { get }
    /// Unqualified table name, e.g. `tasks`.
    var table: String { get }
    var operation: RealtimeRecord.EventType { get }
    var createdAt: Date { get }
    /// auth.uid() of the writer; nil for service and system writes.
    var actor: UUID? { get }
    /// An insert made by `restore_entity`.
    var restored: Bool { get }
    /// The row after the change (empty for a delete).
    func record() throws -> RealtimeRow
    /// The row after the change with at least `columns` (the others may be left out): what
    /// a reader of a few columns asks for, so that a wide row is not built whole.
    func record(columns: [String]) throws -> RealtimeRow
    /// Update: the changed columns with their old values. Delete: the whole old row.
    /// Insert: empty.
    func changes() throws -> RealtimeRow
    /// The whole row before the change (nil for an insert).
    func oldRecord() throws -> RealtimeRow?
    /// Whether an update changed `column`, reading only the changed columns.
    func changed(_ column: String) throws -> Bool
}

extension ChangeEvent {
    public func record(columns: [String]) throws -> RealtimeRow { try record() }
}
