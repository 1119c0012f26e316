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
    /// The address the pages are served at, e.g. `http://127.0.0.1:8080/`.
    public let url: URL
    let server: HTTPServer
    let hub: SSEHub
    private let store: Store
    /// The models of the local mode's only player, shared by every tab (nil in classroom mode).
    private(set) var player: PlayerModels?
    /// The models every player shares (the trivia ranking).
    let shared: SharedModels
    /// The classroom (with `--classroom`), or nil.
    private(set) var classroom: ClassroomSession?
    /// The address students open in classroom mode (`/clase/` at `--public-url`; else the
    /// machine's LAN address when listening on every address), or nil.
    public private(set) var joinURL: URL?
    /// The host key printed in classroom mode (random, 128 bits, kept in the data folder: `HostKeyFile`), or nil.
    public let hostKey: String?
    /// Every route of the app as declared (the web API's and the stand-ins'), with who may call it.
    let apiRoutes: [APIRoute]
    /// Every route the server's router holds, as it holds them: each has its line in `apiRoutes`.
    let routeTable: [Router.Entry]
    /// The token the models use with the quiz stand-in (a secret one in classroom mode).
    let standInQuizToken: String
    /// How often the database's `-wal` is moved into its file while the app runs (and once more
    /// on a clean stop), so that copying `adivina.sqlite` copies everything.
    nonisolated static let checkpointInterval: Duration = .seconds(180)
    /// The task that checkpoints every `checkpointInterval`.
    private var checkpoints: Task<Void, Never>?

    /// Opens the store away from the main actor (opening and migrating a database waits for the
    /// disk), then makes the app on it: binds the port, mounts everything and starts the first
    /// downloads. Throws when the data directory, the web root, a data file or the port cannot
    /// be used. `clock` is the classroom's one clock (a test's own in tests: the 3-2-1, the
    /// kept room's age).
    public static func start(
        configuration: Configuration, transport: (any HTTPTransport)? = nil, clock: ClassroomRound.Clock = ClassroomRound.Clock()
    ) async throws -> AdivinaServer {
        let (store, standIns) = try await Self.preparing.run {
            (try Store(directory: configuration.dataDirectory), try LocalStandIns(configuration: configuration))
        }
        return try AdivinaServer(configuration: configuration, store: store, standIns: standIns, transport: transport, clock: clock)
    }

    /// Opens the store and reads the stand-ins' data here, on the main actor, then makes the app
    /// as `start` does.
    public convenience init(configuration: Configuration, transport: (any HTTPTransport)? = nil) throws {
        try self.init(
            configuration: configuration, store: try Store(directory: configuration.dataDirectory),
            standIns: try LocalStandIns(configuration: configuration), transport: transport)
    }

    /// The exit status of `adivina` when `start` threw `error`: 73 (EX_CANTCREAT) for a data
    /// folder that cannot be written (read-only, full: Adivina would keep nothing), 1 otherwise.
    public nonisolated static func exitStatus(startingFailedWith error: any Error) -> Int32 {
        if let error = error as? StoreError, case .cannotWrite = error { return 73 }
        return 1
    }

    /// Where `start` prepares what needs no main actor: a serial queue, served by a thread of its own.
    private nonisolated static let preparing = DispatchQueue(label: "adivina.server.start")

    /// Makes the app over an open `store` and prepared stand-ins.
    init(
        configuration: Configuration, store: Store, standIns: LocalStandIns, transport: (any HTTPTransport)?,
        clock: ClassroomRound.Clock = ClassroomRound.Clock()
    ) throws {
        try configuration.checkFiles()
        self.store = store
        hub = SSEHub()
        let webRoot = try WebRootLocator.locate(configuration.webRoot)

        var router = Router()
        standInQuizToken = standIns.access.quizToken

        // Every API request goes through `APIRouter`, which resolves who is asking with
        // `resolver`; the players' models arrive in it below, once the server is bound.
        let shared = SharedModels(store: store, hub: hub)
        self.shared = shared
        let addresses = ClientAddresses(trustedProxy: configuration.trustedProxy)
        let resolver = RequestResolver(shared: shared, addresses: addresses)
        var api = APIRouter(router: router, resolver: resolver)
        api.mount(standIns)
        QuizzesRoutes.add(to: &api)
        ExamRoutes.add(to: &api)
        TriviaRoutes.add(to: &api)
        NewsRoutes.add(to: &api)
        if configuration.classroom {
            ClassroomRoutes.add(to: &api)
            ClassroomSetRoutes.add(to: &api)
            ClassroomResultsRoutes.add(to: &api)
            ClassroomTimerRoutes.add(to: &api)
            ClassroomRoundRoutes.add(to: &api)
        }
        EventRoutes.add(to: &api, hub: hub, classroom: configuration.classroom)
        router = api.router
        apiRoutes = api.routes
        routeTable = router.table
        router.fallback("/api") { _ in throw APIError.notFound }
        let names = HostNames(
            configuration: configuration,
            joinHost: try? ServerAddress(host: configuration.host, port: configuration.port, publicURL: configuration.publicURL).joinURL().host)
        router.checkEveryHead { names.refusal(of: $0) }
        router.serveFiles(try StaticFiles(root: webRoot.path, pageHeaders: ["/": .sameOriginPagePolicy(images: ["http:", "https:"]), "/clase/": .sameOriginPagePolicy()]))

        server = try HTTPServer(
            configuration: .init(
                host: configuration.host, port: configuration.port,
                accessLog: configuration.accessLog ? .standardError() : nil,
                eventLoops: configuration.loops ?? HTTPServer.Configuration.defaultEventLoops,
                errorRenderer: { APIError.serverRefusal($0) },
                clientCaps: addresses.connectionCaps),
            router: router, startsServing: false)
        let address = ServerAddress(host: configuration.host, port: server.port, publicURL: configuration.publicURL)
        url = try address.pagesURL()

        let services = RemoteServices(
            configuration: configuration,
            localBase: try address.localBase(),
            transport: standIns.transport(over: transport ?? URLSessionTransport()), standIns: standIns.access)
        let registry = TopicRegistry()
        registry.register([shared.rankingTopic])
        if configuration.classroom {
            let key = try HostKeyFile.key(in: configuration.dataDirectory, renew: configuration.newHostKey)
            hostKey = key
            let joinURL = try address.joinURL()
            self.joinURL = joinURL
            let classroom = ClassroomSession(
                hostKey: key, joinURL: joinURL, services: services, store: store, hub: hub, registry: registry,
                ranking: shared.ranking, clock: clock)
            self.classroom = classroom
            resolver.mode = .classroom(classroom)
        } else {
            hostKey = nil
            let player = PlayerModels(services: services, store: store, hub: hub)
            self.player = player
            resolver.mode = .local(player)
            registry.register(player.topics.all)
            player.startLoading()
        }
        hub.setSnapshotProvider { registry.snapshot($0) }
        // Bound, but serving only now that the players' models exist: no request is ever
        // answered "still starting" (503); one that came meanwhile waited in the backlog.
        server.startServing()
        checkpoints = Task.detached { [store] in
            while (try? await Task.sleep(for: Self.checkpointInterval)) != nil {
                Self.checkpoint(store)
            }
        }
    }

    /// Moves the database's `-wal` into its file; a failure is said on stderr (the data stays
    /// safe in the `-wal`, the next checkpoint tries again).
    private nonisolated static func checkpoint(_ store: Store) {
        do {
            try store.checkpoint()
        } catch {
            FileHandle.standardError.write(Data("adivina: no se pudo pasar el registro (-wal) a \(store.path): \(error)\n".utf8))
        }
    }

    /// After the server has stopped: the last checkpoint, so the `.sqlite` file alone holds
    /// everything.
    private func finishStore() {
        checkpoints?.cancel()
        checkpoints = nil
        Self.checkpoint(store)
    }

    /// Makes SIGINT and SIGTERM stop the server gracefully (a C handler that only wakes the event
    /// loop, installed before this returns), so `waitUntilStopped()` returns and the process can
    /// exit 0.
    public func stopOnTerminationSignals() {
        server.shutdownOnTerminationSignals()
    }

    /// Stops gracefully: no new connections, in-flight requests finish, streams close; then the
    /// results queued are written and the database's `-wal` goes into its file.
    public func shutdown() async {
        await server.shutdown()
        await writeQueuedResults()
        finishStore()
    }

    /// Returns once the server has stopped (the results queued written, the database checkpointed).
    public func waitUntilStopped() async {
        await server.waitUntilStopped()
        await writeQueuedResults()
        finishStore()
    }

    /// Waits for the answers and ends queued to the results store to be written (a clean stop
    /// loses none; what waits for a failing disk stays unwritten, as the terminal was told).
    private func writeQueuedResults() async {
        _ = try? await classroom?.results?.read { _ in 0 }
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
