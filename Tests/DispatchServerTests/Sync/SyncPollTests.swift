import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Live updates without Supabase: `sync_poll` names the tables in which something changed
/// for the caller — exactly what their next `sync_pull` of each delivers — and nothing that
/// only other users can see. The seed's scenario: a note written by one user appears on the
/// other's screen at the next poll.
@Suite struct SyncPollTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    func device(_ user: UUID) async throws -> SyncDevice {
        SyncDevice(SyncService(connection: try await database.connect(), user: user))
    }

    /// The tables `sync_poll` names for the device since `cursor`; every table is then
    /// pulled, and a table is named exactly when that pull delivered something (the first
    /// poll, without a cursor, names them all).
    func poll(_ device: SyncDevice, _ cursor: inout SyncCursor?, _ label: String,
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> Set<SyncTable> {
        let first = cursor == nil
        let answer = try await device.sync.poll(since: cursor)
        cursor = answer.cursor
        for table in SyncTable.allCases where !table.rawValue.hasPrefix("journal") {
            let delivered = !(try await device.pull(table)).isEmpty
            #expect(delivered == answer.tables.contains(table) || (first && answer.tables.contains(table)),
                    "\(label): \(table.rawValue) named \(answer.tables.contains(table)), pull delivered \(delivered)",
                    sourceLocation: sourceLocation)
        }
        return Set(answer.tables)
    }

    @Test func aNoteWrittenByOneUserIsNamedAtTheOthersNextPollAndNobodyElses() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben"), cat = try await F.user(admin, "Cat")
        let task = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values ('Stage the kitchen', \(ann), \(ben)) returning id
            """).scalar(UUID.self)
        let bens = try await device(ben), cats = try await device(cat)
        var benCursor: SyncCursor?, catCursor: SyncCursor?

        // Starting out (no cursor): every table the user may pull, the journals included
        // for a session acting as the user.
        let first = try await bens.sync.poll()
        #expect(Set(first.tables) == Set(SyncTable.allCases))
        _ = try await poll(bens, &benCursor, "Ben's first poll")
        _ = try await poll(cats, &catCursor, "Cat's first poll")
        #expect(try await poll(bens, &benCursor, "nothing new").isEmpty)

        try await admin.transaction(as: ann) { conn in
            _ = try conn.query("""
                insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(task), 'Lockbox 9931', \(ann))
                """)
        }
        #expect(try await poll(bens, &benCursor, "Ann's note") == [.notes])
        #expect(bens.ids(.notes).count == 1)
        #expect(try await poll(cats, &catCursor, "Cat sees neither the task nor its notes").isEmpty)
        #expect(try await poll(bens, &benCursor, "delivered once").isEmpty)

        // A change of who sees what counts too: an open task (which everyone sees) claimed by
        // Ben leaves Cat's view.
        let open = try await admin.query("insert into public.tasks (title, declared_by) values ('Open house', \(ann)) returning id")
            .scalar(UUID.self)
        #expect(try await poll(cats, &catCursor, "an open task") == [.tasks])
        #expect(try await poll(bens, &benCursor, "an open task") == [.tasks])
        try await admin.transaction(as: ben) { conn in _ = try conn.query("select public.claim_work_item('task', \(open))") }
        #expect(try await poll(cats, &catCursor, "claimed by Ben: revoked for Cat") == [.tasks])
        #expect(cats.ids(.tasks).isEmpty)
        #expect(try await poll(bens, &benCursor, "claimed by Ben") == [.tasks])
    }

    @Test func aTransactionThatCommitsAfterAPollIsNamedByTheNext() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben")
        let list = try await F.watchlist(admin, owner: ann, title: "Spring")
        try await F.share(admin, list, with: ben)
        let bens = try await device(ben)
        var cursor: SyncCursor?
        _ = try await poll(bens, &cursor, "first")

        let writer = try await database.connect()
        try await writer.query("begin")
        try await writer.query("insert into public.watchlist_entries (watchlist_id, nickname) values (\(list), 'robin')")
        let during = try await bens.sync.poll(since: cursor)
        #expect(during.tables.isEmpty)
        try await writer.query("commit")
        #expect(try await bens.sync.poll(since: during.cursor).tables == [.watchlistEntries])
        await writer.close()
    }

    @Test func refusals() async throws {
        let ann = try await F.user(admin, "Ann")
        let anns = SyncService(connection: admin, user: ann)
        let cursor = try await anns.poll().cursor
        let pullCursor = try await anns.pull(table: .tasks).cursor
        func refused(_ sql: PostgresQuery, _ code: SQLAPIError.Code, _ sqlState: SQLState, as role: String = "authenticated",
                     sourceLocation: SourceLocation = #_sourceLocation) async {
            do {
                _ = try await admin.transaction { conn in
                    try conn.act(as: role == "authenticated" ? .user(ann) : .service)
                    if role == "service_role" {
                        try conn.query("select set_config('request.jwt.claims', \(#"{"sub":""# + ann.uuidString.lowercased() + #""}"#), true)")
                    }
                    return try conn.query(sql)
                }
                Issue.record("answered: \(sql.sql)", sourceLocation: sourceLocation)
            } catch let error as PostgresError {
                #expect(error.sqlState == sqlState && SQLAPIError(error)?.code == code, "\(error)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(error)", sourceLocation: sourceLocation)
            }
        }
        await refused("select public.sync_poll(null, '{tasks,dogs}')", .invalidTable, .invalidParameterValue)
        await refused("select public.sync_poll(null, array['tasks', null])", .nullArgument, .nullValueNotAllowed)
        await refused("select public.sync_poll('v2.e30')", .invalidCursor, .invalidParameterValue)
        await refused("select public.sync_poll(\(pullCursor.rawValue))", .invalidCursor, .invalidParameterValue)
        await refused("select public.sync_pull('tasks', \(cursor.rawValue))", .invalidCursor, .invalidParameterValue)
        await refused("select public.sync_poll(null, '{journal_entries}')", .ownerOnly, .insufficientPrivilege, as: "service_role")

        // A service acting for the user is answered for the tables it may pull.
        let service = try await admin.transaction { conn in
            try conn.act(as: .service)
            try conn.query("select set_config('request.jwt.claims', \(#"{"sub":""# + ann.uuidString.lowercased() + #""}"#), true)")
            return try conn.query("select public.sync_poll()::text").scalar(String.self)
        }
        #expect(!service.contains("journal") && service.contains("watchlist_entries"), "\(service)")
        // Without a user, or as anon: refused.
        let nobody = await F.error(PostgresError.self) {
            _ = try await admin.transaction { conn in
                try conn.act(as: .service)
                return try conn.query("select public.sync_poll()")
            }
        }
        #expect(nobody.flatMap(SQLAPIError.init)?.code == .notAuthenticated, "\(String(describing: nobody))")
        let anon = await F.error(PostgresError.self) {
            _ = try await admin.transaction { conn in
                try conn.query("set local role anon")
                return try conn.query("select public.sync_poll()")
            }
        }
        #expect(anon?.sqlState == .insufficientPrivilege, "\(String(describing: anon))")
    }
}
