import Dispatch
import Foundation

/// Log lines to stderr (stdout is the push sink when it is `stdout`), written from a serial
/// queue so that logging never blocks a task on the cooperative pool.
public struct WorkerLog: Sendable {
    private let queue: DispatchQueue?
    private let prefix: String
    private let sink: (@Sendable (String) -> Void)?

    /// Logs to stderr as `<prefix> <time> <message>`.
    public init(prefix: String = "dispatch-worker") {
        self.prefix = prefix
        queue = DispatchQueue(label: "dispatch-worker.log")
        sink = nil
    }

    /// Logs to a closure (tests), or nowhere (nil).
    public init(sink: (@Sendable (String) -> Void)?) {
        prefix = ""
        queue = nil
        self.sink = sink
    }

    public static let silent = WorkerLog(sink: nil)

    public func info(_ message: @autoclosure () -> String) { emit(message()) }

    public func warning(_ message: @autoclosure () -> String) { emit("WARNING " + message()) }

    /// A machine-readable line (one JSON object), written as it is: no prefix, no time of
    /// its own, so a log pipeline parses every line that starts with `{`.
    public func record(_ json: String) { emit(json, bare: true) }

    /// Blocks until every line logged so far is written (before exit).
    public func flush() { queue?.sync {} }

    private func emit(_ message: String, bare: Bool = false) {
        if let sink {
            sink(message)
            return
        }
        guard let queue else { return }
        let line = bare ? message + "\n" : "\(prefix) \(Self.timestamp()) \(message)\n"
        queue.async {
            var bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
                if written <= 0 { if errno == EINTR { continue }; return }
                offset += written
            }
        }
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(format: "%02d:%02d:%02d.%03d", parts.tm_hour, parts.tm_min, parts.tm_sec, Int(now.tv_nsec / 1_000_000))
    }
}
