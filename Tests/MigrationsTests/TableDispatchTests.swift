import Foundation
import Postgres
import TestSupport
import Testing

/// The per-table dispatch functions the final step generates through
/// `private.create_table_dispatch` (row_scope, record_sync_fields, capture_changes,
/// sync_has_items): a table without a branch is refused with INVALID_TABLE and nothing is
/// written; the helper itself refuses what it cannot make, and states the privileges of what
/// it makes.
@Suite struct TableDispatchTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    /// The error `sql` fails with.
    func refusal(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> PostgresError {
        try await #require(throws: PostgresError.self, sourceLocation: sourceLocation) { try await admin.runScript(sql) }
    }

    /// The rows of what the dispatch functions write, and of the probe tables.
    func written() async throws -> [Int] {
        try await admin.query("""
            select array[(select count(*) from outbox.events), (select count(*) from private.sync_field_changes),
                         (select count(*) from public.probe_recorded), (select sum(row_version) from public.probe_synced)]::int[]
            """).scalar([Int].self)
    }

    @Test func aTableWithoutABranchIsRefusedAndNothingIsWritten() async throws {
        // Two tables of no manifest entry, with the generated trigger functions attached by hand.
        try await admin.runScript("""
            create table public.probe_recorded (id uuid primary key default gen_random_uuid());
            create trigger outbox_insert after insert on public.probe_recorded referencing new table as new_rows
              for each statement execute function outbox.capture_changes();
            create table public.probe_synced (id uuid primary key default gen_random_uuid(), row_version integer not null default 1);
            insert into public.probe_synced default values;
            create trigger _sync_fields after update on public.probe_synced referencing old table as old_rows new table as new_rows
              for each statement execute function private.record_sync_fields();
            """)
        let before = try await written()
        let nulls = Array(repeating: "null", count: 13).joined(separator: ", ")
        for (sql, message) in [
            ("select private.row_scope('probe_recorded', '{}')", "INVALID_TABLE: no visibility rules for 'probe_recorded'"),
            ("insert into public.probe_recorded default values",
             "INVALID_TABLE: probe_recorded is not recorded in the outbox (outbox in the table manifest)"),
            ("update public.probe_synced set row_version = row_version + 1", "INVALID_TABLE: probe_synced is not a synced table"),
            ("select private.sync_has_items('tasks', 'full', \(nulls))",
             "INVALID_TABLE: 'tasks_full' is not a synced table and mode changes or admin (table_mode)"),
        ] {
            let error = try await refusal(sql)
            #expect(error.sqlState == "22023" && error.message == message, "\(sql): \(error)")
        }
        #expect(try await written() == before)
    }

    @Test func theHelperMakesCommentsAndGrantsOrRefuses() async throws {
        for (sql, label) in [
            ("select private.create_table_dispatch('probe_dispatch', 'p text', 'integer', 'immutable', 'p', '{}', '%L', 'c')",
             "a name without schema"),
            ("select private.create_table_dispatch('private.probe_dispatch', 'p text', 'integer', 'immutable', 'p', array['a', 'return 1;'], '%L', 'c')",
             "branches that are not pairs"),
        ] {
            let error = try await refusal(sql)
            #expect(error.sqlState == "22023" && error.message.hasPrefix("INVALID_ARGUMENT"), "\(label): \(error)")
        }
        #expect(try await admin.query("select to_regproc('private.probe_dispatch') is null").scalar(Bool.self))

        // Without branches, every call is refused.
        try await admin.runScript("""
            select private.create_table_dispatch('private.probe_dispatch', 'p text', 'integer', 'immutable', 'p', '{}',
                                                 'no probe %L', 'Probe.')
            """)
        #expect(try await refusal("select private.probe_dispatch('a')").message == "INVALID_TABLE: no probe 'a'")

        // A branch per case, in order; the comment and the grants given, nothing else.
        try await admin.runScript("""
            select private.create_table_dispatch('private.probe_dispatch', 'p text', 'integer', 'immutable', 'p',
                                                 array[['a', 'return 1;'], ['b', 'return 2;']], 'no probe %L', 'Probe, again.',
                                                 p_grantees => array['service_role'])
            """)
        #expect(try await admin.query("select array[private.probe_dispatch('a'), private.probe_dispatch('b')]").scalar([Int].self) == [1, 2])
        #expect(try await refusal("select private.probe_dispatch('c')").message == "INVALID_TABLE: no probe 'c'")
        #expect(try await admin.query("""
            select array[obj_description('private.probe_dispatch(text)'::regprocedure, 'pg_proc'),
                         has_function_privilege('service_role', 'private.probe_dispatch(text)', 'execute')::text,
                         has_function_privilege('authenticated', 'private.probe_dispatch(text)', 'execute')::text,
                         has_function_privilege('anon', 'private.probe_dispatch(text)', 'execute')::text]
            """).scalar([String].self) == ["Probe, again.", "true", "false", "false"])
    }
}
