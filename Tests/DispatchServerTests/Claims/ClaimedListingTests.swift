import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The task detail screen shows the item's listing. Bob claims an open task on Alice's
/// listing "12 Elm St": from then on he reads the listing, on his app's sync as well, and
/// when he releases the task the listing leaves his view (and his device, as revoked).
/// Through the one visibility definition: the SELECT policy, sync and the outbox's audience
/// all say the same.
@Suite struct ClaimedListingTests {
    let db: TestDatabase
    let admin: PostgresConnection
    init() async throws { (db, admin) = try await TestDatabase.createWithAdmin() }

    func sees(_ user: UUID, _ listing: UUID) async throws -> Bool {
        try await admin.transaction(as: user) { conn in
            try conn.query("select count(*)::int from public.listings where id = \(listing)").scalar(Int.self)
        } == 1
    }

    func ids(_ records: [JSONValue]) -> Set<String> {
        Set(records.compactMap { $0["id"]?.stringValue })
    }

    @Test func aClaimerReadsTheListingOfTheItemTheyHoldAndLosesItWithTheClaim() async throws {
        let users = try await CoreTestData.users(admin, ["Alice", "Bob", "Carol"])
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let listing = try await CoreTestData.listing(admin, as: alice, mls: "MLS-12")
        let task = try await CoreTestData.task(admin, as: alice, title: "Mow the lawn", listing: listing)
        let activity = try await admin.query(
            "insert into public.activities (title, declared_by, listing_id) values ('Open house', \(alice), \(listing)) returning id").scalar(UUID.self)
        let key = listing.uuidString.lowercased()
        let bobs = SyncService(connection: try await db.connect(), user: bob)

        #expect(try await sees(bob, listing) == false, "an open task on it is not the listing")
        let first = try await bobs.pull(table: .listings)
        #expect(first.records.isEmpty)

        try await ClaimService(connection: admin, user: bob).claim(.task, id: task)
        #expect(try await sees(bob, listing))
        #expect(try await sees(carol, listing) == false)
        let gained = try await bobs.pull(table: .listings, cursor: first.cursor)
        #expect(ids(gained.records) == [key], "the claim brings the listing to Bob's device")
        #expect(try await admin.query("select private.user_sees(\(bob), 'listings', to_jsonb(l)) from public.listings l where id = \(listing)")
            .scalar(Bool.self), "the outbox's audience too")

        // Holding the activity as well, releasing the task keeps the listing; releasing both loses it.
        try await ClaimService(connection: admin, user: bob).claim(.activity, id: activity)
        try await ClaimService(connection: admin, user: bob).release(.task, id: task)
        #expect(try await sees(bob, listing))
        try await ClaimService(connection: admin, user: bob).release(.activity, id: activity)
        #expect(try await sees(bob, listing) == false)
        let lost = try await bobs.pull(table: .listings, cursor: gained.cursor)
        #expect(lost.deleted.map(\.id) == [listing] && lost.deleted.first?.reason == .revoked, "\(lost.deleted)")

        // Moving a claimed task off the listing takes the listing away too.
        try await ClaimService(connection: admin, user: carol).claim(.task, id: task)
        #expect(try await sees(carol, listing))
        try await admin.transaction(as: alice) { conn in try conn.query("update public.tasks set listing_id = null where id = \(task)") }
        #expect(try await sees(carol, listing) == false)
    }
}
