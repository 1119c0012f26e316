import Foundation
import HTTPServer
import Models
import Signals

/// The local player's models and the SSE topics they feed: one, shared by every tab of the local
/// mode. A class player has none of these (`ClassPlayer`). No model is a global singleton.
@MainActor
final class PlayerModels {
    /// The Quizzes list (practices 4.1 and 4.2).
    let quizzes: QuizzesModel
    /// The one-at-a-time quiz (exam June 2022).
    let quiz: QuizModel
    /// The Books exam (June 2024).
    let books: BooksModel
    /// The Matches exam (December 2022).
    let matches: MatchesModel
    /// The Películas exam.
    let movies: MoviesModel
    /// The player's trivia game (its scores go to the shared ranking).
    let trivia: TriviaGame
    /// The news reader (its favourites are the player's).
    let news: NewsModel
    /// The live topics publishing the models' snapshots.
    let topics: PlayerTopics

    /// Makes the models for the given services and starts publishing them on `hub`.
    init(services: RemoteServices, store: Store?, hub: SSEHub) {
        if let file = services.quizzesFile {
            quizzes = QuizzesModel(file: file, store: store)
        } else {
            quizzes = QuizzesModel(client: services.quizClient, store: store, recordKey: services.quizRecordKey)
        }
        quiz = QuizModel(client: services.quizClient)
        books = BooksModel(client: services.booksClient)
        matches = MatchesModel(client: services.matchesClient)
        movies = MoviesModel(client: services.moviesClient)
        trivia = TriviaGame(client: services.triviaClient)
        news = NewsModel(client: services.newsClient, store: store, siteKey: services.newsSiteKey)
        func topic(_ topic: Topic, _ json: Computed<Data>) -> LiveTopic {
            LiveTopic(name: topic.rawValue, json: json, hub: hub)
        }
        topics = PlayerTopics(
            quizzes: topic(.quizzes, quizzes.snapshotJSON), quiz: topic(.quiz, quiz.snapshotJSON),
            books: topic(.books, books.snapshotJSON), matches: topic(.matches, matches.snapshotJSON),
            movies: topic(.movies, movies.snapshotJSON), trivia: topic(.trivia, trivia.snapshotJSON),
            news: topic(.news, news.snapshotJSON))
    }

    /// Starts the first downloads, as the apps do when their first screen appears.
    func startLoading() {
        Task { try? await quizzes.download() }
        Task { try? await quiz.next() }
        Task { try? await books.download() }
        Task { try? await matches.download() }
        Task { try? await movies.download() }
        Task { try? await trivia.start() }
        Task { try? await news.reload() }
    }
}
