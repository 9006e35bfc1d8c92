import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct JournalCSVTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = JournalFixtures

    @Test func formulasAreNeutralisedAndCellsQuoted() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "=cmd|' /C calc'!A0").thread
        let formula = try await journal.addField(to: thread.id, name: "=SUM(A1)", sortOrder: 1)
        let run = try await journal.addField(to: thread.id, name: "Run, daily", sortOrder: 2, isGroup: true)
        let pace = try await journal.addField(to: thread.id, name: "Pace \"min\"", sortOrder: 3)
        try await journal.group(pace.id, into: run.id)
        let dropped = try await journal.addField(to: thread.id, name: "Dropped", sortOrder: 4)

        // Content, then the cells of "=SUM(A1)" and "Run, daily / Pace ""min""" as exported.
        let cases: [(content: String, values: [UUID: String], cells: String)] = [
            (#"=HYPERLINK("http://x","y")"#, [:], #""'=HYPERLINK(""http://x"",""y"")",,"#),
            ("+1", [formula.id: "-5"], "'+1,'-5,"),
            ("-1", [pace.id: "=1+1"], "'-1,,'=1+1"),
            ("@SUM(A1)", [formula.id: "@x", pace.id: "4:30"], "'@SUM(A1),'@x,4:30"),
            ("\tTAB first", [:], "'\tTAB first,,"),
            ("\rCR first", [:], "\"'\rCR first\",,"),
            ("a = b + c - d @ e", [formula.id: "plain"], "a = b + c - d @ e,plain,"),
            (#"He said "hi""#, [pace.id: #""quoted""#], #""He said ""hi""",,"""quoted""""#),
            ("apples, pears", [formula.id: "a,b"], #""apples, pears","a,b","#),
            ("line\nbreak", [:], "\"line\nbreak\",,"),
            ("windows\r\nbreak", [:], "\"windows\r\nbreak\",,"),
            ("café ☕ naïve 日本語 🙂", [formula.id: "ü"], "café ☕ naïve 日本語 🙂,ü,"),
            (" =spaced", [:], " =spaced,,"),
            // After any separator a spreadsheet may split on (semicolon locales, TAB): "x" and
            // "'=1+2", never a formula.
            ("x;=1+2", [formula.id: "a\t+b", pace.id: "\t=x"], "x;'=1+2,a\t'+b,'\t'=x"),
            ("Ran 5;-3, then\n=SUM(A1);@x", [:], "\"Ran 5;'-3, then\n'=SUM(A1);'@x\",,"),
        ]
        var expected = #"timestamp,last_edited_at,content,'=SUM(A1),"Run, daily / Pace ""min""""# + "\r\n"
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for (i, item) in cases.enumerated() {
            // 61.5 s apart: the export shows whole seconds.
            try await journal.addEntry(to: thread.id, content: item.content, values: item.values,
                                       timestamp: start.addingTimeInterval(Double(i) * 61.5))
            let seconds = i * 615 / 10
            expected += String(format: "2026-01-01T00:%02d:%02dZ,,", seconds / 60, seconds % 60) + item.cells + "\r\n"
        }
        // A deleted field's value is no cell; the entry's other values are.
        let seconds = cases.count * 615 / 10
        try await journal.addEntry(to: thread.id, content: "beside a ghost", values: [dropped.id: "ghost", formula.id: "kept"],
                                   timestamp: start.addingTimeInterval(Double(cases.count) * 61.5))
        expected += String(format: "2026-01-01T00:%02d:%02dZ,,", seconds / 60, seconds % 60) + "beside a ghost,kept,\r\n"
        // Deleted entries and fields never appear.
        let deleted = try await journal.addEntry(to: thread.id, content: "=deleted", values: [dropped.id: "ghost"])
        try await journal.deleteEntry(deleted.id)
        try await journal.deleteField(dropped.id)

        let csv = try await F.sqlExport(admin, alice, thread.id)
        #expect(csv == expected)
        #expect(Array(csv.utf8.prefix(3)) != [0xEF, 0xBB, 0xBF], "no byte order mark")
        // The service's text and the stream are the same bytes.
        #expect(try await journal.exportCSV(thread: thread.id) == expected)
        let path = NSTemporaryDirectory() + "journal-\(UUID()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try await JournalExporter(connection: try await database.connect(), user: alice).export(thread: thread.id, toFile: path)
        #expect(written == cases.count + 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected.utf8))
    }

    @Test func anEmptyThreadIsItsHeaderAlone() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Empty").thread
        #expect(try await journal.exportCSV(thread: thread.id) == "timestamp,last_edited_at,content\r\n")
        #expect(try await F.sqlExport(admin, alice, thread.id) == "timestamp,last_edited_at,content\r\n")
        let mood = try await journal.addField(to: thread.id, name: "Mood")
        let entry = try await journal.addEntry(to: thread.id, content: "soon gone", values: [mood.id: "x"])
        try await journal.deleteEntry(entry.id)
        #expect(try await journal.exportCSV(thread: thread.id) == "timestamp,last_edited_at,content,Mood\r\n")
        #expect(try await F.sqlExport(admin, alice, thread.id) == "timestamp,last_edited_at,content,Mood\r\n")
        let path = NSTemporaryDirectory() + "journal-\(UUID()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await JournalExporter(connection: try await database.connect(), user: alice).export(thread: thread.id, toFile: path) == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "timestamp,last_edited_at,content,Mood\r\n")
    }

    /// The thread scripts/journal_csv_fixture.py describes: 1,010 entries (10 deleted), five
    /// fields shown (two in a group) and a deleted one, a cell of every kind.
    @Test func aThousandEntryThreadMatchesTheFixtureByteForByte() async throws {
        let alice = try await F.user(admin, "Alice")
        try await admin.transaction { conn in
            for sql in Self.fixtureSQL {
                try conn.query(PostgresQuery(sql: sql, binds: sql.contains("$1") ? [alice] : []))
            }
        }
        let fixture = try Data(contentsOf: try #require(Bundle.module.url(forResource: "Fixtures/journal_export_1000", withExtension: "csv")))
        let thread = try #require(UUID(uuidString: "00000000-0000-4000-8000-00000000f1f1"))
        let csv = try await F.sqlExport(admin, alice, thread)
        #expect(csv.utf8.count == fixture.count)
        #expect(Data(csv.utf8) == fixture)
        let service = try await JournalService(connection: try await database.connect(), user: alice).exportCSV(thread: thread)
        #expect(Data(service.utf8) == fixture)
        let path = NSTemporaryDirectory() + "journal-\(UUID()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await JournalExporter(connection: try await database.connect(), user: alice).export(thread: thread, toFile: path) == 1000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == fixture)
    }

    static let fixtureSQL = [
        "insert into public.journal_threads (id, owner_id, title) values ('00000000-0000-4000-8000-00000000f1f1', $1, 'Fixture')",
        #"""
        insert into public.journal_fields (id, thread_id, name, sort_order, is_group) values
          ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000f1f1', 'Mood', 1, false),
          ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-00000000f1f1', '=cmd()', 2, false),
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000f1f1', 'Run', 3, true),
          ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000f1f1', 'Distance, km', 4, false),
          ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000f1f1', 'Time "min"', 5, false),
          ('00000000-0000-4000-8000-0000000000f5', '00000000-0000-4000-8000-00000000f1f1', 'Dropped', 6, false),
          ('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-00000000f1f1', E'Notes\nmore', 7, false)
        """#,
        """
        insert into public.journal_field_groups (parent_field_id, child_field_id) values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000f3'),
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000f4')
        """,
        #"""
        insert into public.journal_entries (id, thread_id, content, entry_timestamp)
        select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, '00000000-0000-4000-8000-00000000f1f1',
               case i % 16
                 when 0 then 'Plain entry number ' || i
                 when 1 then '=HYPERLINK("http://x","y") ' || i
                 when 2 then '+' || i || ' push-ups'
                 when 3 then '-' || i || ' degrees outside'
                 when 4 then '@channel standup ' || i
                 when 5 then E'\tindented ' || i
                 when 6 then E'\rcarriage return ' || i
                 when 7 then 'He said "hi" ' || i
                 when 8 then 'apples, pears ' || i
                 when 9 then E'line one\nline two ' || i
                 when 10 then E'windows\r\nline ' || i
                 when 11 then 'café ☕ naïve 日本語 🙂 ' || i
                 when 12 then '  spaces around ' || i || '  '
                 when 13 then 'trailing comma ' || i || ','
                 when 14 then '''already quoted ' || i
                 else E'mixed =a+b, "q"\r\n-x ' || i
               end,
               timestamptz '2025-01-01 00:00:00+00' + i * interval '3671 seconds'
          from generate_series(1, 1010) i
        """#,
        #"""
        insert into public.journal_entry_values (entry_id, field_id, value)
        select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, v.field_id, v.value
          from generate_series(1, 1010) i
         cross join lateral (values
           ('00000000-0000-4000-8000-0000000000f1'::uuid, case when i % 3 = 0 then (array['good', '=bad', '-meh', 'so, so'])[i % 4 + 1] end),
           ('00000000-0000-4000-8000-0000000000f2', case when i % 5 = 0 then '@x' || i end),
           ('00000000-0000-4000-8000-0000000000f3', case when i % 2 = 0 then case when i % 11 = 0 then '-' || i else (i % 42)::text end end),
           ('00000000-0000-4000-8000-0000000000f4', case when i % 4 = 0 then '"' || i || '"' end),
           ('00000000-0000-4000-8000-0000000000f5', case when i % 2 = 1 then 'ghost' end),
           ('00000000-0000-4000-8000-0000000000f6', case when i % 10 = 0 then E'multi\nline ' || i end)) v (field_id, value)
         where v.value is not null
        """#,
        // Fixed edit times: the server would stamp its own clock, so its check trigger is off
        // for this one statement.
        "alter table public.journal_entries disable trigger _journal_check_update",
        """
        update public.journal_entries set last_edited_at = entry_timestamp + interval '90 seconds'
         where thread_id = '00000000-0000-4000-8000-00000000f1f1'
           and (extract(epoch from entry_timestamp - timestamptz '2025-01-01 00:00:00+00') / 3671)::int % 7 = 0
        """,
        "alter table public.journal_entries enable trigger _journal_check_update",
        """
        update public.journal_entries set deleted_at = now()
         where thread_id = '00000000-0000-4000-8000-00000000f1f1'
           and (extract(epoch from entry_timestamp - timestamptz '2025-01-01 00:00:00+00') / 3671)::int % 101 = 0
        """,
        "update public.journal_fields set deleted_at = now() where id = '00000000-0000-4000-8000-0000000000f5'",
    ]

    /// The exporter writes timestamps itself (from the binary COPY): the same text as the
    /// SQL's to_char for times before 2000 and 1970, leap days, the last microsecond of a
    /// second and of a century, and an edit time beside them.
    @Test func theExporterWritesEveryTimestampAsTheSQLDoes() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Times").thread
        let times = ["1900-01-01 00:00:00", "1900-02-28 23:59:59.999999", "1969-12-31 23:59:59.5", "1970-01-01 00:00:00",
                     "1999-12-31 23:59:59.999999", "2000-01-01 00:00:00", "2000-02-29 12:34:56.000001",
                     "2023-03-01 00:00:00.5", "2024-02-29 23:59:59", "2100-02-28 08:05:09"]
        try await admin.runScript("alter table public.journal_entries disable trigger _journal_check_insert")
        for (i, time) in times.enumerated() {
            try await admin.query("""
                insert into public.journal_entries (thread_id, owner_id, content, entry_timestamp, last_edited_at)
                values (\(thread.id), \(alice), \("entry \(i)"), (\(time) || '+00')::timestamptz,
                        case when \(i) % 2 = 0 then (\(time) || '+00')::timestamptz + interval '1 day 1 second' end)
                """)
        }
        try await admin.runScript("alter table public.journal_entries enable trigger _journal_check_insert")
        let whole = try await F.sqlExport(admin, alice, thread.id)
        #expect(whole.contains("\r\n1969-12-31T23:59:59Z,1970-01-02T00:00:00Z,entry 2\r\n"), "\(whole)")
        #expect(whole.contains("\r\n1999-12-31T23:59:59Z,2000-01-02T00:00:00Z,entry 4\r\n"), "\(whole)")
        let path = NSTemporaryDirectory() + "journal-\(UUID()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await JournalExporter(connection: try await database.connect(), user: alice).export(thread: thread.id, toFile: path) == times.count)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == whole)
        #expect(try await journal.exportCSV(thread: thread.id) == whole)
    }

    @Test func theStreamingExporterEqualsTheSQLExportOnAHundredThousandEntries() async throws {
        let alice = try await F.user(admin, "Alice")
        let journal = JournalService(connection: try await database.connect(), user: alice)
        let thread = try await journal.createThread(title: "Big").thread
        let fields = [try await journal.addField(to: thread.id, name: "Mood", sortOrder: 1),
                      try await journal.addField(to: thread.id, name: "Steps", sortOrder: 2)]
        try await admin.query("""
            insert into public.journal_entries (thread_id, content, entry_timestamp)
            select \(thread.id), case when g % 3 = 0 then '=risky, "quoted" ' || g else E'entry\n' || g end,
                   timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second'
              from generate_series(1, 100000) g
            """)
        // Mornings have values: most entries only ones the cell rule leaves as they are (the
        // export's shortcut), every fourth second one it changes ("-ok"); afternoons none.
        try await admin.query("""
            insert into public.journal_entry_values (entry_id, field_id, value)
            select e.id, f.id, case when f.name = 'Steps' then (row_number() over ())::text
                                    when extract(second from e.entry_timestamp)::int % 4 = 0 then '-ok' else 'ok' end
              from public.journal_entries e cross join public.journal_fields f
             where e.thread_id = \(thread.id) and f.thread_id = \(thread.id) and e.entry_timestamp::time < '12:00'
            """)
        try await admin.query("update public.journal_entries set deleted_at = now() where thread_id = \(thread.id) and content like '%7'")
        let live = try await admin.query("select count(*) from public.journal_entries where thread_id = \(thread.id) and deleted_at is null")
            .scalar(Int.self)
        #expect(live == 90_000)

        // This compares bytes, not speed: on a loaded test machine the one-text export of
        // 90,000 entries may take longer than the 8 s the role gets in production. A
        // connection takes the role's value once, so the export runs on one opened after.
        try await admin.runScript("alter role authenticated in database \(TestDatabase.quote(database.name)) set statement_timeout = '120s'")
        let exporting = try await database.connect()
        let whole = try await F.sqlExport(exporting, alice, thread.id)
        await exporting.close()
        let path = NSTemporaryDirectory() + "journal-\(UUID()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try await JournalExporter(pool: database.pool(maxConnections: 1), user: alice).export(thread: thread.id, toFile: path)
        #expect(written == live)
        let streamed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(streamed.count == whole.utf8.count)
        #expect(streamed == Data(whole.utf8))
        _ = fields
    }
}
