import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A user's scope keys are hers to choose: a watchlist shared with her is an invitation until
/// she accepts it, and a pull reads only the kinds of keys its table's rules use. Each test
/// is an attack as a hostile user makes it. The tests that count buffers run on a cluster of
/// their own (`TestDatabase.onPrivateCluster`): what a pull from a cursor reads depends on
/// the transactions in flight in the whole cluster.
@Suite struct ShareInvitationTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// Ada's read paths as she calls them, each from a cursor taken just before (empty). The
    /// least over three cursors: a cursor names the transactions in progress in the whole
    /// cluster when it was taken, and a pull probes its rows for each of them.
    func emptyReads(_ ada: UUID, in database: TestDatabase, _ admin: PostgresConnection) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let sync = SyncService(connection: try await database.connect(), user: ada)
        for table in [SyncTable.tasks, .notes, .watchlists, .watchlistEntries, .journalEntries] {
            var least = Int.max
            for _ in 0..<3 {
                let cursor = try await sync.pullAll(table: table) { _ in }
                least = min(least, try await Buffers.of("select public.sync_pull('\(table.rawValue)', '\(cursor.rawValue)')",
                                                        as: .user(ada), in: database))
            }
            counts["pull of \(table.rawValue)"] = least
        }
        var least = Int.max
        for _ in 0..<3 {
            let poll = try await admin.transaction(as: ada) { conn in try conn.query("select public.sync_poll() ->> 'cursor'").scalar(String.self) }
            least = min(least, try await Buffers.of("select public.sync_poll('\(poll)')", as: .user(ada), in: database))
        }
        counts["poll"] = least
        counts["plain read of watchlists"] = try await Buffers.of("select count(*) from public.watchlists", as: .user(ada), in: database)
        return counts
    }

    func expectFlat(_ before: [String: Int], _ after: [String: Int], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (path, without) in before.sorted(by: { $0.key < $1.key }) {
            let with = after[path] ?? 0
            #expect(Double(with) <= Double(without) * 1.5 + 10, "\(path): \(with) buffers \(what), \(without) without", sourceLocation: sourceLocation)
        }
    }

    /// Bo shares 5,000 empty watchlists with Ada (in calls of 1,000, as the app shares one):
    /// her empty pulls (tasks and journals too) and her empty poll cost what they cost
    /// without them, and she sees none of the lists until she accepts one.
    @Test func sharesAimedAtAUserCostHerNothingUntilSheAcceptsThem() async throws {
        try await TestDatabase.onPrivateCluster { database in
            let admin = try await database.connect()
            let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo")
            let mine = try await F.watchlist(admin, owner: ada, title: "Mine")
            try await F.entry(admin, in: mine)
            _ = try await admin.query("insert into public.tasks (title, declared_by, claimed_by) values ('Mine', \(ada), \(ada))")
            // Bo's lists exist before (another user's rows cost nothing either: bench isolation):
            // what is counted is what his sharing them with her adds.
            try await admin.query("insert into public.watchlists (owner_id, title) select \(bo), 'Spam ' || g from generate_series(1, 5000) g")
            try await admin.runScript("vacuum analyze public.watchlists")
            let before = try await emptyReads(ada, in: database, admin)

            for batch in 0..<5 {
                try await admin.transaction(as: bo) { conn in
                    _ = try conn.query("""
                        insert into public.watchlist_shares (watchlist_id, user_id)
                        select w.id, \(ada) from public.watchlists w where w.owner_id = \(bo) order by w.id offset \(batch * 1000) limit 1000
                        """)
                }
            }
            try await admin.runScript("vacuum analyze public.watchlists, public.watchlist_shares")
            expectFlat(before, try await emptyReads(ada, in: database, admin), "beside 5,000 invitations")
            #expect(try await admin.transaction(as: ada) { conn in try conn.query("select count(*)::int from public.watchlists").scalar(Int.self) } == 1)

            // Her invitations, a page at a time, with each list's title and owner.
            let page = try JSONValue(parsing: try await admin.transaction(as: ada) { conn in
                try conn.query("select public.watchlist_invitations(20)::text").scalar(String.self)
            })
            #expect(page["invitations"]?.arrayValue?.count == 20 && page["next"]?.stringValue != nil)
            #expect(page["invitations"]?.arrayValue?.first?["title"]?.stringValue?.hasPrefix("Spam ") == true)
            #expect(page["invitations"]?.arrayValue?.first?["owner_name"] == "Bo")
            await admin.close()
        }
    }

    /// An accepted share is a key of hers: the list and its entries come with her next pull,
    /// and go when she declines (leaves) it; an invitation declined is gone. Accepting or
    /// declining a list nobody shared with her is NOT_FOUND, as for one that does not exist.
    @Test func anInvitationAcceptedIsAKeyAndDeclinedIsGone() async throws {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo")
        let list = try await F.watchlist(admin, owner: bo, title: "Spring")
        let entry = try await F.entry(admin, in: list)
        let other = try await F.watchlist(admin, owner: bo, title: "Unshared")
        try await admin.transaction(as: bo) { conn in
            _ = try conn.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(list), \(ada))")
        }
        let adas = SyncDevice(SyncService(connection: try await database.connect(), user: ada))
        #expect(try await adas.pull(.watchlists).isEmpty)
        #expect(try await adas.pull(.watchlistEntries).isEmpty)

        let call = { (sql: String) async throws in
            _ = try await admin.transaction(as: ada) { conn in try conn.query(PostgresQuery(sql: sql)) }
        }
        try await call("select public.accept_watchlist_share('\(list)')")
        #expect(try await adas.pull(.watchlists).records == [list])
        #expect(try await adas.pull(.watchlistEntries).records == [entry])
        try await call("select public.accept_watchlist_share('\(list)')")   // again: unchanged

        try await call("select public.decline_watchlist_share('\(list)')")
        #expect(try await adas.pull(.watchlists).deleted == [list: .revoked])
        #expect(try await adas.pull(.watchlistEntries).deleted == [entry: .revoked])

        for id in [other, UUID()] {
            for rpc in ["accept_watchlist_share", "decline_watchlist_share"] {
                let refused = await F.error(PostgresError.self) { try await call("select public.\(rpc)('\(id)')") }.flatMap(SQLAPIError.init)
                #expect(refused?.code == .notFound && refused?.message == "NOT_FOUND: no invitation to watchlist \(id.uuidString.lowercased())",
                        "\(rpc): \(String(describing: refused))")
            }
        }
    }

    /// Ada accepts 2,000 of Bo's lists: they are hers to pull, but a pull of a table whose
    /// rules use no watchlist key (tasks, notes, journal entries) never reads them.
    @Test func aPullReadsOnlyTheKindsOfKeysItsTableUses() async throws {
        try await TestDatabase.onPrivateCluster { database in
            let admin = try await database.connect()
            let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo")
            _ = try await admin.query("insert into public.tasks (title, declared_by, claimed_by) values ('Mine', \(ada), \(ada))")
            try await admin.query("insert into public.watchlists (owner_id, title) select \(bo), 'Shared ' || g from generate_series(1, 2000) g")
            try await admin.runScript("vacuum analyze public.watchlists")
            let before = try await emptyReads(ada, in: database, admin)
            try await admin.query("""
                insert into public.watchlist_shares (watchlist_id, user_id, accepted_at) select id, \(ada), now() from public.watchlists where owner_id = \(bo)
                """)
            try await admin.runScript("vacuum analyze public.watchlists, public.watchlist_shares")
            let after = try await emptyReads(ada, in: database, admin)
            expectFlat(before.filter { ["pull of tasks", "pull of notes", "pull of journal_entries"].contains($0.key) },
                       after, "beside 2,000 accepted shares")
            await admin.close()
        }
    }
}
