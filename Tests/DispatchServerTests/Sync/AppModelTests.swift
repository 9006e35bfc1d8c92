import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// The apps' own DTOs, as the documents write them, decode the server's rows once changed as
/// docs/app-models.md says (one `CodingKeys` line where the server keeps its name), and
/// without that line the document's shape fails or reads nil where the server has a value:
/// the page is what an app needs, no more.
@Suite struct AppModelTests {
    let database: TestDatabase
    let admin: PostgresConnection
    init() async throws { (database, admin) = try await TestDatabase.createWithAdmin() }

    typealias F = WatchlistFixtures

    /// `SupabaseTaskDTO` with the page's two lines (`created_by`, `listing`).
    struct TaskDTO: Decodable {
        let id: UUID, title: String, description: String, due_date: Date?, priority: String, completed: Bool
        let claimed_by: UUID?, created_by: UUID, listing: UUID?, created_at: Date, updated_at: Date
        enum CodingKeys: String, CodingKey {
            case id, title, description, due_date, priority, completed, claimed_by, created_at, updated_at
            case created_by = "declared_by"
            case listing = "listing_id"
        }
    }

    /// The document's `SupabaseTaskDTO` unchanged.
    struct DocumentTaskDTO: Decodable {
        let id: UUID, title: String, description: String, due_date: Date?, priority: String, completed: Bool
        let claimed_by: UUID?, created_by: UUID, listing: UUID?, created_at: Date, updated_at: Date
    }

    /// `SupabaseActivityDTO` with the same two lines.
    struct ActivityDTO: Decodable {
        let id: UUID, title: String, description: String, type: String, due_date: Date?, completed: Bool
        let duration_minutes: Int?, claimed_by: UUID?, created_by: UUID, listing: UUID?, created_at: Date, updated_at: Date
        enum CodingKeys: String, CodingKey {
            case id, title, description, type, due_date, completed, duration_minutes, claimed_by, created_at, updated_at
            case created_by = "declared_by"
            case listing = "listing_id"
        }
    }

    /// `Listing`'s coded keys, with `assignedRealtor = "owned_by"` and the times snake case.
    struct ListingDTO: Decodable {
        let id: UUID, address: String, city: String, state: String, zip: String, status: String
        let assignedRealtor: UUID, createdAt: Date, updatedAt: Date
        enum CodingKeys: String, CodingKey {
            case id, address, city, state, zip, status
            case assignedRealtor = "owned_by"
            case createdAt = "created_at", updatedAt = "updated_at"
        }
    }

    /// `Note` and `Subtask`: the row's keys (`created_by` an id, the parent named).
    struct NoteDTO: Decodable {
        let id: UUID, content: String, created_by: UUID, created_at: Date, edited_at: Date?, parent_type: String, parent_id: UUID
    }
    struct SubtaskDTO: Decodable {
        let id: UUID, title: String, completed: Bool, created_at: Date, parent_type: String, parent_id: UUID
    }

    /// A watchlist entry as the watchlist document's schema has it.
    struct WatchlistEntryDTO: Decodable {
        let id: UUID, watchlist_id: UUID, bird_id: UUID?, nickname: String?, status: String?, notes: String?
        let added_date: Date?, lat: Double?, lon: Double?, priority: Int?, notify_upcoming: Bool?, sync_status: String?
        let row_version: Int, deleted_at: Date?, created_at: Date?, updated_at: Date?
    }

    /// The community app's `AppNotification` and `BadgeCountsPayload`, decoded from snake case.
    struct NotificationDTO: Decodable {
        let id: UUID, userId: UUID, type: String, title: String, body: String, read: Bool, pinned: Bool, createdAt: Date
        let sourceUserId: UUID?, entityType: String?, entityId: UUID?
    }
    struct BadgeCountsPayload: Decodable {
        let requestsTotal: Int, messagesTotal: Int, communityTotal: Int, bellTotal: Int
        let requestDetails: [Detail], conversationDetails: [Detail]
        struct Detail: Decodable { let entityType: String, entityId: UUID, unreadCount: Int }
    }

    static func decoder(snakeCase: Bool = false) -> JSONDecoder {
        let decoder = JSONDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        return decoder
    }

    static func decode<T: Decodable>(_ type: T.Type, _ record: JSONValue, snakeCase: Bool = false) throws -> T {
        try decoder(snakeCase: snakeCase).decode(T.self, from: Data(record.jsonText.utf8))
    }

