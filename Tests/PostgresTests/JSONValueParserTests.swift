import Foundation
import Postgres
import TestSupport
import Testing

/// json/jsonb cells decode into `JSONValue` with a direct parser: it must agree with
/// `JSONDecoder` on every valid document and reject invalid ones with a decoding error.
@Suite struct JSONValueParserTests {
    /// One database for every case (a parameterised test makes an instance per argument).
    static let shared = Task { try await TestDatabase.create() }
    var database: TestDatabase { get async throws { try await Self.shared.value } }

    static let documents = [
        #"{"id": "7d1f2a4e-0000-0000-0000-000000000001", "price": 525000.00, "title": "A \"quoted\" title", "tags": [], "meta": {}}"#,
        #"[1, -2, 3.5, -0.25, 1e3, 2.5E-3, 12345678901234567890, 0, true, false, null, "", " "]"#,
        #"{"escapes": "\\ \/ \b \f \n \r \t \u00e9 \u20AC \ud83d\ude00", "raw": "é € 😀", "nested": [[[{"a": [null]}]]]}"#,
        #"  "just a string"  "#,
        #"-12.5"#,
        // Rows sharing their keys (the parser reuses a key read at the same place before):
        // one a prefix of another, an escaped one, an empty one, a different one at a place.
        #"[{"id": 1, "name": "a", "a\"b": 1, "": 0}, {"id": 2, "name": "b", "a\"b": 2, "": 1}, {"idx": 3, "nam": "c", "a\"b": 3, "x": 2}, {"id": 4, "name": "d"}]"#,
    ]

    /// A json (not jsonb) text may repeat a key: the last one wins, as jsonb decides.
    @Test func aRepeatedKeyKeepsTheLastValueAsJSONBDoes() async throws {
        let connection = try await database.connect()
        let text = #"{"dup": 1, "dup": 2}"#
        #expect(try await connection.query("select \(text)::json").scalar(JSONValue.self) == ["dup": 2])
        #expect(try await connection.query("select \(text)::jsonb").scalar(JSONValue.self) == ["dup": 2])
        await connection.close()
    }

    @Test(arguments: documents)
    func agreesWithJSONDecoder(_ text: String) async throws {
        let connection = try await database.connect()
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(try await connection.query("select \(text)::json").scalar(JSONValue.self) == expected)
        #expect(try await connection.query("select \(text)::text").scalar(JSONValue.self) == expected)
        // jsonb normalises (key order, duplicates, number text) but means the same.
        let normalised = try await connection.query("select \(text)::jsonb::text").scalar(String.self)
        #expect(try await connection.query("select \(text)::jsonb").scalar(JSONValue.self)
                == (try JSONDecoder().decode(JSONValue.self, from: Data(normalised.utf8))))
        await connection.close()
    }

    @Test(arguments: [#"{"a": 1"#, #"[1,]"#, #"{"a" 1}"#, #"tru"#, #""\ud83d""#, #"01"#, #"1."#, "\"tab\there\"", #"[1] 2"#, #"[{"a": 1}, {"a"b": 2}]"#])
    func rejectsInvalidJSON(_ text: String) async throws {
        let connection = try await database.connect()
        let error = try await #require(throws: PostgresError.self) {
            try await connection.query("select \(text)::text as doc").scalar(JSONValue.self)
        }
        #expect(error.kind == .decoding)
        #expect(error.message.contains("\"doc\""))
        await connection.close()
    }
}
