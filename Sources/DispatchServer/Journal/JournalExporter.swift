import Foundation
import Postgres

/// A journal thread's CSV export, the same bytes as `journal_export_csv`: streamed to a file
/// for threads of any size (memory bounded by one row and a 64 KiB write buffer), or as one
/// text (`csv(thread:)`, what `JournalService.exportCSV` returns).
///
/// The header and the columns come from `private.journal_csv_columns` (the SQL that
/// `journal_csv_lines` uses too); the rows through a binary `COPY` of the entries' own
/// columns and each entry's row of `journal_entry_value_lists` (its field ids and values as
/// two arrays), formatted here as they arrive (`JournalCSVRow`): the server does no more
/// than a bare COPY of the rows would, and the client's work overlaps with it. Both
/// statements read one snapshot (a repeatable-read transaction), so the header and the rows
/// agree whatever commits meanwhile. They run as the user, so another user's or a deleted
/// thread is NOT_FOUND; the COPY waits on the connection's own thread, which is also where
/// the file is written: nothing blocks Swift's cooperative pool. With `ConnectionRoles` it
/// exports from a replica when there are some.
public struct JournalExporter: UserService {
    let database: ServiceDatabase
    public let user: UUID

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    /// Writes the CSV to `path` (created or truncated). Returns the number of entries
    /// written (the header not counted).
    @discardableResult
    public func export(thread: UUID, toFile path: String) async throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        return try await export(thread: thread, to: handle)
    }

    /// Writes the CSV into `directory` under the name the server gives the export
    /// (`JournalExportFile`, from the thread's title); returns the file's path, its name and
    /// media type for the share sheet, and the number of entries written.
    public func export(thread: UUID, intoDirectory directory: String) async throws
        -> (path: String, file: JournalExportFile, entries: Int)
    {
        let file = try await JournalService(database: database, user: user).exportFile(thread: thread)
        let path = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(file.fileName).path
        return (path, file, try await export(thread: thread, toFile: path))
    }

    /// Writes the CSV to `handle` from its current position. Returns the number of entries
    /// written (the header not counted).
    @discardableResult
    public func export(thread: UUID, to handle: FileHandle) async throws -> Int {
        try await SQLAPIError.mapping { try await copy(thread: thread, into: FileSink(handle: handle)).entries }
    }

    /// The CSV as one text.
    public func csv(thread: UUID) async throws -> String {
        let bytes = try await SQLAPIError.mapping { try await copy(thread: thread, into: MemorySink()).sink.bytes }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func copy<Sink: CSVSink>(thread: UUID, into sink: Sink) async throws -> (entries: Int, sink: Sink) {
        try await database.reads().transaction(as: user, isolation: .repeatableRead) { conn in
            // One round trip: the columns, and the thread id for the COPY, which takes no
            // parameters (a bound value of set_config, read back with current_setting).
            let found = try conn.query("""
                select c.header, c.columns, set_config('journal.export_thread', \(thread.uuidString), true)
                  from private.journal_csv_columns(\(thread)) c
                """)
            guard let first = found.first else { throw PostgresError(.decoding, "private.journal_csv_columns returned no row") }
            let columns = (header: try first.decode(0, as: String.self), ids: try first.decode(1, as: [UUID].self))
            var output = sink
            try Array(columns.header.utf8).withUnsafeBytes { try output.write($0) }
            let position = Dictionary(uniqueKeysWithValues: columns.ids.enumerated().map { ($0.element, $0.offset) })
            var cells = [UnsafeRawBufferPointer?](repeating: nil, count: columns.ids.count)
            // Where each of an entry's values goes (its field's column, nil for a field that is
            // no column), worked out again only when its field ids are not the last entry's.
            var placed = (fieldIDs: [UInt8](), columns: [Int?]())
            var row = JournalCSVRow()
            var rows = CopyBinaryRows(columns: 5)
            try conn.copyOut(PostgresQuery(sql: columns.ids.isEmpty ? Self.copyEntries : Self.copyEntriesAndValues)) { chunk in
                try rows.feed(chunk) { fields in
                    guard let timestamp = fields[0], let content = fields[2] else {
                        throw PostgresError(.decoding, "an entry without its timestamp or content in the COPY data")
                    }
                    row.appendTimestamp(microseconds: try Self.timestamp(timestamp, "entry_timestamp"))
                    row.appendComma()
                    if let edited = fields[1] { row.appendTimestamp(microseconds: try Self.timestamp(edited, "last_edited_at")) }
                    row.appendComma()
                    row.appendCell(content)
                    if !cells.isEmpty {
                        for index in cells.indices { cells[index] = nil }
                        if let fieldIDs = fields[3], let values = fields[4] {
                            if !Self.equal(fieldIDs, placed.fieldIDs) {
                                placed.fieldIDs = Array(fieldIDs)
                                placed.columns.removeAll(keepingCapacity: true)
                                try PostgresBinaryArray.forEach(in: fieldIDs) { id in
                                    let id = try UUID(postgresBinaryCell: PostgresCell(bytes: id, type: .uuid, column: "field_ids"))
                                    placed.columns.append(position[id])
                                }
                            }
                            var index = 0
                            try PostgresBinaryArray.forEach(in: values) { value in
                                guard index < placed.columns.count else {
                                    throw PostgresError(.decoding, "an entry with more values than field ids")
                                }
                                if let column = placed.columns[index] { cells[column] = value }
                                index += 1
                            }
                        }
                        for cell in cells {
                            row.appendComma()
                            if let cell { row.appendCell(cell) }
                        }
                    }
                    row.appendLineEnd()
                    try row.bytes.withUnsafeBytes { try output.write($0) }
                    row.bytes.removeAll(keepingCapacity: true)
                }
            }
            try rows.finish()
            try output.flush()
            return (rows.count, output)
        }
    }

    /// The live entries of the thread named by `journal.export_thread`, in export order:
    /// their timestamps and content, and (for a thread with columns) the field ids and
    /// values of their row of `journal_entry_value_lists`, probed by every column of the
    /// lists' thread index (the owner's from the policy) and limited to one row (the plan holds without statistics: see
    /// `journal_csv_lines`). Reading the values' own rows instead, 20 for an entry of 20
    /// values, aggregated per entry, cost the server three times as much.
    private static let copyEntries = copy(values: "null::uuid[], null::text[]", from: "")
    private static let copyEntriesAndValues = copy(values: "l.field_ids, l.cells", from: """
        left join lateral (select l.field_ids, l.cells from public.journal_entry_value_lists l
                            where l.thread_id = e.thread_id and l.entry_timestamp = e.entry_timestamp
                              and l.entry_id = e.id
                            limit 1) l on true
        """)

    private static func copy(values: String, from join: String) -> String {
        """
        copy (select e.entry_timestamp, e.last_edited_at, e.content, \(values)
                from public.journal_entries e
                \(join)
               where e.thread_id = current_setting('journal.export_thread')::uuid and e.deleted_at is null
               order by e.entry_timestamp, e.id)
        to stdout (format binary)
        """
    }

    /// Whether `bytes` are `array`'s, by memcmp (compared element by element, a thread's
    /// field ids cost as much as formatting its cells).
    private static func equal(_ bytes: UnsafeRawBufferPointer, _ array: [UInt8]) -> Bool {
        bytes.count == array.count
            && array.withUnsafeBytes { bytes.isEmpty || memcmp(bytes.baseAddress!, $0.baseAddress!, bytes.count) == 0 }
    }

    /// A timestamptz field of the COPY, as microseconds (checked: eight bytes).
    private static func timestamp(_ bytes: UnsafeRawBufferPointer, _ column: String) throws -> Int64 {
        try PostgresCell(bytes: bytes, type: .timestamptz, column: column).binaryTimestampMicroseconds()
    }
}

/// Where an export's bytes go.
private protocol CSVSink: Sendable {
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
    mutating func flush() throws
}

/// A file, written in 64 KiB blocks.
private struct FileSink: CSVSink {
    let handle: FileHandle
    var buffer: [UInt8] = []

    init(handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.capacity)
    }

    static let capacity = 1 << 16

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > Self.capacity { try flush() }
        if bytes.count >= Self.capacity {
            try handle.write(contentsOf: Data(bytes))
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Memory: the whole export.
private struct MemorySink: CSVSink {
    var bytes: [UInt8] = []
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
    mutating func flush() throws {}
}
