import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The Dispatch documents' offline edits: "Two realtors modify the same item", resolved
/// last-write-wins per field ("Discard all local changes to this field, adopt remote"; equal
/// within one second: "secondary sort, Realtor ID alphabetically"). The server merges a
/// push made against an older version field by field: what only the device changed is
/// written, what only the server changed stays, what both changed goes to the later write
/// by the server's clock, and the answer says per field what won. No edit to another field
/// is lost to a conflict.
@Suite struct SyncMergeTests {
    let database: TestDatabase
    let admin: PostgresConnection
    /// Fixed ids: Alice's sorts before Bob's (the tie rule).
    let alice = UUID(uuidString: "a0000000-0000-4000-8000-000000000001")!
    let bob = UUID(uuidString: "b0000000-0000-4000-8000-000000000002")!
    let task: UUID

    /// Alice declared a task, Bob claimed it: both may edit it (version 2).
    init() async throws {
        (database, admin) = try await TestDatabase.createWithAdmin()
        for (id, name) in [(alice, "Alice"), (bob, "Bob")] {
            try await admin.query("insert into auth.users (id) values (\(id))")
            try await admin.query("insert into public.users (id, name) values (\(id), \(name))")
        }
        task = try await admin.query("""
            insert into public.tasks (title, description, priority, declared_by) values ('Fix the roof', '', 'medium', \(alice)) returning id
            """).scalar(UUID.self)
        try await admin.transaction(as: bob) { [task] conn in _ = try conn.query("select public.claim_work_item('task', \(task))") }
    }

    func app(_ user: UUID) async throws -> SyncService {
        SyncService(connection: try await database.connect(), user: user)
    }

    /// The task as `app` pulls it.
    func pulled(_ app: SyncService) async throws -> [String: JSONValue] {
        let records = try await app.pull(table: .tasks).records
        return try #require(records.first { $0["id"]?.stringValue?.lowercased() == task.uuidString.lowercased() }?.objectValue)
    }

    func column(_ name: String) async throws -> String? {
        try await admin.query("select to_jsonb(t) ->> \(name) from public.tasks t where id = \(task)").scalar(String?.self)
    }

