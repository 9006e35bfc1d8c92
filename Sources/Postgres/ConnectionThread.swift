import CLibPQ
import Foundation
import Synchronization

/// The thread that owns one libpq connection and serves as its actor's executor.
///
/// libpq is not thread-safe per connection and its calls wait on a socket. Giving each
/// connection its own thread keeps every such wait off Swift's cooperative pool, and
/// code that runs isolated to the connection (a transaction body, a benchmark loop)
/// runs on this thread with no hop per query: the same two wake-ups per round trip as
/// a plain C client.
///
/// While no job is queued the thread sleeps in `poll(2)` on an eventfd (rung by
/// `enqueue`) and, when the connection listens for notifications, on the connection's
/// socket too, so notifications arrive without any query running.
final class ConnectionThread: SerialExecutor, @unchecked Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var sleeping = false
        var stopped = false
    }

    private let queue = Mutex(Queue())
    private let wakeFD: Int32
    private var thread: Thread?  // written once, in init, before the thread starts

    /// Set and read on this thread only: the socket to watch while idle, and what to do
    /// when it becomes readable.
    var idleSocket: Int32 = -1
    var onIdleSocketReadable: (() -> Void)?

    init(name: String) {
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        // The thread holds the executor until `stop()` lets it finish.
        let thread = Thread { self.run() }
        thread.name = name
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let ring = queue.withLock { state -> Bool in
            state.jobs.append(job)
            return state.sleeping
        }
        if ring { ring_() }
    }

    private func ring_() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        precondition(Thread.current === thread, "not on the connection's thread")
    }

    /// Ends the thread once the jobs queued so far have run.
    func stop() {
        queue.withLock { $0.stopped = true }
        ring_()
    }

    private func run() {
        let executor = asUnownedSerialExecutor()
        var batch: [UnownedJob] = []
        while true {
            let stopped = queue.withLock { state -> Bool in
                swap(&batch, &state.jobs)
                state.sleeping = batch.isEmpty && !state.stopped
                return state.stopped
            }
            if !batch.isEmpty {
                for job in batch { job.runSynchronously(on: executor) }
                batch.removeAll(keepingCapacity: true)
                continue
            }
            if stopped { break }
            sleep()
        }
        close(wakeFD)
    }

    private func sleep() {
        var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        if idleSocket >= 0 { fds.append(pollfd(fd: idleSocket, events: Int16(POLLIN), revents: 0)) }
        let n = poll(&fds, nfds_t(fds.count), -1)
        if n > 0 {
            if fds[0].revents != 0 {
                var value: UInt64 = 0
                _ = read(wakeFD, &value, 8)
            }
            if fds.count > 1, fds[1].revents != 0 { onIdleSocketReadable?() }
        }
        queue.withLock { $0.sleeping = false }
    }
}
