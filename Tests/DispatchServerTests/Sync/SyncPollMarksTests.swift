import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// `sync_poll` answers from change marks: every write marks the users it wrote something
/// for, in its own transaction, so an empty poll reads the caller's marks (a few index
/// probes) whatever keys the caller holds. Who holds a key is worked out by the writer with
/// its own snapshot, so a change of holdings racing with a write is the hard case: the
/// write marks the old holders, and the poll must still name it to the new one.
@Suite struct SyncPollMarksTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    func device(_ user: UUID) async throws -> SyncDevice {
        SyncDevice(SyncService(connection: try await database.connect(), user: user))
    }

    /// Polls (pulling what is named) until the cursor watches nothing: the transactions that
    /// were running at the last change of holdings have ended (other suites share the
    /// server, so that may take a moment).
    func settled(_ device: SyncDevice, _ start: SyncCursor? = nil) async throws -> SyncCursor {
        var cursor = start
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let poll = try await device.sync.poll(since: cursor)
            for table in poll.tables { try await device.pull(table) }
            cursor = poll.cursor
            if !(try await PollCursor.watches(poll.cursor.rawValue, on: admin)) || ContinuousClock.now > deadline { return poll.cursor }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// `cursor` as if no transaction was running when it was sealed and none was watched:
    /// those it names are the cluster's (the suites beside this one start and end them in other
    /// databases), each one more probe of the marks whoever polls, and a watch lasts until
    /// every transaction that was running has ended (settled gives up after a minute on a
    /// loaded machine); so with them a poll's cost would follow what ran beside the test, not
    /// what its users hold. (The watch has tests of its own, below.)
    func withNoneInFlight(_ cursor: SyncCursor) async throws -> SyncCursor {
        SyncCursor(rawValue: try await admin.query("""
            select private.encode_sync_cursor((select s - 'w' - 'g' from private.incarnation i, private.cursor_contents(\(cursor.rawValue), i.cursor_key) s)
                     || jsonb_build_object('ip', '[]'::jsonb))
            """).scalar(String.self))
    }

    /// The plans of every statement of `polls` polls of `user`'s from `cursor` (nested ones
    /// included, with their buffers), and what the last one named.
    func pollPlans(_ user: UUID, _ cursor: SyncCursor?, polls: Int = 1) async throws -> (plans: [JSONValue], tables: String) {
        try await NestedPlans.enable(admin)
        try await admin.runScript("set auto_explain.log_buffers = on")
        var tables = ""
        for _ in 0..<polls {
            tables = try await admin.transaction(as: user) { conn in
                try conn.query("select public.sync_poll(\(cursor?.rawValue))::jsonb ->> 'tables'").scalar(String.self)
            }
        }
        let plans = try await NestedPlans.take(admin)
        try await admin.runScript("set auto_explain.log_min_duration = -1")
        return (plans, tables)
    }

    @Test func anEmptyPollReadsTheCallersMarksWhateverTheyHold() async throws {
        let (ann, bob, carl) = (try await F.user(admin, "Ann"), try await F.user(admin, "Bob"), try await F.user(admin, "Carl"))
        _ = try await F.watchlist(admin, owner: ann, title: "Garden")
        // Bob holds many keys: 30 watchlists, 10 of Carl's shared with him, 3 listings with
        // tasks, and a claim on one of Carl's tasks; Carl has 300 open tasks everyone sees.
        for i in 0..<30 { _ = try await F.watchlist(admin, owner: bob, title: "Bob \(i)") }
        for i in 0..<10 { try await F.share(admin, try await F.watchlist(admin, owner: carl, title: "Carl \(i)"), with: bob) }
        try await admin.runScript("""
            insert into public.listings (address, owned_by) select 'Lot ' || g, '\(bob)' from generate_series(1, 3) g;
            insert into public.tasks (title, declared_by, listing_id) select 'On a lot', '\(bob)', l.id from public.listings l;
            insert into public.tasks (title, declared_by, claimed_by) values ('Held by Bob', '\(carl)', '\(bob)');
            insert into public.tasks (title, declared_by) select 'Open ' || g, '\(carl)' from generate_series(1, 300) g;
            """)
        let anns = try await device(ann), bobs = try await device(bob)
        let annCursor = try await withNoneInFlight(try await settled(anns)), bobCursor = try await withNoneInFlight(try await settled(bobs))

        /// The scans of the poll's statements, nested ones included, and what it named.
        func scans(_ user: UUID, _ cursor: SyncCursor) async throws -> (scans: [PlanScan], tables: String) {
            let poll = try await pollPlans(user, cursor)
            // (the catalogs are the acting statement's: its role's settings)
            return (poll.plans.flatMap { PlanScans.of(plan: $0) }.filter { !$0.relation.hasPrefix("pg_") }, poll.tables)
        }
        // (a session's first poll also works out what the server is, once: private.cursor_incarnation)
        _ = try await scans(ann, annCursor)
        let annPoll = try await scans(ann, annCursor), bobPoll = try await scans(bob, bobCursor)
        #expect(annPoll.tables == "[]" && bobPoll.tables == "[]", "\(annPoll.tables) \(bobPoll.tables)")
        // The same few probes for both, none of the synced tables, the sync logs or the
        // tables that say who holds what; the marks by index (the horizons are a row each, as
        // is the incarnation, whose key opens and seals the cursor).
        #expect(annPoll.scans.map(\.relation) == bobPoll.scans.map(\.relation), "\(annPoll.scans) vs \(bobPoll.scans)")
        #expect(Set(bobPoll.scans.map(\.relation)).isSubset(of: ["sync_marks", "sync_mark_horizon", "sync_horizon", "users", "incarnation"]),
                "\(bobPoll.scans)")
        #expect(bobPoll.scans.allSatisfy { $0.rows <= 2 && ($0.limitedByIndex || $0.relation.hasSuffix("horizon") || $0.relation == "incarnation") },
                "\(bobPoll.scans)")

        // One of Carl's lists shared with Bob gets an entry: Bob's next poll names it.
        let shared = try await admin.query("""
            select s.watchlist_id from public.watchlist_shares s where s.user_id = \(bob) limit 1
            """).scalar(UUID.self)
        try await F.entry(admin, in: shared, nickname: "wren")
        #expect(try await bobs.sync.poll(since: bobCursor).tables == [.watchlistEntries])
        #expect(try await anns.sync.poll(since: annCursor).tables == [])
    }

    /// A poll reads the caller's marks from its cursor on by key, never the marks others wrote
    /// since, whatever the statistics say; and without a cursor it reads none. Planned from
    /// the statistics of a young database (a few users, the everyone key the most common of
    /// them), "user_id = any (keys) and sync_xid >= x" was read through the index of sync_xid:
    /// every mark anyone wrote since the cursor, filtered (another user's 20,000 marks made each
    /// empty poll of Ann's read 20,000 rows). And a scan from the key rather than from (key,
    /// cursor), as btree makes of "user_id = key" beside the row comparison, or a range from
    /// (key, NULL), is every mark of the key.
    @Test func aPollNeverReadsTheMarksOthersWroteSinceItsCursor() async throws {
        let ann = try await F.user(admin, "Ann"), bo = try await F.user(admin, "Bo")
        _ = try await F.watchlist(admin, owner: ann, title: "Garden")
        // The statistics of a young database: marks of the everyone key and of one user, before
        // Ann's cursor (of this transaction, one mark per name: a new cluster has handed out
        // too few ids for 10,000 older ones).
        try await admin.runScript("""
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select k, 'tasks ' || g, pg_current_xact_id(), pg_current_xact_id()
              from unnest(array[private.everyone_key(), '\(bo)'::uuid]) k, generate_series(1, 10000) g;
            analyze private.sync_marks
            """)
        let anns = try await device(ann)
        let cursor = try await withNoneInFlight(try await settled(anns))
        // Since Ann's cursor, marks of 20,000 other users, as their writes leave them.
        try await admin.runScript("""
            insert into private.sync_marks (user_id, table_name, seen_xmin, seen_xmax)
            select gen_random_uuid(), 'watchlists', pg_current_xact_id(), pg_current_xact_id() from generate_series(1, 20000)
            """)

        /// The scans of the marks in Ann's poll from `from`, and the buffers they touched.
        func marks(_ from: SyncCursor?) async throws -> (scans: [PlanScan], buffers: Int, tables: String) {
            // (two polls: the session's first also works out what the server is)
            let poll = try await pollPlans(ann, from, polls: 2)
            let nodes = poll.plans.flatMap { PlanScans.nodes(of: $0) }.filter { $0["Relation Name"]?.stringValue == "sync_marks" }
            return (poll.plans.flatMap { PlanScans.of(plan: $0) }.filter { $0.relation == "sync_marks" },
                    nodes.reduce(0) { $0 + ($1["Shared Hit Blocks"]?.intValue ?? 0) + ($1["Shared Read Blocks"]?.intValue ?? 0) },
                    poll.tables)
        }
        let empty = try await marks(cursor)
        #expect(empty.tables == "[]")
        #expect(!empty.scans.isEmpty && empty.scans.allSatisfy { $0.rows <= 2 && $0.limitedByIndex }, "\(empty.scans)")
        // Three index probes a poll (two polls): not the 10,000 marks of the everyone key, which
        // a scan starting from the key rather than from (key, cursor) walks.
        #expect(empty.buffers <= 24, "\(empty.buffers) buffers: \(empty.scans)")
        // Two first polls (no cursor): they name every table and read no marks; not the 10,000
        // marks of the everyone key, which a range from (key, NULL) walks.
        let first = try await marks(nil)
        #expect(first.tables != "[]")
        #expect(first.buffers <= 2 * empty.buffers + 8, "\(first.buffers) buffers vs \(empty.buffers)")
    }

    /// Sealing a cursor is a third of an empty poll's work, and an older cursor is as exact as
    /// a newer one (it names every transaction it had not seen): an empty poll hands back the
    /// cursor it was given while that cursor is younger than a minute. A poll that finds
    /// something, and one from an older cursor, seal a new one.
    @Test func anEmptyPollHandsBackTheCursorItWasGivenWhileItIsYoung() async throws {
        let ann = try await F.user(admin, "Ann")
        let list = try await F.watchlist(admin, owner: ann, title: "Garden")
        let anns = try await device(ann)
        // Not watching and naming no transaction in flight, whatever runs beside the test: a
        // cursor still watching is sealed afresh by design (settled gives up after a minute).
        let cursor = try await withNoneInFlight(try await settled(anns))
        let empty = try await anns.sync.poll(since: cursor)
        #expect(empty.tables == [] && empty.cursor == cursor)

        try await F.entry(admin, in: list, nickname: "wren")
        let named = try await anns.sync.poll(since: empty.cursor)
        #expect(named.tables == [.watchlistEntries] && named.cursor != cursor)
        // The same cursor, given again, still names the entry: nothing is lost by keeping it.
        #expect(try await anns.sync.poll(since: cursor).tables == [.watchlistEntries])

        // The state of the newest cursor, as sealed two minutes ago.
        let aged = SyncCursor(rawValue: try await admin.query("""
            select private.encode_sync_cursor((select s from private.incarnation i, private.cursor_contents(\(named.cursor.rawValue), i.cursor_key) s)
                     || jsonb_build_object('s', (extract(epoch from now())::bigint - 120)::text))
            """).scalar(String.self))
        let resealed = try await anns.sync.poll(since: aged)
        #expect(resealed.tables == [] && resealed.cursor != aged, "\(resealed)")
        #expect(try await anns.sync.poll(since: resealed.cursor).cursor == resealed.cursor)
    }

    @Test func anOpenTaskIsOneMarkForEveryoneNotOnePerUser() async throws {
        let carl = try await F.user(admin, "Carl")
        for i in 0..<50 { _ = try await F.user(admin, "User \(i)") }
        let xid = try await admin.query("""
            insert into public.tasks (title, declared_by) values ('Open house', \(carl)) returning sync_xid::text
            """).scalar(String.self)
        let marks = try await admin.query("""
            select user_id, table_name from private.sync_marks where sync_xid = \(xid)::xid8 order by user_id
            """).map { (try $0.decode(0, as: UUID.self), try $0.decode(1, as: String.self)) }
        #expect(marks.map(\.1) == ["tasks", "tasks"], "\(marks)")
        #expect(Set(marks.map(\.0)) == [carl, UUID(uuidString: "00000000-0000-0000-0000-000000000000")!])
    }

    @Test func aShareCommittingWhileAWriteIsInFlightIsFollowedByThatWrite() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben")
        let list = try await F.watchlist(admin, owner: ann, title: "Spring")
        let bens = try await device(ben)
        let cursor = try await settled(bens)

        // Ann's entry is written (and its marks worked out: Ann alone holds the list) before
        // the share commits, and commits after it.
        let writer = try await database.connect()
        try await writer.query("begin")
        try await writer.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'robin')")
        try await F.share(admin, list, with: ben)
        let shared = try await bens.sync.poll(since: cursor)
        #expect(shared.tables.contains(.watchlists))
        for table in shared.tables { try await bens.pull(table) }
        try await writer.query("commit")
        await writer.close()

        let next = try await bens.sync.poll(since: shared.cursor)
        #expect(next.tables.contains(.watchlistEntries), "\(next.tables)")
        try await bens.pull(.watchlistEntries)
        #expect(bens.rows[.watchlistEntries]?.values.contains { $0["nickname"]?.stringValue == "robin" } == true)
    }

    @Test func aWriteTakingItsIdAfterTheSharesAndStillRunningWhenThePollSeesTheShareIsFollowed() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben")
        let list = try await F.watchlist(admin, owner: ann, title: "Spring")
        let bens = try await device(ben)
        let cursor = try await settled(bens)

        // The share takes its id first; Ann's entry takes a later one and works out its marks
        // (Ann alone holds the list) before the share commits, and runs on. When no other
        // transaction ends in between, the snapshot of Ben's poll that sees the share has the
        // entry's id as its xmax, the entry neither below it nor among those in progress.
        let sharer = try await database.connect()
        try await sharer.query("begin")
        _ = try await sharer.query("select pg_current_xact_id()")
        let writer = try await database.connect()
        try await writer.query("begin")
        try await writer.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'wren')")
        try await F.share(sharer, list, with: ben)
        try await sharer.query("commit")
        await sharer.close()
        let shared = try await bens.sync.poll(since: cursor)
        #expect(shared.tables.contains(.watchlists), "\(shared.tables)")
        for table in shared.tables { try await bens.pull(table) }
        // While the entry runs the watch goes on, however often Ben polls.
        let waiting = try await bens.sync.poll(since: shared.cursor)
        #expect(try await PollCursor.watches(waiting.cursor.rawValue, on: admin))
        try await writer.query("commit")
        await writer.close()

        let next = try await bens.sync.poll(since: waiting.cursor)
        #expect(next.tables.contains(.watchlistEntries), "\(next.tables)")
        try await bens.pull(.watchlistEntries)
        #expect(bens.rows[.watchlistEntries]?.values.contains { $0["nickname"]?.stringValue == "wren" } == true)
    }

    @Test func aTaskMovedWhileItsNoteIsEditedBringsTheEditToTheNewListingsOwner() async throws {
        let ids = try await TestUsers.create(admin, ["Ann", "Ben", "Olga", "Oscar"])
        let (ann, ben, olga, oscar) = (ids[0], ids[1], ids[2], ids[3])
        let lots = try await admin.query("""
            insert into public.listings (address, owned_by) values ('1 Elm', \(olga)), ('2 Oak', \(oscar)) returning id
            """).map { try $0.decode(0, as: UUID.self) }
        // Claimed by Ben: not open, so its notes are seen through its keys alone.
        let task = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by, listing_id) values ('Photos', \(ann), \(ben), \(lots[0]))
            returning id
            """).scalar(UUID.self)
        let note = try await admin.query("""
            insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), 'first', \(ann))
            returning id
            """).scalar(UUID.self)
        let oscars = try await device(oscar)
        let cursor = try await settled(oscars)

        // The edit works out who sees the note while the task is still on Olga's listing.
        let editor = try await database.connect()
        try await editor.query("begin")
        try await editor.query("update public.notes set content = 'edited' where id = \(note)")
        try await admin.query("update public.tasks set listing_id = \(lots[1]) where id = \(task)")
        let moved = try await oscars.sync.poll(since: cursor)
        #expect(moved.tables.contains(.tasks) && moved.tables.contains(.notes), "\(moved.tables)")
        for table in moved.tables { try await oscars.pull(table) }
        #expect(oscars.row(.notes, note)?["content"]?.stringValue == "first")
        try await editor.query("commit")
        await editor.close()

        let next = try await oscars.sync.poll(since: moved.cursor)
        #expect(next.tables.contains(.notes), "\(next.tables)")
        try await oscars.pull(.notes)
        #expect(oscars.row(.notes, note)?["content"]?.stringValue == "edited")
    }

    @Test func aRepeatableReadWriteIsNamedThoughItsSnapshotPredatesTheShare() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben")
        let list = try await F.watchlist(admin, owner: ann, title: "Spring")
        let bens = try await device(ben)
        let cursor = try await settled(bens)

        // A repeatable read transaction takes its snapshot, then the share commits, and Ben's
        // polls see the share and stop watching; only then does that transaction write (with
        // a transaction id newer than anything the watch waited for) and commit.
        let writer = try await database.connect()
        try await writer.query("begin isolation level repeatable read")
        try await writer.query("select count(*) from public.watchlist_shares")
        try await F.share(admin, list, with: ben)
        let after = try await settled(bens, cursor)
        try await writer.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'robin')")
        try await writer.query("commit")
        await writer.close()

        let next = try await bens.sync.poll(since: after)
        #expect(next.tables.contains(.watchlistEntries), "\(next.tables)")
        try await bens.pull(.watchlistEntries)
        #expect(bens.rows[.watchlistEntries]?.values.contains { $0["nickname"]?.stringValue == "robin" } == true)
    }

    /// A claim of an open task changes nothing the claimer sees of it or its notes (every
    /// user saw them, the claimer among them), nor does its release: no '*' mark, so the
    /// claimer's poll answers from the marks (an exact question costs a probe per key of
    /// every table), and still names the task and its notes, whose pull has them. A task
    /// moved between two users' keys still marks both: the one who gains it sees its notes
    /// only now.
    @Test func aClaimOrReleaseOfAnOpenTaskLeavesTheClaimersPollOnTheMarks() async throws {
        let ids = try await TestUsers.create(admin, ["Ann", "Ben", "Cy"])
        let (ann, ben, cy) = (ids[0], ids[1], ids[2])
        let task = try await admin.query("insert into public.tasks (title, declared_by) values ('Open house', \(ann)) returning id")
            .scalar(UUID.self)
        let note = try await admin.query("""
            insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), 'keys under the mat', \(ann))
            returning id
            """).scalar(UUID.self)
        let bens = try await device(ben)
        var cursor = try await settled(bens)
        let holdingsMarks = { (user: UUID) in
            try await self.admin.query("""
                select count(*)::int from private.sync_marks m join public.tasks t on t.id = \(task)
                 where m.user_id = \(user) and m.table_name = '*' and m.sync_xid = t.sync_xid
                """).scalar(Int.self)
        }

        for (action, claimedBy) in [("claim", ben as UUID?), ("release", nil)] {
            try await admin.transaction(as: ben) { conn in
                _ = try claimedBy != nil ? conn.query("select public.claim_work_item('task', \(task))")
                    : conn.query("select public.release_work_item('task', \(task))")
            }
            #expect(try await admin.query("select claimed_by from public.tasks where id = \(task)").scalar(UUID?.self) == claimedBy)
            #expect(try await holdingsMarks(ben) == 0, "\(action): Ben saw the task and its notes before and after")
            let poll = try await bens.sync.poll(since: cursor)
            #expect(Set(poll.tables) == [.tasks, .notes], "\(action): \(poll.tables)")
            for table in poll.tables { try await bens.pull(table) }
            #expect(bens.row(.tasks, task)?["claimed_by"]?.stringValue == claimedBy?.uuidString.lowercased(), "\(action)")
            #expect(bens.row(.notes, note) != nil, "\(action)")
            cursor = try await settled(bens, poll.cursor)
        }

        // Claimed by Ben, then given to Cy: Cy sees its notes only now, Ben no longer.
        try await admin.transaction(as: ben) { conn in _ = try conn.query("select public.claim_work_item('task', \(task))") }
        try await admin.query("update public.tasks set claimed_by = \(cy) where id = \(task)")
        #expect(try await holdingsMarks(cy) == 1)
        #expect(try await holdingsMarks(ben) == 1)
    }

    @Test func aPollOlderThanThePurgedMarksAsksTheExactQuestion() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben")
        let list = try await F.watchlist(admin, owner: ann, title: "Spring")
        try await F.share(admin, list, with: ben)
        let bens = try await device(ben)
        let cursor = try await settled(bens)
        try await F.entry(admin, in: list, nickname: "robin")

        // Purged (every mark of a transaction that had ended: Ben's too), though Ben has not
        // polled since.
        let service = try await database.connect()
        var left = 1
        let deadline = ContinuousClock.now + .seconds(60)
        while left > 0 && ContinuousClock.now < deadline {
            try await service.transaction { conn in
                try conn.act(as: .service)
                _ = try conn.query("select public.purge_sync_marks('0')")
            }
            left = try await admin.query("select count(*)::int from private.sync_marks where user_id = \(ben)").scalar(Int.self)
            if left > 0 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(left == 0)
        #expect(try await bens.sync.poll(since: cursor).tables == [.watchlistEntries])

        // Bad input gets a coded error and changes nothing; nobody but the service purges.
        func refusal(_ sql: PostgresQuery, as caller: Caller) async -> PostgresError? {
            await F.error(PostgresError.self) {
                _ = try await service.transaction { conn in
                    try conn.act(as: caller)
                    return try conn.query(sql)
                }
            }
        }
        let runs = try await admin.query("select count(*)::int from private.sync_mark_purges").scalar(Int.self)
        let null = await refusal("select public.purge_sync_marks(null)", as: .service)
        #expect(null?.sqlState == .nullValueNotAllowed && null.flatMap(SQLAPIError.init)?.code == .nullArgument)
        let negative = await refusal("select public.purge_sync_marks('-1 hour')", as: .service)
        #expect(negative?.sqlState == .invalidParameterValue && negative.flatMap(SQLAPIError.init)?.code == .invalidInterval)
        #expect(await refusal("select public.purge_sync_marks('0')", as: .user(ben))?.sqlState == .insufficientPrivilege)
        #expect(try await admin.query("select count(*)::int from private.sync_mark_purges").scalar(Int.self) == runs)
        await service.close()
    }

    @Test func anAdminAndAJournalOwnerAreNamedWhatTheyPull() async throws {
        let ids = try await TestUsers.create(admin, ["Ann", "Carl", "Dana"], admins: ["Dana"])
        let (ann, carl, dana) = (ids[0], ids[1], ids[2])
        let anns = try await device(ann), danas = try await device(dana)
        let annCursor = try await settled(anns), danaCursor = try await settled(danas)

        // An admin holds no key of Carl's list, and sees it all the same.
        _ = try await F.entry(admin, in: try await F.watchlist(admin, owner: carl, title: "Carl's"), nickname: "wren")
        let dans = try await danas.sync.poll(since: danaCursor)
        #expect(Set(dans.tables) == [.watchlists, .watchlistEntries], "\(dans.tables)")
        // A journal (outside the outbox) marks its owner alone.
        try await admin.query("insert into public.journal_threads (owner_id, title) values (\(ann), 'Birding')")
        #expect(try await anns.sync.poll(since: annCursor).tables == [.journalThreads])
        #expect(try await danas.sync.poll(since: dans.cursor).tables.allSatisfy { !$0.rawValue.hasPrefix("journal") })
    }
}
