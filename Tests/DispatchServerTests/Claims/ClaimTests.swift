import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Claims through `ClaimService`: several people may go for the same work item at once from
/// different devices, so exactly one must win and the others must learn who did.
@Suite struct ClaimTests {
    let db: TestDatabase
    let admin: PostgresConnection

    init() async throws { (db, admin) = try await TestDatabase.createWithAdmin() }

    /// Eight users on eight connections claim one task at the same moment: they all queue
    /// on a row lock held by a ninth connection, which then lets go. Exactly one wins; the
    /// seven others get ALREADY_CLAIMED naming the winner; one audit entry records the claim.
    @Test func eightUsersClaimingOneTaskAtOnceGiveExactlyOneWinner() async throws {
        let names = (1...8).map { "Claimer\($0)" }
        let declarer = try await CoreTestData.users(admin, ["Declarer"])[0]
        let claimers = try await CoreTestData.users(admin, names)
        let task = try await CoreTestData.task(admin, as: declarer, title: "Open house")
        var connections: [PostgresConnection] = []
        for _ in claimers { connections.append(try await db.connect()) }

        let locker = try await db.connect()
        try await locker.query("begin")
        try await locker.query("select 1 from tasks where id = \(task) for update")

        let results = try await withThrowingTaskGroup(of: (UUID, Result<JSONValue, SQLAPIError>).self) { group in
            for (user, connection) in zip(claimers, connections) {
                group.addTask {
                    do {
                        return (user, .success(try await ClaimService(connection: connection, user: user).claim(.task, id: task)))
                    } catch let error as SQLAPIError {
                        return (user, .failure(error))
                    }
                }
            }
            _ = try await CoreTestData.lockWaiters(admin, count: 8, matching: "%claim_work_item%")
            try await locker.query("rollback")
            var all: [(UUID, Result<JSONValue, SQLAPIError>)] = []
            for try await result in group { all.append(result) }
            return all
        }

        let winners = results.filter { if case .success = $0.1 { true } else { false } }
        try #require(winners.count == 1)
        let winner = winners[0].0
        let winnerName = names[claimers.firstIndex(of: winner)!]
        #expect(try winners[0].1.get()["claimed_by"]?.stringValue == winner.uuidString.lowercased())
        var losers = 0
        for (user, result) in results where user != winner {
            guard case .failure(let error) = result, error.code == .alreadyClaimed else {
                Issue.record("\(user): expected ALREADY_CLAIMED, got \(result)")
                continue
            }
            #expect(error.claimer?.id == winner)
            #expect(error.claimer?.name == winnerName)
            #expect(error.claimer?.claimedAt != nil)
            #expect(error.sqlState == .objectNotInPrerequisiteState)
            #expect(error.message == "ALREADY_CLAIMED: this task is already claimed by \(winnerName)")
            losers += 1
        }
        #expect(losers == 7)
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where id = $1 and claimed_by = $2", [task, winner]) == 1)
        #expect(try await CoreTestData.auditCount(admin, .task, task, action: .update) == 1)
        for connection in connections { await connection.close() }
        await locker.close()
    }

    /// "Task claimed by [Name]": Carol had Alice's open task on her screen, Bob claimed it a
    /// moment before her. Her claim, made online or pushed after a train ride, is told who
    /// won, though the claim took the task out of her sight. Dave's task, claimed by him from
    /// the start, Carol never could see: NOT_FOUND either way, without Dave's name.
    @Test func aLoserWhoSawTheTaskOpenIsToldWhoClaimedItEitherWay() async throws {
        let ids = try await CoreTestData.users(admin, ["Alice", "Bob", "Carol", "Dave"])
        let (alice, bob, carol, dave) = (ids[0], ids[1], ids[2], ids[3])
        let task = try await CoreTestData.task(admin, as: alice, title: "Open house")
        let carols = SyncService(connection: try await db.connect(), user: carol)
        let pulled = try await carols.pull(table: .tasks).records
        let seen = try #require(pulled.first { $0["id"]?.stringValue == task.uuidString.lowercased() })
        var carolsClaim = try #require(seen.objectValue)
        carolsClaim["claimed_by"] = .string(carol.uuidString)

        try await ClaimService(connection: admin, user: bob).claim(.task, id: task)

        let online = try await #require(throws: SQLAPIError.self) { try await ClaimService(connection: admin, user: carol).claim(.task, id: task) }
        #expect(online.code == .alreadyClaimed, "\(online)")
        #expect(online.claimer?.id == bob && online.claimer?.name == "Bob")
        #expect(online.message == "ALREADY_CLAIMED: this task is already claimed by Bob")
        let offline = try await carols.push(table: .tasks, record: .object(carolsClaim), expectedVersion: 1)
        #expect(offline.isConflict && offline.claimer?.id == bob && offline.claimer?.name == "Bob", "\(offline)")

        let davesOwn = try await admin.transaction(as: dave) { conn in
            try conn.query("insert into public.tasks (title, claimed_by) values ('Private errand', \(dave)) returning id").scalar(UUID.self)
        }
        let hidden = try await #require(throws: SQLAPIError.self) { try await ClaimService(connection: admin, user: carol).claim(.task, id: davesOwn) }
        #expect(hidden.code == .notFound && hidden.claimer == nil && !hidden.message.contains("Dave"), "\(hidden)")
        let pushed = await WatchlistFixtures.error(SQLAPIError.self) {
            _ = try await carols.push(table: .tasks, record: ["id": .string(davesOwn.uuidString), "claimed_by": .string(carol.uuidString)],
                                      expectedVersion: 1)
        }
        #expect(pushed?.code == .notFound && pushed?.claimer == nil, "\(String(describing: pushed))")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where claimed_by = $1", [carol]) == 0)
    }

