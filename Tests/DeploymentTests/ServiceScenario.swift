import DispatchServer
import Foundation
import Postgres
import TestSupport

/// A little of everything the read RPCs serve — tasks with history, a deleted task, a
/// hotspot, a bird on a watchlist entry, notifications — and every read method of the
/// services, so that one call reads it all through a set of `ConnectionRoles`.
struct ServiceScenario {
    let alice: UUID
    let bob: UUID
    let task: UUID
    let deletedTask: UUID
    let watchlist: UUID

    /// Writes the rows as their owners (so the audit trail records them) on `admin`.
    static func seed(_ admin: PostgresConnection) async throws -> ServiceScenario {
        let alice = try await DeploymentData.user(admin, "Alice")
        let bob = try await DeploymentData.user(admin, "Bob")
        let (task, deletedTask) = try await admin.transaction(as: alice) { conn in
            let task = try conn.query("insert into public.tasks (title) values ('Call the seller') returning id").scalar(UUID.self)
            let gone = try conn.query("insert into public.tasks (title) values ('Deleted') returning id").scalar(UUID.self)
            return (task, gone)
        }
        try await admin.transaction(as: alice) { conn in
            try conn.query("update public.tasks set title = 'Call the seller today' where id = \(task)")
            try conn.query("delete from public.tasks where id = \(deletedTask)")
        }
        try await admin.query("insert into public.hotspot (name, lat, lon) values ('Jardin', 48.86, 2.35)")
        let bird = try await admin.query("insert into public.bird (common_name) values ('Robin') returning id").scalar(UUID.self)
        let watchlist = try await DeploymentData.watchlist(admin, owner: alice)
        try await admin.query("""
            insert into public.watchlist_entries (watchlist_id, nickname, bird_id, lat, lon)
            values (\(watchlist), 'robin by the pond', \(bird), 48.861, 2.351)
            """)
        try await admin.query("""
            insert into public.notifications (user_id, type, title, entity_type, entity_id)
            values (\(alice), 'ride_claimed', 'Bob claimed your task', 'task', \(task)),
                   (\(alice), 'message', 'Hello', null, null)
            """)
        return ServiceScenario(alice: alice, bob: bob, task: task, deletedTask: deletedTask, watchlist: watchlist)
    }

    /// What every read method answered (cursors and server clocks left out: they differ
    /// from one server to another by design).
    struct Answers: Equatable {
        var sync: [SyncTable: [String]] = [:]
        var history: [AuditEntry] = []
        var recentlyDeleted: [AuditEntry] = []
        var hotspots: [Hotspot] = []
        var birds: [Bird] = []
        var badges: BadgeCounts = .zero
        var badgeDetails: BadgeCounts = .zero
        var feed: [AppNotification] = []
        var unread = 0
    }

    /// Every read RPC as Alice through `roles`' read side.
    func reads(_ roles: ConnectionRoles) async throws -> Answers {
        var answers = Answers()
        let sync = SyncService(roles: roles, user: alice)
        for table in SyncTable.allCases {
            var records: [String] = []
            try await sync.pullAll(table: table, limit: 2) { page in
                records += page.records.map(\.jsonText) + page.deleted.map { "deleted \($0.id)" }
            }
            answers.sync[table] = records
        }
        let audit = AuditService(roles: roles, user: alice)
        answers.history = try await audit.fullHistory(entity: .task, id: task, pageSize: 1)
        answers.recentlyDeleted = try await audit.recentlyDeleted()
        let spatial = SpatialService(roles: roles, user: alice)
        answers.hotspots = try await spatial.hotspotsNear(latitude: 48.85, longitude: 2.35, radiusKm: 5)
        answers.birds = try await spatial.birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 5)
        let notifications = NotificationService(roles: roles, user: alice)
        answers.badges = try await notifications.badgeCounts()
        answers.badgeDetails = try await notifications.badgeCounts(includeDetails: true)
        answers.feed = try await notifications.list().notifications
        answers.unread = try await notifications.unreadCount()
        return answers
    }

    /// Says which expected answers are empty: a comparison of empty answers proves nothing.
    static func empty(_ answers: Answers) -> [String] {
        var empty = SyncTable.allCases.filter { [.tasks, .watchlists, .watchlistEntries].contains($0) && answers.sync[$0]?.isEmpty != false }
            .map(\.rawValue)
        if answers.history.count < 2 { empty.append("history") }
        if answers.recentlyDeleted.isEmpty { empty.append("recently deleted") }
        if answers.hotspots.isEmpty { empty.append("hotspots") }
        if answers.birds.isEmpty { empty.append("birds") }
        if answers.badges.total == 0 || answers.badgeDetails.requestDetails.isEmpty { empty.append("badges") }
        if answers.feed.isEmpty || answers.unread == 0 { empty.append("feed") }
        return empty
    }
}
