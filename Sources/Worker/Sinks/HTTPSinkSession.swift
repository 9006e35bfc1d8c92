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
