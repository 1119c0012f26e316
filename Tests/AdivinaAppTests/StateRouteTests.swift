import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// The `GET /api/<app>/state` routes, answered on the event loop (`APIRouter.state`): the same
/// bytes as the topic, the refusals of any player route (401, 429, a kicked player's 401), HEAD,
/// and an answer while the main actor is busy (they take no turn on it).
@MainActor
struct StateRouteTests {
    @Test func aPlayersStateIsTheirsAndTheRefusalsAreThePipelines() async throws {
        try await withClassroom { running, host, anyone in
            let (joined, ana) = try await anyone.join("Ana")
            let state = try await ana.get("/api/quizzes/state")
            #expect(state.status == 200)
            #expect(state.headers["content-type"] == "application/json")
            #expect(state.headers["cache-control"] == "no-store")
            #expect(state.json["score"] as? Int == 0)

            let head = try await ana.send("HEAD", "/api/quizzes/state")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers["content-length"] == String(state.body.count))

            let nobody = try await anyone.get("/api/quizzes/state")
            #expect(nobody.status == 401)
            #expect(nobody.error == "Únete primero a la clase con tu nombre.")
            let stale = ClassroomClient(base: running.url, cookie: "adivina_player=stale")
            #expect(try await stale.get("/api/trivia/state").status == 401)

            let id = try #require(joined.json["id"] as? Int)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(id)").status == 200)
            let kicked = try await ana.get("/api/quizzes/state")
            #expect(kicked.status == 401, "a kicked player's cookie stops working at once")
        }
    }

    @Test func statePollingCountsAgainstThePlayersRate() async throws {
        try await withClassroom { _, _, anyone in
            let (_, ana) = try await anyone.join("Ana")
            try await ana.expectRateLimited("/api/quizzes/state")
        }
    }

    @Test func theStateIsTheTopicsBytes() async throws {
        try await withApp { running in
            _ = try await running.loadedQuizzes()
            let reply = try await running.get("/api/quizzes/state")
            let topic = try #require(running.app.player).topics.quizzes
            #expect(reply.body == topic.snapshot)
        }
    }

    @Test(arguments: [false, true])
    func answersWhileTheMainActorIsBusy(classroom: Bool) async throws {
        try await withApp(classroom ? ["--classroom"] : []) { running in
            var cookie: String?
            if classroom { cookie = try await ClassroomClient(base: running.url).join("Ana").1.cookie }
            let client = ClassroomClient(base: running.url, cookie: cookie)
            let busy = Latch()
            let slept = Latch()
            // The request goes out from the pool while the main actor sleeps (it waits for no
            // turn on it: a route that did would answer only after the sleep).
            let reply = Task.detached { [client] () async throws -> (status: Int, duringTheSleep: Bool) in
                _ = await busy.wait(timeout: .seconds(30))
                let reply = try await client.get("/api/quizzes/state")
                return (reply.status, !slept.isOpen)
            }
            Task { @MainActor in
                busy.open()
                holdTheThread(seconds: 3)
                slept.open()
            }
            let answer = try await reply.value
            #expect(answer.status == 200)
            #expect(answer.duringTheSleep, "answered while the main actor was busy")
        }
    }
}

/// Keeps the calling thread busy (the main actor's, in the test above) without a suspension.
private func holdTheThread(seconds: Double) {
    Thread.sleep(forTimeInterval: seconds)
}
