/// Where a client's copy of one table stands, as `sync_pull` returned it. Opaque on
/// purpose: it is a snapshot of the server's transaction ids, not a time, so the device
/// clock never enters it. Store it as `rawValue` and hand it back unchanged.
public struct SyncCursor: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
