import Foundation
@testable import Models

/// The models the suites make over a fake server (`ScriptedTransport`, `RoutedTransport`), each
/// pointed at its test host, so a suite says only what differs.
extension QuizzesModel {
    /// A quizzes list with no store, asking `base` with the token "tok".
    static func testing(over transport: any HTTPTransport, base: String = "http://quiz.test") -> QuizzesModel {
        QuizzesModel(client: QuizServerClient(baseURL: URL(string: base)!, token: "tok", transport: transport), store: nil)
    }
}

extension QuizModel {
    /// One quiz at a time, asking `http://quiz.test` with the token "tok".
    static func testing(over transport: any HTTPTransport) -> QuizModel {
        QuizModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test")!, token: "tok", transport: transport))
    }
}

extension TriviaGame {
    /// A game asking `base`, its questions shuffled by a `SeededGenerator` of `seed` when given.
    static func testing(over transport: any HTTPTransport, base: String = "http://trivia.test/", seed: UInt64? = nil) -> TriviaGame {
        let client = TriviaClient(baseURL: URL(string: base)!, transport: transport)
        return seed.map { TriviaGame(client: client, generator: SeededGenerator(seed: $0)) } ?? TriviaGame(client: client)
    }
}

extension NewsModel {
    /// The news of `https://site/`, kept in `store` (nil: nowhere), retrying after `retry` (an
    /// hour: never within a test), on the clock `now`.
    static func testing(
        over transport: any HTTPTransport, site: String = "site.test", store: Store? = nil,
        retry: [Duration] = [.seconds(3600)], now: @escaping @Sendable () -> Date = { Date() }
    ) -> NewsModel {
        NewsModel(
            client: WordPressClient(siteURL: URL(string: "https://\(site)/")!, transport: transport), store: store,
            siteKey: site, settings: NewsModel.Settings(retry: RetrySchedule(delays: retry), now: now))
    }
}
