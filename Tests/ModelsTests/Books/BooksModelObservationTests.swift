import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("BooksModel is Observable: the books, the score and the last answer", .timeLimit(.minutes(5)))
@MainActor
struct BooksModelObservationTests {
    private let books = Scripted { BooksModel(client: JSONListClient(url: URL(string: "https://ibros.test/")!, transport: $0)) }
    private var model: BooksModel { books.model }

    @Test func aDownloadFiresTheBooksOnce() async throws {
        let list = tracking { model.books.map(\.id) }
        let score = tracking { model.score }
        books.transport.enqueue(BookReplies.list([3, 1]))
        try await model.download()
        #expect(list.count == 1)
        #expect(score.count == 0, "a new list keeps the session's score")
    }

    @Test func aRightAnswerFiresTheScoreAndAWrongOneOnlyTheLastResult() async throws {
        books.transport.enqueue(BookReplies.list([1, 2]))
        try await model.download()
        let score = tracking { model.score }
        let last = tracking { model.lastResult }
        _ = try model.answer(bookID: 1, choice: 2)
        #expect(score.count == 0 && last.count == 1)
        let right = tracking { model.score }
        let list = tracking { model.books }
        _ = try model.answer(bookID: 1, choice: 1)
        #expect(right.count == 1 && model.score == 1)
        #expect(list.count == 0, "answering does not touch the list")
    }

    @Test func aFailureIsAnErrorAViewCanShow() async throws {
        let error = tracking { model.error }
        books.transport.enqueue(.text("Unauthorized", status: 401))
        await #expect(throws: ModelError.self) { try await model.download() }
        #expect(error.count == 1 && model.error != nil)
    }

    @Test func anObservedModelIsReleased() async throws {
        let released = try await isReleasedAfterObserving(over: BookReplies.list([1])) {
            BooksModel(client: JSONListClient(url: URL(string: "https://ibros.test/")!, transport: $0))
        } read: { _ = $0.books } change: { try await $0.download() }
        #expect(released)
    }
}
