import DispatchServer
import Foundation
import Postgres
import TestSupport

/// How many app users one primary serves (`bench capacity` runs this group alone; the
/// figures of docs/scaling.md).
///
/// A simulated app user polls `sync_poll` every 2 s and pulls (`sync_pull`) the tables it
/// names; 2 % of them are field agents, each writing a note every 20 s on a task they hold
/// (seen by the agent and the task's declarer). A second mix adds claims: each agent claims
/// or releases an open task (seen by everyone) every 2 minutes, so every user's next poll
/// names tasks and every user pulls them. Each request is what the project's client sends
/// for it: a poll or a pull is the acting statement and the call in one round trip (libpq's
/// pipeline mode, one implicit transaction, no BEGIN or COMMIT: `pipeline(as:)`), a write a
/// transaction (`transaction(as:)`); see `pollScript` for the one difference of form. The
/// load comes from pgbench (`-R`: the polls arrive at
/// their rate whether the server keeps up or not, and each latency counts from the moment
/// the request was due), so the client stays cheap per user: one core of pgbench drives
/// tens of thousands of them. The users are raised step by step until the p99 of a poll
/// (with the pulls it leads to) passes 100 ms or the server falls behind the rate.
///
/// The server is a cluster of its own (`PrivateCluster`), pinned with taskset: one core,
/// then two, then polls and pulls on a hot standby (its own core) with the writes on the
/// primary, then through PgBouncer in transaction mode. A machine of two cores shared with
/// other work: pgbench shares the server's cores when the server has both.
@Sendable func capacityBenchmarks(_ context: BenchContext) async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
        print("  (taskset is missing: apt-get install util-linux)")
        return
    }
    let cpus = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    try await PrivateCluster.withStandby { primary, standby in
        // Enough connections for pgbench and a pooler; a cache the users' rows fit in;
        // commits as durable as in production.
        let settings = """
            max_connections = 300
            shared_buffers = 256MB
            fsync = on
            synchronous_commit = on
            full_page_writes = on
            track_functions = pl
            """
        try await primary.reconfigure(settings)
        try await standby.reconfigure(settings)
        let admin = try await PostgresConnection.connect(primary.url)
        try await CapacityWorld.seed(admin, users: CapacityWorld.maxUsers)
        try await standby.waitForReplay(of: primary, timeout: .seconds(300))
        let ticker = CursorTicker(url: primary.url)
        let ticking = Task { try await ticker.run() }
        defer { ticking.cancel() }
        try await Task.sleep(for: .seconds(3))

        // One core of server, pgbench on another.
        try await primary.pin(cpus: "0")
        try await CapacityWorld.emptyPolls(primary, client: cpus > 1 ? "1" : "0")
        let oneCore = try await CapacityWorld.raise("one primary, 1 core (pgbench on the other)",
                                                    reads: primary, writes: primary, cores: 1, client: cpus > 1 ? "1" : "0")
        // The same with claims of open tasks: each one names tasks to every user.
        _ = try await CapacityWorld.raise("one primary, 1 core, with claims of open tasks",
                                          reads: primary, writes: primary, cores: 1, client: cpus > 1 ? "1" : "0", claims: true)
        guard cpus > 1 else { return }
        try await primary.pin(cpus: "0,1")
        let twoCores = try await CapacityWorld.raise("one primary, 2 cores (pgbench on the same cores)",
                                                     reads: primary, writes: primary, cores: 2, client: "0,1")
        BenchContext.report("from 1 core to 2 (the second shared with pgbench)",
                            String(format: "%d → %d users: %.2f×", oneCore, twoCores, Double(twoCores) / Double(max(oneCore, 1))),
                            goal: "more users with more cores", met: twoCores > oneCore)

        // Polls and pulls on the standby (core 1), writes on the primary (core 0).
        try await primary.pin(cpus: "0")
        try await standby.pin(cpus: "1")
        _ = try await CapacityWorld.raise("polls and pulls on a hot standby (core 1), writes on the primary (core 0)",
                                          reads: standby, writes: primary, cores: 2, client: "0,1")

        // Through PgBouncer: 200 client connections on 20 server connections.
        try await primary.pin(cpus: "0,1")
        let bouncer = try await PgBouncer.start(inFrontOf: admin, poolSize: 20)
        do {
            _ = try await CapacityWorld.raise("through PgBouncer (transaction mode, 200 clients on 20 server connections), 2 cores",
                                              reads: primary, writes: primary, cores: 2, client: "0,1",
                                              url: bouncer.undeclaredURL(database: primary.database), clients: 200, prepared: false)
        } catch {
            await bouncer.stop()
            throw error
        }
        await bouncer.stop()
        await admin.close()
    }
}

