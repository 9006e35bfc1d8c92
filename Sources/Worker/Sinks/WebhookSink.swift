import DispatchServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs each push as JSON to a URL (an APNs relay, a gateway). 2xx is delivered; 408, 429
/// and 5xx are retried with the worker's backoff; any other status is permanent (retrying
/// cannot change the answer), as are malformed payloads.
public final class WebhookSink: PushSink {
    public let url: URL
    private let session: URLSession
    /// Requests in flight at once within one batch.
    public let parallelism: Int

    public init(url: URL, timeout: TimeInterval = 10, parallelism: Int = 8) {
        self.url = url
        self.parallelism = max(1, parallelism)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = self.parallelism
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public struct StatusError: Error, RetryClassifiable, CustomStringConvertible {
        public let status: Int
        public let body: String
        public var isTransient: Bool { RetryPolicy.isTransient(httpStatus: status) }
        public var description: String { "webhook answered HTTP \(status)" + (body.isEmpty ? "" : ": \(body)") }
    }

    public func send(_ messages: [PushMessage]) async -> [Result<Void, any Error>] {
        var results = [Result<Void, any Error>](repeating: .success(()), count: messages.count)
        await withTaskGroup(of: (Int, Result<Void, any Error>).self) { group in
            var next = 0
            func start() {
                let index = next
                next += 1
                let message = messages[index]
                group.addTask { (index, await self.post(message)) }
            }
            while next < min(parallelism, messages.count) { start() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < messages.count { start() }
            }
        }
        return results
    }

    private func post(_ message: PushMessage) async -> Result<Void, any Error> {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let priority = message.payload.aps.priority {
            request.setValue(String(priority), forHTTPHeaderField: "apns-priority")
        }
        request.setValue(message.notificationID.uuidString.lowercased(), forHTTPHeaderField: "Idempotency-Key")
        do {
            request.httpBody = try message.envelope()
        } catch {
            return .failure(HandlerError.permanent("cannot encode the payload: \(error)"))
        }
        do {
            let (body, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            if (200..<300).contains(status) { return .success(()) }
            return .failure(StatusError(status: status, body: String(decoding: body.prefix(200), as: UTF8.self)))
        } catch {
            return .failure(error)
        }
    }
}
