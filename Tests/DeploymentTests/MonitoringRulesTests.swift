import Foundation
import Postgres
import TestSupport
import Testing

/// The alert rules and the dashboard shipped under deploy/: valid for Prometheus
/// (`promtool`, Debian's `prometheus` package), and naming only gauges the exporter's
/// queries define.
@Suite struct MonitoringRulesTests {
    static let promtool = "/usr/bin/promtool"

    /// The metric names deploy/prometheus/queries.yaml gives the exporter: `<query>_<gauge column>`.
    func exportedMetrics() throws -> Set<String> {
        let text = try String(contentsOfFile: TestDatabase.repositoryPath("deploy/prometheus/queries.yaml"), encoding: .utf8)
        var metrics = Set<String>()
        var query: String?
        var column: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.wholeMatch(of: /([a-z_]+):\s*/) { query = String(match.1) }
            if let match = line.wholeMatch(of: /\s+- ([a-z_]+):\s*/) { column = String(match.1) }
            if line.contains("usage: \"GAUGE\""), let query, let column { metrics.insert(query + "_" + column) }
        }
        return metrics
    }

    func metricNames(in expression: String) -> Set<String> {
        Set(expression.matches(of: /dispatch_[a-z_]+/).map { String($0.output) })
    }

    @Test("promtool checks the alert rules and passes their unit tests")
    func promtoolPasses() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.promtool), "apt-get install prometheus (for promtool)")
        let check = try await ChildProcess.run(Self.promtool, ["check", "rules", TestDatabase.repositoryPath("deploy/prometheus/alerts.yml")])
        #expect(check.status == 0 && check.output.contains("SUCCESS"), "\(check.output)")
        let unit = try await ChildProcess.run(Self.promtool, ["test", "rules", TestDatabase.repositoryPath("deploy/prometheus/alerts.test.yml")])
        #expect(unit.status == 0 && unit.output.contains("SUCCESS"), "\(unit.output)")
    }

    @Test("the alerts and the dashboard name only gauges the exporter's queries define, and every gauge is on the dashboard")
    func namesMatchTheExporter() throws {
        let exported = try exportedMetrics()
        #expect(exported.count == 11, "\(exported.sorted())")
        let alerts = try String(contentsOfFile: TestDatabase.repositoryPath("deploy/prometheus/alerts.yml"), encoding: .utf8)
        let alerted = alerts.split(separator: "\n").filter { $0.contains("expr:") }.reduce(into: Set<String>()) {
            $0.formUnion(metricNames(in: String($1)))
        }
        #expect(!alerted.isEmpty && alerted.isSubset(of: exported), "\(alerted.subtracting(exported))")
        let data = try Data(contentsOf: URL(fileURLWithPath: TestDatabase.repositoryPath("deploy/grafana/dispatch-outbox.json")))
        let dashboard = try JSONValue(parsing: String(decoding: data, as: UTF8.self))
        let expressions = (dashboard["panels"]?.arrayValue ?? []).flatMap { $0["targets"]?.arrayValue ?? [] }
            .compactMap { $0["expr"]?.stringValue }
        let charted = expressions.reduce(into: Set<String>()) { $0.formUnion(metricNames(in: $1)) }
        #expect(charted.isSubset(of: exported), "\(charted.subtracting(exported))")
        #expect(exported.subtracting(charted).subtracting(["dispatch_outbox_dead_newest_age_seconds"]).isEmpty,
                "not on the dashboard: \(exported.subtracting(charted))")
    }
}
