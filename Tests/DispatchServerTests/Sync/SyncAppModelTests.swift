import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The Dispatch documents' records as the app sends them: a task's `toSupabaseJSON()` names
/// its declarer `created_by` and its listing `listing`; listings have a `created_by`;
/// realtors' `email` is indexed (not unique: it is unverified, see
/// anAddressOnAnotherProfileNeitherLeaksNorBlocks).
@Suite struct SyncAppModelTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    @Test func aTaskPushedWithTheAppsKeysIsStoredInItsColumns() async throws {
        let alice = try await F.user(admin, "Alice")
        let app = SyncService(connection: try await database.connect(), user: alice)
        let listing = UUID()
        let listingAnswer = try await app.push(table: .listings, record: [
            "id": .string(listing.uuidString), "address": "12 Elm St", "owned_by": .string(alice.uuidString),
            "created_by": .string(alice.uuidString.lowercased()),
        ], expectedVersion: nil)
        #expect(listingAnswer.record["created_by"]?.stringValue == alice.uuidString.lowercased(), "the creator, set by the server")

        // Task.toSupabaseJSON(), as the documents write it.
        let id = UUID()
        let dto: JSONValue = [
            "id": .string(id.uuidString), "title": "Stage the living room", "description": "", "due_date": .null,
            "priority": "high", "completed": false, "claimed_by": .null, "created_by": .string(alice.uuidString),
            "listing": .string(listing.uuidString), "created_at": "2025-11-29T16:00:00Z", "updated_at": "2025-11-29T16:00:00Z",
        ]
        let answer = try await app.push(table: .tasks, record: dto, expectedVersion: nil)
        guard case .applied(let row) = answer else { Issue.record("\(answer)"); return }
        #expect(row["declared_by"]?.stringValue == alice.uuidString.lowercased())
        #expect(row["listing_id"]?.stringValue == listing.uuidString.lowercased())
        // Pushed again as pulled (the columns) with the app's keys beside them: the same.
        var both = row.objectValue!
        both["created_by"] = .string(alice.uuidString)
        both["listing"] = .string(listing.uuidString)
        #expect(try await app.push(table: .tasks, record: .object(both), expectedVersion: 1) == .applied(row))

        // One column named twice with two values: refused, nothing written.
        both["listing"] = .string(UUID().uuidString)
        let twice = await F.error(SQLAPIError.self) { _ = try await app.push(table: .tasks, record: .object(both), expectedVersion: 1) }
        #expect(twice?.code == .invalidRecord && twice?.message.contains("listing and listing_id") == true, "\(String(describing: twice))")
    }

    @Test func aListingsCreatorIsTheServersToSay() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let app = SyncService(connection: try await database.connect(), user: alice)
        let forged = await F.error(SQLAPIError.self) {
            _ = try await app.push(table: .listings, record: ["id": .string(UUID().uuidString), "address": "1 Oak St",
                                                              "owned_by": .string(alice.uuidString), "created_by": .string(bob.uuidString)],
                                   expectedVersion: nil)
        }
        #expect(forged?.code == .columnNotWritable, "\(String(describing: forged))")
        #expect(try await admin.query("select count(*)::int from public.listings").scalar(Int.self) == 0)
        // Handed over to Bob (by an admin), it still says Alice created it.
        let pushed = try await app.push(table: .listings, record: ["id": .string(UUID().uuidString), "address": "1 Oak St",
                                                                   "owned_by": .string(alice.uuidString)], expectedVersion: nil)
        let id = try #require(pushed.record["id"]?.stringValue.flatMap(UUID.init(uuidString:)))
        try await admin.query("update public.listings set owned_by = \(bob) where id = \(id)")
        #expect(try await admin.query("select created_by from public.listings where id = \(id)").scalar(UUID.self) == alice)
    }

    /// A profile's email is what its user typed, unverified: one account can neither learn
    /// that an address is on another's profile nor take it first and make her profile fail.
    /// Mallory writes Alice's address into his profile before Alice has created hers, and
    /// again after: every write is answered as his own address would be, and Alice creates
    /// and changes her profile with it.
    @Test func anAddressOnAnotherProfileNeitherLeaksNorBlocks() async throws {
        let mallory = try await F.user(admin, "Mallory")
        let alice = UUID()
        try await admin.query("insert into auth.users (id, email) values (\(alice), 'alice@example.com')")
        for address in ["alice@example.com", "mallory@example.com"] {
            let answer = try await admin.transaction(as: mallory) { conn in
                try conn.query("update public.users set email = \(address) where id = \(mallory)").affectedRows
            }
            #expect(answer == 1, "\(address)")
        }
        try await admin.transaction(as: mallory) { conn in
            _ = try conn.query("update public.users set email = 'alice@example.com' where id = \(mallory)")
        }
        let created = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into public.users (id, name, email) values (\(alice), 'Alice', 'alice@example.com')").affectedRows
        }
        #expect(created == 1)
        let changed = try await admin.transaction(as: alice) { conn in
            try conn.query("update public.users set email = 'alice@example.com', name = 'Alice M.' where id = \(alice)").affectedRows
        }
        #expect(changed == 1)
        #expect(try await admin.query("select count(*)::int from public.users where email = 'alice@example.com'").scalar(Int.self) == 2)
        // A lookup by email (an admin's) is an index scan.
        let plan = try await admin.query("explain (costs off) select id from public.users where email = 'alice@example.com'")
            .map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
        #expect(plan.contains("users_email_idx"), "\(plan)")
    }

    @Test func theMigrationRefusesSharedAddressesAndChangesNothing() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        // A database from before the constraint, where two profiles share an address (the
        // constraint is gone again since: the addresses are unverified).
        try await admin.query("alter table public.users drop constraint if exists users_email_key")
        try await admin.query("update public.users set email = 'shared@example.com' where id in (\(alice), \(bob))")
        let sql = try String(contentsOfFile: TestDatabase.migrationsDirectory + "/0031_users_email_unique.sql", encoding: .utf8)
        let refused = await F.error(PostgresError.self) { _ = try await admin.transaction { conn in try conn.runScript(sql) } }
        #expect(refused?.sqlState == .uniqueViolation, "\(String(describing: refused))")
        #expect(refused?.message.hasPrefix("UNIQUE_CONFLICT: users.email cannot be made unique: 1 address(es)") == true)
        #expect(refused?.detail?.contains("shared@example.com") == true)
        #expect(try await admin.query("select count(*)::int from pg_constraint where conname = 'users_email_key' and conrelid = 'public.users'::regclass").scalar(Int.self) == 0)
        // Fixed, it applies.
        try await admin.query("update public.users set email = 'bob@example.com' where id = \(bob)")
        _ = try await admin.transaction { conn in try conn.runScript(sql) }
        #expect(try await admin.query("select count(*)::int from pg_constraint where conname = 'users_email_key' and conrelid = 'public.users'::regclass").scalar(Int.self) == 1)
    }
}
