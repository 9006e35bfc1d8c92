/// The badge an unread notification counts towards.
///
/// The four groups are disjoint, so an app-icon total is simply their sum. Raw values are
/// the `badge_group` values of `public.notification_types`, so a row decodes straight into
/// this type.
public enum BadgeGroup: String, CaseIterable, Codable, Sendable {
    case requests
    case messages
    case community
    /// Shown in the bell feed only: no tab badge claims it.
    case bellOnly = "bell_only"
}

/// Everything the server needs to know about one notification type.
///
/// Kept as one value per type (rather than one switch per property) so that adding a type
/// is a single decision in a single place, and so a test can compare each type's facts
/// with its row in `public.notification_types` in one comparison.
public struct NotificationTypeFacts: Sendable, Hashable {
    public let badgeGroup: BadgeGroup
    /// The user preference that turns this type off. `nil` for mandatory types, because a
    /// switch that cannot switch anything off must not be offered.
    public let preferenceKey: String?
    /// APNs `aps.category`: the apps register their notification actions per category.
    public let pushCategory: String

    /// Derived rather than stored, mirroring the SQL check
    /// `user_can_disable = (preference_key is not null)`, so the two cannot disagree.
    public var userCanDisable: Bool { preferenceKey != nil }

    public init(badgeGroup: BadgeGroup, preferenceKey: String?, pushCategory: String) {
        self.badgeGroup = badgeGroup
        self.preferenceKey = preferenceKey
        self.pushCategory = pushCategory
    }
}

/// Every notification type the server may store or push.
///
/// This enum, the `valid_notification_type` CHECK constraint on `public.notifications` and
/// the `public.notification_types` registry must list the same types; tests compare them
/// both ways. Raw values are stored in the database and sent to devices, so never rename
/// one: add a new case and retire the old one with a migration instead.
public enum NotificationType: String, CaseIterable, Codable, Sendable {
    // The 30 types the apps already know, in the order of their existing CHECK constraint.
    case message
    case addedToConversation = "added_to_conversation"
    case newRide = "new_ride"
    case rideUpdate = "ride_update"
    case rideClaimed = "ride_claimed"
    case rideUnclaimed = "ride_unclaimed"
    case rideCompleted = "ride_completed"
    case newFavor = "new_favor"
    case favorUpdate = "favor_update"
    case favorClaimed = "favor_claimed"
    case favorUnclaimed = "favor_unclaimed"
    case favorCompleted = "favor_completed"
    case completionReminder = "completion_reminder"
    case qaActivity = "qa_activity"
    case qaQuestion = "qa_question"
    case qaAnswer = "qa_answer"
    case review
    case reviewReceived = "review_received"
    case reviewReminder = "review_reminder"
    case reviewRequest = "review_request"
    case townHallPost = "town_hall_post"
    case townHallComment = "town_hall_comment"
    case townHallReaction = "town_hall_reaction"
    case announcement
    case adminAnnouncement = "admin_announcement"
    case broadcast
    case pendingApproval = "pending_approval"
    case userApproved = "user_approved"
    case userRejected = "user_rejected"
    case other

    // Dispatch's own types.
    case taskClaimed = "task_claimed"
    case taskUnclaimed = "task_unclaimed"
    case taskCompleted = "task_completed"
    case activityClaimed = "activity_claimed"
    case activityUnclaimed = "activity_unclaimed"
    case activityCompleted = "activity_completed"
    case noteAdded = "note_added"
    case entityRestored = "entity_restored"
    case watchlistShared = "watchlist_shared"
    case watchlistSighting = "watchlist_sighting"

    /// The one table of facts. A `switch` rather than a dictionary so that a new case
    /// without facts fails to compile instead of failing at run time. Must agree with the
    /// rows of `public.notification_types`.
    public var facts: NotificationTypeFacts {
        switch self {
        case .message:
            Self.fact(.messages, "notify_messages", "MESSAGE")
        case .addedToConversation:
            Self.fact(.messages, "notify_messages", "CONVERSATION")
        case .newRide, .newFavor:
            Self.fact(.requests, "notify_new_requests", "NEW_REQUEST")
        case .rideUpdate, .rideClaimed, .rideUnclaimed, .rideCompleted,
             .favorUpdate, .favorClaimed, .favorUnclaimed, .favorCompleted:
            Self.fact(.requests, "notify_request_updates", "REQUEST_UPDATE")
        case .completionReminder:
            Self.fact(.requests, "notify_completion_reminders", "COMPLETION_REMINDER")
        case .qaActivity, .qaQuestion, .qaAnswer:
            Self.fact(.requests, "notify_qa_activity", "QA")
        case .review, .reviewReceived, .reviewReminder, .reviewRequest:
            Self.fact(.bellOnly, "notify_reviews", "REVIEW")
        case .townHallPost, .townHallComment, .townHallReaction:
            Self.fact(.community, "notify_town_hall", "TOWN_HALL")
        case .announcement, .adminAnnouncement, .broadcast:
            Self.fact(.bellOnly, nil, "ANNOUNCEMENT")
        case .pendingApproval, .userApproved, .userRejected:
            Self.fact(.bellOnly, nil, "ACCOUNT")
        case .other:
            Self.fact(.bellOnly, nil, "GENERAL")
        case .taskClaimed, .taskUnclaimed, .taskCompleted,
             .activityClaimed, .activityUnclaimed, .activityCompleted:
            Self.fact(.requests, "notify_work_item_updates", "WORK_ITEM")
        case .noteAdded:
            Self.fact(.requests, "notify_notes", "NOTE")
        case .entityRestored:
            Self.fact(.bellOnly, "notify_restores", "RESTORE")
        case .watchlistShared:
            Self.fact(.bellOnly, "notify_watchlist_shares", "WATCHLIST_SHARE")
        case .watchlistSighting:
            Self.fact(.community, "notify_watchlist_sightings", "SIGHTING")
        }
    }

    public var badgeGroup: BadgeGroup { facts.badgeGroup }
    public var userCanDisable: Bool { facts.userCanDisable }
    public var preferenceKey: String? { facts.preferenceKey }
    public var pushCategory: String { facts.pushCategory }

    private static func fact(
        _ group: BadgeGroup, _ preferenceKey: String?, _ pushCategory: String
    ) -> NotificationTypeFacts {
        NotificationTypeFacts(badgeGroup: group, preferenceKey: preferenceKey, pushCategory: pushCategory)
    }
}
