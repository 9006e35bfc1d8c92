import DispatchServer
import Foundation
import Postgres

/// A notification decided on but not yet written: the recipient, the registry type, who
/// caused it and what it is about. Its text is rendered once the names are known.
struct NotificationDraft: Sendable, Hashable {
    var eventID: Int64
    var recipient: UUID
    var type: NotificationType
    /// The person who caused it (claimer, note author, sharer, observer); their name goes
    /// into the text and `source_user_id`.
    var source: UUID?
    var entityType: String
    var entityID: UUID
    /// What it is about, as a person reads it: a task's title, a listing's address …
    var subject: String
    /// More text: a note's first words, the watchlist a sighting fell into.
    var detail: String?
    var data: [String: JSONValue] = [:]

    /// Idempotency key: one notification per event, handler, type and recipient, however
    /// often the event is retried.
    var dedupeKey: String {
        "outbox:\(eventID):notifications:\(type.rawValue):\(recipient.uuidString.lowercased())"
    }
}

/// Lookups a draft needs from the database before it can be decided.
enum DraftRequest: Sendable {
    /// A note was added: its recipients are the other people on its parent.
    case note(eventID: Int64, noteID: UUID, parentType: String, parentID: UUID, author: UUID, createdAt: Date, content: String)
    /// A watchlist was shared (the share names the watchlist and the reader).
    case share(eventID: Int64, shareID: UUID, actor: UUID?)
    /// An entry was marked observed at a place: other users' location rules may match.
    case sighting(eventID: Int64, entryID: UUID, watchlistID: UUID, latitude: Double, longitude: Double,
                  birdID: UUID?, nickname: String?, actor: UUID?)

    var eventID: Int64 {
        switch self {
        case .note(let id, _, _, _, _, _, _), .share(let id, _, _), .sighting(let id, _, _, _, _, _, _, _): id
        }
    }
}
