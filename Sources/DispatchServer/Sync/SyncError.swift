import Postgres

/// A coded failure of `sync_pull` / `sync_push`, with the server's error (message,
/// detail, hint) kept in `postgresError`. Nothing was changed when one is thrown.
/// Errors without a code (a lost connection) stay `PostgresError`.
public enum SyncError: Error, Sendable, CustomStringConvertible, RetryClassifiable {
    /// INVALID_TABLE: not one of the synced tables.
    case unknownTable(PostgresError)
    /// INVALID_LIMIT: the page size is not in 1…10000.
    case invalidLimit(PostgresError)
    /// INVALID_CURSOR: not a cursor sync_pull returned, or one of another table.
    case invalidCursor(PostgresError)
    /// CURSOR_EXPIRED: deletions the cursor has not seen were purged; resync from a nil cursor.
    case cursorExpired(PostgresError)
    /// INVALID_RECORD: not an object, no UUID id, an unknown column, a value that does
    /// not fit its column or breaks a check.
    case invalidRecord(PostgresError)
    /// INVALID_VERSION: a negative expected version.
    case invalidVersion(PostgresError)
    /// NULL_ARGUMENT.
    case nullArgument(PostgresError)
    /// NOT_FOUND: no such row, or the user cannot see it (deleted on the server).
    case notFound(PostgresError)
    /// NOT_AUTHORIZED: the user may read the row but not change it, or not create here.
    case notAuthorized(PostgresError)
    /// FK_MISSING: the record references a row that does not exist (push the parent first).
    case foreignKeyMissing(PostgresError)
    /// UNIQUE_CONFLICT: a unique value of the record is already taken.
    case uniqueConflict(PostgresError)
    /// ID_TAKEN: a new record's id belongs to a row the user cannot see.
    case idTaken(PostgresError)

    /// The typed form of a coded sync error; nil for any other error.
    public init?(_ error: PostgresError) {
        switch CodedSQLError.code(of: error) {
        case "INVALID_TABLE": self = .unknownTable(error)
        case "INVALID_LIMIT": self = .invalidLimit(error)
        case "INVALID_CURSOR": self = .invalidCursor(error)
        case "CURSOR_EXPIRED": self = .cursorExpired(error)
        case "INVALID_RECORD": self = .invalidRecord(error)
        case "INVALID_VERSION": self = .invalidVersion(error)
        case "NULL_ARGUMENT": self = .nullArgument(error)
        case "NOT_FOUND": self = .notFound(error)
        case "NOT_AUTHORIZED": self = .notAuthorized(error)
        case "FK_MISSING": self = .foreignKeyMissing(error)
        case "UNIQUE_CONFLICT": self = .uniqueConflict(error)
        case "ID_TAKEN": self = .idTaken(error)
        default: return nil
        }
    }

    public var postgresError: PostgresError {
        switch self {
        case .unknownTable(let error), .invalidLimit(let error), .invalidCursor(let error),
             .cursorExpired(let error), .invalidRecord(let error), .invalidVersion(let error),
             .nullArgument(let error), .notFound(let error), .notAuthorized(let error),
             .foreignKeyMissing(let error), .uniqueConflict(let error), .idTaken(let error):
            error
        }
    }

    /// The code before the colon, e.g. "CURSOR_EXPIRED".
    public var code: String { CodedSQLError.code(of: postgresError) ?? "" }

    /// The server's message.
    public var message: String { postgresError.message }

    public var description: String { postgresError.description }

    /// The same request gets the same answer: never retried.
    public var isTransient: Bool { false }
}
