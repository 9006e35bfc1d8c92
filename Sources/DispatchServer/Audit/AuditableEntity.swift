/// The audited entity types. Raw values are the SQL API's `p_entity_type` values
/// (`audit.get_table_names()`); the server rejects anything else with
/// `INVALID_ENTITY_TYPE`, and this enum keeps Swift callers from sending anything else.
public enum AuditableEntity: String, CaseIterable, Codable, Sendable {
    case listing
    case property
    case task
    case user
    case activity

    /// The audited table in schema `public`.
    public var tableName: String {
        switch self {
        case .listing: "listings"
        case .property: "properties"
        case .task: "tasks"
        case .user: "users"
        case .activity: "activities"
        }
    }

    /// The log table in schema `audit`.
    public var logTableName: String { tableName + "_log" }

    /// The column of a snapshot that names who may read its history and restore it:
    /// listings and properties have an owner, tasks and activities a declarer.
    public var ownerColumn: String {
        switch self {
        case .listing, .property: "owned_by"
        case .task, .activity: "declared_by"
        case .user: "id"
        }
    }

    /// Capitalised name for sentences such as "Task deleted".
    public var displayName: String {
        switch self {
        case .listing: "Listing"
        case .property: "Property"
        case .task: "Task"
        case .user: "User"
        case .activity: "Activity"
        }
    }

    /// The entity type whose table is `tableName`, e.g. from an error's table field.
    public init?(tableName: String) {
        guard let entity = Self.allCases.first(where: { $0.tableName == tableName }) else { return nil }
        self = entity
    }
}
