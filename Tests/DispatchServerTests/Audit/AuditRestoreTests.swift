import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing

/// Restore through `AuditService` as real users: the order dependencies between deleted
/// rows, restoring twice, permissions, and the database going away mid-restore. Every
/// failure is checked for its code and for nothing having changed.
@Suite struct AuditRestoreTests {
    let db: TestDatabase
    let admin: PostgresConnection
    let alice: UUID
    let bob: UUID

    init() async throws {
        (db, admin) = try await TestDatabase.createWithAdmin()
        let ids = try await CoreTestData.users(admin, ["Alice", "Bob"])
        alice = ids[0]
        bob = ids[1]
    }

    /// Deleting a property deletes its listings too; restoring the listing first cannot
    /// work (FK_MISSING, naming the property in DETAIL); after the property, it can.
    @Test func restoringAListingWhosePropertyIsGoneFailsWithFKMissingThenWorksInOrder() async throws {
        let property = try await CoreTestData.property(admin, as: alice, address: "12 Elm St")
        let listing = try await CoreTestData.listing(admin, as: alice, property: property, price: 500_000, mls: "MLS-12")
        // Deleting the property cascades to the listing; both deletions are audited as Alice's.
        #expect(try await CoreTestData.delete(admin, .property, property, as: alice) == 1)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1", [listing]) == 0)

        let audit = AuditService(connection: admin, user: alice)
        let deleted = try await audit.recentlyDeleted()
        #expect(Set(deleted.map(\.recordID)) == [property, listing])
        #expect(deleted.allSatisfy { $0.action == .delete && $0.changedBy == alice && $0.changedByName == "Alice" })

        let error = try await #require(throws: SQLAPIError.self) {
            try await audit.restore(entity: .listing, id: listing)
        }
        #expect(error.code == .fkMissing)
        #expect(error.sqlState == .foreignKeyViolation)
        #expect(error.missingReference == SQLAPIError.MissingReference(
            entity: .property, table: "properties", column: "property_id", id: property), "DETAIL: \(error.detail ?? "none")")
        #expect(error.hint == "Restore property \(property.uuidString.lowercased()) first.")
        // Nothing changed: no row, no RESTORE entry, still listed as deleted.
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1", [listing]) == 0)
        #expect(try await CoreTestData.auditCount(admin, .listing, listing, action: .restore) == 0)
        #expect(try await audit.recentlyDeleted().count == 2)

        let restoredProperty = try await audit.restore(entity: .property, id: property)
        #expect(restoredProperty["address"] == "12 Elm St")
        let restoredListing = try await audit.restore(entity: .listing, id: listing)
        #expect(restoredListing["id"]?.stringValue == listing.uuidString.lowercased())
        #expect(restoredListing["property_id"]?.stringValue == property.uuidString.lowercased())
        #expect(restoredListing["price"] == 500_000)
        #expect(restoredListing["mls_number"] == "MLS-12")
        #expect(restoredListing["owned_by"]?.stringValue == alice.uuidString.lowercased())
        #expect(try await audit.recentlyDeleted().isEmpty)
    }

    /// Restore, then restore again → UNIQUE_CONFLICT on the id; and a unique key taken over
    /// by another live row → UNIQUE_CONFLICT naming it.
    @Test func restoringTwiceOrOntoATakenUniqueKeyFailsWithUniqueConflict() async throws {
        let audit = AuditService(connection: admin, user: alice)
        let task = try await CoreTestData.task(admin, as: alice, title: "Stage the house")
        try await CoreTestData.delete(admin, .task, task, as: alice)
        let restored = try await audit.restore(entity: .task, id: task)
        #expect(restored["title"] == "Stage the house")

        let twice = try await #require(throws: SQLAPIError.self) { try await audit.restore(entity: .task, id: task) }
        #expect(twice.code == .uniqueConflict)
        #expect(twice.sqlState == .uniqueViolation)
        #expect(twice.constraint == "tasks_pkey")
        #expect(twice.missingReference == nil)
        #expect(twice.message.hasPrefix("UNIQUE_CONFLICT: task \(task.uuidString.lowercased()) already exists"))
        #expect(try await CoreTestData.auditCount(admin, .task, task, action: .restore) == 1)

        // Restore, delete again, restore again: not a conflict (docs/errors.md says why:
        // restore_entity takes an entity and brings back its latest deletion, the one
        // "Recently Deleted" lists), in the state it was last deleted in.
        try await admin.transaction(as: alice) { conn in _ = try conn.query("update public.tasks set title = 'Stage the house again' where id = \(task)") }
        try await CoreTestData.delete(admin, .task, task, as: alice)
        #expect(try await audit.recentlyDeleted().count == 1)
        #expect(try await audit.restore(entity: .task, id: task)["title"] == "Stage the house again")

        // The MLS number now belongs to another listing.
        let listing = try await CoreTestData.listing(admin, as: alice, mls: "MLS-77")
        try await CoreTestData.delete(admin, .listing, listing, as: alice)
        let newcomer = try await CoreTestData.listing(admin, as: alice, mls: "MLS-77")
        let taken = try await #require(throws: SQLAPIError.self) { try await audit.restore(entity: .listing, id: listing) }
        #expect(taken.code == .uniqueConflict)
        #expect(taken.constraint == "listings_mls_number_key")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where mls_number = 'MLS-77'", []) == 1)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1", [newcomer]) == 1)
        #expect(try await CoreTestData.auditCount(admin, .listing, listing, action: .restore) == 0)
    }

    /// Restoring something never deleted (or never existing) is NOT_FOUND, not a crash.
    @Test func restoringWithoutADeletionIsNotFound() async throws {
        let audit = AuditService(connection: admin, user: alice)
        let live = try await CoreTestData.task(admin, as: alice)
        for id in [live, UUID()] {
            let error = try await #require(throws: SQLAPIError.self) { try await audit.restore(entity: .task, id: id) }
            #expect(error.code == .notFound)
            #expect(error.sqlState == .noDataFound)
        }
        #expect(try await CoreTestData.auditCount(admin, .task, live) == 1)
    }

    /// A restore is logged as RESTORE (by the restorer), not as INSERT, and comes back as
    /// the newest history entry with the restored row.
    @Test func restoreIsLoggedAsRestore() async throws {
        let audit = AuditService(connection: admin, user: alice)
        let property = try await CoreTestData.property(admin, as: alice, address: "3 Oak Ave")
        try await CoreTestData.delete(admin, .property, property, as: alice)
        let row = try await audit.restore(entity: .property, id: property)

        let history = try await audit.history(entity: .property, id: property)
        #expect(history.entries.map(\.action) == [.restore, .delete, .insert])
        let newest = try #require(history.entries.first)
        #expect(newest.changedBy == alice)
        #expect(newest.changedByName == "Alice")
        #expect(newest.oldRow == nil)
        #expect(newest.newRow == row)
        #expect(newest.summary == "Restored")
        #expect(try await CoreTestData.auditCount(admin, .property, property, action: .insert) == 1)
    }

    /// A snapshot taken before columns were added still restores: the new columns get their
    /// DEFAULT (or NULL). That is why a column added to an audited table must be nullable or
    /// have a default: old snapshots lack it. The ALTER runs in this test's own database.
    @Test func aSnapshotFromBeforeAddedColumnsStillRestores() async throws {
        let audit = AuditService(connection: admin, user: alice)
        let listing = try await CoreTestData.listing(admin, as: alice, price: 1_250.5, mls: "MLS-OLD")
        try await CoreTestData.delete(admin, .listing, listing, as: alice)
        try await admin.runScript("""
            alter table public.listings add column nickname text not null default 'unnamed';
            alter table public.listings add column lockbox_code text;
            alter table public.listings add column open_house boolean default true;
            """)
        let row = try await audit.restore(entity: .listing, id: listing)
        #expect(row["nickname"] == "unnamed")
        #expect(row["lockbox_code"] == .null)
        #expect(row["open_house"] == true)
        #expect(row["price"] == 1_250.5)
        #expect(row["mls_number"] == "MLS-OLD")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1 and nickname = 'unnamed'", [listing]) == 1)
    }

    /// Another user can neither restore, list, nor read the history of Alice's entities;
    /// an admin can. Bob's restore is answered as for an id that names nothing (no deletion
    /// to restore): a refusal of its own would tell him the id names someone's deleted entity.
    @Test func anotherUserCannotSeeOrRestoreSomeoneElsesEntities() async throws {
        let carolAdmin = try await CoreTestData.users(admin, ["Carol"], admins: ["Carol"])[0]
        let listing = try await CoreTestData.listing(admin, as: alice, mls: "MLS-9")
        try await admin.transaction(as: alice) { conn in
            try conn.query("update listings set price = 510000 where id = \(listing)")
        }
        try await CoreTestData.delete(admin, .listing, listing, as: alice)

        let asBob = AuditService(connection: admin, user: bob)
        #expect(try await asBob.history(entity: .listing, id: listing).isEmpty)
        #expect(try await asBob.recentlyDeleted().isEmpty)
        let error = try await #require(throws: SQLAPIError.self) { try await asBob.restore(entity: .listing, id: listing) }
        let madeUp = UUID()
        let none = try await #require(throws: SQLAPIError.self) { try await asBob.restore(entity: .listing, id: madeUp) }
        #expect(error.code == .notFound)
        #expect(error.sqlState == none.sqlState)
        #expect(error.message.replacingOccurrences(of: listing.uuidString.lowercased(), with: "<id>")
                == none.message.replacingOccurrences(of: madeUp.uuidString.lowercased(), with: "<id>"))
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1", [listing]) == 0)
        #expect(try await CoreTestData.auditCount(admin, .listing, listing, action: .restore) == 0)
        // Bob reading the audit table directly sees nothing either.
        let direct = try await admin.transaction(as: bob) { conn in
            try conn.query("select count(*)::int from audit.listings_log").scalar(Int.self)
        }
        #expect(direct == 0)

        let asAlice = AuditService(connection: admin, user: alice)
        #expect(try await asAlice.history(entity: .listing, id: listing).entries.count == 3)
        #expect(try await asAlice.recentlyDeleted().map(\.recordID) == [listing])

        let asAdmin = AuditService(connection: admin, user: carolAdmin)
        #expect(try await asAdmin.history(entity: .listing, id: listing).entries.count == 3)
        let row = try await asAdmin.restore(entity: .listing, id: listing)
        #expect(row["owned_by"]?.stringValue == alice.uuidString.lowercased())
        #expect(try await asAlice.history(entity: .listing, id: listing).entries.first?.changedBy == carolAdmin)
    }

    /// The id of a deleted open task (seen by everyone, so known to Bob) re-created by Bob,
    /// through a plain insert or sync_push, would hide the task from Alice's trash and make
    /// its restore a conflict: ID_TAKEN, nothing created. Alice herself re-creates it only
    /// by restoring it (a stale device re-pushing it gets ID_TAKEN too).
    @Test func aDeletedRowsIdCannotBeTakenToHideOrBlockItsRestore() async throws {
        let task = try await CoreTestData.task(admin, as: alice, title: "Open to all")
        try await CoreTestData.delete(admin, .task, task, as: alice)
        let asAlice = AuditService(connection: admin, user: alice)
        #expect(try await asAlice.recentlyDeleted().map(\.recordID) == [task])

        for user in [bob, alice] {
            let attempts: [PostgresQuery] = [
                "insert into public.tasks (id, title) values (\(task), 'Squatter')",
                "select public.sync_push('tasks', jsonb_build_object('id', \(task)::text, 'title', 'Squatter'), null)",
            ]
            for query in attempts {
                let error = try await #require(throws: PostgresError.self, "\(query.sql)") {
                    try await admin.transaction(as: user) { conn in try conn.query(query) }
                }
                #expect(SQLAPIError(error)?.code == .idTaken, "\(query.sql): \(error)")
                #expect(error.sqlState == .uniqueViolation, "\(error)")
            }
        }
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where id = $1", [task]) == 0)
        #expect(try await asAlice.recentlyDeleted().map(\.recordID) == [task])
        let row = try await asAlice.restore(entity: .task, id: task)
        #expect(row["title"]?.stringValue == "Open to all")
    }

    /// An entity type that is not one of the five never reaches dynamic SQL.
    @Test func anInjectedEntityTypeIsInvalidEntityType() async throws {
        let task = try await CoreTestData.task(admin, as: alice)
        try await CoreTestData.delete(admin, .task, task, as: alice)
        for call in ["select public.restore_entity($1, $2)", "select count(*) from public.get_entity_history($1, $2)"] {
            let thrown = try await #require(throws: PostgresError.self) {
                try await admin.transaction(as: alice) { conn in
                    try conn.query(PostgresQuery(sql: call, binds: ["listings; drop table tasks", task]))
                }
            }
            let error = try #require(SQLAPIError(thrown))
            #expect(error.code == .invalidEntityType)
            #expect(error.sqlState == .invalidParameterValue)
        }
        #expect(try await CoreTestData.count(admin, "select count(*)::int from pg_tables where tablename = 'tasks'", []) == 1)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where id = $1", [task]) == 0)
        #expect(try await CoreTestData.auditCount(admin, .task, task, action: .restore) == 0)
    }

    /// The database goes away mid-restore (its backend is terminated while the restore waits
    /// on a lock, after the RESTORE audit row was written in the same transaction). The
    /// caller gets a transient `PostgresError`, nothing is half-restored, and the retry
    /// succeeds.
    @Test func theDatabaseGoingAwayMidRestoreIsRetryableAndLeavesNothingHalfDone() async throws {
        let property = try await CoreTestData.property(admin, as: alice)
        let listing = try await CoreTestData.listing(admin, as: alice, property: property, mls: "MLS-5")
        try await CoreTestData.delete(admin, .listing, listing, as: alice)
        let pool = db.pool(maxConnections: 2)
        let audit = AuditService(pool: pool, user: alice)

        // The restore's foreign key check needs a KEY SHARE lock on the property: hold it.
        let locker = try await db.connect()
        try await locker.query("begin")
        try await locker.query("select 1 from properties where id = \(property) for update")

        let attempt = Task { try await audit.restore(entity: .listing, id: listing) }
        let victim = try await CoreTestData.lockWaiters(admin, count: 1, matching: "%restore_entity%")
        // The blocked restore has already written its RESTORE entry (uncommitted).
        #expect(try await admin.query("select pg_terminate_backend(\(victim[0]))").scalar(Bool.self))

        let failure = try await #require(throws: PostgresError.self) { try await attempt.value }
        #expect(failure.isTransient, "\(failure)")
        #expect(SQLAPIError(failure) == nil, "an outage is not a coded answer")
        #expect(RetryPolicy.isTransient(failure))

        try await locker.query("rollback")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1", [listing]) == 0)
        #expect(try await CoreTestData.auditCount(admin, .listing, listing, action: .restore) == 0)
        #expect(try await AuditService(connection: admin, user: alice).recentlyDeleted().map(\.recordID) == [listing])

        // The retry, on a fresh pooled connection.
        let row = try await audit.restore(entity: .listing, id: listing)
        #expect(row["mls_number"] == "MLS-5")
        #expect(try await CoreTestData.auditCount(admin, .listing, listing, action: .restore) == 1)
        await pool.close()
        await locker.close()
    }

    /// The same outage with `restore(…, retrying:)`: the first attempt is killed, the policy
    /// waits (the lock is released meanwhile) and the second attempt restores.
    @Test func restoreWithARetryPolicySurvivesTheOutage() async throws {
        let property = try await CoreTestData.property(admin, as: alice)
        let listing = try await CoreTestData.listing(admin, as: alice, property: property)
        try await CoreTestData.delete(admin, .listing, listing, as: alice)
        let pool = db.pool(maxConnections: 2)
        let audit = AuditService(pool: pool, user: alice)
        let locker = try await db.connect()
        try await locker.query("begin")
        try await locker.query("select 1 from properties where id = \(property) for update")

        let admin = self.admin
        let killer = Task {
            let victim = try await CoreTestData.lockWaiters(admin, count: 1, matching: "%restore_entity%")
            return try await admin.query("select pg_terminate_backend(\(victim[0]))").scalar(Bool.self)
        }
        let waits = Mutex<[Duration]>([])
        let between = Mutex<[Int]>([])
        let row = try await audit.restore(
            entity: .listing, id: listing, retrying: RetryPolicy(initialDelay: .milliseconds(50), maxAttempts: 3),
            sleep: { delay in
                waits.withLock { $0.append(delay) }
                let rows = try await CoreTestData.count(admin, "select count(*)::int from listings where id = $1", [listing])
                let restores = try await CoreTestData.auditCount(admin, .listing, listing, action: .restore)
                between.withLock { $0 = [rows, restores] }
                try await locker.query("rollback")
            })
        #expect(try await killer.value)
        #expect(waits.withLock { $0 } == [.milliseconds(50)])
        #expect(between.withLock { $0 } == [0, 0])
        #expect(row["id"]?.stringValue == listing.uuidString.lowercased())
        #expect(try await CoreTestData.auditCount(admin, .listing, listing, action: .restore) == 1)
        await pool.close()
        await locker.close()
    }

    /// The reply to a committed restore is lost (the connection drops after COMMIT): the
    /// retry finds the entity already back (UNIQUE_CONFLICT on its id) and returns the live
    /// row instead of failing a restore that in fact succeeded.
    @Test func aRetryAfterALostReplyToACommittedRestoreReturnsTheRestoredRow() async throws {
        let task = try await CoreTestData.task(admin, as: alice, title: "Lost reply")
        try await CoreTestData.delete(admin, .task, task, as: alice)
        let flaky = LosesFirstReply(base: admin)
        let attempts = Mutex(0)
        let row = try await AuditService(database: flaky, user: alice).restore(
            entity: .task, id: task, retrying: RetryPolicy(initialDelay: .milliseconds(1), maxAttempts: 3),
            sleep: { _ in attempts.withLock { $0 += 1 } })
        #expect(attempts.withLock { $0 } == 1)
        #expect(row["title"] == "Lost reply")
        #expect(row["id"]?.stringValue == task.uuidString.lowercased())
        #expect(try await CoreTestData.auditCount(admin, .task, task, action: .restore) == 1)
        // Without the lost reply, restoring twice is still an error.
        let error = try await #require(throws: SQLAPIError.self) {
            try await AuditService(connection: admin, user: alice).restore(entity: .task, id: task, retrying: .default)
        }
        #expect(error.code == .uniqueConflict)
    }
}

/// A real connection whose first transaction commits and then reports the connection lost,
/// as when the server's reply to COMMIT never arrives.
private final class LosesFirstReply: UserScopedDatabase {
    let base: PostgresConnection
    private let calls = Mutex(0)

    init(base: PostgresConnection) { self.base = base }

    func transaction<T: Sendable>(
        as userID: UUID, isolation: PostgresIsolation?, _ body: @escaping @Sendable (isolated PostgresConnection) async throws -> T
    ) async throws -> T {
        let value = try await base.transaction(as: userID, isolation: isolation, body)
        if calls.withLock({ $0 += 1; return $0 }) == 1 {
            throw PostgresError(.connectionLost, "server closed the connection unexpectedly")
        }
        return value
    }

    func pipeline(as userID: UUID, _ queries: [PostgresQuery]) async throws -> [PostgresRows] {
        try await base.pipeline(as: userID, queries)
    }
}
