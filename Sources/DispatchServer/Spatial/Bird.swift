import Foundation
import Postgres

/// A bird seen near a point by `SpatialService.birdsNear`: one per species, at the
/// distance of its nearest watchlist entry among those the caller may read.
public struct Bird: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var commonName: String
    public var scientificName: String?
    public var family: String?
    public var staticImageName: String?
    public var rarityLevel: String?
    public var conservationStatus: String?
    public var distanceMeters: Double
    /// The entry the distance was measured to.
    public var nearestEntryID: UUID
    /// Entries of this bird within the radius (the caller's and those shared with them).
    public var entryCount: Int

    public init(id: UUID, commonName: String, scientificName: String? = nil, family: String? = nil,
                staticImageName: String? = nil, rarityLevel: String? = nil, conservationStatus: String? = nil,
                distanceMeters: Double, nearestEntryID: UUID, entryCount: Int) {
        self.id = id
        self.commonName = commonName
        self.scientificName = scientificName
        self.family = family
        self.staticImageName = staticImageName
        self.rarityLevel = rarityLevel
        self.conservationStatus = conservationStatus
        self.distanceMeters = distanceMeters
        self.nearestEntryID = nearestEntryID
        self.entryCount = entryCount
    }

    init(row: PostgresRow) throws {
        self.init(id: try row.decode("id"), commonName: try row.decode("common_name"),
                  scientificName: try row.decode("scientific_name"), family: try row.decode("family"),
                  staticImageName: try row.decode("static_image_name"), rarityLevel: try row.decode("rarity_level"),
                  conservationStatus: try row.decode("conservation_status"),
                  distanceMeters: try row.decode("distance_m"), nearestEntryID: try row.decode("nearest_entry_id"),
                  entryCount: try row.decode("entry_count"))
    }
}
