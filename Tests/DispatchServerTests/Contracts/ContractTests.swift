import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// What Swift and SQL must agree on, each pair checked here, both ways, naming what
/// differs: the BEFORE trigger order the stamping, sync and audit triggers rely on, the
/// doorbell channel, the retry schedule and the default attempts, the notification types
/// (CHECK constraint and registry), the error codes the SQL raises, the synced tables, the
/// audited tables and the notification handler's tables.
@Suite struct ContractTests {
    let db: TestDatabase
    let connection: PostgresConnection

    init() async throws { (db, connection) = try await TestDatabase.createWithAdmin() }

    /// The role of a BEFORE ROW trigger function in the order. Postgres fires a table's
    /// triggers of one event in name order, so names decide it: a row is first shaped
    /// (derived columns, `deleted_at`, parent checks), then stamped (`updated_at`, a
    /// `row_version` bumped only by a real change), then marked with the writing transaction
    /// (its WHEN reads the bumped `row_version`), and only then snapshotted by the audit
    /// trigger, which must see the row exactly as stored.
    enum Phase: Int, Comparable {
        case shape, stamp, syncMark, audit

        init(function: String) {
            switch function {
            case "private.stamp_row": self = .stamp
            case "private.stamp_sync_xid": self = .syncMark
            case "audit.log_changes": self = .audit
            default: self = .shape
            }
        }

        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    @Test func beforeTriggersFireShapeThenStampThenSyncMarkThenAudit() async throws {
        // tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update.
        let rows = try await connection.query("""
            select c.relname::text, t.tgname::text, t.tgtype::int, p.pronamespace::regnamespace::text || '.' || p.proname
              from pg_catalog.pg_trigger t
              join pg_catalog.pg_class c on c.oid = t.tgrelid
              join pg_catalog.pg_proc p on p.oid = t.tgfoid
             where not t.tgisinternal and t.tgtype & 3 = 3 and c.relnamespace = 'public'::regnamespace
             order by c.relname, t.tgname collate "C"
            """)
        var triggers: [String: [(name: String, type: Int, phase: Phase)]] = [:]
        for row in rows {
            triggers[try row.decode(0, as: String.self), default: []].append(
                (try row.decode(1, as: String.self), try row.decode(2, as: Int.self), Phase(function: try row.decode(3, as: String.self))))
        }
        let audited = Set(triggers.filter { $0.value.contains { $0.phase == .audit } }.keys)
        let synced = Set(triggers.filter { $0.value.contains { $0.phase == .syncMark } }.keys)
        #expect(audited == Set(AuditableEntity.allCases.map(\.tableName)))
        #expect(synced == Set(SyncTable.allCases.map(\.rawValue)))

        for (table, list) in triggers.sorted(by: { $0.key < $1.key }) {
            for (event, bit) in [("insert", 4), ("update", 16), ("delete", 8)] {
                let firing = list.filter { $0.type & bit != 0 }
                let phases = firing.map(\.phase)
                #expect(phases == phases.sorted(), "\(table) \(event) fires \(firing.map { "\($0.name) (\($0.phase))" })")
            }
        }
    }

    @Test func swiftListensOnTheChannelTheOutboxRings() async throws {
        #expect(try await connection.query("select outbox.doorbell_channel()").scalar(String.self) == Doorbell.channel)
        // And the trigger rings it: a committed insert arrives on that channel.
        let user = try await WatchlistFixtures.user(connection, "Ringer")
        let listener = try await db.connect()
        let rang = try await listener.listen(on: Doorbell.channel) { notifications -> String? in
            _ = try await WatchlistFixtures.watchlist(connection, owner: user, title: "Doorbell")
            for try await notification in notifications { return notification.channel }
            return nil
        }
        #expect(rang == Doorbell.channel)
        await listener.close()
    }

    @Test func retryPolicyWaitsWhatOutboxRetryDelaySays() async throws {
        let sql = try await connection.query(
            "select extract(epoch from outbox.retry_delay(n))::float8 from generate_series(1, 10) n order by n"
        ).map { try $0.decode(0, as: Double.self) }
        let swift = (1...10).map { attempt -> Double in
            let delay = RetryPolicy.default.delay(afterAttempt: attempt)
            return Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        }
        #expect(sql == swift)
        #expect(swift == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60])
    }

