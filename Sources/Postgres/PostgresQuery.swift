/// A statement and its parameters. Written as a string literal, every interpolated
/// value becomes a `$n` parameter, so a value can never change the statement's text:
///
///     try await connection.query("select * from tasks where id = \(id) and title = \(title)")
///
/// Statement text that does not come from a literal (a migration file) is passed
/// explicitly with `PostgresQuery(sql:binds:)`.
public struct PostgresQuery: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var sql: String
    public var binds: [String?]
    /// Whether the server sends the rows in its binary format (`PostgresRow.decodeBinary`)
    /// instead of text: for a reader of many timestamps, uuids or arrays, which the server
    /// formats as text and the client parses back at a cost both sides pay per value.
    public var binaryResults = false

    public init(sql: String, binds: [any PostgresEncodable] = []) {
        self.sql = sql
        self.binds = binds.map(\.postgresText)
    }

    public init(stringLiteral value: String) {
        sql = value
        binds = []
    }

    public init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        binds = stringInterpolation.binds
    }

    public var description: String { sql }

    /// This query with its rows sent in binary (`binaryResults`).
    public func inBinary() -> PostgresQuery {
        var query = self
        query.binaryResults = true
        return query
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds: [String?] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount * 3)
            binds.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { sql += literal }

        public mutating func appendInterpolation(_ value: some PostgresEncodable) {
            binds.append(value.postgresText)
            sql += "$\(binds.count)"
        }

        public mutating func appendInterpolation(_ value: (some PostgresEncodable)?) {
            binds.append(value?.postgresText)
            sql += "$\(binds.count)"
        }
    }
}
