import DispatchServer
import Foundation
import Migrations
import Postgres
import TestSupport
import Testing

/// Sync stays exact across a restore, a point-in-time recovery and a failover: in each, a
/// device holds a cursor taken before and changes are made after; its next pull gets
/// CURSOR_EXPIRED (never a page that leaves changes out), `SyncService.sync` resyncs it in
/// one call, and its copy then equals the server's.
@Suite(.serialized) struct IncarnationTests {
    static let alice = UUID(uuidString: "00000000-0000-4000-8000-00000000a1c1")!

    /// A device's copy of Alice's tasks (id → title) and its cursor.
    final class Device: @unchecked Sendable {
        var tasks: [UUID: String] = [:]
        var cursor: SyncCursor?
        var expired = 0

        /// One call: pull from the cursor, resync in full when it expired.
        func sync(_ url: String) async throws {
            let connection = try await PostgresConnection.connect(url)
            let service = SyncService(connection: connection,
                                      user: IncarnationTests.alice)
            cursor = try await service.sync(table: .tasks, from: cursor, reset: { [self] in tasks = [:]; expired += 1 }) { [self] page in
                for record in page.records {
                    if let id = record["id"]?.stringValue.flatMap(UUID.init(uuidString:)) { tasks[id] = record["title"]?.stringValue }
                }
                for deletion in page.deleted { tasks[deletion.id] = nil }
            }
            await connection.close()
        }

        /// A pull from the stored cursor, as an app that did not resync would make.
        func plainPull(_ url: String) async throws -> SyncPage {
            let connection = try await PostgresConnection.connect(url)
            defer { Task { await connection.close() } }
            return try await SyncService(connection: connection,
                                         user: IncarnationTests.alice).pull(table: .tasks, cursor: cursor)
        }
    }

    static func seed(_ url: String) async throws {
        let connection = try await PostgresConnection.connect(url)
        try await connection.runScript("""
            insert into auth.users (id) values ('\(alice.uuidString.lowercased())');
            insert into public.users (id, name) values ('\(alice.uuidString.lowercased())', 'Alice');
            insert into public.tasks (title, declared_by) select 'task ' || n, '\(alice.uuidString.lowercased())' from generate_series(1, 5) n;
            """)
        await connection.close()
    }

    static func write(_ url: String, _ sql: String) async throws {
        let connection = try await PostgresConnection.connect(url)
        try await connection.runScript(sql.replacingOccurrences(of: "{alice}", with: alice.uuidString.lowercased()))
        await connection.close()
    }

    /// What the server holds for Alice: her tasks' titles by id.
    static func server(_ url: String) async throws -> [UUID: String] {
        let connection = try await PostgresConnection.connect(url)
        defer { Task { await connection.close() } }
        var tasks: [UUID: String] = [:]
        for row in try await connection.query("select id, title from public.tasks where declared_by = \(alice)") {
            tasks[try row.decode("id")] = try row.decode("title")
        }
        return tasks
    }

