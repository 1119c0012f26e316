import Foundation
import Testing
@testable import AdivinaApp

/// The Books exam's web API through the real server and the books stand-in.
@MainActor
struct BooksAPITests {
    @Test func startsWithTheBundledBooksAndTheirPictures() async throws {
        try await withApp { running in
            let state = try await running.loadedList("books")
            let books = rows(state, "books")
            #expect(books.count >= 15)
            #expect(state["score"] as? Int == 0)
            #expect(state["error"] is NSNull && state["lastResult"] is NSNull)
            for book in books {
                #expect(Set(book.keys) == ["id", "book", "question", "answer1", "answer2", "answeredRight"], "never the solution")
                for member in ["answer1", "answer2"] {
                    let photo = try #require((book[member] as? [String: Any])?["photo"] as? String)
                    let image = try await running.get(photo)
                    #expect(image.status == 200, "\(photo)")
                    #expect(image.headers["content-type"] == "image/svg+xml")
                }
            }
        }
    }

    @Test func answersGiveTheResultAndTheScoreCountsEachBookOnce() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList("books"), "books").first?["id"] as? Int)
            let first = try await running.post("/api/books/\(id)/answer", #"{"choice":1}"#)
            #expect(first.status == 200)
            let solution = try #require(first.json["solution"] as? Int)
            #expect(first.json["result"] as? Bool == (solution == 1))
            #expect(first.json["id"] as? Int == id && first.json["answer"] as? Int == 1 && first.json["sequence"] as? Int == 1)

            let right = try await running.post("/api/books/\(id)/answer", "{\"choice\":\(solution)}")
            #expect(right.json["result"] as? Bool == true)
            _ = try await running.post("/api/books/\(id)/answer", "{\"choice\":\(solution)}")
            let state = try await running.state("books") { ($0["lastResult"] as? [String: Any])?["sequence"] as? Int == 3 }
            #expect(state["score"] as? Int == 1)
            #expect(rows(state, "books").first { $0["id"] as? Int == id }?["answeredRight"] as? Bool == true)
        }
    }

    @Test func badAnswersAreRefusedInSpanish() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList("books"), "books").first?["id"] as? Int)
            let cases: [(String, String?, Int, String)] = [
                ("/api/books/999/answer", #"{"choice":1}"#, 404, "No hay ningún libro con id 999."),
                ("/api/books/x/answer", #"{"choice":1}"#, 400, "«x» no es un identificador válido."),
                ("/api/books/\(id)/answer", #"{"choice":3}"#, 400, "La opción 3 no existe: elige 1 o 2."),
                ("/api/books/\(id)/answer", #"{"choice":"1"}"#, 400, "El campo «choice» tiene un tipo incorrecto."),
                ("/api/books/\(id)/answer", "{}", 400, "Falta el campo «choice»."),
                ("/api/books/\(id)/answer", nil, 400, "Falta el cuerpo JSON de la petición."),
            ]
            for (path, body, status, message) in cases {
                let reply = try await running.post(path, body)
                #expect(reply.status == status, "\(path) \(body ?? "")")
                #expect(reply.error == message, "\(path) \(body ?? "")")
            }
            #expect(try await running.get("/api/books/state").json["lastResult"] is NSNull)
        }
    }

    @Test func anAnswerReachesEveryStream() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList("books"), "books").first?["id"] as? Int)
            let eventsURL = URL(string: "api/events?topics=books,quizzes", relativeTo: running.url)!
            let tabs = try (0..<2).map { _ in try EventStreamReader(url: eventsURL) }
            defer { tabs.forEach { $0.close() } }
            for tab in tabs {
                let opening = try #require(try await tab.event(named: "books"))
                #expect(Data(opening.data.utf8) == (try await running.get("/api/books/state")).body)
            }
            _ = try await running.post("/api/books/\(id)/answer", #"{"choice":2}"#)
            for tab in tabs {
                let update = try #require(try await tab.event(named: "books", number: 2))
                #expect((update.json["lastResult"] as? [String: Any])?["id"] as? Int == id)
            }
        }
    }

    @Test func theOutageSwitchShowsAnErrorAndKeepsTheBooks() async throws {
        try await withApp { running in
            let count = rows(try await running.loadedList("books"), "books").count
            #expect(try await running.put("/standin/books/control/outage?status=503").status == 200)
            let reload = try await running.post("/api/books/reload")
            #expect(reload.status == 502)
            #expect(reload.error == "El servidor ha fallado (error 503). Vuelve a intentarlo más tarde.")
            let failed = try await running.state("books") { $0["error"] is String }
            #expect(rows(failed, "books").count == count)
            #expect(try await running.delete("/standin/books/control/outage").status == 200)
            #expect(try await running.post("/api/books/reload").status == 200)
            _ = try await running.state("books") { $0["error"] is NSNull }
        }
    }

    @Test func booksURLPointsTheModelAtAnotherServer() async throws {
        try await withApp { other in
            try await withApp(["--books-url", other.url.absoluteString + "standin/books/"]) { running in
                _ = try await running.loadedList("books")
                _ = try await other.put("/standin/books/control/outage")
                #expect(try await running.post("/api/books/reload").status == 502, "the other server's outage shows here")
                #expect(try await running.get("/standin/books/").status == 200, "while this server's own stand-in works")
            }
        }
    }
}
