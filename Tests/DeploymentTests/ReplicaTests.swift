import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A private primary and its streaming hot standby (`pg_basebackup -R`), both started by the
/// test: the read RPCs on the standby, and sync cursors carried between the two servers,
/// with the standby up to date and lagging (`pg_wal_replay_pause()`).
@Suite("Read replicas")
struct ReplicaTests {
    /// A primary with a standby and a superuser connection to the primary, removed when
    /// `body` ends.
    func withStandby(_ body: (PrivateCluster, PrivateCluster, PostgresConnection) async throws -> Void) async throws {
        try await PrivateCluster.withStandby { primary, standby in
            let admin = try await PostgresConnection.connect(primary.url)
            defer { Task { await admin.close() } }
            try await body(primary, standby, admin)
        }
    }

    /// Alice, her watchlist, and her sync service on each server.
    func aliceSyncing(
        _ primary: PrivateCluster, _ standby: PrivateCluster, _ admin: PostgresConnection
    ) async throws -> (list: UUID, onPrimary: SyncService, onStandby: SyncService) {
        let alice = try await DeploymentData.user(admin, "Alice")
        return (try await DeploymentData.watchlist(admin, owner: alice),
                SyncService(connection: try await PostgresConnection.connect(primary.url), user: alice),
                SyncService(connection: try await PostgresConnection.connect(standby.url), user: alice))
    }

