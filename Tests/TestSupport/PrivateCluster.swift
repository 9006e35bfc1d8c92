import Foundation
import Migrations
import Postgres

/// A throwaway PostgreSQL cluster of its own, for tests that restart or stop the server
/// (the shared cluster serves other suites running at the same time and must never be
/// restarted). It lives in a temporary folder, listens only on a Unix socket there (port
/// chosen at random: no TCP, so no clash), and is removed by `stop()` (`with` and
/// `withStandby` call it however their body ends). One whose test process was killed first
/// is stopped and removed by `make clean-test-dbs` (see `ownerFile`).
///
/// Postgres refuses to run as root: when the tests run as root, the server runs as the
/// `postgres` OS user (`runuser -u postgres --`), who owns the folder.
public final class PrivateCluster: Sendable {
    public let directory: String
    public let port: Int
    public let database: String
    let binaries: String

    var dataDirectory: String { directory + "/data" }
    public var socketDirectory: String { directory }

    /// URL of the migrated database, for connections and child processes.
    public var url: String { url(database: database) }

    public func url(database: String) -> String {
        "postgresql:///\(database)?host=\(socketDirectory)&port=\(port)&user=postgres"
    }

    private init(directory: String, port: Int, database: String, binaries: String) {
        self.directory = directory
        self.port = port
        self.database = database
        self.binaries = binaries
    }

