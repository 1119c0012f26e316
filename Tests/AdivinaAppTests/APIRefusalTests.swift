import Foundation
import HTTPServer
import Testing
@testable import AdivinaApp

/// Bad input to the web API gets a 4xx with a Spanish `{"error"}`, never a crash, even when the
/// HTTP server refuses it before a route runs; other paths keep the server's plain-text refusals.
@MainActor
struct APIRefusalTests {
    @Test func badRequestsAreRefusedInSpanish() async throws {
        try await withApp { running in
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
                ("GET", "/api/events?topics=round", nil, 400, "No existe el tema «round»."),
                ("GET", "/api/events", nil, 400, "Indica los temas: /api/events?topics=quizzes,quiz"),
            ]
            for (method, path, body, status, message) in cases {
                let reply = try await running.request(method, path, body: body, base: running.url)
                #expect(reply.status == status, "\(method) \(path)")
                #expect(reply.error == message, "\(method) \(path)")
            }
        }
    }

    @Test func bodyOverTheLimitIs413() async throws {
        try await withApp { running in
            let huge = "{\"answer\":\"" + String(repeating: "a", count: BodyLimit.quizAnswer) + "\"}"
            let reply = try await running.post("/api/quizzes/1/check", huge)
            #expect(reply.status == 413)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply.error == "La petición es demasiado grande.")
            #expect(reply.headers["connection"] == "close")
        }
    }

    @Test func aStaticFileIsOnlyToBeRead() async throws {
        try await withApp { running in
            for path in ["/", "/index.html"] {
                for method in ["POST", "PUT", "DELETE", "PATCH"] {
                    let reply = try await running.request(method, path, body: "{}", base: running.url)
                    #expect(reply.status == 405, "\(method) \(path)")
                    #expect(reply.headers["allow"] == "GET, HEAD", "\(method) \(path)")
                    #expect(String(decoding: reply.body, as: UTF8.self) == "405 Method Not Allowed\n")
                }
            }
            #expect(try await running.get("/index.html").status == 200)
            #expect(try await running.post("/missing.html").status == 404)
        }
    }

    @Test func pagesKeepTheServersPlainRefusals() async throws {
        try await withApp { running in
            // A page takes no body: refused unread, whatever its size.
            let huge = String(repeating: "a", count: (1 << 20) + 1)
            let refused = try await running.post("/", huge)
            #expect(refused.status == 405)
            #expect(refused.headers["content-type"] == "text/plain; charset=utf-8")
            #expect(String(decoding: refused.body, as: UTF8.self) == "405 Method Not Allowed\n")
            let notAFile = try await running.delete("/nothing.html")
            #expect(notAFile.status == 404)
            #expect(String(decoding: notAFile.body, as: UTF8.self) == "404 Not Found\n")
        }
    }

    @Test func serverRefusalsUnderTheAPIAreSpanishJSON() throws {
        let statuses = [400, 404, 405, 408, 413, 414, 417, 431, 501, 505]
        var messages: Set<String> = []
        for code in statuses {
            let context = HTTPErrorContext(status: HTTPStatus(code: code), path: "/api/quizzes/1/check", message: "English")
            let response = try #require(APIError.serverRefusal(context), "\(code)")
            #expect(response.status.code == code)
            #expect(response.headers["Content-Type"] == "application/json")
            let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]
            let message = try #require(json?["error"], "\(code)")
            #expect(message.hasSuffix(".") && message.first?.isUppercase == true, "\(code): \(message)")
            messages.insert(message)
        }
        #expect(messages.count == statuses.count, "each refusal says what went wrong")
        #expect(APIError.serverRefusal(HTTPErrorContext(status: .badRequest, path: "/api", message: "")) != nil)
        #expect(APIError.serverRefusal(HTTPErrorContext(status: .badRequest, path: "/apiary", message: "")) == nil)
        #expect(APIError.serverRefusal(HTTPErrorContext(status: .badRequest, path: "/", message: "")) == nil)
        #expect(APIError.serverRefusal(HTTPErrorContext(status: .badRequest, path: nil, message: "")) == nil)
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        try await withApp { running in
            let reply = try await running.request("DELETE", "/api/quizzes/reload", base: running.url)
            #expect(reply.status == 405)
            #expect(reply.headers["allow"]?.contains("POST") == true)
            #expect(reply.error == "Esa ruta de la API no admite este método.")
        }
    }
}
