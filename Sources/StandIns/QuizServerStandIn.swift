import Foundation
import HTTPServer

/// The course's quiz server (CORE-UPM quiz_2023), answered from a `QuizCatalog` in memory: the
/// HTTP-free core of the quiz stand-in. `respond(method:path:query:)` takes a request's method,
/// its path below the mount point (`/api/quizzes/random10`) and its decoded query, and returns
/// status, content type and body exactly as the real server's contract says.
///
/// Contract served (every `/api/…` route needs `?token=`):
/// - missing token, or one the `TokenPolicy` rejects → `401`, plain text `Unauthorized`;
/// - `GET /api/quizzes/random10` → up to 10 distinct random items, without `answer`;
/// - `GET /api/quizzes/random` → one item this token has not been given in the current cycle,
///   without `answer`; when every quiz has been given, `{"nomore":true}` and the cycle restarts
///   (cycles are kept in memory per token, like the real server's session);
/// - `GET /api/quizzes/{id}/check?answer=A` → `{"quizId","answer","result"}`: case-insensitive,
///   trimmed comparison, `answer` echoes A as received;
/// - `GET /api/quizzes/{id}/answer` → `{"quizId","answer"}`;
/// - `PUT`/`DELETE /api/users/tokenOwner/favourites/{id}` → `{"id","favourite"}`, idempotent;
///   favourites are kept **per token** and persisted in the data directory;
/// - an unknown quiz id → `404 {"error":"There is no quiz with id=N"}`; any other path → `404`.
///
/// Items keep the shape they were loaded with; only `answer` is removed, `favourite` is set for
/// the asking token, and relative image URLs (`images/quizzes/everest.svg`) become absolute
/// paths on the same server (`<mountPath>/images/quizzes/everest.svg`), served by
/// `GET /images/…`. Absolute URLs (`https://…`, `/…`) are left alone.
///
/// To let tests show the app's offline state, `PUT /control/outage?status=503` makes every
/// `/api/…` request fail with that status until `DELETE /control/outage`.
public final class QuizServerStandIn: MountableStandIn, @unchecked Sendable {
    // @unchecked Sendable: the `let`s are immutable Sendable values, and every `var` below is
    // read and written only while holding `lock`.

    /// Which `?token=` values the stand-in accepts.
    public enum TokenPolicy: Sendable, Equatable {
        /// Any non-empty token; each token has its own favourites and `random` cycle.
        case anyNonEmpty
        /// Only these tokens (the rest get `401 Unauthorized`).
        case only(Set<String>)
    }

    /// The name of the favourites file inside the data directory.
    public static let favouritesFileName = "standin-quiz-favourites.json"

    /// Where the stand-in is mounted on the server (`/standin/quiz`), without a trailing slash.
    public let mountPath: String
    /// The number of quizzes served.
    public var quizCount: Int { quizzes.count }

    private let quizzes: [ServedQuiz]
    private let quizIndexByID: [Int: Int]
    private let images: StandInImages
    private let tokens: TokenPolicy
    private let favouritesFile: QuizFavouritesFile

    private let lock = NSLock()
    private var favouritesByToken: [String: Set<Int>]
    private var givenInCycleByToken: [String: Set<Int>] = [:]
    private let outage = StandInOutage()

    /// A stand-in serving `catalog` and `images` at `mountPath`, with favourites persisted in
    /// `dataDirectory/standin-quiz-favourites.json` (created on the first change).
    public init(
        catalog: QuizCatalog,
        images: StandInImages,
        mountPath: String,
        dataDirectory: URL,
        tokens: TokenPolicy = .anyNonEmpty
    ) throws {
        let mount = Self.normalizedMountPath(mountPath)
        self.mountPath = mount
        self.images = images
        self.tokens = tokens
        self.favouritesFile = QuizFavouritesFile(url: dataDirectory.appendingPathComponent(Self.favouritesFileName))
        self.favouritesByToken = try favouritesFile.load()
        self.quizzes = try catalog.entries.map { try ServedQuiz(entry: $0, mountPath: mount) }
        self.quizIndexByID = Dictionary(uniqueKeysWithValues: quizzes.enumerated().map { ($1.id, $0) })
    }

    /// Answers one request routed to the stand-in (see `respond(method:path:query:)`).
    public func respond(to request: StandInRequest) -> StandInResponse {
        respond(method: request.method, path: request.path, query: request.query)
    }

    /// Answers one request. `path` is below the mount point and starts with `/`; `query` holds
    /// the decoded query parameters.
    public func respond(method: String, path: String, query: [String: String]) -> StandInResponse {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch (method, segments.first) {
        case ("GET", "images"):
            return images.response(for: segments.dropFirst().joined(separator: "/"))
        case (_, "control") where segments == ["control", "outage"]:
            return outage.control(method: method, query: query)
        case (_, "api"):
            return api(method: method, segments: Array(segments.dropFirst()), query: query)
        default:
            return .notFound
        }
    }

    // MARK: - Routes

