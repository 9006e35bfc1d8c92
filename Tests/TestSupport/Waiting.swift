import Foundation

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
public func eventually(timeout: Duration = .seconds(15), every interval: Duration = .milliseconds(50),
                       _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: interval)
    }
    return try await condition()
}

/// The project's executables (`migrate`, `dispatch-worker`) as built for the tests: next to
/// the test bundle, else in .build/debug.
public func builtExecutable(_ name: String) -> String {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)").path
}
