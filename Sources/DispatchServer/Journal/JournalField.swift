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

    /// The columns `init(row:)` reads, to paste after `select` (alias `f`).
    static let selectList = """
        f.id, f.thread_id, f.name, f.sort_order, f.is_group, f.deleted_at, f.row_version, \
        (select g.parent_field_id from public.journal_field_groups g where g.child_field_id = f.id) as group_id
        """

    init(row: PostgresRow) throws {
        id = try row.decode("id")
        threadID = try row.decode("thread_id")
        name = try row.decode("name")
        sortOrder = try row.decode("sort_order")
        isGroup = try row.decode("is_group")
        groupID = try row.decode("group_id")
        deletedAt = try row.decode("deleted_at")
        rowVersion = try row.decode("row_version")
    }
}
