import Foundation
import Postgres

/// Applies `sql/migrations` to a database and reports on it.
///
/// The applied migrations are recorded in `migrations.schema_migrations` (version, name,
/// sha256 checksum of the file, when, how long), a schema of its own that no API role can
/// reach: a row in the ledger decides whether a migration runs. A session advisory lock
/// serialises runners: a second `migrate` started at the same moment waits, then finds
/// nothing left to do. So `up` needs a session: it refuses a connection through a
/// transaction pooler (`isTransactionPooled`), where the lock would stay on a server
/// connection the pooler lends to others. Warnings the server sends while a migration runs
/// are logged with the file's name.
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

    /// The key of the advisory lock every runner takes (any constant unique to us).
    static let lockKey = 0x6469_7370_6d69_6772  // "dispmigr"

    public var migrations: [Migration]
    public var log: @Sendable (String) -> Void

    public init(migrations: [Migration], log: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.migrations = migrations
        self.log = log
    }

    public init(directory: String, log: @escaping @Sendable (String) -> Void = { print($0) }) throws {
        self.init(migrations: try Migration.load(from: directory), log: log)
    }

    /// Applies every pending migration in order, each in its own transaction. Refuses
    /// to run when an applied file was edited or removed. Returns what it applied.
    @discardableResult
    public func up(_ connection: PostgresConnection, dryRun: Bool = false) async throws -> [Migration] {
        try await withLock(connection) { connection in
            let statuses = try await status(connection, locked: true)
            try check(statuses)
            let pending = Set(statuses.filter { $0.state == .pending }.map(\.version))
            var applied: [Migration] = []
            for migration in migrations where pending.contains(migration.version) {
                if dryRun {
                    log("would apply \(migration.fileName)")
                } else {
                    let started = Date()
                    _ = await connection.takeWarnings()
                    try await apply(migration, connection)
                    let ms = Int(Date().timeIntervalSince(started) * 1000)
                    for warning in await connection.takeWarnings() {
                        log("warning: \(migration.fileName): \(warning)")
                    }
                    log("applied \(migration.fileName) (\(ms) ms)")
                }
                applied.append(migration)
            }
            if applied.isEmpty { log("up to date") }
            return applied
        }
    }

    /// Every migration known to the directory or the database, with its state.
    public func status(_ connection: PostgresConnection) async throws -> [Status] {
        try await status(connection, locked: false)
    }

    /// Throws when an applied migration was edited or is missing from the directory.
    public func verify(_ connection: PostgresConnection) async throws {
        try check(try await status(connection))
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
        for migration in migrations {
            if let record = applied.removeValue(forKey: migration.version) {
                let same = try await checksum(of: migration, connection) == record.checksum
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

    private func withLock<T: Sendable>(
        _ connection: PostgresConnection,
        _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        guard !connection.isTransactionPooled else { throw MigrationError.needsSession }
        try await connection.query("select pg_advisory_lock(\(Self.lockKey))")
        do {
            try await connection.runScript(Self.ledger)
            let value = try await body(connection)
            try await connection.query("select pg_advisory_unlock(\(Self.lockKey))")
            return value
        } catch {
            _ = try? await connection.query("select pg_advisory_unlock(\(Self.lockKey))")
            throw error
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
          if exists (select from pg_catalog.pg_namespace where nspname = 'migrations') then
            return;
          end if;
          create schema migrations;
          comment on schema migrations is
            'The ledger of `migrate` (sql/migrations). Only its owner uses it: a row here decides whether a migration runs.';
          create table migrations.schema_migrations (
            version integer primary key,
            name text not null,
            checksum text not null,
            applied_at timestamptz not null default now(),
            duration_ms integer not null
          );
          comment on table migrations.schema_migrations is
            'Migrations applied by `swift run migrate`: one row per sql/migrations file, with the sha256 of the file as it ran.';
          for v_grantee in
            select distinct case when a.grantee = 0 then 'public' else pg_catalog.quote_ident(r.rolname) end
              from (select n.nspacl as acl, n.nspowner as owner from pg_catalog.pg_namespace n where n.nspname = 'migrations'
                    union all
                    select c.relacl, c.relowner from pg_catalog.pg_class c where c.oid = 'migrations.schema_migrations'::regclass) o
             cross join lateral pg_catalog.aclexplode(o.acl) a
              left join pg_catalog.pg_roles r on r.oid = a.grantee
             where a.grantee <> o.owner
          loop
            execute pg_catalog.format('revoke all on schema migrations from %s', v_grantee);
            execute pg_catalog.format('revoke all on table migrations.schema_migrations from %s', v_grantee);
          end loop;
        end
        $$;
        """

    /// sha256 of the file's bytes, computed by the server (no crypto library needed).
    private func checksum(of migration: Migration, _ connection: PostgresConnection) async throws -> String {
        try await connection.query("select encode(sha256(convert_to(\(migration.sql), 'UTF8')), 'hex')").scalar(String.self)
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
        let checksumSQL: PostgresQuery = """
            insert into migrations.schema_migrations (version, name, checksum, duration_ms)
            values (\(migration.version), \(migration.name), encode(sha256(convert_to(\(migration.sql), 'UTF8')), 'hex'),
                    \(Int(Date().timeIntervalSince(started) * 1000)))
            """
        try connection.query(checksumSQL)
    }
}
