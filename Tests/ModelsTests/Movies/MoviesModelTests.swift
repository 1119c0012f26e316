import Foundation
import ModelsTesting
import Signals
import Testing

@testable import Models

@Suite("MoviesModel: films with a yes/no question, tolerant posters, answers and score", .timeLimit(.minutes(5)))
@MainActor
struct MoviesModelTests {
    private let films = Scripted { MoviesModel(client: JSONListClient(url: URL(string: "http://pelis.test/movies.json")!, transport: $0)) }

    static func itemJSON(_ id: Int, image: String = #""image":"posters/p.svg""#, answer: String = "true") -> String {
        #"{"id":\#(id),"name":"Película \#(id)",\#(image),"question":"¿Sí?","answer":\#(answer)}"#
    }

    static func list(_ ids: [Int]) -> ScriptedTransport.Reply {
        .json("[" + ids.map { itemJSON($0) }.joined(separator: ",") + "]")
    }

    @Test func readsTheFilmsToleratingPostersAndSkippingBadItems() async throws {
        let items = [
            Self.itemJSON(1), Self.itemJSON(2, image: #""image":null"#), Self.itemJSON(3, image: #""poster":"x.png""#),
            Self.itemJSON(4, image: #""image":"data:image/png;base64,AAAA""#), Self.itemJSON(5, answer: #""sí""#),
            #"{"id":6,"name":"Sin pregunta","image":"p.svg","answer":false}"#,
        ]
        films.transport.enqueue(.json("[" + items.joined(separator: ",") + "]"))
        try await films.model.download()
        #expect(films.transport.requests.first?.url?.absoluteString == "http://pelis.test/movies.json")
        #expect(films.model.movies.map(\.id) == [1, 2, 3, 4])
        #expect(films.model.movies.map { $0.image?.absoluteString } == ["posters/p.svg", nil, nil, nil])
        #expect(films.model.game.skipped.map(\.description) == [
            "elemento 4 (id 5): tipo incorrecto en «answer»: se esperaba Bool", "elemento 5 (id 6): falta el campo «question»",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: films.model.snapshotJSON.value) as? [String: Any])
        let rows = try #require(json["movies"] as? [[String: Any]])
        try #require(rows.count == 4)
        #expect(Set(rows[0].keys) == ["id", "name", "image", "question", "answeredRight"], "never the answer")
        #expect(rows[1]["image"] is NSNull)
        #expect(try JSONDecoder().decode(MoviesSnapshot.self, from: films.model.snapshotJSON.value) == films.model.snapshot.value)
    }

    @Test func answersAreJudgedLocallyAndTheScoreCountsDistinctRightOnes() async throws {
        films.transport.enqueue(.json("[" + Self.itemJSON(1, answer: "false") + "," + Self.itemJSON(2) + "]"))
        try await films.model.download()
        #expect(try films.model.answer(movieID: 1, answer: true) == AnswerResult(id: 1, answer: true, solution: false, result: false, sequence: 1))
        #expect(try films.model.answer(movieID: 1, answer: false).result)
        #expect(try films.model.answer(movieID: 1, answer: false).result)
        #expect(try films.model.answer(movieID: 2, answer: true).result)
        #expect(films.model.game.score == 2)
        #expect(films.model.game.lastResult?.sequence == 4)
        #expect(throws: ModelError.unknownItem(.movie, id: 3)) { try films.model.answer(movieID: 3, answer: true) }
        #expect(ModelError.unknownItem(.movie, id: 3).userMessage == "No hay ninguna película con id 3.")
    }
}
