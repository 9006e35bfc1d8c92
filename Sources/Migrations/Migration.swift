import Foundation

/// One file of `sql/migrations`: `NNNN_snake_case.sql`.
public struct Migration: Sendable, Hashable {
    public var version: Int
    public var name: String
    public var path: String
    public var sql: String

    /// Earlier files this one stands for: a database that applied every one of them (with
    /// these checksums) already has what this file creates, so `migrate` records this file
    /// as applied without running it and drops those rows from the ledger. Declared in the
    /// file's header, one line each: `-- migrate:replaces 0008_watchlists <sha256>`. This is
    /// how history is squashed or reshaped without re-running it anywhere.
    public var replaces: [Replaced] {
        header.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 4, words[1] == "migrate:replaces",
                  let underscore = words[2].firstIndex(of: "_"), let version = Int(words[2][..<underscore])
            else { return nil }
            return Replaced(version: version, name: String(words[2][words[2].index(after: underscore)...]),
                            checksum: String(words[3]))
        }
    }

    /// The file's leading `-- migrate:` lines.
    private var header: [Substring] {
        Array(sql.split(separator: "\n").prefix { $0.hasPrefix("-- migrate:") })
    }

    /// A ledger row a file stands for (`replaces`).
    public struct Replaced: Sendable, Hashable {
        public var version: Int
        public var name: String
        public var checksum: String
    }

    /// A file whose header has the line `-- migrate:no-transaction` runs statement by
    /// statement outside a transaction (for `create index concurrently`).
    public var runsInTransaction: Bool {
        !header.contains("-- migrate:no-transaction")
    }

    public var fileName: String { (path as NSString).lastPathComponent }

    /// Reads every `NNNN_name.sql` of `directory`, ordered by version. Two files with
    /// one version, or a `.sql` file with a malformed name, is an error, not a skip.
    public static func load(from directory: String) throws -> [Migration] {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw MigrationError.directoryUnreadable(directory)
        }
        var migrations: [Migration] = []
        for file in files.sorted() where file.hasSuffix(".sql") {
            let stem = file.dropLast(4)
            guard let underscore = stem.firstIndex(of: "_"),
                  let version = Int(stem[..<underscore]),
                  stem[..<underscore].count == 4,
                  stem[stem.index(after: underscore)...].allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" })
            else { throw MigrationError.badFileName(file) }
            let path = (directory as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else { throw MigrationError.directoryUnreadable(path) }
            let sql = String(decoding: data, as: UTF8.self)
            if let other = migrations.first(where: { $0.version == version }) {
                throw MigrationError.duplicateVersion(version, other.fileName, file)
            }
            migrations.append(Migration(version: version, name: String(stem[stem.index(after: underscore)...]), path: path, sql: sql))
        }
        return migrations.sorted { $0.version < $1.version }
    }
}

public enum MigrationError: Error, CustomStringConvertible, Sendable {
    case directoryUnreadable(String)
    case badFileName(String)
    /// A code file whose path below the code folder is not snake_case parts.
    case badCodeFileName(String)
    case duplicateVersion(Int, String, String)
    case changed([String])
    case missing([String])
    /// A migration failed: the file, the line in it, and the server's error.
    case failed(file: String, line: Int?, error: Error)
    /// `up` was given a connection through a transaction pooler, which keeps no session lock.
    case needsSession
    /// The database applied some but not all of the files a migration replaces.
    case partlyReplaced(file: String, applied: [String], missing: [String])
    /// The repeatable layer differs from what the database runs (`verify`).
    case codeOutdated([String])
    /// A lock was not granted within the lock timeout, every attempt: the sessions that held
    /// locks on the database's tables after the last one.
    case lockTimeout(attempts: Int, holders: [LockHolder])
    /// The session holding the runners' lock ended before the run did (terminated, or its
    /// connection lost): the run stopped before its next commit.
    case lockLost

    public var description: String {
        switch self {
        case .directoryUnreadable(let path): return "cannot read \(path)"
        case .badFileName(let file): return "\(file): migration files are named NNNN_snake_case.sql"
        case .badCodeFileName(let file): return "\(file): code files are named area/snake_case.sql (lower-case letters, digits, _)"
        case .duplicateVersion(let version, let a, let b): return "version \(version) is used by both \(a) and \(b)"
        case .changed(let files): return "applied migrations were edited after they ran: \(files.joined(separator: ", "))"
        case .missing(let files): return "applied migrations are missing from the directory: \(files.joined(separator: ", "))"
        case .needsSession:
            return """
                the database URL is a transaction pooler (pgbouncer=true), which keeps no session: the lock that \
                serialises migrations would be lost between statements. Set DATABASE_DIRECT_URL (or \
                --database-direct-url) to a direct connection to the database (on Supabase: the direct connection, \
                or the session pooler on port 5432)
                """
        case .partlyReplaced(let file, let applied, let missing):
            return """
                \(file) replaces \((applied + missing).joined(separator: ", ")), but the database applied only \
                \(applied.joined(separator: ", ")): migrate it with the files it was last migrated with first
                """
        case .codeOutdated(let files):
            return "the database runs other code than sql/code (run migrate): \(files.joined(separator: ", "))"
        case .lockTimeout(let attempts, let holders):
            let who = holders.isEmpty ? "no session holds a lock on a table now (it ended in between): run migrate again"
                : "sessions holding locks on tables: " + holders.map(\.description).joined(separator: "; ")
            return "a lock was not granted within the lock timeout in \(attempts) attempts, and nothing was applied by the last one; \(who)"
        case .lockLost:
            return """
                the session holding the runners' lock (migrations.runner) ended during the run, so another migrate \
                could have started: this run stopped, and what it had not committed was rolled back. Run migrate \
                again (it applies only what is left). The lock's session is idle in a transaction for the whole run, \
                named application_name 'migrate: runners lock': a script that ends such sessions must spare it
                """
        case .failed(let file, let line, let error):
            let location = line.map { "\(file):\($0)" } ?? file
            return "\(location): \(error)"
        }
    }
}
