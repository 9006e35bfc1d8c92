import Foundation
import Postgres
import TestSupport
import Testing

/// Rows in the server's binary format (`binaryResults`): each type reads the same value as
/// its text form, in either the prepared or the unnamed statement and in a pipeline; NULL,
/// a wrong type and the other format's decoder are refused with a decoding error. The
/// array reader also against bytes PostgreSQL never writes, built here by hand.
@Suite struct BinaryDecodingTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    private static let everyType = """
        select 42::int2 as small, -42::int4 as int, 9007199254740993::int8 as big, true as yes, false as no,
               'héllo, wörld'::text as text, 'v'::varchar as varchar, $1::uuid as id,
               timestamptz '2026-11-22 10:30:15.123456+02' as at, timestamptz '1969-12-31 23:59:59.5+00' as before1970,
               timestamp '1999-01-08 04:05:06' as plain, null::timestamptz as never, null::int as none,
               array['a', 'b c', null, 'd"e\\f']::text[] as texts, array[$1::uuid, null]::uuid[] as ids
        """

    @Test func everyTypeReadsWhatItsTextFormSays() async throws {
        let connection = try await database.connect()
        let id = UUID()
        let query = PostgresQuery(sql: Self.everyType, binds: [id])
        for prepared in [false, true] {
            let text = try #require(try await connection.query(query, prepared: prepared).first)
            let binary = try #require(try await connection.query(query.inBinary(), prepared: prepared).first)
            #expect(try binary.decodeBinary(0, as: Int.self) == 42)
            #expect(try binary.decodeBinary(1, as: Int.self) == -42)
            #expect(try binary.decodeBinary(2, as: Int.self) == 9_007_199_254_740_993)
            #expect(try binary.decodeBinary(3, as: Bool.self) == true)
            #expect(try binary.decodeBinary(4, as: Bool.self) == false)
            #expect(try binary.decodeBinary(5, as: String.self) == "héllo, wörld")
            #expect(try binary.decodeBinary(6, as: String.self) == "v")
            #expect(try binary.decodeBinary(7, as: UUID.self) == id)
            for column in 8...10 {
                #expect(try binary.decodeBinary(column, as: Date.self) == text.decode(column, as: Date.self), "column \(column)")
            }
            #expect(try binary.decodeBinary(8, as: Date.self).timeIntervalSince1970 == 1_795_336_215.123456)
            #expect(try binary.decodeBinary(11, as: Date?.self) == nil)
            #expect(try binary.decodeBinary(12, as: Int?.self) == nil)
            #expect(try binary.decodeBinary(12, as: String?.self) == nil)
            var texts: [String?] = []
            #expect(try binary.forEachBinaryElement(ofArray: 13) { texts.append($0.map { String(decoding: $0, as: UTF8.self) }) })
            #expect(texts == ["a", "b c", nil, "d\"e\\f"])
            var ids: [UUID?] = []
            #expect(try binary.forEachBinaryElement(ofArray: 14) { ids.append($0.map { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }) })
            #expect(ids == [id, nil])
            #expect(try binary.decodeBinaryArray(14, of: UUID?.self) == [id, nil])
            #expect(throws: PostgresError.self, "a NULL element as a non-optional") { try binary.decodeBinaryArray(14, of: UUID.self) }
            #expect(try binary.decodeBinaryArray(13, of: String?.self) == texts)
            #expect(try binary.decodeBinaryArray(12, of: Int.self) == nil, "a NULL column")
        }
        let piped = try await connection.pipeline(["select 1::int4", PostgresQuery(sql: "select 2::int4").inBinary()], prepared: true)
        #expect(try piped[0].scalar(Int.self) == 1)
        #expect(try piped[1][0].decodeBinary(0, as: Int.self) == 2)
    }

    @Test func nullsWrongTypesAndTheOtherFormatAreDecodingErrors() async throws {
        let connection = try await database.connect()
        let binary = try #require(try await connection.query(PostgresQuery(sql: """
            select null::int4 as n, 'abc'::text as title, 1.5::float8 as ratio, 'infinity'::timestamptz as forever, 3 as scalar
            """).inBinary()).first)
        let text = try #require(try await connection.query("select 1 as one").first)
        let cases: [(String, () throws -> Void)] = [
            ("NULL as a non-optional", { _ = try binary.decodeBinary(0, as: Int.self) }),
            ("text as Int", { _ = try binary.decodeBinary(1, as: Int.self) }),
            ("text as UUID", { _ = try binary.decodeBinary(1, as: UUID.self) }),
            ("float8 as Int", { _ = try binary.decodeBinary(2, as: Int.self) }),
            ("infinity as Date", { _ = try binary.decodeBinary(3, as: Date.self) }),
            ("a scalar as an array", { _ = try binary.forEachBinaryElement(ofArray: 4) { _ in } }),
            ("a scalar as [Int]", { _ = try binary.decodeBinaryArray(4, of: Int.self) }),
            ("a binary row read as text", { _ = try binary.decode(1, as: String.self) }),
            ("a text row read as binary", { _ = try text.decodeBinary(0, as: Int.self) }),
        ]
        for (what, decode) in cases {
            let error = try #require(throws: PostgresError.self, "\(what)") { try decode() }
            #expect(error.kind == .decoding, "\(what)")
        }
        let null = try #require(throws: PostgresError.self) { _ = try binary.decodeBinary(0, as: Int.self) }
        #expect(null.message.contains("\"n\"") && null.message.contains("NULL"))
    }

    /// Big-endian int32s, then raw bytes.
    private static func bytes(_ words: [Int32], _ tail: [UInt8] = []) -> [UInt8] {
        words.flatMap { word in withUnsafeBytes(of: word.bigEndian) { Array($0) } } + tail
    }

    private static func elements(_ bytes: [UInt8]) throws -> [String?] {
        var seen: [String?] = []
        try bytes.withUnsafeBytes { raw in
            try PostgresBinaryArray.forEach(in: raw) { seen.append($0.map { String(decoding: $0, as: UTF8.self) }) }
        }
        return seen
    }

    @Test func arrayElementsComeInOrderNullsIncluded() throws {
        // text[] {"a",NULL,"ça"}: one dimension, has nulls, element type 25, size 3, lower bound 1.
        let array = Self.bytes([1, 1, 25, 3, 1, 1], Array("a".utf8)) + Self.bytes([-1, 3], Array("ça".utf8))
        #expect(try Self.elements(array) == ["a", nil, "ça"])
        #expect(try Self.elements(Self.bytes([0, 0, 25])) == [], "an empty array has no dimensions")
    }

    @Test func anyOtherArrayIsADecodingError() throws {
        let cases: [(String, [UInt8])] = [
            ("two dimensions", Self.bytes([2, 0, 25, 1, 1, 1, 1, 1], Array("x".utf8))),
            ("an element longer than the bytes", Self.bytes([1, 0, 25, 1, 1, 5], Array("abc".utf8))),
            ("fewer elements than its size", Self.bytes([1, 0, 25, 2, 1, 1], Array("a".utf8))),
            ("a header cut short", Self.bytes([1, 0])),
        ]
        for (what, array) in cases {
            let error = try #require(throws: PostgresError.self, "\(what)") { _ = try Self.elements(array) }
            #expect(error.kind == .decoding, "\(what)")
        }
    }
}
