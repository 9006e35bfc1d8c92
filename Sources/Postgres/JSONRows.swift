import Foundation

/// Rows of JSON values with their column names once (a compact sync page's records), kept as
/// the text they came in with where each value starts and ends: checked when parsed, read
/// only when used. `decode(_:)` turns each row into an app's `Decodable` type, a key read
/// from the value at its column's position, with no `JSONValue` or dictionary built per row
/// and the ids, times and numbers read straight from the text.
public struct JSONRows: Sendable, Hashable {
    fileprivate let storage: Storage
    public var columns: [String] { storage.columns }
    public var count: Int { storage.count }

    /// One reference for every value read to hold.
    fileprivate final class Storage: Sendable {
        let columns: [String]
        /// The document's UTF-8 bytes.
        let text: [UInt8]
        /// Each value's start and end in `text`, row after row.
        let spans: [Int]
        let count: Int

        init(columns: [String], text: [UInt8], spans: [Int]) {
            (self.columns, self.text, self.spans) = (columns, text, spans)
            count = columns.isEmpty ? 0 : spans.count / (2 * columns.count)
        }

        func value(row: Int, column: Int) -> JSONValue {
            let at = 2 * (row * columns.count + column)
            // Checked as a whole when parsed: a value alone parses the same.
            return try! text.withUnsafeBytes { try JSONValueParser.parse($0, span: spans[at]..<spans[at + 1]) }
        }

        func object(row: Int) -> JSONValue {
            .object(Dictionary(columns.indices.map { (columns[$0], value(row: row, column: $0)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// `text` parsed, but the array of arrays at member `rowsKey` of its outermost object
    /// kept as rows (that member reads as an empty array in the document), named by the
    /// strings at member `columnsKey`. Nil rows when the member is not an array of arrays.
    /// A row not as long as the columns is an error.
    public static func parse(_ text: String, rowsAt rowsKey: String, columnsAt columnsKey: String) throws -> (document: JSONValue, rows: JSONRows?) {
        let bytes = Array(text.utf8)
        let (document, found) = try bytes.withUnsafeBytes { try JSONValueParser.parse($0, rowsAt: rowsKey) }
        guard let found else { return (document, nil) }
        let named = document[columnsKey]?.arrayValue
        guard let columns = named?.compactMap(\.stringValue), columns.count == named?.count else {
            throw PostgresError(.decoding, "rows without their column names (\(columnsKey)): \(text.prefix(200))")
        }
        guard found.width == columns.count else {
            throw PostgresError(.decoding, "rows of \(found.width) values for \(columns.count) columns: \(text.prefix(200))")
        }
        return (document, JSONRows(storage: Storage(columns: columns, text: bytes, spans: found.spans)))
    }

    /// The value at `row`, `column`.
    public func value(row: Int, column: Int) -> JSONValue { storage.value(row: row, column: column) }

    /// Each row as the object it stands for, its columns its keys.
    public var objects: [JSONValue] { (0..<count).map(storage.object(row:)) }

    /// Each row as `T` (read as `JSONValueDecoder` reads an object of the same values).
    public func decode<T: Decodable>(_ type: T.Type) throws -> [T] {
        let layout = RowLayout(columns: columns)
        var decoded: [T] = []
        decoded.reserveCapacity(count)
        for row in 0..<count {
            layout.startRow()
            decoded.append(try T(from: RowDecoder(rows: storage, layout: layout, row: row, path: [IndexKey(row)])))
        }
        return decoded
    }

    public static func == (a: JSONRows, b: JSONRows) -> Bool { a.columns == b.columns && a.objects == b.objects }
    public func hash(into hasher: inout Hasher) { hasher.combine(objects) }

    /// One value's text, read as the type asked for.
    fileprivate struct Value: ValueReading {
        let rows: Storage
        let start: Int, end: Int
        let parent: [any CodingKey]
        let key: (any CodingKey)?

        private var first: UInt8 { rows.text[start] }
        var isNull: Bool { first == UInt8(ascii: "n") }

        func bool() throws -> Bool {
            switch first {
            case UInt8(ascii: "t"): return true
            case UInt8(ascii: "f"): return false
            default: throw mismatch(Bool.self)
            }
        }

        /// The text between the quotes when it has no escape.
        private func plain<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
            guard first == UInt8(ascii: "\"") else { return nil }
            return rows.text.withUnsafeBytes { bytes in
                let inner = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)])
                return inner.contains(UInt8(ascii: "\\")) ? nil : body(inner)
            }
        }

        func string() throws -> String {
            if let text = plain({ String(decoding: $0, as: UTF8.self) }) { return text }
            guard case .string(let text) = try json() else { throw mismatch(String.self) }
            return text
        }

        func number() throws -> Double {
            let value: Double?? = rows.text.withUnsafeBytes { bytes in
                let digits = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                guard let first = digits.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else { return nil }
                let integral = !digits.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
                return JSONValueParser.number(digits, integral: integral)
            }
            guard let value, let value else { throw mismatch(Double.self) }
            return value
        }

        func timestamp() throws -> Date? {
            if let date = plain({ PostgresTimestamp.parse($0) }) { return date }
            return try json().dateValue
        }

        func json() throws -> JSONValue {
            try rows.text.withUnsafeBytes { try JSONValueParser.parse($0, span: start..<end) }
        }

        /// Ids straight from the text.
        func uuid() -> UUID? { plain { UUIDText.parse($0) } ?? nil }
    }
}

/// The columns of the rows, once for all of them, and where each key was found: a type's
/// `init(from:)` asks for its keys in the same order for every row, so the key asked for
/// n-th in a row is most often the one asked for n-th in the row before, found again by
/// comparing it with that one (the same literal: one comparison) rather than hashing it.
private final class RowLayout {
    private let positions: [String: Int]
    private var recent: [(key: String, position: Int?)] = []
    private var asked = 0

    init(columns: [String]) {
        var positions: [String: Int] = [:]
        for (index, name) in columns.enumerated() where positions[name] == nil { positions[name] = index }
        self.positions = positions
    }

    /// A row begins: its keys are asked for from the first again.
    func startRow() { asked = 0 }

    func position(of key: String) -> Int? {
        defer { asked += 1 }
        if asked < recent.count, recent[asked].key == key { return recent[asked].position }
        let position = positions[key]
        if asked < recent.count { recent[asked] = (key, position) } else if asked == recent.count { recent.append((key, position)) }
        return position
    }
}

private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol, Members {
    let decoder: RowDecoder
    var codingPath: [any CodingKey] { decoder.path }
    var memberNames: [String] { decoder.rows.columns }

    func member(_ key: some CodingKey) -> JSONRows.Value? {
        guard let column = decoder.layout.position(of: key.stringValue) else { return nil }
        return decoder.value(column, at: key)
    }

    // Ids and times: read from the text rather than from a String made first.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try required(key)
        if T.self == UUID.self, let id = value.uuid() { return id as! T }
        return try value.decodeValue(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = optional(key) else { return nil }
        if T.self == UUID.self, let id = value.uuid() { return (id as! T) }
        return try value.decodeValue(type)
    }
}

private struct RowDecoder: Decoder {
    let rows: JSONRows.Storage
    let layout: RowLayout
    let row: Int
    let path: [any CodingKey]
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func value(_ column: Int, at key: any CodingKey) -> JSONRows.Value {
        let at = 2 * (row * rows.columns.count + column)
        return JSONRows.Value(rows: rows, start: rows.spans[at], end: rows.spans[at + 1], parent: path, key: key)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer(decoder: self))
    }

    /// A type that reads a single value (a `JSONValue`, say) gets the row as the object it stands for.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(decoder: ValueDecoder(rows.object(row: row), path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([JSONValue].self, .init(codingPath: path, debugDescription: "a row is decoded as an object"))
    }
}
