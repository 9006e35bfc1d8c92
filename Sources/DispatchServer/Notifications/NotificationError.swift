import Foundation
import Postgres

/// A refused notification operation, typed so callers switch on `kind` rather than on
/// SQLSTATE strings. The server's error is kept whole in `postgres` (nil when Swift
/// refused the input before asking the server).
public struct NotificationError: Error, Sendable, CustomStringConvertible, RetryClassifiable {
    public enum Kind: String, Sendable, Hashable {
        /// 22023: a value out of range or malformed.
        case invalidArgument
        /// 22004: a required value was NULL.
        case nullValue
        /// P0002.
        case notFound
        /// 42501 with `NOT_AUTHENTICATED`: no signed-in user in the transaction.
        case notAuthenticated
        /// 42501 otherwise: row-level security or a grant refused it.
        case notAuthorized
        /// 23514 on `valid_notification_type`: the type is not in the registry.
        case unknownType
        /// 23503: a referenced user or row does not exist.
        case missingReference
        /// 23505.
        case duplicate
        /// Any other integrity constraint (23xxx).
        case constraintViolation
        /// 55000: the row is in a state that does not allow this.
        case stateConflict
        /// Anything else the server refused.
        case other
    }

    public var kind: Kind
    /// The project's error code, the text before the colon in the server's message
    /// (`NULL_VALUE`, `NOT_AUTHENTICATED` …); nil for errors Postgres raised itself.
    public var code: String?
    public var message: String
    public var postgres: PostgresError?

    public init(_ kind: Kind, code: String? = nil, _ message: String, postgres: PostgresError? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.postgres = postgres
    }

    /// Classifies a server error; nil for errors that are not the server refusing the
    /// statement (a lost connection stays a `PostgresError`, so retry logic sees it as is).
    public init?(_ error: PostgresError) {
        guard error.kind == .server, let state = error.sqlState else { return nil }
        let code = Self.projectCode(in: error.message)
        let kind: Kind
        switch state {
        case "22023": kind = .invalidArgument
        case "22004": kind = .nullValue
        case "P0002": kind = .notFound
        case "42501": kind = code == "NOT_AUTHENTICATED" ? .notAuthenticated : .notAuthorized
        case "23514": kind = error.constraint == "valid_notification_type" ? .unknownType : .constraintViolation
        case "23503": kind = .missingReference
        case "23505": kind = .duplicate
        case "55000": kind = .stateConflict
        case _ where state.hasPrefix("23"): kind = .constraintViolation
        default: kind = .other
        }
        self.init(kind, code: code, error.message, postgres: error)
    }

    public var isTransient: Bool { postgres?.isTransient ?? false }

    public var description: String {
        var text = "\(kind.rawValue): \(message)"
        if let state = postgres?.sqlState { text += " (SQLSTATE \(state))" }
        return text
    }

    /// `CODE: text` → `CODE` when CODE is UPPER_SNAKE, the convention of this project's SQL.
    static func projectCode(in message: String) -> String? {
        guard let colon = message.firstIndex(of: ":") else { return nil }
        let head = message[..<colon]
        guard let first = head.unicodeScalars.first, ("A"..."Z").contains(first),
              head.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { return nil }
        return String(head)
    }

    /// Runs `body`, turning the server's refusals into `NotificationError`.
    static func mapping<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgresError {
            if let mapped = NotificationError(error) { throw mapped }
            throw error
        }
    }
}
