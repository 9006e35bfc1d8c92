import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The pages (README.md and docs/*.md) name what changes under them: files, SQL functions and
/// tables, Swift types and their members, test suites, make targets, environment variables,
/// lints, migrations, error codes, bench groups. Every such name a page gives is checked here
/// to exist, so a move or a rename that forgets a page fails a test instead of leaving the
/// page wrong; counts that every added test would make stale are not written at all; and the
/// table of length limits is the table manifest's, rendered.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: TestDatabase.repositoryPath(""))

    /// One page: its path from the root and its lines.
    struct Page {
        let path: String
        let lines: [String]
        var text: String { lines.joined(separator: "\n") }

        /// The code spans (`…`) of the prose and the lines of fenced blocks, with their line
        /// numbers: where names are written.
        var code: [(line: Int, text: String, fenced: Bool)] {
            var found: [(Int, String, Bool)] = []
            var fence = false
            for (i, line) in lines.enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    fence.toggle()
                    continue
                }
                if fence {
                    found.append((i + 1, line, true))
                } else {
                    for match in line.matches(of: /`([^`]+)`/) { found.append((i + 1, String(match.output.1), false)) }
                }
            }
            return found
        }
    }

    /// Records `message` unless `condition` holds (a plain message: #expect would print the
    /// sets it looked in).
    static func check(_ condition: Bool, _ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        if !condition { Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation) }
    }

    static func pages() throws -> [Page] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).map { path in
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return Page(path: path, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// Every file and folder of the repository (build output, the cluster and git aside).
    static func repositoryPaths() -> Set<String> {
        var paths: Set<String> = []
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return paths }
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if [".build", ".git", ".pgdata", ".swiftpm"].contains(name) {
                walker.skipDescendants()
                continue
            }
            paths.insert(path)
        }
        return paths
    }

    /// The text of every file under `folders` whose name ends with one of `suffixes`.
    static func sources(_ folders: [String], _ suffixes: [String]) -> String {
        repositoryPaths().filter { path in folders.contains { path.hasPrefix($0) } && suffixes.contains { path.hasSuffix($0) } }
            .sorted()
            .compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test func theFilesAndFoldersThePagesNameExist() throws {
        let paths = Self.repositoryPaths()
        let names = Set(paths.map { ($0 as NSString).lastPathComponent })
        let pathLike = /(?:^|[^\w\/.<>*-])((?:sql|Sources|Tests|docs|scripts|deploy|Benchmarks|Examples|\.ci)\/[\w.\/+<>*{}-]*|[\w+<>*-]+(?:\/[\w+<>*-]+)*\.(?:sql|swift|md|sh|yml|yaml|json|awk)\b)/
        for page in try Self.pages() {
            let folder = (page.path as NSString).deletingLastPathComponent
            for (line, text, _) in page.code {
                for match in text.matches(of: pathLike) {
                    var path = String(match.output.1)
                    while let last = path.last, ".,:;/".contains(last) { path.removeLast() }
                    // Placeholders: sql/code/<area>/<name>.sql, NNNN_name.sql, events_pNN.
                    if path.isEmpty || path.contains(/[<*{]|NNNN|NN\b/) { continue }
                    let exists = path.contains("/")
                        ? paths.contains(path) || paths.contains((folder as NSString).appendingPathComponent(path))
                            || paths.contains { $0.hasSuffix("/" + path) }
                        : names.contains(path)
                    Self.check(exists, "\(page.path):\(line): \(path) does not exist")
                }
            }
        }
    }

    /// Links to pages and to their headings (GitHub's anchors: the heading in lower case,
    /// spaces as hyphens, punctuation dropped).
    @Test func theLinksBetweenPagesResolve() throws {
        let pages = try Self.pages()
        func anchors(_ page: String) -> Set<String> {
            guard let text = try? String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8) else { return [] }
            return Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { heading in
                String(heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                    .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
                    .map { $0 == " " ? "-" : $0 })
            })
        }
        for page in pages {
            for (i, line) in page.lines.enumerated() {
                for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                    let target = String(match.output.1)
                    if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let file = parts[0].isEmpty ? page.path
                        : ((page.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(parts[0])
                    let normalised = (file as NSString).standardizingPath
                    Self.check(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(normalised).path),
                          "\(page.path):\(i + 1): the link \(target) names no file")
                    if parts.count == 2, normalised.hasSuffix(".md") {
                        Self.check(anchors(normalised).contains(parts[1]), "\(page.path):\(i + 1): \(normalised) has no heading #\(parts[1])")
                    }
                }
            }
        }
    }

    /// Tables, views, functions and types named with their schema (public.sync_pull,
    /// outbox.events) exist in a migrated database, a Supabase-like one for Supabase's own
    /// (storage.objects); a snake_case call in a code span (sync_pull(…), get_badge_counts())
    /// names a function that exists.
    @Test func theSQLNamesThePagesGiveExist() async throws {
        let catalog = """
            select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            union select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            union select n.nspname || '.' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
            union select n.nspname from pg_namespace n
            """
        var qualified: Set<String> = []
        var functions: Set<String> = []
        for flavor in [DatabaseFlavor.plain, .supabaseLike] {
            let (database, connection) = try await TestDatabase.createWithAdmin(flavor: flavor)
            for row in try await connection.query(PostgresQuery(sql: catalog)) { qualified.insert(try row.decode(0, as: String.self)) }
            for row in try await connection.query("select distinct proname::text from pg_proc") { functions.insert(try row.decode(0, as: String.self)) }
            await connection.close()
            _ = database
        }
        for page in try Self.pages() {
            for (line, text, fenced) in page.code {
                for match in text.matches(of: /(?:^|[^\w.\/$-])(public|private|outbox|audit|auth|extensions|storage|migrations)\.([A-Za-z_][A-Za-z0-9_]*)/) {
                    let name = "\(match.output.1).\(match.output.2)"
                    // A placeholder (outbox.events_pNN) is no name.
                    if match.output.2.contains(where: \.isUppercase) { continue }
                    Self.check(qualified.contains(name), "\(page.path):\(line): \(name) does not exist")
                }
                if fenced { continue }
                for match in text.matches(of: /(?:^|[^\w.$])([a-z][a-z0-9]*_[a-z0-9_]+)\(/) {
                    Self.check(functions.contains(String(match.output.1)), "\(page.path):\(line): no function \(match.output.1)")
                }
            }
        }
    }

    /// Names of the toolchain and of other programs that pages write like Swift types.
    static let foreignNames: Set<String> = [
        "AsyncSequence", "CancellationError", "DispatchSource", "DispatchQueue", "JSONDecoder", "JSONEncoder",
        "NotRegistered", "BadDeviceToken", "PQcancel", "PQsendQuery", "PgBouncer",
    ]

    /// Swift types (two or more capitals and a lower-case letter: SyncService, SQLAPIError),
    /// test suites and targets named in code spans are declared in the package, and so are
    /// the members named after them (SQLAPIError.Code, RetryPolicy.default). The pages about
    /// the apps' own models are left out: their names are the apps'.
    @Test func theSwiftNamesThePagesGiveAreDeclared() throws {
        let swift = Self.sources(["Sources/", "Tests/", "Benchmarks/", "Examples/", "Package.swift"], [".swift"])
        var declared = Set(swift.matches(of: /\b(?:struct|class|enum|actor|protocol|typealias|extension)\s+(\w+)/).map { String($0.output.1) })
        declared.formUnion(swift.matches(of: /name:\s*"(\w+)"/).map { String($0.output.1) })
        let members = Set(swift.matches(of: /\b(?:func|var|let|case|init)\s+`?(\w+)/).map { String($0.output.1) })
        for page in try Self.pages() where !["docs/journal-app-model.md", "docs/app-models.md"].contains(page.path) {
            for (line, text, fenced) in page.code where !fenced {
                for match in text.matches(of: /(?:^|[^\w.\/$-])([A-Z][A-Za-z0-9]*)(?:\.([a-z]\w*|[A-Z]\w*))?/) {
                    let name = String(match.output.1)
                    guard name.filter(\.isUppercase).count >= 2, name.contains(where: \.isLowercase),
                          !Self.foreignNames.contains(name), !name.hasPrefix("X") else { continue }
                    Self.check(declared.contains(name), "\(page.path):\(line): no Swift type, suite or target \(name)")
                    if let member = match.output.2.map(String.init), declared.contains(name) {
                        Self.check(members.contains(member) || declared.contains(member),
                                "\(page.path):\(line): \(name).\(member) is declared nowhere")
                    }
                }
            }
        }
    }

    /// Make targets, environment variables, lints and migrations named by the pages exist.
    @Test func theTargetsVariablesLintsAndMigrationsThePagesNameExist() throws {
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let targets = Set(makefile.split(separator: "\n").compactMap { $0.firstMatch(of: /^([a-z][\w-]*):/).map { String($0.output.1) } })
        let readers = Self.sources(["Sources/", "scripts/", "Tests/TestSupport/", "deploy/", "Makefile", "docker-compose.yml"],
                                   [".swift", ".sh", ".yml", ".yaml", ".ini", "Makefile", ".conf"])
        let lints = try String(contentsOf: Self.root.appendingPathComponent("sql/checks/lints.sql"), encoding: .utf8)
        let migrations = try FileManager.default.contentsOfDirectory(atPath: TestDatabase.migrationsDirectory)
        for page in try Self.pages() {
            for (line, text, _) in page.code {
                for match in text.matches(of: /\bmake\s+([a-z][\w-]*)/) {
                    Self.check(targets.contains(String(match.output.1)), "\(page.path):\(line): no make target \(match.output.1)")
                }
                for match in text.matches(of: /\b((?:DISPATCH|DATABASE)_[A-Z_]+)\b/) {
                    Self.check(readers.contains(String(match.output.1)), "\(page.path):\(line): nothing reads \(match.output.1)")
                }
            }
            for (i, line) in page.lines.enumerated() {
                for match in line.matches(of: /\blint `(\w+)`/) {
                    Self.check(lints.contains("'\(match.output.1)'"), "\(page.path):\(i + 1): no lint \(match.output.1)")
                }
                for match in line.matches(of: /\bmigrations? (\d{4})\b/) {
                    Self.check(migrations.contains { $0.hasPrefix(match.output.1 + "_") }, "\(page.path):\(i + 1): no migration \(match.output.1)")
                }
            }
        }
    }

    /// How many tests or suites there are changes with every test added: pages do not say.
    @Test func noPageCountsTheTests() throws {
        for page in try Self.pages() {
            for (i, line) in page.lines.enumerated() {
                for match in line.matches(of: /\b\d[\d,]*\s+(?:tests|test suites|suites)\b/) {
                    Issue.record("\(page.path):\(i + 1): \"\(match.output)\" goes stale with the next test: drop the count")
                }
            }
        }
    }

    /// The groups `make bench GROUP=…` takes, as the README lists them, are the bench's own, in
    /// its order.
    @Test func theReadmeListsTheBenchGroups() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let bench = try String(contentsOf: Self.root.appendingPathComponent("Benchmarks/Sources/bench/main.swift"), encoding: .utf8)
        let groups = bench.matches(of: /\("(\w+)", \w+Benchmarks\)/).map { String($0.output.1) }
        let listed = try #require(readme.firstMatch(of: /runs one group \(([^)]*)\)/)).output.1
            .matches(of: /`(\w+)`/).map { String($0.output.1) }
        #expect(groups.count > 5)
        #expect(listed == groups, "README lists \(listed), the bench has \(groups)")
    }

    /// docs/errors.md's table of codes names the codes Swift knows, and every code the SQL
    /// raises.
    @Test func theTableOfCodesIsComplete() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/errors.md"), encoding: .utf8)
        let section = try #require(page.firstRange(of: "## Errors").map { page[$0.upperBound...] })
        let table = section.split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        let codes = Set(table.flatMap { row in
            row.split(separator: "|").first.map { String($0).matches(of: /`([A-Z][A-Z_]+)`/).map { String($0.output.1) } } ?? []
        })
        let known = Set(SQLAPIError.Code.all.map(\.rawValue))
        #expect(codes.subtracting(known).isEmpty, "in docs/errors.md, unknown to SQLAPIError.Code: \(codes.subtracting(known).sorted())")
        let raised = Set(try ContractTests.raises().map(\.code))
        #expect(raised.subtracting(codes).isEmpty, "raised in SQL, missing from docs/errors.md: \(raised.subtracting(codes).sorted())")
    }

    /// 10000 as the pages write it: 10,000.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    /// docs/errors.md's table of length limits is the table manifest's `lengths`, rendered:
    /// what the CHECK constraints hold is what the page says.
    @Test func theLimitsTableIsTheManifests() async throws {
        let (database, connection) = try await TestDatabase.createWithAdmin()
        var rows: [String] = ["| at most (characters) | columns |", "|---|---|"]
        for row in try await connection.query("""
            select l.value::int, string_agg(pg_catalog.format('`%s.%s`', m.table_name, l.key), ', ' order by m.table_name, l.key)
              from private.table_manifest m cross join pg_catalog.jsonb_each_text(m.lengths) l
             group by 1 order by 1
            """) {
            let limit = try row.decode(0, as: Int.self)
            rows.append("| \(Self.grouped(limit)) | \(try row.decode(1, as: String.self)) |")
        }
        await connection.close()
        let file = Self.root.appendingPathComponent("docs/errors.md")
        let page = try String(contentsOf: file, encoding: .utf8)
        let begin = "<!-- the table manifest's lengths (sql/code/manifest/tables.sql), rendered: DocsTests holds them equal -->\n"
        let end = "\n<!-- end of the rendered lengths -->"
        let start = try #require(page.range(of: begin), "docs/errors.md has no table of limits (\(begin))")
        let stop = try #require(page.range(of: end, range: start.upperBound..<page.endIndex))
        let expected = rows.joined(separator: "\n")
        guard page[start.upperBound..<stop.lowerBound] != expected else { return }
        let written = NSTemporaryDirectory() + "errors-\(database.name).md"
        try page.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected)
            .write(toFile: written, atomically: true, encoding: .utf8)
        Issue.record("""
            docs/errors.md's table of limits is not the table manifest's lengths.
            Review: diff -u \(file.path) \(written)
            Accept: cp \(written) \(file.path)
            """)
    }
}
