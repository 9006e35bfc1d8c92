import Foundation
import Postgres
import TestSupport

/// A test database and PgBouncer in transaction mode in front of it, with the three URLs a
/// deployment has: the pooled one (declared `pgbouncer=true`), the same without the
/// declaration, and the direct one.
struct PooledDatabase {
    let db: TestDatabase
    let admin: PostgresConnection
    let bouncer: PgBouncer

    /// A database and its pooler for as long as `body` runs, removed afterwards whether it
    /// returns or throws. `poolSize` server connections: fewer than the clients the tests
    /// open, so that transactions of one client run on several server connections, shared
    /// with others.
    static func with<T>(
        migrated: Bool = true, poolSize: Int = 2, _ label: String = #fileID, _ body: (PooledDatabase) async throws -> T
    ) async throws -> T {
        let (db, admin) = try await TestDatabase.createWithAdmin(label, migrated: migrated)
        let bouncer: PgBouncer
        do {
            bouncer = try await PgBouncer.start(inFrontOf: admin, poolSize: poolSize)
        } catch {
            await admin.close()
            await db.drop()
            throw error
        }
        let f = PooledDatabase(db: db, admin: admin, bouncer: bouncer)
        do {
            let value = try await body(f)
            await f.close()
            return value
        } catch {
            await f.close()
            throw error
        }
    }

    var pooledURL: String { bouncer.url(database: db.name) }
    var directURL: String { db.url }

    func close() async {
        await bouncer.stop()
        await admin.close()
        await db.drop()
    }
}

/// Rows written as the superuser, so that fixtures never depend on the policies under test.
enum DeploymentData {
    @discardableResult
    static func user(_ connection: PostgresConnection, _ name: String) async throws -> UUID {
        let id = UUID()
        try await connection.query("insert into auth.users (id, email) values (\(id), \(name.lowercased() + "-\(id)@example.com"))")
        try await connection.query("insert into public.users (id, name) values (\(id), \(name))")
        return id
    }

    static func tasks(_ connection: PostgresConnection, declaredBy user: UUID, count: Int) async throws -> [UUID] {
        try await connection.query("""
            insert into public.tasks (title, declared_by) select 'Task ' || g, \(user) from generate_series(1, \(count)) g returning id
            """).map { try $0.decode(0, as: UUID.self) }
    }

    static func watchlist(_ connection: PostgresConnection, owner: UUID) async throws -> UUID {
        try await connection.query("insert into public.watchlists (owner_id, title) values (\(owner), 'Spring') returning id")
            .scalar(UUID.self)
    }
}

/// The ids of a sync page's records.
func ids(_ records: [JSONValue]) -> [UUID] {
    records.compactMap { $0["id"]?.stringValue.flatMap(UUID.init(uuidString:)) }
}
