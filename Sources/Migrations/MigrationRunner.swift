import Foundation
import Postgres

/// Applies `sql/migrations` and the repeatable layer `sql/code` to a database and reports
/// on both.
///
/// Two layers: a migration (DDL and data) runs once and is never edited; a code file
/// (functions, views, policies) is re-applied whenever it changed, after the pending
/// migrations, every changed file in one transaction that ends with the final step (a code
/// file marked `-- migrate:final`: the project's regenerates what the table manifest
/// derives). Code files are recorded in `migrations.code_files`.
///
/// The applied migrations are recorded in `migrations.schema_migrations` (version, name,
/// sha256 checksum of the file, when, how long), a schema of its own that no API role can
/// reach: a row in the ledger decides whether a migration runs. Runners are serialised by a
/// lock on the ledger's table `migrations.runner`, held for the whole run by a second session
/// of the runner's own (`withLock`): a second `migrate` started at the same moment waits,
/// then finds nothing left to do. Not an advisory lock: any session may take one, so an app
/// user holding the key would hold every deploy back; no API role may lock a table of the
/// ledger. So `up` needs sessions: it refuses a connection through a transaction pooler
/// (`isTransactionPooled`), where the lock would stay on a server connection the pooler
/// lends to others. Should that session end before the run does (an operator's script that
/// ends sessions idle in a transaction), the run stops before its next commit with
/// `MigrationError.lockLost`: each migration and the code transaction commit only while the
/// lock is still held. Warnings and notices the server sends while a
/// file runs are logged with the file's name.
///
/// The apps keep running during `up`: every statement waits at most `lockTimeout` for a lock
/// (the apps' statements queue behind one that waits), a file or the code transaction that
/// timed out is tried again up to `lockAttempts` times, and then `up` fails naming the
/// sessions that hold locks on the database's tables (`MigrationError.lockTimeout`). The
/// final step runs on every `up` and replaces only what differs (`private.define`), so a
/// deploy that changed no table takes no lock the apps wait on.
public struct MigrationRunner: Sendable {
    public enum State: String, Sendable {
        case applied, pending, changed, missing
    }

    public struct Status: Sendable {
        public var version: Int
        public var name: String
        public var state: State
        public var appliedAt: Date?
    }

    /// A code file's state: `applied` (the database runs this text), `pending` (new or
    /// edited: `up` applies it), `removed` (recorded, no longer in the folder).
    public struct CodeStatus: Sendable {
        public var name: String
        public var state: CodeState
        public var appliedAt: Date?
    }

    public enum CodeState: String, Sendable {
        case applied, pending, removed
    }

    public var migrations: [Migration]
    public var code: [CodeFile]
    public var log: @Sendable (String) -> Void
    /// The longest a statement of `up` waits for a lock (`lock_timeout`).
    public var lockTimeout: Duration = .milliseconds(100)
    /// How many times `up` tries a migration or the code transaction that timed out on a
    /// lock, pausing 1 s, 2 s, 4 s … in between.
    public var lockAttempts = 5

    public init(migrations: [Migration], code: [CodeFile] = [], log: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.migrations = migrations
        self.code = code
        self.log = log
    }

    /// The migrations of `directory` and, when it is a folder named `migrations`, the code
    /// files of the `code` folder beside it (or of `codeDirectory`).
    public init(directory: String, codeDirectory: String? = nil,
                log: @escaping @Sendable (String) -> Void = { print($0) }) throws {
        let codeFolder = codeDirectory ?? CodeFile.directory(besideMigrations: directory)
        self.init(migrations: try Migration.load(from: directory),
                  code: try codeFolder.map { try CodeFile.load(from: $0) } ?? [], log: log)
    }

