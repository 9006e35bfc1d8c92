@testable import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The thread read's value lists turned into entries' values, against binary rows made by
/// the server: the dictionary of one field list serves the entries after it (a NULL value
/// left out, an empty one kept), another list replaces it, and a list whose cells and field
/// ids differ in number, or that names a field twice, is a decoding error.
@Suite struct JournalValueListsTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    private func cells(_ connection: PostgresConnection, _ values: [String?]) async throws -> PostgresRow {
        try #require(try await connection.query(PostgresQuery(sql: "select $1::text[]", binds: [values]).inBinary()).first)
    }

    @Test func oneListServesTheEntriesAfterItUntilAnotherComes() async throws {
        let connection = try await database.connect()
        let (a, b, c) = (UUID(), UUID(), UUID())
        var lists = JournalValueLists()
        #expect(try lists.values(fields: [a, b, c], row: try await cells(connection, ["1", nil, ""]), column: 0) == [a: "1", c: ""])
        #expect(try lists.values(fields: [a, b, c], row: try await cells(connection, ["x", "y", "z"]), column: 0) == [a: "x", b: "y", c: "z"])
        #expect(try lists.values(fields: [c, a], row: try await cells(connection, ["c", "a"]), column: 0) == [c: "c", a: "a"])
        #expect(try lists.values(fields: [a, b, c], row: try await cells(connection, [nil, nil, nil]), column: 0) == [:])
        #expect(try lists.values(fields: [], row: try await cells(connection, []), column: 0) == [:])
    }

    @Test func aListThatDoesNotMatchItsFieldsIsADecodingError() async throws {
        let connection = try await database.connect()
        let (a, b) = (UUID(), UUID())
        var lists = JournalValueLists()
        let cases: [(String, [UUID], [String?])] = [
            ("more cells than field ids", [a], ["1", "2"]),
            ("fewer cells than field ids", [a, b], ["1"]),
            ("a field named twice", [a, a], ["1", "2"]),
        ]
        for (what, fields, values) in cases {
            let row = try await cells(connection, values)
            let error = try #require(throws: PostgresError.self, "\(what)") { try lists.values(fields: fields, row: row, column: 0) }
            #expect(error.kind == .decoding, "\(what)")
        }
        // After the errors, a good list still reads.
        #expect(try lists.values(fields: [a, b], row: try await cells(connection, ["1", "2"]), column: 0) == [a: "1", b: "2"])
    }
}
