import Foundation
import Postgres
import Synchronization

/// A child process for tests: started with arguments and environment, its output going to
/// files, awaited without blocking the cooperative pool.
///
/// Spawned with posix_spawn rather than Foundation's `Process`: that one learns of an exit
/// through a socket the child inherits, so a child that starts a daemon (`pg_ctl start`)
/// never "exits" while the daemon lives. Here the child inherits no descriptor beyond 0-2,
/// and a thread of its own reaps it with waitpid.
public final class ChildProcess: Sendable {
    private final class ExitState: Sendable {
        let state = Mutex<(status: Int32?, waiters: [CheckedContinuation<Int32, Never>])>((nil, []))
    }

    private let exit = ExitState()
    public let pid: Int32
    public let stdoutPath: String
    public let stderrPath: String

    /// Starts `executable` with `arguments`; `environment` is added to this process's own
    /// (less `databaseVariables`).
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], outputPrefix: String? = nil) throws {
        let prefix = outputPrefix ?? (NSTemporaryDirectory() + "child-\(UUID().uuidString.prefix(8))")
        stdoutPath = prefix + ".out"
        stderrPath = prefix + ".err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        Self.closeFrom3(&actions)

        let environment = Self.environment(inherited: ProcessInfo.processInfo.environment, adding: environment)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // A fresh signal state: the spawning thread (a Swift or Dispatch worker) blocks most
        // signals, and a child would inherit that mask and never see SIGTERM or SIGINT.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)
        }
        self.pid = pid

        let exit = self.exit
        let child = pid
        let reaper = Thread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            // Exit code, or the signal's number for a killed process.
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : status & 0x7f
            let waiters = exit.state.withLock { state -> [CheckedContinuation<Int32, Never>] in
                state.status = code
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: code) }
        }
        reaper.name = "reap-\(child)"
        reaper.start()
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), looked up at run time as the
    /// Swift overlay does not export it; without it the child inherits what is not CLOEXEC.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
        _ = closeFrom(&actions, 3)
    }

    /// The variables that name an application's databases (`ConnectionRoles`). A child gets
    /// them only from the test that starts it: inherited from the shell that ran the tests,
    /// they could name a production database, and a migrate or worker started without its
    /// own would work on it.
    public static let databaseVariables = [
        ConnectionRoles.primaryVariable, ConnectionRoles.directVariable, ConnectionRoles.readVariable,
    ]

    /// A child's environment: `inherited` without `databaseVariables`, plus `added`.
    public static func environment(inherited: [String: String], adding added: [String: String]) -> [String: String] {
        inherited.filter { !databaseVariables.contains($0.key) }.merging(added) { _, new in new }
    }

    /// Runs a command to its end; returns its status and output (stdout + stderr).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        let child = try ChildProcess(executable, arguments, environment: environment)
        let status = await child.wait()
        defer { child.removeOutput() }
        return (status, child.stdout + child.stderr)
    }

    public func signal(_ number: Int32) { kill(pid, number) }

    public var isRunning: Bool { exit.state.withLock { $0.status == nil } }

    /// The exit status (or the signal's number for a killed process).
    @discardableResult
    public func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = exit.state.withLock { state -> Int32? in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    /// Waits at most `timeout`; nil when still running.
    public func wait(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = exit.state.withLock({ $0.status }) { return status }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return exit.state.withLock { $0.status }
    }

    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    public func removeOutput() {
        try? FileManager.default.removeItem(atPath: stdoutPath)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    deinit {
        if isRunning { kill(pid, SIGKILL) }
    }
}
