// swift-tools-version: 6.2
// A user's own package, as `scripts/user-package-check` builds it: it depends on Adivina by path
// and tests a SwiftUI-style observation of a model with only the products a user sees. Its
// platforms are Adivina's (docs/api.md says so to a student): without them SwiftPM on a Mac
// assumes macOS 10.13 and refuses `Models`, and the test's `Mutex` needs macOS 15 / iOS 18.
import PackageDescription

let package = Package(
    name: "UserPackage",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../Adivina")],
    targets: [
        .testTarget(
            name: "UserPackageTests",
            dependencies: [
                .product(name: "Models", package: "Adivina"),
                .product(name: "ModelsTesting", package: "Adivina"),
            ]),
    ]
)
