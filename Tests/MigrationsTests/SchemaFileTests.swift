import Foundation
import Postgres
import TestSupport
import Testing

/// `sql/schema.sql` (what is written by hand) and `sql/schema.generated.sql` (what the table
/// manifest generates, with the manifest's rows) are generated (`make schema`) and checked in
/// as the place to read the current definition of anything. This keeps them honest: a
/// migrated database, dumped and normalised by the same script, must give the same files
/// byte for byte.
@Suite struct SchemaFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: [("hand", "sql/schema.sql"), ("generated", "sql/schema.generated.sql")])
    func theCheckedInSchemaIsWhatTheMigrationsProduce(_ part: String, _ path: String) async throws {
        // A clone of the template, which the migrations runner built from an empty database.
        let database = try await TestDatabase.create()
        let script = Self.root.appendingPathComponent("scripts/schema.sh").path
        let dump = try ChildProcess("/bin/bash", [script, "dump", database.url, part])
        let status = await dump.wait()
        let (actual, errors) = (dump.stdout, dump.stderr)
        dump.removeOutput()
        try #require(status == 0, "scripts/schema.sh dump failed: \(errors)")

        let file = Self.root.appendingPathComponent(path).path
        let expected = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        guard actual != expected else { return }

        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let differing = zip(old, new).filter { $0 != $1 }.count + abs(old.count - new.count)
        let generated = NSTemporaryDirectory() + "schema-\(part)-\(database.name).sql"
        try actual.write(toFile: generated, atomically: true, encoding: .utf8)
        Issue.record("""
            \(path) is not what the migrations produce (\(differing) lines differ; first at line \(first + 1)):
              checked in: \(first < old.count ? String(old[first]) : "(end of file)")
              migrations: \(first < new.count ? String(new[first]) : "(end of file)")
            Run `make schema` and commit \(path). All differences: diff -u \(path) \(generated)
            """)
    }
}
