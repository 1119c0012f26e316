import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The trivia questions service (the built-in stand-in, `/standin/trivia`):
/// `GET <base>/questions?amount=N` → a JSON array of `TriviaQuestion`s drawn at random.
public struct TriviaClient: Sendable {
    /// Where `/questions` lives.
    public let baseURL: URL
    /// What carries the requests.
    public let transport: any HTTPTransport

    /// Makes a client for the service at `baseURL`.
    public init(baseURL: URL, transport: any HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// `GET /questions?amount=N`.
    public func questionsRequest(amount: Int) -> URLRequest {
        ServiceRequest.make("GET", base: baseURL, path: "questions", query: [("amount", String(amount))])
    }

    /// Up to `amount` random questions; those that cannot be played are in `skipped`. A list
    /// with no playable question is an error.
    public func questions(amount: Int) async throws(RemoteError) -> LenientList<TriviaQuestion> {
        let list = try await transport.fetch(questionsRequest(amount: amount), as: LenientList<TriviaQuestion>.self)
        if list.elements.isEmpty {
            throw .malformed(list.skipped.first.map { "ninguna pregunta se puede jugar (\($0))" } ?? "no hay preguntas")
        }
        return list
    }
}
