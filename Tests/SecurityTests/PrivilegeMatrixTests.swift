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

    /// The API roles run exactly the functions the documented list gives them
    /// (sql/code/manifest/api.sql, read through sql/checks/api_functions.sql): a function
    /// made executable without an entry, an entry that says more than the grants, an
    /// internal helper that runs as its owner, a SECURITY DEFINER function an API role may
    /// run that is no documented RPC of schema public, no row-level security helper only
    /// authenticated runs and no worker's function only service_role runs, and a function
    /// app users may run that the isolation suite does not know how to call, are each a
    /// finding. A private helper an invoker RPC calls as the caller (sync_push's guards) is
    /// never a way past row-level security: had it owner's rights, any app user could call it
    /// with any ids from raw SQL.
    @Test(arguments: DatabaseFlavor.allCases)
    func theAPIRolesRunOnlyTheListedFunctions(_ flavor: DatabaseFlavor) async throws {
        let db = try await TestDatabase.create(flavor: flavor)
        let connection = try await db.connect()
        let findings = try await SQLChecks.run("api_functions", on: connection).map { $0[0] }
        // The check finds what it looks for: a helper granted to app users without an entry.
        try await connection.runScript("begin; grant execute on function private.row_scope(text, jsonb) to authenticated")
        let planted = try await SQLChecks.run("api_functions", on: connection).map { $0[0] }
        try await connection.runScript("rollback")
        // And a guard of sync_push with its owner's rights, listed as a policy helper, as it
        // once was: app users and the service role could ask it of any row.
        try await connection.runScript("""
            begin;
            alter function private.sync_missing_parent(text, jsonb) security definer;
            update private.api_functions set class = 'policy' where signature = 'private.sync_missing_parent(text, jsonb)';
            alter function private.refuse_claim(text, uuid) security definer;
            """)
        let definers = try await SQLChecks.run("api_functions", on: connection).map { $0[0] }
        try await connection.runScript("rollback")
        await connection.close()
        #expect(findings.isEmpty, "\(flavor):\n\(findings.joined(separator: "\n"))")
        #expect(planted.contains("not_listed: authenticated may execute private.row_scope(text,jsonb)"), "\(planted)")
        #expect(definers.contains("definer: private.sync_missing_parent(text,jsonb) is SECURITY DEFINER (class policy, schema private) and executable by authenticated, service_role"),
                "\(definers)")
        #expect(definers.contains { $0.hasPrefix("definer: private.refuse_claim(text,uuid) is SECURITY DEFINER") }, "\(definers)")
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
