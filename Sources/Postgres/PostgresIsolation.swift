/// A transaction's isolation level (`BEGIN ISOLATION LEVEL …`): what its statements see of
/// one another's and of other transactions' commits.
public enum PostgresIsolation: String, Sendable {
    /// Each statement sees what was committed when it started (the server's default).
    case readCommitted = "read committed"
    /// Every statement sees what was committed when the first one started: one snapshot,
    /// for work read by several statements that must agree.
    case repeatableRead = "repeatable read"
    /// As repeatable read, and the transaction fails rather than commit a result no serial
    /// order of the transactions could give.
    case serializable
}
