import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The registry's own rules: the SQL drift check, the CHECK refusing an unknown type, the
/// Swift facts' consistency. That the Swift enum, the CHECK constraint and the registry
/// table list the same types is in `ContractTests`.
@Suite struct NotificationRegistryTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

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
