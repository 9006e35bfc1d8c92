import Foundation
import Postgres

/// How a code file runs: as written, except its statements that define or drop a trigger or
/// policy, or switch on row-level security, which go through the database's
/// `private.define` (sql/code/access/definitions.sql) where it exists.
///
/// Re-applying such a statement unchanged is what stopped the apps during a deploy: CREATE
/// POLICY, DROP POLICY and DROP TRIGGER take an AccessExclusiveLock on their table, CREATE
/// TRIGGER a ShareRowExclusiveLock, held until migrate commits, and every statement of the
/// apps on that table waits behind them (or behind migrate waiting for an idle
/// transaction). `private.define` compares each with what the table has, on a scratch copy
/// of the table, and applies only a definition that differs. A `drop … if exists N on T`
/// followed in the same file by the creation of N on T is the file's way of replacing N:
/// the creation alone says it (`private.define` drops a differing policy itself).
enum CodeScript {
    /// Runs `sql` (a code file) on `connection`, inside the caller's transaction.
    static func run(_ sql: String, _ connection: isolated PostgresConnection) throws {
        let routed = try connection.query("select pg_catalog.to_regprocedure('private.define(text[])') is not null").scalar(Bool.self)
        let spans = SQLScript.spans(sql)
        guard routed, spans.contains(where: { definition(of: $0.text) != nil }) else {
            try connection.runScript(sql)
            return
        }
        // The statements between two routed ones run as one script, their text as in the file.
        var run: (start: Int, end: Int)?
        func flush() throws {
            guard let pending = run else { return }
            run = nil
            do {
                try connection.runScript(SQLScript.text(sql, from: pending.start, to: pending.end))
            } catch var error as PostgresError {
                error.position = error.position.map { $0 + pending.start }
                throw error
            }
        }
        for (index, span) in spans.enumerated() {
            guard let definition = definition(of: span.text) else {
                run = (run?.start ?? span.offset, span.end)
                continue
            }
            try flush()
            if definition.drops, spans[(index + 1)...].contains(where: { definition.isReplaced(by: $0.text) }) { continue }
            try connection.query("select private.define(\(span.text)::text)")
        }
        try flush()
    }

    /// A statement `private.define` compares: its kind, object and table (lower-cased as
    /// written), and whether it drops.
    struct Definition: Equatable {
        var kind: String
        var name: String
        var table: String
        var drops: Bool

        /// Whether `statement` creates the object this drops.
        func isReplaced(by statement: String) -> Bool {
            guard let other = CodeScript.definition(of: statement), !other.drops else { return false }
            return (other.kind, other.name, other.table) == (kind, name, table)
        }
    }

    // (Computed: a Regex is not Sendable, so it cannot be a stored static.)
    private static var create: Regex<AnyRegexOutput> {
        try! Regex(#"^create\s+(?:or\s+replace\s+)?(trigger|policy)\s+(\S+)\s[\s\S]*?\son\s+(\S+)"#).ignoresCase()
    }
    private static var drop: Regex<AnyRegexOutput> {
        try! Regex(#"^drop\s+(trigger|policy)\s+if\s+exists\s+(\S+)\s+on\s+(\S+)\s*$"#).ignoresCase()
    }
    private static var security: Regex<AnyRegexOutput> {
        try! Regex(#"^alter\s+table\s+(\S+)\s+enable\s+row\s+level\s+security\s*$"#).ignoresCase()
    }

    static func definition(of statement: String) -> Definition? {
        let head = SQLScript.head(statement)
        if let match = try? create.prefixMatch(in: head) {
            return Definition(kind: String(match.output[1].substring ?? "").lowercased(),
                              name: String(match.output[2].substring ?? "").lowercased(),
                              table: String(match.output[3].substring ?? "").lowercased(), drops: false)
        }
        if let match = try? drop.wholeMatch(in: head) {
            return Definition(kind: String(match.output[1].substring ?? "").lowercased(),
                              name: String(match.output[2].substring ?? "").lowercased(),
                              table: String(match.output[3].substring ?? "").lowercased(), drops: true)
        }
        if let match = try? security.wholeMatch(in: head) {
            return Definition(kind: "security", name: "", table: String(match.output[1].substring ?? "").lowercased(), drops: false)
        }
        return nil
    }
}
