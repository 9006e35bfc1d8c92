import DispatchServer
import Foundation
import Migrations
import Postgres
import TestSupport
import Testing

/// Everything through PgBouncer in transaction mode (started by the test on a Unix socket),
/// with fewer server connections than clients: consecutive transactions of one client run on
/// different server connections, which other clients use in between.
@Suite("Through PgBouncer in transaction mode")
struct PoolerTests {
    @Test("undeclared, statement names never collide and the pooler is detected; with pgbouncer=true none is made and LISTEN is refused")
    func namedStatements() async throws {
        try await PooledDatabase.with(poolSize: 1) { f in
            // Two clients on one server connection: each prepares under a name of its own
            // (once every client's first statement was "dispatch_1": 42P05, or another
            // client's statement bound and run), and each gets its own answer.
            let first = try await PostgresConnection.connect(f.bouncer.undeclaredURL(database: f.db.name))
            let second = try await PostgresConnection.connect(f.bouncer.undeclaredURL(database: f.db.name))
            #expect(!first.isTransactionPooled)
            #expect(try await first.query("select 1", prepared: true).scalar(Int.self) == 1)
            #expect(try await second.query("select 2", prepared: true).scalar(Int.self) == 2)
            #expect(try await first.query("select \(3)::int + 0", prepared: true).scalar(Int.self) == 3)
            let names = try await first.query("select name from pg_prepared_statements where name like 'dispatch\\_%'")
                .map { try $0.decode(0, as: String.self) }
            #expect(Set(names).count == names.count && names.count >= 2, "\(names)")
            await first.close()
            await second.close()

            // With two server connections a client's statements move between them: the
            // statement it prepared is missing (26000) on the other one, which the
            // connection takes as the pooler's sign. It then goes unnamed and answers.
            let wider = try await PgBouncer.start(inFrontOf: f.admin, poolSize: 2)
            do {
                var clients: [PostgresConnection] = []
                for _ in 0..<3 { clients.append(try await PostgresConnection.connect(wider.undeclaredURL(database: f.db.name))) }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (k, client) in clients.enumerated() {
                        group.addTask {
                            for i in 0..<200 {
                                #expect(try await client.query("select \(i)::int + \(k)::int", prepared: true).scalar(Int.self) == i + k)
                                let sum = try await client.transaction { c in
                                    try c.query("select \(i)::int * 2", prepared: true).scalar(Int.self)
                                }
                                #expect(sum == i * 2)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                var detected = false
                for client in clients { detected = await client.detectedPooler || detected }
                #expect(detected, "the moves were seen")
                for client in clients { await client.close() }
                // Found once, the pooler carries no LISTEN from this process, on any of its
                // connections (notifications would go to whichever client next holds that
                // server connection): listeners use the direct URL, or the worker polls.
                let url = wider.undeclaredURL(database: f.db.name)
                #expect(PostgresConnection.isKnownPooled(url))
                let fresh = try await PostgresConnection.connect(url)
                await #expect(throws: PostgresError.self) { try await fresh.listen(on: "dispatch_outbox") { _ in } }
                await fresh.close()
            } catch {
                await wider.stop()
                throw error
            }
            await wider.stop()

            // Declared: four clients, prepared statements and pipelines, one server connection.
            var clients: [PostgresConnection] = []
            for _ in 0..<4 { clients.append(try await PostgresConnection.connect(f.pooledURL)) }
            #expect(clients.allSatisfy { $0.isTransactionPooled })
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (k, client) in clients.enumerated() {
                    group.addTask {
                        for i in 0..<100 {
                            #expect(try await client.query("select \(i)::int + \(k)::int", prepared: true).scalar(Int.self) == i + k)
                            let rows = try await client.pipeline(["select \(i)::int", "select \(k)::text"], prepared: true)
                            #expect(try rows[0].scalar(Int.self) == i && rows[1].scalar(String.self) == "\(k)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let prepared = try await clients[0].query("select count(*)::int from pg_prepared_statements where name like 'dispatch\\_%'")
                .scalar(Int.self)
            #expect(prepared == 3, "only the undeclared clients' three statements, left on the server connection")

            let refused = await #expect(throws: PostgresError.self) {
                try await clients[0].listen(on: "dispatch_outbox") { _ in }
            }
            #expect(refused?.message.contains("DATABASE_DIRECT_URL") == true)
            #expect(throws: PostgresError.self) { try PostgresConnection.isTransactionPooled(f.pooledURL + "x") }
            for client in clients { await client.close() }
        }
    }

    @Test("migrate through the pooler: refused without DATABASE_DIRECT_URL, applied with it")
    func migrateThroughThePooler() async throws {
        try await PooledDatabase.with(migrated: false) { f in
            let migrate = builtExecutable("migrate")
            try #require(FileManager.default.isExecutableFile(atPath: migrate), "build migrate first (swift build)")
            let directory = TestDatabase.migrationsDirectory
            let files = try Migration.load(from: directory)

            // The library refuses too, before taking its lock.
            let pooled = try await PostgresConnection.connect(f.pooledURL)
            await #expect {
                try await MigrationRunner(migrations: files, log: { _ in }).up(pooled)
            } throws: { error in
                guard case MigrationError.needsSession = error else { return false }
                return true
            }
            await pooled.close()

            let refused = try await ChildProcess.run(migrate, ["--dir", directory], environment: [
                "DATABASE_URL": f.pooledURL, "DATABASE_DIRECT_URL": "",
            ])
            #expect(refused.status == 1)
            #expect(refused.output.contains("transaction pooler") && refused.output.contains("DATABASE_DIRECT_URL"), "\(refused.output)")
            #expect(try await f.admin.query("select to_regclass('migrations.schema_migrations') is null").scalar(Bool.self), "nothing applied")

            let applied = try await ChildProcess.run(migrate, ["--dir", directory], environment: [
                "DATABASE_URL": f.pooledURL, "DATABASE_DIRECT_URL": f.directURL,
            ])
            #expect(applied.status == 0, "\(applied.output)")
            #expect(applied.output.contains("applied \(files.last!.fileName)"), "\(applied.output)")
            #expect(try await f.admin.query("select count(*)::int from migrations.schema_migrations").scalar(Int.self) == files.count)

            // status needs no lock: it answers through the pooler alone.
            let status = try await ChildProcess.run(migrate, ["status", "--dir", directory, "--database-url", f.pooledURL], environment: [
                "DATABASE_DIRECT_URL": "",
            ])
            #expect(status.status == 0, "\(status.output)")
            #expect(status.output.split(separator: "\n").filter { $0.hasPrefix("applied") && !$0.contains(" code/") }.count == files.count,
                    "\(status.output)")
        }
    }

    @Test("the worker on a pooled DATABASE_URL and a direct URL: 1,000 claims, no 42P05 / 26000, nothing lost")
    func workerThroughThePooler() async throws {
        try await PooledDatabase.with(poolSize: 2) { f in
            let alice = try await DeploymentData.user(f.admin, "Alice")
            let bob = try await DeploymentData.user(f.admin, "Bob")
            // Pushes go to devices: Alice has one.
            try await f.admin.query("insert into public.push_devices (user_id, token, platform) values (\(alice), 'alice-phone', 'ios')")
            try await NotificationLimits.lift(f.admin)
            let tasks = try await DeploymentData.tasks(f.admin, declaredBy: alice, count: 1000)
            let pushes = NSTemporaryDirectory() + "pooled-pushes-\(UUID().uuidString.prefix(8)).jsonl"
            defer { try? FileManager.default.removeItem(atPath: pushes) }
            let worker = try ChildProcess(builtExecutable("dispatch-worker"), [
                "--push-sink", "file:" + pushes, "--concurrency", "2", "--batch-size", "100", "--log-batches", "false",
                "--stats-interval", "0", "--maintenance-interval", "1", "--poll-interval", "5",
            ], environment: ["DATABASE_URL": f.pooledURL, "DATABASE_DIRECT_URL": f.directURL])
            defer { worker.removeOutput() }

            // Bob claims every task through the pooler too, eight at a time.
            let roles = ConnectionRoles(primary: f.pooledURL, maxConnections: 8)
            let claims = ClaimService(pool: roles.primary, user: bob)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for slice in 0..<8 {
                    group.addTask {
                        for task in stride(from: slice, to: tasks.count, by: 8) { try await claims.claim(.task, id: tasks[task]) }
                    }
                }
                try await group.waitForAll()
            }
            let handled = try await eventually(timeout: .seconds(90), every: .milliseconds(200)) {
                try await f.admin.query("select count(*)::int from public.notifications where type = 'task_claimed'").scalar(Int.self) == 1000
                    && pushLines(pushes) >= 1000
            }
            #expect(handled, "\(worker.stderr.suffix(2000))")
            #expect(pushLines(pushes) == 1000, "one push per claim")
            #expect(try await f.admin.query("select count(*)::int from outbox.deliveries where state <> 'done'").scalar(Int.self) == 0)
            // The doorbell listens on the direct URL: a session of its own, whose last statement is LISTEN.
            let listening = try await f.admin.query("""
                select count(*)::int from pg_stat_activity where datname = current_database() and query ilike 'listen %'
                """).scalar(Int.self)
            #expect(listening == 1)
            worker.signal(SIGINT)
            #expect(await worker.wait(timeout: .seconds(15)) == 0)
            let log = worker.stderr
            for sign in ["42P05", "26000", "prepared statement", "no doorbell", "maintenance failed"] {
                #expect(!log.contains(sign), "\(sign) in the worker's log: \(log.suffix(2000))")
            }
            await roles.close()
        }
    }

    @Test("two workers behind an undeclared pooler (no pgbouncer=true): every one of 40 claims notified, none dead, no statement of another client bound")
    func workersThroughAnUndeclaredPooler() async throws {
        try await PooledDatabase.with(poolSize: 2) { f in
            let alice = try await DeploymentData.user(f.admin, "Alice")
            let bob = try await DeploymentData.user(f.admin, "Bob")
            try await f.admin.query("insert into public.push_devices (user_id, token, platform) values (\(alice), 'alice-phone', 'ios')")
            let tasks = try await DeploymentData.tasks(f.admin, declaredBy: alice, count: 40)
            // 40 claims by one user notify one user: over the hourly rate limit, which this test is not about.
            try await NotificationLimits.lift(f.admin)
            let undeclared = f.bouncer.undeclaredURL(database: f.db.name)
            var workers: [(ChildProcess, String)] = []
            for n in 0..<2 {
                let pushes = NSTemporaryDirectory() + "undeclared-pushes-\(n)-\(UUID().uuidString.prefix(8)).jsonl"
                workers.append((try ChildProcess(builtExecutable("dispatch-worker"), [
                    "--push-sink", "file:" + pushes, "--concurrency", "2", "--batch-size", "5", "--log-batches", "false",
                    "--stats-interval", "0", "--maintenance-interval", "0", "--poll-interval", "0.5",
                ], environment: ["DATABASE_URL": undeclared, "DATABASE_DIRECT_URL": f.directURL]), pushes))
            }
            defer {
                for (worker, pushes) in workers {
                    worker.removeOutput()
                    try? FileManager.default.removeItem(atPath: pushes)
                }
            }
            // Bob claims through the same undeclared pooler, four at a time.
            let pool = PostgresPool(undeclared, maxConnections: 4)
            let claims = ClaimService(pool: pool, user: bob)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for slice in 0..<4 {
                    group.addTask {
                        for task in stride(from: slice, to: tasks.count, by: 4) { try await claims.claim(.task, id: tasks[task]) }
                    }
                }
                try await group.waitForAll()
            }
            let pushCount = { workers.reduce(0) { $0 + pushLines($1.1) } }
            let handled = try await eventually(timeout: .seconds(60), every: .milliseconds(200)) {
                try await f.admin.query("select count(*)::int from public.notifications where type = 'task_claimed'").scalar(Int.self) == 40
                    && pushCount() >= 40
            }
            let logs = workers.map { $0.0.stderr }.joined(separator: "\n")
            #expect(handled, "\(logs.suffix(3000))")
            #expect(pushCount() == 40, "one push per claim")
            #expect(try await f.admin.query("select count(*)::int from outbox.deliveries where state = 'dead'").scalar(Int.self) == 0)
            #expect(try await eventually {
                try await f.admin.query("select count(*)::int from outbox.deliveries where state <> 'done'").scalar(Int.self) == 0
            })
            for (worker, _) in workers {
                worker.signal(SIGINT)
                #expect(await worker.wait(timeout: .seconds(15)) == 0)
            }
            // A statement of another client bound here would fail its Bind (08P01, another
            // parameter count) or, with the same count, run: answers would be wrong or missing.
            #expect(logs.contains("add pgbouncer=true"), "the pooler was detected (statements moved): \(logs.suffix(2000))")
            for sign in ["08P01", "bind message supplies", "42P05"] {
                #expect(!logs.contains(sign), "\(sign) in the workers' logs: \(logs.suffix(3000))")
            }
            await pool.close()
        }
    }

    @Test("the worker on a pooled DATABASE_URL alone polls, and says so once")
    func workerWithoutDirectURLPolls() async throws {
        try await PooledDatabase.with { f in
            let alice = try await DeploymentData.user(f.admin, "Alice")
            let bob = try await DeploymentData.user(f.admin, "Bob")
            let tasks = try await DeploymentData.tasks(f.admin, declaredBy: alice, count: 20)
            let worker = try ChildProcess(builtExecutable("dispatch-worker"), [
                "--push-sink", "file:/dev/null", "--log-batches", "false", "--stats-interval", "0", "--maintenance-interval", "0",
                "--poll-interval", "0.2",
            ], environment: ["DATABASE_URL": f.pooledURL, "DATABASE_DIRECT_URL": ""])
            defer { worker.removeOutput() }
            for task in tasks { try await f.admin.transaction(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") } }
            #expect(try await eventually(timeout: .seconds(30)) {
                try await f.admin.query("select count(*)::int from public.notifications where type = 'task_claimed'").scalar(Int.self) == 20
            }, "\(worker.stderr)")
            worker.signal(SIGINT)
            #expect(await worker.wait(timeout: .seconds(15)) == 0)
            #expect(worker.stderr.components(separatedBy: "no doorbell").count == 2, "said once: \(worker.stderr)")
            #expect(try await f.admin.query("""
                select count(*)::int from pg_stat_activity where datname = current_database() and query ilike 'listen %'
                """).scalar(Int.self) == 0)
        }
    }

    @Test("the library's services through the pooler: the same answers as direct, writes apply, change feeds arrive")
    func servicesThroughThePooler() async throws {
        try await PooledDatabase.with(poolSize: 2) { f in
            let scenario = try await ServiceScenario.seed(f.admin)
            let direct = ConnectionRoles(primary: f.directURL)
            let pooled = ConnectionRoles(primary: f.pooledURL, direct: f.directURL, maxConnections: 6)
            let expected = try await scenario.reads(direct)
            #expect(ServiceScenario.empty(expected).isEmpty, "a comparison of empty answers proves nothing")
            // Four readers at once on two server connections.
            try await withThrowingTaskGroup(of: ServiceScenario.Answers.self) { group in
                for _ in 0..<4 { group.addTask { try await scenario.reads(pooled) } }
                for try await answers in group { #expect(answers == expected) }
            }

            // A feed through the direct URL LISTENs: once it has read (and found nothing), only
            // the doorbell can bring the change before its 60 s poll.
            let start = RealtimeCursor(rawValue: try await f.admin.query("select outbox.current_cursor()").scalar(String.self))
            let live = pooled.changes(tables: ["watchlist_entries"], since: start, options: .init(pollInterval: .seconds(60)))
            async let heardLive = first(of: live)
            #expect(try await eventually {
                try await f.admin.query("""
                    select exists (select from pg_stat_activity where datname = current_database() and state = 'idle'
                                      and query like '%outbox.changes_since%')
                    """).scalar(Bool.self)
            })

            // Writes through the pooler.
            let entry = UUID()
            let pushed = try await SyncService(roles: pooled, user: scenario.alice).push(
                table: .watchlistEntries,
                record: ["id": .string(entry.uuidString), "watchlist_id": .string(scenario.watchlist.uuidString), "nickname": "pushed"],
                expectedVersion: nil)
            #expect(!pushed.isConflict)
            let claims = ClaimService(pool: pooled.primary, user: scenario.bob)
            #expect(try await claims.claim(.task, id: scenario.task)["claimed_by"]?.stringValue == scenario.bob.uuidString.lowercased())
            try await claims.release(.task, id: scenario.task)
            let restored = try await AuditService(roles: pooled, user: scenario.alice).restore(entity: .task, id: scenario.deletedTask)
            #expect(restored["title"] == "Deleted")
            #expect(try await NotificationService(pool: pooled.primary, user: scenario.alice).markAllRead() == 2)

            #expect(try await heardLive?.recordID == entry, "the live feed (60 s poll) heard the doorbell")
            // Through the pooled URL alone a feed cannot LISTEN: it reads on its poll interval.
            let polled = ConnectionRoles(primary: f.pooledURL)
                .changes(tables: ["watchlist_entries"], since: start, options: .init(pollInterval: .milliseconds(200)))
            #expect(try await first(of: polled)?.recordID == entry)
            await direct.close()
            await pooled.close()
        }
    }
}

/// The first record of `feed`, or nil after `timeout`.
func first(of feed: ChangeFeed, timeout: Duration = .seconds(20)) async throws -> RealtimeRecord? {
    try await withThrowingTaskGroup(of: RealtimeRecord?.self) { group in
        group.addTask {
            var iterator = feed.makeAsyncIterator()
            return try await iterator.next()
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        let found = try await group.next() ?? nil
        group.cancelAll()
        return found
    }
}

/// How many pushes a file sink wrote.
func pushLines(_ path: String) -> Int {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
}
