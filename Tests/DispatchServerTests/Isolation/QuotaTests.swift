import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// What one user may put before every other user is bounded (private.quotas), each over-limit
/// answered with QUOTA_EXCEEDED naming the quota, and nothing changed. Each test is an
/// attack as a hostile user makes it.
@Suite struct QuotaTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    func refusal(_ body: () async throws -> Void) async -> SQLAPIError? {
        do {
            try await body()
            return nil
        } catch let error as SQLAPIError {
            return error
        } catch let error as PostgresError {
            return SQLAPIError(error)
        } catch {
            return nil
        }
    }

    func expectQuota(_ refused: SQLAPIError?, _ quota: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(refused?.code == .quotaExceeded && refused?.sqlState == "54000", "\(String(describing: refused))", sourceLocation: sourceLocation)
        #expect(refused?.detailJSON?["quota"]?.stringValue == quota, "\(String(describing: refused?.detail))", sourceLocation: sourceLocation)
    }

    func openTasks(_ user: UUID) async throws -> Int {
        try await admin.query("select count(*)::int from public.tasks where declared_by = \(user) and claimed_by is null").scalar(Int.self)
    }

    /// Bo makes 1,000 open tasks in one call (each in every user's next pull): refused whole.
    /// Within the hour he makes up to the quota, one at a time or together; a task he keeps
    /// for himself (claimed) is none; releasing one opens it again, and counts.
    @Test func oneUserOpensAtMostTheQuotaOfItemsAnHour() async throws {
        let bo = try await F.user(admin, "Bo")
        let limit = try await admin.query("select value from private.quotas where name = 'open_items_per_user'").scalar(Int.self)
        let insert = { (count: Int, claimed: Bool) in
            try await admin.transaction(as: bo) { conn in
                _ = try conn.query(PostgresQuery(sql: """
                    insert into public.tasks (title, declared_by, claimed_by) select 'Open ' || g, $1, $2 from generate_series(1, $3::int) g
                    """, binds: [bo, claimed ? bo : nil, count]))
            }
        }
        expectQuota(await refusal { try await insert(1000, false) }, "open_items_per_user")
        #expect(try await openTasks(bo) == 0)
        try await insert(limit - 1, false)
        try await insert(5, true)
        let held = try await admin.query("select id from public.tasks where claimed_by = \(bo) limit 1").scalar(UUID.self)
        try await admin.transaction(as: bo) { conn in _ = try conn.query("select public.release_work_item('task', \(held))") }
        #expect(try await openTasks(bo) == limit)
        let another = try await admin.query("select id from public.tasks where claimed_by = \(bo) limit 1").scalar(UUID.self)
        expectQuota(await refusal {
            try await admin.transaction(as: bo) { conn in _ = try conn.query("select public.release_work_item('task', \(another))") }
        }, "open_items_per_user")
        expectQuota(await refusal { try await insert(1, false) }, "open_items_per_user")
        #expect(try await openTasks(bo) == limit)
        // Another user's quota is his own; and the hour passes.
        let cy = try await F.user(admin, "Cy")
        try await admin.transaction(as: cy) { conn in _ = try conn.query("insert into public.activities (title, declared_by) values ('Open', \(cy))") }
        try await admin.query("update private.quota_usage set window_start = window_start - interval '61 minutes' where user_id = \(bo)")
        try await insert(1, false)
    }

    /// Bo's task of 10,000 U+0001 characters is 60 kB as JSON (6 bytes each), in every user's
    /// pull while open: refused (row_bytes); 10,000 characters of any script pass.
    @Test func aRowOthersSeeIsBoundedInBytesAsAPullDeliversIt() async throws {
        let bo = try await F.user(admin, "Bo")
        let write = { (description: String) in
            try await admin.transaction(as: bo) { conn in
                _ = try conn.query("insert into public.tasks (title, declared_by, description) values ('Open', \(bo), \(description))")
            }
        }
        expectQuota(await refusal { try await write(String(repeating: "\u{1}", count: 10_000)) }, "row_bytes")
        #expect(try await openTasks(bo) == 0)
        try await write(String(repeating: "🐦", count: 10_000))
        try await write(String(repeating: "é", count: 10_000))
        // An update is held to it too, through sync_push as through SQL.
        let id = try await admin.query("select id from public.tasks where declared_by = \(bo) limit 1").scalar(UUID.self)
        let pushed = await refusal {
            _ = try await SyncService(connection: try await database.connect(), user: bo).push(table: .tasks, record: [
                "id": .string(id.uuidString), "description": .string(String(repeating: "\u{1}", count: 9_000)),
            ], expectedVersion: 1)
        }
        expectQuota(pushed, "row_bytes")
        #expect(try await admin.query("select description like '🐦%' from public.tasks where id = \(id)").scalar(Bool.self))
    }

    /// sync_poll with 100,000 table names (it held a backend 8 s) is refused before it reads
    /// anything.
    @Test func aPollNamesAtMostTheQuotaOfTables() async throws {
        let bo = try await F.user(admin, "Bo")
        let names = Array(repeating: "tasks", count: 100_000)
        expectQuota(await refusal {
            try await admin.transaction(as: bo) { conn in _ = try conn.query("select public.sync_poll(null, \(names))") }
        }, "poll_tables")
        _ = try await admin.transaction(as: bo) { conn in try conn.query("select public.sync_poll(null, '{tasks,notes}')") }
    }
}
