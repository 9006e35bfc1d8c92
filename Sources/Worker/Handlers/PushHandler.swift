import DispatchServer
import Foundation
import Postgres

/// Sends a push for each new notification (only inserts of `public.notifications`) to each
/// active device of its recipient: the APNs payload the apps parse for the row's type
/// (`PushPayload.notification(for:)`, from the row read as `AppNotification`), with
/// the recipient's total unread count at the time of sending as its badge (the four badge
/// groups of `notification_badge_counts` summed: `BadgeCounts.total`), through the
/// configured sink.
///
/// - A recipient who turned the notification's type off after it was written
///   (`private.notification_mutes`, the same definition the insert path applies) gets no
///   push: counted as `push.muted` in the worker's totals.
/// - A recipient without an active device gets no push: `push.no_device`.
/// - A device whose token the gateway calls dead is disabled (`push_devices.disabled_at`)
///   and gets no more pushes until registered again: `push.dead_tokens`. That is an answer,
///   not a failure: the notification is done.
/// - Any other failure of any device fails the notification (retried per `RetryPolicy`);
///   the retry pushes to all its devices again, so a device may, rarely, get a push twice
///   (the webhook's `Idempotency-Key` lets a relay drop it).
/// - A notification past its sender's hourly budget (`push_mode`, set where it is stored:
///   `private.spend_notification_budgets`) is stored and counted in the badge all the same;
///   the first of a window is pushed as one summary of the sender's updates
///   (`NotificationText.summary`, counted as `push.summaries` and logged), the rest of the
///   window not at all (`push.collapsed`). Rate limits limit pushes, never notifications.
/// `push.sent` counts pushes the sink took (one per device).
public struct PushHandler: OutboxHandler {
    public let name: String
    public let sink: any PushSink

    public init(name: String = "push", sink: any PushSink) {
        self.name = name
        self.sink = sink
    }

    /// The columns of a notification's row the handler reads.
    static let recordColumns = AppNotification.recordColumns + ["push_mode"]

    public var counters: [String] { ["push.sent", "push.muted", "push.no_device", "push.dead_tokens", "push.summaries", "push.collapsed"] }

    public func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        var results = [DeliveryResult](repeating: .done, count: events.count)
        var pending: [(index: Int, notification: AppNotification)] = []
        var summaries = Set<UUID>()
        var collapsed = 0
        for (index, event) in events.enumerated() where event.table == "notifications" && event.operation == .insert {
            do {
                let record = try event.record(columns: Self.recordColumns)
                let notification = try AppNotification(record: record)
                switch record["push_mode"]?.stringValue {
                case "collapsed": collapsed += 1; continue
                case "summary": summaries.insert(notification.id)
                default: break
                }
                pending.append((index, notification))
            } catch {
                results[index] = .failed(message: "cannot read the notification: \(DeliveryResult.describe(error))", retryable: false)
            }
        }
        guard !pending.isEmpty else {
            context.stats.count(["push.collapsed": collapsed])
            return results
        }

        let targets: Targets
        do {
            targets = try await Self.targets(pending.map(\.notification), summaries: summaries, context.connection)
        } catch {
            for (index, _) in pending { results[index] = .failure(error) }
            return results
        }

        // One message per device; `owners[i]` is the position in `pending` of message i.
        var messages: [PushMessage] = []
        var owners: [Int] = []
        var muted = 0, withoutDevice = 0, summarized = 0
        for (position, (index, notification)) in pending.enumerated() {
            let recipient = Recipient(user: notification.userID, type: notification.type)
            if targets.muted.contains(recipient) { muted += 1; continue }
            guard let devices = targets.devices[recipient], !devices.isEmpty else { withoutDevice += 1; continue }
            do {
                var payload = try PushPayload.notification(for: notification, badge: targets.badges[notification.userID] ?? 0)
                if summaries.contains(notification.id) {
                    let text = NotificationText.summary(of: notification, sourceName: notification.sourceUserID.flatMap { targets.senderNames[$0] })
                    payload.aps.alert = PushPayload.Alert(title: text.title, body: text.body)
                    summarized += 1
                    context.log.info("push: \(notification.sourceUserID?.lowercasedString ?? "-") is past the hourly budget to \(notification.userID.lowercasedString): one summary push; the rest of the hour's notifications are stored without a push")
                }
                for device in devices {
                    messages.append(PushMessage(userID: notification.userID, notificationID: notification.id, device: device, payload: payload))
                    owners.append(position)
                }
            } catch {
                results[index] = .failed(message: "cannot build the push: \(error)", retryable: false)
            }
        }

