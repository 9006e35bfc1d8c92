import Foundation
import Postgres

/// Claiming and releasing tasks and activities for one user, through `claim_work_item` /
/// `release_work_item`. The race is decided on the server (one conditional UPDATE under the
/// row lock), so any number of app servers can call this at once and exactly one claimer
/// wins.
/// With `ConnectionRoles`, every call goes to the primary (each one writes).
public struct ClaimService: UserService {
    let database: ServiceDatabase
    public let user: UUID

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    /// Claims the item for the user and returns its row. Claiming an item the user already
    /// holds returns it unchanged. Throws `SQLAPIError` (`ALREADY_CLAIMED` with its
    /// `claimer`, `ALREADY_COMPLETED`, `NOT_FOUND` …); on every error nothing changed.
    @discardableResult
    public func claim(_ type: WorkItemType, id: UUID) async throws -> JSONValue {
        try await call { conn in
            try conn.query("select public.claim_work_item(\(type.rawValue), \(id))", prepared: true).scalar(JSONValue.self)
        }
    }

    /// Releases the user's claim (an admin may release anyone's) and returns the row.
    /// Releasing an unclaimed item returns it unchanged. Throws `SQLAPIError`
    /// (`NOT_CLAIMER` with its `claimer`, `NOT_FOUND` …).
    @discardableResult
    public func release(_ type: WorkItemType, id: UUID) async throws -> JSONValue {
        try await call { conn in
            try conn.query("select public.release_work_item(\(type.rawValue), \(id))", prepared: true).scalar(JSONValue.self)
        }
    }

    private func call(_ body: @escaping @Sendable (isolated PostgresConnection) throws -> JSONValue) async throws -> JSONValue {
        try await SQLAPIError.mapping {
            try await database.primary.transaction(as: user) { conn in try body(conn) }
        }
    }
}
