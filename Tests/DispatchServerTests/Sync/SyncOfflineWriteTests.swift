import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Offline writes land whole or fail loudly: claims, releases and completions pushed by a
/// device that was offline, columns the user may not change, retries whose first answer was
/// lost, and batches. Each user on a connection of their own, as their app would be.
@Suite struct SyncOfflineWriteTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    func app(_ user: UUID) async throws -> SyncService {
        SyncService(connection: try await database.connect(), user: user)
    }

    func task(declaredBy user: UUID, claimedBy claimer: UUID? = nil, title: String = "Fix the roof") async throws -> UUID {
        try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values (\(title), \(user), \(claimer)) returning id
            """).scalar(UUID.self)
    }

    /// The task as the service sees it (every column), to show that a refusal changed nothing.
    func row(_ task: UUID) async throws -> String {
        try await admin.query("select to_jsonb(t)::text from public.tasks t where id = \(task)").scalar(String.self)
    }

    /// The task the app pulled as `id`, with `changes` applied on the device.
    func pulled(_ app: SyncService, _ id: UUID, _ changes: [String: JSONValue]) async throws -> JSONValue {
        let records = try await app.pull(table: .tasks).records
        var record = try #require(records.first { $0["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == id }?.objectValue)
        record.merge(changes) { $1 }
        return .object(record)
    }

    // MARK: Claims

    @Test func anOfflineClaimIsTheClaimClaimWorkItemMakes() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let task = try await task(declaredBy: alice)
        let bobs = try await app(bob)
        // Bob claims it on the train, his device stamping its own time, and renames it.
        let record = try await pulled(bobs, task, ["claimed_by": .string(bob.uuidString), "claimed_at": "2001-01-01T00:00:00Z",
                                                   "title": "Fix the roof today"])
        let result = try await bobs.push(table: .tasks, record: record, expectedVersion: 1)
        guard case .applied(let applied) = result else { Issue.record("\(result)"); return }
        #expect(applied["claimed_by"]?.stringValue?.lowercased() == bob.uuidString.lowercased())
        #expect(applied["title"]?.stringValue == "Fix the roof today")
        #expect(try #require(applied["claimed_at"]?.dateValue) > Date().addingTimeInterval(-600), "the server's clock, not the device's")
        #expect(applied["row_version"]?.intValue == 3, "the claim, then the claimer's edit")
        // Audited as Bob's claim, and in the outbox with Bob as the actor (the worker's notification: NotificationHandlerTests).
        #expect(try await admin.query("""
            select count(*)::int from audit.tasks_log
             where record_pk = \(task) and changed_by = \(bob) and old_row ->> 'claimed_by' is null
               and (new_row ->> 'claimed_by')::uuid = \(bob)
            """).scalar(Int.self) == 1)
        #expect(try await admin.query("""
            select count(*)::int from outbox.events where record_id = \(task) and op = 'update' and actor = \(bob)
            """).scalar(Int.self) == 2, "the claim and the edit")

        // An activity the same way.
        let activity = try await admin.query(
            "insert into public.activities (title, declared_by) values ('Open house', \(alice)) returning id").scalar(UUID.self)
        let claimed = try await bobs.push(table: .activities, record: ["id": .string(activity.uuidString), "claimed_by": .string(bob.uuidString)],
                                          expectedVersion: 1)
        #expect(!claimed.isConflict && claimed.record["claimed_by"]?.stringValue?.lowercased() == bob.uuidString.lowercased())
    }

    @Test func twoOfflineClaimersOneAppliedOneConflictNamingTheWinner() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let carol = try await F.user(admin, "Carol")
        let task = try await task(declaredBy: alice)
        let bobs = try await app(bob)
        let carols = try await app(carol)
        let bobsClaim = try await pulled(bobs, task, ["claimed_by": .string(bob.uuidString)])
        let carolsClaim = try await pulled(carols, task, ["claimed_by": .string(carol.uuidString)])

        // Both reconnect at once.
        async let first = bobs.push(table: .tasks, record: bobsClaim, expectedVersion: 1)
        async let second = carols.push(table: .tasks, record: carolsClaim, expectedVersion: 1)
        let results = [(bob, try await first), (carol, try await second)]
        let winners = results.filter { !$0.1.isConflict }
        let losers = results.filter { $0.1.isConflict }
        try #require(winners.count == 1 && losers.count == 1, "\(results)")
        let winner = winners[0].0
        let winnerName = winner == bob ? "Bob" : "Carol"
        #expect(losers[0].1.claimer?.id == winner)
        #expect(losers[0].1.claimer?.name == winnerName)
        #expect(losers[0].1.record == .null, "the winner's claim took it out of the loser's sight")
        #expect(try await admin.query("select claimed_by from public.tasks where id = \(task)").scalar(UUID.self) == winner)

        // The loser pushing again later (their app retries) still learns who has it.
        let loser = losers[0].0
        let again = try await (loser == bob ? bobs : carols).push(table: .tasks, record: loser == bob ? bobsClaim : carolsClaim,
                                                                  expectedVersion: 1)
        #expect(again.isConflict && again.claimer?.name == winnerName)

        // Alice, who declared it and still sees it, gets the row with the winner.
        let alices = try await app(alice)
        let alicesClaim = try await pulled(alices, task, ["claimed_by": .string(alice.uuidString)])
        let hers = try await alices.push(table: .tasks, record: alicesClaim, expectedVersion: 2)
        guard case .conflict(let server, let claimer) = hers else { Issue.record("\(hers)"); return }
        #expect(claimer?.id == winner && server["claimed_by"]?.stringValue?.lowercased() == winner.uuidString.lowercased())
    }

    @Test func theClaimerReleasesAndNobodyElseDoes() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let task = try await task(declaredBy: alice, claimedBy: bob)
        let alices = try await app(alice)
        let bobs = try await app(bob)

        // Alice declared it but does not hold it: refused, coded, nothing changed.
        let before = try await row(task)
        let release = try await pulled(alices, task, ["claimed_by": .null, "title": "Anyone?"])
        let refused = await F.error(SQLAPIError.self) { _ = try await alices.push(table: .tasks, record: release, expectedVersion: 1) }
        #expect(refused?.code == .notClaimer, "\(String(describing: refused))")
        #expect(refused?.claimer?.name == "Bob")
        #expect(try await row(task) == before)

        // Bob releases it, with a last edit that goes in while he still holds it.
        let bobsRelease = try await pulled(bobs, task, ["claimed_by": .null, "description": "Ladder is in the garage"])
        let released = try await bobs.push(table: .tasks, record: bobsRelease, expectedVersion: 1)
        guard case .applied(let record) = released else { Issue.record("\(released)"); return }
        #expect(record["claimed_by"] == .null && record["claimed_at"] == .null)
        #expect(record["description"]?.stringValue == "Ladder is in the garage" && record["row_version"]?.intValue == 3)
        #expect(try await admin.query("select count(*)::int from audit.tasks_log where record_pk = \(task) and changed_by = \(bob)")
            .scalar(Int.self) == 2)
    }

    @Test func completionOfflineByTheDeclarerOrTheClaimerStampedByTheServer() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let carol = try await F.user(admin, "Carol")
        let claimed = try await task(declaredBy: alice, claimedBy: bob, title: "Claimed by Bob")
        let declared = try await task(declaredBy: alice, title: "Alice's own")
        let open = try await task(declaredBy: alice, title: "Open")
        let done: [String: JSONValue] = ["completed": true, "completed_at": "2001-01-01T00:00:00Z"]

        for (user, item) in [(bob, claimed), (alice, declared)] {
            let app = try await app(user)
            let result = try await app.push(table: .tasks, record: try await pulled(app, item, done), expectedVersion: 1)
            guard case .applied(let record) = result else { Issue.record("\(result)"); continue }
            #expect(record["completed"]?.boolValue == true)
            #expect(try #require(record["completed_at"]?.dateValue) > Date().addingTimeInterval(-600), "the server's clock")
        }

        // Carol may see the open task but not change it: refused; claiming it first makes her its claimer.
        let carols = try await app(carol)
        let before = try await row(open)
        let refused = await F.error(SQLAPIError.self) {
            _ = try await carols.push(table: .tasks, record: try await pulled(carols, open, done), expectedVersion: 1)
        }
        #expect(refused?.code == .notAuthorized, "\(String(describing: refused))")
        #expect(try await row(open) == before)
        var claimAndDone = done
        claimAndDone["claimed_by"] = .string(carol.uuidString)
        let both = try await carols.push(table: .tasks, record: try await pulled(carols, open, claimAndDone), expectedVersion: 1)
        #expect(!both.isConflict && both.record["completed"]?.boolValue == true)
        #expect(both.record["claimed_by"]?.stringValue?.lowercased() == carol.uuidString.lowercased())
    }

    // MARK: Columns the user may not change

    @Test func aForbiddenColumnIsRejectedWithNothingChanged() async throws {
        let alice = try await F.user(admin, "Alice")
        let carol = try await F.user(admin, "Carol")
        let task = try await task(declaredBy: alice)
        let alices = try await app(alice)
        let before = try await row(task)

        for (changes, columns) in [(["declared_by": JSONValue.string(carol.uuidString), "title": "Carol's now"], ["declared_by"]),
                                   (["claimed_by": .string(carol.uuidString)], ["claimed_by"])] {
            let record = try await pulled(alices, task, changes)
            let error = await F.error(SQLAPIError.self) { _ = try await alices.push(table: .tasks, record: record, expectedVersion: 1) }
            #expect(error?.code == .columnNotWritable, "\(String(describing: error))")
            #expect(error?.detailJSON?["columns"] == .array(columns.map { .string($0) }))
            #expect(try await row(task) == before, "not even the title")
        }

        // The whole pulled record pushed back with a new title: the locked columns hold the
        // server's values, the device's times are ignored.
        let edited = try await pulled(alices, task, ["title": "Fix the roof first", "updated_at": "2001-01-01T00:00:00Z", "created_at": "2001-01-01T00:00:00Z"])
        let applied = try await alices.push(table: .tasks, record: edited, expectedVersion: 1)
        #expect(!applied.isConflict && applied.record["title"]?.stringValue == "Fix the roof first")

        // A new row too: a photo's watchlist comes from its entry, and must not say otherwise.
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        let other = try await F.watchlist(admin, owner: alice, title: "Autumn")
        let entry = try await F.entry(admin, in: list)
        let photo = UUID()
        let wrong: JSONValue = ["id": .string(photo.uuidString), "watchlist_entry_id": .string(entry.uuidString),
                                "watchlist_id": .string(other.uuidString), "image_path": "a.jpg"]
        let error = await F.error(SQLAPIError.self) { _ = try await alices.push(table: .observedBirdPhotos, record: wrong, expectedVersion: nil) }
        #expect(error?.code == .columnNotWritable && error?.detailJSON?["columns"] == ["watchlist_id"], "\(String(describing: error))")
        #expect(try await admin.query("select count(*)::int from public.observed_bird_photos").scalar(Int.self) == 0)
        var right = wrong.objectValue!
        right["watchlist_id"] = .string(list.uuidString)
        #expect(try await !alices.push(table: .observedBirdPhotos, record: .object(right), expectedVersion: nil).isConflict)
    }

    /// sync_push's kept UPDATE statements (private.sync_push_update_<table>) name exactly the
    /// columns app users may update: the grants, read again, not a list that could drift.
    @Test func theKeptUpdateStatementsNameTheColumnsAppUsersMayUpdate() async throws {
        let drifted = try await admin.query("""
            select t from unnest(private.sync_tables()) t
              left join pg_proc p on p.proname = 'sync_push_update_' || t and p.pronamespace = 'private'::regnamespace
             cross join lateral (
                   select array(select a.attname::text from pg_attribute a
                                 where a.attrelid = ('public.' || t)::regclass and a.attnum > 0 and not a.attisdropped
                                   and a.attgenerated = '' and a.attname not in ('id', 'created_at', 'updated_at', 'row_version', 'sync_xid')
                                   and has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE')
                                 order by 1) as updatable) g
             where case when p.oid is null then cardinality(g.updatable) > 0
                        else array(select m[1] from regexp_matches(p.prosrc, 'case when ''([a-z_0-9]+)'' = any', 'g') m order by 1)
                             is distinct from g.updatable end
            """).map { try $0.decode(0, as: String.self) }
        #expect(drifted.isEmpty, "run private.generate_sync_statements() after changing the grants of: \(drifted)")
        // None left behind for a table that is no longer synced.
        #expect(try await admin.query("""
            select count(*)::int from pg_proc where proname like 'sync_push\\_update\\_%' and pronamespace = 'private'::regnamespace
               and substr(proname, length('sync_push_update_') + 1) <> all (private.sync_tables())
            """).scalar(Int.self) == 0)
    }

    // MARK: Retries

    @Test func aRetriedInsertOrUpdateAnswersApplied() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let alices = try await app(alice)
        let id = UUID()
        let created: JSONValue = ["id": .string(id.uuidString), "title": "Made offline", "declared_by": .string(alice.uuidString),
                                  "claimed_by": .string(alice.uuidString), "completed": false]
        let first = try await alices.push(table: .tasks, record: created, expectedVersion: nil)
        guard case .applied(let inserted) = first else { Issue.record("\(first)"); return }
        #expect(try await alices.push(table: .tasks, record: created, expectedVersion: nil) == .applied(inserted))
        #expect(try await admin.query("select count(*)::int from public.tasks").scalar(Int.self) == 1)

        // An update at version 1 produced version 2; the same push again answers applied.
        var edited = inserted.objectValue!
        edited["title"] = "Made offline, renamed"
        let update = try await alices.push(table: .tasks, record: .object(edited), expectedVersion: 1)
        guard case .applied(let updated) = update else { Issue.record("\(update)"); return }
        #expect(try await alices.push(table: .tasks, record: .object(edited), expectedVersion: 1) == .applied(updated))

        // Not a retry: other values at that version (merged: the title was changed on both
        // sides, and the push is the later write), or the same values after a later write
        // (merged: nothing of it is new, the later write stays).
        var other = edited
        other["title"] = "Something else"
        let again = try await alices.push(table: .tasks, record: .object(other), expectedVersion: 1)
        guard case .merged(let merged, let fields) = again else { Issue.record("\(again)"); return }
        #expect(merged["title"]?.stringValue == "Something else" && fields["title"]?.winner == .push, "\(fields)")
        try await admin.query("update public.tasks set description = 'later' where id = \(id)")
        let late = try await alices.push(table: .tasks, record: ["id": .string(id.uuidString), "title": "Something else"], expectedVersion: 1)
        guard case .merged(let kept, let none) = late else { Issue.record("\(late)"); return }
        #expect(none.isEmpty && kept["description"]?.stringValue == "later" && kept["row_version"]?.intValue == 4)
        // A claim with an edit wrote twice; its retry is still applied.
        let open = try await task(declaredBy: alice)
        let bobs = try await app(bob)
        let claim = try await pulled(bobs, open, ["claimed_by": .string(bob.uuidString), "title": "Mine"])
        let claimed = try await bobs.push(table: .tasks, record: claim, expectedVersion: 1)
        #expect(claimed.record["row_version"]?.intValue == 3)
        #expect(try await bobs.push(table: .tasks, record: claim, expectedVersion: 1) == claimed)
    }

    // MARK: Batches

    /// The same users and tasks in any database (fixed ids), for the batch-against-singles test.
    static let ids = (alice: UUID(uuidString: "a0000000-0000-4000-8000-000000000001")!,
                      bob: UUID(uuidString: "b0000000-0000-4000-8000-000000000002")!,
                      carol: UUID(uuidString: "c0000000-0000-4000-8000-000000000003")!)
    static func id(_ group: Int, _ i: Int) -> UUID { UUID(uuidString: String(format: "%08x-0000-4000-8000-%012x", group, i))! }

    /// Alice's 40 tasks, Bob's 20 open ones and 20 that Carol claimed after they were seen open.
    static func seed(_ conn: PostgresConnection) async throws {
        for (id, name) in [(ids.alice, "Alice"), (ids.bob, "Bob"), (ids.carol, "Carol")] {
            try await conn.query("insert into auth.users (id) values (\(id))")
            try await conn.query("insert into public.users (id, name) values (\(id), \(name))")
        }
        try await conn.query("""
            insert into public.tasks (id, title, declared_by, claimed_by)
            select ('00000001-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Alice''s ' || i, \(ids.alice)::uuid, null::uuid
              from generate_series(0, 39) i
            union all
            select ('00000002-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Bob''s ' || i, \(ids.bob)::uuid, null::uuid
              from generate_series(0, 19) i
            union all
            select ('00000003-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Held ' || i, \(ids.bob)::uuid, null::uuid
              from generate_series(0, 19) i
            """)
        try await conn.query("update public.tasks set claimed_by = \(ids.carol) where title like 'Held %'")
    }

    /// 200 pending writes of Alice's with every kind of answer.
    static func pending() -> [SyncPendingWrite] {
        let alice = JSONValue.string(ids.alice.uuidString)
        func record(_ id: UUID, _ fields: [String: JSONValue]) -> JSONValue { .object(fields.merging(["id": .string(id.uuidString)]) { $1 }) }
        var writes: [SyncPendingWrite] = []
        for i in 0..<40 {  // new rows, the first 10 pushed twice (a retry within the batch)
            writes.append(SyncPendingWrite(record: record(id(9, i), ["title": .string("New \(i)"), "declared_by": alice]), expectedVersion: nil))
        }
        for i in 0..<10 {
            writes.append(SyncPendingWrite(record: record(id(9, i), ["title": .string("New \(i)"), "declared_by": alice]), expectedVersion: nil))
        }
        for i in 0..<30 {  // edits of her own
            writes.append(SyncPendingWrite(record: record(id(1, i), ["title": .string("Edited \(i)"), "priority": "high"]), expectedVersion: 1))
        }
        for i in 30..<40 {  // stale
            writes.append(SyncPendingWrite(record: record(id(1, i), ["title": .string("Stale \(i)")]), expectedVersion: 7))
        }
        for i in 0..<20 {  // claims of Bob's open tasks, half completed too
            writes.append(SyncPendingWrite(record: record(id(2, i), ["claimed_by": alice, "completed": .bool(i % 2 == 0)]), expectedVersion: 1))
        }
        for i in 0..<20 {  // claims of tasks Carol claimed first
            writes.append(SyncPendingWrite(record: record(id(3, i), ["claimed_by": alice]), expectedVersion: 1))
        }
        for i in 0..<20 {  // releases of those she claimed above: merged where she completed it too (the release stands)
            writes.append(SyncPendingWrite(record: record(id(2, i), ["claimed_by": .null]), expectedVersion: 2))
        }
        for i in 0..<30 {  // her own edited tasks given to Bob
            writes.append(SyncPendingWrite(record: record(id(1, i), ["declared_by": .string(ids.bob.uuidString)]), expectedVersion: 2))
        }
        for i in 0..<10 {  // not a record
            writes.append(SyncPendingWrite(record: ["id": .string("not-a-uuid-\(i)")], expectedVersion: 1))
        }
        for i in 0..<10 {  // nothing there
            writes.append(SyncPendingWrite(record: record(id(8, i), ["title": "Gone"]), expectedVersion: 1))
        }
        return writes
    }

    /// The answers of pushing `writes` one at a time (sync_push), as a batch answers them.
    static func pushOneByOne(_ writes: [SyncPendingWrite], _ app: SyncService) async throws -> [Result<SyncPushResult, SQLAPIError>] {
        var answers: [Result<SyncPushResult, SQLAPIError>] = []
        for write in writes {
            do {
                answers.append(.success(try await app.push(table: .tasks, record: write.record, expectedVersion: write.expectedVersion)))
            } catch let error as SQLAPIError {
                answers.append(.failure(error))
            }
        }
        return answers
    }

    /// A result without the server's times, comparable across databases.
    static func comparable(_ result: Result<SyncPushResult, SQLAPIError>) -> String {
        func strip(_ record: JSONValue) -> JSONValue {
            guard var object = record.objectValue else { return record }
            for key in ["created_at", "updated_at", "claimed_at", "completed_at"] where object[key] != nil && object[key] != .null {
                object[key] = "(time)"
            }
            return .object(object)
        }
        switch result {
        case .success(.applied(let record)): return "applied \(strip(record).jsonText)"
        case .success(.conflict(let record, let claimer)): return "conflict \(strip(record).jsonText) \(claimer?.name ?? "-")"
        case .success(.merged(let record, let fields)):
            return "merged \(strip(record).jsonText) \(fields.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.winner)" })"
        // DETAIL as JSON where it is (a batch carries it as an object, a raised error as text).
        case .failure(let error): return "rejected \(error.code) \(error.message) \(error.detailJSON?.jsonText ?? error.detail ?? "")"
        }
    }

    @Test func aBatchOf200AnswersWhatPushingThemOneByOneAnswers() async throws {
        let batchDatabase = database
        let (singlesDatabase, singlesAdmin) = try await TestDatabase.createWithAdmin()
        try await Self.seed(admin)
        try await Self.seed(singlesAdmin)
        let writes = Self.pending()
        #expect(writes.count == 200)

        let batched = try await SyncService(connection: try await batchDatabase.connect(), user: Self.ids.alice)
            .push(table: .tasks, batch: writes)
        let oneByOne = try await Self.pushOneByOne(writes, SyncService(connection: try await singlesDatabase.connect(), user: Self.ids.alice))
        #expect(batched.map(Self.comparable) == oneByOne.map(Self.comparable))

        // Every kind of answer is there, and the rejected records undid nothing of the others.
        let kinds = Dictionary(grouping: batched.map(Self.comparable), by: { String($0.prefix(while: { $0 != " " })) }).mapValues(\.count)
        #expect(kinds == ["applied": 110, "merged": 10, "conflict": 30, "rejected": 50], "\(kinds)")
        let codes = batched.compactMap { if case .failure(let error) = $0 { error.code } else { nil } }
        #expect(Set(codes) == [.columnNotWritable, .invalidRecord, .notFound])
        #expect(batched[110...129].allSatisfy { (try? $0.get())?.claimer?.name == "Carol" })
        let state = "select jsonb_agg(to_jsonb(t) - 'created_at' - 'updated_at' - 'claimed_at' - 'completed_at' - 'sync_xid' order by id)::text from public.tasks t"
        #expect(try await admin.query(PostgresQuery(sql: state)).scalar(String.self)
                == singlesAdmin.query(PostgresQuery(sql: state)).scalar(String.self))
        #expect(try await admin.query("select count(*)::int from public.tasks where declared_by = \(Self.ids.alice)").scalar(Int.self) == 80)
        await singlesAdmin.close()
    }

    /// The plain edits and new rows of a batch (each of its own row, no claim or release) are
    /// written in one statement: what that records (answers, rows, audit log, outbox, the field
    /// changes a later merge reads) is what pushing them one by one records. An edit that breaks
    /// a rule fails that statement: it alone is rejected and the others still land; so is one
    /// the caller may read but not change, which that statement passes over, and a new row the
    /// caller may not create.
    @Test func plainEditsAndNewRowsOfABatchRecordWhatPushingThemOneByOneRecords() async throws {
        let (singlesDatabase, singlesAdmin) = try await TestDatabase.createWithAdmin()
        try await Self.seed(admin)
        try await Self.seed(singlesAdmin)
        func record(_ id: UUID, _ fields: [String: JSONValue]) -> JSONValue { .object(fields.merging(["id": .string(id.uuidString)]) { $1 }) }
        func edits(_ round: Int) -> [SyncPendingWrite] {
            (0..<30).map { i in
                SyncPendingWrite(record: record(Self.id(1, i), ["title": .string("Batched \(round).\(i)"), "priority": i % 2 == round % 2 ? "high" : "low"]),
                                 expectedVersion: round + 1)
            }
        }
        let alice = JSONValue.string(Self.ids.alice.uuidString)
        let newRows = (0..<20).map { i in
            SyncPendingWrite(record: record(Self.id(9, i), ["title": .string("New \(i)"), "declared_by": alice]), expectedVersion: nil)
        }
        for (round, rule) in ["none broken", "an empty title", "another's task", "new rows, one declared by another"].enumerated() {
            let writes: [SyncPendingWrite] = switch round {
            case 0: edits(round)
            case 1: Array(edits(round)[..<10]) + [SyncPendingWrite(record: record(Self.id(1, 30), ["title": "  "]), expectedVersion: 1)]
                    + edits(round)[10...]
            case 2: [SyncPendingWrite(record: record(Self.id(2, 0), ["title": "Mine now"]), expectedVersion: 1)] + edits(round)
            default: Array(newRows[..<5]) + [SyncPendingWrite(record: record(Self.id(9, 99), ["title": "Bob's", "declared_by": .string(Self.ids.bob.uuidString)]), expectedVersion: nil)]
                     + newRows[5...]
            }
            let batched = try await SyncService(connection: try await database.connect(), user: Self.ids.alice)
                .push(table: .tasks, batch: writes)
            let oneByOne = try await Self.pushOneByOne(writes, SyncService(connection: try await singlesDatabase.connect(), user: Self.ids.alice))
            #expect(batched.map(Self.comparable) == oneByOne.map(Self.comparable), "\(rule)")
            let rejected = batched.compactMap { if case .failure(let error) = $0 { error.code } else { nil } }
            let expected: [[SQLAPIError.Code]] = [[], [.invalidRecord], [.notAuthorized], [.notAuthorized]]
            #expect(rejected == expected[round], "\(rule)")
        }
        // Everything but the server's clock.
        let times = "'created_at' - 'updated_at' - 'claimed_at' - 'completed_at' - 'sync_xid'"
        for recorded in [
            "select jsonb_agg(to_jsonb(t) - \(times) order by id)::text from public.tasks t",
            "select jsonb_agg(jsonb_build_array(record_pk, action, old_row - \(times), new_row - \(times), changed_by) order by record_pk, id)::text from audit.log",
            "select jsonb_agg(jsonb_build_array(record_id, op, record - \(times), old_record - \(times), audience, actor) order by record_id, id)::text from outbox.events",
            "select jsonb_agg(jsonb_build_array(row_id, row_version, changed_by, digests) order by row_id, row_version)::text from private.sync_field_changes",
        ] {
            #expect(try await admin.query(PostgresQuery(sql: recorded)).scalar(String?.self)
                    == singlesAdmin.query(PostgresQuery(sql: recorded)).scalar(String?.self), "\(recorded)")
        }
        await singlesAdmin.close()
    }

    @Test func aBatchOverTheLimitOrMalformedIsCodedAndPushesNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let alices = try await app(alice)
        let writes = (0...SyncService.maxBatchSize).map { i in
            SyncPendingWrite(record: ["id": .string(UUID().uuidString), "title": .string("Task \(i)"), "declared_by": .string(alice.uuidString)],
                             expectedVersion: nil)
        }
        let error = await F.error(SQLAPIError.self) { _ = try await alices.push(table: .tasks, batch: writes) }
        #expect(error?.code == .invalidBatch, "\(String(describing: error))")
        #expect(error?.detailJSON?["max"]?.intValue == SyncService.maxBatchSize)
        #expect(error?.detailJSON?["length"]?.intValue == SyncService.maxBatchSize + 1)
        #expect(try await admin.query("select count(*)::int from public.tasks").scalar(Int.self) == 0)

        // What any other client could send: not an array, an item of another shape. The valid
        // first item is not pushed either.
        let valid = #"{"record": {"id": "\#(UUID().uuidString)", "title": "x", "declared_by": "\#(alice.uuidString)"}, "expected_version": null}"#
        for batch in [#"{"record": {}}"#, "[\(valid), 42]", "[\(valid), {\"record\": {}, \"version\": 1}]",
                      "[\(valid), {\"record\": {}, \"expected_version\": \"1\"}]", "[\(valid), {\"expected_version\": 1}]"] {
            let refused = await F.error(SQLAPIError.self) {
                do {
                    try await admin.transaction(as: alice) { conn in _ = try conn.query("select public.sync_push_batch('tasks', \(batch)::jsonb)") }
                } catch let error as PostgresError { throw SQLAPIError(error) ?? error }
            }
            #expect(refused?.code == .invalidBatch, "\(batch): \(String(describing: refused))")
        }
        #expect(try await admin.query("select count(*)::int from public.tasks").scalar(Int.self) == 0)
        #expect(try await alices.push(table: .tasks, batch: []).isEmpty)
    }
}
