import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct DecodingTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    @Test func everySupportedType() async throws {
        let connection = try await database.connect()
        let id = UUID()
        let row = try #require(try await connection.query("""
            select 42::int2 as small, 42::int4 as int, 9007199254740993::int8 as big,
                   1.5::float8 as double, 2.25::float4 as real, true as yes, false as no,
                   'héllo, wörld'::text as text, \(id)::uuid as id,
                   timestamptz '2026-11-22 10:30:15.123456+02' as at,
                   date '2024-02-29' as day, 12345.6789::numeric(12,4) as money,
                   array['a', 'b c', null, 'd"e\\f']::text[] as texts, array[1, -2, 3]::int[] as ints,
                   '{"name": "Ada", "tags": ["x"], "n": 3}'::jsonb as doc, '\\xdeadbeef'::bytea as bytes
            """).first)
        #expect(try row.decode("small", as: Int16.self) == 42)
        #expect(try row.decode("int", as: Int32.self) == 42)
        #expect(try row.decode("big", as: Int64.self) == 9_007_199_254_740_993)
        #expect(try row.decode("big", as: Int.self) == 9_007_199_254_740_993)
        #expect(try row.decode("double", as: Double.self) == 1.5)
        #expect(try row.decode("real", as: Double.self) == 2.25)
        #expect(try row.decode("yes", as: Bool.self) == true)
        #expect(try row.decode("no", as: Bool.self) == false)
        #expect(try row.decode("text", as: String.self) == "héllo, wörld")
        #expect(try row.decode("id", as: UUID.self) == id)
        let at = try row.decode("at", as: Date.self)
        #expect(abs(at.timeIntervalSince1970 - 1_795_336_215.123456) < 0.000_001)
        #expect(try row.decode("day", as: Date.self) == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(try row.decode("money", as: Decimal.self) == Decimal(string: "12345.6789"))
        #expect(try row.decode("texts", as: [String?].self) == ["a", "b c", nil, "d\"e\\f"])
        #expect(try row.decode("ints", as: [Int].self) == [1, -2, 3])
        let doc = try row.decode("doc", as: JSONValue.self)
        #expect(doc["name"]?.stringValue == "Ada")
        #expect(doc["tags"]?[0]?.stringValue == "x")
        struct Person: Decodable, Equatable { var name: String; var n: Int }
        #expect(try row.decodeJSON("doc", as: Person.self) == Person(name: "Ada", n: 3))
        #expect(try row.decode("bytes", as: Data.self) == Data([0xDE, 0xAD, 0xBE, 0xEF]))
    }

    /// Any Encodable goes to the server as JSON text (`PostgresJSON`), a bound parameter the
    /// server reads as jsonb, and comes back through `decodeJSON` as it went.
    @Test func anEncodableTravelsAsAJSONParameter() async throws {
        let connection = try await database.connect()
        struct Person: Codable, Equatable, Sendable { var name: String; var tags: [String]; var n: Int }
        let ada = Person(name: "Ada \"Countess\" Lovelace", tags: ["x", "ü"], n: 3)
        let row = try #require(try await connection.query("""
            select \(PostgresJSON(ada))::jsonb as doc, (\(PostgresJSON(ada))::jsonb ->> 'name') as name,
                   jsonb_typeof(\(PostgresJSON(ada))::jsonb -> 'tags') as tags
            """).first)
        #expect(try row.decodeJSON("doc", as: Person.self) == ada)
        #expect(try row.decode("name", as: String.self) == "Ada \"Countess\" Lovelace")
        #expect(try row.decode("tags", as: String.self) == "array")
    }

    @Test func valuesRoundTripAsParameters() async throws {
        let connection = try await database.connect()
        let now = Date(timeIntervalSince1970: 1_795_336_215.25)
        let id = UUID()
        let row = try #require(try await connection.query("""
            select \(7)::int as i, \(now)::timestamptz as at, \(id)::uuid as id, \(["x", "y,z", "\"q\""])::text[] as a,
                   \(Decimal(string: "-0.0001")!)::numeric as d, \(Data([0, 255]))::bytea as b, \(Double.infinity)::float8 as inf,
                   \(JSONValue.object(["k": .array([1, "two", nil])]))::jsonb as j, \(Optional<String>.none)::text as n
            """).first)
        #expect(try row.decode("i", as: Int.self) == 7)
        #expect(try row.decode("at", as: Date.self) == now)
        #expect(try row.decode("id", as: UUID.self) == id)
        #expect(try row.decode("a", as: [String].self) == ["x", "y,z", "\"q\""])
        // Elements read in place, unescaped, quoted, NULL and the text "NULL" told apart.
        let tricky: [String?] = ["", "NULL", nil, "a\\b", "{c}", " d ", "é,\"f\"", "plain"]
        #expect(try await connection.query("select \(tricky)::text[]").scalar([String?].self) == tricky)
        let ids = [UUID(), UUID()]
        #expect(try await connection.query("select \(ids)::uuid[]").scalar([UUID].self) == ids)
        #expect(try await connection.query("select '{}'::uuid[]").scalar([UUID].self) == [])
        #expect(try await connection.query("select \([String]())::text[]").scalar([String].self) == [])
        // Ids go as PostgreSQL prints them, written digit by digit rather than by Foundation.
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for id in ids + edges {
            #expect(id.lowercasedString == id.uuidString.lowercased())
            #expect(try await connection.query("select \(id)::uuid::text").scalar(String.self) == id.lowercasedString)
        }
        #expect(try row.decode("d", as: Decimal.self) == Decimal(string: "-0.0001"))
        #expect(try row.decode("b", as: Data.self) == Data([0, 255]))
        #expect(try row.decode("inf", as: Double.self) == .infinity)
        #expect(try row.decode("j", as: JSONValue.self) == .object(["k": .array([1, "two", nil])]))
        #expect(try row.decode("n", as: String?.self) == nil)
    }

    @Test func arrayElementsReadInPlaceAsTheArrayDecodes() async throws {
        let connection = try await database.connect()
        let tricky: [String?] = ["", "NULL", nil, "a\\b", "{c}", " d ", "é,\"f\"", "plain"]
        let row = try #require(try await connection.query("""
            select \(tricky)::text[] as texts, null::text[] as none, '{}'::text[] as empty, 'x'::text as scalar,
                   '{{a,b},{c,d}}'::text[] as square
            """).first)
        var seen: [String?] = []
        #expect(try row.forEachElement(ofArray: 0) { seen.append($0.map { String(decoding: $0, as: UTF8.self) }) })
        #expect(seen == tricky)
        #expect(try row.forEachElement(ofArray: 1) { _ in Issue.record("an element of a NULL array") } == false)
        #expect(try row.forEachElement(ofArray: 2) { _ in Issue.record("an element of an empty array") })
        for column in [3, 4] {
            let error = try #require(throws: PostgresError.self, "column \(column)") {
                try row.forEachElement(ofArray: column) { _ in }
            }
            #expect(error.kind == .decoding)
        }
    }

    @Test func interpolatedValuesNeverBecomeSQL() async throws {
        let connection = try await database.connect()
        let hostile = "x'; drop table pg_class; --"
        let echoed = try await connection.query("select \(hostile)::text").scalar(String.self)
        #expect(echoed == hostile)
    }

    @Test func aNulByteInAValueIsRefusedNotTruncated() async throws {
        let connection = try await database.connect()
        let error = try await #require(throws: PostgresError.self) {
            try await connection.query("select \("before\u{0}after")::text")
        }
        #expect(error.kind == .client)
        #expect(error.message.contains("$1"))
        #expect(try await connection.query("select 1").scalar(Int.self) == 1)
    }

    @Test func nullsDecodeToOptionalsOnly() async throws {
        let connection = try await database.connect()
        let row = try #require(try await connection.query("select null::int as n, null::text as t, null::uuid as u").first)
        #expect(try row.decode("n", as: Int?.self) == nil)
        #expect(try row.decode("t", as: String?.self) == nil)
        #expect(try row.decode("u", as: UUID?.self) == nil)
        let error = try #require(throws: PostgresError.self) { try row.decode("n", as: Int.self) }
        #expect(error.kind == .decoding)
        #expect(error.message.contains("\"n\"") && error.message.contains("NULL"))
    }

    @Test func mismatchesNameTheColumn() async throws {
        let connection = try await database.connect()
        let row = try #require(try await connection.query("select 'abc'::text as title, 3000000000::int8 as big, 1.5::float8 as ratio").first)
        let text = try #require(throws: PostgresError.self) { try row.decode("title", as: Int.self) }
        #expect(text.kind == .decoding)
        #expect(text.message.contains("\"title\"") && text.message.contains("text"))
        let overflow = try #require(throws: PostgresError.self) { try row.decode("big", as: Int32.self) }
        #expect(overflow.message.contains("\"big\""))
        let uuid = try #require(throws: PostgresError.self) { try row.decode("ratio", as: UUID.self) }
        #expect(uuid.message.contains("\"ratio\""))
        let missing = try #require(throws: PostgresError.self) { try row.decode("nope", as: Int.self) }
        #expect(missing.message.contains("nope"))
    }

    @Test func uuidsDecodeFromEitherCaseAndRejectAnythingElse() async throws {
        let connection = try await database.connect()
        let ids = (0..<200).map { _ in UUID() }
        let rows = try await connection.query("select unnest(\(ids)::uuid[]) as id, upper(unnest(\(ids)::uuid[])::text) as upper")
        #expect(try rows.map { try $0.decode("id", as: UUID.self) } == ids)
        #expect(try rows.map { try $0.decode("upper", as: UUID.self) } == ids)
        let odd = try #require(try await connection.query("""
            select 'not-a-uuid-but-36-characters-long!!' as wrong, '0123456g-89ab-cdef-0123-456789abcdef' as hex,
                   '0123456789abcdef0123456789abcdef' as plain
            """).first)
        for column in ["wrong", "hex", "plain"] {
            let error = try #require(throws: PostgresError.self, "\(column)") { try odd.decode(column, as: UUID.self) }
            #expect(error.kind == .decoding)
        }
    }
}
