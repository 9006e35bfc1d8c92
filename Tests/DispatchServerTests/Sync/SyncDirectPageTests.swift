import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A full pull of a table with one visibility rule whose keys are held directly (watchlist
/// entries: the watchlists the caller holds) reads its rows in the page statement itself
/// (the direct page of private.sync_page_sql), not through the table's items function and a
/// probe by primary key per item. It must answer exactly what the general statement answers:
/// these tests pull the same data both ways, in one snapshot, page after page (rows of two
/// watchlists of the caller and none of another user's, tombstones, pages ended by the row
/// limit and by the byte budget, both encodings), and compare the answers and the cursors'
/// contents.
@Suite struct SyncDirectPageTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// The pulls compared: page size, byte budget (nil: the default) and encoding.
    static let pulls: [(limit: Int, budget: Int?, encoding: String)] = [
        (1000, nil, "objects"), (3, nil, "objects"), (4, 700, "objects"), (1000, 1, "objects"),
        (1000, nil, "compact"), (2, 500, "compact"),
    ]

    /// Every page of a full pull of watchlist entries by `user`, each with its cursor opened
    /// (its contents, not its seal), as one json text.
    func pullAll(_ user: UUID, limit: Int, budget: Int?, encoding: String) async throws -> String {
        if let budget { try await admin.query("select set_config('dispatch.sync_page_bytes', \(String(budget)), true)") }
        let pages = try await admin.query("""
            with recursive p (n, answer) as (
              select 1, public.sync_pull('watchlist_entries', null, \(limit), \(encoding))
              union all
              select p.n + 1, public.sync_pull('watchlist_entries', p.answer ->> 'cursor', \(limit), \(encoding))
                from p where (p.answer ->> 'has_more')::boolean and p.n < 100
            )
            select json_agg(json_build_object('has_more', p.answer -> 'has_more',
                                              'cursor', private.decode_sync_cursor('watchlist_entries', p.answer ->> 'cursor'),
                                              'columns', p.answer -> 'columns', 'records', p.answer -> 'records',
                                              'deleted', p.answer -> 'deleted') order by p.n)::text
              from p
            """).scalar(String.self)
        try await admin.query("select set_config('dispatch.sync_page_bytes', '', true)")
        return pages
    }

    /// Alice's entries: 2 + 3 + 4 + 5 in each of her two lists and 10 more in one, but two
    /// tombstones and one row deleted outright.
    static let recordsOfAlice = 2 * 14 + 10 - 3

    /// The records and deletions of a page.
    static func items(of page: JSONValue) -> Int {
        let records: Int = page["records"]?.arrayValue?.count ?? 0
        let deleted: Int = page["deleted"]?.arrayValue?.count ?? 0
        return records + deleted
    }

    @Test func theDirectPageAnswersWhatTheGeneralPageAnswers() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let birds = try await F.watchlist(admin, owner: alice, title: "Birds")
        let lake = try await F.watchlist(admin, owner: alice, title: "Lake")
        let bobs = try await F.watchlist(admin, owner: bob, title: "Bob's")
        // Several transactions, the two lists interleaved, Bob's list between them.
        var entries: [UUID] = []
        for round in 0..<4 {
            for list in [birds, lake, bobs] {
                entries += try await admin.query("""
                    insert into public.watchlist_entries (watchlist_id, nickname, notes)
                    select \(list), 'entry ' || g, repeat('seen near the lake ', g) from generate_series(1, \(round + 2)) g returning id
                    """).map { try $0.decode(0, as: UUID.self) }
            }
        }
        // Tombstones (they come as deletions), a row written again, and a row deleted outright.
        try await admin.query("update public.watchlist_entries set deleted_at = now() where id = any (\([entries[0], entries[6], entries[13]]))")
        try await admin.query("update public.watchlist_entries set nickname = 'again' where id = \(entries[1])")
        try await admin.query("delete from public.watchlist_entries where id = \(entries[2])")
        // Last, more rows of one list alone: the last pages read that list only, past its first page.
        try await admin.query("""
            insert into public.watchlist_entries (watchlist_id, nickname) select \(lake), 'late ' || g from generate_series(1, 10) g
            """)

        // Both statements in one transaction: one snapshot, and the same transaction of the
        // caller's own in every cursor (an id assigned first, before the statements change).
        try await admin.runScript("begin isolation level repeatable read")
        do {
            _ = try await admin.query("select pg_current_xact_id()")
            try await admin.query("select set_config('request.jwt.claims', \(Caller.user(alice).claims), true)")
            let source: PostgresQuery = "select prosrc from pg_proc where oid = 'private.sync_page_watchlist_entries'::regproc"
            #expect(!(try await admin.query(source).scalar(String.self)).contains("sync_items_watchlist_entries_full"),
                    "the full pull of watchlist entries reads its rows directly")
            var direct: [String] = []
            for pull in Self.pulls {
                direct.append(try await pullAll(alice, limit: pull.limit, budget: pull.budget, encoding: pull.encoding))
            }

            // The general statement in its place: no table has a direct rule.
            try await admin.runScript("""
                alter function private.sync_direct_rule(text) rename to sync_direct_rule_kept;
                create function private.sync_direct_rule(p_table text) returns private.visibility_rules
                  language sql stable as 'select null::private.visibility_rules';
                select private.generate_sync_pages();
                """)
            #expect((try await admin.query(source).scalar(String.self)).contains("sync_items_watchlist_entries_full"))
            for (pull, directPages) in zip(Self.pulls, direct) {
                let general = try await pullAll(alice, limit: pull.limit, budget: pull.budget, encoding: pull.encoding)
                #expect(directPages == general, "\(pull)")
                // What the pull must be: Alice's rows of both lists, each once, tombstones as
                // deletions, in pages of at most the limit.
                let pages = try JSONValue(parsing: general).arrayValue ?? []
                #expect(pages.allSatisfy { Self.items(of: $0) <= pull.limit })
                let deleted = pages.flatMap { $0["deleted"]?.arrayValue ?? [] }.compactMap { $0["id"]?.stringValue }
                #expect(Set(deleted) == Set([entries[0], entries[6]].map { $0.uuidString.lowercased() }), "\(pull)")
                let records = pages.flatMap { $0["records"]?.arrayValue ?? [] }
                #expect(records.count == Self.recordsOfAlice, "\(pull): \(records.count) records")
            }
            // The budget of 700 bytes ended pages before their limit of 4 (and the next went on).
            let cut = try JSONValue(parsing: direct[2]).arrayValue ?? []
            #expect(cut.contains { $0["has_more"]?.boolValue == true && Self.items(of: $0) < 4 })
        } catch {
            try await admin.runScript("rollback")
            throw error
        }
        try await admin.runScript("rollback")
    }

    /// Which tables have a direct page: one visibility rule, keys held directly (not tasks,
    /// read by four rules, nor notes, whose keys are derived from tasks and activities).
    @Test func onlyATableWithOneDirectRuleReadsItsRowsDirectly() async throws {
        let direct = try await admin.query("""
            select coalesce(array_agg(t order by t), '{}') from unnest(private.sync_tables()) t
             where (private.sync_direct_rule(t)).table_name is not null
            """).scalar([String].self)
        #expect(direct == ["journal_entries", "journal_entry_values", "journal_field_groups", "journal_fields", "journal_threads",
                           "notifications", "observed_bird_photos", "watchlist_entries", "watchlist_rules"])
    }
}
