// swift-tools-version: 6.2
// Adivina: the model layer of the course's SwiftUI apps, served to the browser as a live web app.
// No package dependencies: only the toolchain and the system's SQLite and zlib.
//
// Swift 6.2 or later (Xcode 26, which runs on macOS 15.6+): the code uses `isolated deinit`,
// `weak let` and exit tests; an older toolchain gets SwiftPM's own message from the line above.
// `scripts/check-toolchain-minimum` keeps every document naming the same minimum.
//
// Platforms: the server and its executable build on Linux and macOS 15+; the libraries a
// student's app uses (Signals, Models, QuestionSets, ModelsTesting, MarkupText, Workbook) build on iOS 18+ too
// (Synchronization's Mutex and Observation need those versions). What differs between the
// systems lives in one seam file per module (`scripts/check-portability` keeps it so), and the
// build `-Xcc -DADIVINA_PORTABLE -Xswiftc -DADIVINA_PORTABLE` runs on Linux the code a Mac runs.
import PackageDescription

let package = Package(
    name: "Adivina",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "adivina", targets: ["adivina"]),
        .executable(name: "signals-bench", targets: ["SignalsBench"]),
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "Models", targets: ["Models"]),
        .library(name: "ModelsTesting", targets: ["ModelsTesting"]),
    ],
    targets: [
        // The reactive core: State, Computed, effects, batch, async bridge.
        .target(name: "Signals"),
        // The system's libsqlite3 (Debian: libsqlite3-dev; Apple's SDKs ship it).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The system's zlib (Debian: zlib1g-dev; Apple's SDKs ship it): gzip for the static
        // file server's text files.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // A teacher's question set: its questions, options, answers, images and kinds, their
        // JSON, limits and judging. Nothing of the room: the question banks build on it alone.
        .target(name: "QuestionSets"),
        // Items, models, remote clients and the SQLite store (re-exports QuestionSets).
        .target(name: "Models", dependencies: ["Signals", "CSQLite", "Workbook", "MarkupText", "QuestionSets"]),
        // Question banks in and out (GIFT, Aiken, Moodle XML, quizzes.json): one reader and one
        // writer per format, read as Moodle's own parsers read them (Tests/Oracle judges it).
        .target(name: "QuestionBanks", dependencies: ["QuestionSets", "MarkupText"]),
        // Test doubles for code built on the models (a scripted or routed HTTP transport): a
        // product of its own, for users' test targets.
        .target(name: "ModelsTesting", dependencies: ["Models"]),
        // The server's system calls: readiness (epoll on Linux, poll(2) on macOS and in the
        // portable build), sockets, files, clocks, signals; Platform.c is its seam.
        .target(name: "CEventLoop"),
        // Text made safe for HTML and XML: the one escaping the server, the pages and the QR code share.
        .target(name: "MarkupText"),
        // Office Open XML workbooks (.xlsx) written as a zip of XML parts through the system's zlib.
        .target(name: "Workbook", dependencies: ["CZlib", "MarkupText"]),
        // HTTP/1.1 on sockets: parser, router, static files, server-sent events.
        .target(name: "HTTPServer", dependencies: ["CEventLoop", "CZlib", "MarkupText"]),
        // Offline stand-ins for the remote services, at their real paths.
        .target(name: "StandIns", dependencies: ["HTTPServer"], resources: [.copy("Data")]),
        // QR code symbols (ISO/IEC 18004) drawn as SVG, for the classroom join link.
        .target(name: "QRCode", dependencies: ["MarkupText"]),
        // Configuration and wiring: models ⇄ routes ⇄ SSE topics.
        .target(name: "AdivinaApp", dependencies: ["Signals", "Models", "QuestionBanks", "HTTPServer", "StandIns", "QRCode", "MarkupText"]),
        .executableTarget(name: "adivina", dependencies: ["AdivinaApp"]),
        .executableTarget(name: "SignalsBench", dependencies: ["Signals"]),
        // Test support, not a product: a child process that writes the Store until StoreCrashTests
        // kills it with SIGKILL (a separate process is the only honest way to die mid-write).
        .executableTarget(name: "StoreCrashProbe", dependencies: ["Models"]),
        // Benchmarks and the connection leak test drive this small server (not a product):
        // a JSON route, static files, an event stream and a broadcast trigger.
        .executableTarget(name: "HTTPBenchServer", dependencies: ["HTTPServer"]),

        .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
        .testTarget(name: "MarkupTextTests", dependencies: ["MarkupText"]),
        .testTarget(name: "WorkbookTests", dependencies: ["Workbook", "TestSupport"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"]),
        .testTarget(
            name: "ModelsTests", dependencies: ["TestSupport", "Models", "ModelsTesting", "Signals", "StoreCrashProbe"]),
        .testTarget(name: "QuestionSetsTests", dependencies: ["QuestionSets"]),
        // Models only for QuizSetFileTests: an exported quizzes.json read back by the room's LocalQuizFile.
        .testTarget(name: "QuestionBanksTests", dependencies: ["QuestionBanks", "QuestionSets", "Models", "TestSupport"]),
        // docs/api.md's example of a user's test: only the products a user's test target sees.
        .testTarget(name: "ModelsTestingTests", dependencies: ["Models", "ModelsTesting"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPBenchServer", "TestSupport", "CZlib"]),
        .testTarget(name: "StandInsTests", dependencies: ["TestSupport", "StandIns", "HTTPServer"]),
        .testTarget(
            name: "AdivinaAppTests", dependencies: ["AdivinaApp", "Models", "QuestionBanks", "HTTPServer", "QRCode", "MarkupText", "TestSupport", "adivina"]),
        // What several test targets share: the own fixtures in Tests/Fixtures and the real ones
        // beside the repository (when present), child processes and waiting without blocking a thread.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
    ]
)

// The request parser's libFuzzer target, declared only when FUZZ is set so that a plain
// `swift build` never needs the fuzzer runtime. Build and run it with `scripts/fuzz-http-parser`.
if Context.environment["FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "HTTPParserFuzz", dependencies: ["HTTPServer"]))
    package.products.append(.executable(name: "http-parser-fuzz", targets: ["HTTPParserFuzz"]))
}