        let receipts = messages.isEmpty ? [] : await sink.send(messages)
        var failures: [Int: any Error] = [:]
        var dead: [(message: PushMessage, position: Int, reason: String)] = []
        var sent = 0
        for ((message, position), receipt) in zip(zip(messages, owners), receipts) {
            switch receipt {
            case .success(.delivered): sent += 1
            case .success(.deadToken(let reason)): dead.append((message, position, reason))
            case .failure(let error): if failures[position] == nil { failures[position] = error }
            }
        }
        var disabled = 0
        if !dead.isEmpty {
            do {
                disabled = try await Self.disable(dead.map { ($0.message, $0.reason) }, registeredBefore: targets.lookedUpAt, context.connection)
            } catch {
                for entry in dead where failures[entry.position] == nil { failures[entry.position] = error }
            }
        }
        for (position, error) in failures { results[pending[position].index] = .failure(error) }
        context.stats.count(["push.sent": sent, "push.muted": muted, "push.no_device": withoutDevice, "push.dead_tokens": disabled,
                             "push.summaries": summarized, "push.collapsed": collapsed])
        return results
    }

    /// A recipient of a type of notification: whether they get it pushed and where does not
    /// depend on anything else, so a batch asks once per pair (a burst to one user is one).
    struct Recipient: Hashable, Sendable {
        var user: UUID
        var type: NotificationType
    }

    /// Who gets a batch's pushes, read in one service_role transaction: per recipient and
    /// type, whether the recipient muted it, else their active devices (oldest registration
    /// first); the badge of each recipient with a device; and the database time of the
    /// lookup (a device registered after it is not disabled by this batch's answers).
    struct Targets: Sendable {
        var muted: Set<Recipient> = []
        var devices: [Recipient: [PushDevice]] = [:]
        var badges: [UUID: Int] = [:]
        /// The display names of the senders of summary pushes.
        var senderNames: [UUID: String] = [:]
        var lookedUpAt = Date()
    }

    static func targets(_ notifications: [AppNotification], summaries: Set<UUID> = [], _ connection: PostgresConnection) async throws -> Targets {
        let senders = Array(Set(notifications.filter { summaries.contains($0.id) }.compactMap(\.sourceUserID)))
        var seen = Set<Recipient>()
        let recipients = notifications.map { Recipient(user: $0.userID, type: $0.type) }.filter { seen.insert($0).inserted }
        return try await connection.transaction { connection in
            try connection.act(as: .service)
            let rows = try connection.query("""
                select n.ord::int, m.user_id is not null as muted, d.token, d.platform, d.environment, now() as looked_up_at
                  from unnest(\(recipients.map(\.user))::uuid[], \(recipients.map(\.type.rawValue))::text[])
                       with ordinality as n (user_id, type, ord)
                  left join private.notification_mutes m on m.user_id = n.user_id and m.type = n.type
                  left join public.push_devices d on d.user_id = n.user_id and d.disabled_at is null and m.user_id is null
                 order by n.ord, d.registered_at, d.id
                """, prepared: true)
            var targets = Targets()
            if let first = rows.first { targets.lookedUpAt = try first.decode(5, as: Date.self) }
            for row in rows {
                let recipient = recipients[try row.decode(0, as: Int.self) - 1]
                if try row.decode(1, as: Bool.self) { targets.muted.insert(recipient); continue }
                guard let token = try row.decode(2, as: String?.self) else { continue }
                guard let platform = PushDevice.Platform(rawValue: try row.decode(3, as: String.self)),
                      let environment = PushDevice.Environment(rawValue: try row.decode(4, as: String.self)) else { continue }
                targets.devices[recipient, default: []].append(PushDevice(token: token, platform: platform, environment: environment))
            }
            targets.badges = try badges(Set(targets.devices.keys.map(\.user)), connection)
            if !senders.isEmpty {
                for row in try connection.query("select u.id, u.name from public.users u where u.id = any (\(senders)::uuid[])") {
                    targets.senderNames[try row.decode(0, as: UUID.self)] = try row.decode(1, as: String?.self)
                }
            }
            return targets
        }
    }

    /// Each recipient's badge, in one statement for the batch: their total unread, the sum of
    /// the four groups of `notification_badge_counts` (`NotificationWriter.badgeCounts`, its
    /// totals-only path), so the badge has one definition.
    static func badges(_ users: Set<UUID>, _ connection: isolated PostgresConnection) throws -> [UUID: Int] {
        guard !users.isEmpty else { return [:] }
        return try NotificationWriter().badgeCounts(for: Array(users), on: connection).mapValues(\.total)
    }

    /// Disables the devices whose tokens the gateway called dead (still held by the user the
    /// push was for, registered before the lookup); returns how many it disabled.
    static func disable(_ dead: [(message: PushMessage, reason: String)], registeredBefore: Date,
                        _ connection: PostgresConnection) async throws -> Int {
        try await connection.transaction { connection in
            try connection.act(as: .service)
            return try connection.query("""
                update public.push_devices d
                   set disabled_at = now(), disabled_reason = r.reason
                  from unnest(\(dead.map(\.message.device.token))::text[], \(dead.map(\.message.userID))::uuid[],
                              \(dead.map { String($0.reason.prefix(200)) })::text[]) as r (token, user_id, reason)
                 where d.token = r.token and d.user_id = r.user_id and d.disabled_at is null
                   and d.registered_at <= \(registeredBefore)
                returning d.id
                """, prepared: true).count
        }
    }
}
