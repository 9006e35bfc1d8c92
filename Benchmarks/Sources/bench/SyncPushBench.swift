import DispatchServer
import Foundation
import Postgres

/// A reconnecting device's pending writes (`bench offline` runs this group alone):
///
/// (a) 200 edits pushed as one `sync_push_batch` against the same 200 pushed one by one
///     (`sync_push`, a transaction each, as `SyncService.push` sends them), on this machine's
///     local socket, where a round trip costs a fraction of a millisecond; what each costs on
///     a mobile network (150 ms a round trip) follows from the round trips: one, against 200;
/// (b) rows/s of `sync_push_batch` at 1,000 records (edits, then new rows), as a ratio to
///     the bare writes it makes: 1,000 single-row UPDATEs / INSERTs in one transaction.
///
/// Alternating rounds, the median of each: every round edits every row once more, so each
/// push is a real write at the version the previous round left.
@Sendable func offlineBenchmarks(_ context: BenchContext) async throws {
    let admin = try await context.connect()
    let alice = try await benchUser(admin, "Alice Offline")
    let app = SyncService(connection: try await context.connect(), user: alice)

    func tasks(_ count: Int, _ label: String) async throws -> [UUID] {
        try await admin.query("""
            insert into public.tasks (title, declared_by) select \(label) || ' ' || g, \(alice) from generate_series(1, \(count)) g
            returning id
            """).map { try $0.decode(0, as: UUID.self) }
    }
    func edits(_ ids: [UUID], round: Int) -> [SyncPendingWrite] {
        ids.map { SyncPendingWrite(record: ["id": .string($0.uuidString), "title": .string("Edited in round \(round)")],
                                   expectedVersion: round + 1) }
    }
    func expectApplied(_ results: [Result<SyncPushResult, SQLAPIError>]) throws {
        let applied = results.filter { if case .success(.applied) = $0 { true } else { false } }.count
        guard applied == results.count else { throw BenchFailure("\(results.count - applied) of \(results.count) not applied") }
    }

    // (a) 200 as one batch, 200 one by one.
    let batched = try await tasks(200, "Batched"), single = try await tasks(200, "Single")
    var batchTimes: [Double] = [], singleTimes: [Double] = []
    for round in 0..<7 {
        var results: [Result<SyncPushResult, SQLAPIError>] = []
        batchTimes.append(try await BenchContext.time {
            results = try await app.push(table: .tasks, batch: edits(batched, round: round))
        })
        try expectApplied(results)
        results = []
        singleTimes.append(try await BenchContext.time {
            for write in edits(single, round: round) {
                results.append(.success(try await app.push(table: .tasks, record: write.record, expectedVersion: write.expectedVersion)))
            }
        })
        try expectApplied(results)
    }
    let batch = median(batchTimes), oneByOne = median(singleTimes)
    BenchContext.report("200 edits as one batch vs one by one (local socket)",
                        String(format: "%.1f ms vs %.1f ms = %.2f×", batch * 1000, oneByOne * 1000, batch / oneByOne),
                        goal: "< 1×", met: batch < oneByOne)
    let rtt = 0.150
    BenchContext.report(String(format: "the same at %.0f ms a round trip (one, against 200)", rtt * 1000),
                        String(format: "%.2f s vs %.1f s", rtt + batch, 200 * rtt + oneByOne),
                        goal: "≤ 5 s", met: rtt + batch <= 5)

    // (b) 1,000 records in one call, against the bare writes: the same 1,000 as single-row
    // statements of the user's in one transaction (what any per-record write costs: each
    // statement fires the synced tables' statement triggers), with no sync_push around them.
    let thousand = try await tasks(1000, "Thousand"), bare = try await tasks(1000, "Bare")
    let appConnection = try await context.connect()
    // Each figure as soon as it is measured; a batch the app role's 8 s statement_timeout
    // cancels (this machine under other load) is reported as such.
    func compare(_ what: String, goal: Double, batch: (Int) async throws -> Void, bare: (Int) async throws -> Void) async throws {
        var batchTimes: [Double] = [], bareTimes: [Double] = []
        do {
            for round in 0..<5 {
                batchTimes.append(try await BenchContext.time { try await batch(round) })
                bareTimes.append(try await BenchContext.time { try await bare(round) })
            }
        } catch let error as SQLAPIError where error.server?.sqlState == "57014" {
            BenchContext.report("sync_push_batch of 1,000 \(what)", "cancelled by the 8 s statement_timeout", goal: "≤ \(String(format: "%g", goal))×", met: false)
            return
        } catch let error as PostgresError where error.sqlState == "57014" {
            BenchContext.report("sync_push_batch of 1,000 \(what)", "cancelled by the 8 s statement_timeout", goal: "≤ \(String(format: "%g", goal))×", met: false)
            return
        }
        let batch = median(batchTimes), bare = median(bareTimes)
        BenchContext.report("sync_push_batch of 1,000 \(what) vs 1,000 bare single-row statements",
                            String(format: "%.0f rows/s vs %.0f rows/s = %.2f× the time", 1000 / batch, 1000 / bare, batch / bare),
                            goal: "≤ \(String(format: "%g", goal))×", met: batch / bare <= goal)
    }
    try await compare("edits", goal: 1.5, batch: { round in
        try expectApplied(try await app.push(table: .tasks, batch: edits(thousand, round: round)))
    }, bare: { round in
        try await appConnection.transaction(as: alice) { conn in
            for id in bare {
                _ = try conn.query("update public.tasks set title = \("Edited in round \(round)") where id = \(id)", prepared: true)
            }
        }
    })
    try await compare("new rows", goal: 2, batch: { round in
        let writes = (0..<1000).map { i in
            SyncPendingWrite(record: ["id": .string(UUID().uuidString), "title": .string("New \(round).\(i)"),
                                      "declared_by": .string(alice.uuidString)], expectedVersion: nil)
        }
        try expectApplied(try await app.push(table: .tasks, batch: writes))
    }, bare: { round in
        try await appConnection.transaction(as: alice) { conn in
            for i in 0..<1000 {
                _ = try conn.query("insert into public.tasks (id, title, declared_by) values (\(UUID()), \("Bare \(round).\(i)"), \(alice))",
                                   prepared: true)
            }
        }
    })
    await appConnection.close()
    await admin.close()
}

private func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

private struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
