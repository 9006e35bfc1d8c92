import Postgres

/// What a `sync_poll` cursor says inside (it is sealed and opaque to apps; tests look, through
/// the database that sealed it): whether the poll that returned it still watches a change of
/// the caller's holdings (its keys w and g), so that the next poll asks the exact question
/// rather than reading the change marks alone.
public enum PollCursor {
    /// `connection`: one that may read `private` (the owner's or a superuser's), on the
    /// cluster that sealed the cursor (a standby shares its primary's key).
    public static func watches(_ cursor: String, on connection: PostgresConnection) async throws -> Bool {
        try await connection.query("select coalesce((select s from private.incarnation i, private.cursor_contents(\(cursor), i.cursor_key) s) ?| array['w', 'g'], true)").scalar(Bool.self)
    }
}
