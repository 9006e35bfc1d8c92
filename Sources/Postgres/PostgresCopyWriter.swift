/// Accumulates rows in COPY's text format for `PostgresConnection.copyIn`.
public struct PostgresCopyWriter {
    var buffer: [UInt8] = []

    /// Appends one row; nil is NULL. Tabs, newlines and backslashes are escaped.
    public mutating func append(_ values: [(any PostgresEncodable)?]) {
        for (i, value) in values.enumerated() {
            if i > 0 { buffer.append(9) }
            guard let text = value?.postgresText else {
                buffer.append(contentsOf: [92, 78])  // \N
                continue
            }
            for byte in text.utf8 {
                switch byte {
                case 92: buffer.append(contentsOf: [92, 92])
                case 9: buffer.append(contentsOf: [92, 116])
                case 10: buffer.append(contentsOf: [92, 110])
                case 13: buffer.append(contentsOf: [92, 114])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(10)
    }
}