/// The simulated users' data and the load of one step.
enum CapacityWorld {
    static let maxUsers = 40_000
    /// The share of users who write (field agents), and how often each does.
    static let writerShare = 0.02
    static let noteEvery = 20.0
    /// In the mix with claims, a writer claims or releases an open task once in this many
    /// notes (every 2 minutes); in the other, never.
    static let claimEvery = 6
    static let never = 1_000_000_000

    /// User n (1...): deterministic ids, so the scripts compute them.
    static func user(_ n: String) -> String { "('00000000-0000-4000-a000-' || lpad((\(n))::text, 12, '0'))::uuid" }
    static func heldTask(_ n: String) -> String { "('00000000-0000-4000-b000-' || lpad((\(n))::text, 12, '0'))::uuid" }
    static func openTask(_ n: String) -> String { "('00000000-0000-4000-c000-' || lpad((\(n))::text, 12, '0'))::uuid" }

    /// Every user: a profile, a watchlist of two entries, a task they hold that the next user
    /// declared; 1,000 open tasks besides one per possible writer. Loaded with the triggers
    /// off (nobody's cursor predates them), then analysed.
    static func seed(_ admin: PostgresConnection, users: Int) async throws {
        let seconds = try await BenchContext.time {
            try await admin.runScript("""
                set session_replication_role = replica;
                insert into auth.users (id) select \(user("g")) from generate_series(1, \(users)) g;
                insert into public.users (id, name) select \(user("g")), 'User ' || g from generate_series(1, \(users)) g;
                insert into public.watchlists (id, owner_id, title) select \(user("g")), \(user("g")), 'Birds' from generate_series(1, \(users)) g;
                insert into public.watchlist_entries (watchlist_id, nickname) select \(user("g")), 'bird ' || e
                  from generate_series(1, \(users)) g, generate_series(1, 2) e;
                insert into public.tasks (id, title, declared_by, claimed_by, claimed_at)
                select \(heldTask("g")), 'Show the house', \(user("g % \(users) + 1")), \(user("g")), now() from generate_series(1, \(users)) g;
                insert into public.tasks (id, title, declared_by)
                select \(openTask("g")), 'Open house', \(user("(g + 7) % \(users) + 1")) from generate_series(1, \(Int(Double(users) * writerShare) + 1_000)) g;
                reset session_replication_role;
                create table public.bench_cursors (t text primary key, cursor text not null);
                grant select on public.bench_cursors to authenticated;
                analyze;
                """)
        }
        print(String(format: "  (%@ users, their watchlists, entries and tasks: %.1f s)", users.formatted(), seconds))
    }

    /// The `statement_timeout` the migrations give role authenticated: what the client reads
    /// once per connection and binds in every acting statement.
    static let roleTimeout = "8s"

    /// The statement the project's client sends first in everything it runs as a user
    /// (`PostgresConnection.acting(as:)`: the claims, the role's own `statement_timeout`
    /// remembered for the connection, the role), its text taken from there, with user n's
    /// claims (`n`: a pgbench variable) an expression and the rest literals where the client
    /// binds them.
    static func actAs(_ n: String) -> String {
        let probe = UUID()
        let query = PostgresQuery.acting(as: .user(probe), statementTimeout: roleTimeout)
        var sql = query.sql
        for (index, bind) in query.binds.enumerated().reversed() {
            let value: String
            switch bind {
            case Caller.user(probe).claims?:
                value = "('{\"sub\":\"' || \(user(n)) || '\",\"role\":\"authenticated\"}')"
            case Caller.user(probe).role?:
                value = "'authenticated'"
            case roleTimeout?:
                value = "'\(roleTimeout)'"
            default:
                preconditionFailure("acting(as:) binds \(bind ?? "null"), which the capacity scripts do not model")
            }
            sql = sql.replacingOccurrences(of: "$\(index + 1)", with: value)
        }
        return sql
    }

