import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Reading a coded error: the code from the message prefix only, structured data from the
/// detail JSON. That Swift names exactly the codes the SQL raises, each with one SQLSTATE,
/// is in `ContractTests`.
@Suite struct SQLAPIErrorCodeTests {
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
