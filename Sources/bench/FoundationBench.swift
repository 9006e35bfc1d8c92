import Foundation
import Postgres

/// The client's round trips against pgbench's, and batch inserts.
@Sendable func foundationBenchmarks(_ context: BenchContext) async throws {
    let pgbench = "/usr/lib/postgresql/15/bin/pgbench"
    _ = try shell(pgbench, ["-i", "-q", "-s", "1", context.cliConninfo])
    let seconds = 4
    var pgbenchTPS: [Double] = []
    var clientTPS: [Double] = []
    for _ in 0..<2 {
        // -t, not -T: pgbench's timer is a SIGALRM, which a child of this process may have blocked.
        let output = try shell(pgbench, ["-S", "-M", "prepared", "-c", "1", "-t", "60000", "-n", context.cliConninfo])
        if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("tps = ") }),
           let tps = Double(line.dropFirst(6).prefix { $0 != " " }) {
            pgbenchTPS.append(tps)
        }
        let connection = try await context.connect()
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
        clientTPS.append(Double(count) / Double(seconds))
        await connection.close()
    }
    let client = clientTPS.max() ?? 0
    let baseline = pgbenchTPS.max() ?? 1
    BenchContext.report(
        "prepared single-row select, one connection",
        String(format: "%.0f round trips/s vs pgbench -S -M prepared -c 1 %.0f/s = %.2f×", client, baseline, client / baseline),
        goal: "≥ 0.9×", met: client / baseline >= 0.9)

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
