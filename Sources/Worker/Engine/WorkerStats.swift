import Foundation
import Synchronization

/// Running totals of one worker process, for the periodic log line and for tests.
public final class WorkerStats: Sendable {
    public struct Totals: Sendable, Equatable {
        public var batches = 0
        public var events = 0
        /// Per handler: deliveries completed.
        public var done: [String: Int] = [:]
        /// Per handler: failures that will be retried.
        public var retried: [String: Int] = [:]
        /// Per handler: deliveries that went dead.
        public var dead: [String: Int] = [:]
        /// Per handler: given back untried (shutdown).
        public var released: [String: Int] = [:]
        public var reconnects = 0
        /// Named counts a handler reports (`push.no_device`, `push.sent` …; see `PushHandler`).
        public var counters: [String: Int] = [:]

        public var totalDone: Int { done.values.reduce(0, +) }
        public var totalDead: Int { dead.values.reduce(0, +) }
        public var totalRetried: Int { retried.values.reduce(0, +) }
    }

    private let totals = Mutex(Totals())

    public init() {}

    public var snapshot: Totals { totals.withLock { $0 } }

    func record(_ update: (inout Totals) -> Void) { totals.withLock { update(&$0) } }

    /// Adds to named counters (zeros are left out, so the log line lists what happened).
    func count(_ amounts: [String: Int]) {
        let nonzero = amounts.filter { $0.value != 0 }
        guard !nonzero.isEmpty else { return }
        record { totals in
            for (name, amount) in nonzero { totals.counters[name, default: 0] += amount }
        }
    }

    /// The totals as one JSON object for log pipelines and alerts (`WorkerLog.record`), beside
    /// the human line. Its keys never change (the README lists them): `time` (UTC, ISO 8601),
    /// `event` (`totals`, or `stopped` for the last line), `worker`, the counters since the
    /// process started `batches`, `events`, `reconnects`, `done`, `retried`, `dead`,
    /// `released` (summed over handlers), `handlers`: each handler the worker runs with
    /// its own `done`, `retried`, `dead`, `released`, zeros included, and `counters`: the
    /// named counts of the handlers it runs (`OutboxHandler.counters`: `push.sent` …), zeros
    /// included.
    public struct Record: Codable, Equatable, Sendable {
        public struct Handler: Codable, Equatable, Sendable {
            public var done: Int
            public var retried: Int
            public var dead: Int
            public var released: Int
        }

        public var time: String
        public var event: String
        public var worker: String
        public var batches: Int
        public var events: Int
        public var reconnects: Int
        public var done: Int
        public var retried: Int
        public var dead: Int
        public var released: Int
        public var handlers: [String: Handler]
        public var counters: [String: Int]

        public init(_ totals: Totals, event: String, worker: String, handlers names: [String], counters counterNames: [String] = [],
                    at date: Date = Date()) {
            var handlers: [String: Handler] = [:]
            for name in Set(names).union(totals.done.keys).union(totals.retried.keys).union(totals.dead.keys)
                .union(totals.released.keys) {
                handlers[name] = Handler(
                    done: totals.done[name, default: 0], retried: totals.retried[name, default: 0],
                    dead: totals.dead[name, default: 0], released: totals.released[name, default: 0])
            }
            time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
            self.event = event
            self.worker = worker
            batches = totals.batches
            events = totals.events
            reconnects = totals.reconnects
            done = totals.totalDone
            retried = totals.totalRetried
            dead = totals.totalDead
            released = totals.released.values.reduce(0, +)
            self.handlers = handlers
            var counters = totals.counters
            for name in counterNames where counters[name] == nil { counters[name] = 0 }
            self.counters = counters
        }

        /// One line of JSON, keys sorted.
        public var json: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding plain strings and integers cannot fail.
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
    }

    /// "batches=… events=… reconnects=… notifications 12 done/1 retried/0 dead … push.no_device=3 …"
    public static func describe(_ totals: Totals) -> String {
        let handlers = Set(totals.done.keys).union(totals.retried.keys).union(totals.dead.keys).sorted()
        let perHandler = handlers.map { name in
            "\(name) \(totals.done[name, default: 0]) done/\(totals.retried[name, default: 0]) retried/\(totals.dead[name, default: 0]) dead"
        }
        let counters = totals.counters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return (["batches=\(totals.batches)", "events=\(totals.events)", "reconnects=\(totals.reconnects)"] + perHandler + counters)
            .joined(separator: " ")
    }
}
