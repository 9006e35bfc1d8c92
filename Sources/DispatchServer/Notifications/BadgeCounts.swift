import Foundation

/// A user's unread counts, exactly as `get_badge_counts` / `notification_badge_counts`
/// return them: the JSON the apps decode as `BadgeCountsPayload`.
///
/// Decoding is strict: the SQL promises every key (0 and `[]` when there is nothing), so a
/// missing key is a broken server contract and must surface as an error, not as a silent 0
/// (apps that met such gaps fell back to counting on the device, which drifts from the server).
public struct BadgeCounts: Sendable, Hashable, Codable {
    /// Unread notifications about one entity (a task, a conversation …), for the per-row
    /// dots in lists.
    public struct EntityCount: Sendable, Hashable, Codable {
        public var entityType: String
        public var entityID: UUID
        public var unreadCount: Int
        /// The newest unread notification about it, so lists can sort by activity.
        public var latestAt: Date

        public init(entityType: String, entityID: UUID, unreadCount: Int, latestAt: Date) {
            self.entityType = entityType
            self.entityID = entityID
            self.unreadCount = unreadCount
            self.latestAt = latestAt
        }

        enum CodingKeys: String, CodingKey {
            case entityType = "entity_type"
            case entityID = "entity_id"
            case unreadCount = "unread_count"
            case latestAt = "latest_at"
        }
    }

    public var requestsTotal: Int
    public var messagesTotal: Int
    public var communityTotal: Int
    /// Unread notifications of the `bell_only` group (the in-app bell).
    public var bellTotal: Int
    /// Per entity, newest first; `[]` unless details were asked for.
    public var requestDetails: [EntityCount]
    public var conversationDetails: [EntityCount]

    public init(
        requestsTotal: Int = 0, messagesTotal: Int = 0, communityTotal: Int = 0, bellTotal: Int = 0,
        requestDetails: [EntityCount] = [], conversationDetails: [EntityCount] = []
    ) {
        self.requestsTotal = requestsTotal
        self.messagesTotal = messagesTotal
        self.communityTotal = communityTotal
        self.bellTotal = bellTotal
        self.requestDetails = requestDetails
        self.conversationDetails = conversationDetails
    }

    public static let zero = BadgeCounts()

    /// All unread notifications: the four groups are disjoint, so this is their sum. The push
    /// badge and the app icon show it.
    public var total: Int { requestsTotal + messagesTotal + communityTotal + bellTotal }

    /// The count of one badge group.
    public subscript(group: BadgeGroup) -> Int {
        switch group {
        case .requests: requestsTotal
        case .messages: messagesTotal
        case .community: communityTotal
        case .bellOnly: bellTotal
        }
    }

    enum CodingKeys: String, CodingKey {
        case requestsTotal = "requests_total"
        case messagesTotal = "messages_total"
        case communityTotal = "community_total"
        case bellTotal = "bell_total"
        case requestDetails = "request_details"
        case conversationDetails = "conversation_details"
    }
}
