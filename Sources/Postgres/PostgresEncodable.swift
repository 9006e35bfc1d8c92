import Foundation

/// A Swift value that can be sent to the server as a bound parameter, in PostgreSQL's
/// text format. Parameters are sent with an unspecified type, so the server infers
/// the type from where the parameter stands, exactly as it would for a quoted literal
/// (`$1` next to a uuid column is a uuid, as an `int` function argument an int).
public protocol PostgresEncodable: Sendable {
    /// The value in PostgreSQL's text input format; nil sends SQL NULL.
    var postgresText: String? { get }
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
}

extension UUID {
    /// The 8-4-4-4-12 form in lower case, as PostgreSQL prints it, written digit by digit:
    /// Foundation's `uuidString` goes through `snprintf` on Linux (upper case, lowered again
    /// by callers), and the worker writes a few ids for every notification and push.
    public var lowercasedString: String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { out in
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
                    return at
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
}

extension Array: PostgresEncodable where Element: PostgresEncodable {
    /// An array literal: every element double-quoted and escaped, NULL unquoted. Built as
    /// UTF-8 bytes, each element copied whole unless it holds a quote or a backslash (neither
    /// byte occurs inside a multi-byte character): the worker binds arrays of hundreds of
    /// texts per statement, and appending them a character at a time cost a tenth of its time.
    public var postgresText: String? {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(2 + count * 40)
        for (i, element) in enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            guard var value = element.postgresText else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
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
