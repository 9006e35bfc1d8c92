import Foundation
import Postgres

/// Typed readings of the DETAIL JSON that some codes carry, for the callers that act on it.
extension SQLAPIError {
    /// Who holds the item, for `ALREADY_CLAIMED` (the loser of a race learns who won) and
    /// `NOT_CLAIMER` (only they or an admin may release). DETAIL is
    /// `{"claimed_by": uuid, "claimed_by_name": text or null, "claimed_at": timestamptz}`.
    public struct Claimer: Sendable, Hashable {
        public var id: UUID
        public var name: String?
        public var claimedAt: Date?

        public init(id: UUID, name: String?, claimedAt: Date?) {
            self.id = id
            self.name = name
            self.claimedAt = claimedAt
        }
    }

    /// The claimer named in DETAIL; nil for other codes.
    public var claimer: Claimer? {
        guard code == .alreadyClaimed || code == .notClaimer, let detail = detailJSON,
              let id = detail["claimed_by"]?.stringValue.flatMap(UUID.init(uuidString:))
        else { return nil }
        return Claimer(id: id, name: detail["claimed_by_name"]?.stringValue, claimedAt: detail["claimed_at"]?.dateValue)
    }

    /// The deleted row a restore depends on, for `FK_MISSING` from `restore_entity`: restore
    /// it first (when `entity` is set), then retry. DETAIL is
    /// `{"entity_type": text or null, "table": text, "column": text, "id": uuid}`.
    public struct MissingReference: Sendable, Hashable {
        /// nil when the referenced table is not audited (then it cannot be restored here).
        public var entity: AuditableEntity?
        /// The referenced table, e.g. `properties`.
        public var table: String
        /// The referencing column of the restored row, e.g. `property_id`.
        public var column: String
        /// The referenced row's id.
        public var id: UUID?

        public init(entity: AuditableEntity?, table: String, column: String, id: UUID?) {
            self.entity = entity
            self.table = table
            self.column = column
            self.id = id
        }
    }

    /// The missing reference named in DETAIL; nil for other codes, or an `FK_MISSING`
    /// without that DETAIL (sync_push's, which reports Postgres' own detail).
    public var missingReference: MissingReference? {
        guard code == .fkMissing, let detail = detailJSON,
              let table = detail["table"]?.stringValue, let column = detail["column"]?.stringValue
        else { return nil }
        return MissingReference(
            entity: detail["entity_type"]?.stringValue.flatMap(AuditableEntity.init(rawValue:)),
            table: table, column: column,
            id: detail["id"]?.stringValue.flatMap(UUID.init(uuidString:)))
    }
}
