import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The error contract between the migrations and `SQLAPIError`: one spelling per code, one
/// SQLSTATE per code, every code the SQL raises named in Swift (and nothing named in Swift
/// that nothing raises), and the parsing itself.
@Suite struct SQLAPIErrorCodeTests {
    /// A coded message in the migrations: its code, the SQLSTATE raised with it (when the
    /// statement names one) and the file.
    struct Raise: Hashable {
        var code: String
        var state: String?
        var file: String
    }

    /// Codes only Swift raises (a limit checked before a round trip).
    static let swiftOnly: Set<SQLAPIError.Code> = [.tooManyIDs]

    /// Every string literal of the SQL (the migrations and the code layer) that starts with
    /// `CODE: `, paired with the `errcode` of the statement it belongs to.
    static func raises() throws -> [Raise] {
        var found: [Raise] = []
        for directory in [TestDatabase.migrationsDirectory, TestDatabase.repositoryPath("sql/code")] {
            for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".sql") {
                let sql = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                // A statement runs to the next semicolon; coded messages never contain one.
                for statement in sql.split(separator: ";") {
                    let state = statement.firstMatch(of: #/errcode\s*=\s*'([0-9A-Z]{5})'/#).map { String($0.1) }
                    for match in statement.matches(of: #/'([A-Z][A-Z0-9_]*): /#) {
                        found.append(Raise(code: String(match.1), state: state, file: file))
                    }
                }
            }
        }
        return found
    }

    @Test func everyCodeTheMigrationsRaiseIsNamedInSwiftAndNoOther() throws {
        let raised = Set(try Self.raises().map(\.code))
        let named = Set(SQLAPIError.Code.all.map(\.rawValue))
        #expect(raised.count > 20, "the scan found the coded messages: \(raised.sorted())")
        #expect(raised.subtracting(named).isEmpty, "raised in SQL, missing from SQLAPIError.Code: \(raised.subtracting(named).sorted())")
        let unused = named.subtracting(raised).subtracting(Self.swiftOnly.map(\.rawValue))
        #expect(unused.isEmpty, "named in SQLAPIError.Code, raised nowhere: \(unused.sorted())")
        #expect(Set(SQLAPIError.Code.all).count == SQLAPIError.Code.all.count, "a code listed twice")
    }

    /// One SQLSTATE per code, and the shared codes with the states the README lists: a NULL
    /// argument is always NULL_ARGUMENT (22004), a missing caller NOT_AUTHENTICATED (42501).
    @Test func eachCodeHasOneSQLStateAndNullArgumentsOneCode() throws {
        let raises = try Self.raises().filter { $0.state != nil }
        let states = Dictionary(grouping: raises, by: \.code).mapValues { Set($0.compactMap(\.state)) }
        for (code, set) in states.sorted(by: { $0.key < $1.key }) {
            #expect(set.count == 1, "\(code) is raised with \(set.sorted())")
        }
        let expected: [SQLAPIError.Code: SQLState] = [
            .nullArgument: .nullValueNotAllowed, .notFound: .noDataFound, .notAuthorized: .insufficientPrivilege,
            .notAuthenticated: .insufficientPrivilege, .fkMissing: .foreignKeyViolation, .uniqueConflict: .uniqueViolation,
            .alreadyClaimed: .objectNotInPrerequisiteState, .invalidLimit: .invalidParameterValue,
        ]
        for (code, state) in expected {
            #expect(states[code.rawValue] == [state.rawValue], "\(code): \(states[code.rawValue] ?? [])")
        }
        let nullCodes = Set(raises.filter { $0.state == SQLState.nullValueNotAllowed.rawValue }.map(\.code))
        #expect(nullCodes == [SQLAPIError.Code.nullArgument.rawValue], "22004 raised as \(nullCodes.sorted())")
    }

    @Test func theCodeIsReadFromTheMessagePrefixOnly() {
        func server(_ message: String, detail: String? = nil) -> PostgresError {
            var error = PostgresError(.server, message, sqlState: .invalidParameterValue)
            error.detail = detail
            return error
        }
        #expect(SQLAPIError(server("INVALID_CURSOR: not a cursor"))?.code == .invalidCursor)
        #expect(SQLAPIError(server("NEW_CODE_2: a code this build does not name"))?.code == "NEW_CODE_2")
        for uncoded in ["duplicate key value violates unique constraint \"x\"", "Invalid: lower case", "NO_SPACE:x",
                        ": empty", "1ST: starts with a digit", "ERROR_IN_TEXT contains: a colon"] {
            #expect(SQLAPIError(server(uncoded)) == nil, "\(uncoded)")
        }
        #expect(SQLAPIError(PostgresError(.connectionLost, "INVALID_CURSOR: not the server's")) == nil)

        let swift = SQLAPIError(.invalidLimit, "limit must be 1…200, got 0")
        #expect(swift.message == "INVALID_LIMIT: limit must be 1…200, got 0")
        #expect(swift.server == nil && swift.sqlState == nil && !swift.isTransient)
    }

    @Test func structuredDataComesFromDetailJSON() throws {
        func coded(_ message: String, _ detail: String?) throws -> SQLAPIError {
            var error = PostgresError(.server, message, sqlState: .objectNotInPrerequisiteState)
            error.detail = detail
            return try #require(SQLAPIError(error))
        }
        let bob = UUID()
        let claimed = try coded("ALREADY_CLAIMED: this task is already claimed by somebody else entirely",
                                #"{"claimed_by": "\#(bob.uuidString.lowercased())", "claimed_by_name": "Bob", "claimed_at": "2026-11-22T10:00:00.5+00:00"}"#)
        #expect(claimed.claimer?.id == bob)
        #expect(claimed.claimer?.name == "Bob")
        #expect(claimed.claimer?.claimedAt == Date(timeIntervalSince1970: 1_795_341_600.5))
        #expect(claimed.missingReference == nil)
        #expect(try coded("ALREADY_CLAIMED: by Bob", "claimed by Bob").claimer == nil, "English detail is not read")
        #expect(try coded("NOT_FOUND: x", #"{"claimed_by": "\#(bob)"}"#).claimer == nil, "only the codes that define it")

        let property = UUID()
        let missing = try coded("FK_MISSING: wording that may change",
                                #"{"entity_type": "property", "table": "properties", "column": "property_id", "id": "\#(property)"}"#)
        #expect(missing.missingReference == .init(entity: .property, table: "properties", column: "property_id", id: property))
        let unaudited = try coded("FK_MISSING: x", #"{"entity_type": null, "table": "bird", "column": "bird_id", "id": "\#(property)"}"#)
        #expect(unaudited.missingReference == .init(entity: nil, table: "bird", column: "bird_id", id: property))
        #expect(try coded("FK_MISSING: x", "Key (bird_id)=(…) is not present in table \"bird\".").missingReference == nil)
    }
}
