import Foundation
import Postgres

/// `dispatch-worker [run|status|requeue|maintenance] [options]` (see
/// `WorkerConfiguration.usage`). A function rather than the executable's top-level code so
/// that the tests' build of the worker (`dispatch-worker-testing`) is the same program
/// with its extra handler kinds, and the shipped one has none of them.
public enum WorkerCommand {
    /// Runs the command line `arguments` (without the program name) and exits: 0 on
    /// success, 1 on a failure, 2 on bad usage.
    public static func main(_ arguments: [String], extraHandlerKinds: [String: HandlerFactory.Kind] = [:]) async -> Never {
        var arguments = arguments
        if arguments.contains("-h") || arguments.contains("--help") {
            print(WorkerConfiguration.usage)
            exit(0)
        }
        let command = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "run"
        if arguments.first == command { arguments.removeFirst() }

        switch command {
        case "run":
            let config = configuration(arguments)
            let log = WorkerLog()
            let handlers: [any OutboxHandler]
            do {
                handlers = try HandlerFactory.make(config, extraKinds: extraHandlerKinds)
            } catch {
                fail("\(error)", code: 2)
            }
            let engine = WorkerEngine(configuration: config, handlers: handlers, log: log)
            let signals = SignalWatcher { signal, count in
                if count == 1 {
                    log.info("received \(signal == SIGINT ? "SIGINT" : "SIGTERM"): stopping (again to stop at once)")
                    engine.stop()
                } else {
                    log.info("stopping now: in-flight events are given back")
                    engine.stopNow()
                }
            }
            do {
                try await engine.run()
            } catch {
                log.flush()
                fail("\(error)")
            }
            signals.cancel()
            log.flush()
            exit(0)

        case "status":
            let config = configuration(arguments)
            do {
                let connection = try await PostgresConnection.connect(config.databaseURL)
                let rows = try await OutboxQueue.status(connection)
                let header = ["handler", "pending", "unclaimed", "scheduled", "in_flight", "lease_expired", "failed", "dead",
                              "oldest_unhandled", "next_retry_at"]
                let table = rows.map { row in
                    [row.handler, "\(row.pending)", "\(row.unclaimed)", "\(row.scheduled)", "\(row.inFlight)", "\(row.leaseExpired)",
                     "\(row.failed)", "\(row.dead)", row.oldestUnhandledAge ?? "-",
                     row.nextRetryAt.map { ISO8601DateFormatter().string(from: $0) } ?? "-"]
                }
                let widths = header.indices.map { column in ([header] + table).map { $0[column].count }.max() ?? 0 }
                for line in [header] + table {
                    print(zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
                }
                await connection.close()
            } catch {
                fail("\(error)")
            }

        case "requeue":
            let handler = extract("--handler", from: &arguments).last
            let eventTexts = extract("--event", from: &arguments)
            let events = eventTexts.compactMap { Int64($0) }
            guard events.count == eventTexts.count else { fail("--event takes an event id (a number)", code: 2) }
            let config = configuration(arguments)
            do {
                let connection = try await PostgresConnection.connect(config.databaseURL)
                let count = try await OutboxQueue.requeueDead(connection, handler: handler, eventIDs: events.isEmpty ? nil : events)
                print("re-queued \(count) dead deliver\(count == 1 ? "y" : "ies")")
                await connection.close()
            } catch {
                fail("\(error)")
            }

        case "maintenance":
            let config = configuration(arguments)
            do {
                let connection = try await PostgresConnection.connect(config.databaseURL)
                let result = try await Maintenance().run(connection)
                if result.ran {
                    print("purged \(result.tombstones) watchlist tombstones, \(result.journalTombstones) journal tombstones, \(result.syncDeletions) sync log rows, \(result.syncMarks) change marks; pruned \(result.events) outbox events; released \(result.expiredClaims) expired claims")
                } else {
                    print("another worker is running maintenance right now")
                }
                await connection.close()
            } catch {
                fail("\(error)")
            }

        default:
            fail("unknown command \(command)\n\n\(WorkerConfiguration.usage)", code: 2)
        }
        exit(0)
    }

    private static func fail(_ message: String, code: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data("dispatch-worker: \(message)\n".utf8))
        exit(code)
    }

    /// Takes `--name value` (repeatable) out of the arguments.
    private static func extract(_ name: String, from arguments: inout [String]) -> [String] {
        var values: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == name, i + 1 < arguments.count {
                values.append(arguments[i + 1])
                arguments.removeSubrange(i...(i + 1))
            } else if arguments[i].hasPrefix(name + "=") {
                values.append(String(arguments[i].dropFirst(name.count + 1)))
                arguments.remove(at: i)
            } else {
                i += 1
            }
        }
        return values
    }

    private static func configuration(_ arguments: [String]) -> WorkerConfiguration {
        do {
            return try WorkerConfiguration.parse(arguments)
        } catch {
            fail("\(error)\n\n\(WorkerConfiguration.usage)", code: 2)
        }
    }
}
