import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// A pull of changes reads, besides the rows of the caller's keys written since the cursor,
/// every row of the keys they gained and lost since (streams S3 and S4 of
/// sql/code/sync/items.sql). Nearly every pull has none (the access log has nothing new for
/// the caller), and then sync_pull runs the table's statement of mode steady, which leaves
/// those streams out. These tests hold it to what the whole statement gives: after each kind
/// of write (a claim of an open task, which every user pulls, among them), for every user,
/// both statements return the same items; and a change of holdings takes the whole one.
@Suite struct SyncSteadyPullTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// For `user` and the state "every transaction below `x` seen": whether the caller gained
    /// or lost no key of tasks since (mode steady applies), and the items of tasks of mode
    /// steady and of mode changes.
    func items(_ user: UUID, since x: String) async throws -> (steady: Bool, steadyItems: String, changes: String) {
        func call(_ mode: String) -> String {
            """
            (select coalesce(array_agg(i::text order by i.c0, i.c1, i.id, i.kind), '{}')::text
               from private.sync_items_tasks_\(mode)(s.lo, $2::xid8, '{}', '0', '0', '00000000-0000-0000-0000-000000000000', -1, 1001,
                                                    s.kinds, s.keys, s.g_kinds, s.g_keys, s.g_causes, s.g_ats,
                                                    s.l_kinds, s.l_keys, s.l_causes, s.l_ats) i)
            """
        }
        let row = try await admin.query(PostgresQuery(sql: """
            select cardinality(s.g_keys) = 0 and cardinality(s.l_keys) = 0, \(call("steady")), \(call("changes"))
              from private.sync_key_state($1, 'changes', $2::xid8, '{}', private.pull_key_kinds(array['tasks'])) s
            """, binds: [user, x])).first!
        return (try row.decode(0, as: Bool.self), try row.decode(1, as: String.self), try row.decode(2, as: String.self))
    }

    @Test func theSteadyStatementGivesWhatTheWholeOneGives() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben"), cat = try await F.user(admin, "Cat")
        let lot = try await admin.query("insert into public.listings (address, owned_by) values ('Lot 1', \(ben)) returning id")
            .scalar(UUID.self)
        let open = try await admin.query("insert into public.tasks (title, declared_by) values ('Open house', \(ben)) returning id")
            .scalar(UUID.self)
        let held = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by, listing_id) values ('Show the house', \(ben), \(cat), \(lot)) returning id
            """).scalar(UUID.self)
        var other: UUID?

        let steps: [(String, () async throws -> Void)] = [
            ("Cat claims Ben's open task: revoked for Ann, still Ben's", {
                try await admin.transaction(as: cat) { conn in _ = try conn.query("select public.claim_work_item('task', \(open))") }
            }),
            ("Ben declares another open task", {
                other = try await admin.query("insert into public.tasks (title, declared_by) values ('Open lot', \(ben)) returning id")
                    .scalar(UUID.self)
            }),
            ("Cat releases the first: open again", {
                try await admin.transaction(as: cat) { conn in _ = try conn.query("select public.release_work_item('task', \(open))") }
            }),
            ("the other open task deleted", {
                try await admin.query("delete from public.tasks where id = \(other!)")
            }),
            ("the task of Ben's listing and Cat's claim written", {
                try await admin.query("update public.tasks set title = 'Show the house at 5' where id = \(held)")
            }),
            ("the task of Ben's listing taken off it", {
                try await admin.query("update public.tasks set listing_id = null where id = \(held)")
            }),
            ("the task of Ben's listing deleted", {
                try await admin.query("delete from public.tasks where id = \(held)")
            }),
        ]
        for (label, write) in steps {
            let x = try await admin.query("select pg_snapshot_xmax(pg_current_snapshot())::text").scalar(String.self)
            try await write()
            var delivered = 0
            for user in [ann, ben, cat] {
                let answer = try await items(user, since: x)
                #expect(answer.steady, "\(label): \(user) gained or lost a key")
                #expect(answer.steadyItems == answer.changes, "\(label): \(answer.steadyItems) vs \(answer.changes)")
                delivered += answer.changes == "{}" ? 0 : 1
            }
            #expect(delivered > 0, "\(label): nothing for anyone")
        }
    }

    @Test func aChangeOfHoldingsTakesTheWholeStatement() async throws {
        let ann = try await F.user(admin, "Ann"), ben = try await F.user(admin, "Ben"), cat = try await F.user(admin, "Cat")
        let lot = try await admin.query("insert into public.listings (address, owned_by) values ('Lot 1', \(ben)) returning id")
            .scalar(UUID.self)
        try await admin.query("insert into public.tasks (title, declared_by, claimed_by, listing_id) values ('On the lot', \(cat), \(cat), \(lot))")
        let x = try await admin.query("select pg_snapshot_xmax(pg_current_snapshot())::text").scalar(String.self)
        // Ben gives his listing (a key of tasks) to Ann: the access log has Ann's gain and
        // Ben's loss; the task comes to Ann and goes from Ben (S3, S4), which mode steady
        // would not say.
        try await admin.query("update public.listings set owned_by = \(ann) where id = \(lot)")
        let anns = try await items(ann, since: x), bens = try await items(ben, since: x), cats = try await items(cat, since: x)
        #expect(!anns.steady && !bens.steady && cats.steady)
        #expect(anns.changes != anns.steadyItems && bens.changes != bens.steadyItems, "\(anns) \(bens)")
        #expect(cats.changes == cats.steadyItems)
    }

    /// A table's modes are one list (private.sync_table_modes): notes, whose keys derive from
    /// tasks and activities, have no mode steady, and asking for it, or for a mode that does
    /// not exist, is a coded refusal; a steady function left from when a table had the mode
    /// goes at the next generation.
    @Test func aTableHasTheModesItsKeysAllow() async throws {
        let modes = try await admin.query("select private.sync_table_modes('tasks')::text, private.sync_table_modes('notes')::text")[0]
        #expect(try modes.decode(0, as: String.self) == "{full,changes,visibility,admin,steady}")
        #expect(try modes.decode(1, as: String.self) == "{full,changes,visibility,admin}")
        for (table, mode) in [("notes", "steady"), ("tasks", "sideways")] {
            var refused: PostgresError?
            do { _ = try await admin.query("select private.sync_items_sql(\(table), \(mode))") } catch let error as PostgresError { refused = error }
            #expect(refused?.sqlState == .invalidParameterValue && refused?.message.hasPrefix("INVALID_ARGUMENT: sync_items mode") == true,
                    "\(table) \(mode): \(String(describing: refused))")
        }

        // A leftover of the same signature as the generated ones, then a generation.
        try await admin.runScript("""
            create function private.sync_items_notes_steady(p_lo xid8, p_x xid8, p_ip xid8[], p_after_c0 xid8, p_after_c1 xid8,
              p_after_id uuid, p_after_kind integer, p_limit bigint, p_kinds text[], p_keys uuid[], p_gained_kinds text[],
              p_gained_keys uuid[], p_gained_causes xid8[], p_gained_ats timestamptz[], p_lost_kinds text[], p_lost_keys uuid[],
              p_lost_causes xid8[], p_lost_ats timestamptz[])
              returns table (c0 xid8, c1 xid8, id uuid, kind integer, reason text, at timestamptz)
              language sql as $$ select null::xid8, null::xid8, null::uuid, null::integer, null::text, null::timestamptz where false $$;
            select private.generate_sync_statements();
            """)
        let left = try await admin.query("""
            select array_agg(p.proname::text order by p.proname)::text from pg_proc p
             where p.pronamespace = 'private'::regnamespace and p.proname like 'sync\\_items\\_%\\_steady'
            """).scalar(String.self)
        #expect(left.contains("sync_items_tasks_steady"), "\(left)")
        #expect(!left.contains("sync_items_notes_steady"), "\(left)")
    }
}
