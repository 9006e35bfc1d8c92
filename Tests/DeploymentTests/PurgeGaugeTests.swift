import Foundation
import Postgres
import TestSupport
import Testing

/// The purge gauges (private.sync_deletions_awaiting_purge, private.tombstones_awaiting_purge):
/// what they list, an exact count while small, the statistics' estimate once large.
@Suite("purge gauges")
struct PurgeGaugeTests {
    struct Gauge: Equatable {
        var rows: Int
        var estimated: Bool
        var oldestAge: Double
    }

    static func gauges(_ connection: PostgresConnection, _ view: String, _ column: String) async throws -> [String: Gauge] {
        Dictionary(uniqueKeysWithValues: try await connection.query(PostgresQuery(
            sql: "select table_name, \(column)::int, estimated, oldest_age_seconds from private.\(view)", binds: [])).map {
            (try $0.decode(0, as: String.self),
             Gauge(rows: try $0.decode(1, as: Int.self), estimated: try $0.decode(2, as: Bool.self), oldestAge: try $0.decode(3, as: Double.self)))
        })
    }

    @Test("one row per synced table and per table with tombstones, whatever the tables hold")
    func theTablesListed() async throws {
        let (db, admin) = try await TestDatabase.createWithAdmin()
        let synced = try await admin.query("select unnest(private.sync_tables())").map { try $0.decode(0, as: String.self) }
        let deletions = try await Self.gauges(admin, "sync_deletions_awaiting_purge", "deletions")
        #expect(Set(deletions.keys) == Set(synced))
        #expect(deletions.values.allSatisfy { $0 == Gauge(rows: 0, estimated: false, oldestAge: 0) })
        // Every table whose deleted_at is a tombstone (stamped by private.stamp_deleted_at).
        let tombstoned = try await admin.query("""
            select c.relname::text from pg_trigger t join pg_class c on c.oid = t.tgrelid
             where t.tgfoid = 'private.stamp_deleted_at()'::regprocedure
            """).map { try $0.decode(0, as: String.self) }
        let tombstones = try await Self.gauges(admin, "tombstones_awaiting_purge", "tombstones")
        #expect(Set(tombstones.keys) == Set(tombstoned))
        #expect(tombstones.values.allSatisfy { $0 == Gauge(rows: 0, estimated: false, oldestAge: 0) })
        await admin.close()
        await db.drop()
    }

    @Test("under 10,000 an exact count; above, the statistics' estimate; the oldest always exact")
    func exactThenEstimated() async throws {
        let (db, admin) = try await TestDatabase.createWithAdmin()
        let alice = try await DeploymentData.user(admin, "Alice")
        // The first gauges are read before any statistics exist: autovacuum, which would
        // analyze 36,000 new rows at a moment of its choosing, is off for these two tables of
        // this test's own database (the ANALYZE below is explicit).
        try await admin.runScript("alter table public.sync_deletions set (autovacuum_enabled = false); "
                                  + "alter table public.watchlists set (autovacuum_enabled = false)")
        // Written with the triggers off (session_replication_role), for speed: 12,000
        // deletions of tasks an hour old, each logged under three scope keys (36,000 log
        // rows: a deletion is counted once), and 3 two days old of listings; 12,000
        // watchlist tombstones, the oldest a day old, and 5 live watchlists.
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.sync_deletions (table_name, record_id, kind, key, deleted_at)
            select 'tasks', r.id, k.kind, case when k.kind = 'everyone' then private.everyone_key() else gen_random_uuid() end,
                   now() - interval '1 hour'
              from (select gen_random_uuid() as id from generate_series(1, 12000)) r
             cross join (values ('user'), ('listing'), ('everyone')) k (kind);
            insert into public.sync_deletions (table_name, record_id, kind, key, deleted_at)
            select 'listings', gen_random_uuid(), 'user', gen_random_uuid(), now() - interval '2 days' from generate_series(1, 3);
            """)
        try await admin.query("""
            insert into public.watchlists (owner_id, title, deleted_at)
            select \(alice), 'gone ' || g, now() - interval '1 day' + g * interval '1 second' from generate_series(1, 12000) g
            """)
        try await admin.query("insert into public.watchlists (owner_id, title) select \(alice), 'kept ' || g from generate_series(1, 5) g")
        try await admin.runScript("reset session_replication_role")
        let before = try await Self.gauges(admin, "sync_deletions_awaiting_purge", "deletions")
        #expect(before["tasks"]?.rows == 12000 && before["tasks"]?.estimated == false, "never analyzed: counted")
        #expect(before["listings"]?.rows == 3)

        // This connection's write counts reach the shared statistics before ANALYZE sets them.
        try await admin.query("select pg_stat_force_next_flush()")
        try await admin.query("select 1")
        try await admin.runScript("analyze public.sync_deletions; analyze public.watchlists")

        let deletions = try await Self.gauges(admin, "sync_deletions_awaiting_purge", "deletions")
        let tasks = try #require(deletions["tasks"])
        #expect(tasks.estimated && abs(tasks.rows - 12000) <= 120, "\(tasks)")
        #expect((3599..<3700).contains(tasks.oldestAge), "\(tasks)")
        #expect(deletions["listings"] == Gauge(rows: 3, estimated: false, oldestAge: deletions["listings"]?.oldestAge ?? 0))
        #expect((172_799..<172_900).contains(deletions["listings"]?.oldestAge ?? 0))
        #expect(deletions["notes"] == Gauge(rows: 0, estimated: false, oldestAge: 0))

        let tombstones = try await Self.gauges(admin, "tombstones_awaiting_purge", "tombstones")
        let watchlists = try #require(tombstones["watchlists"])
        #expect(watchlists.estimated && abs(watchlists.rows - 12000) <= 120, "\(watchlists)")
        #expect((86_398..<86_500).contains(watchlists.oldestAge), "\(watchlists)")
        #expect(tombstones["watchlist_entries"] == Gauge(rows: 0, estimated: false, oldestAge: 0))
        await admin.close()
        await db.drop()
    }
}
