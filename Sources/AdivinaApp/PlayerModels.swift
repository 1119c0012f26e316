import Foundation
import HTTPServer
import Models

/// One player's set of models and the SSE topics they feed.
///
/// The local mode has one `PlayerModels` shared by every tab; a classroom mode can make one per
/// joined player. No model is a global singleton.
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
    /// The topics by public name (`quizzes`), each publishing one model's snapshot.
    let topics: [String: LiveTopic]
    /// The player's place in the classroom, or nil in the local mode.
    let seat: ClassroomSeat?

    /// Makes the models for the given services and starts publishing them on `hub`, each on the
    /// topic `topicPrefix` + its public name (a classroom player's are `player/<id>/quizzes`…)
    /// with events named after the public name.
    init(services: RemoteServices, store: Store?, hub: SSEHub, topicPrefix: String = "", seat: ClassroomSeat? = nil) {
        self.seat = seat
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
        topics = [
            "quizzes": LiveTopic(name: topicPrefix + "quizzes", event: "quizzes", json: quizzes.snapshotJSON, hub: hub),
            "quiz": LiveTopic(name: topicPrefix + "quiz", event: "quiz", json: quiz.snapshotJSON, hub: hub),
            "books": LiveTopic(name: topicPrefix + "books", event: "books", json: books.snapshotJSON, hub: hub),
            "matches": LiveTopic(name: topicPrefix + "matches", event: "matches", json: matches.snapshotJSON, hub: hub),
            "movies": LiveTopic(name: topicPrefix + "movies", event: "movies", json: movies.snapshotJSON, hub: hub),
            "trivia": LiveTopic(name: topicPrefix + "trivia", event: "trivia", json: trivia.snapshotJSON, hub: hub),
            "news": LiveTopic(name: topicPrefix + "news", event: "news", json: news.snapshotJSON, hub: hub),
        ]
    }

    /// Stops publishing every topic (a player who left).
    func cancel() {
        for topic in topics.values { topic.cancel() }
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
