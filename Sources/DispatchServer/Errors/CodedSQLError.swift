import Postgres

/// The SQL API's errors begin their message with a code (`FK_MISSING: …`); the SQLSTATE
/// only says the kind of failure (23503 covers every foreign key), so the typed Swift errors
/// are chosen by this code.
enum CodedSQLError {
    /// The code before the colon, when the message starts with `UPPER_SNAKE: `.
    static func code(of error: PostgresError) -> String? {
        guard error.kind == .server, let colon = error.message.firstIndex(of: ":") else { return nil }
        let code = error.message[..<colon]
        guard !code.isEmpty, code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }),
              error.message[colon...].hasPrefix(": ")
        else { return nil }
        return String(code)
    }
}
