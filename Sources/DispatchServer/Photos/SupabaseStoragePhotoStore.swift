import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `PhotoStore` in the bucket `watchlist-photos` of a Supabase project, through the
/// Storage API (`<project URL>/storage/v1/object/…`) with the service key, which bypasses
/// the bucket's policies: callers decide first (see `PhotoStore`). The worker uses it to
/// remove the image of a deleted photo row: a row deleted from `storage.objects` in SQL
/// would leave the file in the object store, and Supabase refuses such deletes anyway.
public final class SupabaseStoragePhotoStore: PhotoStore {
    public let projectURL: URL
    private let serviceKey: String
    private let session: URLSession

    /// `projectURL`: `https://<ref>.supabase.co` (or a self-hosted Supabase's API gateway);
    /// `serviceKey`: the project's service_role key (configuration, never a command-line
    /// argument: `DISPATCH_STORAGE_SERVICE_KEY`).
    public init(projectURL: URL, serviceKey: String, timeout: TimeInterval = 30) {
        self.projectURL = projectURL
        self.serviceKey = serviceKey
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// An answer of the Storage API that is not a success: 408, 429 and 5xx are worth
    /// retrying, anything else is not.
    public struct StatusError: Error, RetryClassifiable, CustomStringConvertible {
        public let method: String
        public let path: String
        public let status: Int
        public let body: String
        public var isTransient: Bool { RetryPolicy.isTransient(httpStatus: status) }
        public var description: String {
            "Supabase Storage answered HTTP \(status) to \(method) \(path)" + (body.isEmpty ? "" : ": \(body.prefix(300))")
        }
    }

    /// `/storage/v1/object/watchlist-photos[/<name>]`.
    func url(_ objectName: String?) -> URL {
        var url = projectURL.appendingPathComponent("storage/v1/object").appendingPathComponent(PhotoPath.bucket)
        if let objectName { url = url.appendingPathComponent(objectName) }
        return url
    }

    public func put(_ data: Data, at path: PhotoPath) async throws {
        var request = request("POST", url(path.objectName))
        request.setValue("image/jpeg", forHTTPHeaderField: "Content-Type")
        request.setValue("true", forHTTPHeaderField: "x-upsert")
        request.httpBody = data
        _ = try await send(request)
    }

    public func get(_ path: PhotoPath) async throws -> Data? {
        for name in path.objectNames {
            let (status, body) = try await send(request("GET", url(name)), accepting: [400, 404])
            if status < 300 { return body }
        }
        return nil
    }

    /// One request for both spellings: the API's bulk delete (`DELETE
    /// /object/<bucket>` with `{"prefixes": [names]}`) answers the objects it removed, none
    /// when they were already gone.
    public func delete(_ path: PhotoPath) async throws {
        var request = request("DELETE", url(nil))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["prefixes": path.objectNames])
        _ = try await send(request)
    }

    private func request(_ method: String, _ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(serviceKey)", forHTTPHeaderField: "Authorization")
        request.setValue(serviceKey, forHTTPHeaderField: "apikey")
        return request
    }

    private func send(_ request: URLRequest, accepting: Set<Int> = []) async throws -> (Int, Data) {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) || accepting.contains(status) else {
            throw StatusError(method: request.httpMethod ?? "", path: request.url?.path ?? "", status: status,
                              body: String(decoding: data, as: UTF8.self))
        }
        return (status, data)
    }
}
