import DispatchServer
import Foundation
import Postgres

/// Live updates without Supabase (`bench live` runs this group alone): what `sync_poll`
/// costs and how soon an app polling it sees another user's note.
///
/// (a) Ben's empty poll (every table) beside 10,000 and then 1,000,000 rows of 1,000 other
///     users (watchlist entries, and notes on their own tasks), of which 10,000 were written
///     since his cursor: the same at both sizes (≤ 1.5×), and beside it what an empty
///     `sync_pull` of one table costs him;
/// (b) the seed's "a new note appears in 1–2 seconds": Ann writes 12 notes at random moments
///     on a task Ben holds; Ben polls once a second and pulls what the poll names. The
///     latency of each note is from Ann's commit to Ben's pull that returned it.
///
/// The foreign rows are bulk-loaded with the triggers off, as in group `sync`.
@Sendable func liveBenchmarks(_ context: BenchContext) async throws {
    let admin = try await context.connect()
    let ann = try await benchUser(admin, "Ann Live"), ben = try await benchUser(admin, "Ben Live")
    let task = try await admin.query("""
        insert into public.tasks (title, declared_by, claimed_by) values ('Stage the kitchen', \(ann), \(ben)) returning id
        """).scalar(UUID.self)
    let bens = SyncService(connection: admin, user: ben)
    try await pollCost(admin, bens)
    await admin.close()

    let writer = try await context.connect(), reader = try await context.connect()
    try await latency(writer: writer, ann: ann, task: task, reader: SyncService(connection: reader, user: ben))
    await writer.close()
    await reader.close()
}

