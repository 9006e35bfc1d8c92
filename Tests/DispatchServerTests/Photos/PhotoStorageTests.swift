import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The watchlist app's photo upload: bucket `watchlist-photos`, objects
/// `{entryId}/{photoId}.jpg`; "Photos MUST sync AFTER their parent WatchlistEntry is
/// synced"; the photo is the entry's readers' to see. On a Supabase-like database (Supabase
/// Storage's schema) the bucket's policies say so to the Storage API, which runs every
/// upload, download and delete as the app user; on plain PostgreSQL the code layer leaves
/// storage alone and a self-hosted server's `PhotoService` applies the same rule to a
/// `FileSystemPhotoStore`.
@Suite struct PhotoStorageTests {
    typealias F = WatchlistFixtures

    /// What the Storage API does for an upload: insert the object's row as the user.
    func upload(_ conn: PostgresConnection, as user: UUID, _ name: String) async throws {
        try await conn.transaction(as: user) { conn in
            _ = try conn.query("insert into storage.objects (bucket_id, name, owner) values ('watchlist-photos', \(name), \(user))")
        }
    }

    func visible(_ conn: PostgresConnection, as user: UUID) async throws -> [String] {
        try await conn.transaction(as: user) { conn in
            try conn.query("select name from storage.objects where bucket_id = 'watchlist-photos' order by name").map { try $0.decode(0, as: String.self) }
        }
    }

    /// Delete as the Storage API does (it sets storage.allow_delete_query); the count removed.
    func remove(_ conn: PostgresConnection, as user: UUID, _ name: String) async throws -> Int {
        try await conn.transaction(as: user) { conn in
            try conn.query("select set_config('storage.allow_delete_query', 'true', true)")
            return try conn.query("with gone as (delete from storage.objects where bucket_id = 'watchlist-photos' and name = \(name) returning 1) select count(*)::int from gone").scalar(Int.self)
        }
    }

    @Test func onSupabaseThePhotoIsUploadedAfterItsEntryByItsOwnerAndReadByTheEntrysReaders() async throws {
        let db = try await TestDatabase.create(flavor: .supabaseLike)
        let admin = try await db.connect()
        defer { Task { await admin.close() } }
        let bucket = try #require(try await admin.query("select public from storage.buckets where id = 'watchlist-photos'").first)
        #expect(try bucket.decode(0, as: Bool.self) == false, "private: only the entry's readers see a photo")

        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let carol = try await F.user(admin, "Carol")
        let watchlist = try await F.watchlist(admin, owner: alice, title: "Spring walk")
        try await F.share(admin, watchlist, with: bob)
        let (entry, photo) = (UUID(), UUID())
        // The app's path: Swift's uuidString (upper case).
        let name = "\(entry.uuidString)/\(photo.uuidString).jpg"

        // The entry has not synced yet: the photo stays pending.
        let early = await F.error(PostgresError.self) { try await upload(admin, as: alice, name) }
        #expect(early?.sqlState == .insufficientPrivilege, "\(String(describing: early))")

        try await admin.query("insert into public.watchlist_entries (id, watchlist_id, nickname) values (\(entry), \(watchlist), 'Robin')")
        try await upload(admin, as: alice, name)
        // Only the one path shape, only in an entry Alice may write.
        for wrong in ["\(entry.uuidString)/\(photo.uuidString).png", "\(entry.uuidString)/x/\(photo.uuidString).jpg",
                      "\(entry.uuidString.lowercased())/\(photo.uuidString).jpg", "\(photo.uuidString).jpg"] {
            let refused = await F.error(PostgresError.self) { try await upload(admin, as: alice, wrong) }
            #expect(refused?.sqlState == .insufficientPrivilege, "\(wrong): \(String(describing: refused))")
        }
        let intruder = await F.error(PostgresError.self) { try await upload(admin, as: bob, "\(entry.uuidString)/\(UUID().uuidString).jpg") }
        #expect(intruder?.sqlState == .insufficientPrivilege, "Bob only reads the watchlist")

        #expect(try await visible(admin, as: alice) == [name])
        #expect(try await visible(admin, as: bob) == [name], "shared with Bob: he sees the photo")
        #expect(try await visible(admin, as: carol) == [], "Carol sees nothing of it")
        #expect(try await remove(admin, as: bob, name) == 0, "Bob may not delete it")
        #expect(try await remove(admin, as: alice, name) == 1)

        // A tombstoned entry takes no more photos.
        try await admin.query("update public.watchlist_entries set deleted_at = now() where id = \(entry)")
        let late = await F.error(PostgresError.self) { try await upload(admin, as: alice, name) }
        #expect(late?.sqlState == .insufficientPrivilege)
    }

