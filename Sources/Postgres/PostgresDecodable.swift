import Foundation

/// A Swift type that a result column decodes into. Each conformance accepts only the
/// column types that hold its values without loss, so a wrong guess about a column is
/// an error naming the column instead of a silently wrong value.
public protocol PostgresDecodable: Sendable {
    init(postgresCell cell: PostgresCell) throws
}

extension PostgresDecodable {
    /// Shared by the conformances: NULL is an error for a non-optional type.
    @inlinable
    static func nonNull(_ cell: PostgresCell) throws -> UnsafeRawBufferPointer {
        guard let bytes = cell.bytes else { throw cell.unexpectedNull(Self.self) }
        return bytes
    }
}

// The generic conformances (Optional, Array) and String are inlinable, so that a decode of
// `[String?]` specializes in the caller's module (see ResultStorage.cell).
extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    @inlinable
    public init(postgresCell cell: PostgresCell) throws {
        self = cell.isNull ? nil : try Wrapped(postgresCell: cell)
    }
}

extension String: PostgresDecodable {
    /// Any column reads as its text form: text types as they are, others (numbers,
    /// uuids, json, intervals …) as PostgreSQL prints them.
    @inlinable
    public init(postgresCell cell: PostgresCell) throws {
        self = String(decoding: try Self.nonNull(cell), as: UTF8.self)
    }
}

/// Integers parse straight from the bytes: no intermediate String on the hot path.
@inline(__always)
private func parseInteger(_ bytes: UnsafeRawBufferPointer) -> Int64? {
    var i = 0
    var negative = false
    if bytes.count > 0, bytes[0] == UInt8(ascii: "-") { negative = true; i = 1 }
    guard i < bytes.count else { return nil }
    var value: Int64 = 0
    while i < bytes.count {
        let digit = bytes[i] &- 48
        guard digit < 10 else { return nil }
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
        if o1 || o2 { return nil }
        value = sum
        i += 1
    }
    return value
}

private func decodeInteger<T: FixedWidthInteger>(_ cell: PostgresCell, as type: T.Type) throws -> T {
    guard let bytes = cell.bytes else { throw cell.unexpectedNull(T.self) }
    guard cell.type.isInteger else { throw cell.mismatch(T.self) }
    guard let value = parseInteger(bytes), let exact = T(exactly: value) else {
        throw cell.mismatch(T.self, "value \(cell.text) out of range")
    }
    return exact
}

extension Int: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { self = try decodeInteger(cell, as: Int.self) }
}

extension Int64: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { self = try decodeInteger(cell, as: Int64.self) }
}

extension Int32: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { self = try decodeInteger(cell, as: Int32.self) }
}

extension Int16: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { self = try decodeInteger(cell, as: Int16.self) }
}

extension Double: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        _ = try Self.nonNull(cell)
        guard cell.type == .float8 || cell.type == .float4 || cell.type == .numeric || cell.type.isInteger,
              let value = Double(cell.text)
        else { throw cell.mismatch(Double.self) }
        self = value
    }
}

extension Bool: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try Self.nonNull(cell)
        guard cell.type == .bool, bytes.count == 1 else { throw cell.mismatch(Bool.self) }
        self = bytes[0] == UInt8(ascii: "t")
    }
}

extension UUID: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try Self.nonNull(cell)
        guard cell.type == .uuid || cell.type.isText, let value = parseUUID(bytes) ?? UUID(uuidString: cell.text) else {
            throw cell.mismatch(UUID.self)
        }
        self = value
    }
}

extension UUID {
    /// A UUID from the bytes of its printed 8-4-4-4-12 form (what PostgreSQL prints); nil for
    /// anything else. For decoders that read ids out of a longer text.
    public init?(postgresText bytes: UnsafeRawBufferPointer) {
        guard let value = parseUUID(bytes) else { return nil }
        self = value
    }
}

