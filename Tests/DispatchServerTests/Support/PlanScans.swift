import Postgres

/// The scans of a table in an `explain (analyze, format json)` plan: per scan node, the rows
/// it read (returned over all its loops, plus those its filter or recheck removed). What the
/// cost tests bound: a user's read must not walk other users' rows.
enum PlanScans {
    static func of(_ explained: String) throws -> [(relation: String, node: String, rows: Int)] {
        var scans: [(relation: String, node: String, rows: Int)] = []
        func walk(_ node: JSONValue) {
            if let relation = node["Relation Name"]?.stringValue {
                let rows = (node["Actual Rows"]?.intValue ?? 0) * max(1, node["Actual Loops"]?.intValue ?? 1)
                    + (node["Rows Removed by Filter"]?.intValue ?? 0) + (node["Rows Removed by Index Recheck"]?.intValue ?? 0)
                scans.append((relation, node["Node Type"]?.stringValue ?? "", rows))
            }
            for child in node["Plans"]?.arrayValue ?? [] { walk(child) }
        }
        walk(try JSONValue(parsing: explained).arrayValue?.first?["Plan"] ?? .null)
        return scans
    }
}
