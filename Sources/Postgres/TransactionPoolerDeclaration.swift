import Foundation

/// A conninfo says it reaches the database through a transaction-mode pooler (PgBouncer
/// with `pool_mode = transaction`, Supabase's Supavisor on port 6543) with the parameter
/// `pgbouncer=true`, the spelling other Postgres clients already use for the same thing
/// (`postgresql://app@pooler:6543/postgres?pgbouncer=true`, or `… pgbouncer=true` in a
/// key/value conninfo).
///
/// It cannot be recognised on connecting: a pooler forwards the server's own greeting, and
/// consecutive transactions of one client often do land on the same server connection —
/// until, under load, they do not (then `UndeclaredPooler` notices, after the fact). So the
/// user says it, and the library then keeps to what survives a change of server connection
/// between transactions from the start: no named prepared statement, no LISTEN. libpq rejects parameters it does not know, so the declaration is removed
/// before libpq sees the conninfo.
struct TransactionPoolerDeclaration: Equatable {
    static let parameter = "pgbouncer"

    /// The conninfo as libpq gets it (without the declaration).
    var conninfo: String
    var isTransactionPooled: Bool

    init(parsing conninfo: String) throws {
        let found = conninfo.hasPrefix("postgresql://") || conninfo.hasPrefix("postgres://")
            ? Self.removeFromURL(conninfo) : Self.removeFromKeywords(conninfo)
        self.conninfo = found.rest
        switch found.value?.lowercased() {
        case nil, "false": isTransactionPooled = false
        case "true": isTransactionPooled = true
        case let value?:
            throw PostgresError(
                .connectionFailed,
                "\(Self.parameter)=\(value) in the database URL: write \(Self.parameter)=true when the URL is a transaction-mode pooler, or leave it out")
        }
    }

    /// `…?a=1&pgbouncer=true&b=2` → (`…?a=1&b=2`, "true").
    private static func removeFromURL(_ url: String) -> (rest: String, value: String?) {
        guard let question = url.firstIndex(of: "?") else { return (url, nil) }
        var value: String?
        let kept = url[url.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).filter { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair[0] == parameter else { return true }
            value = pair.count > 1 ? String(pair[1]) : ""
            return false
        }
        let base = String(url[..<question])
        return (kept.isEmpty ? base : base + "?" + kept.joined(separator: "&"), value)
    }

    /// `host=/tmp pgbouncer=true dbname=app` → (`host=/tmp dbname=app`, "true"). Follows
    /// libpq's grammar: `key = value`, a value either single-quoted (with `\` escapes) or
    /// running to the next blank.
    private static func removeFromKeywords(_ conninfo: String) -> (rest: String, value: String?) {
        let text = Array(conninfo)
        var i = 0
        func skipBlanks() { while i < text.count, text[i].isWhitespace { i += 1 } }
        while true {
            skipBlanks()
            guard i < text.count else { return (conninfo, nil) }
            let start = i
            while i < text.count, text[i] != "=", !text[i].isWhitespace { i += 1 }
            let key = String(text[start..<i])
            skipBlanks()
            guard i < text.count, text[i] == "=" else { return (conninfo, nil) }  // malformed: libpq says so
            i += 1
            skipBlanks()
            var value = ""
            if i < text.count, text[i] == "'" {
                i += 1
                while i < text.count, text[i] != "'" {
                    if text[i] == "\\", i + 1 < text.count { i += 1 }
                    value.append(text[i])
                    i += 1
                }
                i += 1
            } else {
                while i < text.count, !text[i].isWhitespace {
                    if text[i] == "\\", i + 1 < text.count { i += 1 }
                    value.append(text[i])
                    i += 1
                }
            }
            if key == parameter {
                let rest = String(text[..<start]) + String(text[min(i, text.count)...])
                return (rest.trimmingCharacters(in: .whitespaces), value)
            }
        }
    }
}
