import Foundation
import Observation
import Signals

/// The Matches exam (December 2022): the World Cup knockout matches from `…/partidos.json`, the
/// **current match** (shared by every tab, as the exam's model keeps it) and `rightResponse`:
/// nil until the player picks a winner, then whether the server (`GET …/check?id=&winner=`)
/// said it was right.
///
/// Rules: nothing blocks (downloads and checks are async and supersede older ones); changing
/// the current match resets `rightResponse` and drops any check still in flight, so a late
/// answer for a previous match is ignored; a download that no longer has the current match
/// leaves the game screen; the score counts the distinct matches guessed right this session.
///
/// `Observable`: a view reading `matches`, `current`, `rightResponse`… is told of each change of
/// what it read.
@MainActor
public final class MatchesModel: Observable, SignalObservable {
    /// The matches server this model talks to.
    public let client: MatchesClient
    /// The list, the answers of the session and the list part of the snapshot.
    public let game = ListGame<MatchItem, Int>()
    private let currentID = State<Int?>(nil)
    private let checks = LatestRequest<MatchCheckReply>()

    /// What the Matches pages render.
    public let snapshot: Computed<MatchesSnapshot>
    /// The Matches snapshot as JSON, encoded once per change.
    public let snapshotJSON: Computed<Data>
    private let currentMatch: Computed<MatchItem?>
    private let rightResponseSignal: Computed<Bool?>
    let observation = SignalObservation<MatchesModel>()

    /// A model for the server behind `client`, empty until `download()`.
    public init(client: MatchesClient) {
        self.client = client
        let game = self.game
        let currentID = self.currentID
        snapshot = Computed {
            let list = game.snapshot.value
            let rightResponse = list.status.lastResult?.result
            var current = list.rows.first { $0.id == currentID.value }
            if rightResponse != nil, let id = current?.id {
                current?.details = game.list.items.value.first { $0.id == id }?.details
            }
            return MatchesSnapshot(game: list, selection: MatchSelection(current: current, rightResponse: rightResponse))
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        let items = game.list.items
        currentMatch = Computed { currentID.value.flatMap { id in items.value.first { $0.id == id } } }
        let last = game.last
        rightResponseSignal = Computed { last.value?.result }
    }

    /// The matches, in the server's order.
    public var matches: [MatchItem] { game.items }
    /// The match being played, or nil.
    public var current: MatchItem? { observed(currentMatch, \.current) }
    /// nil until the player picks a winner of the current match, then whether it was right.
    public var rightResponse: Bool? { observed(rightResponseSignal, \.rightResponse) }
    /// Distinct matches guessed right this session.
    public var score: Int { game.score }
    /// Whether a download is in flight.
    public var loading: Bool { game.loading }
    /// The last failure in Spanish, or nil.
    public var error: String? { game.error }

    /// Replaces the list with `GET …/partidos.json`; the current match stays if it is still there.
    public func download() async throws(ModelError) {
        let client = self.client
        try await game.list.download(alongside: leaveAMissingCurrentMatch) { () async throws(RemoteError) in
            try await client.list.download()
        }
    }

    /// Makes `id` the current match (nil: none, back to the list). A different match resets
    /// `rightResponse` and drops the check in flight; the same one changes nothing.
    public func select(id: Int?) throws(ModelError) {
        if let id { _ = try game.list.item(id) }
        guard id != currentID.value else { return }
        checks.supersede()
        batch {
            currentID.value = id
            game.clearLastResult()
        }
    }

    /// Asks the server whether `winner` (1 or 2) won match `id`, which becomes the current match
    /// if it was not. The answer sets `rightResponse` and, if right, counts for the score; if the
    /// current match changes before it arrives, it is ignored (`ModelError.conflict`).
    public func check(id: Int, winner: Int) async throws(ModelError) -> AnswerResult<Int> {
        let winner = try OneOrTwo.validated(winner)
        try select(id: id)
        let client = self.client
        guard let outcome = await checks.run(within: game.list.status.deadline, { () async throws(RemoteError) in try await client.check(id: id, winner: winner) })
        else { throw .conflict("Esta respuesta ya no cuenta: se ha cambiado de partido o se ha vuelto a responder.") }
        switch outcome {
        case .success(let reply):
            game.list.status.succeeded()
            return game.record(id: id, answer: winner, solution: reply.result ? winner : 3 - winner)
        case .failure(let error):
            game.list.status.show(.remote(error))
            throw .remote(error)
        }
    }

    /// Runs in the batch that shows a new list: a current match that is gone is left.
    private func leaveAMissingCurrentMatch() {
        guard let id = currentID.value, !game.list.items.value.contains(where: { $0.id == id }) else { return }
        currentID.value = nil
        game.clearLastResult()
    }
}
