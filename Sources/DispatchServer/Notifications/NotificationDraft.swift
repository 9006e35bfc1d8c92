import Foundation
import Postgres

/// A notification decided on but not yet written: the row to insert (`notification`, its
/// title and body still empty) and what its text is about. The text is rendered once the
/// names of the people involved are known (`rendered(names:)`).
public struct NotificationDraft: Sendable, Hashable {
    /// Recipient, type, who caused it (claimer, note author, sharer, observer: their name
    /// goes into the text, their id into `source_user_id`), entity, data and dedupe key.
    public var notification: NewNotification
    /// What it is about, as a person reads it: a task's title, a listing's address …
    public var subject: String
    /// More text: a note's first words, the watchlist a sighting fell into.
    public var detail: String?

    /// The dedupe key is one notification per event, handler, type and recipient, however
    /// often the event is retried: `outbox:<event>:notifications:<type>:<recipient>`.
    public init(eventID: Int64, recipient: UUID, type: NotificationType, source: UUID?, entityType: String,
                entityID: UUID, subject: String, detail: String?, data: [String: JSONValue] = [:]) {
        notification = NewNotification(
            userID: recipient, type: type, title: "", sourceUserID: source, entityType: entityType, entityID: entityID,
            data: data,
            dedupeKey: "outbox:\(eventID):notifications:\(type.rawValue):\(recipient.lowercasedString)")
        self.subject = subject
        self.detail = detail
    }

    public var recipient: UUID { notification.userID }
    public var type: NotificationType { notification.type }
    public var source: UUID? { notification.sourceUserID }
    public var entityType: String { notification.entityType ?? "" }

    /// The row to insert, with its text; nil when the recipient is not in `names` (deleted
    /// since the change: a notification may only name existing users, both user columns are
    /// foreign keys). A source not in `names` is left out and called "Someone".
    /// `shownNames`, when given, holds `NotificationText.shownName` of each of `names`,
    /// worked out once for a batch rather than once per notification.
    public func rendered(names: [UUID: String], shownNames: [UUID: String]? = nil) -> NewNotification? {
        guard names[recipient] != nil else { return nil }
        let sourceName = source.flatMap { names[$0] }
        let shown = source.flatMap { shownNames?[$0] } ?? NotificationText.shownName(sourceName)
        let text = NotificationText.render(self, shownName: shown)
        var row = notification
        row.title = text.title
        row.body = text.body
        row.sourceUserID = sourceName == nil ? nil : source
        return row
    }
}

/// What a change needs looked up in the database before its notifications can be decided.
public enum NotificationLookup: Sendable, Hashable {
    case note(NoteAdded)
    case share(WatchlistShared)
    case sighting(Sighting)

    /// A note was added: its recipients are the other people on its parent.
    public struct NoteAdded: Sendable, Hashable {
        public var eventID: Int64
        public var noteID: UUID
        public var parentType: String
        public var parentID: UUID
        public var author: UUID
        public var createdAt: Date
        public var content: String
    }

    /// A watchlist was shared (the share names the watchlist and the reader).
    public struct WatchlistShared: Sendable, Hashable {
        public var eventID: Int64
        public var shareID: UUID
        public var actor: UUID?
    }

    /// An entry was marked observed at a place: other users' location rules may match.
    public struct Sighting: Sendable, Hashable {
        public var eventID: Int64
        public var entryID: UUID
        public var watchlistID: UUID
        public var latitude: Double
        public var longitude: Double
        public var birdID: UUID?
        public var nickname: String?
        public var actor: UUID?
    }
}
