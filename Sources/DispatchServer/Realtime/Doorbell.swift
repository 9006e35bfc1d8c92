import Synchronization

/// A wake-up signal between a NOTIFY listener and whoever reads the outbox.
///
/// Rings coalesce: however many arrive while nobody waits, the next `wait` returns at once,
/// once. That is exactly the doorbell's meaning ("something changed since you last looked"),
/// so a burst of commits costs one re-read, never a queue of wake-ups.
public final class Doorbell: Sendable {
    /// The NOTIFY channel the outbox rings on each commit: `outbox.doorbell_channel()` in SQL,
    /// which a test holds equal to this.
    public static let channel = "dispatch_outbox"

    private struct Waiter {
        let continuation: CheckedContinuation<Bool, Never>
        var timeout: Task<Void, Never>?
    }

    private struct State {
        var rung = false
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes every waiter; with none waiting, the next `wait` returns at once.
    public func ring() {
        let woken = state.withLock { state -> [Waiter] in
            guard !state.waiters.isEmpty else {
                state.rung = true
                return []
            }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken {
            waiter.timeout?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Forgets a ring nobody waited for: call it just before reading the outbox, so that
    /// only rings after the read wake the next `wait`.
    public func reset() {
        state.withLock { $0.rung = false }
    }

    /// Waits for a ring, at most `timeout` (nil = no limit), returning early when the task
    /// is cancelled. True when rung.
    @discardableResult
    public func wait(timeout: Duration?) async -> Bool {
        let id = state.withLock { state -> UInt64? in
            if state.rung {
                state.rung = false
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let early = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiters[id] = Waiter(continuation: continuation, timeout: nil)
                    return false
                }
                if early {
                    continuation.resume(returning: true)
                    return
                }
                guard let timeout else { return }
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { self?.resume(id, rung: false) }
                }
                let stillWaiting = state.withLock { state -> Bool in
                    guard state.waiters[id] != nil else { return false }
                    state.waiters[id]?.timeout = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
        } onCancel: {
            resume(id, rung: false)
        }
    }

    private func resume(_ id: UInt64, rung: Bool) {
        guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: id) }) else { return }
        waiter.timeout?.cancel()
        waiter.continuation.resume(returning: rung)
    }
}
