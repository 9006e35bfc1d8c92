import Foundation
import Postgres
import TestSupport
import Testing

/// What `docker compose up` does to a fresh volume, on the tests' own server: the init
/// script (deploy/postgres/init.sql) as the superuser, then `migrate` as the non-superuser
/// owner, as the compose file runs them.
@Suite struct ComposeSetupTests {
    @Test("init.sql then migrate as dispatch_owner: applied without warnings, PostGIS in extensions, nothing of it for anon")
    func initThenMigrate() async throws {
        let (database, admin) = try await TestDatabase.createWithAdmin(migrated: false)
        try await admin.runScript(String(contentsOfFile: TestDatabase.repositoryPath("deploy/postgres/init.sql"), encoding: .utf8))
        let migrate = builtExecutable("migrate")
        try #require(FileManager.default.isExecutableFile(atPath: migrate), "build migrate first (swift build)")
        let run = try await ChildProcess.run(migrate, ["up", "--dir", TestDatabase.migrationsDirectory, "--wait", "5"], environment: [
            "DATABASE_URL": database.url(user: "dispatch_owner"), "DATABASE_DIRECT_URL": "",
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("warning"), "\(run.output)")
        let facts = try await admin.query("""
            select (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'postgis'),
                   (select r.rolname from pg_class c join pg_roles r on r.oid = c.relowner where c.oid = 'public.tasks'::regclass),
                   has_schema_privilege('anon', 'extensions', 'usage'),
                   (select count(*)::int from pg_proc p where p.proname = 'st_estimatedextent'
                       and has_function_privilege('authenticated', p.oid, 'execute')),
                   pg_has_role('dispatch_worker', 'service_role', 'member'),
                   (select rolsuper from pg_roles where rolname = 'dispatch_owner')
            """).first
        let row = try #require(facts)
        #expect(try row.decode(0, as: String.self) == "extensions")
        #expect(try row.decode(1, as: String.self) == "dispatch_owner", "the owner owns what the migrations create")
        #expect(try row.decode(2, as: Bool.self) == false, "anon cannot use schema extensions")
        #expect(try row.decode(3, as: Int.self) == 0, "st_estimatedextent is not executable by the API roles")
        #expect(try row.decode(4, as: Bool.self) && !(try row.decode(5, as: Bool.self)))
        await admin.close()
        await database.drop()

        // The compose file: the health check over TCP, migrate waiting, the data in a volume.
        let compose = try String(contentsOfFile: TestDatabase.repositoryPath("docker-compose.yml"), encoding: .utf8)
        for line in [#""pg_isready", "-h", "127.0.0.1""#, #""--wait""#, "pgdata:/var/lib/postgresql/data",
                     "init.sql:/docker-entrypoint-initdb.d/", "dispatch_owner:", "dispatch_worker:"] {
            #expect(compose.contains(line), "\(line)")
        }
    }
}
