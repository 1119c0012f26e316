import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// The `GET /api/<app>/state` routes, answered on the event loop (`APIRouter.state`): the same
/// bytes as the topic, HEAD, the refusals in a class (403, 401, a kicked player's 401); and, with
/// a class player's `GET /api/classroom/round`, an answer while the main actor is busy (neither
/// takes a turn on it) and the player's rate.
@MainActor
struct StateRouteTests {
    @Test func aPlayersStateIsTheTopicsWithHead() async throws {
        try await withApp { running in
            _ = try await running.loadedQuizzes()
            let state = try await running.get("/api/quizzes/state")
            #expect(state.status == 200)
            #expect(state.headers["content-type"] == "application/json")
            #expect(state.headers["cache-control"] == "no-store")
            #expect(state.json["quizzes"] is [Any])

            let head = try await ClassroomClient(base: running.url).send("HEAD", "/api/quizzes/state")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers["content-length"] == String(state.body.count))
        }
    }

    /// In a class nobody has the local player's models (a class player has only the round,
    /// `ClassPlayer`): a player in class gets 403, anybody else 401, on the event loop as before.
    @Test func inAClassTheSingleAppsStatesAreNobodys() async throws {
        try await withClassroom { running, host, anyone in
            let (joined, ana) = try await anyone.join("Ana")
            let state = try await ana.get("/api/quizzes/state")
            #expect(state.status == 403)
            #expect(state.error == RouteAccess.onlyTheClass)

            let nobody = try await anyone.get("/api/quizzes/state")
            #expect(nobody.status == 401)
            #expect(nobody.error == "Únete primero a la clase con tu nombre.")
            let stale = ClassroomClient(base: running.url, cookie: "adivina_player=stale")
            #expect(try await stale.get("/api/trivia/state").status == 401)

            let id = try #require(joined.json["id"] as? Int)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(id)").status == 200)
            let kicked = try await ana.get("/api/classroom/round")
            #expect(kicked.status == 401, "a kicked player's cookie stops working at once")
        }
    }

    @Test func aClassPlayersRoundReadsCountAgainstTheirRate() async throws {
        try await withClassroom { _, _, anyone in
            let (_, ana) = try await anyone.join("Ana")
            try await ana.expectRateLimited("/api/classroom/round")
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
            let answered = DispatchSemaphore(value: 0)
            // The request goes out from the pool while the main actor is held until it is answered
            // (at most 120 s, a bound against a hang): a route that waited for a turn on the main actor could not answer.
            let reply = Task.detached { [client] () async throws -> Int in
                _ = await busy.wait(timeout: hangBound)
                let reply = try await client.get(classroom ? "/api/classroom/round" : "/api/quizzes/state")
                answered.signal()
                return reply.status
            }
            let heldUntilAnswered = await Task { @MainActor in
                busy.open()
                return holdTheThread(until: answered, atMost: 120)
            }.value
            #expect(try await reply.value == 200)
            #expect(heldUntilAnswered, "answered while the main actor was held")
        }
    }
}

/// Keeps the calling thread (the main actor's, in the test above) busy, without a suspension,
/// until `signal` is signalled or `seconds` have passed; whether it was signalled.
private func holdTheThread(until signal: DispatchSemaphore, atMost seconds: Double) -> Bool {
    signal.wait(timeout: .now() + seconds) == .success
}