    /// A random user, and this connection's count of its transactions (`n`).
    static let pickUser = """
        \\set u random(1, :users)
        \\set n :n + 1

        """

    /// A random user and the poll cursor every poll of the last 2 s would pass, read every
    /// 20th transaction (the bench's bookkeeping, not the app's): for the empty polls only,
    /// which no write follows, so the cursor's age changes nothing they do. The user mixes
    /// read it in the poll's own statement (`keptPoll`).
    static let pollStart = pickUser + """
        \\if :n % 20 = 1
        select cursor from public.bench_cursors where t = '*' \\gset
        \\endif

        """

    /// A random user; in a connection's first transaction, first the pulls of the tables the
    /// mixes pull (as that user), so that what a step measures is a warm session, as an API
    /// layer's pooled connections are. pgbench's connections are new at every step, and a
    /// session's first pull of a table plans its statements and reads the catalogs (12–39 ms:
    /// docs/scaling.md); 32 of them at once on one core stalled every poll for the step's
    /// first seconds, or after its first claim, which made every session pull tasks. The
    /// first call of a new connection is measured on its own (the sync group).
    static let userPollStart = pickUser + """
        \\if :n = 1
        \\startpipeline
        \(actAs(":u"));
        select count(public.sync_pull(c.t, c.cursor, 1000, 'compact')) from public.bench_cursors c where c.t in ('tasks', 'notes');
        \\endpipeline
        \\endif

        """

    /// What the client sends for a poll (`SyncService.poll`, through
    /// `UserScopedDatabase.pipeline(as:)`): the acting statement and `sync_poll` in one
    /// round trip, libpq's pipeline mode, one implicit transaction (no BEGIN, no COMMIT).
    static let clientPoll = """
        \\startpipeline
        \(actAs(":u"));
        select public.sync_poll(:cursor, null::text[]) as poll;
        \\endpipeline

        """

    /// The same poll as one statement whose answer the script keeps: pgbench 15 refuses
    /// `\\gset` in a pipeline (the results are not read before the next statement is sent),
    /// and the script must know what the poll named to pull it. Still one round trip and one
    /// implicit transaction, the acting statement run first (the poll's subquery names its
    /// result); one statement fewer than the client's two (a Bind and an Execute), which
    /// the empty-poll step measures beside the client's own pipeline. The cursor is read in
    /// the same statement (one index probe): the cursor an app polling every 2 s passes, its
    /// last poll's, 2–2.5 s old. (Read every 20th poll instead, it was up to 1.3 s older
    /// again at 500 polls a second from 32 clients, and a poll from an older cursor names
    /// more: one claim made three times the pulls it makes in an app.)
    static let keptPoll = """
        select p.v as named, jsonb_array_length(p.v) as count
          from (\(actAs(":u").trimmingCharacters(in: .whitespacesAndNewlines))) a (claims, timeout, role)
          cross join lateral (select public.sync_poll(c.cursor, null::text[])::jsonb -> 'tables' as v
                                from public.bench_cursors c where c.t = '*' and a.role is not null) p \\gset

        """

    /// What the client sends for each table a poll names (`SyncService.pullAll`: one page
    /// of each, through `pipeline(as:)`): the acting statement and `sync_pull` in one round
    /// trip, one pipeline per table, from the pull cursor of 2 s ago. pgbench has no loop:
    /// one conditional pipeline per table the poll could name.
    static let clientPulls = (0..<SyncTable.allCases.count).map { index in
        """
        \\if :count > \(index)
        \\startpipeline
        \(actAs(":u"));
        select public.sync_pull(c.t, c.cursor, 1000, 'compact') as page from public.bench_cursors c where c.t = :named::jsonb ->> \(index);
        \\endpipeline
        \\endif
        """
    }.joined(separator: "\n")

    /// A poll for a random user (the cursor every poll of the last 2 s would pass), then the
    /// pulls of what it named, each from the pull cursor of 2 s ago: what the project's
    /// client sends for it, but for the poll's form (`keptPoll`: one statement, since the
    /// script must read its answer). `count` names no table: pgbench compares numbers only.
    static let pollScript = userPollStart + keptPoll + clientPulls

