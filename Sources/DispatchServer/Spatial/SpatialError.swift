import Postgres

/// Bad input to a spatial RPC, as the SQL reported it. The checks live in SQL only
/// (every API layer gets them); this names them for Swift callers and keeps the server's
/// message, detail and hint in `postgresError`.
public enum SpatialError: Error, Sendable, CustomStringConvertible, RetryClassifiable {
    /// INVALID_LATITUDE: outside -90…90, or NaN.
    case invalidLatitude(PostgresError)
    /// INVALID_LONGITUDE: outside -180…180, or NaN.
    case invalidLongitude(PostgresError)
    /// INVALID_RADIUS: not in (0, 500] km, or NaN.
    case invalidRadius(PostgresError)
    /// NULL_ARGUMENT: a NULL latitude, longitude or radius.
    case nullArgument(PostgresError)

    /// The typed form of a coded spatial error; nil for any other error.
    public init?(_ error: PostgresError) {
        switch CodedSQLError.code(of: error) {
        case "INVALID_LATITUDE": self = .invalidLatitude(error)
        case "INVALID_LONGITUDE": self = .invalidLongitude(error)
        case "INVALID_RADIUS": self = .invalidRadius(error)
        case "NULL_ARGUMENT": self = .nullArgument(error)
        default: return nil
        }
    }

    public var postgresError: PostgresError {
        switch self {
        case .invalidLatitude(let error), .invalidLongitude(let error), .invalidRadius(let error),
             .nullArgument(let error):
            error
        }
    }

    /// The server's message, e.g. "INVALID_RADIUS: radius_km must be greater than 0 and at most 500".
    public var message: String { postgresError.message }

    public var description: String { postgresError.description }

    /// Bad input stays bad: never worth retrying.
    public var isTransient: Bool { false }
}
