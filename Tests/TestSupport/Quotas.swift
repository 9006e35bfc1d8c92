import Postgres

/// Quotas of `private.quotas` raised out of the way, for a test whose one user writes more
/// open items (or notes on one item) than a quota allows on purpose, to count something
/// else: the quotas are not what it tests (`OthersNotesTests`, `QuotaTests` do that).
public enum Quotas {
    public static func lift(_ connection: PostgresConnection, _ names: String...) async throws {
        try await connection.query("update private.quotas set value = 100000000 where name = any (\(names))")
    }
}
