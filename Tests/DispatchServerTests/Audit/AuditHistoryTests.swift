import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// History and what gets logged: keyset paging through long histories, entities without
/// history, and the split triggers that skip no-op updates.
@Suite struct AuditHistoryTests {
    let db: TestDatabase
    let admin: PostgresConnection
    let alice: UUID
    let bob: UUID

    init() async throws {
        (db, admin) = try await TestDatabase.createWithAdmin()
        let ids = try await CoreTestData.users(admin, ["Alice", "Bob"])
        alice = ids[0]
        bob = ids[1]
    }

    /// 119 updates after the INSERT = 120 entries, more than the apps' first page. Pages of
    /// 50: 50, 50, 20, the last without a cursor; together every entry once, newest first.
    /// Entries written between pages neither shift nor repeat the older ones. Then again with
    /// every entry at the same instant, where only the id orders them.
    @Test func oneHundredTwentyChangesPageAsFiftyFiftyTwentyWithNoGapsOrRepeats() async throws {
        let task = try await CoreTestData.task(admin, as: alice, title: "v0")
        try await admin.transaction(as: alice) { conn in
            for i in 1...119 { try conn.query("update tasks set title = \("v\(i)") where id = \(task)", prepared: true) }
        }
        let pool = db.pool(maxConnections: 1)
        let audit = AuditService(pool: pool, user: alice)
        let everything = try await admin.query(
            "select id from audit.tasks_log where record_pk = \(task) order by changed_at desc, id desc"
        ).map { try $0.decode("id", as: Int64.self) }
        #expect(everything.count == 120)

        let first = try await audit.history(entity: .task, id: task)
        #expect(first.entries.count == 50)
        #expect(first.entries.first?.newRow?["title"] == "v119")
        #expect(first.entries.first?.summary == "Title changed from “v118” to “v119”")
        // Someone edits while the user reads page 1: page 2 still starts right after it.
        try await admin.transaction(as: alice) { conn in
            for i in 120...124 { try conn.query("update tasks set title = \("v\(i)") where id = \(task)") }
        }
        let second = try await audit.history(entity: .task, id: task, before: first.nextCursor)
        let third = try await audit.history(entity: .task, id: task, before: second.nextCursor)
        #expect(second.entries.count == 50)
        #expect(third.entries.count == 20)
        #expect(third.nextCursor == nil)
        #expect(third.entries.last?.action == .insert)
        #expect((first.entries + second.entries + third.entries).map(\.id) == everything)

        // Ties on changed_at: the id decides, still no gaps or repeats.
        try await admin.query("update audit.tasks_log set changed_at = '2026-01-23 12:00:00+00' where record_pk = \(task)")
        let tied = try await admin.query("select id from audit.tasks_log where record_pk = \(task) order by id desc")
            .map { try $0.decode("id", as: Int64.self) }
        #expect(tied.count == 125)
        #expect(try await audit.fullHistory(entity: .task, id: task, pageSize: 50).map(\.id) == tied)
        #expect(try await audit.fullHistory(entity: .task, id: task, pageSize: 7).map(\.id) == tied)
        // A page size that divides the total exactly ends without an empty extra page.
        let exact = try await audit.history(entity: .task, id: task, limit: 125)
        #expect(exact.entries.count == 125 && exact.nextCursor == nil)
        await pool.close()
    }

    /// An entity with no history (created before auditing, or never
    /// existing) gives an empty page and no cursor.
    @Test func anEntityWithNoHistoryHasAnEmptyHistory() async throws {
        // A task written with triggers off, as rows from before the audit migration are.
        let old = UUID()
        try await admin.transaction { conn in
            try conn.query("set local session_replication_role = replica")
            try conn.query("insert into tasks (id, title, declared_by) values (\(old), 'legacy', \(alice))")
        }
        let audit = AuditService(connection: admin, user: alice)
        for id in [old, UUID()] {
            let page = try await audit.history(entity: .task, id: id)
            #expect(page.isEmpty)
            #expect(page.nextCursor == nil)
        }
        // Its first change starts the history.
        try await admin.transaction(as: alice) { conn in try conn.query("update tasks set title = 'legacy 2' where id = \(old)") }
        #expect(try await audit.history(entity: .task, id: old).entries.map(\.action) == [.update])
    }

