import Foundation
import Postgres

/// A direct JSON-text-to-`JSONValue` parser for sync pages. A page holds up to thousands
/// of records; going through `JSONDecoder` (an intermediate tree, then `Codable`'s
/// try-each-type decoding of `JSONValue`) cost more than the database did to build it.
enum SyncJSON {
    static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in
            var parser = Parser(bytes: buffer)
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.failure("trailing characters") }
            return value
        }
    }

    /// ISO 8601 as PostgreSQL writes timestamptz in JSON: `2026-01-02T03:04:05.123456+00:00`
    /// (fraction optional, offset `Z`, `±HH` or `±HH:MM`).
    static func date(_ value: JSONValue?) -> Date? {
        guard var text = value?.stringValue else { return nil }
        return text.withUTF8 { b -> Date? in
            var i = 0
            func digits(_ count: Int) -> Int? {
                guard i + count <= b.count else { return nil }
                var n = 0
                for _ in 0..<count {
                    let d = Int(b[i]) - 48
                    guard d >= 0, d <= 9 else { return nil }
                    n = n * 10 + d
                    i += 1
                }
                return n
            }
            func skip(_ char: UInt8) -> Bool {
                guard i < b.count, b[i] == char else { return false }
                i += 1
                return true
            }
            guard let year = digits(4), skip(45), let month = digits(2), skip(45), let day = digits(2),
                  skip(84) || skip(32), let hour = digits(2), skip(58), let minute = digits(2), skip(58),
                  let second = digits(2) else { return nil }
            var fraction = 0.0
            if skip(46) {
                var scale = 0.1
                while i < b.count, b[i] >= 48, b[i] <= 57 {
                    fraction += Double(b[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
            }
            var offset = 0
            if skip(90) {
            } else if i < b.count, b[i] == 43 || b[i] == 45 {
                let sign = b[i] == 45 ? -1 : 1
                i += 1
                guard let h = digits(2) else { return nil }
                var minutes = 0
                if skip(58) { guard let m = digits(2) else { return nil }; minutes = m }
                offset = sign * (h * 3600 + minutes * 60)
            }
            guard i == b.count else { return nil }
            // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            return Date(timeIntervalSince1970: Double(seconds) + fraction)
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func failure(_ what: String) -> PostgresError {
            PostgresError(.decoding, "sync response is not valid JSON: \(what) at byte \(index)")
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < 512 else { throw failure("nesting too deep") }
            guard index < bytes.count else { throw failure("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { throw failure("bad literal") }
            index += count
        }

        mutating func object(depth: Int) throws -> JSONValue {
            index += 1
            var object: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
            object.reserveCapacity(16)
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                skipWhitespace()
                object[key] = try value(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
                throw failure("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws -> JSONValue {
            index += 1
            var array: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(array) }
            while true {
                skipWhitespace()
                array.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(array) }
                throw failure("expected ',' or ']'")
            }
        }

        mutating func string() throws -> String {
            index += 1
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
                index += 1
            }
            throw failure("unterminated string")
        }

        /// The slow path, for strings with escapes.
        mutating func escapedString(from start: Int) throws -> String {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: scratch, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else { scratch.append(byte); continue }
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        scalar = (0xDC00..<0xE000).contains(low)
                            ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                    }
                    scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default: throw failure("bad escape")
                }
            }
            throw failure("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw failure("bad \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 48...57: digit = byte - 48
                case 65...70: digit = byte - 55
                case 97...102: digit = byte - 87
                default: throw failure("bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        mutating func number() throws -> Double {
            let start = index
            var integer: Int64 = 0
            var negative = false
            var simple = true
            var digits = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 48, byte <= 57 {
                    if digits < 18 { integer = integer * 10 + Int64(byte - 48) } else { simple = false }
                    digits += 1
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    simple = false
                } else {
                    break
                }
                index += 1
            }
            guard digits > 0 else { throw failure("unexpected character") }
            if simple { return Double(negative ? -integer : integer) }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text) else { throw failure("bad number") }
            return value
        }
    }
}

extension SyncPage {
    /// From `sync_pull`'s answer (its JSON text).
    init(json text: String) throws {
        let value = try SyncJSON.parse(text)
        guard let records = value["records"]?.arrayValue, let deleted = value["deleted"]?.arrayValue,
              let cursor = value["cursor"]?.stringValue, let serverTimestamp = SyncJSON.date(value["server_timestamp"]),
              let hasMore = value["has_more"]?.boolValue else {
            throw PostgresError(.decoding, "sync_pull answered something unexpected: \(text.prefix(200))")
        }
        self.init(
            records: records,
            deleted: try deleted.map { item in
                guard let id = item["id"]?.stringValue.flatMap(UUID.init(uuidString:)),
                      let deletedAt = SyncJSON.date(item["deleted_at"]) else {
                    throw PostgresError(.decoding, "sync_pull answered a deletion without id or deleted_at: \(item.jsonText)")
                }
                return SyncDeletion(id: id, deletedAt: deletedAt)
            },
            cursor: SyncCursor(rawValue: cursor), serverTimestamp: serverTimestamp, hasMore: hasMore)
    }
}