    /// After recovery: the old cursor is refused with CURSOR_EXPIRED, one call resyncs, the
    /// copy equals the server's, and a pull after that sends nothing.
    static func expectResync(_ device: Device, on url: String) async throws {
        await #expect(performing: { _ = try await device.plainPull(url) },
                      throws: { ($0 as? SQLAPIError)?.code == .cursorExpired })
        try await device.sync(url)
        #expect(device.expired == 1)
        #expect(device.tasks == (try await server(url)), "the device's copy is the server's")
        let empty = try await device.plainPull(url)
        #expect(empty.records.isEmpty && empty.deleted.isEmpty, "an empty pull sends nothing: \(empty.records.count) records")
    }

    @Test("a dump restored into a new cluster (scripts/backup.sh, the logical backup of docs/operations.md): migrate verify passes; the device's cursor expires, one call resyncs it, nothing missed")
    func restoreIntoANewCluster() async throws {
        let source = try await PrivateCluster.start()
        var target: PrivateCluster?
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restore-\(UUID().uuidString.prefix(8))").path
        do {
            try await Self.seed(source.url)
            let device = Device()
            try await device.sync(source.url)
            try await Self.write(source.url, "update public.tasks set title = 'renamed before the dump' where title = 'task 1'")
            let script = TestDatabase.repositoryPath("scripts/backup.sh")
            let dumped = try await ChildProcess.run("/bin/bash", [script, "dump", source.url, folder])
            #expect(dumped.status == 0, "\(dumped.output)")
            // After the dump: lost by the restore, but seen by the device.
            try await Self.write(source.url, "update public.tasks set title = 'renamed after the dump' where title = 'task 2'")
            try await device.sync(source.url)

            target = try await PrivateCluster.start(migrated: false)
            let restored = try await ChildProcess.run("/bin/bash", [script, "restore", folder, target!.url], environment: [
                "MIGRATE": "\(builtExecutable("migrate")) --dir \(TestDatabase.migrationsDirectory)",
            ])
            #expect(restored.status == 0 && restored.output.contains("restored") && !restored.output.contains("ERROR"), "\(restored.output)")
            let check = try await PostgresConnection.connect(target!.url)
            try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).verify(check)
            #expect(try await check.query("select count(*)::int from public.users").scalar(Int.self) == 1)
            await check.close()
            // Changes on the restored server (its transaction ids are those of the lost ones).
            try await Self.write(target!.url, """
                insert into public.tasks (title, declared_by) values ('new on the restored server', '{alice}');
                update public.tasks set title = 'renamed on the restored server' where title = 'task 3';
                """)
            try await Self.expectResync(device, on: target!.url)
        } catch {
            try? await target?.stop()
            try? await source.stop()
            throw error
        }
        try await target?.stop()
        try await source.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test("point-in-time recovery to an earlier moment (base backup, WAL archive, recovery_target_time): the device's cursor expires, nothing missed")
    func pointInTimeRecovery() async throws {
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        if getuid() == 0 { try PrivateCluster.giveToServerUser(archive) }
        let primary = try await PrivateCluster.start(settings: """
            wal_level = replica
            archive_mode = on
            archive_command = 'cp %p \(archive)/%f'
            """)
        var recovered: PrivateCluster?
        // Inside the primary's folder: removed with it, by `stop()` or, after a killed run,
        // by `make clean-test-dbs`.
        let backup = primary.directory + "/base"
        do {
            try await Self.seed(primary.url)
            try await primary.baseBackup(to: backup)
            let device = Device()
            try await device.sync(primary.url)
            try await Self.write(primary.url, "update public.tasks set title = 'before the target' where title = 'task 1'")
            let connection = try await PostgresConnection.connect(primary.url)
            let target = try await connection.query("select now()::text").scalar(String.self)
            try await Task.sleep(for: .milliseconds(200))
            // After the target: lost by the recovery, but seen by the device.
            try await Self.write(primary.url, "update public.tasks set title = 'after the target' where title = 'task 2'")
            try await device.sync(primary.url)
            let segment = try await connection.query("select pg_walfile_name(pg_current_wal_lsn())").scalar(String.self)
            try await connection.query("select pg_switch_wal()")
            try await waitUntil(timeout: .seconds(30)) {
                try await connection.query("select coalesce(last_archived_wal >= \(segment), false) from pg_stat_archiver").scalar(Bool.self)
            }
            await connection.close()
            try await primary.shutDown()

            recovered = try await PrivateCluster.recovered(from: backup, archive: archive, target: target)
            let migrated = try await PostgresConnection.connect(recovered!.url)
            try await MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { _ in }).up(migrated)
            await migrated.close()
            try await Self.write(recovered!.url, """
                insert into public.tasks (title, declared_by) values ('new after the recovery', '{alice}');
                update public.tasks set title = 'renamed after the recovery' where title = 'task 3';
                """)
            try await Self.expectResync(device, on: recovered!.url)
        } catch {
            try? await recovered?.stop()
            try? await primary.stop()
            throw error
        }
        try await recovered?.stop()
        try await primary.stop()
        try? FileManager.default.removeItem(atPath: archive)
    }

    @Test("a standby promoted without the primary's last commits: the device's cursor expires, nothing missed")
    func promotedStandbyThatMissedCommits() async throws {
        try await PrivateCluster.withStandby { primary, standby in
            try await Self.seed(primary.url)
            try await standby.waitForReplay(of: primary)
            let device = Device()
            try await device.sync(primary.url)
            // The standby goes away; the primary commits on, and the device sees it.
            try await standby.shutDown()
            try await Self.write(primary.url, """
                update public.tasks set title = 'only the old primary had this' where title = 'task 1';
                insert into public.tasks (title, declared_by) values ('lost with the old primary', '{alice}');
                """)
            try await device.sync(primary.url)
            try await primary.crash()

            try await standby.startAgain()
            try await standby.promote()
            try await Self.write(standby.url, """
                insert into public.tasks (title, declared_by) values ('new on the promoted standby', '{alice}');
                update public.tasks set title = 'renamed on the promoted standby' where title = 'task 2';
                """)
            try await Self.expectResync(device, on: standby.url)
        }
    }
}

/// Polls `condition` every 50 ms until it holds, at most `timeout`.
func waitUntil(timeout: Duration, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw PostgresError(.client, "not within \(timeout)") }
        try await Task.sleep(for: .milliseconds(50))
    }
}
