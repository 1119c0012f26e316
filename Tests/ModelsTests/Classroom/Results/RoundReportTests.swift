import Foundation
import Testing

@testable import Models

@Suite("RoundReport: per-question stats and per-player totals of a kept round")
struct RoundReportTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func answer(_ player: Int, _ question: Int, _ text: String, right: Bool, points: Int = 0) -> RoundAnswer {
        RoundAnswer(playerID: player, name: "", question: question, answer: text, right: right, seconds: 1, points: points)
    }

    private func record(_ answers: [RoundAnswer], players: Int = 4, questions: Int = 2) -> RoundRecord {
        let names = ["Ana", "Bea", "Carla", "Dani", "Eva", "Fran", "Gael", "Hugo"]
        return RoundRecord(
            id: 3, game: .quizzes, setID: nil, startedAt: start, endedAt: nil,
            questions: (1...questions).map { "Pregunta \($0)" }.typed,
            players: (0..<players).map { RoundPlayer(id: $0 + 1, name: names[$0], score: 0) }, answers: answers)
    }

    @Test func percentRightIsOfEveryPlayerAndCountsAnswered() {
        let report = RoundReport(record([
            answer(1, 1, "París", right: true, points: 1), answer(2, 1, "Lyon", right: false), answer(3, 1, "parís", right: true, points: 1),
            answer(1, 2, "Roma", right: true, points: 1),
        ]))
        #expect(report.questions.map(\.number) == [1, 2])
        #expect(report.questions.map(\.question) == ["Pregunta 1", "Pregunta 2"])
        #expect(report.questions.map(\.answered) == [3, 1])
        #expect(report.questions.map(\.right) == [2, 1])
        #expect(report.questions.map(\.percentRight) == [50, 25], "of the 4 players, unanswered not right")
        #expect(RoundReport(record([answer(1, 1, "x", right: true)], players: 3, questions: 1)).questions.first?.percentRight == 33)
        #expect(RoundReport(record([], players: 0, questions: 1)).questions.first?.percentRight == 0)
    }

    @Test func wrongAnswersAreGroupedAsTheCheckComparesThemMostGivenFirst() {
        let report = RoundReport(record([
            answer(1, 1, " Lyon ", right: false), answer(2, 1, "LYON", right: false), answer(3, 1, "lyon", right: false),
            answer(4, 1, "Niza", right: false), answer(5, 1, "Marsella", right: false), answer(6, 1, "marsella ", right: false),
            answer(7, 1, "   ", right: false), answer(8, 1, "París", right: true),
        ], players: 8, questions: 1))
        let wrong = report.questions.first?.wrongAnswers
        #expect(wrong == [.init(text: "Lyon", count: 3, right: false), .init(text: "Marsella", count: 2, right: false), .init(text: "Niza", count: 1, right: false)])
        // Accents count, as in the check: «Lyón» is another answer.
        #expect(RoundReport.mostGiven(["Lyon", "Lyón"]).map(\.count) == [1, 1])
    }

    @Test func atMostSixWrongAnswersTiesInTheOrderFirstGiven() {
        let given = ["g", "f", "e", "d", "c", "b", "a", "a"]
        #expect(QuestionChart.maxAnswers == 6)
        #expect(RoundReport.mostGiven(given).map(\.text) == ["a", "g", "f", "e", "d", "c"])
    }

    @Test func playersAreTotalledMostPointsFirstThenRightAnswersThenName() {
        let report = RoundReport(record([
            answer(1, 1, "a", right: true, points: 500), answer(1, 2, "b", right: false),
            answer(2, 1, "a", right: true, points: 900), answer(2, 2, "c", right: false),
            answer(3, 1, "a", right: true, points: 200), answer(3, 2, "b", right: true, points: 300),
        ]))
        #expect(report.players.map(\.name) == ["Bea", "Carla", "Ana", "Dani"], "Carla ties Ana on points with more right")
        #expect(report.players.map(\.points) == [900, 500, 500, 0])
        #expect(report.players.map(\.right) == [1, 2, 1, 0])
        #expect(report.players.map(\.answered) == [2, 2, 2, 0])
        let tied = RoundReport(record([answer(2, 1, "a", right: true, points: 1), answer(1, 1, "a", right: true, points: 1)]))
        #expect(tied.players.map(\.name) == ["Ana", "Bea", "Carla", "Dani"])
    }

    @Test func theSummaryEncodesNullsAndISODates() throws {
        var kept = record([], players: 2)
        kept.setID = nil
        let json = try #require(String(data: try JSONEncoder().encode(kept.summary), encoding: .utf8))
        #expect(json.contains(#""set":null"#) && json.contains(#""endedAt":null"#))
        #expect(json.contains(#""startedAt":"2026-09-21T"#), "\(json)")
        #expect(json.contains(#""players":2"#) && json.contains(#""game":"quizzes""#))
        kept.setID = 4
        kept.endedAt = start.addingTimeInterval(61.5)
        let ended = try #require(String(data: try JSONEncoder().encode(kept.summary), encoding: .utf8))
        #expect(ended.contains(#""set":4"#) && ended.contains(":21.500Z\""), "\(ended)")
    }
}
