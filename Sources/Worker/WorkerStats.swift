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

        public var totalDone: Int { done.values.reduce(0, +) }
        public var totalDead: Int { dead.values.reduce(0, +) }
        public var totalRetried: Int { retried.values.reduce(0, +) }
    }

    private let totals = Mutex(Totals())

    public init() {}

    public var snapshot: Totals { totals.withLock { $0 } }

    func record(_ update: (inout Totals) -> Void) { totals.withLock { update(&$0) } }

    /// "batches=… events=… notifications: 12 done, 1 retried, 0 dead; …"
    public static func describe(_ totals: Totals) -> String {
        let handlers = Set(totals.done.keys).union(totals.retried.keys).union(totals.dead.keys).sorted()
        let perHandler = handlers.map { name in
            "\(name) \(totals.done[name, default: 0]) done/\(totals.retried[name, default: 0]) retried/\(totals.dead[name, default: 0]) dead"
        }
        return (["batches=\(totals.batches)", "events=\(totals.events)", "reconnects=\(totals.reconnects)"] + perHandler)
            .joined(separator: " ")
    }
}
