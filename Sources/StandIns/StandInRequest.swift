/// One request as a stand-in's pure core sees it: method, path below the mount point, decoded
/// query (first value of each name) and the `Host` the client used (to make absolute links).
public struct StandInRequest: Sendable, Equatable {
    /// `GET`, `PUT`… (HEAD arrives as GET).
    public var method: String
    /// The path below the mount point, starting with `/`.
    public var path: String
    /// The decoded query parameters.
    public var query: [String: String]
    /// The request's `Host` header (`127.0.0.1:8080`), if it had one.
    public var host: String?

    /// Makes a request.
    public init(method: String, path: String, query: [String: String] = [:], host: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.host = host
    }
}
