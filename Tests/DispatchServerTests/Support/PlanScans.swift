import Postgres

/// The scans of a table in an `explain (analyze, format json)` plan: per scan node, the rows
/// it read (returned over all its loops, plus those its filter or recheck removed). What the
/// cost tests bound: a user's read must not walk other users' rows.
enum PlanScans {
    static func of(_ explained: String) throws -> [(relation: String, node: String, rows: Int)] {
        of(plan: try JSONValue(parsing: explained).arrayValue?.first?["Plan"] ?? .null)
    }

    /// The scans of one plan node and those below it.
    static func of(plan: JSONValue) -> [(relation: String, node: String, rows: Int)] {
        var scans: [(relation: String, node: String, rows: Int)] = []
        func walk(_ node: JSONValue) {
            if let relation = node["Relation Name"]?.stringValue {
                let rows = (node["Actual Rows"]?.intValue ?? 0) * max(1, node["Actual Loops"]?.intValue ?? 1)
                    + (node["Rows Removed by Filter"]?.intValue ?? 0) + (node["Rows Removed by Index Recheck"]?.intValue ?? 0)
                scans.append((relation, node["Node Type"]?.stringValue ?? "", rows))
            }
            for child in node["Plans"]?.arrayValue ?? [] { walk(child) }
        }
        walk(plan)
        return scans
    }
}

/// The plans of every statement run on a connection, nested ones included (the statements
/// of functions, policies' function calls, dynamic SQL, triggers): what an EXPLAIN of the
/// outer statement does not show. `auto_explain` reports each, with its actual rows, as a
/// WARNING the connection keeps (`takeWarnings`).
enum NestedPlans {
    /// Makes `connection` report them: `LOAD` takes the superuser, so before any `set role`.
    static func enable(_ connection: PostgresConnection) async throws {
        try await connection.runScript("""
            load 'auto_explain';
            set auto_explain.log_min_duration = 0;
            set auto_explain.log_nested_statements = on;
            set auto_explain.log_analyze = on;
            set auto_explain.log_timing = off;
            set auto_explain.log_format = json;
            set auto_explain.log_level = warning;
            """)
    }

    /// The plans reported since the last call (each report's "Plan").
    static func take(_ connection: PostgresConnection) async throws -> [JSONValue] {
        try await connection.takeWarnings().compactMap { report in
            guard let start = report.firstIndex(of: "{") else { return nil }
            return try JSONValue(parsing: String(report[start...]))["Plan"]
        }
    }
}
