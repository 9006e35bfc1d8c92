import DispatchServer
import Foundation
import Postgres

/// Turns claims, releases, completions, notes, restores, shares and sightings into rows of
/// `public.notifications` (types from the `NotificationType` registry), written as
/// service_role with a dedupe key per event, type and recipient, so a retried event never
/// notifies twice. Each new row is itself an outbox event, which the push handler sends.
///
/// The rules, lookups and texts live in DispatchServer (`NotificationPlanner`,
/// `NotificationProducer`): a batch costs a handful of statements whatever its size. This
/// handler only maps the outcome to deliveries: if the batch fails for a reason that is not the
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
            try await NotificationProducer.write(plans.map(\.plan), on: context.connection)
            return results
        } catch where !isTransient(error) && plans.count > 1 {
            // Find the culprit: each event in a transaction of its own.
            for (index, plan) in plans {
                do {
                    try await NotificationProducer.write([plan], on: context.connection)
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
}
