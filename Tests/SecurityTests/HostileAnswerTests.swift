import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Bo, a signed-in user, calls every function app users may run (the API list,
/// sql/code/manifest/api.sql, with each call it names, for every table it names) with Ada's
/// ids, and again with ids that name nothing. What he learns must be what a made-up id tells
/// him (an id offered for a new row may be answered as taken, nothing more), and nothing of
/// Ada's may change. Generated: a table or RPC added later is covered through its entry in
/// the manifest or the list, and every function app users may run has an entry
/// (PrivilegeMatrixTests).
@Suite struct HostileAnswerTests {
    @Test func anotherUsersIdsAnswerAsIdsThatNameNothing() async throws {
        let database = try await TestDatabase.create(fixture: try Hostile.users(bulk: 10))
        let admin = try await database.connect()
        let adaBefore = try await admin.query("select hostile.fingerprint(\(Hostile.ada))").scalar(String.self)
        var findings: [String] = []
        var probed = 0, errors = 0
        for call in try await APICall.all(admin) {
            guard let probe = try await Probe(call, admin) else { continue }
            probed += 1
            let (theirs, adaAfter) = try await Self.run(call, probe.ada, admin)
            let (none, adaAfterNone) = try await Self.run(call, probe.madeUp, admin)
            let a = Self.normalised(theirs, probe.ada.id), b = Self.normalised(none, probe.madeUp.id)
            if ["42601", "42883", "42P18", "42804"].contains(where: { a.hasPrefix($0 + " ") }) {
                errors += 1
                findings.append("\(call)\n    does not run: \(a.prefix(300))")
            }
            if a != b && !(call.new && Self.isTaken(a)) {
                findings.append("\(call)\n    Ada's id: \(a.prefix(400))\n    made up:  \(b.prefix(400))")
            }
            if adaAfter != adaBefore || adaAfterNone != adaBefore {
                findings.append("\(call)\n    changed Ada's rows")
            }
        }
        await admin.close()
        #expect(probed > 100, "\(probed) calls probed")
        // The calls ran: most answer something other than an error of their own text.
        #expect(errors < probed / 2, "\(errors) of \(probed) calls failed to run (42601, 42883, 42P18)")
        #expect(findings.isEmpty, "\(findings.count) of \(probed) calls answer Bo differently for Ada's ids:\n\(findings.joined(separator: "\n"))")
    }

    /// The call as Bo with `values`, in a transaction rolled back: its answer (the result as
    /// text, or the error's SQLSTATE, message, detail and hint), and Ada's rows after it.
    static func run(_ call: APICall, _ values: Probe.Values, _ admin: PostgresConnection) async throws -> (String, String) {
        struct RolledBack: Error { let answer: String; let ada: String }
        let statement = call.statement(id: values.id, own: values.own, record: values.record, version: values.version, cursor: nil)
        do {
            try await admin.transaction { conn in
                try conn.act(as: .user(Hostile.bo))
                var answer: String
                do {
                    try conn.query("savepoint call")
                    answer = try conn.query(statement).map { row in
                        try row.columns.indices.map { try row.decode($0, as: String?.self) ?? "null" }.joined(separator: "|")
                    }.joined(separator: "\n")
                } catch let error as PostgresError {
                    try conn.query("rollback to savepoint call")
                    answer = "\(error.sqlState?.rawValue ?? "?") \(error.message) | \(error.detail ?? "") | \(error.hint ?? "")"
                }
                try conn.query("reset role")
                throw RolledBack(answer: answer, ada: try conn.query("select hostile.fingerprint(\(Hostile.ada))").scalar(String.self))
            }
        } catch let rolledBack as RolledBack {
            return (rolledBack.answer, rolledBack.ada)
        }
        return ("", "")
    }

    /// An answer with the id it was asked about (in either case) as <id>, and the times and
    /// cursors of the server, which differ from one call to the next, as <now>, <cursor>.
    static func normalised(_ answer: String, _ id: String?) -> String {
        var text = answer
        if let id { text = text.replacingOccurrences(of: id, with: "<id>").replacingOccurrences(of: id.uppercased(), with: "<id>") }
        text = text.replacingOccurrences(of: #"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d(:\d\d)?|Z)?"#, with: "<now>",
                                         options: .regularExpression)
        return text.replacingOccurrences(of: #""cursor" ?: ?"[^"]*""#, with: #""cursor": "<cursor>""#, options: .regularExpression)
    }

    /// "Taken", and nothing more: a coded unique violation whose message and detail name
    /// nothing but the id offered (a hint may say what to do).
    static func isTaken(_ answer: String) -> Bool {
        answer.range(of: #"^23505 [A-Z_]+_TAKEN: [^|<]*(<id>[^|<]*)?\| (\{"id" ?: "<id>"\})? \| "#, options: .regularExpression) != nil
    }

    /// The values one call binds for Ada's row, and for a made-up one.
    struct Probe {
        struct Values {
            let id: String?
            let own: UUID?
            let record: String?
            let version: Int?
        }
        let ada: Values
        let madeUp: Values

        /// Nil when Ada has no row the call can name (of a table users do not own, or of a
        /// state that table has not: a deleted preference).
        init?(_ call: APICall, _ admin: PostgresConnection) async throws {
            let label = call.deleted ? "deleted" : "live"
            var own: UUID?
            if let table = call.ownTable {
                own = try await admin.query("""
                    select r.id from hostile.rows r where r.table_name = \(table) and r.owner = \(Hostile.bo) and r.label = 'live' and r.n = 1
                    """).scalar(UUID?.self)
            }
            let madeUpID = UUID().uuidString.lowercased()
            switch call.record {
            case "row":
                // Ada's row as she pulled it, at its version; the made-up one the same with its id.
                guard let table = call.table, let record = try await admin.query("""
                    select hostile.record(\(table), \(Hostile.ada), \(label))::text
                    """).scalar(String?.self) else { return nil }
                let value = try JSONValue(parsing: record)
                guard let id = value["id"]?.stringValue else { return nil }
                let version = value["row_version"]?.intValue ?? 1
                ada = Values(id: id, own: own, record: record, version: version)
                madeUp = Values(id: madeUpID, own: own, record: record.replacingOccurrences(of: id, with: madeUpID), version: version)
            case "reference":
                // Bo's own new row whose parent is Ada's row, or one that is not there.
                guard let table = call.table, let row = try await admin.query("""
                    select p.parent_table, p.type_column, p.type, p.id_column, hostile.record(\(table), \(Hostile.bo), 'live')::text,
                           (select r.id::text from hostile.rows r where r.table_name = p.parent_table and r.owner = \(Hostile.ada) and r.label = 'live' and r.n = 1)
                      from hostile.parent(\(table)) p
                    """).first, let record = try row.decode(4, as: String?.self), let parent = try row.decode(5, as: String?.self)
                else { return nil }
                let column = try row.decode(3, as: String.self)
                let newRow = UUID().uuidString.lowercased()
                let mine = try JSONValue(parsing: record)
                func referencing(_ id: String) throws -> String {
                    guard case .object(var fields) = mine else { return record }
                    fields["id"] = .string(newRow)
                    fields[column] = .string(id)
                    if let typeColumn = try row.decode(1, as: String?.self), let type = try row.decode(2, as: String?.self) {
                        fields[typeColumn] = .string(type)
                    }
                    fields.removeValue(forKey: "row_version")
                    return JSONValue.object(fields).jsonText
                }
                ada = Values(id: parent, own: own, record: try referencing(parent), version: nil)
                madeUp = Values(id: madeUpID, own: own, record: try referencing(madeUpID), version: nil)
            default:
                var adaID: String?, noneID: String?
                if let idOf = call.idOf {
                    let parts = idOf.split(separator: ".").map(String.init)
                    let column = parts.count > 1 ? parts[1] : "id"
                    // A deleted row's id is what hostile.rows kept of it.
                    guard let value = try await admin.query("""
                        select case when \(column) = 'id'
                                    then (select r.id::text from hostile.rows r
                                           where r.table_name = \(parts[0]) and r.owner = \(Hostile.ada) and r.label = \(label) and r.n = 1)
                                    else hostile.record(\(parts[0]), \(Hostile.ada), \(label)) ->> \(column) end
                        """).scalar(String?.self) else { return nil }
                    adaID = value
                    noneID = column == "id" ? madeUpID : "made-up-" + madeUpID
                }
                ada = Values(id: adaID, own: own, record: nil, version: nil)
                madeUp = Values(id: noneID, own: own, record: nil, version: nil)
            }
        }
    }
}
