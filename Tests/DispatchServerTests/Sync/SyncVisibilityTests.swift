import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Sync delivers changes of who may see what, not only changes of rows: each user on a
/// connection of their own, a device that keeps a local copy, the writes made as the apps
/// make them where the apps can (claims, shares) and as the service elsewhere.
@Suite struct SyncVisibilityTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    func device(_ user: UUID) async throws -> SyncDevice {
        SyncDevice(SyncService(connection: try await database.connect(), user: user))
    }

    func task(declaredBy user: UUID, listing: UUID? = nil, claimedBy claimer: UUID? = nil, title: String = "Stage the kitchen") async throws -> UUID {
        try await admin.query("""
            insert into public.tasks (title, declared_by, listing_id, claimed_by) values (\(title), \(user), \(listing), \(claimer)) returning id
            """).scalar(UUID.self)
    }

    func listing(ownedBy user: UUID) async throws -> UUID {
        try await admin.query("insert into public.listings (address, owned_by) values ('1 Main St', \(user)) returning id").scalar(UUID.self)
    }

    func note(on task: UUID, by author: UUID, _ content: String = "Lockbox code is 9931") async throws -> UUID {
        try await admin.query("""
            insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), \(content), \(author)) returning id
            """).scalar(UUID.self)
    }

    func claim(_ task: UUID, as user: UUID) async throws {
        try await admin.transaction(as: user) { conn in _ = try conn.query("select public.claim_work_item('task', \(task))") }
    }

    // MARK: Shares

    @Test func aShareMadeAfterTheReadersPullIsDeliveredAndItsRevocationTakesEverythingBack() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        var entries: Set<UUID> = []
        for name in ["robin", "wren", "finch"] { entries.insert(try await F.entry(admin, in: list, nickname: name)) }
        let rule = try await admin.query(
            "insert into public.watchlist_rules (watchlist_id, rule_type) values (\(list), 'species') returning id").scalar(UUID.self)
        let photo = try await admin.query("""
            insert into public.observed_bird_photos (watchlist_entry_id, image_path) values (\(entries.first!), 'a.jpg') returning id
            """).scalar(UUID.self)
        let tables: [SyncTable] = [.watchlists, .watchlistEntries, .watchlistRules, .observedBirdPhotos]

        let bobs = try await device(bob)
        for table in tables { #expect(try await bobs.pull(table).isEmpty, "\(table)") }

        // Alice shares, Bob accepts: one share row, the entries are not written. Until he
        // accepts, the share is an invitation and brings him nothing.
        let versions = try await admin.query("select sum(row_version)::int from public.watchlist_entries").scalar(Int.self)
        try await admin.transaction(as: alice) { conn in
            _ = try conn.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(list), \(bob))")
        }
        for table in tables { #expect(try await bobs.pull(table).isEmpty, "an invitation: \(table)") }
        try await admin.transaction(as: bob) { conn in _ = try conn.query("select public.accept_watchlist_share(\(list))") }
        #expect(try await admin.query("select sum(row_version)::int from public.watchlist_entries").scalar(Int.self) == versions)
        #expect(Set(try await bobs.pull(.watchlists).records) == [list])
        #expect(Set(try await bobs.pull(.watchlistEntries).records) == entries)
        #expect(Set(try await bobs.pull(.watchlistRules).records) == [rule])
        #expect(Set(try await bobs.pull(.observedBirdPhotos).records) == [photo])
        for table in tables { #expect(try await bobs.pull(table).isEmpty, "nothing twice: \(table)") }

        // Alice revokes it: every row goes, as revoked.
        try await admin.transaction(as: alice) { conn in
            _ = try conn.query("delete from public.watchlist_shares where watchlist_id = \(list) and user_id = \(bob)")
        }
        let expected: [SyncTable: Set<UUID>] = [.watchlists: [list], .watchlistEntries: entries, .watchlistRules: [rule],
                                                .observedBirdPhotos: [photo]]
        for table in tables {
            let delivery = try await bobs.pull(table)
            #expect(delivery.records.isEmpty && Set(delivery.deleted.keys) == expected[table], "\(table)")
            #expect(delivery.deleted.values.allSatisfy { $0 == .revoked }, "\(table)")
            #expect(bobs.ids(table).isEmpty)
        }
        // And Alice's own device saw none of this as a change of hers.
        let alices = try await device(alice)
        #expect(try await alices.pull(.watchlistEntries).records.count == 3)
    }

    @Test func aShareCommittedAfterAConcurrentPullBeganIsDeliveredByTheNextPull() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        let entry = try await F.entry(admin, in: list, nickname: "robin")
        let bobs = try await device(bob)
        #expect(try await bobs.pull(.watchlistEntries).isEmpty)

        try await admin.transaction(as: alice) { conn in
            _ = try conn.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(list), \(bob))")
        }
        let writer = try await database.connect()
        let during = try await writer.transaction(as: bob) { conn in
            // Accepted now, committed only after Bob's pull.
            _ = try conn.query("select public.accept_watchlist_share(\(list))")
            return try await bobs.pull(.watchlistEntries)
        }
        #expect(during.isEmpty, "not committed yet")
        #expect(try await bobs.pull(.watchlistEntries).records == [entry])
    }

    @Test func aPullThatPagesThroughAGrantLosesNothing() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let list = try await F.watchlist(admin, owner: alice, title: "Big")
        try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) select \(list), 'e' || g from generate_series(1, 25) g")
        let bobs = try await device(bob)
        #expect(try await bobs.pull(.watchlistEntries).isEmpty)
        try await F.share(admin, list, with: bob)
        // An own edit in between, committed before the grant's pages are read.
        let edited = try await admin.query("update public.watchlist_entries set nickname = 'edited' where nickname = 'e7' returning id")
            .scalar(UUID.self)
        let delivery = try await bobs.pull(.watchlistEntries, limit: 4)
        #expect(Set(delivery.records).count == 25)
        #expect(bobs.row(.watchlistEntries, edited)?["nickname"]?.stringValue == "edited")
    }

    @Test func aHardDeletedSharedWatchlistLeavesTheReaderToo() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        let entry = try await F.entry(admin, in: list, nickname: "robin")
        try await F.share(admin, list, with: bob)
        let bobs = try await device(bob), alices = try await device(alice)
        for d in [bobs, alices] { #expect(try await d.pull(.watchlistEntries).records == [entry]) }
        try await admin.query("delete from public.watchlists where id = \(list)")
        for d in [bobs, alices] {
            let delivery = try await d.pull(.watchlistEntries)
            #expect(delivery.records.isEmpty && delivery.deleted.keys.contains(entry))
        }
    }

    // MARK: Claims, releases, completions

    @Test func aClaimTakesAnOpenTaskFromAThirdUserUpdatesTheDeclarerAndAReleaseBringsItBack() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob"), carol = try await F.user(admin, "Carol")
        let open = try await task(declaredBy: alice)
        let alices = try await device(alice), bobs = try await device(bob), carols = try await device(carol)
        for d in [alices, bobs, carols] { #expect(try await d.pull(.tasks).records == [open]) }

        try await claim(open, as: bob)
        let forCarol = try await carols.pull(.tasks)
        #expect(forCarol.records.isEmpty && forCarol.deleted == [open: .revoked])
        let forAlice = try await alices.pull(.tasks)
        #expect(forAlice.records == [open] && forAlice.deleted.isEmpty)
        #expect(alices.row(.tasks, open)?["claimed_by"]?.stringValue.flatMap(UUID.init(uuidString:)) == bob)
        #expect(try await bobs.pull(.tasks).records == [open])

        // Released: open again, so visible again to Carol, as a record.
        try await admin.transaction(as: bob) { conn in _ = try conn.query("select public.release_work_item('task', \(open))") }
        #expect(try await carols.pull(.tasks).records == [open])
        #expect(carols.row(.tasks, open)?["claimed_by"] == .null)

        // Completed by its declarer: no longer open, gone for Carol and Bob, an update for Alice.
        try await admin.transaction(as: alice) { conn in _ = try conn.query("update public.tasks set completed = true where id = \(open)") }
        #expect(try await carols.pull(.tasks).deleted == [open: .revoked])
        #expect(try await bobs.pull(.tasks).deleted == [open: .revoked])
        #expect(try await alices.pull(.tasks).records == [open])
        for d in [bobs, carols] { #expect(try await d.pull(.tasks).isEmpty) }
    }

    @Test func notesFollowTheirItemOutOfViewAndBackIn() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob"), carol = try await F.user(admin, "Carol")
        let open = try await task(declaredBy: alice)
        let first = try await note(on: open, by: alice)
        let subtask = try await admin.query(
            "insert into public.subtasks (parent_type, parent_id, title) values ('task', \(open), 'Buy paint') returning id").scalar(UUID.self)
        let carols = try await device(carol)
        #expect(try await carols.pull(.notes).records == [first])
        #expect(try await carols.pull(.subtasks).records == [subtask])

        try await claim(open, as: bob)
        #expect(try await carols.pull(.notes).deleted == [first: .revoked])
        #expect(try await carols.pull(.subtasks).deleted == [subtask: .revoked])
        // A note written while Carol cannot see the task is not hers either.
        let second = try await note(on: open, by: bob, "Second")
        #expect(try await carols.pull(.notes).isEmpty)

        try await admin.transaction(as: bob) { conn in _ = try conn.query("select public.release_work_item('task', \(open))") }
        #expect(Set(try await carols.pull(.notes).records) == [first, second])
        #expect(try await carols.pull(.subtasks).records == [subtask])
        // The task deleted: its notes go too.
        try await admin.query("delete from public.tasks where id = \(open)")
        let gone = try await carols.pull(.notes)
        #expect(Set(gone.deleted.keys) == [first, second] && gone.deleted.values.allSatisfy { $0 == .deleted })
    }

    /// A note's openness is its parent's, never the note's: no record carries it and
    /// nobody makes a note everyone's by writing it. A record pulled from a server whose
    /// notes carried parent_open pushes back with it (ignored, never INVALID_RECORD).
    @Test func aNotesOpennessIsItsParentsWhateverIsWritten() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob"), carol = try await F.user(admin, "Carol")
        let open = try await task(declaredBy: alice)
        let remark = try await note(on: open, by: alice)
        let alices = try await device(alice)
        #expect(try await alices.pull(.notes).records == [remark])
        #expect(alices.row(.notes, remark)?["parent_open"] == nil)
        try await claim(open, as: bob)
        var edited = try #require(alices.row(.notes, remark)?.objectValue)
        edited["parent_open"] = true
        edited["content"] = "Lockbox moved"
        let pushed = try await alices.sync.push(table: .notes, record: .object(edited), expectedVersion: edited["row_version"]?.intValue)
        #expect(!pushed.isConflict && pushed.record["content"]?.stringValue == "Lockbox moved" && pushed.record["parent_open"] == nil, "\(pushed)")
        #expect(try await device(carol).pull(.notes).isEmpty)
    }

    // MARK: Listings

    @Test func whenAListingChangesHandsItsTasksAndTheirNotesFollow() async throws {
        let alice = try await F.user(admin, "Alice"), lou = try await F.user(admin, "Lou"), max = try await F.user(admin, "Max")
        let house = try await listing(ownedBy: lou)
        let item = try await task(declaredBy: alice, listing: house, claimedBy: alice)  // claimed: not open to all
        let remark = try await note(on: item, by: alice)
        let lous = try await device(lou), maxs = try await device(max)
        #expect(try await lous.pull(.tasks).records == [item])
        #expect(try await lous.pull(.listings).records == [house])
        #expect(try await lous.pull(.notes).records == [remark])
        for table in [SyncTable.tasks, .listings, .notes] { #expect(try await maxs.pull(table).isEmpty) }

        // An admin gives the listing to Max: the listing row changes, its tasks do not.
        let versions = try await admin.query("select row_version from public.tasks where id = \(item)").scalar(Int.self)
        try await admin.query("update public.listings set owned_by = \(max) where id = \(house)")
        #expect(try await admin.query("select row_version from public.tasks where id = \(item)").scalar(Int.self) == versions)
        #expect(try await lous.pull(.listings).deleted == [house: .revoked])
        #expect(try await lous.pull(.tasks).deleted == [item: .revoked])
        #expect(try await lous.pull(.notes).deleted == [remark: .revoked])
        #expect(try await maxs.pull(.listings).records == [house])
        #expect(try await maxs.pull(.tasks).records == [item])
        #expect(try await maxs.pull(.notes).records == [remark])

        // The task moves to another of Lou's listings (an admin's move: only a listing's owner
        // puts items on it): Max loses it, Lou has it back.
        let other = try await listing(ownedBy: lou)
        try await admin.query("update public.tasks set listing_id = \(other) where id = \(item)")
        #expect(try await maxs.pull(.tasks).deleted == [item: .revoked])
        #expect(try await maxs.pull(.notes).deleted == [remark: .revoked])
        #expect(try await lous.pull(.tasks).records == [item])
        #expect(try await lous.pull(.notes).records == [remark])
    }

    // MARK: Admins

    @Test func becomingAnAdminExpiresTheCursorsAndAFullSyncThenHasEverything() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        _ = try await task(declaredBy: alice, claimedBy: alice)
        let bobs = try await device(bob)
        #expect(try await bobs.pull(.tasks).isEmpty)
        try await admin.query("update public.users set is_admin = true where id = \(bob)")
        let expired = await F.error(SQLAPIError.self) { try await bobs.pull(.tasks) }
        #expect(expired?.code == .cursorExpired, "\(String(describing: expired))")
        bobs.reset(.tasks)
        #expect(try await bobs.pull(.tasks).records.count == 1)
        // An admin's later changes come from the whole table, deletions too.
        let later = try await task(declaredBy: alice, claimedBy: alice)
        #expect(try await bobs.pull(.tasks).records == [later])
        try await admin.query("delete from public.tasks where id = \(later)")
        #expect(try await bobs.pull(.tasks).deleted == [later: .deleted])
    }

    // MARK: Subtasks

    @Test func subtasksRoundTripThroughPushAndPull() async throws {
        let alice = try await F.user(admin, "Alice")
        let item = try await task(declaredBy: alice, claimedBy: alice)
        let phone = try await device(alice), laptop = try await device(alice)
        #expect(try await laptop.pull(.subtasks).isEmpty)

        let id = UUID()
        let created = try await phone.sync.push(table: .subtasks, record: [
            "id": .string(id.uuidString), "parent_type": "task", "parent_id": .string(item.uuidString), "title": "Buy paint",
        ], expectedVersion: nil)
        guard case .applied(let record) = created else { Issue.record("\(created)"); return }
        #expect(record["row_version"]?.intValue == 1)
        #expect(try await laptop.pull(.subtasks).records == [id])

        var edited = try #require(laptop.row(.subtasks, id)?.objectValue)
        edited["completed"] = true
        let done = try await laptop.sync.push(table: .subtasks, record: .object(edited), expectedVersion: 1)
        #expect(!done.isConflict && done.record["completed"]?.boolValue == true)
        #expect(try await phone.pull(.subtasks).records == [id])
        #expect(phone.row(.subtasks, id)?["completed"]?.boolValue == true)
        // A stale version is merged field by field, as for every synced table: the phone's
        // new title goes in, the laptop's completion stays.
        var stale = try #require(phone.row(.subtasks, id)?.objectValue)
        stale["completed"] = false
        stale["title"] = "Buy more paint"
        let merged = try await phone.sync.push(table: .subtasks, record: .object(stale), expectedVersion: 1)
        guard case .merged(let row, let fields) = merged else { Issue.record("\(merged)"); return }
        #expect(row["title"]?.stringValue == "Buy more paint" && row["completed"]?.boolValue == true)
        #expect(fields == ["title": .init(winner: .push, reason: .pushed), "completed": .init(winner: .server, reason: .server)])

        try await admin.query("delete from public.subtasks where id = \(id)")
        #expect(try await laptop.pull(.subtasks).deleted == [id: .deleted])
        // Someone who cannot see the task cannot add to it, and is answered as for a task
        // that does not exist (whether it does is not his to learn).
        let bob = try await F.user(admin, "Bob")
        let bobs = SyncService(connection: try await database.connect(), user: bob)
        let refused = await F.error(SQLAPIError.self) {
            _ = try await bobs.push(table: .subtasks, record: [
                "id": .string(UUID().uuidString), "parent_type": "task", "parent_id": .string(item.uuidString), "title": "Sneak in",
            ], expectedVersion: nil)
        }
        #expect(refused?.code == .fkMissing, "\(String(describing: refused))")
        #expect(try await admin.query("select count(*)::int from public.subtasks where parent_id = \(item)").scalar(Int.self) == 0)
    }

    // MARK: Cost

    /// The plan of a pull reads the caller's rows only: every scan of a synced table or a
    /// log reads (returns or filters out) a number of rows bounded by what the caller holds,
    /// however many rows other users have. Checked on the query sync_pull runs
    /// (private.sync_items_sql, the body of private.sync_items_<table>_<mode>), EXPLAIN
    /// ANALYZE'd with the caller's keys in the generic plan those functions keep.
    /// The parameters of private.sync_items_<table>_<mode>, in order.
    static let itemParameters = ["p_lo", "p_x", "p_ip", "p_after_c0", "p_after_c1", "p_after_id", "p_after_kind", "p_limit",
                                 "p_kinds", "p_keys", "p_gained_kinds", "p_gained_keys", "p_gained_causes", "p_gained_ats",
                                 "p_lost_kinds", "p_lost_keys", "p_lost_causes", "p_lost_ats"]

    @Test func aUsersPullNeverWalksOtherUsersRows() async throws {
        let alice = try await F.user(admin, "Alice"), other = try await F.user(admin, "Other")
        let mine = try await F.watchlist(admin, owner: alice, title: "Mine")
        let theirs = try await F.watchlist(admin, owner: other, title: "Theirs")
        try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) select \(mine), 'm' || g from generate_series(1, 5) g")
        try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) select \(theirs), 't' || g from generate_series(1, 3000) g")
        try await admin.query("update public.watchlist_entries set notes = 'edited' where watchlist_id = \(theirs)")
        _ = try await task(declaredBy: alice, claimedBy: alice)
        for _ in 0..<20 { _ = try await task(declaredBy: other, claimedBy: other) }
        try await admin.query("insert into public.notes (parent_type, parent_id, content, created_by) select 'task', t.id, 'n', \(other) from public.tasks t, generate_series(1, 100) where t.declared_by = \(other)")
        try await admin.query("analyze")

        for table in ["watchlist_entries", "tasks", "notes"] {
            for mode in ["full", "changes"] {
                let scans = try await pullScans(table, mode, as: alice)
                #expect(!scans.isEmpty)
                // (a small table may be read whole: its rows, filtered out or not, count the same)
                for scan in scans {
                    #expect(scan.rows <= 110, "\(table) \(mode): \(scan.relation) \(scan.node) read \(scan.rows) rows")
                }
            }
        }
    }

    /// Open tasks and activities are seen by every user, and so are their notes and subtasks;
    /// yet another user's open items are not keys of the caller's: a pull of notes or subtasks,
    /// and the ids a child's SELECT policy compares with, never walk them.
    @Test func othersOpenItemsAreOneSharedKeyNotOneKeyPerItem() async throws {
        let alice = try await F.user(admin, "Alice"), other = try await F.user(admin, "Other")
        let mine = try await task(declaredBy: alice, claimedBy: alice)
        _ = try await note(on: mine, by: alice)
        try await admin.query("insert into public.subtasks (parent_type, parent_id, title) values ('task', \(mine), 'Buy paint')")
        try await admin.query("insert into public.tasks (title, declared_by) select 'open ' || g, \(other) from generate_series(1, 3000) g")
        try await admin.query("insert into public.activities (title, declared_by) select 'open ' || g, \(other) from generate_series(1, 3000) g")
        for table in ["notes", "subtasks"] {
            for mode in ["full", "changes"] {
                for scan in try await pullScans(table, mode, as: alice) {
                    #expect(scan.rows <= 110, "\(table) \(mode): \(scan.relation) \(scan.node) read \(scan.rows) rows")
                }
            }
        }
        let ids = try await admin.transaction(as: alice) { conn in
            try conn.query("select (select count(*) from private.caller_visible_ids('tasks')), (select count(*) from private.caller_visible_ids('activities'))")[0]
        }
        #expect(try ids.decode(0, as: Int.self) == 1 && ids.decode(1, as: Int.self) == 0)
        // The children of an open item are still everyone's, found through the one shared key.
        let open = try await admin.query("select id from public.tasks where declared_by = \(other) limit 1").scalar(UUID.self)
        let remark = try await note(on: open, by: other)
        let seen = try await admin.transaction(as: alice) { conn in
            try conn.query("select count(*) from public.notes where id = \(remark)").scalar(Int.self)
        }
        #expect(seen == 1)
        #expect(try await device(alice).pull(.notes).records.count == 2)
    }

    /// An incremental pull reads from its cursor on: the open tasks of another account
    /// written before it (a million, or these 3,000) are not walked again by every later
    /// pull of every user, on the first page (position 0) or any other.
    @Test func anIncrementalPullStartsAtItsCursorNotAtTheFirstOpenTask() async throws {
        let alice = try await F.user(admin, "Alice"), other = try await F.user(admin, "Other")
        _ = try await task(declaredBy: alice, claimedBy: alice)
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.tasks (title, declared_by) select 'open ' || g, '\(other.uuidString.lowercased())' from generate_series(1, 30000) g;
            insert into public.activities (title, declared_by) select 'open ' || g, '\(other.uuidString.lowercased())' from generate_series(1, 30000) g;
            reset session_replication_role;
            """)
        let now = try await admin.query("select pg_snapshot_xmax(pg_current_snapshot())::text").scalar(String.self)
        for table in ["tasks", "activities"] {
            // Index entries the btree skips are no plan rows: count the pages read. The
            // 30,000 entries fill some 150; a scan from the cursor reads a handful.
            let plan = try JSONValue(parsing: try await pullPlan(table, "changes", as: alice, x: now)).arrayValue?.first?["Plan"]
            let pages = (plan?["Shared Hit Blocks"]?.intValue ?? 0) + (plan?["Shared Read Blocks"]?.intValue ?? 0)
            #expect(plan != nil && pages <= 60, "\(table): the empty incremental pull read \(pages) pages")
        }
    }

    /// The scans of the query sync_pull runs for `user` (private.sync_items_sql, the body of
    /// private.sync_items_<table>_<mode>, EXPLAIN ANALYZE'd with the user's keys in the
    /// generic plan those functions keep): per scan of a table, the rows it returned or
    /// filtered out over all its loops. Mode full from scratch, changes from a cursor at the
    /// first transaction (every change).
    func pullScans(_ table: String, _ mode: String, as user: UUID) async throws -> [PlanScan] {
        try PlanScans.of(try await pullPlan(table, mode, as: user))
    }

    /// EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) of that query, from a cursor at `x` (default:
    /// as pullScans).
    func pullPlan(_ table: String, _ mode: String, as user: UUID, x given: String? = nil) async throws -> String {
        let x = given ?? (mode == "full" ? "0" : "1")
        // The statement and its arguments as literals (EXPLAIN EXECUTE takes no parameters).
        let plan = try await admin.query("""
            with k as (select array_agg(kind) as kinds, array_agg(key) as keys from private.user_keys(\(user), null))
            select private.sync_items_sql(\(table), \(mode)),
                   format('explain (analyze, buffers, format json) execute pull (%1$L, %1$L, ''{}'', ''0'', ''0'',
                             ''00000000-0000-0000-0000-000000000000'', -1, %2$s, %3$L, %4$L,
                             ''{}'', ''{}'', ''{}'', ''{}'', ''{}'', ''{}'', ''{}'', ''{}'')', \(x)::text, 1000, k.kinds, k.keys)
              from k
            """)[0]
        // The statement names the parameters of the function that keeps it; PREPARE numbers them.
        var sql = try plan.decode(0, as: String.self)
        for (number, name) in Self.itemParameters.enumerated() {
            sql = sql.replacing(try Regex("\\b\(name)\\b"), with: "$\(number + 1)")
        }
        // Sequential scans discouraged: at test sizes (a few thousand rows) reading a table
        // whole is the planner's honest choice once autovacuum has analyzed it, which it does
        // when it likes; the question is whether a path exists that never walks other users'
        // rows, as the planner takes at production sizes. Where none exists it still plans
        // the sequential scan, and the test sees it.
        try await admin.runScript("deallocate all; set plan_cache_mode = force_generic_plan; set enable_seqscan = off")
        try await admin.query(PostgresQuery(sql: """
            prepare pull (xid8, xid8, xid8[], xid8, xid8, uuid, integer, bigint, text[], uuid[], text[], uuid[], xid8[],
                          timestamptz[], text[], uuid[], xid8[], timestamptz[]) as \(sql)
            """))
        let explained = try await admin.query(PostgresQuery(sql: try plan.decode(1, as: String.self))).scalar(String.self)
        try await admin.runScript("reset enable_seqscan")
        return explained
    }
}
