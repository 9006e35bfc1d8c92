import Foundation
import Postgres

/// One entry of a journal thread with its custom field values (`public.journal_entries`
/// and `public.journal_entry_values`), as the journal RPCs return it.
public struct JournalEntry: Sendable, Hashable, Decodable, Identifiable {
    public var id: UUID
    public var threadID: UUID
    public var ownerID: UUID
    /// As written: 1 to 65,536 characters, not only whitespace.
    public var content: String
    /// When it was written (the device's time for an entry written offline); entries are
    /// in this order.
    public var entryTimestamp: Date
    /// The server's time of the last change to the content or a value after creation: the
    /// app's "(edited)".
    public var lastEditedAt: Date?
    public var deletedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    public var rowVersion: Int
    /// Field id → value, for the fields that have one.
    public var values: [UUID: String]

    public var isEdited: Bool { lastEditedAt != nil }
    public var isDeleted: Bool { deletedAt != nil }

    enum CodingKeys: String, CodingKey {
        case id
        case threadID = "thread_id"
        case ownerID = "owner_id"
        case content
        case entryTimestamp = "entry_timestamp"
        case lastEditedAt = "last_edited_at"
        case deletedAt = "deleted_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case rowVersion = "row_version"
        case values
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        threadID = try container.decode(UUID.self, forKey: .threadID)
        ownerID = try container.decode(UUID.self, forKey: .ownerID)
        content = try container.decode(String.self, forKey: .content)
        entryTimestamp = try container.decode(Date.self, forKey: .entryTimestamp)
        lastEditedAt = try container.decodeIfPresent(Date.self, forKey: .lastEditedAt)
        deletedAt = try container.decodeIfPresent(Date.self, forKey: .deletedAt)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        rowVersion = try container.decode(Int.self, forKey: .rowVersion)
        values = Self.values(try container.decodeIfPresent([String: String?].self, forKey: .values) ?? [:])
    }

    /// The columns `init(row:values:)` reads, to paste after `select` (alias `e`).
    static let selectList = """
        e.id, e.thread_id, e.owner_id, e.content, e.entry_timestamp, e.last_edited_at, e.deleted_at, \
        e.created_at, e.updated_at, e.row_version
        """

    /// An entry from a result row; its values are read apart (a whole thread's in one pass).
    init(row: PostgresRow, values: [UUID: String]) throws {
        id = try row.decode("id")
        threadID = try row.decode("thread_id")
        ownerID = try row.decode("owner_id")
        content = try row.decode("content")
        entryTimestamp = try row.decode("entry_timestamp")
        lastEditedAt = try row.decode("last_edited_at")
        deletedAt = try row.decode("deleted_at")
        createdAt = try row.decode("created_at")
        updatedAt = try row.decode("updated_at")
        rowVersion = try row.decode("row_version")
        self.values = values
    }

    /// Keys that are field ids, values that are text (a NULL value is no value).
    private static func values(_ raw: [String: String?]) -> [UUID: String] {
        var values: [UUID: String] = [:]
        for (key, value) in raw {
            if let id = UUID(uuidString: key), let value { values[id] = value }
        }
        return values
    }
}
