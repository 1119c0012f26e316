import Foundation
import Synchronization

/// Keeps every classroom round's results (`RoundRecords`, in the `Store`) as `ClassroomRound`
/// reports them: the round's recorder.
///
/// A round never waits for its records nor stops for them: a round's start is written at once
/// (it is one per round and gives the id), the answers and the end go to a serial queue of this
/// store's own, off the main actor. Answers that come while a write is waiting are written
/// together, in one transaction: a class answering at once queues one write, not 300. A write
/// that fails is said once on stderr (the round goes on; the results miss it: with a batch, every
/// answer of that batch, since it is one transaction). Reads (`read`) run on the same queue,
/// after every write asked before.
public final class RoundResultsStore: Sendable {
    /// The statements over the database.
    public let records: RoundRecords
    private let queue = DispatchQueue(label: "adivina.round-results")
    /// Answers not written yet, and whether a write of them is queued.
    private let pending = Mutex((answers: [(answer: RoundAnswer, roundID: Int)](), queued: false))
    /// Whether a failure was already said on stderr.
    private let reported = Mutex(false)
    /// Where a failure is said (stderr; a test's own in tests).
    private let report: @Sendable (String) -> Void

    /// Results kept in `store`; failures go to `report` (stderr by default).
    public init(store: Store, report: @escaping @Sendable (String) -> Void = RoundResultsStore.standardError) {
        records = RoundRecords(store: store)
        self.report = report
    }

    /// Writes `message` and a newline on stderr.
    public static func standardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

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

    /// Runs a write; a failure is said once and gives nil.
    fileprivate func keeping<Value>(_ write: () throws(StoreError) -> Value) -> Value? {
        do throws(StoreError) {
            return try write()
        } catch {
            let first = reported.withLock { reported in
                defer { reported = true }
                return !reported
            }
            if first {
                report("adivina: no se pueden guardar los resultados de la ronda (\(error.userMessage)); "
                    + "la ronda sigue, sus resultados quedarán incompletos. No se volverá a avisar.")
            }
            return nil
        }
    }
}

/// The round's recorder (declared apart so that only these calls are the main actor's).
extension RoundResultsStore: RoundRecorder {
    /// Keeps the round and its questions (after every write queued before); 0 if it can't.
    public func roundStarted(_ start: RoundStart) -> Int {
        let records = records
        return queue.sync {
            keeping { () throws(StoreError) in try records.start(start) } ?? 0
        }
    }

    /// Queues the answer's write (with the others that come before it runs).
    public func answered(_ answer: RoundAnswer, inRound roundID: Int) {
        guard roundID > 0 else { return }
        let queueWrite = pending.withLock { pending in
            pending.answers.append((answer, roundID))
            defer { pending.queued = true }
            return !pending.queued
        }
        guard queueWrite else { return }
        let records = records
        queue.async {
            // Taken when the write runs: answers that came meanwhile ride along; one that comes
            // after this queues the next write (before any read asked after it).
            let answers = self.pending.withLock { pending in
                defer { pending = ([], false) }
                return pending.answers
            }
            self.keeping { () throws(StoreError) in try records.add(answers) }
        }
    }

    /// Queues the end's write.
    public func roundEnded(_ roundID: Int, at endedAt: Date, players: [RoundPlayer]) {
        guard roundID > 0 else { return }
        let records = records
        queue.async { self.keeping { () throws(StoreError) in try records.end(roundID, at: endedAt, players: players) } }
    }
}
