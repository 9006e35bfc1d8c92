import Foundation
import Migrations
import Postgres
import TestSupport
import Testing

/// What the scripts under `make` and `scripts/` do with an operator's shell: a production
/// `DATABASE_URL` is never used, a cluster in use is never restarted, a URL that cannot be
/// read is a configuration error at once.
@Suite struct ScriptTests {
    /// A scratch folder (removed by the caller).
    func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func executable(_ path: String, _ text: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    @Test("scripts/run.sh starts the worker on the project's database, never on DATABASE_URL from the shell")
    func runIgnoresTheShellsDatabaseURL() async throws {
        // A stand-in for swift (the build) and for the worker, which prints what it was given.
        let bin = try folder("run-sh")
        defer { try? FileManager.default.removeItem(atPath: bin) }
        try executable(bin + "/swift", "#!/bin/sh\ncase \"$*\" in *--show-bin-path*) echo '\(bin)';; esac\n")
        try executable(bin + "/dispatch-worker", "#!/bin/sh\necho \"worker on $DATABASE_URL direct ${DATABASE_DIRECT_URL:-none}\"\n")
        let production = "postgresql://app@production.invalid/app"
        let (status, output) = try await ChildProcess.run("/bin/bash", [TestDatabase.repositoryPath("scripts/run.sh")], environment: [
            "SWIFT": bin + "/swift", "DATABASE_URL": production, "DATABASE_DIRECT_URL": production,
        ])
        let project = try await ChildProcess.run("/bin/bash", [TestDatabase.repositoryPath("scripts/db.sh"), "url"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == 0, "\(output)")
        #expect(output.contains("worker on \(project) direct none"), "\(output)")
        #expect(!output.contains("production.invalid"), "\(output)")
    }

    @Test("scripts/db.sh start with another DISPATCH_PG_PORT refuses to restart a cluster in use, naming the sessions; an idle one moves")
    func aClusterInUseIsNeverRestarted() async throws {
        // A copy of the script in a folder of its own: its cluster is its own, not the tests'.
        let root = try folder("db-sh")
        try FileManager.default.createDirectory(atPath: root + "/scripts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestDatabase.repositoryPath("scripts/db.sh"), toPath: root + "/scripts/db.sh")
        let script = root + "/scripts/db.sh"
        let first = Int.random(in: 20000...30000), second = first + 1
        @Sendable func db(_ arguments: [String], port: Int) async throws -> (status: Int32, output: String) {
            try await ChildProcess.run("/bin/bash", [script] + arguments,
                                       environment: ["DISPATCH_PG_PORT": "\(port)", "DISPATCH_DATABASE_URL": ""])
        }
        // (stopped and removed at the end, whatever happened)
        func cleanUp() async {
            for port in [first, second] { _ = try? await db(["stop"], port: port) }
            // As root the data folder may be under /tmp (see db.sh): the socket's folder's parent.
            if let url = try? await db(["url"], port: first).output,
               let host = url.split(separator: "host=").last?.split(separator: "&").first {
                try? FileManager.default.removeItem(atPath: (String(host) as NSString).deletingLastPathComponent)
            }
            try? FileManager.default.removeItem(atPath: root)
        }
        do {
            try await clusterMoves({ try await db($0, port: $1) }, first, second)
        } catch {
            await cleanUp()
            throw error
        }
        await cleanUp()
    }

    func clusterMoves(_ db: (_ arguments: [String], _ port: Int) async throws -> (status: Int32, output: String),
                      _ first: Int, _ second: Int) async throws {
        let started = try await db(["start"], first)
        #expect(started.status == 0, "\(started.output)")
        let url = try await db(["url"], first).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let session = try await PostgresConnection.connect(url)
        try await session.runScript("set application_name = 'make-run-worker'")

        let refused = try await db(["start"], second)
        #expect(refused.status != 0, "\(refused.output)")
        #expect(refused.output.contains("in use") && refused.output.contains("make-run-worker"), "\(refused.output)")
        #expect(try await session.query("select 1").scalar(Int.self) == 1, "the session goes on")
        await session.close()

        // Unused, it moves to the new port.
        let moved = try await db(["start"], second)
        #expect(moved.status == 0, "\(moved.output)")
        _ = try await db(["stop"], second)
    }

    @Test("scripts/clean-clusters.sh (make clean-test-dbs) stops and removes a private cluster whose test process is gone (no such pid, or its pid reused), never one whose process runs")
    func orphanedClustersAreStoppedAndRemoved() async throws {
        let orphan = try await PrivateCluster.start(migrated: false)
        var owned: PrivateCluster?
        do {
            owned = try await PrivateCluster.start(migrated: false)
            try await sweep(orphan: orphan, owned: owned!)
        } catch {
            try? await owned?.stop()
            try? await orphan.stop()
            throw error
        }
        // (already gone when the sweep did its work: then these do nothing)
        try await owned?.stop()
        try await orphan.stop()
    }

    func sweep(orphan: PrivateCluster, owned: PrivateCluster) async throws {
        let script = TestDatabase.repositoryPath("scripts/clean-clusters.sh")
        let marker = try String(contentsOfFile: owned.directory + "/" + PrivateCluster.ownerFile, encoding: .utf8)
        #expect(marker == PrivateCluster.ownerLine() && marker.split(separator: " ").count == 2,
                "the marker names this process and its start time: \(marker)")
        // A killed run's cluster: its owner's pid is one no process has (pids stay below pid_max).
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try "\(pidMax) 12345\n".write(toFile: orphan.directory + "/" + PrivateCluster.ownerFile, atomically: true, encoding: .utf8)
        let orphanServer = try orphan.serverProcesses()[0], ownedServer = try owned.serverProcesses()[0]

        let swept = try await ChildProcess.run("/bin/bash", [script])
        #expect(swept.status == 0, "\(swept.output)")
        #expect(!FileManager.default.fileExists(atPath: orphan.directory), "\(swept.output)")
        #expect(!running(orphanServer), "the orphan's server is stopped")
        #expect(FileManager.default.fileExists(atPath: owned.directory) && running(ownedServer), "\(swept.output)")
        let connection = try await PostgresConnection.connect(owned.url(database: "postgres"))
        #expect(try await connection.query("select 1").scalar(Int.self) == 1, "a running process's cluster serves on")
        await connection.close()

        // The owner's pid reused by a later process (this one, started at another time).
        try "\(getpid()) 1\n".write(toFile: owned.directory + "/" + PrivateCluster.ownerFile, atomically: true, encoding: .utf8)
        let again = try await ChildProcess.run("/bin/bash", [script])
        #expect(again.status == 0, "\(again.output)")
        #expect(!FileManager.default.fileExists(atPath: owned.directory) && !running(ownedServer), "\(again.output)")
    }

    /// Whether process `pid` runs (a zombie, ended but not yet reaped, does not).
    func running(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    @Test("a URL libpq cannot read is a configuration error at once, for migrate and the worker")
    func anUnreadableURLFailsAtOnce() async throws {
        for bad in ["postgresql://app@localhost:54x32/app", "postgresql://app@localhost/app?sslmode=sometimes&nonsense=1",
                    "host=/tmp port", "postgresql://localhost/app?pgbouncer=maybe"] {
            #expect(ConnectionRoles.problem(with: bad) != nil, "\(bad)")
        }
        #expect(ConnectionRoles.problem(with: "postgresql://app@localhost:5432,other:6432/app?pgbouncer=true") == nil)
        #expect(ConnectionRoles.problem(with: "host=/tmp port=5432 dbname=app") == nil)

        let started = ContinuousClock.now
        let migrate = try await ChildProcess.run(builtExecutable("migrate"), ["status", "--wait", "60"],
                                                 environment: ["DATABASE_URL": "postgresql://app@localhost:54x32/app"])
        #expect(migrate.status == 2 && migrate.output.contains("cannot be used"), "\(migrate.output)")
        let worker = try await ChildProcess.run(builtExecutable("dispatch-worker"), ["--database-url", "postgresql://app@localhost:54x32/app"])
        #expect(worker.status != 0 && worker.output.contains("cannot be used"), "\(worker.output)")
        #expect(ContinuousClock.now - started < .seconds(30), "neither waited for a database")
    }
}
