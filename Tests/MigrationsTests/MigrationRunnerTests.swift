import Foundation
import Migrations
import Postgres
import Synchronization
import TestSupport
import Testing

/// The runner against real databases, with migration folders written by each test.
@Suite struct MigrationRunnerTests {
    /// A temporary migrations folder holding `files` (name → SQL).
    func folder(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("migrations-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, sql) in files {
            try sql.write(toFile: (path as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return path
    }

    let basic = [
        "0001_people.sql": "create table people (id int primary key, name text not null);\n",
        "0002_more.sql": "alter table people add column email text;\ninsert into people values (1, 'Ada', 'ada@example.com');\n",
    ]

    @Test func freshApplyThenIdempotentRerun() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let runner = try MigrationRunner(directory: try folder(basic), log: { _ in })
        let applied = try await runner.up(connection)
        #expect(applied.map(\.version) == [1, 2])
        #expect(try await connection.query("select email from people").scalar(String.self) == "ada@example.com")
        let ledger = try await connection.query("select version, name, length(checksum) as l, duration_ms >= 0 as d from migrations.schema_migrations order by version")
        #expect(try ledger.map { try $0.decode("name", as: String.self) } == ["people", "more"])
        #expect(try ledger.allSatisfy { try $0.decode("l", as: Int.self) == 64 && $0.decode("d", as: Bool.self) })

        let again = try await runner.up(connection)
        #expect(again.isEmpty)
        #expect(try await connection.query("select count(*) from people").scalar(Int.self) == 1)
        #expect(try await runner.status(connection).map(\.state) == [.applied, .applied])
    }

    @Test func dryRunChangesNothing() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let runner = try MigrationRunner(directory: try folder(basic), log: { _ in })
        let planned = try await runner.up(connection, dryRun: true)
        #expect(planned.count == 2)
        #expect(try await connection.query("select to_regclass('people') is null").scalar(Bool.self))
        #expect(try await runner.status(connection).map(\.state) == [.pending, .pending])
    }

    @Test func twoRunnersAtOnceApplyEachMigrationOnce() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let dir = try folder([
            "0001_slow.sql": "create table slow (n int); select pg_sleep(0.3); insert into slow values (1);\n",
            "0002_after.sql": "insert into slow values (2);\n",
        ])
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let connection = try await database.connect()
                    return try await MigrationRunner(directory: dir, log: { _ in }).up(connection).count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == [0, 2])
        let connection = try await database.connect()
        #expect(try await connection.query("select array_agg(n order by n) from slow").scalar([Int].self) == [1, 2])
    }

    @Test func verifyCatchesEditedAndMissingFiles() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let dir = try folder(basic)
        try await MigrationRunner(directory: dir, log: { _ in }).up(connection)
        try await MigrationRunner(directory: dir, log: { _ in }).verify(connection)

        try "alter table people add column phone text;\n".write(
            toFile: dir + "/0002_more.sql", atomically: true, encoding: .utf8)
        let edited = try MigrationRunner(directory: dir, log: { _ in })
        await #expect(throws: MigrationError.self) { try await edited.verify(connection) }
        #expect(try await edited.status(connection).map(\.state) == [.applied, .changed])
        // `up` refuses to run over an edited file too, and changes nothing.
        await #expect(throws: MigrationError.self) { try await edited.up(connection) }
        #expect(try await connection.query("select count(*) from information_schema.columns where column_name = 'phone'").scalar(Int.self) == 0)

        try FileManager.default.removeItem(atPath: dir + "/0002_more.sql")
        let missing = try MigrationRunner(directory: dir, log: { _ in })
        let error = try await #require(throws: MigrationError.self) { try await missing.verify(connection) }
        #expect("\(error)".contains("0002_more"))
    }

    @Test func failingMigrationRollsBackWholeAndReportsFileAndLine() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let dir = try folder([
            "0001_ok.sql": "create table ok (n int);\n",
            "0002_broken.sql": "create table half (n int);\ninsert into half values (1);\n\nselect no_such_column\n  from half;\n",
        ])
        let runner = try MigrationRunner(directory: dir, log: { _ in })
        let error = try await #require(throws: MigrationError.self) { try await runner.up(connection) }
        guard case .failed(let file, let line, let underlying) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(file.hasSuffix("0002_broken.sql"))
        #expect(line == 4)
        #expect((underlying as? PostgresError)?.sqlState == .undefinedColumn)
        #expect("\(error)".contains("0002_broken.sql:4"))
        // The earlier migration stays applied; the failing one left nothing behind.
        #expect(try await connection.query("select to_regclass('ok') is not null and to_regclass('half') is null").scalar(Bool.self))
        #expect(try await runner.status(connection).map(\.state) == [.applied, .pending])

        // Fix the file, run again: it continues from where it stopped.
        try "create table half (n int);\n".write(toFile: dir + "/0002_broken.sql", atomically: true, encoding: .utf8)
        let fixed = try await MigrationRunner(directory: dir, log: { _ in }).up(connection)
        #expect(fixed.map(\.version) == [2])
    }

    @Test func noTransactionFilesRunStatementByStatement() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let dir = try folder([
            "0001_table.sql": "create table t (n int, s text);\n",
            "0002_index.sql": """
                -- migrate:no-transaction
                create index concurrently t_n_idx on t (n);
                -- a semicolon inside a string or a dollar quote is not a statement end
                insert into t values (1, 'a;b');
                do $$ begin perform 1; end $$;
                """,
        ])
        try await MigrationRunner(directory: dir, log: { _ in }).up(connection)
        #expect(try await connection.query("select to_regclass('t_n_idx') is not null").scalar(Bool.self))
        #expect(try await connection.query("select s from t").scalar(String.self) == "a;b")
    }

    @Test func badFileNamesAreRejected() throws {
        let dir = try folder(["1_bad.sql": "select 1;"])
        #expect(throws: MigrationError.self) { try Migration.load(from: dir) }
        let duplicate = try folder(["0001_a.sql": "select 1;", "0001_b.sql": "select 2;"])
        #expect(throws: MigrationError.self) { try Migration.load(from: duplicate) }
    }

    @Test func theProjectMigrationsApplyAndVerify() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        try await runner.up(connection)
        try await runner.verify(connection)
        #expect(try await runner.up(connection).isEmpty)
    }

    /// A warning from the server (here a grant that grants nothing) is logged with the
    /// file's name, not lost.
    @Test func warningsAreLoggedWithTheFile() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let lines = Mutex<[String]>([])
        let dir = try folder(["0001_warns.sql": "do $$ begin raise warning 'mind the gap'; end $$;\ncreate table quiet (n int);\n"])
        try await MigrationRunner(directory: dir, log: { line in lines.withLock { $0.append(line) } }).up(connection)
        #expect(lines.withLock { $0 }.contains("warning: 0001_warns.sql: mind the gap"))
    }

    /// The ledger is the migrating role's alone: whatever default privileges the database
    /// has, no other role may read or change which migrations ran.
    @Test func theLedgerBelongsToItsOwnerOnly() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        try await connection.runScript("""
            do $$ begin create role dispatch_test_reader nologin; exception when duplicate_object then null; end $$;
            alter default privileges grant all on tables to public, dispatch_test_reader;
            alter default privileges grant all on schemas to public, dispatch_test_reader;
            """)
        try await MigrationRunner(directory: try folder(basic), log: { _ in }).up(connection)
        let grants = try await connection.query("""
            select count(*)::int from pg_namespace n, aclexplode(n.nspacl) a where n.nspname = 'migrations' and a.grantee <> n.nspowner
            """).scalar(Int.self)
            + (try await connection.query("""
            select count(*)::int from pg_class c, aclexplode(c.relacl) a
             where c.oid = 'migrations.schema_migrations'::regclass and a.grantee <> c.relowner
            """).scalar(Int.self))
        #expect(grants == 0)
        #expect(try await connection.query("select to_regclass('public.schema_migrations') is null").scalar(Bool.self))
    }

    /// On a database set up as Supabase sets one up (auth owned by another role, PostGIS in
    /// schema extensions, default privileges granting the API roles everything), the
    /// migrations apply as a role that is no superuser, without a warning, and a second
    /// run finds nothing to do.
    @Test func theMigrationsApplyTwiceOnASupabaseLikeDatabaseAsANonSuperuser() async throws {
        let database = try await TestDatabase.create(migrated: false, flavor: .supabaseLike)
        let owner = try await database.connectAsOwner()
        #expect(try await owner.query("select rolsuper from pg_roles where rolname = current_user").scalar(Bool.self) == false)
        #expect(try await owner.query("select has_schema_privilege('auth', 'CREATE')").scalar(Bool.self) == false)
        let log = try await SupabaseLike.migrate(database)
        #expect(log.last == "up to date")
        #expect(!log.contains { $0.hasPrefix("warning:") })
        try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).verify(owner)
        // Supabase's own objects were used, not replaced: auth.users and auth.uid() belong
        // to its auth role, PostGIS stayed in extensions.
        #expect(try await owner.query("""
            select pg_get_userbyid(c.relowner) = \(SupabaseLike.authOwnerRole)
                   and pg_get_userbyid(p.proowner) = \(SupabaseLike.authOwnerRole)
              from pg_class c, pg_proc p
             where c.oid = 'auth.users'::regclass and p.oid = 'auth.uid()'::regprocedure
            """).scalar(Bool.self))
        await owner.close()
    }

    /// An older install has PostGIS in schema public: the migrations use it from there.
    @Test func postgisInstalledInPublicIsUsedWhereItIs() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        try await connection.runScript("create extension postgis")
        try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).up(connection)
        #expect(try await connection.query("select count(*)::int from pg_namespace where nspname = 'extensions'").scalar(Int.self) == 0)
        #expect(try await connection.query("""
            select proconfig::text from pg_proc where oid = 'public.hotspots_near(float8, float8, float8)'::regprocedure
            """).scalar(String.self) == #"{"search_path=pg_catalog, public, pg_temp"}"#)
        try await connection.runScript("insert into public.hotspot (name, lat, lon) values ('Pier', 45.5, -122.6)")
        let user = try await TestUsers.create(connection, ["Alice"])[0]
        let found = try await connection.transaction { conn in
            try conn.query("select set_config('request.jwt.claims', \(#"{"sub":"\#(user.uuidString.lowercased())"}"#), true), set_config('role', 'authenticated', true)")
            return try conn.query("select name from public.hotspots_near(45.5, -122.6, 1)").scalar(String.self)
        }
        #expect(found == "Pier")
        await connection.close()
    }

    /// Roles belong to the whole cluster, migrations to one database: on a brand-new
    /// cluster two databases migrated at once race to create `anon` and friends.
    @Test func twoDatabasesOfANewClusterMigrateAtOnce() async throws {
        try await PrivateCluster.with(database: "first", migrated: false) { cluster in
            let admin = try await PostgresConnection.connect(cluster.url(database: "postgres"))
            try await admin.runScript("create database second")
            await admin.close()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for name in ["first", "second"] {
                    group.addTask {
                        let connection = try await PostgresConnection.connect(cluster.url(database: name))
                        try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).up(connection)
                        await connection.close()
                    }
                }
                try await group.waitForAll()
            }
            let check = try await PostgresConnection.connect(cluster.url(database: "second"))
            #expect(try await check.query("select count(*) from pg_roles where rolname in ('anon', 'authenticated', 'service_role')").scalar(Int.self) == 3)
            await check.close()
        }
    }
}
