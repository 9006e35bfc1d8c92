import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct CopyOutTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    @Test func streamsEveryRowInOrderOnePieceAtATime() async throws {
        let connection = try await database.connect()
        let (copied, text, pieces) = try await connection.withIsolation { conn in
            var bytes: [UInt8] = []
            var pieces = 0
            let copied = try conn.copyOut("copy (select g, 'line ' || g from generate_series(1, 5000) g) to stdout") { chunk in
                bytes.append(contentsOf: chunk)
                pieces += 1
            }
            return (copied, String(decoding: bytes, as: UTF8.self), pieces)
        }
        #expect(copied == 5000)
        #expect(pieces == 5000, "one row per call: nothing is gathered in memory")
        #expect(text == (1...5000).map { "\($0)\tline \($0)\n" }.joined())
        #expect(try await connection.query("select 1").scalar(Int.self) == 1)
    }

    @Test func binaryFormatKeepsEveryByte() async throws {
        let connection = try await database.connect()
        let value = "a,\"b\"\r\nc\\d\té ✓"
        try await connection.query("select set_config('copy_test.value', \(value), false)")
        let bytes = try await connection.withIsolation { conn in
            var bytes: [UInt8] = []
            try conn.copyOut("copy (select current_setting('copy_test.value')) to stdout (format binary)") { bytes.append(contentsOf: $0) }
            return bytes
        }
        // Signature, flags, header extension length, then one tuple of one field, then -1.
        let signature: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00]
        #expect(Array(bytes.prefix(11)) == signature)
        let field = Array(value.utf8)
        let length = UInt32(field.count)
        let tuple: [UInt8] = [0, 1] + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + field
        #expect(Array(bytes.dropFirst(19)) == tuple + [0xFF, 0xFF])
    }

    @Test func aServerErrorMidwayIsThrownAndTheConnectionGoesOn() async throws {
        let connection = try await database.connect()
        let error = try await #require(throws: PostgresError.self) {
            try await connection.withIsolation { conn in
                _ = try conn.copyOut("copy (select 1 / (5000 - g) from generate_series(1, 10000) g) to stdout") { _ in }
            }
        }
        #expect(error.sqlState == "22012")
        #expect(try await connection.query("select 2").scalar(Int.self) == 2)
    }

    @Test func aConsumerErrorCancelsTheCopyAndIsRethrown() async throws {
        struct DiskFull: Error {}
        let connection = try await database.connect()
        let started = ContinuousClock.now
        await #expect(throws: DiskFull.self) {
            try await connection.withIsolation { conn in
                var rows = 0
                do {
                    // Minutes of rows if it were not cancelled (streamed: a set-returning
                    // function in the select list is not gathered first, as one in FROM is).
                    try conn.copyOut("copy (select generate_series(1, 200000000), repeat('x', 100)) to stdout") { _ in
                        rows += 1
                        if rows == 10 { throw DiskFull() }
                    }
                } catch {
                    #expect(rows == 10, "nothing is handed over after the failure")
                    throw error
                }
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(try await connection.query("select 3").scalar(Int.self) == 3)
        // Inside a transaction, the transaction is rolled back.
        try await connection.runScript("create table copy_out_marks (n int)")
        await #expect(throws: DiskFull.self) {
            try await connection.transaction { conn in
                try conn.query("insert into copy_out_marks values (1)")
                try conn.copyOut("copy (select generate_series(1, 200000000)) to stdout") { _ in throw DiskFull() }
            }
        }
        #expect(try await connection.query("select count(*) from copy_out_marks").scalar(Int.self) == 0)
    }

    @Test func onlyCopyToStdoutWithoutParametersIsAccepted() async throws {
        let connection = try await database.connect()
        try await connection.runScript("create table copy_out_sink (n int)")
        for statement: PostgresQuery in ["select 1", "copy copy_out_sink from stdin", "copy (select \(1)) to stdout"] {
            let error = try await #require(throws: PostgresError.self, "\(statement.sql)") {
                try await connection.withIsolation { conn in _ = try conn.copyOut(statement) { _ in } }
            }
            #expect(error.kind == .client, "\(statement.sql): \(error)")
            #expect(try await connection.query("select 4").scalar(Int.self) == 4)
        }
        let syntax = try await #require(throws: PostgresError.self) {
            try await connection.withIsolation { conn in _ = try conn.copyOut("copy (select nonsense from nowhere) to stdout") { _ in } }
        }
        #expect(syntax.sqlState == "42P01")
        #expect(try await connection.query("select count(*) from copy_out_sink").scalar(Int.self) == 0)
    }
}
