import Foundation
import Postgres

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
