import DispatchServer
import Foundation
import Postgres

/// The dispatch-worker engine: claim loops (one connection each), the doorbell listener,
/// the periodic totals and the maintenance schedule.
///
/// Any number of engines, in one process or many, may run against one database: a handler's
/// cursor is read by one claim at a time, retries and expired batches are taken with
/// `FOR UPDATE SKIP LOCKED`, and every claim leases what it takes, so every event is handled
/// once per handler; an engine that dies loses its leases when they expire.
public final class WorkerEngine: Sendable {
    public let configuration: WorkerConfiguration
    public let stats = WorkerStats()
    public let log: WorkerLog
    let handlers: [String: any OutboxHandler]
    let control: EngineControl

    public init(configuration: WorkerConfiguration, handlers: [any OutboxHandler], log: WorkerLog = WorkerLog()) {
        self.configuration = configuration
        self.handlers = Dictionary(handlers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.log = log
        control = EngineControl(loops: max(1, configuration.concurrency))
    }

    /// Runs until `stop()`; returns once in-flight work is recorded (or given back).
    public func run() async throws {
        let names = handlers.keys.sorted()
        let counterNames = Array(Set(handlers.values.flatMap(\.counters))).sorted()
        try await prepare(names)
        log.info("worker \(configuration.workerID) running handlers \(names.joined(separator: ", ")) with \(control.doorbells.count) loop\(control.doorbells.count == 1 ? "" : "s"), batches of \(configuration.batchSize), lease \(configuration.lease)")

        let listener: Task<Void, Never>
        if let session = configuration.connectionRoles.session {
            listener = Task { [control, log] in await DoorbellListener(databaseURL: session, control: control, log: log).run() }
        } else {
            log.warning("""
                no doorbell: the database URL is a transaction pooler (pgbouncer=true), which cannot carry LISTEN, and no \
                direct URL is set (DATABASE_DIRECT_URL / --database-direct-url): polling for work every \(configuration.pollInterval)
                """)
            listener = Task {}
        }
        let background = Task { await runBackgroundJobs(names, counterNames) }
        await withTaskGroup(of: Void.self) { group in
            for index in control.doorbells.indices {
                let loop = ClaimLoop(
                    index: index, worker: "\(configuration.workerID)/\(index)", configuration: configuration,
                    handlers: handlers, handlerNames: names, control: control, stats: stats, log: log)
                group.addTask { await loop.run() }
            }
        }
        _ = control.beginStop()
        await listener.value
        await background.value
        let totals = stats.snapshot
        log.info("stopped: \(WorkerStats.describe(totals))")
        log.record(WorkerStats.Record(totals, event: "stopped", worker: configuration.workerID, handlers: names, counters: counterNames).json)
    }

    /// Stops claiming; batches in flight get `shutdownGrace` to finish, then their handlers
    /// are cancelled and their events given back. Safe to call more than once.
    public func stop() {
        guard control.beginStop() else { return }
        log.info("stopping: finishing in-flight batches (up to \(configuration.shutdownGrace))")
        let control = self.control
        let grace = configuration.shutdownGrace
        Task {
            try? await Task.sleep(for: grace)
            control.hardStop()
        }
    }

    /// Stops at once: in-flight handlers are cancelled and their events given back.
    public func stopNow() {
        _ = control.beginStop()
        control.hardStop()
    }

    public var isStopping: Bool { control.isStopping }

    /// Checks the database and the handlers before the loops start.
    private func prepare(_ names: [String]) async throws {
        var backoff = ReconnectBackoff(initial: .milliseconds(200), maximum: .seconds(5))
        while true {
            do {
                let connection = try await PostgresConnection.connect(configuration.databaseURL)
                defer { Task { await connection.close() } }
                let registered = try await OutboxQueue.registeredHandlers(connection)
                for name in names where !registered.contains(name) {
                    log.warning("handler \(name) is not registered in outbox.handlers: no events will reach it (outbox.register_handler)")
                }
                if let maxAttempts = configuration.maxAttempts {
                    try await OutboxQueue.setMaxAttempts(connection, handlers: names, maxAttempts: maxAttempts)
                }
                if let horizon = configuration.pushRetryFor {
                    for spec in configuration.handlers where spec.kind == "push" && registered.contains(spec.name) {
                        try await OutboxQueue.setRetryHorizon(connection, handler: spec.name, horizon: horizon)
                    }
                }
                return
            } catch {
                // Start even before the database: a worker started with the stack waits for it.
                // A connection refused for good (bad credentials, no such database) ends it.
                if let error = error as? PostgresError, error.isPermanentConnectionFailure {
                    throw WorkerStartError(message: """
                        cannot connect to the database, and retrying will not help: \(error.message)
                        (check DATABASE_URL / --database-url: user, password, database name)
                        """)
                }
                guard RetryPolicy.isTransient(error), !control.isStopping else { throw error }
                let delay = backoff.next()
                if backoff.failures == 1 { log.warning("database unavailable (\(DeliveryResult.describe(error))); waiting") }
                try await Task.sleep(for: delay)
            }
        }
    }

    private func runBackgroundJobs(_ names: [String], _ counterNames: [String]) async {
        await withTaskGroup(of: Void.self) { group in
            if let interval = configuration.statsInterval {
                group.addTask { [control, stats, log, worker = configuration.workerID] in
                    let bell = control.makeStopBell()
                    var last = stats.snapshot
                    while !control.isStopping {
                        await control.sleep(interval, bell: bell)
                        let now = stats.snapshot
                        if now != last {
                            log.info("totals: \(WorkerStats.describe(now))")
                            log.record(WorkerStats.Record(now, event: "totals", worker: worker, handlers: names, counters: counterNames).json)
                        }
                        last = now
                    }
                }
            }
            if let interval = configuration.maintenanceInterval {
                group.addTask { [control, log, configuration] in
                    let bell = control.makeStopBell()
                    // First run soon after start, then on the interval.
                    await control.sleep(min(interval, .seconds(5)), bell: bell)
                    while !control.isStopping {
                        do {
                            let connection = try await PostgresConnection.connect(configuration.databaseURL)
                            let result = try await Maintenance().run(connection)
                            await connection.close()
                            if result.ran {
                                log.info("maintenance: purged \(result.tombstones) watchlist tombstones, \(result.journalTombstones) journal tombstones, \(result.syncDeletions) sync log rows, \(result.syncMarks) change marks; pruned \(result.events) outbox events; released \(result.expiredClaims) expired claims")
                            }
                        } catch {
                            log.warning("maintenance failed: \(DeliveryResult.describe(error))")
                        }
                        await control.sleep(interval, bell: bell)
                    }
                }
            }
        }
    }
}

/// Why the worker could not start, in words for the operator.
struct WorkerStartError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
