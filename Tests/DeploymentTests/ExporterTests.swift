import Foundation
import Postgres
import TestSupport
import Testing

/// prometheus-postgres-exporter (from apt), started on loopback against a test database with
/// the repository's queries file, scraped after a known workload.
@Suite("prometheus-postgres-exporter with deploy/prometheus/queries.yaml")
struct ExporterTests {
    static let queries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("deploy/prometheus/queries.yaml").path

    @Test("/metrics shows outbox events per table and operation, and sync deletions, after a known workload")
    func metricsAfterAWorkload() async throws {
        let db = try await TestDatabase.create()
        let admin = try await db.connect()
        try await PostgresExporter.with(database: db.url, queries: Self.queries) { exporter in
            let before = try await exporter.metrics()
            #expect(PostgresExporter.value("pg_exporter_user_queries_load_error", in: before) == 0, "the file loads: \(exporter.log)")
            #expect(PostgresExporter.value("dispatch_outbox_events_retained", ["table_name": "tasks"], in: before) == nil)

            // 7 tasks inserted, 2 of them deleted; 3 watchlist entries, 1 of them deleted.
            let alice = try await DeploymentData.user(admin, "Alice")
            let tasks = try await DeploymentData.tasks(admin, declaredBy: alice, count: 7)
            try await admin.query("delete from public.tasks where id = any (\(Array(tasks.prefix(2)))::uuid[])")
            let list = try await DeploymentData.watchlist(admin, owner: alice)
            let entries = try await admin.query("""
                insert into public.watchlist_entries (watchlist_id, nickname) select \(list), 'bird ' || g from generate_series(1, 3) g returning id
                """).map { try $0.decode(0, as: UUID.self) }
            try await admin.query("delete from public.watchlist_entries where id = \(entries[0])")

            let metrics = try await exporter.metrics()
            func value(_ name: String, _ labels: [String: String]) -> Double? { PostgresExporter.value(name, labels, in: metrics) }
            #expect(value("dispatch_outbox_events_retained", ["table_name": "tasks", "op": "insert"]) == 7)
            #expect(value("dispatch_outbox_events_retained", ["table_name": "tasks", "op": "delete"]) == 2)
            #expect(value("dispatch_outbox_events_retained", ["table_name": "watchlist_entries", "op": "insert"]) == 3)
            #expect(value("dispatch_sync_deletions_retained", ["table_name": "tasks"]) == 2)
            #expect(value("dispatch_sync_deletions_retained", ["table_name": "watchlist_entries"]) == 1)
            #expect((value("dispatch_sync_deletions_oldest_age_seconds", ["table_name": "tasks"]) ?? -1) >= 0)
            #expect(PostgresExporter.value("pg_exporter_last_scrape_error", in: metrics) == 0, "\(exporter.log)")
        }
        await admin.close()
        await db.drop()
    }
}
