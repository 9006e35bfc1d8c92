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
    public var postgresText: String? { uuidString }
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
    /// An array literal: every element double-quoted and escaped, NULL unquoted.
    public var postgresText: String? {
        var text = "{"
        for (i, element) in enumerated() {
            if i > 0 { text += "," }
            guard let value = element.postgresText else { text += "NULL"; continue }
            text += "\""
            for char in value.unicodeScalars {
                if char == "\"" || char == "\\" { text += "\\" }
                text.unicodeScalars.append(char)
            }
            text += "\""
        }
        return text + "}"
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
