import Foundation
import Testing
@testable import AdivinaApp

/// The Matches exam's current match through the real server: choosing it, the answer's
/// `rightResponse` and details, the reset on changing match, and the refusals.
@MainActor
struct MatchesAPITests {
    @Test func theCurrentMatchCarriesTheAnswerAndItsDetails() async throws {
        try await withApp { running in
            let ids = rows(try await running.loadedList("matches"), "matches").compactMap { $0["id"] as? Int }
            let (first, second) = (try #require(ids.first), try #require(ids.last))
            let put = try await running.put("/api/matches/current", "{\"id\":\(first)}")
            #expect(put.status == 200 && put.json["current"] as? Int == first)
            var state = try await running.state("matches") { ($0["current"] as? [String: Any])?["id"] as? Int == first }
            #expect(state["rightResponse"] is NSNull)
            #expect((state["current"] as? [String: Any])?["details"] is NSNull, "no details before the answer")

            let check = try await running.post("/api/matches/\(first)/check", #"{"winner":2}"#)
            #expect(check.status == 200)
            let right = try #require(check.json["result"] as? Bool)
            state = try await running.state("matches") { $0["rightResponse"] as? Bool == right }
            #expect((state["current"] as? [String: Any])?["details"] is String, "the details follow the answer")

            _ = try await running.put("/api/matches/current", "{\"id\":\(second)}")
            state = try await running.state("matches") { ($0["current"] as? [String: Any])?["id"] as? Int == second }
            #expect(state["rightResponse"] is NSNull && state["lastResult"] is NSNull, "a new match starts unanswered")
            #expect(try await running.put("/api/matches/current", #"{"id":null}"#).json["current"] is NSNull)
            _ = try await running.state("matches") { $0["current"] is NSNull }
        }
    }

    @Test func badRequestsAreRefusedInSpanish() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList("matches"), "matches").first?["id"] as? Int)
            let cases: [(String, String, String?, Int, String)] = [
                ("PUT", "/api/matches/current", #"{"id":999}"#, 404, "No hay ningún partido con id 999."),
                ("PUT", "/api/matches/current", "{}", 400, "Falta el campo «id»."),
                ("PUT", "/api/matches/current", #"{"id":"1"}"#, 400, "El campo «id» tiene un tipo incorrecto."),
                ("POST", "/api/matches/\(id)/check", #"{"winner":3}"#, 400, "La opción 3 no existe: elige 1 o 2."),
                ("POST", "/api/matches/\(id)/check", #"{"ganador":1}"#, 400, "Falta el campo «winner»."),
                ("POST", "/api/matches/999/check", #"{"winner":1}"#, 404, "No hay ningún partido con id 999."),
            ]
            for (method, path, body, status, message) in cases {
                let reply = try await running.request(method, path, body: body, base: running.url)
                #expect(reply.status == status, "\(method) \(path) \(body ?? "")")
                #expect(reply.error == message, "\(method) \(path) \(body ?? "")")
            }
            let state = try await running.get("/api/matches/state").json
            #expect(state["current"] is NSNull && state["lastResult"] is NSNull)
        }
    }

    @Test func aCheckDuringAnOutageFailsAndLeavesRightResponseUnset() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList("matches"), "matches").first?["id"] as? Int)
            _ = try await running.put("/standin/matches/control/outage?status=500")
            let check = try await running.post("/api/matches/\(id)/check", #"{"winner":1}"#)
            #expect(check.status == 502)
            #expect(check.error == "El servidor ha fallado (error 500). Vuelve a intentarlo más tarde.")
            let state = try await running.state("matches") { $0["error"] is String }
            #expect(state["rightResponse"] is NSNull)
            #expect((state["current"] as? [String: Any])?["id"] as? Int == id, "the match stays chosen")
        }
    }
}
