import Foundation

/// One file of the repeatable layer, `sql/code/NN_name.sql`: functions, trigger functions,
/// views, policies, their grants and comments. Unlike a migration it is the current
/// definition, not a step of history: `migrate` re-applies it whenever its checksum differs
/// from the one recorded in `migrations.code_files`, so a fix is an edit of the file. Files
/// run in name order (a file may use what an earlier one defines), all of them in one
/// transaction after the pending migrations.
///
/// A file whose first line is `-- migrate:final` is the final step: it is not checksummed
/// but runs last, after every run that applied a migration or a code file. The project's
/// final step regenerates everything derived from the table manifest.
public struct CodeFile: Sendable, Hashable {
    public var name: String
    public var path: String
    public var sql: String

    public var isFinal: Bool { sql.hasPrefix("-- migrate:final") }

    public var fileName: String { (path as NSString).lastPathComponent }

    /// Every `.sql` file of `directory`, in name order; none when the folder does not exist.
    public static func load(from directory: String) throws -> [CodeFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw MigrationError.directoryUnreadable(directory)
        }
        return try files.filter { $0.hasSuffix(".sql") }.sorted().map { file in
            let path = (directory as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else { throw MigrationError.directoryUnreadable(path) }
            guard file.dropLast(4).allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }) else {
                throw MigrationError.badFileName(file)
            }
            return CodeFile(name: String(file.dropLast(4)), path: path, sql: String(decoding: data, as: UTF8.self))
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
