import Foundation
import Postgres

/// `hotspots_near` and `birds_near` for one user. Arguments go to SQL unchecked: the
/// functions validate them (so every API layer gets the same rules) and their coded
/// errors come back as `SQLAPIError` (`INVALID_LATITUDE`, `INVALID_LONGITUDE`,
/// `INVALID_RADIUS`, `NULL_ARGUMENT`).
/// With `ConnectionRoles` every search goes to a replica when there are some.
public struct SpatialService: UserService {
    /// The largest radius the SQL accepts, in kilometres (documented on the functions).
    public static let maxRadiusKm = 500.0

    let database: ServiceDatabase
    public let user: UUID

    public init(database: ServiceDatabase, user: UUID) {
        self.database = database
        self.user = user
    }

    /// Hotspots within `radiusKm` of the point, nearest first (ties by id).
    public func hotspotsNear(latitude: Double, longitude: Double, radiusKm: Double) async throws -> [Hotspot] {
        try await run { conn in
            try conn.query("""
                select id, name, locality, lat, lon, image_name, distance_m
                  from public.hotspots_near(\(latitude), \(longitude), \(radiusKm))
                """, prepared: true).map(Hotspot.init(row:))
        }
    }

    /// Birds with a watchlist entry within `radiusKm` of the point that the user may
    /// read (their own watchlists and those shared with them), nearest first.
    public func birdsNear(latitude: Double, longitude: Double, radiusKm: Double) async throws -> [Bird] {
        try await run { conn in
            try conn.query("""
                select id, common_name, scientific_name, family, static_image_name, rarity_level,
                       conservation_status, distance_m, nearest_entry_id, entry_count
                  from public.birds_near(\(latitude), \(longitude), \(radiusKm))
                """, prepared: true).map(Bird.init(row:))
        }
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable (isolated PostgresConnection) throws -> T) async throws -> T {
        try await SQLAPIError.mapping {
            try await database.reads().transaction(as: user) { conn in try body(conn) }
        }
    }
}
