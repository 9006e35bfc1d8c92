import Foundation

/// A JSON document of unknown shape, as `json`/`jsonb` columns hold them.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    public var stringValue: String? { if case .string(let v) = self { return v }; return nil }
    public var doubleValue: Double? { if case .number(let v) = self { return v }; return nil }
    public var intValue: Int? { if case .number(let v) = self, let i = Int(exactly: v) { return i }; return nil }
    public var boolValue: Bool? { if case .bool(let v) = self { return v }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let v) = self { return v }; return nil }
    public var objectValue: [String: JSONValue]? { if case .object(let v) = self { return v }; return nil }
    public var isNull: Bool { self == .null }

    /// A timestamp string as PostgreSQL writes one into JSON (`2026-01-02T03:04:05.123456+00:00`).
    public var dateValue: Date? {
        guard case .string(var text) = self else { return nil }
        return text.withUTF8 { PostgresTimestamp.parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses JSON text (RFC 8259) without going through `JSONDecoder`.
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { try JSONValueParser.parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses JSON text, but of the outermost object builds only the members named in
    /// `keys`: the others are checked and left out. For a reader of a few columns of a wide
    /// row (the worker reads five of a task's twenty-odd), building and freeing the rest
    /// was most of the parse's cost.
    public init(parsing text: String, keepingMembers keys: [String]) throws {
        var text = text
        self = try text.withUTF8 { try JSONValueParser.parse(UnsafeRawBufferPointer($0), keeping: keys) }
    }

    /// Decodes this value into a `Decodable` type (via its JSON text).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PostgresJSONCoding.decoder.decode(T.self, from: PostgresJSONCoding.encoder.encode(self))
    }

    /// Compact JSON text with sorted keys.
    public var jsonText: String {
        (try? PostgresJSONCoding.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Compact JSON text written byte by byte, keys in UTF-8 order: for a `jsonb` parameter,
    /// whose stored form does not depend on the text's key order or spacing. `jsonText`
    /// goes through `JSONEncoder`, about half of what the worker spent building a batch of
    /// notifications; this is a fraction of it. Numbers are written as `jsonText` writes
    /// them where that is certain (whole numbers below 10^15), others in Swift's shortest
    /// form, which JSON reads as the same Double; a value that is not finite (which JSON
    /// cannot hold) makes the whole text `jsonText`'s.
    public var compactJSONText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        guard write(to: &bytes) else { return jsonText }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) -> Bool {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            guard value.isFinite else { return false }
            if value.rounded() == value, abs(value) < 1e15 {
                out.append(contentsOf: String(Int64(value)).utf8)
            } else {
                out.append(contentsOf: value.description.utf8)
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                guard value.write(to: &out) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                guard members[key]!.write(to: &out) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// A JSON string literal: quote, backslash and control characters escaped, the rest as is.
    private static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}

extension JSONValue: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { jsonText }

    public init(postgresCell cell: PostgresCell) throws {
        guard let bytes = cell.bytes else { throw cell.unexpectedNull(JSONValue.self) }
        guard cell.type == .json || cell.type == .jsonb || cell.type.isText else { throw cell.mismatch(JSONValue.self) }
        do {
            self = try JSONValueParser.parse(bytes)
        } catch {
            throw cell.mismatch(JSONValue.self, "\(error)")
        }
    }
}

/// Shared JSON coders: timestamps travel as ISO 8601 strings in both directions.
public enum PostgresJSONCoding {
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            var copy = text
            if let date = copy.withUTF8({ PostgresTimestamp.parse(UnsafeRawBufferPointer($0)) }) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a timestamp: \(text)")
        }
        return decoder
    }()

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(PostgresTimestamp.format(date))
        }
        return encoder
    }()

    /// Decodes a json/jsonb cell into `T`, naming the column when it does not fit.
    static func decode<T: Decodable>(_ type: T.Type, _ cell: PostgresCell) throws -> T {
        guard let bytes = cell.bytes else { throw cell.unexpectedNull(T.self) }
        guard cell.type == .json || cell.type == .jsonb || cell.type.isText else { throw cell.mismatch(T.self) }
        do {
            return try decoder.decode(T.self, from: Data(bytes))
        } catch {
            throw cell.mismatch(T.self, "\(error)")
        }
    }
}
