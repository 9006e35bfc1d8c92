import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Worker

/// The worker (issues 6 and 15).
///
/// (a) commit → handler start on an idle system: 250 single-row commits 20 ms apart, each
///     timed from the moment its commit is acknowledged to the moment the handler (in an
///     engine in this process, default settings, woken by the doorbell) starts on it.
///     p50 < 2 ms, p99 < 10 ms.
/// (b) burn-down of the backlog left by 20,000 task inserts, no-op handler, one worker
///     process (the tests' build, which has that handler; ≥ 20,000 events/s), then 20,000
///     updates by two processes, then by one through PgBouncer in transaction mode (started
///     here, 4 server connections; the doorbell on a direct URL; ≥ 0.7 × direct); and of
///     1,000,000 events (each on a fresh database): ≥ 30,000 events/s overall, the slowest
///     100,000-event window ≥ 0.7 × the fastest;
/// (c) 20,000 claims through the real notification and push handlers (each claim becomes a
///     notification row and a push to each of the declarer's two devices, in a file, with
///     preferences in play: both users have turned other types off, so every insert and
///     every push checks them), one process, three rounds each right after a run of
///     pgqueuer, the best of each side: ≥ 5,000 claims/s and ≥ 0.8 × pgqueuer's rate; again
///     through PgBouncer (≥ 0.7 × the direct round before it);
/// (d) the worker process's resident memory (VmHWM from /proc) under (b) and (c): < 64 MB;
/// (e) steady state: 5,000 claims/s for 3 minutes through the real handlers
///     (WorkerSteadyBench.swift); (f) the peer, pgqueuer, on this machine and cluster
///     (PeerBench.swift).
/// Rates are timed from the worker's first claim to the drained queue (process start-up is
/// reported apart). The worker runs as a child process, release build, next to `bench`.
@Sendable func workerBenchmarks(_ context: BenchContext) async throws {
    let connection = try await context.connect()
    let alice = try await benchUser(connection, "Alice Bench")
    try await commitToHandlerLatency(context, connection, declarer: alice)
    await connection.close()

    // The peer first, on a database of its own: the rates below are given as ratios to it.
    let peer = await pgqueuerDrain(jobs: 20_000, batch: 500)
    print("  info \(peer.description)")
    var memory: [Int] = []
    let small = try await smallBurnDowns(peerRate: peer.rate)
    memory += small.memory
    memory += try await millionBurnDown(peerRate: peer.rate)
    let peak = memory.max() ?? 0
    BenchContext.report("worker resident memory under load (VmHWM, worst run)", String(format: "%.1f MB", Double(peak) / 1024),
                        goal: "< 64 MB", met: peak > 0 && peak < 64 * 1024)
    // 5,000/s as asked, or 30% of what the real handlers drained in (c) when this machine
    // cannot take that (the line then says so, and the goal is missed): at steady state the
    // same cores also write the changes and mark the notifications read, and a rate the
    // handlers cannot keep up with measures their backlog, not the queue.
    let rate = min(5_000, Int(small.realRate * 0.3 / 100) * 100)
    try await steadyState(rate: max(rate, 100), asked: 5_000, capacity: small.realRate)
}

/// The worker group's (b) and (c) beside the peer, without the million-event backlog and the
/// steady state: the real handlers' rate as a ratio to pgqueuer's in minutes rather than
/// the whole group's quarter of an hour.
@Sendable func handlersPart(_ context: BenchContext) async throws {
    let peer = await pgqueuerDrain(jobs: 20_000, batch: 500)
    print("  info \(peer.description)")
    _ = try await smallBurnDowns(peerRate: peer.rate)
}

/// A user in auth.users and public.users.
func benchUser(_ connection: PostgresConnection, _ name: String) async throws -> UUID {
    let id = UUID()
    try await connection.query("insert into auth.users (id) values (\(id))")
    try await connection.query("insert into public.users (id, name) values (\(id), \(name))")
    return id
}

