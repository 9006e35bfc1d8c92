import Foundation
import Migrations
import Postgres

/// `swift run migrate [up|status|verify] [--dry-run] [--database-url URL] [--dir DIR]`
let usage = """
    usage: migrate [up|status|verify] [--dry-run] [--database-url URL] [--dir DIR]

      up        apply pending migrations in order (the default)
      status    list applied, pending, changed and missing migrations
      verify    exit non-zero when an applied migration was edited or is missing

      --database-url URL   the database (else DATABASE_URL, else libpq's PG* variables)
      --dir DIR            the migrations folder (default: sql/migrations)
      --dry-run            with up: print what would be applied, change nothing
    """

var command = "up"
var dryRun = false
var url: String?
var directory = "sql/migrations"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "up", "status", "verify": command = argument
    case "--dry-run": dryRun = true
    case "--database-url": url = arguments.popFirst()
    case "--dir": directory = arguments.popFirst() ?? directory
    case "-h", "--help": print(usage); exit(0)
    default:
        FileHandle.standardError.write(Data("migrate: unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("migrate: \(message)\n".utf8))
    exit(1)
}

do {
    let runner = try MigrationRunner(directory: directory)
    let connection = try await PostgresConnection.connect(url)
    switch command {
    case "status":
        for status in try await runner.status(connection) {
            let at = status.appliedAt.map { " \($0)" } ?? ""
            print("\(status.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(format: "%04d", status.version))_\(status.name)\(at)")
        }
    case "verify":
        try await runner.verify(connection)
        print("verified: every applied migration matches its file")
    default:
        try await runner.up(connection, dryRun: dryRun)
    }
} catch let error as MigrationError {
    fail("\(error)")
} catch {
    fail("\(error)")
}
