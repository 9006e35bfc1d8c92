#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Postgres

/// `make bench`: every figure is a ratio to a baseline measured in the same run, since
/// these machines are noisy. Each benchmark file adds itself to `benchmarks` below.
let benchmarks: [(name: String, run: @Sendable (BenchContext) async throws -> Void)] = [
    ("foundation", foundationBenchmarks),
    ("audit", auditBenchmarks),
    ("spatialsync", spatialSyncBenchmarks),
    ("sync", syncBenchmarks),
    ("live", liveBenchmarks),
    ("offline", offlineBenchmarks),
    ("notifications", notificationBenchmarks),
    ("worker", workerBenchmarks),
    ("replica", replicaBenchmarks),
    ("journal", journalBenchmarks),
    ("isolation", isolationBenchmarks),
    ("capacity", capacityBenchmarks),
]
/// Parts of a group above, run only when named (`make bench GROUP=handlers`): a quicker
/// measure of one figure while working on it.
let partsByName: [(name: String, run: @Sendable (BenchContext) async throws -> Void)] = [
    ("handlers", handlersPart),
    ("writes", writesPart),
    ("fanin", isolationFanIn),
]

// `bench <group>` runs one group only (e.g. `make bench GROUP=journal`); `bench a,b` those
// groups, in the order of the list above (to see what one group leaves to the next).
// Each group gets a freshly migrated database of its own: what one group leaves behind
// (a million audit rows, a notification backlog) must not weigh on the next one's figures.
// Line by line even into a file or a pipe: a long run shows its figures as they come.
setvbuf(stdout, nil, _IOLBF, 0)
let only = CommandLine.arguments.dropFirst().first.map { Set($0.split(separator: ",").map(String.init)) }
for (name, run) in benchmarks + partsByName.filter({ only?.contains($0.name) ?? false }) where only?.contains(name) ?? true {
    print("\n== \(name)")
    let context = try await BenchContext.make(name)
    do {
        try await run(context)
    } catch {
        print("  FAILED: \(error)")
    }
    try await context.dropDatabase()
}
