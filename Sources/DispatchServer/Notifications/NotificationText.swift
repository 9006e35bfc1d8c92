import Foundation
import Postgres

/// Title and body of each notification type, in one place: who did what to which item.
/// Field-by-field change summaries (`AuditSummaryBuilder`) are for history screens; a
/// push names the item and the action.
public enum NotificationText {
    public static let someone = "Someone"

    /// A release draft's `detail` when the claim expired (`private.release_expired_claims`):
    /// told to the declarer (`claimExpired`) and to the claimer (`ownClaimExpired`).
    public static let claimExpired = "claim_expired"
    public static let ownClaimExpired = "own_claim_expired"
    /// An `other` draft's `detail` when a held item was handed to its claimer because its
    /// declarer's account was deleted (`private.hand_over_held_items`).
    public static let handedOver = "handed_over"

    /// The most characters of a display name a notification shows.
    static let nameLimit = 32

    public static func render(_ draft: NotificationDraft, sourceName: String?) -> (title: String, body: String) {
        render(draft, shownName: shownName(sourceName))
    }

    /// How a sender is named in a notification's text: their display name as `sender` shows
    /// it, else "Someone". A batch works it out once per person (`NotificationProducer`).
    public static func shownName(_ sourceName: String?) -> String { sourceName.flatMap(sender) ?? someone }

    static func render(_ draft: NotificationDraft, shownName who: String) -> (title: String, body: String) {
        let subject = quoted(draft.subject)
        switch draft.type {
        case .taskClaimed: return ("Task claimed", "\(who) claimed \(subject)")
        case .taskUnclaimed, .activityUnclaimed:
            let kind = draft.type == .taskUnclaimed ? "Task" : "Activity"
            switch draft.detail {
            case claimExpired: return ("\(kind) released", "\(who)’s claim on \(subject) expired; it is open again")
            case ownClaimExpired: return ("\(kind) released", "Your claim on \(subject) expired; it is open again")
            default: return ("\(kind) released", "\(who) released \(subject); it is open again")
            }
        case .taskCompleted: return ("Task completed", "\(who) completed \(subject)")
        case .activityClaimed: return ("Activity claimed", "\(who) claimed \(subject)")
        case .activityCompleted: return ("Activity completed", "\(who) completed \(subject)")
        case .noteAdded:
            let snippet = draft.detail.map { ": " + excerpt($0, limit: 120) } ?? ""
            return ("New note", "\(who) added a note on \(subject)\(snippet)")
        case .entityRestored:
            return ("\(draft.entityType.capitalized) restored", "\(who) restored \(subject)")
        case .watchlistShared:
            return ("Watchlist shared", "\(who) shared \(subject) with you")
        case .watchlistSighting:
            let place = draft.detail.map { " inside your watchlist \(quoted($0))" } ?? " near you"
            return ("Sighting nearby", "\(who) observed \(draft.subject)\(place)")
        case .other where draft.detail == handedOver:
            let kind = draft.entityType == "task" ? "Task" : "Activity"
            return ("\(kind) handed over", "The account that declared \(subject) was deleted: it stays with you, and is yours to answer for now")
        default:
            return (draft.type.rawValue.replacingOccurrences(of: "_", with: " ").capitalized, draft.subject)
        }
    }

    static func quoted(_ text: String) -> String { "“\(text)”" }

    /// The summary push sent in place of the first notification past its sender's hourly
    /// budget to its recipient (`push_mode` summary): the rest of that hour's notifications
    /// from the sender are stored and counted in the badge but not pushed, and this push says
    /// so, so that a flood makes one push and the user knows to look in the app. The title is
    /// the system's own; the sender's name leads the body as in every push.
    public static func summary(of notification: AppNotification, sourceName: String?) -> (title: String, body: String) {
        let who = sourceName.flatMap(sender) ?? someone
        return ("More updates", "\(excerpt(notification.body, limit: 120)), and more updates from \(who) this hour: they are in the app, without a push each")
    }

    /// A display name as a notification may show it, or nil for none. The name is the
    /// sender's to choose and leads the body of every push, so it must not be able to pose
    /// as the system ("Security alert: verify your account at https://…"): invisible and
    /// control characters (bidi overrides among them) go, whitespace and line breaks become
    /// one space, colons go (no "Alert:" header), a name that holds a link or an address
    /// (`://`, `www.`, `@`) is no name, and at most `nameLimit` characters are shown. The
    /// title is always the system's own ("Task claimed").
    static func sender(_ name: String) -> String? {
        let scalars = name.unicodeScalars.map { scalar -> String in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: " "
            default: scalar == ":" || scalar == "：" ? " " : String(scalar)
            }
        }.joined()
        let words = scalars.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        // Links are looked for with the invisible characters taken out (not spaced).
        let visible = String(String.UnicodeScalarView(name.unicodeScalars.filter {
            ![.control, .format].contains($0.properties.generalCategory)
        })).lowercased()
        guard !words.isEmpty, !visible.contains("://"), !visible.contains("www."), !visible.contains("@") else { return nil }
        guard words.count > nameLimit else { return words }
        return String(words.prefix(nameLimit)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The first `limit` characters of a text on one line, with an ellipsis when cut (a 1 MB
    /// note becomes a short notification, never a huge push).
    public static func excerpt(_ text: String, limit: Int) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        guard flat.count > limit else { return flat }
        return String(flat.prefix(limit)).trimmingCharacters(in: .whitespaces) + "…"
    }
}

/// How an entity is named in a sentence.
enum EntityLabel {
    static func label(entityType: String, row: RealtimeRow) -> String {
        func text(_ column: String) -> String? {
            (try? row.decodeIfPresent(column, as: String.self)).flatMap { $0?.isEmpty == false ? $0 : nil }
        }
        switch entityType {
        case "task", "activity":
            return text("title") ?? "a \(entityType)"
        case "listing":
            let address = [text("address"), text("city")].compactMap { $0 }.joined(separator: ", ")
            return address.isEmpty ? (text("mls_number").map { "listing \($0)" } ?? "a listing") : address
        case "property":
            let address = [text("address"), text("city")].compactMap { $0 }.joined(separator: ", ")
            return address.isEmpty ? "a property" : address
        default:
            return text("title") ?? text("name") ?? "an item"
        }
    }
}