/// The 8-4-4-4-12 hex form PostgreSQL prints, read straight from the bytes: Foundation's
/// `UUID(uuidString:)` costs a String and about a microsecond, which a page of thousands of
/// rows with ids pays thousands of times. Nil for anything else (the caller falls back).
@inline(__always)
private func parseUUID(_ bytes: UnsafeRawBufferPointer) -> UUID? {
    guard bytes.count == 36, bytes[8] == 45, bytes[13] == 45, bytes[18] == 45, bytes[23] == 45 else { return nil }
    @inline(__always) func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c &- 48
        case 97...102: c &- 87
        case 65...70: c &- 55
        default: nil
        }
    }
    var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let ok = withUnsafeMutableBytes(of: &raw) { out -> Bool in
        var at = 0
        for i in 0..<16 {
            if at == 8 || at == 13 || at == 18 || at == 23 { at += 1 }
            guard let high = nibble(bytes[at]), let low = nibble(bytes[at + 1]) else { return false }
            out[i] = high << 4 | low
            at += 2
        }
        return true
    }
    return ok ? UUID(uuid: raw) : nil
}

extension Decimal: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        _ = try Self.nonNull(cell)
        guard cell.type == .numeric || cell.type.isInteger,
              let value = Decimal(string: cell.text, locale: Locale(identifier: "en_US_POSIX"))
        else { throw cell.mismatch(Decimal.self) }
        self = value
    }
}

extension Date: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try Self.nonNull(cell)
        guard cell.type == .timestamptz || cell.type == .timestamp || cell.type == .date else {
            throw cell.mismatch(Date.self)
        }
        guard let date = PostgresTimestamp.parse(bytes) else {
            throw cell.mismatch(Date.self, "unsupported value \(cell.text)")
        }
        self = date
    }
}

extension Data: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try Self.nonNull(cell)
        guard cell.type == .bytea, bytes.count >= 2, bytes.count % 2 == 0 else { throw cell.mismatch(Data.self) }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 97...102: return c - 87
            case 65...70: return c - 55
            default: return nil
            }
        }
        var data = Data(capacity: (bytes.count - 2) / 2)
        var i = 2
        while i < bytes.count {
            guard let hi = nibble(bytes[i]), let lo = nibble(bytes[i + 1]) else { throw cell.mismatch(Data.self) }
            data.append(hi << 4 | lo)
            i += 2
        }
        self = data
    }
}

extension Array: PostgresDecodable where Element: PostgresDecodable {
    /// One-dimensional arrays; elements decode with the array's element type, each from its
    /// bytes in place (no String per element unless it had to be unescaped).
    @inlinable
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try Self.nonNull(cell)
        guard let elementType = cell.type.arrayElement else { throw cell.mismatch(Self.self) }
        var elements: [Element] = []
        let parsed = try PostgresArrayLiteral.forEach(bytes) { item in
            elements.append(try Element(postgresCell: PostgresCell(bytes: item, type: elementType, column: cell.column)))
        }
        guard parsed else { throw cell.mismatch(Self.self, "not a one-dimensional array: \(cell.text)") }
        self = elements
    }
}

@usableFromInline
enum PostgresArrayLiteral {
    @usableFromInline static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ","),
                       brace = UInt8(ascii: "{")

    /// Calls `element` with the bytes of each element of `{a,"b c",NULL}` in order (nil for
    /// NULL): a slice of `bytes` unless the element had escapes. False when the text is not
    /// a one-dimensional array literal (`element` may have been called for a prefix).
    @inlinable
    static func forEach(_ bytes: UnsafeRawBufferPointer, _ element: (UnsafeRawBufferPointer?) throws -> Void) rethrows -> Bool {
        guard bytes.count >= 2, bytes.first == brace, bytes.last == UInt8(ascii: "}") else { return false }
        let end = bytes.count - 1
        var i = 1
        if i == end { return true }
        var unescaped: [UInt8] = []
        while i <= end {
            if i < end, bytes[i] == quote {
                i += 1
                let start = i
                var escaped = false
                while i < end, bytes[i] != quote {
                    if bytes[i] == backslash { escaped = true; i += 1 }
                    i += 1
                }
                guard i < end else { return false }
                if escaped {
                    unescaped.removeAll(keepingCapacity: true)
                    var j = start
                    while j < i {
                        if bytes[j] == backslash { j += 1 }
                        unescaped.append(bytes[j])
                        j += 1
                    }
                    try unescaped.withUnsafeBytes { try element($0) }
                } else {
                    try element(UnsafeRawBufferPointer(rebasing: bytes[start..<i]))
                }
                i += 1
            } else {
                let start = i
                while i < end, bytes[i] != comma {
                    if bytes[i] == brace { return false }
                    i += 1
                }
                let item = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
                try element(item.elementsEqual("NULL".utf8) ? nil : item)
            }
            guard i == end || bytes[i] == comma else { return false }
            i += 1
        }
        return true
    }
}