    /// Applies every pending migration in order, each in its own transaction, then every
    /// new or edited code file and the final step in one transaction. Refuses to run when an
    /// applied migration was edited or removed. Returns the migrations it applied.
    @discardableResult
    public func up(_ connection: PostgresConnection, dryRun: Bool = false) async throws -> [Migration] {
        try await withLock(connection) { connection in
            if !dryRun { try await adoptReplacements(connection) }
            let statuses = try await status(connection, locked: true)
            try check(statuses)
            let pending = Set(statuses.filter { $0.state == .pending }.map(\.version))
            var applied: [Migration] = []
            for migration in migrations where pending.contains(migration.version) {
                if dryRun {
                    log("would apply \(migration.fileName)")
                } else {
                    let started = Date()
                    _ = await connection.serverMessages(about: migration.fileName)
                    try await retryingLocks(connection) { try await apply(migration, connection) }
                    let ms = Int(Date().timeIntervalSince(started) * 1000)
                    for message in await connection.serverMessages(about: migration.fileName) { log(message) }
                    log("applied \(migration.fileName) (\(ms) ms)")
                }
                applied.append(migration)
            }
            let ranCode = try await applyCode(connection, afterMigrations: !applied.isEmpty, dryRun: dryRun)
            if applied.isEmpty && !ranCode { log("up to date") }
            return applied
        }
    }

    /// The code files `up` would apply: new or edited since they last ran.
    public func codeStatus(_ connection: PostgresConnection) async throws -> [CodeStatus] {
        var recorded: [String: (checksum: String, at: Date)] = [:]
        if try await connection.query("select to_regclass('migrations.code_files') is not null").scalar(Bool.self) {
            for row in try await connection.query("select name, checksum, applied_at from migrations.code_files") {
                recorded[try row.decode("name")] = (try row.decode("checksum"), try row.decode("applied_at"))
            }
        }
        var statuses: [CodeStatus] = []
        let files = code.filter { !$0.isFinal }
        for (file, checksum) in zip(files, try await checksums(of: files.map(\.sql), connection)) {
            let record = recorded.removeValue(forKey: file.name)
            let same = record?.checksum == checksum
            statuses.append(CodeStatus(name: file.name, state: same ? .applied : .pending, appliedAt: record?.at))
        }
        for (name, record) in recorded.sorted(by: { $0.key < $1.key }) {
            statuses.append(CodeStatus(name: name, state: .removed, appliedAt: record.at))
        }
        return statuses
    }

    /// Applies the new and edited code files in name order and the final step, in one
    /// transaction. The final step runs every time: it replaces only what differs from what
    /// it would create, so that a platform feature that appeared since (Supabase Storage, a
    /// publication) is set up by the next `up`. Returns whether anything changed: a file
    /// applied or forgotten, a migration before it, or a definition the final step replaced.
    private func applyCode(_ connection: PostgresConnection, afterMigrations: Bool, dryRun: Bool) async throws -> Bool {
        let statuses = try await codeStatus(connection)
        let pending = Set(statuses.filter { $0.state == .pending }.map(\.name))
        let removed = statuses.filter { $0.state == .removed }.map(\.name)
        let files = code.filter { pending.contains($0.name) }
        let final = code.filter(\.isFinal)
        let changing = afterMigrations || !files.isEmpty || !removed.isEmpty
        if dryRun {
            for file in files { log("would apply \(file.fileName)") }
            for file in final where changing { log("would run \(file.fileName)") }
            return changing
        }
        guard changing || !final.isEmpty else { return false }
        let done = try await retryingLocks(connection) { try await applyCodeTransaction(connection, files, final, removed) }
        let replaced = done.contains { $0.hasPrefix("  replaced ") }
        if changing || replaced {
            done.forEach(log)
        } else {
            // Nothing new: only what the server had to say.
            done.filter { $0.hasPrefix("warning: ") || $0.hasPrefix("notice: ") }.forEach(log)
        }
        return changing || replaced
    }

