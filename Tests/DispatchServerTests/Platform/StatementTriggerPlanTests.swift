import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A statement trigger's statements are planned at their first run in a session and the plan
/// is kept, made for the row count of that run's transition tables. A pooled connection
/// writes one row at a time and now and then many: a bulk statement after a one-row one
/// must not run the one-row plan's nested loops over every pair of its rows (1,000 tasks
/// updated: 3 million pairs compared, 1.5 s of triggers instead of 0.1).
///
/// Counted, not timed: `auto_explain` reports the plan of every statement the triggers run,
/// with the rows each join compared and dropped ("Rows Removed by Join Filter"). A join
/// planned for its rows, or no join, drops about none; a nested loop over two transition
/// tables of n rows drops n × (n − 1).
@Suite struct StatementTriggerPlanTests {
    let database: TestDatabase
    let admin: PostgresConnection
    let alice: UUID

    init() async throws {
        (database, admin) = try await TestDatabase.createWithAdmin()
        alice = try await TestUsers.create(admin, ["Alice"])[0]
        try await Quotas.lift(admin, "open_items_per_user")
    }

    static let rows = 1000

    /// Runs `warmUp` (one row), then `statement` (many) on a connection of its own (acting as
    /// `actor`, when given) and expects the plans of the trigger statements `statement` ran to
    /// have dropped fewer than `rows` rows in join filters.
    func expectNoPairwiseJoins(_ what: String, after warmUp: PostgresQuery, _ statement: PostgresQuery,
                               as actor: UUID? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let connection = try await database.connect()
        do {
            try await NestedPlans.enable(connection)
            if let actor { try await connection.query("select set_config('request.jwt.claims', \(Caller.user(actor).claims), false)") }
            try await connection.query(warmUp)
            _ = try await NestedPlans.take(connection)
            try await connection.query(statement)
            let plans = try await NestedPlans.take(connection)
            await connection.close()
            #expect(plans.count > 1, "\(what): auto_explain reported no trigger statement", sourceLocation: sourceLocation)
            let pairs = plans.flatMap { PlanScans.nodes(of: $0) }.reduce(0) { $0 + ($1["Rows Removed by Join Filter"]?.intValue ?? 0) }
            #expect(pairs < Self.rows, "\(what): \(pairs) rows dropped by join filters", sourceLocation: sourceLocation)
        } catch {
            await connection.close()
            throw error
        }
    }

    @Test("tasks in a listing: 1,000 inserted, updated, deleted, each after one (audit, sync fields and deletions, outbox audiences)")
    func tasks() async throws {
        let listing = try await CoreTestData.listing(admin, as: alice)
        try await expectNoPairwiseJoins("insert",
            after: "insert into public.tasks (title, declared_by, listing_id) values ('Task 0', \(alice), \(listing))",
            "insert into public.tasks (title, declared_by, listing_id) select 'Task ' || g, \(alice), \(listing) from generate_series(1, \(Self.rows)) g",
            as: alice)
        try await expectNoPairwiseJoins("update",
            after: "update public.tasks set title = title || '.' where title = 'Task 0'",
            "update public.tasks set title = title || '.' where title <> 'Task 0.'", as: alice)
        try await expectNoPairwiseJoins("delete",
            after: "delete from public.tasks where title = 'Task 0.'",
            "delete from public.tasks", as: alice)
        // and what the triggers record followed, with its actor: the one-row statements and
        // the bulk ones (run with EXECUTE by the outbox, the actor a parameter) alike
        let recorded = try await admin.query("""
            select (select count(*) from outbox.events where table_name = 'tasks' and actor = \(alice))::int
                 + (select count(*) from audit.log where table_name = 'tasks' and changed_by = \(alice))::int
            """).scalar(Int.self)
        #expect(recorded == 6 * (Self.rows + 1))
    }

    /// audit.log_rows serves every audited table with static statements (one for an update of
    /// one row, one for more), so it cannot call the generator and spells its queries out,
    /// rows left as records: the two must not drift.
    @Test("audit.log_rows pairs old and new rows with private.paired_rows_sql's queries", arguments: [false, true])
    func auditPairsAsTheGeneratorDoes(oneRow: Bool) async throws {
        func words(_ sql: String) -> String { sql.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let generated = try await admin.query("select private.paired_rows_sql('public.tasks', \(oneRow))").scalar(String.self)
        let audit = try await admin.query("select pg_catalog.pg_get_functiondef('audit.log_rows'::regproc)").scalar(String.self)
        let query = words(generated.replacingOccurrences(of: "::public.tasks", with: ""))
        #expect(query.contains(oneRow ? "cross join old_rows o" : "pg_catalog.lag(c.it)"), "\(query)")
        #expect(words(audit).contains(query), "audit.log_rows does not pair as private.paired_rows_sql: \(query)")
    }

    @Test("notifications: 1,000 marked read after one (badge counters)")
    func notifications() async throws {
        try await admin.query("""
            insert into public.notifications (user_id, type, title) select \(alice), 'task_claimed', 'N ' || g
              from generate_series(1, \(Self.rows + 1)) g
            """)
        try await expectNoPairwiseJoins("mark read",
            after: "update public.notifications set read = true where title = 'N 1'",
            "update public.notifications set read = true where not read")
        // and the counters followed
        let unread = try await admin.query("""
            select coalesce(sum(unread), 0)::int from private.notification_badge_totals where user_id = \(alice)
            """).scalar(Int.self)
        #expect(unread == 0)
    }

    @Test("journal: 1,000 values changed after one, 1,000 entries deleted after one (edit stamps, thread stats)")
    func journal() async throws {
        try await admin.runScript("""
            insert into public.journal_threads (id, owner_id, title) values ('00000000-0000-4000-8000-0000000f1f1f', '\(alice)', 'T');
            insert into public.journal_fields (id, thread_id, name, sort_order)
              values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000f1f1f', 'F', 1);
            insert into public.journal_entries (thread_id, owner_id, content, entry_timestamp)
              select '00000000-0000-4000-8000-0000000f1f1f', '\(alice)', 'E ' || g, now() - g * interval '1 minute'
                from generate_series(1, \(Self.rows + 1)) g;
            insert into public.journal_entry_values (entry_id, field_id, value)
              select e.id, '00000000-0000-4000-8000-0000000000f1', 'v' from public.journal_entries e;
            """)
        try await expectNoPairwiseJoins("values",
            after: "update public.journal_entry_values set value = 'w' where entry_id = (select id from public.journal_entries where content = 'E 1')",
            "update public.journal_entry_values set value = 'x'")
        try await expectNoPairwiseJoins("entries",
            after: "update public.journal_entries set deleted_at = now() where content = 'E 1'",
            "update public.journal_entries set deleted_at = now() where deleted_at is null")
        let live = try await admin.query("""
            select live_entries from public.journal_thread_stats where thread_id = '00000000-0000-4000-8000-0000000f1f1f'
            """).scalar(Int.self)
        #expect(live == 0)
    }
}
