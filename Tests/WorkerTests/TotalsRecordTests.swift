import Foundation
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// The worker's totals as one JSON line: its keys (the README's list) and its values, from
/// the record alone and from a running engine.
@Suite("Totals as a JSON log line")
struct TotalsRecordTests {
    /// The README's keys: every line has exactly these, and each handler exactly those.
    static let keys: Set<String> = [
        "time", "event", "worker", "batches", "events", "reconnects", "done", "retried", "dead", "released", "handlers",
        "counters",
    ]
    static let handlerKeys: Set<String> = ["done", "retried", "dead", "released"]

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    @Test("the keys are fixed, the sums are over handlers, a handler without work has zeros")
    func recordOfKnownTotals() throws {
        var totals = WorkerStats.Totals()
        totals.batches = 4
        totals.events = 9
        totals.reconnects = 1
        totals.done = ["notifications": 6, "push": 1]
        totals.retried = ["push": 2]
        totals.dead = ["push": 1]
        totals.released = ["notifications": 3]
        totals.counters = ["push.sent": 5]
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let line = WorkerStats.Record(totals, event: "totals", worker: "host:1:x", handlers: ["notifications", "push", "idle"],
                                      counters: ["push.sent", "push.no_device"], at: date).json
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("{\"batches\":4,"), "sorted keys: \(line)")
        let object = try Self.object(line)
        #expect(Set(object.keys) == Self.keys)
        #expect(object["time"] as? String == "2023-11-14T22:13:20.250Z")
        #expect(object["event"] as? String == "totals")
        #expect(object["worker"] as? String == "host:1:x")
        for (key, value) in ["batches": 4, "events": 9, "reconnects": 1, "done": 7, "retried": 2, "dead": 1, "released": 3] {
            #expect(object[key] as? Int == value, "\(key)")
        }
        let handlers = try #require(object["handlers"] as? [String: [String: Int]])
        #expect(Set(handlers.keys) == ["notifications", "push", "idle"])
        #expect(handlers.values.allSatisfy { Set($0.keys) == Self.handlerKeys })
        #expect(handlers["notifications"] == ["done": 6, "retried": 0, "dead": 0, "released": 3])
        #expect(handlers["push"] == ["done": 1, "retried": 2, "dead": 1, "released": 0])
        #expect(handlers["idle"] == ["done": 0, "retried": 0, "dead": 0, "released": 0])
        #expect(object["counters"] as? [String: Int] == ["push.sent": 5, "push.no_device": 0], "named counters, zeros included")
    }

    @Test("a running engine logs the JSON line beside the human one, and a last one when it stops")
    func engineLogsRecords() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let good = RecordingHandler(name: "rec-good")
        let bad = RecordingHandler(name: "rec-bad") { _ in .failed(message: "no", retryable: false) }
        try await good.register(on: f.connection)
        try await bad.register(on: f.connection)
        let lines = Mutex<[String]>([])
        let log = WorkerLog(sink: { line in lines.withLock { $0.append(line) } })
        let running = f.engine(handlers: [good, bad], log: log) { $0.statsInterval = .milliseconds(100); $0.workerID = "totals-test" }
        for i in 0..<3 { _ = try await f.task(declaredBy: alice, title: "task \(i)") }

        func records() throws -> [[String: Any]] {
            try lines.withLock { $0 }.filter { $0.hasPrefix("{") }.map(Self.object)
        }
        func handler(_ record: [String: Any], _ name: String) -> [String: Int]? {
            (record["handlers"] as? [String: [String: Int]])?[name]
        }
        #expect(try await eventually {
            try records().contains { $0["event"] as? String == "totals" && $0["done"] as? Int == 3 && $0["dead"] as? Int == 3 }
        }, "\(lines.withLock { $0 })")
        try await running.stop()

        let all = try records()
        let human = lines.withLock { $0 }.filter { $0.hasPrefix("totals: ") }
        #expect(human.count == all.count - 1, "one JSON line beside each human totals line, and the last")
        #expect(all.allSatisfy { Set($0.keys) == Self.keys })
        let last = try #require(all.last)
        #expect(last["event"] as? String == "stopped")
        #expect(last["worker"] as? String == "totals-test")
        #expect((last["events"] as? Int ?? 0) >= 3)
        #expect(handler(last, "rec-good") == ["done": 3, "retried": 0, "dead": 0, "released": 0])
        #expect(handler(last, "rec-bad") == ["done": 0, "retried": 0, "dead": 3, "released": 0])
        await f.close()
    }
}
