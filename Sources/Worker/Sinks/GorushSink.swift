import DispatchServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Postgres

/// Sends pushes through a Gorush server (a widely used self-hosted APNs/FCM gateway) with
/// its documented `POST /api/push` request:
/// `{"notifications": [{"notif_id", "tokens": [token], "platform": 1 (iOS) | 2 (Android),
/// "title", "message", "data", "priority", and for iOS "badge", "category", "sound",
/// "mutable_content", "production" | "development"}]}`, one Gorush notification per push
/// and device (`notif_id` = the push's `idempotencyKey`; `collapse_id` for iOS and
/// `collapse_key` for Android = its `collapseID`, so a re-sent push shows once), at most `maxNotifications` per
/// request (Gorush's `core.max_notification`, 100 by default).
///
/// Gorush answers `{"counts", "logs", "success"}`. Run it with `core.sync: true`: then
/// `logs` lists each failed push (`{"type": "failed-push", "notif_id", "token", "error"}`;
/// matched by `notif_id`, since Gorush masks tokens in its logs by default), and this sink
/// reports one whose error says the token is unregistered as a dead token (the worker
/// disables the device) and any other as a transient failure (retried with the worker's
/// backoff). Without sync mode Gorush accepts everything and reports nothing. A whole
/// request refused is classified like the webhook's statuses (408/429/5xx retried).
public final class GorushSink: PushSink {
    public let url: URL
    public let maxNotifications: Int
    /// Requests in flight at once within one batch.
    public let parallelism: Int
    private let session: URLSession

    /// `url` without a path (`http://gorush:8088`) posts to `/api/push`.
    public init(url: URL, maxNotifications: Int = 100, timeout: TimeInterval = 10, parallelism: Int = 4) {
        self.url = url.path.isEmpty || url.path == "/" ? url.appendingPathComponent("api/push") : url
        self.maxNotifications = max(1, maxNotifications)
        self.parallelism = max(1, parallelism)
        session = HTTPSinkSession.make(timeout: timeout, connections: self.parallelism)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ messages: [PushMessage]) async -> [Result<PushReceipt, any Error>] {
        let requests = stride(from: 0, to: messages.count, by: maxNotifications).map {
            Array($0..<min($0 + maxNotifications, messages.count))
        }
        let answers = await HTTPSinkSession.inParallel(requests.count, parallelism) { index in
            await self.post(requests[index], messages)
        }
        var results = [Result<PushReceipt, any Error>](repeating: .success(.delivered), count: messages.count)
        for answer in answers {
            for (index, result) in answer { results[index] = result }
        }
        return results
    }

    /// A notification in Gorush's request format.
    static func notification(_ message: PushMessage, id: String) -> JSONValue {
        let payload = message.payload
        var data = payload.fields.mapValues { JSONValue.string($0) }
        data["type"] = .string(payload.type.rawValue)
        var object: [String: JSONValue] = [
            "notif_id": .string(id),
            "tokens": [.string(message.device.token)],
            "title": .string(payload.aps.alert.title),
            "message": .string(payload.aps.alert.body),
            "data": .object(data),
        ]
        switch message.device.platform {
        case .ios: object["collapse_id"] = .string(message.collapseID)
        case .android: object["collapse_key"] = .string(message.collapseID)
        }
        if let priority = payload.aps.priority { object["priority"] = priority >= 10 ? "high" : "normal" }
        switch message.device.platform {
        case .ios:
            object["platform"] = 1
            object["badge"] = .number(Double(payload.aps.badge))
            object["category"] = .string(payload.aps.category)
            object["sound"] = .string(payload.aps.sound)
            if payload.aps.mutableContent == 1 { object["mutable_content"] = true }
            object[message.device.environment == .production ? "production" : "development"] = true
        case .android:
            object["platform"] = 2
        }
        return .object(object)
    }

    private func post(_ indices: [Int], _ messages: [PushMessage]) async -> [(Int, Result<PushReceipt, any Error>)] {
        func all(_ result: Result<PushReceipt, any Error>) -> [(Int, Result<PushReceipt, any Error>)] {
            indices.map { ($0, result) }
        }
        // A push's idempotency key: unique per notification and device, so per request.
        var ids: [String: Int] = [:]
        var notifications: [JSONValue] = []
        for index in indices {
            let id = messages[index].idempotencyKey
            ids[id] = index
            notifications.append(Self.notification(messages[index], id: id))
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(JSONValue.object(["notifications": .array(notifications)]).jsonText.utf8)
        let body: Data
        do {
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                return all(.failure(WebhookSink.StatusError(status: status, body: String(decoding: data.prefix(200), as: UTF8.self))))
            }
            body = data
        } catch {
            return all(.failure(HTTPSinkSession.Failure(error, url: url)))
        }
        // Per-push failures (sync mode); every other push was accepted.
        var failed: [Int: String] = [:]
        let logs = (try? JSONValue(parsing: String(decoding: body, as: UTF8.self)))?["logs"]?.arrayValue ?? []
        for log in logs where log["type"]?.stringValue == "failed-push" {
            if let id = log["notif_id"]?.stringValue, let index = ids[id] { failed[index] = log["error"]?.stringValue ?? "failed" }
        }
        return indices.map { index in
            guard let error = failed[index] else { return (index, .success(.delivered)) }
            if PushReceipt.isDeadTokenAnswer(error) { return (index, .success(.deadToken(reason: error))) }
            return (index, .failure(HandlerError.transient("gorush could not push to a device: \(error)")))
        }
    }
}
