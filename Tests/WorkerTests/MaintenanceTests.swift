import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing
@testable import Worker

@Suite("Maintenance and handler registration")
struct MaintenanceTests {
    @Test("purges watchlist and journal tombstones older than 30 days, old sync log rows and change marks, and handled events older than 7 days")
    func purgeAndPrune() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let old = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'old') returning id").scalar(UUID.self)
        let recent = try await f.connection.query(
            "insert into public.watchlists (owner_id, title) values (\(alice), 'recent') returning id").scalar(UUID.self)
        try await f.connection.query("update public.watchlists set deleted_at = now() where id in (\(old), \(recent))")
        // Age the tombstone (the stamping trigger keeps the first deleted_at, so bypass it).
        try await f.connection.query("alter table public.watchlists disable trigger user")
        try await f.connection.query("update public.watchlists set deleted_at = now() - interval '31 days' where id = \(old)")
        try await f.connection.query("alter table public.watchlists enable trigger user")
        let journal = try await f.connection.query(
            "insert into public.journal_threads (owner_id, title, deleted_at) values (\(alice), 'old journal', now()) returning id").scalar(UUID.self)
        try await f.connection.query("alter table public.journal_threads disable trigger _stamp_deleted_at_update")
        try await f.connection.query("update public.journal_threads set deleted_at = now() - interval '31 days' where id = \(journal)")
        try await f.connection.query("alter table public.journal_threads enable trigger _stamp_deleted_at_update")
        _ = try await f.task(declaredBy: alice)
        // Everything so far handled and fanned out, and made old.
        // Every registered handler reads the log to its end, or no day of it could be pruned.
        let photos = FileSystemPhotoStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)"))
        let running = f.engine(handlers: [NotificationsHandler(), PushHandler(sink: try LineSink(path: "/dev/null")),
                                          PhotoObjectsHandler(store: photos)])
        #expect(try await eventually { try await f.outstanding() == 0 })
        try await running.stop()
        try await f.connection.query("update outbox.events set created_at = now() - interval '8 days'")
        let events = try await f.connection.query("select count(*)::int from outbox.events").scalar(Int.self)
        // A purge records the oldest transaction then running on the whole server: other
        // suites' transactions older than these marks would keep them (rightly), so wait for
        // those to end.
        #expect(try await eventually(timeout: .seconds(120)) {
            try await f.connection.query(
                "select pg_snapshot_xmin(pg_current_snapshot()) > (select max(sync_xid) from private.sync_marks)").scalar(Bool.self)
        })

        let result = try await Maintenance().run(f.connection)
        #expect(result.ran)
        #expect(result.tombstones == 1)
        #expect(result.journalTombstones == 1)
        #expect(try await f.connection.query("select count(*) from public.journal_threads").scalar(Int.self) == 0)
        #expect(result.events == events)
        let left = try await f.connection.query("select id from public.watchlists").map { try $0.decode(0, as: UUID.self) }
        #expect(left == [recent])
        // The change marks: a run records where it stood; one an hour later purges what was
        // written before that.
        #expect(result.syncMarks == 0)
        try await f.connection.query("update private.sync_mark_purges set taken_at = taken_at - interval '2 hours'")
        let below = try await f.connection.query("select below::text from private.sync_mark_purges").scalar(String.self)
        let marks = try await f.connection.query("select count(*)::int from private.sync_marks where sync_xid < \(below)::xid8")
            .scalar(Int.self)
        let later = try await Maintenance().run(f.connection)
        #expect(marks > 0 && later.syncMarks == marks)
        #expect(try await f.connection.query("select purged_below::text from private.sync_mark_horizon").scalar(String.self) == below)

        // Another worker holding the lock: this one skips.
        let other = try await f.db.connect()
        try await other.query("begin")
        #expect(try await other.query("select private.try_job_lock('maintenance')").scalar(Bool.self))
        #expect(try await Maintenance().run(f.connection).ran == false)
        await other.close()
        await f.close()
    }

    /// An app user cannot stop the maintenance of every worker: the keys of the advisory
    /// locks it once took, held by her session for good, stop nothing, and the job's lock
    /// (a row of private.job_locks) is out of her reach.
    @Test("an app user's session cannot hold the maintenance's lock")
    func anAppUserCannotStopTheMaintenance() async throws {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let app = try await f.db.connect()
        try await app.transaction(as: alice) { conn in
            try conn.query("select pg_advisory_lock(hashtext('dispatch-worker maintenance')), pg_advisory_lock(hashtext('outbox.prune'))")
        }
        for statement in ["select private.try_job_lock('maintenance')", "select from private.job_locks for update"] {
            do {
                try await app.transaction(as: alice) { conn in _ = try conn.query(PostgresQuery(sql: statement, binds: [])) }
                Issue.record("\(statement) ran")
            } catch let error as PostgresError {
                #expect(error.sqlState == .insufficientPrivilege, "\(statement): \(error)")
            }
        }
        #expect(try await Maintenance().run(f.connection).ran)
        await app.close()
        await f.close()
    }

    @Test("the handlers the worker runs by default are the ones the migration registers")
    func handlerNames() async throws {
        let f = try await WorkerFixture.make()
        let registered = try await OutboxQueue.registeredHandlers(f.connection)
        let defaults = Set(WorkerConfiguration().handlers.map(\.name))
        #expect(registered == defaults)
        let tables = try await f.connection.query("select tables from outbox.handlers where name = 'push'").scalar([String].self)
        #expect(tables == ["notifications"])
        await f.close()
    }
}
