import Foundation
import Postgres

/// Why `claim_work_item` / `release_work_item` refused, with the server's error kept in
/// each case. A claim is one conditional UPDATE on the server, so on every error nothing
/// changed.
public enum ClaimError: Error, Sendable, RetryClassifiable, CustomStringConvertible {
    /// Someone else holds the item (the loser of a race learns who won).
    case alreadyClaimed(by: UUID, name: String?, underlying: PostgresError)
    /// Only the claimer or an admin may release; `claimedBy` is the current claimer.
    case notClaimer(claimedBy: UUID, name: String?, underlying: PostgresError)
    /// A completed item cannot be claimed.
    case alreadyCompleted(underlying: PostgresError)
    /// Absent, or not visible to the caller.
    case notFound(underlying: PostgresError)
    case invalidItemType(underlying: PostgresError)
    /// No calling user (claims need one).
    case notAuthorized(underlying: PostgresError)
    /// The connection was lost or refused; claiming again is safe (claiming an item one
    /// already holds, or releasing one that is free, succeeds unchanged).
    case retryable(underlying: PostgresError)

    /// Maps a failure of a claim or release call; nil for anything else (rethrow it).
    public init?(_ error: PostgresError) {
        if error.isTransient {
            self = .retryable(underlying: error)
            return
        }
        switch CodedSQLError.code(of: error) {
        case "ALREADY_CLAIMED", "NOT_CLAIMER":
            // detail is {claimed_by, claimed_by_name, claimed_at}.
            let detail = error.detail.flatMap { try? JSONValue(parsing: $0) }
            guard let claimer = detail?["claimed_by"]?.stringValue.flatMap(UUID.init(uuidString:)) else { return nil }
            let name = detail?["claimed_by_name"]?.stringValue
            self = CodedSQLError.code(of: error) == "ALREADY_CLAIMED"
                ? .alreadyClaimed(by: claimer, name: name, underlying: error)
                : .notClaimer(claimedBy: claimer, name: name, underlying: error)
        case "ALREADY_COMPLETED": self = .alreadyCompleted(underlying: error)
        case "NOT_FOUND": self = .notFound(underlying: error)
        case "INVALID_ITEM_TYPE": self = .invalidItemType(underlying: error)
        case "NOT_AUTHENTICATED", "NOT_AUTHORIZED": self = .notAuthorized(underlying: error)
        default: return nil
        }
    }

    public var serverError: PostgresError {
        switch self {
        case .alreadyClaimed(_, _, let e), .notClaimer(_, _, let e), .alreadyCompleted(let e), .notFound(let e),
             .invalidItemType(let e), .notAuthorized(let e), .retryable(let e):
            e
        }
    }

    public var code: String? { CodedSQLError.code(of: serverError) }

    public var isTransient: Bool {
        if case .retryable = self { return true }
        return false
    }

    public var description: String { "ClaimError: \(serverError)" }
}