/// Registers a handler that starts reading the log now (a re-registration keeps the old
/// place: unregister first).
func restartHandler(_ connection: PostgresConnection, _ name: String) async throws {
    let row = try await connection.query(
        "select tables, ops, max_attempts, description from outbox.handlers where name = \(name)")[0]
    let tables = try row.decode(0, as: [String]?.self), ops = try row.decode(1, as: [String].self)
    let attempts = try row.decode(2, as: Int.self), description = try row.decode(3, as: String.self)
    try await connection.query("select outbox.unregister_handler(\(name))")
    try await connection.query("select outbox.register_handler(\(name), \(tables)::text[], \(ops)::text[], \(attempts)::int, \(description))")
}

private func rateLine(_ rate: Double, peerRate: Double?) -> String {
    guard let peerRate else { return "" }
    return String(format: " = %.2f × pgqueuer's %.0f/s", rate / peerRate, peerRate)
}

/// (b) 20,000 events, one process then two, then one through PgBouncer; (c) 20,000 claims
/// through the real handlers, direct and through PgBouncer. Returns the worker processes'
/// peak memory and the real handlers' rate (direct).
private func smallBurnDowns(peerRate: Double?) async throws -> (memory: [Int], realRate: Double) {
    let context = try await BenchContext.make("worker20k")
    let connection = try await context.connect()
    let bouncer = try await PgBouncer.start(inFrontOf: connection, poolSize: 4)
    do {
        let result = try await smallBurnDowns(context, connection, bouncer: bouncer, peerRate: peerRate)
        await bouncer.stop()
        await connection.close()
        try await context.dropDatabase()
        return result
    } catch {
        await bouncer.stop()
        throw error
    }
}

