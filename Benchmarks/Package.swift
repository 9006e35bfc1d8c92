// swift-tools-version: 6.0
import PackageDescription

// `make bench`: the benchmarks, a package of their own so that nothing the server ships
// depends on the tests' harness. It uses the server's modules and the tests' harness
// (module TestSupport, product _DispatchTestSupport: PgBouncer, a streaming standby) as products of the root package, and starts
// the worker executables (`dispatch-worker`, `dispatch-worker-testing`), which `make bench`
// builds through this package so that they land next to `bench`, where it looks for them.
let package = Package(
    name: "Benchmarks",
    dependencies: [
        .package(name: "Dispatch", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "bench",
            dependencies: [
                .product(name: "Postgres", package: "Dispatch"),
                .product(name: "Migrations", package: "Dispatch"),
                .product(name: "DispatchServer", package: "Dispatch"),
                .product(name: "Worker", package: "Dispatch"),
                .product(name: "_DispatchTestSupport", package: "Dispatch"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
