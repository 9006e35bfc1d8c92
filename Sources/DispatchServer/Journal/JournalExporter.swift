import Foundation
import Postgres

/// Streams a journal thread's CSV export to a file, for threads of any size: the same bytes
/// as `journal_export_csv` (both read `journal_csv_lines`, where the CSV rules live), with
/// memory bounded by one row and a 64 KiB write buffer.
///
/// The rows come through `COPY (select … from journal_csv_lines(…)) TO STDOUT` in binary
/// format: each line arrives as one length-prefixed field, exactly as the SQL wrote it (the
/// text format would escape the CR and LF every line holds). The COPY runs as the user, so
/// another user's or a deleted thread is NOT_FOUND, and it waits on the connection's own
/// thread, which is also where the file is written: nothing blocks Swift's cooperative pool.
/// With `ConnectionRoles` it exports from a replica when there are some.
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
            // COPY takes no parameters: the thread id goes in as a bound value of set_config.
            try conn.query("select set_config('journal.export_thread', \(thread.uuidString), true)")
            var lines = CopyBinaryLines()
            var output = Output(handle: handle)
            try conn.copyOut("""
                copy (select l from public.journal_csv_lines(current_setting('journal.export_thread')::uuid) l)
                to stdout (format binary)
                """) { chunk in
                try lines.feed(chunk) { try output.write($0) }
            }
            try lines.finish()
            try output.flush()
            return max(lines.count - 1, 0)
        }
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

/// Reads COPY's binary format for a one-column text result, handing over each value's
/// bytes: an 11-byte signature, flags and a header extension, then per row a field count
/// (1), a length and the bytes, and a count of -1 at the end. The server sends one row per
/// message, so a row is normally read in place; `pending` only holds a row split across
/// messages.
struct CopyBinaryLines {
    private var pending: [UInt8] = []
    private var headerRead = false
    private var ended = false
    /// Rows read so far.
    private(set) var count = 0

    private static let signature: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00]

    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer) throws -> Void) throws {
        if pending.isEmpty {
            let used = try parse(chunk, line)
            pending.append(contentsOf: chunk[used...])
        } else {
            pending.append(contentsOf: chunk)
            let bytes = pending
            let used = try bytes.withUnsafeBytes { try parse($0, line) }
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
    private mutating func parse(_ bytes: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
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
        while !ended, bytes.count - at >= 2 {
            let fields = Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
            if fields == -1 {
                ended = true
                at += 2
                break
            }
            guard fields == 1 else { throw PostgresError(.decoding, "expected one column, the COPY has \(fields)") }
            guard bytes.count - at >= 6 else { break }
            let length = int32(at + 2)
            guard length >= 0 else { throw PostgresError(.decoding, "a NULL line in the COPY data") }
            guard bytes.count - at >= 6 + length else { break }
            try line(UnsafeRawBufferPointer(rebasing: bytes[(at + 6)..<(at + 6 + length)]))
            count += 1
            at += 6 + length
        }
        return at
    }
}
