import Foundation

/// A Swift type read from a value in the server's binary format: a column of rows asked
/// for in binary (`PostgresQuery.binaryResults`), read with `PostgresRow.decodeBinary`.
/// Binary rows save the server formatting every value as text and the client parsing it
/// back: for a uuid, a timestamp or an array, most of what reading it costs.
public protocol PostgresBinaryDecodable {
    /// The value of `cell` (nil bytes: SQL NULL). Throws for NULL unless the type is
    /// optional, and for a column type it cannot hold.
    init(postgresBinaryCell cell: PostgresCell) throws
}

extension PostgresCell {
    /// The bytes of a binary value whose column is one of `types` and that is `length` long
    /// (any length when nil); throws otherwise, and for NULL.
    @usableFromInline
    func binary(_ swiftType: Any.Type, _ types: [PostgresType], length: Int? = nil) throws -> UnsafeRawBufferPointer {
        guard let bytes else { throw unexpectedNull(swiftType) }
        guard types.contains(type) else { throw mismatch(swiftType) }
        if let length, bytes.count != length {
            throw mismatch(swiftType, "\(bytes.count) bytes of binary data, expected \(length)")
        }
        return bytes
    }
}

/// A big-endian integer of `bytes` (which hold exactly its size).
@usableFromInline
func readBigEndian<I: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as type: I.Type) -> I {
    I(bigEndian: bytes.loadUnaligned(as: I.self))
}

extension UUID: PostgresBinaryDecodable {
    @inlinable
    public init(postgresBinaryCell cell: PostgresCell) throws {
        self.init(uuid: try cell.binary(UUID.self, [.uuid], length: 16).loadUnaligned(as: uuid_t.self))
    }
}

extension String: PostgresBinaryDecodable {
    /// text, varchar, char(n) and name: their binary form is their UTF-8 text.
    @inlinable
    public init(postgresBinaryCell cell: PostgresCell) throws {
        self.init(decoding: try cell.binary(String.self, [.text, .varchar, .bpchar, .name]), as: UTF8.self)
    }
}

extension Int: PostgresBinaryDecodable {
    @inlinable
    public init(postgresBinaryCell cell: PostgresCell) throws {
        let bytes = try cell.binary(Int.self, [.int2, .int4, .int8])
        switch (cell.type, bytes.count) {
        case (.int2, 2): self = Int(readBigEndian(bytes, as: Int16.self))
        case (.int4, 4): self = Int(readBigEndian(bytes, as: Int32.self))
        case (.int8, 8): self = Int(readBigEndian(bytes, as: Int64.self))
        default: throw cell.mismatch(Int.self, "\(bytes.count) bytes of binary data")
        }
    }
}

extension Bool: PostgresBinaryDecodable {
    @inlinable
    public init(postgresBinaryCell cell: PostgresCell) throws {
        self = try cell.binary(Bool.self, [.bool], length: 1)[0] != 0
    }
}

extension PostgresCell {
    /// A binary timestamptz or timestamp as it is sent: microseconds since 2000-01-01 00:00
    /// UTC (`Int64.max` and `.min` are infinity). For a reader that formats it itself.
    @inlinable
    public func binaryTimestampMicroseconds() throws -> Int64 {
        readBigEndian(try binary(Int64.self, [.timestamptz, .timestamp], length: 8), as: Int64.self)
    }
}

extension Date: PostgresBinaryDecodable {
    /// timestamptz and timestamp (taken as UTC, as in text). Infinity has no `Date` and is
    /// refused, as in text.
    @inlinable
    public init(postgresBinaryCell cell: PostgresCell) throws {
        guard let date = PostgresTimestamp.date(postgresMicroseconds: try cell.binaryTimestampMicroseconds()) else {
            throw cell.mismatch(Date.self, "infinity")
        }
        self = date
    }
}

extension Optional: PostgresBinaryDecodable where Wrapped: PostgresBinaryDecodable {
    @inlinable
    public init(postgresBinaryCell cell: PostgresCell) throws {
        self = cell.isNull ? nil : try Wrapped(postgresBinaryCell: cell)
    }
}

extension PostgresRow {
    /// A column of binary rows (`PostgresQuery.binaryResults`) as `T`.
    @inlinable
    public func decodeBinary<T: PostgresBinaryDecodable>(_ column: Int, as type: T.Type = T.self) throws -> T {
        try T(postgresBinaryCell: storage.binaryCell(row: index, column: column))
    }

    /// A one-dimensional array column of binary rows as `[T]`, nil when the column is NULL;
    /// a NULL element throws unless `T` is optional.
    @inlinable
    public func decodeBinaryArray<T: PostgresBinaryDecodable>(_ column: Int, of type: T.Type = T.self) throws -> [T]? {
        let cell = try storage.binaryCell(row: index, column: column)
        guard let bytes = cell.bytes else { return nil }
        guard let element = cell.type.arrayElement else { throw cell.mismatch([T].self, "not an array") }
        var values: [T] = []
        try PostgresBinaryArray.forEach(in: bytes) { values.append(try T(postgresBinaryCell: PostgresCell(bytes: $0, type: element, column: cell.column))) }
        return values
    }

    /// Calls `element` with each element of a one-dimensional array column of binary rows,
    /// in order, as its binary bytes in place (nil for a NULL element). False when the
    /// column is NULL; throws when it is not a one-dimensional array.
    public func forEachBinaryElement(ofArray column: Int, _ element: (UnsafeRawBufferPointer?) throws -> Void) throws -> Bool {
        let cell = try storage.binaryCell(row: index, column: column)
        guard let bytes = cell.bytes else { return false }
        guard cell.type.arrayElement != nil else { throw cell.mismatch([Any].self, "not an array") }
        try PostgresBinaryArray.forEach(in: bytes, element)
        return true
    }
}

extension ResultStorage {
    /// The cell at (row, column) of binary rows; throws for text rows.
    @usableFromInline
    func binaryCell(row: Int, column: Int) throws -> PostgresCell {
        guard isBinary else {
            throw PostgresError(.decoding, "the rows are in text: read them with decode, or ask for binaryResults")
        }
        return try anyCell(row: row, column: column)
    }
}

/// An array in the server's binary format (a binary row's array column, a field of a
/// binary COPY): its number of dimensions, a has-nulls flag and the element type, then per
/// dimension its size and lower bound, then each element's length (-1 for NULL) and bytes.
public enum PostgresBinaryArray {
    /// Calls `element` with each element of a one-dimensional (or empty) array, in order and
    /// in place; throws for anything else.
    public static func forEach(in bytes: UnsafeRawBufferPointer, _ element: (UnsafeRawBufferPointer?) throws -> Void) throws {
        func int32(_ offset: Int) throws -> Int {
            guard offset >= 0, bytes.count - offset >= 4 else {
                throw PostgresError(.decoding, "a binary array ends early, at byte \(offset)")
            }
            return Int(readBigEndian(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 4)]), as: Int32.self))
        }
        let dimensions = try int32(0)
        guard dimensions == 0 || dimensions == 1 else {
            throw PostgresError(.decoding, "a binary array of \(dimensions) dimensions, expected one")
        }
        guard dimensions == 1 else { return }
        let count = try int32(12)
        var at = 20
        for _ in 0..<count {
            let length = try int32(at)
            at += 4
            if length < 0 {
                try element(nil)
            } else {
                guard bytes.count - at >= length else {
                    throw PostgresError(.decoding, "a binary array ends early, in its element at byte \(at)")
                }
                try element(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + length)]))
                at += length
            }
        }
    }
}
