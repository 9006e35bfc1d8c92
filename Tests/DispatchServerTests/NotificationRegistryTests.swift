import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The three lists of notification types — the Swift enum, the CHECK constraint and the
/// registry table — must agree exactly; each test names what differs.
@Suite struct NotificationRegistryTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    /// The quoted literals of `valid_notification_type`, read from `pg_constraint`.
    private func constraintTypes(_ connection: PostgresConnection) async throws -> [String] {
        let definition = try await connection.query("""
            select pg_get_constraintdef(c.oid)
            from pg_constraint c
            where c.conrelid = 'public.notifications'::regclass and c.conname = 'valid_notification_type'
            """).scalar(String.self)
        let literal = try Regex("'([^']*)'")
        return definition.matches(of: literal).map { String(definition[$0.range].dropFirst().dropLast()) }
    }

    @Test func constraintAndEnumListTheSameTypesBothWays() async throws {
        let connection = try await database.connect()
        let inConstraint = try await constraintTypes(connection)
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
        await connection.close()
    }

    @Test func registryTableAgreesWithSwiftFactsBothWays() async throws {
        let connection = try await database.connect()
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
        await connection.close()
    }

    @Test func driftCheckNamesATypeMissingFromTheConstraint() async throws {
        // The SQL-side check the migrations rely on must itself be able to fail.
        let connection = try await database.connect()
        struct RollBack: Error {}
        await #expect(throws: RollBack.self) {
            try await connection.transaction { conn in
                try conn.query("""
                    insert into public.notification_types (type, badge_group, user_can_disable, preference_key, push_category)
                    values ('new_thing', 'bell_only', false, null, 'GENERAL')
                    """)
                let rows = try conn.query("select type, missing_from from public.notification_registry_drift()")
                #expect(rows.count == 1)
                #expect(try rows.first?.decode("type", as: String.self) == "new_thing")
                #expect(try rows.first?.decode("missing_from", as: String.self) == "valid_notification_type")
                throw RollBack()
            }
        }
        #expect(try await connection.query("select count(*) from public.notification_registry_drift()").scalar(Int.self) == 0)
        await connection.close()
    }

    @Test func unknownTypeIsRefusedWithTheConstraintsName() async throws {
        let connection = try await database.connect()
        let user = try await NotificationTestSupport.makeUser("ana", on: connection)
        let error = try await #require(throws: PostgresError.self) {
            try await connection.query(
                "insert into public.notifications (user_id, type, title) values (\(user), 'bogus', 'x')")
        }
        #expect(error.sqlState == .checkViolation)
        #expect(error.constraint == "valid_notification_type")
        #expect(error.table == "notifications")
        #expect(SQLAPIError(error) == nil, "Postgres' own error, without a code: stays a PostgresError")
        #expect(try await NotificationTestSupport.count(connection) == 0)
        // Every registered type is accepted.
        for type in NotificationType.allCases {
            try await connection.query(
                "insert into public.notifications (user_id, type, title) values (\(user), \(type.rawValue), 't')")
        }
        #expect(try await NotificationTestSupport.count(connection) == NotificationType.allCases.count)
        await connection.close()
    }

    @Test func registryFactsAreConsistent() {
        for type in NotificationType.allCases {
            #expect(NotificationType(rawValue: type.rawValue) == type)
            #expect(type.userCanDisable == (type.preferenceKey != nil), "\(type)")
            #expect(type.pushCategory.range(of: "^[A-Z][A-Z_]*$", options: .regularExpression) != nil, "\(type)")
        }
        #expect(NotificationType(rawValue: "bogus") == nil)
        let mandatory = NotificationType.allCases.filter { !$0.userCanDisable }.map(\.rawValue)
        #expect(Set(mandatory) == ["announcement", "admin_announcement", "broadcast", "pending_approval",
                                   "user_approved", "user_rejected", "other"])
    }
}
