import DispatchServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Postgres

/// POSTs each push, one request per device, as JSON (`PushMessage.envelope`: `environment`,
/// `notification_id`, `payload`, `platform`, `token`, `user_id`) to a URL: an APNs/FCM
/// relay of your own. The relay answers per token, as APNs does:
/// - 2xx: delivered;
/// - HTTP 410, or any status with a JSON body whose `reason` or `error` says the token is
///   unregistered (`PushReceipt.isDeadTokenAnswer`: `Unregistered`, `UNREGISTERED` …): the
///   token is dead, and the worker disables that device;
/// - 408, 429 and 5xx: retried with the worker's backoff; any other status is permanent
///   (retrying cannot change the answer), as are malformed payloads.
public final class WebhookSink: PushSink {
    public let url: URL
    private let session: URLSession
    /// Requests in flight at once within one batch.
    public let parallelism: Int

    public init(url: URL, timeout: TimeInterval = 10, parallelism: Int = 8) {
        self.url = url
        self.parallelism = max(1, parallelism)
        session = HTTPSinkSession.make(timeout: timeout, connections: self.parallelism)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public struct StatusError: Error, RetryClassifiable, CustomStringConvertible {
        public let status: Int
        public let body: String
        public var isTransient: Bool { RetryPolicy.isTransient(httpStatus: status) }
        public var description: String { "push gateway answered HTTP \(status)" + (body.isEmpty ? "" : ": \(body)") }
    }

    public func send(_ messages: [PushMessage]) async -> [Result<PushReceipt, any Error>] {
        await HTTPSinkSession.inParallel(messages.count, parallelism) { index in await self.post(messages[index]) }
    }

    private func post(_ message: PushMessage) async -> Result<PushReceipt, any Error> {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let priority = message.payload.aps.priority {
            request.setValue(String(priority), forHTTPHeaderField: "apns-priority")
        }
        // One push per notification and device: a relay can drop a retried duplicate, and a
        // device shows a push that arrives twice once.
        request.setValue(message.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        request.setValue(message.collapseID, forHTTPHeaderField: "apns-collapse-id")
        do {
            request.httpBody = try message.envelope()
        } catch {
            return .failure(HandlerError.permanent("cannot encode the payload: \(error)"))
        }
        do {
            let (body, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let reason = Self.reason(body)
            if status == 410 { return .success(.deadToken(reason: reason ?? "HTTP 410")) }
            if let reason, PushReceipt.isDeadTokenAnswer(reason) { return .success(.deadToken(reason: reason)) }
            if (200..<300).contains(status) { return .success(.delivered) }
            return .failure(StatusError(status: status, body: String(decoding: body.prefix(200), as: UTF8.self)))
        } catch {
            return .failure(HTTPSinkSession.Failure(error, url: url))
        }
    }

    /// The `reason` (APNs' name) or `error` string of a JSON object body, if any.
    static func reason(_ body: Data) -> String? {
        guard !body.isEmpty, body.count <= 65_536,
              let object = (try? JSONValue(parsing: String(decoding: body, as: UTF8.self)))?.objectValue else { return nil }
        return object["reason"]?.stringValue ?? object["error"]?.stringValue
    }
}
