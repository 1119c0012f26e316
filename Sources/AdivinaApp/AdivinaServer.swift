import Foundation
import HTTPServer
import Models
import StandIns

/// The running app: the HTTP server with the pages, the web API, the SSE stream and the
/// stand-ins, wired to one player's models.
///
///     let app = try await AdivinaServer.start(configuration: configuration)
///     print("Adivina: \(app.url)")
///     await app.waitUntilStopped()
@MainActor
public final class AdivinaServer {
    /// The topics a page may ask for on `/api/events` (and, with `--classroom`, `classroom`).
    public nonisolated static let topicNames = ["quizzes", "quiz", "trivia", "ranking", "books", "matches", "movies", "news"]
    /// The topics the same for everybody; the others are each player's own.
    nonisolated static let sharedTopicNames: Set<String> = ["ranking", "classroom"]

    /// The address the pages are served at, e.g. `http://127.0.0.1:8080/`.
    public let url: URL
    private let server: HTTPServer
    private let hub: SSEHub
    private let store: Store
    /// The models of the local mode's only player, shared by every tab.
    private(set) var player: PlayerModels!
    /// The models every player shares (the trivia ranking).
    private(set) var shared: SharedModels!
    /// The classroom (with `--classroom`), or nil.
    private(set) var classroom: ClassroomSession?
    /// The address students open in classroom mode (the machine's LAN address when listening
    /// on every address), or nil.
    public private(set) var joinURL: URL?
    /// The host key printed in classroom mode (random, 128 bits), or nil.
    public let hostKey: String?
    /// The token the models use with the quiz stand-in (a secret one in classroom mode).
    let standInQuizToken: String

    /// Opens the store away from the main actor (opening and migrating a database waits for the
    /// disk), then makes the app on it: binds the port, mounts everything and starts the first
    /// downloads. Throws when the data directory, the web root, a data file or the port cannot
    /// be used.
    public static func start(configuration: Configuration, transport: (any HTTPTransport)? = nil) async throws -> AdivinaServer {
        let (store, standIns) = try await Self.preparing.run {
            (try Store(directory: configuration.dataDirectory), try LocalStandIns(configuration: configuration))
        }
        return try AdivinaServer(configuration: configuration, store: store, standIns: standIns, transport: transport)
    }

    /// Opens the store and reads the stand-ins' data here, on the main actor, then makes the app
    /// as `start` does.
    public convenience init(configuration: Configuration, transport: (any HTTPTransport)? = nil) throws {
        try self.init(
            configuration: configuration, store: try Store(directory: configuration.dataDirectory),
            standIns: try LocalStandIns(configuration: configuration), transport: transport)
    }

    /// Where `start` prepares what needs no main actor: a serial queue, served by a thread of its own.
    private nonisolated static let preparing = DispatchQueue(label: "adivina.server.start")

    /// Makes the app over an open `store` and prepared stand-ins.
    init(configuration: Configuration, store: Store, standIns: LocalStandIns, transport: (any HTTPTransport)?) throws {
        try configuration.checkFiles()
        self.store = store
        hub = SSEHub()
        let webRoot = try WebRootLocator.locate(configuration.webRoot)

        var router = Router()
        standIns.mount(on: &router)
        standInQuizToken = standIns.access.quizToken

        // The handlers run after `init` has returned (they need the server bound first): they
        // reach the player through this box, filled below before any request can be served on
        // the main actor.
        let playerBox = PlayerBox()
        QuizzesRoutes.add(to: &router) { try await playerBox.models(for: $0) }
        ExamRoutes.add(to: &router) { try await playerBox.models(for: $0) }
        TriviaRoutes.add(to: &router, models: { try await (playerBox.models(for: $0), playerBox.shared) }, shared: { await playerBox.shared })
        NewsRoutes.add(to: &router) { try await playerBox.models(for: $0) }
        let classroomMode = configuration.classroom
        if classroomMode {
            ClassroomRoutes.add(to: &router) { await playerBox.classroom! }
        }
        router.get("/api/events") { [hub] request in
            let names = try Self.requestedTopics(request, classroom: classroomMode)
            let topics = try await playerBox.hubTopics(names, for: request)
            return hub.streamResponse(for: request, topics: topics)
        }
        router.fallback("/api") { _ in throw APIError.notFound }
        router.serveFiles(try StaticFiles(root: webRoot.path, pageHeaders: ["/": .sameOriginPagePolicy(images: ["http:", "https:"]), "/clase/": .sameOriginPagePolicy()]))

        server = try HTTPServer(
            configuration: .init(
                host: configuration.host, port: configuration.port,
                accessLog: configuration.accessLog ? .standardError() : nil,
                errorRenderer: { APIError.serverRefusal($0) }),
            router: router)
        url = URL(string: "http://\(Self.displayHost(configuration.host)):\(server.port)/")!

        let services = RemoteServices(
            configuration: configuration,
            localBase: RemoteServices.localBase(host: configuration.host, port: server.port),
            transport: transport ?? URLSessionTransport(), standIns: standIns.access)
        let registry = TopicRegistry()
        let shared = SharedModels(store: store, hub: hub)
        self.shared = shared
        playerBox.shared = shared
        registry.register(shared.topics.values)
        if configuration.classroom {
            let key = SecretToken.random()
            hostKey = key
            let joinURL = Self.joinURL(host: configuration.host, port: server.port)
            self.joinURL = joinURL
            let classroom = ClassroomSession(
                hostKey: key, joinURL: joinURL, services: services, store: store, hub: hub, registry: registry,
                ranking: shared.ranking)
            self.classroom = classroom
            playerBox.classroom = classroom
        } else {
            hostKey = nil
            let player = PlayerModels(services: services, store: store, hub: hub)
            self.player = player
            playerBox.player = player
            registry.register(player.topics.values)
            player.startLoading()
        }
        hub.setSnapshotProvider { registry.snapshot($0) }
    }

