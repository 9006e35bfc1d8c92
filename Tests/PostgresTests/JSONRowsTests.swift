import Foundation
import Postgres
import Testing

/// Rows of values with their column names once (a compact sync page) decode into an app's
/// type as the same values written as objects do, and as `JSONDecoder` reads those objects'
/// text; what does not fit is the same `DecodingError` whichever way it came.
@Suite struct JSONRowsTests {
    struct Entry: Decodable, Equatable {
        let id: UUID, owner: UUID?, title: String, note: String?, seen: Date, until: Date?
        let lat: Double?, priority: Int, done: Bool, extra: JSONValue?
        enum CodingKeys: String, CodingKey {
            case id, title, note, seen, until, lat, priority, done, extra
            case owner = "owner_id"
        }
    }

    static let columns = #"["id", "owner_id", "title", "note", "seen", "until", "lat", "priority", "done", "extra", "unused"]"#
    static let rows = [
        #"["6f0c2d1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f", "11AA22BB-33CC-44DD-85EE-66FF77008899", "robin \"red\" \\ é 😀 \u00e9", null, "2026-01-02T03:04:05.123456+00:00", null, -12.5, 3, true, {"a": [1, null]}, 1e3]"#,
        #"["00000000-0000-0000-0000-000000000001", null, "", "line\nbreak", "2026-01-02 03:04:05+02", "2027-06-01T00:00:00+00:00", null, -7, false, null, "x"]"#,
    ]

    /// The compact document and the same values as objects.
    static func documents(_ rows: [String] = rows, columns: String = columns) throws -> (compact: String, objects: String) {
        let names = try JSONValue(parsing: columns).arrayValue!.map { $0.stringValue! }
        let objects = try rows.map { row in
            let values = try JSONValue(parsing: row).arrayValue!
            return JSONValue.object(Dictionary(uniqueKeysWithValues: zip(names, values))).jsonText
        }
        return (#"{"head": 1, "columns": \#(columns), "records": [\#(rows.joined(separator: ", "))], "tail": [[1]]}"#,
                #"{"head": 1, "records": [\#(objects.joined(separator: ", "))], "tail": [[1]]}"#)
    }

    @Test func rowsDecodeAsTheSameValuesWrittenAsObjects() throws {
        let (compact, objects) = try Self.documents()
        let (document, rows) = try JSONRows.parse(compact, rowsAt: "records", columnsAt: "columns")
        let kept = try #require(rows)
        #expect(kept.count == 2 && kept.columns.last == "unused")
        #expect(document["records"] == [], "the rows are kept apart")
        #expect(document["tail"] == [[1]], "only the member named is kept as rows")

        let (plain, none) = try JSONRows.parse(objects, rowsAt: "records", columnsAt: "columns")
        #expect(none == nil, "objects are no rows")
        let records = try #require(plain["records"]?.arrayValue)
        #expect(kept.objects == records)

        let fromRows = try kept.decode(Entry.self)
        let fromObjects = try records.map { try JSONValueDecoder.decode(Entry.self, from: $0) }
        let fromText = try records.map { try PostgresJSONCoding.decoder.decode(Entry.self, from: Data($0.jsonText.utf8)) }
        #expect(fromRows == fromObjects)
        #expect(fromRows == fromText)
        #expect(fromRows[0].title == "robin \"red\" \\ é 😀 é" && fromRows[0].extra == ["a": [1, nil]] && fromRows[1].extra == nil)
        #expect(fromRows[1].note == "line\nbreak" && abs(fromRows[0].seen.timeIntervalSince(fromRows[1].seen) - 7_200.123456) < 1e-5)
        #expect(fromRows[0].owner == UUID(uuidString: "11aa22bb-33cc-44dd-85ee-66ff77008899"))
    }

    /// A key the type asks for in another order from row to row is still found.
    @Test func keysAskedInAnyOrderAreFound() throws {
        struct Either: Decodable {
            let a: String, b: String
            enum CodingKeys: String, CodingKey { case order, a, b }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                if try c.decode(String.self, forKey: .order) == "ba" {
                    (b, a) = (try c.decode(String.self, forKey: .b), try c.decode(String.self, forKey: .a))
                } else {
                    (a, b) = (try c.decode(String.self, forKey: .a), try c.decode(String.self, forKey: .b))
                }
            }
        }
        let text = #"{"columns": ["order", "a", "b"], "records": [["ab", "1", "2"], ["ba", "3", "4"], ["ab", "5", "6"]]}"#
        let rows = try #require(try JSONRows.parse(text, rowsAt: "records", columnsAt: "columns").rows)
        let decoded = try rows.decode(Either.self)
        #expect(decoded.map(\.a) == ["1", "3", "5"] && decoded.map(\.b) == ["2", "4", "6"])
    }

