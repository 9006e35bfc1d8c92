import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Worker

/// The worker.
///
/// (a) commit → handler start on an idle system: 250 single-row commits 20 ms apart, each
///     timed from the moment its commit is acknowledged to the moment the handler (in an
///     engine in this process, default settings, woken by the doorbell) starts on it.
///     p50 < 2 ms, p99 < 10 ms.
/// (b) burn-down of 20,000 pending events with a no-op handler by one worker process (the
///     tests' build, which has that handler; goal ≥ 20,000 events/s: 1.5 × what pgqueuer
///     drains here), then by two;
/// (c) 20,000 claims through the real notification and push handlers (each claim becomes a
///     notification row and a push to a file), one process: ≥ 5,000 claims/s;
/// (d) the worker process's resident memory (VmHWM from /proc) under (b) and (c): < 64 MB;
/// (e) (b) with one process and (c) again through PgBouncer in transaction mode (started
///     here, 4 server connections; the doorbell on a direct URL), as ratios to direct.
/// Rates are timed from the worker's first claim to the empty queue (process start-up is
/// reported apart). The worker runs as a child process, release build, next to `bench`.
@Sendable func workerBenchmarks(_ context: BenchContext) async throws {
    let connection = try await context.connect()
    let alice = UUID(), bob = UUID()
    for (id, name) in [(alice, "Alice Bench"), (bob, "Bob Bench")] {
        try await connection.query("insert into auth.users (id) values (\(id))")
        try await connection.query("insert into public.users (id, name) values (\(id), \(name))")
    }
    // Keep the real handlers out of (a) and (b): no table of theirs.
    let saved = try await connection.query("select name, tables from outbox.handlers where name in ('notifications', 'push')")
        .map { (try $0.decode(0, as: String.self), try $0.decode(1, as: [String].self)) }
    try await connection.query("update outbox.handlers set tables = '{}' where name in ('notifications', 'push')")

    try await commitToHandlerLatency(context, connection, declarer: alice)

    try await connection.query("""
        insert into public.tasks (title, description, declared_by)
        select 'Bench task ' || g, 'Call the seller about the open house', \(alice) from generate_series(1, 20000) g
        """)
    // Those inserts are events no handler wants: let a claim walk past them first, so the
    // runs below time the 20,000 events that are pending and nothing else.
    try await skipPendingEvents(connection)
    let bouncer = try await PgBouncer.start(inFrontOf: connection, poolSize: 4)
    do {
        try await burnDowns(context, connection, bouncer: bouncer, saved: saved, bob: bob)
    } catch {
        await bouncer.stop()
        throw error
    }
    await bouncer.stop()
    await connection.close()
}

