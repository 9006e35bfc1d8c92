import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The per-field merge of an offline push authorises first and compares only with what the
/// caller could see: no answer of sync_push, sync_push_batch or of the merge from raw SQL
/// tells whether a guessed value is the one a row held at a version the caller never saw.
/// Each test is the attack as a hostile user made it.
@Suite struct MergeOracleTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    static let secret = "Lockbox code is 9931"

    /// Ada's task, held by Bo while he wrote the lockbox code into it (version `secret`),
    /// then cleared by him and released: open again, every user's to read.
    func taskWithAPrivatePast() async throws -> (ada: UUID, bo: UUID, task: UUID, secret: Int) {
        let ada = try await F.user(admin, "Ada"), bo = try await F.user(admin, "Bo")
        let task = try await admin.query("insert into public.tasks (title, declared_by) values ('Show the house', \(ada)) returning id")
            .scalar(UUID.self)
        try await admin.transaction(as: bo) { conn in
            _ = try conn.query("select public.claim_work_item('task', \(task))")
            _ = try conn.query("update public.tasks set description = \(Self.secret) where id = \(task)")
        }
        let secret = try await admin.query("select row_version from public.tasks where id = \(task)").scalar(Int.self)
        try await admin.transaction(as: bo) { conn in
            _ = try conn.query("update public.tasks set description = 'Ask Ada for the code' where id = \(task)")
            _ = try conn.query("select public.release_work_item('task', \(task))")
        }
        return (ada, bo, task, secret)
    }

    /// What `user` is answered for a push of `description` against `version`: the result, or
    /// the error's code and message.
    enum Answer: Equatable {
        case result(SyncPushResult)
        case refused(String)
    }

    func answer(_ user: UUID, _ task: UUID, _ description: String, at version: Int) async throws -> Answer {
        do {
            return .result(try await SyncService(connection: try await database.connect(), user: user).push(table: .tasks, record: [
                "id": .string(task.uuidString), "description": .string(description),
            ], expectedVersion: version))
        } catch let error as SQLAPIError {
            return .refused(error.message)
        }
    }

    /// Cy, who reads the open task but may not change it, pushes guesses against the version
    /// Bo wrote the code at: refused before anything is compared, the right guess as the
    /// wrong one (the merge said "server" for the right one: 500 guesses a batch).
    @Test func aReaderLearnsNothingOfAVersionBeforeItWasHis() async throws {
        let (_, _, task, secret) = try await taskWithAPrivatePast()
        let cy = try await F.user(admin, "Cy")
        let right = try await answer(cy, task, Self.secret, at: secret)
        let wrong = try await answer(cy, task, "Lockbox code is 1234", at: secret)
        #expect(right == wrong, "\(right) | \(wrong)")
        #expect(right == .refused("NOT_AUTHORIZED: you may read but not change this row of tasks"), "\(right)")
        // The same in a batch: each record rejected alike.
        let batch = try await admin.transaction(as: cy) { conn in
            try conn.query("""
                select public.sync_push_batch('tasks', jsonb_build_array(
                  jsonb_build_object('record', jsonb_build_object('id', \(task)::uuid, 'description', \(Self.secret)::text), 'expected_version', \(secret)::int),
                  jsonb_build_object('record', jsonb_build_object('id', \(task)::uuid, 'description', 'Lockbox code is 1234'), 'expected_version', \(secret)::int)))::text
                """).scalar(String.self)
        }
        let answers = try JSONValue(parsing: batch).arrayValue ?? []
        #expect(answers.count == 2 && answers[0] == answers[1] && answers[0]["code"] == "NOT_AUTHORIZED", "\(batch)")
    }

    /// Cy claims the task later, and may write it now: his pushes against a version from Bo's
    /// time (none of its keys his) are conflicts, the right guess as the wrong one; against
    /// a version he could read they merge as ever.
    @Test func aNewClaimerMergesOnlyWithVersionsHeCouldRead() async throws {
        let (_, _, task, secret) = try await taskWithAPrivatePast()
        let cy = try await F.user(admin, "Cy")
        let open = try await admin.query("select row_version from public.tasks where id = \(task)").scalar(Int.self)
        try await admin.transaction(as: cy) { conn in _ = try conn.query("select public.claim_work_item('task', \(task))") }
        let right = try await answer(cy, task, Self.secret, at: secret)
        let wrong = try await answer(cy, task, "Lockbox code is 1234", at: secret)
        #expect(right == wrong, "\(right) | \(wrong)")
        guard case .result(.conflict) = right else { Issue.record("\(right)"); return }
        // Since it was open, every version is his to merge with.
        let merged = try await answer(cy, task, "Lockbox is by the door", at: open)
        guard case .result(.merged) = merged else { Issue.record("\(merged)"); return }
    }

    /// From raw SQL, the merge and its history answer only about versions the caller could
    /// read (here none, for Cy and for the service), the history table itself is nobody's to
    /// read, and the service may not delete it.
    @Test func rawSQLReachesNoHistoryTheCallerCouldNotRead() async throws {
        let (_, _, task, secret) = try await taskWithAPrivatePast()
        let cy = try await F.user(admin, "Cy")
        let current = try await admin.query("select row_version from public.tasks where id = \(task)").scalar(Int.self)
        for caller in [Caller.user(cy), .service] {
            let answers = try await admin.transaction(as: caller) { conn in
                try [Self.secret, "Lockbox code is 1234"].map { guess in
                    try conn.query("""
                        select coalesce(private.sync_merge('tasks', \(task), \(secret), \(current), jsonb_build_object('description', \(guess)::text),
                                                           '{description}')::text, 'null')
                        """).scalar(String.self)
                }
            }
            #expect(answers == ["null", "null"], "\(caller): \(answers)")
            let seen = try await admin.transaction(as: caller) { conn in
                // the change that wrote the code (made from Bo's version before it) and the one made from it
                try conn.query("select count(*)::int from private.sync_merge_history where row_id = \(task) and row_version in (\(secret), \(secret + 1))")
                    .scalar(Int.self)
            }
            #expect(seen == 0, "\(caller)")
            let read = await F.error(PostgresError.self) {
                try await admin.transaction(as: caller) { conn in _ = try conn.query("select count(digests) from private.sync_field_changes") }
            }
            #expect(read?.sqlState == .insufficientPrivilege, "\(caller): \(String(describing: read))")
        }
        let deleted = await F.error(PostgresError.self) {
            try await admin.transaction(as: .service) { conn in _ = try conn.query("delete from private.sync_field_changes") }
        }
        #expect(deleted?.sqlState == .insufficientPrivilege, "\(String(describing: deleted))")
        #expect(try await admin.query("select count(*)::int from private.sync_field_changes where row_id = \(task)").scalar(Int.self) > 0)
    }
}
