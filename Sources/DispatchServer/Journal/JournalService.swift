import Foundation
import Postgres

/// A user's private journals (ThreadJournal): threads, entries with custom field values,
/// fields and field groups, delete and undo, the CSV export.
///
/// Everything runs as the user (row-level security: the owner and nobody else, admins
/// included) and each call is one round trip: the claims and the statements go as one
/// pipeline. The SQL validates every argument; its coded errors come through as
/// `SQLAPIError` (`INVALID_TITLE`, `FIELD_LIMIT`, `NOT_FOUND` …). Nothing is changed when a
/// call throws. With `ConnectionRoles`, the reads (thread list, a thread's entries, its
/// fields, the export) go to a replica and the writes to the primary.
public struct JournalService: UserService {
    let database: ServiceDatabase
    public let user: UUID

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    // MARK: Threads

    /// Creates a thread, and its first entry when `firstEntry` is given, in one transaction.
    /// With `id`, a retry (the answer was lost) returns the thread created the first time.
    public func createThread(title: String, firstEntry: String? = nil, id: UUID? = nil) async throws
        -> (thread: JournalThread, firstEntry: JournalEntry?)
    {
        struct Created: Decodable {
            var thread: JournalThread
            var first_entry: JournalEntry?
        }
        let created = try await call("select public.journal_create_thread(\(title), \(firstEntry), \(id))", as: Created.self)
        return (created.thread, created.first_entry)
    }

    /// The live threads with their live entry count and newest entry time, the most
    /// recently written to first; with `includeDeleted`, the deleted ones too (the trash an
    /// undo needs: `restoreThread` brings one back until it is purged).
    public func threads(includeDeleted: Bool = false) async throws -> [JournalThread.Summary] {
        try await read([PostgresQuery(sql: """
            select \(JournalThread.selectList), coalesce(s.live_entries, 0), s.last_entry_at
              from public.journal_threads t
              left join public.journal_thread_stats s on s.thread_id = t.id
             where $1 or t.deleted_at is null
             order by coalesce(s.last_entry_at, t.created_at) desc, t.id
            """, binds: [includeDeleted])])[0].map {
            JournalThread.Summary(thread: try JournalThread(row: $0), liveEntryCount: try $0.decode(7), lastEntryAt: try $0.decode(8))
        }
    }

    /// Renames a live thread (trimmed, 1 to 200 characters: `INVALID_TITLE`).
    @discardableResult
    public func renameThread(_ id: UUID, to title: String) async throws -> JournalThread {
        try await call("select public.journal_rename_thread(\(id), \(title))", as: JournalThread.self)
    }

    /// Soft-deletes a thread: it and its entries leave the lists and the export.
    @discardableResult
    public func deleteThread(_ id: UUID) async throws -> JournalThread {
        try await call("select public.journal_delete_thread(\(id))", as: JournalThread.self)
    }

    /// The undo of `deleteThread`, also after other devices synced the deletion (until the
    /// tombstone is purged, 30 days on).
    @discardableResult
    public func restoreThread(_ id: UUID) async throws -> JournalThread {
        try await call("select public.journal_restore_thread(\(id))", as: JournalThread.self)
    }

    // MARK: Entries

