import Foundation
import Models
import Synchronization
import Testing
@testable import AdivinaApp
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One browser of a classroom test: its own cookie jar of one cookie (a player's session or
/// the host's), sent by hand so that many clients share a process.
final class ClassroomClient: Sendable {
    let base: URL
    /// `name=value` of the session cookie this client got, if any.
    let cookie: String?
    /// Extra headers sent with every request (e.g. `X-Host-Key`).
    let headers: [String: String]
    private let session: URLSession

    /// `maxConnections`: how many requests may be on the wire at once (4, like a browser tab,
    /// unless a test needs a burst).
    init(base: URL, cookie: String? = nil, headers: [String: String] = [:], maxConnections: Int = 4) {
        self.base = base
        self.cookie = cookie
        self.headers = headers
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = maxConnections
        session = URLSession(configuration: configuration)
        Self.keptSessions.withLock { $0.append(session) }
    }

    /// Every client's session, kept for the life of the test process: on Linux a session's
    /// teardown races its sockets' dispatch sources (swift-corelibs-foundation #4791; the test
    /// process crashed in `_dispatch_event_loop_drain` while hundreds of clients came and went).
    /// A few hundred idle sessions cost less than that.
    private static let keptSessions = Mutex<[URLSession]>([])

    /// Joins as `name`; returns the reply and a client that carries the player's cookie.
    func join(_ name: String) async throws -> (RunningApp.Reply, ClassroomClient) {
        let reply = try await send("POST", "/api/classroom/join", body: try Self.json(["name": name]))
        let setCookie = reply.headers["set-cookie"] ?? ""
        let pair = setCookie.split(separator: ";").first.map(String.init)
        return (reply, ClassroomClient(base: base, cookie: pair, headers: headers))
    }

    /// `name` joined through this client, required to be answered 201: the player's own client.
    func joined(_ name: String) async throws -> ClassroomClient {
        let (reply, player) = try await join(name)
        try #require(reply.status == 201, "\(name): \(reply.error ?? "")")
        return player
    }

    /// `names` joined in order, each as `joined(_:)`.
    func joined(_ names: [String]) async throws -> [ClassroomClient] {
        var players: [ClassroomClient] = []
        for name in names { players.append(try await joined(name)) }
        return players
    }

    /// Opens question `number` of the round (`POST round/open`) and answers it with `answer`
    /// (any JSON value: a string, option indexes, a boolean, a number); the answer's reply.
    func answer(_ number: Int, _ answer: Any) async throws -> RunningApp.Reply {
        _ = try await post("/api/classroom/round/open", #"{"question":\#(number)}"#)
        let body = try JSONSerialization.data(withJSONObject: ["question": number, "answer": answer], options: .fragmentsAllowed)
        return try await post("/api/classroom/round/answer", String(decoding: body, as: UTF8.self))
    }

    /// This player's view of the round (`GET round`).
    func round() async throws -> [String: Any] {
        try await get("/api/classroom/round").json
    }

    func send(_ method: String, _ path: String, body: String? = nil) async throws -> RunningApp.Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        let (data, response) = try await session.dataOffPool(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return RunningApp.Reply(status: http.statusCode, body: data, headers: headers)
    }

    func get(_ path: String) async throws -> RunningApp.Reply { try await send("GET", path) }

    /// `GET path` `count` times at once, each on its own connection and with this client's
    /// cookie: they reach the server within milliseconds, far faster than 10 a second however
    /// slow each answer is (sent one after another on a loaded machine, 40 took 16 s and never
    /// went over the rate). The replies in the order they came.
    func burst(_ path: String, count: Int = 60) async throws -> [RunningApp.Reply] {
        let burst = ClassroomClient(base: base, cookie: cookie, headers: headers, maxConnections: count + 4)
        return try await withThrowingTaskGroup(of: RunningApp.Reply.self) { group in
            for _ in 0..<count { group.addTask { try await burst.get(path) } }
            var replies: [RunningApp.Reply] = []
            for try await reply in group { replies.append(reply) }
            return replies
        }
    }

    /// A `burst(_:count:)` of `GET path` goes over the player's rate: at least 20 are answered,
    /// then 429 with its message.
    func expectRateLimited(_ path: String) async throws {
        let replies = try await burst(path)
        #expect(replies.count { $0.status == 200 } >= 20, "a burst of 20 is allowed")
        let refused = try #require(replies.first { $0.status == 429 }, "over the rate: \(replies.map(\.status))")
        #expect(refused.error == "Demasiadas peticiones: espera un momento.")
    }
    func post(_ path: String, _ body: String? = nil) async throws -> RunningApp.Reply { try await send("POST", path, body: body) }

    /// `value` as a JSON text.
    static func json(_ value: [String: String]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }
}

/// Runs `body` against a classroom server on `clock` (by default the live one with no 3-2-1
/// before each question: a test answers at once; the tests of the 3-2-1 set it): the app, a
/// client with the host key, and a client with nothing (a student before joining, a projector).
@MainActor
func withClassroom(
    _ arguments: [String] = [], clock: ClassroomRound.Clock = ClassroomRound.Clock(getReady: 0),
    _ body: (RunningApp, _ host: ClassroomClient, _ anyone: ClassroomClient) async throws -> Void
) async throws {
    try await withApp(["--classroom"] + arguments, clock: clock) { running in
        let key = try #require(running.app.hostKey)
        try await body(running, ClassroomClient(base: running.url, headers: ["X-Host-Key": key]), ClassroomClient(base: running.url))
    }
}