    /// A field agent's note on the task they hold; once in `claim_every` also a claim (or the
    /// release) of their open task, which every user's next poll names. Each a transaction as
    /// the client runs one (`transaction(as:)`: BEGIN, the acting statement, the work, COMMIT).
    static let writeScript = """
        \\set w random(1, :writers)
        begin;
        \(actAs(":w"));
        insert into public.notes (parent_type, parent_id, content, created_by) values ('task', \(heldTask(":w")), 'On my way', \(user(":w")));
        commit;
        \\set c random(1, :claim_every)
        \\if :c = 1
        begin;
        \(actAs(":w"));
        select case when t.claimed_by is null then public.claim_work_item('task', t.id) else public.release_work_item('task', t.id) end
          from public.tasks t where t.id = \(openTask(":w"));
        commit;
        \\endif
        """

    /// The poll alone, for a random user, with no writes, as the client sends it: what an
    /// empty poll costs.
    static let emptyPollScript = pollStart + clientPoll

    /// The same as one statement (`keptPoll`, as the user mixes send it).
    static let emptyKeptPollScript = pickUser + keptPoll

    /// One core answering empty polls as fast as 16 clients ask: as the client sends them
    /// (a pipeline of two statements), then as the user mixes send them (one statement), so
    /// that what the mixes measure is seen beside what the client costs.
    static func emptyPolls(_ server: PrivateCluster, client: String) async throws {
        for (shape, script) in [("as the client sends it (one pipeline: acting statement, sync_poll)", emptyPollScript),
                                ("as the user mixes send it (one statement)", emptyKeptPollScript)] {
            let run = try await LoadRun.start(scripts: [("poll", script, 1)], url: server.url, server: server,
                                              variables: ["users": "\(maxUsers)", "n": "0"], clients: 16, rate: nil,
                                              seconds: 15, client: client, prepared: true)
            let result = try await run.finish()
            let poll = result.latencies["poll"] ?? []
            let p99 = poll.isEmpty ? 0 : BenchContext.percentiles(poll).p99
            BenchContext.report(
                "empty polls of random users (40,000 users, each a watchlist and a task), one core, 16 clients, \(shape)",
                String(format: "%.0f polls/s, p99 %.1f ms; server %.0f%% of its core (the rest went to the machine's other work): %.0f polls per second of server CPU; pgbench %.0f%% of one",
                       result.rate["poll"] ?? 0, p99, result.serverCPU * 100, (result.rate["poll"] ?? 0) / max(result.serverCPU, 0.01),
                       result.clientCPU * 100),
                goal: "≥ 2,000/s, p99 ≤ 50 ms", met: (result.rate["poll"] ?? 0) >= 2_000 && p99 <= 50)
        }
    }

