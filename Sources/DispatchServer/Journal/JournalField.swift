import Foundation
import Postgres

/// A custom field of a journal thread (`public.journal_fields`), or a field group
/// (`isGroup`) that holds other fields. At most 20 live fields per thread.
public struct JournalField: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var threadID: UUID
    /// Trimmed by the server; 1 to 50 characters, unique in the thread ignoring case.
    public var name: String
    /// Column order in the CSV export.
    public var sortOrder: Int
    public var isGroup: Bool
    /// The group this field belongs to, if any (`public.journal_field_groups`).
    public var groupID: UUID?
    public var deletedAt: Date?
    public var rowVersion: Int

    /// The columns `init(row:)` reads, in order, to paste after `select` (alias `f`).
    static let selectList = """
        f.id, f.thread_id, f.name, f.sort_order, f.is_group, \
        (select g.parent_field_id from public.journal_field_groups g where g.child_field_id = f.id), \
        f.deleted_at, f.row_version
        """

    init(row: PostgresRow) throws {
        id = try row.decode(0)
        threadID = try row.decode(1)
        name = try row.decode(2)
        sortOrder = try row.decode(3)
        isGroup = try row.decode(4)
        groupID = try row.decode(5)
        deletedAt = try row.decode(6)
        rowVersion = try row.decode(7)
    }
}
