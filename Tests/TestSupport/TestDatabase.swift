import Foundation
import Migrations
import Postgres

/// The kind of database a suite runs against.
public enum DatabaseFlavor: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Plain PostgreSQL, migrated by the superuser.
    case plain
    /// A database set up as a hosted Supabase project is, migrated by a non-superuser
    /// (see `SupabaseLike`).
    case supabaseLike

    public var description: String { rawValue }
}

/// A database of its own for one test suite, cloned from a template that holds every
/// migration. The template is migrated once per set of migration files (its name
/// carries their checksum), so a suite costs one `create database … template …`.
///
/// The server is `TestServer`'s: the project's own cluster, or the one an operator named
/// with `DISPATCH_DATABASE_URL`; never `DATABASE_URL`.
public struct TestDatabase: Sendable {
    public let conninfo: String
    public let name: String
    public let flavor: DatabaseFlavor
    /// Drops the database after the last copy of this value is released (the suite instance
    /// holding it ends with its test) and its connections are closed, so a run keeps about
    /// the databases of running tests and never fills the disk; `make test` drops any left
    /// over afterwards (a crash, a database held by a static, the end of the process).
    private let release: DropOnRelease?

    /// The comment on every database the tests create (clones and templates). Only
    /// databases carrying it are dropped by `make clean-test-dbs`: a database of the same
    /// name that someone else made on a server the tests were pointed at stays.
    public static let marker = "dispatch test database: dropped by make clean-test-dbs"

    init(conninfo: String, name: String, flavor: DatabaseFlavor, dropOnRelease: Bool = false) {
        self.conninfo = conninfo
        self.name = name
        self.flavor = flavor
        release = dropOnRelease ? DropOnRelease(conninfo: conninfo, name: name) : nil
    }

    /// Creates a fresh database for the calling suite: migrated (a clone of the
    /// template), or not, for tests of the migrations runner itself (a Supabase-like one
    /// then has everything but the migrations).
    public static func create(
        _ label: String = #fileID, migrated: Bool = true, flavor: DatabaseFlavor = .plain
    ) async throws -> TestDatabase {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let base = label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let name = "dispatch_test_" + String(String(base).suffix(30)) + "_" + suffix
        let database = TestDatabase(conninfo: try await TestServer.conninfo(), name: name, flavor: flavor, dropOnRelease: true)
        switch (flavor, migrated) {
        case (.plain, _):
            let template = migrated ? try await Template.plain.name() : "template0"
            try await database.createFrom(template)
        case (.supabaseLike, true):
            try await database.createFrom(try await Template.supabaseLike.name())
            try await SupabaseLike.grantDatabase(name)
        case (.supabaseLike, false):
            try await database.createFrom("template0")
            try await SupabaseLike.prepare(database)
        }
        return database
    }

    /// A database for the calling suite (as `create` makes it) and a connection to it as the
    /// cluster's superuser: the set-up most suites start from, the connection being the one
    /// that writes their fixtures' rows and checks what the users under test did. A suite
    /// keeps both from its `init()`; the connections of the users under test come from
    /// `database.connect()`.
    public static func createWithAdmin(
        _ label: String = #fileID, migrated: Bool = true, flavor: DatabaseFlavor = .plain
    ) async throws -> (database: TestDatabase, admin: PostgresConnection) {
        let database = try await create(label, migrated: migrated, flavor: flavor)
        return (database, try await database.connect())
    }

    /// Through `CloneGate`: the clones run one after the other on the server anyway (each
    /// locks its template), and a parallel run starts every test at once.
    private func createFrom(_ template: String) async throws {
        await CloneGate.shared.enter()
        var failure: (any Error)?
        do {
            let admin = try await PostgresConnection.connect(conninfo)
            do {
                try await admin.runScript("create database \(Self.quote(name)) template \(Self.quote(template))")
                try await Self.mark(name, admin)
            } catch {
                failure = error
            }
            await admin.close()
        } catch {
            failure = error
        }
        await CloneGate.shared.leave()
        if let failure { throw failure }
    }

