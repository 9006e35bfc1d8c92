import Foundation

/// One file of `sql/migrations`: `NNNN_snake_case.sql`.
public struct Migration: Sendable, Hashable {
    public var version: Int
    public var name: String
    public var path: String
    public var sql: String

    /// A file whose first line is `-- migrate:no-transaction` runs statement by
    /// statement outside a transaction (for `create index concurrently`).
    public var runsInTransaction: Bool {
        !sql.hasPrefix("-- migrate:no-transaction")
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
    case duplicateVersion(Int, String, String)
    case changed([String])
    case missing([String])
    /// A migration failed: the file, the line in it, and the server's error.
    case failed(file: String, line: Int?, error: Error)
    /// `up` was given a connection through a transaction pooler, which keeps no session lock.
    case needsSession

    public var description: String {
        switch self {
        case .directoryUnreadable(let path): return "cannot read \(path)"
        case .badFileName(let file): return "\(file): migration files are named NNNN_snake_case.sql"
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
        case .failed(let file, let line, let error):
            let location = line.map { "\(file):\($0)" } ?? file
            return "\(location): \(error)"
        }
    }
}
