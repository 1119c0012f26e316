import Foundation
import Observation
import Signals

/// The Quizzes game of practices 4.1 and 4.2: a list of quizzes from the quiz server's
/// `random10` (answers checked by the server, favourites kept there) or, in practice 4.1's own
/// mode, every quiz of a local `quizzes.json` (answers judged here against the file, favourites
/// kept in the `Store`); a filter, the **score** (distinct quizzes answered right since the list
/// was last replaced) and the **record** (distinct quizzes ever answered right on this server or
/// file, kept in the `Store`).
///
/// Every piece of state is a signal; `snapshot` (and its bytes, `snapshotJSON`) is what the
/// pages render. Rules: a newer download or load supersedes one in flight, whose late answer is
/// dropped; a failure sets `error` (Spanish) and keeps the last good list; a successful request
/// clears `error`.
///
/// `Observable`: a SwiftUI view (or `withObservationTracking`) reading `quizzes`, `score`… is
/// told of each change of what it read.
@MainActor
public final class QuizzesModel: Observable, SignalObservable {
    /// Where the list comes from and who judges it.
    private let source: QuizJudge
    private let recordStore: QuizIDStore?
    /// Bumped each time a new list replaces the old: a check started in an older round still
    /// counts for the record, but not for the new round's score.
    private var round = 0

    private let list = RemoteList<QuizItem>()
    private let rightThisRound = State<Set<Int>>([])
    private let rightEver = State<Set<Int>>([])
    private let onlyUnansweredState = State(false)

    /// `score` as a signal (to subscribe, or to read inside a `Computed`).
    public let scoreSignal: Computed<Int>
    /// `record` as a signal.
    public let recordSignal: Computed<Int>
    /// `visibleQuizzes` as a signal.
    public let visibleQuizzesSignal: Computed<[QuizItem]>
    /// What the list page renders.
    public let snapshot: Computed<QuizzesSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    let observation = SignalObservation<QuizzesModel>()

    /// The largest local quizzes file `load(from:)` reads.
    public static let maxFileSize = LocalQuizFile.maxSize

    /// A model for the server behind `client`; the record is read from and kept in `store`
    /// under `recordKey` (default `client.serverKey`; give a stable key for a server whose URL
    /// changes between runs, like a stand-in on a free port), or only in memory when `store` is nil.
    public convenience init(client: QuizServerClient, store: Store?, recordKey: String? = nil) {
        self.init(source: .server(client), store: store, recordKey: recordKey ?? client.serverKey)
    }

    /// A model that plays every quiz of the local `quizzes.json` at `file` (practice 4.1): the
    /// list is the file's, in its order, read again by `download()`; answers are judged against
    /// the file (trimmed, case-insensitive); the record and the favourites are kept in `store`
    /// under the file's key (`file:` + its absolute path), or only in memory when `store` is nil.
    /// The file's own `favourite` fields are its author's marks on a server, not the player's,
    /// and are not used. Nothing is read until `download()`.
    public convenience init(file: URL, store: Store?) {
        let local = LocalQuizFile(url: file)
        self.init(
            source: .file(local, favourites: store.map { QuizIDStore(.localFavourites, store: $0, key: local.key) }),
            store: store, recordKey: local.key)
    }

