import Foundation
import Migrations
import Postgres
import TestSupport
import Testing

/// The `migrate` executable where an operator meets it: a database still starting, a
/// database that will never answer, PostGIS found in `public`.
@Suite struct MigrateCommandTests {
    /// A migrations folder of one file, so the runs are quick.
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try "create table marker (id int primary key);\n".write(toFile: path + "/0001_marker.sql", atomically: true, encoding: .utf8)
        return path
    }

    func migrate(_ arguments: [String], url: String) async throws -> (status: Int32, output: String) {
        let executable = builtExecutable("migrate")
        try #require(FileManager.default.isExecutableFile(atPath: executable), "build migrate first (swift build)")
        return try await ChildProcess.run(executable, arguments + ["--database-url", url], environment: ["DATABASE_DIRECT_URL": ""])
    }

    @Test("PostGIS in public with API roles that may write spatial_ref_sys: refused, saying what it exposes and how to move it; --allow-postgis-in-public goes on")
    func postgisInPublic() async throws {
        let (database, admin) = try await TestDatabase.createWithAdmin(migrated: false)
        try await admin.runScript("""
            create extension postgis schema public;
            grant update, delete, truncate on public.spatial_ref_sys to anon;
            """)
        let dir = try folder()
        let refused = try await migrate(["up", "--dir", dir], url: database.url)
        #expect(refused.status == 1, "\(refused.output)")
        for words in ["schema public", "spatial_ref_sys", "anon (DELETE, TRUNCATE, UPDATE)", "create extension postgis schema extensions",
                      "--allow-postgis-in-public"] {
            #expect(refused.output.contains(words), "\(words): \(refused.output)")
        }
        #expect(try await admin.query("select to_regclass('public.marker') is null").scalar(Bool.self), "nothing applied")

        let allowed = try await migrate(["up", "--dir", dir, "--allow-postgis-in-public"], url: database.url)
        #expect(allowed.status == 0, "\(allowed.output)")
        #expect(allowed.output.contains("warning:"), "\(allowed.output)")
        #expect(try await admin.query("select to_regclass('public.marker') is not null").scalar(Bool.self))

        // Only read access left: a warning, no refusal.
        try await admin.runScript("revoke all on public.spatial_ref_sys from anon; drop table marker; drop schema migrations cascade")
        let warned = try await migrate(["up", "--dir", dir], url: database.url)
        #expect(warned.status == 0 && warned.output.contains("warning:") && !warned.output.contains("API roles may write"), "\(warned.output)")
        await admin.close()
        await database.drop()
    }

    @Test("a database that refuses connections is waited for, at most --wait; a wrong database name fails at once")
    func waitsBoundedForTheDatabase() async throws {
        let dir = try folder()
        let started = ContinuousClock.now
        let nobody = try await migrate(["up", "--dir", dir, "--wait", "1.5"], url: "postgresql:///dispatch?host=/nonexistent-dispatch&port=1")
        let waited = ContinuousClock.now - started
        #expect(nobody.status == 1)
        #expect(nobody.output.contains("waiting for the database") && nobody.output.contains("did not answer within"), "\(nobody.output)")
        #expect(waited >= .milliseconds(500) && waited < .seconds(30), "it waited, and no longer than bounded: \(waited)")

        let database = try await TestDatabase.create(migrated: false)
        let missing = try await migrate(["up", "--dir", dir], url: database.url.replacingOccurrences(of: database.name, with: "no_such_database_here"))
        #expect(missing.status == 1 && missing.output.contains("does not exist") && !missing.output.contains("waiting"), "\(missing.output)")
        await database.drop()
    }

    @Test("st_estimatedextent (definer, PUBLIC) is no longer executable by the API roles; retry horizons as attempts")
    func migrationsCloseWhatPostGISOpens() async throws {
        let (database, connection) = try await TestDatabase.createWithAdmin()
        let executable = try await connection.query("""
            select count(*)::int from pg_catalog.pg_proc p, unnest(array['public', 'anon', 'authenticated', 'service_role']) as r (role)
             where p.proname = 'st_estimatedextent'
               and (case when r.role = 'public' then exists (select from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                                                               where a.grantee = 0 and a.privilege_type = 'EXECUTE')
                         else has_function_privilege(r.role, p.oid, 'execute') end)
            """).scalar(Int.self)
        #expect(executable == 0)
        #expect(try await connection.query("select count(*)::int from pg_catalog.pg_proc where proname = 'st_estimatedextent'").scalar(Int.self) > 0)
        // Waits 1, 2, 4, 8, 16, 32, 60 …: 40 s takes 7 attempts (63 s of waiting after the 6th failure), an hour 66.
        let attempts = try await connection.query("""
            select outbox.retry_attempts(interval '0'), outbox.retry_attempts(interval '40 seconds'), outbox.retry_attempts(interval '1 hour'),
                   (select max_attempts from outbox.handlers where name = 'push')
            """).first.map { try [$0.decode(0, as: Int.self), $0.decode(1, as: Int.self), $0.decode(2, as: Int.self), $0.decode(3, as: Int.self)] }
        #expect(attempts == [1, 7, 66, 66])
        let bad = await #expect(throws: PostgresError.self) { try await connection.query("select outbox.retry_attempts(interval '8 days')") }
        #expect(bad?.message.hasPrefix("INVALID_INTERVAL") == true && bad?.sqlState == "22023")
        await connection.close()
        await database.drop()
    }
}
