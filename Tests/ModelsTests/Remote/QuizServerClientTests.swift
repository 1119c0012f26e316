import Foundation
import ModelsTesting
import Testing

@testable import Models

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("QuizServerClient builds the contract's requests and reads its answers")
struct QuizServerClientTests {
    private let transport = ScriptedTransport()

    private func client(base: String = "http://127.0.0.1:8080/standin/quiz/") -> QuizServerClient {
        QuizServerClient(baseURL: URL(string: base)!, token: "t0k&n", transport: transport)
    }

    @Test func buildsEachRequestOfTheContract() {
        let client = self.client()
        let cases: [(URLRequest, String, String)] = [
            (client.random10Request(), "GET", "/api/quizzes/random10?token=t0k%26n"),
            (client.randomRequest(), "GET", "/api/quizzes/random?token=t0k%26n"),
            (client.answerRequest(quizID: 5), "GET", "/api/quizzes/5/answer?token=t0k%26n"),
            (client.favouriteRequest(quizID: 5, favourite: true), "PUT", "/api/users/tokenOwner/favourites/5?token=t0k%26n"),
            (client.favouriteRequest(quizID: 5, favourite: false), "DELETE", "/api/users/tokenOwner/favourites/5?token=t0k%26n"),
        ]
        for (request, method, path) in cases {
            #expect(request.httpMethod == method)
            #expect(request.url?.absoluteString == "http://127.0.0.1:8080/standin/quiz" + path)
        }
    }

    @Test(arguments: AnswerEscapes.cases)
    func escapesTheAnswerByteForByte(answer: String, escaped: String) throws {
        let request = client(base: "https://quiz.example").checkRequest(quizID: 7, answer: answer)
        let url = try #require(request.url)
        #expect(url.absoluteString == "https://quiz.example/api/quizzes/7/check?answer=\(escaped)&token=t0k%26n")
        // What a server reads back from that query is exactly the answer typed.
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.percentEncodedQuery == "answer=\(escaped)&token=t0k%26n")
        #expect(components.queryItems?.first { $0.name == "answer" }?.value == answer)
    }

    @Test func keysTheServerWithoutTrailingSlashQueryOrCase() {
        #expect(QuizServerClient.serverKey(for: URL(string: "HTTPS://Quiz.Example:8443/base/?x=1")!) == "https://quiz.example:8443/base")
        #expect(client().serverKey == "http://127.0.0.1:8080/standin/quiz")
    }

    @Test func readsRandom10AndReportsSkippedItems() async throws {
        transport.enqueue(.json(#"[{"id":1,"question":"Uno","author":null,"attachment":null,"favourite":false},{"id":2}]"#))
        let list = try await client().random10()
        #expect(list.elements.map(\.id) == [1])
        #expect(list.skipped.map(\.id) == ["2"])
    }

    @Test func failsWhenNoItemOfRandom10CanBeRead() async {
        transport.enqueue(.json(#"[{"id":2},{"id":3}]"#))
        await #expect(throws: RemoteError.malformed("ninguna pregunta se puede leer (elemento 0 (id 2): falta el campo «question»)")) {
            try await client().random10()
        }
    }

    @Test func readsRandomAndNomore() async throws {
        transport.enqueue(.json(#"{"id":4,"question":"Cuatro","favourite":true}"#))
        transport.enqueue(.json(#"{"nomore":true}"#))
        #expect(try await client().random() == .quiz(QuizItem(id: 4, question: "Cuatro", favourite: true)))
        #expect(try await client().random() == .noMore)
    }

    @Test func readsCheckAnswerAndFavourite() async throws {
        transport.enqueue(.json(#"{"quizId":5,"answer":"moscow ","result":true}"#))
        transport.enqueue(.json(#"{"quizId":5,"answer":"Moscow"}"#))
        transport.enqueue(.json(#"{"id":5,"favourite":true}"#))
        #expect(try await client().check(quizID: 5, answer: "moscow ") == QuizCheckResult(quizId: 5, answer: "moscow ", result: true))
        #expect(try await client().answer(quizID: 5) == QuizAnswer(quizId: 5, answer: "Moscow"))
        #expect(try await client().setFavourite(quizID: 5, true) == FavouriteStatus(id: 5, favourite: true))
        #expect(transport.requests.map(\.httpMethod) == ["GET", "GET", "PUT"])
    }

    @Test(arguments: [
        (ScriptedTransport.Reply.text("Unauthorized", status: 401), RemoteError.unauthorized),
        (.json(#"{"error":"There is no quiz with id=99"}"#, status: 404), .notFound("There is no quiz with id=99")),
        (.text("Not Found", status: 404, contentType: "text/html"), .notFound(nil)),
        (.json(#"{"error":"boom"}"#, status: 500), .status(500, "boom")),
        (.text("<html><body>Bad gateway</body></html>", status: 502, contentType: "text/html"), .status(502, nil)),
        (.text("<!DOCTYPE html><html>portal cautivo</html>", status: 200, contentType: "text/html"),
            .malformed("se esperaba JSON y ha llegado una página HTML")),
        (.text("\n  <html>", status: 200, contentType: "application/json"),
            .malformed("se esperaba JSON y ha llegado una página HTML")),
        (.json(#"{"quizId":5,"answer":"Mos"#), .malformed("JSON incompleto o no válido")),
        (.json(""), .malformed("la respuesta está vacía")),
        (.json(#"{"quizId":"5","answer":"x","result":true}"#), .malformed("forma inesperada en «quizId»: se esperaba Int")),
        (.json(#"{"quizId":5,"answer":"x"}"#), .malformed("falta el campo «result»")),
        (.failure(.timeout), .timeout),
        (.failure(.tooLarge(limit: 10)), .tooLarge(limit: 10)),
    ])
    func turnsEveryFailureIntoATypedError(reply: ScriptedTransport.Reply, expected: RemoteError) async {
        transport.enqueue(reply)
        await #expect(throws: expected) { try await client().check(quizID: 5, answer: "x") }
    }

    @Test func actsAsAServerThatIsDownWhenNothingIsScripted() async {
        await #expect(throws: RemoteError.offline) { try await client().random10() }
    }

    @Test func everyErrorHasASpanishMessage() {
        let errors: [RemoteError] = [
            .offline, .timeout, .cancelled, .unauthorized, .notFound(nil), .status(500, nil), .status(418, nil),
            .malformed("x"), .tooLarge(limit: 10_485_760),
        ]
        let messages = errors.map(\.userMessage)
        #expect(Set(messages).count == errors.count)
        #expect(RemoteError.tooLarge(limit: 10_485_760).userMessage.contains("10 MB"))
        #expect(RemoteError.status(503, nil).userMessage.contains("ha fallado"))
        #expect(RemoteError.offline.localizedDescription == RemoteError.offline.userMessage)
    }
}