    private init(source: QuizJudge, store: Store?, recordKey: String) {
        self.source = source
        recordStore = store.map { QuizIDStore(.record, store: $0, key: recordKey) }
        let items = list.items
        let rightThisRound = self.rightThisRound
        let rightEver = self.rightEver
        let onlyUnanswered = onlyUnansweredState
        let loading = list.status.loading
        let error = list.status.error
        let skipped = list.skipped
        let fileName: String?
        if case .file(let file, _) = source { fileName = file.url.lastPathComponent } else { fileName = nil }
        scoreSignal = Computed { rightThisRound.value.count }
        recordSignal = Computed { rightEver.value.count }
        visibleQuizzesSignal = Computed {
            guard onlyUnanswered.value else { return items.value }
            let right = rightThisRound.value
            return items.value.filter { !right.contains($0.id) }
        }
        let visible = visibleQuizzesSignal
        snapshot = Computed {
            let right = rightThisRound.value
            return QuizzesSnapshot(
                quizzes: visible.value.map { QuizRow($0, answeredRight: right.contains($0.id)) },
                score: right.count, record: rightEver.value.count, onlyUnanswered: onlyUnanswered.value,
                loading: loading.value, error: error.value, file: fileName, skipped: skipped.value.count)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        do {
            rightEver.value = try recordStore?.quizIDs() ?? []
            if case .file(_, let favourites) = source { localFavourites = try favourites?.quizIDs() ?? [] }
        } catch {
            list.status.show(.store(error))
        }
    }

    /// The favourites of a local file's quizzes (practice 4.1's mode only).
    private var localFavourites = Set<Int>()

    // MARK: Reading (each one observable: see `SignalObservation`)

    /// The current list, unfiltered, in the server's order.
    public var quizzes: [QuizItem] { observed(list.items, \.quizzes) }
    /// The list as shown: every quiz, or only those not answered right when `onlyUnanswered`.
    public var visibleQuizzes: [QuizItem] { observed(visibleQuizzesSignal, \.visibleQuizzes) }
    /// Distinct quizzes answered right since the list was last downloaded or loaded.
    public var score: Int { observed(scoreSignal, \.score) }
    /// Distinct quizzes ever answered right on this server.
    public var record: Int { observed(recordSignal, \.record) }
    /// The ids answered right in the current round.
    public var answeredRightIDs: Set<Int> { observed(rightThisRound, \.answeredRightIDs) }
    /// Whether only quizzes not yet answered right are shown.
    public var onlyUnanswered: Bool { observed(onlyUnansweredState, \.onlyUnanswered) }
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
    /// The items of the last list that could not be read, and why.
    public var skipped: [SkippedElement] { observed(list.skipped, \.skipped) }

    // MARK: Actions

    /// Replaces the list with `GET /api/quizzes/random10` (in practice 4.1's mode, with every quiz
    /// of the file, read again), resetting the score. Supersedes any download or load in flight;
    /// if a newer one starts before this answer arrives, this one returns without touching the state.
    public func download() async throws(ModelError) {
        switch source {
        case .server(let client):
            try await list.download(alongside: startNewRound) { () async throws(RemoteError) in try await client.random10() }
        case .file(let file, _):
            try show(file, playable: true)
        }
    }

    /// Replaces the list with a local `quizzes.json` (any of the course's shapes), resetting the
    /// score. Supersedes a download in flight.
    public func load(from file: URL) throws(ModelError) {
        let playable: Bool
        if case .file = source { playable = true } else { playable = false }
        try show(LocalQuizFile(url: file), playable: playable)
    }

    private func show(_ file: LocalQuizFile, playable: Bool) throws(ModelError) {
        do throws(ModelError) {
            var read = try file.read(playable: playable)
            if case .file = source {
                for index in read.elements.indices {
                    read.elements[index].favourite = localFavourites.contains(read.elements[index].id)
                }
            }
            list.load(read, alongside: startNewRound)
        } catch {
            list.supersede(showing: error)
            throw error
        }
    }

    /// Asks the server whether `answer` is right (`GET /api/quizzes/{id}/check`; in practice
    /// 4.1's mode, the file); a right answer counts for the score (if the list was not replaced
    /// meanwhile) and the record.
    public func check(quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult {
        let startedInRound = round
        let result = try await actions.check(requireQuiz(quizID), answer: answer) { result in
            guard result.result else { return }
            if startedInRound == round { rightThisRound.update { _ = $0.insert(quizID) } }
            rightEver.update { _ = $0.insert(quizID) }
        }
        if result.result { keepInRecord(quizID) }
        return result
    }

    /// Marks (`PUT`) or unmarks (`DELETE`) a favourite (in practice 4.1's mode, in the `Store`);
    /// the list shows what the server answers.
    @discardableResult
    public func setFavourite(quizID: Int, _ favourite: Bool) async throws(ModelError) -> FavouriteStatus {
        try await actions.setFavourite(requireQuiz(quizID), favourite) { answer in
            if case .file = source {
                if answer.favourite { localFavourites.insert(quizID) } else { localFavourites.remove(quizID) }
            }
            list.items.update { items in
                for index in items.indices where items[index].id == quizID {
                    items[index].favourite = answer.favourite
                }
            }
        }
    }

    /// Flips a quiz's favourite mark (see `setFavourite(quizID:_:)`).
    @discardableResult
    public func toggleFavourite(quizID: Int) async throws(ModelError) -> FavouriteStatus {
        try await setFavourite(quizID: quizID, !requireQuiz(quizID).favourite)
    }

    /// The right answer of a quiz (`GET /api/quizzes/{id}/answer`, or the file's).
    public func answer(quizID: Int) async throws(ModelError) -> String {
        try await actions.answer(requireQuiz(quizID))
    }

    /// Shows only the quizzes not answered right in this round, or all.
    public func setOnlyUnanswered(_ only: Bool) {
        onlyUnansweredState.value = only
    }

    // MARK: Helpers

    private func requireQuiz(_ quizID: Int) throws(ModelError) -> QuizItem {
        try list.item(quizID)
    }

    private var actions: QuizActions { QuizActions(judge: source, status: list.status) }

    /// Runs in the batch that shows a new list: a new round starts with a score of 0.
    private func startNewRound() {
        round += 1
        rightThisRound.value = []
    }

    private func keepInRecord(_ quizID: Int) {
        do {
            try recordStore?.add([quizID])
        } catch {
            list.status.show(.store(error))
        }
    }
}
