import Postgres

/// The hourly notification limits (`private.notification_limits`: 20 a recipient from one
/// sender) lifted, for a test whose one sender claims hundreds of one declarer's tasks on
/// purpose to count that nothing is lost on the way: the limits are not what it tests
/// (`NotificationWriterTests` does that).
public enum NotificationLimits {
    public static func lift(_ connection: PostgresConnection) async throws {
        try await connection.query(
            "update private.notification_limits set per_recipient_per_hour = 1000000, per_sender_per_hour = 1000000")
    }
}
