import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A BEFORE row trigger that checks or derives some columns is called only when one of them
/// changes. `UPDATE OF` alone fires whenever a statement names a column, also setting it to
/// what it was: sync_push names every column the app may write, a service's full-row write
/// or upsert every column it sends. So each skipped call (a parent read and locked, a
/// tombstone's clock, a journal rule's lookups) is skipped by a WHEN clause comparing OLD
/// and NEW. Counted by the server (`track_functions`), per transaction.
@Suite struct TriggerCallTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// Runs `statement` in a transaction of its own (committed), as `caller` or, when nil, as
    /// the service writing with the owner's rights (the test connection), and answers how
    /// often each function of schema private was called by it (those called at all).
    /// `track_functions` is a superuser's setting: set before acting as the caller. The
    /// server's per-transaction view also holds what earlier transactions of the session
    /// have not reported yet, so the counts are the difference across the statement.
    func calls(as caller: Caller?, _ statement: PostgresQuery) async throws -> [String: Int] {
        try await admin.transaction { conn in
            let counts = {
                var counts: [String: Int] = [:]
                for row in try conn.query("""
                    select funcname::text, calls::int from pg_catalog.pg_stat_xact_user_functions where schemaname = 'private'
                    """) {
                    counts[try row.decode(0, as: String.self)] = try row.decode(1, as: Int.self)
                }
                return counts
            }
            try conn.query("set local track_functions = 'all'")
            let before = try counts()
            if let caller { try conn.act(as: caller) }
            try conn.query(statement)
            return try counts().reduce(into: [:]) { calls, entry in
                let n = entry.value - (before[entry.key] ?? 0)
                if n > 0 { calls[entry.key] = n }
            }
        }
    }

    /// sync_push of `table`'s row `id` as the app sends it back (the pulled row, its version)
    /// with `changes` applied.
    func push(_ table: SyncTable, _ id: UUID, _ changes: String) -> PostgresQuery {
        PostgresQuery(sql: """
            select public.sync_push($1, (select pg_catalog.to_jsonb(t) - 'sync_xid' from public.\(table.rawValue) t where t.id = $2) || $3::jsonb,
                                    (select t.row_version from public.\(table.rawValue) t where t.id = $2))
            """, binds: [table.rawValue, id, changes])
    }

    func coded(_ body: () async throws -> Void) async -> SQLAPIError? {
        await F.error(PostgresError.self, body).flatMap(SQLAPIError.init)
    }

    @Test func aNoteOrSubtaskChecksItsParentOnlyWhenThatChanges() async throws {
        let alice = try await F.user(admin, "Alice"), bob = try await F.user(admin, "Bob")
        let open = try await admin.query("insert into public.tasks (title, declared_by) values ('Open', \(alice)) returning id").scalar(UUID.self)
        let held = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values ('Held', \(alice), \(alice)) returning id
            """).scalar(UUID.self)
        let bobs = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values ('Bob''s', \(bob), \(bob)) returning id
            """).scalar(UUID.self)
        let note = try await admin.query("""
            insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(open), 'Lockbox 9931', \(alice)) returning id
            """).scalar(UUID.self)
        let subtask = try await admin.query("""
            insert into public.subtasks (parent_type, parent_id, title) values ('task', \(open), 'Buy paint') returning id
            """).scalar(UUID.self)
        let parent = { try await admin.query("select parent_id from public.notes where id = \(note)").scalar(UUID.self) }

        // The app's edits of the text: the parent is neither read nor locked.
        var counts = try await calls(as: .user(alice), push(.notes, note, #"{"content": "Lockbox 1234"}"#))
        #expect(counts["check_work_parent"] == nil && counts["derive_note_edited_at"] == 1, "\(counts)")
        counts = try await calls(as: .user(alice), push(.subtasks, subtask, #"{"title": "Buy more paint"}"#))
        #expect(counts["check_work_parent"] == nil && counts["sync_push_record"] == 1, "\(counts)")
        // The service's full-row writes, naming the parent unchanged: not either.
        for (table, id) in [(SyncTable.notes, note), (.subtasks, subtask)] {
            counts = try await calls(as: nil, PostgresQuery(sql: """
                update public.\(table.rawValue) t set parent_type = t.parent_type, parent_id = t.parent_id,
                       updated_at = t.updated_at where t.id = $1
                """, binds: [id]))
            #expect(counts["check_work_parent"] == nil, "\(table): \(counts)")
        }
        #expect(try await parent() == open)

        // A move is checked: the parent read and locked.
        counts = try await calls(as: nil, "update public.notes set parent_id = \(held) where id = \(note)")
        #expect(counts["check_work_parent"] == 1, "\(counts)")
        #expect(try await parent() == held)
        // A move to no parent: FK_MISSING, as before; nothing changes.
        let missing = await coded { _ = try await calls(as: nil, "update public.notes set parent_id = \(UUID()) where id = \(note)") }
        #expect(missing?.code == .fkMissing && missing?.sqlState == .foreignKeyViolation, "\(String(describing: missing))")
        // The app never moves a note, to a parent it cannot see or any other: COLUMN_NOT_WRITABLE, as before.
        for target in [bobs, open] {
            let refused = await coded { _ = try await calls(as: .user(alice), push(.notes, note, #"{"parent_id": "\#(target)"}"#)) }
            #expect(refused?.code == .columnNotWritable, "\(String(describing: refused))")
        }
        #expect(try await parent() == held)
    }

    @Test func aTombstoneOrJournalRuleRunsOnlyForTheColumnsItLooksAt() async throws {
        let alice = try await F.user(admin, "Alice")
        let list = try await F.watchlist(admin, owner: alice, title: "Spring")
        let thread = try await admin.query("insert into public.journal_threads (owner_id, title) values (\(alice), 'Garden') returning id")
            .scalar(UUID.self)
        let entry = try await admin.query("insert into public.journal_entries (thread_id, content) values (\(thread), 'Sowed peas') returning id")
            .scalar(UUID.self)
        let field = try await admin.query("insert into public.journal_fields (thread_id, name) values (\(thread), 'Weather') returning id")
            .scalar(UUID.self)
        let me = Caller.user(alice)

        // Each push names deleted_at (and the thread its title): only a change of it stamps.
        var counts = try await calls(as: me, push(.watchlists, list, #"{"title": "Spring walk"}"#))
        #expect(counts["stamp_deleted_at"] == nil && counts["stamp_row"] == 1, "\(counts)")
        counts = try await calls(as: me, push(.watchlists, list, #"{"deleted_at": "2001-01-01T00:00:00Z"}"#))
        #expect(counts["stamp_deleted_at"] == 1, "\(counts)")
        // The server's clock, not the device's.
        #expect(try await admin.query("select deleted_at > now() - interval '1 hour' from public.watchlists where id = \(list)").scalar(Bool.self))

        counts = try await calls(as: me, push(.journalEntries, entry, #"{"content": "Sowed peas and beans"}"#))
        #expect(counts["journal_entries_check"] == 1 && counts["stamp_deleted_at"] == nil, "\(counts)")
        counts = try await calls(as: me, push(.journalFields, field, #"{"sort_order": 5}"#))
        #expect(counts["journal_fields_check"] == nil && counts["stamp_row"] == 1, "\(counts)")
        counts = try await calls(as: me, push(.journalFields, field, #"{"name": "  Sky  "}"#))
        #expect(counts["journal_fields_check"] == 1, "\(counts)")
        #expect(try await admin.query("select name from public.journal_fields where id = \(field)").scalar(String.self) == "Sky")
        // A title still gets its rule.
        let blank = await coded { _ = try await calls(as: me, push(.journalThreads, thread, #"{"title": "   "}"#)) }
        #expect(blank?.code == .invalidTitle, "\(String(describing: blank))")
        counts = try await calls(as: me, push(.journalThreads, thread, #"{"deleted_at": "2001-01-01T00:00:00Z"}"#))
        #expect(counts["journal_threads_check"] == nil && counts["stamp_deleted_at"] == 1, "\(counts)")
    }
}
