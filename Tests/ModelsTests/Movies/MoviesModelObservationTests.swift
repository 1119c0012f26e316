import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("MoviesModel is Observable: the films, the score and the last answer", .timeLimit(.minutes(5)))
@MainActor
struct MoviesModelObservationTests {
    private let films = Scripted { MoviesModel(client: JSONListClient(url: URL(string: "http://pelis.test/movies.json")!, transport: $0)) }
    private var model: MoviesModel { films.model }

    @Test func aDownloadFiresTheFilmsAndAnAnswerTheScore() async throws {
        let list = tracking { model.movies.map(\.id) }
        films.transport.enqueue(MoviesModelTests.list([1, 2]))
        try await model.download()
        #expect(list.count == 1)
        let score = tracking { model.score }
        let unrelated = tracking { model.loading }
        _ = try model.answer(movieID: 2, answer: true)
        #expect(score.count == 1 && unrelated.count == 0)
        let again = tracking { model.score }
        _ = try model.answer(movieID: 2, answer: true)
        #expect(again.count == 0, "the same film right twice: the score does not change")
    }

    @Test func anObservedModelIsReleased() async throws {
        let released = try await isReleasedAfterObserving(over: MoviesModelTests.list([1])) {
            MoviesModel(client: JSONListClient(url: URL(string: "http://pelis.test/movies.json")!, transport: $0))
        } read: { _ = $0.movies } change: { try await $0.download() }
        #expect(released)
    }
}
