// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, by the user's choice: libpq (libpq-dev) and the Swift
// toolchain's own Foundation, Dispatch and Synchronization are all this builds on.
let package = Package(
    name: "Dispatch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Postgres", targets: ["Postgres"]),
        .library(name: "Migrations", targets: ["Migrations"]),
        .library(name: "DispatchServer", targets: ["DispatchServer"]),
        .library(name: "Worker", targets: ["Worker"]),
        .executable(name: "migrate", targets: ["migrate"]),
        .executable(name: "dispatch-worker", targets: ["dispatch-worker"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        .target(name: "Postgres", dependencies: ["CLibPQ"]),
        .target(name: "Migrations", dependencies: ["Postgres"]),
        // The module is `DispatchServer`: a module named `Dispatch` would shadow the
        // system's libdispatch, which Foundation imports.
        .target(name: "DispatchServer", dependencies: ["Postgres"]),
        .target(name: "Worker", dependencies: ["Postgres", "DispatchServer"]),
        .executableTarget(name: "migrate", dependencies: ["Migrations"]),
        .executableTarget(name: "dispatch-worker", dependencies: ["Worker"]),
        .executableTarget(name: "bench", dependencies: ["Postgres", "Migrations", "DispatchServer", "Worker"]),
        .target(name: "TestSupport", dependencies: ["Postgres", "Migrations"], path: "Tests/TestSupport"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"]),
        .testTarget(name: "MigrationsTests", dependencies: ["Migrations", "TestSupport"]),
        .testTarget(name: "DispatchServerTests", dependencies: ["DispatchServer", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "WorkerTests", dependencies: ["Worker", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
