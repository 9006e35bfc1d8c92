import Foundation

/// A Swift value that can be sent to the server as a bound parameter, in PostgreSQL's
/// text format. Parameters are sent with an unspecified type, so the server infers
/// the type from where the parameter stands, exactly as it would for a quoted literal
/// (`$1` next to a uuid column is a uuid, as an `int` function argument an int).
public protocol PostgresEncodable: Sendable {
    /// The value in PostgreSQL's text input format; nil sends SQL NULL.
    var postgresText: String? { get }

    /// Appends the value as one element of an array literal (`Array.postgresText`): quoted
    /// and escaped, or `NULL`. A type whose text needs no escape writes it in place, without
    /// a String per element: the worker binds arrays of hundreds of ids per statement.
    func appendPostgresArrayElement(to bytes: inout [UInt8])
}

extension PostgresEncodable {
    public func appendPostgresArrayElement(to bytes: inout [UInt8]) {
        guard var value = postgresText else {
            bytes.append(contentsOf: "NULL".utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            if utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                for byte in utf8 {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                    bytes.append(byte)
                }
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension String: PostgresEncodable {
    public var postgresText: String? { self }
}

extension Substring: PostgresEncodable {
    public var postgresText: String? { String(self) }
}

extension Int: PostgresEncodable {
    public var postgresText: String? { String(self) }
}

extension Int64: PostgresEncodable {
    public var postgresText: String? { String(self) }
}

extension Int32: PostgresEncodable {
    public var postgresText: String? { String(self) }
}

extension Int16: PostgresEncodable {
    public var postgresText: String? { String(self) }
}

extension Double: PostgresEncodable {
    public var postgresText: String? {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        return String(self)
    }
}

extension Bool: PostgresEncodable {
    public var postgresText: String? { self ? "t" : "f" }
}

extension UUID: PostgresEncodable {
    public var postgresText: String? { lowercasedString }

    /// Unquoted: a uuid's text holds nothing an array literal must quote.
    public func appendPostgresArrayElement(to bytes: inout [UInt8]) { appendLowercased(to: &bytes) }
}

extension UUID {
    /// The 8-4-4-4-12 form in lower case, as PostgreSQL prints it, written digit by digit:
    /// Foundation's `uuidString` goes through `snprintf` on Linux (upper case, lowered again
    /// by callers), and the worker writes a few ids for every notification and push.
    public var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { out in
            writeLowercased(into: UnsafeMutableRawBufferPointer(out))
            return 36
        }
    }

    /// `lowercasedString`'s 36 bytes appended to `bytes`, with no String in between (the
    /// push sink writes three ids per line, the array parameters one per element).
    public func appendLowercased(to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 36))
        bytes.withUnsafeMutableBytes { raw in
            writeLowercased(into: UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + 36)]))
        }
    }

    private func writeLowercased(into out: UnsafeMutableRawBufferPointer) {
        let digits: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: uuid) { raw in
            digits.withUTF8Buffer { hex in
                var at = 0
                for (i, byte) in raw.enumerated() {
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        out[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    out[at] = hex[Int(byte >> 4)]
                    out[at + 1] = hex[Int(byte & 0xF)]
                    at += 2
                }
            }
        }
    }
}

extension Decimal: PostgresEncodable {
    public var postgresText: String? { description }
}

extension Data: PostgresEncodable {
    /// bytea's hex input format.
    public var postgresText: String? {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 2 + count * 2)
        text[0] = UInt8(ascii: "\\")
        text[1] = UInt8(ascii: "x")
        for (i, byte) in enumerated() {
            text[2 + 2 * i] = digits[Int(byte >> 4)]
            text[3 + 2 * i] = digits[Int(byte & 0xF)]
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension Date: PostgresEncodable {
    /// ISO 8601 in UTC with microseconds, the precision of timestamptz.
    public var postgresText: String? { PostgresTimestamp.format(self) }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public var postgresText: String? { self?.postgresText }

    public func appendPostgresArrayElement(to bytes: inout [UInt8]) {
        if let self { self.appendPostgresArrayElement(to: &bytes) } else { bytes.append(contentsOf: "NULL".utf8) }
    }
}

extension Array: PostgresEncodable where Element: PostgresEncodable {
    /// An array literal: every element double-quoted and escaped (a uuid bare), NULL
    /// unquoted. Built as UTF-8 bytes, each element written in place
    /// (`appendPostgresArrayElement`): the worker binds arrays of hundreds of values per
    /// statement, and appending them a character at a time cost a tenth of its time.
    public var postgresText: String? {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(2 + count * 40)
        for (i, element) in enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            element.appendPostgresArrayElement(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Sends any `Encodable` value as JSON (for `json`/`jsonb` parameters).
public struct PostgresJSON<Value: Encodable & Sendable>: PostgresEncodable {
    public var value: Value
    public init(_ value: Value) { self.value = value }

    public var postgresText: String? {
        (try? PostgresJSONCoding.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
