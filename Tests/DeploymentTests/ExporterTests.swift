import Foundation
import Postgres
import TestSupport
import Testing

/// prometheus-postgres-exporter (from apt), started on loopback against a test database with
/// the repository's queries file, signed in as a monitoring role that holds nothing but
/// membership in service_role, scraped after a known workload.
@Suite("prometheus-postgres-exporter with deploy/prometheus/queries.yaml")
struct ExporterTests {
    static let queries = TestDatabase.repositoryPath("deploy/prometheus/queries.yaml")

    /// A login role granted service_role, as the README suggests for the exporter.
    static let monitor = ServiceLogin.name
    static func createMonitor(_ admin: PostgresConnection) async throws {
        try await ServiceLogin.create(admin)
    }

    @Test("/metrics shows the queue gauges, events per minute, sync deletions and tombstones after a known workload")
    func metricsAfterAWorkload() async throws {
        let (db, admin) = try await TestDatabase.createWithAdmin()
        try await Self.createMonitor(admin)
        try await PostgresExporter.with(database: db.url(user: Self.monitor), queries: Self.queries) { exporter in
            let before = try await exporter.metrics()
            #expect(PostgresExporter.value("pg_exporter_user_queries_load_error", in: before) == 0, "the file loads: \(exporter.log)")
            #expect(PostgresExporter.value("pg_exporter_last_scrape_error", in: before) == 0, "\(exporter.log)")
            for state in ["unclaimed", "pending", "scheduled", "in_flight", "lease_expired", "retrying", "dead"] {
                #expect(PostgresExporter.value("dispatch_outbox_queue_depth", ["handler": "notifications", "state": state], in: before) == 0)
            }
            #expect(PostgresExporter.value("dispatch_outbox_oldest_pending_age_seconds", ["handler": "push"], in: before) == 0)

            // The notifications handler wants inserts and updates of tasks and watchlist
            // entries: 7 tasks, 3 entries and the tombstoning of one of them make 11 (the
            // deletes it does not want). Two tasks and one entry are hard-deleted.
            let alice = try await DeploymentData.user(admin, "Alice")
            let tasks = try await DeploymentData.tasks(admin, declaredBy: alice, count: 7)
            try await admin.query("delete from public.tasks where id = any (\(Array(tasks.prefix(2)))::uuid[])")
            let list = try await DeploymentData.watchlist(admin, owner: alice)
            let entries = try await admin.query("""
                insert into public.watchlist_entries (watchlist_id, nickname) select \(list), 'bird ' || g from generate_series(1, 3) g returning id
                """).map { try $0.decode(0, as: UUID.self) }
            try await admin.query("delete from public.watchlist_entries where id = \(entries[0])")
            try await admin.query("update public.watchlist_entries set deleted_at = now() where id = \(entries[1])")
            // The push handler gets two notifications; a worker claims the first and fails it
            // for good: one dead delivery, one left unclaimed.
            try await admin.query("""
                insert into public.notifications (user_id, type, title) values (\(alice), 'task_claimed', 'one'), (\(alice), 'task_claimed', 'two')
                """)
            // (a claim that read a stretch of events push does not want says so with a row
            // without an event: claim again)
            var claimed: PostgresRow?
            for _ in 0..<100 where claimed == nil {
                claimed = try await admin.query(
                    "select event_id, batch_id from outbox.claim('exporter-test', '{push}', 1) where event_id is not null").first
            }
            let row = try #require(claimed)
            let (event, batch) = (try row.decode(0, as: Int64.self), try row.decode(1, as: Int64.self))
            try await admin.query("""
                select * from outbox.fail('exporter-test', '{push}', array[\(event)]::bigint[], '{gone}', '{false}', array[\(batch)]::bigint[])
                """)
            try await admin.query("select outbox.complete('exporter-test', array[\(batch)]::bigint[])")

            // Events per minute counts the last complete minute: four changes to properties
            // dated inside it stand in for a minute of traffic (no handler wants deletes of
            // properties). Written again if the minute turned before the scrape.
            var metrics = ""
            for _ in 0..<3 {
                let minute = try await admin.query("""
                    insert into outbox.events (table_name, op, old_record, created_at)
                    select 'properties', 'delete', '{}', date_trunc('minute', now()) - interval '30 seconds' from generate_series(1, 4)
                    returning date_trunc('minute', now())::text
                    """).first?.decode(0, as: String.self)
                metrics = try await exporter.metrics()
                if try await admin.query("select date_trunc('minute', now())::text").scalar(String.self) == minute { break }
            }
            func value(_ name: String, _ labels: [String: String]) -> Double? { PostgresExporter.value(name, labels, in: metrics) }
            #expect(PostgresExporter.value("pg_exporter_last_scrape_error", in: metrics) == 0, "\(exporter.log)")

            #expect(value("dispatch_outbox_queue_depth", ["handler": "notifications", "state": "unclaimed"]) == 11)
            #expect(value("dispatch_outbox_queue_depth", ["handler": "notifications", "state": "dead"]) == 0)
            #expect(value("dispatch_outbox_queue_depth", ["handler": "push", "state": "unclaimed"]) == 1)
            #expect(value("dispatch_outbox_queue_depth", ["handler": "push", "state": "dead"]) == 1)
            #expect(value("dispatch_outbox_queue_depth", ["handler": "push", "state": "in_flight"]) == 0)
            #expect(value("dispatch_outbox_dead_deliveries", ["handler": "push"]) == 1)
            #expect(value("dispatch_outbox_dead_deliveries", ["handler": "notifications"]) == 0)
            #expect((value("dispatch_outbox_dead_newest_age_seconds", ["handler": "push"]) ?? -1) >= 0)
            #expect((value("dispatch_outbox_oldest_pending_age_seconds", ["handler": "notifications"]) ?? 0) > 0)
            #expect((value("dispatch_outbox_oldest_pending_age_seconds", ["handler": "push"]) ?? 0) > 0)
            #expect(value("dispatch_outbox_events_last_minute", ["table_name": "properties"]) == 4)
            #expect(value("dispatch_outbox_events_last_minute", ["table_name": "tasks"]) != nil, "every recorded table has a series")

            // The two notifications have no sender: within every budget, pushed on their own.
            #expect(value("dispatch_notification_pushes_summaries", [:]) == 0)
            #expect(value("dispatch_notification_pushes_collapsed", [:]) == 0)
            #expect(value("dispatch_sync_deletions_retained", ["table_name": "tasks"]) == 2)
            #expect(value("dispatch_sync_deletions_retained", ["table_name": "watchlist_entries"]) == 1)
            #expect(value("dispatch_sync_deletions_retained", ["table_name": "notes"]) == 0)
            #expect((value("dispatch_sync_deletions_oldest_age_seconds", ["table_name": "tasks"]) ?? 0) > 0)
            #expect(value("dispatch_sync_deletions_oldest_age_seconds", ["table_name": "notes"]) == 0)
            #expect(value("dispatch_tombstones_retained", ["table_name": "watchlist_entries"]) == 1)
            #expect(value("dispatch_tombstones_retained", ["table_name": "watchlists"]) == 0)
            #expect((value("dispatch_tombstones_oldest_age_seconds", ["table_name": "watchlist_entries"]) ?? 0) > 0)
        }
        await admin.close()
        await db.drop()
    }
}
