import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("Every list model: a failure keeps the last good list, a late answer changes nothing", .timeLimit(.minutes(5)))
@MainActor
struct ListModelDownloadTests {
    /// The models that download a list.
    enum ListModel: String, CaseIterable, Sendable {
        case quizzes, books, matches, movies

        /// The rules, over a fresh model of this kind and its fake server.
        @MainActor
        func rules() -> ListDownloadRules {
            switch self {
            case .quizzes:
                let quizzes = Scripted {
                    QuizzesModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test/")!, token: "t", transport: $0), store: nil)
                }
                return ListDownloadRules(
                    transport: quizzes.transport, list: QuizReplies.list, download: { try await quizzes.model.download() },
                    ids: { quizzes.model.quizzes.map(\.id) }, status: { (quizzes.model.loading, quizzes.model.error) }, setDeadline: { quizzes.model.deadline = $0 })
            case .books:
                let books = Scripted { BooksModel(client: JSONListClient(url: URL(string: "https://ibros.test/")!, transport: $0)) }
                return ListDownloadRules(
                    transport: books.transport, list: BookReplies.list, download: { try await books.model.download() },
                    ids: { books.model.books.map(\.id) }, status: { (books.model.game.loading, books.model.game.error) }, setDeadline: { books.model.game.deadline = $0 })
            case .matches:
                let matches = Scripted { MatchesModel(client: MatchesClient(baseURL: URL(string: "https://mundial.test/")!, transport: $0)) }
                return ListDownloadRules(
                    transport: matches.transport, list: MatchReplies.list, download: { try await matches.model.download() },
                    ids: { matches.model.matches.map(\.id) }, status: { (matches.model.game.loading, matches.model.game.error) }, setDeadline: { matches.model.game.deadline = $0 })
            case .movies:
                let movies = Scripted { MoviesModel(client: JSONListClient(url: URL(string: "http://pelis.test/m.json")!, transport: $0)) }
                return ListDownloadRules(
                    transport: movies.transport, list: MoviesModelTests.list, download: { try await movies.model.download() },
                    ids: { movies.model.movies.map(\.id) }, status: { (movies.model.game.loading, movies.model.game.error) }, setDeadline: { movies.model.game.deadline = $0 })
            }
        }
    }

    @Test(arguments: ListModel.allCases, QuizReplies.failures.map(\.name))
    func everyFailureShowsASpanishErrorAndKeepsTheLastGoodList(model: ListModel, failure: String) async throws {
        try await model.rules().failureKeepsTheLastGoodList(failure)
    }

    @Test(arguments: ListModel.allCases)
    func aDownloadThatNeverEndsBecomesATimeoutWithinTheDeadline(model: ListModel) async throws {
        try await model.rules().aDownloadThatNeverEndsBecomesATimeout()
    }

    @Test(arguments: ListModel.allCases)
    func aLateAnswerOrFailureNeverOverwritesANewerOne(model: ListModel) async throws {
        try await model.rules().lateAnswersChangeNothing()
    }
}