    /// Eight realtors who all had the open task on screen claim it at once, four online and
    /// four pushing an offline claim, with no lock arranging the order: some start after the
    /// winner committed. Exactly one wins; each of the seven others learns the winner's name.
    @Test func eightClaimersRacingOnlineAndOfflineAllLearnTheWinner() async throws {
        let names = (1...8).map { "Racer\($0)" }
        let declarer = try await CoreTestData.users(admin, ["Declarer"])[0]
        let racers = try await CoreTestData.users(admin, names)
        let task = try await CoreTestData.task(admin, as: declarer, title: "Open house")
        var apps: [(UUID, PostgresConnection)] = []
        for racer in racers { apps.append((racer, try await db.connect())) }

        let results = try await withThrowingTaskGroup(of: (UUID, Result<UUID?, SQLAPIError>).self) { group in
            for (index, (racer, connection)) in apps.enumerated() {
                group.addTask {
                    do {
                        if index % 2 == 0 {
                            _ = try await ClaimService(connection: connection, user: racer).claim(.task, id: task)
                            return (racer, .success(nil))
                        }
                        let record: JSONValue = ["id": .string(task.uuidString), "claimed_by": .string(racer.uuidString)]
                        let answer = try await SyncService(connection: connection, user: racer).push(table: .tasks, record: record, expectedVersion: 1)
                        guard answer.isConflict else { return (racer, .success(nil)) }
                        return (racer, .success(answer.claimer?.id ?? racer))  // a conflict without a name: fails below
                    } catch let error as SQLAPIError {
                        return (racer, .failure(error))
                    }
                }
            }
            var all: [(UUID, Result<UUID?, SQLAPIError>)] = []
            for try await result in group { all.append(result) }
            return all
        }

        let winner = try await admin.query("select claimed_by from tasks where id = \(task)").scalar(UUID.self)
        let winnerName = names[try #require(racers.firstIndex(of: winner))]
        for (racer, result) in results where racer != winner {
            switch result {
            case .success(let named):
                #expect(named == winner, "\(racer): a pushed claim lost without the winner's name")
            case .failure(let error):
                #expect(error.code == .alreadyClaimed && error.claimer?.id == winner && error.claimer?.name == winnerName, "\(racer): \(error)")
            }
        }
        #expect(results.count == 8)
        #expect(try await CoreTestData.auditCount(admin, .task, task, action: .update) == 1)
        for (_, connection) in apps { await connection.close() }
    }

    /// Release: by the claimer (then again: idempotent), not by the declarer (NOT_CLAIMER,
    /// naming the claimer), not by a stranger who cannot see the claimed task (NOT_FOUND);
    /// an admin may release anyone's claim.
    @Test func onlyTheClaimerOrAnAdminReleases() async throws {
        let ids = try await CoreTestData.users(admin, ["Alice", "Bob", "Carol", "Root"], admins: ["Root"])
        let (alice, bob, carol, root) = (ids[0], ids[1], ids[2], ids[3])
        let task = try await CoreTestData.task(admin, as: alice)
        let claimed = try await ClaimService(connection: admin, user: bob).claim(.task, id: task)
        #expect(claimed["claimed_by"]?.stringValue == bob.uuidString.lowercased())
        #expect(claimed["claimed_at"]?.isNull == false)
        // Claiming what one holds is a no-op success.
        #expect(try await ClaimService(connection: admin, user: bob).claim(.task, id: task) == claimed)

        let byDeclarer = try await #require(throws: SQLAPIError.self) { try await ClaimService(connection: admin, user: alice).release(.task, id: task) }
        #expect(byDeclarer.code == .notClaimer)
        #expect(byDeclarer.claimer?.id == bob && byDeclarer.claimer?.name == "Bob")
        #expect(byDeclarer.sqlState == .insufficientPrivilege)
        let byStranger = try await #require(throws: SQLAPIError.self) { try await ClaimService(connection: admin, user: carol).release(.task, id: task) }
        #expect(byStranger.code == .notFound)
        #expect(byStranger.claimer == nil, "no claimer for a code without one")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where id = $1 and claimed_by = $2", [task, bob]) == 1)

        let released = try await ClaimService(connection: admin, user: bob).release(.task, id: task)
        #expect(released["claimed_by"] == .null && released["claimed_at"] == .null)
        #expect(try await ClaimService(connection: admin, user: bob).release(.task, id: task)["claimed_by"] == .null)

        try await ClaimService(connection: admin, user: carol).claim(.task, id: task)
        let byAdmin = try await ClaimService(connection: admin, user: root).release(.task, id: task)
        #expect(byAdmin["claimed_by"] == .null)
        let summaries = try await AuditService(connection: admin, user: alice).history(entity: .task, id: task).entries.map(\.summary)
        #expect(summaries == ["Claim released", "Claimed by Carol", "Claim released", "Claimed by Bob", "Task created"])
    }

    /// Completed items cannot be claimed; invisible or absent ones are NOT_FOUND; the same
    /// rules hold for activities.
    @Test func completedAbsentAndInvisibleItemsCannotBeClaimed() async throws {
        let ids = try await CoreTestData.users(admin, ["Alice", "Bob"])
        let (alice, bob) = (ids[0], ids[1])
        let done = try await CoreTestData.task(admin, as: alice, completed: true)
        let asBob = ClaimService(connection: admin, user: bob)
        let asAlice = ClaimService(connection: admin, user: alice)

        let completed = try await #require(throws: SQLAPIError.self) { try await asAlice.claim(.task, id: done) }
        #expect(completed.code == .alreadyCompleted)
        // Bob cannot see a completed task he has nothing to do with: NOT_FOUND, not a hint.
        let invisible = try await #require(throws: SQLAPIError.self) { try await asBob.claim(.task, id: done) }
        #expect(invisible.code == .notFound)
        let absent = try await #require(throws: SQLAPIError.self) { try await asBob.claim(.activity, id: UUID()) }
        #expect(absent.code == .notFound)
        #expect(absent.sqlState == .noDataFound)

        let activity = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into activities (title, type, duration_minutes) values ('Showing', 'show_property', 30) returning id")
                .scalar(UUID.self)
        }
        #expect(try await asBob.claim(.activity, id: activity)["claimed_by"]?.stringValue == bob.uuidString.lowercased())
        let lost = try await #require(throws: SQLAPIError.self) { try await asAlice.claim(.activity, id: activity) }
        #expect(lost.code == .alreadyClaimed)
        #expect(lost.claimer?.id == bob && lost.claimer?.name == "Bob")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from tasks where id = $1 and claimed_by is null", [done]) == 1)

        // A type the server does not know (only reachable by calling SQL directly).
        let thrown = try await #require(throws: PostgresError.self) {
            try await admin.transaction(as: bob) { conn in try conn.query("select claim_work_item('story', \(activity))") }
        }
        #expect(SQLAPIError(thrown)?.code == .invalidItemType, "\(thrown)")

        // NULL arguments, and a caller who is nobody: coded errors, nothing claimed.
        let null = try await #require(throws: PostgresError.self) {
            try await admin.transaction(as: bob) { conn in try conn.query("select release_work_item('task', null)") }
        }
        #expect(null.sqlState == .nullValueNotAllowed)
        #expect(SQLAPIError(null)?.code == .nullArgument, "\(null)")
        let nobody = try await #require(throws: PostgresError.self) {
            try await admin.transaction { conn in
                try conn.query("select set_config('role', 'authenticated', true)")
                try conn.query("select claim_work_item('activity', \(activity))")
            }
        }
        #expect(nobody.sqlState == .insufficientPrivilege)
        #expect(SQLAPIError(nobody)?.code == .notAuthenticated, "\(nobody)")
        #expect(try await CoreTestData.count(admin, "select count(*)::int from activities where id = $1 and claimed_by = $2", [activity, bob]) == 1)
    }
}
