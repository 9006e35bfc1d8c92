import DispatchServer
import Postgres
import Synchronization

/// The shared switches of one running engine: the stop request, the hard stop after the
/// grace period, the loops' doorbells, and the handler tasks in flight (cancelled on a hard
/// stop).
final class EngineControl: Sendable {
    private struct State {
        var stopping = false
        var hardStopped = false
        var inFlight: [Int: Task<[String: [DeliveryResult]], Never>] = [:]
        var listenerConnection: PostgresConnection?
        var stopBells: [Doorbell] = []
        /// Loops waiting for work (between an empty claim and their next one).
        var idle: Set<Int> = []
        var nextIdle = 0
    }

    private let state = Mutex(State())
    let doorbells: [Doorbell]

    init(loops: Int) {
        doorbells = (0..<loops).map { _ in Doorbell() }
    }

    var isStopping: Bool { state.withLock { $0.stopping } }
    var isHardStopped: Bool { state.withLock { $0.hardStopped } }

    /// Every loop looks for work now.
    func ringAll() {
        for doorbell in doorbells { doorbell.ring() }
    }

    /// New work: wakes one idle loop (in turn), so that an idle engine answers a commit with
    /// one claim, not one per loop racing for the same events. With no loop idle, every loop
    /// claims again when its batch is done anyway; they are rung so none sleeps past it.
    func ringForWork() {
        let chosen = state.withLock { state -> Int? in
            guard !state.idle.isEmpty else { return nil }
            let sorted = state.idle.sorted()
            let pick = sorted.first { $0 >= state.nextIdle } ?? sorted[0]
            state.nextIdle = pick + 1
            state.idle.remove(pick)
            return pick
        }
        if let chosen {
            doorbells[chosen].ring()
        } else {
            ringAll()
        }
    }

    /// A loop found nothing to do and is about to wait on its doorbell.
    func setIdle(_ loop: Int, _ idle: Bool) {
        state.withLock { state in
            if idle { state.idle.insert(loop) } else { state.idle.remove(loop) }
        }
    }

    /// Stop claiming; in-flight batches may finish.
    func beginStop() -> Bool {
        let first = state.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        if first {
            ringAll()
            let (listener, bells) = state.withLock { ($0.listenerConnection, $0.stopBells) }
            for bell in bells { bell.ring() }
            if let listener { Task { await listener.close() } }
        }
        return first
    }

    /// Sleeps `timeout`, or less if the engine starts stopping. Each background job gets
    /// a bell of its own, so none can miss the one ring.
    func sleep(_ timeout: Duration, bell: Doorbell) async {
        if isStopping { return }
        await bell.wait(timeout: timeout)
    }

    func makeStopBell() -> Doorbell {
        let bell = Doorbell()
        let stopping = state.withLock { state -> Bool in
            state.stopBells.append(bell)
            return state.stopping
        }
        if stopping { bell.ring() }
        return bell
    }

    /// The grace period is over: cancel the handlers still running (their events are released).
    func hardStop() {
        let tasks = state.withLock { state -> [Task<[String: [DeliveryResult]], Never>] in
            state.hardStopped = true
            return Array(state.inFlight.values)
        }
        for task in tasks { task.cancel() }
    }

    func register(loop: Int, _ task: Task<[String: [DeliveryResult]], Never>) {
        let cancelNow = state.withLock { state -> Bool in
            state.inFlight[loop] = task
            return state.hardStopped
        }
        if cancelNow { task.cancel() }
    }

    func unregister(loop: Int) {
        _ = state.withLock { $0.inFlight.removeValue(forKey: loop) }
    }

    /// The doorbell listener's connection, closed on stop to end its wait.
    func setListenerConnection(_ connection: PostgresConnection?) -> Bool {
        state.withLock { state -> Bool in
            state.listenerConnection = connection
            return !state.stopping
        }
    }
}
