/// One value of a result as the server sent it (text, or binary for a query asking for
/// `binaryResults`), valid only during the `PostgresDecodable` or
/// `PostgresBinaryDecodable` initialiser it is handed to.
public struct PostgresCell {
    /// The bytes of the value; nil for SQL NULL.
    public let bytes: UnsafeRawBufferPointer?
    public let type: PostgresType
    /// The column's name, for error messages.
    public let column: String

    /// A value whose type the reader knows from elsewhere: a field of a binary COPY (which
    /// carries no types), read with the same decoders as a result's cells.
    @inlinable
    public init(bytes: UnsafeRawBufferPointer?, type: PostgresType, column: String) {
        self.bytes = bytes
        self.type = type
        self.column = column
    }

    public var isNull: Bool { bytes == nil }

    /// The value as text. Callers have checked for NULL.
    public var text: String { String(decoding: bytes ?? UnsafeRawBufferPointer(start: nil, count: 0), as: UTF8.self) }

    /// The error for a value this Swift type cannot take.
    public func mismatch(_ swiftType: Any.Type, _ reason: String? = nil) -> PostgresError {
        var message = "column \"\(column)\" of type \(type) cannot be decoded as \(swiftType)"
        if let reason { message += ": \(reason)" }
        return PostgresError(.decoding, message)
    }

    /// The error for NULL in a non-optional Swift type.
    @usableFromInline
    func unexpectedNull(_ swiftType: Any.Type) -> PostgresError {
        PostgresError(.decoding, "column \"\(column)\" is NULL; decode it as \(swiftType)? to accept NULL")
    }
}
