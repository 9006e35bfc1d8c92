import Worker

/// Does nothing: measures the queue itself (benchmarks), or drains a handler's backlog.
public struct NoopHandler: OutboxHandler {
    public let name: String
    public init(name: String) { self.name = name }

    public func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        Array(repeating: .done, count: events.count)
    }
}

/// Sleeps per batch, then succeeds: a worker visibly holding a batch (lease and kill tests).
public struct SleepHandler: OutboxHandler {
    public let name: String
    public let delay: Duration
    public init(name: String, delay: Duration) {
        self.name = name
        self.delay = delay
    }

    public func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        do {
            try await Task.sleep(for: delay)
        } catch {
            return Array(repeating: .failed(message: "cancelled", retryable: true), count: events.count)
        }
        return Array(repeating: .done, count: events.count)
    }
}

/// The handler kinds `dispatch-worker-testing` adds to the shipped ones:
/// `--handlers name=noop` and `--handlers name=sleep:MILLISECONDS`.
public enum TestHandlerKinds {
    public static let all: [String: HandlerFactory.Kind] = [
        "noop": { name, argument in
            guard argument == nil else { throw HandlerError.permanent("noop takes no argument") }
            return NoopHandler(name: name)
        },
        "sleep": { name, argument in
            guard let ms = argument.flatMap({ Int($0) }), ms >= 0 else {
                throw HandlerError.permanent("sleep takes milliseconds: sleep:MS")
            }
            return SleepHandler(name: name, delay: .milliseconds(ms))
        },
    ]
}
