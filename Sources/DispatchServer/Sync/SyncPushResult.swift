import Postgres

/// What `sync_push` did with a record.
public enum SyncPushResult: Sendable, Hashable {
    /// Written; the server's row as stored (new `row_version`, server `updated_at`).
    case applied(JSONValue)
    /// Not written: the server row moved on since `expectedVersion` (or a new row's id
    /// already exists). The server wins; replace the local copy with this row.
    case conflict(JSONValue)

    /// The server's row either way.
    public var record: JSONValue {
        switch self {
        case .applied(let record), .conflict(let record): record
        }
    }

    public var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }
}