    /// A connection as the cluster's superuser.
    public func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(conninfo, database: name)
    }

    /// A connection as the role that runs the migrations and owns what they create: the
    /// superuser on a plain database, `SupabaseLike.ownerRole` on a Supabase-like one.
    public func connectAsOwner() async throws -> PostgresConnection {
        switch flavor {
        case .plain: try await connect()
        case .supabaseLike:
            try await PostgresConnection.connect(
                Self.conninfo(conninfo, user: SupabaseLike.ownerRole, password: SupabaseLike.ownerPassword), database: name)
        }
    }

    /// Drops the database (its connections are ended). A failed test that skips this leaves
    /// it for `make clean-test-dbs`.
    public func drop() async {
        if let admin = try? await PostgresConnection.connect(conninfo) {
            _ = try? await admin.runScript("drop database if exists \(Self.quote(name)) with (force)")
            await admin.close()
        }
    }

    public func pool(maxConnections: Int = 4) -> PostgresPool {
        PostgresPool(conninfo, database: name, maxConnections: maxConnections)
    }

    /// `postgresql:` URL of this database, for child processes (`DATABASE_URL`).
    public var url: String {
        let admin = conninfo
        guard let range = admin.range(of: #"^postgres(ql)?://[^/]*/[^?]*"#, options: .regularExpression) else {
            return admin + " dbname=\(name)"
        }
        let prefix = admin[range].split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).prefix(3).joined(separator: "/")
        return prefix + "/" + name + admin[range.upperBound...]
    }

    /// `url` signing in as `user` (the cluster trusts local connections: no password).
    public func url(user: String) -> String {
        Self.conninfo(url, user: user, password: nil)
    }

    /// The repository's `sql/migrations`.
    public static var migrationsDirectory: String {
        repositoryPath("sql/migrations")
    }

    /// A path inside the repository.
    public static func repositoryPath(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(relative).path
    }

    /// Comments the database with `marker`, the sign that the tests (or the bench) made it.
    public static func mark(_ name: String, _ admin: PostgresConnection) async throws {
        try await admin.runScript("comment on database \(quote(name)) is '\(marker)'")
    }

    /// Whether `name` is absent, or a database the tests or the bench made (marked): one
    /// that may be dropped and made again.
    public static func isOursOrAbsent(_ name: String, _ admin: PostgresConnection) async throws -> Bool {
        try await admin.query("""
            select coalesce((select shobj_description(oid, 'pg_database') = \(marker) from pg_database where datname = \(name)), true)
            """).scalar(Bool.self)
    }

    /// `identifier` quoted for SQL text (a database name in DDL).
    public static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `conninfo` (a URL or key/value pairs) signing in as `user` instead.
    static func conninfo(_ conninfo: String, user: String, password: String?) -> String {
        if conninfo.hasPrefix("postgres://") || conninfo.hasPrefix("postgresql://"),
           var components = URLComponents(string: conninfo) {
            components.user = nil
            components.password = nil
            components.queryItems = (components.queryItems ?? []).filter { $0.name != "user" && $0.name != "password" }
                + [URLQueryItem(name: "user", value: user)] + (password.map { [URLQueryItem(name: "password", value: $0)] } ?? [])
            if let url = components.string { return url }
        }
        // key/value pairs: a keyword given twice takes the later value
        return "\(conninfo) user='\(user)'" + (password.map { " password='\($0)'" } ?? "")
    }
}

/// Builds a migrated template once per process and flavor; an advisory lock keeps two
/// test processes from building the same template at once.
actor Template {
    static let plain = Template(.plain)
    static let supabaseLike = Template(.supabaseLike)
    private let flavor: DatabaseFlavor
    private var built: String?

    private init(_ flavor: DatabaseFlavor) { self.flavor = flavor }

    func name() async throws -> String {
        if let built { return built }
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        let conninfo = try await TestServer.conninfo()
        let admin = try await PostgresConnection.connect(conninfo)
        // Separated by a form feed, not NUL: a parameter is a C string, so text after a NUL
        // never reached the server and only the first migration decided the name. The
        // Supabase-like set-up is part of what its template holds.
        // The code layer is part of what a template holds: an edited code file is a new template.
        let sources = runner.migrations.map { $0.fileName + "\n" + $0.sql } + runner.code.map { $0.fileName + "\n" + $0.sql }
            + (flavor == .supabaseLike ? [SupabaseLike.roles, SupabaseLike.setUp] : [])
        let digest = try await admin.query("""
            select left(encode(sha256(convert_to(\(sources.joined(separator: "\u{C}")), 'UTF8')), 'hex'), 16)
            """).scalar(String.self)
        let name = (flavor == .plain ? "dispatch_template_" : "dispatch_template_supabase_") + digest
        try await admin.query("select pg_advisory_lock(hashtext(\(name)))")
        let exists = try await admin.query("select exists (select from pg_database where datname = \(name))").scalar(Bool.self)
        if !exists {
            let building = TestDatabase(conninfo: conninfo, name: name + "_building", flavor: flavor)
            try await admin.runScript("drop database if exists \(TestDatabase.quote(building.name))")
            try await admin.runScript("create database \(TestDatabase.quote(building.name))")
            try await TestDatabase.mark(building.name, admin)
            switch flavor {
            case .plain:
                let connection = try await building.connect()
                try await runner.up(connection)
                await connection.close()
            case .supabaseLike:
                try await SupabaseLike.prepare(building)
                try await SupabaseLike.migrate(building)
            }
            try await admin.runScript("alter database \(TestDatabase.quote(building.name)) rename to \(TestDatabase.quote(name))")
        }
        try await admin.query("select pg_advisory_unlock(hashtext(\(name)))")
        await admin.close()
        built = name
        return name
    }
}

/// Drops a test database when released (see `TestDatabase.release`). The drop runs in a
/// task of its own: a deinit cannot wait.
final class DropOnRelease: Sendable {
    let conninfo: String
    let name: String

    init(conninfo: String, name: String) {
        self.conninfo = conninfo
        self.name = name
    }

