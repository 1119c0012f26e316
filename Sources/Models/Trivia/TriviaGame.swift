import Foundation
import Observation
import Signals

/// The trivia game of the UIKit exam: each game downloads `questionsPerGame` questions from the
/// trivia service, shuffles them and the answers of each (the right index follows its answer);
/// `answer(index:)` scores 1 for the right answer and always moves on; after the last question
/// the final score can be saved in the shared `Ranking`; `restart()` starts a new game.
///
/// Every piece of state is a signal; `snapshot` (and its bytes, `snapshotJSON`) is what the page
/// renders. A newer `start()` supersedes one in flight; a failed download shows `error` and keeps
/// the game as it was.
///
/// `Observable`: a view reading `currentQuestion`, `score`, `phase`… is told of each change of
/// what it read.
@MainActor
public final class TriviaGame: Observable, SignalObservable {
    /// How many questions a game has.
    public nonisolated static let questionsPerGame = 10

    /// The trivia service.
    public let client: TriviaClient
    private var generator: any RandomNumberGenerator
    private let questionRequests = LatestRequest<LenientList<TriviaQuestion>>()

    private let questionsState = State<[TriviaQuestion]>([])
    private let positionState = State(0)
    private let scoreState = State(0)
    private let lastAnswerState = State<TriviaAnswer?>(nil)
    private let savedState = State(false)
    private let status = RequestStatus()

    /// `phase` as a signal (to subscribe, or to read inside a `Computed`).
    public let phaseSignal: Computed<TriviaPhase>
    /// `currentQuestion` as a signal.
    let currentQuestionSignal: Computed<TriviaQuestion?>
    /// What the trivia page renders.
    public let snapshot: Computed<TriviaSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    let observation = SignalObservation<TriviaGame>()

    /// A game over `client`'s questions, shuffled with `generator` (a seeded one in tests); no
    /// game is running until `start()`.
    public init(client: TriviaClient, generator: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.client = client
        self.generator = generator
        let questions = questionsState
        let position = positionState
        let score = scoreState
        let lastAnswer = lastAnswerState
        let saved = savedState
        let perGame = Self.questionsPerGame
        let loading = status.loading
        let error = status.error
        let phase = Computed<TriviaPhase> {
            if questions.value.isEmpty { return .idle }
            return position.value < questions.value.count ? .playing : .finished
        }
        phaseSignal = phase
        currentQuestionSignal = Computed { phase.value == .playing ? questions.value[position.value] : nil }
        snapshot = Computed {
            let current = phase.value == .playing ? questions.value[position.value] : nil
            let number = switch phase.value {
            case .idle: 0
            case .playing: position.value + 1
            case .finished: questions.value.count
            }
            return TriviaSnapshot(
                phase: phase.value, question: current.map(TriviaQuestionView.init), number: number,
                total: questions.value.isEmpty ? perGame : questions.value.count, score: score.value,
                lastAnswer: lastAnswer.value, saved: saved.value,
                loading: loading.value, error: error.value)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
    }

    // MARK: Reading

    /// Where the game is.
    public var phase: TriviaPhase { observed(phaseSignal, \.phase) }
    /// The question waiting for its answer, with its answers in the order shown.
    public var currentQuestion: TriviaQuestion? { observed(currentQuestionSignal, \.currentQuestion) }
    /// The questions of the current game, in the order they are asked.
    public var questions: [TriviaQuestion] { observed(questionsState, \.questions) }
    /// Right answers so far; the final score once the game is finished.
    public var score: Int { observed(scoreState, \.score) }
    /// The last answer given in this game, or nil.
    public var lastAnswer: TriviaAnswer? { observed(lastAnswerState, \.lastAnswer) }
    /// Whether the finished game's score is already in the ranking.
    public var saved: Bool { observed(savedState, \.saved) }
    /// Whether the questions of a new game are being downloaded.
    public var loading: Bool { observed(status.loading, \.loading) }
    /// The last failure in Spanish, or nil.
    public var error: String? { observed(status.error, \.error) }
    /// The longest one remote call of this model may take before it ends as "El servidor tarda
    /// demasiado…" (`Deadline.standard` unless set).
    public var deadline: Duration {
        get { status.deadline }
        set { status.deadline = newValue }
    }

    // MARK: Actions

    /// Starts a new game with fresh questions (`GET /questions?amount=10`), shuffled, score 0.
    public func start() async throws(ModelError) {
        status.loading.value = true
        let client = self.client
        guard
            let outcome = await questionRequests.run(within: status.deadline, { () async throws(RemoteError) in
                try await client.questions(amount: Self.questionsPerGame)
            })
        else { return }
        switch outcome {
        case .success(let list):
            begin(list.elements.shuffled(using: &generator).prefix(Self.questionsPerGame).map {
                $0.shufflingAnswers(using: &generator)
            })
        case .failure(let error):
            status.show(.remote(error), stopLoading: true)
            throw .remote(error)
        }
    }

    /// The refusal of an answer to a question the game has moved on from.
    public static let movedOn = ModelError.conflict("Esa pregunta ya no está en juego: responde a la que tienes ahora en pantalla.")

    /// Abandons the current game (finished or not) and starts a new one (see `start()`).
    public func restart() async throws(ModelError) {
        try await start()
    }

    /// Answers the current question with the answer at `index` (0…3): a right answer scores 1;
    /// either way the game moves to the next question (or finishes after the last). With
    /// `question` (the number the player's page showed), an answer to a question the game has
    /// since left (another tab answered) is refused (`movedOn`): it would count for one the
    /// player has not seen.
    @discardableResult
    public func answer(index: Int, question seen: Int? = nil) throws(ModelError) -> TriviaAnswer {
        guard let question = currentQuestionSignal.value else {
            throw .conflict("No hay ninguna pregunta que responder: empieza una partida.")
        }
        if let seen, seen != positionState.value + 1 { throw Self.movedOn }
        guard question.answers.indices.contains(index) else {
            throw .invalid("La respuesta debe ser un número del 0 al \(question.answers.count - 1).")
        }
        let right = index == question.correct
        let report = TriviaAnswer(
            number: positionState.value + 1, index: index, correctIndex: question.correct, right: right)
        batch {
            if right { scoreState.value += 1 }
            lastAnswerState.value = report
            positionState.value += 1
        }
        return report
    }

    private func begin(_ game: [TriviaQuestion]) {
        batch {
            questionsState.value = game
            positionState.value = 0
            scoreState.value = 0
            lastAnswerState.value = nil
            savedState.value = false
            status.loading.value = false
            status.succeeded()
        }
    }

    /// Saves the finished game's score in `ranking` under `name` (trimmed, see `Ranking`); each
    /// game can be saved once.
    @discardableResult
    public func saveScore(as name: String, in ranking: Ranking) throws(ModelError) -> RankingEntry {
        guard phaseSignal.value == .finished else {
            throw .conflict("La partida todavía no ha terminado: responde todas las preguntas antes de guardar.")
        }
        guard !savedState.value else { throw .conflict("Esta partida ya está guardada en la clasificación.") }
        let entry = try ranking.save(name: name, score: scoreState.value)
        savedState.value = true
        return entry
    }
}
