import Foundation
import Postgres

/// Decides, from one change alone, which notifications it causes, or which lookups it needs
/// (notes, shares, sightings). Pure: no database, so every rule is testable on its own.
///
/// Nobody is notified of their own action: the actor is the event's `actor` (auth.uid() of
/// the writer) or, for a service write, the person the change names (the claimer).
public enum NotificationPlanner {
    public enum Plan: Sendable, Hashable {
        case none
        case drafts([NotificationDraft])
        case lookup(NotificationLookup)
    }

    /// Statuses that mean "I saw it" (the apps write `observed`; accept its spellings).
    static let observedStatuses: Set<String> = ["observed", "seen", "spotted"]

    /// The rule for each table whose changes can notify someone. Its keys are the tables the
    /// notification handler must receive (`outbox.handlers.tables` of `notifications`;
    /// `ContractTests` compares them).
    static let rules: [String: @Sendable (any ChangeEvent) throws -> Plan] = [
        "tasks": workItem, "activities": workItem,
        "listings": restore, "properties": restore,
        "notes": note,
        "watchlist_shares": share,
        "watchlist_entries": sighting,
    ]

    /// The tables the rules read, sorted.
    public static var tables: [String] { rules.keys.sorted() }

    public static func plan(_ event: any ChangeEvent) throws -> Plan {
        try rules[event.table]?(event) ?? .none
    }

    // MARK: Claims, releases, completions, restores of tasks and activities

    /// The columns of a task's or activity's row that `workItem` reads.
    static let workItemColumns = ["id", "declared_by", "title", "claimed_by", "completed"]

    private static func workItem(_ event: any ChangeEvent) throws -> Plan {
        if event.operation == .insert { return try restore(event) }
        guard event.operation == .update else { return .none }
        // Cheap exit: most updates touch neither column, and for them only the small
        // changed-columns object is parsed, never the row.
        let claimChanged = try event.changed("claimed_by")
        let completionChanged = try event.changed("completed")
        let declarerChanged = try event.changed("declared_by")
        guard claimChanged || completionChanged || declarerChanged else { return .none }

        let row = try event.record(columns: workItemColumns)
        let changes = try event.changes()
        let isTask = event.table == "tasks"
        let entityType = isTask ? "task" : "activity"
        guard let itemID = try row.decodeIfPresent("id", as: UUID.self),
              let declarer = try row.decodeIfPresent("declared_by", as: UUID.self) else { return .none }
        let title = (try? row.decode("title", as: String.self)) ?? entityType
        let claimer = try row.decodeIfPresent("claimed_by", as: UUID.self)
        var drafts: [NotificationDraft] = []

        func draft(_ type: NotificationType, source: UUID?, to recipient: UUID? = nil, detail: String? = nil,
                   data extra: [String: JSONValue] = [:]) -> NotificationDraft {
            NotificationDraft(
                eventID: event.id, recipient: recipient ?? declarer, type: type, source: source, entityType: entityType,
                entityID: itemID, subject: title, detail: detail,
                data: extra.merging(["item_type": .string(entityType)]) { $1 })
        }

        if claimChanged {
            let previous = try changes.decodeIfPresent("claimed_by", as: UUID.self)
            if let claimer {
                // Claimed (or handed from one claimer to another).
                let actor = event.actor ?? claimer
                if declarer != actor, declarer != claimer {
                    drafts.append(draft(isTask ? .taskClaimed : .activityClaimed, source: claimer))
                }
            } else if let previous, event.actor == nil,
                      let expiry = try changes.decodeIfPresent("claim_expires_at", as: Date.self), expiry <= event.createdAt {
                // Released by the claim expiry (the worker, past the claim's claim_expires_at):
                // the declarer learns the item is open again, the claimer that the claim ended.
                let type: NotificationType = isTask ? .taskUnclaimed : .activityUnclaimed
                if declarer != previous {
                    drafts.append(draft(type, source: previous, detail: NotificationText.claimExpired, data: ["reason": "expired"]))
                }
                drafts.append(draft(type, source: nil, to: previous, detail: NotificationText.ownClaimExpired, data: ["reason": "expired"]))
            } else if let previous {
                // Released, by the claimer or an admin.
                let actor = event.actor ?? previous
                if declarer != actor {
                    drafts.append(draft(isTask ? .taskUnclaimed : .activityUnclaimed, source: actor))
                }
            }
        }
        if declarerChanged, !claimChanged, claimer == declarer, event.actor != declarer {
            // Handed over: its declarer's account was deleted while this user held it
            // (private.hand_over_held_items); it stays with them, and is theirs to answer for.
            drafts.append(draft(.other, source: nil, detail: NotificationText.handedOver, data: ["reason": "declarer_deleted"]))
        }
        if completionChanged, (try row.decodeIfPresent("completed", as: Bool.self)) == true {
            let actor = event.actor ?? claimer
            if declarer != actor {
                drafts.append(draft(isTask ? .taskCompleted : .activityCompleted, source: actor))
            }
        }
        return drafts.isEmpty ? .none : .drafts(drafts)
    }

