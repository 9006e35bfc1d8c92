import DispatchServer
import Foundation
import Postgres

/// Turns claims, releases, completions, notes, restores, shares and sightings into rows of
/// `public.notifications` (types from the `NotificationType` registry), written as
/// service_role with a dedupe key per event, type and recipient, so a retried event never
/// notifies twice. Each new row is itself an outbox event, which the push handler sends.
///
/// A batch costs a handful of statements whatever its size: decisions are made in Swift
/// from the change itself, the lookups (note recipients, sightings, names) and the insert
/// (`NotificationWriter`, the one insert path for notifications) are one set-based
/// statement each, all in one transaction. If the batch fails for a reason that is not the
/// database going away, each event is retried on its own, so one bad event cannot hold the
/// others back.
public struct NotificationsHandler: OutboxHandler {
    public let name: String

    public init(name: String = "notifications") { self.name = name }

    public func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        // Decide what needs deciding without the database.
        var results = [DeliveryResult](repeating: .done, count: events.count)
        var plans: [(index: Int, plan: NotificationPlanner.Plan)] = []
        for (index, event) in events.enumerated() {
            do {
                let plan = try NotificationPlanner.plan(event)
                if case .none = plan { continue }
                plans.append((index, plan))
            } catch {
                results[index] = .failed(message: "cannot read the change: \(DeliveryResult.describe(error))", retryable: false)
            }
        }
        guard !plans.isEmpty else { return results }

        do {
            try await write(plans.map(\.plan), context.connection)
            return results
        } catch where !isTransient(error) && plans.count > 1 {
            // Find the culprit: each event in a transaction of its own.
            for (index, plan) in plans {
                do {
                    try await write([plan], context.connection)
                } catch {
                    results[index] = .failure(error)
                }
            }
            return results
        } catch {
            for (index, _) in plans { results[index] = .failure(error) }
            return results
        }
    }

    private func isTransient(_ error: any Error) -> Bool { RetryPolicy.isTransient(error) }

    /// Resolves the lookups, renders the texts and inserts, in one service_role transaction.
    private func write(_ plans: [NotificationPlanner.Plan], _ connection: PostgresConnection) async throws {
        try await connection.transaction { connection in
            try connection.act(as: .service)
            var drafts: [NotificationDraft] = []
            var notes: [(eventID: Int64, noteID: UUID, parentType: String, parentID: UUID, author: UUID, createdAt: Date, content: String)] = []
            var shares: [(eventID: Int64, shareID: UUID, actor: UUID?)] = []
            var sightings: [(eventID: Int64, entryID: UUID, watchlistID: UUID, latitude: Double, longitude: Double, birdID: UUID?, nickname: String?, actor: UUID?)] = []
            for plan in plans {
                switch plan {
                case .none: break
                case .drafts(let planned): drafts += planned
                case .lookup(.note(let eventID, let noteID, let parentType, let parentID, let author, let createdAt, let content)):
                    notes.append((eventID, noteID, parentType, parentID, author, createdAt, content))
                case .lookup(.share(let eventID, let shareID, let actor)):
                    shares.append((eventID, shareID, actor))
                case .lookup(.sighting(let eventID, let entryID, let watchlistID, let latitude, let longitude, let birdID, let nickname, let actor)):
                    sightings.append((eventID, entryID, watchlistID, latitude, longitude, birdID, nickname, actor))
                }
            }
            drafts += try NotificationLookups.notes(notes, connection)
            drafts += try NotificationLookups.shares(shares, connection)
            drafts += try NotificationLookups.sightings(sightings, connection)
            guard !drafts.isEmpty else { return }

            var people = Set(drafts.map(\.recipient))
            for draft in drafts { if let source = draft.source { people.insert(source) } }
            let names = try NotificationLookups.users(people, connection)
            let notifications = drafts.compactMap { draft -> NewNotification? in
                // A recipient deleted since the change gets nothing.
                guard names[draft.recipient] != nil else { return nil }
                let text = NotificationText.render(draft, sourceName: draft.source.flatMap { names[$0] })
                return NewNotification(
                    userID: draft.recipient, type: draft.type, title: text.title, body: text.body,
                    sourceUserID: draft.source.flatMap { names[$0] != nil ? $0 : nil },
                    entityType: draft.entityType, entityID: draft.entityID, data: draft.data, dedupeKey: draft.dedupeKey)
            }
            try NotificationWriter().insert(notifications, on: connection)
        }
    }
}
