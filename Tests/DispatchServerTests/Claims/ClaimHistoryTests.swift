import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The claimer's side of a claim (the Dispatch app's `claimedAt` / `releasedAt`): the
/// claimer and the declarer read when an item was claimed, released and completed
/// (`get_claim_history`), the claimer even once the item has moved on out of their sight,
/// and nobody else learns who held it or since when. An operator may set a claim expiry:
/// each claim then says when it ends (`claim_expires_at`).
@Suite struct ClaimHistoryTests {
    let db: TestDatabase
    let admin: PostgresConnection
    init() async throws { (db, admin) = try await TestDatabase.createWithAdmin() }

    func history(_ user: UUID, _ task: UUID) async throws -> [String] {
        try await admin.transaction(as: user) { conn in
            try conn.query("select action, claimed_by_name from public.get_claim_history('task', \(task)) order by at")
                .map { "\(try $0.decode(0, as: String.self)) \(try $0.decode(1, as: String?.self) ?? "-")" }
        }
    }

    func refusal(_ user: UUID, _ task: UUID) async -> SQLAPIError? {
        do {
            _ = try await history(user, task)
            return nil
        } catch let error as PostgresError {
            return SQLAPIError(error)
        } catch {
            return nil
        }
    }

    @Test func theClaimerAndTheDeclarerReadWhenItWasClaimedReleasedAndCompleted() async throws {
        let users = try await CoreTestData.users(admin, ["Alice", "Bob", "Carol", "Dan"])
        let (alice, bob, carol, dan) = (users[0], users[1], users[2], users[3])
        let task = try await CoreTestData.task(admin, as: alice, title: "Open house")
        try await ClaimService(connection: admin, user: bob).claim(.task, id: task)
        try await ClaimService(connection: admin, user: bob).release(.task, id: task)
        try await ClaimService(connection: admin, user: carol).claim(.task, id: task)
        try await admin.transaction(as: carol) { conn in _ = try conn.query("update public.tasks set completed = true where id = \(task)") }

        #expect(try await history(alice, task) == ["claimed Bob", "released Bob", "claimed Carol", "completed Carol"])
        // Bob no longer sees the task (Carol's, completed): he still reads his own claim.
        #expect(try await history(bob, task) == ["claimed Bob", "released Bob"])
        #expect(try await history(carol, task) == ["claimed Carol", "completed Carol"])
        let released = try await admin.transaction(as: bob) { conn in
            try conn.query("select at from public.get_claim_history('task', \(task)) where action = 'released'").scalar(Date.self)
        }
        #expect(released.timeIntervalSinceNow < 0 && released.timeIntervalSinceNow > -600, "the app's releasedAt")

        // Dan never held it: to him it has no history, as a task that does not exist.
        let hidden = await refusal(dan, task)
        let absent = UUID()
        let none = await refusal(dan, absent)
        #expect(hidden?.code == .notFound && none?.code == .notFound, "\(String(describing: hidden)) / \(String(describing: none))")
        #expect(hidden?.message.replacingOccurrences(of: task.uuidString.lowercased(), with: "X")
                == none?.message.replacingOccurrences(of: absent.uuidString.lowercased(), with: "X"))
        // An item type other than task or activity is coded, before anything is read.
        let invalid = try? await admin.transaction(as: dan) { conn in
            try conn.query("select count(*) from public.get_claim_history('listing', \(task))").scalar(Int.self)
        }
        #expect(invalid == nil)
    }

    @Test func aClaimSaysWhenItExpiresWhenTheOperatorSetsAnExpiry() async throws {
        let users = try await CoreTestData.users(admin, ["Alice", "Bob"])
        let task = try await CoreTestData.task(admin, as: users[0], title: "Showing")
        let claimed = try await ClaimService(connection: admin, user: users[1]).claim(.task, id: task)
        #expect(claimed["claim_expires_at"] == .null, "no expiry unless the operator sets one")
        try await ClaimService(connection: admin, user: users[1]).release(.task, id: task)

        try await admin.query("update private.claim_settings set expire_after = '2 hours'")
        let expiring = try await ClaimService(connection: admin, user: users[1]).claim(.task, id: task)
        let at = try #require(expiring["claimed_at"]?.dateValue), until = try #require(expiring["claim_expires_at"]?.dateValue)
        #expect(until.timeIntervalSince(at) == 7200)
        // Done before it expires: no expiry left.
        let done = try await admin.transaction(as: users[1]) { conn in
            try conn.query("update public.tasks set completed = true where id = \(task) returning claim_expires_at").scalar(Date?.self)
        }
        #expect(done == nil)
    }
}
