// Hummingbird peer for Adivina's benchmarks/http-wrk.sh: the same JSON route and static file.
// Usage: HBBench PORT WEBROOT
import Foundation
import Hummingbird

struct Greeting: ResponseEncodable {
    let message: String
}

let port = Int(CommandLine.arguments[1])!
let webRoot = CommandLine.arguments[2]
let router = Router()
router.add(middleware: FileMiddleware(webRoot, searchForIndexHtml: false))
router.get("/json") { _, _ in Greeting(message: "Hello, World!") }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
