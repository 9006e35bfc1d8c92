import Foundation
import Postgres

/// Why `restore_entity` did not restore. One case per code of the SQL function, each with
/// the server's error (message, detail, hint, constraint) for logs and UI; and
/// `retryable` when the database could not be reached or went away, which is the only
/// case where trying again can change the answer. On every case nothing was restored: the
/// SQL function is all or nothing, and a lost connection rolls its transaction back.
public enum RestoreError: Error, Sendable, RetryClassifiable, CustomStringConvertible {
    /// A row the snapshot references is gone (a listing whose property was deleted): restore
    /// that one first (`missingReference`).
    case fkMissing(PostgresError)
    /// The id or a unique key (an MLS number) is held by a live row, e.g. restoring twice.
    case uniqueConflict(PostgresError)
    /// No deletion of that entity to restore.
    case notFound(PostgresError)
    /// Only the owner named in the snapshot, or an admin, may restore.
    case notAuthorized(PostgresError)
    case invalidEntityType(PostgresError)
    /// The connection was lost, refused, or the server is restarting; retry later.
    case retryable(underlying: PostgresError)

    /// Maps a failure of a restore call; nil when it is none of the above (a bug, e.g. a
    /// decoding error), which callers should rethrow unchanged.
    public init?(_ error: PostgresError) {
        if error.isTransient {
            self = .retryable(underlying: error)
            return
        }
        switch CodedSQLError.code(of: error) {
        case "FK_MISSING": self = .fkMissing(error)
        case "UNIQUE_CONFLICT": self = .uniqueConflict(error)
        case "NOT_FOUND": self = .notFound(error)
        case "NOT_AUTHORIZED": self = .notAuthorized(error)
        case "INVALID_ENTITY_TYPE": self = .invalidEntityType(error)
        default: return nil
        }
    }

    /// The server's error, with every field it sent.
    public var serverError: PostgresError {
        switch self {
        case .fkMissing(let e), .uniqueConflict(let e), .notFound(let e), .notAuthorized(let e),
             .invalidEntityType(let e), .retryable(let e):
            e
        }
    }

    /// The SQL code (`FK_MISSING` …); nil for `retryable`.
    public var code: String? { CodedSQLError.code(of: serverError) }
    public var message: String { serverError.message }
    public var detail: String? { serverError.detail }
    public var hint: String? { serverError.hint }

    public var isTransient: Bool {
        if case .retryable = self { return true }
        return false
    }

    /// For `fkMissing`: what has to come back first, read from the server's message
    /// ("… references property <id> (property_id), which no longer exists").
    public var missingReference: MissingReference? {
        guard case .fkMissing(let error) = self else { return nil }
        return MissingReference(message: error.message)
    }

    public var description: String { "RestoreError.\(caseName): \(serverError)" }

    private var caseName: String {
        switch self {
        case .fkMissing: "fkMissing"
        case .uniqueConflict: "uniqueConflict"
        case .notFound: "notFound"
        case .notAuthorized: "notAuthorized"
        case .invalidEntityType: "invalidEntityType"
        case .retryable: "retryable"
        }
    }

    /// The deleted row a restore depends on.
    public struct MissingReference: Sendable, Hashable {
        /// nil when the referenced table is not audited (then it cannot be restored here).
        public var entity: AuditableEntity?
        /// The entity type or table name the server named.
        public var name: String
        public var id: UUID?
        /// The referencing column of the restored row, e.g. `property_id`.
        public var column: String

        public init(entity: AuditableEntity?, name: String, id: UUID?, column: String) {
            self.entity = entity
            self.name = name
            self.id = id
            self.column = column
        }

        init?(message: String) {
            guard let match = message.firstMatch(of: /references (\S+) (\S+) \((\w+)\), which no longer exists/) else {
                return nil
            }
            name = String(match.1)
            entity = AuditableEntity(rawValue: name)
            id = UUID(uuidString: String(match.2))
            column = String(match.3)
        }
    }
}
