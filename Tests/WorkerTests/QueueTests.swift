import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker
import WorkerTestSupport

/// The queue semantics through the engine: exactly once per handler with several workers,
/// late commits, retries with backoff, dead letters and re-queueing, leases, clean stops.
@Suite("Outbox queue and engine")
struct QueueTests {
    @Test("two engines on 1,000 events: every event handled exactly once per handler")
    func twoEnginesExactlyOnce() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        // Two handlers, each run by both engines (with two loops each).
        let a1 = RecordingHandler(name: "rec-a"), a2 = RecordingHandler(name: "rec-a")
        let b1 = RecordingHandler(name: "rec-b"), b2 = RecordingHandler(name: "rec-b")
        try await a1.register(on: f.connection)
        try await b1.register(on: f.connection)
        let first = f.engine(handlers: [a1, b1]) { $0.concurrency = 2; $0.batchSize = 37 }
        let second = f.engine(handlers: [a2, b2]) { $0.concurrency = 2; $0.batchSize = 23 }
        // 1,000 events while the engines run: 400 single inserts, 200 in one statement,
        // 400 updates in small transactions.
        for i in 0..<400 { _ = try await f.task(declaredBy: alice, title: "task \(i)") }
        try await f.connection.query("insert into public.tasks (title, declared_by) select 'bulk ' || g, \(alice) from generate_series(1, 200) g")
        let ids = try await f.connection.query("select id from public.tasks order by title limit 400").map { try $0.decode(0, as: UUID.self) }
        for chunk in stride(from: 0, to: ids.count, by: 10) {
            let slice = Array(ids[chunk..<min(chunk + 10, ids.count)])
            try await f.connection.query("update public.tasks set priority = 'high' where id = any (\(slice)::uuid[])")
        }
        let events = try await f.connection.query("select id from outbox.events where table_name = 'tasks'").map { try $0.decode(0, as: Int64.self) }
        #expect(events.count == 1000)
        #expect(try await eventually(timeout: .seconds(60)) {
            let a = try await f.outstanding(handler: "rec-a")
            let b = try await f.outstanding(handler: "rec-b")
            return a == 0 && b == 0
        })
        try await first.stop()
        try await second.stop()

        for (name, pair) in [("rec-a", (a1, a2)), ("rec-b", (b1, b2))] {
            var total: [Int64: Int] = [:]
            for (id, n) in pair.0.counts { total[id, default: 0] += n }
            for (id, n) in pair.1.counts { total[id, default: 0] += n }
            #expect(Set(total.keys) == Set(events), "\(name): every event handled")
            #expect(total.values.allSatisfy { $0 == 1 }, "\(name): none twice (\(total.values.filter { $0 > 1 }.count) duplicates)")
            #expect(!pair.0.counts.isEmpty && !pair.1.counts.isEmpty, "\(name): both engines took part")
        }
        await f.close()
    }

    @Test("an event whose transaction commits after later ones is still handled, once")
    func lateCommit() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let handler = RecordingHandler(name: "rec")
        try await handler.register(on: f.connection)
        let running = f.engine(handlers: [handler])
        let slow = try await f.db.connect()
        try await slow.query("begin")
        let lateTask = try await slow.query("insert into public.tasks (title, declared_by) values ('late', \(alice)) returning id").scalar(UUID.self)
        for i in 0..<5 { _ = try await f.task(declaredBy: alice, title: "early \(i)") }
        #expect(try await eventually { handler.counts.count == 5 })
        try await slow.query("commit")
        #expect(try await eventually { handler.counts.count == 6 })
        try await Task.sleep(for: .milliseconds(500))
        try await running.stop()
        #expect(handler.counts.values.allSatisfy { $0 == 1 })
        let lateEvent = try await f.connection.query("select id from outbox.events where record_id = \(lateTask)").scalar(Int64.self)
        #expect(handler.counts[lateEvent] == 1)
        #expect(lateEvent < handler.counts.keys.max()!, "the late event has a smaller id than events handled before it")
        await slow.close()
        await f.close()
    }

    @Test("a handler that wants every other event fills a claim in two reads, and its cursor stops after the last event it took")
    func readAhead() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        try await f.connection.query("select outbox.register_handler('rec-inserts', '{tasks}', '{insert}', 5)")
        // 200 inserts, each followed by an update of its task: the handler wants every other event.
        for i in 0..<200 {
            let task = try await f.task(declaredBy: alice, title: "task \(i)")
            try await f.connection.query("update public.tasks set priority = 'high' where id = \(task)")
        }
        let inserts = try await f.connection.query(
            "select id from outbox.events where table_name = 'tasks' and op = 'insert' order by id").map { try $0.decode(0, as: Int64.self) }
        #expect(inserts.count == 200)

        // Reading only as many events as the share left (half of them wanted each time), a
        // claim made eight reads, each its own batch, and still came back short.
        let first = try await OutboxQueue.claim(f.connection, worker: "w", handlers: ["rec-inserts"], batch: 50, lease: .seconds(30))
        #expect(first.map(\.id) == Array(inserts.prefix(50)))
        #expect(Set(first.flatMap(\.batches)).count <= 2, "\(Set(first.flatMap(\.batches)).count) batches")
        // The events read past the last one taken are read again by the next claim.
        let cursor = try await f.connection.query("select last_event_id from outbox.cursors where handler = 'rec-inserts'").scalar(Int64.self)
        #expect(cursor == inserts[49])

        // Claim by claim to the end: each insert once, in order, none missed.
        var seen = first.map(\.id)
        try await f.connection.query("select outbox.complete('w', \(Array(Set(first.flatMap(\.batches))))::bigint[])")
        while true {
            let events = try await OutboxQueue.claim(f.connection, worker: "w", handlers: ["rec-inserts"], batch: 50, lease: .seconds(30))
            if events.isEmpty { break }
            #expect(events.count <= 50)
            seen += events.map(\.id)
            try await f.connection.query("select outbox.complete('w', \(Array(Set(events.flatMap(\.batches))))::bigint[])")
        }
        #expect(seen == inserts)
        #expect(try await f.outstanding(handler: "rec-inserts") == 0)
        await f.close()
    }

    @Test("a transient failure is retried after about a second; a permanent one goes dead at once; re-queued dead events run again")
    func retryDeadRequeue() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let failedOnce = Mutex<Set<Int64>>([])
        let permanentTitle = "bad data"
        let fixed = Mutex(false)
        let handler = RecordingHandler(name: "rec") { event in
            let title = (try? event.record().decode("title", as: String.self)) ?? ""
            if title == permanentTitle, !fixed.withLock({ $0 }) {
                return .failure(HandlerError.permanent("cannot handle \(title)"))
            }
            let first = failedOnce.withLock { $0.insert(event.id).inserted }
            return first ? .failure(HandlerError.transient("simulated outage")) : .done
        }
        try await handler.register(on: f.connection)
        let running = f.engine(handlers: [handler])
        let started = ContinuousClock.now
        let good = try await f.task(declaredBy: alice, title: "good")
        let bad = try await f.task(declaredBy: alice, title: permanentTitle)
        let goodEvent = try await f.connection.query("select id from outbox.events where record_id = \(good)").scalar(Int64.self)
        let badEvent = try await f.connection.query("select id from outbox.events where record_id = \(bad)").scalar(Int64.self)

        #expect(try await eventually { handler.attempts[goodEvent] == [1, 2] })
        #expect(ContinuousClock.now - started >= .milliseconds(900), "the retry waits the policy's first delay (1 s)")
        #expect(try await eventually {
            try await f.connection.query("select state from outbox.deliveries where handler = 'rec' and event_id = \(badEvent)").first?.decode(0, as: String.self) == "dead"
        })
        #expect(handler.attempts[badEvent] == [1], "a permanent failure is not retried")
        let error = try await f.connection.query("select last_error from outbox.deliveries where handler = 'rec' and event_id = \(badEvent)").scalar(String.self)
        #expect(error.contains("cannot handle bad data"))
        let status = try await OutboxQueue.status(f.connection).first { $0.handler == "rec" }
        #expect(status?.dead == 1)

        fixed.withLock { $0 = true }
        let requeued = try await OutboxQueue.requeueDead(f.connection, handler: "rec")
        #expect(requeued == 1)
        // The re-queued attempt fails once more (transiently), then succeeds: attempts count afresh.
        #expect(try await eventually {
            let outstanding = try await f.outstanding(handler: "rec")
            return outstanding == 0 && handler.attempts[badEvent]?.count == 3
        })
        #expect(handler.attempts[badEvent] == [1, 1, 2])
        try await running.stop()
        await f.close()
    }

    @Test("after max attempts of transient failures the event goes dead")
    func maxAttempts() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let handler = RecordingHandler(name: "rec") { _ in .failed(message: "HTTP 503", retryable: true) }
        try await handler.register(on: f.connection, maxAttempts: 2)
        let running = f.engine(handlers: [handler])
        let task = try await f.task(declaredBy: alice)
        let event = try await f.connection.query("select id from outbox.events where record_id = \(task)").scalar(Int64.self)
        #expect(try await eventually {
            try await f.connection.query("select state from outbox.deliveries where handler = 'rec' and event_id = \(event)").first?.decode(0, as: String.self) == "dead"
        })
        #expect(handler.attempts[event] == [1, 2])
        try await running.stop()
        let stats = running.engine.stats.snapshot
        #expect(stats.retried["rec"] == 1 && stats.dead["rec"] == 1)
        await f.close()
    }

    @Test("a lost connection or a statement moved by a pooler is not a handler failure: given back untried, never dead")
    func connectionFailuresGiveBack() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let failures = Mutex(0)
        let handler = RecordingHandler(name: "rec") { _ in
            let n = failures.withLock { count -> Int in
                count += 1
                return count
            }
            switch n {
            case 1: return .failure(PostgresError(.connectionLost, "server closed the connection unexpectedly"))
            case 2: return .failure(PostgresError(.server, "prepared statement \"dispatch_x_1\" does not exist", sqlState: .invalidSQLStatementName))
            case 3: return .failure(PostgresError(.server, "bind message supplies 6 parameters, but prepared statement requires 1", sqlState: .protocolViolation))
            default: return .done
            }
        }
        // One attempt only: had any of these counted, the event would be dead.
        try await handler.register(on: f.connection, maxAttempts: 1)
        let running = f.engine(handlers: [handler])
        let task = try await f.task(declaredBy: alice)
        let event = try await f.connection.query("select id from outbox.events where record_id = \(task)").scalar(Int64.self)
        #expect(try await eventually { try await f.outstanding(handler: "rec") == 0 && failures.withLock { $0 } >= 4 })
        #expect(handler.attempts[event]?.allSatisfy { $0 == 1 } == true, "never an attempt: \(handler.attempts[event] ?? [])")
        try await running.stop()
        let stats = running.engine.stats.snapshot
        #expect(stats.dead["rec", default: 0] == 0 && stats.retried["rec", default: 0] == 0 && stats.released["rec"] == 3)
        #expect(DeliveryResult.failure(PostgresError(.server, "duplicate key", sqlState: .uniqueViolation))
                == .failed(message: "duplicate key (SQLSTATE 23505)", retryable: false), "a server's answer is still a failure")
        await f.close()
    }

    @Test("--max-attempts is stored for the worker's handlers")
    func maxAttemptsOption() async throws {
        let f = try await WorkerFixture.make()
        let running = f.engine(handlers: [NoopHandler(name: "notifications")]) { $0.maxAttempts = 3 }
        #expect(try await eventually {
            try await f.connection.query("select max_attempts from outbox.handlers where name = 'notifications'").scalar(Int.self) == 3
        })
        try await running.stop()
        let push = try await f.connection.query("select max_attempts from outbox.handlers where name = 'push'").scalar(Int.self)
        let hour = try await f.connection.query("select outbox.retry_attempts(interval '1 hour')").scalar(Int.self)
        #expect(push == hour, "handlers this worker does not run keep theirs (push: its one-hour horizon)")
        await f.close()
    }

    @Test("a stop during a batch waits for it; past the grace period the batch is given back untried")
    func stopReleases() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let slow = RecordingHandler(name: "rec", delay: .seconds(30))
        try await slow.register(on: f.connection)
        let running = f.engine(handlers: [slow]) { $0.shutdownGrace = .milliseconds(300) }
        let task = try await f.task(declaredBy: alice)
        let event = try await f.connection.query("select id from outbox.events where record_id = \(task)").scalar(Int64.self)
        #expect(try await eventually {
            try await f.connection.query("select count(*)::int from outbox.deliveries where handler = 'rec' and event_id = \(event) and state = 'running'").scalar(Int.self) == 1
        })
        let stopped = ContinuousClock.now
        try await running.stop()
        #expect(ContinuousClock.now - stopped < .seconds(5), "the sleeping handler was cancelled after the grace period")
        let row = try #require(try await f.connection.query("select state, attempts from outbox.deliveries where handler = 'rec' and event_id = \(event)").first)
        #expect(try row.decode(0, as: String.self) == "pending")
        #expect(try row.decode(1, as: Int.self) == 0, "the unfinished attempt does not count")

        // A new engine takes it at once (no lease to wait for).
        let quick = RecordingHandler(name: "rec")
        let next = f.engine(handlers: [quick])
        #expect(try await eventually(timeout: .seconds(5)) { quick.counts[event] == 1 })
        try await next.stop()
        await f.close()
    }

    @Test("the queue SQL rejects bad arguments with coded errors and changes nothing")
    func badArguments() async throws {
        let f = try await WorkerFixture.make()
        let bad: [(String, SQLAPIError.Code)] = [
            ("select * from outbox.claim(null)", .nullArgument),
            ("select * from outbox.claim('w', null, 0)", .invalidBatch),
            ("select * from outbox.claim('w', null, 10, '-1 s')", .invalidLease),
            ("select outbox.complete('w', '{}', '{a}', '{1,2}')", .arrayLengthMismatch),
            ("select outbox.complete(null, '{}')", .nullArgument),
            ("select * from outbox.fail('w', '{a}', '{1}', '{e}', null, '{1,2}')", .arrayLengthMismatch),
            ("select outbox.release('w', '{a}', '{1,2}')", .arrayLengthMismatch),
            ("select outbox.prune('-1 day')", .invalidInterval),
        ]
        for (sql, code) in bad {
            await #expect(performing: { try await f.connection.query(PostgresQuery(sql: sql)) }, throws: { error in
                (error as? PostgresError).flatMap(SQLAPIError.init)?.code == code
            })
        }
        let moved = try await f.connection.query(
            "select count(*)::int from outbox.cursors where last_event_id <> 0").scalar(Int.self)
        let batches = try await f.connection.query("select count(*)::int from outbox.batches").scalar(Int.self)
        #expect(moved == 0 && batches == 0)
        await f.close()
    }

    @Test("prune keeps events a handler still needs: not read yet, or leased in a batch")
    func prune() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let task = try await f.task(declaredBy: alice)
        try await f.connection.query("update outbox.events set created_at = now() - interval '8 days'")
        // Not read by the handlers yet: kept.
        #expect(try await f.connection.query("select outbox.prune()").scalar(Int.self) == 0)
        // Read, its batch outstanding: kept; the batch closed: pruned.
        let events = try await OutboxQueue.claim(f.connection, worker: "w", handlers: ["notifications", "push", "photos"], batch: 10, lease: .seconds(30))
        #expect(events.map(\.recordID) == [task])
        #expect(try await f.connection.query("select outbox.prune()").scalar(Int.self) == 0)
        try await f.connection.query("select outbox.complete('w', \(events[0].batches)::bigint[])")
        // The task's event and Alice's profile (users are recorded, no handler reads them).
        #expect(try await f.connection.query("select outbox.prune()").scalar(Int.self) == 2)
        #expect(try await f.connection.query("select count(*)::int from outbox.events").scalar(Int.self) == 0)
        await f.close()
    }
}
