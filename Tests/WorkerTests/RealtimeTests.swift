import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing
@testable import Worker

@Suite("Realtime change feeds")
struct RealtimeTests {
    func now(_ f: WorkerFixture) async throws -> RealtimeCursor {
        RealtimeCursor(rawValue: try await f.connection.query("select outbox.current_cursor()").scalar(String.self))
    }

    /// Reads `count` records from `iterator`, failing after `timeout`.
    func take(_ count: Int, from iterator: ChangeFeed.Iterator, timeout: Duration = .seconds(20)) async throws -> [RealtimeRecord] {
        var records: [RealtimeRecord] = []
        let deadline = ContinuousClock.now + timeout
        while records.count < count {
            guard ContinuousClock.now < deadline else { break }
            let next = try await withThrowingTaskGroup(of: RealtimeRecord?.self) { group in
                group.addTask {
                    var copy = iterator
                    return try await copy.next()
                }
                group.addTask { try await Task.sleep(for: deadline - ContinuousClock.now); return nil }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            guard let next else { break }
            records.append(next)
        }
        return records
    }

    @Test("inserts, updates and deletes arrive as RealtimeRecords with typed columns")
    func recordShapes() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let iterator = f.connection.changes(tables: ["tasks"], since: try await now(f)).makeAsyncIterator()
        async let first = take(3, from: iterator)
        let task = try await f.task(declaredBy: alice, title: "Fix the roof")
        try await f.connection.query("update public.tasks set title = 'Fix the roof today', priority = 'urgent' where id = \(task)")
        try await f.connection.query("delete from public.tasks where id = \(task)")
        let records = try await first
        try #require(records.count == 3)
        #expect(records.map(\.eventType) == [.insert, .update, .delete])
        #expect(records.allSatisfy { $0.table == "tasks" && $0.recordID == task })
        #expect(try records[0].record.decode("title", as: String.self) == "Fix the roof")
        #expect(try records[0].record.decode("declared_by", as: UUID.self) == alice)
        #expect(try records[0].record.decode("completed", as: Bool.self) == false)
        #expect(try records[0].record.decodeIfPresent("claimed_by", as: UUID.self) == nil)
        #expect(try records[0].record.decode("created_at", as: Date.self).timeIntervalSinceNow < 60)
        #expect(records[0].oldRecord == nil)
        #expect(try records[1].record.decode("title", as: String.self) == "Fix the roof today")
        #expect(try records[1].oldRecord?.decode("title", as: String.self) == "Fix the roof")
        #expect(try records[1].oldRecord?.decode("priority", as: String.self) == "medium")
        #expect(Set(records[1].changedColumns).isSuperset(of: ["title", "priority"]))
        #expect(records[2].record.isEmpty)
        #expect(try records[2].oldRecord?.decode("title", as: String.self) == "Fix the roof today")
        #expect(throws: RealtimeDecodingError.self) { try records[0].record.decode("title", as: Int.self) }
        #expect(throws: RealtimeDecodingError.self) { try records[0].record.decode("no_such_column", as: String.self) }
        await f.close()
    }