    /// The code transaction: the files, the final step (and what it replaced), the ledger.
    private func applyCodeTransaction(_ connection: PostgresConnection, _ files: [CodeFile], _ final: [CodeFile],
                                      _ removed: [String]) async throws -> [String] {
        try await connection.transaction { connection in
            var done: [String] = []
            for file in files + final {
                let started = Date()
                _ = connection.serverMessages(about: file.fileName)
                if file.isFinal { try connection.query("select pg_catalog.set_config('dispatch.definitions_replaced', '', true)") }
                do {
                    try CodeScript.run(file.sql, connection)
                    // A file may set search_path for itself (PostGIS's schema): never for the next.
                    try connection.query("reset search_path")
                } catch let error as PostgresError {
                    throw MigrationError.failed(file: file.path, line: error.position.map { SQLScript.line(of: $0, in: file.sql) },
                                                error: error)
                }
                done.append(contentsOf: connection.serverMessages(about: file.fileName))
                let ms = Int(Date().timeIntervalSince(started) * 1000)
                if !file.isFinal {
                    try connection.query("""
                        insert into migrations.code_files as c (name, checksum, duration_ms)
                        values (\(file.name), encode(sha256(convert_to(\(file.sql), 'UTF8')), 'hex'), \(ms))
                        on conflict (name) do update
                          set checksum = excluded.checksum, applied_at = now(), duration_ms = excluded.duration_ms
                        """)
                }
                done.append("\(file.isFinal ? "ran" : "applied") \(file.fileName) (\(ms) ms)")
                if file.isFinal {
                    let replaced = try connection.query("select pg_catalog.current_setting('dispatch.definitions_replaced', true)")
                        .scalar(String?.self) ?? ""
                    // (a first install creates hundreds: named up to 20, then counted)
                    let lines = replaced.split(separator: "\n")
                    done.append(contentsOf: lines.prefix(20).map { "  replaced \($0)" })
                    if lines.count > 20 { done.append("  replaced \(lines.count - 20) more definitions") }
                }
            }
            if !removed.isEmpty {
                try connection.query("delete from migrations.code_files where name = any (\(removed)::text[])")
                done.append("forgot \(removed.joined(separator: ", ")) (removed from the code folder)")
            }
            try Self.checkLockHeld(connection)
            return done
        }
    }

