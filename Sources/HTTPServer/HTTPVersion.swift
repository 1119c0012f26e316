/// The HTTP/1.x versions the server speaks; any other major version is answered with 505.
public enum HTTPVersion: String, Sendable, Hashable {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"
}
