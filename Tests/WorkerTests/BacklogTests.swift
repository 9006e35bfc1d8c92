import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// The queue under a large backlog and while the log is pruned: failures stay exactly the
/// failed deliveries, and pruning never takes an event a handler or a feed still needs.
@Suite("Outbox backlog and pruning")
struct BacklogTests {
    /// `count` events in the log, written in one transaction (the log is the queue's input;
    /// writing it directly keeps a 100,000-event backlog quick to build).
    func appendEvents(_ f: WorkerFixture, count: Int, label: String, age: String = "0 seconds") async throws -> [Int64] {
        try await f.connection.query("""
            insert into outbox.events (table_name, op, record_id, record, created_at)
            select 'tasks', 'insert', gen_random_uuid(), jsonb_build_object('title', \(label) || ' ' || g), now() - \(age)::interval
              from generate_series(1, \(count)::int) g
            returning id
            """).map { try $0.decode(0, as: Int64.self) }
    }

    @Test("a handler failing every 10th event of a 100,000-event backlog: exactly those retried or dead, every other event handled once")
    func failuresUnderBacklog() async throws {
        let f = try await WorkerFixture.make()
        // Every 10th event fails: those with id % 20 == 0 on every attempt (dead after the
        // configured 3), those with id % 20 == 10 on the first attempt only.
        let handler = RecordingHandler(name: "rec") { event in
            guard event.id % 10 == 0 else { return .done }
            if event.id % 20 == 10, event.attempt(for: "rec") > 1 { return .done }
            return .failed(message: "every tenth event fails (attempt \(event.attempt(for: "rec")))", retryable: true)
        }
        try await handler.register(on: f.connection, maxAttempts: 3)
        let events = try await appendEvents(f, count: 100_000, label: "backlog")
        let twin = RecordingHandler(name: "rec", answer: handler.answer)
        let first = f.engine(handlers: [handler]) { $0.concurrency = 2 }
        let second = f.engine(handlers: [twin]) { $0.concurrency = 2; $0.batchSize = 300 }
        #expect(try await eventually(timeout: .seconds(180)) { try await f.outstanding(handler: "rec") == 0 })
        try await first.stop()
        try await second.stop()

        var attempts: [Int64: [Int]] = handler.attempts
        for (id, list) in twin.attempts { attempts[id, default: []] += list }
        #expect(attempts.count == events.count, "every event reached the handler")
        var wrong: [Int64] = []
        for id in events {
            let seen = (attempts[id] ?? []).sorted()
            let expected: [Int] = id % 20 == 0 ? [1, 2, 3] : id % 20 == 10 ? [1, 2] : [1]
            if seen != expected { wrong.append(id) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) events with other attempts than configured, e.g. \(wrong.prefix(5).map { ($0, attempts[$0] ?? []) })")

        let dead = try await f.connection.query(
            "select event_id from outbox.retries where handler = 'rec' and state = 'dead' order by 1").map { try $0.decode(0, as: Int64.self) }
        #expect(dead == events.filter { $0 % 20 == 0 }, "exactly the events failing every attempt are dead")
        let left = try await f.connection.query(
            "select (select count(*) from outbox.retries where state <> 'dead')::int, (select count(*) from outbox.batches where state <> 'free')::int").first!
        #expect(try left.decode(0, as: Int.self) == 0 && left.decode(1, as: Int.self) == 0, "no other row is left in the queue tables")
        let status = try #require(try await OutboxQueue.status(f.connection).first { $0.handler == "rec" })
        #expect(status.dead == 5_000 && status.pending == 0 && status.failed == 0)
        await f.close()
    }

    @Test("pruning while workers run loses nothing a handler or a feed cursor still needs; an expired feed cursor gets CURSOR_EXPIRED")
    func pruneWhileRunning() async throws {
        let f = try await WorkerFixture.make()
        // Only these two handlers (the built-in ones would hold the log back: no worker here runs them).
        try await f.connection.query("select outbox.unregister_handler('notifications'), outbox.unregister_handler('push'), outbox.unregister_handler('photos')")
        let fast = RecordingHandler(name: "fast"), slow = RecordingHandler(name: "slow")
        try await fast.register(on: f.connection)
        try await slow.register(on: f.connection)
        let beforeOld = try await f.connection.query("select outbox.current_cursor()").scalar(String.self)
        // 5,000 events of ten days ago (one transaction), older than the 7-day retention.
        let old = try await appendEvents(f, count: 5_000, label: "old", age: "10 days")
        let afterOld = try await f.connection.query("select outbox.current_cursor()").scalar(String.self)

        // Prune every 20 ms for the whole test, and write new events while the workers run.
        let pruned = Mutex(0)
        let pruning = Task {
            let connection = try await f.db.connect()
            while !Task.isCancelled {
                let n = try await connection.query("select outbox.prune('7 days')").scalar(Int.self)
                pruned.withLock { $0 += n }
                try? await Task.sleep(for: .milliseconds(20))
            }
            await connection.close()
        }
        let running = f.engine(handlers: [fast]) { $0.concurrency = 2; $0.batchSize = 200 }
        var fresh: [Int64] = []
        for i in 0..<50 { fresh += try await appendEvents(f, count: 20, label: "new \(i)") }
        #expect(try await eventually(timeout: .seconds(60)) { fast.counts.count == old.count + fresh.count })
        // The slow handler has read nothing yet: the old day stays.
        try await Task.sleep(for: .milliseconds(300))
        #expect(pruned.withLock { $0 } == 0, "nothing pruned while a handler still needs it")
        #expect(try await f.connection.query(
            "select count(*)::int from outbox.events where id = any (\(old)::bigint[])").scalar(Int.self) == old.count)

