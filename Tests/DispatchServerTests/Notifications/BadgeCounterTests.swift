import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The badge counters (kept by the triggers of `public.notifications`) against a real count
/// of the unread rows, while several connections insert, mark read and unread, regroup and
/// delete notifications of the same two users at once, and others read the badge: every
/// read, in its own snapshot, must equal the count of the rows that snapshot sees.
@Suite struct BadgeCounterTests {
    let db: TestDatabase
    let connection: PostgresConnection

    init() async throws { (db, connection) = try await TestDatabase.createWithAdmin() }

    /// The badge as it was computed before the counters existed: counted from the rows.
    static let counted = """
        with per_entity as (
          select t.badge_group, n.entity_type, n.entity_id, count(*) as unread_count, max(n.created_at) as latest_at
            from public.notifications n join public.notification_types t on t.type = n.type
           where n.user_id = $1 and not n.read
           group by t.badge_group, n.entity_type, n.entity_id)
        select jsonb_build_object(
          'requests_total',  coalesce(sum(e.unread_count) filter (where e.badge_group = 'requests'), 0),
          'messages_total',  coalesce(sum(e.unread_count) filter (where e.badge_group = 'messages'), 0),
          'community_total', coalesce(sum(e.unread_count) filter (where e.badge_group = 'community'), 0),
          'bell_total',      coalesce(sum(e.unread_count) filter (where e.badge_group = 'bell_only'), 0),
          'request_details', coalesce((select to_jsonb(array_agg(d)) from (
              select r.entity_type, r.entity_id::text as entity_id, r.unread_count, r.latest_at from per_entity r
               where r.badge_group = 'requests' and r.entity_id is not null
               order by r.latest_at desc, r.entity_id limit 100) d), '[]'::jsonb),
          'conversation_details', coalesce((select to_jsonb(array_agg(d)) from (
              select r.entity_type, r.entity_id::text as entity_id, r.unread_count, r.latest_at from per_entity r
               where r.badge_group = 'messages' and r.entity_id is not null
               order by r.latest_at desc, r.entity_id limit 100) d), '[]'::jsonb))
          from per_entity e
        """

    /// Kept and counted, in one statement (one snapshot): true when they agree.
    static func agree(_ connection: PostgresConnection, _ user: UUID) async throws -> Bool {
        try await connection.query(PostgresQuery(
            sql: "select public.notification_badge_counts($1, true) = (\(counted))", binds: [user])).scalar(Bool.self)
    }

