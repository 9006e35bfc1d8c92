import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// "Restore re-creates the entity": what comes back from Recently Deleted is what was
/// deleted, not a bare row. A task or activity returns with its checklist (subtasks), a
/// listing with the tasks and activities that were on it; notes are not restored (not
/// audited), and the restore's answer says so.
@Suite struct AuditRestoreWholeTests {
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

    func subtasks(_ parentType: String, _ parent: UUID) async throws -> String {
        try await admin.query("""
            select coalesce(jsonb_agg(jsonb_build_object('id', id, 'title', title, 'completed', completed, 'created_at', created_at)
                                      order by created_at, id), '[]')::text
              from public.subtasks where parent_type = \(parentType) and parent_id = \(parent)
            """).scalar(String.self)
    }

    /// Alice deletes "Stage the house" by mistake, with its three-item checklist (one item
    /// done) and Bob's note; she restores it from Recently Deleted. The checklist comes back
    /// as it was; the answer says the one note did not. The same for an activity.
    @Test func aTaskOrActivityComesBackWithItsChecklist() async throws {
        let task = try await CoreTestData.task(admin, as: alice, title: "Stage the house")
        try await admin.transaction(as: alice) { conn in
            for (title, done) in [("Declutter", true), ("Flowers", false), ("Lights", false)] {
                try conn.query("insert into public.subtasks (parent_type, parent_id, title, completed) values ('task', \(task), \(title), \(done))")
            }
        }
        try await admin.query("insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), 'Vase is in the car', \(bob))")
        let checklist = try await subtasks("task", task)
        #expect(checklist.contains("Declutter") && checklist.contains("Lights"))

        try await CoreTestData.delete(admin, .task, task, as: alice)
        #expect(try await subtasks("task", task) == "[]")
        let restored = try await AuditService(connection: admin, user: alice).restore(entity: .task, id: task)
        #expect(restored["title"] == "Stage the house")
        #expect(restored["restore"] == ["subtasks": 3, "notes_not_restored": 1])
        #expect(try await subtasks("task", task) == checklist, "the same subtasks: ids, titles, done, created")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from public.notes where parent_id = $1", [task]) == 0)

        let activity = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into activities (title, type) values ('Showing', 'show_property') returning id").scalar(UUID.self)
        }
        try await admin.transaction(as: alice) { conn in
            try conn.query("insert into public.subtasks (parent_type, parent_id, title) values ('activity', \(activity), 'Keys')")
        }
        let keys = try await subtasks("activity", activity)
        try await CoreTestData.delete(admin, .activity, activity, as: alice)
        let back = try await AuditService(connection: admin, user: alice).restore(entity: .activity, id: activity)
        #expect(back["restore"] == ["subtasks": 1, "notes_not_restored": 0])
        #expect(try await subtasks("activity", activity) == keys)
    }

    /// Alice deletes her listing "12 Elm St" with two tasks and an activity on it (one task
    /// Bob's): the deletion unlinks them. Meanwhile Bob moves his task to another listing.
    /// Restoring the listing relinks the task and the activity still on no listing, not
    /// Bob's moved one; the answer counts them.
    @Test func aListingComesBackWithTheLinksOfItsTasksAndActivities() async throws {
        let listing = try await CoreTestData.listing(admin, as: alice, mls: "MLS-12")
        let other = try await CoreTestData.listing(admin, as: bob, mls: "MLS-99")
        let alicesTask = try await CoreTestData.task(admin, as: alice, title: "Photos", listing: listing)
        let bobsTask = try await admin.query(
            "insert into public.tasks (title, declared_by, listing_id) values ('Inspection', \(bob), \(listing)) returning id").scalar(UUID.self)
        let activity = try await admin.query(
            "insert into public.activities (title, declared_by, listing_id) values ('Open house', \(alice), \(listing)) returning id").scalar(UUID.self)
        try await admin.query("insert into public.notes (parent_type, parent_id, content, created_by) values ('listing', \(listing), 'Gate code 1234', \(alice))")

        try await CoreTestData.delete(admin, .listing, listing, as: alice)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from public.tasks where listing_id is null and id = any($1)",
                                             [[alicesTask, bobsTask]]) == 2)
        try await admin.transaction(as: bob) { conn in
            try conn.query("update public.tasks set listing_id = \(other) where id = \(bobsTask)")
        }

        let restored = try await AuditService(connection: admin, user: alice).restore(entity: .listing, id: listing)
        #expect(restored["mls_number"] == "MLS-12")
        #expect(restored["restore"] == ["tasks": 1, "activities": 1, "notes_not_restored": 1])
        #expect(try await admin.query("select listing_id from public.tasks where id = \(alicesTask)").scalar(UUID?.self) == listing)
        #expect(try await admin.query("select listing_id from public.activities where id = \(activity)").scalar(UUID?.self) == listing)
        #expect(try await admin.query("select listing_id from public.tasks where id = \(bobsTask)").scalar(UUID?.self) == other)
        // The relink is in the tasks' history, as Alice's restore.
        #expect(try await CoreTestData.count(admin, """
            select count(*)::int from audit.tasks_log where record_pk = $1 and action = 'UPDATE'
               and (new_row ->> 'listing_id')::uuid = $2 and changed_by = $3
            """, [alicesTask, listing, alice]) == 1)
    }

    /// A claimer may not move an item onto a listing (the guard the relink passes because
    /// the restore authorised it): still refused outside a restore.
    @Test func theMoveGuardStillHoldsForAppUsers() async throws {
        let listing = try await CoreTestData.listing(admin, as: bob, mls: "MLS-5")
        let task = try await CoreTestData.task(admin, as: alice, title: "Sign")
        try await ClaimService(connection: admin, user: bob).claim(.task, id: task)
        let moved = await WatchlistFixtures.error(PostgresError.self) {
            _ = try await admin.transaction(as: bob) { conn in
                try conn.query("update public.tasks set listing_id = \(listing) where id = \(task)")
            }
        }
        #expect(moved.flatMap(SQLAPIError.init)?.code == .notAuthorized, "\(String(describing: moved))")
    }
}
