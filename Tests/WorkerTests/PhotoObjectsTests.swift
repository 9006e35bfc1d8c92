import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// "deletePhoto": when the app deletes a photo (a tombstone) or its row goes (its entry
/// deleted, the tombstone purge), the worker's photos handler removes its image from the
/// photo store: from Supabase Storage through the Storage API with the service key (here a
/// local HTTP double that checks each request), or from a self-hosted directory.
@Suite("Photo objects")
struct PhotoObjectsTests {
    /// Alice's watchlist with an entry and a photo row.
    func photo(_ f: WorkerFixture) async throws -> (alice: UUID, path: PhotoPath) {
        let alice = try await f.user("Alice")
        let watchlist = try await f.connection.query("insert into public.watchlists (owner_id, title) values (\(alice), 'Spring walk') returning id").scalar(UUID.self)
        let entry = try await f.connection.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(watchlist), 'Robin') returning id").scalar(UUID.self)
        let photo = try await f.connection.query("""
            insert into public.observed_bird_photos (watchlist_entry_id, image_path, is_uploaded) values (\(entry), 'robin.jpg', true) returning id
            """).scalar(UUID.self)
        return (alice, PhotoPath(entryID: entry, photoID: photo))
    }

    @Test("a tombstoned photo: one DELETE to the Storage API's bucket, with the service key, naming both spellings of its path")
    func supabaseStorage() async throws {
        let server = try TinyHTTPServer { index, _ in index == 0 ? 503 : 200 }
        let f = try await WorkerFixture.make()
        let (alice, path) = try await photo(f)
        let store = SupabaseStoragePhotoStore(projectURL: URL(string: "http://127.0.0.1:\(server.port)")!, serviceKey: "service-key-123")
        let running = f.engine(handlers: [PhotoObjectsHandler(store: store)])
        // An edit is no deletion: nothing is sent.
        _ = try await f.acting(as: alice) { try $0.query("update public.observed_bird_photos set storage_url = 'x' where id = \(path.photoID)") }
        _ = try await f.acting(as: alice) { try $0.query("update public.observed_bird_photos set deleted_at = now() where id = \(path.photoID)") }
        #expect(try await eventually { server.requests.count == 2 }, "503 is retried")
        #expect(try await eventually { try await f.outstanding(handler: "photos") == 0 })
        try await running.stop()
        #expect(server.requests.count == 2)
        let request = try #require(server.requests.last)
        #expect(request.method == "DELETE")
        #expect(request.path == "/storage/v1/object/watchlist-photos")
        #expect(request.headers["authorization"] == "Bearer service-key-123")
        #expect(request.headers["apikey"] == "service-key-123")
        let body = try JSONValue(parsing: String(decoding: request.body, as: UTF8.self))
        #expect(body == ["prefixes": .array(path.objectNames.map { .string($0) })])
        #expect(path.objectNames == ["\(path.entryID.uuidString.lowercased())/\(path.photoID.uuidString.lowercased()).jpg",
                                     "\(path.entryID.uuidString)/\(path.photoID.uuidString).jpg"])
        #expect(running.engine.stats.snapshot.counters["photos.removed"] == 1)
        server.stop()
        await f.close()
    }

    @Test("a 4xx answer is not retried: the delivery is dead at once")
    func permanentRefusal() async throws {
        let server = try TinyHTTPServer { _, _ in 403 }
        let f = try await WorkerFixture.make()
        let (_, path) = try await photo(f)
        let store = SupabaseStoragePhotoStore(projectURL: URL(string: "http://127.0.0.1:\(server.port)")!, serviceKey: "wrong-key")
        let running = f.engine(handlers: [PhotoObjectsHandler(store: store)])
        try await f.connection.query("delete from public.observed_bird_photos where id = \(path.photoID)")
        #expect(try await eventually {
            try await f.connection.query("select count(*)::int from outbox.deliveries where handler = 'photos' and state = 'dead'").scalar(Int.self) == 1
        })
        try await running.stop()
        #expect(server.requests.count == 1)
        server.stop()
        await f.close()
    }

    @Test("self-hosted: deleting the entry removes its photos' files from the directory store")
    func fileSystem() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileSystemPhotoStore(root: root)
        let f = try await WorkerFixture.make()
        let (alice, path) = try await photo(f)
        let other = PhotoPath(entryID: UUID(), photoID: UUID())
        try await store.put(Data([0xFF, 0xD8]), at: path)
        try await store.put(Data([0xFF, 0xD8]), at: other)
        let running = f.engine(handlers: [PhotoObjectsHandler(store: store)])
        _ = try await f.acting(as: alice) { try $0.query("delete from public.watchlist_entries where id = \(path.entryID)") }
        #expect(try await eventually { try await store.get(path) == nil })
        try await running.stop()
        #expect(try await store.get(other) != nil, "another entry's photo stays")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("watchlist-photos/\(path.entryID.uuidString.lowercased())").path))
        await f.close()
    }
}