    /// The live entries of a live thread, oldest first, with their values. NOT_FOUND for a
    /// thread that is deleted or not the user's (`private.journal_live_thread`, as the RPCs).
    /// With `includeDeleted`, the deleted entries too, of a deleted thread as well (the
    /// trash: `isDeleted` tells them apart).
    ///
    /// One statement (one snapshot), three kinds of rows: the thread's entries, in order;
    /// each entry's values, from its row of `journal_entry_value_lists`, read from one
    /// index range and matched to their entry here (probed per entry, or joined, the values
    /// cost the server half as much again, and a join's plan does not hold without
    /// statistics: see `journal_csv_lines`); and the thread's field ids once. A values row
    /// carries its field ids only when they are not those (a field id as text is 36 bytes
    /// against a value's few: sent with every value, the ids were most of what the server
    /// printed and sent). Values rows of deleted entries come too when they are left out;
    /// they are few (tombstones are purged) and ignored.
    public func entries(in thread: UUID, includeDeleted: Bool = false) async throws -> [JournalEntry] {
        let results = try await read([
            "select private.journal_listed_thread(\(thread), \(includeDeleted))",
            PostgresQuery(sql: Self.entriesSQL, binds: [thread, includeDeleted]).inBinary(),
        ])
        var entries: [JournalEntry] = []
        var valuesRow: [UUID: PostgresRow] = [:]
        var threadFields: [UUID] = []
        for row in results[1] {
            switch try row.decodeBinary(10, as: String.self) {
            case "entry": entries.append(try JournalEntry(row: row, thread: thread, owner: user))
            case "values": valuesRow[try row.decodeBinary(0, as: UUID.self)] = row
            default: threadFields = try row.decodeBinaryArray(9, of: UUID.self) ?? []
            }
        }
        var lists = JournalValueLists()
        for index in entries.indices {
            guard let row = valuesRow[entries[index].id] else { continue }
            entries[index].values = try lists.values(fields: try row.decodeBinaryArray(9, of: UUID.self) ?? threadFields, row: row, column: 8)
        }
        // The entries come in order (their branch's ORDER BY, read by one process whatever
        // the plan); UNION ALL promises no order, so it is checked, in one pass.
        if zip(entries, entries.dropFirst()).contains(where: { JournalEntry.inThreadOrder($1, $0) }) {
            entries.sort(by: JournalEntry.inThreadOrder)
        }
        return entries
    }

    /// `entries(in:)`'s statement, its rows asked for in binary: the server formats no
    /// timestamp, uuid or array as text (its rows for 1,000 entries × 20 values cost it
    /// 8.3 ms in text, 5.2 in binary) and the client parses none. $1 the thread, $2 whether
    /// deleted entries come too.
    /// Column 10 says what a row is: "entry" (`JournalEntry.selectList`), "values" (the
    /// entry id, its cells, their field ids unless they are the thread's) or "fields" (the
    /// thread's field ids, in field id order, as the lists hold them).
    private static let entriesSQL = """
        with fields as (select coalesce(array_agg(f.id order by f.id), '{}') as ids
                          from public.journal_fields f where f.thread_id = $1 and not f.is_group)
        (select \(JournalEntry.selectList), null::text[], null::uuid[], 'entry'
           from public.journal_entries e
          where e.thread_id = $1 and ($2 or e.deleted_at is null)
          order by e.entry_timestamp, e.id)
        union all
        select l.entry_id, null, null, null, null, null, null, null, l.cells, nullif(l.field_ids, fields.ids), 'values'
          from public.journal_entry_value_lists l, fields
         where l.thread_id = $1
        union all
        select null, null, null, null, null, null, null, null, null, fields.ids, 'fields' from fields
        """

    /// Adds an entry. `values` maps field ids to text; `timestamp` is for an entry written
    /// offline (default: now). With `id`, a retry returns the entry created the first time.
    @discardableResult
    public func addEntry(to thread: UUID, content: String, values: [UUID: String] = [:], id: UUID? = nil,
                         timestamp: Date? = nil) async throws -> JournalEntry
    {
        try await call("""
            select public.journal_add_entry(\(thread), \(content), \(Self.json(values))::jsonb, \(id), \(timestamp))
            """, as: JournalEntry.self)
    }

    /// Replaces an entry's content and, when `values` is given, its values (exactly those).
    /// A real change marks it edited.
    @discardableResult
    public func updateEntry(_ id: UUID, content: String, values: [UUID: String]? = nil) async throws -> JournalEntry {
        try await call("select public.journal_update_entry(\(id), \(content), \(values.map(Self.json))::jsonb)",
                       as: JournalEntry.self)
    }

    /// Soft-deletes an entry.
    @discardableResult
    public func deleteEntry(_ id: UUID) async throws -> JournalEntry {
        try await call("select public.journal_delete_entry(\(id))", as: JournalEntry.self)
    }

    /// The thread as CSV: the bytes of `journal_export_csv`, formatted here from a binary COPY
    /// of the rows (`JournalExporter.csv(thread:)`), which costs the server a third less than
    /// the SQL applying the cell rule itself; `JournalExporter` streams the same bytes to a
    /// file, for threads of any size.
    public func exportCSV(thread: UUID) async throws -> String {
        try await JournalExporter(database: database, user: user).csv(thread: thread)
    }