    /// The split triggers: a no-op UPDATE (a sync push of an unchanged row) writes no audit
    /// row and does not bump row_version; a real one writes exactly one, with both snapshots.
    @Test func aNoOpUpdateWritesNoAuditRow() async throws {
        let listing = try await CoreTestData.listing(admin, as: alice, price: 500_000)
        let task = try await CoreTestData.task(admin, as: alice, title: "Same")
        try await admin.transaction(as: alice) { conn in
            try conn.query("update listings set price = price, status = status, address = address where id = \(listing)")
            try conn.query("update tasks set title = 'Same', completed = false, listing_id = null where id = \(task)")
        }
        #expect(try await CoreTestData.auditCount(admin, .listing, listing) == 1)
        #expect(try await CoreTestData.auditCount(admin, .task, task) == 1)
        #expect(try await CoreTestData.count(admin, "select row_version from listings where id = $1", [listing]) == 1)

        try await admin.transaction(as: alice) { conn in
            try conn.query("update listings set price = 525000, status = 'active' where id = \(listing)")
        }
        let history = try await AuditService(connection: admin, user: alice).history(entity: .listing, id: listing)
        #expect(history.entries.map(\.action) == [.update, .insert])
        let update = history.entries[0]
        #expect(update.changedFields == ["price", "status"])
        #expect(update.oldRow?["price"] == 500_000)
        #expect(update.newRow?["price"] == 525_000)
        #expect(update.newRow?["row_version"] == 2)
        #expect(update.summary == "Status and price changed")
    }

    /// Rows from `get_entity_history` decode the same by column and as JSON (the shape an
    /// HTTP API layer would hand the apps).
    @Test func entriesDecodeFromRowsAndFromJSON() async throws {
        let listing = try await CoreTestData.listing(admin, as: alice, price: 500_000)
        try await admin.transaction(as: alice) { conn in
            try conn.query("update listings set price = 525000 where id = \(listing)")
        }
        let fromRows = try await AuditService(connection: admin, user: alice).history(entity: .listing, id: listing).entries
        let fromJSON = try await admin.transaction(as: alice) { conn in
            try conn.query("""
                select coalesce(jsonb_agg(to_jsonb(h) order by h.changed_at desc, h.id desc), '[]')
                  from public.get_entity_history('listing', \(listing)) h
                """).scalar(JSONValue.self).decode([AuditEntry].self)
        }
        #expect(fromRows == fromJSON)
        #expect(fromRows.map(\.summary) == ["Price changed from $500,000 to $525,000", "Listing created"])
        #expect(fromRows[0].recordID == listing && fromRows[0].entityType == .listing && fromRows[0].changedBy == alice)
    }

