import Foundation
import Postgres

/// One burn-down: dispatch-worker processes (the release build next to `bench`) draining the
/// backlog of some handlers, timed from the first claim (a handler's cursor moves) to the
/// moment every cursor has read the whole log and no batch or retry is left.
struct BurnDown {
    var seconds: Double
    var startup: Double
    var peakMemoryKB: [Int]
    /// events/s in each window of `window` events read by the first handler (the last,
    /// shorter window left out unless it is the only one).
    var windowRates: [Double]

    /// "r1 r2 … /s (slowest/fastest 0.93; last three ÷ first three 1.01)": the second ratio
    /// tells a trend (a cost growing with the backlog) from the machine's noise.
    var windowSummary: String {
        guard let slow = windowRates.min(), let fast = windowRates.max(), fast > 0 else { return "no window" }
        let rates = windowRates.map { String(format: "%.0f", $0) }.joined(separator: " ")
        var text = String(format: "%@ /s (slowest/fastest %.2f", rates, slow / fast)
        if windowRates.count >= 6 {
            let first = windowRates.prefix(3).reduce(0, +), last = windowRates.suffix(3).reduce(0, +)
            text += String(format: "; last three ÷ first three %.2f", last / first)
        }
        return text + ")"
    }
    var windowRatio: Double {
        guard let slow = windowRates.min(), let fast = windowRates.max(), fast > 0 else { return 0 }
        return slow / fast
    }
}

/// Where a worker process connects: its `--database-url`, and `--database-direct-url` if any.
struct Endpoint {
    var url: String
    var direct: String?
}

/// Starts `workers` processes of `executable` (`dispatch-worker`, or its test build
/// `dispatch-worker-testing` for the no-op handler: the same engine) with `arguments` and
/// waits until `handlers` have drained the log; the first handler's cursor gives the
/// per-window rates.
func burnDown(
    _ connection: PostgresConnection, _ endpoint: Endpoint, executable: String,
    handlers: [String], workers: Int, arguments: [String], window: Int = 100_000, timeout: Duration = .seconds(600)
) async throws -> BurnDown {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(executable).path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw PostgresError(.client, "\(binary) is missing: make bench builds it")
    }
    let first = handlers[0]
    let start = try await connection.query(
        "select last_event_id from outbox.cursors where handler = \(first)").scalar(Int64.self)
    let spawned = ContinuousClock.now
    var processes: [Process] = []
    for i in 0..<workers {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--database-url", endpoint.url, "--log-batches", "false", "--stats-interval", "0",
                             "--maintenance-interval", "0", "--worker-id", "bench-\(i)"]
            + (endpoint.direct.map { ["--database-direct-url", $0] } ?? []) + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
    }
    var peaks = [Int](repeating: 0, count: workers)
    var firstClaim: ContinuousClock.Instant?
    var boundaries: [ContinuousClock.Instant] = []
    var lastPosition: Int64 = 0
    let deadline = spawned + timeout
    while ContinuousClock.now < deadline {
        let row = try await connection.query("""
            select (select last_event_id from outbox.cursors where handler = \(first)),
                   (select coalesce(min(c.last_event_id), 0) from outbox.cursors c where c.handler = any (\(handlers)::text[]))
                     >= (select coalesce(max(e.id), 0) from outbox.events e),
                   not exists (select from outbox.batches b where b.handler = any (\(handlers)::text[]) and b.state <> 'free')
                   and not exists (select from outbox.retries r where r.handler = any (\(handlers)::text[]) and r.state <> 'dead')
            """, prepared: true)[0]
        let position = try row.decode(0, as: Int64.self) - start
        let read = try row.decode(1, as: Bool.self)
        let drained = try read && row.decode(2, as: Bool.self)
        let now = ContinuousClock.now
        if firstClaim == nil, position > 0 { firstClaim = now }
        while position >= Int64(window) * Int64(boundaries.count + 1) { boundaries.append(now) }
        lastPosition = position
        for (i, process) in processes.enumerated() { peaks[i] = max(peaks[i], processStatusKB("VmHWM", of: process.processIdentifier)) }
        if drained, position > 0 { break }
        // Every 5 ms until the first claim and once every handler has read the whole log (the
        // start and the end timed closely), every 20 ms in between: this watch is a query and
        // a read of /proc on the 2 cores the worker and the server share, and every 5 ms it
        // took about a tenth of one, which the peer (pgqueuer, timing itself) never pays.
        try await Task.sleep(for: .milliseconds(firstClaim == nil || read ? 5 : 20))
    }
    let finished = ContinuousClock.now
    for (i, process) in processes.enumerated() { peaks[i] = max(peaks[i], processStatusKB("VmHWM", of: process.processIdentifier)) }
    for process in processes { process.terminate() }
    for process in processes { process.waitUntilExit() }
    guard finished < deadline else { throw PostgresError(.client, "the burn-down did not finish in \(timeout)") }
    let began = firstClaim ?? spawned
    var rates: [Double] = []
    var previous = began
    for boundary in boundaries {
        rates.append(Double(window) / max(seconds(boundary - previous), 1e-6))
        previous = boundary
    }
    if rates.isEmpty { rates = [Double(lastPosition) / max(seconds(finished - began), 1e-6)] }
    return BurnDown(seconds: seconds(finished - began), startup: seconds(began - spawned), peakMemoryKB: peaks, windowRates: rates)
}

/// A figure of /proc/<pid>/status in kB (VmHWM: peak resident set; VmRSS; RssAnon: private
/// resident memory) of process `pid` (nil: this one), 0 when unknown.
func processStatusKB(_ field: String, of pid: Int32? = nil) -> Int {
    let path = "/proc/\(pid.map(String.init) ?? "self")/status"
    guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
