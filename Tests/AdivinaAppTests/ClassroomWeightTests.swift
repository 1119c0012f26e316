import Foundation
import Testing
@testable import AdivinaApp
@testable import Models

/// Nothing one device sends makes the class's public state heavy: an answer is at most 200
/// characters, the chart shows short texts, and the public state routes are limited per device.
@Suite("One device cannot blow up the class's public state")
@MainActor
struct ClassroomWeightTests {
    @Test func anAnswerOver200CharactersIsRefused() async throws {
        try await withClassroom { running, host, anyone in
            let ana = try await anyone.joined("Ana")
            _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"quizzes"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let ids = quizIDs(try await ana.get("/api/quizzes/state").json)
            let first = try #require(ids.first)
            let long = try await ana.post("/api/quizzes/\(first)/check", #"{"answer":"\#(String(repeating: "x", count: 201))"}"#)
            #expect(long.status == 400)
            #expect(long.error == "La respuesta puede tener como mucho 200 caracteres.")
            #expect(try await ana.get("/api/classroom/me").json["answered"] as? [Int] == [], "nothing was judged")
            let fits = try await ana.post("/api/quizzes/\(first)/check", #"{"answer":"\#(String(repeating: "é", count: 200))"}"#)
            #expect(fits.status == 200, "\(fits.error ?? "")")
        }
    }

    @Test func theChartsTextsAreShort() {
        let long = String(repeating: "ñ", count: 5_000)
        let chart = QuestionChart(question: 1, given: [(long, false), (long, false), ("París", true)], players: 3)
        #expect(chart.answers.map(\.text.count) == [QuestionChart.maxTextLength, 5])
        #expect(chart.answers.first?.text.hasSuffix("…") == true)
        let known = QuestionChart(question: 1, given: [], players: 1, correctAnswer: long)
        #expect(known.correctAnswer?.count == QuestionChart.maxTextLength)
    }

    @Test func thePublicStateRoutesAreLimitedPerDevice() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, _, _ in
            for path in ["/api/classroom/state", "/api/ranking/state"] {
                let script = ClassroomClient(base: running.url, headers: ["X-Forwarded-For": path.hasPrefix("/api/c") ? "10.0.0.7" : "10.0.0.8"])
                let replies = try await script.burst(path, count: 40)
                #expect(replies.count { $0.status == 200 } >= 20, "\(path): a burst of 20 is allowed")
                let refused = try #require(replies.first { $0.status == 429 }, "\(path): \(replies.map(\.status))")
                #expect(refused.error == "Demasiadas peticiones desde este dispositivo: espera un momento.")
            }
            // Another device, and the teacher's own machine (the projector), are not held back.
            #expect(try await ClassroomClient(base: running.url, headers: ["X-Forwarded-For": "10.0.0.9"]).get("/api/classroom/state").status == 200)
            let projector = try await ClassroomClient(base: running.url).burst("/api/classroom/state", count: 40)
            #expect(projector.allSatisfy { $0.status == 200 })
        }
    }
}
