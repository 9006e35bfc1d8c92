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
        var values: [UUID: String] = [:]
        for (key, value) in try container.decodeIfPresent([String: String?].self, forKey: .values) ?? [:] {
            if let id = UUID(uuidString: key), let value { values[id] = value }
        }
        self.values = values
    }

    /// The columns `init(row:thread:owner:)` reads, in order, to paste after `select` (alias
    /// `e`): an entry of a known thread, whose thread and owner the caller knows.
    static let selectList = "e.id, e.content, e.entry_timestamp, e.last_edited_at, e.created_at, e.updated_at, e.row_version, e.deleted_at"

    /// An entry from a binary row of `selectList` (`PostgresQuery.binaryResults`); its values
    /// are read apart (a whole thread's in one index range) and added by the caller.
    init(row: PostgresRow, thread: UUID, owner: UUID) throws {
        id = try row.decodeBinary(0)
        threadID = thread
        ownerID = owner
        content = try row.decodeBinary(1)
        entryTimestamp = try row.decodeBinary(2)
        lastEditedAt = try row.decodeBinary(3)
        createdAt = try row.decodeBinary(4)
        updatedAt = try row.decodeBinary(5)
        rowVersion = try row.decodeBinary(6)
        deletedAt = try row.decodeBinary(7)
        values = [:]
    }

    /// A thread's order, as the server sorts its entries: by entry_timestamp, then by id
    /// (PostgreSQL orders uuids by their bytes).
    static func inThreadOrder(_ a: JournalEntry, _ b: JournalEntry) -> Bool {
        if a.entryTimestamp != b.entryTimestamp { return a.entryTimestamp < b.entryTimestamp }
        return withUnsafeBytes(of: a.id.uuid) { x in withUnsafeBytes(of: b.id.uuid) { y in x.lexicographicallyPrecedes(y) } }
    }
}
