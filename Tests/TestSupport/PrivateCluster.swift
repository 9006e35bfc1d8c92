import Foundation
import Migrations
import Postgres

/// A throwaway PostgreSQL cluster of its own, for tests that restart or stop the server
/// (the shared cluster serves other suites running at the same time and must never be
/// restarted). It lives in a temporary folder, listens only on a Unix socket there (port
/// chosen at random: no TCP, so no clash), and is removed by `stop()`.
///
/// Postgres refuses to run as root: when the tests run as root, the server runs as the
/// `postgres` OS user (`runuser -u postgres --`), who owns the folder.
public final class PrivateCluster: Sendable {
    public let directory: String
    public let port: Int
    public let database: String
    let binaries: String

    private var dataDirectory: String { directory + "/data" }
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
    public static func start(database: String = "dispatch", migrated: Bool = true) async throws -> PrivateCluster {
        let binaries = try serverBinaries()
        var template = Array("/tmp/dispatch-cluster-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresError(.client, "mkdtemp failed") }
        let directory = String(cString: made)
        let cluster = PrivateCluster(directory: directory, port: Int.random(in: 20000...60000), database: database, binaries: binaries)
        do {
            try await cluster.initialise()
            try await cluster.pgctl(["start", "-l", directory + "/server.log", "-w", "-t", "60"])
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

    private func initialise() async throws {
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else {
                throw PostgresError(.client, "running as root needs a postgres OS user to run the server")
            }
            guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw PostgresError(.client, "cannot chown \(directory) to postgres")
            }
        }
        try await asServer(binaries + "/initdb", ["-D", dataDirectory, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-N"])
        let settings = """

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

            """
        let configuration = dataDirectory + "/postgresql.conf"
        // The data folder belongs to the server's user: append through it.
        try await asServer("/bin/sh", ["-c", "cat >> '\(configuration)' <<'CONF'\(settings)CONF\n"])
    }

    private func pgctl(_ arguments: [String]) async throws {
        try await asServer(binaries + "/pg_ctl", ["-D", dataDirectory] + arguments)
    }

    private func asServer(_ executable: String, _ arguments: [String]) async throws {
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
