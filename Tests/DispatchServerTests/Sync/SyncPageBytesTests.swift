import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A page of sync_pull ends at a byte budget (private.sync_pull_page_bytes(), 4 MB; a session may
/// lower it with `dispatch.sync_page_bytes`) as well as at its row limit: a page of big rows
/// would otherwise hold all of them in server memory at once. Notes of 10,000 emoji are
/// 40 KB of json each. The bytes are measured on the json the server sent, item by item.
@Suite struct SyncPageBytesTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    /// One page as the client receives it: ids in the order delivered, and the json bytes of
    /// each item (records then deletions).
    struct Page {
        var cursor: String
        var hasMore: Bool
        var records: [UUID]
        var deleted: [UUID]
        var bytes: [Int]
    }

    func pull(_ user: UUID, from cursor: String?, limit: Int = 1000, budget: Int? = nil) async throws -> Page {
        try await admin.transaction(as: user) { conn in
            if let budget { _ = try conn.query("select set_config('dispatch.sync_page_bytes', \(String(budget)), true)") }
            let row = try conn.query("""
                select p ->> 'cursor', (p ->> 'has_more')::boolean,
                       array(select (e ->> 'id')::uuid from json_array_elements(p -> 'records') e),
                       array(select (e ->> 'id')::uuid from json_array_elements(p -> 'deleted') e),
                       array(select octet_length(e::text) from json_array_elements(p -> 'records') e
                             union all select octet_length(e::text) from json_array_elements(p -> 'deleted') e)
                  from (select public.sync_pull('notes', \(cursor), \(limit)) as p) x
                """).first!
            return Page(cursor: try row.decode(0, as: String.self), hasMore: try row.decode(1, as: Bool.self),
                        records: try row.decode(2, as: [UUID].self), deleted: try row.decode(3, as: [UUID].self),
                        bytes: try row.decode(4, as: [Int].self))
        }
    }

    /// Every page until has_more is false.
    func pullAll(_ user: UUID, from cursor: String?, limit: Int = 1000, budget: Int? = nil) async throws -> [Page] {
        var pages: [Page] = []
        var next = cursor
        repeat {
            pages.append(try await pull(user, from: next, limit: limit, budget: budget))
            next = pages.last!.cursor
        } while pages.last!.hasMore && pages.count < 1000
        return pages
    }

    func task(of user: UUID) async throws -> UUID {
        try await admin.query("insert into public.tasks (title, declared_by, claimed_by) values ('Stage it', \(user), \(user)) returning id")
            .scalar(UUID.self)
    }

    /// `count` notes of 10,000 emoji (40 KB of json each) on `task`, in one transaction.
    @discardableResult
    func bigNotes(_ count: Int, on task: UUID, by user: UUID) async throws -> [UUID] {
        try await admin.query("""
            insert into public.notes (parent_type, parent_id, content, created_by)
            select 'task', \(task), repeat(chr(128512), 10000), \(user) from generate_series(1, \(count)) returning id
            """).map { try $0.decode(0, as: UUID.self) }
    }

    /// 120 notes of 40 KB: 4.8 MB, more than the 4 MB budget, in fewer rows than the limit.
    @Test func aPageEndsAtTheByteBudgetAndTheNextResumesRightAfterIt() async throws {
        let alice = try await F.user(admin, "Alice")
        let notes = try await bigNotes(120, on: try await task(of: alice), by: alice)
        let budget = try await admin.query("select private.sync_pull_page_bytes()").scalar(Int.self)
        #expect(budget == 4 * 1024 * 1024)

        let pages = try await pullAll(alice, from: nil)
        #expect(pages.count == 2, "cut once by bytes, not by the 1000-row limit")
        let delivered = pages.flatMap(\.records)
        #expect(delivered.count == Set(delivered).count, "no row twice")
        #expect(Set(delivered) == Set(notes), "no row lost")
        #expect(pages.allSatisfy { $0.deleted.isEmpty })
        for page in pages {
            // It ends at the first item that reaches the budget: everything before it is
            // below it, and only a page that ended there for want of bytes reaches it.
            #expect(page.bytes.dropLast().reduce(0, +) < budget)
            #expect((page.bytes.reduce(0, +) >= budget) == page.hasMore)
        }
        #expect(pages.last?.hasMore == false)
        let quiet = try await pull(alice, from: pages.last!.cursor)
        #expect(quiet.records.isEmpty && quiet.deleted.isEmpty && !quiet.hasMore)
    }

    @Test func aRowBiggerThanTheBudgetStillComesOnAPageOfItsOwn() async throws {
        let alice = try await F.user(admin, "Alice")
        let notes = try await bigNotes(5, on: try await task(of: alice), by: alice)
        let pages = try await pullAll(alice, from: nil, budget: 1000)
        #expect(pages.map(\.records.count) == [1, 1, 1, 1, 1])
        #expect(pages.map(\.hasMore) == [true, true, true, true, false])
        #expect(Set(pages.flatMap(\.records)) == Set(notes))
        let quiet = try await pull(alice, from: pages.last!.cursor, budget: 1000)
        #expect(quiet.records.isEmpty && quiet.deleted.isEmpty && !quiet.hasMore)
    }

    /// An incremental pull whose first page holds a note deleted and then re-created with its
    /// id, and ends at the byte budget: the note comes once, in its latest state, and the
    /// rows after the cut on the next page.
    @Test func aPageCutByBytesStillHoldsEachIdOnceInItsLatestState() async throws {
        let alice = try await F.user(admin, "Alice")
        let task = try await task(of: alice)
        let notes = try await bigNotes(3, on: task, by: alice)
        let cursor = try await pullAll(alice, from: nil).last!.cursor
        let (reborn, second, third) = (notes[0], notes[1], notes[2])
        try await admin.query("delete from public.notes where id = \(reborn)")
        try await admin.query("""
            insert into public.notes (id, parent_type, parent_id, content, created_by)
            values (\(reborn), 'task', \(task), repeat(chr(128512), 10000), \(alice))
            """)
        try await admin.query("update public.notes set content = repeat(chr(128513), 10000) where id = \(second)")
        try await admin.query("update public.notes set content = repeat(chr(128512), 9000) where id = \(third)")

        // The deletion (~100 bytes), the re-created note (40 KB), then the second note
        // (40 KB) reaches 60,000 bytes: the page ends there.
        let pages = try await pullAll(alice, from: cursor, budget: 60_000)
        #expect(pages.count == 2)
        #expect(pages.first?.records == [reborn, second])
        #expect(pages.first?.deleted == [])
        #expect(pages.last?.records == [third])
        let quiet = try await pull(alice, from: pages.last!.cursor)
        #expect(quiet.records.isEmpty && quiet.deleted.isEmpty && !quiet.hasMore)
    }

    /// The items past the cut are never built: 200 notes of 40 KB (8 MB of json) pulled with
    /// a budget of 100 KB build four (the page's three and one read ahead), not 200. Seen
    /// through the server's temporary files: what a statement holds beyond `work_mem` (4 MB)
    /// spills to disk, and `temp_file_limit` (1 MB) cancels a page that built (or sorted)
    /// every item. (With a `work_mem` smaller than a few items, the window that totals the
    /// bytes reads its whole input once it spills: keep it above that.)
    @Test func theItemsPastTheCutAreNeverBuilt() async throws {
        let alice = try await F.user(admin, "Alice")
        let notes = try await bigNotes(200, on: try await task(of: alice), by: alice)
        try await admin.query("set work_mem = '4MB'")
        try await admin.query("set temp_file_limit = '1MB'")  // this test's own connection and database
        let page = try await pull(alice, from: nil, budget: 100_000)
        #expect(page.records.count == 3 && Set(page.records).isSubset(of: notes) && page.hasMore, "\(page.records.count) records")
    }

    @Test func aBudgetThatIsNotANumberOfBytesIsACodedError() async throws {
        let alice = try await F.user(admin, "Alice")
        try await bigNotes(1, on: try await task(of: alice), by: alice)
        for bad in ["lots", "0", "-5", "99999999999"] {
            let error = await F.error(SQLAPIError.self) {
                do {
                    try await admin.transaction(as: alice) { conn in
                        _ = try conn.query("select set_config('dispatch.sync_page_bytes', \(bad), true)")
                        _ = try conn.query("select public.sync_pull('notes')")
                    }
                } catch let error as PostgresError { throw SQLAPIError(error) ?? error }
            }
            #expect(error?.code == .invalidArgument && error?.detailJSON?["argument"]?.stringValue == "dispatch.sync_page_bytes",
                    "\(bad): \(String(describing: error))")
        }
        // A higher value than the budget is capped, never raised.
        try await admin.transaction { conn in
            _ = try conn.query("select set_config('dispatch.sync_page_bytes', '100000000', true)")
            #expect(try conn.query("select private.sync_pull_page_bytes()").scalar(Int.self) == 4 * 1024 * 1024)
        }
    }

    typealias F = WatchlistFixtures
}