    @Test func theDocumentsDTOsDecodeTheServersRows() async throws {
        let alice = try await F.user(admin, "Alice")
        let bob = try await F.user(admin, "Bob")
        let app = SyncService(connection: try await database.connect(), user: alice)
        let listing = UUID(), task = UUID(), activity = UUID()
        // Pushed in the documents' own keys (Listing's CodingKeys, toSupabaseJSON()).
        _ = try await app.push(table: .listings, record: ["id": .string(listing.uuidString), "address": "12 Elm St",
                                                          "assigned_realtor": .string(alice.uuidString), "status": "active"], expectedVersion: nil)
        _ = try await app.push(table: .tasks, record: ["id": .string(task.uuidString), "title": "Stage it", "description": "",
                                                       "priority": "high", "completed": false, "claimed_by": .null,
                                                       "created_by": .string(alice.uuidString), "listing": .string(listing.uuidString)],
                               expectedVersion: nil)
        _ = try await app.push(table: .activities, record: ["id": .string(activity.uuidString), "title": "Showing", "description": "",
                                                            "type": "show_property", "completed": false, "duration_minutes": 30,
                                                            "created_by": .string(alice.uuidString), "listing": .string(listing.uuidString)],
                               expectedVersion: nil)
        _ = try await app.push(table: .notes, record: ["id": .string(UUID().uuidString), "content": "Gate code 4411",
                                                       "created_by": .string(alice.uuidString), "parent_type": "task",
                                                       "parent_id": .string(task.uuidString)], expectedVersion: nil)
        _ = try await app.push(table: .subtasks, record: ["id": .string(UUID().uuidString), "title": "Bring the key",
                                                          "parent_type": "task", "parent_id": .string(task.uuidString)], expectedVersion: nil)
        let list = try await F.watchlist(admin, owner: alice, title: "Spring walk")
        try await F.entry(admin, in: list, nickname: "Robin", latitude: 45.5, longitude: -122.6)
        try await admin.transaction { conn in
            try NotificationWriter().insert(NewNotification(userID: alice, type: .taskClaimed, title: "Task claimed",
                                                            body: "Bob claimed “Stage it”", sourceUserID: bob,
                                                            entityType: "task", entityID: task), on: conn)
        }

        func rows(_ table: SyncTable) async throws -> [JSONValue] { try await app.pull(table: table).records }
        let taskRow = try #require(try await rows(.tasks).first)
        let decoded = try Self.decode(TaskDTO.self, taskRow)
        #expect(decoded.id == task && decoded.created_by == alice && decoded.listing == listing && decoded.priority == "high")
        // The document's DTO unchanged: created_by is not there.
        #expect(throws: DecodingError.self) { _ = try Self.decode(DocumentTaskDTO.self, taskRow) }

        let activityRow = try Self.decode(ActivityDTO.self, try #require(try await rows(.activities).first))
        #expect(activityRow.created_by == alice && activityRow.listing == listing && activityRow.duration_minutes == 30)
        let listingRow = try Self.decode(ListingDTO.self, try #require(try await rows(.listings).first))
        #expect(listingRow.assignedRealtor == alice && listingRow.status == "active")
        let note = try Self.decode(NoteDTO.self, try #require(try await rows(.notes).first))
        #expect(note.created_by == alice && note.parent_id == task && note.edited_at == nil)
        let subtask = try Self.decode(SubtaskDTO.self, try #require(try await rows(.subtasks).first))
        #expect(subtask.parent_id == task && !subtask.completed)
        let entry = try Self.decode(WatchlistEntryDTO.self, try #require(try await rows(.watchlistEntries).first))
        #expect(entry.watchlist_id == list && entry.nickname == "Robin" && entry.row_version == 1)
        let notification = try Self.decode(NotificationDTO.self, try #require(try await rows(.notifications).first), snakeCase: true)
        #expect(notification.userId == alice && notification.sourceUserId == bob && notification.entityId == task && !notification.read)

        let badges = try await admin.transaction(as: alice) { conn in
            try conn.query("select public.get_badge_counts(true)::text").scalar(String.self)
        }
        let payload = try Self.decoder(snakeCase: true).decode(BadgeCountsPayload.self, from: Data(badges.utf8))
        #expect(payload.requestsTotal + payload.messagesTotal + payload.communityTotal + payload.bellTotal == 1)
    }
}
