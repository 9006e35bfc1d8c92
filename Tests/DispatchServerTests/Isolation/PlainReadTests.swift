import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A plain read through a table's row-level security (as an app does through an API layer)
/// costs the reader's rows, whatever another user holds: the tables private to their owner
/// included (journals, notifications), where one owner holding nearly every row made the
/// planner take each owner for half the table.
@Suite struct PlainReadTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    @Test func anOwnersPlainReadsCostHerRowsBesideAnotherOwnersHundredThousand() async throws {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo")
        func load(_ owner: UUID, _ count: Int) async throws {
            let id = owner.uuidString.lowercased()
            try await admin.runScript("""
                set session_replication_role = replica;
                insert into public.journal_threads (owner_id, title) values ('\(id)', 'Diary');
                insert into public.journal_entries (thread_id, owner_id, content)
                select (select t.id from public.journal_threads t where t.owner_id = '\(id)'), '\(id)', 'day ' || g from generate_series(1, \(count)) g;
                insert into public.notifications (user_id, type, title) select '\(id)', 'other', 'n ' || g from generate_series(1, \(count)) g;
                reset session_replication_role;
                """)
            try await admin.runScript("vacuum analyze public.journal_threads, public.journal_entries, public.notifications")
        }
        let reads = ["journal_entries", "journal_threads", "notifications"]
        func costs() async throws -> [String: Int] {
            var costs: [String: Int] = [:]
            for table in reads {
                costs[table] = try await Buffers.of("select count(*) from (select * from public.\(table)) t", as: .user(ada), in: database)
            }
            return costs
        }
        try await load(ada, 10)
        let before = try await costs()
        try await load(bo, 100_000)
        let after = try await costs()
        for table in reads {
            let (without, with) = (before[table] ?? 0, after[table] ?? 0)
            #expect(Double(with) <= Double(without) * 1.5 + 10, "\(table): \(with) buffers beside Bo's 100,000 rows, \(without) without")
        }
        #expect(try await admin.transaction(as: ada) { conn in
            try conn.query("select count(*)::int from public.journal_entries").scalar(Int.self)
        } == 10)
    }
}
