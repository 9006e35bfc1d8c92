import Foundation
import Postgres

/// Streams a journal thread's CSV export to a file, for threads of any size: the same bytes
/// as `journal_export_csv`, with memory bounded by one row and a 64 KiB write buffer.
///
/// The header and the columns come from `private.journal_csv_columns` (the SQL that
/// `journal_csv_lines` uses too); the rows through a binary `COPY` of the entries' own
/// columns and their values as one text (`JournalEntry.ValuesText`), formatted here as they
/// arrive (`JournalCSVRow`): the server does no more than a bare COPY of the rows would,
/// and the client's work overlaps with it. The COPY runs as the user, so another user's or
/// a deleted thread is NOT_FOUND, and it waits on the connection's own thread, which is
/// also where the file is written: nothing blocks Swift's cooperative pool. With
/// `ConnectionRoles` it exports from a replica when there are some.
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
        try await SQLAPIError.mapping { try await copy(thread: thread, to: handle) }
    }

    private func copy(thread: UUID, to handle: FileHandle) async throws -> Int {
        try await database.reads().transaction(as: user) { conn in
            // One round trip: the columns, and the thread id for the COPY, which takes no
            // parameters (a bound value of set_config, read back with current_setting).
            let found = try conn.query("""
                select c.header, c.columns, set_config('journal.export_thread', \(thread.uuidString), true)
                  from private.journal_csv_columns(\(thread)) c
                """)
            guard let first = found.first else { throw PostgresError(.decoding, "private.journal_csv_columns returned no row") }
            let columns = (header: try first.decode(0, as: String.self), ids: try first.decode(1, as: [UUID].self))
            var output = Output(handle: handle)
            try Array(columns.header.utf8).withUnsafeBytes { try output.write($0) }
            let position = Dictionary(uniqueKeysWithValues: columns.ids.enumerated().map { ($0.element, $0.offset) })
            var cells = [UnsafeRawBufferPointer?](repeating: nil, count: columns.ids.count)
            var row = JournalCSVRow()
            var rows = CopyBinaryRows(columns: 4)
            try conn.copyOut(PostgresQuery(sql: columns.ids.isEmpty ? Self.copyEntries : Self.copyEntriesAndValues)) { chunk in
                try rows.feed(chunk) { fields in
                    guard let timestamp = fields[0], let content = fields[2] else {
                        throw PostgresError(.decoding, "an entry without its timestamp or content in the COPY data")
                    }
                    row.appendTimestamp(microseconds: Self.int64(timestamp))
                    row.appendComma()
                    if let edited = fields[1] { row.appendTimestamp(microseconds: Self.int64(edited)) }
                    row.appendComma()
                    row.appendCell(content)
                    if !cells.isEmpty {
                        for index in cells.indices { cells[index] = nil }
                        if let values = fields[3] {
                            try JournalEntry.ValuesText.forEach(in: values) { id, value in
                                if let column = position[id] { cells[column] = value }
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
            return rows.count
        }
    }

    /// The live entries of the thread named by `journal.export_thread`, in export order:
    /// their timestamps and content, and (for a thread with columns) their values as one
    /// text, probed by all three leading columns of the values' thread index (the plan holds
    /// without statistics: see `journal_csv_lines`).
    private static let copyEntries = copy(values: "null::text", from: "")
    private static let copyEntriesAndValues = copy(values: "v.vals", from: """
        cross join lateral (select \(JournalEntry.ValuesText.aggregate) as vals
                              from public.journal_entry_values v
                             where v.thread_id = e.thread_id and v.entry_timestamp = e.entry_timestamp
                               and v.entry_id = e.id) v
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

    private static func int64(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        var value: Int64 = 0
        for byte in bytes { value = value << 8 | Int64(byte) }
        return value
    }

    /// Buffers writes into 64 KiB blocks.
    private struct Output {
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
}

/// Reads COPY's binary format, handing over each row's fields in place (nil for NULL): an
/// 11-byte signature, flags and a header extension, then per row a field count, each
/// field's length and bytes, and a count of -1 at the end. The server sends one row per
/// message, so a row is normally read in place; `pending` only holds a row split across
/// messages.
struct CopyBinaryRows {
    let columns: Int
    private var pending: [UInt8] = []
    private var headerRead = false
    private var ended = false
    private var fields: [UnsafeRawBufferPointer?]
    /// Rows read so far.
    private(set) var count = 0

    init(columns: Int) {
        self.columns = columns
        fields = Array(repeating: nil, count: columns)
    }

    private static let signature: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00]

    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ row: ([UnsafeRawBufferPointer?]) throws -> Void) throws {
        if pending.isEmpty {
            let used = try parse(chunk, row)
            pending.append(contentsOf: chunk[used...])
        } else {
            pending.append(contentsOf: chunk)
            let bytes = pending
            let used = try bytes.withUnsafeBytes { try parse($0, row) }
            pending.removeFirst(used)
        }
    }

    /// Throws unless the end-of-data marker was read.
    func finish() throws {
        guard ended, pending.isEmpty else {
            throw PostgresError(.decoding, "the COPY data ended in the middle of a row")
        }
    }

    /// Reads what is complete in `bytes`; returns how many bytes it used.
    private mutating func parse(_ bytes: UnsafeRawBufferPointer, _ row: ([UnsafeRawBufferPointer?]) throws -> Void) throws -> Int {
        var at = 0
        func int32(_ offset: Int) -> Int {
            Int(Int32(bitPattern: UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                                  | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])))
        }
        if !headerRead {
            guard bytes.count >= 19 else { return 0 }
            guard bytes.prefix(11).elementsEqual(Self.signature) else {
                throw PostgresError(.decoding, "not COPY binary data")
            }
            let extensionLength = int32(15)
            guard bytes.count >= 19 + extensionLength else { return 0 }
            at = 19 + extensionLength
            headerRead = true
        }
        rows: while !ended, bytes.count - at >= 2 {
            let count = Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
            if count == -1 {
                ended = true
                at += 2
                break
            }
            guard Int(count) == columns else { throw PostgresError(.decoding, "expected \(columns) columns, the COPY has \(count)") }
            var next = at + 2
            for index in 0..<columns {
                guard bytes.count - next >= 4 else { break rows }
                let length = int32(next)
                next += 4
                if length < 0 {
                    fields[index] = nil
                } else {
                    guard bytes.count - next >= length else { break rows }
                    fields[index] = UnsafeRawBufferPointer(rebasing: bytes[next..<(next + length)])
                    next += length
                }
            }
            try row(fields)
            self.count += 1
            at = next
        }
        return at
    }
}
