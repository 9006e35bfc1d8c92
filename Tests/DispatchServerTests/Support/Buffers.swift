import DispatchServer
import Foundation
import Postgres
import TestSupport

/// Shared buffers a statement touches: what a call costs, whatever the machine's load.
enum Buffers {
    /// Shared buffers `sql` touches (hit, read, dirtied), its triggers and the functions it
    /// calls included (run through a function, whose statements EXPLAIN counts as the
    /// call's), as `caller`, on a connection of its own, in a transaction rolled back; run
    /// once before, rolled back too, so that the connection's first planning of what it
    /// calls (catalog reads) is not counted. The least of three counts: a plan the server
    /// dropped meanwhile (autovacuum analysed a table) is planned again inside the call.
    static func of(_ sql: String, as caller: Caller, in database: TestDatabase) async throws -> Int {
        var least = Int.max
        for _ in 0..<3 { least = min(least, try await once(sql, as: caller, in: database)) }
        return least
    }

    private static func once(_ sql: String, as caller: Caller, in database: TestDatabase) async throws -> Int {
        let connection = try await database.connect()
        do {
            try await connection.runScript(
                "create function pg_temp.run(p_sql text) returns void language plpgsql as $$ begin execute p_sql; end $$")
            try await connection.runScript("begin")
            try await connection.act(as: caller)
            try await connection.query(PostgresQuery(sql: "select pg_temp.run($1)", binds: [sql]))
            try await connection.runScript("rollback; begin")
            try await connection.act(as: caller)
            let plan = try await connection.query(PostgresQuery(sql: "explain (analyze, buffers, format json) select pg_temp.run($1)", binds: [sql]))
                .scalar(String.self)
            try await connection.runScript("rollback")
            await connection.close()
            let top = try JSONValue(parsing: plan).arrayValue?.first?["Plan"]
            return ["Shared Hit Blocks", "Shared Read Blocks", "Shared Dirtied Blocks"].reduce(0) { $0 + (top?[$1]?.intValue ?? 0) }
        } catch {
            await connection.close()
            throw error
        }
    }
}
