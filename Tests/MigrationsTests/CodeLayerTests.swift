import Foundation
import Migrations
import Postgres
import Synchronization
import TestSupport
import Testing

/// The two layers: migrations run once; a code file runs again whenever it changed, with
/// the final step after it; the project's history upgrades to the same schema as a fresh
/// install; and the migrations stay DDL.
@Suite struct CodeLayerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A temporary `migrations` folder and its `code` folder beside it.
    func project(migrations: [String: String], code: [String: String]) throws -> (migrations: String, code: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID().uuidString)")
        let folders = (base.appendingPathComponent("migrations").path, base.appendingPathComponent("code").path)
        for (folder, files) in [(folders.0, migrations), (folders.1, code)] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, sql) in files {
                let path = (folder as NSString).appendingPathComponent(name)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try sql.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        return folders
    }

    /// What a runner logged, without the timings ("applied 02_g.sql").
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        func take() -> [String] {
            lines.withLock { lines in
                defer { lines.removeAll() }
                return lines.map { $0.replacing(#/ \(\d+ ms\)$/#, with: "") }
            }
        }
    }

    func runner(_ migrations: String, _ log: Log) throws -> MigrationRunner {
        try MigrationRunner(directory: migrations, log: { log.append($0) })
    }

    func logged(_ log: Log) -> [String] { log.take() }

    /// Whether `body` throws a MigrationError.
    func refused(_ body: () async throws -> Void) async -> Bool {
        do { try await body(); return false } catch { return error is MigrationError }
    }

    @Test func editingOneCodeFileAppliesExactlyThatFileAndTheFinalStep() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let folders = try project(
            migrations: ["0001_runs.sql": "create table runs (n serial primary key, what text);\n"],
            code: [
                "01_f.sql": "create or replace function f() returns int language sql as 'select 1';\n",
                "02_g.sql": "create or replace function g() returns int language sql as 'select f() + 1';\n",
                "99_final.sql": "-- migrate:final\ninsert into runs (what) values ('final');\n",
            ])
        let lines = Log()
        try await runner(folders.migrations, lines).up(connection)
        #expect(logged(lines) == ["applied 0001_runs.sql", "applied 01_f.sql", "applied 02_g.sql", "ran 99_final.sql"])
        #expect(try await connection.query("select g()").scalar(Int.self) == 2)

        // Nothing changed: no file runs. The final step does (it replaces only what differs
        // from what it would create, and sets up what a platform added since), and the log
        // says up to date.
        try await runner(folders.migrations, lines).up(connection)
        #expect(logged(lines) == ["up to date"])
        try await runner(folders.migrations, lines).verify(connection)

        // One file edited: that file and the final step, in that order.
        try "create or replace function g() returns int language sql as 'select f() + 41';\n"
            .write(toFile: folders.code + "/02_g.sql", atomically: true, encoding: .utf8)
        let edited = try runner(folders.migrations, lines)
        #expect(try await edited.codeStatus(connection).map { "\($0.name) \($0.state)" } == ["01_f applied", "02_g pending"])
        #expect(await refused { try await edited.verify(connection) })
        try await edited.up(connection, dryRun: true)
        #expect(logged(lines) == ["would apply 02_g.sql", "would run 99_final.sql"])
        #expect(try await connection.query("select g()").scalar(Int.self) == 2)
        try await edited.up(connection)
        #expect(logged(lines) == ["applied 02_g.sql", "ran 99_final.sql"])
        #expect(try await connection.query("select g()").scalar(Int.self) == 42)
        #expect(try await connection.query("select count(*)::int from runs where what = 'final'").scalar(Int.self) == 3)
        try await edited.verify(connection)

        // A file removed from the folder: forgotten by the ledger (its objects stay until a
        // file drops them), with the final step.
        try FileManager.default.removeItem(atPath: folders.code + "/02_g.sql")
        let removed = try runner(folders.migrations, lines)
        #expect(try await removed.codeStatus(connection).map { "\($0.name) \($0.state)" } == ["01_f applied", "02_g removed"])
        try await removed.up(connection)
        #expect(logged(lines) == ["ran 99_final.sql", "forgot 02_g (removed from the code folder)"])
        #expect(try await removed.codeStatus(connection).map(\.name) == ["01_f"])
        try await removed.verify(connection)
        await connection.close()
    }

    /// Files in folders run in path order (a folder's files after those of the folders before
    /// it), named in the ledger by their path; a path that is not snake_case is refused.
    @Test func codeFilesInFoldersRunInPathOrderUnderTheirPaths() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let folders = try project(
            migrations: ["0001_runs.sql": "create table runs (n serial primary key, what text);\n"],
            code: [
                "base/f.sql": "create or replace function f() returns int language sql as 'select 1';\n",
                "base/f_more.sql": "create or replace function f2() returns int language sql as 'select f() + 1';\n",
                "uses/g.sql": "create or replace function g() returns int language sql as 'select f2() + 1';\n",
                "retired.sql": "drop function if exists gone();\n",
            ])
        let lines = Log()
        try await runner(folders.migrations, lines).up(connection)
        #expect(logged(lines) == ["applied 0001_runs.sql", "applied base/f.sql", "applied base/f_more.sql",
                                  "applied retired.sql", "applied uses/g.sql"])
        #expect(try await connection.query("select g()").scalar(Int.self) == 3)
        #expect(try await connection.query("select string_agg(name, ',' order by name) from migrations.code_files")
            .scalar(String.self) == "base/f,base/f_more,retired,uses/g")

        try FileManager.default.createDirectory(atPath: folders.code + "/Bad", withIntermediateDirectories: true)
        try "select 1;\n".write(toFile: folders.code + "/Bad/x.sql", atomically: true, encoding: .utf8)
        #expect(throws: MigrationError.self) { try MigrationRunner(directory: folders.migrations) }
        await connection.close()
    }

    /// The same with the project's own layers: a fix to one function is an edit of its file,
    /// and migrate applies exactly that file and the final step.
    @Test func editingOneOfTheProjectsCodeFilesAppliesExactlyThatFile() async throws {
        let read = { (folder: String) throws -> [String: String] in
            let path = TestDatabase.repositoryPath("sql/" + folder)
            return try Dictionary(uniqueKeysWithValues: FileManager.default.subpathsOfDirectory(atPath: path)
                .filter { $0.hasSuffix(".sql") }.map {
                ($0, try String(contentsOfFile: path + "/" + $0, encoding: .utf8))
            })
        }
        let folders = try project(migrations: try read("migrations"), code: try read("code"))
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let lines = Log()
        try await runner(folders.migrations, lines).up(connection)
        _ = logged(lines)
        let file = folders.code + "/access/visibility.sql"
        let fixed = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "'The uuid of the one key of kind everyone.'", with: "'The uuid of the one key of kind everyone (fixed).'")
        try fixed.write(toFile: file, atomically: true, encoding: .utf8)
        try await runner(folders.migrations, lines).up(connection)
        #expect(logged(lines) == ["applied access/visibility.sql", "ran manifest/generate.sql"])
        #expect(try await connection.query("select obj_description('private.everyone_key()'::regprocedure)").scalar(String.self)
            == "The uuid of the one key of kind everyone (fixed).")
        try await runner(folders.migrations, lines).up(connection)
        #expect(logged(lines) == ["up to date"])
        await connection.close()
    }

    /// A failing code file rolls back every code file of the run and the final step: the
    /// database keeps running the code it had.
    @Test func aFailingCodeFileChangesNothing() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let folders = try project(migrations: [:], code: [
            "01_f.sql": "create or replace function f() returns int language sql as 'select 1';\n",
        ])
        let lines = Log()
        try await runner(folders.migrations, lines).up(connection)
        try "create or replace function f() returns int language sql as 'select 2';\n"
            .write(toFile: folders.code + "/01_f.sql", atomically: true, encoding: .utf8)
        try "create or replace function h() returns int language sql as 'select no_such_column';\n"
            .write(toFile: folders.code + "/02_h.sql", atomically: true, encoding: .utf8)
        #expect(await refused { try await runner(folders.migrations, lines).up(connection) })
        #expect(try await connection.query("select f()").scalar(Int.self) == 1)
        #expect(try await connection.query("select to_regproc('h') is null").scalar(Bool.self))
        #expect(try await runner(folders.migrations, lines).codeStatus(connection).map(\.state) == [MigrationRunner.CodeState.pending, .pending])
        await connection.close()
    }

    /// A migration that replaces earlier files is recorded, not run, where they ran; where
    /// they did not, it runs; where only some did, migrate refuses.
    @Test func aMigrationReplacingEarlierFilesIsRecordedWhereTheyRan() async throws {
        let old = ["0001_a.sql": "create table a (n int);\n", "0002_b.sql": "create table b (n int);\n"]
        let oldFolders = try project(migrations: old, code: [:])
        func sha(_ text: String) async throws -> String {
            let c = try await TestDatabase.create(migrated: false).connect()
            defer { Task { await c.close() } }
            return try await c.query("select encode(sha256(convert_to(\(text), 'UTF8')), 'hex')").scalar(String.self)
        }
        let squashed = """
            -- migrate:replaces 0001_a \(try await sha(old["0001_a.sql"]!))
            -- migrate:replaces 0002_b \(try await sha(old["0002_b.sql"]!))
            create table a (n int);
            create table b (n int);

            """
        let newFolders = try project(migrations: ["0001_a_and_b.sql": squashed, "0002_c.sql": "create table c (n int);\n"], code: [:])
        let lines = Log()

        let upgraded = try await TestDatabase.create(migrated: false).connect()
        try await runner(oldFolders.migrations, lines).up(upgraded)
        _ = logged(lines)
        try await runner(newFolders.migrations, lines).up(upgraded)
        #expect(logged(lines) == ["recorded 0001_a_and_b.sql as applied: the database applied every file it replaces",
                                  "applied 0002_c.sql"])
        #expect(try await upgraded.query("select string_agg(name, ',' order by version) from migrations.schema_migrations")
            .scalar(String.self) == "a_and_b,c")
        try await runner(newFolders.migrations, lines).verify(upgraded)

        let fresh = try await TestDatabase.create(migrated: false).connect()
        try await runner(newFolders.migrations, lines).up(fresh)
        #expect(logged(lines) == ["applied 0001_a_and_b.sql", "applied 0002_c.sql"])

        let half = try await TestDatabase.create(migrated: false).connect()
        try await MigrationRunner(migrations: [try Migration.load(from: oldFolders.migrations)[0]], log: { _ in }).up(half)
        #expect(await refused { try await runner(newFolders.migrations, lines).up(half) })
        for connection in [upgraded, fresh, half] { await connection.close() }
    }

    /// The layout before the code layer existed (the last commit with it) upgrades to the
    /// same schema and privileges as a fresh install of today's files.
    @Test func theEarlierLayoutUpgradesToTheSameSchemaAsAFreshInstall() async throws {
        let before = "0ce3d96"
        let listing = try await ChildProcess.run("/usr/bin/git", ["-C", Self.root.path, "ls-tree", "--name-only", before, "sql/migrations/"])
        try #require(listing.status == 0, "git ls-tree: \(listing.output)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earlier-\(UUID().uuidString)/migrations").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for path in listing.output.split(separator: "\n") {
            let file = try await ChildProcess.run("/usr/bin/git", ["-C", Self.root.path, "show", "\(before):\(path)"])
            try #require(file.status == 0)
            try file.output.write(toFile: folder + "/" + (path as NSString).lastPathComponent, atomically: true, encoding: .utf8)
        }
        #expect(CodeFile.directory(besideMigrations: folder).map { FileManager.default.fileExists(atPath: $0) } == false)

        let (upgraded, connection) = try await TestDatabase.createWithAdmin(migrated: false)
        try await MigrationRunner(directory: folder, log: { _ in }).up(connection)
        let current = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        try await current.up(connection)
        try await current.verify(connection)
        #expect(try await current.up(connection).isEmpty)
        let fresh = try await TestDatabase.create()
        #expect(try await Self.dump(upgraded.url) == Self.dump(fresh.url))
        let matrix = { (url: String) async throws -> String in
            let c = try await PostgresConnection.connect(url)
            defer { Task { await c.close() } }
            let sql = try String(contentsOfFile: Self.root.appendingPathComponent("sql/checks/privilege_matrix.sql").path, encoding: .utf8)
            try await c.query("set search_path = ''")
            return try await c.runScript(sql).map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
        }
        #expect(try await matrix(upgraded.url) == matrix(fresh.url))
        await connection.close()
    }

    /// The flat code layer (`sql/code/NN_name.sql`, the last commit with it) upgrades to the
    /// folders of areas: the ledger forgets every old name and applies every new file once,
    /// and the database ends with the schema and privileges of a fresh install.
    @Test func theFlatCodeLayoutUpgradesToTheFoldersOfAreas() async throws {
        let before = "dd99a69"
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("flat-\(UUID().uuidString)")
        for folder in ["migrations", "code"] {
            let listing = try await ChildProcess.run("/usr/bin/git", ["-C", Self.root.path, "ls-tree", "--name-only", before, "sql/\(folder)/"])
            try #require(listing.status == 0, "git ls-tree: \(listing.output)")
            let target = base.appendingPathComponent(folder).path
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            for path in listing.output.split(separator: "\n") {
                let file = try await ChildProcess.run("/usr/bin/git", ["-C", Self.root.path, "show", "\(before):\(path)"])
                try #require(file.status == 0)
                try file.output.write(toFile: target + "/" + (path as NSString).lastPathComponent, atomically: true, encoding: .utf8)
            }
        }
        let (upgraded, connection) = try await TestDatabase.createWithAdmin(migrated: false)
        try await MigrationRunner(directory: base.appendingPathComponent("migrations").path, log: { _ in }).up(connection)
        let lines = Log()
        let current = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { lines.append($0) })
        try await current.up(connection)
        let log = logged(lines)
        #expect(log.contains { $0.hasPrefix("forgot ") && $0.contains("14_sync_rpcs") })
        // Every code file applied once (the migrations added since that commit are applied too:
        // their names begin with their number).
        #expect(log.filter { $0.hasPrefix("applied ") && !($0.dropFirst(8).first?.isNumber ?? false) }.count
                == current.code.filter { !$0.isFinal }.count)
        #expect(log.contains("applied sync/pull.sql"))
        try await current.verify(connection)
        #expect(try await current.up(connection).isEmpty)
        #expect(try await connection.query("select count(*) from migrations.code_files where name ~ '^[0-9]'").scalar(Int.self) == 0)
        let fresh = try await TestDatabase.create()
        #expect(try await Self.dump(upgraded.url) == Self.dump(fresh.url))
        await connection.close()
    }

    static func dump(_ url: String) async throws -> String {
        let dump = try await ChildProcess.run("/bin/bash", [root.appendingPathComponent("scripts/schema.sh").path, "dump", url])
        try #require(dump.status == 0, "scripts/schema.sh dump: \(dump.output)")
        return dump.output
    }

    /// History holds DDL and data: no function, view, policy or trigger is created by a
    /// migration (code lives in sql/code), but auth.uid() where the platform has none: the
    /// stand-in for Supabase's, which the column defaults of the tables need from the start.
    /// And a migration stays short.
    @Test func migrationsAreShortAndHoldNoCode() throws {
        let code = /(?i)create\s+(or\s+replace\s+)?(function|procedure|view|policy|trigger)\s+([a-z_."]+)/
        for migration in try Migration.load(from: TestDatabase.migrationsDirectory) {
            let lines = migration.sql.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 150, "\(migration.fileName): \(lines) lines")
            for match in migration.sql.matches(of: code) where String(match.output.3) != "auth.uid" {
                Issue.record("\(migration.fileName) creates \(match.output.2) \(match.output.3): code goes to sql/code")
            }
        }
    }

    /// A code file is one concern a reader takes in at once: none passes 500 lines (split a
    /// file by what its parts do, as sync/missing_parent.sql left sync/push.sql).
    @Test func codeFilesStayUnderFiveHundredLines() throws {
        let root = TestDatabase.repositoryPath("sql/code")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".sql") }
        #expect(files.count > 30, "the scan found the code files: \(files.count)")
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 500, "sql/code/\(file): \(lines) lines")
        }
    }
}
