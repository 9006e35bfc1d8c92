import DispatchServer
import Foundation
import Postgres
import TestSupport

/// Users and rows for the core suites (claims, audit, row-level security). Everything is
/// created through the same paths the apps use: users as the superuser (as sign-up would),
/// domain rows as their owner with `transaction(as:)`, so the audit trail records them.
enum CoreTestData {
    /// Creates one app user per name (admins named in `admins`) and returns their ids.
    static func users(
        _ connection: PostgresConnection, _ names: [String], admins: Set<String> = []
    ) async throws -> [UUID] {
        try await TestUsers.create(connection, names, admins: admins)
    }

    static func property(_ connection: PostgresConnection, as user: UUID, address: String = "1 Main St") async throws -> UUID {
        try await connection.transaction(as: user) { conn in
            try conn.query("insert into public.properties (address, city) values (\(address), 'Springfield') returning id")
                .scalar(UUID.self)
        }
    }

    static func listing(
        _ connection: PostgresConnection, as user: UUID, property: UUID? = nil, price: Decimal? = 500_000,
        mls: String? = nil
    ) async throws -> UUID {
        try await connection.transaction(as: user) { conn in
            try conn.query("""
                insert into public.listings (property_id, address, price, mls_number)
                values (\(property), '1 Main St', \(price), \(mls)) returning id
                """).scalar(UUID.self)
        }
    }

    static func task(
        _ connection: PostgresConnection, as user: UUID, title: String = "Call the seller", listing: UUID? = nil,
        completed: Bool = false
    ) async throws -> UUID {
        try await connection.transaction(as: user) { conn in
            try conn.query("""
                insert into public.tasks (title, listing_id, completed) values (\(title), \(listing), \(completed)) returning id
                """).scalar(UUID.self)
        }
    }

    /// Deletes a row of an audited table as `user`; returns the rows deleted (RLS decides).
    @discardableResult
    static func delete(_ connection: PostgresConnection, _ entity: AuditableEntity, _ id: UUID, as user: UUID) async throws -> Int {
        let table = entity.tableName
        return try await connection.transaction(as: user) { conn in
            try conn.query(PostgresQuery(sql: "delete from public.\(table) where id = $1", binds: [id])).affectedRows
        }
    }

    /// Counts as the superuser (no row-level security): what is really there.
    static func count(_ connection: PostgresConnection, _ sql: String, _ binds: [any PostgresEncodable]) async throws -> Int {
        try await connection.query(PostgresQuery(sql: sql, binds: binds)).scalar(Int.self)
    }

    /// Audit entries of one record with one action, as the superuser.
    static func auditCount(
        _ connection: PostgresConnection, _ entity: AuditableEntity, _ id: UUID, action: AuditAction? = nil
    ) async throws -> Int {
        let sql = "select count(*)::int from audit.\(entity.logTableName) where record_pk = $1"
            + (action == nil ? "" : " and action = $2")
        return try await count(connection, sql, action.map { [id, $0.rawValue] } ?? [id])
    }

    /// Waits until `count` backends of this database wait on a lock (while running `matching`)
    /// and returns their pids.
    static func lockWaiters(
        _ connection: PostgresConnection, count: Int, matching pattern: String, timeout: Duration = .seconds(20)
    ) async throws -> [Int32] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let pids = try await connection.query("""
                select pid from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and query like \(pattern)
                """).map { try $0.decode("pid", as: Int32.self) }
            if pids.count >= count { return pids }
            guard ContinuousClock.now < deadline else {
                throw PostgresError(.client, "only \(pids.count) of \(count) backends reached the lock in time")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
