// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, by the user's choice: libpq (libpq-dev) and the Swift
// toolchain's own Foundation, Dispatch and Synchronization are all this builds on.
//
// Linux only, so no `platforms:` entry: the connection thread waits on an eventfd
// (`Sources/CLibPQ/shim.h` includes <sys/eventfd.h>, which macOS lacks). Declaring macOS
// would promise a build nobody runs; a port would replace the eventfd with a pipe or kqueue.
let package = Package(
    name: "Dispatch",
    products: [
        .library(name: "Postgres", targets: ["Postgres"]),
        .library(name: "Migrations", targets: ["Migrations"]),
        .library(name: "DispatchServer", targets: ["DispatchServer"]),
        .library(name: "Worker", targets: ["Worker"]),
        .executable(name: "migrate", targets: ["migrate"]),
        .executable(name: "dispatch-worker", targets: ["dispatch-worker"]),
        // For the benchmarks (Benchmarks/, a package of their own): the tests' harness and
        // the worker built with the test handlers. Nothing under Sources/ depends on them.
        // The leading underscore says the harness is no API of this package (as postgres-nio
        // names its own): a package that depends on Dispatch has no use for it.
        .library(name: "_DispatchTestSupport", targets: ["TestSupport"]),
        .executable(name: "dispatch-worker-testing", targets: ["dispatch-worker-testing"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "Postgres", dependencies: ["CLibPQ"]),
        .target(name: "Migrations", dependencies: ["Postgres"]),
        // The module is `DispatchServer`: a module named `Dispatch` would shadow the
        // system's libdispatch, which Foundation imports.
        .target(name: "DispatchServer", dependencies: ["Postgres"]),
        .target(name: "Worker", dependencies: ["Postgres", "DispatchServer"]),
        .executableTarget(name: "migrate", dependencies: ["Migrations"]),
        .executableTarget(name: "dispatch-worker", dependencies: ["Worker"]),
        // The tests' harness (a database per suite, PgBouncer, a standby, child processes);
        // the benchmarks use it too.
        .target(name: "TestSupport", dependencies: ["Postgres", "Migrations"], path: "Tests/TestSupport"),
        // Handlers only tests and benchmarks use (no-op, sleep), and the worker executable
        // built with them: kept out of Sources so the shipped `dispatch-worker` cannot run them.
        .target(name: "WorkerTestSupport", dependencies: ["Worker"], path: "Tests/WorkerTestSupport"),
        .executableTarget(name: "dispatch-worker-testing", dependencies: ["Worker", "WorkerTestSupport"],
                          path: "Tests/DispatchWorkerTesting"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"]),
        // Golden: the generated SQL the manifest tests compare with, read from the source tree.
        .testTarget(name: "MigrationsTests", dependencies: ["Migrations", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "DispatchServerTests", dependencies: ["DispatchServer", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "WorkerTests", dependencies: ["Worker", "WorkerTestSupport", "TestSupport"]),
        // SQL: the isolation suite's row builder, loaded into its templates from the source tree.
        .testTarget(name: "SecurityTests", dependencies: ["DispatchServer", "Migrations", "TestSupport"], exclude: ["SQL"]),
        // Behind PgBouncer, on a streaming standby, scraped by prometheus-postgres-exporter.
        .testTarget(name: "DeploymentTests", dependencies: ["Postgres", "Migrations", "DispatchServer", "Worker", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
