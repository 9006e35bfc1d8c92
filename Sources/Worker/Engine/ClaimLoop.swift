import DispatchServer
import Foundation
import Postgres

/// One claiming loop with a connection of its own: claim a batch, run the handlers on it,
/// record the results together with the next claim (one round trip), and when nothing is
/// due, sleep until the doorbell rings, a retry falls due, or the poll interval passes.
///
/// A lost connection (server restart, network cut) is replaced with backoff; the results
/// not yet recorded are sent again (completing twice is harmless) and any lease whose claim
/// answer was lost is given back, so nothing waits for its lease to expire.
struct ClaimLoop: Sendable {
    let index: Int
    /// The lease holder's name: the worker's id plus the loop number.
    let worker: String
    let configuration: WorkerConfiguration
    let handlers: [String: any OutboxHandler]
    let handlerNames: [String]
    let control: EngineControl
    let stats: WorkerStats
    let log: WorkerLog

    private var doorbell: Doorbell { control.doorbells[index] }

    func run() async {
        var connection: PostgresConnection?
        var report = BatchReport()
        var releaseOrphans = true  // a previous process with our name may have died mid-claim
        var backoff = ReconnectBackoff()
        var nextRetry: ContinuousClock.Instant?
        var lastFailure: String?
        var lost = false  // the connection was lost: the next one made is a reconnection

        while true {
            let stopping = control.isStopping
            if stopping, report.isEmpty, !releaseOrphans || connection == nil { break }
            do {
                let current: PostgresConnection
                if let connection {
                    current = connection
                } else {
                    current = try await PostgresConnection.connect(configuration.databaseURL)
                    connection = current
                    if lost { stats.record { $0.reconnects += 1 } }
                    lost = false
                    if lastFailure != nil { log.info("loop \(index): reconnected") }
                    lastFailure = nil
                }
                var queries = OutboxQueue.reportQueries(report, worker: worker)
                if releaseOrphans { queries.append(OutboxQueue.releaseAllQuery(worker: worker)) }
                if !stopping {
                    queries.append(OutboxQueue.claimQuery(
                        worker: worker, handlers: handlerNames, batch: configuration.batchSize, lease: configuration.lease))
                }
                let results = try await current.pipeline(queries, prepared: true)
                record(report, results: results, nextRetry: &nextRetry)
                report = BatchReport()
                releaseOrphans = false
                backoff.reset()
                if stopping { break }

                let (events, more) = try OutboxQueue.decodeClaim(results[results.count - 1])
                if events.isEmpty, more { continue }
                if events.isEmpty {
                    control.setIdle(index, true)
                    await doorbell.wait(timeout: waitTime(nextRetry: &nextRetry))
                    control.setIdle(index, false)
                    continue
                }
                let started = ContinuousClock.now
                report = await handle(events, connection: current)
                logBatch(events: events, report: report, elapsed: ContinuousClock.now - started)
            } catch {
                var healthy = false
                if let connection { healthy = await connection.isHealthy() }
                let transient = RetryPolicy.isTransient(error) || !healthy
                if transient {
                    if let dead = connection {
                        await dead.close()
                        lost = true
                    }
                    connection = nil
                    releaseOrphans = true
                }
                if control.isHardStopped { break }
                let delay = transient ? backoff.next() : configuration.pollInterval
                let message = DeliveryResult.describe(error)
                if message != lastFailure {
                    log.warning("loop \(index): \(transient ? "database unavailable" : "claim failed"): \(message); retrying in \(delay)")
                    lastFailure = message
                }
                await doorbell.wait(timeout: delay)
            }
        }
        if !report.isEmpty { log.warning("loop \(index): stopped with unrecorded results; their leases will expire") }
        await connection?.close()
    }

    /// Until the doorbell, the earliest retry or the poll interval, whichever comes first.
    private func waitTime(nextRetry: inout ContinuousClock.Instant?) -> Duration {
        guard let retry = nextRetry else { return configuration.pollInterval }
        let now = ContinuousClock.now
        if retry <= now {
            nextRetry = nil
            return .milliseconds(1)
        }
        return min(configuration.pollInterval, retry - now + .milliseconds(5))
    }

