import Foundation
import Synchronization

/// Keeps every classroom round's results (`RoundRecords`, in the `Store`) as `ClassroomRound`
/// reports them: the round's recorder; and the room's players (`ClassroomRoomRecords`) as
/// they join, come back, are released or removed (`keep(_:)`).
///
/// A round never waits for its records nor stops for them, and a join never waits for the
/// disk: a round's start is written at once (it is one per round and gives the id), the
/// players' changes, the answers and the end go to a serial queue of this store's own, off the
/// main actor, and are written in the order they came. Those that come while a write is waiting
/// are written together: a class answering (or joining) at once queues one write, not 300.
/// Reads (`read`) run on the same queue, after every write asked before.
///
/// Nothing acknowledged is lost to a disk that fails: a write that fails (the disk full, the
/// folder made read-only) keeps its answers and ends in memory, in order, and they are written
/// with the next write or the next try (every `retryInterval`), as soon as the disk allows.
/// The failure is said at once, in Spanish, naming the database (`report`, stderr by default),
/// and `problem` holds it until the records are written again, which is said too; `changed` is
/// called each time `problem` comes or goes (the room shows `hostProblem` on the host's page).
/// A round whose start cannot be written is refused (`roundStarted` throws): no round is
/// played unrecorded.
public final class RoundResultsStore: Sendable {
    /// The statements over the database.
    public let records: RoundRecords
    /// The room's players kept in the database (written through `keep(_:)`).
    public let room: ClassroomRoomRecords
    /// How long after a failed write the kept records are tried again.
    public static let retryInterval: DispatchTimeInterval = .seconds(2)
    private let queue = DispatchQueue(label: "adivina.round-results")
    /// Records not written yet (the players' changes, answers, and ends after them), and
    /// whether a write is queued.
    private let pending = Mutex(Pending())
    /// Why the last write failed (its cause, in words a teacher acts on), while records wait
    /// in memory; nil when all is written.
    private let failure = Mutex<String?>(nil)
    /// Called (on the store's queue) when `problem` comes or goes.
    private let changed: @Sendable (RoundResultsStore) -> Void
    /// Where a failure and the recovery are said (stderr; a test's own in tests).
    private let report: @Sendable (String) -> Void
    private let path: String

    fileprivate struct Pending {
        var players: [ClassroomRoomRecords.Change] = []
        var answers: [(answer: RoundAnswer, roundID: Int)] = []
        /// Each round's latest checkpoint and players' progress (a newer one replaces an older).
        var resume: [Int: Resume] = [:]
        var ends: [(roundID: Int, endedAt: Date, players: [RoundPlayer])] = []
        var queued = false

        var isEmpty: Bool { players.isEmpty && answers.isEmpty && resume.isEmpty && ends.isEmpty }
    }

    /// What a round in play needs to go on, waiting to be written.
    fileprivate struct Resume {
        var checkpoint: RoundCheckpoint?
        var progress: [Int: PlayerCheckpoint] = [:]

        /// `self` with `newer` written over it.
        func merged(with newer: Resume) -> Resume {
            Resume(checkpoint: newer.checkpoint ?? checkpoint, progress: progress.merging(newer.progress) { $1 })
        }
    }

    /// Results kept in `store`; failures go to `report` (stderr by default), and `changed` is
    /// called when `problem` comes or goes.
    public init(
        store: Store, report: @escaping @Sendable (String) -> Void = RoundResultsStore.standardError,
        changed: @escaping @Sendable (RoundResultsStore) -> Void = { _ in }
    ) {
        records = RoundRecords(store: store)
        room = ClassroomRoomRecords(store: store)
        path = store.path
        self.report = report
        self.changed = changed
    }

    /// Writes `message` and a newline on stderr.
    public static func standardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// What the terminal is told while records wait in memory for the disk, in Spanish and
    /// naming the database; nil when every record is written.
    public var problem: String? { failure.withLock { $0 }.map { Self.problem(cause: $0, path: path) } }

    /// What the host's page is told meanwhile (the room's state is public: no path, which the
    /// terminal gives); nil when every record is written.
    public var hostProblem: String? { failure.withLock { $0 }.map { Self.problem(cause: $0, path: nil) } }

    private static func problem(cause: String, path: String?) -> String {
        // A cause that ends its own sentence (a store error's message) gets no second full stop.
        let sentence = cause.hasSuffix(".") ? String(cause.dropLast()) : cause
        return "No se pueden guardar los resultados: \(sentence)\(path.map { " (\($0))" } ?? ""). Las respuestas se guardan "
            + "en memoria y se escribirán en cuanto se pueda: no cierres Adivina."
    }

    /// Whether records wait in memory to be written.
    public var hasUnwritten: Bool { pending.withLock { !$0.isEmpty } }

    // MARK: Reading

