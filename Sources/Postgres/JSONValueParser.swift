/// A direct JSON text → `JSONValue` parser for json/jsonb columns.
///
/// `JSONValue`'s `Decodable` conformance has to guess each value's type by trying Bool,
/// Double, String, array and object in turn, and every wrong guess builds a thrown
/// `DecodingError`: about 35 µs for a 500-byte row snapshot, which made decoding dominate a
/// 50-entry audit history page (two snapshots per entry). Reading the bytes once, by their
/// first character, is some 20× faster. RFC 8259; duplicate object keys keep the last value.
struct JSONValueParser {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0
    /// The keys last read at each member position of an object: the rows of a result share
    /// their keys in the same order, so a key equal to the one at its position is that String
    /// again (no allocation and no UTF-8 validation; a sync page of 1000 rows has 23,000 keys).
    private var recentKeys: [String] = []
    /// The member of the outermost object whose array of arrays is kept as spans rather than
    /// parsed (`parse(_:rowsAt:)`), and those spans: each value's start and end, row by row.
    private var rowsKey: String?
    private var rows: (spans: [Int], width: Int)?
    /// The members of the outermost object to build (`parse(_:keeping:)`); nil: all of them.
    private var keptKeys: [String]?

    static func parse(_ bytes: UnsafeRawBufferPointer) throws -> JSONValue {
        var parser = JSONValueParser(bytes: bytes)
        return try parser.document()
    }

    /// The document, but the array of arrays at member `key` of the outermost object is only
    /// checked and its values' spans kept (the member reads as an empty array): the rows
    /// of a compact page, read by `JSONRows` where they are decoded. Nil spans when there is
    /// no such member; rows of different lengths are an error.
    static func parse(_ bytes: UnsafeRawBufferPointer, rowsAt key: String) throws -> (JSONValue, (spans: [Int], width: Int)?) {
        var parser = JSONValueParser(bytes: bytes)
        parser.rowsKey = key
        let value = try parser.document()
        return (value, parser.rows)
    }

    /// The document, but of the outermost object (when it is one) only the members named in
    /// `keys` are built: the others are checked as `value()` reads them and left out.
    static func parse(_ bytes: UnsafeRawBufferPointer, keeping keys: [String]) throws -> JSONValue {
        var parser = JSONValueParser(bytes: bytes)
        parser.keptKeys = keys
        return try parser.document()
    }

    /// One value as a whole text: a value of a row whose span was kept.
    static func parse(_ bytes: UnsafeRawBufferPointer, span: Range<Int>) throws -> JSONValue {
        try parse(UnsafeRawBufferPointer(rebasing: bytes[span]))
    }

    private mutating func document() throws -> JSONValue {
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private func failure(_ reason: String) -> Failure {
        Failure(description: "invalid JSON at byte \(index): \(reason)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end") }
        for i in 0..<count where bytes[index + i] != word.utf8Start[i] { throw failure("expected \(word)") }
        index += count
    }

    private mutating func nest() throws {
        depth += 1
        if depth > 512 { throw failure("nested too deeply") }
    }

