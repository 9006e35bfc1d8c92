import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing
@testable import Worker

/// Each notification rule end to end: a change committed by an app user → the worker (real
/// engine, real database) → a row in public.notifications → a push payload in a file sink.
@Suite("Notification and push handlers end to end")
struct NotificationHandlerTests {
    /// Runs the two real handlers with a file sink around `body`.
    func withWorker(_ fixture: WorkerFixture, _ body: (_ pushes: String) async throws -> Void) async throws {
        let pushes = temporaryPath("pushes.jsonl")
        let sink = try LineSink(path: pushes)
        let running = fixture.engine(handlers: [NotificationsHandler(), PushHandler(sink: sink)])
        do {
            try await body(pushes)
        } catch {
            try? await running.stop()
            throw error
        }
        try await running.stop()
        try? FileManager.default.removeItem(atPath: pushes)
    }

    func waitIdle(_ fixture: WorkerFixture) async throws {
        #expect(try await eventually { try await fixture.outstanding() == 0 }, "the worker did not drain the queue")
    }

    @Test("claim, release and completion notify the declarer, with a push to her device whose badge is her unread count")
    func claimReleaseComplete() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        try await f.device(alice, "alice-phone", environment: "sandbox")
        let task = try await f.task(declaredBy: alice, title: "Fix the roof")
        try await withWorker(f) { pushes in
            _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
            #expect(try await eventually { pushLines(pushes).count == 1 })
            _ = try await f.acting(as: bob) { try $0.query("select public.release_work_item('task', \(task))") }
            _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
            _ = try await f.acting(as: bob) { try $0.query("update public.tasks set completed = true where id = \(task)") }
            #expect(try await eventually { pushLines(pushes).count == 4 })
            try await waitIdle(f)

            let rows = try await f.notifications()
            #expect(rows.map(\.type) == ["task_claimed", "task_unclaimed", "task_claimed", "task_completed"])
            #expect(rows.allSatisfy { $0.user == alice }, "only the declarer is notified, never the actor")
            #expect(rows[0].body == "Bob claimed “Fix the roof”")
            #expect(rows[3].body == "Bob completed “Fix the roof”")

            let lines = pushLines(pushes)
            let first = try #require(lines.first)
            #expect(first["user_id"]?.stringValue == alice.uuidString.lowercased())
            #expect(first["token"]?.stringValue == "alice-phone")
            #expect(first["platform"]?.stringValue == "ios" && first["environment"]?.stringValue == "sandbox")
            #expect(first["payload"]?["type"]?.stringValue == "task_claimed")
            #expect(first["payload"]?["aps"]?["category"]?.stringValue == "WORK_ITEM")
            #expect(first["payload"]?["aps"]?["alert"]?["title"]?.stringValue == "Task claimed")
            #expect(first["payload"]?["task_id"]?.stringValue == task.uuidString.lowercased())
            #expect(first["payload"]?["source_user_id"]?.stringValue == bob.uuidString.lowercased())
            // The badge is everything unread, though task_* count towards the requests group
            // (the bell total is 0): 1 when the first push left, 4 for the last.
            let counts = try await f.connection.query(
                "select public.notification_badge_counts(\(alice)) as counts").first!.decodeJSON("counts", as: BadgeCounts.self)
            #expect(counts.bellTotal == 0 && counts.requestsTotal == 4)
            #expect(first["payload"]?["aps"]?["badge"]?.intValue == 1)
            #expect(lines.last?["payload"]?["aps"]?["badge"]?.intValue == 4)
        }
        await f.close()
    }

    @Test("a claim pushed by a device that was offline notifies the declarer as a claim does")
    func offlineClaim() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        try await f.device(alice, "alice-phone")
        let task = try await f.task(declaredBy: alice, title: "Fix the roof")
        let bobsApp = SyncService(connection: try await f.db.connect(), user: bob)
        // A pull may leave out a row committed after a transaction still in flight elsewhere in
        // the cluster (a later pull brings it): under make test's other suites it did, so pull
        // until the task is there.
        var pulled: [String: JSONValue]?
        #expect(try await eventually {
            pulled = try await bobsApp.pull(table: .tasks).records
                .first { $0["id"]?.stringValue == task.uuidString.lowercased() }?.objectValue
            return pulled != nil
        })
        var record = try #require(pulled)
        record["claimed_by"] = .string(bob.uuidString)
        try await withWorker(f) { pushes in
            let result = try await bobsApp.push(table: .tasks, record: .object(record), expectedVersion: 1)
            #expect(!result.isConflict)
            #expect(try await eventually { pushLines(pushes).count == 1 })
            try await waitIdle(f)
            let rows = try await f.notifications()
            #expect(rows.map(\.type) == ["task_claimed"])
            #expect(rows.first?.user == alice && rows.first?.body == "Bob claimed “Fix the roof”")
            #expect(pushLines(pushes).first?["payload"]?["source_user_id"]?.stringValue == bob.uuidString.lowercased())
        }
        await f.close()
    }

    @Test("nobody is notified of their own claim or completion")
    func ownActions() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let task = try await f.task(declaredBy: alice)
        try await withWorker(f) { pushes in
            _ = try await f.acting(as: alice) { try $0.query("select public.claim_work_item('task', \(task))") }
            _ = try await f.acting(as: alice) { try $0.query("update public.tasks set completed = true where id = \(task)") }
            try await waitIdle(f)
            #expect(try await f.notifications().isEmpty)
            #expect(pushLines(pushes).isEmpty)
        }
        await f.close()
    }

    @Test("an activity claim uses the activity types")
    func activityClaim() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let activity = try await f.connection.query(
            "insert into public.activities (title, declared_by) values ('Open house', \(alice)) returning id").scalar(UUID.self)
        try await withWorker(f) { _ in
            _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('activity', \(activity))") }
            #expect(try await eventually { try await f.notifications().count == 1 })
            let rows = try await f.notifications()
            #expect(rows.first?.type == "activity_claimed")
            #expect(rows.first?.user == alice)
        }
        await f.close()
    }

    @Test("a note notifies the other people who may see the item: declarer, claimer, listing owner, earlier authors who still see it — not its author, not a former participant")
    func noteRecipients() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let carol = try await f.user("Carol")
        let dave = try await f.user("Dave")
        let eve = try await f.user("Eve")
        let lou = try await f.user("Lou")
        try await f.user("Stranger")
        let listing = try await f.listing(owner: lou)
        let task = try await f.task(declaredBy: alice, title: "Stage the kitchen", listing: listing)
        func note(_ author: UUID, _ content: String) async throws {
            _ = try await f.acting(as: author) {
                try $0.query("insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), \(content), \(author))")
            }
        }
        try await withWorker(f) { _ in
            // Carol and Eve write while the task is open (everyone sees it)...
            try await note(carol, "First!")
            #expect(try await eventually { try await f.notifications().count == 2 })
            try await note(eve, "Second, the lockbox code is 9931")
            #expect(try await eventually { try await f.notifications().count == 5 })
            // ...then Bob claims it: Carol and Eve no longer see it.
            _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
            #expect(try await eventually { try await f.notifications().count == 6 })
            try await note(bob, String(repeating: "Third note. ", count: 30))
            // Dave's note is written by the service (no app user): still not sent to Dave.
            try await f.connection.query("insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), 'Fourth', \(dave))")
            try await waitIdle(f)
            #expect(try await eventually { try await f.notifications().filter { $0.type == "note_added" }.count == 2 + 3 + 2 + 3 })

            let notes = try await f.notifications().filter { $0.type == "note_added" }
            let byNote = Dictionary(grouping: notes, by: { n in ["First", "Second", "Third", "Fourth"].firstIndex { n.body.contains($0) } ?? -1 })
            #expect(Set(byNote[0]?.map(\.user) ?? []) == [alice, lou], "Carol's note: declarer and listing owner (not claimed yet)")
            #expect(Set(byNote[1]?.map(\.user) ?? []) == [alice, lou, carol], "Eve's note: and Carol, who still sees the open task")
            #expect(Set(byNote[2]?.map(\.user) ?? []) == [alice, lou], "Bob's note: not Bob, not Carol nor Eve, who lost the task")
            #expect(Set(byNote[3]?.map(\.user) ?? []) == [alice, lou, bob], "Dave's note: everyone who may see it")
            let long = try #require(byNote[2]?.first?.body)
            #expect(long.hasPrefix("Bob added a note on “Stage the kitchen”: Third note."))
            #expect(long.hasSuffix("…") && long.count < 200, "a long note is cut to an excerpt")
        }
        await f.close()
    }

    @Test("a restore by an admin notifies the owner; restoring one's own deletion does not")
    func restore() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let dana = try await f.user("Dana", admin: true)
        try await f.device(alice, "alice-phone")
        let first = try await f.task(declaredBy: alice, title: "Order the sign")
        let second = try await f.task(declaredBy: alice, title: "Call the stager")
        try await withWorker(f) { pushes in
            for task in [first, second] {
                _ = try await f.acting(as: alice) { try $0.query("delete from public.tasks where id = \(task)") }
            }
            _ = try await f.acting(as: dana) { try $0.query("select public.restore_entity('task', \(first))") }
            _ = try await f.acting(as: alice) { try $0.query("select public.restore_entity('task', \(second))") }
            try await waitIdle(f)
            #expect(try await eventually { pushLines(pushes).count == 1 })
            let rows = try await f.notifications()
            #expect(rows.count == 1)
            #expect(rows.first?.user == alice)
            #expect(rows.first?.type == "entity_restored")
            #expect(rows.first?.body == "Dana restored “Order the sign”")
            let push = try #require(pushLines(pushes).first)
            #expect(push["payload"]?["aps"]?["category"]?.stringValue == "RESTORE")
            #expect(push["payload"]?["aps"]?["badge"]?.intValue == 1, "her one unread notification")
            let restored = try await f.connection.query(
                "select count(*)::int from outbox.events where table_name = 'tasks' and op = 'insert' and restored").scalar(Int.self)
            #expect(restored == 2, "both restores are flagged on their insert events")
        }
        await f.close()
    }

    @Test("sharing a watchlist notifies the new reader")
    func share() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let carol = try await f.user("Carol")
        try await f.device(carol, "carol-phone", platform: "android")
        let watchlist = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'Backyard birds') returning id").scalar(UUID.self)
        try await withWorker(f) { pushes in
            _ = try await f.acting(as: alice) {
                try $0.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(watchlist), \(carol))")
            }
            #expect(try await eventually { pushLines(pushes).count == 1 })
            let rows = try await f.notifications()
            #expect(rows.map(\.user) == [carol])
            #expect(rows.first?.type == "watchlist_shared")
            #expect(rows.first?.body == "Alice shared “Backyard birds” with you")
            #expect(pushLines(pushes).first?["payload"]?["watchlist_id"]?.stringValue == watchlist.uuidString.lowercased())
        }
        await f.close()
    }

    @Test("an observed entry inside another user's enabled location rule is a sighting for that user, if they may read the entry")
    func sighting() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let carol = try await f.user("Carol")
        let eve = try await f.user("Eve")
        func watchlist(_ owner: UUID, _ title: String, enabled: Bool, lat: Double?, lon: Double?, km: Double?) async throws -> UUID {
            try await f.connection.query("""
                insert into public.watchlists (owner_id, title, location_rule_enabled, location_rule_lat, location_rule_lon, location_rule_radius_km)
                values (\(owner), \(title), \(enabled), \(lat), \(lon), \(km)) returning id
                """).scalar(UUID.self)
        }
        _ = try await watchlist(alice, "Backyard birds", enabled: true, lat: 45.5213, lon: -122.6254, km: 5)
        _ = try await watchlist(carol, "Central Park", enabled: true, lat: 40.7829, lon: -73.9654, km: 5)
        _ = try await watchlist(eve, "Paused", enabled: false, lat: 45.5213, lon: -122.6254, km: 50)
        _ = try await watchlist(eve, "Too small", enabled: true, lat: 45.5600, lon: -122.6254, km: 1)
        let bobs = try await watchlist(bob, "Morning walk", enabled: true, lat: 45.5213, lon: -122.6254, km: 5)
        let bird = try await f.connection.query("insert into public.bird (common_name) values ('Varied Thrush') returning id").scalar(UUID.self)
        let entry = try await f.connection.query("""
            insert into public.watchlist_entries (watchlist_id, bird_id, status) values (\(bobs), \(bird), 'to_observe') returning id
            """).scalar(UUID.self)
        // Bob shares "Morning walk" with Alice (and Eve), who accepted: they may read his
        // entries. Carol may not, but her rule is far away anyway.
        for reader in [alice, eve] {
            try await f.connection.query("""
                insert into public.watchlist_shares (watchlist_id, user_id, accepted_at) values (\(bobs), \(reader), now())
                """)
        }
        try await f.device(alice, "alice-phone")
        try await withWorker(f) { pushes in
            _ = try await f.acting(as: bob) {
                try $0.query("update public.watchlist_entries set status = 'observed', lat = 45.5230, lon = -122.6300 where id = \(entry)")
            }
            #expect(try await eventually { pushLines(pushes).contains { $0["payload"]?["type"]?.stringValue == "watchlist_sighting" } })
            // Touching something else of an observed entry is no new sighting.
            _ = try await f.acting(as: bob) {
                try $0.query("update public.watchlist_entries set notes = 'lovely' where id = \(entry)")
            }
            try await waitIdle(f)
            let rows = try await f.notifications().filter { $0.type == "watchlist_sighting" }
            #expect(rows.map(\.user) == [alice], "not Carol (far), not Eve (disabled / too small), not Bob (his own)")
            #expect(rows.first?.body == "Bob observed Varied Thrush inside your watchlist “Backyard birds”")
            let push = try #require(pushLines(pushes).first { $0["payload"]?["type"]?.stringValue == "watchlist_sighting" })
            #expect(push["payload"]?["aps"]?["category"]?.stringValue == "SIGHTING")
            #expect(push["payload"]?["entry_id"]?.stringValue == entry.uuidString.lowercased())
        }
        // The match uses the partial GiST index on the rule location (PostGIS's names
        // resolved as in private.sighting_watchlists: on its search_path).
        try await f.connection.query("select set_config('search_path', private.postgis_search_path() || ', public', false)")
        let plan = try await f.connection.query("""
            explain select w.id from public.watchlists w
             where w.location_rule_enabled and w.deleted_at is null
               and st_dwithin(w.location_rule_location, st_setsrid(st_makepoint(-122.63, 45.52), 4326)::geography, 5000)
            """).map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
        try await f.connection.query("set enable_seqscan = off")
        let forced = try await f.connection.query("""
            explain select w.id from public.watchlists w
             where w.location_rule_enabled and w.deleted_at is null
               and st_dwithin(w.location_rule_location, st_setsrid(st_makepoint(-122.63, 45.52), 4326)::geography, 5000)
            """).map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
        #expect(plan.contains("watchlists") && forced.contains("watchlists_location_rule_gist"), "\(forced)")
        await f.close()
    }

    @Test("a retried event never notifies twice (dedupe key per event, type and recipient)")
    func dedupe() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        let task = try await f.task(declaredBy: alice)
        _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
        let events = try await OutboxQueue.claim(f.connection, worker: "test", handlers: ["notifications"], batch: 10, lease: .seconds(30))
        #expect(events.count == 2)  // the insert and the claim
        let handler = NotificationsHandler()
        let context = HandlerContext(connection: f.connection, worker: "test", log: .silent)
        for _ in 0..<3 {
            let results = await handler.handle(events, context: context)
            #expect(results == [.done, .done])
        }
        let rows = try await f.notifications()
        #expect(rows.count == 1)
        let key = try await f.connection.query("select dedupe_key from public.notifications").scalar(String.self)
        #expect(key == "outbox:\(events[1].id):notifications:task_claimed:\(alice.uuidString.lowercased())")
        await f.close()
    }

    @Test("an unknown notification type in a row cannot be pushed: permanent failure, not a crash")
    func unknownTypeIsPermanent() async throws {
        let f = try await WorkerFixture.make()
        let row = #"{"id":"6f1c1f2e-0000-4000-8000-000000000001","user_id":"6f1c1f2e-0000-4000-8000-000000000002","type":"made_up","title":"x"}"#
        let event = OutboxEvent(id: 1, handlers: ["push"], attempts: [1], table: "notifications", operation: .insert,
                                recordID: nil, recordText: row, changesText: nil, audienceText: nil, createdAt: Date(),
                                actor: nil, restored: false)
        let results = await PushHandler(sink: try LineSink(path: "/dev/null"))
            .handle([event], context: HandlerContext(connection: f.connection, worker: "test", log: .silent))
        guard case .failed(let message, let retryable) = try #require(results.first) else {
            Issue.record("pushed: \(results)")
            return
        }
        #expect(!retryable)
        #expect(message.contains("made_up"))
        await f.close()
    }
}