    @Test func parallelWritersKeepTheCountersExactForParallelReaders() async throws {
        let users = [try await NotificationTestSupport.makeUser("Ann", on: connection),
                     try await NotificationTestSupport.makeUser("Ben", on: connection)]
        let sender = try await NotificationTestSupport.makeUser("Sam", on: connection)
        // The notification limits are not what is tested here: they would drop inserts.
        try await connection.query("update private.notification_limits set per_recipient_per_hour = 1000000, per_sender_per_hour = 1000000")
        // A few entities, so that details group and entities empty and refill.
        let entities = "array['00000000-0000-4000-9000-000000000001', '00000000-0000-4000-9000-000000000002', '00000000-0000-4000-9000-000000000003', null]::uuid[]"
        let writes = [
            // a batch of new ones, some read already, of random types and entities
            """
            insert into public.notifications (user_id, type, title, read, entity_type, entity_id, created_at, source_user_id)
            select $1, t.type, 'load', random() < 0.2, case when e.id is not null then 'task' end, e.id,
                   now() - (random() * 1000)::int * interval '1 second', case when random() < 0.5 then '\(sender)'::uuid end
              from generate_series(1, 1 + (random() * 6)::int) g
             cross join lateral (select nt.type from public.notification_types nt where g > 0 order by random() limit 1) t
             cross join lateral (select (\(entities))[1 + (random() * 3.999)::int] as id where g > 0) e
            """,
            "update public.notifications set read = true where id in (select id from public.notifications where user_id = $1 and not read order by random() limit 3)",
            "update public.notifications set read = false where id in (select id from public.notifications where user_id = $1 and read order by random() limit 2)",
            "update public.notifications set title = 'edited' where id in (select id from public.notifications where user_id = $1 order by random() limit 3)",
            """
            update public.notifications set type = (select nt.type from public.notification_types nt where nt.type <> 'other' order by random() limit 1)
             where id in (select id from public.notifications where user_id = $1 order by random() limit 2)
            """,
            "update public.notifications set entity_type = null, entity_id = null where id in (select id from public.notifications where user_id = $1 and entity_id is not null order by random() limit 1)",
            "delete from public.notifications where id in (select id from public.notifications where user_id = $1 order by random() limit 2)",
            "update public.notifications set read = true where user_id = $1 and not read and random() < 0.1",
        ]
        let rounds = 60
        let writers = 4, readers = 2
        let (disagreements, reads) = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for w in 0..<writers {
                let conn = try await db.connect()
                group.addTask {
                    for round in 0..<rounds {
                        let user = users[(w + round) % users.count]
                        let sql = writes[(w * 7 + round) % writes.count]
                        do {
                            try await conn.query(PostgresQuery(sql: sql, binds: [user]))
                        } catch let error as PostgresError where error.sqlState == "40P01" {
                            // Two writers updating the same notifications in another order:
                            // one is rolled back whole, which the counters must survive too.
                        }
                    }
                    await conn.close()
                    return (0, 0)
                }
            }
            for r in 0..<readers {
                let conn = try await db.connect()
                group.addTask {
                    var disagreements = 0, reads = 0
                    for round in 0..<(rounds * 2) {
                        if try await !Self.agree(conn, users[(r + round) % users.count]) { disagreements += 1 }
                        reads += 1
                    }
                    await conn.close()
                    return (disagreements, reads)
                }
            }
            var total = (0, 0)
            for try await (d, r) in group { total = (total.0 + d, total.1 + r) }
            return total
        }
        #expect(reads == readers * rounds * 2)
        #expect(disagreements == 0, "\(disagreements) of \(reads) badge reads differed from a count in the same snapshot")
        for user in users {
            #expect(try await Self.agree(connection, user))
        }
        // Something was counted, and no counter stays at zero or below.
        #expect(try await connection.query("select count(*) from public.notifications where not read").scalar(Int.self) > 0)
        #expect(try await connection.query("""
            select (select count(*) from private.notification_badge_totals where unread <= 0)
                 + (select count(*) from private.notification_badge_entities where unread <= 0)
            """).scalar(Int.self) == 0)

        // A user's deletion takes their notifications and, with them, their counters.
        try await connection.query("delete from auth.users where id = \(users[0])")
        #expect(try await connection.query(PostgresQuery(sql: """
            select (select count(*) from private.notification_badge_totals where user_id = $1)
                 + (select count(*) from private.notification_badge_entities where user_id = $1)
            """, binds: [users[0]])).scalar(Int.self) == 0)
        #expect(try await Self.agree(connection, users[1]))
    }

    @Test func detailsAreTheNewestHundredEntities() async throws {
        let user = try await NotificationTestSupport.makeUser("Many", on: connection)
        try await connection.query("""
            insert into public.notifications (user_id, type, title, entity_type, entity_id, created_at)
            select \(user), 'task_claimed', 'n', 'task', gen_random_uuid(), now() - g * interval '1 second'
              from generate_series(1, 150) g
            """)
        let details = try await connection.query(
            "select jsonb_array_length(public.notification_badge_counts(\(user), true) -> 'request_details')").scalar(Int.self)
        #expect(details == 100)
        #expect(try await Self.agree(connection, user))
        // Reading the newest one moves the next into the list; the total drops by one.
        try await connection.query("""
            update public.notifications set read = true
             where id = (select id from public.notifications where user_id = \(user) order by created_at desc limit 1)
            """)
        #expect(try await Self.agree(connection, user))
        #expect(try await connection.query(
            "select (public.notification_badge_counts(\(user)) ->> 'requests_total')::int").scalar(Int.self) == 149)
    }
}
