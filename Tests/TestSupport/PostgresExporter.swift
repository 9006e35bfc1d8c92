import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Postgres

/// Debian's prometheus-postgres-exporter on a loopback port, reading one database with a
/// queries file (`--extend.query-path`), its built-in collectors switched off so that
/// `/metrics` holds the file's metrics and the exporter's own.
public final class PostgresExporter: Sendable {
    public static let executable = "/usr/bin/prometheus-postgres-exporter"

    public let port: Int
    let process: ChildProcess

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    public var metricsURL: URL { URL(string: "http://127.0.0.1:\(port)/metrics")! }

    /// What the exporter logged.
    public var log: String { process.stderr }

    /// Starts the exporter on `database` (a `postgresql:` URL; `sslmode=disable` is added
    /// unless it says otherwise, since the Go driver defaults to TLS) with `queries`.
    public static func start(database url: String, queries: String) async throws -> PostgresExporter {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw PostgresError(.client, "\(executable) is missing: apt-get install prometheus-postgres-exporter")
        }
        let source = url.contains("sslmode=") ? url : url + (url.contains("?") ? "&" : "?") + "sslmode=disable"
        // A free port can be taken by someone else before the exporter binds it: try again.
        var lastLog = ""
        for _ in 0..<3 {
            let port = try freeLoopbackPort()
            let process = try ChildProcess(executable, [
                "--web.listen-address=127.0.0.1:\(port)", "--extend.query-path=\(queries)",
                "--disable-default-metrics", "--disable-settings-metrics",
                "--no-collector.database", "--no-collector.bgwriter", "--log.level=warn",
            ], environment: ["DATA_SOURCE_NAME": source])
            let exporter = PostgresExporter(port: port, process: process)
            let deadline = ContinuousClock.now + .seconds(10)
            while process.isRunning, ContinuousClock.now < deadline {
                if (try? await exporter.metrics()) != nil { return exporter }
                try await Task.sleep(for: .milliseconds(50))
            }
            lastLog = process.stderr
            await exporter.stop()
        }
        throw PostgresError(.client, "prometheus-postgres-exporter did not start: \(lastLog)")
    }

    /// `start`, then `body`; the exporter is stopped afterwards, whether `body` returns or throws.
    public static func with<T>(database url: String, queries: String, _ body: (PostgresExporter) async throws -> T) async throws -> T {
        let exporter = try await start(database: url, queries: queries)
        do {
            let value = try await body(exporter)
            await exporter.stop()
            return value
        } catch {
            await exporter.stop()
            throw error
        }
    }

    /// One scrape: the text of `/metrics`.
    public func metrics() async throws -> String {
        var request = URLRequest(url: metricsURL)
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw PostgresError(.client, "GET \(metricsURL) answered \(String(describing: response))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The value of the sample `name{labels}` in a scrape (labels in any order), nil when
    /// the scrape has no such sample.
    public static func value(_ name: String, _ labels: [String: String] = [:], in metrics: String) -> Double? {
        for line in metrics.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let series = line[..<space]
            let seriesName = series.prefix { $0 != "{" }
            guard seriesName == name else { continue }
            var found: [String: String] = [:]
            if let open = series.firstIndex(of: "{"), series.hasSuffix("}") {
                for pair in series[series.index(after: open)..<series.index(before: series.endIndex)].split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    found[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
            if labels.allSatisfy({ found[$0.key] == $0.value }) { return Double(line[line.index(after: space)...]) }
        }
        return nil
    }

    public func stop() async {
        process.signal(SIGTERM)
        if await process.wait(timeout: .seconds(5)) == nil {
            process.signal(SIGKILL)
            await process.wait()
        }
        process.removeOutput()
    }

    /// A port nobody listens on at the moment (bound to 0, read, released).
    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
