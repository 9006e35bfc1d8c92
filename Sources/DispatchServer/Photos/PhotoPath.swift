import Foundation

/// Where the image of an `observed_bird_photos` row is stored: the object
/// `{entryId}/{photoId}.jpg` of the bucket `watchlist-photos`, in every photo store
/// (Supabase Storage, or a `PhotoStore` of a self-hosted server). The SQL side of the rule
/// is `private.watchlist_photo_entry` (sql/code/photos/objects.sql), which takes
/// the ids in lower case or in upper case (`UUID.uuidString`, as the apps write them).
public struct PhotoPath: Sendable, Hashable, CustomStringConvertible {
    public static let bucket = "watchlist-photos"

    public let entryID: UUID
    public let photoID: UUID

    public init(entryID: UUID, photoID: UUID) {
        self.entryID = entryID
        self.photoID = photoID
    }

    /// Parses an object name in either spelling the server accepts; nil for anything else.
    public init?(objectName: String) {
        let parts = objectName.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasSuffix(".jpg"),
              let entry = UUID(uuidString: String(parts[0])),
              let photo = UUID(uuidString: String(parts[1].dropLast(4))) else { return nil }
        let path = PhotoPath(entryID: entry, photoID: photo)
        guard path.objectNames.contains(objectName) else { return nil }
        self = path
    }

    /// The name a server-side store writes: lower case, PostgreSQL's spelling of a uuid.
    public var objectName: String {
        "\(entryID.uuidString.lowercased())/\(photoID.uuidString.lowercased()).jpg"
    }

    /// Both names the photo may have been uploaded under (an app writes `uuidString`, upper
    /// case): a deletion removes both.
    public var objectNames: [String] {
        [objectName, "\(entryID.uuidString)/\(photoID.uuidString).jpg"]
    }

    public var description: String { "\(Self.bucket)/\(objectName)" }
}
