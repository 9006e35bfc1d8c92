import Foundation
import Postgres

/// A session that holds locks on tables of the database: what `migrate` names when a lock
/// it needs was not granted in time (a session idle in a transaction is the usual culprit:
/// it keeps every lock it took until it ends).
public struct LockHolder: Sendable, CustomStringConvertible {
    public var pid: Int
    public var applicationName: String
    public var state: String
    /// Since the session's transaction (or statement) began.
    public var seconds: Int
    public var tables: [String]

    public var description: String {
        "pid \(pid) (application_name \(applicationName.isEmpty ? "-" : applicationName), \(state) for \(seconds) s) "
            + "holds locks on \(tables.joined(separator: ", ")): end it with select pg_terminate_backend(\(pid)) if it is stuck"
    }
}

enum LockHolders {
    /// The other sessions of this database holding granted locks on its tables (outside the
    /// system catalogs and the runners' lock, `migrations.runner`), the longest in their
    /// transaction first.
    static func read(_ connection: PostgresConnection) async throws -> [LockHolder] {
        try await connection.query("""
            select a.pid, coalesce(a.application_name, '') as application_name, coalesce(a.state, '') as state,
                   coalesce(extract(epoch from now() - coalesce(a.xact_start, a.query_start)), 0)::integer as seconds,
                   array_agg(distinct pg_catalog.format('%I.%I', n.nspname, c.relname)) as tables
              from pg_catalog.pg_locks l
              join pg_catalog.pg_stat_activity a on a.pid = l.pid
              join pg_catalog.pg_class c on c.oid = l.relation
              join pg_catalog.pg_namespace n on n.oid = c.relnamespace
             where l.granted and l.locktype = 'relation' and l.pid <> pg_catalog.pg_backend_pid()
               and l.database = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
               and c.relnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
               and c.relkind in ('r', 'p')
               -- the runners' lock, which a runner's own second session holds
               and c.oid is distinct from pg_catalog.to_regclass('migrations.runner')
             group by a.pid, a.application_name, a.state, a.xact_start, a.query_start
             order by seconds desc, a.pid
             limit 10
            """).map { row in
            LockHolder(pid: try row.decode("pid"), applicationName: try row.decode("application_name"), state: try row.decode("state"),
                       seconds: try row.decode("seconds"), tables: try row.decode("tables"))
        }
    }
}

extension PostgresConnection {
    /// The warnings and notices the server sent since the last call, as `migrate` logs
    /// them ("warning: <file>: …", "notice: <file>: …"). PostgreSQL's acknowledgements of
    /// IF [NOT] EXISTS ("… does not exist, skipping") say nothing an operator needs.
    func serverMessages(about file: String) -> [String] {
        takeWarnings().map { "warning: \(file): \($0)" }
            + takeNotices().filter { !$0.hasSuffix(", skipping") }.map { "notice: \(file): \($0)" }
    }
}
