import Foundation
import Postgres

/// A birding hotspot found by `SpatialService.hotspotsNear`, with its distance from the
/// search point on the WGS 84 spheroid (what PostGIS computes for geography).
public struct Hotspot: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var name: String
    public var locality: String?
    public var latitude: Double
    public var longitude: Double
    public var imageName: String?
    public var distanceMeters: Double

    public init(id: UUID, name: String, locality: String? = nil, latitude: Double, longitude: Double,
                imageName: String? = nil, distanceMeters: Double) {
        self.id = id
        self.name = name
        self.locality = locality
        self.latitude = latitude
        self.longitude = longitude
        self.imageName = imageName
        self.distanceMeters = distanceMeters
    }

    init(row: PostgresRow) throws {
        self.init(id: try row.decode("id"), name: try row.decode("name"), locality: try row.decode("locality"),
                  latitude: try row.decode("lat"), longitude: try row.decode("lon"),
                  imageName: try row.decode("image_name"), distanceMeters: try row.decode("distance_m"))
    }
}
