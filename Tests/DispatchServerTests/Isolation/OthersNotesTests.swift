import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Notes other users add to an item never cost its people: a claim, release or completion of
/// an item costs what it costs without them, its declarer (and its claimer while he holds
/// it) removes them, and one author's notes on an item are bounded. Each test is an attack
/// as a hostile user makes it, through the calls an app has.
@Suite struct OthersNotesTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    func task(declaredBy user: UUID) async throws -> UUID {
        try await admin.query("insert into public.tasks (title, declared_by) values ('Stage the kitchen', \(user)) returning id").scalar(UUID.self)
    }

    /// Bo and 24 other accounts write the most notes each may (200) on Ada's open task: a
    /// claim, release and completion of it touch as many buffers as those of her task
    /// without notes (each rewrote every note: 16,000 of one account made them time out).
    @Test func othersNotesOnAnItemCostItsClaimReleaseAndCompletionNothing() async throws {
        let ada = try await F.user(admin, "Ada"), cy = try await F.user(admin, "Cy")
        let crowded = try await task(declaredBy: ada), quiet = try await task(declaredBy: ada)
        for n in 0..<25 {
            let author = try await F.user(admin, "Author \(n)")
            try await admin.transaction(as: author) { conn in
                _ = try conn.query("""
                    insert into public.notes (parent_type, parent_id, content, created_by)
                    select 'task', \(crowded), 'Spam ' || g, \(author) from generate_series(1, 200) g
                    """)
            }
        }
        #expect(try await admin.query("select count(*)::int from public.notes where parent_id = \(crowded)").scalar(Int.self) == 5000)
        try await admin.runScript("vacuum analyze public.notes, public.tasks")

        func compare(_ what: String, _ sql: (UUID) -> String, as caller: Caller) async throws {
            let without = try await Buffers.of(sql(quiet), as: caller, in: database), with = try await Buffers.of(sql(crowded), as: caller, in: database)
            #expect(Double(with) <= Double(without) * 1.5 + 20, "\(what): \(with) buffers beside 5,000 notes, \(without) without")
        }
        try await compare("claim", { "select public.claim_work_item('task', '\($0)')" }, as: .user(cy))
        for item in [crowded, quiet] {
            try await admin.transaction(as: cy) { conn in _ = try conn.query("select public.claim_work_item('task', \(item))") }
        }
        try await compare("release", { "select public.release_work_item('task', '\($0)')" }, as: .user(cy))
        try await compare("completion", { "update public.tasks set completed = true where id = '\($0)'" }, as: .user(ada))
        try await compare("sync_push of claimed_by", { item in
            "select public.sync_push('tasks', jsonb_build_object('id', '\(item)', 'claimed_by', null), "
                + "(select row_version from public.tasks where id = '\(item)'))"
        }, as: .user(cy))
    }

    /// A note of an open item is every user's while the item is open and leaves with it, and
    /// a device that saw it learns both ways (pulled and polled), however many notes others
    /// wrote on it: the openness is the item's, and nothing of the notes is rewritten.
    @Test func aClaimTakesOthersNotesOutOfEveryonesViewWithoutWritingThem() async throws {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo"), cy = try await F.user(admin, "Cy")
        let item = try await task(declaredBy: ada)
        try await admin.transaction(as: bo) { conn in
            _ = try conn.query("""
                insert into public.notes (parent_type, parent_id, content, created_by)
                select 'task', \(item), 'Spam ' || g, \(bo) from generate_series(1, 50) g
                """)
        }
        let cys = SyncDevice(SyncService(connection: try await database.connect(), user: cy))
        #expect(try await cys.pull(.notes).records.count == 50)
        let poll = { (cursor: String?) async throws -> JSONValue in
            try JSONValue(parsing: try await admin.transaction(as: cy) { conn in
                try conn.query("select public.sync_poll(\(cursor), '{notes}')::text").scalar(String.self)
            })
        }
        let cursor = try await poll(nil)["cursor"]?.stringValue
        let versions = try await admin.query("select sum(row_version)::int from public.notes").scalar(Int.self)

        // The claim marks the notes for every user, in its own transaction: a poll trusts the
        // marks alone once no change of holdings is watched (on a quiet server, at once).
        let everyonesNotesMarks = {
            try await admin.query("""
                select count(*)::int from private.sync_marks m join public.tasks t on t.id = \(item)
                 where m.user_id = private.everyone_key() and m.table_name = 'notes' and m.sync_xid = t.sync_xid
                """).scalar(Int.self)
        }
        try await admin.transaction(as: bo) { conn in _ = try conn.query("select public.claim_work_item('task', \(item))") }
        #expect(try await everyonesNotesMarks() == 1, "the claim marked the notes every user saw")
        #expect(try await admin.query("select sum(row_version)::int from public.notes").scalar(Int.self) == versions)
        #expect(try await poll(cursor)["tables"] == ["notes"])
        let gone = try await cys.pull(.notes)
        #expect(gone.records.isEmpty && gone.deleted.count == 50 && gone.deleted.values.allSatisfy { $0 == .revoked })

        try await admin.transaction(as: bo) { conn in _ = try conn.query("select public.release_work_item('task', \(item))") }
        #expect(try await everyonesNotesMarks() == 1, "the release marked the notes every user sees again")
        #expect(try await cys.pull(.notes).records.count == 50)
        #expect(try await cys.pull(.notes).isEmpty)
    }

    /// The first note anyone writes on an open item comes back to its author at once, as an
    /// app writes it (sync_push, an API layer's insert returning the row), though the item's
    /// openness counts it only when the statement ends; and it is every user's.
    @Test func theFirstNoteOnAnOpenItemIsItsAuthorsAtOnce() async throws {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo"), cy = try await F.user(admin, "Cy")
        let item = try await task(declaredBy: ada), other = try await task(declaredBy: ada)
        let bos = SyncService(connection: try await database.connect(), user: bo)
        let id = UUID()
        let pushed = try await bos.push(table: .notes, record: [
            "id": .string(id.uuidString), "parent_type": "task", "parent_id": .string(item.uuidString), "content": "Can I help?",
            "created_by": .string(bo.uuidString),
        ], expectedVersion: nil)
        #expect(!pushed.isConflict && pushed.record["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == id, "\(pushed)")
        let returned = try await admin.transaction(as: bo) { conn in
            try conn.query("""
                insert into public.notes (parent_type, parent_id, content, created_by)
                values ('task', \(other), 'Me too', \(bo)), ('task', \(item), 'And here', \(bo)) returning id
                """).count
        }
        #expect(returned == 2)
        #expect(try await SyncDevice(SyncService(connection: try await database.connect(), user: cy)).pull(.notes).records.count == 3)
    }

    /// One author's notes on one item are bounded (notes_per_author_per_item): past it the
    /// insert fails with QUOTA_EXCEEDED, naming the quota, and leaves nothing behind.
    @Test func oneAuthorsNotesOnAnItemAreBounded() async throws {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo")
        let item = try await task(declaredBy: ada)
        let limit = try await admin.query("select value from private.quotas where name = 'notes_per_author_per_item'").scalar(Int.self)
        let write = { (count: Int) async throws in
            try await admin.transaction(as: bo) { conn in
                _ = try conn.query("""
                    insert into public.notes (parent_type, parent_id, content, created_by)
                    select 'task', \(item), 'Spam ' || g, \(bo) from generate_series(1, \(count)) g
                    """)
            }
        }
        try await write(limit - 1)
        let refused = await F.error(PostgresError.self) { try await write(2) }.flatMap(SQLAPIError.init)
        #expect(refused?.code == .quotaExceeded && refused?.sqlState == "54000", "\(String(describing: refused))")
        #expect(refused?.detailJSON?["quota"] == "notes_per_author_per_item", "\(String(describing: refused?.detail))")
        #expect(try await admin.query("select count(*)::int from public.notes where parent_id = \(item)").scalar(Int.self) == limit - 1)
        try await write(1)
        // Another author has a quota of his own.
        let cy = try await F.user(admin, "Cy")
        try await admin.transaction(as: cy) { conn in
            _ = try conn.query("insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(item), 'Mine', \(cy))")
        }
    }

    /// The people of an item remove what others wrote on it: its declarer, and its claimer
    /// while he holds it; a third user cannot, nor the claimer once he released it.
    @Test func theDeclarerAndTheClaimerRemoveOthersNotes() async throws {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo"), cy = try await F.user(admin, "Cy")
        let item = try await task(declaredBy: ada)
        let note = { (author: UUID) async throws -> UUID in
            try await admin.transaction(as: author) { conn in
                try conn.query("""
                    insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(item), 'Spam', \(author)) returning id
                    """).scalar(UUID.self)
            }
        }
        let delete = { (note: UUID, user: UUID) async throws -> Int in
            try await admin.transaction(as: user) { conn in _ = try conn.query("delete from public.notes where id = \(note)") }
            return 1 - (try await admin.query("select count(*)::int from public.notes where id = \(note)").scalar(Int.self))
        }
        let spam = try await note(bo), more = try await note(bo), last = try await note(bo)
        #expect(try await delete(spam, cy) == 0)
        #expect(try await delete(spam, ada) == 1)

        try await admin.transaction(as: cy) { conn in _ = try conn.query("select public.claim_work_item('task', \(item))") }
        #expect(try await delete(more, cy) == 1)
        try await admin.transaction(as: cy) { conn in _ = try conn.query("select public.release_work_item('task', \(item))") }
        #expect(try await delete(last, cy) == 0)
        #expect(try await delete(last, bo) == 1)
    }
}
