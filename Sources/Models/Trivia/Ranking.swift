import Foundation
import Observation
import Signals

/// The trivia ranking: every saved score (name, score, date), kept in the `Store` across
/// restarts and listed by score, highest first (ties: the earlier save first). Shared by every
/// player: one table, one topic.
///
/// A name is trimmed (spaces, line breaks, control characters) and cut to `maxNameLength`
/// characters; an empty or blank name is refused with a Spanish message.
///
/// `Observable`: a view reading `entries` or `error` is told of each change of what it read.
@MainActor
public final class Ranking: Observable, SignalObservable {
    /// The longest name kept, in characters.
    public nonisolated static let maxNameLength = 30
    /// How many entries the page is sent (the best ones).
    public nonisolated static let shownEntries = 100

    private let store: RankingStore?
    private let entriesState = State<[RankingEntry]>([])
    private let errorState = State<String?>(nil)
    private var nextMemoryID: Int64 = 1

    /// The ranking page's snapshot.
    public let snapshot: Computed<RankingSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    let observation = SignalObservation<Ranking>()

    /// The ranking kept in `store` (read now), or only in memory when `store` is nil.
    public init(store: Store?) {
        self.store = store.map(RankingStore.init)
        let entries = entriesState
        let error = errorState
        let shown = Self.shownEntries
        snapshot = Computed {
            RankingSnapshot(
                entries: entries.value.prefix(shown).enumerated().map { RankingRow($1, position: $0 + 1) },
                total: entries.value.count, error: error.value)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        do {
            entriesState.value = try self.store?.entries() ?? []
        } catch {
            errorState.value = ModelError.store(error).userMessage
        }
    }

    /// Every entry, in ranking order.
    public var entries: [RankingEntry] { observed(entriesState, \.entries) }
    /// The last failure in Spanish, or nil.
    public var error: String? { observed(errorState, \.error) }

    /// Saves `score` under `name` (see `normalizedName(_:)`) and returns the entry as kept.
    @discardableResult
    public func save(name: String, score: Int, date: Date = Date()) throws(ModelError) -> RankingEntry {
        let name = try Self.normalizedName(name)
        guard score >= 0 else { throw .invalid("La puntuación no puede ser negativa.") }
        let entry: RankingEntry
        if let store {
            do {
                entry = try store.add(name: name, score: score, date: date)
            } catch {
                errorState.value = ModelError.store(error).userMessage
                throw .store(error)
            }
        } else {
            entry = RankingEntry(id: nextMemoryID, name: name, score: score, date: date)
            nextMemoryID += 1
        }
        batch {
            entriesState.update { entries in
                let place = entries.firstIndex { RankingEntry.ranksBefore(entry, $0) } ?? entries.endIndex
                entries.insert(entry, at: place)
            }
            errorState.value = nil
        }
        return entry
    }

    /// `name` trimmed of spaces, line breaks and control characters (inner runs of them become
    /// one space) and cut to `maxNameLength` characters; a name left empty is refused.
    public nonisolated static func normalizedName(_ name: String) throws(ModelError) -> String {
        let words = name.split { character in
            character.isWhitespace || character.unicodeScalars.allSatisfy { CharacterSet.controlCharacters.contains($0) }
        }
        let joined = words.joined(separator: " ")
        guard !joined.isEmpty else { throw .invalid("Escribe tu nombre para guardar la puntuación.") }
        return String(joined.prefix(maxNameLength)).trimmingCharacters(in: .whitespaces)
    }
}
