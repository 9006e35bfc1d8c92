import Synchronization

/// A NOTIFY received on a channel this connection listens on.
public struct PostgresNotification: Sendable, Hashable {
    public var channel: String
    public var payload: String
    /// The server process that sent it.
    public var pid: Int
}

/// The notifications of one `listen(on:)` scope.
public struct PostgresNotifications: AsyncSequence, Sendable {
    public typealias Element = PostgresNotification
    let stream: AsyncThrowingStream<PostgresNotification, Error>

    public func makeAsyncIterator() -> AsyncThrowingStream<PostgresNotification, Error>.AsyncIterator {
        stream.makeAsyncIterator()
    }
}

/// Routes notifications to the listeners of each channel. Shared between the actor
/// and its thread's idle hook, hence the lock.
final class NotificationHub: Sendable {
    typealias Continuation = AsyncThrowingStream<PostgresNotification, Error>.Continuation
    private let subscribers = Mutex<[String: [Int: Continuation]]>([:])
    private let nextID = Atomic<Int>(0)

    func subscribe(_ channel: String) -> (AsyncThrowingStream<PostgresNotification, Error>, Int) {
        let (stream, continuation) = AsyncThrowingStream<PostgresNotification, Error>.makeStream()
        let id = nextID.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[channel, default: [:]][id] = continuation }
        return (stream, id)
    }

    func unsubscribe(_ channel: String, _ id: Int) {
        let continuation = subscribers.withLock { state -> Continuation? in
            let removed = state[channel]?.removeValue(forKey: id)
            if state[channel]?.isEmpty == true { state[channel] = nil }
            return removed
        }
        continuation?.finish()
    }

    func subscriberCount(_ channel: String) -> Int { subscribers.withLock { $0[channel]?.count ?? 0 } }
    var isEmpty: Bool { subscribers.withLock { $0.isEmpty } }

    func deliver(_ notifications: [PostgresNotification]) {
        guard !notifications.isEmpty else { return }
        let current = subscribers.withLock { $0 }
        for notification in notifications {
            for continuation in current[notification.channel]?.values ?? [:].values {
                continuation.yield(notification)
            }
        }
    }

    func finishAll(throwing error: PostgresError) {
        let all = subscribers.withLock { state -> [Continuation] in
            defer { state.removeAll() }
            return state.values.flatMap(\.values)
        }
        for continuation in all { continuation.finish(throwing: error) }
    }
}