@Suite("Push badge")
struct PushBadgeTests {
    @Test("the push badge is the total unread of notification_badge_counts (the four groups summed), for every user of a batch")
    func totalUnreadAgrees() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob"), carol = try await f.user("Carol")
        func notify(_ user: UUID, _ type: String, read: Bool = false) async throws {
            try await f.connection.query("""
                insert into public.notifications (user_id, type, title, read) values (\(user), \(type), 'x', \(read))
                """)
        }
        for type in ["entity_restored", "watchlist_shared", "review", "task_claimed", "message", "other", "town_hall_post"] {
            try await notify(alice, type)
        }
        try await notify(alice, "entity_restored", read: true)
        for type in ["town_hall_post", "task_completed"] { try await notify(bob, type) }
        let badges = try await f.connection.transaction { try PushHandler.badges([alice, bob, carol], $0) }
        for user in [alice, bob, carol] {
            let counts = try await f.connection.query("select public.notification_badge_counts(\(user)) as counts")
                .first!.decodeJSON("counts", as: BadgeCounts.self)
            let unread = try await f.connection.query(
                "select count(*)::int from public.notifications where user_id = \(user) and not read").scalar(Int.self)
            #expect(badges[user] == counts.requestsTotal + counts.messagesTotal + counts.communityTotal + counts.bellTotal)
            #expect(badges[user] == unread)
        }
        #expect(badges[alice] == 7 && badges[bob] == 2 && badges[carol] == 0)
        await f.close()
    }
}
