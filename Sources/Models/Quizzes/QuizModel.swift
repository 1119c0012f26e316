import Foundation
import Observation
import Signals

/// The one-at-a-time game of the June 2022 exam: `next()` asks the quiz server for a random quiz
/// (`GET /api/quizzes/random`) until it answers `{"nomore":true}`; the player checks answers,
/// marks favourites and asks for the right answer. The **score** counts the distinct quizzes
/// answered right since the model was made.
///
/// Every piece of state is a signal; `snapshot` (and its bytes, `snapshotJSON`) is what the page
/// renders. A newer `next()` supersedes one in flight; a failure sets `error` and keeps the quiz.
/// `Observable`: a view reading `quiz`, `score`… is told of each change of what it read.
@MainActor
public final class QuizModel: Observable, SignalObservable {
    /// The quiz server this model talks to.
    public let client: QuizServerClient
    private let quizRequests = LatestRequest<RandomQuiz>()

    private let currentQuiz = State<QuizItem?>(nil)
    private let noMoreState = State(false)
    private let lastResultState = State<QuizCheckResult?>(nil)
    private let rightIDs = State<Set<Int>>([])
    private let shownCount = State(0)
    private let status = RequestStatus()

    /// `score` as a signal (to subscribe, or to read inside a `Computed`).
    public let scoreSignal: Computed<Int>
    /// What the one-at-a-time page renders.
    public let snapshot: Computed<QuizSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    let observation = SignalObservation<QuizModel>()

    /// A model for the server behind `client`, with no quiz yet (call `next()`).
    public init(client: QuizServerClient) {
        self.client = client
        let currentQuiz = self.currentQuiz
        let noMore = noMoreState
        let lastResult = lastResultState
        let rightIDs = self.rightIDs
        let shownCount = self.shownCount
        let loading = status.loading
        let error = status.error
        scoreSignal = Computed { rightIDs.value.count }
        snapshot = Computed {
            let right = rightIDs.value
            return QuizSnapshot(
                quiz: currentQuiz.value.map { QuizRow($0, answeredRight: right.contains($0.id)) },
                nomore: noMore.value, lastResult: lastResult.value, score: right.count,
                loading: loading.value, error: error.value, number: currentQuiz.value == nil ? 0 : shownCount.value)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
    }

    /// The quiz being played, if any.
    public var quiz: QuizItem? { observed(currentQuiz, \.quiz) }
    /// Distinct quizzes answered right since the model was made.
    public var score: Int { observed(scoreSignal, \.score) }
    /// Whether the server has no quiz left.
    public var noMore: Bool { observed(noMoreState, \.noMore) }
    /// The last check of the current quiz.
    public var lastResult: QuizCheckResult? { observed(lastResultState, \.lastResult) }
    /// Whether a request for the next quiz is in flight.
    public var loading: Bool { observed(status.loading, \.loading) }
    /// The last failure in Spanish, or nil.
    public var error: String? { observed(status.error, \.error) }
    /// The longest one remote call of this model may take before it ends as "El servidor tarda
    /// demasiado…" (`Deadline.standard` unless set).
    public var deadline: Duration {
        get { status.deadline }
        set { status.deadline = newValue }
    }

    /// Replaces the quiz with a random one from the server, or shows that there are no more.
    public func next() async throws(ModelError) {
        status.loading.value = true
        let client = self.client
        guard let outcome = await quizRequests.run(within: status.deadline, { () async throws(RemoteError) in try await client.random() })
        else { return }
        switch outcome {
        case .success(let random):
            batch {
                switch random {
                case .quiz(let quiz):
                    currentQuiz.value = quiz
                    shownCount.value += 1
                    noMoreState.value = false
                case .noMore:
                    currentQuiz.value = nil
                    noMoreState.value = true
                }
                lastResultState.value = nil
                status.loading.value = false
                status.succeeded()
            }
        case .failure(let error):
            status.show(.remote(error), stopLoading: true)
            throw .remote(error)
        }
    }

    /// Checks `answer` for the quiz being played; a right answer counts for the score.
    public func check(quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult {
        try await actions.check(requireCurrent(quizID), answer: answer) { result in
            if result.result { rightIDs.update { _ = $0.insert(quizID) } }
            if currentQuiz.value?.id == quizID { lastResultState.value = result }
        }
    }

    /// Marks or unmarks the quiz being played as a favourite; shows what the server answers.
    @discardableResult
    public func setFavourite(quizID: Int, _ favourite: Bool) async throws(ModelError) -> FavouriteStatus {
        try await actions.setFavourite(requireCurrent(quizID), favourite) { answer in
            currentQuiz.update { quiz in
                if quiz?.id == quizID { quiz?.favourite = answer.favourite }
            }
        }
    }

    /// Flips the favourite mark of the quiz being played.
    @discardableResult
    public func toggleFavourite(quizID: Int) async throws(ModelError) -> FavouriteStatus {
        try await setFavourite(quizID: quizID, !requireCurrent(quizID).favourite)
    }

    /// The right answer of the quiz being played.
    public func answer(quizID: Int) async throws(ModelError) -> String {
        try await actions.answer(requireCurrent(quizID))
    }

    private var actions: QuizActions { QuizActions(judge: .server(client), status: status) }

    private func requireCurrent(_ quizID: Int) throws(ModelError) -> QuizItem {
        guard let quiz = currentQuiz.value, quiz.id == quizID else { throw .unknownItem(.quiz, id: quizID) }
        return quiz
    }
}
