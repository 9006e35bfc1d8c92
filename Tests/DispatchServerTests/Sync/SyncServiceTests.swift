@testable import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct SyncServiceTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    // MARK: The page functions

    /// sync_pull builds each page with private.sync_page_<table> (the statements of
    /// private.sync_page_sql, one per mode, with their plans kept). A migration that changes a synced table's
    /// columns changes that statement: the final step of migrate (private.apply_manifest)
    /// generates the page functions again, and the pull then carries the new column.
    @Test func thePageFunctionsAreThoseOfTheCurrentColumns() async throws {
        func stale() async throws -> [String] {
            try await admin.query("""
                select t from unnest(private.sync_tables()) t
                 where exists (select from unnest(array['full', 'changes', 'admin']) m
                                where (select p.prosrc from pg_proc p where p.oid = format('private.%I', 'sync_page_' || t)::regproc)
                                      not like '%' || private.sync_page_sql(t, m) || '%')
                """).map { try $0.decode(0, as: String.self) }
        }
        #expect(try await stale().isEmpty)

        let alice = try await F.user(admin, "Alice")
        try await F.entry(admin, in: try await F.watchlist(admin, owner: alice, title: "Spring"), nickname: "robin")
        let sync = SyncService(connection: try await database.connect(), user: alice)
        try await admin.runScript("alter table public.watchlist_entries add column colour text default 'red'")
        #expect(try await stale() == ["watchlist_entries"])
        try await admin.query("select private.apply_manifest()")
        #expect(try await stale().isEmpty)
        #expect(try await sync.pull(table: .watchlistEntries).records.first?["colour"]?.stringValue == "red")
    }

    // MARK: The compact encoding

    /// A watchlist entry as an app keeps it (ids, times, numbers, nulls, booleans).
    struct Entry: Decodable, Equatable {
        let id: UUID, watchlistID: UUID, birdID: UUID?, nickname: String?, notes: String?, lat: Double?, lon: Double?
        let priority: Int, notifyUpcoming: Bool, addedDate: Date?, deletedAt: Date?, updatedAt: Date?, rowVersion: Int
        enum CodingKeys: String, CodingKey {
            case id, nickname, notes, lat, lon, priority
            case watchlistID = "watchlist_id", birdID = "bird_id", notifyUpcoming = "notify_upcoming", addedDate = "added_date"
            case deletedAt = "deleted_at", updatedAt = "updated_at", rowVersion = "row_version"
        }
    }

    /// A compact page names the columns once and writes each record as an array of values:
    /// decoded, it is the object page, record for record (numbers, nulls, booleans, times),
    /// as `JSONValue`s and as the app's type, with the same deletions, cursors and paging,
    /// for a full pull and an incremental one that carries a tombstone, a hard delete and a
    /// revocation.
    @Test func bothEncodingsOfAPullDecodeToTheSameRecords() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let mine = try await F.watchlist(admin, owner: alice, title: "Spring")
        let theirs = try await F.watchlist(admin, owner: bob, title: "Shared")
        try await F.share(admin, theirs, with: alice)
        let bird = try await F.bird(admin, "Robin")
        for i in 0..<5 {
            try await F.entry(admin, in: mine, nickname: "entry \(i) \"quoted\" ✓", bird: i % 2 == 0 ? bird : nil,
                              latitude: i % 2 == 0 ? 52.5 + Double(i) / 7 : nil, longitude: i % 2 == 0 ? 13.25 : nil)
        }
        try await admin.query("update public.watchlist_entries set notify_upcoming = true, priority = 3 where watchlist_id = \(mine) and bird_id is null")
        try await F.entry(admin, in: theirs, nickname: "shared")
        let compact = SyncService(connection: try await database.connect(), user: alice)
        #expect(compact.pageEncoding == .compact, "the Swift client's default")
        var plain = compact
        plain.pageEncoding = .objects

        func both(from cursor: SyncCursor?) async throws -> [SyncPage] {
            var pages: [[SyncPage]] = []
            for service in [plain, compact] {
                var list: [SyncPage] = []
                try await service.pullAll(table: .watchlistEntries, from: cursor, limit: 2) { list.append($0) }
                pages.append(list)
            }
            #expect(pages[0].count == pages[1].count)
            for (a, b) in zip(pages[0], pages[1]) {
                #expect(a.records == b.records)
                #expect(try a.records(as: Entry.self) == b.records(as: Entry.self))
                #expect(try b.records(as: Entry.self) == b.records.map { try PostgresJSONCoding.decoder.decode(Entry.self, from: Data($0.jsonText.utf8)) })
                #expect(a.deleted == b.deleted)
                // (the cursors name the snapshot of each pull: other suites' transactions move it)
                #expect(a.hasMore == b.hasMore)
            }
            return pages[1]
        }
        let full = try await both(from: nil)
        #expect(full.flatMap(\.records).count == 6 && full.count == 3)
        #expect(full.flatMap(\.records).contains { $0["lat"]?.doubleValue != nil && $0["notify_upcoming"]?.boolValue == false })

        try await admin.query("update public.watchlist_entries set deleted_at = now() where nickname like 'entry 1%'")
        try await admin.query("delete from public.watchlist_entries where nickname like 'entry 2%'")
        try await admin.query("delete from public.watchlist_shares where watchlist_id = \(theirs)")
        try await admin.query("update public.watchlist_entries set notes = 'edited' where nickname like 'entry 3%'")
        let changes = try await both(from: full.last!.cursor)
        #expect(Set(changes.flatMap(\.deleted).map(\.reason)) == [.deleted, .revoked])
        #expect(changes.flatMap(\.records).map { $0["notes"]?.stringValue } == ["edited"])

        // On the wire: the column names once, and arrays of values.
        let text = try await admin.transaction(as: alice) { conn in
            try conn.query("select public.sync_pull('watchlist_entries', null, 1000, 'compact')::text").scalar(String.self)
        }
        let page = try JSONValue(parsing: text)
        #expect(page["columns"]?.arrayValue?.first?.stringValue == "id")
        #expect(page["records"]?.arrayValue?.allSatisfy { $0.arrayValue?.count == page["columns"]?.arrayValue?.count } == true)
        #expect(text.hasPrefix(#"{"cursor" : "v2."#), "cursor and has_more first, as in an object page")
    }

    @Test func anEncodingThatIsNeitherIsACodedError() async throws {
        let alice = try await F.user(admin, "Alice")
        for (bad, code) in [("rows", SQLAPIError.Code.invalidArgument), (nil, .nullArgument)] as [(String?, SQLAPIError.Code)] {
            let error = await F.error(SQLAPIError.self) {
                do {
                    try await admin.transaction(as: alice) { conn in
                        _ = try conn.query("select public.sync_pull('notes', null, 10, \(bad))")
                    }
                } catch let error as PostgresError { throw SQLAPIError(error) ?? error }
            }
            #expect(error?.code == code, "\(String(describing: bad)): \(String(describing: error))")
        }
    }

    // MARK: Never missing a change

    @Test func aTransactionThatCommitsAfterAPullIsInTheNextOne() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        try await F.entry(admin, in: list, nickname: "already there")

        // Alice's phone pulls on one connection while her laptop writes on another.
        let phone = SyncService(connection: try await database.connect(), user: alice)
        let laptop = try await database.connect()
        let first = try await phone.pull(table: .watchlistEntries)
        #expect(first.records.map { $0["nickname"]?.stringValue } == ["already there"])

        let late = UUID()
        let (pulledWhileOpen, updatedAt) = try await laptop.transaction(as: alice) { conn in
            // Written (and stamped with updated_at) now, committed only after the phone's pull.
            let updatedAt = try conn.query("""
                insert into public.watchlist_entries (id, watchlist_id, nickname) values (\(late), \(list), 'slow writer')
                returning updated_at
                """).scalar(Date.self)
            let page = try await phone.pull(table: .watchlistEntries, cursor: first.cursor)
            return (page, updatedAt)
        }
        #expect(pulledWhileOpen.records.isEmpty, "not committed yet")

        // The usual clock cursor: rows with updated_at after the last pull's server time.
        let lastSyncedAt = pulledWhileOpen.serverTimestamp
        #expect(updatedAt < lastSyncedAt)
        let naive = try await admin.transaction(as: alice) { conn in
            try conn.query("select id from public.watchlist_entries where updated_at > \(lastSyncedAt)").map { try $0.decode(0, as: UUID.self) }
        }
        #expect(!naive.contains(late), "updated_at > last_synced_at loses the slow writer's row")

        // Ours delivers it, once.
        let next = try await phone.pull(table: .watchlistEntries, cursor: pulledWhileOpen.cursor)
        #expect(F.ids(next.records) == [late])
        let after = try await phone.pull(table: .watchlistEntries, cursor: next.cursor)
        #expect(after.records.isEmpty && after.deleted.isEmpty)
    }

    @Test func pagesFollowHasMoreWithoutGapsOrRepeats() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        var live: Set<UUID> = []
        for batch in 0..<5 {  // several transactions, several rows each
            try await admin.transaction { conn in
                for i in 0..<5 { _ = try conn.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), \("\(batch)-\(i)"))") }
            }
        }
        live = Set(try await admin.query("select id from public.watchlist_entries").map { try $0.decode(0, as: UUID.self) })
        let removed = try await admin.query("delete from public.watchlist_entries where nickname in ('1-1', '3-4') returning id")
            .map { try $0.decode(0, as: UUID.self) }
        live.subtract(removed)

        let sync = SyncService(connection: try await database.connect(), user: alice)
        var seen: [UUID] = []
        var deleted: [UUID] = []
        var pages: [SyncPage] = []
        var writtenMidway: UUID?
        let cursor = try await sync.pullAll(table: .watchlistEntries, limit: 4) { page in
            pages.append(page)
            seen += F.ids(page.records)
            deleted += page.deleted.map(\.id)
            if pages.count == 2 {  // a write between pages is never lost
                writtenMidway = try await F.entry(admin, in: list, nickname: "midway")
            }
        }
        #expect(pages.dropLast().allSatisfy { $0.hasMore && $0.records.count + $0.deleted.count == 4 })
        #expect(pages.last?.hasMore == false)
        #expect(seen.count == Set(seen).count, "no record twice")
        #expect(Set(seen).subtracting([writtenMidway!]) == live)
        // A full sync does not replay deletions from before it started.
        #expect(deleted.isEmpty)
        // The same as one big page.
        let whole = try await sync.pull(table: .watchlistEntries, limit: 10_000)
        #expect(Set(F.ids(whole.records)).subtracting([writtenMidway!]) == live)
        // The midway row came in this pull or comes in the next: never lost.
        let next = try await sync.pull(table: .watchlistEntries, cursor: cursor)
        #expect(seen.contains(writtenMidway!) || F.ids(next.records) == [writtenMidway!])
        let quiet = try await sync.pull(table: .watchlistEntries, cursor: next.cursor)
        #expect(quiet.records.isEmpty && quiet.deleted.isEmpty && !quiet.hasMore)
    }

    /// pullAll asks for the next page before it decodes this one, from the cursor and
    /// has_more at the start of the answer: they are the whole answer's.
    @Test func theStartOfAnAnswerIsItsCursorAndHasMore() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        for name in ["robin", "wren", "finch"] { try await F.entry(admin, in: list, nickname: name) }
        var cursor: String?
        for expected in [true, true, false] {
            let from = cursor
            let text = try await admin.transaction(as: alice) { conn in
                try conn.query("select public.sync_pull('watchlist_entries', \(from), 1)::text").scalar(String.self)
            }
            let whole = try JSONValue(parsing: text)
            let head = try #require(SyncPage.head(of: text))
            #expect(head.cursor.rawValue == whole["cursor"]?.stringValue)
            #expect(head.hasMore == whole["has_more"]?.boolValue && head.hasMore == expected)
            cursor = head.cursor.rawValue
        }
        // Another order is read whole first.
        #expect(SyncPage.head(of: #"{"records" : [], "cursor" : "v1.e30", "has_more" : true}"#) == nil)
    }

    // MARK: Push

    @Test func anOfflineInsertKeepsItsIdAndTheServerDecidesTheRest() async throws {
        let alice = try await F.user(admin, "Alice")
        let sync = SyncService(connection: try await database.connect(), user: alice)
        let id = UUID()
        let created: JSONValue = ["id": .string(id.uuidString), "title": "Made on the train", "owner_id": .string(alice.uuidString),
                                  "row_version": 7, "updated_at": "1999-01-01T00:00:00Z", "sync_status": "pendingCreate"]
        let result = try await sync.push(table: .watchlists, record: created, expectedVersion: nil)
        guard case .applied(let record) = result else { Issue.record("\(result)"); return }
        #expect(record["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == id)
        #expect(record["row_version"]?.intValue == 1, "the device does not set the version")
        #expect(record["updated_at"]?.stringValue?.hasPrefix("1999") == false, "nor the time")
        #expect(record["sync_xid"] == nil && record["location_rule_location"] == nil)

        // The same push again (the answer was lost on the way): no second row, applied, the server row back.
        let retried = try await sync.push(table: .watchlists, record: created, expectedVersion: nil)
        #expect(retried == .applied(record))
        #expect(try await admin.query("select count(*) from public.watchlists").scalar(Int.self) == 1)

        // And it syncs down to the other device.
        let page = try await sync.pull(table: .watchlists)
        #expect(F.ids(page.records) == [id])
    }

    @Test func aStaleVersionIsMergedFieldByFieldIntoTheServerRow() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        let phone = SyncService(connection: try await database.connect(), user: alice)
        let laptop = SyncService(connection: try await database.connect(), user: alice)
        let pulled = try #require(try await phone.pull(table: .watchlists).records.first)
        #expect(pulled["row_version"]?.intValue == 1)

        var edited = pulled.objectValue!
        edited["title"] = "Spring (laptop)"
        let first = try await laptop.push(table: .watchlists, record: .object(edited), expectedVersion: 1)
        guard case .applied(let applied) = first else { Issue.record("\(first)"); return }
        #expect(applied["row_version"]?.intValue == 2)

        // The phone, offline, changed another field of the row it pulled at version 1.
        var offline = pulled.objectValue!
        offline["location"] = "Marsh"
        let stale = try await phone.push(table: .watchlists, record: .object(offline), expectedVersion: 1)
        guard case .merged(let server, let fields) = stale else { Issue.record("\(stale)"); return }
        #expect(server["title"]?.stringValue == "Spring (laptop)" && server["location"]?.stringValue == "Marsh")
        #expect(server["row_version"]?.intValue == 3)
        #expect(fields == ["location": .init(winner: .push, reason: .pushed), "title": .init(winner: .server, reason: .server)])
        #expect(try await admin.query("select title || '/' || location from public.watchlists where id = \(list)").scalar(String.self)
                == "Spring (laptop)/Marsh")

        // Pushing back the server row unchanged at its version is a no-op, not a new version.
        let same = try await phone.push(table: .watchlists, record: server, expectedVersion: 3)
        #expect(!same.isConflict && same.record["row_version"]?.intValue == 3)
    }

    // MARK: Deletions

    @Test func aTombstoneIsDeliveredThenPurgedAndTheHardDeleteStillArrives() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let list = try await F.watchlist(admin, owner: alice, title: "Autumn")
        try await F.share(admin, list, with: bob)
        let bobsPhone = SyncService(connection: try await database.connect(), user: bob)
        let bobsTablet = SyncService(connection: try await database.connect(), user: bob)
        let phoneStart = try await bobsPhone.pull(table: .watchlists)
        let tabletStart = try await bobsTablet.pull(table: .watchlists)
        #expect(F.ids(phoneStart.records) == [list])

        // Alice deletes it in the app: a tombstone with the server's time, not the device's.
        let alicesApp = SyncService(connection: try await database.connect(), user: alice)
        let tomb = try await alicesApp.push(table: .watchlists, record: ["id": .string(list.uuidString), "deleted_at": "2030-01-01T00:00:00Z"],
                                            expectedVersion: 1)
        #expect(!tomb.isConflict)
        let phoneAfter = try await bobsPhone.pull(table: .watchlists, cursor: phoneStart.cursor)
        #expect(phoneAfter.records.isEmpty)
        #expect(phoneAfter.deleted.map(\.id) == [list])
        #expect(phoneAfter.deleted[0].deletedAt < Date().addingTimeInterval(3600))

        // The worker's purge: nothing at 30 days, the tombstone once it is old enough.
        let purge = { (age: String) in
            try await admin.transaction { conn in
                try conn.act(as: .service)
                return try conn.query("select public.purge_watchlist_tombstones(\(age)::interval)").scalar(Int.self)
            }
        }
        #expect(try await purge("30 days") == 0)
        #expect(try await purge("0 seconds") == 1)
        #expect(try await admin.query("select count(*) from public.watchlists").scalar(Int.self) == 0)

        // The tablet never saw the tombstone: the hard delete reaches it instead.
        let tabletAfter = try await bobsTablet.pull(table: .watchlists, cursor: tabletStart.cursor)
        #expect(tabletAfter.records.isEmpty && tabletAfter.deleted.map(\.id) == [list])
        // The phone gets the hard delete too (a repeat is harmless), then nothing more.
        let phoneLater = try await bobsPhone.pull(table: .watchlists, cursor: phoneAfter.cursor)
        #expect(phoneLater.deleted.map(\.id) == [list])
        #expect(try await bobsPhone.pull(table: .watchlists, cursor: phoneLater.cursor).deleted.isEmpty)

        // Once the deletions themselves are purged, an old cursor must resync.
        _ = try await admin.transaction { conn in
            try conn.act(as: .service)
            return try conn.query("select public.purge_sync_deletions('0 seconds')").scalar(Int.self)
        }
        let expired = await F.error(SQLAPIError.self) { _ = try await bobsTablet.pull(table: .watchlists, cursor: tabletStart.cursor) }
        #expect(expired?.code == .cursorExpired, "\(String(describing: expired))")
        #expect(try await bobsTablet.pull(table: .watchlists).records.isEmpty)
        // A full sync is never expired, not even on its later pages.
        for title in ["Winter", "Summer", "Spring"] { _ = try await F.watchlist(admin, owner: alice, title: title) }
        var pages = 0
        try await alicesApp.pullAll(table: .watchlists, limit: 1) { _ in pages += 1 }
        #expect(pages == 3)
    }

    // MARK: Who sees what

    @Test func anotherUserNeverPullsRowsTheyCannotSee() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let carol = try await F.user(admin, "Carol")
        let alices = try await F.watchlist(admin, owner: alice, title: "Alice's")
        let bobs = try await F.watchlist(admin, owner: bob, title: "Bob's")
        let aliceEntry = try await F.entry(admin, in: alices, nickname: "alice's robin")
        let bobEntry = try await F.entry(admin, in: bobs, nickname: "bob's wren")
        try await admin.query("insert into public.watchlist_rules (watchlist_id, rule_type) values (\(alices), 'species')")
        try await admin.query("insert into public.observed_bird_photos (watchlist_entry_id, image_path) values (\(aliceEntry), 'a.jpg')")
        try await admin.query("insert into public.tasks (title, declared_by, claimed_by, claimed_at) values ('private', \(alice), \(alice), now())")

        let asCarol = SyncService(connection: try await database.connect(), user: carol)
        let asBob = SyncService(connection: try await database.connect(), user: bob)
        var carolCursors: [SyncTable: SyncCursor] = [:]
        var bobCursors: [SyncTable: SyncCursor] = [:]
        for table in SyncTable.allCases {
            let page = try await asCarol.pull(table: table)
            #expect(page.records.isEmpty && page.deleted.isEmpty, "Carol sees nothing of \(table)")
            carolCursors[table] = page.cursor
            bobCursors[table] = try await asBob.pull(table: table).cursor
        }
        #expect(F.ids(try await asBob.pull(table: .watchlists).records) == [bobs])
        #expect(F.ids(try await asBob.pull(table: .watchlistEntries).records) == [bobEntry])
        #expect(try await asBob.pull(table: .watchlistRules).records.isEmpty)
        #expect(try await asBob.pull(table: .observedBirdPhotos).records.isEmpty)
        #expect(try await asBob.pull(table: .tasks).records.isEmpty)

        // Nor their deletions.
        try await admin.query("delete from public.watchlists where id = \(alices)")
        try await admin.query("delete from public.tasks")
        for table in SyncTable.allCases {
            let carolsPage = try await asCarol.pull(table: table, cursor: carolCursors[table])
            #expect(carolsPage.records.isEmpty && carolsPage.deleted.isEmpty, "Carol: \(table)")
            let bobsPage = try await asBob.pull(table: table, cursor: bobCursors[table])
            #expect(bobsPage.records.isEmpty && bobsPage.deleted.isEmpty, "Bob: \(table)")
        }
    }

    @Test func sharingGivesReadButNotWrite() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let list = try await F.watchlist(admin, owner: alice, title: "Shared")
        let entry = try await F.entry(admin, in: list, nickname: "robin")
        try await F.share(admin, list, with: bob)
        let asBob = SyncService(connection: try await database.connect(), user: bob)

        #expect(F.ids(try await asBob.pull(table: .watchlists).records) == [list])
        let entries = try await asBob.pull(table: .watchlistEntries).records
        #expect(F.ids(entries) == [entry])

        let snapshot = { try await admin.query("""
            select (select jsonb_agg(to_jsonb(w) order by id) from public.watchlists w)::text
                || (select jsonb_agg(to_jsonb(e) order by id) from public.watchlist_entries e)::text
            """).scalar(String.self) }
        let before = try await snapshot()
        let attempts: [(SyncTable, JSONValue, Int?)] = [
            (.watchlists, ["id": .string(list.uuidString), "title": "Bob was here"], 1),
            (.watchlistEntries, ["id": .string(entry.uuidString), "nickname": "bob's robin"], 1),
            (.watchlistEntries, ["id": .string(UUID().uuidString), "watchlist_id": .string(list.uuidString), "nickname": "bob's own"], nil),
        ]
        for (table, record, version) in attempts {
            let error = await F.error(SQLAPIError.self) { _ = try await asBob.push(table: table, record: record, expectedVersion: version) }
            #expect(error?.code == .notAuthorized, "\(table) \(record): \(String(describing: error))")
        }
        #expect(try await snapshot() == before, "nothing changed")

        // A 'write' share may manage entries, still not the watchlist itself.
        try await admin.query("update public.watchlist_shares set role = 'write'")
        let applied = try await asBob.push(table: .watchlistEntries, record: ["id": .string(entry.uuidString), "nickname": "bob's robin"],
                                           expectedVersion: 1)
        #expect(!applied.isConflict && applied.record["nickname"]?.stringValue == "bob's robin")
        let stillNot = await F.error(SQLAPIError.self) {
            _ = try await asBob.push(table: .watchlists, record: ["id": .string(list.uuidString), "title": "Bob was here"], expectedVersion: 1)
        }
        #expect(stillNot?.code == .notAuthorized, "\(String(describing: stillNot))")
    }

    // MARK: Bad input

    @Test func badTableCursorAndRecordGetCodedErrorsAndChangeNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        let entry = try await F.entry(admin, in: list, nickname: "robin")
        let conn = try await database.connect()
        let sync = SyncService(connection: conn, user: alice)
        let start = try await sync.pull(table: .watchlists)
        let entriesStart = try await sync.pull(table: .watchlistEntries)

        let snapshot = { try await admin.query("""
            select (select jsonb_agg(to_jsonb(w) order by id) from public.watchlists w)::text
                || (select jsonb_agg(to_jsonb(e) order by id) from public.watchlist_entries e)::text
                || (select count(*) from public.sync_deletions)::text
            """).scalar(String.self) }
        let before = try await snapshot()

        func expectCode(_ code: SQLAPIError.Code, _ label: String, _ body: () async throws -> Void) async {
            let error = await F.error(SQLAPIError.self, body)
            #expect(error?.code == code, "\(label): \(String(describing: error))")
        }

        // Tables: Swift cannot name another, so send what any other client could.
        for sql: PostgresQuery in ["select public.sync_pull('users')", "select public.sync_pull('tasks; drop table public.tasks')",
                                   "select public.sync_push('bird', '{\"id\": \"00000000-0000-0000-0000-000000000001\"}', null)"] {
            await expectCode(.invalidTable, sql.sql) {
                do { try await conn.transaction(as: alice) { conn in _ = try conn.query(sql) } } catch let error as PostgresError {
                    throw SQLAPIError(error) ?? error
                }
            }
        }
        await expectCode(.nullArgument, "null table") {
            do { try await conn.transaction(as: alice) { conn in _ = try conn.query("select public.sync_pull(null)") } } catch let error as PostgresError {
                throw SQLAPIError(error) ?? error
            }
        }

        // Cursors.
        let foreign = start.cursor  // belongs to watchlists
        let tampered = SyncCursor(rawValue: String(entriesStart.cursor.rawValue.dropLast(3)) + "AAA")
        for (label, cursor) in [("garbage", SyncCursor(rawValue: "garbage")), ("another table's", foreign),
                                ("tampered", tampered), ("empty", SyncCursor(rawValue: ""))] {
            await expectCode(.invalidCursor, "\(label) cursor") { _ = try await sync.pull(table: .watchlistEntries, cursor: cursor) }
        }
        for limit in [0, -1, 10_001] {
            await expectCode(.invalidLimit, "limit \(limit)") { _ = try await sync.pull(table: .watchlists, limit: limit) }
        }

        // Records.
        let id = JSONValue.string(list.uuidString)
        let badRecords: [(SQLAPIError.Code, String, JSONValue, Int?)] = [
            (.invalidRecord, "not an object", "just text", 1),
            (.invalidRecord, "an array", [["id": id]], 1),
            (.invalidRecord, "no id", ["title": "x"], 1),
            (.invalidRecord, "id not a uuid", ["id": "42", "title": "x"], 1),
            (.invalidRecord, "unknown column", ["id": id, "title": "x", "evil; drop table x": 1], 1),
            (.invalidRecord, "wrong type", ["id": id, "observed_count": "many"], 1),
            (.invalidRecord, "breaks a check", ["id": id, "observed_count": -1], 1),
            (.invalidRecord, "dates out of order", ["id": id, "start_date": "2025-05-01", "end_date": "2025-04-01"], 1),
            (.invalidVersion, "negative version", ["id": id, "title": "x"], -1),
            (.notFound, "no such row", ["id": .string(UUID().uuidString), "title": "x"], 3),
        ]
        for (code, label, record, version) in badRecords {
            await expectCode(code, label) { _ = try await sync.push(table: .watchlists, record: record, expectedVersion: version) }
        }
        await expectCode(.fkMissing, "entry of a missing bird") {
            _ = try await sync.push(table: .watchlistEntries, record: ["id": .string(entry.uuidString), "bird_id": .string(UUID().uuidString)],
                                    expectedVersion: 1)
        }

        #expect(try await snapshot() == before, "nothing changed")
        let after = try await sync.pull(table: .watchlists, cursor: start.cursor)
        #expect(after.records.isEmpty && after.deleted.isEmpty)
    }

    // MARK: Retries

    @Test func pullAllRetriesATransientFailureWithThePolicyAndLosesNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        for i in 0..<7 { try await F.entry(admin, in: list, nickname: "e\(i)") }
        let sleeps = RecordedSleeps()
        let pool = database.pool(maxConnections: 2)
        var recording = SyncService(pool: pool, user: alice)
        recording.sleep = { await sleeps.record($0) }
        let sync = recording

        // Hold a lock the pull needs, kill the waiting backend (the server reports 57P01, a
        // transient error), then let the retry through.
        let locker = try await database.connect()
        try await locker.runScript("begin; lock table public.watchlist_entries in access exclusive mode")
        let pulling = Task {
            var ids: [UUID] = []
            _ = try await sync.pullAll(table: .watchlistEntries, limit: 3) { ids += F.ids($0.records) }
            return ids
        }
        var killed = false
        for _ in 0..<500 where !killed {
            killed = try await admin.query("""
                select pg_terminate_backend(pid) from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and query like '%sync_pull%'
                """).contains { (try? $0.decode(0, as: Bool.self)) == true }
            if !killed { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(killed)
        try await locker.runScript("commit")
        let ids = try await pulling.value
        #expect(Set(ids) == Set(try await admin.query("select id from public.watchlist_entries").map { try $0.decode(0, as: UUID.self) }))
        #expect(ids.count == 7)
        #expect(await sleeps.delays == [.seconds(1)])

        // A coded error is permanent: no retry.
        let error = await F.error(SQLAPIError.self) {
            _ = try await sync.pullAll(table: .watchlistEntries, from: SyncCursor(rawValue: "garbage")) { _ in }
        }
        #expect(error?.code == .invalidCursor, "\(String(describing: error))")
        #expect(await sleeps.delays == [.seconds(1)])
        await pool.close()
    }
}
