import Foundation
import Postgres

/// One row of `public.notifications`, with the field names of the apps' `AppNotification`:
/// the one Swift type for a stored notification, whether read from a result row
/// (`init(row:)`), an outbox or realtime record (`init(record:)`, what the push handler
/// sends) or a `to_jsonb(n)` value (Codable with the table's column names).
public struct AppNotification: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    /// The recipient.
    public var userID: UUID
    public var type: NotificationType
    public var title: String
    public var body: String
    public var read: Bool
    public var pinned: Bool
    public var createdAt: Date
    public var sourceUserID: UUID?
    public var entityType: String?
    public var entityID: UUID?
    public var data: [String: JSONValue]

    public init(
        id: UUID, userID: UUID, type: NotificationType, title: String, body: String = "",
        read: Bool = false, pinned: Bool = false, createdAt: Date, sourceUserID: UUID? = nil,
        entityType: String? = nil, entityID: UUID? = nil, data: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.userID = userID
        self.type = type
        self.title = title
        self.body = body
        self.read = read
        self.pinned = pinned
        self.createdAt = createdAt
        self.sourceUserID = sourceUserID
        self.entityType = entityType
        self.entityID = entityID
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case id
        case userID = "user_id"
        case type, title, body, read, pinned
        case createdAt = "created_at"
        case sourceUserID = "source_user_id"
        case entityType = "entity_type"
        case entityID = "entity_id"
        case data
    }

    /// The columns `init(row:)` reads, in a form to paste after `select` (alias `n`).
    static let selectList = """
        n.id, n.user_id, n.type, n.title, n.body, n.read, n.pinned, n.created_at, \
        n.source_user_id, n.entity_type, n.entity_id, n.data
        """

    /// Reads a row selected with `selectList` (or `returning` the same columns).
    init(row: PostgresRow) throws {
        let rawType = try row.decode("type", as: String.self)
        guard let type = NotificationType(rawValue: rawType) else {
            // Only possible when the database has a type this build does not know: the
            // registry test exists to stop that from shipping.
            throw PostgresError(.decoding, "column \"type\": unknown notification type \"\(rawType)\"")
        }
        guard case .object(let data) = try row.decode("data", as: JSONValue.self) else {
            throw PostgresError(.decoding, "column \"data\": not a JSON object")
        }
        self.init(
            id: try row.decode("id"),
            userID: try row.decode("user_id"),
            type: type,
            title: try row.decode("title"),
            body: try row.decode("body"),
            read: try row.decode("read"),
            pinned: try row.decode("pinned"),
            createdAt: try row.decode("created_at"),
            sourceUserID: try row.decode("source_user_id"),
            entityType: try row.decode("entity_type"),
            entityID: try row.decode("entity_id"),
            data: data)
    }

    /// The columns `init(record:)` reads (`ChangeEvent.record(columns:)`).
    public static let recordColumns = [
        "id", "user_id", "type", "title", "body", "read", "pinned", "created_at", "source_user_id", "entity_type", "entity_id", "data",
    ]

    /// Reads a realtime or outbox record of the table (the row as `to_jsonb` gives it).
    public init(record: RealtimeRow) throws {
        let rawType = try record.decode("type", as: String.self)
        guard let type = NotificationType(rawValue: rawType) else {
            throw RealtimeDecodingError(column: "type", expected: "a type of the NotificationType registry",
                                        found: .string(rawType))
        }
        guard case .object(let data) = try record.decode("data", as: JSONValue.self) else {
            throw RealtimeDecodingError(column: "data", expected: "a JSON object", found: record.values["data"])
        }
        self.init(
            id: try record.decode("id"),
            userID: try record.decode("user_id"),
            type: type,
            title: try record.decode("title"),
            body: try record.decode("body"),
            read: try record.decode("read"),
            pinned: try record.decode("pinned"),
            createdAt: try record.decode("created_at"),
            sourceUserID: try record.decode("source_user_id"),
            entityType: try record.decode("entity_type"),
            entityID: try record.decode("entity_id"),
            data: data)
    }
}
