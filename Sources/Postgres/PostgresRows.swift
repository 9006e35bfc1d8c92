import CLibPQ

/// Owns a `PGresult`. A result is immutable once libpq hands it over, so reading it
/// from any thread is safe; it is freed when the last row referring to it goes.
@usableFromInline
final class ResultStorage: @unchecked Sendable {
    let result: OpaquePointer
    let rowCount: Int
    let columnCount: Int
    let columnNames: [String]
    let columnTypes: [PostgresType]
    /// Whether the rows are in the server's binary format (`PostgresQuery.binaryResults`).
    @usableFromInline let isBinary: Bool
    private let indexByName: [String: Int]

    init(_ result: OpaquePointer) {
        self.result = result
        rowCount = Int(PQntuples(result))
        columnCount = Int(PQnfields(result))
        isBinary = PQbinaryTuples(result) == 1
        var names: [String] = []
        var types: [PostgresType] = []
        var index: [String: Int] = [:]
        for i in 0..<Int32(columnCount) {
            let name = String(cString: PQfname(result, i))
            names.append(name)
            types.append(PostgresType(rawValue: PQftype(result, i)))
            if index[name] == nil { index[name] = Int(i) }
        }
        columnNames = names
        columnTypes = types
        indexByName = index
    }

    deinit { PQclear(result) }

    @usableFromInline
    func column(named name: String) throws -> Int {
        guard let index = indexByName[name] else {
            throw PostgresError(.decoding, "no column \"\(name)\" in the result (columns: \(columnNames.joined(separator: ", ")))")
        }
        return index
    }

    /// The cell at (row, column). Not generic, so that `PostgresRow.decode` can be inlined
    /// into its caller and specialized there: a generic decode called across the module
    /// boundary ran unspecialized, looking up generic metadata for every element of an
    /// array column (a quarter of the time a thread of 1,000 journal entries took to decode).
    @usableFromInline
    func cell(row: Int, column: Int) throws -> PostgresCell {
        guard !isBinary else {
            throw PostgresError(.decoding, "the rows are in binary (binaryResults): read them with decodeBinary")
        }
        return try anyCell(row: row, column: column)
    }

    /// The cell at (row, column), in whichever format the rows came.
    @usableFromInline
    func anyCell(row: Int, column: Int) throws -> PostgresCell {
        guard column >= 0, column < columnCount else {
            throw PostgresError(.decoding, "column index \(column) out of range (the result has \(columnCount))")
        }
        let name = columnNames[column]
        let columnType = columnTypes[column]
        if PQgetisnull(result, Int32(row), Int32(column)) == 1 {
            return PostgresCell(bytes: nil, type: columnType, column: name)
        }
        let pointer = PQgetvalue(result, Int32(row), Int32(column))
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        return PostgresCell(bytes: UnsafeRawBufferPointer(start: pointer, count: length), type: columnType, column: name)
    }
}

/// The rows a statement returned, plus its command tag ("UPDATE 3").
public struct PostgresRows: RandomAccessCollection, Sendable {
    let storage: ResultStorage?
    /// The command tag, e.g. `INSERT 0 1` or `SELECT 5`.
    public let commandTag: String

    init(storage: ResultStorage?, commandTag: String) {
        self.storage = storage
        self.commandTag = commandTag
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage?.rowCount ?? 0 }
    public subscript(position: Int) -> PostgresRow { PostgresRow(storage: storage!, index: position) }

    public var columns: [String] { storage?.columnNames ?? [] }

    /// Rows inserted, updated, deleted, selected or copied, from the command tag.
    public var affectedRows: Int {
        commandTag.split(separator: " ").last.flatMap { Int($0) } ?? 0
    }

    /// The only row's first column: for `select count(*)`, `insert … returning id`.
    public func scalar<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
        guard let row = first else { throw PostgresError(.decoding, "expected one row, the statement returned none") }
        return try row.decode(0, as: T.self)
    }
}

/// One row. Columns are addressed by name or position.
public struct PostgresRow: Sendable {
    @usableFromInline let storage: ResultStorage
    @usableFromInline let index: Int

    @inlinable
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try T(postgresCell: storage.cell(row: index, column: storage.column(named: column)))
    }

    @inlinable
    public func decode<T: PostgresDecodable>(_ column: Int, as type: T.Type = T.self) throws -> T {
        try T(postgresCell: storage.cell(row: index, column: column))
    }

    /// A json/jsonb (or text) column decoded into any `Decodable` type.
    public func decodeJSON<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try JSONDecodingBox<T>(postgresCell: storage.cell(row: index, column: storage.column(named: column))).value
    }

    /// `decodeJSON` by position.
    public func decodeJSON<T: Decodable>(_ column: Int, as type: T.Type = T.self) throws -> T {
        try JSONDecodingBox<T>(postgresCell: storage.cell(row: index, column: column)).value
    }

    /// Calls `element` with each element of a one-dimensional array column, in order, as
    /// the bytes of its text form in place (nil for a NULL element), without building an
    /// array: for a reader that turns the elements straight into something else. False when
    /// the column is NULL; throws when it is not a one-dimensional array.
    public func forEachElement(ofArray column: Int, _ element: (UnsafeRawBufferPointer?) throws -> Void) throws -> Bool {
        let cell = try storage.cell(row: index, column: column)
        guard let bytes = cell.bytes else { return false }
        guard cell.type.arrayElement != nil, try PostgresArrayLiteral.forEach(bytes, element) else {
            throw cell.mismatch([String?].self, "not a one-dimensional array: \(cell.text)")
        }
        return true
    }

    public var columns: [String] { storage.columnNames }
}

private struct JSONDecodingBox<T: Decodable>: PostgresDecodable, @unchecked Sendable {
    let value: T
    init(postgresCell cell: PostgresCell) throws { value = try PostgresJSONCoding.decode(T.self, cell) }
}