    /// A project where the migrating role may not manage the policies of storage.objects
    /// (owned by Storage's own role): the final step's part still runs, warns, and changes no
    /// policy (one is missing here, so that there is something to create).
    @Test func withoutTheRightsOverStorageObjectsTheCodeFileWarnsAndChangesNoPolicy() async throws {
        let db = try await TestDatabase.create(flavor: .supabaseLike)
        let admin = try await db.connect()
        defer { Task { await admin.close() } }
        let sql = try String(contentsOfFile: TestDatabase.repositoryPath("sql/code/photos/storage.sql"), encoding: .utf8)
        let policies = "select count(*)::int from pg_policies where schemaname = 'storage' and policyname like 'watchlist\\_photos\\_%'"
        #expect(try await admin.query(PostgresQuery(sql: policies)).scalar(Int.self) == 4)
        struct Undo: Error {}
        let warnings = await F.error(Undo.self) {
            // Rolled back: role memberships belong to the whole cluster.
            _ = try await admin.transaction { conn -> Int in
                _ = try conn.runScript("drop policy watchlist_photos_delete on storage.objects")
                _ = try conn.runScript("revoke \(SupabaseLike.storageOwnerRole) from \(SupabaseLike.ownerRole); set local role \(SupabaseLike.ownerRole)")
                _ = conn.takeWarnings()
                _ = try conn.runScript(sql)
                _ = try conn.query("select private.ensure_photo_storage()")
                let said = conn.takeWarnings()
                #expect(said.count == 1 && said[0].contains("the policies of bucket watchlist-photos were not created"), "\(said)")
                #expect(try conn.query(PostgresQuery(sql: policies)).scalar(Int.self) == 3)
                throw Undo()
            }
        }
        #expect(warnings != nil)
    }

    @Test func onPlainPostgresTheCodeLayerLeavesStorageAlone() async throws {
        let db = try await TestDatabase.create()
        let admin = try await db.connect()
        #expect(try await admin.query("select to_regnamespace('storage') is null").scalar(Bool.self))
        await admin.close()
    }

    @Test func selfHostedThePhotoServiceKeepsTheSamePathsUnderTheSameRule() async throws {
        let db = try await TestDatabase.create()
        let admin = try await db.connect()
        defer { Task { await admin.close() } }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileSystemPhotoStore(root: root)
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let carol = try await F.user(admin, "Carol")
        let watchlist = try await F.watchlist(admin, owner: alice, title: "Spring walk")
        try await F.share(admin, watchlist, with: bob)
        let path = PhotoPath(entryID: UUID(), photoID: UUID())
        let service = { (user: UUID) in PhotoService(database: admin, user: user, store: store) }
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])

        let early = await F.error(PhotoService.NotAllowed.self) { try await service(alice).upload(jpeg, to: path) }
        #expect(early?.path == path && early?.write == true, "the entry is not on the server yet")
        try await admin.query("insert into public.watchlist_entries (id, watchlist_id, nickname) values (\(path.entryID), \(watchlist), 'Robin')")
        try await service(alice).upload(jpeg, to: path)
        let file = root.appendingPathComponent("watchlist-photos/\(path.entryID.uuidString.lowercased())/\(path.photoID.uuidString.lowercased()).jpg")
        #expect((try? Data(contentsOf: file)) == jpeg)
        #expect(PhotoPath(objectName: "\(path.entryID.uuidString)/\(path.photoID.uuidString).jpg") == path)
        #expect(PhotoPath(objectName: "\(path.entryID.uuidString)/\(path.photoID.uuidString.lowercased()).jpg") == nil)

        #expect(try await service(bob).download(path) == jpeg)
        let stranger = await F.error(PhotoService.NotAllowed.self) { _ = try await service(carol).download(path) }
        #expect(stranger?.path == path && stranger?.write == false)
        let reader = await F.error(PhotoService.NotAllowed.self) { try await service(bob).delete(path) }
        #expect(reader != nil, "Bob only reads")
        try await service(alice).delete(path)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await service(alice).download(path) == nil)
    }
}
