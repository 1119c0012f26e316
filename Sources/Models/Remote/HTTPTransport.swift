import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the whole body with the response head.
///
/// The models talk to remote services only through this, so tests can script the answers
/// (`ScriptedTransport` and `RoutedTransport`, in the `ModelsTesting` library) and the app can
/// use `URLSessionTransport`.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; any status is a success here (the caller interprets it), while failing
    /// to get a complete response is a `RemoteError` (`offline`, `timeout`, `cancelled`, `tooLarge`).
    func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse)
}