    /// Drops the database once nobody is connected to it any more (never with force: a test
    /// may still hold a connection after its last use of the `TestDatabase` value, and its
    /// connections close when the test ends), trying every few seconds for two minutes.
    deinit {
        let conninfo = self.conninfo, name = self.name
        Task {
            for _ in 0..<40 {
                guard let admin = try? await PostgresConnection.connect(conninfo) else { return }
                defer { Task { await admin.close() } }
                do {
                    try await admin.runScript("drop database if exists \(TestDatabase.quote(name))")
                    return
                } catch let error as PostgresError where error.sqlState == "55006" {
                    // still in use
                } catch {
                    return
                }
                try? await Task.sleep(for: .seconds(3))
            }
        }
    }
}

/// At most a few databases cloned at once. Each test of a suite gets its own database, and a
/// parallel run starts them all together: without a gate every one held a connection while
/// it waited for the template (clones run one at a time), past max_connections on a slow
/// machine ("too many clients").
actor CloneGate {
    static let shared = CloneGate(limit: 4)
    private let limit: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func enter() async {
        if inside < limit {
            inside += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the next waiter, if any.
    func leave() {
        if waiting.isEmpty {
            inside -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension TestDatabase {
    /// `body` with the migrated database of a cluster of its own, stopped afterwards: for
    /// figures that depend on what the whole cluster runs. A sync cursor names every
    /// transaction in flight in the cluster and a pull or poll probes for each (a poll asks
    /// the exact question while any runs), so other suites' work on the shared cluster would
    /// change what a read costs between two measurements; autovacuum is off (an analyze
    /// is a transaction in flight too): a test analyses what it loads.
    public static func onPrivateCluster<T: Sendable>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        try await PrivateCluster.with(settings: "autovacuum = off") { cluster in
            try await body(TestDatabase(conninfo: cluster.url(database: "postgres"), name: cluster.database, flavor: .plain))
        }
    }
}

/// A template of its own for suites whose fixture is too costly to build per test (the
/// isolation suite's hundreds of thousands of rows): a database cloned from `base` (the
/// migrated template, or another fixture), with `build` run on it once per process, kept as a
/// template under a name that carries the base's and `version` (change it with what `build`
/// does), and cloned for each test like the migrated one. Dropped by `make clean-test-dbs`
/// with the other templates.
public struct FixtureTemplate: Sendable {
    public let name: String
    public let version: String
    public let base: (@Sendable () async throws -> String)?
    public let build: @Sendable (PostgresConnection) async throws -> Void

    public init(name: String, version: String, base: FixtureTemplate? = nil,
                build: @escaping @Sendable (PostgresConnection) async throws -> Void) {
        self.name = name
        self.version = version
        if let base {
            self.base = { try await FixtureTemplates.shared.name(of: base) }
        } else {
            self.base = nil
        }
        self.build = build
    }
}

extension TestDatabase {
    /// A database for the calling suite cloned from `fixture`'s template (built first if this
    /// process has not yet).
    public static func create(_ label: String = #fileID, fixture: FixtureTemplate) async throws -> TestDatabase {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let base = label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let name = "dispatch_test_" + String(String(base).suffix(30)) + "_" + suffix
        let database = TestDatabase(conninfo: try await TestServer.conninfo(), name: name, flavor: .plain, dropOnRelease: true)
        try await database.createFrom(try await FixtureTemplates.shared.name(of: fixture))
        return database
    }
}

/// The fixture templates this process built, by fixture name.
actor FixtureTemplates {
    static let shared = FixtureTemplates()
    private var built: [String: String] = [:]

    func name(of fixture: FixtureTemplate) async throws -> String {
        if let name = built[fixture.name] { return name }
        let base: String
        if let fixtureBase = fixture.base {
            base = try await fixtureBase()
        } else {
            base = try await Template.plain.name()
        }
        let conninfo = try await TestServer.conninfo()
        let admin = try await PostgresConnection.connect(conninfo)
        let digest = try await admin.query("""
            select left(encode(sha256(convert_to(\(base + "\u{C}" + fixture.version), 'UTF8')), 'hex'), 12)
            """).scalar(String.self)
        let name = "dispatch_template_" + fixture.name + "_" + digest
        try await admin.query("select pg_advisory_lock(hashtext(\(name)))")
        let exists = try await admin.query("select exists (select from pg_database where datname = \(name))").scalar(Bool.self)
        if !exists {
            let building = TestDatabase(conninfo: conninfo, name: name + "_building", flavor: .plain)
            try await admin.runScript("drop database if exists \(TestDatabase.quote(building.name))")
            try await admin.runScript("create database \(TestDatabase.quote(building.name)) template \(TestDatabase.quote(base))")
            try await TestDatabase.mark(building.name, admin)
            let connection = try await building.connect()
            do {
                try await fixture.build(connection)
            } catch {
                await connection.close()
                _ = try? await admin.query("select pg_advisory_unlock(hashtext(\(name)))")
                await admin.close()
                throw error
            }
            await connection.close()
            try await admin.runScript("alter database \(TestDatabase.quote(building.name)) rename to \(TestDatabase.quote(name))")
        }
        try await admin.query("select pg_advisory_unlock(hashtext(\(name)))")
        await admin.close()
        built[fixture.name] = name
        return name
    }
}
