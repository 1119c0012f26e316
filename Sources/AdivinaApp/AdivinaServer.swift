import Foundation
import HTTPServer
import Models
import StandIns

/// The running app: the HTTP server with the pages, the web API, the SSE stream and the
/// stand-ins, wired to one player's models.
///
///     let app = try AdivinaServer(configuration: configuration)
///     print("Adivina: \(app.url)")
///     await app.waitUntilStopped()
@MainActor
public final class AdivinaServer {
    /// The topics a page may ask for on `/api/events`.
    public nonisolated static let topicNames = ["quizzes", "quiz", "trivia", "ranking", "books", "matches", "movies", "news"]

    /// The address the pages are served at, e.g. `http://127.0.0.1:8080/`.
    public let url: URL
    private let server: HTTPServer
    private let hub: SSEHub
    private let store: Store
    /// The models of the local mode's only player, shared by every tab.
    private(set) var player: PlayerModels!
    /// The models every player shares (the trivia ranking).
    private(set) var shared: SharedModels!

    /// Opens the store, binds the port, mounts everything and starts the first downloads.
    /// Throws when the data directory, the web root, a data file or the port cannot be used.
    public init(configuration: Configuration, transport: (any HTTPTransport)? = nil) throws {
        store = try Store(directory: configuration.dataDirectory)
        hub = SSEHub()
        let webRoot = try WebRootLocator.locate(configuration.webRoot)

        var router = Router()
        let standIn = try QuizServerStandIn(
            catalog: try configuration.quizData.map { try QuizCatalog(contentsOf: $0) } ?? QuizCatalog.bundled(),
            images: try StandInImages.bundled("quiz"), mountPath: "/standin/quiz",
            dataDirectory: configuration.dataDirectory)
        standIn.mount(on: &router)
        try ListServerStandIn.books().mount(on: &router)
        try MatchesStandIn.bundled().mount(on: &router)
        try ListServerStandIn.movies().mount(on: &router)
        try TriviaStandIn.bundled(mountPath: "/standin/trivia").mount(on: &router)
        try WordPressStandIn.bundled(mountPath: "/standin/news").mount(on: &router)

        // The handlers run after `init` has returned (they need the server bound first): they
        // reach the player through this box, filled below before any request can be served on
        // the main actor.
        let playerBox = PlayerBox()
        QuizzesRoutes.add(to: &router) { await playerBox.player }
        ExamRoutes.add(to: &router) { await playerBox.player }
        TriviaRoutes.add(to: &router) { await (playerBox.player, playerBox.shared) }
        NewsRoutes.add(to: &router) { await playerBox.player }
        router.get("/api/events") { [hub] request in
            let topics = try Self.requestedTopics(request)
            return hub.streamResponse(for: request, topics: topics)
        }
        router.fallback("/api") { _ in throw APIError.notFound }
        router.serveFiles(try StaticFiles(root: webRoot.path))

        server = try HTTPServer(
            configuration: .init(
                host: configuration.host, port: configuration.port,
                accessLog: configuration.accessLog ? .standardError() : nil),
            router: router)
        url = URL(string: "http://\(Self.displayHost(configuration.host)):\(server.port)/")!

        let services = RemoteServices(
            configuration: configuration,
            localBase: RemoteServices.localBase(host: configuration.host, port: server.port),
            transport: transport ?? URLSessionTransport())
        let player = PlayerModels(services: services, store: store, hub: hub)
        let shared = SharedModels(store: store, hub: hub)
        self.player = player
        self.shared = shared
        playerBox.player = player
        playerBox.shared = shared
        let topics = player.topics.merging(shared.topics) { mine, _ in mine }
        hub.setSnapshotProvider { topic in
            topics[topic].map { (event: topic, data: String(decoding: $0.snapshot, as: UTF8.self)) }
        }
        player.startLoading()
    }

    /// Stops gracefully: no new connections, in-flight requests finish, streams close.
    public func shutdown() async {
        await server.shutdown()
    }

    /// Returns once the server has stopped.
    public func waitUntilStopped() async {
        await server.waitUntilStopped()
    }

    /// The topics of `?topics=a,b`; 400 for none or an unknown one.
    nonisolated static func requestedTopics(_ request: HTTPRequest) throws -> [String] {
        let names = (request.query("topics") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw HTTPError(.badRequest, message: "Indica los temas: /api/events?topics=quizzes,quiz")
        }
        for name in names where !topicNames.contains(name) {
            throw HTTPError(.badRequest, message: "No existe el tema «\(name)».")
        }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique
    }

    private static func displayHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}

/// Hands the player's and the shared models to the route handlers once they exist.
@MainActor
private final class PlayerBox {
    var player: PlayerModels!
    var shared: SharedModels!
}