private func smallBurnDowns(
    _ context: BenchContext, _ connection: PostgresConnection, bouncer: PgBouncer, peerRate: Double?
) async throws -> (memory: [Int], realRate: Double) {
    let direct = Endpoint(url: context.cliConninfo, direct: nil)
    let pooled = Endpoint(url: bouncer.url(database: context.database), direct: context.cliConninfo)
    let alice = try await benchUser(connection, "Alice Bench")
    let bob = try await benchUser(connection, "Bob Bench")
    try await connection.query("select outbox.register_handler('bench-noop', '{tasks}', '{insert,update}', 5)")
    try await connection.query("""
        insert into public.tasks (title, description, declared_by)
        select 'Bench task ' || g, 'Call the seller about the open house', \(alice) from generate_series(1, 20000) g
        """)
    var memory: [Int] = []
    var noopRates: [String: Double] = [:]
    for (run, (label, workers, endpoint)) in [("direct", 1, direct), ("direct", 2, direct), ("through PgBouncer", 1, pooled)].enumerated() {
        if run > 0 {
            try await connection.query(
                "update public.tasks set priority = case priority when 'low' then 'medium' else 'low' end where title like 'Bench task %'")
        }
        let result = try await burnDown(connection, endpoint, executable: "dispatch-worker-testing", handlers: ["bench-noop"],
                                        workers: workers, arguments: ["--handlers", "bench-noop=noop"])
        memory += result.peakMemoryKB
        let rate = Double(20_000) / result.seconds
        if workers == 1 { noopRates[label] = rate }
        if endpoint.direct == nil {
            BenchContext.report(
                "no-op burn-down of 20,000 events, \(workers) worker process\(workers == 1 ? "" : "es") (2 loops each)",
                String(format: "%.0f events/s (%.2f s; start-up %.0f ms)%@", rate, result.seconds, result.startup * 1000,
                       rateLine(rate, peerRate: peerRate)),
                goal: workers == 1 ? "≥ 20,000/s" : "more than one worker", met: workers == 1 ? rate >= 20_000 : true)
        } else {
            let ratio = rate / (noopRates["direct"] ?? rate)
            BenchContext.report(
                "no-op burn-down of 20,000 events, 1 worker through PgBouncer (transaction mode)",
                String(format: "%.0f events/s (%.2f s) vs direct %.0f/s = %.2f×", rate, result.seconds, noopRates["direct"] ?? 0, ratio),
                goal: "≥ 0.7× direct", met: ratio >= 0.7)
        }
    }
    try await connection.query("select outbox.unregister_handler('bench-noop')")

    // (c): the real handlers, a push per notification and device to a file: direct, then
    // through the pooler on 20,000 new claims (the tasks released in between, with no
    // handler watching). Each time the handlers start reading after the set-up's events.
    // Two devices a user, and preferences set (none of them silences task_claimed, but
    // every insert and every push checks them).
    for user in [alice, bob] {
        try await connection.transaction { connection in
            try connection.act(as: .user(user))
            try connection.query("select public.register_push_device('ios', \("bench-iphone-\(user)"), 'production')")
            try connection.query("select public.register_push_device('android', \("bench-pixel-\(user)"), 'production')")
            for key in ["notify_notes", "notify_watchlist_sightings", "notify_town_hall"] {
                try connection.query("select public.set_notification_preference(\(key), false)")
            }
        }
    }
    // Bob claims all 20,000 of Alice's tasks: a flood the hourly notification limits
    // (private.notification_limits) would cut to 20. The bench measures throughput, so it
    // lifts them for its database.
    try await NotificationLimits.lift(connection)
    // Direct three times, each right after a run of the peer, and the best of each side: a
    // single run of each, minutes apart, followed the machine (0.60–1.25× pgqueuer across full
    // runs of the same code); alternating rounds are how the other peer figures are taken.
    var claimRates: [String: Double] = [:]
    var rounds: [(real: Double, peer: Double?, complete: Bool)] = []
    for (label, endpoint) in [("direct", direct), ("direct", direct), ("direct", direct), ("through PgBouncer", pooled)] {
        let roundPeer = endpoint.direct == nil && peerRate != nil ? await pgqueuerDrain(jobs: 20_000, batch: 500).rate : nil
        try await connection.query("update public.tasks set claimed_by = null where title like 'Bench task %' and claimed_by is not null")
        try await connection.query("delete from public.notifications")
        // The run before left its 20,000 notifications dead in the badge index, which every
        // push's badge (the recipient's total unread) would walk; autovacuum clears them
        // between two runs of a real day, so vacuum them here.
        try await connection.query("vacuum (analyze) public.notifications")
        try await restartHandler(connection, "notifications")
        try await restartHandler(connection, "push")
        try await connection.transaction { connection in
            try connection.query("select set_config('request.jwt.claims', \(Caller.user(bob).claims), true)")
            try connection.query("update public.tasks set claimed_by = \(bob) where title like 'Bench task %'")
        }
        let pushes = NSTemporaryDirectory() + "bench-pushes-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: pushes) }
        let real = try await burnDown(connection, endpoint, executable: "dispatch-worker", handlers: ["notifications", "push"],
                                      workers: 1, arguments: ["--push-sink", "file:" + pushes])
        memory += real.peakMemoryKB
        let notifications = try await connection.query("select count(*)::int from public.notifications where type = 'task_claimed'").scalar(Int.self)
        let pushed = (try? String(contentsOfFile: pushes, encoding: .utf8))?.split(separator: "\n").count ?? 0
        let rate = Double(20_000) / real.seconds
        // (the PgBouncer run is compared with the direct run just before it)
        claimRates[label] = rate
        let complete = notifications == 20_000 && pushed == 40_000
        if endpoint.direct == nil {
            rounds.append((rate, roundPeer, complete))
            print(String(format: "    round %d: %.0f claims/s (%.2f s; %d notifications, %d pushes to 2 devices; %.0f deliveries/s); pgqueuer just before: %@",
                         rounds.count, rate, real.seconds, notifications, pushed, Double(notifications + 20_000) / real.seconds,
                         roundPeer.map { String(format: "%.0f jobs/s", $0) } ?? "not measured"))
            guard rounds.count == 3 else { continue }
            let best = rounds.map(\.real).max() ?? 0
            let peerBest = rounds.compactMap(\.peer).max() ?? peerRate
            let allComplete = rounds.allSatisfy(\.complete)
            BenchContext.report(
                "20,000 claims through the notification + push handlers (2 devices a user, preferences set), 1 worker, 3 rounds beside pgqueuer, best of each",
                String(format: "%.0f claims/s%@%@", best, rateLine(best, peerRate: peerBest),
                       allComplete ? "" : " (a round delivered less than 20,000 notifications and 40,000 pushes)"),
                goal: "≥ 5,000/s, ≥ 0.8× pgqueuer's no-op jobs/s",
                met: best >= 5_000 && best >= 0.8 * (peerBest ?? 0) && allComplete)
        } else {
            let ratio = rate / (claimRates["direct"] ?? rate)
            BenchContext.report(
                "20,000 claims through the notification + push handlers, 1 worker through PgBouncer (transaction mode)",
                String(format: "%.0f claims/s (%.2f s; %d notifications, %d pushes) vs direct %.0f/s = %.2f×",
                       rate, real.seconds, notifications, pushed, claimRates["direct"] ?? 0, ratio),
                goal: "≥ 0.7× direct", met: ratio >= 0.7 && complete)
        }
    }
    return (memory, rounds.map(\.real).max() ?? 0)
}

