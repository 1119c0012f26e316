// swift-tools-version: 6.2
// A user's own package, as `scripts/user-package-check` builds it: it depends on Adivina by path
// and tests a SwiftUI-style observation of a model with only the products a user sees.
import PackageDescription

let package = Package(
    name: "UserPackage",
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
