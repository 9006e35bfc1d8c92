import Postgres

/// A scan of a table in a plan: the rows it read (returned over all its loops, plus those
/// its filter or recheck removed) and whether an index condition limits it. What the cost
/// tests bound: a user's read must not walk other users' rows.
struct PlanScan: CustomStringConvertible {
    let relation: String
    let node: String
    let rows: Int
    /// An index scan with an index condition, or a bitmap heap scan (its index scans are
    /// scans of their own): not a sequential scan, nor a whole index read in its order.
    let limitedByIndex: Bool

    var description: String { "\(node) on \(relation) (\(rows) rows)" }
}

/// The scans of an `explain (analyze, format json)` plan, or of one auto_explain plan.
enum PlanScans {
    static func of(_ explained: String) throws -> [PlanScan] {
        of(plan: try JSONValue(parsing: explained).arrayValue?.first?["Plan"] ?? .null)
    }

    /// The scans of one plan node and those below it.
    static func of(plan: JSONValue) -> [PlanScan] {
        nodes(of: plan).compactMap { node in
            guard let relation = node["Relation Name"]?.stringValue else { return nil }
            let type = node["Node Type"]?.stringValue ?? ""
            let rows = (node["Actual Rows"]?.intValue ?? 0) * max(1, node["Actual Loops"]?.intValue ?? 1)
                + (node["Rows Removed by Filter"]?.intValue ?? 0) + (node["Rows Removed by Index Recheck"]?.intValue ?? 0)
            return PlanScan(relation: relation, node: type, rows: rows,
                            limitedByIndex: node["Index Cond"] != nil || type == "Bitmap Heap Scan")
        }
    }

    /// A plan node and every node below it.
    static func nodes(of plan: JSONValue) -> [JSONValue] {
        [plan] + (plan["Plans"]?.arrayValue ?? []).flatMap { nodes(of: $0) }
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
