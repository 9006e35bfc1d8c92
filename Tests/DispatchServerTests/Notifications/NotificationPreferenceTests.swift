import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// `get_notification_preferences` / `set_notification_preference` and the table behind
/// them, as app users call them.
@Suite struct NotificationPreferenceTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    func preferences(_ connection: PostgresConnection, as user: UUID) async throws -> [String: Bool] {
        try await connection.transaction(as: user) { conn in
            try conn.query("select public.get_notification_preferences() as p").first!.decodeJSON("p", as: [String: Bool].self)
        }
    }

    func set(_ connection: PostgresConnection, as user: UUID, _ key: String?, _ enabled: Bool?) async throws -> [String: Bool] {
        try await connection.transaction(as: user) { conn in
            try conn.query("select public.set_notification_preference(\(key), \(enabled)) as p").first!.decodeJSON("p", as: [String: Bool].self)
        }
    }

    @Test func everyKeyAUserMayTurnOffIsListedOnByDefault() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let keys = Set(NotificationType.allCases.filter(\.userCanDisable).compactMap(\.preferenceKey))
        #expect(keys.count > 5)
        #expect(try await preferences(connection, as: ana) == Dictionary(uniqueKeysWithValues: keys.map { ($0, true) }))
        await connection.close()
    }

    @Test func offAndOnAgainIdempotentAndOwnRowsOnly() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        var after = try await set(connection, as: ana, "notify_watchlist_shares", false)
        #expect(after["notify_watchlist_shares"] == false && after["notify_messages"] == true)
        after = try await set(connection, as: ana, "notify_watchlist_shares", false)
        #expect(after["notify_watchlist_shares"] == false)
        #expect(try await connection.query(
            "select row_version from public.notification_preferences where user_id = \(ana)").scalar(Int.self) == 1,
                "setting the same value again writes nothing")
        #expect(try await preferences(connection, as: ben)["notify_watchlist_shares"] == true, "Ana's switch is hers")
        #expect(try await connection.transaction(as: ben) { conn in
            try conn.query("select count(*)::int from public.notification_preferences").scalar(Int.self)
        } == 0, "Ben does not see Ana's rows")
        after = try await set(connection, as: ana, "notify_watchlist_shares", true)
        #expect(after["notify_watchlist_shares"] == true)
        let muted = try await connection.query("select count(*)::int from private.notification_mutes").scalar(Int.self)
        #expect(muted == 0)
        await connection.close()
    }

    @Test func unknownOrMandatoryKeysAreCodedAndChangeNothing() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        for key in ["notify_everything", "announcement", "user_approved", ""] {
            let error = await WatchlistFixtures.error(PostgresError.self) { _ = try await set(connection, as: ana, key, false) }
            let coded = try #require(error.flatMap { SQLAPIError($0) }, "\(key)")
            #expect(coded.code == .invalidPreference && error?.sqlState == .invalidParameterValue)
            let detail = try #require(error?.detail.flatMap { try? JSONValue(parsing: $0) })
            #expect(detail["preference_key"]?.stringValue == key)
            #expect(detail["preference_keys"]?.arrayValue?.contains("notify_messages") == true)
        }
        // A direct write gets the same answer.
        let direct = await WatchlistFixtures.error(PostgresError.self) {
            try await connection.transaction(as: ana) { conn in
                _ = try conn.query("insert into public.notification_preferences (preference_key, enabled) values ('admin_announcement', false)")
            }
        }
        #expect(direct.flatMap { SQLAPIError($0) }?.code == .invalidPreference)
        for (key, enabled) in [(nil, false), ("notify_notes", nil)] as [(String?, Bool?)] {
            let error = await WatchlistFixtures.error(PostgresError.self) { _ = try await set(connection, as: ana, key, enabled) }
            #expect(error.flatMap { SQLAPIError($0) }?.code == .nullArgument)
        }
        #expect(try await connection.query("select count(*)::int from public.notification_preferences").scalar(Int.self) == 0)
        // Without a caller.
        let anonymous = await WatchlistFixtures.error(PostgresError.self) {
            _ = try await connection.query("select public.get_notification_preferences()")
        }
        #expect(anonymous.flatMap { SQLAPIError($0) }?.code == .notAuthenticated)
        await connection.close()
    }
}