    /// Bob sees nothing of Alice's task history, even of a task he can see and claim; once
    /// he declares his own, he sees its history.
    @Test func historyIsVisibleToTheOwnerOnly() async throws {
        let task = try await CoreTestData.task(admin, as: alice, title: "Open to all")
        let asBob = AuditService(connection: admin, user: bob)
        #expect(try await admin.transaction(as: bob) { try $0.query("select count(*)::int from tasks where id = \(task)").scalar(Int.self) } == 1)
        #expect(try await asBob.history(entity: .task, id: task).isEmpty)
        try await ClaimService(connection: admin, user: bob).claim(.task, id: task)
        #expect(try await asBob.history(entity: .task, id: task).isEmpty)
        let asAlice = try await AuditService(connection: admin, user: alice).history(entity: .task, id: task)
        #expect(asAlice.entries.map(\.summary) == ["Claimed by Bob", "Task created"])
        #expect(asAlice.entries[0].changedBy == bob)
        // Paging with a cursor from someone else's history is refused, not answered.
        let cursor = try #require(asAlice.entries.first.map(HistoryCursor.init(after:)))
        let error = try await #require(throws: SQLAPIError.self) {
            try await asBob.history(entity: .task, id: task, before: cursor)
        }
        #expect(error.code == .invalidCursor)
    }

    /// Reads run in one round trip as the user; afterwards (and after a failed one) the
    /// connection is back to its own role with no claims.
    @Test func readsLeaveTheConnectionAsItWas() async throws {
        let task = try await CoreTestData.task(admin, as: alice)
        let audit = AuditService(connection: admin, user: alice)
        func expectClean() async throws {
            #expect(try await admin.query("select current_user = session_user").scalar(Bool.self))
            #expect(try await admin.query("select auth.uid()").scalar(UUID?.self) == nil)
        }
        #expect(try await audit.history(entity: .task, id: task).entries.count == 1)
        try await expectClean()
        await #expect(throws: SQLAPIError.self) { try await audit.history(entity: .task, id: task, limit: 0) }
        try await expectClean()
        #expect(try await audit.recentlyDeleted().isEmpty)
        try await expectClean()
    }

    /// Beside Bob's 20,000 audited rows, a page of Alice's history reads her entries and
    /// nothing of his: the entity type's table, one descent of the (record_pk, changed_at, id)
    /// index, her entries' heap page and her profile, at most 10 buffers (7 here; a page from
    /// a cursor first reads its entry: at most 13, 10 here). Planned for each call's values,
    /// the first page's bound (changed_at below 'infinity', beyond the column's histogram)
    /// sent the planner to the end of the changed_at index for its true maximum, the newest
    /// entries, on every call: 15 and 20 buffers here, and 22 to 25 against 8 beside another
    /// user's 20,000 rows in the isolation suite.
    @Test func aHistorysFirstPageReadsNoOneElsesEntries() async throws {
        let property = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into public.properties (address) values ('1 Main St') returning id").scalar(UUID.self)
        }
        try await admin.transaction(as: alice) { conn in
            try conn.query("update public.properties set city = 'Springfield' where id = \(property)")
        }
        // In four statements of 5,000: each runs under the app role's statement timeout
        // (8 s), which one statement of 20,000 rows, every trigger included, came near on a
        // machine running the whole suite (about 2 s when quiet).
        try await admin.transaction(as: bob) { conn in
            for start in stride(from: 1, through: 20_000, by: 5_000) {
                try conn.query("insert into public.properties (address) select 'Lot ' || g from generate_series(\(start)::int, \(start + 4_999)::int) g")
            }
        }
        // Vacuumed and analysed here, not by autovacuum while the reads are counted: its
        // vacuum or analyze of a table the call reads makes the call plan it again, and that
        // planning's catalog reads would be counted as the call's (16 buffers once in CI).
        try await admin.runScript("vacuum analyze public.properties, audit.properties_log")
        let newest = try await admin.query(
            "select max(id) from audit.properties_log where record_pk = \(property)").scalar(Int.self)
        let history = "select count(*) from public.get_entity_history('property', '\(property.uuidString.lowercased())', 1, "
        let first = try await Buffers.of(history + "null)", as: .user(alice), in: db)
        let next = try await Buffers.of(history + "\(newest))", as: .user(alice), in: db)
        #expect(first <= 10 && next <= 13, "the first page: \(first) buffers, the next: \(next)")
    }

    /// The limit is validated by the server (1…500) and reported as a typed error.
    @Test func aBadLimitIsInvalidLimit() async throws {
        let audit = AuditService(connection: admin, user: alice)
        let task = try await CoreTestData.task(admin, as: alice)
        for limit in [0, 501] {
            let error = try await #require(throws: SQLAPIError.self) { try await audit.history(entity: .task, id: task, limit: limit) }
            #expect(error.code == .invalidLimit)
            #expect(error.sqlState == .invalidParameterValue)
        }
        let deleted = try await #require(throws: SQLAPIError.self) { try await audit.recentlyDeleted(limit: -1) }
        #expect(deleted.code == .invalidLimit)
    }
}