    /// Runs `body` with the records on the store's queue, once every write asked before is done.
    public func read<Value: Sendable>(_ body: @escaping @Sendable (RoundRecords) throws -> Value) async throws -> Value {
        let records = records
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(records) }) }
        }
    }

    /// Every round kept, the latest first.
    public func list() async throws -> [RoundSummary] {
        try await read { try $0.list() }
    }

    /// The report of round `id` (`unknownItem` if none).
    public func report(_ id: Int) async throws -> RoundReport {
        RoundReport(try await record(id))
    }

    /// Round `id` as kept (`unknownItem` if none).
    public func record(_ id: Int) async throws -> RoundRecord {
        guard let record = try await read({ try $0.record(id) }) else { throw ModelError.unknownItem(.round, id: id) }
        return record
    }

    /// Says a failed write once when it starts failing (the records wait).
    fileprivate func failed(_ error: StoreError) {
        let cause = Self.cause(of: error)
        let was = failure.withLock { failure in
            defer { failure = cause }
            return failure
        }
        if was == nil { report("adivina: " + Self.problem(cause: cause, path: path)) }
        if was != cause { changed(self) }
    }

    /// Says once that the records are written again.
    fileprivate func recovered() {
        let was = failure.withLock { failure in
            defer { failure = nil }
            return failure != nil
        }
        guard was else { return }
        report("adivina: los resultados vuelven a guardarse en \(path); no se ha perdido ninguna respuesta.")
        changed(self)
    }

    /// The cause of a failed write, in words a teacher acts on.
    static func cause(of error: StoreError) -> String {
        switch error {
        case .sqlite(let code, _) where code & 0xFF == 13: "el disco está lleno"
        case .sqlite(let code, _) where code & 0xFF == 8: "la carpeta de datos es de solo lectura"
        case .sqlite(let code, _) where code & 0xFF == 10: "el disco da un error de escritura"
        default: error.userMessage
        }
    }

    /// Writes what is pending (the players' changes, answers, then ends), on the queue; what
    /// fails is put back in front of what came meanwhile and tried again after `retryInterval`.
    fileprivate func writePending() {
        let taken = pending.withLock { pending in
            defer { pending = Pending() }
            return pending
        }
        do throws(StoreError) {
            if !taken.players.isEmpty { try room.apply(taken.players) }
        } catch {
            return putBack(taken, error)
        }
        do throws(StoreError) {
            if !taken.answers.isEmpty { try records.add(taken.answers) }
        } catch {
            return putBack(Pending(answers: taken.answers, resume: taken.resume, ends: taken.ends), error)
        }
        // After the answers they count: a checkpoint never says a question closed before its answers are kept.
        for (index, (roundID, resume)) in taken.resume.sorted(by: { $0.key < $1.key }).enumerated() {
            do throws(StoreError) {
                try records.keep(roundID, checkpoint: resume.checkpoint, progress: resume.progress)
            } catch {
                let unwritten = Dictionary(uniqueKeysWithValues: Array(taken.resume.sorted { $0.key < $1.key }[index...]))
                return putBack(Pending(resume: unwritten, ends: taken.ends), error)
            }
        }
        for (index, end) in taken.ends.enumerated() {
            do throws(StoreError) {
                try records.end(end.roundID, at: end.endedAt, players: end.players)
            } catch {
                return putBack(Pending(ends: Array(taken.ends[index...])), error)
            }
        }
        if !hasUnwritten { recovered() }
    }

    /// Puts `unwritten` back before what came meanwhile, says why, and tries again later.
    private func putBack(_ unwritten: Pending, _ error: StoreError) {
        failed(error)
        let retry = pending.withLock { pending in
            pending.players = unwritten.players + pending.players
            pending.answers = unwritten.answers + pending.answers
            pending.resume = unwritten.resume.merging(pending.resume) { $0.merged(with: $1) }
            pending.ends = unwritten.ends + pending.ends
            defer { pending.queued = true }
            return !pending.queued
        }
        if retry { queue.asyncAfter(deadline: .now() + Self.retryInterval) { self.writePending() } }
    }

    /// Queues a write of what is pending unless one is queued.
    fileprivate func queueWrite(_ add: (inout Pending) -> Void) {
        let queueIt = pending.withLock { pending in
            add(&pending)
            defer { pending.queued = true }
            return !pending.queued
        }
        if queueIt { queue.async { self.writePending() } }
    }
}

extension RoundResultsStore {
    /// Queues `change` to the room's kept players (after every change before it): the caller
    /// (the room's actor) never waits for the disk, and a disk that fails is said as for the
    /// answers (`problem`), the change kept to be written once it allows.
    public func keep(_ change: ClassroomRoomRecords.Change) {
        queueWrite { $0.players.append(change) }
    }
}

/// The round's recorder (declared apart so that only these calls are the main actor's).
extension RoundResultsStore: RoundRecorder {
    /// Keeps the round and its questions (after every write queued before) and returns its id;
    /// refuses the round (`unavailable`, in Spanish) when it cannot be written: a round that
    /// would record nothing is not played. Answers still waiting in memory stay there.
    public func roundStarted(_ start: RoundStart) throws(ModelError) -> Int {
        let records = records
        let result: Result<Int, StoreError> = queue.sync {
            do throws(StoreError) {
                return .success(try records.start(start))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let id):
            return id
        case .failure(let error):
            throw .unavailable("No se puede empezar la ronda: no se pueden guardar los resultados (\(Self.cause(of: error))). "
                + "Libera espacio en el disco o da permiso de escritura, y vuelve a intentarlo.")
        }
    }

    /// Queues the answer's write (with the others that come before it runs).
    public func answered(_ answer: RoundAnswer, inRound roundID: Int) {
        guard roundID > 0 else { return }
        queueWrite { $0.answers.append((answer, roundID)) }
    }

    /// Queues the end's write (after every answer).
    public func roundEnded(_ roundID: Int, at endedAt: Date, players: [RoundPlayer]) {
        guard roundID > 0 else { return }
        queueWrite { $0.ends.append((roundID, endedAt, players)) }
    }

    /// Queues what round `roundID` needs to go on (after every answer queued before; a newer
    /// checkpoint or player's progress replaces one still waiting).
    public func roundChanged(_ roundID: Int, checkpoint: RoundCheckpoint?, progress: [Int: PlayerCheckpoint]) {
        guard roundID > 0 else { return }
        let change = Resume(checkpoint: checkpoint, progress: progress)
        queueWrite { $0.resume[roundID] = $0.resume[roundID]?.merged(with: change) ?? change }
    }
}
