// swift-tools-version: 6.0
// The Hummingbird 2 peer of benchmarks/http-wrk.sh. Never built inside the repository: the script
// copies this folder to a scratch folder (BENCH_SCRATCH) and builds it there in release mode.
import PackageDescription

let package = Package(
    name: "HBBench",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1")],
    targets: [
        .executableTarget(name: "HBBench", dependencies: [.product(name: "Hummingbird", package: "hummingbird")])
    ]
)
