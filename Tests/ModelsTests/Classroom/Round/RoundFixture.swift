import Foundation
import ModelsTesting
import Testing

@testable import Models

/// What the round's suites share: a `ClassroomRound` whose quiz server and trivia service answer
/// from one `RoutedTransport`, hosted with `key`.
@MainActor
enum RoundFixture {
    static let key = "host-key-for-tests"

    static func quizClient(_ transport: RoutedTransport) throws -> QuizServerClient {
        QuizServerClient(baseURL: try #require(URL(string: "http://quiz.test/")), token: "t", transport: transport)
    }

    static func triviaClient(_ transport: RoutedTransport) throws -> TriviaClient {
        TriviaClient(baseURL: try #require(URL(string: "http://trivia.test/")), transport: transport)
    }

    /// A round over `transport`, in a room hosted with `key`, on `clock`.
    static func round(_ transport: RoutedTransport, clock: ClassroomRound.Clock = ClassroomRound.Clock()) throws -> ClassroomRound {
        ClassroomRound(hostKey: key, quizClient: try quizClient(transport), triviaClient: try triviaClient(transport), clock: clock)
    }
}
