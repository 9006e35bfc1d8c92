import CLibPQ

/// Every failure of the `Postgres` module: the server's own error with all its fields,
/// a connection that could not be made or was lost, or a value that did not decode.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The server rejected the statement; `sqlState` and the other fields say why.
        case server
        /// No connection could be made (bad URL, server absent, authentication).
        case connectionFailed
        /// The connection broke mid-use. Whatever ran inside an open transaction was
        /// rolled back by the server; the caller may retry on a new connection.
        case connectionLost
        /// A column's value could not be decoded as the requested Swift type.
        case decoding
        /// The library was used in a way that cannot work (for example a closed connection).
        case client
    }

    public var kind: Kind
    public var message: String
    public var severity: String?
    public var sqlState: SQLState?
    public var detail: String?
    public var hint: String?
    public var constraint: String?
    public var schema: String?
    public var table: String?
    public var column: String?
    public var dataType: String?
    /// 1-based character offset into the statement's text.
    public var position: Int?
    /// 1-based character offset into `internalQuery` (errors inside a function body).
    public var internalPosition: Int?
    public var internalQuery: String?
    /// The call stack inside the server (PL/pgSQL function and line).
    public var context: String?
    /// The statement that failed, as sent (values are parameters, never in this text).
    public var query: String?

    public init(_ kind: Kind, _ message: String, sqlState: SQLState? = nil, query: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.query = query
    }

    /// True when retrying on a fresh connection may succeed: the connection was lost, or
    /// could not be made for a reason that can pass (the server is down, starting,
    /// unreachable), or the server's SQLSTATE says so (`SQLState.isTransient`). A
    /// connection refused for good (`isPermanentConnectionFailure`) is not.
    public var isTransient: Bool {
        switch kind {
        case .connectionLost: return true
        case .connectionFailed: return !isPermanentConnectionFailure
        case .server: return sqlState?.isTransient ?? false
        case .decoding, .client: return false
        }
    }

    /// A connection the server will refuse however often it is tried: bad credentials, no
    /// such database or role, no pg_hba.conf entry, a malformed URL. libpq reports these as
    /// text without a SQLSTATE, so the text is read.
    public var isPermanentConnectionFailure: Bool {
        guard kind == .connectionFailed else { return false }
        let text = message.lowercased()
        return ["authentication failed", "no password supplied", "does not exist", "no pg_hba.conf entry",
                "invalid connection option", "invalid uri", "missing \"=\"", "invalid integer value",
                "in the database url", "is not permitted to log in", "invalid sslmode value"]
            .contains { text.contains($0) }
    }

    public var description: String {
        var text = "\(kind == .server ? (severity ?? "ERROR") : kind.rawValue): \(message)"
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let detail { text += "\nDETAIL: \(detail)" }
        if let hint { text += "\nHINT: \(hint)" }
        if let constraint { text += "\nCONSTRAINT: \(constraint)" }
        if let position { text += "\nPOSITION: \(position)" }
        if let context { text += "\nCONTEXT: \(context)" }
        return text
    }

    /// Reads every field the server sent with an error result.
    init(result: OpaquePointer, query: String?) {
        func field(_ code: Int32) -> String? {
            guard let value = PQresultErrorField(result, code) else { return nil }
            return String(cString: value)
        }
        let primary = field(Int32(UInt8(ascii: "M")))
        self.init(.server, primary ?? Self.trimmed(PQresultErrorMessage(result)), query: query)
        severity = field(Int32(UInt8(ascii: "V"))) ?? field(Int32(UInt8(ascii: "S")))
        sqlState = field(Int32(UInt8(ascii: "C"))).map(SQLState.init(rawValue:))
        detail = field(Int32(UInt8(ascii: "D")))
        hint = field(Int32(UInt8(ascii: "H")))
        position = field(Int32(UInt8(ascii: "P"))).flatMap { Int($0) }
        internalPosition = field(Int32(UInt8(ascii: "p"))).flatMap { Int($0) }
        internalQuery = field(Int32(UInt8(ascii: "q")))
        context = field(Int32(UInt8(ascii: "W")))
        schema = field(Int32(UInt8(ascii: "s")))
        table = field(Int32(UInt8(ascii: "t")))
        column = field(Int32(UInt8(ascii: "c")))
        dataType = field(Int32(UInt8(ascii: "d")))
        constraint = field(Int32(UInt8(ascii: "n")))
        if sqlState == nil, primary == nil {
            // libpq reports a broken connection as an error result without a SQLSTATE.
            kind = .connectionLost
        }
    }

    static func trimmed(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? "unknown error" : message
    }
}

import Foundation
