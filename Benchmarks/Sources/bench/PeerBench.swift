import Foundation
import Postgres

/// The peer figure: pgqueuer (PyPI) draining no-op jobs on this machine and this cluster, in
/// a throwaway virtual environment under Benchmarks/.build/ and a database of its own. Never a number
/// written down: when it cannot be installed or run, the report says so and why.
struct PeerFigure: Sendable, CustomStringConvertible {
    var version = ""
    var jobs = 0
    var batch = 0
    var rate: Double?
    var reason = ""

    var description: String {
        guard let rate else { return "pgqueuer: not measured (\(reason))" }
        return String(format: "pgqueuer %@ (PyPI), one QueueManager draining %d no-op jobs in batches of %d, same machine and cluster: %.0f jobs/s",
                      version, jobs, batch, rate)
    }
}

func pgqueuerDrain(jobs: Int, batch: Int) async -> PeerFigure {
    var figure = PeerFigure(jobs: jobs, batch: batch)
    let venv = FileManager.default.currentDirectoryPath + "/Benchmarks/.build/bench-venv"
    let python = venv + "/bin/python"
    let script = FileManager.default.currentDirectoryPath + "/Benchmarks/scripts/pgqueuer_drain.py"
    do {
        if !FileManager.default.isExecutableFile(atPath: python) {
            try run("python3", ["-m", "venv", venv], what: "python3 -m venv")
        }
        try run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "pgqueuer", "asyncpg"],
                what: "pip install pgqueuer asyncpg")
        let context = try await BenchContext.make("pgqueuer", migrated: false)
        guard context.cliConninfo.hasPrefix("postgres") else {
            try? await context.dropDatabase()
            figure.reason = "asyncpg takes a postgresql:// URL; DATABASE_URL is a keyword conninfo"
            return figure
        }
        let drained = Result { try run(python, [script, context.cliConninfo, "\(jobs)", "\(batch)"], what: "pgqueuer_drain.py") }
        try? await context.dropDatabase()
        let output = try drained.get()
        guard let line = output.split(separator: "\n").last, let json = try? JSONValue(parsing: String(line)),
              let rate = json["rate"]?.doubleValue else {
            figure.reason = "unexpected output: \(output.suffix(200))"
            return figure
        }
        figure.version = json["version"]?.stringValue ?? "?"
        figure.rate = rate
    } catch {
        figure.reason = "\(error)"
    }
    return figure
}

/// Runs a program (found on PATH when not a path) and returns its standard output; throws
/// with the end of its output when it fails.
@discardableResult
private func run(_ program: String, _ arguments: [String], what: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
    process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
    // Standard error to a file: two pipes read one after the other could fill and stall.
    let errorPath = NSTemporaryDirectory() + "bench-peer-\(getpid())-stderr.txt"
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    guard process.terminationStatus == 0 else {
        let tail = (errors.isEmpty ? output : errors).split(separator: "\n").suffix(2).joined(separator: " / ")
        throw PostgresError(.client, "\(what) failed (exit \(process.terminationStatus)): \(tail)")
    }
    return output
}