    @Test func editsToDifferentFieldsAreBothKept() async throws {
        let alices = try await app(alice)
        let bobs = try await app(bob)
        let base = try await pulled(bobs)
        #expect(base["row_version"]?.intValue == 2)

        // Bob, offline, writes the details; Alice, online, renames it and raises its priority.
        var bobsEdit = base
        bobsEdit["description"] = "Shingles on the north side"
        bobsEdit["due_date"] = "2026-12-01T09:00:00Z"
        var alicesEdit = try await pulled(alices)
        alicesEdit["title"] = "Fix the roof before the storm"
        alicesEdit["priority"] = "urgent"
        guard case .applied = try await alices.push(table: .tasks, record: .object(alicesEdit), expectedVersion: 2) else {
            Issue.record("Alice's edit"); return
        }

        // Bob reconnects and pushes his whole row, still at version 2.
        let answer = try await bobs.push(table: .tasks, record: .object(bobsEdit), expectedVersion: 2)
        guard case .merged(let row, let fields) = answer else { Issue.record("\(answer)"); return }
        #expect(fields == [
            "description": .init(winner: .push, reason: .pushed), "due_date": .init(winner: .push, reason: .pushed),
            "title": .init(winner: .server, reason: .server), "priority": .init(winner: .server, reason: .server),
        ])
        #expect(row["title"]?.stringValue == "Fix the roof before the storm" && row["priority"]?.stringValue == "urgent")
        #expect(row["description"]?.stringValue == "Shingles on the north side" && row["row_version"]?.intValue == 4)
        #expect(try await column("title") == "Fix the roof before the storm")
        #expect(try await column("description") == "Shingles on the north side")
        // Alice's next pull has both edits.
        let hers = try await pulled(alices)
        #expect(hers["priority"]?.stringValue == "urgent" && hers["description"]?.stringValue == "Shingles on the north side")
    }

    @Test func theSameFieldGoesToTheLastWriteByTheServersClock() async throws {
        let alices = try await app(alice)
        let bobs = try await app(bob)
        var bobsEdit = try await pulled(bobs)
        bobsEdit["description"] = "Bob: shingles only"
        var alicesEdit = try await pulled(alices)
        alicesEdit["description"] = "Alice: the whole roof"
        _ = try await alices.push(table: .tasks, record: .object(alicesEdit), expectedVersion: 2)
        // Alice's write landed five minutes before Bob's push reaches the server.
        try await admin.query("update private.sync_field_changes set changed_at = changed_at - interval '5 minutes' where row_id = \(task)")

        let answer = try await bobs.push(table: .tasks, record: .object(bobsEdit), expectedVersion: 2)
        guard case .merged(let row, let fields) = answer else { Issue.record("\(answer)"); return }
        #expect(fields == ["description": .init(winner: .push, reason: .lastWrite)])
        #expect(row["description"]?.stringValue == "Bob: shingles only")
        #expect(try await column("description") == "Bob: shingles only")
    }

    @Test func withinASecondTheUserIdSortingFirstWins() async throws {
        let alices = try await app(alice)
        let bobs = try await app(bob)
        let base = try await pulled(bobs)

        // Alice's write, then Bob's against the version before it, in the same second
        // (stamped ahead here, so that a slow machine cannot pull them apart): Alice's id
        // sorts first, her priority stays.
        var alicesEdit = try await pulled(alices)
        alicesEdit["priority"] = "high"
        _ = try await alices.push(table: .tasks, record: .object(alicesEdit), expectedVersion: 2)
        try await admin.query("update private.sync_field_changes set changed_at = clock_timestamp() + interval '5 seconds' where row_id = \(task)")
        var bobsEdit = base
        bobsEdit["priority"] = "low"
        let lost = try await bobs.push(table: .tasks, record: .object(bobsEdit), expectedVersion: 2)
        guard case .merged(_, let fields) = lost else { Issue.record("\(lost)"); return }
        #expect(fields == ["priority": .init(winner: .server, reason: .tie)])
        #expect(try await column("priority") == "high")

        // The other way round: Bob's write first, Alice's in the same second wins.
        let current = try await pulled(bobs)
        var bobsTitle = current
        bobsTitle["title"] = "Bob's title"
        _ = try await bobs.push(table: .tasks, record: .object(bobsTitle), expectedVersion: current["row_version"]!.intValue!)
        try await admin.query("update private.sync_field_changes set changed_at = clock_timestamp() + interval '5 seconds' where row_id = \(task)")
        var alicesTitle = current
        alicesTitle["title"] = "Alice's title"
        let won = try await alices.push(table: .tasks, record: .object(alicesTitle), expectedVersion: current["row_version"]!.intValue!)
        guard case .merged(_, let titles) = won else { Issue.record("\(won)"); return }
        #expect(titles == ["title": .init(winner: .push, reason: .tie)])
        #expect(try await column("title") == "Alice's title")
    }

    @Test func withoutTheHistoryOfTheVersionsBetweenItIsAConflict() async throws {
        let alices = try await app(alice)
        let bobs = try await app(bob)
        var bobsEdit = try await pulled(bobs)
        bobsEdit["description"] = "Bob's"
        var alicesEdit = try await pulled(alices)
        alicesEdit["title"] = "Alice's"
        _ = try await alices.push(table: .tasks, record: .object(alicesEdit), expectedVersion: 2)
        // The history is kept 30 days, purged with the sync logs.
        try await admin.query("update private.sync_field_changes set changed_at = now() - interval '31 days' where row_id = \(task)")
        try await admin.query("select public.purge_sync_deletions()")
        let answer = try await bobs.push(table: .tasks, record: .object(bobsEdit), expectedVersion: 2)
        guard case .conflict(let server, _) = answer else { Issue.record("\(answer)"); return }
        #expect(server["title"]?.stringValue == "Alice's" && server["description"]?.stringValue == "")
        #expect(try await column("description") == "")
    }

    @Test func theHistoryHoldsDigestsNeverValues() async throws {
        let alices = try await app(alice)
        var edit = try await pulled(alices)
        edit["description"] = "A secret plan for the roof"
        _ = try await alices.push(table: .tasks, record: .object(edit), expectedVersion: 2)
        let stored = try await admin.query("select string_agg(digests::text, ' ') from private.sync_field_changes where row_id = \(task)")
            .scalar(String.self)
        #expect(!stored.contains("secret") && !stored.contains("roof") && stored.contains("\"description\""))
        // Nobody but the owner reads it.
        let denied = await WatchlistFixtures.error(PostgresError.self) {
            try await admin.transaction(as: alice) { conn in _ = try conn.query("select count(*) from private.sync_field_changes") }
        }
        #expect(denied?.sqlState == .insufficientPrivilege)
    }
}
