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

/// `body` on each of `sides` call after call (one call of each in turn, the first side
/// changing every turn), `calls` calls each after 20 unmeasured turns: each side's p50 and
/// p99, in the order of `sides`. For two statements on one connection whose ratio is the
/// figure: a burst of other work on these cores lands on both sides alike, where rounds of
/// 100 calls (`alternating`) can hand it to one side whole (a page against its floor query
/// measured 1.10× on a quiet run and 1.67× under load that way).
func interleaved<Side>(_ sides: [Side], calls: Int, _ body: (Side) async throws -> Void) async throws -> [(p50: Double, p99: Double)] {
    var samples = [[Double]](repeating: [], count: sides.count)
    for turn in 0..<(calls + 20) {
        for step in sides.indices {
            let i = (step + turn) % sides.count
            let elapsed = try await BenchContext.time { try await body(sides[i]) }
            if turn >= 20 { samples[i].append(elapsed) }
        }
    }
    return samples.map(BenchContext.percentiles)
}
