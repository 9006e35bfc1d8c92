import Foundation
import Postgres

/// The client's round trips against pgbench's, and batch inserts.
@Sendable func foundationBenchmarks(_ context: BenchContext) async throws {
    let pgbench = "/usr/lib/postgresql/15/bin/pgbench"
    _ = try shell(pgbench, ["-i", "-q", "-s", "1", context.cliConninfo])
    let seconds = 3
    var pgbenchTPS: [Double] = []
    var pgbenchExtendedTPS: [Double] = []
    var clientTPS: [Double] = []
    var awaitedTPS: [Double] = []
    var unnamedTPS: [Double] = []
    // The same statement sent the pooler-safe way: a URL that declares a transaction pooler
    // (pgbouncer=true) makes `prepared: true` send the unnamed statement, parsed every time.
    // Straight to the server here, so the figure is the statement's cost, not a pooler's.
    let pooled = try await PostgresConnection.connect(context.declaredPooledConninfo)
    // Each figure next to its baseline in time, three rounds, the best of each: other work
    // shares these cores.
    for _ in 0..<3 {
        pgbenchTPS += try pgbenchSelect(pgbench, context, mode: "prepared", transactions: 50000)
        let connection = try await context.connect()
        clientTPS.append(try await roundTrips(connection, seconds: seconds))
        awaitedTPS.append(try await awaitedRoundTrips(connection, seconds: seconds))
        await connection.close()
        pgbenchExtendedTPS += try pgbenchSelect(pgbench, context, mode: "extended", transactions: 20000)
        unnamedTPS.append(try await roundTrips(pooled, seconds: seconds))
    }
    await pooled.close()
    let client = clientTPS.max() ?? 0
    let baseline = pgbenchTPS.max() ?? 1
    BenchContext.report(
        "prepared single-row select, one connection",
        String(format: "%.0f round trips/s vs pgbench -S -M prepared -c 1 %.0f/s = %.2f×", client, baseline, client / baseline),
        goal: "≥ 0.9×", met: client / baseline >= 0.9)
    // What most callers write: `try await connection.query(…)` from their own task, two
    // thread hops per statement (to the connection's thread and back).
    let awaited = awaitedTPS.max() ?? 0
    BenchContext.report(
        "the same select, each one awaited from a task of its own (await query)",
        String(format: "%.0f round trips/s vs pgbench -S -M prepared -c 1 %.0f/s = %.2f×; %@",
               awaited, baseline, awaited / baseline, asyncpgRoundTrips(context, seconds: seconds, baseline: baseline)),
        goal: "≥ 0.9×", met: awaited / baseline >= 0.9)
    // Parsed and planned every time: Postgres's own price for that is pgbench's extended
    // protocol against its prepared one.
    let unnamed = unnamedTPS.max() ?? 0
    let extended = pgbenchExtendedTPS.max() ?? 1
    BenchContext.report(
        "the same select as the unnamed statement (pooler-safe, pgbouncer=true)",
        String(format: "%.0f round trips/s = %.2f× our prepared; vs pgbench -S -M extended -c 1 %.0f/s = %.2f× (pgbench's own extended/prepared: %.2f×)",
               unnamed, unnamed / client, extended, unnamed / extended, extended / baseline),
        goal: "≥ 0.9× pgbench extended", met: unnamed / extended >= 0.9)

    let connection = try await context.connect()
    try await connection.runScript("create table bench_inserts (id int, title text, at timestamptz default now())")
    let rows = 10_000
    let oneByOne = try await BenchContext.time {
        try await connection.withIsolation { conn in
            for i in 0..<rows { try conn.query("insert into bench_inserts (id, title) values (\(i), \("row \(i)"))", prepared: true) }
        }
    }
    let pipelined = try await BenchContext.time {
        let queries: [PostgresQuery] = (0..<rows).map { "insert into bench_inserts (id, title) values (\($0), \("row \($0)"))" }
        _ = try await connection.pipeline(queries, prepared: true)
    }
    let copied = try await BenchContext.time {
        try await connection.copyIn("copy bench_inserts (id, title) from stdin") { writer in
            for i in 0..<rows { writer.append([i, "row \(i)"]) }
        }
    }
    let best = min(pipelined, copied)
    BenchContext.report(
        "10,000 inserts",
        String(format: "one-by-one %.0f ms, pipelined %.0f ms (%.1f×), COPY %.0f ms (%.1f×)",
               oneByOne * 1000, pipelined * 1000, oneByOne / pipelined, copied * 1000, oneByOne / copied),
        goal: "pipeline or COPY ≥ 10× one-by-one", met: oneByOne / best >= 10)
    await connection.close()
}

/// `pgbench -S` on one connection in `mode` (prepared, extended): its tps, if it printed one.
private func pgbenchSelect(_ pgbench: String, _ context: BenchContext, mode: String, transactions: Int) throws -> [Double] {
    // -t, not -T: pgbench's timer is a SIGALRM, which a child of this process may have blocked.
    let output = try shell(pgbench, ["-S", "-M", mode, "-c", "1", "-t", "\(transactions)", "-n", context.cliConninfo])
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("tps = ") }),
          let tps = Double(line.dropFirst(6).prefix { $0 != " " }) else { return [] }
    return [tps]
}

/// Single-row selects by primary key with `prepared: true`, one after another for `seconds`.
private func roundTrips(_ connection: PostgresConnection, seconds: Int) async throws -> Double {
    let count = try await connection.withIsolation { conn in
        var count = 0
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            for _ in 0..<100 {
                let aid = Int.random(in: 1...100_000)
                _ = try conn.query("select abalance from pgbench_accounts where aid = \(aid)", prepared: true)
            }
            count += 100
        }
        return count
    }
    return Double(count) / Double(seconds)
}

/// The same statements as `roundTrips`, each awaited from outside the connection's isolation.
private func awaitedRoundTrips(_ connection: PostgresConnection, seconds: Int) async throws -> Double {
    var count = 0
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        for _ in 0..<100 {
            let aid = Int.random(in: 1...100_000)
            _ = try await connection.query("select abalance from pgbench_accounts where aid = \(aid)", prepared: true)
        }
        count += 100
    }
    return Double(count) / Double(seconds)
}

/// asyncpg's figure for the same loop, when a Python with asyncpg is at hand (the system's or
/// the bench's virtual environment): never installed for this.
private func asyncpgRoundTrips(_ context: BenchContext, seconds: Int, baseline: Double) -> String {
    let venv = FileManager.default.currentDirectoryPath + "/Benchmarks/.build/bench-venv/bin/python"
    let script = FileManager.default.currentDirectoryPath + "/Benchmarks/scripts/asyncpg_round_trips.py"
    for python in [venv, "/usr/bin/python3"] where FileManager.default.isExecutableFile(atPath: python) {
        guard let output = try? shell(python, [script, context.cliConninfo, "\(seconds)"]),
              let rate = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
        return String(format: "asyncpg %.0f/s = %.2f×", rate, rate / baseline)
    }
    return "asyncpg: not installed"
}

/// Runs a program and returns its standard output; throws on a non-zero exit.
func shell(_ path: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PostgresError(.client, "\(path) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}
