import Foundation
import Postgres

/// One entry of an entity's audit trail, as `get_entity_history` and
/// `get_recently_deleted` return it. A plain value, not a persisted model: entries are fetched
/// on demand and never stored or synced.
public struct AuditEntry: Sendable, Hashable, Decodable {
    /// The entry's id within its log table; with `changedAt` it orders the history and is
    /// the keyset cursor for the next page. Unique per entity type, not across types.
    public var id: Int64
    public var entityType: AuditableEntity
    /// The id of the audited row.
    public var recordID: UUID
    public var action: AuditAction
    public var changedAt: Date
    /// Who made the change; nil for changes made without a calling user (service jobs,
    /// migrations, cascades run by the server itself).
    public var changedBy: UUID?
    public var changedByName: String?
    /// The row before the change (UPDATE, DELETE).
    public var oldRow: JSONValue?
    /// The row after the change (INSERT, UPDATE, RESTORE).
    public var newRow: JSONValue?

    public init(
        id: Int64, entityType: AuditableEntity, recordID: UUID, action: AuditAction, changedAt: Date,
        changedBy: UUID? = nil, changedByName: String? = nil, oldRow: JSONValue? = nil, newRow: JSONValue? = nil
    ) {
        self.id = id
        self.entityType = entityType
        self.recordID = recordID
        self.action = action
        self.changedAt = changedAt
        self.changedBy = changedBy
        self.changedByName = changedByName
        self.oldRow = oldRow
        self.newRow = newRow
    }

    enum CodingKeys: String, CodingKey {
        case id
        case entityType = "entity_type"
        case recordID = "record_pk"
        case action
        case changedAt = "changed_at"
        case changedBy = "changed_by"
        case changedByName = "changed_by_name"
        case oldRow = "old_row"
        case newRow = "new_row"
    }

    /// Decodes one row of `get_entity_history` / `get_recently_deleted` by column name.
    public init(row: PostgresRow) throws {
        let type = try row.decode("entity_type", as: String.self)
        let action = try row.decode("action", as: String.self)
        guard let entity = AuditableEntity(rawValue: type) else {
            throw PostgresError(.decoding, "column \"entity_type\": unknown entity type \(type)")
        }
        guard let kind = AuditAction(rawValue: action) else {
            throw PostgresError(.decoding, "column \"action\": unknown audit action \(action)")
        }
        self.init(
            id: try row.decode("id", as: Int64.self),
            entityType: entity,
            recordID: try row.decode("record_pk", as: UUID.self),
            action: kind,
            changedAt: try row.decode("changed_at", as: Date.self),
            changedBy: try row.decode("changed_by", as: UUID?.self),
            changedByName: try row.decode("changed_by_name", as: String?.self),
            oldRow: try row.decode("old_row", as: JSONValue?.self),
            newRow: try row.decode("new_row", as: JSONValue?.self))
    }

    /// Columns every write bumps (stamping, the sync watermark): they say nothing about
    /// what the user changed, so they are never "changed fields".
    public static let bookkeepingFields: Set<String> = ["updated_at", "row_version", "sync_xid"]

    /// For an UPDATE, the columns whose values differ between `oldRow` and `newRow`,
    /// sorted, bookkeeping columns left out. Empty for the other actions.
    public var changedFields: [String] {
        guard action == .update, let old = oldRow?.objectValue, let new = newRow?.objectValue else { return [] }
        let keys = Set(old.keys).union(new.keys).subtracting(Self.bookkeepingFields)
        return keys.filter { old[$0] ?? .null != new[$0] ?? .null }.sorted()
    }

    /// The row this entry is about: the new row, or for a DELETE the deleted one.
    public var snapshot: JSONValue? { newRow ?? oldRow }

    /// A one-line human summary ("Price changed from $500,000 to $525,000").
    public var summary: String { AuditSummaryBuilder().summary(for: self) }
}
