import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The queue that starts the tests' HTTP requests (see `URLSession.dataOffPool`).
private let requestStarter = DispatchQueue(label: "testsupport.requests")

extension URLSession {
    /// `data(for:)` without blocking Swift's cooperative pool.
    ///
    /// FoundationNetworking's `data(for:)` waits, on the calling thread, for the session's work
    /// queue (a `DispatchQueue.sync`), which is busy while libcurl serves the session's other
    /// transfers. The test process runs dozens of apps whose handlers share the pool's two
    /// threads with the tests' own requests: a stack taken in a 20-second stall of the
    /// in-process API tests had a pool thread waiting there. Here the task is made and resumed
    /// on a serial queue of the tests' own, and the caller only awaits its completion.
    public func dataOffPool(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            requestStarter.async {
                self.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }.resume()
            }
        }
    }

    /// `data(from:)` without blocking Swift's cooperative pool (see `dataOffPool(for:)`).
    public func dataOffPool(from url: URL) async throws -> (Data, URLResponse) {
        try await dataOffPool(for: URLRequest(url: url))
    }
}
