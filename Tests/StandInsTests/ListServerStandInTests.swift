import Foundation
import Testing
@testable import StandIns

/// The Books and Películas servers' contract as answered by the HTTP-free core.
@Suite struct ListServerStandInTests {
    func array(_ response: StandInResponse) throws -> [[String: Any]] {
        try #require(try jsonValue(response.body) as? [[String: Any]])
    }

    @Test func booksAreServedAtTheRootWithAbsoluteImagePaths() throws {
        let books = try ListServerStandIn.books(mountPath: "/standin/books/")
        let response = books.respond(method: "GET", path: "/", query: ["anything": "ignored"])
        #expect(response.status == 200)
        #expect(response.contentType == "application/json; charset=utf-8")
        let items = try array(response)
        #expect(items.count >= 15)
        #expect(Set(items.compactMap { $0["id"] as? Int }).count == items.count)
        for item in items {
            for member in ["answer1", "answer2"] {
                let photo = try #require((item[member] as? [String: Any])?["photo"] as? String)
                #expect(photo.hasPrefix("/standin/books/images/"))
                let image = books.respond(method: "GET", path: String(photo.dropFirst("/standin/books".count)), query: [:])
                #expect(image.status == 200, "\(photo)")
                #expect(image.contentType == "image/svg+xml")
            }
            #expect([1, 2].contains(item["solution"] as? Int))
        }
    }

    @Test func moviesAreServedAtMoviesJSON() throws {
        let movies = try ListServerStandIn.movies()
        let items = try array(movies.respond(method: "GET", path: "/movies.json", query: [:]))
        #expect(items.count >= 15)
        for item in items {
            let image = try #require(item["image"] as? String)
            #expect(image.hasPrefix("/standin/movies/images/"))
            #expect(movies.respond(method: "GET", path: String(image.dropFirst("/standin/movies".count)), query: [:]).status == 200)
            #expect(item["answer"] is Bool && item["question"] is String && item["name"] is String)
        }
        #expect(movies.respond(method: "GET", path: "/", query: [:]).status == 404)
    }

    @Test(arguments: [
        ("POST", "/"), ("PUT", "/"), ("GET", "/books.json"), ("GET", "/images/nothing.svg"),
        ("GET", "/images/../books.json"), ("GET", "/control/outage"), ("GET", "/images"),
    ])
    func otherRoutesAreNotFound(method: String, path: String) throws {
        let response = try ListServerStandIn.books().respond(method: method, path: path, query: [:])
        #expect(response.status == 404)
        #expect(try jsonValue(response.body) as? [String: String] == ["error": "Not found"])
    }

    @Test func anOutageFailsTheListButNotTheImages() throws {
        let books = try ListServerStandIn.books()
        #expect(books.respond(method: "PUT", path: "/control/outage", query: ["status": "500"]).status == 200)
        let down = books.respond(method: "GET", path: "/", query: [:])
        #expect(down.status == 500)
        #expect(try jsonValue(down.body) as? [String: String] == ["error": "The books server stand-in is down (simulated outage)"])
        #expect(books.respond(method: "GET", path: "/images/sancho.svg", query: [:]).status == 200)
        #expect(books.respond(method: "PUT", path: "/control/outage", query: ["status": "404"]).status == 400)
        #expect(books.respond(method: "DELETE", path: "/control/outage", query: [:]).status == 200)
        #expect(books.respond(method: "GET", path: "/", query: [:]).status == 200)
    }

    @Test func servesAnyCatalogKeepingItsShapeAndAbsoluteURLs() throws {
        let catalog = try ListCatalog(jsonData: Data(#"""
            [{"id":2,"image":"https://cdn.example/a.png","extra":[1,{"n":null}]},{"id":1,"image":"/own/b.svg"},
             {"id":3,"image":"p/c.svg"},{"id":2,"image":"dropped"},{"id":4}]
            """#.utf8))
        #expect(catalog.droppedDuplicateIDs == [2])
        let standIn = ListServerStandIn(
            service: "films", catalog: catalog, imageMembers: [["image"]], images: StandInImages(svgByPath: [:]),
            imageFolder: "p", mountPath: "m", listPath: "/list")
        let items = try array(standIn.respond(method: "GET", path: "/list", query: [:]))
        #expect(items.map { $0["image"] as? String } == ["https://cdn.example/a.png", "/own/b.svg", "/m/p/c.svg", nil])
        #expect(items.first?["extra"] as? [Any] != nil)
    }

    @Test(arguments: [
        (#"{"id":1}"#, ListCatalog.LoadError.notAnArray),
        (#"[{"id":"1"}]"#, .invalidItem(index: 0, reason: "no integer \"id\"")),
        (#"[{"id":1},2]"#, .invalidItem(index: 1, reason: "not a JSON object")),
    ])
    func refusesDataItCannotServe(json: String, error: ListCatalog.LoadError) {
        #expect(throws: error) { try ListCatalog(jsonData: Data(json.utf8)) }
    }
}
