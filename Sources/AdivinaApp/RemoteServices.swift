import Foundation
import Models

/// Where the models find their remote services: the built-in stand-ins (the quiz stand-in in
/// process, the others on this same server), or the real servers the command line names.
struct RemoteServices: Sendable {
    /// The token the local mode uses with the quiz stand-in (favourites are kept per token).
    static let standInQuizToken = "adivina-local"

    /// How this server's own stand-ins are reached: the quiz stand-in's token and the trivia
    /// stand-in's path (secret ones in classroom mode, where students must not ask them).
    struct StandInAccess: Sendable {
        /// The `?token=` for the quiz stand-in.
        var quizToken: String
        /// The trivia stand-in's path below the server's root, without slashes around it.
        var triviaPath: String

        /// The local mode's: the usual token and `standin/trivia`.
        static let local = StandInAccess(quizToken: standInQuizToken, triviaPath: "standin/trivia")
    }

    /// The client of the quiz server (stand-in or real).
    let quizClient: QuizServerClient
    /// The key the quiz record is kept under: stable for the stand-in whatever port it has.
    let quizRecordKey: String
    /// Practice 4.1's own mode: the `quizzes.json` whose every quiz the Quizzes app plays, or nil.
    let quizzesFile: URL?
    /// The Books exam's list: `--books-url`, else the stand-in's `/standin/books/`.
    let booksClient: JSONListClient<BookItem>
    /// The Matches exam's server: `--matches-url`, else the stand-in's `/standin/matches`.
    let matchesClient: MatchesClient
    /// The Películas exam's list: `--movies-url`, else the stand-in's `/standin/movies/movies.json`.
    let moviesClient: JSONListClient<MovieItem>
    /// The trivia questions service (always the built-in stand-in).
    let triviaClient: TriviaClient
    /// The WordPress site of the news reader (`--news-server`, or the stand-in).
    let newsClient: WordPressClient
    /// The key the news data is kept under: stable for the stand-in whatever port it has.
    let newsSiteKey: String

    /// The services for `configuration`: the quiz stand-in called in process through `transport`
    /// (at `InProcessTransport.origin`), the other stand-ins reached at `localBase`.
    init(configuration: Configuration, localBase: URL, transport: InProcessTransport, standIns: StandInAccess = .local) {
        if let server = configuration.quizServer, let token = configuration.quizToken {
            quizClient = QuizServerClient(baseURL: server, token: token, transport: transport)
            quizRecordKey = QuizServerClient.serverKey(for: server)
        } else {
            quizClient = QuizServerClient(
                baseURL: InProcessTransport.origin.appendingPathComponent("standin/quiz"), token: standIns.quizToken,
                transport: transport)
            quizRecordKey = "standin:quiz"
        }
        quizzesFile = configuration.quizzesFile
        booksClient = JSONListClient(
            url: configuration.booksURL ?? localBase.appendingPathComponent("standin/books/"), transport: transport)
        matchesClient = MatchesClient(
            baseURL: configuration.matchesURL ?? localBase.appendingPathComponent("standin/matches"), transport: transport)
        moviesClient = JSONListClient(
            url: configuration.moviesURL ?? localBase.appendingPathComponent("standin/movies/movies.json"),
            transport: transport)
        triviaClient = TriviaClient(baseURL: localBase.appendingPathComponent(standIns.triviaPath), transport: transport)
        if let site = configuration.newsServer {
            newsClient = WordPressClient(siteURL: site, transport: transport)
            newsSiteKey = QuizServerClient.serverKey(for: site)
        } else {
            newsClient = WordPressClient(siteURL: localBase.appendingPathComponent("standin/news"), transport: transport)
            newsSiteKey = "standin:news"
        }
    }
}
