import Foundation
import Postgres
import TestSupport
import Testing

/// `JSONValue(parsing:)` and `dateValue` against the server's own JSON output.
@Suite struct JSONValueTextTests {
    @Test func parsesWhatPostgresWrites() async throws {
        let database = try await TestDatabase.create()
        let conn = try await database.connect()
        let text = try await conn.query("""
            select json_build_object(
              'text', E'quote " backslash \\\\ slash / newline \\n tab \\t bell \\u0007 é 漢字 🐦',
              'numbers', json_build_array(0, -1, 42, 1.5, -0.25, 1e300::float8, 123456789012345678, 3.14159265358979::float8),
              'flags', json_build_array(true, false, null),
              'nested', json_build_object('empty_object', '{}'::json, 'empty_array', '[]'::json, 'deep', '[[[{"a": [1]}]]]'::json),
              'at', '2026-03-04 05:06:07.123456+00'::timestamptz,
              'jsonb', '{"b": "x\\"y", "a": [1, {"c": null}]}'::jsonb)::text
            """).scalar(String.self)
        let value = try JSONValue(parsing: text)
        let viaFoundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value == viaFoundation)
        #expect(value["text"]?.stringValue == "quote \" backslash \\ slash / newline \n tab \t bell \u{07} é 漢字 🐦")
        #expect(value["numbers"] == [0, -1, 42, 1.5, -0.25, 1e300, 123456789012345678, 3.14159265358979])
        #expect(value["flags"] == [true, false, nil])
        #expect(value["nested"]?["deep"]?[0]?[0]?[0]?["a"] == [1])
        let at = try #require(value["at"]?.dateValue)
        #expect(abs(at.timeIntervalSince1970 - 1_772_600_767.123456) < 1e-6)
    }

    @Test func escapedUnicodeAndSurrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\u00e9\ud83d\udc26\u0041""#) == "é🐦A")
        #expect(try JSONValue(parsing: #"{"a\"b": "\\\/"}"#) == ["a\"b": "\\/"])
        #expect(try JSONValue(parsing: " [ 1 , 2 ]\n") == [1, 2])
    }

    @Test func rejectsBrokenJSON() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "[1 2]", "{} x", "-", "\"\\x\"", "\"\\u12\"", "nul"] {
            #expect(throws: (any Error).self, "\(text)") { try JSONValue(parsing: text) }
        }
    }

    /// Only the members named are built; the others are still read as JSON (a broken one
    /// is refused), and nested objects keep every key.
    @Test func keepingSomeMembers() throws {
        let text = #"{"id": "a", "title": "T \"q\"", "skipped": {"x": [1, 2, {"y": null}]}, "n": 1.5, "data": {"id": 1, "k": "v"}, "e\u0041": 2, "\u0062": 3}"#
        let kept = try JSONValue(parsing: text, keepingMembers: ["id", "title", "data", "eA", "absent"])
        #expect(kept == ["id": "a", "title": "T \"q\"", "data": ["id": 1, "k": "v"], "eA": 2])
        #expect(try JSONValue(parsing: text, keepingMembers: []) == [:])
        #expect(try JSONValue(parsing: "[1, 2]", keepingMembers: ["id"]) == [1, 2])
        for broken in [#"{"a": tru, "id": 1}"#, #"{"a" 1}"#, #"{"a": 1,}"#, #"{"a": "x"#, #"{"a": [1,]}"#] {
            #expect(throws: (any Error).self, "\(broken)") { try JSONValue(parsing: broken, keepingMembers: ["id"]) }
        }
    }

    /// `compactJSONText` reads back as the same value, here and in the server's jsonb.
    @Test func compactTextReadsBackTheSame() async throws {
        let values: [JSONValue] = [
            ["item_type": "task", "reason": "expired"], [:], [], nil, true, 0, -12, 1.5, 1e300, 123456789012345678, 0.1,
            ["text": "quote \" backslash \\ slash / newline \n tab \t bell \u{07} é 漢字 🐦", "nested": [["a": [1, nil, false]]]],
        ]
        let database = try await TestDatabase.create()
        let conn = try await database.connect()
        for value in values {
            let text = value.compactJSONText
            #expect(try JSONValue(parsing: text) == value, "\(text)")
            #expect(try await conn.query("select \(text)::jsonb = \(value.jsonText)::jsonb").scalar(Bool.self), "\(text)")
        }
        #expect(JSONValue.object(["b": 1, "a": "x"]).compactJSONText == #"{"a":"x","b":1}"#)
        #expect(JSONValue.number(.infinity).compactJSONText == JSONValue.number(.infinity).jsonText)
    }

    @Test func timestampsInEveryOffsetForm() {
        let expected = 1_772_600_767.5
        for text in ["2026-03-04T05:06:07.5+00:00", "2026-03-04T05:06:07.5Z", "2026-03-04T07:06:07.5+02",
                     "2026-03-04T04:36:07.5-00:30", "2026-03-04 05:06:07.5+00"] {
            let date = JSONValue.string(text).dateValue
            #expect(date.map { abs($0.timeIntervalSince1970 - expected) < 1e-6 } == true, "\(text)")
        }
        #expect(JSONValue.string("2026-03-04").dateValue == Date(timeIntervalSince1970: 1_772_582_400))
        #expect(JSONValue.string("yesterday").dateValue == nil)
        #expect(JSONValue.number(1).dateValue == nil)
    }
}
