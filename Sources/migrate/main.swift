import Foundation
import Migrations
import Postgres

/// `swift run migrate [up|status|verify] [--dry-run] [--database-url URL] [--database-direct-url URL] [--dir DIR]
/// [--code-dir DIR] [--wait SECONDS] [--lock-timeout MS] [--lock-attempts N] [--allow-postgis-in-public]`
let usage = """
    usage: migrate [up|status|verify] [--dry-run] [--database-url URL] [--database-direct-url URL] [--dir DIR]
                   [--code-dir DIR] [--wait SECONDS] [--lock-timeout MS] [--lock-attempts N]
                   [--allow-postgis-in-public]

      up        apply pending migrations in order (the default), then the new and edited
                code files and the final step, in one transaction
      status    list applied, pending, changed and missing migrations, the code files
                (applied, pending: new or edited, removed) and the features the platform calls
                for (Supabase Storage, Realtime's publication: applied, or missing and what)
      verify    exit non-zero when an applied migration was edited or is missing, or a code
                file differs from what the database runs

      --database-url URL          the database (else DATABASE_URL, else libpq's PG* variables)
      --database-direct-url URL   a session connection to the same database (else DATABASE_DIRECT_URL)
      --dir DIR                   the migrations folder (default: sql/migrations)
      --code-dir DIR              the repeatable layer (default: the folder code beside DIR)
      --dry-run                   with up: print what would be applied, change nothing
      --wait SECONDS              keep trying a database that refuses connections (still starting) this long
                                  (default 60; a bad password, database name or URL fails at once)
      --lock-timeout MS           with up: the longest any statement waits for a lock (default 100): the apps'
                                  statements on that table wait behind it meanwhile
      --lock-attempts N           with up: tries of a migration or of the code that timed out on a lock
                                  (default 5, pausing 1, 2, 4 … s), then fail naming the sessions holding locks
      --allow-postgis-in-public   with up: go on although PostGIS is in schema public and API roles may write
                                  its table spatial_ref_sys (refused otherwise, with how to move it)

    migrate runs on one session: an advisory lock held from start to end serialises runners.
    A transaction-mode pooler (PgBouncer pool_mode=transaction, Supavisor port 6543) would
    hand each transaction to any server connection and keep no lock. It cannot be recognised
    on connecting, so the URL says it: pgbouncer=true (postgresql://…:6543/db?pgbouncer=true).
    migrate then runs on the direct URL, and refuses to run when there is none.
    """

var command = "up"
var dryRun = false
var environment = ProcessInfo.processInfo.environment
var url = environment[ConnectionRoles.primaryVariable] ?? ""
var directURL = environment[ConnectionRoles.directVariable]
var directory = "sql/migrations"
var codeDirectory: String?
var wait = Duration.seconds(60)
var allowPostGISInPublic = false
var lockTimeout = Duration.milliseconds(100)
var lockAttempts = 5
var arguments = CommandLine.arguments.dropFirst()

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("migrate: \(message)\n".utf8))
    exit(code)
}

while let argument = arguments.popFirst() {
    switch argument {
    case "up", "status", "verify": command = argument
    case "--dry-run": dryRun = true
    case "--database-url", "--database-direct-url":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value\n\(usage)", code: 2) }
        if argument == "--database-url" { url = value } else { directURL = value }
    case "--dir", "--code-dir":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value\n\(usage)", code: 2) }
        if argument == "--dir" { directory = value } else { codeDirectory = value }
    case "--wait":
        guard let value = arguments.popFirst(), let seconds = Double(value), seconds >= 0, seconds <= 3600 else {
            fail("--wait needs a number of seconds (0 to 3600)\n\(usage)", code: 2)
        }
        wait = .milliseconds(Int64(seconds * 1000))
    case "--lock-timeout":
        guard let value = arguments.popFirst(), let ms = Int(value), ms >= 1, ms <= 600_000 else {
            fail("--lock-timeout needs a number of milliseconds (1 to 600000)\n\(usage)", code: 2)
        }
        lockTimeout = .milliseconds(ms)
    case "--lock-attempts":
        guard let value = arguments.popFirst(), let n = Int(value), n >= 1, n <= 20 else {
            fail("--lock-attempts needs a number (1 to 20)\n\(usage)", code: 2)
        }
        lockAttempts = n
    case "--allow-postgis-in-public": allowPostGISInPublic = true
    case "-h", "--help": print(usage); exit(0)
    default: fail("unknown argument \(argument)\n\(usage)", code: 2)
    }
}

// Without a session to be had, the pooled URL: `status` and `verify` work there, `up` refuses.
let session = ConnectionRoles.session(primary: url, direct: directURL)
if command == "up", session == nil { fail("\(MigrationError.needsSession)") }
// A URL libpq cannot read is a mistake in the configuration, not a database still starting.
for (name, value) in [("database URL", url), ("direct URL", directURL ?? "")] where !value.isEmpty {
    if let problem = ConnectionRoles.problem(with: value) { fail("the \(name) cannot be used: \(problem)", code: 2) }
}

do {
    var runner = try MigrationRunner(directory: directory, codeDirectory: codeDirectory)
    runner.lockTimeout = lockTimeout
    runner.lockAttempts = lockAttempts
    let connection = try await DatabaseWait(limit: wait).connect(session ?? url) { message in
        FileHandle.standardError.write(Data("migrate: \(message)\n".utf8))
    }
    if command == "up", let exposure = try await PostGISExposure.inspect(connection) {
        if exposure.isRefused, !allowPostGISInPublic { fail("refused: \(exposure.explanation)") }
        FileHandle.standardError.write(Data("migrate: warning: \(exposure.explanation)\n".utf8))
    }
    switch command {
    case "status":
        for status in try await runner.status(connection) {
            let at = status.appliedAt.map { " \($0)" } ?? ""
            print("\(status.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(format: "%04d", status.version))_\(status.name)\(at)")
        }
        for status in try await runner.codeStatus(connection) {
            let at = status.appliedAt.map { " \($0)" } ?? ""
            print("\(status.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) code/\(status.name)\(at)")
        }
        for feature in try await runner.platformStatus(connection) {
            print(feature.missing.isEmpty ? "applied  platform/\(feature.name): \(feature.expected)"
                  : "missing  platform/\(feature.name): \(feature.missing.joined(separator: ", ")) (migrate up creates them)")
        }
    case "verify":
        try await runner.verify(connection)
        print("verified: every applied migration matches its file, and the database runs the code folder as it is")
    default:
        try await runner.up(connection, dryRun: dryRun)
    }
} catch let error as MigrationError {
    fail("\(error)")
} catch {
    fail("\(error)")
}
