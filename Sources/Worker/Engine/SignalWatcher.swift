import Dispatch
import Foundation

/// SIGINT and SIGTERM as DispatchSource events (not C signal handlers, which may do almost
/// nothing safely): the first asks for a graceful stop, a second one for an immediate stop.
public final class SignalWatcher: @unchecked Sendable {
    // Set once in init; DispatchSource is thread-safe.
    private let sources: [any DispatchSourceSignal]

    public init(onStop: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void) {
        let queue = DispatchQueue(label: "dispatch-worker.signals")
        let counter = SignalCounter()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { onStop(number, counter.increment()) }
            source.resume()
            return source
        }
    }

    public func cancel() {
        for source in sources { source.cancel() }
    }
}

/// Only touched on the signal queue.
private final class SignalCounter: @unchecked Sendable {
    private var count = 0
    func increment() -> Int {
        count += 1
        return count
    }
}