    /// Raises the users until the poll's p99 passes 100 ms (or the server no longer keeps
    /// the rate); reports the last step that held and what gave out at the next. Returns
    /// the users that step served.
    static func raise(_ what: String, reads: PrivateCluster, writes: PrivateCluster, cores: Int, client: String,
                      url: String? = nil, clients: Int = 32, prepared: Bool = true, claims: Bool = false) async throws -> Int {
        var held: (users: Int, result: LoadResult)?
        var failed: (users: Int, result: LoadResult, why: String)?
        for users in [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000, 16_000, 20_000, 24_000, 32_000, 40_000] {
            let writers = max(1, Int(Double(users) * writerShare))
            let pollRate = Double(users) / 2
            let writeRate = Double(writers) / noteEvery
            let variables = ["users": "\(users)", "writers": "\(writers)", "n": "0", "claim_every": "\(claims ? claimEvery : never)"]
            // Polls and writes from pgbench processes of their own, as an API layer serves
            // them side by side: a poll never waits behind a write's commit.
            let polls = try await LoadRun.start(
                scripts: [("poll", pollScript, 1)], url: url ?? reads.url, server: reads, variables: variables,
                clients: clients, rate: pollRate, seconds: 15, client: client, prepared: prepared)
            let notes = try await LoadRun.start(
                scripts: [("write", writeScript, 1)], url: url ?? writes.url, server: writes, variables: variables,
                clients: 8, rate: writeRate, seconds: 15, client: client, prepared: prepared, sampleServer: reads !== writes)
            var result = try await polls.finish()
            let written = try await notes.finish()
            result.readsCPU = result.serverCPU
            result.latencies["write"] = written.latencies["write"]
            result.rate["write"] = written.rate["write"]
            result.serverCPU += written.serverCPU
            result.clientCPU += written.clientCPU
            if reads !== writes { result.walBytesPerSecond = written.walBytesPerSecond }
            let poll = result.latencies["poll"] ?? []
            let p99 = poll.count >= 100 ? BenchContext.percentiles(poll).p99 : .infinity
            let kept = (result.rate["poll"] ?? 0) >= 0.95 * pollRate
            let write = result.latencies["write"] ?? []
            print(String(format: "    %6d users: polls %.0f/s of %.0f, p50 %.1f ms, p99 %.1f ms (%.2f pulls per poll); writes %.1f/s, p50 %.1f ms; server %.0f%% of %d core(s), pgbench %.0f%% of one; WAL %.2f MB/s",
                         users, result.rate["poll"] ?? 0, pollRate, poll.isEmpty ? 0 : BenchContext.median(poll), p99,
                         result.pullsPerPoll, result.rate["write"] ?? 0, BenchContext.median(write),
                         result.serverCPU * 100 / Double(cores), cores, result.clientCPU * 100, result.walBytesPerSecond / 1e6))
            if p99 <= 100 && kept {
                held = (users, result)
            } else {
                failed = (users, result, p99 > 100 ? String(format: "p99 %.0f ms", p99) : "the server fell behind the rate")
                break
            }
        }
        let users = held?.users ?? 0
        let saturated = failed.map { failure -> String in
            let server = failure.result.serverCPU / Double(cores)
            // A standby serves the polls and pulls on a core of its own: its core is what
            // gives out, whatever the primary's beside it does.
            let standby: Double? = reads !== writes ? failure.result.readsCPU : nil
            let what = (standby ?? 0) >= 0.9 ? "the standby's CPU (\(Int((standby ?? 0) * 100))% of its core)"
                : server >= 0.9 ? "server CPU (\(Int(server * 100))% of its cores)"
                : failure.result.clientCPU >= 0.9 ? "the client (pgbench at \(Int(failure.result.clientCPU * 100))% of a core)"
                : "neither CPU alone (server \(Int(server * 100))%\(standby.map { ", the standby \(Int($0 * 100))% of its core" } ?? ""), pgbench \(Int(failure.result.clientCPU * 100))%): the shared machine"
            return "at \(failure.users.formatted()) users: \(failure.why); saturated first: \(what)"
        } ?? "never failed up to \(users.formatted()) users"
        let perCPU = held.map { Double($0.users) / max($0.result.serverCPU, 0.01) } ?? 0
        BenchContext.report(
            "simulated app users, \(what): a poll every 2 s, pulls of what it names, 2 % writing notes\(claims ? " and claiming open tasks" : "")",
            String(format: "%@ users at poll p99 ≤ 100 ms = %@ per core (they used %.0f%% of the server's cores: %.0f users per core-second of server CPU); %@",
                   users.formatted(), (users / cores).formatted(), (held?.result.serverCPU ?? 0) * 100 / Double(cores), perCPU, saturated),
            goal: "≥ 4,000 users per core", met: users / cores >= 4_000)
        return users
    }
}

/// What one pgbench run measured.
struct LoadResult {
    /// Per script: every latency (seconds) after the warm-up (`LoadRun.warmup`), from the
    /// moment it was due.
    var latencies: [String: [Double]] = [:]
    /// Per script: transactions per second.
    var rate: [String: Double] = [:]
    /// The server's processes' CPU (1.0 = one core busy) and pgbench's.
    var serverCPU = 0.0
    /// The part of `serverCPU` the server of the polls and pulls used (all of it when the
    /// writes go to the same server).
    var readsCPU = 0.0
    var clientCPU = 0.0
    var walBytesPerSecond = 0.0
    /// sync_pull calls per sync_poll call on the server (what the polls named).
    var pullsPerPoll = 0.0
}

/// A pgbench run against one server, its CPU sampled from /proc while it runs.
final class LoadRun: @unchecked Sendable {
    /// Seconds of each run left out before anything is measured. pgbench's connections are
    /// new at every step: each one's first transaction pulls (`userPollStart`), and 40 new
    /// sessions (32 polling, 8 writing) planning their statements at once queued on the lock
    /// manager for 3–4 s on these cores; then a server with room to spare still works off the
    /// requests that fell due meanwhile (`-R` counts their latency from then). Measured from
    /// 3 s, steps missed at 36–78 % of the server's CPU, their p99 set by that start alone.
    /// An API layer's pooled connections are opened once; the first call of a new connection
    /// is measured on its own (group `sync`).
    static let warmup = 10

