/// Where the next page of a history starts: just before the last entry of the previous
/// page. Keyset rather than offset, so entries written while a user pages (new ones appear
/// at the top) cause neither gaps nor repeats.
public struct HistoryCursor: Sendable, Hashable, Codable {
    /// `p_before_id` of `get_entity_history`: the id of the last entry already shown.
    public var beforeID: Int64

    public init(beforeID: Int64) { self.beforeID = beforeID }

    /// The cursor for the entries older than `entry`.
    public init(after entry: AuditEntry) { beforeID = entry.id }
}

/// One page of an entity's history, newest first.
public struct HistoryPage: Sendable, Hashable {
    public var entries: [AuditEntry]
    /// Pass to `AuditService.history(…, before:)` for the next, older page; nil when this
    /// page is the last one.
    public var nextCursor: HistoryCursor?

    public init(entries: [AuditEntry], nextCursor: HistoryCursor?) {
        self.entries = entries
        self.nextCursor = nextCursor
    }

    public var isEmpty: Bool { entries.isEmpty }
}