    /// Runs `body` (one transaction) again when a statement in it waited `lockTimeout` for a
    /// lock, up to `lockAttempts` times with pauses of 1, 2, 4 … s; then fails naming the
    /// sessions holding locks on this database's tables.
    private func retryingLocks<T: Sendable>(_ connection: PostgresConnection, _ body: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch where Self.isLockTimeout(error) {
                let holders = try await LockHolders.read(connection)
                guard attempt < lockAttempts else { throw MigrationError.lockTimeout(attempts: attempt, holders: holders) }
                let pause = Duration.seconds(1 << (attempt - 1))
                log("a lock was not granted within \(lockTimeout) (attempt \(attempt) of \(lockAttempts)); trying again in \(pause)"
                    + (holders.isEmpty ? "" : "; holding locks: " + holders.map(\.description).joined(separator: "; ")))
                try await Task.sleep(for: pause)
                attempt += 1
            }
        }
    }

    /// Throws `lockLost` unless the session `withLock` named (`migrations.runner_pid`) still
    /// holds the runners' lock: called in each transaction that records a migration or code
    /// files, before it commits, so nothing is recorded once another runner could be running.
    private static func checkLockHeld(_ connection: isolated PostgresConnection) throws {
        let held = try connection.query("""
            select pg_catalog.current_setting('migrations.runner_pid', true) is null
                or pg_catalog.current_setting('migrations.runner_pid', true) = ''
                or exists (select from pg_catalog.pg_locks l
                            where l.locktype = 'relation' and l.relation = 'migrations.runner'::regclass
                              and l.mode = 'ExclusiveLock' and l.granted
                              and l.pid = pg_catalog.current_setting('migrations.runner_pid', true)::integer)
            """).scalar(Bool.self)
        if !held { throw MigrationError.lockLost }
    }

    static func isLockTimeout(_ error: Error) -> Bool {
        if let error = error as? PostgresError { return error.sqlState == .lockNotAvailable }
        if case .failed(_, _, let inner) = error as? MigrationError { return isLockTimeout(inner) }
        return false
    }

    /// Rewrites the ledger for migrations that replace earlier files (`Migration.replaces`):
    /// where the database applied every file a migration replaces, that migration is
    /// recorded as applied and the replaced rows go, in one transaction.
    private func adoptReplacements(_ connection: PostgresConnection) async throws {
        let declared = migrations.filter { !$0.replaces.isEmpty }
        guard !declared.isEmpty else { return }
        var recorded: Set<Migration.Replaced> = []
        for row in try await connection.query("select version, name, checksum from migrations.schema_migrations") {
            recorded.insert(Migration.Replaced(version: try row.decode("version"), name: try row.decode("name"),
                                               checksum: try row.decode("checksum")))
        }
        var adopted: [Migration] = []
        for migration in declared {
            let present = migration.replaces.filter { recorded.contains($0) }
            if present.isEmpty { continue }
            guard present.count == migration.replaces.count else {
                let label = { (r: Migration.Replaced) in String(format: "%04d_", r.version) + r.name }
                throw MigrationError.partlyReplaced(file: migration.fileName, applied: present.map(label),
                                                    missing: migration.replaces.filter { !recorded.contains($0) }.map(label))
            }
            adopted.append(migration)
        }
        guard !adopted.isEmpty else { return }
        let replaced = Set(adopted.flatMap(\.replaces))
        let adoptedNow = adopted
        try await connection.transaction { connection in
            for old in replaced {
                try connection.query("""
                    delete from migrations.schema_migrations
                     where version = \(old.version) and name = \(old.name) and checksum = \(old.checksum)
                    """)
            }
            for migration in adoptedNow {
                try connection.query("""
                    insert into migrations.schema_migrations (version, name, checksum, duration_ms)
                    values (\(migration.version), \(migration.name), encode(sha256(convert_to(\(migration.sql), 'UTF8')), 'hex'), 0)
                    """)
            }
        }
        for migration in adopted {
            log("recorded \(migration.fileName) as applied: the database applied every file it replaces")
        }
    }

    /// A feature the database's platform calls for (Supabase Storage's bucket and policies,
    /// Realtime's publication) and what of it is missing, as the database says
    /// (`private.platform_features()`; none before the code layer is applied).
    public struct PlatformFeature: Sendable {
        public var name: String
        public var expected: String
        public var missing: [String]
    }

    public func platformStatus(_ connection: PostgresConnection) async throws -> [PlatformFeature] {
        guard try await connection.query("select pg_catalog.to_regprocedure('private.platform_features()') is not null").scalar(Bool.self)
        else { return [] }
        return try await connection.query("select feature, expected, missing from private.platform_features()").map { row in
            PlatformFeature(name: try row.decode("feature"), expected: try row.decode("expected"), missing: try row.decode("missing"))
        }
    }

    /// Every migration known to the directory or the database, with its state.
    public func status(_ connection: PostgresConnection) async throws -> [Status] {
        try await status(connection, locked: false)
    }

    /// Throws when an applied migration was edited or is missing from the directory, or
    /// when the database runs other code than the code folder holds.
    public func verify(_ connection: PostgresConnection) async throws {
        try check(try await status(connection))
        let outdated = try await codeStatus(connection).filter { $0.state != .applied }.map { "\($0.name) (\($0.state))" }
        if !outdated.isEmpty { throw MigrationError.codeOutdated(outdated) }
    }

    private func check(_ statuses: [Status]) throws {
        let changed = statuses.filter { $0.state == .changed }.map { "\(String(format: "%04d", $0.version))_\($0.name)" }
        if !changed.isEmpty { throw MigrationError.changed(changed) }
        let missing = statuses.filter { $0.state == .missing }.map { "\(String(format: "%04d", $0.version))_\($0.name)" }
        if !missing.isEmpty { throw MigrationError.missing(missing) }
    }

    private func status(_ connection: PostgresConnection, locked: Bool) async throws -> [Status] {
        let recorded = try await connection.query("select to_regclass('migrations.schema_migrations') is not null").scalar(Bool.self)
        var applied: [Int: (name: String, checksum: String, at: Date)] = [:]
        if recorded {
            for row in try await connection.query("select version, name, checksum, applied_at from migrations.schema_migrations") {
                applied[try row.decode("version")] = (try row.decode("name"), try row.decode("checksum"), try row.decode("applied_at"))
            }
        }
        var statuses: [Status] = []
        for (migration, checksum) in zip(migrations, try await checksums(of: migrations.map(\.sql), connection)) {
            if let record = applied.removeValue(forKey: migration.version) {
                let same = checksum == record.checksum
                statuses.append(Status(version: migration.version, name: migration.name, state: same ? .applied : .changed, appliedAt: record.at))
            } else {
                statuses.append(Status(version: migration.version, name: migration.name, state: .pending))
            }
        }
        for (version, record) in applied {
            statuses.append(Status(version: version, name: record.name, state: .missing, appliedAt: record.at))
        }
        return statuses.sorted { $0.version < $1.version }
    }

    /// Runs `body` while this runner holds the runners' lock: `migrations.runner` locked
    /// (EXCLUSIVE, which only another runner's lock conflicts with) by a session of its own,
    /// idle in a transaction that holds no transaction id (so no app's snapshot lists it) and
    /// waits for nothing but another runner. It ends with the run, or with the process.
    private func withLock<T: Sendable>(
        _ connection: PostgresConnection,
        _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        guard !connection.isTransactionPooled else { throw MigrationError.needsSession }
        let holder = try await PostgresConnection.connect(connection.conninfo, database: connection.database)
        do {
            try await holder.query("set application_name = 'migrate: runners lock'")
            // Asked before the transaction: a query inside it left the idle session with a
            // snapshot's xmin, which a migration's CREATE INDEX CONCURRENTLY then waited for.
            let pid = try await holder.query("select pg_catalog.pg_backend_pid()").scalar(Int32.self)
            try await Self.createLedger(holder)
            do {
                try await holder.query("begin")
                try await holder.query("""
                    select pg_catalog.set_config(s, '0', true)
                      from unnest(array['lock_timeout', 'statement_timeout', 'idle_in_transaction_session_timeout']) s
                    """)
                try await holder.query("lock table migrations.runner in exclusive mode")
            } catch let error as PostgresError where error.kind == .connectionLost {
                throw MigrationError.lockLost
            }
            try await connection.query("select pg_catalog.set_config('migrations.runner_pid', \(String(pid)), false)")
            let milliseconds = Int(lockTimeout.components.seconds * 1000 + lockTimeout.components.attoseconds / 1_000_000_000_000_000)
            try await connection.query("select pg_catalog.set_config('lock_timeout', \("\(max(1, milliseconds))ms"), false)")
            do {
                let value = try await body(connection)
                try await connection.runScript("reset lock_timeout; reset migrations.runner_pid")
                do {
                    try await holder.query("commit")
                } catch {
                    throw MigrationError.lockLost
                }
                await holder.close()
                return value
            } catch {
                _ = try? await connection.runScript("reset lock_timeout; reset migrations.runner_pid")
                throw error
            }
        } catch {
            await holder.close()
            throw error
        }
    }

    /// The ledger, created when missing. Two runners on a database without one may both try:
    /// the one that lost the race finds it there on its second try. It lost it either waiting
    /// on the other's catalog row (a unique violation once that commits) or, when the other
    /// committed between its check and its CREATE, on the name ("already exists").
    private static func createLedger(_ connection: PostgresConnection) async throws {
        do {
            try await connection.runScript(ledger)
        } catch let error as PostgresError
                    where [.uniqueViolation, .duplicateSchema, .duplicateTable].contains(error.sqlState) {
            try await connection.runScript(ledger)
        }
    }

    /// Creates the ledger when the database has none. Its privileges are stated, not
    /// inherited: whatever default privileges the database has (a Supabase database grants
    /// API roles rights on new objects), every grant but the owner's is revoked. A catalog
    /// check rather than `if not exists`: `create schema if not exists` needs CREATE on the
    /// database even when the schema is there.
    static let ledger = """
        do $$
        declare
          v_grantee text;
        begin
          if not exists (select from pg_catalog.pg_namespace where nspname = 'migrations') then
            create schema migrations;
            comment on schema migrations is
              'The ledger of `migrate` (sql/migrations and sql/code). Only its owner uses it: a row here decides whether a migration runs.';
          end if;
          if pg_catalog.to_regclass('migrations.schema_migrations') is null then
            create table migrations.schema_migrations (
              version integer primary key,
              name text not null,
              checksum text not null,
              applied_at timestamptz not null default now(),
              duration_ms integer not null
            );
            comment on table migrations.schema_migrations is
              'Migrations applied by `swift run migrate`: one row per sql/migrations file, with the sha256 of the file as it ran.';
          end if;
          if pg_catalog.to_regclass('migrations.code_files') is null then
            create table migrations.code_files (
              name text primary key,
              checksum text not null,
              applied_at timestamptz not null default now(),
              duration_ms integer not null
            );
            comment on table migrations.code_files is
              'The repeatable layer as the database runs it: one row per sql/code file with the sha256 of the text last applied. A file whose checksum differs is applied again by `migrate`.';
          end if;
          if pg_catalog.to_regclass('migrations.runner') is null then
            create table migrations.runner ();
            comment on table migrations.runner is
              'Locked by a running `migrate` for the whole run, from a session of its own: runners wait for each other. No rows; no API role may lock it (an advisory lock, which any session may take, would let an app user hold every deploy back).';
          end if;
          for v_grantee in
            select distinct case when a.grantee = 0 then 'public' else pg_catalog.quote_ident(r.rolname) end
              from (select n.nspacl as acl, n.nspowner as owner from pg_catalog.pg_namespace n where n.nspname = 'migrations'
                    union all
                    select c.relacl, c.relowner from pg_catalog.pg_class c
                     where c.oid in ('migrations.schema_migrations'::regclass, 'migrations.code_files'::regclass, 'migrations.runner'::regclass)) o
             cross join lateral pg_catalog.aclexplode(o.acl) a
              left join pg_catalog.pg_roles r on r.oid = a.grantee
             where a.grantee <> o.owner
          loop
            execute pg_catalog.format('revoke all on schema migrations from %s', v_grantee);
            execute pg_catalog.format('revoke all on table migrations.schema_migrations, migrations.code_files, migrations.runner from %s', v_grantee);
          end loop;
        end
        $$;
        """

    /// sha256 of each file's bytes, computed by the server (no crypto library needed), all
    /// in one round trip.
    private func checksums(of texts: [String], _ connection: PostgresConnection) async throws -> [String] {
        guard !texts.isEmpty else { return [] }
        return try await connection.query("""
            select encode(sha256(convert_to(u.t, 'UTF8')), 'hex') from unnest(\(texts)::text[]) with ordinality u (t, n) order by u.n
            """).map { try $0.decode(0, as: String.self) }
    }

    private func apply(_ migration: Migration, _ connection: PostgresConnection) async throws {
        let started = Date()
        do {
            if migration.runsInTransaction {
                try await connection.transaction { connection in
                    try connection.runScript(migration.sql)
                    try record(migration, since: started, connection)
                }
            } else {
                for statement in SQLScript.statements(migration.sql) {
                    do {
                        try await connection.runScript(statement)
                    } catch {
                        // Positions are relative to the statement; make them relative to the file.
                        guard var error = error as? PostgresError else { throw error }
                        if let position = error.position, let range = migration.sql.range(of: statement) {
                            error.position = position + migration.sql.unicodeScalars.distance(
                                from: migration.sql.startIndex, to: range.lowerBound)
                        }
                        throw error
                    }
                }
                try await connection.withIsolation { try record(migration, since: started, $0) }
            }
        } catch {
            guard let error = error as? PostgresError else { throw error }
            let line = error.position.map { SQLScript.line(of: $0, in: migration.sql) }
            throw MigrationError.failed(file: migration.path, line: line, error: error)
        }
    }

    private func record(_ migration: Migration, since started: Date, _ connection: isolated PostgresConnection) throws {
        try Self.checkLockHeld(connection)
        let checksumSQL: PostgresQuery = """
            insert into migrations.schema_migrations (version, name, checksum, duration_ms)
            values (\(migration.version), \(migration.name), encode(sha256(convert_to(\(migration.sql), 'UTF8')), 'hex'),
                    \(Int(Date().timeIntervalSince(started) * 1000)))
            """
        try connection.query(checksumSQL)
    }
}
