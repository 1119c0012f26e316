import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A service whose whole contract is `GET url` → a JSON array of items (the Books and Películas
/// exams' servers; the matches server's `partidos.json`).
public struct JSONListClient<Item: ListedItem>: Sendable {
    /// The list's address, used as it is (query included).
    public let url: URL
    /// What carries the request.
    public let transport: any HTTPTransport

    /// Makes a client for the list at `url`.
    public init(url: URL, transport: any HTTPTransport) {
        self.url = url
        self.transport = transport
    }

    /// `GET url`, accepting JSON.
    public func listRequest() -> URLRequest {
        ServiceRequest.make("GET", url: url)
    }

    /// The items that decode; the others are in `skipped`. Fails when there were items and
    /// none could be read.
    public func download() async throws(RemoteError) -> LenientList<Item> {
        try await transport.fetch(listRequest(), as: LenientList<Item>.self).requireReadableElements()
    }
}
