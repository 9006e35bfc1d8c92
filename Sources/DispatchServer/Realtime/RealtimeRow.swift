import Foundation
import Postgres

/// One row of a change, column name to JSON value (as `to_jsonb(row)` renders it), with
/// typed access so subscribers never cast `Any`: the feed normalises once, subscribers read
/// typed values.
public struct RealtimeRow: Sendable, Hashable {
    public var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) { self.values = values }

    public subscript(column: String) -> JSONValue? { values[column] }

    public var columns: Dictionary<String, JSONValue>.Keys { values.keys }
    public var isEmpty: Bool { values.isEmpty }

    /// True when the column is present (possibly with a JSON null).
    public func contains(_ column: String) -> Bool { values[column] != nil }

    /// The column's value as `T`; an absent column or a JSON null is an error unless `T`
    /// is optional.
    public func decode<T: RealtimeValueDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try T(realtimeValue: values[column] ?? .null, column: column)
    }

    /// The column's value as `T`, nil when absent or null.
    public func decodeIfPresent<T: RealtimeValueDecodable>(_ column: String, as type: T.Type = T.self) throws -> T? {
        guard let value = values[column], value != .null else { return nil }
        return try T(realtimeValue: value, column: column)
    }

    /// Any `Decodable` (a nested JSON object, an enum), via JSON coding.
    public func decodeJSON<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        do {
            return try (values[column] ?? .null).decode(T.self)
        } catch {
            throw RealtimeDecodingError(column: column, expected: "\(T.self)", found: values[column], reason: "\(error)")
        }
    }
}

/// A column that is missing or does not hold the requested type.
public struct RealtimeDecodingError: Error, Sendable, CustomStringConvertible {
    public let column: String
    public let expected: String
    public let found: JSONValue?
    public var reason: String?

    public init(column: String, expected: String, found: JSONValue?, reason: String? = nil) {
        self.column = column
        self.expected = expected
        self.found = found
        self.reason = reason
    }

    public var description: String {
        let what = found.map { $0 == .null ? "null" : $0.jsonText } ?? "no such column"
        return "column \"\(column)\" cannot be read as \(expected): \(what)" + (reason.map { " (\($0))" } ?? "")
    }
}

/// A Swift type a change column converts into.
public protocol RealtimeValueDecodable: Sendable {
    init(realtimeValue value: JSONValue, column: String) throws
}

extension RealtimeValueDecodable {
    static func mismatch(_ value: JSONValue, _ column: String) -> RealtimeDecodingError {
        RealtimeDecodingError(column: column, expected: "\(Self.self)", found: value)
    }
}

extension Optional: RealtimeValueDecodable where Wrapped: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        self = value == .null ? nil : try Wrapped(realtimeValue: value, column: column)
    }
}

extension JSONValue: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws { self = value }
}

extension String: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        guard case .string(let text) = value else { throw Self.mismatch(value, column) }
        self = text
    }
}

extension Bool: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        guard case .bool(let flag) = value else { throw Self.mismatch(value, column) }
        self = flag
    }
}

extension Double: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        switch value {
        case .number(let number): self = number
        // numeric columns beyond Double's range travel as strings in some renderings
        case .string(let text): guard let number = Double(text) else { throw Self.mismatch(value, column) }; self = number
        default: throw Self.mismatch(value, column)
        }
    }
}

extension Int: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        guard case .number(let number) = value, let exact = Int(exactly: number) else { throw Self.mismatch(value, column) }
        self = exact
    }
}

extension Int64: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        switch value {
        case .number(let number):
            guard let exact = Int64(exactly: number) else { throw Self.mismatch(value, column) }
            self = exact
        case .string(let text):  // bigint / xid8 values that Postgres renders as strings
            guard let exact = Int64(text) else { throw Self.mismatch(value, column) }
            self = exact
        default: throw Self.mismatch(value, column)
        }
    }
}

extension UUID: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        // Read from the bytes PostgreSQL printed, without `UUID(uuidString:)`'s sscanf: every
        // event the worker handles names a few ids.
        guard case .string(var text) = value,
              let uuid = text.withUTF8({ UUID(postgresText: UnsafeRawBufferPointer($0)) }) ?? UUID(uuidString: text)
        else { throw Self.mismatch(value, column) }
        self = uuid
    }
}

extension Date: RealtimeValueDecodable {
    /// timestamptz as `to_jsonb` writes it: `2026-01-31T12:00:00.123456+00:00`.
    public init(realtimeValue value: JSONValue, column: String) throws {
        // `dateValue` parses the text directly, as the JSON decoder's date strategy does,
        // without encoding the value to JSON and decoding it again: the push handler reads
        // `created_at` of every notification it sends.
        guard let date = value.dateValue else { throw Self.mismatch(value, column) }
        self = date
    }
}

extension Decimal: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        switch value {
        case .number(let number): self = Decimal(string: "\(number)") ?? Decimal(number)
        case .string(let text):
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw Self.mismatch(value, column)
            }
            self = decimal
        default: throw Self.mismatch(value, column)
        }
    }
}

extension Array: RealtimeValueDecodable where Element: RealtimeValueDecodable {
    public init(realtimeValue value: JSONValue, column: String) throws {
        guard case .array(let elements) = value else { throw Self.mismatch(value, column) }
        self = try elements.map { try Element(realtimeValue: $0, column: column) }
    }
}
