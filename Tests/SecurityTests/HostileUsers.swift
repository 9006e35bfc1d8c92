import DispatchServer
import Foundation
import Postgres
import TestSupport

/// Two users of every table, built from the table manifest alone (Tests/SecurityTests/SQL/hostile.sql):
/// Ada, whose rows the suite protects, and Bo, who attacks them. Each has a row of every
/// table users own ("live", changed once since it was made), a deleted one ("deleted": a
/// tombstone, a sync deletion, a snapshot to restore) and, where a table has rows every user
/// sees, an open one ("open"). Bo also holds a bulk of rows of every kind (another user's
/// data, with the outbox events, audit entries, sync logs and counters his own acts wrote,
/// copied as many times), and in one more template aims rows at Ada (shares of his lists with
/// her, notes on her open items, open items of his). A table added to the manifest gets its
/// rows here without a line of this file.
enum Hostile {
    static let ada = UUID(uuidString: "00000000-0000-4000-8000-0000000a0a0a")!
    static let bo = UUID(uuidString: "00000000-0000-4000-8000-0000000b0b0b")!

    /// The builder's SQL, loaded into each template.
    static var builder: String {
        get throws { try String(contentsOfFile: TestDatabase.repositoryPath("Tests/SecurityTests/SQL/hostile.sql"), encoding: .utf8) }
    }

    /// Ada's and Bo's rows, and `bulk` of Bo's of every kind.
    static func users(bulk: Int) throws -> FixtureTemplate {
        let sql = try builder
        return FixtureTemplate(name: "hostile_\(bulk)", version: sql) { connection in
            try await buildUsers(bulk: bulk, sql: sql, on: connection)
        }
    }

    /// What `users(bulk:)` builds, on any migrated database.
    static func buildUsers(bulk: Int, sql: String? = nil, on connection: PostgresConnection) async throws {
        try await connection.runScript(try sql ?? builder)
        for (id, name) in [(ada, "Ada"), (bo, "Bo")] {
            try await connection.query("insert into auth.users (id, email) values (\(id), \(name.lowercased() + "@example.com"))")
            try await connection.query("insert into public.users (id, name) values (\(id), \(name))")
        }
        for user in [ada, bo] {
            // Made, then acted on in a transaction of their own (what Bo's acts wrote is
            // what his bulk of derived rows copies).
            try await connection.runScript("""
                begin;
                select hostile.build('\(user.uuidString.lowercased())', 'live', 1, true);
                select hostile.build('\(user.uuidString.lowercased())', 'deleted', 1, true);
                select hostile.build('\(user.uuidString.lowercased())', 'open', 1, true);
                commit;
                """)
            let xid = try await connection.transaction { conn in
                try conn.query("select hostile.act(\(user), 'live', 'deleted')")
                return try conn.query("select txid_current()").scalar(Int64.self)
            }
            if user == bo {
                try await connection.runScript("""
                    begin;
                    select hostile.build('\(bo.uuidString.lowercased())', 'bulk', \(bulk), false);
                    select hostile.copy_derived(\(xid), \(bulk));
                    commit;
                    """)
            }
        }
        try await connection.runScript("vacuum analyze")
    }

    /// On a database `buildUsers` built, `bulk` more of Bo's rows of every kind and as much of
    /// what his edits and deletions leave (the outbox, the audit log, sync's logs and change marks, counters),
    /// not analysed: what he writes between one read of Ada's and her next, before autovacuum
    /// has told the planner.
    static func buildMore(bulk: Int, on connection: PostgresConnection) async throws {
        // (an edit of each of his live rows and the deletion of rows made for it: what an edit
        // and a deletion leave, copied)
        try await connection.runScript("begin; select hostile.build('\(bo.uuidString.lowercased())', 'deleted_since', 1, true); commit;")
        let xid = try await connection.transaction { conn in
            try conn.query("select hostile.act(\(bo), 'live', 'deleted_since')")
            return try conn.query("select txid_current()").scalar(Int64.self)
        }
        try await connection.runScript("""
            begin;
            select hostile.build('\(bo.uuidString.lowercased())', 'more', \(bulk), false);
            select hostile.copy_derived(\(xid), \(bulk));
            commit;
            """)
    }

    /// What Bo aims at Ada, on a database `buildUsers` built: `keys` rows naming her
    /// (shares), `children` under her open rows (notes), `open` rows every user sees (open
    /// items).
    static func buildAimed(keys: Int, children: Int, open: Int, on connection: PostgresConnection) async throws {
        try await connection.runScript("""
            begin;
            select hostile.aim('\(bo.uuidString.lowercased())', '\(ada.uuidString.lowercased())', \(keys), \(children), \(open));
            commit;
            """)
        try await connection.runScript("vacuum analyze")
    }
}

