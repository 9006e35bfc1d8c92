import Postgres

/// Why a history or recently-deleted query failed. Reading never changes anything, so
/// `retryable` is always safe to retry.
public enum AuditQueryError: Error, Sendable, RetryClassifiable, CustomStringConvertible {
    /// The cursor is not an entry of this entity's history (as the caller sees it).
    case invalidCursor(PostgresError)
    /// A limit outside 1…500.
    case invalidArgument(PostgresError)
    case retryable(underlying: PostgresError)

    public init?(_ error: PostgresError) {
        if error.isTransient {
            self = .retryable(underlying: error)
            return
        }
        switch CodedSQLError.code(of: error) {
        case "INVALID_CURSOR": self = .invalidCursor(error)
        case "INVALID_LIMIT", "NULL_ARGUMENT": self = .invalidArgument(error)
        default: return nil
        }
    }

    public var serverError: PostgresError {
        switch self {
        case .invalidCursor(let e), .invalidArgument(let e), .retryable(let e): e
        }
    }

    public var isTransient: Bool {
        if case .retryable = self { return true }
        return false
    }

    public var description: String { "AuditQueryError: \(serverError)" }
}
