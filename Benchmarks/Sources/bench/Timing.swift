/// p50/p99 (ms) of `calls` runs of `body` after 20 unmeasured ones.
func timed(_ calls: Int, _ body: () async throws -> Void) async throws -> (p50: Double, p99: Double) {
    var samples: [Double] = []
    for i in 0..<(calls + 20) {
        let elapsed = try await BenchContext.time(body)
        if i >= 20 { samples.append(elapsed) }
    }
    return BenchContext.percentiles(samples)
}

/// `body` timed on each of `sides` in 3 rounds of 100 calls (`timed`), the sides taking
/// turns and the first of them changing from round to round; each side's best round
/// (lowest p50), in the order of `sides`. For figures that compare two databases: the
/// machine's speed, which moves by up to a factor of two within minutes here, weighs on
/// every side alike (groups sync, live and isolation).
func alternating<Side>(_ sides: [Side], _ body: (Side) async throws -> Void) async throws -> [(p50: Double, p99: Double)] {
    var results = [[(p50: Double, p99: Double)]](repeating: [], count: sides.count)
    for round in 0..<alternation.rounds {
        for turn in sides.indices {
            let i = (turn + round) % sides.count
            results[i].append(try await timed(alternation.calls) { try await body(sides[i]) })
        }
    }
    return results.map { $0.min { $0.p50 < $1.p50 }! }
}

private let alternation = (rounds: 3, calls: 100)

/// How `alternating` timed a figure, for its line of the report.
let alternatingRounds = "\(alternation.rounds) alternating rounds × \(alternation.calls) calls, best of each"
