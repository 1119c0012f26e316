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

/// A URLSession without caching, for the tests' real HTTP requests.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
}()

/// `withServer` with one raw client connected to it, for the tests that speak bytes to the server.
func withClient<Result>(
    _ router: Router, configuration: HTTPServer.Configuration = .init(port: 0),
    _ body: (RawClient) async throws -> Result
) async throws -> Result {
    try await withServer(router, configuration: configuration) { server in
        try await body(RawClient(port: server.port))
    }
}
