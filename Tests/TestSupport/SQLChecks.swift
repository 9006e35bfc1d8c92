import Foundation
import Postgres

/// The queries of `sql/checks` (the privilege matrix, the lints), run the way
/// `scripts/schema.sh` runs the matrix: with an empty search_path, so that every name
/// they print is schema-qualified whatever the session's path.
public enum SQLChecks {
    /// The rows of `sql/checks/<name>.sql` on `connection`, each as its columns' text.
    public static func run(_ name: String, on connection: PostgresConnection) async throws -> [[String]] {
        let sql = try String(contentsOfFile: TestDatabase.repositoryPath("sql/checks/\(name).sql"), encoding: .utf8)
        return try await connection.withIsolation { conn in
            try conn.query("select set_config('search_path', '', false)")
            let rows = try conn.query(PostgresQuery(sql: sql))
            try conn.query("reset search_path")
            return try rows.map { row in try row.columns.indices.map { try row.decode($0, as: String.self) } }
        }
    }

    /// The lines of `sql/checks/<name>` (e.g. the expected privilege matrix).
    public static func expectedLines(_ file: String) throws -> [String] {
        try String(contentsOfFile: TestDatabase.repositoryPath("sql/checks/\(file)"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }
}
