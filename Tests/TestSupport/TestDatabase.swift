import Foundation
import Migrations
import Postgres

/// A database of its own for one test suite, cloned from a template that holds every
/// migration. The template is migrated once per set of migration files (its name
/// carries their checksum), so a suite costs one `create database … template …`.
///
/// The server is the one `DATABASE_URL` names (the Makefile points it at the
/// project's own cluster).
public struct TestDatabase: Sendable {
    public let conninfo: String
    public let name: String

    /// Creates a fresh database for the calling suite: migrated (a clone of the
    /// template), or empty, for tests of the migrations runner itself.
    public static func create(_ label: String = #fileID, migrated: Bool = true) async throws -> TestDatabase {
        let template = migrated ? try await Template.shared.name() : "template0"
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let base = label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let name = "dispatch_test_" + String(String(base).suffix(30)) + "_" + suffix
        let admin = try await PostgresConnection.connect(Template.conninfo)
        defer { Task { await admin.close() } }
        try await admin.runScript("create database \(quote(name)) template \(quote(template))")
        return TestDatabase(conninfo: Template.conninfo, name: name)
    }

    public func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(conninfo, database: name)
    }

    public func pool(maxConnections: Int = 4) -> PostgresPool {
        PostgresPool(conninfo, database: name, maxConnections: maxConnections)
    }

    /// `postgresql:` URL of this database, for child processes (`DATABASE_URL`).
    public var url: String {
        let admin = Template.conninfo
        guard let range = admin.range(of: #"^postgres(ql)?://[^/]*/[^?]*"#, options: .regularExpression) else {
            return admin + " dbname=\(name)"
        }
        let prefix = admin[range].split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).prefix(3).joined(separator: "/")
        return prefix + "/" + name + admin[range.upperBound...]
    }

    /// The repository's `sql/migrations`.
    public static var migrationsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("sql/migrations").path
    }

    static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Builds the migrated template once per process; an advisory lock keeps two test
/// processes from building the same template at once.
actor Template {
    static let shared = Template()
    static let conninfo = PostgresConnection.defaultConninfo
    private var built: String?

    func name() async throws -> String {
        if let built { return built }
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        let admin = try await PostgresConnection.connect(Self.conninfo)
        // Separated by a form feed, not NUL: a parameter is a C string, so text after a NUL
        // never reached the server and only the first migration decided the name.
        let digest = try await admin.query("""
            select left(encode(sha256(convert_to(\(runner.migrations.map { $0.fileName + "\n" + $0.sql }.joined(separator: "\u{C}")), 'UTF8')), 'hex'), 16)
            """).scalar(String.self)
        let name = "dispatch_template_\(digest)"
        try await admin.query("select pg_advisory_lock(hashtext(\(name)))")
        let exists = try await admin.query("select exists (select from pg_database where datname = \(name))").scalar(Bool.self)
        if !exists {
            let building = name + "_building"
            try await admin.runScript("drop database if exists \(TestDatabase.quote(building))")
            try await admin.runScript("create database \(TestDatabase.quote(building))")
            let connection = try await PostgresConnection.connect(Self.conninfo, database: building)
            try await runner.up(connection)
            await connection.close()
            try await admin.runScript("alter database \(TestDatabase.quote(building)) rename to \(TestDatabase.quote(name))")
        }
        try await admin.query("select pg_advisory_unlock(hashtext(\(name)))")
        await admin.close()
        built = name
        return name
    }
}
