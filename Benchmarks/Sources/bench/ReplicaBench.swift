import DispatchServer
import Foundation
import Postgres
import TestSupport

/// `sync_pull` from a streaming hot standby against the same pull from its primary: a
/// private primary and its standby (the tests' harness), 100,000 watchlist entries, pulled
/// as their owner in pages of 1000 through SyncService, best of three on each, interleaved.
@Sendable func replicaBenchmarks(_ context: BenchContext) async throws {
    try await PrivateCluster.withStandby { primary, standby in
        try await compareSyncPull(primary: primary, standby: standby)
    }
}

private func compareSyncPull(primary: PrivateCluster, standby: PrivateCluster) async throws {
    let admin = try await PostgresConnection.connect(primary.url)
    let user = try await benchWatcher(admin)
    let entries = 100_000
    try await loadWatchlistEntries(admin, owner: user, count: entries)
    await admin.close()
    try await standby.waitForReplay(of: primary, timeout: .seconds(120))

    var best: [String: Double] = [:]
    var pulled: [String: Int] = [:]
    let servers = [("primary", primary.url), ("standby", standby.url)]
    var services: [String: SyncService] = [:]
    for (name, url) in servers {
        services[name] = SyncService(connection: try await PostgresConnection.connect(url), user: user)
        _ = try await services[name]!.pull(table: .watchlistEntries, limit: 1000)  // warm up
    }
    for _ in 0..<3 {
        for (name, _) in servers {
            var rows = 0
            let seconds = try await BenchContext.time {
                try await services[name]!.pullAll(table: .watchlistEntries, limit: 1000) { rows += $0.records.count }
            }
            if seconds < best[name, default: .infinity] { (best[name], pulled[name]) = (seconds, rows) }
        }
    }
    let onPrimary = Double(pulled["primary"] ?? 0) / (best["primary"] ?? 1)
    let onStandby = Double(pulled["standby"] ?? 0) / (best["standby"] ?? 1)
    BenchContext.report(
        "sync_pull of \(entries) watchlist entries from a hot standby vs its primary (pages of 1000, best of 3)",
        String(format: "standby %.0f rows/s vs primary %.0f rows/s = %.2f×", onStandby, onPrimary, onStandby / onPrimary),
        goal: "≥ 0.8× and every row", met: onStandby / onPrimary >= 0.8 && pulled["standby"] == entries && pulled["primary"] == entries)
}
