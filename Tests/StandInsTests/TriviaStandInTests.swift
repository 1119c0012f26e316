import Foundation
import Testing

@testable import StandIns

@Suite("TriviaStandIn: random questions, amount, outage, unknown paths")
struct TriviaStandInTests {
    private let standIn: TriviaStandIn

    init() throws {
        standIn = try TriviaStandIn.bundled(mountPath: "/standin/trivia/")
    }

    private func questions(_ query: [String: String]) throws -> [[String: Any]] {
        let response = standIn.respond(to: StandInRequest(method: "GET", path: "/questions", query: query))
        #expect(response.status == 200)
        #expect(response.contentType.hasPrefix("application/json"))
        return try #require(try jsonValue(response.body) as? [[String: Any]])
    }

    @Test func bundlesAtLeastTwentyQuestions() {
        #expect(standIn.questionCount >= 20)
        #expect(standIn.mountPath == "/standin/trivia")
    }

    @Test func servesTenDistinctPlayableQuestionsByDefault() throws {
        let list = try questions([:])
        #expect(list.count == 10)
        #expect(Set(list.compactMap { $0["question"] as? String }).count == 10)
        for item in list {
            let answers = try #require(item["answers"] as? [String])
            let correct = try #require(item["correct"] as? Int)
            #expect(answers.count == 4)
            #expect((0..<4).contains(correct))
        }
    }

    @Test func drawsDifferentQuestionsEachTime() throws {
        let draws = try (0..<5).map { _ in try questions(["amount": "3"]).compactMap { $0["question"] as? String } }
        #expect(Set(draws).count > 1)
    }

    @Test func amountIsHonouredAndCappedByTheBank() throws {
        #expect(try questions(["amount": "1"]).count == 1)
        #expect(try questions(["amount": "50"]).count == standIn.questionCount)
    }

    @Test(arguments: ["0", "-1", "51", "diez", "", "2.5"])
    func refusesABadAmount(amount: String) throws {
        let response = standIn.respond(to: StandInRequest(method: "GET", path: "/questions", query: ["amount": amount]))
        #expect(response.status == 400)
        #expect((try jsonValue(response.body) as? [String: Any])?["error"] is String)
    }

    @Test func outageMakesQuestionsFailUntilLifted() throws {
        let down = standIn.respond(to: StandInRequest(method: "PUT", path: "/control/outage", query: ["status": "502"]))
        #expect(down.status == 200)
        #expect(standIn.respond(to: StandInRequest(method: "GET", path: "/questions")).status == 502)
        _ = standIn.respond(to: StandInRequest(method: "DELETE", path: "/control/outage"))
        #expect(standIn.respond(to: StandInRequest(method: "GET", path: "/questions")).status == 200)
    }

    @Test func unknownPathsAndMethodsAre404() {
        for (method, path) in [("GET", "/"), ("POST", "/questions"), ("GET", "/questions/1"), ("GET", "/control/outage")] {
            #expect(standIn.respond(to: StandInRequest(method: method, path: path)).status == 404, "\(method) \(path)")
        }
    }

    @Test func refusesABankWithAnUnplayableQuestion() {
        #expect(throws: (any Error).self) {
            try TriviaStandIn(jsonData: Data(#"[{"question":"q","answers":["a"],"correct":0}]"#.utf8), mountPath: "/t")
        }
    }
}
