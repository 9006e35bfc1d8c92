import Foundation

/// A `PhotoStore` in a directory: `<root>/watchlist-photos/{entryId}/{photoId}.jpg`, for a
/// self-hosted server without Supabase Storage. Writes go to a temporary file renamed into
/// place, so a reader never sees half an image.
public struct FileSystemPhotoStore: PhotoStore {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public func url(for objectName: String) -> URL {
        root.appendingPathComponent(PhotoPath.bucket, isDirectory: true).appendingPathComponent(objectName)
    }

    public func put(_ data: Data, at path: PhotoPath) async throws {
        let target = url(for: path.objectName)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
    }

    public func get(_ path: PhotoPath) async throws -> Data? {
        for name in path.objectNames {
            let file = url(for: name)
            if FileManager.default.fileExists(atPath: file.path) { return try Data(contentsOf: file) }
        }
        return nil
    }

    public func delete(_ path: PhotoPath) async throws {
        for name in path.objectNames {
            let file = url(for: name)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            try FileManager.default.removeItem(at: file)
        }
        // The entry's folder goes with its last photo.
        let folder = url(for: path.objectName).deletingLastPathComponent()
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