    let process: ChildProcess
    let directory: String
    let names: [String]
    let server: PrivateCluster
    let seconds: Int
    let url: String
    let sampleServer: Bool
    private var sampler: Task<(server: Double, client: Double, wal: Double, pullsPerPoll: Double), Error>?

    private init(process: ChildProcess, directory: String, names: [String], server: PrivateCluster, seconds: Int, url: String,
                 sampleServer: Bool) {
        (self.process, self.directory, self.names, self.server, self.seconds, self.url) = (process, directory, names, server, seconds, url)
        self.sampleServer = sampleServer
    }

    /// Starts pgbench (pinned to `client`) with `scripts` (name, text, relative rate), at
    /// `rate` transactions per second in all (nil: as fast as it goes), for `seconds` after
    /// the warm-up.
    /// `sampleServer` false: the server's CPU and WAL are another run's to count (two runs
    /// on one server).
    static func start(scripts: [(String, String, Double)], url: String, server: PrivateCluster, variables: [String: String],
                      clients: Int, rate: Double?, seconds: Int, client: String, prepared: Bool,
                      sampleServer: Bool = true) async throws -> LoadRun {
        var template = Array("/tmp/dispatch-capacity-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresError(.client, "mkdtemp failed") }
        let directory = String(cString: made)
        let total = scripts.map(\.2).reduce(0, +)
        var arguments = ["-c", client, "/usr/lib/postgresql/15/bin/pgbench", "-n", "-M", prepared ? "prepared" : "extended",
                         "-c", "\(clients)", "-j", "\(min(clients, 4))", "-T", "\(seconds + warmup)", "-l",
                         "--log-prefix=\(directory)/log"]
        if let rate { arguments += ["-R", String(format: "%.1f", rate)] }
        for (name, text, share) in scripts {
            let file = "\(directory)/\(name).sql"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            // pgbench weights are integers: a thousand shares of the rate.
            arguments += ["-f", "\(file)@\(max(1, Int((share / total * 1000).rounded())))"]
        }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) { arguments += ["-D", "\(name)=\(value)"] }
        arguments.append(url)
        let process = try ChildProcess("/usr/bin/taskset", arguments, outputPrefix: "\(directory)/pgbench")
        let run = LoadRun(process: process, directory: directory, names: scripts.map(\.0), server: server, seconds: seconds, url: url,
                          sampleServer: sampleServer)
        run.sampler = Task { try await run.sample() }
        return run
    }

