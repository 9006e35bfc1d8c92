import Foundation
import Synchronization

/// A transaction-mode pooler that the URL did not declare (`pgbouncer=true`), found by what
/// it does to named prepared statements: between two transactions the client moves to
/// another server connection, where the statement it prepared does not exist (26000), or
/// it prepares a name already there (42P05), or binds a statement of another shape
/// (08P01, "bind message supplies N parameters, but prepared statement … requires M").
///
/// Statement names are unique per connection (random), so another client's statement is
/// never run; these errors then only say that the pooler is there. The connection stops
/// naming statements (as if declared) and sends the failed statement again: before its
/// first symptom a prepared statement may have run, after it every one goes unnamed.
enum UndeclaredPooler {
    static func isSymptom(_ error: PostgresError) -> Bool {
        guard error.kind == .server, let state = error.sqlState else { return false }
        if state == .invalidSQLStatementName || state == .duplicatePreparedStatement { return true }
        return state == .protocolViolation && error.message.contains("prepared statement")
    }

    private static let warned = Atomic<Bool>(false)
    private static let pooled = Mutex<Set<String>>([])

    /// Remembers, for the whole process, that `conninfo` leads to a pooler: every
    /// connection opened with it, the ones that have not met a symptom yet included, is
    /// then treated as pooled where it matters most: none carries a LISTEN, whose
    /// notifications a pooler would deliver to whichever client next gets that server
    /// connection (and not to this one).
    static func record(_ conninfo: String) {
        pooled.withLock { _ = $0.insert(conninfo) }
    }

    static func isDetected(_ conninfo: String) -> Bool {
        pooled.withLock { $0.contains(conninfo) }
    }

    /// Says once per process, on stderr, that the URL should declare the pooler.
    static func warnOnce() {
        guard !warned.exchange(true, ordering: .relaxed) else { return }
        let message = """
            postgres: the database URL leads to a transaction-mode pooler that it does not declare (prepared statements \
            moved between server connections): statements now go unnamed; add pgbouncer=true to the URL to say so

            """
        FileHandle.standardError.write(Data(message.utf8))
    }
}
