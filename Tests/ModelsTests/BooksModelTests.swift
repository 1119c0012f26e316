import Foundation
import Signals
import Testing

@testable import Models

@Suite("BooksModel: download, failures, supersession, answers and score", .timeLimit(.minutes(1)))
@MainActor
struct BooksModelTests {
    private let books = Scripted { BooksModel(client: JSONListClient(url: URL(string: "https://ibros.test/?lang=es")!, transport: $0)) }
    private var transport: ScriptedTransport { books.transport }
    private var model: BooksModel { books.model }
    private var rules: ListDownloadRules {
        ListDownloadRules(
            transport: transport, list: BookReplies.list, download: { [model] in try await model.download() },
            ids: { [model] in model.books.map(\.id) }, status: { [model] in (model.game.loading, model.game.error) })
    }

    @Test func downloadGetsTheConfiguredURLAndFillsTheSnapshot() async throws {
        transport.enqueue(BookReplies.list([3, 1, 2]))
        try await model.download()
        #expect(transport.requests.map { $0.url?.absoluteString } == ["https://ibros.test/?lang=es"])
        #expect(transport.requests.first?.httpMethod == "GET")
        #expect(model.books.map(\.id) == [3, 1, 2])
        #expect(model.game.loading == false && model.game.error == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: model.snapshotJSON.value) as? [String: Any])
        #expect(Set(json.keys) == ["books", "lastResult", "score", "loading", "error"])
        #expect(json["lastResult"] is NSNull && json["error"] is NSNull)
        let row = try #require((json["books"] as? [[String: Any]])?.first)
        #expect(Set(row.keys) == ["id", "book", "question", "answer1", "answer2", "answeredRight"], "no solution")
        #expect((row["answer1"] as? [String: Any])?["photo"] as? String == "/img/3-1.svg")
        #expect((row["answer2"] as? [String: Any])?["photo"] is NSNull)
        #expect(try JSONDecoder().decode(BooksSnapshot.self, from: model.snapshotJSON.value) == model.snapshot.value)
    }

    @Test(arguments: QuizReplies.failures.map(\.name))
    func everyFailureShowsASpanishErrorAndKeepsTheLastGoodList(failure: String) async throws {
        try await rules.failureKeepsTheLastGoodList(failure)
    }

    @Test func badItemsAreSkippedAndAListOfOnlyBadItemsIsAnError() async throws {
        transport.enqueue(.json("[" + BookReplies.itemJSON(1) + "," + BookReplies.itemJSON(2, solution: 3) + "]"))
        try await model.download()
        #expect(model.books.map(\.id) == [1])
        #expect(model.game.skipped.map(\.description) == ["elemento 1 (id 2): dato no válido en «solution»: debe ser 1 o 2 y es 3"])
        transport.enqueue(.json("[" + BookReplies.itemJSON(5, solution: 7) + "]"))
        let unreadable = RemoteError.malformed(
            "ningún libro se puede leer (elemento 0 (id 5): dato no válido en «solution»: debe ser 1 o 2 y es 7)")
        await #expect(throws: ModelError.remote(unreadable)) { try await model.download() }
        #expect(model.books.map(\.id) == [1])
        transport.enqueue(.json(#"{"books":[]}"#))
        await #expect(throws: ModelError.self) { try await model.download() }
        #expect(model.game.error?.hasPrefix("El servidor ha enviado una respuesta que no se puede leer") == true)
    }

    @Test func showsLoadingWhileASlowServerThinksAndAnswersMeanwhile() async throws {
        transport.enqueue(BookReplies.list([1]))
        try await model.download()
        let gate = transport.enqueueHeld(BookReplies.list([1, 2]))
        let download = Task { try await model.download() }
        await transport.waitForRequests(2)
        #expect(model.snapshot.value.status.loading)
        #expect(try model.answer(bookID: 1, choice: 1).result, "answering never waits for the network")
        gate.open()
        try await download.value
        #expect(model.game.loading == false)
        #expect(model.books.map(\.id) == [1, 2])
    }

    @Test func aLateAnswerOrFailureNeverOverwritesANewerOne() async throws {
        try await rules.lateAnswersChangeNothing()
    }

    @Test func answersAreJudgedLocallyAndTheScoreCountsDistinctRightOnes() async throws {
        transport.enqueue(.json("[" + BookReplies.itemJSON(1, solution: 1) + "," + BookReplies.itemJSON(2, solution: 2) + "]"))
        try await model.download()
        let wrong = try model.answer(bookID: 2, choice: 1)
        #expect(wrong == AnswerResult(id: 2, answer: 1, solution: 2, result: false, sequence: 1))
        #expect(model.game.score.value == 0)
        #expect(try model.answer(bookID: 2, choice: 2).result)
        #expect(try model.answer(bookID: 2, choice: 2).sequence == 3)
        #expect(try model.answer(bookID: 1, choice: 1).result)
        #expect(model.game.score.value == 2)
        #expect(model.snapshot.value.status.lastResult == AnswerResult(id: 1, answer: 1, solution: 1, result: true, sequence: 4))
        #expect(model.snapshot.value.rows.map(\.answeredRight) == [true, true])
        #expect(try !model.answer(bookID: 1, choice: 2).result)
        #expect(model.game.score.value == 2, "a wrong answer later does not take a right one back")
        transport.enqueue(BookReplies.list([1, 2]))
        try await model.download()
        #expect(model.game.score.value == 2, "the score is the session's, a reload keeps it")
    }

    @Test func refusesUnknownBooksAndChoicesOtherThanOneOrTwo() async throws {
        transport.enqueue(BookReplies.list([1]))
        try await model.download()
        #expect(throws: ModelError.unknownItem(.book, id: 9)) { try model.answer(bookID: 9, choice: 1) }
        #expect(throws: ModelError.invalid("La opción 3 no existe: elige 1 o 2.")) { try model.answer(bookID: 1, choice: 3) }
        #expect(throws: ModelError.invalid("La opción 0 no existe: elige 1 o 2.")) { try model.answer(bookID: 1, choice: 0) }
        #expect(ModelError.unknownItem(.book, id: 9).userMessage == "No hay ningún libro con id 9.")
        #expect(model.game.lastResult == nil)
    }

    @Test func theSnapshotChangesOncePerBurst() async throws {
        let seen = SeenValues<Data>()
        let subscription = model.snapshotJSON.subscribe { seen.append($0) }
        defer { subscription.cancel() }
        transport.enqueue(BookReplies.list([1, 2]))
        try await model.download()
        #expect(seen.count == 3, "now, loading on, then the list with loading off")
        _ = try model.answer(bookID: 1, choice: 1)
        #expect(seen.count == 4, "score and last result change in one wave")
    }
}
