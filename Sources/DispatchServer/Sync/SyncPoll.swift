import Foundation
import Postgres

/// One answer of `sync_poll`: the synced tables in which something changed for the user
/// since the poll's cursor — exactly what their next `sync_pull` of each would deliver
/// (rows they see written or deleted, rows that became or stopped being visible to them).
/// Pull those tables, each from its own cursor, and poll again later with `cursor`.
public struct SyncPoll: Sendable, Hashable {
    /// The tables to pull, in the order of `SyncTable`'s SQL list.
    public var tables: [SyncTable]
    /// Pass to the next poll (a cursor of polls, not of any one table's pulls).
    public var cursor: SyncCursor
    /// The server's clock at the poll, for display.
    public var serverTimestamp: Date

    public init(tables: [SyncTable], cursor: SyncCursor, serverTimestamp: Date) {
        self.tables = tables
        self.cursor = cursor
        self.serverTimestamp = serverTimestamp
    }
}

extension SyncPoll {
    /// From `sync_poll`'s answer (its JSON text).
    init(json text: String) throws {
        let value = try JSONValue(parsing: text)
        guard let names = value["tables"]?.arrayValue, let cursor = value["cursor"]?.stringValue,
              let serverTimestamp = value["server_timestamp"]?.dateValue else {
            throw PostgresError(.decoding, "sync_poll answered something unexpected: \(text.prefix(200))")
        }
        self.init(
            tables: try names.map { name in
                guard let table = name.stringValue.flatMap(SyncTable.init(rawValue:)) else {
                    throw PostgresError(.decoding, "sync_poll named a table this library does not know: \(name.jsonText)")
                }
                return table
            },
            cursor: SyncCursor(rawValue: cursor), serverTimestamp: serverTimestamp)
    }
}