    /// `outbox.handlers.max_attempts`' default, `register_handler`'s, the fallbacks of the
    /// claim functions (a handler row gone) and the handlers migrate registers all give up
    /// where the Swift side does (`RetryPolicy.default`, the worker's `--max-attempts`
    /// default), but push, which retries for an hour.
    @Test func defaultAttemptsAreRetryPolicyDefault() async throws {
        let swift = RetryPolicy.default.maxAttempts
        let column = try await connection.query("""
            select pg_get_expr(d.adbin, d.adrelid)
              from pg_catalog.pg_attrdef d
              join pg_catalog.pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
             where d.adrelid = 'outbox.handlers'::regclass and a.attname = 'max_attempts'
            """).scalar(String.self)
        #expect(column == "\(swift)", "outbox.handlers.max_attempts default \(column)")

        let arguments = try await connection.query("""
            select pg_get_function_arguments('outbox.register_handler(text, text[], text[], integer, text)'::regprocedure)
            """).scalar(String.self)
        let parameter = arguments.firstMatch(of: #/p_max_attempts integer DEFAULT (\d+)/#).map { Int($0.1) }
        #expect(parameter == swift, "register_handler: \(arguments)")

        // `coalesce(<a handler's max_attempts>, N)` in every outbox function.
        var fallbacks: [String: [Int]] = [:]
        for row in try await connection.query("""
            select p.proname::text, p.prosrc from pg_catalog.pg_proc p where p.pronamespace = 'outbox'::regnamespace
            """) {
            let source = try row.decode(1, as: String.self)
            for match in source.matches(of: #/coalesce\(([^;]*?)max_attempts([^;]*?),\s*(\d+)\)/#) {
                fallbacks[try row.decode(0, as: String.self), default: []].append(Int(match.3) ?? -1)
            }
        }
        #expect(fallbacks.values.joined().count >= 3, "the scan found the claim functions' fallbacks: \(fallbacks)")
        #expect(fallbacks.values.joined().allSatisfy { $0 == swift }, "fallbacks: \(fallbacks)")

        // The push and photos handlers retry for an hour instead (a push gateway or a photo
        // store may be away that long): the attempts of that horizon on the same schedule.
        let registered = try await connection.query("""
            select name, max_attempts, outbox.retry_attempts(interval '1 hour') as hour from outbox.handlers order by name
            """)
        #expect(registered.count >= 2)
        for row in registered {
            let name = try row.decode(0, as: String.self)
            let expected = ["push", "photos"].contains(name) ? try row.decode(2, as: Int.self) : swift
            #expect(try row.decode(1, as: Int.self) == expected, "handler \(name)")
        }
    }

    // MARK: Notification types

    /// The quoted literals of `valid_notification_type`, read from `pg_constraint`.
    private func constraintTypes() async throws -> [String] {
        let definition = try await connection.query("""
            select pg_get_constraintdef(c.oid)
            from pg_constraint c
            where c.conrelid = 'public.notifications'::regclass and c.conname = 'valid_notification_type'
            """).scalar(String.self)
        let literal = try Regex("'([^']*)'")
        return definition.matches(of: literal).map { String(definition[$0.range].dropFirst().dropLast()) }
    }

    @Test func notificationTypesAreTheCheckConstraintsBothWays() async throws {
        let inConstraint = try await constraintTypes()
        let inSwift = NotificationType.allCases.map(\.rawValue)

        #expect(inConstraint.count == 40, "the apps' 30 existing types plus Dispatch's 10")
        #expect(Set(inConstraint).count == inConstraint.count, "duplicates in the CHECK: \(inConstraint)")
        #expect(Set(inSwift).count == inSwift.count)
        let missingInSwift = Set(inConstraint).subtracting(inSwift).sorted()
        let missingInConstraint = Set(inSwift).subtracting(inConstraint).sorted()
        #expect(missingInSwift.isEmpty, "in valid_notification_type but not in NotificationType: \(missingInSwift)")
        #expect(missingInConstraint.isEmpty, "in NotificationType but not in valid_notification_type: \(missingInConstraint)")
        // Same order too: both start with the apps' existing 30 verbatim, then this project's.
        #expect(inConstraint == inSwift)
    }

    @Test func notificationRegistryTableAgreesWithSwiftFactsBothWays() async throws {
        let rows = try await connection.query(
            "select type, badge_group, user_can_disable, preference_key, push_category from public.notification_types")
        var seen = Set<String>()
        for row in rows {
            let raw = try row.decode("type", as: String.self)
            seen.insert(raw)
            guard let type = NotificationType(rawValue: raw) else {
                Issue.record("public.notification_types has \(raw), NotificationType does not")
                continue
            }
            #expect(try row.decode("badge_group", as: String.self) == type.badgeGroup.rawValue, "\(raw)")
            #expect(try row.decode("user_can_disable", as: Bool.self) == type.userCanDisable, "\(raw)")
            #expect(try row.decode("preference_key", as: String?.self) == type.preferenceKey, "\(raw)")
            #expect(try row.decode("push_category", as: String.self) == type.pushCategory, "\(raw)")
        }
        let missingInTable = Set(NotificationType.allCases.map(\.rawValue)).subtracting(seen).sorted()
        #expect(missingInTable.isEmpty, "in NotificationType but not in public.notification_types: \(missingInTable)")
        #expect(try await connection.query("select count(*) from public.notification_registry_drift()").scalar(Int.self) == 0)
    }

    /// The notification handler receives the changes of exactly the tables the planner has
    /// rules for: a table missing from `outbox.handlers` would never notify, one missing
    /// from the planner would be claimed for nothing.
    @Test func notificationHandlerTablesAreThePlannersRules() async throws {
        let registered = try await connection.query(
            "select tables from outbox.handlers where name = 'notifications'").scalar([String].self)
        #expect(registered.sorted() == NotificationPlanner.tables,
                "outbox.handlers: \(registered.sorted()), NotificationPlanner: \(NotificationPlanner.tables)")
    }

