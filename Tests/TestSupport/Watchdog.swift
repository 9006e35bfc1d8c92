import Dispatch
import Synchronization

/// Waits for `tasks` to finish, at most `timeout`, and returns how many did not.
///
/// The deadline is a Dispatch timer, not a Task: a test whose awaits never return must fail,
/// not hang, and neither a test's time limit nor a task group can end such an await (both
/// work by cancelling, which is what such an await ignores). The tasks left unfinished are
/// cancelled and left behind.
public func unfinished<T: Sendable, Failure: Error>(_ tasks: [Task<T, Failure>], within timeout: Duration) async -> Int {
    let countdown = Countdown(tasks.count)
    let left = await withCheckedContinuation { continuation in
        countdown.start(continuation)
        for task in tasks {
            Task {
                _ = await task.result
                countdown.settle(finishing: true)
            }
        }
        let (seconds, attoseconds) = timeout.components
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))) {
            countdown.settle(finishing: false)
        }
    }
    if left > 0 { tasks.forEach { $0.cancel() } }
    return left
}

/// The tasks `unfinished` still waits for, and its waiter, resumed once: when the last task
/// ends, or at the deadline with the count left.
private final class Countdown: Sendable {
    private let state: Mutex<(left: Int, waiter: CheckedContinuation<Int, Never>?)>

    init(_ count: Int) { state = Mutex((count, nil)) }

    func start(_ waiter: CheckedContinuation<Int, Never>) {
        state.withLock { $0.waiter = waiter }
        settle(finishing: false, onlyWhenDone: true)
    }

    func settle(finishing: Bool, onlyWhenDone: Bool? = nil) {
        let ready = state.withLock { state -> (CheckedContinuation<Int, Never>, Int)? in
            if finishing { state.left -= 1 }
            guard !(onlyWhenDone ?? finishing) || state.left == 0, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, state.left)
        }
        ready.map { $0.0.resume(returning: $0.1) }
    }
}
