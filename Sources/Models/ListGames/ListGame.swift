import Foundation
import Observation
import Signals

/// The state the Books, Matches and Movies models share: the downloaded list, the answers of
/// this session (score = distinct items answered right; the last answer, for the alert) and the
/// snapshot the pages render. The models own one each and add their own actions.
///
/// What is shared by every tab lives here; what one tab is looking at (the detail screen
/// open, whether its alert is still up) is the page's own business, except for Matches, whose
/// model has a current match as the exam's does.
///
/// `Observable`: a view reading `items`, `score`… is told of each change of what it read.
@MainActor
public final class ListGame<Item: GameItem, Answer: Codable & Hashable & Sendable>: Observable, SignalObservable {
    let list = RemoteList<Item>()
    private let rightIDs = State<Set<Int>>([])
    let last = State<AnswerResult<Answer>?>(nil)
    private var answersGiven = 0

    /// `score` as a signal (to subscribe, or to read inside a `Computed`).
    public let scoreSignal: Computed<Int>
    /// What the pages render.
    public let snapshot: Computed<ListGameSnapshot<Item.Row, Answer>>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    let observation = SignalObservation<ListGame>()

    init() {
        let items = list.items
        let loading = list.status.loading
        let error = list.status.error
        let rightIDs = self.rightIDs
        let last = self.last
        let score = Computed { rightIDs.value.count }
        scoreSignal = score
        snapshot = Computed {
            ListGameSnapshot(
                rows: items.value.map { $0.row(answeredRight: rightIDs.value.contains($0.id)) },
                status: ListGameStatus(lastResult: last.value, score: score.value, loading: loading.value, error: error.value))
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
    }

    /// The items, in the service's order.
    public var items: [Item] { observed(list.items, \.items) }
    /// Distinct items answered right this session.
    public var score: Int { observed(scoreSignal, \.score) }
    /// The items of the last list that could not be read, and why.
    public var skipped: [SkippedElement] { observed(list.skipped, \.skipped) }
    /// Whether a download is in flight.
    public var loading: Bool { observed(list.status.loading, \.loading) }
    /// The last failure in Spanish, or nil.
    public var error: String? { observed(list.status.error, \.error) }
    /// The longest one remote call of this model may take before it ends as "El servidor tarda
    /// demasiado…" (`Deadline.standard` unless set).
    public var deadline: Duration {
        get { list.status.deadline }
        set { list.status.deadline = newValue }
    }
    /// The last answer given, or nil.
    public var lastResult: AnswerResult<Answer>? { observed(last, \.lastResult) }
    /// The ids answered right this session.
    public var answeredRightIDs: Set<Int> { observed(rightIDs, \.answeredRightIDs) }

    /// Records an answer: it becomes the last result and, if right, counts for the score.
    func record(id: Int, answer: Answer, solution: Answer) -> AnswerResult<Answer> {
        answersGiven += 1
        let result = AnswerResult(
            id: id, answer: answer, solution: solution, result: answer == solution, sequence: answersGiven)
        batch {
            if result.result { rightIDs.update { _ = $0.insert(id) } }
            last.value = result
        }
        return result
    }

    /// Forgets the last result (the alert belongs to an item that is no longer on screen).
    func clearLastResult() {
        last.value = nil
    }
}
