import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct NotificationServiceTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    private let writer = NotificationWriter()

    // MARK: Badge counts

    @Test func badgeCountsOfAUserWithNothingHaveEveryKey() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        // Ben has notifications; Ana's counts must not see them.
        try await writer.insert(NewNotification(userID: ben, type: .taskClaimed, title: "t", entityType: "task", entityID: UUID()), on: connection)

        for details in [false, true] {
            let raw = try await connection.transaction(as: ana) { conn in
                try conn.query("select public.get_badge_counts(\(details)) as counts").first!.decode("counts", as: JSONValue.self)
            }
            let object = try #require(raw.objectValue)
            #expect(Set(object.keys) == ["requests_total", "messages_total", "community_total", "bell_total",
                                         "request_details", "conversation_details"])
            for key in ["requests_total", "messages_total", "community_total", "bell_total"] {
                #expect(object[key] == .number(0), "\(key) with details \(details)")
            }
            #expect(object["request_details"] == .array([]))
            #expect(object["conversation_details"] == .array([]))
            #expect(try await NotificationService(connection: connection, user: ana).badgeCounts(includeDetails: details) == .zero)
        }
        #expect(try await NotificationService(connection: connection, user: ana).unreadCount() == 0)
        await connection.close()
    }

    @Test func badgeCountsPerGroupAndDetailsPerEntity() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        let (task1, task2, task3, conversation, watchlist, listing) = (UUID(), UUID(), UUID(), UUID(), UUID(), UUID())
        func make(_ type: NotificationType, _ entityType: String?, _ entityID: UUID?, for user: UUID? = nil) -> NewNotification {
            NewNotification(userID: user ?? ana, type: type, title: type.rawValue, entityType: entityType, entityID: entityID)
        }
        let inserted = try await writer.insert([
            make(.taskClaimed, "task", task1),         // requests, task1
            make(.taskCompleted, "task", task1),       // requests, task1 again: one detail row, 2 unread
            make(.noteAdded, "task", task2),           // requests, task2
            make(.taskUnclaimed, "task", task3),       // requests, task3: read below, so not counted
            make(.message, "conversation", conversation),
            make(.watchlistSighting, "watchlist", watchlist),
            make(.entityRestored, "listing", listing), // bell; an entity, but bell has no details list
            make(.announcement, nil, nil),             // bell, no entity
            make(.taskClaimed, "task", task1, for: ben),
        ], on: connection)
        #expect(inserted.count == 9)
        // Fix the times so "newest first" is decided: task1's newest unread is 1 minute old.
        let minutesAgo: [NotificationType: Int] = [.taskClaimed: 10, .taskCompleted: 1, .noteAdded: 5, .message: 3]
        for notification in inserted where notification.userID == ana {
            let minutes = minutesAgo[notification.type] ?? 20
            try await connection.query(
                "update public.notifications set created_at = now() - \(minutes) * interval '1 minute' where id = \(notification.id)")
        }
        let readOne = try #require(inserted.first { $0.type == .taskUnclaimed })
        let service = NotificationService(connection: connection, user: ana)
        #expect(try await service.markRead(ids: [readOne.id]) == 1)

        let totals = try await service.badgeCounts()
        #expect(totals == BadgeCounts(requestsTotal: 3, messagesTotal: 1, communityTotal: 1, bellTotal: 2))
        #expect(totals.total == 7)
        #expect(totals[.bellOnly] == 2)
        #expect(try await service.unreadCount() == 7)

        let detailed = try await service.badgeCounts(includeDetails: true)
        #expect(detailed.requestsTotal == 3 && detailed.messagesTotal == 1 && detailed.communityTotal == 1 && detailed.bellTotal == 2)
        #expect(detailed.requestDetails.map(\.entityID) == [task1, task2])
        #expect(detailed.requestDetails.map(\.unreadCount) == [2, 1])
        #expect(detailed.requestDetails.allSatisfy { $0.entityType == "task" })
        #expect(detailed.conversationDetails.map(\.entityID) == [conversation])
        #expect(detailed.conversationDetails.first?.entityType == "conversation")
        // latest_at is the newest unread of the entity, to the microsecond.
        let newest = try await connection.query(
            "select max(created_at) from public.notifications where user_id = \(ana) and entity_id = \(task1)").scalar(Date.self)
        let latest = try #require(detailed.requestDetails.first?.latestAt)
        #expect(abs(latest.timeIntervalSince(newest)) < 0.000_001)

        // The worker's view of the same user agrees.
        #expect(try await writer.badgeCounts(for: ana, includeDetails: true, on: connection) == detailed)
        let many = try await writer.badgeCounts(for: [ana, ben, ana], on: connection)
        #expect(many == [ana: totals, ben: BadgeCounts(requestsTotal: 1)])
        await connection.close()
    }

    // MARK: Isolation between users

    @Test func anotherUserSeesNoneAndCannotMarkThemRead() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        let rows = try await writer.insert((0..<3).map {
            NewNotification(userID: ana, type: .noteAdded, title: "note \($0)", entityType: "task", entityID: UUID())
        }, on: connection)
        let anaIDs = rows.map(\.id)
        let benService = NotificationService(connection: connection, user: ben)

        #expect(try await benService.list().notifications.isEmpty)
        #expect(try await benService.badgeCounts(includeDetails: true) == .zero)
        #expect(try await benService.unreadCount() == 0)
        #expect(try await benService.markRead(ids: anaIDs) == 0)
        #expect(try await benService.markAllRead() == 0)
        // Even a direct UPDATE or SELECT by id finds nothing: row-level security hides the rows.
        let (updated, selected) = try await connection.transaction(as: ben) { conn in
            (try conn.query("update public.notifications set read = true where id = any(\(anaIDs)::uuid[])").affectedRows,
             try conn.query("select count(*) from public.notifications where id = any(\(anaIDs)::uuid[])").scalar(Int.self))
        }
        #expect(updated == 0)
        #expect(selected == 0)
        // Nothing changed for Ana.
        let anaService = NotificationService(connection: connection, user: ana)
        #expect(try await anaService.unreadCount() == 3)
        #expect(try await anaService.list().notifications.map(\.id).sorted { $0.uuidString < $1.uuidString }
                == anaIDs.sorted { $0.uuidString < $1.uuidString })
        await connection.close()
    }

    // MARK: Mark read

    @Test func markReadAndMarkAllRead() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        let rows = try await writer.insert((0..<5).map {
            NewNotification(userID: ana, type: .taskClaimed, title: "claim \($0)", entityType: "task", entityID: UUID())
        } + [NewNotification(userID: ben, type: .taskClaimed, title: "ben's")], on: connection)
        let ana0 = rows[0].id, ana1 = rows[1].id, benRow = rows[5].id
        let service = NotificationService(connection: connection, user: ana)

        #expect(try await service.markRead(ids: []) == 0)
        #expect(try await service.markRead(ids: [ana0, ana1, benRow]) == 2)
        #expect(try await service.markRead(ids: [ana0, ana1]) == 0, "already read")
        #expect(try await service.badgeCounts().requestsTotal == 3)
        let page = try await service.list()
        #expect(Set(page.notifications.filter(\.read).map(\.id)) == [ana0, ana1])
        // row_version moved once per real change.
        #expect(try await connection.query("select row_version from public.notifications where id = \(ana0)").scalar(Int.self) == 2)

        #expect(try await service.markAllRead() == 3)
        #expect(try await service.markAllRead() == 0)
        #expect(try await service.unreadCount() == 0)
        #expect(try await service.badgeCounts(includeDetails: true) == .zero)
        // Ben's row is untouched by Ana's calls.
        #expect(try await connection.query("select read from public.notifications where id = \(benRow)").scalar(Bool.self) == false)

        let tooMany = try await #require(throws: SQLAPIError.self) {
            try await service.markRead(ids: (0...NotificationService.maxMarkReadIDs).map { _ in UUID() })
        }
        #expect(tooMany.code == .tooManyIDs)
        #expect(tooMany.message.hasPrefix("TOO_MANY_IDS: "))
        #expect(tooMany.server == nil, "refused before asking the server")
        await connection.close()
    }

    @Test func sqlErrorsArriveTyped() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let nullIDs = try await #require(throws: PostgresError.self) {
            try await connection.transaction(as: ana) { conn in try conn.query("select public.mark_notifications_read(null)") }
        }
        let typedNull = try #require(SQLAPIError(nullIDs))
        #expect(typedNull.code == .nullArgument)
        #expect(typedNull.sqlState == .nullValueNotAllowed)

        // No signed-in user: role authenticated without claims.
        let anonymous = try await #require(throws: PostgresError.self) {
            try await connection.transaction { conn in
                try conn.query("select set_config('role', 'authenticated', true)")
                try conn.query("select public.get_badge_counts()")
            }
        }
        #expect(SQLAPIError(anonymous)?.code == .notAuthenticated)
        #expect(SQLAPIError(anonymous)?.sqlState == .insufficientPrivilege)
        // A lost connection is not a refusal: it stays a PostgresError, so retries see it.
        #expect(SQLAPIError(PostgresError(.connectionLost, "gone")) == nil)
        await connection.close()
    }

    // MARK: Permissions

    @Test func usersCannotInsertDeleteOrRewriteNotifications() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let row = try #require(try await writer.insert(NewNotification(userID: ana, type: .noteAdded, title: "original"), on: connection))

        let insert = try await #require(throws: PostgresError.self) {
            try await connection.transaction(as: ana) { conn in
                try conn.query("insert into public.notifications (user_id, type, title) values (\(ana), 'other', 'forged')")
            }
        }
        #expect(insert.sqlState == .insufficientPrivilege)

        let retitle = try await #require(throws: PostgresError.self) {
            try await connection.transaction(as: ana) { conn in
                try conn.query("update public.notifications set title = 'rewritten' where id = \(row.id)")
            }
        }
        #expect(retitle.sqlState == .insufficientPrivilege)

        let delete = try await #require(throws: PostgresError.self) {
            try await connection.transaction(as: ana) { conn in
                try conn.query("delete from public.notifications where id = \(row.id)")
            }
        }
        #expect(delete.sqlState == .insufficientPrivilege)

        #expect(try await NotificationTestSupport.count(connection) == 1)
        let stored = try await connection.query("select title, read from public.notifications where id = \(row.id)")
        #expect(try stored.first?.decode("title", as: String.self) == "original")
        // The one column a user may change is "read".
        let marked = try await connection.transaction(as: ana) { conn in
            try conn.query("update public.notifications set read = true where id = \(row.id)").affectedRows
        }
        #expect(marked == 1)
        await connection.close()
    }

    // MARK: Paging

    @Test func pagingNewestFirstHasNoGapsOrRepeats() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        // 25 rows from one statement share one created_at: only the id orders them.
        try await writer.insert((0..<25).map { NewNotification(userID: ana, type: .noteAdded, title: "same time \($0)") }, on: connection)
        // 30 more in pairs of equal times, interleaved with Ben's rows.
        try await connection.query("""
            insert into public.notifications (user_id, type, title, created_at)
            select u, 'task_claimed', 'paired ' || g, now() - (g / 2) * interval '1 millisecond' - interval '1 second'
            from generate_series(1, 30) g, unnest(array[\(ana), \(ben)]::uuid[]) u
            """)
        let expected = try await NotificationTestSupport.ids(connection, of: ana)
        #expect(expected.count == 55)

        let service = NotificationService(connection: connection, user: ana)
        var seen: [UUID] = []
        var cursor: NotificationCursor?
        var pages = 0
        repeat {
            let page = try await service.list(limit: 7, after: cursor)
            #expect(page.notifications.count <= 7)
            #expect(page.notifications.allSatisfy { $0.userID == ana })
            seen += page.notifications.map(\.id)
            // The cursor survives the trip through a client as a string.
            cursor = try page.nextCursor.map { try #require(NotificationCursor(token: $0.token)) }
            pages += 1
            if pages == 1 {
                // A notification arriving mid-scroll is newer than the cursor: later pages
                // neither repeat a row nor skip one.
                try await writer.insert(NewNotification(userID: ana, type: .other, title: "late"), on: connection)
            }
        } while cursor != nil && pages < 20
        #expect(pages == 8)
        #expect(seen == expected)

        // A page exactly as long as what is left ends the feed.
        let all = try await service.list(limit: 56)
        #expect(all.notifications.count == 56)
        #expect(all.nextCursor == nil)

        // Unread only, after marking every third read.
        let toRead = stride(from: 0, to: expected.count, by: 3).map { expected[$0] }
        #expect(try await service.markRead(ids: toRead) == toRead.count)
        let unreadExpected = try await NotificationTestSupport.ids(connection, of: ana, unreadOnly: true)
        var unreadSeen: [UUID] = []
        cursor = nil
        repeat {
            let page = try await service.list(limit: 4, after: cursor, unreadOnly: true)
            #expect(page.notifications.allSatisfy { !$0.read })
            unreadSeen += page.notifications.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(unreadSeen == unreadExpected)
        #expect(unreadSeen.count == 56 - toRead.count)
        await connection.close()
    }

    @Test func pagingRejectsBadLimitsAndTokens() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let service = NotificationService(connection: connection, user: ana)
        for limit in [0, -1, NotificationService.maxPageSize + 1] {
            let error = try await #require(throws: SQLAPIError.self) { try await service.list(limit: limit) }
            #expect(error.code == .invalidLimit)
        }
        #expect(NotificationCursor(token: "") == nil)
        #expect(NotificationCursor(token: "12_not-a-uuid") == nil)
        #expect(NotificationCursor(token: "x_\(UUID().uuidString)") == nil)
        #expect(NotificationCursor(token: "1_2_\(UUID().uuidString)") == nil)
        let cursor = NotificationCursor(createdAtMicroseconds: 1_700_000_000_123_456, id: UUID())
        #expect(NotificationCursor(token: cursor.token) == cursor)
        await connection.close()
    }

    @Test func rowsDecodeWithEveryColumnAndWorkThroughAPool() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        let entity = UUID()
        let written = try #require(try await writer.insert(NewNotification(
            userID: ana, type: .noteAdded, title: "Ben added a note", body: "Call me/text me", pinned: true,
            sourceUserID: ben, entityType: "task", entityID: entity,
            data: ["note_id": "n-1", "count": 2, "tags": ["a"]]), on: connection))
        let pool = database.pool(maxConnections: 2)
        let service = NotificationService(pool: pool, user: ana)
        let listed = try #require(try await service.list().notifications.first)
        #expect(listed == written)
        #expect(listed.pinned && !listed.read && listed.sourceUserID == ben && listed.entityID == entity)
        #expect(listed.data == ["note_id": "n-1", "count": 2, "tags": ["a"]])
        // The same row as JSON (to_jsonb, a realtime record) decodes to the same value.
        let json = try await connection.query("select to_jsonb(n) as j from public.notifications n where id = \(written.id)")
        #expect(try json.first?.decodeJSON("j", as: AppNotification.self) == written)
        #expect(try await service.badgeCounts().requestsTotal == 1)
        #expect(try await service.unreadCount() == 1)
        #expect(try await service.markRead(ids: [written.id]) == 1)
        #expect(try await service.markAllRead() == 0)
        await pool.close()
        await connection.close()
    }
}
