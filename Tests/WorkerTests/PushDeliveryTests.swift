import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// Who gets a notification and a push, end to end (an app user's change → the real worker →
/// rows and pushes): the badge, preferences, devices, and nothing that leaks or floods.
@Suite("Push delivery: badge, preferences, devices, no leaks")
struct PushDeliveryTests {
    /// The two real handlers with a file sink, around `body`; returns the engine's totals.
    @discardableResult
    func withWorker(_ f: WorkerFixture, concurrency: Int = 1, log: WorkerLog = .silent,
                    _ body: (_ pushes: String) async throws -> Void) async throws -> WorkerStats.Totals {
        let pushes = temporaryPath("pushes.jsonl")
        let running = f.engine(handlers: [NotificationsHandler(), PushHandler(sink: try LineSink(path: pushes))], log: log) {
            $0.concurrency = concurrency
        }
        do {
            try await body(pushes)
            #expect(try await eventually { try await f.outstanding() == 0 }, "the worker did not drain the queue")
        } catch {
            try? await running.stop()
            throw error
        }
        try await running.stop()
        try? FileManager.default.removeItem(atPath: pushes)
        return running.engine.stats.snapshot
    }

    func claim(_ f: WorkerFixture, _ user: UUID, _ task: UUID) async throws {
        _ = try await f.acting(as: user) { try $0.query("select public.claim_work_item('task', \(task))") }
    }

    func release(_ f: WorkerFixture, _ user: UUID, _ task: UUID) async throws {
        _ = try await f.acting(as: user) { try $0.query("select public.release_work_item('task', \(task))") }
    }

