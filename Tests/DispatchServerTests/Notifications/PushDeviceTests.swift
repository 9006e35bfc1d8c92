import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// `register_push_device` / `unregister_push_device` and `public.push_devices`, as app users
/// call them.
@Suite struct PushDeviceTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    @discardableResult
    func register(_ connection: PostgresConnection, as user: UUID, _ platform: String?, _ token: String?,
                  _ environment: String? = "production") async throws -> JSONValue {
        try await connection.transaction(as: user) { conn in
            try conn.query("select public.register_push_device(\(platform), \(token), \(environment)) as d").scalar(JSONValue.self)
        }
    }

    func unregister(_ connection: PostgresConnection, as user: UUID, _ token: String?) async throws -> Bool {
        try await connection.transaction(as: user) { conn in
            try conn.query("select public.unregister_push_device(\(token))").scalar(Bool.self)
        }
    }

    /// The tokens a user sees (row-level security).
    func visible(_ connection: PostgresConnection, to user: UUID) async throws -> [String] {
        try await connection.transaction(as: user) { conn in
            try conn.query("select token from public.push_devices order by token").map { try $0.decode(0, as: String.self) }
        }
    }

    func rows(_ connection: PostgresConnection) async throws -> [(user: UUID, token: String, environment: String, version: Int)] {
        try await connection.query("select user_id, token, environment, row_version from public.push_devices order by token").map {
            (try $0.decode(0), try $0.decode(1), try $0.decode(2), try $0.decode(3))
        }
    }

    @Test func registerIsIdempotentAndATokenMovesToItsNewUser() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        let first = try await register(connection, as: ana, "ios", "a1b2c3", "sandbox")
        #expect(first["token"]?.stringValue == "a1b2c3" && first["platform"]?.stringValue == "ios")
        #expect(first["environment"]?.stringValue == "sandbox" && first["id"]?.stringValue != nil)
        let again = try await register(connection, as: ana, "ios", "a1b2c3", "sandbox")
        #expect(again == first, "the same registration again changes nothing")
        #expect(try await rows(connection).map(\.version) == [1])
        try await register(connection, as: ana, "android", "fcm-token:xyz")

        // Ben registers Ana's live token: refused, nothing changed (registering a token proves
        // nothing: he would silence her and have his pushes shown on her phone).
        let before = try await rows(connection)
        let taken = await WatchlistFixtures.error(PostgresError.self) { try await register(connection, as: ben, "ios", "a1b2c3") }
        #expect(taken.flatMap { SQLAPIError($0) }?.code == .deviceTaken && taken?.sqlState == .uniqueViolation, "\(String(describing: taken))")
        #expect(try await rows(connection).map { "\($0)" } == before.map { "\($0)" })
        #expect(try await visible(connection, to: ana) == ["a1b2c3", "fcm-token:xyz"])

        // The phone changes hands: Ana signs out (her unregister is the proof), Ben registers
        // the same token; it is his now.
        #expect(try await unregister(connection, as: ana, "a1b2c3") == true)
        try await register(connection, as: ben, "ios", "a1b2c3")
        #expect(try await visible(connection, to: ana) == ["fcm-token:xyz"])
        #expect(try await visible(connection, to: ben) == ["a1b2c3"])
        let moved = try #require(try await rows(connection).first { $0.token == "a1b2c3" })
        #expect(moved.user == ben && moved.environment == "production")

        // Unregister: one's own only; again is a no-op.
        #expect(try await unregister(connection, as: ana, "a1b2c3") == false, "Ben's token: not Ana's to remove")
        #expect(try await unregister(connection, as: ben, "a1b2c3") == true)
        #expect(try await unregister(connection, as: ben, "a1b2c3") == false)
        #expect(try await rows(connection).map(\.token) == ["fcm-token:xyz"])
        await connection.close()
    }

    @Test func aDisabledDeviceComesBackWhenRegisteredAgain() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        try await register(connection, as: ana, "ios", "dead-token")
        try await connection.query("update public.push_devices set disabled_at = now(), disabled_reason = 'Unregistered'")
        try await register(connection, as: ana, "ios", "dead-token")
        #expect(try await connection.query("select disabled_at is null and disabled_reason is null from public.push_devices").scalar(Bool.self))
        // A token the gateway declared dead moves to whoever registers it next.
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        try await connection.query("update public.push_devices set disabled_at = now(), disabled_reason = 'Unregistered'")
        try await register(connection, as: ben, "ios", "dead-token")
        #expect(try await rows(connection).map(\.user) == [ben])
        await connection.close()
    }

    @Test func badInputIsCodedAndChangesNothing() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        func code(_ body: () async throws -> Void) async -> SQLAPIError.Code? {
            await WatchlistFixtures.error(PostgresError.self, body).flatMap { SQLAPIError($0) }?.code
        }
        for (platform, token, environment, argument) in [
            ("web", "t", "production", "p_platform"), ("iOS", "t", "production", "p_platform"),
            ("ios", "t", "staging", "p_environment"),
            ("ios", "", "production", "p_token"), ("ios", "has space", "production", "p_token"),
            ("ios", String(repeating: "a", count: 4097), "production", "p_token"), ("ios", "tab\tbed", "production", "p_token"),
        ] {
            let error = await WatchlistFixtures.error(PostgresError.self) {
                try await register(connection, as: ana, platform, token, environment)
            }
            #expect(error.flatMap { SQLAPIError($0) }?.code == .invalidArgument, "\(platform) \(token.prefix(20)) \(environment)")
            #expect(error?.detail.flatMap { try? JSONValue(parsing: $0) }?["argument"]?.stringValue == argument)
        }
        #expect(await code { try await register(connection, as: ana, nil, "t") } == .nullArgument)
        #expect(await code { try await register(connection, as: ana, "ios", nil) } == .nullArgument)
        #expect(await code { _ = try await unregister(connection, as: ana, nil) } == .nullArgument)
        #expect(await code { _ = try await connection.query("select public.register_push_device('ios', 't')") } == .notAuthenticated)
        // A signed-in caller without a profile.
        #expect(await code { try await register(connection, as: UUID(), "ios", "t") } == .notFound)
        #expect(try await rows(connection).isEmpty)
        // 4096 characters is the limit, not past it.
        try await register(connection, as: ana, "android", String(repeating: "a", count: 4096))
        await connection.close()
    }

    @Test func usersOnlyReadAndDeleteTheirOwnDevicesAndWriteThemOnlyThroughTheRPC() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        let ben = try await NotificationTestSupport.makeUser("ben", on: connection)
        try await register(connection, as: ana, "ios", "anas")
        try await register(connection, as: ben, "ios", "bens")
        #expect(try await visible(connection, to: ana) == ["anas"])
        let deleted = try await connection.transaction(as: ana) { conn in
            try conn.query("delete from public.push_devices where token in ('anas', 'bens') returning token").map { try $0.decode(0, as: String.self) }
        }
        #expect(deleted == ["anas"])
        for sql in ["insert into public.push_devices (user_id, token, platform) values ('\(ana)', 'forged', 'ios')",
                    "update public.push_devices set user_id = '\(ana)'"] {
            let error = await WatchlistFixtures.error(PostgresError.self) {
                try await connection.transaction(as: ana) { conn in _ = try conn.query(PostgresQuery(sql: sql, binds: [])) }
            }
            #expect(error?.sqlState == .insufficientPrivilege, "\(sql)")
        }
        #expect(try await rows(connection).map(\.token) == ["bens"])
        await connection.close()
    }

    @Test func aUserKeepsAtMostTenDevicesTheNewest() async throws {
        let connection = try await database.connect()
        let ana = try await NotificationTestSupport.makeUser("ana", on: connection)
        for n in 1...12 {
            try await register(connection, as: ana, "android", "token-\(n)")
            try await connection.query("update public.push_devices set registered_at = registered_at - interval '1 minute'")
        }
        let tokens = Set(try await visible(connection, to: ana))
        #expect(tokens.count == 10)
        #expect(!tokens.contains("token-1") && !tokens.contains("token-2") && tokens.contains("token-12"))
        await connection.close()
    }
}
