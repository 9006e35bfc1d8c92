import Foundation

/// Decodes `JSONValue`s straight into `Decodable` types, reading what `JSONDecoder` with
/// `PostgresJSONCoding.decoder`'s settings reads from their text (timestamps as PostgreSQL
/// writes them into JSON, UUIDs as text, integers only from whole numbers) without writing
/// the text and parsing it again. `JSONRows.decode(_:)` reads rows of values the same way.
public enum JSONValueDecoder {
    /// `value` as `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value, path: []).decodeValue(T.self)
    }
}

/// A key of an array element, for coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// One JSON value as each type `Decodable` asks for: the rule every container follows, read
/// from a parsed `JSONValue` or from the value's text in a row (`JSONRows`).
protocol ValueReading {
    /// The path of the container and the key in it: the whole path is only made for an error
    /// (an array per value read would be much of the work).
    var parent: [any CodingKey] { get }
    var key: (any CodingKey)? { get }
    var isNull: Bool { get }
    func bool() throws -> Bool
    func string() throws -> String
    func number() throws -> Double
    /// A timestamp as PostgreSQL writes one into JSON; nil when the value is not one.
    func timestamp() throws -> Date?
    /// The value parsed, for what is read as a whole (a nested object or array, a `JSONValue`).
    func json() throws -> JSONValue
}

extension ValueReading {
    var path: [any CodingKey] { key.map { parent + [$0] } ?? parent }

    func mismatch<T>(_ type: T.Type) -> DecodingError {
        if isNull { return .valueNotFound(type, .init(codingPath: path, debugDescription: "expected \(type), found null")) }
        let found = (try? json().jsonText.prefix(100)).map(String.init) ?? "?"
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(found)"))
    }

    func corrupted(_ what: String) -> DecodingError {
        let found = (try? json().jsonText.prefix(100)).map(String.init) ?? "?"
        return .dataCorrupted(.init(codingPath: path, debugDescription: "not \(what): \(found)"))
    }

    /// A whole number that fits (another number is corrupt, as `JSONDecoder` has it).
    @inline(__always) func integer<I: BinaryInteger>(_ type: I.Type) throws -> I {
        guard let i = I(exactly: try number()) else { throw corrupted("a whole \(type)") }
        return i
    }

    @inline(__always) func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // The types `JSONDecoder` reads in a way of its own, or that sync rows are made of
        // (`JSONValue`'s own conformance would guess by trying each type: the value is at hand).
        if T.self == String.self { return try string() as! T }
        if T.self == UUID.self {
            guard let id = UUIDText.parse(try string()) else { throw corrupted("a UUID") }
            return id as! T
        }
        if T.self == Date.self {
            guard let date = try timestamp() else { throw isNull ? mismatch(Date.self) : corrupted("a timestamp") }
            return date as! T
        }
        if T.self == Double.self { return try number() as! T }
        if T.self == Int.self { return try integer(Int.self) as! T }
        if T.self == Bool.self { return try bool() as! T }
        if T.self == JSONValue.self { return try json() as! T }
        if T.self == Decimal.self { return Decimal(try number()) as! T }
        if T.self == URL.self {
            guard let url = URL(string: try string()) else { throw corrupted("a URL") }
            return url as! T
        }
        return try T(from: NestedDecoder(decoder: ValueDecoder(try json(), in: parent, at: key)))
    }
}

/// A UUID from its 36 characters without going through `sscanf` (which Foundation's
/// `UUID(uuidString:)` does on Linux, most of the time of a row's ids).
enum UUIDText {
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    static func parse(_ text: UnsafeRawBufferPointer) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var i = 0
            for n in 0..<16 {
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard text[i] == UInt8(ascii: "-") else { return false }
                    i += 1
                }
                guard let high = hex(text[i]), let low = hex(text[i + 1]) else { return false }
                out[n] = high << 4 | low
                i += 2
            }
            return true
        }
        return ok ? UUID(uuid: bytes) : nil
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}

/// A parsed value.
struct ValueDecoder: ValueReading {
    let value: JSONValue
    let parent: [any CodingKey]
    let key: (any CodingKey)?

