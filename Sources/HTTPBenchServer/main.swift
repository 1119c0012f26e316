import Foundation
import HTTPServer
import Synchronization

// `HTTPBenchServer`: the server that benchmarks/http-wrk.sh, benchmarks/sse-fanout.py and
// ConnectionLeakTests drive. Not a product; build it with
// `swift build -c release --product HTTPBenchServer`.
//
//     HTTPBenchServer [--host H] [--port P] [--webroot DIR] [--loops N]
//
// Prints `HTTPBenchServer: http://HOST:PORT/` first, then serves until SIGINT/SIGTERM:
//   GET  /json            {"message":"Hello, World!"}, encoded per request (as the peers do)
//   GET  /<file>          static files under --webroot (when given)
//   GET  /events          an event stream on topic "bench"
//   POST /broadcast       publishes the request body as one event to every stream (?burst=K:
//                         after K - 1 filler events published back to back)
//   GET  /stats           open connections and streams, file descriptors, resident bytes

/// The JSON route's value.
struct Greeting: Encodable {
    let message: String
}

var host = "127.0.0.1"
var port = 8090
var webRoot: String?
var loops = 1
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("HTTPBenchServer: \(flag) needs a value\n".utf8))
        exit(64)
    }
    switch flag {
    case "--host": host = value
    case "--port": port = Int(value) ?? port
    case "--webroot": webRoot = value
    case "--loops": loops = Int(value) ?? loops
    default:
        FileHandle.standardError.write(Data("usage: HTTPBenchServer [--host H] [--port P] [--webroot DIR] [--loops N]\n".utf8))
        exit(64)
    }
}

let hub = SSEHub()
hub.setSnapshotProvider { topic in (event: topic, data: "{\"connected\":true}") }
let runningServer = Mutex<HTTPServer?>(nil)

var router = Router()
router.get("/json") { _ in try .json(Greeting(message: "Hello, World!")) }
router.get("/events") { request in hub.streamResponse(for: request, topics: ["bench"]) }
router.post("/broadcast") { request in
    // `?burst=K`: K - 1 events of filler published back to back before the body's (a burst).
    for _ in 1..<max(1, Int(request.query("burst") ?? "") ?? 1) { hub.publish(topic: "bench", data: "burst") }
    let id = hub.publish(topic: "bench", data: request.body)
    return .json(encoded: Array("{\"id\":\(id)}".utf8))
}
router.get("/stats") { _ in
    let counts = runningServer.withLock { server in (server?.openConnections ?? 0, server?.openEventStreams ?? 0) }
    let resources = ProcessResources.current()
    return .json(encoded: Array("""
        {"openConnections":\(counts.0),"openEventStreams":\(counts.1),\
        "fileDescriptors":\(resources.fileDescriptors),"residentBytes":\(resources.residentBytes)}
        """.utf8))
}
if let webRoot {
    do {
        router.serveFiles(try StaticFiles(root: webRoot))
    } catch {
        FileHandle.standardError.write(Data("HTTPBenchServer: \(error)\n".utf8))
        exit(66)
    }
}

let server: HTTPServer
do {
    server = try HTTPServer(configuration: .init(host: host, port: port, backlog: 4096, eventLoops: loops), router: router)
} catch {
    FileHandle.standardError.write(Data("HTTPBenchServer: \(error)\n".utf8))
    exit(1)
}
runningServer.withLock { $0 = server }
server.shutdownOnTerminationSignals()
FileHandle.standardOutput.write(Data("HTTPBenchServer: http://\(host):\(server.port)/\n".utf8))
await server.waitUntilStopped()
exit(0)
