import DispatchServer
import Foundation
import Postgres

/// Sends a push for each new notification: the APNs payload the apps parse (`PushPayload`),
/// its badge the recipient's bell total (`notification_badge_counts`) at the time of
/// sending, to the configured sink. Only inserts of `public.notifications` are pushed.
public struct PushHandler: OutboxHandler {
    public let name: String
    public let sink: any PushSink

    public init(name: String = "push", sink: any PushSink) {
        self.name = name
        self.sink = sink
    }

    public func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        var results = [DeliveryResult](repeating: .done, count: events.count)
        var pending: [(index: Int, notification: NotificationRow)] = []
        for (index, event) in events.enumerated() where event.table == "notifications" && event.operation == .insert {
            do {
                pending.append((index, try NotificationRow(try event.record())))
            } catch {
                results[index] = .failed(message: "cannot read the notification: \(DeliveryResult.describe(error))", retryable: false)
            }
        }
        guard !pending.isEmpty else { return results }

        let badges: [UUID: Int]
        do {
            badges = try await Self.bellTotals(Set(pending.map(\.notification.userID)), context.connection)
        } catch {
            for (index, _) in pending { results[index] = .failure(error) }
            return results
        }

        var messages: [(index: Int, message: PushMessage)] = []
        for (index, notification) in pending {
            do {
                let payload = try notification.payload(badge: badges[notification.userID] ?? 0)
                messages.append((index, PushMessage(userID: notification.userID, notificationID: notification.id, payload: payload)))
            } catch {
                results[index] = .failed(message: "cannot build the push: \(error)", retryable: false)
            }
        }
        let sent = await sink.send(messages.map(\.message))
        for ((index, _), outcome) in zip(messages, sent) {
            if case .failure(let error) = outcome { results[index] = .failure(error) }
        }
        return results
    }

    /// Each recipient's bell total, in one statement for the batch:
    /// `NotificationWriter.badgeCounts(for:on:)`, i.e. `notification_badge_counts` on its
    /// totals-only path (no per-entity grouping), so the badge has one definition.
    static func bellTotals(_ users: Set<UUID>, _ connection: PostgresConnection) async throws -> [UUID: Int] {
        try await connection.transaction { connection in
            try NotificationWriter().badgeCounts(for: Array(users), on: connection).mapValues(\.bellTotal)
        }
    }
}

/// The columns of a `public.notifications` row a push needs.
struct NotificationRow: Sendable {
    var id: UUID
    var userID: UUID
    var type: NotificationType
    var title: String
    var body: String
    var entityType: String?
    var entityID: UUID?
    var sourceUserID: UUID?
    var data: [String: JSONValue]

    init(_ row: RealtimeRow) throws {
        id = try row.decode("id")
        userID = try row.decode("user_id")
        let typeName = try row.decode("type", as: String.self)
        guard let type = NotificationType(rawValue: typeName) else {
            throw HandlerError.permanent("notification type \(typeName) is not in the registry")
        }
        self.type = type
        title = try row.decode("title")
        body = (try row.decodeIfPresent("body", as: String.self)) ?? ""
        entityType = try row.decodeIfPresent("entity_type")
        entityID = try row.decodeIfPresent("entity_id")
        sourceUserID = try row.decodeIfPresent("source_user_id")
        data = (try row.decodeIfPresent("data", as: JSONValue.self))?.objectValue ?? [:]
    }

    /// The notification shape of `PushPayload`; `data` travels as extra top-level keys
    /// (strings as they are, other values as JSON text), minus keys the builder sets itself.
    func payload(badge: Int) throws -> PushPayload {
        var reserved: Set<String> = ["aps", "type", "notification_id", "entity_type", "source_user_id"]
        if let entityType { reserved.insert("\(entityType)_id") }
        var extra: [String: String] = [:]
        for (key, value) in data where !reserved.contains(key) {
            switch value {
            case .null: continue
            case .string(let text): extra[key] = text
            default: extra[key] = value.jsonText
            }
        }
        return try PushPayload.notification(
            type: type, title: title, body: body, badge: badge, notificationID: id,
            entityType: entityType, entityID: entityID, sourceUserID: sourceUserID, extra: extra)
    }
}
