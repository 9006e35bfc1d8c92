import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Row-level security and column grants of the Dispatch core (who sees and changes
/// properties, listings, tasks, activities and notes: their owners, declarers, claimers and
/// admins), as the apps' users see them through `transaction(as:)`.
@Suite struct CoreSecurityTests {
    let db: TestDatabase
    let admin: PostgresConnection
    let alice: UUID
    let bob: UUID
    let carol: UUID

    init() async throws {
        (db, admin) = try await TestDatabase.createWithAdmin()
        let ids = try await CoreTestData.users(admin, ["Alice", "Bob", "Carol"])
        (alice, bob, carol) = (ids[0], ids[1], ids[2])
    }

    private func visible(_ table: String, _ id: UUID, to user: UUID) async throws -> Bool {
        try await admin.transaction(as: user) { conn in
            try conn.query(PostgresQuery(sql: "select count(*)::int from public.\(table) where id = $1", binds: [id])).scalar(Int.self) == 1
        }
    }

    /// An open (unclaimed, not completed) task is visible to everyone so it can be claimed;
    /// once claimed, only the declarer and the claimer see it; a completed unclaimed one
    /// only its declarer; a task on a listing also to the listing's owner.
    @Test func taskVisibilityFollowsDeclarerClaimerListingOwnerAndOpenness() async throws {
        let open = try await CoreTestData.task(admin, as: alice, title: "Open")
        let done = try await CoreTestData.task(admin, as: alice, title: "Done", completed: true)
        for user in [alice, bob, carol] { #expect(try await visible("tasks", open, to: user)) }
        #expect(try await visible("tasks", done, to: alice))
        #expect(try await !visible("tasks", done, to: bob))

        try await ClaimService(connection: admin, user: bob).claim(.task, id: open)
        #expect(try await visible("tasks", open, to: alice))
        #expect(try await visible("tasks", open, to: bob))
        #expect(try await !visible("tasks", open, to: carol))

        // Carol owns a listing; a task Bob declared is on it (put there by an admin: only a
        // listing's owner or an admin puts items on it) and Bob claims it: Carol sees it.
        let carolsListing = try await CoreTestData.listing(admin, as: carol)
        let onListing = try await CoreTestData.task(admin, as: bob, title: "On Carol's listing")
        try await admin.query("update public.tasks set listing_id = \(carolsListing) where id = \(onListing)")
        try await ClaimService(connection: admin, user: bob).claim(.task, id: onListing)
        #expect(try await visible("tasks", onListing, to: carol))
        #expect(try await !visible("tasks", onListing, to: alice))
        // Listings: their owner, and whoever claims an item on one (Bob, while he holds the
        // task); properties: owner only.
        #expect(try await visible("listings", carolsListing, to: bob))
        #expect(try await !visible("listings", carolsListing, to: alice))
        let property = try await CoreTestData.property(admin, as: alice)
        #expect(try await !visible("properties", property, to: carol))
    }

    /// Notes follow their parent: seen by whoever sees the task, edited only by their author.
    @Test func notesFollowTheirParent() async throws {
        let task = try await CoreTestData.task(admin, as: alice)
        let note = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into notes (parent_type, parent_id, content) values ('task', \(task), 'Lockbox 1234') returning id")
                .scalar(UUID.self)
        }
        #expect(try await visible("notes", note, to: carol))
        // Carol cannot edit Alice's note.
        let edited = try await admin.transaction(as: carol) { conn in
            try conn.query("update notes set content = 'hacked' where id = \(note)").affectedRows
        }
        #expect(edited == 0)
        try await ClaimService(connection: admin, user: bob).claim(.task, id: task)
        #expect(try await visible("notes", note, to: bob))
        #expect(try await !visible("notes", note, to: carol))
        #expect(try await CoreTestData.count(admin, "select count(*)::int from notes where content = 'Lockbox 1234'", []) == 1)
    }

    /// Every user reads every public profile (for "claimed by" names), but only their own
    /// row of users (email, is_admin); each changes only their own; nobody makes themselves admin.
    @Test func usersReadAllProfilesAndChangeOnlyTheirOwnAndNeverTheirRole() async throws {
        let names = try await admin.transaction(as: bob) { conn in
            try conn.query("select name from profiles order by name").map { try $0.decode("name", as: String.self) }
        }
        #expect(names == ["Alice", "Bob", "Carol"])
        let emails = try await admin.transaction(as: bob) { conn in
            try conn.query("select id from users").map { try $0.decode(0, as: UUID.self) }
        }
        #expect(emails == [bob])
        let hidden = try await #require(throws: PostgresError.self) {
            try await admin.transaction(as: bob) { conn in try conn.query("select email from profiles") }
        }
        #expect(hidden.sqlState == .undefinedColumn)
        let changedOther = try await admin.transaction(as: bob) { conn in
            try conn.query("update users set name = 'Mallory' where id = \(alice)").affectedRows
        }
        #expect(changedOther == 0)
        let changedOwn = try await admin.transaction(as: bob) { conn in
            try conn.query("update users set name = 'Robert' where id = \(bob)").affectedRows
        }
        #expect(changedOwn == 1)
        let promote = try await #require(throws: PostgresError.self) {
            try await admin.transaction(as: bob) { conn in try conn.query("update users set is_admin = true where id = \(bob)") }
        }
        #expect(promote.sqlState == .insufficientPrivilege)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from users where is_admin", []) == 0)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from users where name = 'Alice'", []) == 1)
        // Bob's own history shows his rename.
        let history = try await AuditService(connection: admin, user: bob).history(entity: .user, id: bob)
        #expect(history.entries.first?.summary == "Name changed from “Bob” to “Robert”")
        #expect(try await AuditService(connection: admin, user: bob).history(entity: .user, id: alice).isEmpty)
    }

    /// Column grants: claimed_by changes only through the claim functions, declared_by, id
    /// and created_at never; an owner cannot give a listing away. Each refusal is 42501 and
    /// leaves the row as it was.
    @Test func protectedColumnsCannotBeWrittenDirectly() async throws {
        let task = try await CoreTestData.task(admin, as: alice)
        let listing = try await CoreTestData.listing(admin, as: alice)
        let attempts: [String] = [
            "update tasks set claimed_by = '\(bob)' where id = '\(task)'",
            "update tasks set claimed_by = '\(alice)' where id = '\(task)'",
            "update tasks set declared_by = '\(bob)' where id = '\(task)'",
            "update tasks set id = gen_random_uuid() where id = '\(task)'",
            "update tasks set created_at = now() - interval '1 year' where id = '\(task)'",
            "update listings set owned_by = '\(bob)' where id = '\(listing)'",
            "insert into tasks (title, claimed_by) values ('Assigned to Bob', '\(bob)')",
        ]
        for sql in attempts {
            let error = try await #require(throws: PostgresError.self, "\(sql)") {
                try await admin.transaction(as: alice) { conn in try conn.query(PostgresQuery(sql: sql)) }
            }
            #expect(error.sqlState == .insufficientPrivilege, "\(sql)")
        }
        #expect(try await CoreTestData.count(
            admin, "select count(*)::int from tasks where id = $1 and claimed_by is null and declared_by = $2", [task, alice]) == 1)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks", []) == 1)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from listings where owned_by = $1", [alice]) == 1)
        #expect(try await CoreTestData.auditCount(admin, .task, task) == 1)
        // What the apps may do: edit the task, create one claimed by themselves.
        try await admin.transaction(as: alice) { conn in
            try conn.query("update tasks set title = 'Edited', priority = 'high' where id = \(task)")
            try conn.query("insert into tasks (title, claimed_by) values ('Mine', \(alice))")
        }
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where claimed_by = $1 and claimed_at is not null", [alice]) == 1)
    }
}
