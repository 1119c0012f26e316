import Foundation
import ModelsTesting
import Signals
import Testing

@testable import Models

@Suite("BooksModel: download, bad items, loading, answers judged locally and the score", .timeLimit(.minutes(5)))
@MainActor
struct BooksModelTests {
    private let books = Scripted { BooksModel(client: JSONListClient(url: URL(string: "https://ibros.test/?lang=es")!, transport: $0)) }

    @Test func downloadGetsTheConfiguredURLAndFillsTheSnapshot() async throws {
        books.transport.enqueue(BookReplies.list([3, 1, 2]))
        try await books.model.download()
        #expect(books.transport.requests.map { $0.url?.absoluteString } == ["https://ibros.test/?lang=es"])
        #expect(books.transport.requests.first?.httpMethod == "GET")
        #expect(books.model.books.map(\.id) == [3, 1, 2])
        #expect(books.model.game.loading == false && books.model.game.error == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: books.model.snapshotJSON.value) as? [String: Any])
        #expect(Set(json.keys) == ["books", "lastResult", "score", "loading", "error"])
        #expect(json["lastResult"] is NSNull && json["error"] is NSNull)
        let row = try #require((json["books"] as? [[String: Any]])?.first)
        #expect(Set(row.keys) == ["id", "book", "question", "answer1", "answer2", "answeredRight"], "no solution")
        #expect((row["answer1"] as? [String: Any])?["photo"] as? String == "/img/3-1.svg")
        #expect((row["answer2"] as? [String: Any])?["photo"] is NSNull)
        #expect(try JSONDecoder().decode(BooksSnapshot.self, from: books.model.snapshotJSON.value) == books.model.snapshot.value)
    }

    @Test func badItemsAreSkippedAndAListOfOnlyBadItemsIsAnError() async throws {
        books.transport.enqueue(.json("[" + BookReplies.itemJSON(1) + "," + BookReplies.itemJSON(2, solution: 3) + "]"))
        try await books.model.download()
        #expect(books.model.books.map(\.id) == [1])
        #expect(books.model.game.skipped.map(\.description) == ["elemento 1 (id 2): dato no válido en «solution»: debe ser 1 o 2 y es 3"])
        books.transport.enqueue(.json("[" + BookReplies.itemJSON(5, solution: 7) + "]"))
        let unreadable = RemoteError.malformed(
            "ningún libro se puede leer (elemento 0 (id 5): dato no válido en «solution»: debe ser 1 o 2 y es 7)")
        await #expect(throws: ModelError.remote(unreadable)) { try await books.model.download() }
        #expect(books.model.books.map(\.id) == [1])
        books.transport.enqueue(.json(#"{"books":[]}"#))
        await #expect(throws: ModelError.self) { try await books.model.download() }
        #expect(books.model.game.error?.hasPrefix("El servidor ha enviado una respuesta que no se puede leer") == true)
    }

    @Test func showsLoadingWhileASlowServerThinksAndAnswersMeanwhile() async throws {
        books.transport.enqueue(BookReplies.list([1]))
        try await books.model.download()
        let gate = books.transport.enqueueHeld(BookReplies.list([1, 2]))
        let download = Task { try await books.model.download() }
        await books.transport.waitForRequests(2)
        #expect(books.model.snapshot.value.status.loading)
        #expect(try books.model.answer(bookID: 1, choice: 1).result, "answering never waits for the network")
        gate.open()
        try await download.value
        #expect(books.model.game.loading == false)
        #expect(books.model.books.map(\.id) == [1, 2])
    }

    @Test func answersAreJudgedLocallyAndTheScoreCountsDistinctRightOnes() async throws {
        books.transport.enqueue(.json("[" + BookReplies.itemJSON(1, solution: 1) + "," + BookReplies.itemJSON(2, solution: 2) + "]"))
        try await books.model.download()
        let wrong = try books.model.answer(bookID: 2, choice: 1)
        #expect(wrong == AnswerResult(id: 2, answer: 1, solution: 2, result: false, sequence: 1))
        #expect(books.model.game.score == 0)
        #expect(try books.model.answer(bookID: 2, choice: 2).result)
        #expect(try books.model.answer(bookID: 2, choice: 2).sequence == 3)
        #expect(try books.model.answer(bookID: 1, choice: 1).result)
        #expect(books.model.game.score == 2)
        #expect(books.model.snapshot.value.status.lastResult == AnswerResult(id: 1, answer: 1, solution: 1, result: true, sequence: 4))
        #expect(books.model.snapshot.value.rows.map(\.answeredRight) == [true, true])
        #expect(try !books.model.answer(bookID: 1, choice: 2).result)
        #expect(books.model.game.score == 2, "a wrong answer later does not take a right one back")
        books.transport.enqueue(BookReplies.list([1, 2]))
        try await books.model.download()
        #expect(books.model.game.score == 2, "the score is the session's, a reload keeps it")
    }

    @Test func refusesUnknownBooksAndChoicesOtherThanOneOrTwo() async throws {
        books.transport.enqueue(BookReplies.list([1]))
        try await books.model.download()
        #expect(throws: ModelError.unknownItem(.book, id: 9)) { try books.model.answer(bookID: 9, choice: 1) }
        #expect(throws: ModelError.invalid("La opción 3 no existe: elige 1 o 2.")) { try books.model.answer(bookID: 1, choice: 3) }
        #expect(throws: ModelError.invalid("La opción 0 no existe: elige 1 o 2.")) { try books.model.answer(bookID: 1, choice: 0) }
        #expect(ModelError.unknownItem(.book, id: 9).userMessage == "No hay ningún libro con id 9.")
        #expect(books.model.game.lastResult == nil)
    }

    @Test func theSnapshotChangesOncePerBurst() async throws {
        let seen = SeenValues<Data>()
        let subscription = books.model.snapshotJSON.subscribe { seen.append($0) }
        defer { subscription.cancel() }
        books.transport.enqueue(BookReplies.list([1, 2]))
        try await books.model.download()
        #expect(seen.count == 3, "now, loading on, then the list with loading off")
        _ = try books.model.answer(bookID: 1, choice: 1)
        #expect(seen.count == 4, "score and last result change in one wave")
    }
}