    /// CPU seconds of the server's processes and of pgbench from the end of the warm-up to
    /// the end of the run, and the WAL written meanwhile.
    private func sample() async throws -> (server: Double, client: Double, wal: Double, pullsPerPoll: Double) {
        try await Task.sleep(for: .seconds(Self.warmup))
        let admin = try await PostgresConnection.connect(server.url)
        let inRecovery = try await admin.query("select pg_is_in_recovery()").scalar(Bool.self)
        let walQuery: PostgresQuery = inRecovery ? "select pg_last_wal_replay_lsn() - '0/0'" : "select pg_current_wal_lsn() - '0/0'"
        let wal0 = try await admin.query(walQuery).scalar(Double.self)
        let callsQuery: PostgresQuery = """
            select coalesce(sum(calls) filter (where funcname = 'sync_pull'), 0)::float8,
                   coalesce(sum(calls) filter (where funcname = 'sync_poll'), 0)::float8
              from pg_stat_user_functions where schemaname = 'public'
            """
        func calls() async throws -> (pulls: Double, polls: Double) {
            try await admin.query("select pg_stat_clear_snapshot()")
            let row = try await admin.query(callsQuery).first!
            return (try row.decode(0, as: Double.self), try row.decode(1, as: Double.self))
        }
        let calls0 = try await calls()
        let start = ContinuousClock.now
        var first: [Int32: Double] = [:], last: [Int32: Double] = [:]
        var client0: Double?, client1 = 0.0
        while process.isRunning {
            for pid in sampleServer ? (try? server.serverProcesses()) ?? [] : [] {
                if let time = Self.cpuSeconds(pid) {
                    if first[pid] == nil { first[pid] = time }
                    last[pid] = time
                }
            }
            if let time = Self.cpuSeconds(process.pid) {
                if client0 == nil { client0 = time }
                client1 = time
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        let elapsed = Double((ContinuousClock.now - start).components.seconds) + Double((ContinuousClock.now - start).components.attoseconds) / 1e18
        let wal1 = try await admin.query(walQuery).scalar(Double.self)
        try await Task.sleep(for: .seconds(1))   // the backends' statistics are flushed a second at most after their last transaction
        let calls1 = try await calls()
        await admin.close()
        let server = last.reduce(0.0) { $0 + $1.value - (first[$1.key] ?? $1.value) }
        let polls = calls1.polls - calls0.polls
        return (server / elapsed, (client1 - (client0 ?? client1)) / elapsed, sampleServer ? (wal1 - wal0) / elapsed : 0,
                polls > 0 ? (calls1.pulls - calls0.pulls) / polls : 0)
    }

    /// utime + stime of a process, in seconds (nil once it is gone).
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits for pgbench; reads its per-transaction logs.
    func finish() async throws -> LoadResult {
        let status = await process.wait()
        let cpu = try await sampler?.value ?? (server: 0, client: 0, wal: 0, pullsPerPoll: 0)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard status == 0 else {
            throw PostgresError(.client, "pgbench exited with \(status): \(process.stderr.suffix(2000))")
        }
        var result = LoadResult(serverCPU: cpu.server, clientCPU: cpu.client, walBytesPerSecond: cpu.wal, pullsPerPoll: cpu.pullsPerPoll)
        // client_id transaction_no time(us, from when it was due) script_no epoch_s epoch_us [lag]
        var start: Double?
        var rows: [(script: Int, at: Double, latency: Double)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasPrefix("log") {
            for line in try String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8).split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count >= 6, let latency = Double(fields[2]), let script = Int(fields[3]),
                      let seconds = Double(fields[4]), let micro = Double(fields[5]) else { continue }
                let at = seconds + micro / 1e6
                start = min(start ?? at, at)
                rows.append((script, at, latency / 1e6))
            }
        }
        let from = (start ?? 0) + Double(Self.warmup)
        let measured = rows.filter { $0.at >= from }
        let span = max(1, (measured.map(\.at).max() ?? from) - from)
        for (index, name) in names.enumerated() {
            let latencies = measured.filter { $0.script == index }.map(\.latency)
            result.latencies[name] = latencies
            result.rate[name] = Double(latencies.count) / span
        }
        return result
    }
}

/// Every half second, the cursors an app that polled 2 s ago would hold: the poll's and one
/// pull cursor per synced table, all of the same snapshot, in public.bench_cursors (the
/// scripts read them there). The poll's carries the time it was sealed, as sync_poll writes
/// it: an empty poll hands such a cursor back unchanged rather than sealing a new one, as it
/// does for an app that passes the cursor of its last poll.
final class CursorTicker: Sendable {
    let url: String
    init(url: String) { self.url = url }

    func run() async throws {
        let connection = try await PostgresConnection.connect(url)
        defer { Task { await connection.close() } }
        var made: [[(String, String)]] = []
        while !Task.isCancelled {
            let now = try await connection.query("""
                select t, private.encode_sync_cursor(jsonb_strip_nulls(jsonb_build_object(
                         't', t, 'x', pg_snapshot_xmax(s)::text, 'ip', to_jsonb(private.snapshot_in_progress(s)::text[]),
                         'h', coalesce((select max(h.purged_through) from public.sync_horizon h), '0')::text,
                         's', case when t = '*' then extract(epoch from now())::bigint::text end)))
                  from (select pg_current_snapshot() as s) s, unnest(array['*'] || private.sync_tables()) t
                """).map { (try $0.decode(0, as: String.self), try $0.decode(1, as: String.self)) }
            made.append(now)
            let due = made.count > 4 ? made.removeFirst() : made[0]
            try await connection.query("""
                insert into public.bench_cursors (t, cursor) select * from unnest(\(due.map(\.0))::text[], \(due.map(\.1))::text[])
                on conflict (t) do update set cursor = excluded.cursor
                """)
            try await Task.sleep(for: .milliseconds(500))
        }
    }
}
