import Foundation
import Postgres

/// Photo images for a self-hosted server without Supabase Storage: the server receives the
/// upload from the app and keeps it in a `PhotoStore`, under the rule the bucket's policies
/// apply on Supabase, asked of the database as the app user
/// (`private.may_write_watchlist_photo` / `private.may_read_watchlist_photo`): written by
/// whoever may write the entry's photos once the entry is on the server, read by the entry's
/// readers. The worker removes an image when its photo row is deleted.
public struct PhotoService: Sendable {
    let database: ServiceDatabase
    public let user: UUID
    public let store: any PhotoStore

    /// Calls go to `database` (a pool, or one connection).
    public init(database: any UserScopedDatabase, user: UUID, store: any PhotoStore) {
        self.database = ServiceDatabase(database)
        self.user = user
        self.store = store
    }

    /// Calls go to the primary of `roles` (every check must see the entry just synced).
    public init(roles: ConnectionRoles, user: UUID, store: any PhotoStore) {
        self.database = ServiceDatabase(roles)
        self.user = user
        self.store = store
    }

    /// Why a photo cannot be written or read: the entry is not on the server yet (or is
    /// deleted) or is not the user's to write; or the user does not see it. As the bucket's
    /// policies answer on Supabase, the two are not told apart.
    public struct NotAllowed: Error, Equatable, CustomStringConvertible {
        public let path: PhotoPath
        public let write: Bool
        public var description: String {
            write ? "you may not store the photo \(path): its entry is not on the server yet, is deleted, or is not yours to write"
                  : "you may not read the photo \(path)"
        }
    }

    /// Stores the image (upload after the entry synced; a retry replaces it).
    public func upload(_ data: Data, to path: PhotoPath) async throws {
        guard try await allowed(write: true, path) else { throw NotAllowed(path: path, write: true) }
        try await store.put(data, at: path)
    }

    /// The image, nil when none was uploaded yet.
    public func download(_ path: PhotoPath) async throws -> Data? {
        guard try await allowed(write: false, path) else { throw NotAllowed(path: path, write: false) }
        return try await store.get(path)
    }

    /// Removes the image (the photo row stays: delete it through sync, and the worker
    /// removes the image too).
    public func delete(_ path: PhotoPath) async throws {
        guard try await allowed(write: true, path) else { throw NotAllowed(path: path, write: true) }
        try await store.delete(path)
    }

    private func allowed(write: Bool, _ path: PhotoPath) async throws -> Bool {
        let name = path.objectName
        let query: PostgresQuery = write
            ? "select private.may_write_watchlist_photo(\(name))" : "select private.may_read_watchlist_photo(\(name))"
        return try await SQLAPIError.mapping {
            try await database.primary.transaction(as: user) { conn in try conn.query(query, prepared: true).scalar(Bool.self) }
        }
    }
}
