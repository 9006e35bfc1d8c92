import Foundation

/// Where the next page of a feed starts: the (created_at, id) of the last row shown.
///
/// A keyset rather than an offset, so rows arriving while the user scrolls neither repeat
/// nor hide rows on later pages. The time is kept as whole microseconds since 1970 — the
/// exact precision of `timestamptz` — because a `Date` (a `Double`) rounds, and a rounded
/// bound would skip or repeat rows that share a timestamp.
public struct NotificationCursor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var createdAtMicroseconds: Int64
    public var id: UUID

    public init(createdAtMicroseconds: Int64, id: UUID) {
        self.createdAtMicroseconds = createdAtMicroseconds
        self.id = id
    }

    /// An opaque string for clients to hand back (`<microseconds>_<id>`).
    public var token: String { "\(createdAtMicroseconds)_\(id.uuidString.lowercased())" }

    /// Parses `token`; nil for anything that `token` cannot have produced.
    public init?(token: String) {
        let parts = token.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let micros = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else {
            return nil
        }
        self.init(createdAtMicroseconds: micros, id: id)
    }

    public var description: String { token }
}

/// One page of a user's feed, newest first.
public struct NotificationPage: Sendable, Hashable {
    public var notifications: [AppNotification]
    /// Pass to the next `list` call; nil on the last page.
    public var nextCursor: NotificationCursor?

    public init(notifications: [AppNotification], nextCursor: NotificationCursor?) {
        self.notifications = notifications
        self.nextCursor = nextCursor
    }
}
