import DispatchServer
import Foundation
import Postgres

/// What the audit trail costs a write, and how fast a history page is read.
///
/// (a) Single-row UPDATE throughput on `public.tasks` against a copy of it that has every
///     trigger, constraint, foreign key and index of the real table except the two audit
///     triggers. The copy is `bench_unaudited.tasks` — same table name in another schema,
///     because the outbox trigger keys its work on the table name (`row_visibility`, the
///     handlers' table lists), so under any other name the copy would do different outbox
///     work and the ratio would measure that too. Runs interleaved, best of two.
/// (b) `get_entity_history` (a 50-row page) with 1,000,000 audit rows over 10,000 tasks, as
///     their owner (claims and call in one round trip), p50/p99 against 5 ms; and beside it
///     the whole `AuditService.history` path (pool, decoding into `AuditEntry`).
@Sendable func auditBenchmarks(_ context: BenchContext) async throws {
    let connection = try await context.connect()
    let owner = UUID()
    let tasks = 10_000
    let ids = try await prepareTables(connection, owner: owner, tasks: tasks)
    try await writeTriggerBenchmarks(context, owner: owner)
    try await updateThroughput(context, owner: owner, ids: ids)
    try await historyLatency(context, connection, owner: owner, ids: ids)
    await connection.close()
}

/// The audit group's write figures alone (bulk and single-row writes with every trigger
/// against their baselines, WriteTriggerBench.swift), without the million-row history.
@Sendable func writesPart(_ context: BenchContext) async throws {
    let connection = try await context.connect()
    let owner = UUID()
    _ = try await prepareTables(connection, owner: owner, tasks: 10_000)
    try await writeTriggerBenchmarks(context, owner: owner)
    await connection.close()
}

/// Users, 10,000 tasks, and the unaudited copy with the same rows.
private func prepareTables(_ connection: PostgresConnection, owner: UUID, tasks: Int) async throws -> [UUID] {
    try await connection.query("insert into auth.users (id, email) values (\(owner), 'bench-audit@example.com')")
    try await connection.query("insert into public.users (id, name, email) values (\(owner), 'Bench Owner', 'bench-audit@example.com')")
    try await connection.transaction(as: owner) { conn in
        try conn.query("""
            insert into public.tasks (title, description, priority, declared_by)
            select 'Task ' || g, 'Call the seller about the open house on Saturday', 'medium', \(owner)
              from generate_series(1, \(tasks)) g
            """)
    }
    try await connection.runScript("""
        create schema bench_unaudited;
        create table bench_unaudited.tasks (like public.tasks including all);
        do $$
        declare
          c record;
        begin
          for c in select conname, pg_get_constraintdef(oid) as def from pg_constraint
                    where conrelid = 'public.tasks'::regclass and contype = 'f' loop
            execute format('alter table bench_unaudited.tasks add constraint %I %s', c.conname, c.def);
          end loop;
          for c in select tgname, pg_get_triggerdef(oid) as def from pg_trigger
                    where tgrelid = 'public.tasks'::regclass and not tgisinternal and tgname not like 'audit\\_%' loop
            execute replace(c.def, ' ON public.tasks ', ' ON bench_unaudited.tasks ');
          end loop;
        end
        $$;
        alter table bench_unaudited.tasks disable trigger user;
        insert into bench_unaudited.tasks select * from public.tasks;
        alter table bench_unaudited.tasks enable trigger user;
        analyze public.tasks;
        analyze bench_unaudited.tasks;
        """)
    // The copy must differ by the audit triggers and nothing else.
    let triggers = try await connection.query("""
        select string_agg(tgname, ',' order by tgname) filter (where tgrelid = 'public.tasks'::regclass and tgname not like 'audit\\_%'),
               string_agg(tgname, ',' order by tgname) filter (where tgrelid = 'bench_unaudited.tasks'::regclass),
               string_agg(tgname, ',' order by tgname) filter (where tgrelid = 'public.tasks'::regclass and tgname like 'audit\\_%')
          from pg_trigger where not tgisinternal
        """)
    let shared = try triggers[0].decode(0, as: String.self)
    guard shared == (try triggers[0].decode(1, as: String.self)) else {
        throw PostgresError(.client, "the unaudited copy's triggers differ: \(shared) vs \(try triggers[0].decode(1, as: String.self))")
    }
    print("  both tables: triggers \(shared); audited only: \(try triggers[0].decode(2, as: String.self))")
    return try await connection.query("select id from public.tasks order by id").map { try $0.decode(0, as: UUID.self) }
}

