import Foundation
import Migrations
import Postgres
import TestSupport
import Testing

/// Supabase Realtime: on a Supabase-like database (whose publication supabase_realtime
/// belongs to the migrating role, as on Supabase) the migrations publish the tables the
/// apps subscribe to, with the replica identities the README documents; on plain
/// PostgreSQL they publish nothing.
@Suite("Supabase Realtime publication")
struct RealtimePublicationTests {
    /// The README's table: every published table and its replica identity (pg_class
    /// relreplident: d = default, the primary key; f = full, the whole old row).
    static let documented: [String: String] = [
        "properties": "d", "listings": "d", "tasks": "d", "activities": "d", "notes": "d", "subtasks": "d",
        "watchlists": "d", "watchlist_shares": "d", "watchlist_entries": "d", "watchlist_rules": "d",
        "observed_bird_photos": "d", "notifications": "f",
    ]

    /// Tables in the publication (schema-qualified).
    static func published(_ connection: PostgresConnection) async throws -> Set<String> {
        Set(try await connection.query("""
            select schemaname || '.' || tablename from pg_publication_tables where pubname = 'supabase_realtime'
            """).map { try $0.decode(0, as: String.self) })
    }

    /// The replica identity of every table in public that is not the default.
    static func identities(_ connection: PostgresConnection) async throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try await connection.query("""
            select relname::text, relreplident::text from pg_class
             where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
            """).map { (try $0.decode(0, as: String.self), try $0.decode(1, as: String.self)) })
    }

    static var expectedTables: Set<String> { Set(documented.keys.map { "public." + $0 }) }

    /// As before the publication existed: none, and every replica identity the default.
    static func unpublish(_ admin: PostgresConnection) async throws {
        try await admin.runScript("drop publication supabase_realtime; alter table public.notifications replica identity default")
    }

    /// A new, empty publication supabase_realtime, of the migrating role (as on Supabase).
    static func publish(_ admin: PostgresConnection, _ options: String = "") async throws {
        try await admin.runScript("""
            create publication supabase_realtime \(options);
            alter publication supabase_realtime owner to \(SupabaseLike.ownerRole);
            """)
    }

    @Test("Supabase-like: the documented tables with their replica identities, the rest untouched; re-runnable; a later publication")
    func supabaseLikePublishesTheAppTables() async throws {
        let (db, admin) = try await TestDatabase.createWithAdmin(flavor: .supabaseLike)
        let owner = try await db.connectAsOwner()
        #expect(try await Self.published(owner) == Self.expectedTables)
        let identities = try await Self.identities(owner)
        for (table, identity) in identities {
            #expect(identity == Self.documented[table, default: "d"], "\(table): \(identity)")
        }
        // The list in SQL is the one documented.
        let listed = try await owner.query("select table_name, replica_identity from private.realtime_tables()").map {
            (try $0.decode(0, as: String.self), try $0.decode(1, as: String.self))
        }
        #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0.0, $0.1 == "full" ? "f" : "d") }) == Self.documented)

        func enable() async throws -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: try await owner.query("select table_name, added from private.enable_supabase_realtime()").map {
                (try $0.decode(0, as: String.self), try $0.decode(1, as: Bool.self))
            })
        }
        // Re-running adds nothing.
        #expect(try await enable() == Self.documented.mapValues { _ in false })
        #expect(try await Self.published(owner) == Self.expectedTables)
        // users (emails) is taken out of a publication that still has it.
        try await owner.query("alter publication supabase_realtime add table public.users")
        _ = try await enable()
        #expect(try await Self.published(owner) == Self.expectedTables)

        // A publication created after the migrations: the owner fills it.
        try await Self.unpublish(admin)
        try await Self.publish(admin)
        #expect(try await Self.published(owner).isEmpty)
        #expect(try await enable() == Self.documented.mapValues { _ in true })
        #expect(try await Self.published(owner) == Self.expectedTables)
        #expect(try await Self.identities(owner)["notifications"] == "f")
        await owner.close()
        await admin.close()
        await db.drop()
    }

    @Test("refusals: no publication, one of another owner, one FOR ALL TABLES, an API role; each changes nothing")
    func refusals() async throws {
        let (db, admin) = try await TestDatabase.createWithAdmin(flavor: .supabaseLike)
        let owner = try await db.connectAsOwner()
        try await Self.unpublish(admin)
        func refusal(_ sql: String = "select * from private.enable_supabase_realtime()") async -> PostgresError? {
            do {
                try await owner.query(PostgresQuery(sql: sql, binds: []))
                return nil
            } catch {
                return error as? PostgresError
            }
        }
        func unchanged() async throws {
            #expect(try await Self.published(owner).isEmpty)
            #expect(try await Self.identities(owner)["notifications"] == "d")
        }

        let missing = await refusal()
        #expect(missing?.sqlState == .noDataFound && missing?.message.hasPrefix("NOT_FOUND:") == true, "\(String(describing: missing))")

        try await admin.runScript("create publication supabase_realtime")   // the superuser's
        let foreign = await refusal()
        #expect(foreign?.sqlState == .insufficientPrivilege && foreign?.message.hasPrefix("NOT_AUTHORIZED:") == true,
                "\(String(describing: foreign))")
        try await unchanged()

        try await admin.runScript("drop publication supabase_realtime")
        try await Self.publish(admin, "for all tables")
        let all = await refusal()
        #expect(all?.sqlState == .objectNotInPrerequisiteState && all?.message.hasPrefix("PUBLICATION_FOR_ALL_TABLES:") == true,
                "\(String(describing: all))")
        #expect(try await Self.identities(owner)["notifications"] == "d")

        try await admin.runScript("drop publication supabase_realtime")
        try await Self.publish(admin)
        for role in ["anon", "authenticated", "service_role"] {
            try await owner.query("begin")
            try await owner.query("select set_config('role', \(role), true)")
            let denied = await refusal()
            try await owner.query("rollback")
            #expect(denied?.sqlState == .insufficientPrivilege, "\(role): \(String(describing: denied))")
        }
        try await unchanged()
        await owner.close()
        await admin.close()
        await db.drop()
    }

    @Test("plain PostgreSQL with wal_level = logical: the migrations create the publication and publish the documented tables; a role that may not create one gets none")
    func logicalDecodingPublishesTheAppTables() async throws {
        try await PrivateCluster.with(migrated: false) { cluster in
            let admin = try await PostgresConnection.connect(cluster.url)
            try await admin.runScript("alter system set wal_level = logical")
            await admin.close()
            try await cluster.restart()
            let connection = try await PostgresConnection.connect(cluster.url)
            #expect(try await connection.query("select current_setting('wal_level')").scalar(String.self) == "logical")
            try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).up(connection)
            #expect(try await Self.published(connection) == Self.expectedTables)
            #expect(try await Self.identities(connection)["notifications"] == "f")

            // Where the migrating role may not create a publication (no CREATE on the
            // database), nothing is created and nothing fails.
            try await connection.runScript("""
                drop publication supabase_realtime;
                create role realtime_probe;
                grant usage on schema private to realtime_probe;
                grant execute on function private.ensure_realtime_publication() to realtime_probe;
                """)
            try await connection.query("begin")
            try await connection.query("set local role realtime_probe")
            #expect(try await connection.query("select private.ensure_realtime_publication()").scalar(Bool.self) == false)
            try await connection.query("commit")
            #expect(try await connection.query("select count(*)::int from pg_publication").scalar(Int.self) == 0)
            await connection.close()
        }
    }

    @Test("plain PostgreSQL: no publication, nothing published, every replica identity the default")
    func plainPublishesNothing() async throws {
        let (db, admin) = try await TestDatabase.createWithAdmin()
        #expect(try await admin.query("select count(*)::int from pg_publication").scalar(Int.self) == 0)
        #expect(try await admin.query("select count(*)::int from pg_publication_tables").scalar(Int.self) == 0)
        let identities = try await Self.identities(admin)
        #expect(identities.count > Self.documented.count)
        #expect(identities.filter { $0.value != "d" }.isEmpty, "\(identities.filter { $0.value != "d" })")
        await admin.close()
        await db.drop()
    }
}
