/// The type OIDs the codecs recognise (`pg_type.oid`, fixed for built-in types).
public struct PostgresType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let bool = Self(rawValue: 16)
    public static let bytea = Self(rawValue: 17)
    public static let char = Self(rawValue: 18)
    public static let name = Self(rawValue: 19)
    public static let int8 = Self(rawValue: 20)
    public static let int2 = Self(rawValue: 21)
    public static let int4 = Self(rawValue: 23)
    public static let text = Self(rawValue: 25)
    public static let oid = Self(rawValue: 26)
    public static let json = Self(rawValue: 114)
    public static let float4 = Self(rawValue: 700)
    public static let float8 = Self(rawValue: 701)
    public static let unknown = Self(rawValue: 705)
    public static let bpchar = Self(rawValue: 1042)
    public static let varchar = Self(rawValue: 1043)
    public static let date = Self(rawValue: 1082)
    public static let timestamp = Self(rawValue: 1114)
    public static let timestamptz = Self(rawValue: 1184)
    public static let numeric = Self(rawValue: 1700)
    public static let uuid = Self(rawValue: 2950)
    public static let jsonb = Self(rawValue: 3802)
    public static let xid8 = Self(rawValue: 5069)

    /// The element type of a one-dimensional array type, nil for a non-array.
    public var arrayElement: PostgresType? {
        switch rawValue {
        case 1000: return .bool
        case 1001: return .bytea
        case 1003: return .name
        case 1005: return .int2
        case 1007: return .int4
        case 1016: return .int8
        case 1009: return .text
        case 1014: return .bpchar
        case 1015: return .varchar
        case 1021: return .float4
        case 1022: return .float8
        case 1115: return .timestamp
        case 1185: return .timestamptz
        case 1231: return .numeric
        case 2951: return .uuid
        case 199: return .json
        case 3807: return .jsonb
        default: return nil
        }
    }

    var isInteger: Bool { self == .int2 || self == .int4 || self == .int8 || self == .oid || self == .xid8 }
    var isText: Bool { self == .text || self == .varchar || self == .bpchar || self == .name || self == .char || self == .unknown }

    public var description: String {
        switch self {
        case .bool: return "boolean"
        case .bytea: return "bytea"
        case .int2: return "smallint"
        case .int4: return "integer"
        case .int8: return "bigint"
        case .text: return "text"
        case .varchar: return "varchar"
        case .json: return "json"
        case .jsonb: return "jsonb"
        case .float4: return "real"
        case .float8: return "double precision"
        case .numeric: return "numeric"
        case .uuid: return "uuid"
        case .date: return "date"
        case .timestamp: return "timestamp"
        case .timestamptz: return "timestamptz"
        default: return arrayElement.map { "\($0)[]" } ?? "type oid \(rawValue)"
        }
    }
}