    @Test("every read RPC answers on a hot standby, the same as on the primary")
    func readRPCsOnTheStandby() async throws {
        try await withStandby { primary, standby, admin in
            let scenario = try await ServiceScenario.seed(admin)
            try await standby.waitForReplay(of: primary)
            let onPrimary = ConnectionRoles(primary: primary.url)
            let withReplica = ConnectionRoles(primary: primary.url, replicas: [standby.url])
            // The read side is the standby, and it writes nothing.
            #expect(try await withReplica.reads().query("select pg_is_in_recovery()").scalar(Bool.self))
            let refused = await #expect(throws: PostgresError.self) {
                try await withReplica.reads().query("insert into public.hotspot (name, lat, lon) values ('x', 0, 0)")
            }
            #expect(refused?.sqlState == "25006", "read-only transaction")

            let expected = try await scenario.reads(onPrimary)
            #expect(ServiceScenario.empty(expected).isEmpty, "a comparison of empty answers proves nothing")
            #expect(try await scenario.reads(withReplica) == expected)
            await onPrimary.close()
            await withReplica.close()
        }
    }

    @Test("sync cursors cross primary and standby, lagging or not: duplicates possible, never a miss")
    func cursorsCrossServers() async throws {
        try await withStandby { primary, standby, admin in
            let (list, onPrimary, onStandby) = try await aliceSyncing(primary, standby, admin)
            func entry(_ name: String) async throws -> UUID {
                try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), \(name)) returning id")
                    .scalar(UUID.self)
            }
            for name in ["one", "two", "three"] { _ = try await entry(name) }
            try await standby.waitForReplay(of: primary)
            var device = Device()
            // A full sync from the standby, then a change on the primary and one that stays
            // uncommitted across the next pull (a transaction that commits late).
            try await device.pull(onStandby, limit: 2)
            #expect(device.rows.count == 3)
            let four = try await entry("four")
            let lateWriter = try await PostgresConnection.connect(primary.url)
            let late = UUID()
            try await lateWriter.query("begin")
            try await lateWriter.query("insert into public.watchlist_entries (id, watchlist_id, nickname) values (\(late), \(list), 'late')")
            try await standby.waitForReplay(of: primary)
            // The standby's cursor on the primary.
            #expect(try await device.pull(onPrimary).contains(four))
            #expect(device.rows[late] == nil, "not committed yet")
            try await lateWriter.query("commit")
            await lateWriter.close()
            try await standby.waitForReplay(of: primary)
            // The primary's cursor on the standby: the late commit comes.
            let afterCommit = try await device.pull(onStandby)
            #expect(afterCommit.contains(late))

            // The lag: the standby stops replaying; Alice pushes a new entry and an edit to the
            // primary, and another device deletes an entry there.
            try await standby.pauseReplay()
            let pushed = UUID()
            #expect(try await !onPrimary.push(
                table: .watchlistEntries,
                record: ["id": .string(pushed.uuidString), "watchlist_id": .string(list.uuidString), "nickname": "pushed"],
                expectedVersion: nil).isConflict)
            var edited = try #require(device.rows[four]?.objectValue)
            edited["nickname"] = "four, edited"
            #expect(try await !onPrimary.push(table: .watchlistEntries, record: .object(edited), expectedVersion: 1).isConflict)
            let deleted = try #require(device.rows.keys.first { $0 != four && $0 != late })
            try await admin.query("delete from public.watchlist_entries where id = \(deleted)")

            // The lagging standby does not have them yet, and says nothing of them.
            let lagging = try await device.pull(onStandby)
            #expect(!lagging.contains(pushed) && !lagging.contains(four) && !lagging.contains(deleted))
            // Its cursor on the primary: everything arrives.
            let caughtUp = try await device.pull(onPrimary)
            #expect(Set([pushed, four, deleted]).isSubset(of: caughtUp))
            // The primary's cursor back on the still-lagging standby: no loss, no going back.
            _ = try await device.pull(onStandby)
            #expect(device.rows[pushed] != nil && device.rows[deleted] == nil)
            // Replay resumes: the standby's next pull repeats what the primary already gave.
            try await standby.resumeReplay()
            try await standby.waitForReplay(of: primary)
            _ = try await device.pull(onStandby)
            _ = try await device.pull(onPrimary)

            // The device ends with exactly the primary's rows, each in its latest version.
            let truth = try await admin.query("select id, row_version, nickname from public.watchlist_entries")
            #expect(device.rows.count == truth.count)
            for row in truth {
                let id = try row.decode(0, as: UUID.self)
                #expect(device.rows[id]?["row_version"]?.intValue == (try row.decode(1, as: Int.self)))
                #expect(device.rows[id]?["nickname"]?.stringValue == (try row.decode(2, as: String.self)))
            }
            #expect(device.rows[four]?["nickname"] == "four, edited")
        }
    }

    @Test("a cursor taken on a standby while a transaction runs on the primary: that transaction comes once it commits")
    func standbyCursorAndATransactionInProgress() async throws {
        try await withStandby { primary, standby, admin in
            let (list, onPrimary, onStandby) = try await aliceSyncing(primary, standby, admin)
            var device = Device()
            // A transaction that began first and commits last, with a later one committed in between.
            let lateWriter = try await PostgresConnection.connect(primary.url)
            let late = UUID()
            try await lateWriter.query("begin")
            try await lateWriter.query("insert into public.watchlist_entries (id, watchlist_id, nickname) values (\(late), \(list), 'late')")
            let early = try await admin.query(
                "insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'early') returning id").scalar(UUID.self)
            try await standby.waitForReplay(of: primary)
            let first = try await device.pull(onStandby)
            #expect(first == [early])
            try await lateWriter.query("commit")
            await lateWriter.close()
            try await standby.waitForReplay(of: primary)
            let next = try await device.pull(onStandby).union(try await device.pull(onPrimary))
            #expect(next.contains(late), "the late commit, after a cursor taken on the standby")
        }
    }

    @Test("sync_poll on a standby: its marks name what the primary wrote, a share racing with a write is followed by that write (whichever took its id first), and a change of holdings is watched until a later write of the primary reaches the standby")
    func pollsOnTheStandby() async throws {
        try await withStandby { primary, standby, admin in
            let alice = try await DeploymentData.user(admin, "Alice"), bob = try await DeploymentData.user(admin, "Bob")
            let list = try await DeploymentData.watchlist(admin, owner: alice)
            let onStandby = SyncService(connection: try await PostgresConnection.connect(standby.url), user: bob)
            /// A write on the primary, replayed: the marks it leaves tell a standby how far
            /// the primary had gone.
            func heartbeat() async throws {
                _ = try await DeploymentData.tasks(admin, declaredBy: alice, count: 1)
                try await standby.waitForReplay(of: primary)
            }

            // Without a cursor the poll watches (a change of holdings just before it may have
            // writes racing with it); a standby learns when they ended only from the primary's
            // later writes.
            try await standby.waitForReplay(of: primary)
            var poll = try await onStandby.poll()
            poll = try await onStandby.poll(since: poll.cursor)
            #expect(try await PollCursor.watches(poll.cursor.rawValue, on: admin), "nothing written on the primary since")
            for _ in 0..<2 {
                try await heartbeat()
                poll = try await onStandby.poll(since: poll.cursor)
            }
            #expect(!(try await PollCursor.watches(poll.cursor.rawValue, on: admin)))

            // The marks alone: Bob holds none of Alice's keys yet.
            _ = try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'wren')")
            try await standby.waitForReplay(of: primary)
            poll = try await onStandby.poll(since: poll.cursor)
            #expect(poll.tables.isEmpty, "\(poll.tables)")

            // Alice's entry is written (Alice alone holds the list) before the share (accepted at
            // once) commits, and commits after it.
            let writer = try await PostgresConnection.connect(primary.url)
            try await writer.query("begin")
            try await writer.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'robin')")
            try await admin.query("insert into public.watchlist_shares (watchlist_id, user_id, role, accepted_at) values (\(list), \(bob), 'read', now())")
            try await standby.waitForReplay(of: primary)
            poll = try await onStandby.poll(since: poll.cursor)
            #expect(Set(poll.tables) == [.watchlists, .watchlistEntries], "\(poll.tables)")
            let pulled = try await onStandby.pull(table: .watchlistEntries)
            try await writer.query("commit")
            await writer.close()
            try await standby.waitForReplay(of: primary)
            poll = try await onStandby.poll(since: poll.cursor)
            #expect(poll.tables.contains(.watchlistEntries), "\(poll.tables)")
            let robin = try await onStandby.pull(table: .watchlistEntries, cursor: pulled.cursor)
            #expect(robin.records.map { $0["nickname"]?.stringValue } == ["robin"])

            // Another list: the share takes its id first, Alice's entry a later one and works
            // out its marks (Alice alone) before the share commits, and runs on. Writes of the
            // primary replayed after the share do not end the watch while the entry runs.
            let other = try await DeploymentData.watchlist(admin, owner: alice)
            try await standby.waitForReplay(of: primary)
            poll = try await onStandby.poll(since: poll.cursor)
            let sharer = try await PostgresConnection.connect(primary.url)
            try await sharer.query("begin")
            _ = try await sharer.query("select pg_current_xact_id()")
            let late = try await PostgresConnection.connect(primary.url)
            try await late.query("begin")
            try await late.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(other), 'wren')")
            try await sharer.query("insert into public.watchlist_shares (watchlist_id, user_id, role, accepted_at) values (\(other), \(bob), 'read', now())")
            try await sharer.query("commit")
            await sharer.close()
            try await standby.waitForReplay(of: primary)
            poll = try await onStandby.poll(since: poll.cursor)
            #expect(poll.tables.contains(.watchlists), "\(poll.tables)")
            for _ in 0..<2 {
                try await heartbeat()
                poll = try await onStandby.poll(since: poll.cursor)
            }
            #expect(try await PollCursor.watches(poll.cursor.rawValue, on: admin), "the entry still runs")
            try await late.query("commit")
            await late.close()
            try await standby.waitForReplay(of: primary)
            poll = try await onStandby.poll(since: poll.cursor)
            #expect(poll.tables.contains(.watchlistEntries), "\(poll.tables)")
        }
    }

    /// What the server is (the control file, the catalog) costs a standby's poll more than the
    /// rest of it: a session looks it up once, like a primary's, and only the timeline, which
    /// a promotion may move at any moment, is read at each use.
    @Test("a standby session looks up what the server is once, not in every transaction, and its cursors are the primary's")
    func standbySessionRemembersTheServer() async throws {
        try await withStandby { primary, standby, admin in
            let bob = try await DeploymentData.user(admin, "Bob")
            try await standby.waitForReplay(of: primary)
            let connection = try await PostgresConnection.connect(standby.url)
            defer { Task { await connection.close() } }
            let timeline = try await connection.query("select 'private.current_timeline()'::regprocedure::oid::bigint").scalar(Int.self)
            try await connection.query("set track_functions = 'pl'")
            /// A poll in a transaction of its own: its cursor, and how often it looked up the
            /// timeline the slow way (the backend's calls not yet reported, before and after).
            func poll(_ cursor: String?) async throws -> (cursor: String, lookups: Int) {
                try await connection.transaction(as: .user(bob)) { conn in
                    let calls: PostgresQuery = "select coalesce(pg_stat_get_xact_function_calls(\(timeline)::bigint::oid), 0)::int"
                    let before = try conn.query(calls).scalar(Int.self)
                    let next = try conn.query("select public.sync_poll(\(cursor))::jsonb ->> 'cursor'").scalar(String.self)
                    return (next, try conn.query(calls).scalar(Int.self) - before)
                }
            }
            var (cursor, lookups) = try await poll(nil)
            #expect(lookups == 1, "the session's first")
            for _ in 0..<3 {
                (cursor, lookups) = try await poll(cursor)
                #expect(lookups == 0)
            }
            // The incarnation the standby names is the primary's: each takes the other's cursor.
            let fromStandby = cursor
            let onPrimary = try await admin.transaction(as: .user(bob)) { conn in
                try conn.query("select public.sync_poll(\(fromStandby))::jsonb ->> 'cursor'").scalar(String.self)
            }
            (cursor, lookups) = try await poll(onPrimary)
            #expect(lookups == 0)

            // Without a walreceiver the standby's timeline is not in shared memory: each use
            // looks it up afresh (its last restartpoint's), and cursors stay good.
            try await connection.query("alter system set primary_conninfo = ''")
            try await connection.query("select pg_reload_conf()")
            try await waitUntil(timeout: .seconds(30)) {
                try await connection.query("select not exists (select from pg_stat_wal_receiver)").scalar(Bool.self)
            }
            for _ in 0..<2 {
                (cursor, lookups) = try await poll(cursor)
                #expect(lookups >= 1)
            }
        }
    }

    @Test("the pages of one pull, the first on the primary and the next on a standby behind it")
    func pagesOfOnePullAcrossServers() async throws {
        try await withStandby { primary, standby, admin in
            let (list, onPrimary, onStandby) = try await aliceSyncing(primary, standby, admin)
            var device = Device()
            try await device.pull(onPrimary)
            // Three rows by a transaction that began before a later one committed; the standby
            // has the later one, then stops replaying before the first commits.
            let lateWriter = try await PostgresConnection.connect(primary.url)
            try await lateWriter.query("begin")
            let late = try await lateWriter.query("""
                insert into public.watchlist_entries (watchlist_id, nickname) select \(list), 'late ' || g from generate_series(1, 3) g
                returning id
                """).map { try $0.decode(0, as: UUID.self) }
            let early = try await admin.query(
                "insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'early') returning id").scalar(UUID.self)
            try await standby.waitForReplay(of: primary)
            try await standby.pauseReplay()
            try await lateWriter.query("commit")
            await lateWriter.close()
            // Page one from the primary; the rest of the same pull from the standby, which has
            // not replayed the late commit (yet knows every transaction id in the cursor).
            let first = try await onPrimary.pull(table: .watchlistEntries, cursor: device.cursor, limit: 1)
            #expect(first.hasMore)
            device.apply(first)
            try await device.pull(onStandby)
            try await standby.resumeReplay()
            try await standby.waitForReplay(of: primary)
            try await device.pull(onStandby)
            try await device.pull(onPrimary)
            #expect(device.rows[early] != nil)
            #expect(Set(late).isSubset(of: Set(device.rows.keys)))
        }
    }
}

/// A client's copy of watchlist entries, kept the way an app keeps it: pages applied in
/// order, the cursor stored after each.
struct Device {
    var rows: [UUID: JSONValue] = [:]
    var cursor: SyncCursor?

    mutating func apply(_ page: SyncPage) {
        for record in page.records {
            if let id = record["id"]?.stringValue.flatMap(UUID.init(uuidString:)) { rows[id] = record }
        }
        for deletion in page.deleted { rows[deletion.id] = nil }
        cursor = page.cursor
    }

    /// Pulls to the end on `sync`'s server; returns the ids the pages named.
    @discardableResult
    mutating func pull(_ sync: SyncService, limit: Int = 1000) async throws -> Set<UUID> {
        var named: Set<UUID> = []
        var pages: [SyncPage] = []
        cursor = try await sync.pullAll(table: .watchlistEntries, from: cursor, limit: limit) { page in pages.append(page) }
        for page in pages {
            apply(page)
            named.formUnion(ids(page.records) + page.deleted.map(\.id))
        }
        return named
    }
}
