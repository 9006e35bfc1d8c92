import Foundation
import Postgres

/// One row of `public.journal_threads`: a titled series of journal entries, private to its
/// owner. Decodes both a result row (`init(row:)`) and the JSON the journal RPCs return.
public struct JournalThread: Sendable, Hashable, Decodable, Identifiable {
    public var id: UUID
    public var ownerID: UUID
    /// Trimmed by the server; 1 to 200 characters.
    public var title: String
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while the thread is deleted (the undo, `restoreThread`, clears it).
    public var deletedAt: Date?
    /// Bumped by the server on every change; what `sync_push` compares.
    public var rowVersion: Int

    public var isDeleted: Bool { deletedAt != nil }

    enum CodingKeys: String, CodingKey {
        case id
        case ownerID = "owner_id"
        case title
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case deletedAt = "deleted_at"
        case rowVersion = "row_version"
    }

    /// A thread in the thread list, with what the list shows beside its title.
    public struct Summary: Sendable, Hashable, Identifiable {
        public var thread: JournalThread
        /// Entries not deleted.
        public var liveEntryCount: Int
        /// The newest live entry's `entryTimestamp`; nil for a thread without entries.
        public var lastEntryAt: Date?

        public var id: UUID { thread.id }
    }

    /// The columns `init(row:)` reads, to paste after `select` (alias `t`).
    static let selectList = "t.id, t.owner_id, t.title, t.created_at, t.updated_at, t.deleted_at, t.row_version"

    init(row: PostgresRow) throws {
        id = try row.decode(0)
        ownerID = try row.decode(1)
        title = try row.decode(2)
        createdAt = try row.decode(3)
        updatedAt = try row.decode(4)
        deletedAt = try row.decode(5)
        rowVersion = try row.decode(6)
    }
}
