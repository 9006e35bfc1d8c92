import DispatchServer
import Foundation
import Postgres

/// One device of one user in the sync suites: a local copy per table, kept the way an app
/// keeps it (records upserted, deletions removed, pages applied in order), and the cursor
/// stored after each pull.
final class SyncDevice: @unchecked Sendable {
    let sync: SyncService
    private(set) var rows: [SyncTable: [UUID: JSONValue]] = [:]
    private(set) var cursors: [SyncTable: SyncCursor] = [:]

    init(_ sync: SyncService) { self.sync = sync }

    /// What the last `pull` brought.
    struct Delivery {
        var records: [UUID] = []
        var deleted: [UUID: SyncDeletion.Reason] = [:]
        var isEmpty: Bool { records.isEmpty && deleted.isEmpty }
    }

    /// Pulls every page since the stored cursor (all of it the first time), applies them and
    /// returns what came.
    @discardableResult
    func pull(_ table: SyncTable, limit: Int = 1000) async throws -> Delivery {
        var delivery = Delivery()
        var local = rows[table] ?? [:]
        let cursor = try await sync.pullAll(table: table, from: cursors[table], limit: limit) { page in
            for record in page.records {
                guard let id = record["id"]?.stringValue.flatMap(UUID.init(uuidString:)) else { continue }
                local[id] = record
                delivery.records.append(id)
                delivery.deleted[id] = nil
            }
            for deletion in page.deleted {
                local[deletion.id] = nil
                delivery.deleted[deletion.id] = deletion.reason
                delivery.records.removeAll { $0 == deletion.id }
            }
        }
        rows[table] = local
        cursors[table] = cursor
        return delivery
    }

    /// Forgets the table (a full sync next time), as a client does on CURSOR_EXPIRED.
    func reset(_ table: SyncTable) {
        rows[table] = nil
        cursors[table] = nil
    }

    func ids(_ table: SyncTable) -> Set<UUID> { Set(rows[table].map { Array($0.keys) } ?? []) }

    func row(_ table: SyncTable, _ id: UUID) -> JSONValue? { rows[table]?[id] }
}
