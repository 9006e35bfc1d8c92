import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// What one user aims at another must not cost her: beside 20,000 of Bo's lists shared with
/// Ada, 20,000 notes on her open items and 1,000 open items of his, each of her reads
/// (HostileCostTests' read paths) costs at most 1.5 times what it costs without them, and where
/// her answer holds what was aimed at her (she sees open items and the notes on her items),
/// per unit of the answer. The rows aimed at her come from the manifest alone
/// (hostile.aim: key columns a writer fills freely, children of her open rows, rows every
/// user sees). 20,000 notes rather than 100,000: a read that follows them costs 20 times as
/// much already, and the template builds in a fraction of the time.
@Suite struct HostileFanInTests {
    @Test func adasReadsCostTheSameBesideWhatBoAimsAtHer() async throws {
        try await HostileCostTests.onACluster { cluster in
            let base = try await HostileCostTests.reads(in: cluster) { try await Hostile.buildUsers(bulk: 1_000, on: $0) }
            let aimed = try await HostileCostTests.reads(in: cluster) {
                try await Hostile.buildUsers(bulk: 1_000, on: $0)
                try await Hostile.buildAimed(keys: 20_000, children: 20_000, open: 1_000, on: $0)
            }
            HostileCostTests.compare(base, aimed, beside: "20,000 shares, 20,000 notes on her items and 1,000 open items aimed at her")
        }
    }
}