    /// Creates, starts and (unless `migrated` is false) migrates with every file of
    /// sql/migrations a new cluster.
    public static func start(database: String = "dispatch", migrated: Bool = true, settings: String = "") async throws -> PrivateCluster {
        let cluster = try makeFolder(database: database)
        do {
            try await cluster.initialise()
            if !settings.isEmpty { try await cluster.appendSettings(settings) }
            try await cluster.startAgain()
            let admin = try await PostgresConnection.connect(cluster.url(database: "postgres"))
            try await admin.runScript("create database \(database)")
            await admin.close()
            if migrated {
                let connection = try await PostgresConnection.connect(cluster.url)
                try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).up(connection)
                await connection.close()
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        return cluster
    }

    /// `body` on a new cluster (`start`'s arguments), stopped afterwards however `body` ends.
    public static func with<T: Sendable>(
        database: String = "dispatch", migrated: Bool = true, settings: String = "",
        _ body: (PrivateCluster) async throws -> T
    ) async throws -> T {
        let cluster = try await start(database: database, migrated: migrated, settings: settings)
        let result: T
        do {
            result = try await body(cluster)
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
        return result
    }

    /// A streaming hot standby of this cluster, in a folder of its own: `pg_basebackup -R`
    /// (which writes `primary_conninfo` and `standby.signal`), then started on a socket of its
    /// own. It replays the primary's WAL as it streams in; `pauseReplay()` makes it lag.
    ///
    /// The primary then commits synchronously: with `synchronous_commit = off` a commit may
    /// sit in its WAL buffers, unsent, for as long as nothing else fills the page, and a
    /// test could not tell when the standby has it.
    public func startStandby() async throws -> PrivateCluster {
        let standby = try Self.makeFolder(database: database)
        do {
            let admin = try await PostgresConnection.connect(url)
            try await admin.runScript("alter system set synchronous_commit = on")
            try await admin.runScript("select pg_reload_conf()")
            await admin.close()
            if getuid() == 0 { try Self.giveToServerUser(standby.directory) }
            try await asServer(binaries + "/pg_basebackup", [
                "-D", standby.dataDirectory, "-R", "-X", "stream", "-c", "fast", "-h", socketDirectory, "-p", "\(port)", "-U", "postgres",
            ])
            // The copied postgresql.conf names the primary's port and socket: later lines win.
            try await standby.appendSettings("""
                port = \(standby.port)
                unix_socket_directories = '\(standby.socketDirectory)'
                hot_standby = on
                hot_standby_feedback = on
                """)
            try await standby.startAgain()
        } catch {
            try? await standby.stop()
            throw error
        }
        return standby
    }

    /// A new migrated primary and its standby for as long as `body` runs; both are removed
    /// afterwards, whether `body` returns or throws.
    public static func withStandby<T: Sendable>(_ body: (PrivateCluster, PrivateCluster) async throws -> T) async throws -> T {
        let primary = try await start()
        var standby: PrivateCluster?
        do {
            standby = try await primary.startStandby()
            let value = try await body(primary, standby!)
            try await standby?.stop()
            try await primary.stop()
            return value
        } catch {
            try? await standby?.stop()
            try? await primary.stop()
            throw error
        }
    }

    /// On a standby: stop applying WAL (it still arrives), so reads see the past. Replay
    /// checks for the pause before each record, so nothing written after this returns is
    /// applied until `resumeReplay()`.
    public func pauseReplay() async throws {
        let connection = try await PostgresConnection.connect(url)
        try await connection.query("select pg_wal_replay_pause()")
        await connection.close()
    }

    /// On a standby: apply WAL again.
    public func resumeReplay() async throws {
        let connection = try await PostgresConnection.connect(url)
        try await connection.query("select pg_wal_replay_resume()")
        await connection.close()
    }

    /// On a standby: waits (at most `timeout`) until it has replayed every commit `primary`
    /// had made when called (a primary with a standby commits synchronously: see
    /// `startStandby`).
    public func waitForReplay(of primary: PrivateCluster, timeout: Duration = .seconds(30)) async throws {
        let source = try await PostgresConnection.connect(primary.url)
        let target = try await source.query("select pg_current_wal_lsn()::text").scalar(String.self)
        await source.close()
        let connection = try await PostgresConnection.connect(url)
        defer { Task { await connection.close() } }
        let deadline = ContinuousClock.now + timeout
        while try await !connection.query("select pg_last_wal_replay_lsn() >= \(target)::pg_lsn").scalar(Bool.self) {
            guard ContinuousClock.now < deadline else {
                throw PostgresError(.client, "the standby did not replay up to \(target) within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A base backup of this cluster into `folder` (`pg_basebackup`, the WAL it needs fetched).
    public func baseBackup(to folder: String) async throws {
        // (the server refuses a data folder others may read: 0700)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if getuid() == 0 { try Self.giveToServerUser(folder) }
        try await asServer(binaries + "/pg_basebackup", ["-D", folder, "-X", "fetch", "-c", "fast", "-h", socketDirectory, "-p", "\(port)", "-U", "postgres"])
    }

    /// A new cluster made from a base backup and the WAL archive `archive`, recovered up to
    /// `target` (`recovery_target_time`, then promoted: a new timeline), on a socket of its own.
    public static func recovered(from backup: String, archive: String, target: String, database: String = "dispatch") async throws -> PrivateCluster {
        let cluster = try makeFolder(database: database)
        do {
            if getuid() == 0 { try giveToServerUser(cluster.directory) }
            try await cluster.asServer("/bin/cp", ["-a", backup, cluster.dataDirectory])
            try await cluster.appendSettings("""
                port = \(cluster.port)
                unix_socket_directories = '\(cluster.socketDirectory)'
                archive_mode = off
                restore_command = 'cp \(archive)/%f %p'
                recovery_target_time = '\(target)'
                recovery_target_action = 'promote'
                """)
            try await cluster.asServer("/usr/bin/touch", [cluster.dataDirectory + "/recovery.signal"])
            try await cluster.startAgain()
            let connection = try await PostgresConnection.connect(cluster.url)
            defer { Task { await connection.close() } }
            let deadline = ContinuousClock.now + .seconds(60)
            while try await connection.query("select pg_is_in_recovery()").scalar(Bool.self) {
                guard ContinuousClock.now < deadline else { throw PostgresError(.client, "recovery did not end within 60 s") }
                try await Task.sleep(for: .milliseconds(50))
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        return cluster
    }

    /// On a standby: ends recovery, making it a primary on a new timeline.
    public func promote() async throws {
        try await pgctl(["promote", "-w", "-t", "60"])
    }

    /// Stops the server (fast) without removing anything.
    public func shutDown() async throws {
        try await pgctl(["stop", "-m", "fast", "-w", "-t", "60"])
    }

    /// Appends `settings` to postgresql.conf and restarts the server with them (the bench's
    /// capacity group: more connections, bigger buffers, durable commits).
    public func reconfigure(_ settings: String) async throws {
        try await appendSettings(settings)
        try await restart()
    }

    /// Pins the server to the CPUs `cpus` (taskset's list: "0", "0,1"): the postmaster and
    /// every process it has started (those it starts later inherit it). The benchmarks
    /// measure what one core serves this way.
    public func pin(cpus: String) async throws {
        let pids = try serverProcesses()
        for pid in pids {
            let (status, output) = try await ChildProcess.run("/usr/bin/taskset", ["-a", "-p", "-c", cpus, "\(pid)"])
            guard status == 0 else { throw PostgresError(.client, "taskset -p -c \(cpus) \(pid) failed: \(output)") }
        }
    }

    /// The postmaster's process id and those of its children (backends, background workers).
    public func serverProcesses() throws -> [Int32] {
        let file = try String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8)
        guard let postmaster = file.split(separator: "\n").first.flatMap({ Int32($0) }) else {
            throw PostgresError(.client, "no postmaster.pid in \(dataDirectory)")
        }
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == postmaster ? pid : nil
        }
        return [postmaster] + children
    }

    /// Stops the server (fast: sessions are ended) and starts it again on the same socket.
    public func restart() async throws {
        try await pgctl(["restart", "-m", "fast", "-l", directory + "/server.log", "-w", "-t", "60"])
    }

    /// Stops the server (immediate: like a crash) without removing anything.
    public func crash() async throws {
        try await pgctl(["stop", "-m", "immediate", "-w", "-t", "60"])
    }

    /// Starts a stopped server again.
    public func startAgain() async throws {
        try await pgctl(["start", "-l", directory + "/server.log", "-w", "-t", "60"])
    }

    /// Stops the server and removes the cluster.
    public func stop() async throws {
        _ = try? await pgctl(["stop", "-m", "immediate", "-w", "-t", "30"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A new temporary folder and a random port (no TCP: only the socket uses it).
    private static func makeFolder(database: String) throws -> PrivateCluster {
        let binaries = try serverBinaries()
        var template = Array("/tmp/dispatch-cluster-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresError(.client, "mkdtemp failed") }
        let directory = String(cString: made)
        do {
            try ownerLine().write(toFile: directory + "/" + ownerFile, atomically: true, encoding: .utf8)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        return PrivateCluster(directory: directory, port: Int.random(in: 20000...60000), database: database, binaries: binaries)
    }

    /// The file in each cluster's folder naming the process that owns it, written before the
    /// server exists. A test process that is killed (Ctrl-C, a CI timeout, a crash) never
    /// reaches `stop()`, and its servers would run on for good: `scripts/clean-clusters.sh`
    /// (run by `make clean-test-dbs`) stops and removes the clusters whose owner is gone,
    /// and never one of a process still running (another `make test` beside this one).
    public static let ownerFile = "owner"

    /// `pid starttime` (clock ticks after boot, field 22 of /proc/<pid>/stat) of this process:
    /// the start time tells a later process that reused the pid from the owner.
    public static func ownerLine(pid: Int32 = getpid()) -> String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The command's name, in parentheses, may hold spaces: count fields after it.
        let fields = stat.lastIndex(of: ")").map { stat[stat.index(after: $0)...].split(separator: " ") } ?? []
        return fields.count > 19 ? "\(pid) \(fields[19])\n" : "\(pid)\n"
    }

    /// As root, servers run as the `postgres` OS user, who must own their folder.
    public static func giveToServerUser(_ directory: String) throws {
        guard let user = getpwnam("postgres") else {
            throw PostgresError(.client, "running as root needs a postgres OS user to run the server")
        }
        guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw PostgresError(.client, "cannot chown \(directory) to postgres")
        }
    }

    private func initialise() async throws {
        if getuid() == 0 { try Self.giveToServerUser(directory) }
        try await asServer(binaries + "/initdb", ["-D", dataDirectory, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-N"])
        try await appendSettings("""
            # PrivateCluster (tests)
            listen_addresses = ''
            port = \(port)
            unix_socket_directories = '\(socketDirectory)'
            max_connections = 60
            shared_buffers = 32MB
            fsync = off
            synchronous_commit = off
            full_page_writes = off
            log_min_messages = warning
            """)
    }

    /// Appends lines to postgresql.conf (later lines win).
    private func appendSettings(_ settings: String) async throws {
        let configuration = dataDirectory + "/postgresql.conf"
        // The data folder belongs to the server's user: append through it.
        try await asServer("/bin/sh", ["-c", "cat >> '\(configuration)' <<'CONF'\n\(settings)\nCONF\n"])
    }

    private func pgctl(_ arguments: [String]) async throws {
        try await asServer(binaries + "/pg_ctl", ["-D", dataDirectory] + arguments)
    }

    func asServer(_ executable: String, _ arguments: [String]) async throws {
        let (status, output) = getuid() == 0
            ? try await ChildProcess.run("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments)
            : try await ChildProcess.run(executable, arguments)
        guard status == 0 else {
            let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8))?.suffix(2000) ?? ""
            throw PostgresError(.client, "\(executable) \(arguments.joined(separator: " ")) failed (\(status)): \(output)\n\(log)")
        }
    }

    /// The newest server's binaries (PGBIN overrides).
    static func serverBinaries() throws -> String {
        if let bin = ProcessInfo.processInfo.environment["PGBIN"] { return bin }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted()
        guard let newest = versions.last else {
            throw PostgresError(.client, "no PostgreSQL server binaries under \(root) (set PGBIN)")
        }
        return "\(root)/\(newest)/bin"
    }
}