    private mutating func object() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        // Pairs first, then one dictionary of the right size: no rehashing as it grows.
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            var member: Member = .kept(nil)
            if depth == 1, let keptKeys { member = try self.member(among: keptKeys) }
            if case .kept(let kept) = member {
                let key = try kept ?? key(at: members.count)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                skipWhitespace()
                if depth == 1, key == rowsKey, try rowSpans() {
                    members.append((key, .array([])))
                } else {
                    members.append((key, try value()))
                }
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
            }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw failure("expected ',' or ']'")
        }
    }

    enum Member {
        /// Not among the keys: read past its value, up to the `,` or `}` after it.
        case skipped
        /// Among the keys: read past the key, which is this one of them (nil: every member is
        /// built, and its key is still to be read).
        case kept(String?)
    }

    /// A member of the outermost object when only `keys` are built: a key without an
    /// escape is compared as bytes, and either its value is skipped (checked, not built) or
    /// the key is the caller's own String (no new one per row). A key with an escape is read
    /// as `key(at:)` reads it, then compared.
    private mutating func member(among keys: [String]) throws -> Member {
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            index = end + 1
            if let key = keys.first(where: { $0.utf8.count == text.count && $0.utf8.elementsEqual(text) }) { return .kept(key) }
        } else {
            let key = try string()
            if keys.contains(key) { return .kept(key) }
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        skipWhitespace()
        try skipValue()
        skipWhitespace()
        return .skipped
    }

    /// An array of arrays, each value checked as `value()` would read it and its span kept;
    /// false (nothing read) when the value is not an array whose first element is an array.
    private mutating func rowSpans() throws -> Bool {
        var next = index + 1
        while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
        guard bytes[index] == UInt8(ascii: "["), next < bytes.count, bytes[next] == UInt8(ascii: "[") else { return false }
        try nest()
        defer { depth -= 1 }
        index += 1
        var spans: [Int] = []
        var width: Int?
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw failure("expected a row (an array)") }
            try nest()
            defer { depth -= 1 }
            index += 1
            let before = spans.count
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    let start = index
                    try skipValue()
                    spans.append(start)
                    spans.append(index)
                    skipWhitespace()
                    guard index < bytes.count else { throw failure("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                    throw failure("expected ',' or ']'")
                }
            }
            let count = (spans.count - before) / 2
            if let width, width != count { throw failure("a row of \(count) values after rows of \(width)") }
            width = count
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw failure("expected ',' or ']'")
        }
        rows = (spans, width ?? 0)
        return true
    }

    /// Past one value, checked as `value()` reads it, building nothing for the values rows are
    /// made of (strings without escapes, numbers, literals).
    private mutating func skipValue() throws {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw failure("control character in a string") }
                index += 1
            }
            index = start
            _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "{"), UInt8(ascii: "["): _ = try value()
        default: _ = try scanNumber()
        }
    }

    /// A key at member position `position`: the recent one when the text holds exactly its
    /// bytes and then the closing quote. Only keys without a quote or backslash are kept, so
    /// their text is their bytes and a match is exactly what `string()` would read.
    private mutating func key(at position: Int) throws -> String {
        if position < recentKeys.count {
            var recent = recentKeys[position]
            let start = index + 1
            let same = recent.withUTF8 { known in
                start + known.count < bytes.count && bytes[start + known.count] == UInt8(ascii: "\"")
                    && UnsafeRawBufferPointer(rebasing: bytes[start..<(start + known.count)]).elementsEqual(known)
            }
            if same {
                index = start + recent.utf8.count + 1
                return recent
            }
        }
        let key = try string()
        if !key.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            if position < recentKeys.count { recentKeys[position] = key } else if position == recentKeys.count { recentKeys.append(key) }
        }
        return key
    }

    private mutating func string() throws -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure("unexpected end") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by a low one.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw failure("unpaired surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw failure("unpaired surrogate")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                    utf8.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw failure("invalid escape")
                }
            default:
                if byte < 0x20 { throw failure("control character in a string") }
                utf8.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws -> Double {
        let (start, integral) = try scanNumber()
        guard let value = Self.number(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), integral: integral) else {
            throw failure("invalid number")
        }
        return value
    }

    /// Past a number (RFC 8259's grammar); its start, and whether it has neither fraction nor exponent.
    private mutating func scanNumber() throws -> (start: Int, integral: Bool) {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw failure("unexpected character") }
        if bytes[digitsStart] == 0x30, index - digitsStart > 1 { throw failure("leading zero") }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            let fraction = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw failure("digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > exponent else { throw failure("digits expected in the exponent") }
        }
        return (start, integral)
    }

    /// The value of a number's text (checked by `scanNumber`).
    static func number(_ digits: UnsafeRawBufferPointer, integral: Bool) -> Double? {
        // Small integers (ids, versions, counts) without a String.
        if integral, digits.count <= 15 {
            var value: Int64 = 0
            for byte in digits where byte != UInt8(ascii: "-") { value = value * 10 + Int64(byte - 0x30) }
            return Double(digits.first == UInt8(ascii: "-") ? -value : value)
        }
        return Double(String(decoding: digits, as: UTF8.self))
    }
}
