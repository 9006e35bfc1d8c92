import DispatchServer
import Foundation
import Postgres
import Testing

/// APNs payloads must match the shapes the apps already parse, byte for byte (fixtures).
@Suite struct NotificationPushPayloadTests {
    private func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    private func uuid(_ text: String) -> UUID { UUID(uuidString: text)! }

    private let dana = "d4e5f6a7-b8c9-4dae-8bf0-1a2b3c4d5e6f"

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func messageMatchesTheFixture() throws {
        let payload = PushPayload.message(
            title: "Dana Reyes", body: "Are you still free at 5?", badge: 3,
            conversationID: uuid("c0a8e5f0-1b2c-4d3e-8f40-5a6b7c8d9e01"),
            messageID: uuid("6d1f0b7e-2a3c-4b5d-9e6f-708192a3b4c5"),
            senderID: uuid(dana))
        #expect(text(try payload.jsonData()) == text(try fixture("push_message")))

        // The same from a stored row of type message.
        let row = AppNotification(
            id: UUID(), userID: UUID(), type: .message, title: "Dana Reyes", body: "Are you still free at 5?",
            createdAt: Date(), sourceUserID: uuid(dana), entityType: "conversation",
            entityID: uuid("c0a8e5f0-1b2c-4d3e-8f40-5a6b7c8d9e01"),
            data: ["message_id": "6d1f0b7e-2a3c-4b5d-9e6f-708192a3b4c5"])
        #expect(text(try PushPayload.notification(for: row, badge: 3).jsonData()) == text(try fixture("push_message")))
    }

    @Test func claimMatchesTheFixture() throws {
        let payload = try PushPayload.notification(
            type: .taskClaimed, title: "Task claimed", body: "Dana Reyes claimed Call the seller about the inspection",
            badge: 2, notificationID: uuid("0f1e2d3c-4b5a-4697-8877-665544332211"), entityType: "task",
            entityID: uuid("7a5c1e2d-3f40-4152-8637-48596a7b8c9d"), sourceUserID: uuid(dana))
        #expect(text(try payload.jsonData()) == text(try fixture("push_claim")))

        let row = AppNotification(
            id: uuid("0f1e2d3c-4b5a-4697-8877-665544332211"), userID: UUID(), type: .taskClaimed,
            title: "Task claimed", body: "Dana Reyes claimed Call the seller about the inspection", createdAt: Date(),
            sourceUserID: uuid(dana), entityType: "task", entityID: uuid("7a5c1e2d-3f40-4152-8637-48596a7b8c9d"),
            data: ["ignored_number": 5])
        #expect(text(try PushPayload.notification(for: row, badge: 2).jsonData()) == text(try fixture("push_claim")))
    }

    @Test func restoreMatchesTheFixture() throws {
        // The body has a "/": it must not be escaped as "\/".
        let payload = try PushPayload.notification(
            type: .entityRestored, title: "Listing restored", body: "Dana Reyes restored 12 Oak St/Unit 4, Springfield",
            badge: 1, notificationID: uuid("9b8a7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d"), entityType: "listing",
            entityID: uuid("11570a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b"), sourceUserID: uuid(dana))
        let bytes = try payload.jsonData()
        #expect(text(bytes) == text(try fixture("push_restore")))
        #expect(bytes == (try fixture("push_restore")))
        // Encoding twice gives the same bytes (sorted keys, no hash-order dependence).
        #expect(try payload.jsonData() == bytes)
    }

    /// The payload is written directly when nothing in it needs an escape: the same bytes as
    /// JSONEncoder's (sorted keys, `/` unescaped), whatever the text holds.
    @Test func writtenAsJSONEncoderWritesIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let id = uuid("0f1e2d3c-4b5a-4697-8877-665544332211")
        let bodies = ["Dana Reyes claimed “Call the seller”", "12 Oak St/Unit 4", #"a "quoted" \ word"#, "two\nlines\ttab\u{1}",
                      "émoji 🐦 ü", ""]
        for body in bodies {
            for extra in [[:], ["zeta": "z/1", "alpha": "a", "ümlaut": "u", "b-c": "\"q\""]] as [[String: String]] {
                let payload = try PushPayload.notification(
                    type: .taskClaimed, title: "Task claimed", body: body, badge: 7, notificationID: id, entityType: "task",
                    entityID: id, sourceUserID: id, extra: extra)
                #expect(text(try payload.jsonData()) == text(try encoder.encode(payload)))
            }
            let message = PushPayload.message(title: body, body: "Are you free?", badge: 0, conversationID: id, messageID: id, senderID: id)
            #expect(text(try message.jsonData()) == text(try encoder.encode(message)))
        }
    }

    @Test func builderRefusesReservedKeysAndBadEntityTypes() {
        let id = UUID()
        for key in ["aps", "type", "task_id", "entity_type", "notification_id", "source_user_id"] {
            #expect(throws: PushPayload.BuildError.reservedKey(key)) {
                try PushPayload.notification(
                    type: .taskClaimed, title: "t", body: "b", badge: 0, notificationID: id, entityType: "task",
                    entityID: id, sourceUserID: id, extra: [key: "x"])
            }
        }
        for entityType in ["Task", "task-list", "", "1task", "task id", "tâche"] {
            #expect(throws: PushPayload.BuildError.invalidEntityType(entityType)) {
                try PushPayload.notification(
                    type: .entityRestored, title: "t", body: "b", badge: 0, entityType: entityType, entityID: id)
            }
        }
        // Of several colliding keys the report is deterministic: the first in sorted order.
        #expect(throws: PushPayload.BuildError.reservedKey("aps")) {
            try PushPayload.notification(type: .other, title: "t", body: "b", badge: 0, extra: ["type": "x", "aps": "y"])
        }
    }

    @Test func builderDefaults() throws {
        let payload = try PushPayload.notification(type: .announcement, title: "Hi", body: "", badge: -4)
        #expect(payload.aps.badge == 0, "a negative badge would be rejected by APNs")
        #expect(payload.aps.mutableContent == 1)
        #expect(payload.aps.priority == nil)
        #expect(payload.aps.category == NotificationType.announcement.pushCategory)
        #expect(payload.fields.isEmpty)
        #expect(text(try payload.jsonData())
                == #"{"aps":{"alert":{"body":"","title":"Hi"},"badge":0,"category":"ANNOUNCEMENT","mutable-content":1,"sound":"default"},"type":"announcement"}"#)
        // An entity type without an id (or the reverse) adds no routing keys.
        let partial = try PushPayload.notification(type: .other, title: "t", body: "b", badge: 0, entityType: "task")
        #expect(partial.fields.isEmpty)
        // A message row without the ids the chat shape needs falls back to the notification shape.
        let row = AppNotification(id: UUID(), userID: UUID(), type: .message, title: "t", createdAt: Date())
        #expect(try PushPayload.notification(for: row, badge: 0).aps.mutableContent == 1)
    }
}
