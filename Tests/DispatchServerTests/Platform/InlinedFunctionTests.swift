import Foundation
import Postgres
import TestSupport
import Testing

/// A SQL function with no SET clause and no SECURITY DEFINER is ours only to be written into
/// the statement that calls it (the cursor's opening, an empty poll's read): PostgreSQL then
/// runs its body as part of that statement, with no call, plan or statement of its own. It
/// writes one in only when it can (among other things, when the body is no more volatile
/// than the function is declared), and when it cannot the function still answers the same,
/// only slower: nothing else notices. Declared immutable over a stable cast, one such
/// function made an empty poll several times as dear for a whole round before a benchmark
/// showed it. So each is planned here, as a caller with a plan kept for the session plans
/// it, and must not be called.
@Suite struct InlinedFunctionTests {
    /// The functions of our schemas meant to be written into their callers that a generic
    /// plan calls instead, each as "signature: plan".
    static func notWrittenIn(_ connection: PostgresConnection) async throws -> [String] {
        // For each function: a statement calling it with parameters (never constants: a
        // caller passes columns and variables), the EXPLAIN of its generic plan, its name.
        let probes = try await connection.query("""
            select p.oid::regprocedure::text,
                   format('prepare inline_probe%s as select %s %I.%I(%s)',
                          '(' || nullif(array_to_string(array(select format_type(t, null) from unnest(p.proargtypes) t), ', '), '') || ')',
                          case when p.proretset then '* from' else '' end, n.nspname, p.proname,
                          array_to_string(array(select '$' || i from generate_series(1, p.pronargs) i), ', ')),
                   format('explain (verbose, costs off) execute inline_probe%s',
                          '(' || nullif(array_to_string(array(select 'null' from generate_series(1, p.pronargs)), ', '), '') || ')'),
                   p.proname::text
              from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where p.prolang = (select l.oid from pg_language l where l.lanname = 'sql')
               and not p.prosecdef and p.proconfig is null
               and n.nspname in ('public', 'private', 'audit', 'outbox', 'migrations')
             order by 1
            """).map { row in
                (try row.decode(0, as: String.self), try row.decode(1, as: String.self), try row.decode(2, as: String.self),
                 try row.decode(3, as: String.self))
            }
        var called: [String] = []
        try await connection.runScript("set plan_cache_mode = force_generic_plan")
        for (signature, prepare, explain, name) in probes {
            try await connection.runScript(prepare)
            let plan = try await connection.runScript(explain).map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
            try await connection.runScript("deallocate inline_probe")
            // Called: a call in an expression, or a Function Scan of it.
            if plan.contains(try Regex("(^|[^\\w])\(name)\\(|Function Scan on (\\w+\\.)?\(name)($|[^\\w])")) { called.append("\(signature): \(plan)") }
        }
        try await connection.runScript("reset plan_cache_mode")
        return called
    }

    @Test func everyOneExpressionSQLFunctionIsWrittenIntoItsCaller() async throws {
        let db = try await TestDatabase.create()
        let connection = try await db.connect()
        let called = try await Self.notWrittenIn(connection)
        #expect(called.isEmpty, "\(called.joined(separator: "\n\n"))")

        // Those whose comment says they are written into their caller are among them: one
        // given a SET clause or SECURITY DEFINER would leave this check unseen.
        let promised = try await connection.query("""
            select p.oid::regprocedure::text from pg_proc p
             where obj_description(p.oid, 'pg_proc') ~* 'written into (the|its)'
               and (p.prolang <> (select l.oid from pg_language l where l.lanname = 'sql') or p.prosecdef or p.proconfig is not null)
            """).map { try $0.decode(0, as: String.self) }
        #expect(promised.isEmpty, "\(promised)")
        #expect(try await connection.query("""
            select count(*) from pg_proc p where obj_description(p.oid, 'pg_proc') ~* 'written into (the|its)'
            """).scalar(Int.self) >= 8)
        await connection.close()
    }

    /// The check finds what it looks for: a stable function whose body calls a volatile one,
    /// one declared immutable over a stable cast, and a function of rows declared strict
    /// (built here, rolled back).
    @Test func theCheckFindsAFunctionThatIsCalled() async throws {
        let db = try await TestDatabase.create()
        let connection = try await db.connect()
        try await connection.query("begin")
        try await connection.runScript("""
            create function private.inline_bait_volatile(p text) returns integer language sql stable return length(p) + random()::integer;
            create function private.inline_bait_cast(p jsonb) returns xid8[] language sql immutable
            return translate(p::text, '[]"', '{}')::xid8[];
            create function private.inline_bait_rows(p text) returns setof text language sql stable strict
            begin atomic select p || 'x'; end;
            create function private.inline_bait_fine(p jsonb) returns xid8[] language sql stable
            return translate(p::text, '[]"', '{}')::xid8[];
            """)
        let called = try await Self.notWrittenIn(connection).map { String($0.prefix { $0 != ":" }) }
        try await connection.query("rollback")
        #expect(called == ["private.inline_bait_cast(jsonb)", "private.inline_bait_rows(text)", "private.inline_bait_volatile(text)"],
                "\(called)")
        await connection.close()
    }
}
