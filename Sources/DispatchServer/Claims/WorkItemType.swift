/// What can be claimed. Raw values are the SQL API's `p_item_type` values.
public enum WorkItemType: String, CaseIterable, Codable, Sendable {
    case task
    case activity

    public var tableName: String {
        switch self {
        case .task: "tasks"
        case .activity: "activities"
        }
    }

    /// The same entity as an audited one (its history, its restore).
    public var auditableEntity: AuditableEntity {
        switch self {
        case .task: .task
        case .activity: .activity
        }
    }
}
