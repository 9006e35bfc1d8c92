/// The tables `sync_pull` and `sync_push` serve (SQL's `private.sync_tables()`). An enum
/// so that a Swift caller cannot name any other; the SQL checks again for other clients.
public enum SyncTable: String, Sendable, Hashable, CaseIterable, Codable {
    case tasks
    case activities
    case listings
    case notes
    case subtasks
    case watchlists
    case watchlistEntries = "watchlist_entries"
    case watchlistRules = "watchlist_rules"
    case observedBirdPhotos = "observed_bird_photos"
    case journalThreads = "journal_threads"
    case journalEntries = "journal_entries"
    case journalFields = "journal_fields"
    case journalFieldGroups = "journal_field_groups"
    case journalEntryValues = "journal_entry_values"
    /// The bell list: each user's own notifications (only `read` is theirs to push).
    case notifications
}