/// (a) Statements per second of `update … set title = … where id = …`, one connection,
/// autocommit (a transaction per statement, as an app's single edit is).
private func updateThroughput(_ context: BenchContext, owner: UUID, ids: [UUID]) async throws {
    let connection = try await context.connect()
    // As the owner would write (auth.uid() is set, so changed_by is filled in), but as the
    // superuser: row-level security is not what is being measured.
    try await connection.query("select set_config('request.jwt.claims', \(Caller.user(owner).claims), false)")
    func run(_ table: String, seconds: Double = 3) async throws -> Double {
        let sql = "update \(table) set title = $1 where id = $2"
        return try await connection.withIsolation { conn in
            var count = 0
            let start = ContinuousClock.now
            let deadline = start + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < deadline {
                for _ in 0..<50 {
                    count += 1
                    try conn.query(PostgresQuery(sql: sql, binds: ["Task v\(count)", ids.randomElement()!]), prepared: true)
                }
            }
            let elapsed = ContinuousClock.now - start
            return Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    _ = try await run("public.tasks", seconds: 1)  // warm-up: caches, prepared statements
    _ = try await run("bench_unaudited.tasks", seconds: 1)
    var audited: [Double] = []
    var unaudited: [Double] = []
    for _ in 0..<2 {
        unaudited.append(try await run("bench_unaudited.tasks"))
        audited.append(try await run("public.tasks"))
    }
    let best = audited.max()!, baseline = unaudited.max()!
    BenchContext.report(
        "single-row UPDATE, audited tasks vs the same table without the audit triggers",
        String(format: "%.0f/s vs %.0f/s = %.2f× (runs: audited %@, unaudited %@)", best, baseline, best / baseline,
               audited.map { String(format: "%.0f", $0) }.joined(separator: ", "),
               unaudited.map { String(format: "%.0f", $0) }.joined(separator: ", ")),
        goal: "≥ 0.7×", met: best / baseline >= 0.7)
    await connection.close()
}

/// (b) A first history page of a random task, as its owner, with 1,000,000 audit rows.
private func historyLatency(_ context: BenchContext, _ connection: PostgresConnection, owner: UUID, ids: [UUID]) async throws {
    let existing = try await connection.query("select count(*)::int from audit.tasks_log").scalar(Int.self)
    let perEntity = max(1, (1_000_000 - existing) / ids.count)
    // Bulk load as the superuser, one round of edits of every task at a time, so that each
    // task's entries are spread over as many heap pages as real, interleaved edits are. The secondary indexes are rebuilt after the
    // load, exactly as 0004 defines them (faster than maintaining them row by row).
    let load = try await BenchContext.time {
        try await connection.runScript("""
            create temporary table bench_index_defs as
              select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
                from pg_index where indrelid = 'audit.tasks_log'::regclass and not indisprimary;
            do $$ declare i record; begin
              for i in select * from bench_index_defs loop execute 'drop index ' || i.name; end loop;
            end $$;
            create temporary table bench_task_rows as
              select id, declared_by, row_number() over (order by id) as n, to_jsonb(t) as row from public.tasks t;
            do $$ begin
              for g in 1..\(perEntity) loop
                insert into audit.tasks_log (record_pk, action, changed_at, changed_by, old_row, new_row)
                select t.id, 'UPDATE',
                       now() - interval '1 day' + g * interval '1 second' + t.n * interval '1 microsecond',
                       t.declared_by,
                       t.row || jsonb_build_object('title', 'Task v' || g, 'row_version', g),
                       t.row || jsonb_build_object('title', 'Task v' || (g + 1), 'row_version', g + 1)
                  from bench_task_rows t;
              end loop;
            end $$;
            do $$ declare i record; begin
              for i in select * from bench_index_defs loop execute i.def; end loop;
            end $$;
            analyze audit.tasks_log;
            """)
    }
    let total = try await connection.query("select count(*)::int from audit.tasks_log").scalar(Int.self)
    let indexes = try await connection.query(
        "select count(*)::int from pg_index where indrelid = 'audit.tasks_log'::regclass").scalar(Int.self)
    print(String(format: "  loaded: %d audit rows over %d tasks, %d indexes (%.1f s)", total, ids.count, indexes, load))

    // The goal's figure: the SQL function as the owner, in one round trip (the claims and
    // the call pipelined, as `AuditService` sends them), rows fetched but not decoded.
    func sample(_ call: @escaping @Sendable (UUID) async throws -> Int) async throws -> (p50: Double, p99: Double, rows: Double) {
        var samples: [Double] = []
        var rows = 0
        for i in 0..<2_200 {
            let id = ids.randomElement()!
            var count = 0
            let seconds = try await BenchContext.time { count = try await call(id) }
            if i >= 200 { samples.append(seconds) }
            rows += count
        }
        let (p50, p99) = BenchContext.percentiles(samples)
        return (p50, p99, Double(rows) / 2_200)
    }
    let sql = try await sample { id in
        try await connection.pipeline(as: owner, ["select * from public.get_entity_history('task', \(id), 50)"])[0].count
    }
    BenchContext.report(
        "get_entity_history, 50-row page, \(total / 1000)k audit rows, as the owner",
        String(format: "p50 %.2f ms, p99 %.2f ms (2000 calls, %.1f rows each)", sql.p50, sql.p99, sql.rows),
        goal: "p99 < 5 ms", met: sql.p99 < 5)

    // The whole library path: a pooled connection, the page decoded into AuditEntry values.
    let pool = PostgresPool(context.conninfo, database: context.database, maxConnections: 1)
    let audit = AuditService(pool: pool, user: owner)
    let service = try await sample { id in try await audit.history(entity: .task, id: id).entries.count }
    print(String(format: "  (through AuditService.history on a pool, decoded: p50 %.2f ms, p99 %.2f ms)", service.p50, service.p99))
    await pool.close()
}