/// (b) The backlog an operator finds after an outage: 1,000,000 events (20,000 task inserts'
/// events, their rows repeated to a million), one worker, a no-op handler.
private func millionBurnDown(peerRate: Double?) async throws -> [Int] {
    let context = try await BenchContext.make("worker1m")
    let connection = try await context.connect()
    let alice = try await benchUser(connection, "Alice Bench")
    try await connection.query("select outbox.register_handler('bench-noop', '{tasks}', '{insert}', 5)")
    try await connection.query("""
        insert into public.tasks (title, description, declared_by)
        select 'Bench task ' || g, 'Call the seller about the open house', \(alice) from generate_series(1, 20000) g
        """)
    // Double the log until it holds a million task events (their rows as the triggers wrote them).
    var total = try await connection.query("select count(*)::int from outbox.events where table_name = 'tasks'").scalar(Int.self)
    while total < 1_000_000 {
        let n = min(total, 1_000_000 - total)
        try await connection.query("""
            insert into outbox.events (table_name, op, record_id, record, old_record, audience, visible_to_all, actor, restored)
            select e.table_name, e.op, e.record_id, e.record, e.old_record, e.audience, e.visible_to_all, e.actor, e.restored
              from outbox.events e where e.table_name = 'tasks' order by e.id limit \(n)::int
            """)
        total += n
    }
    let events = try await connection.query("select count(*)::int from outbox.events where table_name = 'tasks'").scalar(Int.self)
    // A real backlog builds up over the hours of an outage, with autovacuum passing over it
    // as it grows; this one was written in seconds, so vacuum it now rather than have the
    // first pass over a million fresh rows compete with the first windows.
    try await connection.query("vacuum (analyze) outbox.events")
    let run = try await burnDown(connection, Endpoint(url: context.cliConninfo, direct: nil), executable: "dispatch-worker-testing",
                                 handlers: ["bench-noop"], workers: 1, arguments: ["--handlers", "bench-noop=noop"])
    let rate = Double(events) / run.seconds
    BenchContext.report(
        "no-op burn-down of \(events.formatted()) events, 1 worker process (2 loops)",
        String(format: "%.0f events/s (%.1f s)%@; per 100,000-event window: %@", rate, run.seconds,
               rateLine(rate, peerRate: peerRate), run.windowSummary),
        goal: "≥ 30,000/s, slowest window ≥ 0.7 × fastest", met: rate >= 30_000 && run.windowRatio >= 0.7)
    await connection.close()
    try await context.dropDatabase()
    return run.peakMemoryKB
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