/// One call of a function of the API list (private.api_functions), its placeholders resolved
/// for one table: how the suite runs it as Bo with Ada's ids, or as Ada with her own.
struct APICall: CustomStringConvertible {
    let signature: String
    let sql: String
    let table: String?
    /// The table (or table.column) of Ada's row {id} stands for.
    let idOf: String?
    let deleted: Bool
    let new: Bool
    let record: String?
    let reads: Bool

    var description: String { "\(signature) [\(table ?? "-")]: \(sql)" }

    /// The calls of every function app users may run, for each table their `each` names.
    static func all(_ connection: PostgresConnection) async throws -> [APICall] {
        let tables = try await connection.query("""
            select m.table_name, m.synced, m.audit_entity, m.claimed_as from private.table_manifest m order by m.ordinal
            """).map { (try $0.decode(0, as: String.self), try $0.decode(1, as: Bool.self),
                        try $0.decode(2, as: String?.self), try $0.decode(3, as: String?.self)) }
        var calls: [APICall] = []
        for row in try await connection.query("""
            select f.signature, c.value::text from private.api_functions f cross join lateral jsonb_array_elements(f.calls) c
             where 'authenticated' = any (f.roles) order by f.signature
            """) {
            let signature = try row.decode(0, as: String.self)
            let call = try JSONValue(parsing: try row.decode(1, as: String.self))
            let template = call["sql"]?.stringValue ?? ""
            var each: [(table: String?, values: [String: String])] = [(nil, [:])]
            switch call["each"]?.stringValue {
            case "synced": each = tables.filter(\.1).map { ($0.0, [:]) }
            case "manifest": each = tables.map { ($0.0, [:]) }
            case "audited": each = tables.compactMap { t in t.2.map { (t.0, ["entity": "'\($0)'"]) } }
            case "claimed": each = tables.compactMap { t in t.3.map { (t.0, ["claim": "'\($0)'"]) } }
            default: break
            }
            for (table, values) in each {
                var sql = template
                for (key, value) in values { sql = sql.replacingOccurrences(of: "{\(key)}", with: value) }
                if let table {
                    sql = sql.replacingOccurrences(of: "{table}", with: "'\(table)'").replacingOccurrences(of: "{name}", with: table)
                    if let exists = call["exists"]?.stringValue?.replacingOccurrences(of: "{name}", with: table),
                       try await connection.query("select to_regproc(\(exists)) is null").scalar(Bool.self) { continue }
                }
                calls.append(APICall(signature: signature, sql: sql, table: table,
                                     idOf: call["id"]?.stringValue ?? (template.contains("{id}") ? table : nil),
                                     deleted: call["state"]?.stringValue == "deleted", new: call["new"]?.boolValue == true,
                                     record: call["record"]?.stringValue, reads: call["reads"]?.boolValue == true))
            }
        }
        return calls
    }

    /// The statement with its placeholders bound as parameters, each cast to its type: {id}
    /// (a uuid, or the text of the column idOf names), {own:<table>}, {record}, {version},
    /// {cursor}.
    func statement(id: String?, own: UUID?, record: String?, version: Int?, cursor: String?) -> PostgresQuery {
        let idType = idOf?.contains(".") == true ? "text" : "uuid"
        let values: [(pattern: String, type: String, value: any PostgresEncodable)] = [
            (#"\{id\}"#, idType, id), (#"\{own:[a-z_]+\}"#, "uuid", own), (#"\{record\}"#, "jsonb", record),
            (#"\{version\}"#, "integer", version), (#"\{cursor\}"#, "text", cursor),
        ]
        var text = sql
        var binds: [any PostgresEncodable] = []
        for (pattern, type, value) in values {
            guard text.range(of: pattern, options: .regularExpression) != nil else { continue }
            binds.append(value)
            // (a template: its $ escaped, or it would name a capture group)
            text = text.replacingOccurrences(of: pattern, with: NSRegularExpression.escapedTemplate(for: "$\(binds.count)::\(type)"),
                                             options: .regularExpression)
        }
        return PostgresQuery(sql: text, binds: binds)
    }

    /// The table of the {own:<table>} placeholder, if any.
    var ownTable: String? {
        sql.range(of: #"\{own:[a-z_]+\}"#, options: .regularExpression).map { String(sql[$0].dropFirst(5).dropLast()) }
    }
}
