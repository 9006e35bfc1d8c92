import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Offline queues replayed out of order. The Dispatch app makes a listing offline and a task
/// on it; its `SyncManager` pushes tasks and activities (its listings and notes later, or by
/// another path). The watchlist app: "Photos MUST sync AFTER their parent WatchlistEntry ...
/// IF ENTRY SYNC FAILS: Photo stays pending; retry entry, then photo". Whichever child goes
/// first (a task or activity before its listing, a note or subtask before its item, an entry
/// before its watchlist, a photo before its entry) is answered FK_MISSING, whose DETAIL
/// `{table, column, id}` names the parent (`SQLAPIError.missingReference`): a code the app
/// retries after the parent, never NOT_AUTHORIZED (which says "drop it"). Nothing is written;
/// once the parent lands, the same child lands. A parent that exists but is someone else's,
/// out of the caller's sight, gets the very same answer: whether it exists is not the
/// caller's to learn.
@Suite struct SyncParentPendingTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// One pair: the child pushed first is FK_MISSING naming the parent; after the parent,
    /// the same child, unchanged, is applied.
    func expectChildWaitsForParent(_ app: SyncService, child: (SyncTable, JSONValue), parent: (SyncTable, JSONValue),
                                   column: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let parentID = try #require(parent.1["id"]?.stringValue.flatMap(UUID.init(uuidString:)))
        let pending = await F.error(SQLAPIError.self) { _ = try await app.push(table: child.0, record: child.1, expectedVersion: nil) }
        #expect(pending?.code == .fkMissing && pending?.sqlState == .foreignKeyViolation,
                "\(child.0) before \(parent.0): \(String(describing: pending))", sourceLocation: sourceLocation)
        #expect(pending?.missingReference == SQLAPIError.MissingReference(entity: nil, table: parent.0.rawValue, column: column, id: parentID),
                "\(String(describing: pending?.detail))", sourceLocation: sourceLocation)
        let id = try #require(child.1["id"]?.stringValue)
        #expect(try await admin.query(PostgresQuery(sql: "select count(*)::int from public.\(child.0.rawValue) where id = $1::uuid", binds: [id]))
                    .scalar(Int.self) == 0, sourceLocation: sourceLocation)
        for (table, record) in [parent, child] {
            let result = try await app.push(table: table, record: record, expectedVersion: nil)
            #expect(!result.isConflict && result.record["id"]?.stringValue == record["id"]?.stringValue?.lowercased(),
                    "\(table): \(result)", sourceLocation: sourceLocation)
        }
    }

    static func record(_ fields: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.0, $0.1) }).merging(["id": .string(UUID().uuidString)]) { old, _ in old })
    }

    @Test func aTaskOrActivityBeforeItsListing() async throws {
        let alice = try await F.user(admin, "Alice")
        let app = SyncService(connection: try await database.connect(), user: alice)
        for table in [SyncTable.tasks, .activities] {
            // The app's own keys, as toSupabaseJSON() and the listing's CodingKeys write them.
            let listing = Self.record(["address": "12 Elm St", "assigned_realtor": .string(alice.uuidString)])
            let item = Self.record(["title": "Stage the living room", "created_by": .string(alice.uuidString),
                                    "listing": listing["id"]!, "completed": false])
            try await expectChildWaitsForParent(app, child: (table, item), parent: (.listings, listing), column: "listing_id")
        }
    }

    @Test func aNoteOrSubtaskBeforeItsItem() async throws {
        let alice = try await F.user(admin, "Alice")
        let app = SyncService(connection: try await database.connect(), user: alice)
        for (table, type) in [(SyncTable.tasks, "task"), (.activities, "activity")] {
            for child in [SyncTable.notes, .subtasks] {
                let item = Self.record(["title": "Call the inspector", "declared_by": .string(alice.uuidString)])
                let record = child == .notes
                    ? Self.record(["content": "Gate code 4411", "created_by": .string(alice.uuidString),
                                   "parent_type": .string(type), "parent_id": item["id"]!])
                    : Self.record(["title": "Bring the key", "parent_type": .string(type), "parent_id": item["id"]!])
                try await expectChildWaitsForParent(app, child: (child, record), parent: (table, item), column: "parent_id")
            }
        }
        let listing = Self.record(["address": "3 Pine Rd", "owned_by": .string(alice.uuidString)])
        let note = Self.record(["content": "Open house Sunday", "created_by": .string(alice.uuidString),
                                "parent_type": "listing", "parent_id": listing["id"]!])
        try await expectChildWaitsForParent(app, child: (.notes, note), parent: (.listings, listing), column: "parent_id")
    }

    @Test func anEntryBeforeItsWatchlistAndAPhotoBeforeItsEntry() async throws {
        let alice = try await F.user(admin, "Alice")
        let app = SyncService(connection: try await database.connect(), user: alice)
        let watchlist = Self.record(["owner_id": .string(alice.uuidString), "title": "Spring walk"])
        let entry = Self.record(["watchlist_id": watchlist["id"]!, "nickname": "Robin"])
        let photo = Self.record(["watchlist_entry_id": entry["id"]!, "watchlist_id": watchlist["id"]!, "image_path": "robin.jpg"])
        try await expectChildWaitsForParent(app, child: (.watchlistEntries, entry), parent: (.watchlists, watchlist), column: "watchlist_id")
        // The entry is there now: a second photo before a second entry.
        let second = Self.record(["watchlist_id": watchlist["id"]!, "nickname": "Wren"])
        let secondPhoto = Self.record(["watchlist_entry_id": second["id"]!, "watchlist_id": watchlist["id"]!, "image_path": "wren.jpg"])
        try await expectChildWaitsForParent(app, child: (.observedBirdPhotos, secondPhoto), parent: (.watchlistEntries, second),
                                            column: "watchlist_entry_id")
        _ = try await app.push(table: .observedBirdPhotos, record: photo, expectedVersion: nil)
    }

    /// Bob's parents exist, out of Alice's sight: each answer is the one an absent parent
    /// gets, word for word but the id. A parent Alice sees and may not write under (a
    /// watchlist shared with her to read) is NOT_AUTHORIZED: she knows it exists.
    @Test func someoneElsesHiddenParentIsAnsweredAsAnAbsentOne() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let app = SyncService(connection: try await database.connect(), user: alice)
        let bobsListing = try await admin.query("insert into public.listings (address, owned_by) values ('9 Bay St', \(bob)) returning id").scalar(UUID.self)
        let bobsTask = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values ('Private', \(bob), \(bob)) returning id
            """).scalar(UUID.self)
        let bobsWatchlist = try await F.watchlist(admin, owner: bob, title: "Bob's")
        let cases: [(SyncTable, (UUID) -> JSONValue)] = [
            (.tasks, { Self.record(["title": "Mine", "declared_by": .string(alice.uuidString), "listing_id": .string($0.uuidString)]) }),
            (.notes, { Self.record(["content": "hi", "created_by": .string(alice.uuidString), "parent_type": "task", "parent_id": .string($0.uuidString)]) }),
            (.subtasks, { Self.record(["title": "hi", "parent_type": "task", "parent_id": .string($0.uuidString)]) }),
            (.watchlistEntries, { Self.record(["watchlist_id": .string($0.uuidString), "nickname": "Crow"]) }),
        ]
        for ((table, make), existing) in zip(cases, [bobsListing, bobsTask, bobsTask, bobsWatchlist]) {
            let hidden = await F.error(SQLAPIError.self) { _ = try await app.push(table: table, record: make(existing), expectedVersion: nil) }
            let absentID = UUID()
            let absent = await F.error(SQLAPIError.self) { _ = try await app.push(table: table, record: make(absentID), expectedVersion: nil) }
            #expect(hidden?.code == .fkMissing && absent?.code == .fkMissing, "\(table): \(String(describing: hidden)) / \(String(describing: absent))")
            #expect(hidden?.message.replacingOccurrences(of: existing.uuidString.lowercased(), with: "X")
                    == absent?.message.replacingOccurrences(of: absentID.uuidString.lowercased(), with: "X"), "\(table)")
            #expect(hidden?.missingReference?.id == existing && absent?.missingReference?.id == absentID, "\(table)")
        }

        try await F.share(admin, bobsWatchlist, with: alice)
        let shared = await F.error(SQLAPIError.self) {
            _ = try await app.push(table: .watchlistEntries, record: Self.record(["watchlist_id": .string(bobsWatchlist.uuidString), "nickname": "Crow"]),
                                   expectedVersion: nil)
        }
        #expect(shared?.code == .notAuthorized, "\(String(describing: shared))")
    }

    /// A push's answer carries a coded error's `detail` as the JSON object the docs show
    /// (`answer.detail.table`, `answer.detail.claimed_by_name`), not as JSON text in a string:
    /// a batch's rejected record and a lost claim's conflict alike.
    @Test func answersCarryDetailAsAnObject() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let listing = UUID()
        let task = Self.record(["title": "Inspect", "declared_by": .string(alice.uuidString), "listing_id": .string(listing.uuidString)])
        let batch = try await admin.transaction(as: alice) { conn in
            try conn.query("select public.sync_push_batch('tasks', \(JSONValue.array([["record": task, "expected_version": .null]])))::text")
                .scalar(String.self)
        }
        let rejected = try JSONValue(parsing: batch)[0]
        #expect(rejected?["code"] == "FK_MISSING")
        #expect(rejected?["detail"] == ["table": "listings", "column": "listing_id", "id": .string(listing.uuidString.lowercased())],
                "\(batch)")

        // Carol, there when the task was open, loses the race to Bob (she is told who holds it).
        let carol = try await F.user(admin, "Carol")
        let open = try await admin.query("insert into public.tasks (title, declared_by) values ('Open', \(alice)) returning id").scalar(UUID.self)
        try await admin.transaction(as: bob) { conn in _ = try conn.query("select public.claim_work_item('task', \(open))") }
        let conflict = try await admin.transaction(as: carol) { conn in
            try conn.query("""
                select public.sync_push('tasks', jsonb_build_object('id', \(open)::text, 'claimed_by', \(carol)::text), 1)::text
                """).scalar(String.self)
        }
        let answer = try JSONValue(parsing: conflict)
        #expect(answer["code"] == "ALREADY_CLAIMED")
        #expect(answer["detail"]?["claimed_by_name"] == "Bob" && answer["detail"]?["claimed_by"] == .string(bob.uuidString.lowercased()), "\(conflict)")
    }
}
