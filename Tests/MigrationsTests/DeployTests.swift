import Foundation
import Migrations
import Postgres
import TestSupport
import Testing

/// Deploys while the apps run: `migrate` replaces only the definitions that differ, so a
/// code-only deploy takes no lock an app statement waits on, even beside a session idle in
/// a transaction; a deploy that does need a lock waits at most its lock timeout, tries a
/// few times, and names the session in its way.
@Suite struct DeployTests {
    /// sql/migrations and sql/code copied to a folder of their own, `edit` applied to the
    /// code files (path below sql/code → new text).
    func project(editing edit: [String: (String) -> String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("deploy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for folder in ["migrations", "code"] {
            try FileManager.default.copyItem(atPath: TestDatabase.repositoryPath("sql/\(folder)"), toPath: "\(root)/\(folder)")
        }
        for (file, change) in edit {
            let path = "\(root)/code/\(file)"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let changed = change(text)
            // An edit that no longer finds its text would deploy nothing and prove nothing.
            guard changed != text else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            try changed.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        func raise() { lock.withLock { raised = true } }
        var isRaised: Bool { lock.withLock { raised } }
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// A session idle in a transaction that holds a row lock on a task, named for the report.
    func idleHolder(_ database: TestDatabase) async throws -> (PostgresConnection, Int) {
        let holder = try await PostgresConnection.connect(database.url)
        try await holder.runScript("set application_name = 'idle-holder'")
        try await holder.runScript("begin")
        try await holder.query("select id from public.tasks order by id limit 1 for update")
        let pid = try await holder.query("select pg_backend_pid()").scalar(Int.self)
        return (holder, pid)
    }

    /// App statements (reads and writes of tasks and notes) on two connections, each waiting
    /// at most 100 ms for a lock (lock_timeout: longer fails), until `done`; the longest
    /// statement and the failures.
    func appLoad(_ database: TestDatabase, until done: @escaping @Sendable () -> Bool) async throws -> (longest: Duration, failures: [String]) {
        try await withThrowingTaskGroup(of: (Duration, [String]).self) { group in
            for writer in [false, true] {
                group.addTask {
                    let connection = try await PostgresConnection.connect(database.url)
                    try await connection.runScript("set lock_timeout = '100ms'")
                    var longest = Duration.zero
                    var failures: [String] = []
                    let row = try await connection.query("select id from public.tasks order by id desc limit 1").scalar(UUID.self)
                    while !done() {
                        let started = ContinuousClock.now
                        do {
                            if writer {
                                try await connection.query("update public.tasks set title = title where id = \(row)")
                                try await connection.query("insert into public.notes (parent_type, parent_id, content, created_by) select 'task', \(row), 'deploy', declared_by from public.tasks where id = \(row)")
                            } else {
                                _ = try await connection.query("select count(*) from public.tasks").scalar(Int.self)
                                _ = try await connection.query("select count(*) from public.notes").scalar(Int.self)
                            }
                        } catch {
                            failures.append("\(error)")
                        }
                        longest = max(longest, ContinuousClock.now - started)
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    await connection.close()
                    return (longest, failures)
                }
            }
            var longest = Duration.zero
            var failures: [String] = []
            for try await (one, failed) in group {
                longest = max(longest, one)
                failures += failed
            }
            return (longest, failures)
        }
    }

    /// Two tasks and a user, so that the load has rows to read and write. A test database is
    /// a copy of a migrated template, which it finds on its first migrate (as a restored
    /// database would): that first settling is done here, before the apps run.
    func seed(_ database: TestDatabase) async throws {
        let connection = try await database.connect()
        try await connection.query("select private.settle_incarnation()")
        try await connection.runScript("""
            insert into auth.users (id) values ('00000000-0000-4000-8000-00000000d001');
            insert into public.users (id, name) values ('00000000-0000-4000-8000-00000000d001', 'Deployer');
            insert into public.tasks (title, declared_by) values ('one', '00000000-0000-4000-8000-00000000d001'),
                                                                  ('two', '00000000-0000-4000-8000-00000000d001');
            """)
        // The load writes a note a turn on one task, past what one author may keep there.
        try await Quotas.lift(connection, "notes_per_author_per_item")
        await connection.close()
    }

    @Test("the final step run again on a database that runs it all replaces nothing and locks no table beyond reading it")
    func theFinalStepAgainChangesNothing() async throws {
        let database = try await TestDatabase.create()
        let connection = try await database.connect()
        let (locks, changed) = try await connection.transaction { connection in
            try connection.query("select private.apply_manifest()")
            let locks = try connection.query("""
                select l.relation::regclass::text || ' ' || l.mode
                  from pg_locks l join pg_class c on c.oid = l.relation
                 where l.pid = pg_backend_pid() and l.locktype = 'relation' and c.relkind in ('r', 'p')
                   and c.relnamespace <> pg_my_temp_schema() and c.relnamespace <> 'pg_catalog'::regnamespace
                   and l.mode not in ('AccessShareLock', 'RowShareLock', 'RowExclusiveLock')
                 order by 1
                """).map { try $0.decode(0, as: String.self) }
            // Rows of the catalogs this transaction wrote, outside its temporary schema.
            let changed = try connection.query("""
                select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass from pg_trigger t join pg_class c on c.oid = t.tgrelid
                 where t.xmin::text = pg_current_xact_id()::text and c.relnamespace <> pg_my_temp_schema()
                union all
                select 'policy ' || p.polname || ' on ' || p.polrelid::regclass from pg_policy p join pg_class c on c.oid = p.polrelid
                 where p.xmin::text = pg_current_xact_id()::text and c.relnamespace <> pg_my_temp_schema()
                union all
                select 'function ' || p.oid::regprocedure from pg_proc p
                 where p.xmin::text = pg_current_xact_id()::text and p.pronamespace <> pg_my_temp_schema()
                """).map { try $0.decode(0, as: String.self) }
            return (locks, changed)
        }
        #expect(locks.isEmpty, "locks an app statement would wait on: \(locks)")
        #expect(changed.isEmpty, "replaced although unchanged: \(changed.prefix(10))")
        await connection.close()
        await database.drop()
    }

    @Test("a code-only deploy beside a session idle in a transaction holding a row lock: app statements never wait 100 ms, migrate finishes")
    func aCodeOnlyDeployStopsNoApp() async throws {
        let database = try await TestDatabase.create()
        try await seed(database)
        // access/dispatch.sql holds the write policies of tasks: applied again, unchanged.
        let root = try project(editing: ["access/dispatch.sql": { $0 + "\n-- deployed again\n" }])
        let (holder, _) = try await idleHolder(database)
        let finished = Flag()
        let lines = Lines()
        async let load = appLoad(database) { finished.isRaised }
        let started = ContinuousClock.now
        let outcome: Result<Void, Error>
        do {
            var runner = try MigrationRunner(directory: root + "/migrations", log: { lines.append($0) })
            runner.lockAttempts = 1
            let connection = try await database.connect()
            // An old migrate waits for the idle session forever: the holder ends after 15 s.
            let release = Task {
                try await Task.sleep(for: .seconds(15))
                try await holder.runScript("rollback")
            }
            defer { release.cancel() }
            try await runner.up(connection)
            await connection.close()
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        let took = ContinuousClock.now - started
        finished.raise()
        let (longest, failures) = try await load
        print("code-only deploy beside an idle transaction: migrate took \(took); the longest app statement took \(longest)")
        #expect(throws: Never.self) { try outcome.get() }
        #expect(lines.all.contains { $0.hasPrefix("applied access/dispatch.sql") }, "\(lines.all)")
        #expect(!lines.all.contains { $0.hasPrefix("  replaced") }, "\(lines.all)")
        #expect(failures.isEmpty, "app statements that waited over 100 ms for a lock: \(failures.prefix(3))")
        _ = try? await holder.runScript("rollback")
        await holder.close()
        await database.drop()
    }

    @Test("a deploy that needs a lock an idle transaction holds gives up after its attempts, naming the session, and readers do not queue behind it for long")
    func aDeployInTheWayOfAnIdleTransactionNamesIt() async throws {
        let database = try await TestDatabase.create()
        try await seed(database)
        // A changed policy of tasks (its delete rule, in the manifest, in another order):
        // dropping and creating the policy needs the table to itself.
        let root = try project(editing: ["manifest/tables.sql": {
            $0.replacingOccurrences(of: """
                delete_by => '[{"kind": "user", "column": "declared_by"}, {"kind": "admin"}]',
                  aliases => '{"created_by": "declared_by", "listing": "listing_id"}',
                  claimed_as => 'task')
                """, with: """
                delete_by => '[{"kind": "admin"}, {"kind": "user", "column": "declared_by"}]',
                  aliases => '{"created_by": "declared_by", "listing": "listing_id"}',
                  claimed_as => 'task')
                """)
        }])
        let (holder, pid) = try await idleHolder(database)
        // A safety net only: the deploy gives up long before (a manifest change regenerates
        // every table's code first, which takes tens of seconds on a loaded machine).
        let release = Task {
            try await Task.sleep(for: .seconds(180))
            try await holder.runScript("rollback")
        }
        var runner = try MigrationRunner(directory: root + "/migrations", log: { _ in })
        runner.lockTimeout = .milliseconds(100)
        runner.lockAttempts = 2
        let connection = try await database.connect()
        let error = await #expect(throws: MigrationError.self) { try await runner.up(connection) }
        let said = error.map { "\($0)" } ?? ""
        for words in ["pid \(pid)", "idle-holder", "idle in transaction", "public.tasks", "pg_terminate_backend(\(pid))"] {
            #expect(said.contains(words), "\(words): \(said)")
        }
        // Nothing of the deploy was applied.
        #expect(try await connection.query("""
            select pg_get_expr(polqual, polrelid) from pg_policy where polname = 'tasks_delete'
            """).scalar(String.self).hasPrefix("((declared_by"))
        release.cancel()
        try await holder.runScript("rollback")
        await holder.close()
        await connection.close()
        await database.drop()
    }

    @Test("no app user holds a deploy back: the runners' lock is a table of the ledger no API role may lock, and the advisory key runners once took stops nothing")
    func noAppUserHoldsADeployBack() async throws {
        let database = try await TestDatabase.create()
        let app = try await PostgresConnection.connect(database.url)
        try await app.runScript("set role authenticated")
        // What runners took before: an advisory lock any session may take, on a key in the source.
        try await app.query("select pg_advisory_lock(\(0x6469_7370_6d69_6772))")
        do {
            try await app.runScript("begin")
            try await app.runScript("lock table migrations.runner in exclusive mode")
            Issue.record("an app user locked the runners' lock")
        } catch let error as PostgresError {
            #expect(error.sqlState == .insufficientPrivilege, "\(error)")
        }
        try await app.runScript("rollback")
        let connection = try await database.connect()
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        let finished = Flag()
        let run = Task {
            defer { finished.raise() }
            try await runner.up(connection)
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !finished.isRaised && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(finished.isRaised, "migrate waited on the app user's session")
        await app.close()
        try await run.value
        // The run's lock is gone with it: another runner goes ahead at once.
        try await runner.up(connection)
        await connection.close()
    }

    /// An operator's script ends the session holding the runners' lock mid-run (it is idle in
    /// a transaction for the whole run): the run stops with `lockLost` before its next commit
    /// rather than going on where another runner could be running, and the next `up` applies
    /// what is left.
    @Test func aRunWhoseLockSessionEndsStopsAndTheNextFinishes() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let admin = try await database.connect()
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        let run = Task { try await runner.up(connection) }
        // Once the run has recorded a migration: mid-run, its lock held.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, try await !admin.query("""
            select to_regclass('migrations.schema_migrations') is not null
            """).scalar(Bool.self) { try await Task.sleep(for: .milliseconds(10)) }
        while ContinuousClock.now < deadline, try await !admin.query("""
            select exists (select from migrations.schema_migrations)
            """).scalar(Bool.self) { try await Task.sleep(for: .milliseconds(10)) }
        let ended = try await admin.query("""
            select coalesce(bool_or(pg_terminate_backend(a.pid)), false) from pg_stat_activity a
             where a.datname = current_database() and a.application_name = 'migrate: runners lock'
               and a.state = 'idle in transaction'
            """).scalar(Bool.self)
        #expect(ended, "no session held the runners' lock")
        do {
            _ = try await run.value
            Issue.record("the run went on after its lock's session ended")
        } catch let error as MigrationError {
            guard case .lockLost = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("'migrate: runners lock'"), "\(error)")
        }
        let applied = try await connection.query("select count(*)::int from migrations.schema_migrations").scalar(Int.self)
        #expect(applied < runner.migrations.count, "every migration was recorded after the lock was lost")
        try await runner.up(connection)
        try await runner.verify(connection)
        await admin.close()
        await connection.close()
        await database.drop()
    }

    @Test("Supabase Storage installed after the project was migrated: status names what is missing, the next migrate creates the bucket and its policies")
    func aPlatformThatAppearsIsSetUpByTheNextMigrate() async throws {
        let database = try await TestDatabase.create()
        let connection = try await database.connect()
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in })
        #expect(try await runner.platformStatus(connection).filter { $0.name == "storage" }.isEmpty)
        try await connection.runScript(SupabaseLike.roles)
        try await connection.runScript(SupabaseLike.storageSchema)
        let missing = try await runner.platformStatus(connection).first { $0.name == "storage" }
        #expect(missing?.missing == ["watchlist_photos_delete", "watchlist_photos_insert", "watchlist_photos_select",
                                     "watchlist_photos_update", "bucket watchlist-photos"], "\(String(describing: missing))")

        let lines = Lines()
        try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { lines.append($0) }).up(connection)
        #expect(lines.all.contains { $0.contains("replaced policy watchlist_photos_select on storage.objects") }, "\(lines.all)")
        #expect(try await runner.platformStatus(connection).first { $0.name == "storage" }?.missing == [])
        #expect(try await connection.query("select count(*)::int from storage.buckets where id = 'watchlist-photos'").scalar(Int.self) == 1)
        await connection.close()
        await database.drop()
    }

    @Test("what the server says while a code file runs (a notice, a warning) is printed with the file")
    func noticesAndWarningsArePrinted() async throws {
        let database = try await TestDatabase.create(migrated: false)
        let connection = try await database.connect()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notices-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/migrations", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/code", withIntermediateDirectories: true)
        try "create table marker (id int);\n".write(toFile: root + "/migrations/0001_marker.sql", atomically: true, encoding: .utf8)
        try """
            do $$ begin raise notice 'revoke this yourself: %', 'the owner must'; raise warning 'and mind this'; end $$;
            drop function if exists nothing_here();
            """.write(toFile: root + "/code/told.sql", atomically: true, encoding: .utf8)
        let lines = Lines()
        try await MigrationRunner(directory: root + "/migrations", log: { lines.append($0) }).up(connection)
        #expect(lines.all.contains("notice: told.sql: revoke this yourself: the owner must"), "\(lines.all)")
        #expect(lines.all.contains("warning: told.sql: and mind this"), "\(lines.all)")
        #expect(!lines.all.contains { $0.contains("skipping") }, "IF EXISTS acknowledgements are no news: \(lines.all)")
        await connection.close()
        await database.drop()
    }
}
