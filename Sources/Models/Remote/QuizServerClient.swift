import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The course's quiz server (CORE-UPM quiz_2023): builds each request of its contract, sends
/// it through an `HTTPTransport` and interprets the answer.
///
/// `baseURL` is where `/api` lives (e.g. `https://quiz.example/` or the stand-in's
/// `http://127.0.0.1:8080/standin/quiz`); every request carries `?token=`.
public struct QuizServerClient: Sendable {
    /// Where the server's `/api` lives.
    public let baseURL: URL
    /// The access token sent as `?token=`.
    public let token: String
    /// What carries the requests.
    public let transport: any HTTPTransport

    /// Makes a client for the server at `baseURL`.
    public init(baseURL: URL, token: String, transport: any HTTPTransport) {
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
    }

    /// A stable key for this server (scheme, host, port and path, lower-case host, no trailing
    /// slash), used to keep the record per server.
    public var serverKey: String {
        Self.serverKey(for: baseURL)
    }

    /// The key `serverKey` computes for `url`.
    public static func serverKey(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        while components.path.hasSuffix("/") { components.path.removeLast() }
        return components.string ?? url.absoluteString
    }

    // MARK: Requests

    /// `GET /api/quizzes/random10?token=`.
    public func random10Request() -> URLRequest {
        request("GET", path: "api/quizzes/random10")
    }

    /// `GET /api/quizzes/random?token=`.
    public func randomRequest() -> URLRequest {
        request("GET", path: "api/quizzes/random")
    }

    /// `GET /api/quizzes/{id}/check?answer=…&token=`, the answer escaped by `QueryEncoding`.
    public func checkRequest(quizID: Int, answer: String) -> URLRequest {
        request("GET", path: "api/quizzes/\(quizID)/check", query: [("answer", answer)])
    }

    /// `GET /api/quizzes/{id}/answer?token=`.
    public func answerRequest(quizID: Int) -> URLRequest {
        request("GET", path: "api/quizzes/\(quizID)/answer")
    }

    /// `PUT` (mark) or `DELETE` (unmark) `/api/users/tokenOwner/favourites/{id}?token=`.
    public func favouriteRequest(quizID: Int, favourite: Bool) -> URLRequest {
        request(favourite ? "PUT" : "DELETE", path: "api/users/tokenOwner/favourites/\(quizID)")
    }

    // MARK: Calls

    /// Up to ten random quizzes without answers; items that do not decode are in `skipped`.
    public func random10() async throws(RemoteError) -> LenientList<QuizItem> {
        try await transport.fetch(random10Request(), as: LenientList<QuizItem>.self).requireReadableElements()
    }

    /// One random quiz not yet answered right by the token's owner, or `.noMore`.
    public func random() async throws(RemoteError) -> RandomQuiz {
        try await transport.fetch(randomRequest(), as: RandomQuiz.self)
    }

    /// Asks the server whether `answer` is right for the quiz.
    public func check(quizID: Int, answer: String) async throws(RemoteError) -> QuizCheckResult {
        try await transport.fetch(checkRequest(quizID: quizID, answer: answer), as: QuizCheckResult.self)
    }

    /// The right answer of a quiz.
    public func answer(quizID: Int) async throws(RemoteError) -> QuizAnswer {
        try await transport.fetch(answerRequest(quizID: quizID), as: QuizAnswer.self)
    }

    /// Marks or unmarks a favourite; the returned status is the server's truth.
    public func setFavourite(quizID: Int, _ favourite: Bool) async throws(RemoteError) -> FavouriteStatus {
        try await transport.fetch(favouriteRequest(quizID: quizID, favourite: favourite), as: FavouriteStatus.self)
    }

    private func request(_ method: String, path: String, query: [(name: String, value: String)] = []) -> URLRequest {
        ServiceRequest.make(method, base: baseURL, path: path, query: query + [("token", token)])
    }
}
