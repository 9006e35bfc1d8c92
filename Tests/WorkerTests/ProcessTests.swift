import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing
@testable import Worker

/// The worker as a real process: killed with SIGKILL while holding a batch, stopped with
/// SIGTERM, its subcommands, and a Postgres restart under it (on a private cluster: the
/// shared one serves other suites and is never restarted). A worker that must hold a batch
/// runs the tests' build (`dispatch-worker-testing`: the same command with a sleeping
/// handler); everything else runs the shipped `dispatch-worker`.
@Suite("dispatch-worker processes", .serialized)
struct ProcessTests {
    static let shipped = "dispatch-worker"
    static let testing = "dispatch-worker-testing"

    /// A built executable, next to the test bundle (or in .build/debug).
    static func binary(_ name: String) -> String { builtExecutable(name) }

    func worker(_ executable: String, _ url: String, _ arguments: [String]) throws -> ChildProcess {
        let binary = Self.binary(executable)
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build \(executable) first (swift build)")
        return try ChildProcess(binary, ["--database-url", url, "--stats-interval", "0", "--maintenance-interval", "0",
                                         "--poll-interval", "0.2"] + arguments)
    }

    @Test("kill -9 a worker holding a batch: another takes it over once the lease expires")
    func killedWorkerLeaseTakeover() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        try await f.connection.query("select outbox.register_handler('slow', '{tasks}', '{insert}', 5)")
        let victim = try worker(Self.testing, f.db.url, ["--handlers", "slow=sleep:60000", "--lease", "2", "--concurrency", "1", "--worker-id", "victim"])
        let task = try await f.task(declaredBy: alice)
        let event = try await f.connection.query("select id from outbox.events where record_id = \(task)").scalar(Int64.self)
        #expect(try await eventually {
            try await f.connection.query("select locked_by from outbox.deliveries where handler = 'slow' and event_id = \(event)")
                .first?.decode(0, as: String?.self) == "victim/0"
        }, "\(victim.stderr)")
        victim.signal(SIGKILL)
        #expect(await victim.wait() != 0)
        let killedAt = ContinuousClock.now

        let rescuer = RecordingHandler(name: "slow")
        let running = f.engine(handlers: [rescuer])
        #expect(try await eventually(timeout: .seconds(10)) { rescuer.counts[event] == 1 })
        let tookOver = ContinuousClock.now - killedAt
        #expect(try await eventually { try await f.outstanding(handler: "slow") == 0 })
        try await running.stop()
        #expect(rescuer.attempts[event] == [2], "the rescuer ran the second attempt")
        #expect(tookOver < .seconds(6), "taken over soon after the 2 s lease (\(tookOver))")
        await f.close()
    }

    @Test("SIGTERM: the worker finishes its batch and exits 0")
    func sigtermFinishesBatch() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        try await f.connection.query("select outbox.register_handler('slow', '{tasks}', '{insert}', 5)")
        let process = try worker(Self.testing, f.db.url, ["--handlers", "slow=sleep:1500", "--concurrency", "1"])
        _ = try await f.task(declaredBy: alice)
        #expect(try await eventually {
            try await f.connection.query("select count(*)::int from outbox.deliveries where handler = 'slow' and state = 'running'").scalar(Int.self) == 1
        })
        process.signal(SIGTERM)
        let status = await process.wait(timeout: .seconds(10))
        #expect(status == 0, "\(process.stderr)")
        #expect(try await f.outstanding(handler: "slow") == 0, "the batch was finished, not abandoned")
        #expect(process.stderr.contains("received SIGTERM"))
        #expect(process.stdout.isEmpty, "stdout is for pushes only")
        // The last line is the final totals as bare JSON.
        let last = try #require(process.stderr.split(separator: "\n").last)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(last)")
        #expect(record["event"] as? String == "stopped")
        #expect((record["handlers"] as? [String: [String: Int]])?["slow"]?["done"] == 1, "\(last)")
        await f.close()
    }

    @Test("status prints the queue; requeue revives dead deliveries; bad flags and test-only handlers exit 2")
    func subcommands() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        _ = try await f.task(declaredBy: alice)
        let events = try await OutboxQueue.claim(f.connection, worker: "w", handlers: ["notifications"], batch: 10, lease: .seconds(30))
        try await f.connection.query("select * from outbox.fail('w', '{notifications}', \([events[0].id])::bigint[], '{boom}', '{false}', \(events[0].batches)::bigint[])")
        try await f.connection.query("select outbox.complete('w', \(events[0].batches)::bigint[])")

        let status = try await ChildProcess.run(Self.binary(Self.shipped), ["status", "--database-url", f.db.url])
        #expect(status.status == 0)
        #expect(status.output.contains("handler") && status.output.contains("dead"))
        let line = try #require(status.output.split(separator: "\n").first { $0.hasPrefix("notifications") })
        #expect(line.split(separator: " ", omittingEmptySubsequences: true)[7] == "1", "one dead: \(line)")

        let requeue = try await ChildProcess.run(Self.binary(Self.shipped), ["requeue", "--handler", "notifications", "--database-url", f.db.url])
        #expect(requeue.status == 0)
        #expect(requeue.output.contains("re-queued 1 dead delivery"))
        let state = try await f.connection.query("select state from outbox.deliveries").scalar(String.self)
        #expect(state == "pending")

        let bad = try await ChildProcess.run(Self.binary(Self.shipped), ["--batch-size", "0"])
        #expect(bad.status == 2)
        #expect(bad.output.contains("invalid value for --batch-size"))
        // The shipped worker cannot run the tests' handlers.
        for kind in ["slow=sleep:10", "quiet=noop"] {
            let refused = try await ChildProcess.run(Self.binary(Self.shipped), ["--database-url", f.db.url, "--handlers", kind])
            #expect(refused.status == 2, "\(kind): \(refused.output)")
            #expect(refused.output.contains("invalid value for --handlers: \(kind)"))
        }
        await f.close()
    }

    @Test("a connection refused for good ends the worker (status 1, a clear message); a server not there yet is waited for; an unknown flag is named")
    func connectionErrors() async throws {
        let f = try await WorkerFixture.make()
        let wrong = f.db.url.replacingOccurrences(of: f.db.name, with: "no_such_database_here")
        let started = ContinuousClock.now
        let refused = try await ChildProcess.run(Self.binary(Self.shipped), ["--database-url", wrong])
        #expect(refused.status == 1, "\(refused.output)")
        #expect(refused.output.contains("retrying will not help") && refused.output.contains("does not exist"), "\(refused.output)")
        #expect(ContinuousClock.now - started < .seconds(10), "at once, not after a backoff")

        let waiting = try worker(Self.shipped, "postgresql:///dispatch?host=/nonexistent-dispatch&port=1", ["--push-sink", "file:/dev/null"])
        defer { waiting.removeOutput() }
        try await Task.sleep(for: .seconds(2))
        #expect(waiting.isRunning, "a server that is not there (yet) is waited for: \(waiting.stderr)")
        #expect(waiting.stderr.contains("database unavailable"), "\(waiting.stderr)")
        waiting.signal(SIGKILL)
        _ = await waiting.wait(timeout: .seconds(10))

        let unknown = try await ChildProcess.run(Self.binary(Self.shipped), ["--batch-size", "5", "--bogus"])
        #expect(unknown.status == 2 && unknown.output.contains("unknown option --bogus"), "\(unknown.output)")
        await f.close()
    }

    @Test("Postgres restarts under a running worker: it reconnects, catches up and loses nothing")
    func postgresRestart() async throws {
        try await PrivateCluster.with { cluster in
            var connection = try await PostgresConnection.connect(cluster.url)
            let alice = UUID(), bob = UUID()
            for (id, name) in [(alice, "Alice"), (bob, "Bob")] {
                try await connection.query("insert into auth.users (id) values (\(id))")
                try await connection.query("insert into public.users (id, name) values (\(id), \(name))")
            }
            try await connection.query("insert into public.push_devices (user_id, token, platform) values (\(alice), 'alice-phone', 'ios')")
            try await NotificationLimits.lift(connection)
            try await connection.query("insert into public.tasks (title, declared_by) select 'task ' || g, \(alice) from generate_series(1, 100) g")
            let tasks = try await connection.query("select id from public.tasks order by title").map { try $0.decode(0, as: UUID.self) }
            let pushes = temporaryPath("restart-pushes.jsonl")
            let process = try worker(Self.shipped, cluster.url, ["--push-sink", "file:" + pushes, "--concurrency", "2", "--log-batches", "false"])

            func claim(_ task: UUID) async throws {
                // Our own connection dies with the restart too: reconnect and retry.
                for attempt in 0..<100 {
                    do {
                        try await connection.transaction(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
                        return
                    } catch let error as PostgresError where error.isTransient || error.kind == .client {
                        if attempt == 99 { throw error }
                        try await Task.sleep(for: .milliseconds(100))
                        if let fresh = try? await PostgresConnection.connect(cluster.url) { connection = fresh }
                    }
                }
            }
            for task in tasks[0..<40] { try await claim(task) }
            #expect(try await eventually { pushLines(pushes).count >= 20 })
            // Some claims are committed but not yet handled when the server goes down.
            for task in tasks[40..<60] { try await claim(task) }
            try await cluster.restart()
            for task in tasks[60..<100] { try await claim(task) }

            #expect(try await eventually(timeout: .seconds(60)) { pushLines(pushes).count >= 100 }, "\(process.stderr)")
            try await Task.sleep(for: .milliseconds(500))
            let lines = pushLines(pushes)
            let ids = Set(lines.compactMap { $0["notification_id"]?.stringValue })
            #expect(ids.count == 100, "every notification pushed (\(lines.count) lines, \(ids.count) distinct)")
            let rows = try await connection.query("select count(*)::int from public.notifications where type = 'task_claimed'").scalar(Int.self)
            #expect(rows == 100, "one notification per claim, none lost, none doubled")
            #expect(process.isRunning, "the worker survived the restart")
            #expect(process.stderr.contains("reconnect") || process.stderr.contains("database unavailable"), "\(process.stderr)")
            process.signal(SIGINT)
            #expect(await process.wait(timeout: .seconds(15)) == 0)
            // Each of the two claim loops lost its connection once and made one new one; the
            // attempts that failed while the server was down are not reconnections.
            let stopped = process.stderr.split(separator: "\n").last { $0.hasPrefix("{") && $0.contains(#""event":"stopped""#) }
            let totals = try JSONValue(parsing: String(try #require(stopped)))
            #expect(totals["reconnects"] == .number(2), "\(stopped ?? "")")
            await connection.close()
            try? FileManager.default.removeItem(atPath: pushes)
        }
    }
}
