import DispatchServer
import Foundation

/// Removes the image of a photo from the photo store when its `observed_bird_photos` row is
/// deleted: hard-deleted (by the app, by its entry's deletion, by the tombstone purge) or
/// tombstoned (`deleted_at` set: the app's delete). The path is the row's
/// (`{watchlist_entry_id}/{id}.jpg`); deleting an image that is not there succeeds, so a
/// retried or repeated event is harmless. Store failures follow the retry policy (a Storage
/// API answering 5xx or 429 is retried, any other 4xx is not).
public struct PhotoObjectsHandler: PerEventHandler {
    public let name: String
    public let store: any PhotoStore

    public init(name: String = "photos", store: any PhotoStore) {
        self.name = name
        self.store = store
    }

    public var counters: [String] { ["photos.removed"] }

    public func handle(_ event: OutboxEvent, context: HandlerContext) async throws {
        guard event.table == "observed_bird_photos" else { return }
        let row: RealtimeRow
        switch event.operation {
        case .delete:
            row = try event.changes()
        case .update:
            // A tombstone: deleted_at set where it was not.
            guard try event.changed("deleted_at"), try event.changes()["deleted_at"]?.isNull ?? true,
                  try !(event.record()["deleted_at"]?.isNull ?? true) else { return }
            row = try event.record()
        case .insert:
            return
        }
        guard let entry = row["watchlist_entry_id"]?.stringValue.flatMap(UUID.init(uuidString:)),
              let photo = row["id"]?.stringValue.flatMap(UUID.init(uuidString:)) else {
            throw HandlerError.permanent("a photo row without its id or entry id")
        }
        try await store.delete(PhotoPath(entryID: entry, photoID: photo))
        context.stats.count(["photos.removed": 1])
    }
}
