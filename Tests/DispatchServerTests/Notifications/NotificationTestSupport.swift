import DispatchServer
import Foundation
import Postgres
import TestSupport

/// Shared set-up for the notification suites: users made as the superuser (the test
/// connection), the way the auth layer would.
enum NotificationTestSupport {
    static func makeUser(_ name: String, on connection: PostgresConnection) async throws -> UUID {
        let id = UUID()
        try await connection.query("insert into auth.users (id, email) values (\(id), \(name + "-" + id.uuidString + "@example.com"))")
        try await connection.query("insert into public.users (id, name) values (\(id), \(name))")
        return id
    }

    static func count(_ connection: PostgresConnection, where userID: UUID? = nil) async throws -> Int {
        if let userID {
            return try await connection.query("select count(*) from public.notifications where user_id = \(userID)").scalar(Int.self)
        }
        return try await connection.query("select count(*) from public.notifications").scalar(Int.self)
    }

    /// Unread ids of a user, newest first, as the superuser sees them.
    static func ids(_ connection: PostgresConnection, of userID: UUID, unreadOnly: Bool = false) async throws -> [UUID] {
        let rows = try await connection.query("""
            select id from public.notifications
            where user_id = \(userID) and (not \(unreadOnly)::boolean or not read)
            order by created_at desc, id desc
            """)
        return try rows.map { try $0.decode("id", as: UUID.self) }
    }
}
