import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The bell and the badges, live without Supabase: the notifications app's bell list and its
/// tab badges change when a notification arrives or is read on another device, not only when
/// a push arrives or the app refetches. `sync_poll` names `notifications` for its recipient
/// (and for nobody else), `sync_pull('notifications', cursor)` delivers only what changed,
/// and marking one read (`sync_push` of `read`, or `mark_notifications_read`) is named on
/// the user's other devices, whose badge is then `get_badge_counts` again.
@Suite struct NotificationLiveTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    func device(_ user: UUID) async throws -> SyncDevice {
        SyncDevice(SyncService(connection: try await database.connect(), user: user))
    }

    @Test func aNewNotificationIsNamedByTheRecipientsPollAndPulledIncrementally() async throws {
        let ann = try await NotificationTestSupport.makeUser("Ann", on: admin)
        let ben = try await NotificationTestSupport.makeUser("Ben", on: admin)
        let phone = try await device(ann), tablet = try await device(ann), bens = try await device(ben)
        var cursors: [SyncCursor?] = [nil, nil, nil]
        for (i, device) in [phone, tablet, bens].enumerated() {
            cursors[i] = try await device.sync.poll().cursor
            try await device.pull(.notifications)
        }

        // The worker notifies Ann (Ben claimed her task).
        let claimed = try #require(try await admin.transaction { conn in
            try NotificationWriter().insert(NewNotification(userID: ann, type: .taskClaimed, title: "Task claimed",
                                                            body: "Ben claimed “Stage the kitchen”", sourceUserID: ben), on: conn)
        })
        let annsPoll = try await phone.sync.poll(since: cursors[0])
        #expect(annsPoll.tables == [.notifications])
        cursors[0] = annsPoll.cursor
        #expect(try await bens.sync.poll(since: cursors[2]).tables.isEmpty, "Ann's notification is nobody else's change")
        #expect(try await phone.pull(.notifications).records == [claimed.id], "only what changed")
        #expect(phone.row(.notifications, claimed.id)?["read"] == false)

        // Read on the phone, by a push of "read" (the one column that is hers to write).
        let row = try #require(phone.row(.notifications, claimed.id))
        let answer = try await phone.sync.push(table: .notifications, record: ["id": row["id"]!, "read": true],
                                               expectedVersion: row["row_version"]?.intValue)
        #expect(!answer.isConflict && answer.record["read"] == true, "\(answer)")
        let tabletPoll = try await tablet.sync.poll(since: cursors[1])
        #expect(tabletPoll.tables == [.notifications], "the tablet's bell and badge change too")
        #expect(try await tablet.pull(.notifications).records == [claimed.id])
        #expect(tablet.row(.notifications, claimed.id)?["read"] == true)
        #expect(try await NotificationService(connection: try await database.connect(), user: ann).unreadCount() == 0)

        // Anything else of it is the server's.
        let forged = await WatchlistFixtures.error(SQLAPIError.self) {
            _ = try await phone.sync.push(table: .notifications, record: ["id": row["id"]!, "title": "Security alert"],
                                          expectedVersion: answer.record["row_version"]?.intValue)
        }
        #expect(forged?.code == .columnNotWritable, "\(String(describing: forged))")
        // And Ben cannot pull, poll or push Ann's.
        #expect(try await bens.pull(.notifications).isEmpty)
        let bensPush = await WatchlistFixtures.error(SQLAPIError.self) {
            _ = try await bens.sync.push(table: .notifications, record: ["id": row["id"]!, "read": false], expectedVersion: 2)
        }
        #expect(bensPush?.code == .notFound, "\(String(describing: bensPush))")
    }
}
