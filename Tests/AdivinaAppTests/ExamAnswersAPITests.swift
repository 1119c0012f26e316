import Foundation
import Testing
@testable import AdivinaApp

/// Bad answers to the Books and Películas exams are refused in Spanish and change nothing.
@MainActor
struct ExamAnswersAPITests {
    @Test func badAnswersAreRefusedInSpanish() async throws {
        try await withApp { running in
            let book = try #require(rows(try await running.loadedList("books"), "books").first?["id"] as? Int)
            let movie = try #require(rows(try await running.loadedList("movies"), "movies").first?["id"] as? Int)
            let cases: [(String, String?, Int, String)] = [
                ("/api/books/999/answer", #"{"choice":1}"#, 404, "No hay ningún libro con id 999."),
                ("/api/books/x/answer", #"{"choice":1}"#, 400, "«x» no es un identificador válido."),
                ("/api/books/\(book)/answer", #"{"choice":3}"#, 400, "La opción 3 no existe: elige 1 o 2."),
                ("/api/books/\(book)/answer", #"{"choice":"1"}"#, 400, "El campo «choice» tiene un tipo incorrecto."),
                ("/api/books/\(book)/answer", "{}", 400, "Falta el campo «choice»."),
                ("/api/books/\(book)/answer", nil, 400, "Falta el cuerpo JSON de la petición."),
                ("/api/movies/4242/answer", #"{"answer":false}"#, 404, "No hay ninguna película con id 4242."),
                ("/api/movies/\(movie)/answer", #"{"answer":"sí"}"#, 400, "El campo «answer» tiene un tipo incorrecto."),
                ("/api/movies/\(movie)/answer", #"{"respuesta":true}"#, 400, "Falta el campo «answer»."),
            ]
            for (path, body, status, message) in cases {
                let reply = try await running.post(path, body)
                #expect(reply.status == status, "\(path) \(body ?? "")")
                #expect(reply.error == message, "\(path) \(body ?? "")")
            }
            for app in ["books", "movies"] {
                #expect(try await running.get("/api/\(app)/state").json["lastResult"] is NSNull)
            }
        }
    }
}
