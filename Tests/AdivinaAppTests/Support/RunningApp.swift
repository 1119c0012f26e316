import Foundation
import Models
import TestSupport
import Testing
@testable import AdivinaApp
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `AdivinaServer` on a free port with its own data directory and a tiny web root, spoken to
/// over real HTTP.
@MainActor
final class RunningApp {
    let app: AdivinaServer
    let dataDirectory: URL
    var url: URL { app.url }

    /// Starts the app; `arguments` are extra command-line flags. Outside classroom mode the
    /// stand-ins' test controls are on (`--standin-controls`), so tests can switch services off.
    /// `transport`, if given, carries what the models send over the network; `clock` is the
    /// classroom's one clock.
    init(arguments: [String] = [], dataDirectory: URL? = nil, transport: (any HTTPTransport)? = nil,
         clock: ClassroomRound.Clock = ClassroomRound.Clock()) async throws {
        let data = try dataDirectory ?? Self.temporaryDirectory("data")
        self.dataDirectory = data
        let webRoot = try Self.temporaryDirectory("webroot")
        try TestFiles.write(Data("<!doctype html><title>Adivina</title>".utf8), to: webRoot.appendingPathComponent("index.html"))
        let configuration = try #require(try Configuration.parse(
            ["--port", "0", "--data-dir", data.path, "--webroot", webRoot.path]
                + (arguments.contains("--classroom") ? [] : ["--standin-controls"]) + arguments,
            environment: ["HOME": data.path]))
        app = try await AdivinaServer.start(configuration: configuration, transport: transport, clock: clock)
    }

    func stop() async { await app.shutdown() }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = TestFiles.scratch("adivina-tests-\(name)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: HTTP

    struct Reply {
        var status: Int
        var body: Data
        var headers: [String: String]
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var error: String? { json["error"] as? String }
    }

    /// Sends one request; `body` is sent as is (a JSON text, or anything hostile).
    nonisolated func request(_ method: String, _ path: String, body: String? = nil, base: URL) async throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.dataOffPool(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Reply(status: http.statusCode, body: data, headers: headers)
    }

    func get(_ path: String) async throws -> Reply { try await request("GET", path, base: url) }
    func post(_ path: String, _ body: String? = nil) async throws -> Reply { try await request("POST", path, body: body, base: url) }
    func put(_ path: String, _ body: String? = nil) async throws -> Reply { try await request("PUT", path, body: body, base: url) }
    func delete(_ path: String) async throws -> Reply { try await request("DELETE", path, base: url) }

    /// The state of `app` (`quizzes` or `quiz`) once `condition` holds; after `timeout` records
    /// an issue with the last state seen (and how long the slowest poll took, which tells a
    /// starved process from a model that never got there) and returns that state.
    func state(
        _ app: String, timeout: Duration = hangBound, until condition: ([String: Any]) -> Bool = { _ in true }
    ) async throws -> [String: Any] {
        var slowestPoll = Duration.zero
        let (json, met) = try await eventually(timeout: timeout) { () async throws -> [String: Any] in
            let started = ContinuousClock.now
            defer { slowestPoll = max(slowestPoll, ContinuousClock.now - started) }
            return try await get("/api/\(app)/state").json
        } until: { condition($0) }
        if !met { Issue.record("state of \(app) never met the condition (slowest poll \(slowestPoll)): \(json)") }
        return json
    }

    /// The quizzes state once the first download has finished.
    func loadedQuizzes() async throws -> [String: Any] {
        try await state("quizzes") { ($0["loading"] as? Bool) == false && !(($0["quizzes"] as? [Any]) ?? []).isEmpty }
    }
}

/// The ids of the quizzes in a quizzes snapshot.
func quizIDs(_ state: [String: Any]) -> [Int] {
    ((state["quizzes"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
}

extension RunningApp {
    /// The state of a list app (`books`, `matches`, `movies`) once its first download has ended
    /// with items under `key` (the app's name).
    func loadedList(_ app: String) async throws -> [String: Any] {
        try await state(app) { ($0["loading"] as? Bool) == false && !(($0[app] as? [Any]) ?? []).isEmpty }
    }
}

/// The rows of a list app's state.
func rows(_ state: [String: Any], _ app: String) -> [[String: Any]] {
    (state[app] as? [[String: Any]]) ?? []
}

/// Runs `body` against a fresh app started with `arguments` (on `dataDirectory`, a new one by
/// default, and the classroom's one `clock`), and stops the app afterwards.
@MainActor
func withApp(
    _ arguments: [String] = [], dataDirectory: URL? = nil, clock: ClassroomRound.Clock = ClassroomRound.Clock(),
    _ body: (RunningApp) async throws -> Void
) async throws {
    let running = try await RunningApp(arguments: arguments, dataDirectory: dataDirectory, clock: clock)
    do {
        try await body(running)
        await running.stop()
    } catch {
        await running.stop()
        throw error
    }
}