        let catchingUp = f.engine(handlers: [slow]) { $0.concurrency = 2; $0.batchSize = 200 }
        for i in 50..<60 { fresh += try await appendEvents(f, count: 20, label: "new \(i)") }
        #expect(try await eventually(timeout: .seconds(60)) { slow.counts.count == old.count + fresh.count })
        #expect(try await eventually(timeout: .seconds(30)) { pruned.withLock { $0 } == old.count }, "the old day leaves once both handlers are past it")
        try await running.stop()
        try await catchingUp.stop()
        pruning.cancel()
        _ = await pruning.result

        for handler in [fast, slow] {
            #expect(Set(handler.counts.keys) == Set(old + fresh), "\(handler.name): every event handled")
            #expect(handler.counts.values.allSatisfy { $0 == 1 }, "\(handler.name): none twice")
        }
        #expect(try await f.connection.query("select count(*)::int from outbox.events").scalar(Int.self) == fresh.count)

        // A feed cursor taken after the old day still reads every new event...
        var seen: [Int64] = []
        var cursor = afterOld
        while true {
            let page = try JSONValue(parsing: try await f.connection.query(
                "select outbox.changes_since(\(cursor), null, 500)::text").scalar(String.self))
            seen += (page["events"]?.arrayValue ?? []).compactMap { $0["id"]?.doubleValue.map { Int64($0) } }
            cursor = try #require(page["cursor"]?.stringValue)
            if page["has_more"]?.boolValue != true { break }
        }
        #expect(Set(seen) == Set(fresh))
        // ... and one taken before it had not read events that are gone: a coded error, no gap.
        await #expect(performing: {
            try await f.connection.query("select outbox.changes_since(\(beforeOld), null, 500)")
        }, throws: { ($0 as? PostgresError)?.message.hasPrefix("CURSOR_EXPIRED:") == true })
        let feed = f.connection.changes(since: RealtimeCursor(rawValue: beforeOld)).makeAsyncIterator()
        await #expect(performing: {
            var iterator = feed
            _ = try await iterator.next()
        }, throws: { ($0 as? PostgresError)?.message.hasPrefix("CURSOR_EXPIRED:") == true })
        await f.close()
    }
}
