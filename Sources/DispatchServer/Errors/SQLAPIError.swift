import Foundation
import Postgres

/// A refusal of the SQL API, for every service alike: the code, the server's whole error,
/// and typed readings of its DETAIL where a code defines one.
///
/// Every RPC raises `errcode = '<sqlstate>', message = '<CODE>: <human text>'`. The
/// SQLSTATE only says the kind of failure (23503 covers every foreign key); the code before
/// the colon is the machine-readable answer, and structured data travels as JSON in DETAIL.
/// So this type is parsed from those two fields, here and nowhere else — never from the
/// English text after the colon, which may be reworded at any time.
///
/// A server error without a code (Postgres' own: a grant, a row-level security check, a
/// lost connection) is not one of these: the services rethrow it as the `PostgresError` it
/// is, and `RetryPolicy` sees a lost connection as transient. Nothing changed on the server
/// when one of these is thrown: every RPC validates before it writes, or runs all or nothing.
public struct SQLAPIError: Error, Sendable, CustomStringConvertible, RetryClassifiable {
    public var code: Code
    /// The whole message, code included (`ALREADY_CLAIMED: this task is already claimed by Bob`).
    public var message: String
    /// Everything the server sent (SQLSTATE, detail, hint, constraint …); nil when Swift
    /// refused the input before asking the server (a page size over the limit).
    public var server: PostgresError?

    /// The coded error in `error`; nil when the server raised it without a code, or when
    /// it is not the server's error at all (a lost connection, a decoding failure).
    public init?(_ error: PostgresError) {
        guard error.kind == .server, let code = Self.code(in: error.message) else { return nil }
        self.code = code
        message = error.message
        server = error
    }

    /// A refusal decided in Swift, spelled as the SQL spells its own: `CODE: text`.
    public init(_ code: Code, _ text: String) {
        self.code = code
        message = "\(code.rawValue): \(text)"
        server = nil
    }

    public var sqlState: SQLState? { server?.sqlState }
    public var detail: String? { server?.detail }
    public var hint: String? { server?.hint }
    public var constraint: String? { server?.constraint }

    /// DETAIL parsed as JSON, for the codes whose DETAIL is structured; nil otherwise.
    public var detailJSON: JSONValue? {
        guard let detail, detail.first == "{" else { return nil }
        return try? JSONValue(parsing: detail)
    }

    /// A coded error is an answer, not an outage: the same call gets the same answer.
    public var isTransient: Bool { server?.isTransient ?? false }

    public var description: String {
        server.map { "SQLAPIError \(code): \($0)" } ?? "SQLAPIError \(code): \(message)"
    }

    /// `CODE` from `CODE: text`, where CODE is UPPER_SNAKE (letters, digits, underscores,
    /// starting with a letter): the project's convention for machine-readable codes.
    static func code(in message: String) -> Code? {
        guard let colon = message.firstIndex(of: ":"), message[colon...].hasPrefix(": ") else { return nil }
        let head = message.unicodeScalars[..<colon]
        guard let first = head.first, ("A"..."Z").contains(first),
              head.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { return nil }
        return Code(rawValue: String(head))
    }

    /// Runs `body`, turning the server's coded refusals into `SQLAPIError`; every other
    /// error passes through unchanged.
    static func mapping<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgresError {
            throw SQLAPIError(error) ?? error
        }
    }
}