private func pollCost(_ admin: PostgresConnection, _ bens: SyncService) async throws {
    try await admin.runScript("""
        set session_replication_role = replica;
        insert into auth.users (id) select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid from generate_series(1, 1000) g;
        insert into public.users (id, name) select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, 'Other ' || g
          from generate_series(1, 1000) g;
        insert into public.watchlists (id, owner_id, title, updated_at)
        select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid,
               'theirs', now() from generate_series(1, 1000) g;
        insert into public.tasks (id, title, declared_by, claimed_by, claimed_at)
        select ('00000000-0000-4000-b000-' || lpad(g::text, 12, '0'))::uuid, 'theirs', ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid,
               ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, now() from generate_series(1, 1000) g;
        reset session_replication_role
        """)
    var figures: [Int: Double] = [:]
    var loaded = 0
    for size in [10_000, 1_000_000] {
        // Half entries, half notes, spread over the 1,000 users; the last 10,000 written
        // after Ben's cursor.
        let seconds = try await BenchContext.time {
            try await admin.runScript("""
                set session_replication_role = replica;
                insert into public.watchlist_entries (watchlist_id, nickname, updated_at)
                select ('00000000-0000-4000-a000-' || lpad((g % 1000 + 1)::text, 12, '0'))::uuid, 'bird ' || g, now()
                  from generate_series(\(loaded / 2 + 1), \(size / 2 - 5_000)) g;
                insert into public.notes (parent_type, parent_id, content, created_by)
                select 'task', ('00000000-0000-4000-b000-' || lpad((g % 1000 + 1)::text, 12, '0'))::uuid, 'note ' || g,
                       ('00000000-0000-4000-a000-' || lpad((g % 1000 + 1)::text, 12, '0'))::uuid
                  from generate_series(\(loaded / 2 + 1), \(size / 2 - 5_000)) g;
                reset session_replication_role;
                analyze
                """)
        }
        print(String(format: "  (foreign rows up to %@, triggers off: %.1f s)", size.formatted(), seconds))
        let cursor = try await bens.poll().cursor
        var pullCursors: [SyncTable: SyncCursor] = [:]
        for table in SyncTable.allCases { pullCursors[table] = try await bens.pullAll(table: table) { _ in } }
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.watchlist_entries (watchlist_id, nickname, updated_at)
            select ('00000000-0000-4000-a000-' || lpad((g % 1000 + 1)::text, 12, '0'))::uuid, 'bird ' || g, now()
              from generate_series(\(size / 2 - 5_000 + 1), \(size / 2)) g;
            insert into public.notes (parent_type, parent_id, content, created_by)
            select 'task', ('00000000-0000-4000-b000-' || lpad((g % 1000 + 1)::text, 12, '0'))::uuid, 'note ' || g,
                   ('00000000-0000-4000-a000-' || lpad((g % 1000 + 1)::text, 12, '0'))::uuid
              from generate_series(\(size / 2 - 5_000 + 1), \(size / 2)) g;
            reset session_replication_role;
            analyze
            """)
        loaded = size
        var named = 0
        let poll = try await timed(300) { named += try await bens.poll(since: cursor).tables.count }
        let pull = try await timed(300) { _ = try await bens.pull(table: .notes, cursor: pullCursors[.notes]) }
        figures[size] = poll.p50
        BenchContext.report(
            "Ben's empty poll of every table, \(size.formatted()) foreign rows, 10,000 written since his cursor (300 calls)",
            String(format: "p50 %.2f ms, p99 %.2f ms (%d tables named in all); an empty sync_pull of notes: p50 %.2f ms",
                   poll.p50, poll.p99, named, pull.p50),
            goal: "nothing named, p50 < 10 ms", met: named == 0 && poll.p50 < 10)
    }
    if let small = figures[10_000], let large = figures[1_000_000] {
        BenchContext.report("the same at both sizes: 1M ÷ 10k foreign rows", String(format: "empty poll %.2f×", large / small),
                            goal: "≤ 1.5×", met: large / small <= 1.5)
    }
}

private func latency(writer: PostgresConnection, ann: UUID, task: UUID, reader bens: SyncService) async throws {
    let notes = 12
    let interval = Duration.seconds(1)
    let start = try await bens.poll().cursor
    let notesStart = try await bens.pullAll(table: .notes) { _ in }

    // Ann: a note at a random moment every 0.3–1.7 s; when each committed.
    async let committed: [UUID: ContinuousClock.Instant] = {
        var committed: [UUID: ContinuousClock.Instant] = [:]
        for i in 0..<notes {
            try await Task.sleep(for: .milliseconds(Int.random(in: 300...1_700)))
            let id = try await writer.transaction(as: ann) { conn in
                try conn.query("""
                    insert into public.notes (parent_type, parent_id, content, created_by)
                    values ('task', \(task), \("note \(i)"), \(ann)) returning id
                    """).scalar(UUID.self)
            }
            committed[id] = ContinuousClock.now
        }
        return committed
    }()
    // Ben: a poll a second, and a pull of what it names; when each note arrived.
    async let received: [UUID: ContinuousClock.Instant] = {
        var received: [UUID: ContinuousClock.Instant] = [:]
        var cursor = start, notesCursor = notesStart
        let deadline = ContinuousClock.now + .seconds(40)
        while received.count < notes && ContinuousClock.now < deadline {
            let began = ContinuousClock.now
            let poll = try await bens.poll(since: cursor)
            cursor = poll.cursor
            if poll.tables.contains(.notes) {
                notesCursor = try await bens.pullAll(table: .notes, from: notesCursor) { page in
                    for record in page.records {
                        if let id = record["id"]?.stringValue.flatMap(UUID.init(uuidString:)) { received[id] = ContinuousClock.now }
                    }
                }
            }
            try await Task.sleep(until: began + interval)
        }
        return received
    }()
    let (sent, got) = try await (committed, received)
    let delays = sent.compactMap { id, at in got[id].map { ($0 - at) } }.map {
        Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18
    }
    let p50 = BenchContext.median(delays)
    let worst = (delays.max() ?? 0) * 1000
    BenchContext.report(
        "a note written by Ann, seen by Ben polling sync_poll once a second (then sync_pull of notes), \(notes) notes",
        String(format: "%d of %d arrived; from commit to Ben's pull: p50 %.0f ms, max %.0f ms", delays.count, notes, p50, worst),
        goal: "all, each within 2 s", met: delays.count == notes && worst < 2_000)
}
