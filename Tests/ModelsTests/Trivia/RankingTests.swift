import Foundation
import Testing
import TestSupport

@testable import Models

@Suite("Ranking: order, names, persistence in the Store")
@MainActor
struct RankingTests {
    private let directory = TestFiles.scratch("adivina-ranking")

    private func moment(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    @Test func ordersByScoreDescendingAndTiesByTheEarlierSave() throws {
        let ranking = Ranking(store: nil)
        try ranking.save(name: "Bea", score: 5, date: moment(2))
        try ranking.save(name: "Ana", score: 8, date: moment(3))
        try ranking.save(name: "Carla", score: 5, date: moment(1))
        try ranking.save(name: "Dani", score: 0, date: moment(0))
        try ranking.save(name: "Eva", score: 5, date: moment(1))
        #expect(ranking.entries.map(\.name) == ["Ana", "Carla", "Eva", "Bea", "Dani"])
        let rows = ranking.snapshot.value.entries
        #expect(rows.map(\.position) == [1, 2, 3, 4, 5])
        #expect(rows.first?.date == "2027-01-15T08:00:03Z")
        #expect(ranking.snapshot.value.total == 5)
    }

    @Test(arguments: ["", " ", "\n\t ", "\u{0007}"])
    func refusesABlankName(name: String) {
        let ranking = Ranking(store: nil)
        #expect(throws: ModelError.invalid("Escribe tu nombre para guardar la puntuación.")) {
            try ranking.save(name: name, score: 3)
        }
        #expect(ranking.entries.isEmpty)
    }

    @Test func trimsAndLimitsNames() throws {
        #expect(try Ranking.normalizedName("  Ana  ") == "Ana")
        #expect(try Ranking.normalizedName("Ana\n  María\t") == "Ana María")
        #expect(try Ranking.normalizedName(String(repeating: "ñ", count: 80)) == String(repeating: "ñ", count: Ranking.maxNameLength))
        #expect(try Ranking.normalizedName("👩‍💻 Ana") == "👩‍💻 Ana")
        let cut = try Ranking.normalizedName(String(repeating: "a", count: Ranking.maxNameLength - 1) + " b")
        #expect(cut == String(repeating: "a", count: Ranking.maxNameLength - 1), "no trailing space after the cut")
    }

    @Test func refusesANegativeScore() {
        #expect(throws: ModelError.self) { try Ranking(store: nil).save(name: "Ana", score: -1) }
    }

    @Test func survivesReopeningTheStore() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let ranking = Ranking(store: try Store(directory: directory))
            try ranking.save(name: "Ana", score: 4, date: moment(1))
            try ranking.save(name: "Bea", score: 9, date: moment(2))
            try ranking.save(name: "Carla", score: 4, date: moment(0))
        }
        let reopened = Ranking(store: try Store(directory: directory))
        #expect(reopened.entries.map(\.name) == ["Bea", "Carla", "Ana"])
        #expect(reopened.entries.map(\.score) == [9, 4, 4])
        #expect(reopened.entries.last?.date == moment(1))
        #expect(reopened.error == nil)
        try reopened.save(name: "Dani", score: 10)
        #expect(Ranking(store: try Store(directory: directory)).entries.first?.name == "Dani")
    }

    @Test func snapshotShowsTheBestHundred() throws {
        let ranking = Ranking(store: nil)
        for score in 0..<120 { try ranking.save(name: "P\(score)", score: score, date: moment(Double(score))) }
        let snapshot = ranking.snapshot.value
        #expect(snapshot.entries.count == Ranking.shownEntries)
        #expect(snapshot.entries.first?.score == 119)
        #expect(snapshot.total == 120)
        let json = try JSONSerialization.jsonObject(with: Ranking(store: nil).snapshotJSON.value) as? [String: Any]
        #expect(json?["error"] is NSNull)
        #expect((json?["entries"] as? [Any])?.isEmpty == true)
    }
}
