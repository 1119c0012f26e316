import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// `/api/events`: a snapshot per topic on connect, then one event per change, the same bytes as
/// `GET /api/<app>/state`, and replay after a reconnect with `Last-Event-ID`.
@MainActor
struct LiveUpdatesTests {
    @Test func connectGivesOneSnapshotPerTopic() async throws {
        try await withApp { running in
            _ = try await running.loadedQuizzes()
            let stream = try EventStreamReader(url: URL(string: "api/events?topics=quizzes,quiz", relativeTo: running.url)!)
            defer { stream.close() }
            let quizzes = try #require(try await stream.event(named: "quizzes"))
            let quiz = try #require(try await stream.event(named: "quiz"))
            #expect(quizzes.id != nil && quiz.id != nil)
            #expect(quizzes.json["score"] as? Int == 0)
            #expect(quiz.json.keys.contains("nomore"))
            let state = try await running.get("/api/quizzes/state")
            #expect(Data(quizzes.data.utf8) == state.body, "the stream and the state share the same bytes")
            #expect(state.headers["cache-control"] == "no-store")
        }
    }

    @Test func aRightAnswerReachesEveryStream() async throws {
        try await withApp { running in
            let id = try #require(quizIDs(try await running.loadedQuizzes()).first)
            let answer = try #require(try await running.get("/api/quizzes/\(id)/answer").json["answer"] as? String)
            let eventsURL = URL(string: "api/events?topics=quizzes", relativeTo: running.url)!
            let tabs = try (0..<3).map { _ in try EventStreamReader(url: eventsURL) }
            defer { tabs.forEach { $0.close() } }
            for tab in tabs { _ = try #require(try await tab.event(named: "quizzes")) }

            _ = try await running.post("/api/quizzes/\(id)/check", "{\"answer\":\"\(answer)\"}")
            for tab in tabs {
                let update = try #require(try await tab.event(named: "quizzes", number: 2))
                #expect(update.json["score"] as? Int == 1)
                #expect(update.json["record"] as? Int == 1)
            }
            // One check is one burst: exactly one more event. The next change's event comes next on
            // the same stream, so the third event is the filter's (no wait on the clock).
            _ = try await running.put("/api/quizzes/filter", #"{"onlyUnanswered":true}"#)
            let next = try #require(try await tabs[0].event(named: "quizzes", number: 3))
            #expect(next.json["onlyUnanswered"] as? Bool == true, "the check sent one event, not more")
        }
    }

    @Test func reconnectWithLastEventIDReplaysWhatWasMissed() async throws {
        try await withApp { running in
            _ = try await running.loadedQuizzes()
            let eventsURL = URL(string: "api/events?topics=quizzes", relativeTo: running.url)!
            let first = try EventStreamReader(url: eventsURL)
            let opening = try #require(try await first.event(named: "quizzes"))
            _ = try await running.put("/api/quizzes/filter", #"{"onlyUnanswered":true}"#)
            let seen = try #require(try await first.event(named: "quizzes", number: 2))
            first.close()

            _ = try await running.put("/api/quizzes/filter", #"{"onlyUnanswered":false}"#)
            _ = try await running.state("quizzes") { $0["onlyUnanswered"] as? Bool == false }
            let again = try EventStreamReader(url: eventsURL, lastEventID: seen.id)
            defer { again.close() }
            let missed = try #require(try await again.event(named: "quizzes"))
            #expect(missed.json["onlyUnanswered"] as? Bool == false)
            #expect(missed.id != seen.id && missed.id != opening.id)
        }
    }
}