    /// What does not fit: the same error from a row as from the object it stands for.
    @Test(arguments: [
        (#""not-a-uuid""#, "dataCorrupted"),
        ("null", "valueNotFound"),
        ("1.5", "dataCorrupted"),
        (#""3""#, "typeMismatch"),
        (#""yesterday""#, "dataCorrupted"),
    ])
    func aValueThatDoesNotFitIsTheSameError(_ bad: String, _ kind: String) throws {
        func kindOf(_ body: () throws -> Void) -> String {
            do { try body() } catch let error as DecodingError {
                switch error {
                case .dataCorrupted: return "dataCorrupted"
                case .valueNotFound: return "valueNotFound"
                case .typeMismatch: return "typeMismatch"
                case .keyNotFound: return "keyNotFound"
                @unknown default: return "\(error)"
                }
            } catch { return "\(error)" }
            return "decoded"
        }
        // The id, the priority or the time: whichever column the bad value replaces.
        let column = bad == "1.5" || bad == #""3""# ? 7 : (bad.contains("yesterday") ? 4 : 0)
        var values = try JSONValue(parsing: Self.rows[1]).arrayValue!.map(\.jsonText)
        values[column] = bad
        let (compact, objects) = try Self.documents(["[" + values.joined(separator: ", ") + "]"])
        let rows = try #require(try JSONRows.parse(compact, rowsAt: "records", columnsAt: "columns").rows)
        let record = try #require(try JSONValue(parsing: objects)["records"]?[0])
        #expect(kindOf { _ = try rows.decode(Entry.self) } == kind)
        #expect(kindOf { _ = try JSONValueDecoder.decode(Entry.self, from: record) } == kind)
        #expect(kindOf { _ = try PostgresJSONCoding.decoder.decode(Entry.self, from: Data(record.jsonText.utf8)) } == kind)
    }

    @Test func aMissingColumnIsKeyNotFound() throws {
        let text = #"{"columns": ["id"], "records": [["6f0c2d1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f"]]}"#
        let rows = try #require(try JSONRows.parse(text, rowsAt: "records", columnsAt: "columns").rows)
        #expect {
            _ = try rows.decode(Entry.self)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "title"
        }
    }

    /// Rows are checked when parsed, as the whole document would be: a row of another length,
    /// rows without names, a value that is not JSON.
    @Test(arguments: [
        #"{"columns": ["a", "b"], "records": [[1, 2], [3]]}"#,
        #"{"columns": ["a"], "records": [[1, 2], [3, 4]]}"#,
        #"{"records": [[1]]}"#,
        #"{"columns": ["a", 2], "records": [[1, 2]]}"#,
        #"{"columns": ["a"], "records": [[tru]]}"#,
        #"{"columns": ["a"], "records": [["\x"]]}"#,
        #"{"columns": ["a"], "records": [[01]]}"#,
        #"{"columns": ["a"], "records": [[1], 2]}"#,
        #"{"columns": ["a"], "records": [[1]"#,
    ])
    func badRowsAreRefusedWhenParsed(_ text: String) {
        #expect(throws: (any Error).self) { _ = try JSONRows.parse(text, rowsAt: "records", columnsAt: "columns") }
    }
}
