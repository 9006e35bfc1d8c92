import Foundation
import Postgres

/// The server the tests and the bench make their databases on (templates, clones, and with
/// the Supabase-like flavour the API roles, which belong to the whole server).
///
/// Never `DATABASE_URL`: that is the usual name of an application's production database,
/// and a maintainer running `swift test --filter …` from a shell that holds one must not
/// create databases and roles there. The server is the one `scripts/db.sh start` names —
/// the project's own cluster (started if it is not running), or the server an operator
/// named on purpose with `DISPATCH_DATABASE_URL` — exactly as for `make test`, which runs
/// the same script: the choice is made in that one place.
public enum TestServer {
    /// The conninfo of that server, found once per process.
    public static func conninfo() async throws -> String {
        try await chosen.value
    }

    private static let chosen = Task { try await conninfo(adding: [:]) }

    /// What `scripts/db.sh start` prints in this process's environment plus `environment`
    /// (the script's child sees no `DATABASE_URL` of this process: `ChildProcess`).
    public static func conninfo(adding environment: [String: String]) async throws -> String {
        let script = TestDatabase.repositoryPath("scripts/db.sh")
        let child = try ChildProcess("/bin/bash", [script, "start"], environment: environment)
        let status = await child.wait()
        defer { child.removeOutput() }
        let url = child.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard status == 0, !url.isEmpty else {
            throw PostgresError(.connectionFailed, "scripts/db.sh start found no server for the tests (status \(status)): \(child.stderr)")
        }
        return url
    }
}