    /// The name and media type to share the thread's export under (`journal_export_file`).
    public func exportFile(thread: UUID) async throws -> JournalExportFile {
        guard let row = try await read(["select file_name, media_type from public.journal_export_file(\(thread))"])[0].first else {
            throw PostgresError(.decoding, "journal_export_file returned no row")
        }
        return JournalExportFile(fileName: try row.decode(0), mediaType: try row.decode(1))
    }

    // MARK: Fields

    /// The thread's live fields and groups in export order (none for a thread that is not
    /// the user's).
    public func fields(in thread: UUID) async throws -> [JournalField] {
        try await read([PostgresQuery(sql: """
            select \(JournalField.selectList)
              from public.journal_fields f
             where f.thread_id = $1 and f.deleted_at is null
             order by f.sort_order, f.name, f.id
            """, binds: [thread])])[0].map(JournalField.init(row:))
    }

    /// Adds a field (or, with `isGroup`, a field group). INVALID_FIELD_NAME, FIELD_NAME_TAKEN,
    /// FIELD_LIMIT (20 live fields per thread).
    @discardableResult
    public func addField(to thread: UUID, name: String, sortOrder: Int = 0, isGroup: Bool = false, id: UUID? = nil)
        async throws -> JournalField
    {
        try await field(PostgresQuery(sql: """
            insert into public.journal_fields as f (id, thread_id, name, sort_order, is_group)
            values (coalesce($1, gen_random_uuid()), $2, $3, $4, $5)
            returning \(JournalField.selectList)
            """, binds: [id, thread, name, sortOrder, isGroup]))
    }

    /// Renames a field and sets its place in the export.
    @discardableResult
    public func updateField(_ id: UUID, name: String, sortOrder: Int) async throws -> JournalField {
        try await field(PostgresQuery(sql: """
            update public.journal_fields f set name = $2, sort_order = $3
             where f.id = $1 and f.deleted_at is null
            returning \(JournalField.selectList)
            """, binds: [id, name, sortOrder]))
    }

    /// Soft-deletes a field: it leaves the export, its values are kept.
    @discardableResult
    public func deleteField(_ id: UUID) async throws -> JournalField {
        try await field(PostgresQuery(sql: """
            update public.journal_fields f set deleted_at = now() where f.id = $1
            returning \(JournalField.selectList)
            """, binds: [id]))
    }

    /// Puts a field into a group (INVALID_GROUP when the rules say no).
    public func group(_ field: UUID, into group: UUID) async throws {
        _ = try await write(["insert into public.journal_field_groups (parent_field_id, child_field_id) values (\(group), \(field))"])
    }

    /// Takes a field out of its group (nothing happens when it is in none).
    public func ungroup(_ field: UUID) async throws {
        _ = try await write(["delete from public.journal_field_groups where child_field_id = \(field)"])
    }

    // MARK: Plumbing

    private func read(_ queries: [PostgresQuery]) async throws -> [PostgresRows] {
        try await SQLAPIError.mapping { try await database.reads().pipeline(as: user, queries) }
    }

    private func write(_ queries: [PostgresQuery]) async throws -> [PostgresRows] {
        try await SQLAPIError.mapping { try await database.primary.pipeline(as: user, queries) }
    }

    /// An RPC that returns jsonb, decoded.
    private func call<T: Decodable & Sendable>(_ query: PostgresQuery, as type: T.Type) async throws -> T {
        guard let row = try await write([query])[0].first else {
            throw PostgresError(.decoding, "the journal RPC returned no row")
        }
        return try row.decodeJSON(0, as: T.self)
    }

    /// A field written by `query`; none means it is not there (or not the user's).
    private func field(_ query: PostgresQuery) async throws -> JournalField {
        guard let row = try await write([query])[0].first else { throw SQLAPIError(.notFound, "no such journal field") }
        return try JournalField(row: row)
    }

    static func json(_ values: [UUID: String]) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: values.map { ($0.key.uuidString.lowercased(), .string($0.value)) }))
    }
}
