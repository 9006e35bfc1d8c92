import Foundation
import Postgres
import TestSupport
import Testing

/// The privilege matrix (sql/checks/privilege_matrix.sql) of a migrated database is the one
/// checked into the repository (privilege_matrix.expected, written by make schema), on plain PostgreSQL and on a
/// Supabase-like database alike: its default privileges (ALL to the API roles on whatever
/// the migrating role creates) must change nothing.
@Suite struct PrivilegeMatrixTests {
    @Test(arguments: DatabaseFlavor.allCases)
    func theMatrixIsTheExpectedOne(_ flavor: DatabaseFlavor) async throws {
        let db = try await TestDatabase.create(flavor: flavor)
        let connection = try await db.connect()
        let actual = try await SQLChecks.run("privilege_matrix", on: connection).map { $0[0] }
        await connection.close()
        let expected = try SQLChecks.expectedLines("privilege_matrix.expected")
        let missing = expected.filter { !Set(actual).contains($0) }
        let unexpected = actual.filter { !Set(expected).contains($0) }
        #expect(missing.isEmpty && unexpected.isEmpty, """
            the \(flavor) database's privileges differ from sql/checks/privilege_matrix.expected \
            (after a deliberate change: make schema, and review the diff)
            expected, not found:
            \(missing.joined(separator: "\n"))
            found, not expected:
            \(unexpected.joined(separator: "\n"))
            """)
        #expect(actual == expected)
    }

    /// The matrix says what the tests compare: one line per object and API role, and the
    /// rights nobody may have are not there.
    @Test func theExpectedMatrixCoversEveryObjectForEachRoleAndGrantsNoForbiddenRight() throws {
        let lines = try SQLChecks.expectedLines("privilege_matrix.expected")
        var roles: [String: Set<String>] = [:]
        for line in lines {
            let head = line.split(separator: ":", maxSplits: 1)[0]
            let role = String(head.split(separator: " ").last!)
            let object = String(head.dropLast(role.count + 1))
            roles[object, default: []].insert(role)
        }
        #expect(roles.values.allSatisfy { $0 == ["anon", "authenticated", "service_role"] })
        #expect(roles.keys.contains("table public.tasks"))
        #expect(roles.keys.contains("schema private"))
        #expect(roles.keys.contains("table migrations.schema_migrations"))
        // anon may only use schema public (PUBLIC's right on a plain database, granted by
        // Supabase); no role truncates, adds triggers or holds anything in the ledger.
        #expect(lines.filter { $0.contains(" anon: ") && !$0.hasSuffix(": -") } == ["schema public anon: usage"])
        #expect(!lines.contains { $0.contains("truncate") || $0.contains("trigger") })
        #expect(lines.filter { $0.contains("migrations") }.allSatisfy { $0.hasSuffix(": -") })
    }
}