    init(_ value: JSONValue, path: [any CodingKey]) { (self.value, self.parent, self.key) = (value, path, nil) }
    init(_ value: JSONValue, in parent: [any CodingKey], at key: (any CodingKey)?) { (self.value, self.parent, self.key) = (value, parent, key) }

    var isNull: Bool { value == .null }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self) }
        return b
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self) }
        return s
    }

    func number() throws -> Double {
        guard case .number(let d) = value else { throw mismatch(Double.self) }
        return d
    }

    func timestamp() throws -> Date? { value.dateValue }
    func json() throws -> JSONValue { value }
}

/// The `Decoder` a type with a `Decodable` conformance of its own is handed.
struct NestedDecoder: Decoder {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = decoder.value else { throw decoder.mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(ObjectContainer(members: members, codingPath: decoder.path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = decoder.value else { throw decoder.mismatch([JSONValue].self) }
        return ArrayContainer(elements: elements, codingPath: decoder.path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: decoder) }
}

/// The members of a record: found by name in an object, or by position in a row.
protocol Members {
    associatedtype Reader: ValueReading
    var codingPath: [any CodingKey] { get }
    /// The value of `key`, nil when there is none.
    func member(_ key: some CodingKey) -> Reader?
    var memberNames: [String] { get }
}

extension Members {
    @inline(__always) func required(_ key: some CodingKey) throws -> Reader {
        guard let value = member(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return value
    }

    @inline(__always) func optional(_ key: some CodingKey) -> Reader? {
        guard let value = member(key), !value.isNull else { return nil }
        return value
    }
}

struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol, Members {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    func member(_ key: some CodingKey) -> ValueDecoder? { members[key.stringValue].map { ValueDecoder($0, in: codingPath, at: key) } }
    var memberNames: [String] { Array(members.keys) }
}

/// The keyed reads, the same for every kind of record: each `decode` one lookup. Inlined into
/// each container, so that they read its own values without generic calls in between (the
/// per-value cost of a record).
extension KeyedDecodingContainerProtocol where Self: Members {
    var allKeys: [Key] { memberNames.compactMap { Key(stringValue: $0) } }
    @inline(__always) func contains(_ key: Key) -> Bool { member(key) != nil }
    @inline(__always) func decodeNil(forKey key: Key) throws -> Bool { try required(key).isNull }

    @inline(__always) func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(key).bool() }
    @inline(__always) func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(key).string() }
    @inline(__always) func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(key).number() }
    @inline(__always) func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try required(key).number()) }
    @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(key).integer(type) }
    @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(key).integer(type) }
    @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(key).integer(type) }
    @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(key).integer(type) }
    @inline(__always) func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(key).decodeValue(type) }

    @inline(__always) func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key)?.bool() }
    @inline(__always) func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key)?.string() }
    @inline(__always) func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key)?.number() }
    @inline(__always) func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(key)?.integer(type) }
    @inline(__always) func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(key)?.decodeValue(type) }

    @inline(__always) func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try required(key)
        return try NestedDecoder(decoder: ValueDecoder(try value.json(), in: codingPath, at: key)).container(keyedBy: type)
    }

    @inline(__always) func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let value = try required(key)
        return try NestedDecoder(decoder: ValueDecoder(try value.json(), in: codingPath, at: key)).unkeyedContainer()
    }

    @inline(__always) func superDecoder() throws -> any Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }
    @inline(__always) func superDecoder(forKey key: Key) throws -> any Decoder {
        NestedDecoder(decoder: ValueDecoder(try member(key)?.json() ?? .null, in: codingPath, at: key))
    }
}

struct SingleValue: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.path }
    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.number() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoder.number()) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

struct ArrayContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) { (self.elements, self.codingPath) = (elements, codingPath) }

    private mutating func next<T>(_ type: T.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array ends"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(elements[currentIndex], in: codingPath, at: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).number() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try NestedDecoder(decoder: try next([String: JSONValue].self)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try NestedDecoder(decoder: try next([JSONValue].self)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { NestedDecoder(decoder: try next(JSONValue.self)) }
}