    // MARK: Tables

    @Test func auditedTablesAreAuditableEntityBothWays() async throws {
        let sql = try await connection.query(
            "select entity_type, table_name, log_table, owner_column from audit.get_table_names()"
        ).map { row in try (0..<4).map { try row.decode($0, as: String.self) } }
        let swift = AuditableEntity.allCases.map { [$0.rawValue, $0.tableName, $0.logTableName, $0.ownerColumn] }
        #expect(sql.sorted { $0[0] < $1[0] } == swift.sorted { $0[0] < $1[0] })
    }

    @Test func syncedTablesAreSyncTableInOrder() async throws {
        let sql = try await connection.query("select private.sync_tables()").scalar([String].self)
        #expect(sql == SyncTable.allCases.map(\.rawValue))
    }

    // MARK: Error codes

    /// A coded message in the migrations: its code, the SQLSTATE raised with it (when the
    /// statement names one) and the file.
    struct Raise: Hashable {
        var code: String
        var state: String?
        var file: String
    }

    /// Codes only Swift raises (a limit checked before a round trip).
    static let swiftOnly: Set<SQLAPIError.Code> = [.tooManyIDs]

    /// Every string literal of the SQL (both layers) that starts with `CODE: `, paired with
    /// the `errcode` of the statement it belongs to.
    static func raises() throws -> [Raise] {
        var found: [Raise] = []
        for directory in [TestDatabase.migrationsDirectory, TestDatabase.repositoryPath("sql/code")] {
            for file in try FileManager.default.subpathsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".sql") {
                let sql = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                // A statement runs to the next semicolon; coded messages never contain one.
                for statement in sql.split(separator: ";") {
                    let state = statement.firstMatch(of: #/errcode\s*=\s*'([0-9A-Z]{5})'/#).map { String($0.1) }
                    for match in statement.matches(of: #/'([A-Z][A-Z0-9_]*): /#) {
                        found.append(Raise(code: String(match.1), state: state, file: file))
                    }
                }
            }
        }
        return found
    }

    @Test func everyCodeTheMigrationsRaiseIsNamedInSwiftAndNoOther() throws {
        let raised = Set(try Self.raises().map(\.code))
        let named = Set(SQLAPIError.Code.all.map(\.rawValue))
        #expect(raised.count > 20, "the scan found the coded messages: \(raised.sorted())")
        #expect(raised.subtracting(named).isEmpty, "raised in SQL, missing from SQLAPIError.Code: \(raised.subtracting(named).sorted())")
        let unused = named.subtracting(raised).subtracting(Self.swiftOnly.map(\.rawValue))
        #expect(unused.isEmpty, "named in SQLAPIError.Code, raised nowhere: \(unused.sorted())")
        #expect(Set(SQLAPIError.Code.all).count == SQLAPIError.Code.all.count, "a code listed twice")
    }

    /// One SQLSTATE per code, and the shared codes with the states the README lists: a NULL
    /// argument is always NULL_ARGUMENT (22004), a missing caller NOT_AUTHENTICATED (42501).
    @Test func eachCodeHasOneSQLStateAndNullArgumentsOneCode() throws {
        let raises = try Self.raises().filter { $0.state != nil }
        let states = Dictionary(grouping: raises, by: \.code).mapValues { Set($0.compactMap(\.state)) }
        for (code, set) in states.sorted(by: { $0.key < $1.key }) {
            #expect(set.count == 1, "\(code) is raised with \(set.sorted())")
        }
        let expected: [SQLAPIError.Code: SQLState] = [
            .nullArgument: .nullValueNotAllowed, .notFound: .noDataFound, .notAuthorized: .insufficientPrivilege,
            .notAuthenticated: .insufficientPrivilege, .fkMissing: .foreignKeyViolation, .uniqueConflict: .uniqueViolation,
            .alreadyClaimed: .objectNotInPrerequisiteState, .invalidLimit: .invalidParameterValue,
        ]
        for (code, state) in expected {
            #expect(states[code.rawValue] == [state.rawValue], "\(code): \(states[code.rawValue] ?? [])")
        }
        let nullCodes = Set(raises.filter { $0.state == SQLState.nullValueNotAllowed.rawValue }.map(\.code))
        #expect(nullCodes == [SQLAPIError.Code.nullArgument.rawValue], "22004 raised as \(nullCodes.sorted())")
    }
}
