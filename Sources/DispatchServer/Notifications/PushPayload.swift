import Foundation
import Postgres

/// An APNs payload in the shapes the apps already parse.
///
/// Two shapes exist because the apps were fed by two senders before this server:
/// - a chat message: `{aps: {alert, sound, badge, priority, category: "MESSAGE"}, type,
///   conversation_id, message_id, sender_id}`;
/// - every other notification: `{aps: {alert, sound, badge, mutable-content, category},
///   type, ...ids}`, where `mutable-content` lets the app's service extension enrich it.
///
/// `badge` is the recipient's total unread at the time of sending (`BadgeCounts.total`, the
/// four badge groups summed), the app icon's count. Encoding is byte-for-byte deterministic (sorted keys), so sinks can
/// deduplicate or sign payloads and tests can compare against fixtures.
public struct PushPayload: Sendable, Hashable, Encodable {
    public struct Alert: Sendable, Hashable, Codable {
        public var title: String
        public var body: String

        public init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    public struct APS: Sendable, Hashable, Codable {
        public var alert: Alert
        public var sound: String
        public var badge: Int
        public var category: String
        /// 1 on the notification shape only; absent (not 0) on the message shape, as the apps expect.
        public var mutableContent: Int?
        /// Present on the message shape only, as the apps expect; the HTTP sink also copies it
        /// to the `apns-priority` header, where APNs actually reads it.
        public var priority: Int?

        enum CodingKeys: String, CodingKey {
            case alert, sound, badge, category, priority
            case mutableContent = "mutable-content"
        }
    }

    public enum BuildError: Error, Sendable, Hashable {
        /// An extra key would overwrite `aps`, `type` or an id the builder sets itself.
        case reservedKey(String)
        /// The entity type cannot form a `<entity_type>_id` key the apps route on.
        case invalidEntityType(String)
    }

    public static let defaultSound = "default"
    /// APNs "deliver immediately"; chat messages are time-critical.
    public static let messagePriority = 10

    public var aps: APS
    public var type: NotificationType
    /// Top-level routing keys next to `aps` and `type` (entity ids as lower-case UUIDs, the
    /// form Postgres prints, so apps compare them with ids from the API unchanged).
    public var fields: [String: String]

    /// The chat-message shape. Its category comes from the registry (`MESSAGE`).
    public static func message(
        title: String,
        body: String,
        badge: Int,
        conversationID: UUID,
        messageID: UUID,
        senderID: UUID,
        sound: String = defaultSound
    ) -> PushPayload {
        let type = NotificationType.message
        return PushPayload(
            aps: APS(
                alert: Alert(title: title, body: body),
                sound: sound,
                badge: max(0, badge),
                category: type.pushCategory,
                mutableContent: nil,
                priority: messagePriority),
            type: type,
            fields: [
                "conversation_id": conversationID.lowercasedString,
                "message_id": messageID.lowercasedString,
                "sender_id": senderID.lowercasedString,
            ])
    }

    /// The notification shape, built from a row of `public.notifications`.
    ///
    /// The entity travels twice, as `entity_type` + `<entity_type>_id` (e.g. `task_id`), so
    /// that the apps' routing by named id (`request_id`, `conversation_id`, ...) works and a
    /// generic router (restores, which can name any entity) needs no per-type table.
    public static func notification(
        type: NotificationType,
        title: String,
        body: String,
        badge: Int,
        notificationID: UUID? = nil,
        entityType: String? = nil,
        entityID: UUID? = nil,
        sourceUserID: UUID? = nil,
        extra: [String: String] = [:],
        sound: String = defaultSound
    ) throws(BuildError) -> PushPayload {
        var fields: [String: String] = [:]
        if let notificationID {
            fields["notification_id"] = notificationID.lowercasedString
        }
        if let entityType, let entityID {
            guard isRoutingName(entityType) else { throw .invalidEntityType(entityType) }
            fields["entity_type"] = entityType
            fields["\(entityType)_id"] = entityID.lowercasedString
        }
        if let sourceUserID {
            fields["source_user_id"] = sourceUserID.lowercasedString
        }
        // Sorted, so that which colliding key is reported does not depend on hash order.
        for key in extra.keys.sorted() {
            guard key != "aps", key != "type", fields[key] == nil else { throw .reservedKey(key) }
            fields[key] = extra[key]
        }
        return PushPayload(
            aps: APS(
                alert: Alert(title: title, body: body),
                sound: sound,
                badge: max(0, badge),
                category: type.pushCategory,
                mutableContent: 1,
                priority: nil),
            type: type,
            fields: fields)
    }

