import Foundation

/// One file of the repeatable layer, `sql/code/<area>/<name>.sql`: functions, trigger
/// functions, views, policies, their grants and comments. Unlike a migration it is the
/// current definition, not a step of history: `migrate` re-applies it whenever its checksum
/// differs from the one recorded in `migrations.code_files`, so a fix is an edit of the file.
/// Files run in path order (the folders of the areas, then the files in each), all of them in
/// one transaction after the pending migrations; what a file uses while it is applied (a
/// policy's or trigger's function, a view's, a `do` block's calls, a SQL function's body) is
/// defined by a file before it in that order.
///
/// A file's name in the ledger is its path below the code folder without `.sql`
/// (`sync/pull`): a file moved or renamed is a file removed (forgotten by the ledger) and a
/// new one (applied once).
///
/// A file whose first line is `-- migrate:final` is the final step: it is not checksummed
/// but runs last, after every run that applied a migration or a code file. The project's
/// final step regenerates everything derived from the table manifest.
public struct CodeFile: Sendable, Hashable {
    public var name: String
    public var path: String
    public var sql: String

    public var isFinal: Bool { sql.hasPrefix("-- migrate:final") }

    /// The path below the code folder, as logs and `migrate status` name it (`sync/pull.sql`).
    public var fileName: String { name + ".sql" }

    /// Every `.sql` file below `directory`, its subfolders included, in path order; none when
    /// the folder does not exist. Every part of a path is snake_case (lower-case letters,
    /// digits, `_`).
    public static func load(from directory: String) throws -> [CodeFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        let files: [String]
        do {
            files = try FileManager.default.subpathsOfDirectory(atPath: directory)
        } catch {
            throw MigrationError.directoryUnreadable(directory)
        }
        return try files.filter { $0.hasSuffix(".sql") }.sorted().map { file in
            let path = (directory as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else { throw MigrationError.directoryUnreadable(path) }
            let name = String(file.dropLast(4))
            guard name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ part in
                !part.isEmpty && part.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }
            }) else {
                throw MigrationError.badCodeFileName(file)
            }
            return CodeFile(name: name, path: path, sql: String(decoding: data, as: UTF8.self))
        }
    }

    /// The code folder that goes with a migrations folder: `sql/code` beside `sql/migrations`.
    /// Only a folder named `migrations` has one, so a scratch folder of migrations elsewhere
    /// never picks up an unrelated `code` folder next to it.
    public static func directory(besideMigrations migrations: String) -> String? {
        let url = URL(fileURLWithPath: migrations).standardizedFileURL
        guard url.lastPathComponent == "migrations" else { return nil }
        return url.deletingLastPathComponent().appendingPathComponent("code").path
    }
}