/// (b) to (e), direct and through `bouncer`.
private func burnDowns(
    _ context: BenchContext, _ connection: PostgresConnection, bouncer: PgBouncer, saved: [(String, [String])], bob: UUID
) async throws {
    let direct = Endpoint(url: context.cliConninfo, direct: nil)
    let pooled = Endpoint(url: bouncer.url(database: context.database), direct: context.cliConninfo)

    try await connection.query("select outbox.register_handler('bench-noop', '{tasks}', '{update}', 5)")
    var memory: [Int] = []
    var noopRates: [String: Double] = [:]
    for (label, workers, endpoint) in [("direct", 1, direct), ("direct", 2, direct), ("through PgBouncer", 1, pooled)] {
        try await connection.query(
            "update public.tasks set priority = case priority when 'low' then 'medium' else 'low' end where title like 'Bench task %'")
        let run = try await burnDown(connection, endpoint, executable: "dispatch-worker-testing", workers: workers,
                                     handlerArguments: ["--handlers", "bench-noop=noop"],
                                     done: "select count(*)::int from outbox.deliveries where handler = 'bench-noop'")
        memory += run.peakMemoryKB
        let rate = Double(20_000) / run.seconds
        if workers == 1 { noopRates[label] = rate }
        if endpoint.direct == nil {
            BenchContext.report(
                "no-op burn-down of 20,000 events, \(workers) worker process\(workers == 1 ? "" : "es") (2 loops each)",
                String(format: "%.0f events/s (%.2f s; start-up %.0f ms) = %.2f × pgqueuer's ~13,000/s", rate, run.seconds, run.startup * 1000, rate / 13_000),
                goal: workers == 1 ? "≥ 20,000/s" : "more than one worker", met: workers == 1 ? rate >= 20_000 : true)
        } else {
            let ratio = rate / (noopRates["direct"] ?? rate)
            BenchContext.report(
                "no-op burn-down of 20,000 events, 1 worker through PgBouncer (transaction mode)",
                String(format: "%.0f events/s (%.2f s) vs direct %.0f/s = %.2f×", rate, run.seconds, noopRates["direct"] ?? 0, ratio),
                goal: "≥ 0.7× direct", met: ratio >= 0.7)
        }
    }
    try await connection.query("select outbox.unregister_handler('bench-noop')")

    // (c): the real handlers, a push per notification to a file: direct, then through the
    // pooler on 20,000 new claims (the tasks released in between, with no handler watching).
    var claimRates: [String: Double] = [:]
    for (label, endpoint) in [("direct", direct), ("through PgBouncer", pooled)] {
        try await connection.query("update outbox.handlers set tables = '{}' where name in ('notifications', 'push')")
        try await connection.query("update public.tasks set claimed_by = null where title like 'Bench task %' and claimed_by is not null")
        try await connection.query("delete from public.notifications")
        try await skipPendingEvents(connection)
        for (name, tables) in saved {
            try await connection.query("update outbox.handlers set tables = \(tables)::text[] where name = \(name)")
        }
        try await connection.transaction { connection in
            try connection.query("select set_config('request.jwt.claims', \(Caller.user(bob).claims), true)")
            try connection.query("update public.tasks set claimed_by = \(bob) where title like 'Bench task %'")
        }
        let pushes = NSTemporaryDirectory() + "bench-pushes-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: pushes) }
        let real = try await burnDown(connection, endpoint, executable: "dispatch-worker", workers: 1,
                                      handlerArguments: ["--push-sink", "file:" + pushes],
                                      done: "select count(*)::int from outbox.deliveries")
        memory += real.peakMemoryKB
        let notifications = try await connection.query("select count(*)::int from public.notifications where type = 'task_claimed'").scalar(Int.self)
        let pushed = (try? String(contentsOfFile: pushes, encoding: .utf8))?.split(separator: "\n").count ?? 0
        let rate = Double(20_000) / real.seconds
        claimRates[label] = rate
        let complete = notifications == 20_000 && pushed == 20_000
        if endpoint.direct == nil {
            BenchContext.report(
                "20,000 claims through the notification + push handlers, 1 worker",
                String(format: "%.0f claims/s (%.2f s; %d notifications, %d pushes; %.0f deliveries/s)",
                       rate, real.seconds, notifications, pushed, Double(notifications + 20_000) / real.seconds),
                goal: "≥ 5,000/s", met: rate >= 5_000 && complete)
        } else {
            let ratio = rate / (claimRates["direct"] ?? rate)
            BenchContext.report(
                "20,000 claims through the notification + push handlers, 1 worker through PgBouncer (transaction mode)",
                String(format: "%.0f claims/s (%.2f s; %d notifications, %d pushes) vs direct %.0f/s = %.2f×",
                       rate, real.seconds, notifications, pushed, claimRates["direct"] ?? 0, ratio),
                goal: "≥ 0.7× direct", met: ratio >= 0.7 && complete)
        }
    }
    let peak = memory.max() ?? 0
    BenchContext.report("worker resident memory under load (VmHWM, worst run)", String(format: "%.1f MB", Double(peak) / 1024),
                        goal: "< 64 MB", met: peak > 0 && peak < 64 * 1024)
}

/// Where a worker process connects: its `--database-url`, and `--database-direct-url` if any.
private struct Endpoint {
    var url: String
    var direct: String?
}

/// Lets a claim walk the fan-out past every event written so far (events no handler wants,
/// from set-up), so that a timed run handles only the events it made.
private func skipPendingEvents(_ connection: PostgresConnection) async throws {
    while try await connection.query(
        "select (select last_event_id from outbox.fanout) < (select coalesce(max(id), 0) from outbox.events)").scalar(Bool.self) {
        try await connection.query("select count(*) from outbox.claim('bench-setup', '{}', 10000, '1 second')")
    }
}

/// Records when the handler first sees each row.
private final class LatencyProbe: OutboxHandler {
    let name = "bench-latency"
    private let seen = Mutex<[UUID: ContinuousClock.Instant]>([:])

    func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        let now = ContinuousClock.now
        seen.withLock { for event in events { if let id = event.recordID { $0[id] = now } } }
        return Array(repeating: .done, count: events.count)
    }

    func started(_ id: UUID) -> ContinuousClock.Instant? { seen.withLock { $0[id] } }
}