    /// The payload for a stored notification, in the shape the apps expect for its type:
    /// a `message` about a conversation whose `data` names the `message_id` (and with a
    /// source user, the sender) gets the chat-message shape; everything else the
    /// notification shape, carrying the row's id, entity, source user and the string
    /// values of its `data` (the ids apps route on; other JSON values are not sent). A
    /// `data` key the builder sets itself (`aps`, `type`, the ids) is left out rather than
    /// refused: a stored row must always be sendable, so the push handler sends this.
    public static func notification(
        for notification: AppNotification, badge: Int, sound: String = defaultSound
    ) throws(BuildError) -> PushPayload {
        if notification.type == .message, notification.entityType == "conversation",
           let conversationID = notification.entityID, let senderID = notification.sourceUserID,
           let messageID = notification.data["message_id"]?.stringValue.flatMap(UUID.init(uuidString:)) {
            return message(
                title: notification.title, body: notification.body, badge: badge,
                conversationID: conversationID, messageID: messageID, senderID: senderID, sound: sound)
        }
        var payload = try self.notification(
            type: notification.type, title: notification.title, body: notification.body, badge: badge,
            notificationID: notification.id, entityType: notification.entityType, entityID: notification.entityID,
            sourceUserID: notification.sourceUserID, sound: sound)
        for (key, value) in notification.data where key != "aps" && key != "type" && payload.fields[key] == nil {
            if case .string(let text) = value { payload.fields[key] = text }
        }
        return payload
    }

    /// The exact bytes to send: keys sorted at every level and `/` left unescaped, so equal
    /// payloads are equal bytes on every platform.
    public func jsonData() throws -> Data {
        Data(try jsonBytes())
    }

    /// `jsonData()`'s bytes as an array, for a sink that writes them into a buffer of its own.
    public func jsonBytes() throws -> [UInt8] {
        if let bytes = plainJSONBytes() { return bytes }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self))
    }

    /// `jsonData()`'s bytes written directly, when no string needs an escape and every key
    /// is ASCII (the usual payload; nil otherwise, and JSONEncoder writes it): the worker
    /// encodes a payload per notification, and JSONEncoder was a tenth of its time; each
    /// value is appended where it goes, with no String per member.
    /// `NotificationPushPayloadTests.writtenAsJSONEncoderWritesIt` compares the two.
    func plainJSONBytes() -> [UInt8]? {
        func plain(_ text: String) -> Bool { !text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }
        func key(_ text: String) -> Bool { plain(text) && text.utf8.allSatisfy { $0 < 0x80 } }
        guard plain(aps.alert.title), plain(aps.alert.body), plain(aps.sound), plain(aps.category), plain(type.rawValue),
              fields.allSatisfy({ key($0.key) && plain($0.value) }) else { return nil }
        var keys = ["aps", "type"]
        for key in fields.keys where key != "aps" && key != "type" { keys.append(key) }
        keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + aps.alert.title.utf8.count + aps.alert.body.utf8.count + fields.count * 64)
        bytes.append(UInt8(ascii: "{"))
        for (i, key) in keys.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: #"":"#.utf8)
            switch key {
            case "aps":
                bytes.append(contentsOf: #"{"alert":{"body":""#.utf8)
                bytes.append(contentsOf: aps.alert.body.utf8)
                bytes.append(contentsOf: #"","title":""#.utf8)
                bytes.append(contentsOf: aps.alert.title.utf8)
                bytes.append(contentsOf: #""},"badge":"#.utf8)
                bytes.append(contentsOf: String(aps.badge).utf8)
                bytes.append(contentsOf: #","category":""#.utf8)
                bytes.append(contentsOf: aps.category.utf8)
                bytes.append(UInt8(ascii: "\""))
                if let mutableContent = aps.mutableContent {
                    bytes.append(contentsOf: #","mutable-content":"#.utf8)
                    bytes.append(contentsOf: String(mutableContent).utf8)
                }
                if let priority = aps.priority {
                    bytes.append(contentsOf: #","priority":"#.utf8)
                    bytes.append(contentsOf: String(priority).utf8)
                }
                bytes.append(contentsOf: #","sound":""#.utf8)
                bytes.append(contentsOf: aps.sound.utf8)
                bytes.append(contentsOf: #""}"#.utf8)
            case "type":
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: type.rawValue.utf8)
                bytes.append(UInt8(ascii: "\""))
            default:
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: fields[key]!.utf8)
                bytes.append(UInt8(ascii: "\""))
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(aps, forKey: FieldKey("aps"))
        try container.encode(type, forKey: FieldKey("type"))
        for (key, value) in fields where key != "aps" && key != "type" {
            try container.encode(value, forKey: FieldKey(key))
        }
    }

    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Lower-case snake case only: the name becomes part of a JSON key the apps match on.
    private static func isRoutingName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
