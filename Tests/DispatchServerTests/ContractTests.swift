import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Rules that two places must agree on, each stated once and checked here: the BEFORE
/// trigger order the stamping, sync and audit triggers rely on, the doorbell channel, and
/// the retry schedule (Swift and SQL).
@Suite struct ContractTests {
    let db: TestDatabase
    let connection: PostgresConnection

    init() async throws {
        db = try await TestDatabase.create()
        connection = try await db.connect()
    }

    /// The role of a BEFORE ROW trigger function in the order. Postgres fires a table's
    /// triggers of one event in name order, so names decide it: a row is first shaped
    /// (derived columns, `deleted_at`, parent checks), then stamped (`updated_at`, a
    /// `row_version` bumped only by a real change), then marked with the writing transaction
    /// (its WHEN reads the bumped `row_version`), and only then snapshotted by the audit
    /// trigger, which must see the row exactly as stored.
    enum Phase: Int, Comparable {
        case shape, stamp, syncMark, audit

        init(function: String) {
            switch function {
            case "private.stamp_row": self = .stamp
            case "private.stamp_sync_xid": self = .syncMark
            case "audit.log_changes": self = .audit
            default: self = .shape
            }
        }

        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    @Test func beforeTriggersFireShapeThenStampThenSyncMarkThenAudit() async throws {
        // tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update.
        let rows = try await connection.query("""
            select c.relname::text, t.tgname::text, t.tgtype::int, p.pronamespace::regnamespace::text || '.' || p.proname
              from pg_catalog.pg_trigger t
              join pg_catalog.pg_class c on c.oid = t.tgrelid
              join pg_catalog.pg_proc p on p.oid = t.tgfoid
             where not t.tgisinternal and t.tgtype & 3 = 3 and c.relnamespace = 'public'::regnamespace
             order by c.relname, t.tgname collate "C"
            """)
        var triggers: [String: [(name: String, type: Int, phase: Phase)]] = [:]
        for row in rows {
            triggers[try row.decode(0, as: String.self), default: []].append(
                (try row.decode(1, as: String.self), try row.decode(2, as: Int.self), Phase(function: try row.decode(3, as: String.self))))
        }
        let audited = Set(triggers.filter { $0.value.contains { $0.phase == .audit } }.keys)
        let synced = Set(triggers.filter { $0.value.contains { $0.phase == .syncMark } }.keys)
        #expect(audited == Set(AuditableEntity.allCases.map(\.tableName)))
        #expect(synced == Set(SyncTable.allCases.map(\.rawValue)))

        for (table, list) in triggers.sorted(by: { $0.key < $1.key }) {
            for (event, bit) in [("insert", 4), ("update", 16), ("delete", 8)] {
                let firing = list.filter { $0.type & bit != 0 }
                let phases = firing.map(\.phase)
                #expect(phases == phases.sorted(), "\(table) \(event) fires \(firing.map { "\($0.name) (\($0.phase))" })")
            }
        }
    }

    @Test func swiftListensOnTheChannelTheOutboxRings() async throws {
        #expect(try await connection.query("select outbox.doorbell_channel()").scalar(String.self) == Doorbell.channel)
        // And the trigger rings it: a committed insert arrives on that channel.
        let user = try await WatchlistFixtures.user(connection, "Ringer")
        let listener = try await db.connect()
        let rang = try await listener.listen(on: Doorbell.channel) { notifications -> String? in
            _ = try await WatchlistFixtures.watchlist(connection, owner: user, title: "Doorbell")
            for try await notification in notifications { return notification.channel }
            return nil
        }
        #expect(rang == Doorbell.channel)
        await listener.close()
    }

    @Test func retryPolicyWaitsWhatOutboxRetryDelaySays() async throws {
        let sql = try await connection.query(
            "select extract(epoch from outbox.retry_delay(n))::float8 from generate_series(1, 10) n order by n"
        ).map { try $0.decode(0, as: Double.self) }
        let swift = (1...10).map { attempt -> Double in
            let delay = RetryPolicy.default.delay(afterAttempt: attempt)
            return Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        }
        #expect(sql == swift)
        #expect(swift == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60])
    }
}