    /// Runs each handler on its events. Handlers run one after another on this loop's
    /// connection; the batch as a whole can be cancelled by a hard stop.
    private func handle(_ events: [OutboxEvent], connection: PostgresConnection) async -> BatchReport {
        let context = HandlerContext(connection: connection, worker: worker, log: log, stats: stats)
        var byHandler: [String: [OutboxEvent]] = [:]
        for event in events {
            for name in event.handlers { byHandler[name, default: []].append(event) }
        }
        let handlers = self.handlers
        let groups = byHandler.sorted(by: { $0.key < $1.key })
        let task = Task { () -> [String: [DeliveryResult]] in
            var results: [String: [DeliveryResult]] = [:]
            for (name, batch) in groups {
                guard let handler = handlers[name] else {
                    results[name] = Array(repeating: .failed(message: "this worker does not run handler \(name)", retryable: true), count: batch.count)
                    continue
                }
                var outcome = await handler.handle(batch, context: context)
                if outcome.count != batch.count {
                    outcome = Array(repeating: .failed(message: "handler \(name) returned \(outcome.count) results for \(batch.count) events", retryable: false), count: batch.count)
                }
                results[name] = outcome
            }
            return results
        }
        control.register(loop: index, task)
        let results = await task.value
        control.unregister(loop: index)
        let hardStopped = control.isHardStopped

        var report = BatchReport()
        for (name, batch) in byHandler {
            let outcome = results[name] ?? Array(repeating: .failed(message: "not run", retryable: true), count: batch.count)
            for (event, result) in zip(batch, outcome) {
                let claimedIn = event.batch(for: name)
                switch result {
                case .done:
                    report.done.append(.init(handler: name, eventID: event.id, batch: claimedIn))
                case .failed where hardStopped, .interrupted:
                    // Cut short by the stop, or by the connection: not a real attempt.
                    report.released.append(.init(handler: name, eventID: event.id, batch: claimedIn))
                case .failed(let message, let retryable):
                    report.failed.append(.init(handler: name, eventID: event.id, batch: claimedIn, message: message, retryable: retryable))
                }
            }
        }
        return report
    }

    /// Counts what the database recorded: fail() says which failures went dead and when
    /// the earliest retry is due.
    private func record(_ report: BatchReport, results: [PostgresRows], nextRetry: inout ContinuousClock.Instant?) {
        guard !report.isEmpty else { return }
        var dead: [String: Int] = [:]
        var retried: [String: Int] = [:]
        if let index = OutboxQueue.failResultIndex(report) {
            let failRows = results[index]
            let now = Date()
            for row in failRows {
                guard let handler = try? row.decode(0, as: String.self), let state = try? row.decode(2, as: String.self) else { continue }
                if state == "dead" {
                    dead[handler, default: 0] += 1
                } else {
                    retried[handler, default: 0] += 1
                    if let runAt = try? row.decode(3, as: Date.self) {
                        let due = ContinuousClock.now + .milliseconds(Int64(max(0, runAt.timeIntervalSince(now)) * 1000))
                        nextRetry = min(nextRetry ?? due, due)
                    }
                }
            }
        }
        stats.record { totals in
            for item in report.done { totals.done[item.handler, default: 0] += 1 }
            for item in report.released { totals.released[item.handler, default: 0] += 1 }
            for (handler, n) in dead { totals.dead[handler, default: 0] += n }
            for (handler, n) in retried { totals.retried[handler, default: 0] += n }
        }
        for failure in report.failed.prefix(3) {
            log.warning("loop \(index): \(failure.handler) failed on event \(failure.eventID)\(failure.retryable ? "" : " (permanent)"): \(failure.message)")
        }
        if report.failed.count > 3 { log.warning("loop \(index): … and \(report.failed.count - 3) more failures") }
    }

    private func logBatch(events: [OutboxEvent], report: BatchReport, elapsed: Duration) {
        stats.record { totals in
            totals.batches += 1
            totals.events += events.count
        }
        guard configuration.logBatches else { return }
        var perHandler: [String: (done: Int, failed: Int)] = [:]
        for item in report.done { perHandler[item.handler, default: (0, 0)].done += 1 }
        for item in report.failed { perHandler[item.handler, default: (0, 0)].failed += 1 }
        let parts = perHandler.keys.sorted().map { name in
            let counts = perHandler[name]!
            return "\(name) \(counts.done) ok" + (counts.failed > 0 ? " \(counts.failed) failed" : "")
        }
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        log.info("loop \(index): batch of \(events.count) event\(events.count == 1 ? "" : "s") (ids \(events.first!.id)…\(events.last!.id)): \(parts.joined(separator: ", ")) in \(String(format: "%.1f", milliseconds)) ms")
    }
}
