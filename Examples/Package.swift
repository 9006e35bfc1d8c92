// swift-tools-version: 6.0
import PackageDescription

// A package of your own that uses the Dispatch server's libraries: the lines below are the
// ones README.md ("Use it from your own Swift package") tells you to write. This one points
// at the checkout it lives in; yours names a path or a git URL of the repository.
let package = Package(
    name: "DispatchExample",
    dependencies: [
        .package(name: "Dispatch", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "DispatchExample",
            dependencies: [
                .product(name: "Postgres", package: "Dispatch"),
                .product(name: "DispatchServer", package: "Dispatch"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
