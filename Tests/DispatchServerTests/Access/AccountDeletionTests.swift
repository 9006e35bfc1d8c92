import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Deleting an account never silently takes another user's work. Alice, a realtor, deletes
/// her account: the task she declared that Bob holds and the activity Carol holds stay with
/// them (each now their own to answer for), her own unheld work goes to the trash with its
/// audit entries (an admin restores from it), and the claim she held on Dana's task is
/// released back to Dana. Before, her profile's deletion cascaded to every task she declared,
/// Bob's included.
@Suite struct AccountDeletionTests {
    let db: TestDatabase
    let admin: PostgresConnection
    init() async throws { (db, admin) = try await TestDatabase.createWithAdmin() }

    @Test func itemsHeldByOthersStayWithThemAndTheRestGoesToTheTrash() async throws {
        let users = try await CoreTestData.users(admin, ["Alice", "Bob", "Carol", "Dana", "Root"], admins: ["Root"])
        let (alice, bob, carol, dana, root) = (users[0], users[1], users[2], users[3], users[4])
        let held = try await CoreTestData.task(admin, as: alice, title: "Stage the kitchen")
        let open = try await CoreTestData.task(admin, as: alice, title: "Order the sign")
        let own = try await CoreTestData.task(admin, as: alice, title: "Call the seller")
        let activity = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into public.activities (title, type) values ('Showing', 'show_property') returning id").scalar(UUID.self)
        }
        let danas = try await CoreTestData.task(admin, as: dana, title: "Dana's")
        try await ClaimService(connection: admin, user: bob).claim(.task, id: held)
        try await ClaimService(connection: admin, user: carol).claim(.activity, id: activity)
        try await ClaimService(connection: admin, user: alice).claim(.task, id: own)
        try await ClaimService(connection: admin, user: alice).claim(.task, id: danas)

        try await admin.query("delete from auth.users where id = \(alice)")

        let tasks = try await admin.query("select id, declared_by, claimed_by from public.tasks order by title")
            .map { (try $0.decode(0, as: UUID.self), try $0.decode(1, as: UUID.self), try $0.decode(2, as: UUID?.self)) }
        #expect(tasks.map(\.0) == [danas, held], "the held task stays; Alice's unheld ones are gone")
        #expect(tasks.first { $0.0 == held }.map { ($0.1, $0.2) } ?? (alice, nil) == (bob, bob), "Bob holds it and answers for it now")
        #expect(tasks.first { $0.0 == danas }.map { $0.2 } == .some(nil), "Alice's claim on Dana's task is released")
        #expect(try await admin.query("select declared_by from public.activities where id = \(activity)").scalar(UUID.self) == carol)

        // Alice's own work is in the trash with its audit: an admin sees it and restores it.
        let trash = try await admin.transaction(as: .admin(root)) { conn in
            try conn.query("select record_pk from public.get_recently_deleted(50) where entity_type = 'task'").map { try $0.decode(0, as: UUID.self) }
        }
        #expect(Set(trash) == [open, own])
        // The hand-over is in the held task's history, as a change of its declarer.
        let handOver = try await admin.query("""
            select count(*)::int from audit.log where table_name = 'tasks' and record_pk = \(held) and action = 'UPDATE'
               and (old_row ->> 'declared_by')::uuid = \(alice) and (new_row ->> 'declared_by')::uuid = \(bob)
            """).scalar(Int.self)
        #expect(handOver == 1)
    }
}
