import Foundation
import Postgres

/// Writes the notifications that planned changes cause (`NotificationPlanner.plan`): the
/// lookups (note recipients, shares, sightings, names) are one set-based statement each,
/// whatever the number of plans, and the insert goes through `NotificationWriter`, the one
/// insert path, all in one service_role transaction. The worker's notification handler
/// calls it once per batch.
public enum NotificationProducer {
    /// How often a batch is tried when a concurrent batch of the same sender keeps changing
    /// its push modes (`NotificationWriter.isBudgetChanged`): that happens only where a
    /// sender's notifications cross a budget or start a window, so a second try almost
    /// always stores it; past these, the error is the handler's (retried later).
    static let attempts = 5

    public static func write(_ plans: [NotificationPlanner.Plan], on connection: PostgresConnection) async throws {
        var attempt = 1
        while true {
            do {
                return try await writeOnce(plans, on: connection)
            } catch where NotificationWriter.isBudgetChanged(error) && attempt < attempts {
                attempt += 1
            }
        }
    }

    private static func writeOnce(_ plans: [NotificationPlanner.Plan], on connection: PostgresConnection) async throws {
        try await connection.transaction { connection in
            try connection.act(as: .service)
            var drafts: [NotificationDraft] = []
            var notes: [NotificationLookup.NoteAdded] = []
            var shares: [NotificationLookup.WatchlistShared] = []
            var sightings: [NotificationLookup.Sighting] = []
            for plan in plans {
                switch plan {
                case .none: break
                case .drafts(let planned): drafts += planned
                case .lookup(.note(let note)): notes.append(note)
                case .lookup(.share(let share)): shares.append(share)
                case .lookup(.sighting(let sighting)): sightings.append(sighting)
                }
            }
            drafts += try NotificationLookups.notes(notes, connection)
            drafts += try NotificationLookups.shares(shares, connection)
            drafts += try NotificationLookups.sightings(sightings, connection)
            guard !drafts.isEmpty else { return }

            var people = Set(drafts.map(\.recipient))
            for draft in drafts { if let source = draft.source { people.insert(source) } }
            let names = try NotificationLookups.users(people, connection)
            let shownNames = names.mapValues(NotificationText.shownName)
            try NotificationWriter().store(drafts.compactMap { $0.rendered(names: names, shownNames: shownNames) }, on: connection)
        }
    }
}