    private func api(method: String, segments: [String], query: [String: String]) -> StandInResponse {
        lock.lock()
        defer { lock.unlock() }
        if let failure = outage.failure(of: "quiz server") { return failure }
        guard let token = query["token"], accepts(token) else {
            return StandInResponse(status: 401, contentType: "text/plain; charset=utf-8", body: Data("Unauthorized".utf8))
        }
        switch (method, segments) {
        case ("GET", ["quizzes", "random10"]):
            return random10(token: token)
        case ("GET", ["quizzes", "random"]):
            return random(token: token)
        case ("GET", let route) where route.count == 3 && route[0] == "quizzes" && route[2] == "check":
            return withQuiz(route[1]) { quiz in
                let answer = query["answer"] ?? ""
                let result = Self.normalized(answer) == Self.normalized(quiz.answer)
                return .json(200, "{\"quizId\":\(quiz.id),\"answer\":\(JSONText.quoted(answer)),\"result\":\(result)}")
            }
        case ("GET", let route) where route.count == 3 && route[0] == "quizzes" && route[2] == "answer":
            return withQuiz(route[1]) { quiz in
                .json(200, "{\"quizId\":\(quiz.id),\"answer\":\(JSONText.quoted(quiz.answer))}")
            }
        case ("PUT", let route) where Self.isFavouriteRoute(route):
            return withQuiz(route[3]) { setFavourite(true, quizID: $0.id, token: token) }
        case ("DELETE", let route) where Self.isFavouriteRoute(route):
            return withQuiz(route[3]) { setFavourite(false, quizID: $0.id, token: token) }
        default:
            return .notFound
        }
    }

    private func random10(token: String) -> StandInResponse {
        let favourites = favouritesByToken[token] ?? []
        let chosen = quizzes.shuffled().prefix(10).map { $0.body(favourite: favourites.contains($0.id)) }
        var body = Data("[".utf8)
        for (position, item) in chosen.enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            body.append(item)
        }
        body.append(UInt8(ascii: "]"))
        return .json(200, body)
    }

    private func random(token: String) -> StandInResponse {
        let given = givenInCycleByToken[token] ?? []
        guard let quiz = quizzes.filter({ !given.contains($0.id) }).randomElement() else {
            givenInCycleByToken[token] = nil
            return .json(200, "{\"nomore\":true}")
        }
        givenInCycleByToken[token] = given.union([quiz.id])
        return .json(200, quiz.body(favourite: favouritesByToken[token]?.contains(quiz.id) ?? false))
    }

    private func setFavourite(_ favourite: Bool, quizID: Int, token: String) -> StandInResponse {
        let before = favouritesByToken[token] ?? []
        let after = favourite ? before.union([quizID]) : before.subtracting([quizID])
        if after != before {
            var changed = favouritesByToken
            changed[token] = after
            do {
                try favouritesFile.save(changed)
            } catch {
                return .error(500, "Could not save the favourites: \(error)")
            }
            favouritesByToken = changed
        }
        return .json(200, "{\"id\":\(quizID),\"favourite\":\(favourite)}")
    }

    // MARK: - Helpers

    /// Runs `body` with the quiz whose id is `idText`, or answers the quiz server's 404.
    private func withQuiz(_ idText: String, _ body: (ServedQuiz) -> StandInResponse) -> StandInResponse {
        guard !idText.isEmpty, idText.allSatisfy(\.isASCII), idText.allSatisfy(\.isNumber), let id = Int(idText) else {
            return .notFound
        }
        guard let index = quizIndexByID[id] else {
            return .error(404, "There is no quiz with id=\(id)")
        }
        return body(quizzes[index])
    }

    private func accepts(_ token: String) -> Bool {
        switch tokens {
        case .anyNonEmpty: !token.isEmpty
        case .only(let accepted): accepted.contains(token)
        }
    }

    private static func isFavouriteRoute(_ route: [String]) -> Bool {
        route.count == 4 && route[0] == "users" && route[1] == "tokenOwner" && route[2] == "favourites"
    }

    private static func normalized(_ answer: String) -> String {
        answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// One quiz ready to send: its item JSON without `answer`, with image URLs resolved, in the two
/// variants `favourite: false` and `favourite: true`.
private struct ServedQuiz: Sendable {
    let id: Int
    let answer: String
    private let notFavouriteBody: Data
    private let favouriteBody: Data

    init(entry: QuizCatalog.Entry, mountPath: String) throws {
        // `Entry.json` is always encoded from a JSON object by `QuizCatalog.init`.
        var item = try JSONSerialization.jsonObject(with: entry.json) as! [String: Any]
        item["answer"] = nil
        item = StandInImages.resolvingImages(in: item, at: [["attachment"], ["author", "photo"]], mountPath: mountPath)
        id = entry.id
        answer = entry.answer
        item["favourite"] = false
        notFavouriteBody = try JSONSerialization.data(withJSONObject: item, options: ListCatalog.writingOptions)
        item["favourite"] = true
        favouriteBody = try JSONSerialization.data(withJSONObject: item, options: ListCatalog.writingOptions)
    }

    func body(favourite: Bool) -> Data {
        favourite ? favouriteBody : notFavouriteBody
    }
}