    /// Makes SIGINT and SIGTERM stop the server gracefully (a C handler that only wakes the event
    /// loop, installed before this returns), so `waitUntilStopped()` returns and the process can
    /// exit 0.
    public func stopOnTerminationSignals() {
        server.shutdownOnTerminationSignals()
    }

    /// Stops gracefully: no new connections, in-flight requests finish, streams close.
    public func shutdown() async {
        await server.shutdown()
    }

    /// Returns once the server has stopped.
    public func waitUntilStopped() async {
        await server.waitUntilStopped()
    }

    /// The topics of `?topics=a,b`; 400 for none or an unknown one (`classroom` is known only
    /// in classroom mode).
    nonisolated static func requestedTopics(_ request: HTTPRequest, classroom: Bool = false) throws -> [String] {
        let names = (request.query("topics") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw HTTPError(.badRequest, message: "Indica los temas: /api/events?topics=quizzes,quiz")
        }
        for name in names where !topicNames.contains(name) && !(classroom && name == "classroom") {
            throw HTTPError(.badRequest, message: "No existe el tema «\(name)».")
        }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique
    }

    private static func displayHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// The classroom's join URL: the first LAN IPv4 address when listening on every address
    /// (loopback if there is none), else the host given.
    private static func joinURL(host: String, port: Int) -> URL {
        let shown: String
        switch host {
        case "0.0.0.0", "", "::", "[::]": shown = LANAddress.firstIPv4() ?? "127.0.0.1"
        default: shown = displayHost(host)
        }
        return URL(string: "http://\(shown):\(port)/clase/")!
    }
}

/// Hands the player's and the shared models to the route handlers once they exist.
@MainActor
private final class PlayerBox {
    /// The local mode's one player (nil in classroom mode).
    var player: PlayerModels?
    var shared: SharedModels!
    /// The classroom (nil in the local mode).
    var classroom: ClassroomSession?

    /// The models of the player making `request`: the local player, or in classroom mode the
    /// one whose cookie the request carries (401 without, 429 over the rate).
    func models(for request: HTTPRequest) throws(HTTPError) -> PlayerModels {
        if let classroom { return try classroom.player(for: request).models }
        return player!
    }

    /// The hub's topics for the public topic `names`: in classroom mode a player's own topics
    /// are `player/<id>/<name>` (the shared ones need no player).
    func hubTopics(_ names: [String], for request: HTTPRequest) throws(HTTPError) -> [String] {
        guard let classroom, names.contains(where: { !AdivinaServer.sharedTopicNames.contains($0) }) else {
            return names
        }
        let id = try classroom.player(for: request).player.id
        return names.map { AdivinaServer.sharedTopicNames.contains($0) ? $0 : "player/\(id)/\($0)" }
    }
}

extension DispatchQueue {
    /// Runs `work` on this queue and returns its result, suspending (not blocking) the caller.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            self.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
