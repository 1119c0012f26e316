import Foundation
import Testing
@testable import AdivinaApp

/// Bad input to the web API gets a 4xx with a Spanish `{"error"}`, never a crash.
@MainActor
struct APIRefusalTests {
    @Test func badRequestsAreRefusedInSpanish() async throws {
        let running = try RunningApp()
        defer { Task { await running.stop() } }
        let id = try #require(quizIDs(try await running.loadedQuizzes()).first)

        let cases: [(String, String, String?, Int, String)] = [
            ("POST", "/api/quizzes/999999/check", #"{"answer":"x"}"#, 404, "No hay ninguna pregunta con id 999999."),
            ("POST", "/api/quizzes/abc/check", #"{"answer":"x"}"#, 400, "«abc» no es un identificador válido."),
            ("POST", "/api/quizzes/\(id)/check", nil, 400, "Falta el cuerpo JSON de la petición."),
            ("POST", "/api/quizzes/\(id)/check", "{}", 400, "Falta el campo «answer»."),
            ("POST", "/api/quizzes/\(id)/check", #"{"answer":42}"#, 400, "El campo «answer» tiene un tipo incorrecto."),
            ("POST", "/api/quizzes/\(id)/check", #"{"answer":"x""#, 400, "El cuerpo de la petición no es JSON válido."),
            ("POST", "/api/quizzes/\(id)/check", #"["x"]"#, 400, "El cuerpo de la petición debe ser un objeto JSON."),
            ("PUT", "/api/quizzes/filter", #"{"onlyUnanswered":1}"#, 400, "El campo «onlyUnanswered» tiene un tipo incorrecto."),
            ("PUT", "/api/quizzes/999999/favourite", nil, 404, "No hay ninguna pregunta con id 999999."),
            ("GET", "/api/quizzes/999999/answer", nil, 404, "No hay ninguna pregunta con id 999999."),
            ("GET", "/api/nothing/here", nil, 404, "No existe esa ruta de la API."),
            ("GET", "/api/events?topics=quizzes,secret", nil, 400, "No existe el tema «secret»."),
            ("GET", "/api/events", nil, 400, "Indica los temas: /api/events?topics=quizzes,quiz"),
        ]
        for (method, path, body, status, message) in cases {
            let reply = try await running.request(method, path, body: body, base: running.url)
            #expect(reply.status == status, "\(method) \(path)")
            #expect(reply.error == message, "\(method) \(path)")
        }
    }

    @Test func bodyOverTheLimitIs413() async throws {
        let running = try RunningApp()
        defer { Task { await running.stop() } }
        let huge = "{\"answer\":\"" + String(repeating: "a", count: AppRoutes.bodyLimit) + "\"}"
        let reply = try await running.post("/api/quizzes/1/check", huge)
        #expect(reply.status == 413)
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        let running = try RunningApp()
        defer { Task { await running.stop() } }
        let reply = try await running.request("DELETE", "/api/quizzes/reload", base: running.url)
        #expect(reply.status == 405)
        #expect(reply.headers["allow"]?.contains("POST") == true)
    }
}
