import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Users and checks shared by the journal suites. Fixtures are written as the superuser
/// (the test connection), so they never depend on the policies under test.
enum JournalFixtures {
    static func user(_ conn: PostgresConnection, _ name: String, admin: Bool = false) async throws -> UUID {
        let id = try await WatchlistFixtures.user(conn, name)
        if admin { try await conn.query("update public.users set is_admin = true where id = \(id)") }
        return id
    }

    /// Every journal row (and the journal part of sync_deletions), to show that a failed
    /// call changed nothing.
    static func snapshot(_ conn: PostgresConnection) async throws -> String {
        try await conn.query("""
            select concat_ws(' | ',
              (select jsonb_agg(to_jsonb(x) order by x.id) from public.journal_threads x)::text,
              (select jsonb_agg(to_jsonb(x) order by x.id) from public.journal_entries x)::text,
              (select jsonb_agg(to_jsonb(x) order by x.id) from public.journal_fields x)::text,
              (select jsonb_agg(to_jsonb(x) order by x.id) from public.journal_field_groups x)::text,
              (select jsonb_agg(to_jsonb(x) order by x.id) from public.journal_entry_values x)::text,
              (select jsonb_agg(to_jsonb(x) order by x.thread_id) from public.journal_thread_stats x)::text,
              (select jsonb_agg(to_jsonb(x) order by x.entry_id) from public.journal_entry_value_lists x)::text,
              (select count(*) from public.sync_deletions where table_name like 'journal%')::text)
            """).scalar(String.self)
    }

    /// Returns once the session `pid` waits for a lock (after 5 s when it never does: a
    /// session that takes no lock has long finished by then).
    static func untilWaitingForALock(_ admin: PostgresConnection, pid: Int) async throws {
        for _ in 0..<500 {
            let waiting = try await admin.query("select wait_event_type = 'Lock' from pg_stat_activity where pid = \(pid)")
                .first.map { try $0.decode(0, as: Bool?.self) }
            if waiting == true { return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// `journal_export_csv` as `user`: the SQL's own export, which `JournalService.exportCSV`
    /// and `JournalExporter` (formatting in Swift) are held to.
    static func sqlExport(_ conn: PostgresConnection, _ user: UUID, _ thread: UUID) async throws -> String {
        try await asUser(conn, user, "select public.journal_export_csv(\(thread))").scalar(String.self)
    }

    /// Runs SQL as `user` on `conn` in a transaction of its own (for what the service does
    /// not offer: NULL arguments, raw table writes as sync clients do them).
    @discardableResult
    static func asUser(_ conn: PostgresConnection, _ user: UUID, _ query: PostgresQuery) async throws -> PostgresRows {
        try await conn.transaction(as: user) { conn in try conn.query(query) }
    }
}

/// Expects `body` to fail with the coded SQL error `code` (and `sqlState` when given):
/// an `SQLAPIError` from a service, or the server's error from a plain query.
func expectJournalError(
    _ code: SQLAPIError.Code, sqlState: SQLState? = nil, _ label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("\(label): expected \(code), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        let coded = error as? SQLAPIError ?? (error as? PostgresError).flatMap(SQLAPIError.init)
        #expect(coded?.code == code, "\(label): \(error)", sourceLocation: sourceLocation)
        if let sqlState {
            #expect(coded?.sqlState == sqlState, "\(label): \(error)", sourceLocation: sourceLocation)
        }
    }
}
