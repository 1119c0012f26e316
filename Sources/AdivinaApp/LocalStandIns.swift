import Foundation
import HTTPServer
import Models
import StandIns

/// The offline stand-ins the app serves under `/standin/…`, made from the configuration.
///
/// Made away from the main actor (`AdivinaServer.start`): reading the data and encoding every
/// quiz as served takes a while, and nothing in it belongs to the models.
struct LocalStandIns: Sendable {
    /// How the models reach the stand-ins (a secret token and path in classroom mode).
    let access: RemoteServices.StandInAccess
    private let mountables: [any MountableStandIn]
    /// The quiz stand-in, which the models call in process (`InProcessTransport`).
    let quiz: QuizServerStandIn
    /// Whether the stand-ins' test controls answer (`--standin-controls`).
    private let controls: Bool

    /// In classroom mode the stand-ins that know answers are not the students' to ask: the quiz
    /// stand-in takes only a secret token, the trivia one lives at a secret path.
    init(configuration: Configuration) throws {
        controls = configuration.standInControls
        access = configuration.classroom
            ? RemoteServices.StandInAccess(quizToken: SecretToken.random(), triviaPath: "standin/trivia-\(SecretToken.random())")
            : RemoteServices.StandInAccess.local
        quiz = try QuizServerStandIn(
            catalog: try configuration.quizData.map { try QuizCatalog(contentsOf: $0) } ?? QuizCatalog.bundled(),
            images: try StandInImages.bundled("quiz"), mountPath: "/standin/quiz",
            dataDirectory: configuration.dataDirectory,
            tokens: configuration.classroom ? .only([access.quizToken]) : .anyNonEmpty)
        mountables = [
            quiz,
            try ListServerStandIn.books(),
            try MatchesStandIn.bundled(),
            try ListServerStandIn.movies(),
            try TriviaStandIn.bundled(mountPath: "/" + access.triviaPath),
            try WordPressStandIn.bundled(mountPath: "/standin/news"),
        ]
    }

    /// The models' transport: the quiz stand-in in process, everything else through `network`.
    func transport(over network: any HTTPTransport) -> InProcessTransport {
        InProcessTransport(standIns: [quiz], network: network)
    }

    /// Adds every stand-in to `router`.
    func mount(on router: inout Router) {
        for standIn in mountables { standIn.mount(on: &router, controls: controls) }
    }
}
