import Foundation
import Postgres

/// App users for tests, created as sign-up would: an `auth.users` row and its
/// `public.users` profile, written by the superuser (never through the policies under test).
public enum TestUsers {
    /// Creates one user per name (admins named in `admins`) and returns their ids, in order.
    public static func create(
        _ connection: PostgresConnection, _ names: [String], admins: Set<String> = []
    ) async throws -> [UUID] {
        var ids: [UUID] = []
        for name in names {
            let id = UUID()
            let email = name.lowercased() + "@example.com"
            try await connection.query("insert into auth.users (id, email) values (\(id), \(email))")
            try await connection.query("""
                insert into public.users (id, name, email, is_admin) values (\(id), \(name), \(email), \(admins.contains(name)))
                """)
            ids.append(id)
        }
        return ids
    }
}