    @Test("the badge is the recipient's total unread across the four groups at send time")
    func badgeIsTotalUnread() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob")
        try await f.device(alice, "alice-phone")
        // Unread in every group, and one read notification that does not count.
        for type in ["message", "town_hall_post", "watchlist_sighting", "review", "entity_restored", "task_completed"] {
            try await f.connection.query("insert into public.notifications (user_id, type, title) values (\(alice), \(type), 'x')")
        }
        try await f.connection.query("insert into public.notifications (user_id, type, title, read) values (\(alice), 'other', 'x', true)")
        let task = try await f.task(declaredBy: alice)
        try await withWorker(f) { pushes in
            // Those rows are pushed too; then the claim.
            #expect(try await eventually { try await f.outstanding() == 0 })
            try await claim(f, bob, task)
            #expect(try await eventually { pushLines(pushes).contains { $0["payload"]?["type"]?.stringValue == "task_claimed" } })
            let push = try #require(pushLines(pushes).first { $0["payload"]?["type"]?.stringValue == "task_claimed" })
            let unread = try await NotificationService(connection: f.connection, user: alice).unreadCount()
            #expect(unread == 7)
            #expect(push["payload"]?["aps"]?["badge"]?.intValue == unread, "6 earlier unread + the claim")
        }
        await f.close()
    }

    @Test("a type turned off: no notification and no push; turned on again: both; mandatory types always")
    func preferences() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob")
        try await f.device(alice, "alice-phone")
        let task = try await f.task(declaredBy: alice)
        try await f.preference(alice, "notify_work_item_updates", false)
        try await withWorker(f) { pushes in
            try await claim(f, bob, task)
            try await release(f, bob, task)
            #expect(try await eventually { try await f.outstanding() == 0 })
            #expect(try await f.notifications().isEmpty, "nothing created while off")
            #expect(pushLines(pushes).isEmpty)

            try await f.preference(alice, "notify_work_item_updates", true)
            try await claim(f, bob, task)
            #expect(try await eventually { pushLines(pushes).count == 1 })
            #expect(try await f.notifications().map(\.type) == ["task_claimed"])

            // A mandatory type has no switch: with every preference off it is still pushed.
            for key in try await f.acting(as: alice, { try $0.query("select jsonb_object_keys(public.get_notification_preferences())")
                .map { try $0.decode(0, as: String.self) } }) {
                try await f.preference(alice, key, false)
            }
            try await f.connection.query("insert into public.notifications (user_id, type, title) values (\(alice), 'announcement', 'Maintenance tonight')")
            #expect(try await eventually { pushLines(pushes).count == 2 })
            #expect(pushLines(pushes).last?["payload"]?["type"]?.stringValue == "announcement")
        }
        await f.close()
    }

    @Test("a type turned off between the insert and the push is not pushed (push.muted)")
    func mutedAtPushTime() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        try await f.device(alice, "alice-phone")
        try await f.preference(alice, "notify_reviews", false)
        // Written past the insert path (as if just before the switch), then pushed.
        try await f.connection.query("insert into public.notifications (user_id, type, title) values (\(alice), 'review', 'New review')")
        let totals = try await withWorker(f) { (pushes: String) async throws in
            #expect(try await eventually { try await f.outstanding() == 0 })
            #expect(pushLines(pushes).isEmpty)
        }
        #expect(totals.counters["push.muted"] == 1)
        #expect(totals.counters["push.sent"] == nil)
        await f.close()
    }

    @Test("each active device gets the push; a user without devices gets none (push.no_device)")
    func devices() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob"), carol = try await f.user("Carol")
        try await f.device(alice, "alice-phone")
        try await f.device(alice, "alice-tablet", platform: "android")
        let alices = try await f.task(declaredBy: alice, title: "Alice's")
        let carols = try await f.task(declaredBy: carol, title: "Carol's")
        let logged = Mutex<[String]>([])
        let log = WorkerLog(sink: { line in logged.withLock { $0.append(line) } })
        let totals = try await withWorker(f, log: log) { (pushes: String) async throws in
            try await claim(f, bob, alices)
            try await claim(f, bob, carols)
            #expect(try await eventually { try await f.notifications().count == 2 })
            #expect(try await eventually { pushLines(pushes).count == 2 })
            let lines = pushLines(pushes)
            #expect(Set(lines.compactMap { $0["token"]?.stringValue }) == ["alice-phone", "alice-tablet"])
            #expect(Set(lines.compactMap { $0["platform"]?.stringValue }) == ["ios", "android"])
            #expect(Set(lines.compactMap { $0["notification_id"]?.stringValue }).count == 1, "one notification, two devices")
            #expect(lines.allSatisfy { $0["user_id"]?.stringValue == alice.uuidString.lowercased() })
        }
        #expect(totals.counters["push.no_device"] == 1, "Carol's notification")
        #expect(totals.counters["push.sent"] == 2)
        #expect(WorkerStats.describe(totals).contains("push.no_device=1"))
        // The JSON totals line carries them under "counters", zeros included.
        let last = try #require(logged.withLock { $0 }.last { $0.hasPrefix("{") })
        let record = try JSONDecoder().decode(WorkerStats.Record.self, from: Data(last.utf8))
        #expect(record.event == "stopped")
        #expect(record.counters == ["push.sent": 2, "push.no_device": 1, "push.muted": 0, "push.dead_tokens": 0,
                                    "push.summaries": 0, "push.collapsed": 0])
        await f.close()
    }

    @Test("sighting leak: B's planet-wide rule is refused, and B's rule over A's private entry produces nothing for B")
    func sightingLeak() async throws {
        let f = try await WorkerFixture.make()
        let a = try await f.user("Ann"), b = try await f.user("Ben")
        try await f.device(b, "ben-phone")
        // A rule of 20,038 km (half the equator: the whole planet) is refused, as is NaN.
        for radius in [20_038.0, 500.01, Double.nan] {
            let error = await #expect(throws: PostgresError.self) {
                try await f.acting(as: b) {
                    try $0.query("""
                        insert into public.watchlists (owner_id, title, location_rule_enabled, location_rule_lat, location_rule_lon, location_rule_radius_km)
                        values (\(b), 'Everywhere', true, 0, 0, \(radius))
                        """)
                }
            }
            #expect(error?.sqlState == .checkViolation && error?.constraint == "watchlists_location_rule_radius_km_check", "\(radius)")
        }
        let rejected = await #expect(throws: PostgresError.self) {
            try await f.acting(as: b) {
                try $0.query("""
                    select public.sync_push('watchlists', jsonb_build_object('id', gen_random_uuid(), 'title', 'Everywhere',
                      'location_rule_enabled', true, 'location_rule_lat', 0, 'location_rule_lon', 0, 'location_rule_radius_km', 20038), null)
                    """)
            }
        }
        #expect(rejected.flatMap { SQLAPIError($0) }?.code == .invalidRecord)
        #expect(try await f.connection.query("select count(*)::int from public.watchlists where owner_id = \(b)").scalar(Int.self) == 0,
                "a refused rule changes nothing")

        // Ben's widest allowed rule, right over Ann's private entry.
        try await f.connection.query("""
            insert into public.watchlists (owner_id, title, location_rule_enabled, location_rule_lat, location_rule_lon, location_rule_radius_km)
            values (\(b), 'Wide', true, 45.52, -122.62, 500)
            """)
        let annsList = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(a), 'Private') returning id").scalar(UUID.self)
        let entry = try await f.connection.query("""
            insert into public.watchlist_entries (watchlist_id, nickname, status) values (\(annsList), 'Secret nest', 'to_observe') returning id
            """).scalar(UUID.self)
        try await withWorker(f) { pushes in
            _ = try await f.acting(as: a) {
                try $0.query("update public.watchlist_entries set status = 'observed', lat = 45.5230, lon = -122.6300 where id = \(entry)")
            }
            #expect(try await eventually { try await f.outstanding() == 0 })
            #expect(try await f.notifications().isEmpty, "Ben may not read Ann's entry: no sighting")
            #expect(pushLines(pushes).isEmpty)

            // Shared with Ben, who accepts: the next observation is his to hear of.
            _ = try await f.acting(as: a) {
                try $0.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(annsList), \(b))")
            }
            _ = try await f.acting(as: b) { try $0.query("select public.accept_watchlist_share(\(annsList))") }
            _ = try await f.acting(as: a) {
                try $0.query("update public.watchlist_entries set lat = 45.5231 where id = \(entry)")
            }
            #expect(try await eventually { try await f.notifications().contains { $0.type == "watchlist_sighting" } })
            let sighting = try #require(try await f.notifications().first { $0.type == "watchlist_sighting" })
            #expect(sighting.user == b && sighting.body == "Ann observed Secret nest inside your watchlist “Wide”")
        }
        await f.close()
    }

    @Test("a re-share storm notifies once an hour per (watchlist, reader), with two workers")
    func reshareStorm() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), carol = try await f.user("Carol")
        try await f.device(carol, "carol-phone")
        let watchlist = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'Click here to claim your prize') returning id").scalar(UUID.self)
        func storm(_ rounds: Int) async throws {
            for _ in 0..<rounds {
                _ = try await f.acting(as: alice) {
                    try $0.query("delete from public.watchlist_shares where watchlist_id = \(watchlist) and user_id = \(carol)")
                    try $0.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(watchlist), \(carol))")
                }
            }
        }
        try await withWorker(f, concurrency: 2) { pushes in
            try await storm(20)
            #expect(try await eventually { try await f.outstanding() == 0 })
            #expect(try await f.notifications().map(\.type) == ["watchlist_shared"])
            #expect(pushLines(pushes).count == 1)

            // An hour later the next share notifies again (the slot's clock moved back).
            try await f.connection.query("update private.watchlist_share_notices set notified_at = notified_at - interval '61 minutes'")
            try await storm(5)
            #expect(try await eventually { try await f.outstanding() == 0 })
            #expect(try await f.notifications().count == 2)
            #expect(pushLines(pushes).count == 2)
        }
        await f.close()
    }

    @Test("one share handled by two workers at once (a lease taken over) notifies once")
    func concurrentShareHandling() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), carol = try await f.user("Carol")
        let watchlist = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'Backyard') returning id").scalar(UUID.self)
        _ = try await f.acting(as: alice) {
            try $0.query("insert into public.watchlist_shares (watchlist_id, user_id) values (\(watchlist), \(carol))")
        }
        let events = try await OutboxQueue.claim(f.connection, worker: "test", handlers: ["notifications"], batch: 10, lease: .seconds(30))
        let shares = events.filter { $0.table == "watchlist_shares" }
        #expect(shares.count == 1)
        let other = try await f.db.connect()
        let handler = NotificationsHandler()
        async let first = handler.handle(shares, context: HandlerContext(connection: f.connection, worker: "a", log: .silent))
        async let second = handler.handle(shares, context: HandlerContext(connection: other, worker: "b", log: .silent))
        let results = await [first, second]
        #expect(results == [[.done], [.done]])
        #expect(try await f.notifications().count == 1)
        await other.close()
        await f.close()
    }

    /// A realtor whose 40 tasks one agent claims in an hour learns of all 40: each claim is
    /// a notification in her bell and her badge. What the sender's hourly budget (20 to one
    /// recipient) limits is the pushes: 20 on their own, then one summary push in place of
    /// the 21st, then none for the rest of the hour, counted (push.summaries, push.collapsed)
    /// and logged.
    @Test("past a sender's budget every notification is stored and counted; the pushes are one summary, then none")
    func pastTheBudgetNotificationsStayAndPushesCollapse() async throws {
        let f = try await WorkerFixture.make()
        let realtor = try await f.user("Rita"), agent = try await f.user("Andy")
        try await f.device(realtor, "rita-phone")
        var tasks: [UUID] = []
        for i in 0..<40 { tasks.append(try await f.task(declaredBy: realtor, title: "Showing \(i)")) }
        let logged = Mutex<[String]>([])
        let log = WorkerLog(sink: { line in logged.withLock { $0.append(line) } })
        let totals = try await withWorker(f, log: log) { (pushes: String) async throws in
            for task in tasks { try await claim(f, agent, task) }
            #expect(try await eventually { try await f.notifications().count == 40 })
            #expect(try await eventually { try await f.outstanding() == 0 })
            let unread = try await NotificationService(connection: f.connection, user: realtor).unreadCount()
            #expect(unread == 40, "every claim is in the badge")
            let lines = pushLines(pushes)
            #expect(lines.count == 21)
            let summaries = lines.filter { $0["payload"]?["aps"]?["alert"]?["title"]?.stringValue == "More updates" }
            #expect(summaries.count == 1)
            let body = summaries.first?["payload"]?["aps"]?["alert"]?["body"]?.stringValue ?? ""
            #expect(body.hasPrefix("Andy claimed") && body.contains("more updates from Andy this hour"), "\(body)")
            #expect((summaries.first?["payload"]?["aps"]?["badge"]?.intValue ?? 0) >= 21, "the badge counts the notifications pushed before it, and maybe more")
        }
        #expect(totals.counters["push.sent"] == 21)
        #expect(totals.counters["push.summaries"] == 1)
        #expect(totals.counters["push.collapsed"] == 19)
        #expect(logged.withLock { $0 }.contains { $0.contains("past the hourly budget") })
        let modes = try await f.connection.query("select push_mode, count(*)::int from public.notifications group by 1")
            .reduce(into: [String: Int]()) { $0[try $1.decode(0, as: String.self)] = try $1.decode(1, as: Int.self) }
        #expect(modes == ["single": 20, "summary": 1, "collapsed": 19])
        await f.close()
    }

    /// An operator sets a claim expiry: a claim held past it is released by the worker's
    /// maintenance, and both sides are told: the declarer that the item is open again, the
    /// claimer that the claim ended (not "Bob released it": Bob did nothing). The claim
    /// history says "expired".
    @Test("an expired claim is released by the maintenance, and the claimer and the declarer are told")
    func anExpiredClaimIsReleasedAndBothAreTold() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob")
        try await f.connection.query("update private.claim_settings set expire_after = '1 millisecond'")
        let task = try await f.task(declaredBy: alice, title: "Fix the roof")
        try await withWorker(f) { _ in
            try await claim(f, bob, task)
            #expect(try await eventually { try await f.notifications().count == 1 })
            try await Task.sleep(for: .milliseconds(20))
            #expect(try await Maintenance().run(f.connection).expiredClaims == 1)
            #expect(try await eventually { try await f.notifications().count == 3 })
        }
        let told = try await f.notifications().filter { $0.type == "task_unclaimed" }.map { "\($0.user == alice ? "Alice" : "Bob"): \($0.body)" }.sorted()
        #expect(told == ["Alice: Bob’s claim on “Fix the roof” expired; it is open again",
                         "Bob: Your claim on “Fix the roof” expired; it is open again"])
        #expect(try await f.connection.query("select claimed_by from public.tasks where id = \(task)").scalar(UUID?.self) == nil)
        let history = try await f.acting(as: bob) {
            try $0.query("select action from public.get_claim_history('task', \(task)) order by at").map { try $0.decode(0, as: String.self) }
        }
        #expect(history == ["claimed", "expired"])
        await f.close()
    }

    /// Alice deletes her account while Bob holds a task she declared: the task stays with
    /// him, and he is told it is his to answer for now.
    @Test("a held item handed over by its declarer's account deletion is told to its holder")
    func aHandedOverItemIsToldToItsHolder() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob")
        let task = try await f.task(declaredBy: alice, title: "Stage the kitchen")
        try await withWorker(f) { _ in
            try await claim(f, bob, task)
            try await f.connection.query("delete from auth.users where id = \(alice)")
            #expect(try await eventually { try await f.notifications().contains { $0.user == bob } })
        }
        let bobs = try await f.notifications().filter { $0.user == bob }.map { "\($0.type): \($0.body)" }
        #expect(bobs == ["other: The account that declared “Stage the kitchen” was deleted: it stays with you, and is yours to answer for now"])
        await f.close()
    }
}
