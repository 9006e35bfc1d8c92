/// What happened to an audited row. Raw values are the `action` column of the
/// `audit.*_log` tables.
public enum AuditAction: String, CaseIterable, Codable, Sendable {
    case insert = "INSERT"
    case update = "UPDATE"
    case delete = "DELETE"
    /// Re-created by `restore_entity` from a DELETE snapshot (not logged as an INSERT, so
    /// history shows that the row came back rather than that a new one appeared).
    case restore = "RESTORE"
}