    @Test("a subscriber disconnected while 100 changes commit resumes from its cursor and receives all 100")
    func resumeFromCursor() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let task = try await f.task(declaredBy: alice)
        var cursor: RealtimeCursor
        do {
            let iterator = f.connection.changes(tables: ["tasks"], since: try await now(f)).makeAsyncIterator()
            async let first = take(1, from: iterator)
            try await f.connection.query("update public.tasks set title = 'seen live' where id = \(task)")
            let seen = try await first
            try #require(seen.count == 1)
            cursor = seen[0].cursor
        }
        // The subscriber is gone (its iterator and connection dropped); 100 changes commit,
        // some of them in one transaction.
        for i in 0..<60 { try await f.connection.query("update public.tasks set title = \("offline \(i)") where id = \(task)") }
        try await f.connection.transaction { connection in
            for i in 60..<100 { try connection.query("update public.tasks set title = \("offline \(i)") where id = \(task)") }
        }
        let resumed = f.connection.changes(tables: ["tasks"], since: cursor, options: .init(pageSize: 7)).makeAsyncIterator()
        let missed = try await take(100, from: resumed)
        #expect(missed.count == 100)
        #expect(try missed.map { try $0.record.decode("title", as: String.self) } == (0..<100).map { "offline \($0)" })
        #expect(Set(missed.map(\.id)).count == 100, "no repeats")
        await f.close()
    }

    @Test("a feed whose connection is killed reconnects by itself and misses nothing")
    func reconnects() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let task = try await f.task(declaredBy: alice)
        let iterator = f.connection.changes(tables: ["tasks"], since: try await now(f), options: .init(pollInterval: .seconds(30))).makeAsyncIterator()
        async let before = take(1, from: iterator)
        try await f.connection.query("update public.tasks set title = 'before' where id = \(task)")
        #expect(try await before.count == 1)
        // Kill the feed's backend, then commit while it is away.
        let killed = try await f.connection.query("""
            select count(*)::int from (select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and query like '%changes_since%' or
                   (datname = current_database() and pid <> pg_backend_pid() and query like 'listen%')) t
            """).scalar(Int.self)
        #expect(killed >= 1)
        for i in 0..<100 { try await f.connection.query("update public.tasks set title = \("during \(i)") where id = \(task)") }
        let after = try await take(100, from: iterator)
        #expect(try after.map { try $0.record.decode("title", as: String.self) } == (0..<100).map { "during \($0)" })
        await f.close()
    }

    @Test("the longest note (10,000 characters, past NOTIFY's 8000-byte limit) rings the doorbell with an empty payload and is delivered")
    func largeRow() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        try await f.device(alice, "alice-phone")
        let task = try await f.task(declaredBy: alice)
        let listener = try await f.db.connect()
        let body = String(String(repeating: "All work and no play makes Jack a dull boy. ", count: 230).prefix(10_000))
        #expect(body.utf8.count > 8000)
        let iterator = f.connection.changes(tables: ["notes"], since: try await now(f)).makeAsyncIterator()
        async let note = take(1, from: iterator)
        let pushes = temporaryPath("pushes.jsonl")
        let running = f.engine(handlers: [NotificationsHandler(), PushHandler(sink: try LineSink(path: pushes))])
        let payload = try await listener.listen(on: Doorbell.channel) { notifications in
            try await Task.sleep(for: .milliseconds(300))
            try await f.connection.query("insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), \(body), \(bob))")
            for try await notification in notifications { return notification.payload }
            return "none"
        }
        #expect(payload == "", "the doorbell never carries the row")
        let records = try await note
        #expect(try records.first?.record.decode("content", as: String.self).utf8.count == body.utf8.count)
        #expect(try await eventually { pushLines(pushes).count == 1 })
        let rows = try await f.notifications()
        #expect(rows.map(\.type) == ["note_added"])
        #expect(rows.first?.user == alice)
        #expect((rows.first?.body.count ?? 0) < 300)
        try await running.stop()
        await listener.close()
        await f.close()
    }

    @Test("a user's feed reports a share as inserts of what it grants, its revocation and a claim by someone else as deletes")
    func visibilityChanges() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let carol = try await f.user("Carol")
        let list = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'Spring') returning id").scalar(UUID.self)
        let entries = Set(try await f.connection.query("""
            insert into public.watchlist_entries (watchlist_id, nickname) select \(list), 'e' || g from generate_series(1, 3) g returning id
            """).map { try $0.decode(0, as: UUID.self) })
        let open = try await f.task(declaredBy: alice)
        let bobs = f.connection.changes(tables: ["watchlists", "watchlist_entries"], since: try await now(f),
                                        options: .init(user: bob)).makeAsyncIterator()
        let carols = f.connection.changes(tables: ["tasks"], since: try await now(f), options: .init(user: carol)).makeAsyncIterator()

        // Shared with Bob, who accepts: his feed gets the watchlist and its entries, which
        // nobody wrote.
        async let granted = take(4, from: bobs)
        try await f.connection.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(list), \(bob))")
        _ = try await f.acting(as: bob) { try $0.query("select public.accept_watchlist_share(\(list))") }
        let grants = try await granted
        #expect(grants.count == 4 && grants.allSatisfy { $0.eventType == .insert && $0.reason == .granted })
        #expect(Set(grants.compactMap(\.recordID)) == entries.union([list]))
        #expect(try grants.first { $0.table == "watchlists" }?.record.decode("title", as: String.self) == "Spring")

        // Revoked: deletes.
        async let revoked = take(4, from: bobs)
        try await f.connection.query("delete from public.watchlist_shares where watchlist_id = \(list)")
        let revocations = try await revoked
        #expect(revocations.count == 4 && revocations.allSatisfy { $0.eventType == .delete && $0.reason == .revoked })
        #expect(Set(revocations.compactMap(\.recordID)) == entries.union([list]))

        // Bob claims Alice's open task: Carol never sees the claimed row, only that it left her view.
        async let claimed = take(1, from: carols)
        _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(open))") }
        let claim = try await claimed
        #expect(claim.count == 1 && claim.first?.eventType == .delete && claim.first?.reason == .revoked)
        #expect(claim.first?.recordID == open && claim.first?.record.isEmpty == true)
        await f.close()
    }

    @Test("subtasks, watchlist rules and photos are recorded, each with the audience the visibility definition names")
    func recordedWithTheirAudience() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let lou = try await f.user("Lou")
        try await f.user("Stranger")
        let house = try await f.listing(owner: lou)
        let item = try await f.task(declaredBy: alice, listing: house)
        try await f.connection.query("update public.tasks set claimed_by = \(bob) where id = \(item)")
        let list = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'Spring') returning id").scalar(UUID.self)
        try await f.connection.query("insert into public.watchlist_shares (watchlist_id, user_id, accepted_at) values (\(list), \(bob), now())")
        let entry = try await f.connection.query(
            "insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'robin') returning id").scalar(UUID.self)
        let first = try await f.connection.query("select coalesce(max(id), 0) from outbox.events").scalar(Int64.self)
        try await f.connection.query("insert into public.subtasks (parent_type, parent_id, title) values ('task', \(item), 'Buy paint')")
        try await f.connection.query("insert into public.watchlist_rules (watchlist_id, rule_type) values (\(list), 'species')")
        try await f.connection.query(
            "insert into public.observed_bird_photos (watchlist_entry_id, image_path) values (\(entry), 'a.jpg')")
        let events = Dictionary(uniqueKeysWithValues: try await f.connection.query("""
            select table_name, array_to_string(audience, ','), visible_to_all from outbox.events where id > \(first) and op = 'insert'
            """).map {
            (try $0.decode(0, as: String.self),
             (Set(try $0.decode(1, as: String.self).split(separator: ",").compactMap { UUID(uuidString: String($0)) }), try $0.decode(2, as: Bool.self)))
        })
        #expect(events["subtasks"]?.0 == [alice, bob, lou] && events["subtasks"]?.1 == false, "the claimed task's people")
        #expect(events["watchlist_rules"]?.0 == [alice, bob] && events["watchlist_rules"]?.1 == false, "owner and reader")
        #expect(events["observed_bird_photos"]?.0 == [alice, bob] && events["observed_bird_photos"]?.1 == false)
        await f.close()
    }

    @Test("changes_since filters by user and rejects bad input with coded errors")
    func feedFilters() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let cursor = try await f.connection.query("select outbox.current_cursor()").scalar(String.self)
        let aliceTask = try await f.task(declaredBy: alice)
        _ = try await f.task(declaredBy: bob)
        try await f.connection.query("update public.tasks set completed = true")
        func count(_ user: UUID) async throws -> Int {
            let page = try await f.connection.query(
                "select outbox.changes_since(\(cursor), '{tasks}', 100, \(user))::text").scalar(String.self)
            return try JSONValue(parsing: page)["events"]?.arrayValue?.count ?? -1
        }
        // Open tasks concern everybody; completed ones only their people.
        #expect(try await count(alice) == 4)
        try await f.connection.query("update public.tasks set title = 'done' where id = \(aliceTask)")
        #expect(try await count(bob) == 4, "Alice's completed task is no longer Bob's business")
        #expect(try await count(alice) == 5)
        let bad: [(String, SQLAPIError.Code)] = [
            ("select outbox.changes_since('garbage')", .invalidCursor),
            ("select outbox.changes_since(null, '{nope}')", .invalidTable),
            ("select outbox.changes_since(null, null, 0)", .invalidLimit),
        ]
        for (sql, code) in bad {
            await #expect(performing: { try await f.connection.query(PostgresQuery(sql: sql)) }, throws: { error in
                (error as? PostgresError).flatMap(SQLAPIError.init)?.code == code
            })
        }
        await f.close()
    }
}

@Suite("JSON text parser")
struct ChangeFeedJSONTests {
    @Test("parses what to_jsonb writes, escapes and all")
    func values() throws {
        let value = try JSONValue(parsing: #" {"a": [1, -2.5, 3e2, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "o": {}, "n": 12345678901234567890} "#)
        #expect(value["a"] == [1, -2.5, 300, true, false, nil])
        #expect(value["s"]?.stringValue == "q\"\\/\u{08}\u{0C}\n\r\té😀")
        #expect(value["o"] == .object([:]))
        #expect(value["n"]?.doubleValue == Double("12345678901234567890"))
        #expect(try JSONValue(parsing: "\"plain ünïcode\"") == "plain ünïcode")
    }

    @Test("rejects malformed text with the offset")
    func errors() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "\"unterminated", "tru", "1 2", "\"\\ud83d\"", "{\"a\":01x}"] {
            #expect(throws: (any Error).self, "\(text)") { try JSONValue(parsing: text) }
        }
    }
}
