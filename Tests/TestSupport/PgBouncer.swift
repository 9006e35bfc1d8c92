import Foundation
import Postgres

/// PgBouncer (Debian's `/usr/sbin/pgbouncer`) in transaction mode, the way deployments put
/// it in front of Postgres: on a Unix socket in a folder of its own (no TCP), forwarding
/// every database name to the same-named database of one server.
///
/// PgBouncer refuses to run as root: as root it is started with `user = postgres` in its
/// configuration and drops to that user itself (so the signals of `stop()` reach it
/// directly), and the folder belongs to that user.
public final class PgBouncer: Sendable {
    public static let executable = "/usr/sbin/pgbouncer"

    public let directory: String
    public let port: Int
    let process: ChildProcess

    private init(directory: String, port: Int, process: ChildProcess) {
        self.directory = directory
        self.port = port
        self.process = process
    }

    /// `database` through the pooler, declared as a transaction pooler (`pgbouncer=true`).
    public func url(database: String) -> String {
        undeclaredURL(database: database) + "&pgbouncer=true"
    }

    /// `database` through the pooler without the declaration: what a client that does not
    /// know it is pooled sees.
    public func undeclaredURL(database: String) -> String {
        "postgresql:///\(database)?host=\(directory)&port=\(port)&user=postgres"
    }

    /// What PgBouncer logged (it logs to stderr).
    public var log: String { process.stderr }

    /// Starts a pooler in front of the server `server` is connected to (its host, port,
    /// user and password), with `poolSize` server connections per database: fewer than the
    /// clients, so that consecutive transactions of one client land on different ones.
    public static func start(inFrontOf server: PostgresConnection, poolSize: Int = 2) async throws -> PgBouncer {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw PostgresError(.client, "\(executable) is missing: apt-get install pgbouncer")
        }
        let parameters = await server.parameters()
        var template = Array("/tmp/dispatch-pgbouncer-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresError(.client, "mkdtemp failed") }
        let directory = String(cString: made)
        let port = Int.random(in: 20000...60000)
        let root = getuid() == 0
        if root { try PrivateCluster.giveToServerUser(directory) }

        // Every database name goes to the same name on the server.
        let target = ["host", "port", "user", "password"].compactMap { key in
            parameters[key].flatMap { $0.isEmpty ? nil : "\(key)=\(quote($0))" }
        }.joined(separator: " ")
        let configuration = """
            [databases]
            * = \(target)

            [pgbouncer]
            listen_addr =
            listen_port = \(port)
            unix_socket_dir = \(directory)
            auth_type = trust
            auth_file = \(directory)/users.txt
            pool_mode = transaction
            default_pool_size = \(poolSize)
            max_client_conn = 500
            server_login_retry = 1
            \(root ? "user = postgres" : "")

            """
        try configuration.write(toFile: directory + "/pgbouncer.ini", atomically: true, encoding: .utf8)
        // Clients connect as postgres (the URLs above) or as the server's user; trust, no password.
        try Set(["postgres", parameters["user"] ?? "postgres"]).map { "\"\($0)\" \"\"\n" }.joined()
            .write(toFile: directory + "/users.txt", atomically: true, encoding: .utf8)

        let process = try ChildProcess(executable, [directory + "/pgbouncer.ini"], outputPrefix: directory + "/pgbouncer")
        let bouncer = PgBouncer(directory: directory, port: port, process: process)
        // Ready when a client gets through to the server (its socket file comes a moment
        // before it listens).
        let probe = bouncer.undeclaredURL(database: parameters["dbname"] ?? "postgres")
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            if let connection = try? await PostgresConnection.connect(probe) {
                await connection.close()
                return bouncer
            }
            guard process.isRunning, ContinuousClock.now < deadline else {
                let log = process.stderr
                await bouncer.stop()
                throw PostgresError(.client, "pgbouncer did not start: \(log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops the pooler (SIGTERM: at once) and removes its folder.
    public func stop() async {
        process.signal(SIGTERM)
        if await process.wait(timeout: .seconds(5)) == nil {
            process.signal(SIGKILL)
            await process.wait()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A value in pgbouncer.ini's connection strings (libpq's quoting).
    private static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
