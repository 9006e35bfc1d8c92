/// A five-character SQLSTATE, the server's own classification of an error. Open like
/// postgres-nio's `PSQLError.Code`: any code the server sends is a value; the ones this
/// project tests for have names here, in one place, so nobody compares raw strings.
///
/// Names follow PostgreSQL's condition names (Appendix A of its manual, the names
/// PL/pgSQL accepts in `exception when …`).
public struct SQLState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// The class: the first two characters (`23` integrity constraint violation, `08`
    /// connection exception …).
    public var errorClass: Substring { rawValue.prefix(2) }

    // MARK: Raised by the project's SQL API (the kind of a coded error)

    /// 22004: a required argument was NULL (`NULL_ARGUMENT`).
    public static let nullValueNotAllowed: SQLState = "22004"
    /// 22023: a bad value (`INVALID_LIMIT`, `INVALID_CURSOR` and the other `INVALID_*` codes).
    public static let invalidParameterValue: SQLState = "22023"
    /// P0002: absent, or invisible to the caller (`NOT_FOUND`).
    public static let noDataFound: SQLState = "P0002"
    /// 42501: not allowed (`NOT_AUTHORIZED`, `NOT_AUTHENTICATED`, and Postgres' own refusals
    /// by a grant or row-level security).
    public static let insufficientPrivilege: SQLState = "42501"
    /// 55000: the row is in a state that does not allow this (`ALREADY_CLAIMED` …).
    public static let objectNotInPrerequisiteState: SQLState = "55000"
    /// 22001: a value longer than its column's limit (`TOO_LONG`).
    public static let stringDataRightTruncation: SQLState = "22001"

    // MARK: Integrity constraints (class 23)

    public static let foreignKeyViolation: SQLState = "23503"
    public static let uniqueViolation: SQLState = "23505"
    public static let checkViolation: SQLState = "23514"

    // MARK: Worth retrying on a fresh connection

    public static let serializationFailure: SQLState = "40001"
    public static let deadlockDetected: SQLState = "40P01"
    public static let tooManyConnections: SQLState = "53300"
    public static let adminShutdown: SQLState = "57P01"
    public static let crashShutdown: SQLState = "57P02"
    public static let cannotConnectNow: SQLState = "57P03"
    public static let idleSessionTimeout: SQLState = "57P05"

    // MARK: Prepared statements moved by a pooler (UndeclaredPooler)

    /// 26000: the prepared statement does not exist (on this server connection).
    public static let invalidSQLStatementName: SQLState = "26000"
    /// 42P05: a prepared statement of that name already exists.
    public static let duplicatePreparedStatement: SQLState = "42P05"
    /// 08P01: the protocol was broken, e.g. a Bind with another parameter count.
    public static let protocolViolation: SQLState = "08P01"

    // MARK: Objects another session created first (two runners of migrate on a new database)

    /// 42P06: a schema of that name already exists.
    public static let duplicateSchema: SQLState = "42P06"
    /// 42P07: a table (or another relation) of that name already exists.
    public static let duplicateTable: SQLState = "42P07"

    // MARK: Others the tests meet

    public static let undefinedColumn: SQLState = "42703"
    public static let syntaxError: SQLState = "42601"
    public static let invalidTextRepresentation: SQLState = "22P02"
    /// 57014: cancelled, e.g. by `statement_timeout`.
    public static let queryCanceled: SQLState = "57014"
    /// 55P03: a lock not granted within `lock_timeout` (or NOWAIT).
    public static let lockNotAvailable: SQLState = "55P03"
    public static let undefinedFunction: SQLState = "42883"

    /// True when the same statement may succeed on a fresh connection: the connection
    /// broke (class 08), the server is shutting down, restarting or full, or the
    /// transaction lost a serialization race or a deadlock. `database_dropped` (57P04) and
    /// `query_canceled` (57014) are not: retrying cannot change their answer. A prepared
    /// statement missing (26000) or already there (42P05) is a connection's statement
    /// moved by a pooler (`UndeclaredPooler`): the connection goes on unnamed.
    public var isTransient: Bool {
        errorClass == "08" || Self.transient.contains(self)
    }

    private static let transient: Set<SQLState> = [
        .serializationFailure, .deadlockDetected, .tooManyConnections,
        .adminShutdown, .crashShutdown, .cannotConnectNow, .idleSessionTimeout,
        .invalidSQLStatementName, .duplicatePreparedStatement,
    ]
}