private func commitToHandlerLatency(_ context: BenchContext, _ connection: PostgresConnection, declarer: UUID) async throws {
    try await connection.query("select outbox.register_handler('bench-latency', '{tasks}', '{insert}', 5)")
    let probe = LatencyProbe()
    var configuration = WorkerConfiguration()
    configuration.databaseURL = context.cliConninfo
    configuration.pollInterval = .seconds(5)  // only the doorbell wakes it
    configuration.statsInterval = nil
    configuration.maintenanceInterval = nil
    configuration.logBatches = false
    let engine = WorkerEngine(configuration: configuration, handlers: [probe], log: .silent)
    let running = Task { try await engine.run() }
    try await Task.sleep(for: .milliseconds(500))

    let writer = try await context.connect()
    var samples: [Double] = []
    var missed = 0
    for i in 0..<250 {
        try await Task.sleep(for: .milliseconds(20))
        let id = try await writer.query(
            "insert into public.tasks (title, declared_by) values (\("latency \(i)"), \(declarer)) returning id", prepared: true
        ).scalar(UUID.self)
        let committed = ContinuousClock.now
        let deadline = committed + .seconds(2)
        var started = probe.started(id)
        while started == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .microseconds(200))
            started = probe.started(id)
        }
        guard let started else { missed += 1; continue }
        // The handler may start a hair before the client reads the acknowledgement.
        samples.append(max(0, seconds(started - committed)))
    }
    engine.stop()
    try await running.value
    await writer.close()
    try await connection.query("select outbox.unregister_handler('bench-latency')")
    let (p50, p99) = BenchContext.percentiles(samples)
    BenchContext.report("commit → handler start, idle, \(samples.count) commits\(missed > 0 ? " (\(missed) missed)" : "")",
                        String(format: "p50 %.2f ms, p99 %.2f ms", p50, p99),
                        goal: "p50 < 2 ms, p99 < 10 ms", met: missed == 0 && p50 < 2 && p99 < 10)
}

private struct BurnDown {
    var seconds: Double
    var startup: Double
    var peakMemoryKB: [Int]
}

/// Starts `workers` processes of `executable` (`dispatch-worker`, or its test build
/// `dispatch-worker-testing` for the no-op handler: the same engine) on the pending events
/// and times them until `done` (a count) is 0 and the fan-out cursor has passed every event.
private func burnDown(
    _ connection: PostgresConnection, _ endpoint: Endpoint, executable: String, workers: Int, handlerArguments: [String],
    done: PostgresQuery
) async throws -> BurnDown {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(executable).path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw PostgresError(.client, "\(binary) is missing: swift build -c release --product \(executable)")
    }
    let startCursor = try await connection.query("select last_event_id from outbox.fanout").scalar(Int64.self)
    let spawned = ContinuousClock.now
    var processes: [Process] = []
    for i in 0..<workers {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--database-url", endpoint.url, "--log-batches", "false", "--stats-interval", "0",
                             "--maintenance-interval", "0", "--worker-id", "bench-\(i)"]
            + (endpoint.direct.map { ["--database-direct-url", $0] } ?? []) + handlerArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
    }
    var peaks = [Int](repeating: 0, count: workers)
    var firstClaim: ContinuousClock.Instant?
    let deadline = spawned + .seconds(120)
    while ContinuousClock.now < deadline {
        let row = try await connection.query("""
            select (select last_event_id from outbox.fanout), (select coalesce(max(id), 0) from outbox.events)
            """)[0]
        let cursor = try row.decode(0, as: Int64.self)
        let newest = try row.decode(1, as: Int64.self)
        if firstClaim == nil, cursor > startCursor { firstClaim = ContinuousClock.now }
        for (i, process) in processes.enumerated() { peaks[i] = max(peaks[i], highWaterMark(process.processIdentifier)) }
        if cursor >= newest, try await connection.query(done).scalar(Int.self) == 0 { break }
        try await Task.sleep(for: .milliseconds(5))
    }
    let finished = ContinuousClock.now
    for (i, process) in processes.enumerated() { peaks[i] = max(peaks[i], highWaterMark(process.processIdentifier)) }
    for process in processes { process.terminate() }
    for process in processes { process.waitUntilExit() }
    let first = firstClaim ?? spawned
    return BurnDown(seconds: seconds(finished - first), startup: seconds(first - spawned), peakMemoryKB: peaks)
}

/// VmHWM (peak resident set, kB) of a process, 0 when unknown.
private func highWaterMark(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
