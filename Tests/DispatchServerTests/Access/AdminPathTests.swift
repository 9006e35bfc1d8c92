import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// Admins read through a role of their own (dispatch_admin): the SELECT policies of app
/// users carry no admin term, so a user's plain read stays an index scan of their own rows
/// beside any amount of other users' rows, and admins still see everything.
@Suite struct AdminPathTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// The scans of the plan of `sql` run as `caller` (PlanScans), in the cheapest plan that
    /// is not a sequential scan: can the policy be served by an index at all? (At a few
    /// thousand rows a sequential scan costs the planner less; at a million, the index wins.)
    func scans(_ sql: String, as caller: Caller) async throws -> [PlanScan] {
        try PlanScans.of(try await admin.transaction(as: caller) { conn in
            try conn.query("set local enable_seqscan = off")
            return try conn.query(PostgresQuery(sql: "explain (analyze, format json) " + sql)).scalar(String.self)
        })
    }

    @Test func aUsersPlainReadNeverScansOtherUsersRows() async throws {
        let alice = try await F.user(admin, "Alice"), other = try await F.user(admin, "Other")
        let mine = try await F.watchlist(admin, owner: alice, title: "Mine")
        let theirs = try await F.watchlist(admin, owner: other, title: "Theirs")
        try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) select \(mine), 'm' || g from generate_series(1, 5) g")
        try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) select \(theirs), 't' || g from generate_series(1, 3000) g")
        try await admin.query("insert into public.listings (address, owned_by) select 'l' || g, \(other) from generate_series(1, 3000) g")

        for (table, expected) in [("watchlist_entries", 5), ("listings", 0)] {
            let read = try await scans("select count(*) from public.\(table)", as: .user(alice))
            #expect(!read.isEmpty)
            for scan in read {
                #expect(scan.rows <= 110, "\(table): \(scan.relation) read \(scan.rows) rows")
            }
            let count = try await admin.transaction(as: .user(alice)) { conn in
                try conn.query(PostgresQuery(sql: "select count(*)::int from public.\(table)")).scalar(Int.self)
            }
            #expect(count == expected)
        }
    }

    /// With statistics that say one user holds nearly every row (a key column with a few
    /// distinct values), the planner still reads another user's rows by index: it is told
    /// a key holds about a hundred rows, not half the table.
    @Test func theCheapestPlanProbesTheCallersKeysWhenOneUserHoldsTheTable() async throws {
        let alice = try await F.user(admin, "Alice"), other = try await F.user(admin, "Other")
        let mine = try await F.watchlist(admin, owner: alice, title: "Mine")
        let theirs = try await F.watchlist(admin, owner: other, title: "Theirs")
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.tasks (title, declared_by) select 'open ' || g, '\(other.uuidString.lowercased())' from generate_series(1, 20000) g;
            insert into public.watchlist_entries (watchlist_id, nickname)
            select '\(theirs.uuidString.lowercased())', 't' || g from generate_series(1, 20000) g;
            reset session_replication_role;
            """)
        try await admin.query("insert into public.tasks (title, declared_by, claimed_by) select 'mine ' || g, \(alice), \(alice) from generate_series(1, 5) g")
        try await admin.query("insert into public.watchlist_entries (watchlist_id, nickname) select \(mine), 'm' || g from generate_series(1, 5) g")
        try await admin.runScript("analyze public.tasks; analyze public.watchlist_entries")

        for (sql, expected) in [("select * from public.tasks where declared_by = (select auth.uid())", 5),
                                ("select * from public.tasks where claimed_by = (select auth.uid())", 5),
                                ("select * from public.watchlist_entries", 5)] {
            let read = try PlanScans.of(try await admin.transaction(as: .user(alice)) { conn in
                try conn.query(PostgresQuery(sql: "explain (analyze, format json) " + sql)).scalar(String.self)
            })
            #expect(read.map(\.rows).reduce(0, +) <= 20, "\(sql): \(read)")
            #expect(!read.contains { $0.node == "Seq Scan" }, "\(sql): \(read)")
            let count = try await admin.transaction(as: .user(alice)) { conn in
                try conn.query(PostgresQuery(sql: "select count(*)::int from (\(sql)) t")).scalar(Int.self)
            }
            #expect(count == expected)
        }
    }

    /// The policies of notes and subtasks ask which of their parents the caller sees through
    /// their own keys (private.caller_visible_ids, dynamic SQL joining the caller's keys to
    /// tasks and activities): planned for the handful of keys a user holds, they probe the
    /// parents' indexes, and never hash another user's open tasks (at the planner's default
    /// guess of 1,000 keys they did, up to tables of tens of thousands of rows). And every
    /// term of the policy is an index condition: beside another user's private notes and
    /// subtasks (on a task he claimed), the read probes the caller's parents' children only
    /// (with `parent_id in (select …)` it filtered every row of the table). Read with the
    /// plans of the statements inside the policy's function.
    @Test func aChildTablesPolicyProbesTheCallersParentsBesideAnotherUsersRows() async throws {
        let alice = try await F.user(admin, "Alice"), other = try await F.user(admin, "Other")
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.tasks (title, declared_by) select 'open ' || g, '\(other.uuidString.lowercased())' from generate_series(1, 10000) g;
            insert into public.activities (title, declared_by) select 'open ' || g, '\(other.uuidString.lowercased())' from generate_series(1, 10000) g;
            reset session_replication_role;
            """)
        let task = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values ('mine', \(alice), \(alice)) returning id
            """).scalar(UUID.self)
        let his = try await admin.query("""
            insert into public.tasks (title, declared_by, claimed_by) values ('his', \(other), \(other)) returning id
            """).scalar(UUID.self)
        try await admin.runScript("""
            set session_replication_role = replica;
            insert into public.notes (parent_type, parent_id, content, created_by)
            select 'task', '\(his.uuidString.lowercased())', 'his ' || g, '\(other.uuidString.lowercased())' from generate_series(1, 10000) g;
            insert into public.subtasks (parent_type, parent_id, title)
            select 'task', '\(his.uuidString.lowercased())', 'his ' || g from generate_series(1, 10000) g;
            reset session_replication_role;
            """)
        try await admin.query("insert into public.notes (parent_type, parent_id, content, created_by) select 'task', \(task), 'n' || g, \(alice) from generate_series(1, 5) g")
        try await admin.query("insert into public.subtasks (parent_type, parent_id, title) select 'task', \(task), 's' || g from generate_series(1, 5) g")
        try await admin.runScript("vacuum analyze public.tasks, public.activities, public.notes, public.subtasks")

        let reader = try await database.connect()
        try await NestedPlans.enable(reader)
        for table in ["notes", "subtasks"] {
            _ = try await NestedPlans.take(reader)
            let count = try await reader.transaction(as: .user(alice)) { conn in
                try conn.query(PostgresQuery(sql: "select count(*)::int from public.\(table)")).scalar(Int.self)
            }
            #expect(count == 5)
            let scans = try await NestedPlans.take(reader).flatMap { PlanScans.of(plan: $0) }
            let parents = scans.filter { ["tasks", "activities"].contains($0.relation) }
            #expect(!parents.isEmpty, "\(table): no plan read the parents")
            #expect(parents.map(\.rows).reduce(0, +) <= 20, "\(table): \(parents)")
            #expect(!parents.contains { $0.node == "Seq Scan" }, "\(table): \(parents)")
            let children = scans.filter { $0.relation == table }
            #expect(!children.isEmpty && children.map(\.rows).reduce(0, +) <= 20, "\(table): \(children)")
        }
        await reader.close()
    }

    /// Every SELECT policy of schema public can be served by its indexes: with sequential
    /// scans priced out, a user's plain read of each table an app user may read (and
    /// every statement the policy's functions run) scans no table without an index condition.
    /// A term that is no index condition, or a policy column without an index, makes a read
    /// filter every user's rows, however few are the reader's (the journal's derived tables
    /// had no index on owner_id). The reference tables every user reads whole are left out.
    @Test func everyPolicyIsAnIndexCondition() async throws {
        let alice = try await F.user(admin, "Alice")
        let tables = try await admin.query("""
            select c.relname::text from pg_catalog.pg_class c
             where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relrowsecurity
               and pg_catalog.has_table_privilege('authenticated', c.oid, 'select')
               and not exists (select from pg_catalog.pg_policy p
                                where p.polrelid = c.oid and p.polcmd in ('r', '*')
                                  and pg_catalog.pg_get_expr(p.polqual, p.polrelid) = 'true')
             order by 1
            """).map { try $0.decode(0, as: String.self) }
        #expect(tables.count >= 20 && tables.contains("notes") && tables.contains("journal_thread_stats"), "\(tables)")
        let reader = try await database.connect()
        try await NestedPlans.enable(reader)
        for table in tables {
            _ = try await NestedPlans.take(reader)
            try await reader.transaction(as: .user(alice)) { conn in
                try conn.query("set local enable_seqscan = off")
                // The table's name comes from the catalog, never from input.
                _ = try conn.query(PostgresQuery(sql: "select count(*) from public.\(table)"))
            }
            let unconditioned = try await NestedPlans.take(reader).flatMap { PlanScans.of(plan: $0) }
                .filter { !$0.relation.hasPrefix("pg_") && !$0.limitedByIndex }
            #expect(unconditioned.isEmpty, "\(table): \(unconditioned)")
        }
        await reader.close()
    }

    /// An admin sees every row as dispatch_admin, and as an app user only what any user
    /// sees; a non-admin gains nothing from the admin role.
    @Test func adminsReadEverythingThroughTheirOwnRoleAndOnlyThere() async throws {
        let alice = try await F.user(admin, "Alice"), root = try await F.user(admin, "Root")
        try await admin.query("update public.users set is_admin = true where id = \(root)")
        let theirs = try await F.watchlist(admin, owner: alice, title: "Alice's")
        try await F.entry(admin, in: theirs)
        let count = { (caller: Caller) async throws -> Int in
            try await admin.transaction(as: caller) { conn in
                try conn.query("select (select count(*) from public.watchlist_entries) + (select count(*) from public.watchlists)").scalar(Int.self)
            }
        }
        #expect(try await count(.admin(root)) == 2)
        #expect(try await count(.user(root)) == 0)
        let other = try await F.user(admin, "Mallory")
        #expect(try await count(.admin(other)) == 0)
        #expect(try await count(.user(alice)) == 2)
        // Emails and the admin flag: the user's own row, every row for an admin.
        let userRows = { (caller: Caller) async throws -> Int in
            try await admin.transaction(as: caller) { conn in try conn.query("select count(*) from public.users").scalar(Int.self) }
        }
        #expect(try await userRows(.admin(root)) == 3)
        #expect(try await userRows(.user(root)) == 1)
        #expect(try await userRows(.user(alice)) == 1)
    }
}