    /// A row re-created by restore_entity: its owner hears of it (unless they did it).
    private static func restore(_ event: any ChangeEvent) throws -> Plan {
        guard event.operation == .insert, event.restored else { return .none }
        let row = try event.record()
        let (entityType, ownerColumn): (String, String) = switch event.table {
        case "tasks": ("task", "declared_by")
        case "activities": ("activity", "declared_by")
        case "listings": ("listing", "owned_by")
        default: ("property", "owned_by")
        }
        guard let id = try row.decodeIfPresent("id", as: UUID.self),
              let owner = try row.decodeIfPresent(ownerColumn, as: UUID.self),
              owner != event.actor else { return .none }
        return .drafts([NotificationDraft(
            eventID: event.id, recipient: owner, type: .entityRestored, source: event.actor, entityType: entityType,
            entityID: id, subject: EntityLabel.label(entityType: entityType, row: row), detail: nil,
            data: ["restored_type": .string(entityType)])])
    }

    // MARK: Lookups

    private static func note(_ event: any ChangeEvent) throws -> Plan {
        guard event.operation == .insert else { return .none }
        let row = try event.record()
        guard let noteID = try row.decodeIfPresent("id", as: UUID.self),
              let parentType = try row.decodeIfPresent("parent_type", as: String.self),
              let parentID = try row.decodeIfPresent("parent_id", as: UUID.self),
              let author = try row.decodeIfPresent("created_by", as: UUID.self) else { return .none }
        let createdAt = (try row.decodeIfPresent("created_at", as: Date.self)) ?? event.createdAt
        let content = (try row.decodeIfPresent("content", as: String.self)) ?? ""
        return .lookup(.note(.init(eventID: event.id, noteID: noteID, parentType: parentType, parentID: parentID,
                                   author: author, createdAt: createdAt, content: content)))
    }

    private static func share(_ event: any ChangeEvent) throws -> Plan {
        guard event.operation == .insert else { return .none }
        let row = try event.record()
        guard let shareID = try row.decodeIfPresent("id", as: UUID.self),
              let reader = try row.decodeIfPresent("user_id", as: UUID.self),
              reader != event.actor else { return .none }
        return .lookup(.share(.init(eventID: event.id, shareID: shareID, actor: event.actor)))
    }

    /// An entry that becomes observed at a place (inserted so, marked so, or moved while so).
    private static func sighting(_ event: any ChangeEvent) throws -> Plan {
        guard event.operation == .insert || event.operation == .update else { return .none }
        if event.operation == .update {
            let changes = try event.changes()
            guard changes.contains("status") || changes.contains("lat") || changes.contains("lon")
                    || changes.contains("deleted_at") else { return .none }
        }
        let row = try event.record()
        guard let status = try row.decodeIfPresent("status", as: String.self),
              observedStatuses.contains(status.lowercased()),
              try row.decodeIfPresent("deleted_at", as: String.self) == nil,
              let latitude = try row.decodeIfPresent("lat", as: Double.self),
              let longitude = try row.decodeIfPresent("lon", as: Double.self),
              let entryID = try row.decodeIfPresent("id", as: UUID.self),
              let watchlistID = try row.decodeIfPresent("watchlist_id", as: UUID.self) else { return .none }
        if event.operation == .update {
            // Already observed at this very place before: nothing new.
            let old = try event.oldRecord()
            let oldStatus = try old?.decodeIfPresent("status", as: String.self)
            let wasObserved = oldStatus.map { observedStatuses.contains($0.lowercased()) } ?? false
            let wasLive = try old?.decodeIfPresent("deleted_at", as: String.self) == nil
            let oldLatitude = try old?.decodeIfPresent("lat", as: Double.self)
            let oldLongitude = try old?.decodeIfPresent("lon", as: Double.self)
            let samePlace = oldLatitude == latitude && oldLongitude == longitude
            if wasObserved, wasLive, samePlace { return .none }
        }
        return .lookup(.sighting(.init(
            eventID: event.id, entryID: entryID, watchlistID: watchlistID, latitude: latitude, longitude: longitude,
            birdID: try row.decodeIfPresent("bird_id", as: UUID.self),
            nickname: try row.decodeIfPresent("nickname", as: String.self), actor: event.actor)))
    }
}
