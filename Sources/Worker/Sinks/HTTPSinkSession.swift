import DispatchServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the HTTP sinks share: a session and a bounded number of requests in flight.
enum HTTPSinkSession {
    static func make(timeout: TimeInterval, connections: Int) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = connections
        return URLSession(configuration: configuration)
    }

    /// A request that got no answer, as one line for the log ("push gateway
    /// http://relay/push unreachable: Could not connect to the server (URLError -1004)")
    /// instead of Foundation's NSError dump; as transient as the error it wraps.
    struct Failure: Error, RetryClassifiable, CustomStringConvertible {
        let underlying: any Error
        let url: URL

        init(_ underlying: any Error, url: URL) {
            self.underlying = underlying
            self.url = url
        }

        var isTransient: Bool { RetryPolicy.isTransient(underlying) }

        var description: String {
            let reason: String
            if let error = underlying as? URLError {
                reason = "\(error.localizedDescription) (URLError \(error.code.rawValue))"
            } else {
                let error = underlying as NSError
                reason = "\(error.localizedDescription) (\(error.domain) \(error.code))"
            }
            let host = url.host.map { $0 + (url.port.map { ":\($0)" } ?? "") } ?? url.absoluteString
            return "push gateway \(host) unreachable: " + reason.replacingOccurrences(of: "\n", with: " ")
        }
    }

    /// Runs `work(0..<count)`, at most `parallelism` at a time; results in index order.
    static func inParallel<T: Sendable>(
        _ count: Int, _ parallelism: Int, _ work: @escaping @Sendable (Int) async -> T
    ) async -> [T] {
        var results = [T?](repeating: nil, count: count)
        await withTaskGroup(of: (Int, T).self) { group in
            var next = 0
            while next < min(parallelism, count) {
                let index = next
                group.addTask { (index, await work(index)) }
                next += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < count {
                    let index = next
                    group.addTask { (index, await work(index)) }
                    next += 1
                }
            }
        }
        return results.map { $0! }
    }
}
