import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The outbox and the audit log are written once per statement, for all its rows at once
/// (`outbox.capture_changes`, `audit.log_rows`); what they record must be what the row-by-row
/// definition says (`private.row_audience`, which `VisibilityPropertyTests` holds against
/// row-level security). On a seeded world, in one transaction: bulk inserts of tasks, notes
/// and subtasks, a bulk update that claims, releases and moves tasks between listings (so
/// that the audience of a moved row also names whom it left), a bulk no-op update, and a
/// bulk delete that takes notes and subtasks with it; after each statement, every event it
/// recorded is compared with the definition, and the audit rows with the rows.
@Suite struct OutboxAudienceTests {
    @Test(arguments: [20_251_125, 99])
    func statementEventsNameWhatTheRowByRowDefinitionSays(seed: UInt64) async throws {
        let database = try await TestDatabase.create()
        let admin = try await database.connect()
        _ = try await RandomWorld(admin, seed: seed)
        let listing = try await admin.query("select id from public.listings order by id limit 1").scalar(UUID.self)
        let claimer = try await admin.query("select id from public.users order by id limit 1").scalar(UUID.self)

        try await admin.transaction { conn in
            func mark(_ conn: isolated PostgresConnection) throws -> (events: Int, audit: Int) {
                let row = try conn.query("select coalesce(max(e.id), 0)::int, (select coalesce(max(l.id), 0)::int from audit.log l) from outbox.events e")[0]
                return (try row.decode(0, as: Int.self), try row.decode(1, as: Int.self))
            }
            /// Events since `from` whose audience or visible_to_all differ from the definition
            /// asked of `column` (record, or old_record for deletes), and how many there were.
            func differing(_ conn: isolated PostgresConnection, since from: Int, _ column: String) throws -> (differ: Int, events: Int) {
                let row = try conn.query(PostgresQuery(sql: """
                    select count(*) filter (where (e.audience, e.visible_to_all) is distinct from
                             (select (a.audience, a.visible_to_all) from private.row_audience(e.table_name, e.\(column)) a))::int,
                           count(*)::int
                      from outbox.events e where e.id > $1
                    """, binds: [from]))[0]
                return (try row.decode(0, as: Int.self), try row.decode(1, as: Int.self))
            }

            var since = try mark(conn)
            try conn.query("""
                insert into public.tasks (title, declared_by, claimed_by, listing_id, completed)
                select title || ' (copy)', declared_by, claimed_by, listing_id, completed from public.tasks
                """)
            try conn.query("""
                insert into public.notes (parent_type, parent_id, content, created_by)
                select parent_type, parent_id, content || ' (copy)', created_by from public.notes
                """)
            try conn.query("""
                insert into public.subtasks (parent_type, parent_id, title)
                select parent_type, parent_id, title || ' (copy)' from public.subtasks
                """)
            let inserted = try differing(conn, since: since.events, "record")
            #expect(inserted.events > 40)
            #expect(inserted.differ == 0, "seed \(seed): \(inserted.differ) of \(inserted.events) insert events")
            #expect(try conn.query(PostgresQuery(sql: """
                select count(*)::int from audit.log l where l.id > $1 and l.action = 'INSERT'
                   and l.new_row = (select to_jsonb(t) from public.tasks t where t.id = l.record_pk)
                """, binds: [since.audit])).scalar(Int.self)
                == (try conn.query("select count(*)::int from public.tasks where title like '% (copy)'").scalar(Int.self)))

            // Claims, releases and moves: the old row's holders are named too.
            try conn.query("create temporary table tasks_before on commit drop as select * from public.tasks")
            since = try mark(conn)
            try conn.query(PostgresQuery(sql: """
                update public.tasks
                   set claimed_by = case when claimed_by is null then $1::uuid end,
                       listing_id = case when listing_id is null then $2::uuid end,
                       title = title || '.'
                 where title like '% (copy)'
                """, binds: [claimer, listing]))
            let moved = try conn.query(PostgresQuery(sql: """
                select count(*) filter (where e.audience is distinct from (
                         select array_agg(distinct u order by u) from (
                           select unnest((private.row_audience('tasks', e.record)).audience) u
                           union all
                           select unnest((private.row_audience('tasks', to_jsonb(b))).audience) from tasks_before b where b.id = e.record_id) x)
                       or e.visible_to_all is distinct from (
                         (private.row_audience('tasks', e.record)).visible_to_all
                         or (select (private.row_audience('tasks', to_jsonb(b))).visible_to_all from tasks_before b where b.id = e.record_id))
                       or e.old_record is distinct from (
                         select jsonb_object_agg(o.key, o.value) from tasks_before b cross join lateral jsonb_each(to_jsonb(b)) o
                          where b.id = e.record_id and (e.record -> o.key) is distinct from o.value))::int,
                       count(*)::int
                  from outbox.events e where e.id > $1 and e.table_name = 'tasks' and e.op = 'update'
                """, binds: [since.events]))[0]
            let changed = try conn.query("select count(*)::int from public.tasks where title like '% (copy).'").scalar(Int.self)
            #expect(try moved.decode(1, as: Int.self) == changed)
            #expect(try moved.decode(0, as: Int.self) == 0, "seed \(seed): update events differ")
            #expect(try conn.query(PostgresQuery(sql: """
                select count(*)::int from audit.log l join tasks_before b on b.id = l.record_pk
                 where l.id > $1 and l.action = 'UPDATE' and l.old_row = to_jsonb(b)
                   and l.new_row = (select to_jsonb(t) from public.tasks t where t.id = l.record_pk)
                """, binds: [since.audit])).scalar(Int.self) == changed)

            // An update that changes nothing records nothing.
            since = try mark(conn)
            try conn.query("update public.tasks set title = title")
            let after = try mark(conn)
            #expect(after.events == since.events && after.audit == since.audit)

            // Deletions, the notes and subtasks they take with them included (those of the
            // world's own tasks, and their copies).
            let originals = try conn.query("select count(*)::int from public.tasks where title not like '%(copy)%'").scalar(Int.self)
            since = try mark(conn)
            try conn.query("delete from public.tasks where title not like '%(copy)%'")
            let deleted = try differing(conn, since: since.events, "old_record")
            #expect(deleted.events > originals)
            #expect(deleted.differ == 0, "seed \(seed): \(deleted.differ) of \(deleted.events) delete events")
        }
        await admin.close()
    }
}
