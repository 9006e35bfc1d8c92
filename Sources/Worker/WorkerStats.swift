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
