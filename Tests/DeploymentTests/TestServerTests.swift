import Foundation
import Postgres
import Testing
import TestSupport

/// A maintainer runs `swift test` (or the bench) from a shell that holds the application's
/// production `DATABASE_URL`: the tests make their databases and roles on the project's own
/// cluster all the same, and no program they start inherits that URL.
@Suite("the tests' own server")
struct TestServerTests {
    static let production = [
        "DATABASE_URL": "postgresql://app@production.invalid:5432/app",
        "DATABASE_DIRECT_URL": "postgresql://app@production.invalid:5433/app",
        "DATABASE_READ_URL": "postgresql://app@replica.invalid:5432/app",
    ]

    @Test("DATABASE_URL in the environment does not choose the server: scripts/db.sh's choice does, as for make test")
    func productionURLIgnored() async throws {
        let chosen = try await TestServer.conninfo(adding: Self.production)
        #expect(!chosen.contains("invalid"), "\(chosen)")
        #expect(chosen == (try await TestServer.conninfo()))
        // The opt-in is honoured: a server named on purpose (checked for an answer first).
        let named = try await TestServer.conninfo(adding: Self.production.merging(["DISPATCH_DATABASE_URL": chosen]) { $1 })
        #expect(named == chosen)
        await #expect(throws: PostgresError.self) {
            _ = try await TestServer.conninfo(adding: ["DISPATCH_DATABASE_URL": "postgresql://app@production.invalid:5432/app?connect_timeout=1"])
        }
    }

    @Test("a child process gets the database variables only from the test that starts it")
    func childEnvironment() {
        let inherited = Self.production.merging(["PATH": "/usr/bin", "DISPATCH_PG_PORT": "54329"]) { $1 }
        let child = ChildProcess.environment(inherited: inherited, adding: ["DATABASE_URL": "postgresql:///dispatch_test_x"])
        #expect(child == ["PATH": "/usr/bin", "DISPATCH_PG_PORT": "54329", "DATABASE_URL": "postgresql:///dispatch_test_x"])
        #expect(ChildProcess.environment(inherited: inherited, adding: [:]).keys.sorted() == ["DISPATCH_PG_PORT", "PATH"])
    }
}
