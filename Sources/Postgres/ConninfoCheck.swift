import CLibPQ
import Foundation

extension ConnectionRoles {
    /// What makes `conninfo` (a URL or key/value conninfo) unusable whatever the server's
    /// state, or nil when libpq can read it: its own parser's verdict (`PQconninfoParse`:
    /// an unknown parameter, a bad percent-escape, a missing "="), a port that is not a
    /// number from 1 to 65535, a `pgbouncer=` other than true or false. A program given
    /// such a value fails at once as misconfigured: retried as an outage, `migrate` waited a
    /// minute and the worker forever.
    public static func problem(with conninfo: String) -> String? {
        let declaration: TransactionPoolerDeclaration
        do {
            declaration = try TransactionPoolerDeclaration(parsing: conninfo)
        } catch let error as PostgresError {
            return error.message
        } catch {
            return "\(error)"
        }
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(declaration.conninfo, &message) else {
            defer { if let message { PQfreemem(message) } }
            return message.map { PostgresError.trimmed($0) } ?? "libpq cannot read it"
        }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "port", let value = option.pointee.val {
                let ports = String(cString: value).split(separator: ",", omittingEmptySubsequences: false)
                if let bad = ports.first(where: { !$0.isEmpty && !(Int($0).map { (1...65535).contains($0) } ?? false) }) {
                    return "invalid port number \"\(bad)\""
                }
            }
            option += 1
        }
        return nil
    }
}
