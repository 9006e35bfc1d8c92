import Foundation

/// Where the images of watchlist photos live, by `PhotoPath`. Two stores ship:
/// `SupabaseStoragePhotoStore` (the bucket `watchlist-photos` of a Supabase project, through
/// the Storage API with the service key) and `FileSystemPhotoStore` (a directory, for
/// self-hosting without Supabase). Both hold the same paths, so a deployment can move from
/// one to the other by copying files.
///
/// A store does not decide who may do what: it is called by code that already did
/// (`PhotoService`, which asks the database as the app user, and the worker, which removes
/// the image of a deleted photo row). On Supabase the apps talk to Storage themselves and
/// the bucket's policies decide (sql/code/photos/storage.sql).
public protocol PhotoStore: Sendable {
    /// Stores `data` (a JPEG) at `path`, replacing what was there.
    func put(_ data: Data, at path: PhotoPath) async throws
    /// The image at `path`, nil when there is none.
    func get(_ path: PhotoPath) async throws -> Data?
    /// Removes the image at `path` under either spelling of its name; removing an image
    /// that is not there succeeds (deletions are retried and repeated).
    func delete(_ path: PhotoPath) async throws
}
