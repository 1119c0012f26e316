import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HTTPServer

/// Starts a real server on port 0 for one test and shuts it down afterwards.
func withServer<Result>(
    _ router: Router, configuration: HTTPServer.Configuration = .init(port: 0),
    _ body: (HTTPServer) async throws -> Result
) async throws -> Result {
    var configuration = configuration
    configuration.port = 0
    let server = try HTTPServer(configuration: configuration, router: router)
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

/// Waits for `condition` to hold, polling with a short pause, up to `timeout`.
func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// A URLSession without caching, for the tests' real HTTP requests.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
}()
