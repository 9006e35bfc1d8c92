import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct NotificationWriterTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    private let writer = NotificationWriter()

    @Test func dedupeKeyInsertsOnce() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let first = NewNotification(userID: ana, type: .taskClaimed, title: "first", dedupeKey: "event-1:notifications:ana")
        let inserted = try #require(try await writer.insert(first, on: connection))
        #expect(inserted.title == "first" && inserted.userID == ana && inserted.type == .taskClaimed && !inserted.read)

        var retry = first
        retry.title = "retried"
        #expect(try await writer.insert(retry, on: connection) == nil)
        #expect(try await NotificationTestSupport.count(connection) == 1)
        #expect(try await connection.query("select title from public.notifications").scalar(String.self) == "first")

        // Within one batch the first of a key wins; rows without a key always insert.
        let batch = try await writer.insert([
            NewNotification(userID: ana, type: .noteAdded, title: "a", dedupeKey: "k2"),
            NewNotification(userID: ana, type: .noteAdded, title: "b", dedupeKey: "k2"),
            NewNotification(userID: ana, type: .noteAdded, title: "c"),
            NewNotification(userID: ana, type: .noteAdded, title: "d"),
            NewNotification(userID: ana, type: .noteAdded, title: "e", dedupeKey: "event-1:notifications:ana"),
        ], on: connection)
        #expect(batch.map(\.title) == ["a", "c", "d"])
        #expect(try await NotificationTestSupport.count(connection) == 4)
        #expect(try await writer.insert([], on: connection).isEmpty)
        await connection.close()
    }

    /// A hostile sender's flood (2,000 shares, notes on an open task, claim/release loops)
    /// and a busy day (an agent claiming forty of a realtor's tasks) both come through this
    /// one insert. Rate limits limit pushes, never notifications: every notification is
    /// stored (in the bell, in the badge); per hour, one sender's first 20 to one recipient,
    /// and 300 to everyone together (`private.notification_limits`), are pushed on their own
    /// (push_mode single), the first past the budget as one summary push, the rest of the
    /// window not at all (collapsed). Other senders, the system and oneself are not held
    /// back by it, and the next hour the budget is back.
    @Test func pastASendersHourlyBudgetNotificationsAreStoredAndOnlyThePushesCollapse() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let bob = try await NotificationTestSupport.makeUser("bob", on: connection)
        let cal = try await NotificationTestSupport.makeUser("cal", on: connection)
        /// How many of the recipient's notifications were pushed in each mode, and the title of the summary.
        func modes(_ recipient: UUID) async throws -> (counts: [String: Int], summary: String?) {
            let rows = try await connection.query("select push_mode, title from public.notifications where user_id = \(recipient)")
                .map { (try $0.decode(0, as: String.self), try $0.decode(1, as: String.self)) }
            return (rows.reduce(into: [:]) { $0[$1.0, default: 0] += 1 }, rows.first { $0.0 == "summary" }?.1)
        }
        let types: [NotificationType] = [.watchlistShared, .noteAdded, .taskClaimed, .taskUnclaimed]
        let flood = (0..<50).map { i in
            NewNotification(userID: ana, type: types[i % types.count], title: "Your account is locked #\(i)", sourceUserID: bob)
        }
        #expect(try await writer.insert(flood, on: connection).count == 50, "all stored")
        #expect(try await writer.insert(flood[0], on: connection) != nil)
        let anas = try await modes(ana)
        #expect(anas.counts == ["single": 20, "summary": 1, "collapsed": 30])
        #expect(anas.summary == "Your account is locked #20", "the first past the budget, in the order written")
        #expect(try await writer.badgeCounts(for: ana, on: connection).total == 51, "every one in the badge")
        let others = [
            NewNotification(userID: ana, type: .taskClaimed, title: "from cal", sourceUserID: cal),
            NewNotification(userID: ana, type: .adminAnnouncement, title: "from the system"),
            NewNotification(userID: bob, type: .noteAdded, title: "to himself", sourceUserID: bob),
        ]
        #expect(try await writer.insert(others, on: connection).map(\.title) == ["from cal", "from the system", "to himself"])
        #expect(try await connection.query("select count(*)::int from public.notifications where push_mode = 'single' and title in ('from cal', 'from the system', 'to himself')").scalar(Int.self) == 3)

        // Across recipients: a lower total for the test's sake (the limits are the operator's).
        try await connection.query("update private.notification_limits set per_sender_per_hour = 25")
        var readers: [UUID] = []
        for i in 0..<3 { readers.append(try await NotificationTestSupport.makeUser("reader\(i)", on: connection)) }
        let spread = readers.flatMap { reader in
            (0..<10).map { _ in NewNotification(userID: reader, type: .watchlistShared, title: "shared", sourceUserID: cal) }
        }
        #expect(try await writer.insert(spread, on: connection).count == 30)
        // cal's one to ana counted: the 25th of the spread is past the total; each reader
        // past it gets one summary and then nothing.
        #expect(try await modes(readers[2]).counts == ["single": 4, "summary": 1, "collapsed": 5])

        // An hour on, bob's notifications to ana are pushed on their own again.
        try await connection.query("update private.notification_budgets set window_start = window_start - interval '61 minutes'")
        let later = try #require(try await writer.insert(NewNotification(userID: ana, type: .noteAdded, title: "later", sourceUserID: bob), on: connection))
        #expect(try await connection.query("select push_mode from public.notifications where id = \(later.id)").scalar(String.self) == "single")
        await connection.close()
    }

    /// A batch spends its senders' budgets in one call that takes one sender (or none) per
    /// recipient, in the batch's order: arrays out of step say nothing about which
    /// notification is whose, so they are refused with a coded error and spend nothing; so are
    /// planned push modes that no spending could give (not one per recipient, or unknown).
    @Test func budgetsOfABatchOutOfStepAreRefused() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let bob = try await NotificationTestSupport.makeUser("bob", on: connection)
        let error = try await #require(throws: PostgresError.self) {
            try await connection.query("select private.spend_notification_budgets(\([ana, ana])::uuid[], \([bob])::uuid[], null)")
        }
        #expect(error.sqlState == .invalidParameterValue)
        #expect(error.message.hasPrefix("INVALID_ARGUMENT: "), "\(error.message)")
        #expect(try await connection.query("select count(*)::int from private.notification_budgets").scalar(Int.self) == 0)
        // Planned modes that no spending could give are bad input too, not a race to retry.
        for planned in ["{single}", "{single,sometimes}", "{single,NULL}"] {
            let error = try await #require(throws: PostgresError.self) {
                try await connection.query("""
                    select private.spend_notification_budgets(\([ana, ana])::uuid[], \([bob, bob])::uuid[], \(planned)::text[])
                    """)
            }
            #expect(error.sqlState == .invalidParameterValue, "\(planned)")
            #expect(error.message.hasPrefix("INVALID_ARGUMENT: "), "\(error.message)")
            #expect(!NotificationWriter.isBudgetChanged(error))
        }
        #expect(try await connection.query("select count(*)::int from private.notification_budgets").scalar(Int.self) == 0)
        #expect(try await connection.query("select private.spend_notification_budgets(\([ana, bob])::uuid[], \([bob, bob])::uuid[], null)")
            .scalar([String].self) == ["single", "single"], "in step: counted (bob's one to ana; to himself, not)")
        #expect(try await connection.query("select sum(sent)::int from private.notification_budgets").scalar(Int.self) == 2)
        await connection.close()
    }

    /// The writer stores a batch with the push modes planned without a lock and spends the
    /// budgets last: modes that are no longer what spending gives (a concurrent batch of the
    /// same sender committed in between) are refused with a coded serialization failure, and
    /// the transaction spends nothing, so it can be tried again.
    @Test func spendingRefusesPushModesThatNoLongerHold() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let bob = try await NotificationTestSupport.makeUser("bob", on: connection)
        try await connection.query("update private.notification_limits set per_recipient_per_hour = 1")
        #expect(try await connection.query("select private.plan_notification_budgets(\([ana, ana])::uuid[], \([bob, bob])::uuid[])")
            .scalar([String].self) == ["single", "summary"])
        #expect(try await connection.query("select count(*)::int from private.notification_budgets").scalar(Int.self) == 0,
                "planning spends nothing")
        let error = try await #require(throws: PostgresError.self) {
            try await connection.query("""
                select private.spend_notification_budgets(\([ana, ana])::uuid[], \([bob, bob])::uuid[], '{single,single}')
                """)
        }
        #expect(error.sqlState == .serializationFailure)
        #expect(error.message.hasPrefix("BUDGET_CHANGED: "), "\(error.message)")
        #expect(NotificationWriter.isBudgetChanged(error))
        #expect(try await connection.query("select count(*)::int from private.notification_budgets").scalar(Int.self) == 0)
        #expect(try await connection.query("""
            select private.spend_notification_budgets(\([ana, ana])::uuid[], \([bob, bob])::uuid[], '{single,summary}')
            """).scalar([String].self) == ["single", "summary"])
        await connection.close()
    }

    /// A batch that fills a budget to the last notification is pushed one by one; one more,
    /// in the same batch or the next, is the window's summary, and the next after it collapses.
    /// Whether a batch crosses a budget is decided from the counters before it and its counts
    /// (most batches cross none), so the edges of both budgets are held here: a pair's, and a
    /// sender's total spread over recipients who each stay within theirs.
    @Test func aBatchThatFillsABudgetExactlyIsPushedOneByOne() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let bob = try await NotificationTestSupport.makeUser("bob", on: connection)
        let cal = try await NotificationTestSupport.makeUser("cal", on: connection)
        let dee = try await NotificationTestSupport.makeUser("dee", on: connection)
        try await connection.query("update private.notification_limits set per_recipient_per_hour = 3, per_sender_per_hour = 5")
        func spend(_ recipients: [UUID], from sender: UUID) async throws -> [String] {
            let senders = [UUID](repeating: sender, count: recipients.count)
            let planned = try await connection.query(
                "select private.plan_notification_budgets(\(recipients)::uuid[], \(senders)::uuid[])").scalar([String].self)
            let spent = try await connection.query(
                "select private.spend_notification_budgets(\(recipients)::uuid[], \(senders)::uuid[], \(planned)::text[])").scalar([String].self)
            #expect(spent == planned)
            return spent
        }
        #expect(try await spend([ana, ana, ana], from: bob) == ["single", "single", "single"], "the pair's budget, filled")
        #expect(try await spend([ana, ana], from: bob) == ["summary", "collapsed"])
        #expect(try await spend([ana, ana, ana, ana], from: cal) == ["single", "single", "single", "summary"], "one past it in one batch")

        try await connection.query("delete from private.notification_budgets")
        #expect(try await spend([ana, ana, cal, cal, cal], from: bob) == ["single", "single", "single", "single", "single"],
                "the sender's total, filled by recipients each within theirs")
        #expect(try await spend([dee], from: bob) == ["summary"], "a recipient within the pair's budget, past the sender's")
        await connection.close()
    }

    /// Several workers' batches of one sender to one recipient at the same moment (a claim
    /// loop per worker): each plans its push modes without a lock and spends the budget as its
    /// last statement; a batch whose modes another one changed in between is refused and
    /// written again. Whatever the interleaving, the window's first 20 are pushed on their
    /// own, one is the summary and the rest collapse, and the counters hold every one.
    @Test func concurrentBatchesOfOneSenderSpendItsBudgetExactly() async throws {
        let setup = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: setup)
        let bob = try await NotificationTestSupport.makeUser("bob", on: setup)
        let writers = 4, batches = 8, size = 5
        try await withThrowingTaskGroup(of: Void.self) { group in
            for w in 0..<writers {
                group.addTask {
                    let connection = try await database.connect()
                    for b in 0..<batches {
                        let drafts = (0..<size).map { i in
                            NotificationDraft(eventID: Int64(w * 1_000 + b * 10 + i), recipient: ana, type: .taskClaimed, source: bob,
                                              entityType: "task", entityID: UUID(), subject: "Call the seller", detail: nil)
                        }
                        try await NotificationProducer.write([.drafts(drafts)], on: connection)
                    }
                    await connection.close()
                }
            }
            try await group.waitForAll()
        }
        let total = writers * batches * size
        let modes = try await setup.query("select push_mode, count(*)::int from public.notifications where user_id = \(ana) group by 1")
            .reduce(into: [String: Int]()) { $0[try $1.decode(0, as: String.self)] = try $1.decode(1, as: Int.self) }
        #expect(modes == ["single": 20, "summary": 1, "collapsed": total - 21])
        let pair = try await setup.query("select sent, over_budget from private.notification_budgets where sender = \(bob) and recipient = \(ana)")
        #expect(try pair.first?.decode(0, as: Int.self) == total)
        #expect(try pair.first?.decode(1, as: Int.self) == total - 20)
        #expect(try await writer.badgeCounts(for: ana, on: setup).total == total, "every one in the badge")
        await setup.close()
    }

    @Test func insertRunsAsTheServiceAndRestoresTheCallersRole() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        let sessionUser = try await connection.query("select current_user").scalar(String.self)

        // Inside a transaction acting as Ana (whom RLS forbids to insert): the writer
        // still inserts, and Ana is Ana again afterwards.
        let (role, uid, visible) = try await connection.transaction(as: ana) { conn in
            try writer.insert(NewNotification(userID: ana, type: .watchlistShared, title: "shared"), on: conn)
            try writer.insert(NewNotification(userID: ben, type: .watchlistShared, title: "for ben"), on: conn)
            let row = try conn.query("select current_user as role, auth.uid() as uid, (select count(*) from public.notifications) as visible")
            return (try row.first!.decode("role", as: String.self), try row.first!.decode("uid", as: UUID.self),
                    try row.first!.decode("visible", as: Int.self))
        }
        #expect(role == "authenticated")
        #expect(uid == ana)
        #expect(visible == 1, "RLS applies again: Ana sees her own row, not Ben's")

        // Outside a transaction nothing lingers either.
        try await writer.insert(NewNotification(userID: ana, type: .other, title: "plain"), on: connection)
        #expect(try await connection.query("select current_user").scalar(String.self) == sessionUser)
        #expect(try await connection.query("select coalesce(auth.uid()::text, 'none')").scalar(String.self) == "none")

        // The insert is part of the caller's transaction: rolled back with it.
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await connection.transaction { conn in
                try writer.insert(NewNotification(userID: ana, type: .other, title: "rolled back"), on: conn)
                throw Abort()
            }
        }
        #expect(try await NotificationTestSupport.count(connection) == 3)
        await connection.close()
    }

    @Test func aBatchWithAnUnknownRecipientInsertsNothing() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let error = try await #require(throws: PostgresError.self) {
            try await writer.insert([
                NewNotification(userID: ana, type: .noteAdded, title: "fine"),
                NewNotification(userID: UUID(), type: .noteAdded, title: "nobody"),
            ], on: connection)
        }
        #expect(error.sqlState == .foreignKeyViolation)
        #expect(error.constraint == "notifications_user_id_fkey")
        #expect(try await NotificationTestSupport.count(connection) == 0)
        // The connection is usable afterwards, as the session's own role.
        #expect(try await writer.insert(NewNotification(userID: ana, type: .noteAdded, title: "after"), on: connection) != nil)
        #expect(try await connection.query("select current_user = session_user").scalar(Bool.self))
        await connection.close()
    }

    @Test func aMutedRecipientGetsNothingAndMandatoryTypesAlwaysGoThrough() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        try await connection.transaction(as: ana) { conn in
            try conn.query("select public.set_notification_preference('notify_work_item_updates', false)")
            try conn.query("select public.set_notification_preference('notify_notes', false)")
        }
        let inserted = try await writer.insert([
            NewNotification(userID: ana, type: .taskClaimed, title: "muted"),
            NewNotification(userID: ana, type: .activityCompleted, title: "muted too (same key)"),
            NewNotification(userID: ana, type: .noteAdded, title: "muted (notes)"),
            NewNotification(userID: ana, type: .entityRestored, title: "on"),
            NewNotification(userID: ana, type: .userApproved, title: "mandatory"),
            NewNotification(userID: ben, type: .taskClaimed, title: "Ben did not mute it"),
        ], on: connection)
        #expect(inserted.map(\.title) == ["on", "mandatory", "Ben did not mute it"])
        #expect(try await writer.insert(NewNotification(userID: ana, type: .taskClaimed, title: "single"), on: connection) == nil)

        try await connection.transaction(as: ana) { conn in
            try conn.query("select public.set_notification_preference('notify_work_item_updates', true)")
        }
        #expect(try await writer.insert(NewNotification(userID: ana, type: .taskClaimed, title: "on again"), on: connection) != nil)
        await connection.close()
    }

    @Test func pushBadgeIsTheTotalUnreadAfterTheInsert() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        try await writer.insert(NewNotification(userID: ana, type: .announcement, title: "Office closed Friday"), on: connection)
        try await writer.insert(NewNotification(userID: ana, type: .taskClaimed, title: "not bell"), on: connection)
        let listing = UUID()
        let payload = try await connection.transaction { conn in
            let row = try #require(try writer.insert(NewNotification(
                userID: ana, type: .entityRestored, title: "Listing restored", body: "Ben restored 12 Oak St",
                sourceUserID: ben, entityType: "listing", entityID: listing), on: conn))
            let badge = try writer.badgeCounts(for: ana, on: conn).total
            return try PushPayload.notification(for: row, badge: badge)
        }
        #expect(payload.aps.badge == 3, "the announcement, the claim and the restore: every group counts")
        #expect(payload.aps.category == "RESTORE")
        #expect(payload.fields["listing_id"] == listing.uuidString.lowercased())
        #expect(payload.fields["source_user_id"] == ben.uuidString.lowercased())
        #expect(try await writer.badgeCounts(for: [UUID()], on: connection).values.first == .zero)
        await connection.close()
    }
}
